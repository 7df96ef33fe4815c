"""Ray workers started while the plan is made, so a pass's first trials do not wait for them.

A fresh Ray worker costs about a second before it runs anything (a Python process, Ray's
own start, then the trial's imports), and every pass used to pay it at its start. `prestart`
joins (or starts) Ray as soon as the cheap checks have passed and hands it a few warm-up
tasks of the trials' own shape (same runtime environment, same `sandbox` share): each starts
a worker and imports what a trial imports, then lingers a moment so that several workers
start, not one. The plan, the sandbox check and the store's checks then run while they do.
Measured in bench/overhead.py (pass start -> first session).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from runner.schema.options import PassSettings

log = logging.getLogger(__name__)
WARM_MAX = 8            # workers started ahead at most
WARM_LINGER_S = 0.0     # each warm-up task holds its worker this long
_pending: list[Any] = []  # warm-up refs, kept so nothing collects them early


def warm_up(linger_s: float) -> None:
    """Runs on a worker: import what a trial imports, then hold the worker a moment."""
    import runner.gateway.server  # noqa: F401
    import runner.trial.template  # noqa: F401

    time.sleep(linger_s)


def prestart(settings: PassSettings, env: dict[str, str] | None = None) -> int:
    """Start Ray and `concurrency + prefetch` warm workers (at most WARM_MAX) without waiting
    for them; the number asked for. Never fails the run: a cluster that cannot be joined is
    reported by the pass's own checks."""
    if settings.executor != "ray":
        return 0
    from runner.driver.executor import ensure_ray, trial_options
    from runner.driver.preflight import check_ray_address

    try:
        import ray

        # a cluster that does not answer would hold ray.init for minutes: the pass's own
        # check refuses it in seconds, so warm nothing
        check_ray_address(settings.ray_address)
        ensure_ray(settings.ray_address)
        count = min(WARM_MAX, settings.concurrency + settings.ahead)
        share = settings.concurrency / (settings.concurrency + settings.ahead)
        task = ray.remote(warm_up).options(**trial_options(share, env, retries=0))
        del _pending[:]
        _pending.extend(task.remote(WARM_LINGER_S) for _ in range(count))
        return count
    except Exception as exc:  # noqa: BLE001 - an optimisation: the pass reports real trouble
        log.info("no warm workers: %s", exc)
        return 0
