#!/usr/bin/env bash
# Build the sandbox image. Works with or without an image registry:
#   - registry reachable: FROM debian:bookworm-slim, packages from apt
#   - no registry:        debootstrap a minbase bookworm from the apt mirror this machine uses,
#                         `docker import` it, and build FROM that
# The claude binary comes from the pinned claude-agent-sdk wheel on PyPI.
#
# usage: images/build.sh [IMAGE]   (default: skill-eval-sandbox:latest)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
image="${1:-${SKILL_EVAL_IMAGE:-skill-eval-sandbox:latest}}"
sdk_version="$(cat "$here/CLAUDE_SDK_VERSION")"
base_local="skill-eval-base:bookworm"
cache="${SKILL_EVAL_CACHE:-$HOME/.cache/skill-eval}"
python="${PYTHON:-python3}"
mkdir -p "$cache"

log() { printf '[images/build] %s\n' "$*" >&2; }

# 1. the claude binary, extracted from the wheel once per version
claude_bin="$cache/claude-$sdk_version"
if [ ! -x "$claude_bin" ]; then
    log "downloading claude-agent-sdk==$sdk_version (carries the claude binary)"
    tmp="$(mktemp -d)"
    "$python" -m pip download -q --no-deps --only-binary=:all: \
        --platform manylinux_2_17_x86_64 -d "$tmp" "claude-agent-sdk==$sdk_version"
    "$python" - "$tmp" "$claude_bin" <<'PY'
import pathlib, shutil, sys, zipfile
src, dst = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
wheel = next(src.glob("claude_agent_sdk-*.whl"))
with zipfile.ZipFile(wheel) as z, z.open("claude_agent_sdk/_bundled/claude") as f:
    tmp = dst.with_suffix(".part")
    with open(tmp, "wb") as out:
        shutil.copyfileobj(f, out)
    tmp.chmod(0o755)
    tmp.rename(dst)
PY
    rm -rf "$tmp"
fi

# 2. the base image
base="debian:bookworm-slim"
if [ -n "${SKILL_EVAL_BASE:-}" ]; then
    base="$SKILL_EVAL_BASE"
elif docker image inspect "$base" >/dev/null 2>&1; then
    :
elif docker image inspect "$base_local" >/dev/null 2>&1; then
    base="$base_local"
elif timeout 60 docker pull -q "$base" >/dev/null 2>&1; then
    :
else
    log "no registry: building $base_local with debootstrap (about a minute)"
    command -v debootstrap >/dev/null || {
        apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap; }
    mirror="${DEBIAN_MIRROR:-}"
    if [ -z "$mirror" ]; then
        mirror="$(grep -rhoE '^(URIs:|deb) +https?://[^ ]+/debian/?' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null \
            | grep -oE 'https?://[^ ]+' | grep -v security | head -n1 || true)"
    fi
    mirror="${mirror:-http://deb.debian.org/debian}"
    root="$(mktemp -d)"
    debootstrap --variant=minbase \
        --include=bash,coreutils,git,python3,ripgrep,socat,ca-certificates,procps \
        bookworm "$root" "$mirror" >"$cache/debootstrap.log" 2>&1 \
        || { log "debootstrap failed, see $cache/debootstrap.log"; exit 1; }
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    tar -C "$root" -c . | docker import - "$base_local" >/dev/null
    rm -rf "$root"
    base="$base_local"
fi

# 3. the sandbox image
ctx="$(mktemp -d)"
trap 'rm -rf "$ctx"' EXIT
cp "$here/sandbox/Dockerfile" "$here/sandbox/entrypoint.sh" "$ctx/"
ln "$claude_bin" "$ctx/claude" 2>/dev/null || cp "$claude_bin" "$ctx/claude"
log "building $image from $base"
# The digest of the image sources lets `make image` tell a stale image from a current one.
src_digest="$(cat "$here"/sandbox/* | sha256sum | cut -c1-16)"
docker build -q --build-arg "BASE=$base" \
    --label "skill-eval.claude-sdk=$sdk_version" --label "skill-eval.image-digest=$src_digest" \
    -t "$image" "$ctx" >/dev/null
log "built $image ($(docker run --rm --network none "$image" --version 2>/dev/null || echo 'version unknown'))"
