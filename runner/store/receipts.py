"""Receipts, the per-skill index and saved names, in a store (local or S3; keys from
runner.store.keys).

A completed run files its receipt under the digest of the bytes it evaluated and points to it
from its run folder; every finished run (completed or not) is an entry of its skill's index,
so `runs`, the viewer's history, `evidence` and the estimate read one key per skill instead of
one per past run. A store whose receipts predate the index is indexed once, on first read
(its older receipts migrated on read).

The index and saved names change by compare-and-swap (`runner.store.cas.update`: read with
a version, write only if unchanged, retry otherwise), so two drivers finishing runs of the same
skill in the same instant both keep their entry. An index that still misses a receipt (written
by an older skill-eval, or a crash between receipt and index) is repaired on read by `runs`
(`repair_index`), which calls `reindex`: the index is rebuilt from the receipts.
"""

from __future__ import annotations

from datetime import UTC, datetime

from runner.errors import RefusedInput
from runner.schema.enums import Arm, ReceiptKind, RunStatus
from runner.schema.receipt import (
    INDEX_VERSION,
    IndexEntry,
    Receipt,
    SavedName,
    SkillIndex,
    UnreadableRecord,
    read_index,
    read_receipt,
)
from runner.schema.report import Report
from runner.schema.runs import TokenMeans
from runner.store.base import Store
from runner.store.cas import update
from runner.store.keys import (
    INDEX,
    INDEX_MARKER,
    NAMES,
    RECEIPTS,
    RunKeys,
    index_key,
    name_key,
    parse_name_key,
    parse_receipt_key,
    receipt_key,
)

UNREADABLE = "?"  # the index of receipts whose skill cannot be read


def report_cost(report: Report) -> float | None:
    """Every arm's sessions plus grading plus the judge; None when any arm was not metered."""
    arms = list(report.arms.values())
    if not arms or any(a.cost_usd is None for a in arms):
        return None
    total = sum(a.cost_usd or 0.0 for a in arms) + sum(a.grader_cost_usd or 0.0 for a in arms)
    return total + (report.judge_cost_usd or 0.0)


def _tokens(report: Report) -> dict[str, TokenMeans]:
    out = {}
    for arm, cost in report.arms.items():
        if cost.input_tokens is None or cost.output_tokens is None or not cost.trials:
            continue
        out[arm] = TokenMeans(sessions=cost.trials,
                              input_tokens=cost.input_tokens / cost.trials,
                              output_tokens=cost.output_tokens / cost.trials)
    return out


def entry_from_report(report: Report, receipt: str | None, source_run: str | None = None,
                      names: list[str] | None = None) -> IndexEntry:
    """A paired run's entry. A run that did not complete carries no receipt key, even when
    an older skill-eval filed one for it (it wrote one for every run)."""
    if report.status is not RunStatus.COMPLETED:
        receipt = None
    return IndexEntry(
        run_id=report.run_id, kind=ReceiptKind.PAIRED, skill_digest=report.skill_digest,
        status=str(report.status), receipt=receipt, verdict=report.verdict,
        verdicts={str(c.opponent): c.verdict for c in report.comparisons},
        net_lift=report.net_lift, wins=report.wins, losses=report.losses, ties=report.ties,
        holes=sum(1 for t in report.trials if t.status in ("infra_error", "api_error",
                                                           "stopped")),
        trials=len(report.trials), cases=len(report.cases), k=report.k, model=report.model,
        dry_run=report.dry_run, cost_usd=report_cost(report),
        pass_rates={arm: a.pass_rate for arm, a in report.arms.items()},
        tokens=_tokens(report), started_at=report.started_at, finished_at=report.finished_at,
        source_run=source_run, names=names or [],
        group=report.model_table.group_id if report.model_table else None)


def entry_from_receipt(receipt: Receipt, key: str) -> IndexEntry:
    if receipt.report is not None:
        return entry_from_report(receipt.report, key, receipt.source_run)
    trigger = receipt.trigger
    return IndexEntry(
        run_id=receipt.run_id, kind=receipt.kind, skill_digest=receipt.skill_digest,
        status="completed", receipt=key, k=receipt.k, model=receipt.model,
        dry_run=receipt.dry_run, finished_at=receipt.finished_at,
        cases=len(trigger.queries) if trigger else 0,
        trials=trigger.runs_made if trigger else 0,
        cost_usd=trigger.cost_usd if trigger else None,
        recall=trigger.overall.recall if trigger else None,
        precision=trigger.overall.precision if trigger else None)


# --- receipts ----------------------------------------------------------------------------


def file_receipt(store: Store, receipt: Receipt) -> str:
    """Write a completed run's receipt under its skill digest and point its run folder at it."""
    key = receipt_key(receipt.skill_digest, receipt.run_id)
    store.put(key, receipt.model_dump_json(indent=1).encode())
    store.put(RunKeys(receipt.run_id).receipt_pointer, key.encode())
    return key


def receipt_key_of(store: Store, run_id: str) -> str | None:
    """The key of a run's receipt: its pointer, else (a run from before pointers) a listing
    of receipts/; None when the run has none."""
    try:
        return store.get(RunKeys(run_id).receipt_pointer).decode().strip()
    except KeyError:
        pass
    for key in store.list(RECEIPTS):
        parsed = parse_receipt_key(key)
        if parsed is not None and parsed[1] == run_id:
            return key
    return None


def load_receipt(store: Store, run_id: str) -> Receipt:
    """A run's receipt (migrated when older); refused when the run left none."""
    key = receipt_key_of(store, run_id)
    if key is None:
        status = "it is not in this store"
        if store.exists(RunKeys(run_id).plan):
            status = ("only a completed run files one; it was stopped, partial or refused, "
                      "or is still running")
        raise RefusedInput(f"run {run_id!r} has no receipt in {store.uri}: {status} "
                           "(`skill-eval runs` lists the runs there)")
    return receipt_at(store, key, run_id)


def receipt_at(store: Store, key: str, run_id: str) -> Receipt:
    """The receipt at `key`. One an older skill-eval filed for a run that did not complete
    (it filed one for every run) is refused: it is not evidence."""
    try:
        receipt = read_receipt(store.get(key), key)
    except KeyError:
        raise RefusedInput(f"run {run_id!r}: its receipt {key} is missing from "
                           f"{store.uri}") from None
    if receipt.report is not None and receipt.report.status is not RunStatus.COMPLETED:
        raise RefusedInput(f"run {run_id!r} did not complete ({receipt.report.status}): only a "
                           "completed run is evidence to compare against")
    return receipt


# --- the index ---------------------------------------------------------------------------


def reindex(store: Store) -> dict[str, SkillIndex]:
    """Build every skill's index from the receipts (each read once, migrated), keeping the
    entries of runs that have no receipt (stopped, partial) from the indexes already there."""
    indexes: dict[str, SkillIndex] = {}
    for key in store.list(INDEX):
        if key != INDEX_MARKER:
            try:
                old = read_index(store.get(key), key)
            except (KeyError, UnreadableRecord):
                continue
            indexes[old.skill] = SkillIndex(skill=old.skill, entries=[
                e for e in old.entries if e.receipt is None])
    for key in store.list(RECEIPTS):
        parsed = parse_receipt_key(key)
        if parsed is None:
            continue
        digest, run_id = parsed
        try:
            receipt = read_receipt(store.get(key), key)
        except (KeyError, UnreadableRecord) as exc:
            index = indexes.setdefault(UNREADABLE, SkillIndex(skill=UNREADABLE))
            index.entries.append(IndexEntry(
                run_id=run_id, kind=ReceiptKind.PAIRED, skill_digest=digest,
                status=f"unreadable: {str(exc)[:160]}", receipt=key, readable=False))
            continue
        index = indexes.setdefault(receipt.skill, SkillIndex(skill=receipt.skill))
        # an older skill-eval's receipt of a run that did not complete is indexed without it:
        # one entry per run, not one per rebuild
        index.entries = [e for e in index.entries if e.run_id != run_id]
        index.entries.append(entry_from_receipt(receipt, key))
    listed = {key for key in store.list(RECEIPTS)}
    for index in indexes.values():
        _write_rebuilt(store, index, listed)
    if indexes:  # an empty store stays empty: reading it (a refused run's estimate) writes nothing
        store.put(INDEX_MARKER, f"{INDEX_VERSION}\n".encode())
    return indexes


def _write_rebuilt(store: Store, index: SkillIndex, listed: set[str]) -> None:
    """Write a rebuilt index, keeping what a driver recorded since it was read: an entry of a
    run not rebuilt whose receipt is absent (stopped, partial) or was filed after the listing."""
    key = index_key(index.skill)
    rebuilt = {e.run_id for e in index.entries}

    def change(current: bytes | None) -> bytes:
        entries = list(index.entries)
        if current is not None:
            try:
                now = read_index(current, key)
            except UnreadableRecord:
                now = SkillIndex(skill=index.skill)
            entries += [e for e in now.entries if e.run_id not in rebuilt and (
                e.receipt is None or (e.receipt not in listed and store.exists(e.receipt)))]
        merged = SkillIndex(skill=index.skill, entries=sorted(entries, key=_when))
        return merged.model_dump_json(indent=1).encode()

    update(store, key, change)


def _when(entry: IndexEntry) -> float:
    moment = entry.finished_at or entry.started_at
    return moment.timestamp() if moment else 0.0


def _ensure_indexed(store: Store) -> None:
    if not store.exists(INDEX_MARKER):
        reindex(store)


def skill_index(store: Store, skill: str) -> SkillIndex:
    """One skill's runs, oldest first (one read; a store never indexed is indexed first)."""
    _ensure_indexed(store)
    try:
        return read_index(store.get(index_key(skill)), index_key(skill))
    except KeyError:
        return SkillIndex(skill=skill)


def all_indexes(store: Store) -> list[SkillIndex]:
    """Every skill's index (one read per skill)."""
    _ensure_indexed(store)
    out = []
    for key in store.list(INDEX):
        if key == INDEX_MARKER:
            continue
        try:
            out.append(read_index(store.get(key), key))
        except KeyError:
            continue
    return out


def record_run(store: Store, skill: str, entry: IndexEntry) -> None:
    """Add or replace a run's entry in its skill's index; a name it carries leaves the
    entries that carried it before."""
    _ensure_indexed(store)
    key = index_key(skill)

    def change(current: bytes | None) -> bytes:
        index = read_index(current, key) if current is not None else SkillIndex(skill=skill)
        kept = [e for e in index.entries if e.run_id != entry.run_id]
        for other in kept:
            other.names = [n for n in other.names if n not in entry.names]
        index.entries = sorted([*kept, entry], key=_when)
        return index.model_dump_json(indent=1).encode()

    update(store, key, change)


def stale(store: Store, indexes: list[SkillIndex], every: bool) -> bool:
    """Whether a filed receipt of one of these indexes' skills is missing from them: an index
    left stale by a crash between receipt and index, or by an older skill-eval's lost write.
    One listing of receipts/ (one key per completed run, never per trial). Given `every`
    index, any receipt counts; given one skill's, the receipts of the bytes it has run."""
    runs = {e.run_id for index in indexes for e in index.entries}
    digests = {e.skill_digest for index in indexes for e in index.entries}
    for key in store.list(RECEIPTS):
        parsed = parse_receipt_key(key)
        if parsed is not None and parsed[1] not in runs and (every or parsed[0] in digests):
            return True
    return False


def repair_index(store: Store, indexes: list[SkillIndex] | None = None) -> bool:
    """Rebuild the indexes (`reindex`) when `stale`; True when it did. `indexes`: one skill's
    the caller has just read (default: every skill's, read here)."""
    every = indexes is None
    if indexes is None:
        indexes = all_indexes(store)
    if not stale(store, indexes, every):
        return False
    reindex(store)
    return True


# --- saved names -------------------------------------------------------------------------


def save_name(store: Store, name: str, receipt: Receipt) -> SavedName:
    """Name a completed run (`--save NAME`): its paired or trigger part. A name of the same
    skill's same bytes gains the part; other bytes replace the name whole."""
    key = name_key(receipt.skill, name)
    now = datetime.now(UTC)

    def change(current: bytes | None) -> bytes:
        saved = _saved(current)
        if saved is None or saved.skill_digest != receipt.skill_digest:
            saved = SavedName(name=name, skill=receipt.skill, skill_digest=receipt.skill_digest,
                              saved_at=now)
        if receipt.kind is ReceiptKind.PAIRED:
            saved.paired = receipt.run_id
        else:
            saved.trigger = receipt.run_id
            saved.neighbours = {}  # a new trigger run brings its own neighbours
        saved.saved_at = now
        return saved.model_dump_json(indent=1).encode()

    written = update(store, key, change)
    assert written is not None  # change always writes
    return SavedName.model_validate_json(written)


def _saved(data: bytes | None) -> SavedName | None:
    if data is None:
        return None
    try:
        return SavedName.model_validate_json(data)
    except ValueError:
        return None


def add_neighbour(store: Store, name: str, skill: str, neighbour: str, run_id: str) -> None:
    """Record a neighbour's trigger run under the tested skill's saved name."""
    key = name_key(skill, name)

    def change(current: bytes | None) -> bytes | None:
        saved = _saved(current)
        if saved is None:  # no such name (or a spoiled one): leave it as it is
            return None
        saved.neighbours[neighbour] = run_id
        return saved.model_dump_json(indent=1).encode()

    update(store, key, change)


def find_names(store: Store, name: str, skill: str | None = None) -> list[SavedName]:
    """Every saved name `name` (of `skill` when given)."""
    out = []
    for key in store.list(NAMES):
        parsed = parse_name_key(key)
        if parsed is None or parsed[1] != name or (skill is not None and parsed[0] != skill):
            continue
        try:
            out.append(SavedName.model_validate_json(store.get(key)))
        except (KeyError, ValueError):
            continue
    return out


def token_history(store: Store, skill: str, model: str) -> dict[Arm, TokenMeans]:
    """Mean metered tokens per session of each arm over the skill's past real runs on this
    model (from its index); an arm never measured is absent."""
    totals: dict[Arm, list[float]] = {}
    for entry in skill_index(store, skill).entries:
        if entry.kind is not ReceiptKind.PAIRED or entry.model != model or entry.dry_run:
            continue  # a dry run's tokens are the script's, not the model's
        for name, means in entry.tokens.items():
            sums = totals.setdefault(Arm(name), [0, 0.0, 0.0])
            sums[0] += means.sessions
            sums[1] += means.input_tokens * means.sessions
            sums[2] += means.output_tokens * means.sessions
    return {arm: TokenMeans(sessions=int(n), input_tokens=i / n, output_tokens=o / n)
            for arm, (n, i, o) in totals.items() if n}
