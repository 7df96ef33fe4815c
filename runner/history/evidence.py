"""`skill-eval evidence SKILL`: the latest evidence a skill has in a store (its most recent
completed real paired run), the trend across its evidence, and an honest empty state. One
read of the skill's index, plus the latest receipt."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.skill import load_skill
from runner.schema.enums import Arm, ReceiptKind
from runner.schema.evidence import EvidenceCard, Opponent, TrendPoint
from runner.store.base import Store
from runner.store.receipts import receipt_at, skill_index


def skill_name(ref: str) -> tuple[str, str | None]:
    """A skill name, or a folder holding one: (name, digest of the folder's bytes or None)."""
    path = Path(ref)
    if (path / "SKILL.md").is_file():
        skill = load_skill(path)
        return skill.name, skill.digest
    return ref, None


def evidence_card(store: Store, ref: str) -> EvidenceCard:
    name, digest = skill_name(ref)
    entries = [e for e in skill_index(store, name).entries if e.kind is ReceiptKind.PAIRED]
    evidence = [e for e in entries if e.evidence]
    card = EvidenceCard(
        skill=name, store=store.uri,
        dry_runs=sum(1 for e in entries if e.receipt and e.dry_run),
        without_receipt=sum(1 for e in entries if e.receipt is None),
        trend=[TrendPoint(run_id=e.run_id, finished_at=e.finished_at,
                          skill_digest=e.skill_digest, model=e.model, k=e.k,
                          verdict=e.verdict, pass_rate=e.pass_rates.get(str(Arm.CANDIDATE)),
                          baseline_pass_rate=e.pass_rates.get(str(Arm.BASELINE)),
                          net_lift=e.net_lift) for e in evidence])
    if not evidence:
        return card
    newest = evidence[-1]
    latest = receipt_at(store, newest.receipt or "", newest.run_id)
    report = latest.report
    if report is None:
        return card
    rates = {arm: a.pass_rate for arm, a in report.arms.items()}
    cand, base = rates.get(str(Arm.CANDIDATE)), rates.get(str(Arm.BASELINE))
    card.run_id, card.skill_digest = latest.run_id, latest.skill_digest
    card.validated_at, card.model, card.k = latest.finished_at, latest.model, latest.k
    card.cases, card.pass_rates = list(report.cases), rates
    card.baseline_delta = None if cand is None or base is None else cand - base
    card.these_bytes = None if digest is None else digest == latest.skill_digest
    card.opponents = [Opponent(
        opponent=str(c.opponent), verdict=c.verdict, net_lift=c.net_lift, wins=c.wins,
        losses=c.losses, ties=c.ties, sign_test_p=c.sign_test_p,
        # firmness is known only where the A/A rate was computed (reports since #18)
        firm=c.firm if c.aa_rate is not None else None, aa_rate=c.aa_rate)
        for c in report.comparisons]
    return card
