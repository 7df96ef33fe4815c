"""One scheduling pass: every trial of one or more plans under one concurrency limit, one
ledger, one executor and one set of leases. `run_eval` and `run_batch` both come here."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

from runner.authoring.bundles import publish
from runner.costs.estimate import estimate_usd
from runner.driver import signals
from runner.driver.control import Progress, RunControl
from runner.driver.executor import Cleanup, Executor, open_executor
from runner.driver.lease import leases
from runner.driver.metrics import RunMetrics, touch_arms
from runner.driver.scheduler import execute, finished
from runner.errors import RefusedInput, SkillLeak
from runner.gateway.credentials import read_credential
from runner.judging.ties import Tie, judge_ties, pending_ties
from runner.logs import run_log
from runner.pacing.governor import Governor, GovernorGuard, find_governor, start_governor
from runner.pacing.ledger import start_ledger
from runner.schema.options import PassSettings
from runner.schema.plan import Plan
from runner.schema.trial import TrialResult, TrialSpec
from runner.scripted.script import load_script
from runner.scripted.server import ScriptedEndpoint
from runner.store.base import Store
from runner.store.keys import RunKeys

log = logging.getLogger(__name__)


def check_budget(cap_usd: float | None, force: bool, pending: list[TrialSpec],
                 spent_usd: float) -> None:
    if cap_usd is None or force:
        return
    estimate = sum(estimate_usd(t.model, 1) for t in pending)
    if spent_usd + estimate > cap_usd:
        already = f" on top of ${spent_usd:.2f} already spent" if spent_usd else ""
        raise RefusedInput(
            f"estimated cost ${estimate:.2f} for {len(pending)} session(s){already} exceeds "
            f"--max-budget-usd {cap_usd:g}; raise the cap, run fewer cases "
            "(--case, --k), or pass --force to run until the cap stops it")


def forwarded(settings: PassSettings) -> dict[str, str] | None:
    """The credential the driver sends its trials (--forward-credentials), as variables."""
    if not settings.forward_credentials:
        return None
    credential = read_credential()
    return credential.env() if credential is not None else None


def spent_by(results: list[TrialResult]) -> float:
    """Metered dollars of finished trials (sessions and their grading): what a resumed run has
    already spent."""
    return sum(r.usage.cost_usd for r in results if r.usage is not None) + sum(
        s.cost_usd or 0.0 for r in results for s in r.scores.values())


@contextlib.contextmanager
def _upstream(model_script: Path | None, default: str,
              unmatched: list[tuple[int, str | None]]) -> Iterator[str]:
    if model_script is None:
        yield default
        return
    endpoint = ScriptedEndpoint(load_script(model_script))
    with endpoint as url:
        try:
            yield url
        finally:
            model = endpoint.model
            unmatched.append((model.unmatched, model.first_unmatched))


class PassResult:
    def __init__(self, results: list[TrialResult], stopped: str | None,
                 cleanup: Cleanup | None, unmatched: tuple[int, str | None] = (0, None),
                 ran: bool = True) -> None:
        self.results, self.stopped, self.cleanup = results, stopped, cleanup
        self.unmatched = unmatched
        self.ran = ran  # False: every trial was already done, nothing was scheduled


def run_pass(control_id: str, plans: list[Plan], store: Store, settings: PassSettings,
             console: Console, done: dict[str, TrialResult] | None = None) -> PassResult:
    """Schedule every trial of every plan in one bounded pass under one ledger."""
    trials = [t for p in plans for t in p.trials]
    run_ids = [control_id, *(p.run_id for p in plans)]
    done = finished(trials, store) if done is None else done
    # Refused before anything is written: nothing stored, nothing spent.
    check_budget(settings.max_budget_usd, settings.force,
                 [t for t in trials if t.trial_id not in done], spent_by(list(done.values())))
    with leases(store, run_ids, settings.wait), \
            run_log(store, [RunKeys(r).log for r in dict.fromkeys(run_ids)]):
        if settings.wait:  # the driver we waited for may have finished some trials
            done = finished(trials, store)
        pending = [t for t in trials if t.trial_id not in done]
        spent = spent_by(list(done.values()))
        log.info("pass %s: %d trial(s), %d already done, %d to run", control_id, len(trials),
                 len(done), len(pending))
        for plan in plans:
            # the first driver's record stands: a resume keeps its creation time
            store.put_if_absent(RunKeys(plan.run_id).plan,
                                plan.model_dump_json(indent=1).encode())
            for data in plan.bundles.values():
                publish(store, plan.run_id, data)
        store.delete(RunKeys(control_id).stop_flag)  # a resumed run starts un-stopped
        return _schedule(control_id, plans, trials, store, settings, console, done, spent)


def _schedule(control_id: str, plans: list[Plan], trials: list[TrialSpec], store: Store,
              settings: PassSettings, console: Console, done: dict[str, TrialResult],
              spent: float) -> PassResult:
    if all(t.trial_id in done for t in trials):
        # Everything was done before: no executor, no Ray start-up, nothing to clean.
        log.info("pass %s: every trial already done", control_id)
        results = [done[t.trial_id] for t in trials]
        _refuse_leaks([r for r in results if r.leak])
        pending = pending_ties(plans, results, store)
        if not pending:
            return PassResult(results, None, None, ran=False)
        judged: list[tuple[int, str | None]] = []  # a judge left to finish may still ask
        with _upstream(settings.model_script, trials[0].upstream_url, judged) as upstream:
            stopped = _judge(control_id, pending, results, store, settings, upstream)
        ran = bool(judged and judged[0][0])
        return PassResult(results, stopped, None, judged[0] if ran else (0, None), ran=ran)
    metrics = RunMetrics(control_id, settings.max_budget_usd)
    touch_arms(metrics, sorted({a for p in plans for a in p.arms}))
    metrics.planned(trials)
    if settings.metrics_port is not None:
        metrics.serve(settings.metrics_port, settings.metrics_host)
        console.print(f"metrics at http://{settings.metrics_host}:{settings.metrics_port}"
                      "/metrics", markup=False)
    in_process = settings.executor == "inprocess"
    unmatched: list[tuple[int, str | None]] = []
    ledger = None
    governor: Governor | None = None
    cleanup: Cleanup | None = None
    try:
        with _upstream(settings.model_script, trials[0].upstream_url, unmatched) as upstream:
            trials = [t.model_copy(update={"upstream_url": upstream,
                                           "ledger": settings.max_budget_usd is not None,
                                           "governor": settings.governor,
                                           "ledger_id": control_id,
                                           "session_slots": settings.concurrency
                                           if settings.ahead else 0}) for t in trials]
            executor = open_executor(settings.executor, settings.concurrency,
                                     settings.ray_address, store if in_process else None,
                                     settings.ahead, forwarded(settings))
            # after ray.init, which installs its own SIGTERM handler; restored when the pass ends
            previous_handlers = signals.install()
            if settings.max_budget_usd is not None:
                ledger = start_ledger(control_id, settings.max_budget_usd, spent, in_process)
            governor = start_governor(control_id, settings.rpm, settings.itpm, settings.otpm,
                                      in_process)
            progress = Progress(len(trials), console)
            control = RunControl(control_id, store, ledger, metrics, progress, governor)
            interrupted = False
            try:
                results, stopped = execute(trials, executor, settings.concurrency, control,
                                           done, settings.ahead)
            except KeyboardInterrupt:
                interrupted = True
                control.stop("interrupted")
                raise
            finally:
                progress.close()
                with signals.shielded():
                    # every exit path: whatever the run still has on any node goes away
                    cleanup = _reap(executor, plans, settings)
                    if interrupted or cleanup.reaped.containers or not cleanup.complete:
                        console.print(f"cleanup: {cleanup.summary()}", markup=False)
                    log.info("cleanup: %s", cleanup.summary())
                    executor.close()
                signals.restore(previous_handlers)
            if ledger is not None:
                metrics.budget(ledger.state().spent_usd)
            if stopped is None:
                stopped = _judge(control_id, pending_ties(plans, results, store), results,
                                 store, settings, upstream,
                                 ledger.state().spent_usd if ledger is not None else None,
                                 GovernorGuard(find_governor(control_id))
                                 if settings.governor else None)
        store.put(RunKeys(control_id).metrics, metrics.snapshot())
        if settings.metrics_port is not None and settings.metrics_linger_s:
            time.sleep(settings.metrics_linger_s)  # let the next scrape see the final state
    finally:
        if ledger is not None:
            ledger.close()
        if governor is not None:
            governor.close()
        metrics.close()
    _refuse_leaks(control.leaks)
    return PassResult(results, stopped, cleanup, unmatched[0] if unmatched else (0, None))


def _judge(control_id: str, pending: list[Tie], results: list[TrialResult], store: Store,
           settings: PassSettings, upstream: str, spent: float | None = None,
           governor: GovernorGuard | None = None) -> str | None:
    """The pairwise judge on the tied rows still to judge (runner.judging.ties)."""
    def stop_requested() -> str | None:
        return "stop requested" if store.exists(RunKeys(control_id).stop_flag) else None

    return judge_ties(pending, upstream, store, settings.max_budget_usd,
                      spent_by(results) if spent is None else spent,
                      settings.endpoint_attempts, settings.endpoint_backoff_s, stop_requested,
                      governor)


def _refuse_leaks(leaks: list[TrialResult]) -> None:
    if leaks:
        first = leaks[0]
        raise SkillLeak(f"run refused: case {first.case_id!r}: {first.leak}. A skill reached an "
                        "arm that must not have it, so no comparison is valid. Check the case "
                        "fixtures for a .claude/skills folder or a copy of the skill.")


def _reap(executor: Executor, plans: list[Plan], settings: PassSettings) -> Cleanup:
    total = Cleanup()
    for plan in plans:
        part = executor.reap(plan.run_id, {t.trial_id for t in plan.trials}, settings.sandbox)
        total = Cleanup(reaped=total.reaped.plus(part.reaped),
                        nodes=max(total.nodes, part.nodes),
                        failures={**total.failures, **part.failures})
    return total
