"""One scheduling pass: every trial of one or more plans under one concurrency limit, one
ledger, one executor and one set of leases. `run_eval` and `run_batch` both come here."""

from __future__ import annotations

import logging
import time

from rich.console import Console

from runner.analysis.adaptive import released
from runner.analysis.models import futile
from runner.authoring.bundles import publish
from runner.costs.estimate import estimate_usd
from runner.driver import signals
from runner.driver.after import after_trials, spent_by
from runner.driver.control import Progress, RunControl, Spending
from runner.driver.executor import Cleanup, Executor, open_executor
from runner.driver.metrics import touch_arms
from runner.driver.preflight import live_check, live_models
from runner.driver.scheduler import execute, finished
from runner.driver.stops import StopReason
from runner.driver.wave import RunBudget, Wave, run_cap_check
from runner.errors import SkillLeak
from runner.gateway.credentials import read_credential
from runner.grading.statements import settle
from runner.judging.ties import pending_ties
from runner.schema.options import PassSettings
from runner.schema.plan import Plan
from runner.schema.trial import PassContext, TrialResult, TrialSpec
from runner.store.base import Store
from runner.store.keys import RunKeys

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
    """The run's cap against the sessions still to run (runner.driver.wave.run_cap_check)."""
    run_cap_check(cap_usd, force, sum(estimate_usd(t.model, 1, len(t.case.prompts))
                                         for t in pending), spent_usd,
                  f"{len(pending)} session(s)")


def forwarded(settings: PassSettings) -> dict[str, str] | None:
    """The credential the driver sends its trials (--forward-credentials), as variables."""
    if not settings.forward_credentials:
        return None
    credential = read_credential()
    return credential.env() if credential is not None else None


class PassResult:
    def __init__(self, results: list[TrialResult], stopped: str | None,
                 cleanup: Cleanup | None, unmatched: tuple[int, str | None] = (0, None),
                 ran: bool = True) -> None:
        self.results, self.stopped, self.cleanup = results, stopped, cleanup
        self.unmatched = unmatched
        self.ran = ran  # False: every trial was already done, nothing was scheduled


def run_pass(pass_id: str, plans: list[Plan], store: Store, settings: PassSettings,
             console: Console, done: dict[str, TrialResult] | None = None,
             budget: RunBudget | None = None) -> PassResult:
    """Schedule every trial of every plan in one wave under one ledger; `budget`: what the
    run's earlier waves spent (one cap for the whole run)."""
    trials, copies = shared_trials(plans)
    done = finished(trials, store) if done is None else done
    # Refused before anything is written: nothing stored, nothing spent.
    with Wave(pass_id, store, settings, budget) as wave:
        to_run = [t for t in trials if t.trial_id not in done]
        wave.price(sum(estimate_usd(t.model, 1, len(t.case.prompts)) for t in to_run),
                   spent_by(list(done.values())), f"{len(to_run)} session(s)")
        if to_run:  # one tiny call per model, to the wave's upstream, on the run's bill
            live_check(wave, live_models(plans, settings), console,
                       spent_by(list(done.values())))
        with wave.opened([p.run_id for p in plans]):
            if settings.wait:  # the driver we waited for may have finished some trials
                done = finished(trials, store)
            log.info("pass %s: %d trial(s), %d already done, %d to run", pass_id, len(trials),
                     len(done), len([t for t in trials if t.trial_id not in done]))
            for plan in plans:
                # the first driver's record stands: a resume keeps its creation time
                store.put_if_absent(RunKeys(plan.run_id).plan,
                                    plan.model_dump_json(indent=1).encode())
                for data in plan.bundles.values():
                    publish(store, plan.run_id, data)
            outcome = _schedule(wave, plans, trials, settings, console, done, copies)
    if outcome.ran:
        outcome.unmatched = wave.unmatched
    return outcome


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


def released_ids(plans: list[Plan], results: dict[str, TrialResult]) -> set[str]:
    """The trials the plans run given these results: all of them, except that adaptive k
    (runner.analysis.adaptive) releases repetitions round by round from finished results, so
    a resumed pass recomputes the same decisions from the store."""
    return {t.trial_id for p in plans for t in _released(plans, p, results)}


def _released(plans: list[Plan], plan: Plan,
              results: dict[str, TrialResult]) -> list[TrialSpec]:
    """A plan's released trials; a model of a multi-model run that can no longer be good
    enough (runner.analysis.models.futile) keeps only what it already ran."""
    if plan.run_id in futile(plans, results):
        return [t for t in released(plan, results) if t.trial_id in results]
    return released(plan, results)


def _schedule(wave: Wave, plans: list[Plan], trials: list[TrialSpec],
              settings: PassSettings, console: Console, done: dict[str, TrialResult],
              copies: list[tuple[TrialSpec, TrialSpec]]) -> PassResult:
    wanted = released_ids(plans, done)
    trials = [t for t in trials if t.trial_id in wanted]
    spent = wave.prior + spent_by(list(done.values()))
    if all(t.trial_id in done for t in trials):
        return _all_done(wave, plans, [done[t.trial_id] for t in trials], settings, copies,
                         spent)
    metrics = wave.metrics(settings.max_budget_usd)
    touch_arms(metrics, sorted({a for p in plans for a in p.arms}))
    metrics.planned(trials)
    if settings.metrics_port is not None:
        metrics.serve(settings.metrics_port, settings.metrics_host)
        console.print(f"metrics at http://{settings.metrics_host}:{settings.metrics_port}"
                      "/metrics", markup=False)
    context = pass_context(settings, wave.wave_id, wave.upstream(), wave.caps.cap is not None)
    trials = [t.model_copy(update={"context": context}) for t in trials]
    results, stopped, cleanup, control = _run_trials(wave, plans, trials, settings, console,
                                                     done, spent)
    mirror(wave.store, copies, results)
    after_trials_usd = spent + control.new_spend
    if control.ledger is not None:
        after_trials_usd = control.ledger.state().spent_usd
        metrics.budget(after_trials_usd)
    spend = control.store_spend or wave.store_spend()
    spend.record(after_trials_usd - spent)
    after = after_trials(wave, plans, results,
                         control.ledger.state().spent_usd if control.ledger else None,
                         wave.governor_guard() if settings.governor else None, stopped,
                         settings.batch_grading)
    wave.budget.spent_usd = after_trials_usd + after.spent_usd
    spend.record(wave.budget.spent_usd - spent)
    mirror_grades(wave.store, copies)
    wave.store.put(RunKeys(wave.wave_id).metrics, metrics.snapshot())
    if settings.metrics_port is not None and settings.metrics_linger_s:
        time.sleep(settings.metrics_linger_s)  # let the next scrape see the final state
    _refuse_leaks(control.leaks)
    return PassResult(after.results, after.stopped, cleanup)


def _all_done(wave: Wave, plans: list[Plan], results: list[TrialResult],
              settings: PassSettings, copies: list[tuple[TrialSpec, TrialSpec]],
              spent: float) -> PassResult:
    """Everything was done before: no executor, no Ray start-up, nothing to clean; what is
    left is the grades owed and the judge (a resume after a stop that left them)."""
    log.info("pass %s: every trial already done", wave.wave_id)
    _refuse_leaks([r for r in results if r.leak])
    mirror(wave.store, copies, results)
    results, owed = settle(plans, results, wave.store)
    if not owed and not pending_ties(plans, results, wave.store):
        wave.budget.spent_usd = spent
        return PassResult(results, None, None, ran=False)
    after = after_trials(wave, plans, results, spent, None, None, settings.batch_grading)
    wave.budget.spent_usd = spent + after.spent_usd
    wave.store_spend().record(after.spent_usd)
    mirror_grades(wave.store, copies)
    wave.close()  # the scripted endpoint, if one answered, says what it left unmatched
    ran = bool(wave.unmatched[0])
    return PassResult(after.results, after.stopped, None, ran=ran)


def _run_trials(wave: Wave, plans: list[Plan], trials: list[TrialSpec],
                settings: PassSettings, console: Console, done: dict[str, TrialResult],
                spent: float) -> tuple[list[TrialResult], str | None, Cleanup, RunControl]:
    """The trials on the executor under the wave's ledger and governor; every exit path
    reaps what the run still has on any node."""
    in_process = settings.executor == "inprocess"
    executor = open_executor(settings.executor, settings.concurrency, settings.ray_address,
                             wave.store if in_process else None, settings.ahead,
                             forwarded(settings))
    # after ray.init, which installs its own SIGTERM handler; restored when the pass ends
    previous_handlers = signals.install()
    progress = Progress(len(trials), console)
    interrupted = False
    cleanup = Cleanup()
    try:
        ledger = wave.ledger(spent, in_process)
        governor = wave.governor(settings, in_process)
        control = RunControl(wave.wave_id, wave.store,
                             Spending(ledger, wave.store_spend(), spent),
                             wave.metrics(settings.max_budget_usd), progress, governor)
        try:
            results, stopped = _rounds(plans, trials, executor, settings, control, done,
                                       progress)
        except KeyboardInterrupt:
            interrupted = True
            control.stop(StopReason.INTERRUPTED)
            raise
    finally:
        progress.close()
        with signals.shielded():
            cleanup = _reap(executor, plans, settings)
            if interrupted or cleanup.reaped.containers or not cleanup.complete:
                console.print(f"cleanup: {cleanup.summary()}", markup=False)
            log.info("cleanup: %s", cleanup.summary())
            executor.close()
        signals.restore(previous_handlers)
    return results, stopped, cleanup, control


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
        for spec in _released(plans, plan, results):
            out.append(every.get(spec.trial_id) or spec.model_copy(update={
                "context": prepared.context}))
    return out


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
