"""The `skill-eval` group and the one guard every command runs under (`guarded`): the
project's errors become their exit codes and one line on stderr, Ctrl-C and SIGTERM become
130, and anything else (a bug in skill-eval) exit 4 with the traceback in a file it names, or on
stderr with `--debug`.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar, cast

import click
from rich.console import Console
from rich.text import Text

from runner import config, console
from runner.driver import signals
from runner.errors import EXIT_INTERNAL, EXIT_INTERRUPTED, SkillEvalError
from runner.logs import LEVELS, configure

EXIT_CODES = """\b
Exit codes:
  0    completed (whatever the verdict, unless --gate)
  1    --gate given and a verdict is a firm FAIL (Holm over every comparison)
  2    refused input, nothing spent: skill folder (a hygiene error; static findings under
       --sandbox local without --trust-target), case set, flags, store URI, the key or
       model the endpoint refused at the live preflight, a leaked skill, or a run another
       driver holds
  3    infrastructure failure: Docker, image, gateway, store, Ray, a model endpoint that
       cannot be reached at the live preflight; or no trial could be scored because of them
       (under --gate: exit 5, no evidence cannot decide)
  4    a bug in skill-eval itself (the message names the file with the traceback)
  5    --gate given and the run cannot decide: a FAIL that is not firm, no evidence, or
       (with --gate-max-p) an adjusted A/A rate not below P; the size that would decide
       is named
  130  interrupted (Ctrl-C or SIGTERM): in-flight trials cancelled and cleaned up
"""

CHECK_EXIT_CODES = """\b
Exit codes:
  0  the skill and its case set can run
  2  refused: a hygiene error, or the case set; the message names the file, the case and
     the fix
  4  a bug in skill-eval itself
"""


F = TypeVar("F", bound=Callable[..., Any])


def _fail(err: Console, exc: SkillEvalError) -> NoReturn:
    err.print(Text.assemble(("error: ", "bold red"), str(exc)))
    sys.exit(exc.exit_code)


def _interrupted(err: Console) -> NoReturn:
    err.print(Text.assemble(("interrupted: ", "red"), "in-flight trials cancelled and cleaned "
                            "up (see the cleanup line above); re-run the same command to "
                            "resume"))
    sys.exit(EXIT_INTERRUPTED)


def _internal(err: Console, exc: Exception, debug: bool) -> NoReturn:
    trace = traceback.format_exc()
    if debug:
        err.print(Text(trace))
        where = "above"
    else:
        fd, path = tempfile.mkstemp(prefix="skill-eval-crash-", suffix=".txt")
        with os.fdopen(fd, "w") as handle:
            handle.write(trace)
        where = f"in {path}"
    err.print(Text.assemble(("internal error: ", "bold red"),
                            f"{type(exc).__name__}: {exc} (a bug in skill-eval; traceback "
                            f"{where}; please report it)"))
    sys.exit(EXIT_INTERNAL)


def guarded(fn: F) -> F:
    """Errors become exit codes and one line each; nothing else reaches the user raw."""
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        err = console.err()
        try:
            return fn(*args, **kwargs)
        except SkillEvalError as exc:
            _fail(err, exc)
        except KeyboardInterrupt:
            _interrupted(err)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except Exception as exc:  # noqa: BLE001 - the one place a bug is caught
            ctx = click.get_current_context(silent=True)
            _internal(err, exc, bool(ctx and ctx.find_root().params.get("debug")))
    return cast(F, wrapper)


# command -> its module under runner/cli/, imported when the command runs: a command that
# reads the store (`runs`, `view`) need not load what `run` is built from (it took ~1.2 s)
COMMANDS = {name: name.replace("-", "_") for name in (
    "batch", "cases", "check", "compare", "estimate", "evidence", "gc", "merge", "publish",
    "regrade", "route", "run", "runs", "serve-model", "stop", "trigger", "view")}


class LazyGroup(click.Group):
    """The group whose commands register themselves when their module is imported, and
    whose modules are imported on first use: by name when one runs, all of them when the
    group's help lists them."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            importlib.import_module(f"runner.cli.{COMMANDS[cmd_name]}")
        return super().get_command(ctx, cmd_name)

    def every_command(self) -> dict[str, click.Command]:
        """Every command, each module imported (the docs' and the aliases' tests)."""
        for name in COMMANDS:
            self.get_command(click.Context(self), name)
        return dict(self.commands)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"],
                                              "max_content_width": 100}, epilog=EXIT_CODES)
@click.option("--log-level", type=click.Choice(LEVELS), default=config.LOG_LEVEL,
              show_default=True, help="What the runner logs on stderr (the run's own log in "
                                      "the store always has INFO and up).")
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def main(log_level: str, debug: bool) -> None:
    """skill-eval: does the agent do the job better with this skill than without it?

    Runs the real `claude` CLI on each case of a skill's evals/evals.json, once per arm
    (baseline: no skill, candidate: the folder, incumbent: a previous version), k times,
    each session in a throwaway network-less container, and reports net lift and a verdict.
    """
    configure(log_level)
    signals.install()  # SIGTERM stops a run like Ctrl-C does

