"""`skill-eval regrade RUN_ID`: score a stored run's sessions again against the case set as it
is now, with no agent session: a new run record, stored like any run.

Each trial of a case whose prompt, fixtures and judge program are unchanged keeps its id; its
stored transcript and outputs (the attempt that stood) are copied under the new run and scored
on the driver by the registered scorers. Statements the grader already graded, and the stored
judge-program and judge results, are reused while what they read is unchanged; changed
statements go to the grader and changed rubrics to the judge, metered and capped like a run's
(--max-budget-usd, the store's daily budget, `stop RUN_ID`, `stop --all`). Re-running the same
regrade resumes it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape

from runner.authoring.bundles import hoist_projects
from runner.authoring.caseset import load_caseset
from runner.authoring.skill import load_skill
from runner.costs.estimate import (
    GRADER_INPUT_TOKENS,
    GRADER_OUTPUT_TOKENS,
    JUDGE_INPUT_TOKENS,
    JUDGE_OUTPUT_TOKENS,
)
from runner.costs.pricing import cost_usd
from runner.driver.after import judged_cost
from runner.driver.evaluate import finish
from runner.driver.scheduler import finished
from runner.driver.storewide import check_store_budget, daily_cap, refuse_if_stopped
from runner.driver.wave import Wave
from runner.errors import ModelCallError, ModelStopped, RefusedInput
from runner.gateway.access import ModelAccess
from runner.grading.statements import settle
from runner.judging.judge import criteria
from runner.judging.ties import Tie, judge_ties, pending_ties, ties
from runner.pacing.governor import GovernorGuard
from runner.planning.regrade import Scope, regrade_plan, regrade_scope, tar_files
from runner.schema.case import Case
from runner.schema.enums import Arm, TrialStatus
from runner.schema.options import RateSettings, RegradeOptions
from runner.schema.plan import Plan
from runner.schema.regrade import NotRegraded, Regrade
from runner.schema.report import Report
from runner.schema.skill import Skill
from runner.schema.trial import CheckResult, Score, TrialResult, TrialSpec
from runner.schema.turns import TurnFiles
from runner.scoring.base import Evidence, Grading, passed, score_all
from runner.scoring.reach import reached
from runner.store.base import Store, open_store
from runner.store.keys import AttemptKeys, RunKeys
from runner.store.trials import read_done, standing
from runner.trial.collect import Collected
from runner.trial.transcript import parse_transcript
from runner.trial.turns import grade_turns, turn_evidence

log = logging.getLogger(__name__)


def load_source(store: Store, run_id: str) -> Plan:
    keys = RunKeys(run_id)
    try:
        raw = store.get(keys.plan)
    except KeyError:
        raise RefusedInput(f"no run {run_id!r} in store {store.uri} (run ids start with r-; "
                           "`skill-eval runs` lists them)") from None
    try:
        plan = Plan.model_validate_json(raw)
    except ValueError as exc:
        raise RefusedInput(f"{store.uri}/{keys.plan}: not a run's plan (a batch or trigger "
                           f"id?): {str(exc)[:200]}") from exc
    if not store.exists(keys.report_json):
        raise RefusedInput(f"run {run_id} has no report yet (still running, or interrupted): "
                           "resume it with the same `skill-eval run` command first")
    return plan


def _unchanged_statements(before: Case, after: Case) -> bool:
    return (before.statements, before.prompt, before.expected_output) == \
        (after.statements, after.prompt, after.expected_output)


def needs_grader(before: Case, after: Case, result: TrialResult) -> bool:
    """The grader reads this trial again: its case (or one of its turns) has statements and
    the stored grade does not stand for them (changed, never graded, or still pending)."""
    return _case_needs_grader(before, after, result) or (
        not result.status.is_hole and bool(_turns_to_grade(before, after, result)))


def _case_needs_grader(before: Case, after: Case, result: TrialResult) -> bool:
    """The case's own statements (not its turns') need the grader again."""
    stored = result.scores.get("statements")
    return bool(after.statements) and not result.status.is_hole and not (
        _unchanged_statements(before, after) and stored is not None and not stored.pending)


def _turn_checks(case: Case, number: int) -> tuple[str, ...]:
    own = case.turn_case(number) if case.follow_ups else None
    return own.statements if own is not None else ()


def _turns_to_grade(before: Case, after: Case, result: TrialResult) -> list[int]:
    """The turns whose statements the grader reads again: changed, or never graded."""
    numbers = range(1, len(after.prompts) + 1) if after.follow_ups else range(0)
    return [n for n in numbers if _turn_checks(after, n) and (
        _turn_checks(before, n) != _turn_checks(after, n)
        or f"turn {n}: statements" not in result.scores)]


def turns_kept(store: Store, run_id: str, trial_id: str) -> bool:
    """The source trial kept the files after each turn (runs made before they were kept did
    not: their turns' own scores can only stand as graded)."""
    try:
        return store.exists(standing(store, run_id, trial_id).turn(1).files)
    except KeyError:
        return False


def _stood(store: Store, run_id: str, trial_id: str) -> TrialResult | None:
    """The source's result for a trial: its DONE, else (a hole) its last attempt's result."""
    keys = RunKeys(run_id).trial(trial_id)
    done = read_done(store, keys)
    if done is not None:
        return done
    numbers = keys.attempt_numbers(store.list(keys.attempts))
    for n in reversed(numbers):
        try:
            return TrialResult.model_validate_json(store.get(keys.attempt(n).result))
        except (KeyError, ValueError):
            continue
    return None


class Regrader:
    """Scores the source's stored sessions for the new plan, one trial at a time."""

    def __init__(self, store: Store, source: Plan, plan: Plan,
                 access: ModelAccess | None) -> None:
        self.store, self.source, self.plan, self.access = store, source, plan, access
        self.before = {t.trial_id: t.case for t in source.trials}
        self.graded = 0
        self.grader_cost = 0.0

    def needs_grader(self, spec: TrialSpec, result: TrialResult) -> bool:
        return needs_grader(self.before[spec.trial_id], spec.case, result)

    def grading(self) -> Grading:
        if self.access is None:
            return Grading(skill_name=self.plan.skill.name)
        return Grading(client=self.access.client(), model=self.plan.grader_model,
                       skill_name=self.plan.skill.name)

    def _last_turn(self, src: AttemptKeys, case: Case) -> bytes | None:
        """The last turn sent of a multi-turn case's stored conversation, if any."""
        turns = self._turns(src, case)
        return turns[-1] if turns else None

    def _turns(self, src: AttemptKeys, case: Case) -> list[bytes]:
        """A multi-turn case's stored turns, in order (those sent)."""
        found: list[bytes] = []
        for number in range(1, len(case.prompts) + 1) if case.follow_ups else ():
            try:
                found.append(self.store.get(src.turn(number).transcript))
            except KeyError:
                break
        return found

    def _turn_files(self, src: AttemptKeys, number: int,
                    outputs: dict[str, bytes]) -> Collected | None:
        """The files kept after turn `number` (the last turn's are the attempt's outputs),
        or None for a run that kept none."""
        try:
            files = TurnFiles.model_validate_json(self.store.get(src.turn(number).files))
        except KeyError:
            return None
        kept = outputs if files.last else {
            rel: self.store.get(src.turn(number).output(rel)) for rel in files.kept}
        return Collected(files=kept, skipped=files.skipped)

    def _turn_scores(self, spec: TrialSpec, source: TrialResult, src: AttemptKeys,
                     outputs: dict[str, bytes]) -> dict[str, Score]:
        """Every turn's own checks graded again on its stored material; its programs' scores
        (they ran in the session's sandbox) and statements the grader need not read again
        stand. A run that kept no turn files keeps its turns' scores as graded."""
        stood = {n: s for n, s in source.scores.items() if n.startswith("turn ")}
        evidence = []
        for number, raw in enumerate(self._turns(src, spec.case), 1):
            files = self._turn_files(src, number, outputs)
            if files is None:
                return stood
            evidence.append(turn_evidence(raw, files, source.inputs))
        if not evidence:
            return stood
        fresh = _turns_to_grade(self.before[spec.trial_id], spec.case, source)
        keep = {n: s for n, s in stood.items() if n.split(": ", 1)[1] == "program" or (
            n.split(": ", 1)[1] == "statements" and not s.pending
            and int(n.split()[1].rstrip(":")) not in fresh)}
        scores = grade_turns(spec.case, spec.scorers, evidence,
                             self.grading() if fresh else Grading(), kept=keep)
        self.grader_cost += sum(scores[f"turn {n}: statements"].cost_usd or 0.0 for n in fresh
                                if f"turn {n}: statements" in scores)
        return scores

    def regrade(self, spec: TrialSpec, source: TrialResult) -> TrialResult:
        """The trial scored again; stored under the new run (a hole stays a hole, unstored)."""
        if source.status.is_hole:
            return source
        src = standing(self.store, self.source.run_id, spec.trial_id)
        try:
            transcript_bytes = self.store.get(src.transcript)
        except KeyError:
            transcript_bytes = b""
        prefix = src.output("")
        outputs = {k[len(prefix):]: self.store.get(k) for k in self.store.list(prefix)}
        # a multi-turn case's own checks grade its last turn; each turn's own checks are
        # graded again on that turn's transcript and the files kept after it
        last = self._last_turn(src, spec.case) or transcript_bytes
        transcript = parse_transcript(last)
        evidence = Evidence(transcript.assistant_text, outputs, source.outputs_skipped,
                            last, tuple(transcript.calls), None, source.inputs)
        reuse = self._turn_scores(spec, source, src, outputs)
        if "program" in source.scores:  # unchanged, or the case would not be regraded
            reuse["program"] = source.scores["program"]
        fresh_grade = _case_needs_grader(self.before[spec.trial_id], spec.case, source)
        if not fresh_grade and "statements" in source.scores and spec.case.statements:
            reuse["statements"] = source.scores["statements"]
        names = tuple(n for n in spec.scorers if n not in reuse)
        case = spec.case.model_copy(update={
            "prompt": spec.case.conversation_prompt(len(spec.case.prompts))})
        scored = score_all(names, case, evidence,
                           self.grading() if fresh_grade else Grading())
        if self.needs_grader(spec, source):
            self.graded += 1
        if fresh_grade and "statements" in scored:
            self.grader_cost += scored["statements"].cost_usd or 0.0
        scores = {n: (reuse.get(n) or scored[n]) for n in spec.scorers
                  if n in reuse or n in scored}
        scores |= {n: s for n, s in reuse.items() if n.startswith("turn ")}
        if not source.status.finished_normally:
            scores["finished"] = source.scores.get("finished") or Score(
                scorer="finished", passed=False, checks=[CheckResult(
                    check="trial finished", passed=False, detail=str(source.error))])
        # a result stored before reach signals were kept reads them from its transcript now
        whole = transcript if last is transcript_bytes else parse_transcript(transcript_bytes)
        result = source.model_copy(update={
            "scores": scores, "passed": passed(scores, spec.case.pass_rule), "attempt": 1,
            "reached": source.reached or reached(whole.calls, whole.final_text)})
        keys = RunKeys(self.plan.run_id).trial(spec.trial_id)
        mine = keys.attempt(1)
        if transcript_bytes:
            self.store.put(mine.transcript, transcript_bytes)
        for number, raw in enumerate(self._turns(src, spec.case), 1):
            self.store.put(mine.turn(number).transcript, raw)
            # the files kept after the turn too, so this run can be regraded in its turn
            for key in self.store.list(src.turn(number).prefix + "/"):
                if key != src.turn(number).transcript:
                    self.store.put(mine.turn(number).prefix + key[len(src.turn(number).prefix):],
                                   self.store.get(key))
        for rel, data in outputs.items():
            self.store.put(mine.output(rel), data)
        self.store.put(mine.result, result.model_dump_json(indent=1).encode())
        if not self.store.put_if_absent(keys.done, result.model_dump_json(indent=1).encode()):
            return read_done(self.store, keys) or result
        return result


def _carry_judgements(store: Store, source: Plan, plan: Plan,
                      results: list[TrialResult]) -> int:
    """The source's judgement of a row stands when the pair and the rule are unchanged (the
    judgement's key is their digest): copied, not asked again. Returns how many."""
    copied = 0
    for tie in ties(plan, {r.trial_id: r for r in results}):
        old = RunKeys(source.run_id).judgement(tie.key.rsplit("/", 1)[1].removesuffix(".json"))
        if not store.exists(tie.key) and store.exists(old):
            store.put(tie.key, store.get(old))
            copied += 1
    return copied


def _estimate(plan: Plan, to_grade: int, rows: int) -> float:
    grader = cost_usd(plan.grader_model or plan.model, to_grade * GRADER_INPUT_TOKENS,
                      to_grade * GRADER_OUTPUT_TOKENS, 0, 0)
    judge = cost_usd(plan.judge_model or plan.model, 2 * rows * JUDGE_INPUT_TOKENS,
                     2 * rows * JUDGE_OUTPUT_TOKENS, 0, 0)
    return grader + judge


def _changed_rule_rows(source: Plan, plan: Plan) -> int:
    """Upper bound on the rows the judge reads again: candidate trials whose rule changed."""
    if plan.judge_model is None:
        return 0
    before = {c.id: c for c in source.cases_in_order()}
    opponents = len([a for a in plan.arms if a is not Arm.CANDIDATE])
    changed = {c.id for c in plan.cases_in_order() if criteria(
        c, plan.judge_expected_output, plan.judge_all) != criteria(
        before[c.id], source.judge_expected_output, source.judge_all)}
    return sum(1 for t in plan.trials if t.arm is Arm.CANDIDATE and t.case.id in changed
               ) * opponents


def print_scope(scope: Scope, console: Console) -> None:
    for change in scope.changes:
        what = {"added": f"+ {change.after}", "removed": f"- {change.before}",
                "edited": f"{change.before} -> {change.after}"}[change.change]
        console.print(f"changed: case {escape(change.case)!r} {change.kind} {change.change}: "
                      f"{escape(what)}")
    for item in scope.not_regraded:
        console.print(f"[yellow]not regraded[/]: case {escape(item.case)!r}: "
                      f"{escape(item.reason)}; run it to measure it")
    for case in scope.removed:
        console.print(f"removed: case {escape(case)!r} is no longer in the case set")


@dataclass(frozen=True)
class Prepared:
    """What a regrade scores: the source run, the skill as it is now, the new plan."""

    source: Plan
    skill: Skill
    scope: Scope
    plan: Plan
    note: str | None


def _prepare(opts: RegradeOptions, store: Store, console: Console) -> Prepared:
    """The source run and the case set as it is now, checked; the regrade's plan."""
    source = load_source(store, opts.run_id)
    if opts.skill_path is None and not source.skill.path.is_dir():
        raise RefusedInput(f"{source.skill.path}: the folder run {opts.run_id} was made from "
                           "is not here; name it with --skill PATH")
    skill = load_skill(opts.skill_path or source.skill.path)
    if skill.name != source.skill.name:
        raise RefusedInput(f"{skill.path}: skill {skill.name!r}, but run {opts.run_id} "
                           f"evaluated {source.skill.name!r}; name its folder with --skill")
    caseset = load_caseset(skill.path, skill.name)
    # each case's project as the plan holds it (its bundle's digest): compared with the
    # source run's, and the regraded plan holds the digest, not the project once per trial
    caseset = caseset.model_copy(update={"evals": tuple(hoist_projects(skill.path,
                                                                       caseset.evals)[0])})
    if not source.trials:
        raise RefusedInput(f"run {opts.run_id} has no trials to regrade")
    fixtures = tar_files(store.get(source.trials[0].fixtures_bundle))
    scope = regrade_scope(source, caseset, fixtures, skill.path)
    _unkept_turns(store, source, scope)
    if not scope.kept:
        print_scope(scope, console)
        raise RefusedInput(f"nothing to regrade: no case of run {opts.run_id} stands for "
                           f"{skill.path / 'evals/evals.json'} as it is now (see above)")
    note = None if skill.digest == source.skill.digest else (
        f"the skill's bytes in {skill.path} differ from the run's ({skill.short_digest} vs "
        f"{source.skill.short_digest}): the regrade scores the sessions the run made, with "
        "its bytes")
    if note:
        console.print(f"[yellow]note[/]: {escape(note)}")
    return Prepared(source, skill, scope, regrade_plan(source, caseset, scope), note)


def _unkept_turns(store: Store, source: Plan, scope: Scope) -> None:
    """A case whose turns' own checks changed needs the files kept after each turn; a run
    made before they were kept has none, so such a case is not regraded."""
    before = {c.id: c for c in source.cases_in_order()}
    for case in list(scope.kept):
        old = before[case.id]
        if (old.first_turn, old.follow_ups) == (case.first_turn, case.follow_ups):
            continue
        ran = [t.trial_id for t in source.trials if t.case.id == case.id]
        if ran and not any(turns_kept(store, source.run_id, t) for t in ran):
            scope.kept.remove(case)
            scope.changes = [c for c in scope.changes if c.case != case.id]
            scope.not_regraded.append(NotRegraded(
                case=case.id, reason="its turns' own checks changed, and this run did not "
                                     "keep the files after each turn (made before they were "
                                     "kept)"))


def _sources(store: Store, source: Plan, plan: Plan) -> dict[str, TrialResult | None]:
    """Each trial's result in the source run, with the grades stored beside its DONE
    (--batch-grading) applied."""
    stood = {t.trial_id: _stood(store, source.run_id, t.trial_id) for t in plan.trials}
    settled, _ = settle([source], [r for r in stood.values() if r is not None], store)
    by_id = {r.trial_id: r for r in settled}
    return {tid: by_id.get(tid) for tid in stood}


def regrade_run(opts: RegradeOptions, console: Console) -> Report:
    store = open_store(opts.store_uri, opts.store_endpoint)
    store.preflight()
    refuse_if_stopped(store)
    job = _prepare(opts, store, console)
    source, plan = job.source, job.plan
    done = finished(plan.trials, store)
    sources = _sources(store, source, plan)
    before = {t.trial_id: t.case for t in source.trials}
    to_grade = sum(1 for t in plan.trials if t.trial_id not in done
                   and (src := sources[t.trial_id]) is not None
                   and needs_grader(before[t.trial_id], t.case, src))
    rows = _changed_rule_rows(source, plan)
    estimate = _estimate(plan, to_grade, rows)
    console.print(f"regrade {plan.run_id} of {source.run_id}: {len(plan.trials)} trial(s) of "
                  f"{len(plan.cases)} case(s) scored again, 0 agent sessions; {to_grade} "
                  f"to the grader, up to {rows} row(s) to the judge (~${estimate:.4f})")
    needed = to_grade > 0 or rows > 0
    with Wave(plan.run_id, store, opts) as wave:
        if needed and not wave.scripted and wave.credential() is None:
            raise RefusedInput("the regrade needs the grader or the judge (changed statements "
                               "or rubrics), and ANTHROPIC_API_KEY is not set: export it (or "
                               "CLAUDE_CODE_OAUTH_TOKEN), or give --model-script FILE for an "
                               "offline dry run")
        wave.price(estimate, 0.0, "the grader and judge", needed)
        with wave.opened([]):
            store.put_if_absent(RunKeys(plan.run_id).plan,
                                plan.model_dump_json(indent=1).encode())
            return _regrade(wave, job, done, sources, needed, opts, console)


def _regrade(wave: Wave, job: Prepared, done: dict[str, TrialResult],
             sources: dict[str, TrialResult | None], needed: bool, rates: RateSettings,
             console: Console) -> Report:
    """Inside the wave: every trial scored again, judgements carried, new ties judged, every
    model call under the wave's cap and its governor (--rpm, --itpm, --otpm)."""
    store, source, plan = wave.store, job.source, job.plan
    governor, guard = wave.paced(rates)
    worker = Regrader(store, source, plan, wave.access(0.0, guard) if needed else None)
    spend = wave.store_spend()

    def stop_check(spent: float) -> str | None:
        return wave.stop_reason() or spend.exceeded(spent)

    results, stopped = _score_trials(worker, done, sources, stop_check)
    spend.record(worker.grader_cost)
    _carry_judgements(store, source, plan, results)
    judged: list[Tie] = []
    if stopped is None:
        # a revised check can turn a decided row into a tie the judge reads
        judged = pending_ties([plan], results, store)
        access = worker.access or _late_access(wave, plan, len(judged), worker.grader_cost,
                                               guard, console)
        if judged and access is not None:
            stopped = judge_ties(judged, store, access,
                                 lambda: stop_check(worker.grader_cost))
        elif access is None:
            judged = []
    judge_cost = judged_cost(store, judged)
    spend.record(worker.grader_cost + judge_cost)
    scope = job.scope
    record = Regrade(
        regraded_from=source.run_id, source_caseset_digest=source.caseset_digest,
        caseset_digest=plan.caseset_digest, skill_path=str(job.skill.path),
        reused_trials=[r.trial_id for r in results if not r.status.is_hole],
        changes=scope.changes, not_regraded=scope.not_regraded,
        removed_cases=scope.removed, graded_trials=worker.graded,
        judged_rows=len(judged), grader_cost_usd=worker.grader_cost,
        judge_cost_usd=judge_cost, skill_note=job.note)
    store.put(RunKeys(plan.run_id).regrade, record.model_dump_json(indent=1).encode())
    metrics = wave.metrics(wave.caps.cap)
    metrics.read_governor(governor.state())
    metrics.budget(worker.grader_cost + judge_cost)
    store.put(RunKeys(plan.run_id).metrics, metrics.snapshot())
    return finish(plan, results, stopped, store, regrade=record)


def _late_access(wave: Wave, plan: Plan, rows: int, spent: float, guard: GovernorGuard,
                 console: Console) -> ModelAccess | None:
    """Rows that became ties after scoring, with no endpoint open: reach the judge when there
    is a way (priced against the store's budget first), else say how to judge them (the same
    regrade again judges what it left)."""
    if not rows:
        return None
    if not wave.scripted and wave.credential() is None:
        console.print(f"[yellow]note[/]: {rows} row(s) now tie and the judge would read them; "
                      "export ANTHROPIC_API_KEY or CLAUDE_CODE_OAUTH_TOKEN (or give "
                      "--model-script FILE) and run the same "
                      "regrade again to judge them")
        return None
    check_store_budget(wave.store, daily_cap(wave.store, wave.settings.store_budget_usd),
                       _estimate(plan, 0, rows), wave.settings.force)
    return wave.access(spent, guard)


def _score_trials(worker: Regrader, done: dict[str, TrialResult],
                  sources: dict[str, TrialResult | None],
                  stop_check: Callable[[float], str | None]
                  ) -> tuple[list[TrialResult], str | None]:
    """Every trial scored again (or its regraded record reused on a resume), until stopped."""
    results: list[TrialResult] = []
    for spec in worker.plan.trials:
        if spec.trial_id in done:
            results.append(done[spec.trial_id])
            continue
        found = sources[spec.trial_id]
        if found is None:
            continue  # never ran in the source (it was stopped): missing here too
        stopped = stop_check(worker.grader_cost)
        if stopped:
            return results, stopped
        try:
            results.append(worker.regrade(spec, found))
        except ModelStopped as exc:
            return results, str(exc)
        except ModelCallError as exc:
            log.warning("trial %s not regraded: %s", spec.trial_id[:12], exc)
            results.append(found.model_copy(update={
                "status": TrialStatus.API_ERROR, "passed": None,
                "error": f"grading failed: {exc}"}))
    return results, None
