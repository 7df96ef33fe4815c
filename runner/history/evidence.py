"""`skill-eval evidence SKILL`: the latest evidence a skill has in a store (its most recent
completed real paired run), the trend across its evidence, the team's published versions, and
an honest empty state. One read of the skill's index, then each receipt verified against its
stored run (runner.history.verify)."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.skill import load_skill
from runner.history.team import published_versions
from runner.history.verify import verify_entry
from runner.schema.enums import Arm, ReceiptKind
from runner.schema.evidence import (
    EvidenceCard,
    Opponent,
    PublishedView,
    TrendPoint,
    Unverified,
)
from runner.schema.receipt import IndexEntry, Receipt
from runner.schema.report import Report
from runner.store.base import Store
from runner.store.receipts import skill_index


def skill_name(ref: str) -> tuple[str, str | None]:
    """A skill name, or a folder holding one: (name, digest of the folder's bytes or None)."""
    path = Path(ref)
    if (path / "SKILL.md").is_file():
        skill = load_skill(path)
        return skill.name, skill.digest
    return ref, None


def attribution(report: Report) -> str:
    """Whose contribution a run measured: the skill alone, several skills jointly, or one
    skill's marginal contribution beside the others (per-skill)."""
    if not report.skills:
        return "alone"
    if report.baseline_mode == "per-skill":
        others = [s for s in report.skills if s != report.left_out]
        return f"per-skill (marginal of {report.left_out or report.skill}" + (
            f", beside {', '.join(others)})" if others else ")")
    return "joint: " + ", ".join(report.skills)


def _published(store: Store, name: str,
               verified: list[tuple[IndexEntry, Receipt]]) -> list[PublishedView]:
    views = []
    for version in published_versions(store, name):
        mine = [r for _, r in verified if r.skill_digest == version.skill_digest]
        newest = next((r for r in reversed(mine) if r.report is not None), None)
        views.append(PublishedView(
            skill_digest=version.skill_digest, published_at=version.published_at,
            published_by=version.published_by, receipts=len(mine),
            newest_verdict=str(newest.report.verdict) if newest and newest.report else None,
            overridden_fail=version.overridden_fail))
    return views


def evidence_card(store: Store, ref: str) -> EvidenceCard:
    """Every receipt is read back against its stored run (runner.history.verify): an index
    entry or receipt edited in place is listed as not verified, never shown as evidence."""
    name, digest = skill_name(ref)
    entries = [e for e in skill_index(store, name).entries if e.kind is ReceiptKind.PAIRED]
    verified: list[tuple[IndexEntry, Receipt]] = []
    unverified: list[Unverified] = []
    for entry in entries:
        if entry.receipt is None:
            continue
        check, receipt = verify_entry(store, entry)
        if check.verified and receipt is not None:
            verified.append((entry, receipt))
        else:
            unverified.append(Unverified(run_id=entry.run_id, problems=check.problems))
    evidence = [(e, r) for e, r in verified if not r.dry_run]
    published = _published(store, name, verified)
    digests = {p.skill_digest for p in published}
    card = EvidenceCard(
        skill=name, store=store.uri, not_verified=unverified, published=published,
        dry_runs=sum(1 for _, r in verified if r.dry_run),
        without_receipt=sum(1 for e in entries if e.receipt is None),
        trend=[TrendPoint(run_id=e.run_id, finished_at=e.finished_at,
                          skill_digest=e.skill_digest, model=e.model, k=e.k,
                          verdict=e.verdict, pass_rate=e.pass_rates.get(str(Arm.CANDIDATE)),
                          baseline_pass_rate=e.pass_rates.get(str(Arm.BASELINE)),
                          net_lift=e.net_lift, published=e.skill_digest in digests,
                          attribution=attribution(r.report) if r.report else "alone")
               for e, r in evidence])
    if not evidence:
        return card
    latest = evidence[-1][1]
    report = latest.report
    if report is None:
        return card
    rates = {arm: a.pass_rate for arm, a in report.arms.items()}
    cand, base = rates.get(str(Arm.CANDIDATE)), rates.get(str(Arm.BASELINE))
    card.run_id, card.skill_digest = latest.run_id, latest.skill_digest
    card.validated_at, card.model, card.k = latest.finished_at, latest.model, latest.k
    card.cases, card.pass_rates = list(report.cases), rates
    card.attribution, card.latest_published = attribution(report), latest.skill_digest in digests
    card.baseline_delta = None if cand is None or base is None else cand - base
    card.these_bytes = None if digest is None else digest == latest.skill_digest
    card.opponents = [Opponent(
        opponent=str(c.opponent), verdict=str(c.verdict), net_lift=c.net_lift, wins=c.wins,
        losses=c.losses, ties=c.ties, sign_test_p=c.sign_test_p,
        # firmness is known only where the A/A rate was computed (reports since #18)
        firm=c.firm if c.aa_rate is not None else None, aa_rate=c.aa_rate)
        for c in report.comparisons]
    return card
