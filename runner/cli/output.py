"""What `run`, `batch` (and the commands built on them) print and how they exit: the report
(a file first, then stdout), the verdict gate, and the checks on output paths made before a run
is paid for."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.text import Text

from runner import console
from runner.errors import EXIT_GATE, EXIT_INCONCLUSIVE, InfraError, RefusedInput
from runner.schema.report import Report
from runner.schema.runs import Estimate


def ask(estimate: Estimate) -> bool:
    return click.confirm(f"spend up to ${estimate.total_usd:.4f}?", default=False,
                         err=True)


def verdict_exit(reports: list[Report], err: Console, gate: bool,
                  gate_max_p: float | None) -> None:
    """After the report: exit 2 for a script that missed requests, 3 when infrastructure left
    nothing to score; under --gate the gate's answer (runner.analysis.gate): 1 on a firm FAIL,
    5 when the run cannot decide (no evidence included, its cause printed), else 0."""
    from runner.analysis.gate import Answer, decide
    from runner.driver.api import require_scored, require_script_coverage

    try:
        require_scored(reports)
    except InfraError as exc:
        if not gate:
            raise
        err.print(Text(f"gate: inconclusive: no evidence: {exc}", style="red"))
        sys.exit(EXIT_INCONCLUSIVE)
    require_script_coverage(reports)
    if not gate:
        return
    decision = decide(reports, gate_max_p)
    failed = decision.answer is Answer.FAIL
    for line in decision.lines:
        err.print(Text(line, style="red" if failed else "yellow"))
    if decision.answer is not Answer.DECIDED:
        sys.exit(EXIT_GATE if failed else EXIT_INCONCLUSIVE)


def check_writable(path: Path | None, flag: str) -> None:
    """A report path that cannot be written is refused before the run is paid for."""
    if path is None:
        return
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK):
        raise RefusedInput(f"{flag} {path}: cannot write there (the folder must exist and be "
                           "writable)")


def emit(reports: list[Report], report_json: Path | None, as_json: bool) -> None:
    """The report: the file first (it survives a broken terminal), then stdout."""
    from runner.render.terminal import render

    payload = (reports[0].model_dump_json(indent=1) if len(reports) == 1 else
               "[" + ",\n".join(r.model_dump_json(indent=1) for r in reports) + "]")
    if report_json is not None:
        try:
            report_json.write_text(payload)
        except OSError as exc:  # checked before the run; the disk can still fill up
            raise InfraError(f"--report-json {report_json}: cannot write it "
                             f"({exc.strerror}); the report is also in the store") from exc
    if as_json:
        sys.stdout.write(payload + "\n")
        return
    out = console.out()
    for index, report in enumerate(reports):
        if index:
            out.print()
        render(report, out)


def gate_fails(reports: list[Report], max_p: float | None = None) -> bool:
    """Whether the gate would exit non-zero (a firm FAIL, or a run that cannot decide)."""
    from runner.analysis.gate import Answer, decide

    return decide(reports, max_p).answer is not Answer.DECIDED
