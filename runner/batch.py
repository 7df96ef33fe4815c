"""`skill-eval batch FILE.yaml`: many evals (skills x options) in one driver, under one
concurrency limit and one budget, resumable as a whole (every id is a digest).

    concurrency: 4
    max_budget_usd: 25           # one cap across every eval in the file
    store: s3://evals/nightly    # optional; default .skill-eval
    defaults: {k: 3, model: sonnet, timeout: 600}
    evals:
      - skill: skills/csv-summary
        incumbent: skills/csv-summary-v1
      - skill: skills/ledger
        k: 5
        cases: [append-row]

Relative paths are read from the batch file's folder.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from rich.console import Console

from runner.api import PassOptions, finish, preflight, run_pass
from runner.errors import RefusedInput
from runner.models import Arm, Verdict
from runner.paths import RunKeys
from runner.plan import DEFAULT_UPSTREAM, RunOptions
from runner.report import Report
from runner.store.base import open_store
from runner.task import SandboxConfig


class EvalDefaults(BaseModel):
    model_config = ConfigDict(extra="forbid")
    k: int = Field(default=1, ge=1)
    model: str = "sonnet"
    timeout: float = Field(default=600.0, gt=0)
    max_turns: int | None = Field(default=None, ge=1)
    arms: list[Arm] = Field(default_factory=lambda: [Arm.BASELINE, Arm.CANDIDATE, Arm.INCUMBENT])


class BatchEval(BaseModel):
    model_config = ConfigDict(extra="forbid")
    skill: Path
    incumbent: Path | None = None
    cases: list[str] = Field(default_factory=list)
    k: int | None = Field(default=None, ge=1)
    model: str | None = None
    timeout: float | None = Field(default=None, gt=0)
    max_turns: int | None = Field(default=None, ge=1)
    arms: list[Arm] | None = None


class BatchFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    concurrency: int = Field(default=2, ge=1)
    max_budget_usd: float | None = Field(default=None, gt=0)
    store: str | None = None
    s3_endpoint_url: str | None = None
    model_script: Path | None = None
    image: str = "skill-eval-sandbox:latest"
    runtime: str | None = None
    defaults: EvalDefaults = Field(default_factory=EvalDefaults)
    evals: list[BatchEval] = Field(min_length=1)


class BatchSummary(BaseModel):
    batch_id: str
    stopped: str | None
    runs: list[dict[str, object]]


def load_batch(path: Path) -> BatchFile:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        batch = BatchFile.model_validate(data)
    except (OSError, yaml.YAMLError) as exc:
        raise RefusedInput(f"{path}: cannot read batch file: {exc}") from exc
    except ValidationError as exc:
        raise RefusedInput(f"{path}: invalid batch file: {exc}") from exc
    base = path.resolve().parent

    def anchor(p: Path | None) -> Path | None:
        return None if p is None else (p if p.is_absolute() else base / p)

    batch.model_script = anchor(batch.model_script)
    for item in batch.evals:
        item.skill = anchor(item.skill) or item.skill
        item.incumbent = anchor(item.incumbent)
    return batch


def batch_options(batch: BatchFile, store_uri: str, upstream: str,
                  ray_address: str | None) -> list[RunOptions]:
    d = batch.defaults
    return [RunOptions(
        skill_path=e.skill, incumbent_path=e.incumbent, k=e.k or d.k, model=e.model or d.model,
        case_ids=tuple(e.cases), arms=tuple(e.arms or d.arms), concurrency=batch.concurrency,
        timeout_s=e.timeout or d.timeout, max_turns=e.max_turns or d.max_turns,
        store_uri=store_uri, store_endpoint=batch.s3_endpoint_url, upstream_url=upstream,
        model_script=batch.model_script, ray_address=ray_address,
        sandbox=SandboxConfig(image=batch.image, runtime=batch.runtime)) for e in batch.evals]


def run_batch(path: Path, console: Console, store_override: str | None = None,
              ray_address: str | None = None, metrics_port: int | None = None,
              force: bool = False, upstream: str = DEFAULT_UPSTREAM) -> tuple[BatchSummary,
                                                                             list[Report]]:
    batch = load_batch(path)
    store_uri = store_override or batch.store or ".skill-eval"
    all_opts = batch_options(batch, store_uri, upstream, ray_address)
    plans = []
    for index, opts in enumerate(all_opts, 1):
        try:
            plans.append(preflight(opts))
        except RefusedInput as exc:
            raise RefusedInput(f"{path}: eval #{index} ({opts.skill_path}): {exc}") from exc
    ids = sorted({p.run_id for p in plans})
    if len(ids) != len(plans):
        raise RefusedInput(f"{path}: two evals in the batch are the same run; remove one")
    batch_id = "b-" + hashlib.sha256(" ".join(ids).encode()).hexdigest()[:16]
    store = open_store(store_uri, batch.s3_endpoint_url)
    store.put(RunKeys(batch_id).plan, ("\n".join(ids) + "\n").encode())
    total = sum(len(p.tasks) for p in plans)
    console.print(f"batch {batch_id}: {len(plans)} eval(s), {total} session(s), concurrency "
                  f"{batch.concurrency}, budget "
                  + (f"${batch.max_budget_usd:g}" if batch.max_budget_usd else "uncapped"))
    shared = PassOptions(concurrency=batch.concurrency, max_budget_usd=batch.max_budget_usd,
                         force=force, metrics_port=metrics_port, ray_address=ray_address,
                         model_script=batch.model_script)
    results, stopped = run_pass(batch_id, plans, store, shared, console, all_opts)
    reports = [finish(plan, results, stopped, store) for plan in plans]
    summary = BatchSummary(batch_id=batch_id, stopped=stopped, runs=[
        {"run_id": r.run_id, "skill": r.skill, "verdict": str(r.verdict),
         "net_lift": r.net_lift, "partial": r.partial} for r in reports])
    store.put(RunKeys(batch_id).report_json, summary.model_dump_json(indent=1).encode())
    return summary, reports


def any_fail(reports: list[Report]) -> bool:
    return any(r.verdict is Verdict.FAIL for r in reports)
