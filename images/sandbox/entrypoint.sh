#!/bin/bash
# Runs inside the sandbox: start the relay to the gateway socket, then claude with the given
# arguments. The container has no network; 127.0.0.1:8080 -> /run/gw/gw.sock is its only exit.
set -u
socat TCP-LISTEN:8080,bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:/run/gw/gw.sock 2>/dev/null &
# claude backs off for seconds on a refused connection; wait the few ms socat needs instead.
for _ in $(seq 1 200); do
    (exec 3<>/dev/tcp/127.0.0.1/8080) 2>/dev/null && break
    sleep 0.01
done
cd /work
exec claude "$@"
