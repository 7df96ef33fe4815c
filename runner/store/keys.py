"""Every storage key skill-eval writes, built in one place (local dir and S3 share them).

    runs/<run_id>/plan.json                              what was asked, digests, versions
    runs/<group_id>/plan.json                            a group's (batch's) run ids, in order
                                                         (runner.schema.runs.GroupPlan)
    runs/<run_id>/LEASE                                  the driver holding the run (renewed)
    runs/<run_id>/STOP                                   `skill-eval stop` asks the driver to stop
    runs/<run_id>/bundles/<sha256>.tar                   skill and fixture bytes for the nodes
    runs/<run_id>/trials/<trial_id>/attempts/<n>/CLAIM   attempt n started (create-only)
    runs/<run_id>/trials/<trial_id>/attempts/<n>/usage.json       metered so far (rewritten)
    runs/<run_id>/trials/<trial_id>/attempts/<n>/transcript.jsonl   the session (a multi-turn
                                                         case: every turn, in order)
    runs/<run_id>/trials/<trial_id>/attempts/<n>/turns/<i>/transcript.jsonl   turn i alone
                                                         (multi-turn cases only)
    runs/<run_id>/trials/<trial_id>/attempts/<n>/turns/<i>/files.json   the work's listing
                                                         after turn i
    runs/<run_id>/trials/<trial_id>/attempts/<n>/turns/<i>/outputs/<relpath>   the files its
                                                         checks read, as they stood after it
    runs/<run_id>/trials/<trial_id>/attempts/<n>/result.json
    runs/<run_id>/trials/<trial_id>/attempts/<n>/outputs/<relpath>
    runs/<run_id>/trials/<trial_id>/attempts/<n>/grader.json     the grader's request and the
                                                         material it shows, when statements
                                                         are graded after the trials
                                                         (--batch-grading)
    runs/<run_id>/trials/<trial_id>/DONE                 written last, create-only; holds the
                                                         result that stands, which names its
                                                         attempt: readers never mix attempts
    runs/<run_id>/judge/<digest>.json                    the judge on one tied row (resumable)
    runs/<run_id>/grades/<trial_id>.json                 statements graded after the trials
    runs/<pass_id>/batches/<purpose>.json                the Message Batch a driver waits on
                                                         (grader, judge): a resumed driver
                                                         polls it instead of a new one
    runs/<run_id>/report.json
    runs/<run_id>/trigger.json                           a trigger run's report
    runs/<run_id>/feedback.json                          the trials laid out for human review
    runs/<run_id>/metrics.prom                           final metrics snapshot
    runs/<run_id>/driver.log                             the driver's log of the run
    runs/<run_id>/regrade.json                           a regrade: what it reused and what changed
    runs/<run_id>/RECEIPT                                the key of its receipt (completed runs)
    receipts/<skill_digest>/<run_id>.json                the receipt, under the digest of the bytes
    index/<skill name>.json                              every run of a skill, at one read
    index/VERSION                                        the store's receipts are indexed
    names/<skill name>/<NAME>.json                       `--save NAME`: the runs it names
    triggers/<skill_digest>/<run_id>.json                a trigger run's report (session mode)
    triggers/<skill_digest>/catalog.json                 the latest catalog-mode trigger report
    store.json                                           the store's own settings (daily budget)
    control/STOP                                         `skill-eval stop --all`: every run refused
    control/spend/<YYYY-MM-DD>/<pass_id>.json            what one pass spent that UTC day

Skill names and saved names are percent-encoded in keys (a name may hold `/`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from urllib.parse import quote, unquote


@dataclass(frozen=True)
class AttemptKeys:
    prefix: str

    @property
    def claim(self) -> str:
        return f"{self.prefix}/CLAIM"

    @property
    def usage(self) -> str:
        return f"{self.prefix}/usage.json"

    @property
    def transcript(self) -> str:
        return f"{self.prefix}/transcript.jsonl"

    @property
    def result(self) -> str:
        return f"{self.prefix}/result.json"

    @property
    def grader(self) -> str:
        return f"{self.prefix}/grader.json"

    def output(self, relpath: str) -> str:
        return f"{self.prefix}/outputs/{relpath}"

    def turn(self, number: int) -> TurnKeys:
        """One turn (1-based) of a multi-turn case's conversation."""
        return TurnKeys(f"{self.prefix}/turns/{number}")


@dataclass(frozen=True)
class TurnKeys:
    prefix: str

    @property
    def transcript(self) -> str:
        return f"{self.prefix}/transcript.jsonl"

    @property
    def files(self) -> str:
        """The working directory's listing after the turn (runner.schema.turns.TurnFiles)."""
        return f"{self.prefix}/files.json"

    def output(self, relpath: str) -> str:
        """A file the turn's checks read, as it stood after the turn."""
        return f"{self.prefix}/outputs/{relpath}"


@dataclass(frozen=True)
class TrialKeys:
    prefix: str

    @property
    def done(self) -> str:
        return f"{self.prefix}/DONE"

    @property
    def attempts(self) -> str:
        return f"{self.prefix}/attempts/"

    def attempt(self, n: int) -> AttemptKeys:
        return AttemptKeys(f"{self.prefix}/attempts/{n}")

    def attempt_numbers(self, keys: list[str]) -> list[int]:
        """Attempt numbers found among listed keys (of `attempts`), sorted."""
        found = {key[len(self.attempts):].split("/", 1)[0] for key in keys
                 if key.startswith(self.attempts)}
        return sorted(int(n) for n in found if n.isdigit())


@dataclass(frozen=True)
class RunKeys:
    run_id: str

    @property
    def prefix(self) -> str:
        return f"runs/{self.run_id}"

    @property
    def plan(self) -> str:
        return f"{self.prefix}/plan.json"

    @property
    def lease(self) -> str:
        return f"{self.prefix}/LEASE"

    @property
    def report_json(self) -> str:
        return f"{self.prefix}/report.json"

    @property
    def trigger_json(self) -> str:
        """A trigger run's report (its paired counterpart is `report_json`)."""
        return f"{self.prefix}/trigger.json"

    @property
    def feedback(self) -> str:
        return f"{self.prefix}/feedback.json"

    @property
    def metrics(self) -> str:
        return f"{self.prefix}/metrics.prom"

    @property
    def log(self) -> str:
        return f"{self.prefix}/driver.log"

    @property
    def regrade(self) -> str:
        return f"{self.prefix}/regrade.json"

    @property
    def receipt_pointer(self) -> str:
        return f"{self.prefix}/RECEIPT"

    @property
    def stop_flag(self) -> str:
        return f"{self.prefix}/STOP"

    @property
    def trials(self) -> str:
        return f"{self.prefix}/trials/"

    def trial(self, trial_id: str) -> TrialKeys:
        return TrialKeys(f"{self.prefix}/trials/{trial_id}")

    @property
    def judgements(self) -> str:
        return f"{self.prefix}/judge/"

    def judgement(self, digest: str) -> str:
        return f"{self.prefix}/judge/{digest}.json"

    @property
    def grades(self) -> str:
        return f"{self.prefix}/grades/"

    def grade(self, trial_id: str) -> str:
        return f"{self.prefix}/grades/{trial_id}.json"

    def batch(self, purpose: str) -> str:
        return f"{self.prefix}/batches/{purpose}.json"

    def custom_id(self, kind: str, item: str) -> str:
        """A Message Batches custom_id (^[a-zA-Z0-9_-]{1,64}$) naming one call of this run:
        `kind` (g: grader, j: judge) and the item's hex id, unique across a batch's runs."""
        return f"{kind}-{self.run_id.removeprefix('r-')[:16]}-{item}"[:64]

    def bundle(self, data: bytes) -> str:
        return f"{self.prefix}/bundles/{hashlib.sha256(data).hexdigest()}.tar"

    def bundle_of(self, digest: str) -> str:
        """The key of the bundle whose tar has this sha256 (a case's project)."""
        return f"{self.prefix}/bundles/{digest}.tar"

    def done_trial_ids(self, keys: list[str]) -> set[str]:
        """Trial ids with a DONE among listed keys (of `trials`). Only the exact marker key
        counts: an output a sandbox named DONE lives deeper and is not one."""
        found = set()
        for key in keys:
            parts = key[len(self.trials):].split("/") if key.startswith(self.trials) else []
            if len(parts) == 2 and parts[1] == "DONE":
                found.add(parts[0])
        return found


RECEIPTS = "receipts/"
TRIGGERS = "triggers/"


def receipt_key(skill_digest: str, run_id: str) -> str:
    return f"{RECEIPTS}{skill_digest}/{run_id}.json"


def trigger_report_key(skill_digest: str, run_id: str) -> str:
    return f"{TRIGGERS}{skill_digest}/{run_id}.json"


def trigger_catalog_key(skill_digest: str) -> str:
    return f"{TRIGGERS}{skill_digest}/catalog.json"


STORE_CONFIG = "store.json"
STORE_STOP = "control/STOP"


def spend_prefix(day: str) -> str:
    """Every pass's spend on one UTC day (YYYY-MM-DD)."""
    return f"control/spend/{day}/"


def spend_key(day: str, pass_id: str) -> str:
    return f"{spend_prefix(day)}{pass_id}.json"


INDEX = "index/"
INDEX_MARKER = "index/VERSION"
NAMES = "names/"


def _part(text: str) -> str:
    return quote(text, safe="")


def index_key(skill: str) -> str:
    return f"{INDEX}{_part(skill)}.json"


def name_key(skill: str, name: str) -> str:
    return f"{NAMES}{_part(skill)}/{_part(name)}.json"


def parse_receipt_key(key: str) -> tuple[str, str] | None:
    """(skill digest, run id) of a receipt key; None for anything else under receipts/."""
    parts = key[len(RECEIPTS):].split("/") if key.startswith(RECEIPTS) else []
    if len(parts) != 2 or not parts[1].endswith(".json"):
        return None
    return parts[0], parts[1][:-5]


def parse_name_key(key: str) -> tuple[str, str] | None:
    """(skill, name) of a saved-name key."""
    parts = key[len(NAMES):].split("/") if key.startswith(NAMES) else []
    if len(parts) != 2 or not parts[1].endswith(".json"):
        return None
    return unquote(parts[0]), unquote(parts[1][:-5])


# --- the team's published versions (`skill-eval publish`; appended) ------------------------
#
#   published/<skill name>/<skill_digest>.json       one published version: the exact bytes
#                                                    (its bundle), when and by whom, and the
#                                                    receipts attached to it
#   published/<skill name>/bundles/<sha256>.tar      the bytes themselves (`--incumbent team`
#                                                    fetches them)

PUBLISHED = "published/"


def published_prefix(skill: str) -> str:
    return f"{PUBLISHED}{_part(skill)}/"


def published_key(skill: str, skill_digest: str) -> str:
    return f"{published_prefix(skill)}{skill_digest}.json"


def published_bundle_key(skill: str, data: bytes) -> str:
    return f"{published_prefix(skill)}bundles/{hashlib.sha256(data).hexdigest()}.tar"


def parse_published_key(key: str) -> tuple[str, str] | None:
    """(skill, skill digest) of a published version's record; None for its bundles."""
    parts = key[len(PUBLISHED):].split("/") if key.startswith(PUBLISHED) else []
    if len(parts) != 2 or not parts[1].endswith(".json"):
        return None
    return unquote(parts[0]), parts[1][:-5]
