"""A team's published versions of a skill, kept in a shared store (an S3 bucket is the team's
registry; a local store works the same).

    publish      the exact bytes of a folder become a published version; the verified
                 receipts of those bytes in the store the runs were made in are attached (copied
                 with what verifies them when that store is another one)
    team pick    `--incumbent team`: the published version whose newest verified receipt is
                 the most recent, among those whose bytes differ from the candidate's

A receipt of bytes that were never published is not the team's: `--incumbent team` never picks
it, and the evidence card labels it unpublished, until publish attaches it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from runner.errors import RefusedInput
from runner.history.verify import verify_entry
from runner.schema.enums import ReceiptKind, Verdict
from runner.schema.published import PublishedVersion, Verification
from runner.schema.receipt import IndexEntry, Receipt
from runner.schema.skill import Skill
from runner.store.base import Store
from runner.store.keys import (
    RunKeys,
    parse_published_key,
    published_bundle_key,
    published_key,
    published_prefix,
)
from runner.store.receipts import entry_from_receipt, file_receipt, record_run, skill_index


@dataclass
class Attachable:
    """What publish would attach: verified receipts of the bytes (oldest first), and the
    entries of those bytes that did not verify (never attached)."""

    receipts: list[tuple[str, Receipt]] = field(default_factory=list)
    not_verified: list[Verification] = field(default_factory=list)

    @property
    def newest(self) -> Receipt | None:
        paired = [r for _, r in self.receipts if r.kind is ReceiptKind.PAIRED]
        return paired[-1] if paired else None

    @property
    def newest_fails(self) -> bool:
        """The newest receipt of these bytes reads FAIL against some opponent."""
        report = self.newest.report if self.newest else None
        return report is not None and (report.verdict is Verdict.FAIL or any(
            c.verdict is Verdict.FAIL for c in report.comparisons))


def verified_receipts(store: Store, skill: str, digest: str) -> Attachable:
    found = Attachable()
    for entry in skill_index(store, skill).entries:
        if entry.skill_digest != digest or entry.receipt is None:
            continue
        check, receipt = verify_entry(store, entry)
        if check.verified and receipt is not None:
            found.receipts.append((entry.receipt, receipt))
        else:
            found.not_verified.append(check)
    return found


def published_versions(store: Store, skill: str) -> list[PublishedVersion]:
    """Every published version of a skill, oldest first."""
    out = []
    for key in store.list(published_prefix(skill)):
        if parse_published_key(key) is None:
            continue
        try:
            out.append(PublishedVersion.model_validate_json(store.get(key)))
        except (KeyError, ValueError):
            continue
    return sorted(out, key=lambda v: v.published_at)


def _copy_run(source: Store, team: Store, receipt: Receipt) -> None:
    """What verifies a receipt, copied into the team store: the plan, the report, the DONE
    markers of its trials (the trials' results; transcripts stay where they ran)."""
    for run_id in dict.fromkeys([receipt.run_id, receipt.source_run or receipt.run_id]):
        keys = RunKeys(run_id)
        wanted = [keys.plan, keys.report_json] if run_id == receipt.run_id else []
        wanted += [keys.trial(t).done for t in keys.done_trial_ids(source.list(keys.trials))]
        for key in wanted:
            try:
                team.put(key, source.get(key))
            except KeyError:
                continue


def attach(source: Store, team: Store, found: Attachable) -> list[str]:
    """File the verified receipts in the team store (a no-op when it is the same store)."""
    if source.uri != team.uri:
        for _, receipt in found.receipts:
            _copy_run(source, team, receipt)
            key = file_receipt(team, receipt)
            record_run(team, receipt.skill, entry_from_receipt(receipt, key))
    return [r.run_id for _, r in found.receipts]


def publish_version(source: Store, team: Store, skill: Skill, bundle: bytes, by: str,
                    found: Attachable, overridden_fail: bool) -> PublishedVersion:
    """Record `skill`'s bytes (`bundle`, packed from its folder) as a published version in
    `team`, attaching `found`. Publishing the same bytes again attaches newer receipts and
    keeps the first publication's time."""
    key = published_key(skill.name, skill.digest)
    bundle_key = published_bundle_key(skill.name, bundle)
    if not team.exists(bundle_key):
        team.put(bundle_key, bundle)
    attached = attach(source, team, found)
    try:
        old: PublishedVersion | None = PublishedVersion.model_validate_json(team.get(key))
    except (KeyError, ValueError):
        old = None
    newest = found.newest
    version = PublishedVersion(
        skill=skill.name, skill_digest=skill.digest, bundle=bundle_key,
        published_at=old.published_at if old else datetime.now(UTC),
        published_by=old.published_by if old else by,
        receipts=list(dict.fromkeys([*(old.receipts if old else []), *attached])),
        newest_verdict=str(newest.report.verdict) if newest and newest.report else None,
        overridden_fail=overridden_fail or bool(old and old.overridden_fail))
    team.put(key, version.model_dump_json(indent=1).encode())
    return version


def team_pick(team: Store, skill: str, digest: str) -> tuple[PublishedVersion, Receipt] | None:
    """`--incumbent team`: the published version (other bytes than `digest`) whose newest
    verified paired receipt is the most recent; None when no such version has one."""
    best: tuple[PublishedVersion, Receipt] | None = None
    for version in published_versions(team, skill):
        if version.skill_digest == digest:
            continue
        newest = verified_receipts(team, skill, version.skill_digest).newest
        if newest is None:
            continue
        if best is None or _when(newest) >= _when(best[1]):
            best = (version, newest)
    return best


def _when(receipt: Receipt) -> float:
    return receipt.finished_at.timestamp() if receipt.finished_at else 0.0


def require_unpublished_ok(found: Attachable, yes: bool, interactive: bool) -> bool:
    """Whether publishing may go ahead without asking: True unless the newest receipt is FAIL.
    Off a terminal and without --yes, a FAIL is refused (exit 2)."""
    if not found.newest_fails or yes:
        return True
    if not interactive:
        newest = found.newest
        raise RefusedInput(f"publish: the newest receipt of these bytes (run "
                           f"{newest.run_id if newest else '?'}) is FAIL, and there is no "
                           "terminal to ask on; pass --yes to publish them anyway")
    return False


def latest_verified_other(store: Store, skill: str, digest: str) -> IndexEntry | None:
    """`--incumbent latest`: the skill's most recent completed paired receipt whose bytes
    differ from `digest`, among those that verify against their stored run."""
    for entry in reversed(skill_index(store, skill).entries):
        if entry.receipt and entry.readable and entry.skill_digest != digest and \
                entry.kind is ReceiptKind.PAIRED and verify_entry(store, entry)[0].verified:
            return entry
    return None
