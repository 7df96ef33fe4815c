"""One scheduling pass: every trial of one or more plans under one concurrency limit, one
ledger, one executor and one set of leases. `run_eval` and `run_batch` both come here."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

from runner.analysis.adaptive import released
from runner.authoring.bundles import publish
from runner.costs.estimate import estimate_usd
from runner.driver import signals
from runner.driver.control import Progress, RunControl
from runner.driver.executor import Cleanup, Executor, open_executor
from runner.driver.lease import leases
from runner.driver.metrics import RunMetrics, touch_arms
from runner.driver.preflight import check_live
from runner.driver.scheduler import execute, finished
from runner.errors import RefusedInput, SkillLeak
from runner.grading.statements import grade_pending, settle, ungraded
from runner.judging.ties import Tie, judge_ties, pending_ties
from runner.logs import run_log
from runner.pacing.governor import Governor, GovernorGuard, find_governor, start_governor
from runner.pacing.ledger import start_ledger
from runner.schema.options import PassSettings
from runner.schema.plan import Plan
from runner.schema.trial import PassContext, TrialResult, TrialSpec
from runner.scripted.script import load_script
from runner.scripted.server import ScriptedEndpoint
from runner.store.base import Store
from runner.store.keys import RunKeys

log = logging.getLogger(__name__)


def pass_context(settings: PassSettings, pass_id: str, upstream: str) -> PassContext:
    """What every trial of this pass shares, set once: `upstream` is the scripted endpoint's
    address when the pass started one, else the settings' upstream."""
    return PassContext(pass_id=pass_id, store_uri=settings.store_uri,
                       store_endpoint=settings.store_endpoint, upstream_url=upstream,
                       ledger=settings.max_budget_usd is not None, governor=settings.governor,
                       session_slots=settings.concurrency if settings.ahead else 0,
                       batch_grading=settings.batch_grading, retry=settings.retry,
                       sandbox=settings.sandbox)


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


def run_pass(pass_id: str, plans: list[Plan], store: Store, settings: PassSettings,
             console: Console, done: dict[str, TrialResult] | None = None) -> PassResult:
    """Schedule every trial of every plan in one bounded pass under one ledger."""
    trials = [t for p in plans for t in p.trials]
    run_ids = [pass_id, *(p.run_id for p in plans)]
    done = finished(trials, store) if done is None else done
    # Refused before anything is written: nothing stored, nothing spent.
    check_budget(settings.max_budget_usd, settings.force,
                 [t for t in trials if t.trial_id not in done], spent_by(list(done.values())))
    if any(t.trial_id not in done for t in trials):
        check_live(plans, settings, settings.upstream_url, console)  # one tiny call per model
    with leases(store, run_ids, settings.wait), \
            run_log(store, [RunKeys(r).log for r in dict.fromkeys(run_ids)]):
        if settings.wait:  # the driver we waited for may have finished some trials
            done = finished(trials, store)
        pending = [t for t in trials if t.trial_id not in done]
        spent = spent_by(list(done.values()))
        log.info("pass %s: %d trial(s), %d already done, %d to run", pass_id, len(trials),
                 len(done), len(pending))
        for plan in plans:
            # the first driver's record stands: a resume keeps its creation time
            store.put_if_absent(RunKeys(plan.run_id).plan,
                                plan.model_dump_json(indent=1).encode())
            for data in plan.bundles.values():
                publish(store, plan.run_id, data)
        store.delete(RunKeys(pass_id).stop_flag)  # a resumed run starts un-stopped
        return _schedule(pass_id, plans, trials, store, settings, console, done, spent)


def released_ids(plans: list[Plan], results: dict[str, TrialResult]) -> set[str]:
    """The trials the plans run given these results: all of them, except that adaptive k
    (runner.analysis.adaptive) releases repetitions round by round from finished results, so
    a resumed pass recomputes the same decisions from the store."""
    return {t.trial_id for p in plans for t in released(p, results)}


def _schedule(pass_id: str, plans: list[Plan], trials: list[TrialSpec], store: Store,
              settings: PassSettings, console: Console, done: dict[str, TrialResult],
              spent: float) -> PassResult:
    wanted = released_ids(plans, done)
    trials = [t for t in trials if t.trial_id in wanted]
    if all(t.trial_id in done for t in trials):
        # Everything was done before: no executor, no Ray start-up, nothing to clean.
        log.info("pass %s: every trial already done", pass_id)
        results = [done[t.trial_id] for t in trials]
        _refuse_leaks([r for r in results if r.leak])
        results, owed = settle(plans, results, store)
        if not owed and not pending_ties(plans, results, store):
            return PassResult(results, None, None, ran=False)
        judged: list[tuple[int, str | None]] = []  # a grader or judge left to finish may ask
        with _upstream(settings.model_script, settings.upstream_url, judged) as upstream:
            results, stopped = _after_trials(pass_id, plans, results, store, settings,
                                             upstream)
        ran = bool(judged and judged[0][0])
        return PassResult(results, stopped, None, judged[0] if ran else (0, None), ran=ran)
    metrics = RunMetrics(pass_id, settings.max_budget_usd)
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
        with _upstream(settings.model_script, settings.upstream_url, unmatched) as upstream:
            context = pass_context(settings, pass_id, upstream)
            trials = [t.model_copy(update={"context": context}) for t in trials]
            executor = open_executor(settings.executor, settings.concurrency,
                                     settings.ray_address, store if in_process else None,
                                     settings.ahead)
            # after ray.init, which installs its own SIGTERM handler; restored when the pass ends
            previous_handlers = signals.install()
            if settings.max_budget_usd is not None:
                ledger = start_ledger(pass_id, settings.max_budget_usd, spent, in_process)
            governor = start_governor(pass_id, settings.rpm, settings.itpm, settings.otpm,
                                      in_process)
            progress = Progress(len(trials), console)
            control = RunControl(pass_id, store, ledger, metrics, progress, governor)
            interrupted = False
            try:
                results, stopped = _rounds(plans, trials, executor, settings, control, done,
                                           progress)
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
            results, stopped = _after_trials(
                pass_id, plans, results, store, settings, upstream,
                ledger.state().spent_usd if ledger is not None else None,
                GovernorGuard(find_governor(pass_id)) if settings.governor else None,
                stopped)
        store.put(RunKeys(pass_id).metrics, metrics.snapshot())
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


def _rounds(plans: list[Plan], trials: list[TrialSpec], executor: Executor,
            settings: PassSettings, control: RunControl, done: dict[str, TrialResult],
            progress: Progress) -> tuple[list[TrialResult], str | None]:
    """Execute the released trials; with adaptive k, each time a round's results are in, the
    trials they release next (same executor, every node), until nothing more is released."""
    every = {t.trial_id: t for t in trials}
    by_id: dict[str, TrialResult] = {}
    batch, reuse = trials, done
    stopped: str | None = None
    while batch:
        got, stopped = execute(batch, executor, settings.concurrency, control, reuse,
                               settings.ahead)
        by_id.update((r.trial_id, r) for r in got)
        if stopped:
            break
        reuse = {}
        known = {**done, **by_id}
        batch = [spec for spec in _specs(plans, known, every) if spec.trial_id not in known]
        if batch:
            log.info("adaptive k: %d more trial(s) released", len(batch))
            progress.total += len(batch)
    return list(by_id.values()), stopped


def _specs(plans: list[Plan], results: dict[str, TrialResult],
           every: dict[str, TrialSpec]) -> list[TrialSpec]:
    """The released trials, as this pass prepared them (its pass context), in plan order; a
    trial not prepared yet gets the same context."""
    out = []
    for plan in plans:
        prepared = next(iter(every.values()))
        for spec in released(plan, results):
            out.append(every.get(spec.trial_id) or spec.model_copy(update={
                "context": prepared.context}))
    return out


def _after_trials(pass_id: str, plans: list[Plan], results: list[TrialResult],
                  store: Store, settings: PassSettings, upstream: str,
                  spent: float | None = None, governor: GovernorGuard | None = None,
                  stopped: str | None = None) -> tuple[list[TrialResult], str | None]:
    """The driver's model calls after the trials: the statement grades the trials left (batch
    grading, or a resume that owes some), then the pairwise judge on the tied rows. A trial
    still without its grade is a hole that says why."""
    def stop_requested() -> str | None:
        return "stop requested" if store.exists(RunKeys(pass_id).stop_flag) else None

    before = spent_by(results)
    results, owed = settle(plans, results, store)
    failed: dict[str, str] = {}
    if owed and stopped is None:
        stopped, failed = grade_pending(
            owed, store, upstream, settings.max_budget_usd,
            before if spent is None else spent, settings.endpoint_attempts,
            settings.endpoint_backoff_s, stop_requested, settings.batch_grading,
            RunKeys(pass_id).batch("grader"), governor)
        results, _ = settle(plans, results, store)
    results = ungraded(results, failed, stopped)
    if stopped is None:
        graded_usd = spent_by(results) - before
        stopped = _judge(pass_id, pending_ties(plans, results, store), results, store,
                         settings, upstream, None if spent is None else spent + graded_usd,
                         governor)
    return results, stopped


def _judge(pass_id: str, pending: list[Tie], results: list[TrialResult], store: Store,
           settings: PassSettings, upstream: str, spent: float | None = None,
           governor: GovernorGuard | None = None) -> str | None:
    """The pairwise judge on the tied rows still to judge (runner.judging.ties)."""
    def stop_requested() -> str | None:
        return "stop requested" if store.exists(RunKeys(pass_id).stop_flag) else None

    return judge_ties(pending, upstream, store, settings.max_budget_usd,
                      spent_by(results) if spent is None else spent,
                      settings.endpoint_attempts, settings.endpoint_backoff_s, stop_requested,
                      governor, settings.batch_grading, RunKeys(pass_id).batch("judge"))


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
