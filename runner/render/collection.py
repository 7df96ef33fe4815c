"""The group summary of `run COLLECTION` on the terminal: a line per skill, verdict first."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from runner.schema.collection import CollectionSummary


def render_collection(summary: CollectionSummary, console: Console) -> None:
    console.print(Text(f"collection {summary.root}: group {summary.group_id}, "
                       f"{len(summary.runs)} skill run(s)"
                       + (f", stopped: {summary.stopped}" if summary.stopped else ""),
                       style="bold"))
    for run in summary.runs:
        lift = "n/a" if run.net_lift is None else f"{run.net_lift:+.1%}"
        console.print(Text(f"  {run.verdict:<11} {run.skill}  net lift {lift}  {run.cases} "
                           f"case(s)  run {run.run_id}  receipt sha256 "
                           f"{run.skill_sha256[:12]}  {run.status}"
                           + ("  (partial)" if run.partial else "")))
    for skipped in summary.not_run:
        console.print(Text(f"  not run     {skipped.skill}: {skipped.reason}"))
