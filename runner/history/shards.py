"""`skill-eval merge`: the reports of several shards (CI jobs that each ran part of the evals)
read back as one result. A source is a report file (`--report-json` writes one report or a
list) or a store (a directory or s3:// URI; every run's report.json in it).

A run that appears in two sources (the same run id: the same plan) counts once, the newest
report of it standing: a shard resumed elsewhere reports the same trials again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from runner.errors import RefusedInput
from runner.schema.plan import Plan
from runner.schema.receipt import UnreadableRecord, migrate_report, read_report
from runner.schema.report import Report
from runner.store.base import Store, open_store
from runner.store.keys import RunKeys


@dataclass(frozen=True)
class Shard:
    """One report and, when its store kept the plan, the skill folder it was run from."""

    report: Report
    folder: Path | None = None


def _file(path: Path) -> list[Shard]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise RefusedInput(f"{path}: not a report file ({exc}); give a file written by "
                           "--report-json, or a store") from exc
    items = data if isinstance(data, list) else [data]
    if not items or not all(isinstance(i, dict) for i in items):
        raise RefusedInput(f"{path}: not a report file (a report or a list of reports, as "
                           "--report-json writes)")
    return [Shard(migrate_report(item, str(path))) for item in items]


def _folder(store: Store, run_id: str) -> Path | None:
    try:
        plan = Plan.model_validate_json(store.get(RunKeys(run_id).plan))
    except (KeyError, ValueError):
        return None
    return plan.skill.path if plan.skill.path.is_dir() else None


def _store(store: Store) -> list[Shard]:
    out = []
    for key in store.list("runs/"):
        parts = key.split("/")
        if len(parts) != 3 or parts[2] != "report.json":
            continue
        try:
            report = read_report(store.get(key), f"{store.uri}/{key}")
        except (KeyError, UnreadableRecord):
            continue  # a report this skill-eval cannot read is not a result to merge
        out.append(Shard(report, _folder(store, report.run_id)))
    return out


def read_source(source: str, endpoint_url: str | None) -> list[Shard]:
    path = Path(source)
    if "://" not in source and path.is_file():
        return _file(path)
    if "://" not in source and not path.is_dir():
        raise RefusedInput(f"{source}: no such report file or store directory")
    store = open_store(source, endpoint_url)
    if "://" in source:
        store.preflight()
    shards = _store(store)
    if not shards:
        raise RefusedInput(f"{source}: a store with no run report in it (runs/*/report.json)")
    return shards


def merge(sources: list[str], endpoint_url: str | None) -> list[Shard]:
    """Every source's reports, one per run id (the newest), in the order first seen."""
    merged: dict[str, Shard] = {}
    for source in sources:
        for shard in read_source(source, endpoint_url):
            old = merged.get(shard.report.run_id)
            if old is None or _when(shard) >= _when(old):
                merged[shard.report.run_id] = shard if old is None or shard.folder \
                    else Shard(shard.report, old.folder)
    return list(merged.values())


def _when(shard: Shard) -> float:
    moment = shard.report.finished_at
    return moment.timestamp() if moment else 0.0
