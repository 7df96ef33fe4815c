"""What `skill-eval batch` flags change of a batch file, as one model: the file's own
settings stand unless a flag overrides them (an unset flag overrides nothing), and eval
settings given as flags (--alpha) win over every eval's. Also the file's own `notify:` URL,
read before the file is validated (a refusal overnight is what the notification is for)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict
from rich.console import Console

from runner.driver.batch import BatchSummary, run_batch
from runner.schema.report import Report


class BatchFlags(BaseModel):
    """The command line's pass settings for a batch; None or False: the file decides."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    store_uri: str | None = None
    store_endpoint: str | None = None
    ray_address: str | None = None
    metrics_port: int | None = None
    metrics_host: str | None = None
    store_budget_usd: float | None = None
    force: bool = False
    wait: bool = False
    batch_grading: bool | None = None
    shared_store: bool = False
    forward_credentials: bool = False
    notify: str | None = None
    alpha: float | None = None  # an eval setting: wins over every eval's

    def overrides(self) -> dict[str, Any]:
        """The pass settings the flags set (a flag left off sets nothing: `or None`)."""
        return {
            "store_uri": self.store_uri, "store_endpoint": self.store_endpoint,
            "ray_address": self.ray_address,
            "metrics_port": self.metrics_port, "metrics_host": self.metrics_host,
            "force": self.force or None, "wait": self.wait or None,
            "store_budget_usd": self.store_budget_usd,
            "batch_grading": self.batch_grading or None,
            "shared_store": self.shared_store or None,
            "forward_credentials": self.forward_credentials or None, "notify": self.notify}

    def eval_overrides(self) -> dict[str, Any]:
        return {"alpha": self.alpha}


def run_batch_file(path: Path, flags: BatchFlags,
                   console: Console) -> tuple[BatchSummary, list[Report]]:
    """Every eval of the batch file at `path`, under the flags' overrides."""
    return run_batch(path, console, overrides=flags.overrides(),
                     eval_overrides=flags.eval_overrides())


def batch_notify(path: Path, flags: BatchFlags) -> str | None:
    """Where the batch's notification goes: --notify, else the file's own `notify:` URL."""
    return flags.notify or file_notify(path)


def file_notify(path: Path) -> str | None:
    """The batch file's own `notify:` URL, read even when the file is refused later (a
    refusal overnight is what the notification is for)."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    url = data.get("notify") if isinstance(data, dict) else None
    return url if isinstance(url, str) and url.startswith(("http://", "https://")) else None


def batch_line(summary: BatchSummary) -> str:
    """The batch's one line on stderr: each eval's verdict (and its model, when the batch ran
    several), and why it stopped."""
    several = len({r.get("model") for r in summary.runs if r.get("model")}) > 1
    return (f"batch {summary.batch_id}: " + ", ".join(
        f"{r['skill']}" + (f" on {r['model']}" if several and r.get("model") else "")
        + f" {r['verdict']}" for r in summary.runs)
        + (f" (stopped: {summary.stopped})" if summary.stopped else ""))


def trigger_runs(summary: BatchSummary) -> list[dict[str, object]]:
    """The batch's trigger evals, as its summary lists them (for the notification)."""
    return [r for r in summary.runs if r.get("kind") == "trigger"]
