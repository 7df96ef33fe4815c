#!/usr/bin/env bash
# Install Debian's Prometheus server binary for the metrics test (which starts its own
# instance on a free loopback port and stops it). The package's own service is kept from
# starting: nothing should listen on :9090 because a test needed the binary.
set -euo pipefail
command -v prometheus >/dev/null 2>&1 && exit 0
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
printf '[ensure-prometheus] installing prometheus (Debian package, service not started)\n' >&2
created=""
if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | as_root tee /usr/sbin/policy-rc.d >/dev/null
    as_root chmod +x /usr/sbin/policy-rc.d
    created=1
fi
as_root apt-get update -q >/dev/null
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    prometheus >/dev/null
[ -n "$created" ] && as_root rm -f /usr/sbin/policy-rc.d
command -v prometheus >/dev/null
