"""The `skill-eval` command line: a thin shell over runner.driver, one module per command.

    app       the group, exit codes and the guard every command runs under
    options   every shared option, declared once; parameters -> RunOptions in one place
    output    the report, the gate and output-path checks
    <command> one module each: run, check, cases, batch, stop, regrade, estimate, view, trigger,
              route, runs, serve_model, gc, compare, evidence, merge, publish
"""

from runner.cli import (  # noqa: F401 - importing a command module registers it
    batch,
    cases,
    check,
    compare,
    estimate,
    evidence,
    gc,
    merge,
    publish,
    regrade,
    route,
    run,
    runs,
    serve_model,
    stop,
    trigger,
    view,
)
from runner.cli.app import main
from runner.cli.output import gate_fails

__all__ = ["gate_fails", "main"]
