"""Receipts: what a completed run leaves as evidence, filed under the digest of the exact bytes
it evaluated, and the per-skill index that lists them at one read.

    Digests      what makes two runs comparable (case set, fixtures, claude, image, grader and
                 judge models and prompts, price table, runner version, model, model script)
    Receipt      one completed run: its report (paired) or trigger report, the digests, the
                 store key of the skill's bytes; a dry run's is labelled and is not evidence
    IndexEntry   one run of a skill as `runs`, `view`, `evidence` and `estimate` read it
    SkillIndex   every run of one skill, newest last: one read instead of one per run
    SavedName    `--save NAME`: the runs one version of a skill was measured with

Versioned: a receipt carries `receipt_version`; before receipts existed the receipt file was
the bare report (`schema_version` 2 or 3). `read_receipt` reads every older form (migrating on
read) and refuses a newer one with its version named.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from runner.errors import RefusedInput
from runner.schema.enums import ReceiptKind, Verdict
from runner.schema.report import REPORT_SCHEMA_VERSION, Report
from runner.schema.runs import TokenMeans
from runner.schema.triggers import TriggerReport

RECEIPT_VERSION = 1
INDEX_VERSION = 1
OLDEST_REPORT_VERSION = 2  # the first report shape that was stored as a receipt


class UnreadableRecord(RefusedInput):
    """A stored receipt or report this skill-eval cannot read (newer, or damaged)."""


class Digests(BaseModel):
    """What two runs must share to be compared. None: not recorded (a run filed before
    receipts recorded it); "" : not applicable (no statement to grade, no judge)."""

    model: str | None = None
    case_set: str | None = Field(default=None, description="The cases (or trigger queries) "
                                                            "as graded, not where they lay")
    fixtures: str | None = Field(default=None, description="sha256 of the fixture bundle")
    claude: str | None = Field(default=None, description="The claude build (agent SDK wheel)")
    image: str | None = Field(default=None, description="Content id of the sandbox image")
    grader_model: str | None = None
    grader_prompt: str | None = None
    judge_model: str | None = None
    judge_prompt: str | None = None
    price_table: str | None = None
    runner: str | None = Field(default=None, description="skill-eval's version")
    model_script: str | None = Field(default=None, description="sha256 of the scripted "
                                                                "model (dry runs); '' real")
    library: str | None = Field(default=None, description="Trigger runs: the other skills of "
                                                           "the library (names and digests)")

    def differences(self, other: Digests) -> list[tuple[str, str, str]]:
        """(name, mine, theirs) for every digest both recorded and that differs."""
        out = []
        for name in Digests.model_fields:
            mine, theirs = getattr(self, name), getattr(other, name)
            if mine is not None and theirs is not None and mine != theirs:
                out.append((name, mine, theirs))
        return out

    def unrecorded(self, other: Digests) -> list[str]:
        """Digests one side did not record (an older receipt): not compared, and said so."""
        return [name for name in Digests.model_fields
                if (getattr(self, name) is None) != (getattr(other, name) is None)]


class Receipt(BaseModel):
    """One completed run, as later runs are compared against it."""

    receipt_version: int = RECEIPT_VERSION
    kind: ReceiptKind
    run_id: str
    skill: str
    skill_digest: str
    model: str
    k: int = Field(description="Repetitions per case and arm (runs per query for triggers)")
    dry_run: bool = Field(description="Scripted model: labelled, never used as evidence")
    finished_at: datetime | None
    digests: Digests
    bundle: str | None = Field(default=None, description="Store key of the skill's bytes "
                                                         "(`--incumbent latest` fetches it)")
    source_run: str | None = Field(default=None, description="A run derived from another "
                                                             "(regraded): the one it reused")
    neighbour_of: str | None = Field(default=None, description="A trigger run measuring this "
                                                               "skill beside the named one")
    migrated_from: int | None = Field(default=None, description="Read from this older "
                                                                "version; None: current")
    report: Report | None = None
    trigger: TriggerReport | None = None

    @property
    def evidence(self) -> bool:
        return not self.dry_run


class IndexEntry(BaseModel):
    """One run of a skill, enough for `runs`, the viewer's history, `evidence` and the
    estimate's token history without reading the run itself."""

    run_id: str
    kind: ReceiptKind
    skill_digest: str
    status: str
    receipt: str | None = Field(description="Its receipt's key; None: not completed, no "
                                            "receipt (stopped, partial, refused)")
    readable: bool = True
    verdict: Verdict | None = None
    verdicts: dict[str, Verdict] = Field(default_factory=dict, description="Opponent -> verdict")
    net_lift: float | None = None
    wins: int = 0
    losses: int = 0
    ties: int = 0
    holes: int = 0
    trials: int = 0
    cases: int = 0
    k: int = 0
    model: str = "?"
    dry_run: bool = False
    cost_usd: float | None = None
    pass_rates: dict[str, float | None] = Field(default_factory=dict, description="Per arm")
    tokens: dict[str, TokenMeans] = Field(default_factory=dict, description="Per arm, for "
                                                                            "the estimate")
    recall: float | None = None
    precision: float | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None
    source_run: str | None = None
    names: list[str] = Field(default_factory=list, description="--save names it carries")
    group: str | None = Field(default=None, description="Its multi-model group (`m-...`): "
                                                        "one eval on several models")

    @property
    def evidence(self) -> bool:
        return self.receipt is not None and not self.dry_run and self.readable


class SkillIndex(BaseModel):
    index_version: int = INDEX_VERSION
    skill: str
    entries: list[IndexEntry] = Field(default_factory=list, description="Oldest first")


class SavedName(BaseModel):
    """`--save NAME`: the completed runs one version (one digest) of a skill was measured
    with. Saving a run of other bytes under the name replaces it whole."""

    name: str
    skill: str
    skill_digest: str
    saved_at: datetime
    paired: str | None = Field(default=None, description="Run id of the paired run")
    trigger: str | None = Field(default=None, description="Run id of the trigger run")
    neighbours: dict[str, str] = Field(default_factory=dict, description="Neighbour skill -> "
                                                                         "its trigger run")


def _json(data: bytes, what: str) -> dict[str, Any]:
    try:
        parsed = json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise UnreadableRecord(f"{what}: not JSON ({exc})") from exc
    if not isinstance(parsed, dict):
        raise UnreadableRecord(f"{what}: not a JSON object")
    return parsed


def migrate_report(data: dict[str, Any], what: str) -> Report:
    """A stored report of any version this skill-eval knows; a newer one is refused with its
    version named. Version 2 differs from 3 only by fields 3 added (judge-decided rows,
    grading, per-case statistics), which read as absent."""
    version = data.get("schema_version", OLDEST_REPORT_VERSION)
    if not isinstance(version, int) or version > REPORT_SCHEMA_VERSION:
        raise UnreadableRecord(f"{what}: report schema_version {version} is newer than this "
                               f"skill-eval reads (up to {REPORT_SCHEMA_VERSION}); upgrade "
                               "skill-eval to read it")
    try:
        return Report.model_validate({**data, "schema_version": REPORT_SCHEMA_VERSION})
    except ValidationError as exc:
        raise UnreadableRecord(f"{what}: a report of schema_version {version} that cannot be "
                               f"read ({str(exc)[:200]})") from exc


def read_report(data: bytes, what: str) -> Report:
    return migrate_report(_json(data, what), what)


def read_receipt(data: bytes, what: str) -> Receipt:
    """A receipt of any version; the bare report a receipt used to be is migrated on read."""
    parsed = _json(data, what)
    version = parsed.get("receipt_version")
    if version is None:  # before receipts: the receipt file was the run's report
        report = migrate_report(parsed, what)
        return Receipt(kind=ReceiptKind.PAIRED, run_id=report.run_id, skill=report.skill,
                       skill_digest=report.skill_digest, model=report.model, k=report.k,
                       dry_run=report.dry_run, finished_at=report.finished_at,
                       digests=Digests(model=report.model, image=report.image_id,
                                       price_table=report.price_table),
                       migrated_from=parsed.get("schema_version", OLDEST_REPORT_VERSION),
                       report=report)
    if not isinstance(version, int) or version > RECEIPT_VERSION:
        raise UnreadableRecord(f"{what}: receipt_version {version} is newer than this "
                               f"skill-eval reads (up to {RECEIPT_VERSION}); upgrade skill-eval "
                               "to read it")
    if isinstance(parsed.get("report"), dict):
        parsed["report"] = migrate_report(parsed["report"], what)
    try:
        return Receipt.model_validate(parsed)
    except ValidationError as exc:
        raise UnreadableRecord(f"{what}: a damaged receipt ({str(exc)[:200]})") from exc


def read_index(data: bytes, what: str) -> SkillIndex:
    parsed = _json(data, what)
    version = parsed.get("index_version")
    if not isinstance(version, int) or version > INDEX_VERSION:
        raise UnreadableRecord(f"{what}: index_version {version} is newer than this "
                               f"skill-eval reads (up to {INDEX_VERSION}); upgrade skill-eval")
    try:
        return SkillIndex.model_validate(parsed)
    except ValidationError as exc:
        raise UnreadableRecord(f"{what}: a damaged index ({str(exc)[:200]})") from exc
