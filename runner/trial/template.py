"""One trial = one claude session of one (case, repetition, arm), run as a template:

    claim attempt n (create-only) -> prepare (scratch, fixtures, skill plugin) -> gateway up
    -> sandbox run -> on error: record it (the arm becomes a hole, the run goes on)
    -> finally: gateway down, scratch removed
    -> parse transcript, collect outputs, run the registered scorers
    -> store the attempt's artifacts under attempts/<n>/, then DONE (create-only) naming it

A trial that failed on the machinery or on the model endpoint is tried again after a backoff
(each try is its own attempt). Idempotent under Ray retries: a trial whose DONE exists returns
the stored result; a racing duplicate loses the DONE race and returns the winner's result, and
its own artifacts stay under its own attempt number, so readers never mix attempts.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import socket
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from runner.aio import run_sync
from runner.authoring.bundles import materialize
from runner.authoring.skill import load_skill, stage_library, stage_plugin
from runner.errors import InfraError, ModelCallError, ModelStopped, StoreError
from runner.gateway.access import ModelAccess, Retry
from runner.gateway.credentials import read_credential
from runner.gateway.server import GatewayPolicy, TrialGateway
from runner.pacing.governor import GovernorGuard, find_governor
from runner.pacing.ledger import BudgetGuard, find_ledger
from runner.pacing.pushback import PUSHBACK_RETRIES
from runner.pacing.stops import StopReason
from runner.sandbox.base import Sandbox, SessionRun, SessionSpec
from runner.sandbox.reap import MOUNTED, mark_scratch
from runner.sandbox.registry import open_sandbox
from runner.schema.enums import TrialKind, TrialPhase, TrialStatus
from runner.schema.trial import (
    CheckResult,
    ProgramRun,
    Score,
    TrialResult,
    TrialSpec,
    Usage,
)
from runner.scoring.base import Evidence, Grading, digests, passed, score_all
from runner.scoring.reach import reached
from runner.scoring.safety import violations
from runner.scoring.statements import NAME as STATEMENTS
from runner.scoring.statements import deferred
from runner.store.base import Store, open_store
from runner.store.keys import STORE_STOP, AttemptKeys, RunKeys, TrialKeys
from runner.store.trials import read_done
from runner.trial.artifacts import Kept, store_attempt
from runner.trial.collect import Collected, CollectLimits, collect_outputs
from runner.trial.isolation import find_leak
from runner.trial.programs import grader_program, judge_program
from runner.trial.session import claude_args, session_env, stage_fixtures, turn_args
from runner.trial.setup import run_setup
from runner.trial.slots import SLOTS_DIR, SessionSlots, node_sandbox_capacity
from runner.trial.snapshot import conversation_snapshots
from runner.trial.transcript import Transcript, parse_transcript
from runner.trial.turns import (
    Bounds,
    Conversation,
    Left,
    TurnRun,
    converse,
    ended_at,
    grade_turns,
    merged,
    turn_evidence,
)

log = logging.getLogger(__name__)
SETTLE_S = 1.0  # a prefetched container starts no sooner than this after a session started


def claim_attempt(store: Store, keys: TrialKeys) -> int:
    """The next attempt number of this trial, claimed create-only (racing tries differ)."""
    numbers = keys.attempt_numbers(store.list(keys.attempts))
    n = (numbers[-1] if numbers else 0) + 1
    while not store.put_if_absent(keys.attempt(n).claim, f"{_node()}\n".encode()):
        n += 1
    return n


def attempts_usage(store: Store, keys: TrialKeys, current: int,
                   usage: Usage | None) -> tuple[int, Usage | None]:
    """How many attempts this trial had, and what they metered together: the current one's
    `usage` plus every earlier attempt's, killed ones included. Each gateway keeps its own
    attempt's usage.json current, and only that is read: a result.json may already hold a sum
    over attempts (the last try of an earlier driver), which would count twice."""
    listed = set(store.list(keys.attempts))
    numbers = keys.attempt_numbers(sorted(listed))
    total = usage
    for n in numbers:
        if n == current:
            continue
        earlier = _stored_usage(store, keys.attempt(n), listed)
        if earlier is not None:
            total = earlier if total is None else total.plus(earlier)
    return max([current, *numbers]), total


def _stored_usage(store: Store, keys: AttemptKeys, listed: set[str]) -> Usage | None:
    try:
        if keys.usage in listed:
            return Usage.model_validate_json(store.get(keys.usage))
    except (KeyError, ValidationError):
        log.warning("unreadable usage of %s: left out of the trial's cost", keys.prefix)
    return None


def retried_because(store: Store, keys: TrialKeys, current: int) -> list[str]:
    """Why each attempt before `current` did not stand, from what it left: its stored result
    (status and error), or only its claim when the process running it died mid-try (a worker
    or node stopped, a driver killed), which leaves nothing else."""
    listed = set(store.list(keys.attempts))
    reasons: list[str] = []
    for n in keys.attempt_numbers(sorted(listed)):
        if n >= current:
            continue
        earlier = keys.attempt(n)
        why = f"attempt {n}: ended without a result (its worker, node or driver stopped)"
        if earlier.result in listed:
            try:
                stored = TrialResult.model_validate_json(store.get(earlier.result))
                why = f"attempt {n}: {stored.status}" + (f": {stored.error}"
                                                          if stored.error else "")
            except (KeyError, ValidationError):
                why = f"attempt {n}: its result is unreadable"
        reasons.append(why)
    return reasons


def run_trial(spec: TrialSpec, store: Store | None = None) -> TrialResult:
    store = store or open_store(spec.context.store_uri, spec.context.store_endpoint)
    keys = RunKeys(spec.run_id).trial(spec.trial_id)
    standing = read_done(store, keys)
    if standing is not None:
        return standing
    infra_tries = endpoint_tries = 0
    while True:
        attempt = claim_attempt(store, keys)
        result, kept = _execute(spec, store, keys.attempt(attempt), attempt)
        if result.status is TrialStatus.INFRA_ERROR:
            infra_tries += 1
            if infra_tries >= spec.context.retry.infra_attempts:
                break
            delay = spec.context.retry.infra_backoff_s * 2 ** (infra_tries - 1)
        elif result.status is TrialStatus.API_ERROR:
            endpoint_tries += 1
            if endpoint_tries >= spec.context.retry.endpoint_attempts:
                break
            delay = spec.context.retry.endpoint_backoff_s * 2 ** (endpoint_tries - 1)
        else:
            # An agent that ran and failed is data; a timeout would only time out again.
            break
        log.info("trial %s attempt %d: %s (%s); retrying in %.0fs", spec.trial_id[:12], attempt,
                 result.status, result.error, delay)
        try:  # evidence of a failed try; the next try does not depend on it
            store_attempt(store, keys.attempt(attempt), result, kept)
        except StoreError as exc:
            log.warning("trial %s attempt %d: not stored: %s", spec.trial_id[:12], attempt, exc)
        time.sleep(delay)
    count, usage = attempts_usage(store, keys, attempt, result.usage)
    result = result.model_copy(update={"attempts": count, "usage": usage,
                                       "retried_because": retried_because(store, keys,
                                                                          attempt)})
    try:
        store_attempt(store, keys.attempt(attempt), result, kept)
        if result.status.is_hole:
            return result  # no DONE: a resumed run tries this trial again
        # DONE carries the result itself and is create-only: if another try of this trial (a
        # Ray retry racing a slow node) recorded first, its result is the one that stands.
        if not store.put_if_absent(keys.done, result.model_dump_json(indent=1).encode()):
            return read_done(store, keys) or result
    except StoreError as exc:
        # The session ran (and was paid for: the usage stays in the result) but its evidence
        # could not be kept, so it cannot stand: a hole the next resume runs again.
        return result.model_copy(update={"status": TrialStatus.INFRA_ERROR, "passed": None,
                                         "error": f"cannot store the trial: {exc}"})
    return result


def _node() -> str:
    name = socket.gethostname()
    try:
        import ray

        if ray.is_initialized():
            return f"{name}/{ray.get_runtime_context().get_node_id()[:12]}"
    except Exception:  # noqa: BLE001 - outside Ray the host name is all there is
        pass
    return name


def _guard(spec: TrialSpec) -> BudgetGuard:
    if not spec.context.ledger:
        return BudgetGuard()
    return BudgetGuard(find_ledger(spec.pass_id))


def _judge_program(spec: TrialSpec, sandbox: Sandbox, workdir: Path, fixtures: Path,
                   run: SessionRun) -> ProgramRun | None:
    """The case's judge program over what the session left, in its own container (on the
    host only under --trust-target: runner.trial.programs), before the working directory goes
    away. Not run for a session that never started."""
    return judge_program(spec, sandbox, workdir, fixtures, run)


def _governor(spec: TrialSpec) -> GovernorGuard:
    if not spec.context.governor:
        return GovernorGuard()
    return GovernorGuard(find_governor(spec.pass_id))


def _slots(spec: TrialSpec) -> SessionSlots | None:
    """The session slots a prefetched trial waits for (runner.trial.slots); on a Ray node that
    declares a `sandbox` resource the node's count holds for every run there, elsewhere the
    pass's concurrency."""
    if not spec.context.session_slots:
        return None
    node = node_sandbox_capacity()
    if node is not None:
        node_id, count = node
        return SessionSlots(spec.scratch_root / SLOTS_DIR / f"node-{node_id}", count)
    return SessionSlots(spec.scratch_root / SLOTS_DIR / (spec.pass_id),
                        spec.context.session_slots)


def _slot(spec: TrialSpec, slots: SessionSlots | None, store: Store,
          guard: BudgetGuard) -> Callable[[], AbstractContextManager[object]] | None:
    """Holding a session slot; a run stopped while the trial waited never starts it."""
    if slots is None:
        return None
    stop_flag = RunKeys(spec.pass_id).stop_flag

    @contextlib.contextmanager
    def hold() -> Iterator[object]:
        with slots.hold() as number:
            stopped = run_sync(guard.refresh())
            if stopped is None:
                stopped = StopReason.USER if store.exists(stop_flag) else \
                    StopReason.ALL if store.exists(STORE_STOP) else None
            if stopped:
                raise ModelStopped(stopped)
            yield number

    return hold


def _grading(spec: TrialSpec, guard: BudgetGuard) -> Grading:
    retry = spec.context.retry
    access = ModelAccess(spec.context.upstream_url, read_credential(),
                         Retry(retry.endpoint_attempts, retry.endpoint_backoff_s), guard,
                         _governor(spec))
    return Grading(client=access.client(), model=spec.grader_model,
                   skill_name=spec.skill_name)


def _answered(usage: Usage | None) -> bool:
    """The model endpoint answered this session at least once."""
    return usage is not None and usage.requests > 0


def _status(run: SessionRun, transcript: Transcript,
            usage: Usage | None) -> tuple[TrialStatus, str | None]:
    if run.timed_out:
        return TrialStatus.TIMED_OUT, "killed at the session timeout"
    if run.killed_outside:
        # Not the arm's doing (a session cannot reach the engine): the machinery's, retried.
        return TrialStatus.INFRA_ERROR, (f"the sandbox was killed from outside mid-session "
                                         f"(exit {run.exit_code})")
    if not transcript.has_init:
        if _answered(usage):
            # It reached the model, so it started: the session itself destroyed the start of
            # its transcript (a flood of its own stdout past the log cap). The arm's doing:
            # a failed trial, not retried.
            return TrialStatus.CRASHED, "the transcript lost its start (stdout flooded?)"
        return TrialStatus.INFRA_ERROR, f"claude did not start: {run.stderr_tail[-500:]}"
    if not transcript.finished:
        return TrialStatus.CRASHED, f"no result event (exit {run.exit_code})"
    if transcript.is_error and transcript.result_subtype == "success":
        return TrialStatus.API_ERROR, "the session ended on a model API error"
    if transcript.is_error:
        return TrialStatus.AGENT_ERROR, transcript.result_subtype
    return TrialStatus.COMPLETED, None


class PhaseClock:
    """Seconds each phase of one attempt took (`TrialResult.phases`)."""

    def __init__(self) -> None:
        self.times: dict[TrialPhase, float] = {}
        self.session_at: float | None = None  # when the session was handed to the sandbox

    @contextlib.contextmanager
    def phase(self, name: TrialPhase) -> Iterator[None]:
        started = time.monotonic()
        try:
            yield
        finally:
            self.add(name, time.monotonic() - started)

    def add(self, name: TrialPhase, seconds: float) -> None:
        self.times[name] = round(self.times.get(name, 0.0) + seconds, 6)


@dataclass(frozen=True)
class Staged:
    """What the stage phase left for the session: the working directory (fixtures in it), the
    fixtures' folder (for a judge program) and the arm's plugin folder, if any."""

    workdir: Path
    socket_dir: Path
    fixtures: Path
    plugin_dir: Path | None
    inputs: dict[str, str] = field(default_factory=dict)  # relpath -> sha256: not the work
    state_dir: Path | None = None  # claude's own state, kept across a conversation's turns


def _stage(spec: TrialSpec, store: Store, sandbox: Sandbox, scratch: Path) -> Staged:
    workdir, socket_dir, plugins = scratch / "work", scratch / "gw", scratch / "plugin"
    sandbox.create_workdir(workdir, spec.sandbox.limits)
    fixtures = materialize(store, spec.fixtures_bundle, spec.scratch_root)
    project = materialize(store, RunKeys(spec.run_id).bundle_of(spec.case.project_bundle),
                          spec.scratch_root) if spec.case.project_bundle else None
    stage_fixtures(spec.case, fixtures, workdir, project)
    inputs = digests(collect_outputs(workdir, CollectLimits()).files)
    plugin_dir = None
    if spec.skill_bundle is not None and (spec.kind == TrialKind.TRIGGER or spec.library):
        plugin_dir = stage_library(materialize(store, spec.skill_bundle, spec.scratch_root),
                                   plugins)
    elif spec.skill_bundle is not None:
        skill = load_skill(materialize(store, spec.skill_bundle, spec.scratch_root))
        plugin_dir = stage_plugin(skill, plugins, spec.skill_name)
    sandbox.reap_trial(spec.trial_id)  # an earlier attempt of this trial (worker died)
    sandbox.prepare_workdir(workdir)
    if spec.case.setup_run:  # what the authors' harness builds first is input, not the work
        run_setup(spec, sandbox, workdir)
        inputs = digests(collect_outputs(workdir, CollectLimits()).files)
    state_dir = None
    if spec.case.follow_ups:  # size-capped and owned by the agent, as its working directory
        state_dir = scratch / MOUNTED[1]
        sandbox.create_workdir(state_dir, spec.sandbox.limits)
        sandbox.prepare_workdir(state_dir)
    return Staged(workdir, socket_dir, fixtures, plugin_dir, inputs, state_dir)


def _session(spec: TrialSpec, store: Store, keys: AttemptKeys, sandbox: Sandbox,
             staged: Staged, guard: BudgetGuard, clock: PhaseClock,
             metered: list[Usage]) -> Conversation:
    """The gateway up, the sandbox started, claude run (each turn of a multi-turn case, in
    this sandbox: runner.trial.turns); the gateway's usage lands in `metered` even when the
    session raises (it was paid for)."""
    def keep_usage(current: Usage) -> None:
        store.put(keys.usage, current.model_dump_json().encode())

    slots = _slots(spec)
    policy = GatewayPolicy(allow_server_tools=spec.limits.allow_server_tools,
                           pushback_retries=PUSHBACK_RETRIES if spec.context.governor else 0)
    with contextlib.ExitStack() as stack:
        with clock.phase(TrialPhase.GATEWAY):
            gateway = stack.enter_context(TrialGateway(
                staged.socket_dir, spec.context.upstream_url,
                read_credential(), policy, guard, on_usage=keep_usage,
                governor=_governor(spec)))
        def session(prompt: str, args: list[str] | None = None,
                    timeout_s: float = spec.limits.timeout_s) -> SessionSpec:
            return SessionSpec(
                trial_id=spec.trial_id, run_id=spec.run_id, workdir=staged.workdir,
                socket_dir=staged.socket_dir, plugin_dir=staged.plugin_dir,
                prompt=prompt, claude_args=args or claude_args(spec),
                env=session_env(gateway.token), timeout_s=timeout_s,
                limits=spec.sandbox.limits, extend_s=gateway.held_s,
                slot=_slot(spec, slots, store, guard), state_dir=staged.state_dir)

        conversation = str(uuid.uuid4())  # this attempt's own: a retry starts afresh

        def turn(prompt: str, number: int, left: Left) -> SessionRun:
            if not spec.case.follow_ups:
                return sandbox.run(session(prompt))
            return sandbox.run(session(prompt, turn_args(claude_args(spec), conversation,
                                                         number, left), left.seconds))

        def after(number: int, run: SessionRun) -> TurnRun:
            collected = collect_outputs(staged.workdir, CollectLimits())
            return TurnRun(run, collected, *_turn_programs(spec, sandbox, staged, number, run))
        if slots is not None and sandbox.heavy_start:
            slots.settle(SETTLE_S)
        clock.session_at = time.time()
        try:
            _run_chain(spec, sandbox, staged, session)
            talk = converse(spec.case.prompts, Bounds(
                spec.limits.timeout_s, spec.limits.max_turns, spec.limits.session_budget_usd),
                turn, after)
        finally:
            metered.append(gateway.usage())
    for run in (*(t.run for t in talk.earlier), talk.last):
        clock.add(TrialPhase.CONTAINER, run.container_s)
        clock.add(TrialPhase.QUEUED, run.queued_s)
        clock.add(TrialPhase.SESSION, run.wall_s)
    return talk


def _run_chain(spec: TrialSpec, sandbox: Sandbox, staged: Staged,
               session: Callable[[str], SessionSpec]) -> None:
    """depends_on: the cases this one builds on run first, in this sandbox, in order; what
    they leave is this case's starting point, not its work."""
    for step in spec.case.chain:
        sandbox.run(session(step.prompt))
    if spec.case.chain:
        staged.inputs.clear()
        staged.inputs.update(digests(collect_outputs(staged.workdir, CollectLimits()).files))


def _grade(spec: TrialSpec, store: Store, keys: AttemptKeys, evidence: Evidence,
           guard: BudgetGuard) -> dict[str, Score]:
    """Every scorer of the trial; with batch grading, the statements are left for the driver
    (graded after the trials on the material shown here, with the same decision code). A
    multi-turn case's own checks grade its last turn, shown the conversation's prompts."""
    case = spec.case.model_copy(update={
        "prompt": spec.case.conversation_prompt(len(spec.case.prompts))})
    later = (spec.context.batch_grading and STATEMENTS in spec.scorers
             and bool(case.statements))
    scorers = tuple(n for n in spec.scorers if not (later and n == STATEMENTS))
    scores = score_all(scorers, case, evidence, _grading(spec, guard))
    if later:
        scores[STATEMENTS], call = deferred(case, evidence, Grading(
            model=spec.grader_model, skill_name=spec.skill_name))
        store.put(keys.grader, call.model_dump_json().encode())
    return scores


@dataclass(frozen=True)
class Unrun:
    """An attempt the machinery ended before there was a session to grade: a hole by cause."""

    status: TrialStatus
    error: str
    usage: Usage | None = None


@dataclass(frozen=True)
class Ran:
    """What the sandbox left once it is gone: the session, the work collected, the judge
    program's and the grader program's runs, the inputs (not the work) and what the gateway
    metered."""

    run: SessionRun
    collected: Collected
    program: ProgramRun | None
    grader: ProgramRun | None
    inputs: dict[str, str]
    usage: Usage | None
    talk: Conversation | None = None  # every turn sent (`run` is the last)
    # the last turn's own judge and grader programs (a multi-turn case's turn naming them)
    last_own: tuple[ProgramRun | None, ProgramRun | None] = (None, None)

    @property
    def transcripts(self) -> tuple[bytes, ...]:
        return self.talk.transcripts if self.talk is not None else (self.run.transcript,)


def _execute(spec: TrialSpec, store: Store, keys: AttemptKeys,
             attempt: int) -> tuple[TrialResult, Kept]:
    """One attempt, phase by phase: stage, session (gateway, container, queued, session),
    collect, grade. A failure of the machinery becomes a hole with its cause; what the
    session did is graded."""
    credential = read_credential()
    base = TrialResult(trial_id=spec.trial_id, case_id=spec.case.id, repetition=spec.repetition,
                       arm=spec.arm, status=TrialStatus.INFRA_ERROR, passed=None, node=_node(),
                       attempt=attempt, attempts=attempt,
                       credential=credential.kind if credential is not None else None)
    guard = _guard(spec)
    stopped = run_sync(guard.refresh())
    clock = PhaseClock()
    ran = (Unrun(TrialStatus.STOPPED, f"not started: {stopped}") if stopped
           else _in_sandbox(spec, store, keys, guard, clock))
    if isinstance(ran, Unrun):
        return base.model_copy(update={"status": ran.status, "error": ran.error,
                                       "usage": ran.usage}), Kept()
    transcript = parse_transcript(ran.run.transcript)
    status, error = _settle(ran, transcript, guard)
    if ran.talk is not None and spec.case.follow_ups:
        error = ended_at(ran.talk, len(spec.case.prompts), error)
        if ran.talk.unsent is not None and status is TrialStatus.COMPLETED:
            status = TrialStatus.AGENT_ERROR  # a limit of the whole conversation ended it
    scores: dict[str, Score] = {}
    if not status.is_hole:
        scores, status, error = _grade_phase(spec, store, keys, ran, transcript, guard, clock,
                                             (status, error))
    if not status.is_hole and not status.finished_normally:
        # Graded on what it left, and failed whatever that shows: it did not finish.
        scores["finished"] = Score(scorer="finished", passed=False, checks=[CheckResult(
            check="trial finished", passed=False, detail=str(error))])
    whole = merged([parse_transcript(raw) for raw in ran.transcripts])
    return _result(base, spec, ran, whole, clock, status, error, scores), \
        Kept(ran.transcripts, ran.collected, conversation_snapshots(
            spec.case, ran.talk, ran.collected, ran.inputs))



def _scratch(spec: TrialSpec) -> Path:
    """The trial's own scratch dir, marked with its run; none is left when that fails."""
    spec.scratch_root.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{spec.trial_id[:16]}-", dir=spec.scratch_root))
    try:
        mark_scratch(scratch, spec.run_id)
    except OSError:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    return scratch


def _in_sandbox(spec: TrialSpec, store: Store, keys: AttemptKeys, guard: BudgetGuard,
                clock: PhaseClock) -> Ran | Unrun:
    """Stage, session and collect in one sandbox, released (and the scratch removed) however
    they end."""
    try:
        scratch = _scratch(spec)
    except OSError as exc:
        # A full or unwritable scratch disk is the node's fault, not the arm's: a hole by
        # cause, retried. It used to escape the trial, which then ended without a result.
        return Unrun(TrialStatus.INFRA_ERROR, f"cannot make the trial's scratch dir: {exc}")
    sandbox: Sandbox | None = None
    staged: Staged | None = None
    metered: list[Usage] = []
    try:
        sandbox = open_sandbox(spec.sandbox)
        with clock.phase(TrialPhase.STAGE):
            staged = _stage(spec, store, sandbox, scratch)
        talk = _session(spec, store, keys, sandbox, staged, guard, clock, metered)
        run = talk.last
        collected, program, grader = _collect(spec, sandbox, staged, run, clock)
        with clock.phase(TrialPhase.GRADE):  # unless they ran when the next turn was due
            last_own = (talk.after_last.program, talk.after_last.grader) \
                if talk.after_last is not None else \
                _turn_programs(spec, sandbox, staged, talk.sent, run)
    except ModelStopped as exc:  # stopped while it waited for its session slot
        return Unrun(TrialStatus.STOPPED, f"not started: {exc}", _last(metered))
    except InfraError as exc:
        return Unrun(TrialStatus.INFRA_ERROR, str(exc), _last(metered))
    except OSError as exc:
        return Unrun(TrialStatus.INFRA_ERROR, f"staging failed: {exc}", _last(metered))
    finally:
        if sandbox is not None:
            sandbox.release_workdir(staged.workdir if staged is not None else scratch / "work")
            if (scratch / MOUNTED[1]).exists():  # a multi-turn case's claude state
                sandbox.release_workdir(scratch / MOUNTED[1])
        shutil.rmtree(scratch, ignore_errors=True)
    return Ran(run, collected, program, grader, staged.inputs, _last(metered), talk,
               last_own)


def _collect(spec: TrialSpec, sandbox: Sandbox, staged: Staged, run: SessionRun,
             clock: PhaseClock) -> tuple[Collected, ProgramRun | None, ProgramRun | None]:
    """The work copied out, then the case's judge program and the author's grader program
    over it: the part of grading that needs the working directory, so it runs before the
    sandbox lets it go (its seconds count toward the grade phase)."""
    with clock.phase(TrialPhase.COLLECT):
        collected = collect_outputs(staged.workdir, CollectLimits())
    with clock.phase(TrialPhase.GRADE):
        program = _judge_program(spec, sandbox, staged.workdir, staged.fixtures, run)
        grader = grader_program(spec, sandbox, staged.workdir, staged.fixtures, run)
    return collected, program, grader


def _turn_programs(spec: TrialSpec, sandbox: Sandbox, staged: Staged, number: int,
                   run: SessionRun) -> tuple[ProgramRun | None, ProgramRun | None]:
    """Turn `number`'s own judge and grader programs, right after it, on its files (none for
    a single-turn case, or a turn that names none)."""
    own = spec.case.turn_case(number) if spec.case.follow_ups else None
    if own is None:
        return None, None
    return (judge_program(spec, sandbox, staged.workdir, staged.fixtures, run, own),
            grader_program(spec, sandbox, staged.workdir, staged.fixtures, run, own))


def _settle(ran: Ran, transcript: Transcript,
            guard: BudgetGuard) -> tuple[TrialStatus, str | None]:
    """How the session ended, with a stop and a silent endpoint named as the cause."""
    status, error = _status(ran.run, transcript, ran.usage)
    if guard.stopped and status is not TrialStatus.COMPLETED:
        return TrialStatus.STOPPED, f"stopped mid-session: {guard.stopped}"
    if status in (TrialStatus.TIMED_OUT, TrialStatus.CRASHED) and not _answered(ran.usage):
        # The endpoint never answered this session: not the arm's failure, a hole by cause.
        return TrialStatus.API_ERROR, f"{error}; the model endpoint never answered"
    return status, error


def _grade_phase(spec: TrialSpec, store: Store, keys: AttemptKeys, ran: Ran,
                 transcript: Transcript, guard: BudgetGuard, clock: PhaseClock,
                 settled: tuple[TrialStatus, str | None],
                 ) -> tuple[dict[str, Score], TrialStatus, str | None]:
    """The scorers over the session's evidence; a grader that cannot answer or be stored
    turns the trial into a hole by cause."""
    evidence = Evidence(transcript.assistant_text, ran.collected.files, ran.collected.skipped,
                        ran.run.transcript, tuple(transcript.calls), ran.program, ran.inputs,
                        ran.grader)
    status, error = settled
    try:
        with clock.phase(TrialPhase.GRADE):
            scores = _grade(spec, store, keys, evidence, guard)
            if spec.case.follow_ups and ran.talk is not None:
                turns = [turn_evidence(t.run.transcript, t.collected, ran.inputs, t.program,
                                       t.grader) for t in ran.talk.earlier]
                last = turn_evidence(ran.run.transcript, ran.collected, ran.inputs,
                                     *ran.last_own)
                scores |= grade_turns(spec.case, spec.scorers, [*turns, last],
                                      _grading(spec, guard), ran.talk.unsent)
            return scores, status, error
    except ModelStopped as exc:
        return {}, TrialStatus.STOPPED, f"stopped before grading: {exc}"
    except ModelCallError as exc:
        # The session is kept (and paid for); a resume runs the trial again.
        return {}, TrialStatus.API_ERROR, f"grading failed: {exc}"
    except StoreError as exc:
        return {}, TrialStatus.INFRA_ERROR, f"cannot store the grader's call: {exc}"


def _result(base: TrialResult, spec: TrialSpec, ran: Ran, transcript: Transcript,
            clock: PhaseClock, status: TrialStatus, error: str | None,
            scores: dict[str, Score]) -> TrialResult:
    return base.model_copy(update={
        "status": status, "error": error,
        # a grade still to come decides nothing yet (runner.grading settles it)
        "passed": None if status.is_hole or any(x.pending for x in scores.values())
        else passed(scores, spec.case.pass_rule),
        "scores": scores, "skills_seen": transcript.skills_seen,
        "skills_loaded": transcript.skills_loaded,
        # a trigger run offers every skill of the library on purpose: no arm to leak into
        "leak": None if spec.kind == TrialKind.TRIGGER else find_leak(spec, transcript),
        "turns": transcript.num_turns, "tool_calls": transcript.tool_calls,
        "safety": violations(transcript.calls),
        "reached": reached(transcript.calls, transcript.final_text), "phases": clock.times,
        "wall_s": round(ran.talk.wall_s if ran.talk else ran.run.wall_s, 3),
        "usage": ran.usage,
        "cli_cost_usd": transcript.cli_cost_usd, "outputs_skipped": ran.collected.skipped,
        "inputs": dict(ran.inputs), "windows": transcript.windows,
        "session_at": clock.session_at})


def _last(metered: list[Usage]) -> Usage | None:
    return metered[-1] if metered else None
