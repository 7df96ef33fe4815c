"""Receipts checked against the stored run they came from, so that nothing but a completed run
can make evidence: an index entry must say what its receipt says, the receipt's report must be
the run's report.json, its dry-run mark must be the plan's, and every trial it counts must have
its DONE marker in the run. Anything else reads "not verified": only a completed paired run
writes evidence, and nothing else, a hand-made edit included, can fabricate it (docs/running.md,
"Evidence that cannot be hand-made").

Cost: per receipt, four reads (receipt, pointer, report, plan) and one listing of its trials.
"""

from __future__ import annotations

from runner.schema.enums import ReceiptKind, RunStatus
from runner.schema.plan import Plan
from runner.schema.published import Verification
from runner.schema.receipt import IndexEntry, Receipt, UnreadableRecord, read_receipt, read_report
from runner.store.base import Store
from runner.store.keys import RunKeys
from runner.store.receipts import entry_from_receipt

# what an index entry repeats of its receipt: an edit of any of them is caught
SAID = ("run_id", "kind", "skill_digest", "dry_run", "verdict", "verdicts", "net_lift", "wins",
        "losses", "ties", "model", "k", "pass_rates", "status")


def _entry_problems(entry: IndexEntry, receipt: Receipt, key: str) -> list[str]:
    expected = entry_from_receipt(receipt, key)
    return [f"the index says {name}={getattr(entry, name)!r}, its receipt "
            f"{getattr(expected, name)!r}" for name in SAID
            if getattr(entry, name) != getattr(expected, name)]


def _run_problems(store: Store, receipt: Receipt, key: str) -> list[str]:
    keys = RunKeys(receipt.run_id)
    problems = []
    try:
        if store.get(keys.receipt_pointer).decode().strip() != key:
            problems.append("the run points at another receipt")
    except KeyError:
        problems.append("the run has no receipt pointer")
    try:
        plan = Plan.model_validate_json(store.get(keys.plan))
    except (KeyError, ValueError):
        return [*problems, "the run's plan is missing or unreadable"]
    if plan.dry_run != receipt.dry_run:
        problems.append(f"the receipt says dry_run={receipt.dry_run}, the run's plan "
                        f"{plan.dry_run}")
    if plan.skill.digest != receipt.skill_digest:
        problems.append("the receipt's skill digest is not the plan's")
    return problems


def _report_problems(store: Store, receipt: Receipt) -> list[str]:
    report = receipt.report
    if report is None:
        return ["a paired receipt without its report"]
    keys = RunKeys(receipt.run_id)
    try:
        stored = read_report(store.get(keys.report_json), keys.report_json)
    except (KeyError, UnreadableRecord):
        return ["the run's report.json is missing or unreadable"]
    problems = []
    if stored != report:
        problems.append("the receipt's report is not the run's report.json")
    if report.status is not RunStatus.COMPLETED or report.dry_run != receipt.dry_run:
        problems.append("the receipt's report is not a completed run of its dry-run mark")
    wanted = {t.trial_id for t in report.trials}
    done: set[str] = set()
    for run_id in dict.fromkeys([receipt.run_id, report.regraded_from or receipt.run_id]):
        trials = RunKeys(run_id)
        done |= trials.done_trial_ids(store.list(trials.trials))
    if wanted - done:
        problems.append(f"{len(wanted - done)} of its {len(wanted)} trial(s) have no DONE "
                        "marker in the run")
    return problems


def verify_receipt(store: Store, receipt: Receipt, key: str) -> Verification:
    problems = _run_problems(store, receipt, key)
    if receipt.kind is ReceiptKind.PAIRED:
        problems += _report_problems(store, receipt)
    return Verification(run_id=receipt.run_id, verified=not problems, problems=problems)


def verify_entry(store: Store, entry: IndexEntry) -> tuple[Verification, Receipt | None]:
    """An index entry read through its receipt and its run; the receipt when it could be read."""
    if entry.receipt is None:
        return Verification(run_id=entry.run_id, verified=False,
                            problems=["no receipt (the run did not complete)"]), None
    try:
        receipt = read_receipt(store.get(entry.receipt), entry.receipt)
    except (KeyError, UnreadableRecord) as exc:
        problem = "its receipt is missing" if isinstance(exc, KeyError) else str(exc)
        return Verification(run_id=entry.run_id, verified=False, problems=[problem]), None
    checked = verify_receipt(store, receipt, entry.receipt)
    problems = _entry_problems(entry, receipt, entry.receipt) + checked.problems
    return Verification(run_id=entry.run_id, verified=not problems, problems=problems), receipt
