#!/usr/bin/env bash
# Register gVisor (`runsc`, Debian package) as a Docker runtime for `--runtime runsc`.
# Runtime args as measured on these machines: the sandbox has no network of its own and may
# connect to the bind-mounted gateway socket. Idempotent.
set -euo pipefail
log() { printf '[ensure-gvisor] %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v runsc >/dev/null 2>&1; then
    log "installing runsc (Debian package)"
    as_root apt-get update -q >/dev/null
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q runsc >/dev/null
fi
runsc_path="$(command -v runsc)"
if ! docker info --format '{{json .Runtimes}}' | grep -q '"runsc"'; then
    log "registering runsc with Docker (/etc/docker/daemon.json)"
    as_root python3 - "$runsc_path" <<'PY'
import json, pathlib, sys
path = pathlib.Path("/etc/docker/daemon.json")
config = json.loads(path.read_text()) if path.exists() and path.read_text().strip() else {}
config.setdefault("runtimes", {})["runsc"] = {
    "path": sys.argv[1], "runtimeArgs": ["--network=none", "--host-uds=open"]}
path.parent.mkdir(parents=True, exist_ok=True)
path.write_text(json.dumps(config, indent=2) + "\n")
PY
    # dockerd reloads its runtimes on SIGHUP, no restart (running containers are untouched)
    as_root pkill -HUP -x dockerd
    for _ in $(seq 1 20); do
        docker info --format '{{json .Runtimes}}' | grep -q '"runsc"' && break
        sleep 0.5
    done
fi
docker info --format '{{json .Runtimes}}' | grep -q '"runsc"' \
    || { log "runsc did not register"; exit 1; }
log "runsc registered ($("$runsc_path" --version 2>/dev/null | head -n1))"
