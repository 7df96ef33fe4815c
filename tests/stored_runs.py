"""Stored runs with known answers, written straight into a store with the schema models: the
receipts, index entries and saved names a completed run would leave (tests of `compare`,
`evidence`, `runs` and `--incumbent latest` that need no session)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

from runner.schema.enums import Arm, ReceiptKind, RunStatus, Verdict
from runner.schema.receipt import Digests, Receipt
from runner.schema.report import ArmCost, Comparison, ProcessFigures, Report, TrialLine
from runner.schema.triggers import Confusion, QueryResult, TriggerQuery, TriggerReport
from runner.store.base import Store
from runner.store.receipts import entry_from_receipt, file_receipt, record_run, save_name

T0 = datetime(2026, 11, 1, tzinfo=UTC)
DIGESTS = Digests(model="sonnet", case_set="c" * 64, fixtures="f" * 64, claude="0.2.184",
                  image="sha256:img", grader_model="", grader_prompt="", judge_model="sonnet",
                  judge_prompt="j" * 64, price_table="2026-11", runner="0.1.0",
                  model_script="")


def _arm(lines: list[TrialLine], per_session: tuple[int, int, float]) -> ArmCost:
    n = len(lines)
    passed = [t.passed for t in lines if t.passed is not None]
    followed = [t for t in lines if t.process_followed is not None]
    process = None
    if followed:
        ok = [t for t in followed if t.process_followed]
        process = ProcessFigures(trials=len(followed), followed=len(ok) / len(followed),
                                 items_met=len(ok) / len(followed),
                                 strict=sum(1 for t in ok if t.passed) / len(followed))
    tin, tout, usd = per_session
    return ArmCost(sessions=n, holes=0, turns=None, wall_s=None, input_tokens=tin * n,
                   output_tokens=tout * n, cost_usd=usd * n, cli_cost_usd=None,
                   pass_rate=sum(passed) / len(passed) if passed else None, process=process)


def paired(run_id: str, cases: dict[str, tuple[list[bool], list[bool]]], *,
           skill: str = "ledger", digest: str = "a" * 64, minutes: int = 0,
           process: dict[str, list[bool]] | None = None,
           per_session: tuple[int, int, float] = (1000, 200, 0.01), dry_run: bool = False,
           status: RunStatus = RunStatus.COMPLETED, **digests: str) -> Receipt:
    """A paired run: per case, the candidate's and the baseline's pass per repetition; per
    case (optional) whether the candidate followed its process, per repetition."""
    lines: list[TrialLine] = []
    wins = losses = ties = 0
    for case, (cand, base) in cases.items():
        # a trial id is a key part, as a real run's (hex) is: a case name may hold anything
        tag = hashlib.sha256(case.encode()).hexdigest()[:8]
        for rep, (c, b) in enumerate(zip(cand, base, strict=True)):
            followed = process[case][rep] if process and case in process else None
            lines.append(TrialLine(trial_id=f"{run_id}-{tag}-{rep}-c", case=case,
                                   repetition=rep, arm=Arm.CANDIDATE, status="completed",
                                   passed=c, process_followed=followed))
            lines.append(TrialLine(trial_id=f"{run_id}-{tag}-{rep}-b", case=case,
                                   repetition=rep, arm=Arm.BASELINE, status="completed",
                                   passed=b))
            wins += c and not b
            losses += b and not c
            ties += c == b
    rows = wins + losses + ties
    lift = (wins - losses) / rows if rows else None
    verdict = Verdict.PASS if wins > losses else (Verdict.FAIL if losses > wins
                                                  else Verdict.NEUTRAL)
    comparison = Comparison(opponent=Arm.BASELINE, wins=wins, losses=losses, ties=ties,
                            holes=0, net_lift=lift, verdict=verdict, sign_test_p=0.5)
    finished = T0 + timedelta(minutes=minutes)
    report = Report(
        status=status, run_id=run_id, skill=skill, skill_digest=digest, model="sonnet",
        dry_run=dry_run, verdict=verdict, net_lift=lift, wins=wins, losses=losses, ties=ties,
        holes=0, partial=False, sign_test_p=0.5, comparisons=[comparison],
        arms={"baseline": _arm([t for t in lines if t.arm is Arm.BASELINE], (800, 150, 0.008)),
              "candidate": _arm([t for t in lines if t.arm is Arm.CANDIDATE], per_session)},
        rows=[], trials=lines, price_table="2026-11", k=len(next(iter(cases.values()))[0]),
        cases=list(cases), started_at=finished - timedelta(minutes=1), finished_at=finished)
    return Receipt(kind=ReceiptKind.PAIRED, run_id=run_id, skill=skill, skill_digest=digest,
                   model="sonnet", k=report.k, dry_run=dry_run, finished_at=finished,
                   digests=DIGESTS.model_copy(update=digests), report=report)


def trigger(run_id: str, queries: list[tuple[str, bool, int, int]], *, skill: str = "ledger",
            digest: str = "a" * 64, minutes: int = 0, cost: float | None = 0.02,
            **digests: str) -> Receipt:
    """A trigger run: (prompt, should_trigger, runs, fired) per query."""
    results = [QueryResult(query=TriggerQuery(id=f"q{i}", prompt=p, should_trigger=s,
                                              source="evals/trigger/x.yaml"),
                           runs=n, fired=f) for i, (p, s, n, f) in enumerate(queries)]
    overall = Confusion(
        fired_when_should=sum(q.fired for q in results if q.query.should_trigger),
        missed=sum(q.runs - q.fired for q in results if q.query.should_trigger),
        barged_in=sum(q.fired for q in results if not q.query.should_trigger),
        quiet_when_should_not=sum(q.runs - q.fired for q in results
                                  if not q.query.should_trigger))
    runs = max((q.runs for q in results), default=1)
    made = sum(q.runs for q in results)
    report = TriggerReport(skill=skill, mode="session", runs_per_query=runs, files=[],
                           queries=results, overall=overall, train=overall,
                           validation=Confusion(), runs_made=made,
                           cost_usd=None if cost is None else cost * made)
    return Receipt(kind=ReceiptKind.TRIGGER, run_id=run_id, skill=skill, skill_digest=digest,
                   model="sonnet", k=runs, dry_run=False,
                   finished_at=T0 + timedelta(minutes=minutes),
                   digests=DIGESTS.model_copy(update={"fixtures": None, **digests}),
                   trigger=report)


def store_run(store: Store, receipt: Receipt) -> None:
    """The stored run a receipt is checked against (runner.history.verify): its plan, its
    report, a DONE marker per trial."""
    from pathlib import Path

    from runner.schema.plan import Plan
    from runner.schema.skill import Skill
    from runner.store.keys import RunKeys

    keys = RunKeys(receipt.run_id)
    plan = Plan(run_id=receipt.run_id, created_at=receipt.finished_at or T0,
                skill=Skill(path=Path("/skills") / receipt.skill, name=receipt.skill,
                            digest=receipt.skill_digest),
                incumbent=None, caseset_digest="c" * 64, cases=[], k=receipt.k, arms=[],
                model=receipt.model, dry_run=receipt.dry_run, versions={}, trials=[])
    store.put(keys.plan, plan.model_dump_json().encode())
    if receipt.report is not None:
        store.put(keys.report_json, receipt.report.model_dump_json(indent=1).encode())
        for trial in receipt.report.trials:
            store.put(keys.trial(trial.trial_id).done, trial.model_dump_json().encode())


def store_receipt(store: Store, receipt: Receipt, save: str | None = None) -> None:
    """What a completed run leaves: its run, its receipt, its index entry, its saved name."""
    store_run(store, receipt)
    key = file_receipt(store, receipt)
    entry = entry_from_receipt(receipt, key)
    if save:
        save_name(store, save, receipt)
        entry.names = [save]
    record_run(store, receipt.skill, entry)
