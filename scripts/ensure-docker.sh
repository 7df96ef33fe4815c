#!/usr/bin/env bash
# Make sure a Docker engine answers. On a fresh Debian machine: install docker.io and start
# dockerd in the background (no systemd needed). Idempotent; prints what it did.
set -euo pipefail
log() { printf '[ensure-docker] %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if docker info >/dev/null 2>&1; then
    exit 0
fi
if ! command -v dockerd >/dev/null 2>&1; then
    log "installing docker.io (Debian package)"
    as_root apt-get update -q >/dev/null
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q docker.io >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
    log "starting dockerd in the background (log: /var/log/skill-eval-dockerd.log)"
    as_root sh -c 'nohup dockerd >/var/log/skill-eval-dockerd.log 2>&1 &'
    for _ in $(seq 1 60); do
        docker info >/dev/null 2>&1 && break
        sleep 1
    done
fi
docker info >/dev/null 2>&1 || { log "Docker engine did not come up; see /var/log/skill-eval-dockerd.log"; exit 1; }
log "Docker engine $(docker version --format '{{.Server.Version}}') is up"
