"""The `skill-eval` command line: a thin shell over runner.driver, one module per command.

    app       the group, exit codes and the guard every command runs under
    options   every shared option, declared once; parameters -> RunOptions in one place
    output    the report, the gate and output-path checks
    <command> one module each, imported when its command runs (app.COMMANDS): run, check,
              cases, batch, stop, regrade, estimate, view, trigger, route, runs,
              serve_model, gc, compare, evidence, merge, publish
"""

from __future__ import annotations

from typing import Any

from runner.cli.app import main

__all__ = ["gate_fails", "main"]


def __getattr__(name: str) -> Any:
    # gate_fails reads reports: its module loads the report models, which `runs` never needs
    if name == "gate_fails":
        from runner.cli.output import gate_fails

        return gate_fails
    raise AttributeError(f"module 'runner.cli' has no attribute {name!r}")
