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
from runner.driver.storewide import (
    STOPPED_ALL,
    StoreSpend,
    check_store_budget,
    daily_cap,
    refuse_if_stopped,
)
from runner.errors import RefusedInput, SkillLeak
from runner.gateway.credentials import read_credential
from runner.grading.statements import grade_pending, settle, ungraded
from runner.judging.ties import Tie, judge_ties, pending_ties
from runner.logs import run_log
from runner.pacing.governor import Governor, GovernorGuard, find_governor, start_governor
from runner.pacing.ledger import start_ledger
from runner.schema.options import PassSettings
from runner.schema.plan import Plan
from runner.schema.report import Judgement
from runner.schema.trial import PassContext, TrialResult, TrialSpec
from runner.scripted.script import load_script
from runner.scripted.server import ScriptedEndpoint
from runner.store.base import Store
from runner.store.keys import STORE_STOP, RunKeys

log = logging.getLogger(__name__)


def pass_context(settings: PassSettings, pass_id: str, upstream: str,
                 ledger: bool | None = None) -> PassContext:
    """What every trial of this pass shares, set once: `upstream` is the scripted endpoint's
    address when the pass started one, else the settings' upstream; `ledger` whether the pass
    has a ledger (default: a run cap; the store's daily budget starts one too)."""
    return PassContext(pass_id=pass_id, store_uri=settings.store_uri,
                       store_endpoint=settings.store_endpoint, upstream_url=upstream,
                       ledger=settings.max_budget_usd is not None if ledger is None else ledger,
                       governor=settings.governor,
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


def run_pass(pass_id: str, plans: list[Plan], store: Store, settings: PassSettings,
             console: Console, done: dict[str, TrialResult] | None = None) -> PassResult:
    """Schedule every trial of every plan in one bounded pass under one ledger."""
    trials, copies = shared_trials(plans)
    run_ids = [pass_id, *(p.run_id for p in plans)]
    done = finished(trials, store) if done is None else done
    # Refused before anything is written: nothing stored, nothing spent.
    refuse_if_stopped(store)
    to_run = [t for t in trials if t.trial_id not in done]
    check_budget(settings.max_budget_usd, settings.force, to_run, spent_by(list(done.values())))
    store_cap = daily_cap(store, settings.store_budget_usd)
    left = check_store_budget(store, store_cap, sum(estimate_usd(t.model, 1) for t in to_run),
                              settings.force)
    if to_run:
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
        budget = PassBudget(settings.max_budget_usd, spent, left, store_cap,
                            StoreSpend(store, pass_id, store_cap))
        return _schedule(pass_id, plans, trials, store, settings, console, done, budget,
                         copies)


def shared_trials(plans: list[Plan]) -> tuple[list[TrialSpec],
                                              list[tuple[TrialSpec, TrialSpec]]]:
    """A trial id names one session (its digest covers everything the session is): a trial
    that several plans of a pass hold (the candidate of a per-skill run) runs once, and its
    record is copied into the other runs (`mirror`). Returns the trials to run and the
    (copy, original) pairs."""
    first: dict[str, TrialSpec] = {}
    copies: list[tuple[TrialSpec, TrialSpec]] = []
    for trial in (t for p in plans for t in p.trials):
        if trial.trial_id in first:
            copies.append((trial, first[trial.trial_id]))
        else:
            first[trial.trial_id] = trial
    return list(first.values()), copies


def mirror(store: Store, copies: list[tuple[TrialSpec, TrialSpec]],
           results: list[TrialResult]) -> None:
    """Copy each shared trial's standing attempt and DONE into the runs that share it, so every
    run's record is whole (reports, the judge and the viewer read a run's own trials)."""
    by_id = {r.trial_id: r for r in results}
    for copy, original in copies:
        result = by_id.get(copy.trial_id)
        keys = RunKeys(copy.run_id).trial(copy.trial_id)
        if result is None or result.status.is_hole or store.exists(keys.done):
            continue
        source = RunKeys(original.run_id).trial(original.trial_id).attempt(result.attempt)
        target = keys.attempt(result.attempt)
        for key in store.list(source.prefix + "/"):
            store.put(target.prefix + key[len(source.prefix):], store.get(key))
        store.put_if_absent(keys.done, result.model_dump_json(indent=1).encode())


def mirror_grades(store: Store, copies: list[tuple[TrialSpec, TrialSpec]]) -> None:
    """Statements graded after the trials (--batch-grading) of a shared trial: its grade,
    stored under the run that ran it, copied beside each copy's DONE."""
    for copy, original in copies:
        source = RunKeys(original.run_id).grade(original.trial_id)
        target = RunKeys(copy.run_id).grade(copy.trial_id)
        if store.exists(source) and not store.exists(target):
            store.put(target, store.get(source))


class PassBudget:
    """The pass's cap: the run's own, or what the store has left today when that is lower
    (the ledger then stops the gateways at the store's cap); and the pass's store record."""

    def __init__(self, run_cap: float | None, spent: float, store_left: float | None,
                 store_cap: float | None, store_spend: StoreSpend) -> None:
        self.spent, self.store_spend = spent, store_spend
        self.cap, self.label = run_cap, "budget"
        if store_left is not None and (run_cap is None or spent + store_left < run_cap):
            self.cap = spent + store_left
            self.label = f"store budget (${store_cap:g} a day)"

    def record(self, spent_now: float) -> None:
        """What the pass has spent in all, resumed spend included."""
        self.store_spend.record(spent_now - self.spent)


def released_ids(plans: list[Plan], results: dict[str, TrialResult]) -> set[str]:
    """The trials the plans run given these results: all of them, except that adaptive k
    (runner.analysis.adaptive) releases repetitions round by round from finished results, so
    a resumed pass recomputes the same decisions from the store."""
    return {t.trial_id for p in plans for t in released(p, results)}


def _schedule(pass_id: str, plans: list[Plan], trials: list[TrialSpec], store: Store,
              settings: PassSettings, console: Console, done: dict[str, TrialResult],
              budget: PassBudget,
              copies: list[tuple[TrialSpec, TrialSpec]] | None = None) -> PassResult:
    spent = budget.spent
    wanted = released_ids(plans, done)
    trials = [t for t in trials if t.trial_id in wanted]
    if all(t.trial_id in done for t in trials):
        # Everything was done before: no executor, no Ray start-up, nothing to clean.
        log.info("pass %s: every trial already done", pass_id)
        results = [done[t.trial_id] for t in trials]
        _refuse_leaks([r for r in results if r.leak])
        mirror(store, copies or [], results)
        results, owed = settle(plans, results, store)
        if not owed and not pending_ties(plans, results, store):
            return PassResult(results, None, None, ran=False)
        judged: list[tuple[int, str | None]] = []  # a grader or judge left to finish may ask
        with _upstream(settings.model_script, settings.upstream_url, judged) as upstream:
            results, stopped, extra = _after_trials(pass_id, plans, results, store,
                                                    settings, upstream, cap=budget.cap)
        budget.record(spent + extra)
        mirror_grades(store, copies or [])
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
            context = pass_context(settings, pass_id, upstream, budget.cap is not None)
            trials = [t.model_copy(update={"context": context}) for t in trials]
            executor = open_executor(settings.executor, settings.concurrency,
                                     settings.ray_address, store if in_process else None,
                                     settings.ahead, forwarded(settings))
            # after ray.init, which installs its own SIGTERM handler; restored when the pass ends
            previous_handlers = signals.install()
            if budget.cap is not None:
                ledger = start_ledger(pass_id, budget.cap, spent, in_process, budget.label)
            governor = start_governor(pass_id, settings.rpm, settings.itpm, settings.otpm,
                                      in_process)
            progress = Progress(len(trials), console)
            control = RunControl(pass_id, store, ledger, metrics, progress, governor,
                                 budget.store_spend, spent)
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
            mirror(store, copies or [], results)
            after_trials = spent + control.new_spend
            if ledger is not None:
                after_trials = ledger.state().spent_usd
                metrics.budget(after_trials)
            budget.record(after_trials)
            results, stopped, extra = _after_trials(
                pass_id, plans, results, store, settings, upstream,
                ledger.state().spent_usd if ledger is not None else None,
                GovernorGuard(find_governor(pass_id)) if settings.governor else None,
                stopped, budget.cap)
            budget.record(after_trials + extra)
            mirror_grades(store, copies or [])
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
                  stopped: str | None = None, cap: float | None = None
                  ) -> tuple[list[TrialResult], str | None, float]:
    """The driver's model calls after the trials: the statement grades the trials left (batch
    grading, or a resume that owes some), then the pairwise judge on the tied rows. A trial
    still without its grade is a hole that says why. `cap`: the pass's (the run's, or the
    store's when lower). Also returns what these calls spent."""
    def stop_requested() -> str | None:
        if store.exists(STORE_STOP):
            return STOPPED_ALL
        return "stop requested" if store.exists(RunKeys(pass_id).stop_flag) else None

    before = spent_by(results)
    results, owed = settle(plans, results, store)
    failed: dict[str, str] = {}
    if owed and stopped is None:
        stopped, failed = grade_pending(
            owed, store, upstream, cap,
            before if spent is None else spent, settings.endpoint_attempts,
            settings.endpoint_backoff_s, stop_requested, settings.batch_grading,
            RunKeys(pass_id).batch("grader"), governor)
        results, _ = settle(plans, results, store)
    results = ungraded(results, failed, stopped)
    graded_usd = max(0.0, spent_by(results) - before)
    judged: list[Tie] = []
    if stopped is None:
        judged = pending_ties(plans, results, store)
        stopped = _judge(pass_id, judged, results, store,
                         settings, upstream, None if spent is None else spent + graded_usd,
                         governor, cap)
    return results, stopped, graded_usd + judged_cost(store, judged)


def judged_cost(store: Store, judged: list[Tie]) -> float:
    """What the judge spent on these rows (their stored judgements)."""
    total = 0.0
    for tie in judged:
        try:
            total += Judgement.model_validate_json(store.get(tie.key)).cost_usd
        except (KeyError, ValueError):
            continue  # not judged (stopped, or its calls failed)
    return total


def _judge(pass_id: str, pending: list[Tie], results: list[TrialResult], store: Store,
           settings: PassSettings, upstream: str, spent: float | None = None,
           governor: GovernorGuard | None = None, cap: float | None = None) -> str | None:
    """The pairwise judge on the tied rows still to judge (runner.judging.ties)."""
    def stop_requested() -> str | None:
        if store.exists(STORE_STOP):
            return STOPPED_ALL
        return "stop requested" if store.exists(RunKeys(pass_id).stop_flag) else None

    return judge_ties(pending, upstream, store, cap,
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
