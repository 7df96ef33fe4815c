"""What a finished run leaves for later ones: its index entry always, its receipt only when it
completed (a dry run's labelled, never evidence), and `--save NAME` on a completed run; and
`--incumbent latest`, the bytes of the skill's most recent completed receipt.

The digests a receipt carries are what make two runs comparable (runner.analysis.compare):
computed here from the plan, never from where the files lay, so identical bytes at two paths
give the same receipt digests.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path

from runner import config
from runner.authoring.bundles import materialize
from runner.authoring.skill import load_skill
from runner.costs.pricing import PRICE_TABLE_VERSION
from runner.errors import RefusedInput
from runner.judging import judge
from runner.schema.enums import Arm, ReceiptKind, RunStatus
from runner.schema.options import RunOptions
from runner.schema.plan import Plan
from runner.schema.receipt import Digests, Receipt
from runner.schema.report import Report
from runner.schema.triggers import TriggerReport
from runner.scoring import statements
from runner.store.base import Store
from runner.store.receipts import (
    add_neighbour,
    entry_from_receipt,
    entry_from_report,
    file_receipt,
    load_receipt,
    record_run,
    save_name,
)


def _sha(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


GRADER_PROMPT = _sha([statements.SYSTEM, statements.GRADES_SCHEMA, statements.TOOL,
                      statements.MAX_TOKENS])
JUDGE_PROMPT = _sha([judge.SYSTEM, judge.SCHEMA, judge.TOOL, judge.MAX_TOKENS,
                     judge.GENERIC_CRITERIA])


def _script(path: Path | None) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path is not None else ""


def _runner_version(plan: Plan) -> str:
    return plan.versions.get("skill-eval") or "unknown"


def paired_digests(plan: Plan, model_script: Path | None) -> Digests:
    cases = plan.cases_in_order()
    graded = any(c.statements for c in cases)
    fixtures = plan.trials[0].fixtures_bundle if plan.trials else ""
    return Digests(
        model=plan.model,
        case_set=_sha({"cases": [c.digest() for c in cases],
                       "judge_expected_output": plan.judge_expected_output,
                       "judge_all": plan.judge_all}),
        fixtures=Path(fixtures).stem, claude=config.CLAUDE_SDK_VERSION,
        image=plan.image_id or "", grader_model=plan.grader_model if graded else "",
        grader_prompt=GRADER_PROMPT if graded else "", judge_model=plan.judge_model or "",
        judge_prompt=JUDGE_PROMPT if plan.judge_model else "", price_table=PRICE_TABLE_VERSION,
        runner=_runner_version(plan),
        # a dry run whose script is not at hand (a caller without options): not recorded
        model_script=None if plan.dry_run and model_script is None else _script(model_script))


def trigger_digests(plan: Plan, skill: str, library: list[tuple[str, str]],
                    queries: list[tuple[str, bool]], model_script: Path | None) -> Digests:
    return Digests(
        model=plan.model, case_set=_sha(sorted(queries)), claude=config.CLAUDE_SDK_VERSION,
        image=plan.image_id or "", price_table=PRICE_TABLE_VERSION,
        runner=_version(), model_script=_script(model_script),
        library=_sha(sorted((n, d) for n, d in library if n != skill)))


def _version() -> str:
    from importlib import metadata  # noqa: PLC0415

    try:
        return metadata.version("skill-eval")
    except metadata.PackageNotFoundError:
        return "unknown"


def file_paired(store: Store, plan: Plan, report: Report,
                opts: RunOptions | None) -> Receipt | None:
    """After a paired run's report: its receipt when it completed, its index entry always,
    and its saved name (`save`) when it completed. Returns the receipt, if one was filed."""
    script = opts.model_script if opts is not None else None
    save = opts.save if opts is not None else None
    receipt = None
    key = None
    if report.status is RunStatus.COMPLETED:
        candidate = next((t for t in plan.trials if t.arm is Arm.CANDIDATE), None)
        receipt = Receipt(kind=ReceiptKind.PAIRED, run_id=plan.run_id, skill=plan.skill.name,
                          skill_digest=plan.skill.digest, model=plan.model, k=plan.k,
                          dry_run=plan.dry_run, finished_at=report.finished_at,
                          digests=_sessions_script(store, report,
                                                   paired_digests(plan, script)),
                          bundle=candidate.skill_bundle if candidate else None, report=report,
                          source_run=regraded_from(report))
        key = file_receipt(store, receipt)
        if save:
            save_name(store, save, receipt)
    record_run(store, plan.skill.name, entry_from_report(
        report, key, regraded_from(report), names=[save] if save and receipt else []))
    return receipt


def _sessions_script(store: Store, report: Report, digests: Digests) -> Digests:
    """A regraded run's sessions are its source's: so is the model script they ran against
    (the regrade's own script, if any, only grades)."""
    source = regraded_from(report)
    if source is None:
        return digests
    try:
        script = load_receipt(store, source).digests.model_script
    except RefusedInput:
        return digests  # the source left no receipt: not recorded, as before
    return digests.model_copy(update={"model_script": script})


def regraded_from(report: Report) -> str | None:
    """The run whose sessions a regraded run re-scored: the two then compare although their
    case sets differ."""
    return report.regraded_from


def file_trigger(store: Store, plan: Plan, report: TriggerReport, digests: Digests,
                 stopped: str | None, save: str | None,
                 neighbour_of: str | None = None) -> Receipt | None:
    """After a trigger run: a receipt when every session reached a decision and nothing
    stopped it; the index entry always; under `save` (of the tested skill, for a neighbour)."""
    holes = sum(q.holes for q in report.queries)
    completed = stopped is None and holes == 0
    receipt = Receipt(kind=ReceiptKind.TRIGGER, run_id=plan.run_id, skill=plan.skill.name,
                      skill_digest=plan.skill.digest, model=plan.model, k=plan.k,
                      dry_run=plan.dry_run, finished_at=datetime.now(UTC), digests=digests,
                      neighbour_of=neighbour_of, trigger=report)
    if completed:
        key = file_receipt(store, receipt)
        entry = entry_from_receipt(receipt, key)
        if save and neighbour_of is None:
            save_name(store, save, receipt)
            entry.names = [save]
        elif save and neighbour_of is not None:
            add_neighbour(store, save, neighbour_of, plan.skill.name, plan.run_id)
    else:
        entry = entry_from_receipt(receipt, "").model_copy(update={
            "receipt": None, "status": "stopped" if stopped else "partial"})
    record_run(store, plan.skill.name, entry)
    return receipt if completed else None


# --- --incumbent latest ------------------------------------------------------------------

INCUMBENT_CACHE = "incumbents"


def resolve_incumbent(opts: RunOptions, store: Store) -> tuple[RunOptions, str]:
    """`--incumbent latest`: fetch the bytes of the skill's most recent completed receipt
    whose bytes differ, from the store, into the local cache; the options now name that
    folder. Refused (exit 2) when there is none."""
    from runner.history.team import latest_verified_other  # receipts checked against runs

    skill = load_skill(opts.skill_path)
    entry = latest_verified_other(store, skill.name, skill.digest)
    if entry is None:
        raise RefusedInput(
            f"--incumbent latest: no completed run of skill {skill.name!r} with other bytes "
            f"than {skill.path} (sha256 {skill.short_digest}) in {store.uri}; run it once "
            "(a completed run files a receipt), or give --incumbent PATH")
    receipt = load_receipt(store, entry.run_id)
    if receipt.bundle is None:
        raise RefusedInput(f"--incumbent latest: run {entry.run_id} of {skill.name!r} did not "
                           "keep its skill's bytes (a receipt from before they were kept); "
                           "give --incumbent PATH")
    try:
        folder = materialize(store, receipt.bundle, opts.sandbox.scratch_root / INCUMBENT_CACHE)
    except KeyError:
        raise RefusedInput(f"--incumbent latest: the bytes of run {entry.run_id} "
                           f"({receipt.bundle}) are gone from {store.uri}; give --incumbent "
                           "PATH") from None
    found = load_skill(folder)
    if found.digest != receipt.skill_digest:
        raise RefusedInput(f"--incumbent latest: the bytes fetched for run {entry.run_id} do "
                           f"not match its digest ({found.short_digest} != "
                           f"{receipt.skill_digest[:12]})")
    note = (f"latest: run {entry.run_id} (sha256 {receipt.skill_digest[:12]}"
            + (", a dry run" if receipt.dry_run else "") + ")")
    return opts.model_copy(update={"incumbent_path": folder, "incumbent_latest": False}), note
