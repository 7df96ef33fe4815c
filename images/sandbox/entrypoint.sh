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
# Started ahead of its turn (the runner prefetches trials): wait at the start gate, a Unix
# socket the host answers "go" on once this session has a slot, so container start-up overlaps
# other sessions. (A socket, not a FIFO: gVisor refuses to open host FIFOs.)
if [ -n "${SKILL_EVAL_GATE:-}" ]; then
    word="$(socat -u "UNIX-CONNECT:$SKILL_EVAL_GATE" STDOUT 2>/dev/null)" || word=""
    [ "$word" = go ] || exit 75  # closed without a go: the host gave this session up
    unset SKILL_EVAL_GATE
fi
cd /work
exec claude "$@"
