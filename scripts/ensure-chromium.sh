#!/usr/bin/env bash
# Install Debian's chromium for the viewer tests (headless: they load `skill-eval view` and an
# --html export and check what a person would see, and that nothing in a trial executes).
set -euo pipefail
command -v chromium >/dev/null 2>&1 && exit 0
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
printf '[ensure-chromium] installing chromium (Debian package)\n' >&2
as_root apt-get update -q >/dev/null
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    chromium >/dev/null
command -v chromium >/dev/null
