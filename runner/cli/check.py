"""`skill-eval check`: Check a skill and its case set offline."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.text import Text

from runner import console
from runner.cli.app import CHECK_EXIT_CODES, guarded, main
from runner.cli.options import run_options, use
from runner.errors import RefusedInput

if TYPE_CHECKING:
    from runner.driver.api import Collection


@main.command(epilog=CHECK_EXIT_CODES, short_help="Check a skill and its case set offline.")
@click.argument("skill", type=click.Path(path_type=Path))
@use("k", "max_k", "min_k", "incumbent_path", "model_script", "cases_file", "strict",
     "skill_name")
@click.option("--verbose", "-v", is_flag=True,
              help="Also list each case: every check, how it will be graded, on what material "
                   "and where it came from; fixtures and where they are staged; what is kept "
                   "but not graded.")
@use("as_json")
@guarded
def check(skill: Path, verbose: bool, as_json: bool, **params: Any) -> None:
    """Check SKILL and its case set offline (free, nothing written): what a run would do.
    A set with problems is refused with all of them at once, each with its code, file, case
    and fix.

    Also the skill's hygiene (HY001-HY008: an error refuses, as a run would), the static scan
    of its files (network reach, process spawn, commands on load, hidden commands, destructive
    commands, overrides, hidden characters, uploads) and CS004. With --json, everything -v
    shows and every finding, or every problem of a refused set (exit 2), as JSON on stdout.

    \b
    Examples:
      skill-eval check examples/csv-summary
      skill-eval check examples/csv-summary -v      # how each check will be graded
      skill-eval check examples/csv-summary --json  # the same, for tools
      skill-eval check examples/csv-summary --model-script examples/csv-summary/model-script.yaml
      skill-eval check ./my-skills                  # a collection: each skill a run would run
    """
    from runner.driver.api import check_skill, check_target, collection_at, read_once

    with read_once():  # each set file read once by all of check's passes
        with _refusals(as_json):
            found = collection_at(skill, params.get("skill_name"), params.get("cases_file"))
        if found is not None:
            _collection(found, verbose, as_json, params)
            return
        skill, _ = check_target(skill)  # a repository whose one skill sits in a subfolder
        with _refusals(as_json):
            checked = check_skill(run_options(skill, params))
    if as_json:
        click.echo(checked.report.model_dump_json(indent=2))
        return
    out = console.out()
    for line in checked.lines(verbose):
        out.print(Text(line))


def _collection(found: Collection, verbose: bool, as_json: bool, params: dict[str, Any]) -> None:
    """Each skill a run on the collection would run, checked as `check SKILL` checks it: a
    skill refused is listed with its refusal in its place, the others checked; then the
    collection is refused (exit 2) when any skill is, as a run on it would be."""
    from runner.driver.api import PassedOver, check_collection, refused_members, refused_report

    with _refusals(as_json):
        checked = check_collection(run_options(found.root, params), found)
    refusal = refused_members(checked)
    if as_json:
        click.echo("[" + ",\n".join(
            (refused_report(c).model_copy(update={"skill": m.name})
             if isinstance(c, RefusedInput) else
             refused_report(c.refusal).model_copy(update={"skill": m.name})
             if isinstance(c, PassedOver) else c.report).model_dump_json(indent=2)
            for m, c in checked) + "]")
        if refusal is not None:
            sys.exit(refusal.exit_code)
        return
    out = console.out()
    for line in found.lines():
        out.print(Text(line))
    for member, result in checked:
        out.print(Text(f"{member.name}:", style="bold"))
        if isinstance(result, RefusedInput):
            out.print(Text(f"  refused: {result}"))
            continue
        if isinstance(result, PassedOver):
            out.print(Text(f"  not run: {result} (`--strict` refuses it)"))
            continue
        for line in result.lines(verbose):
            out.print(Text(f"  {line}"))
    if refusal is not None:
        raise refusal


@contextmanager
def _refusals(as_json: bool) -> Iterator[None]:
    """With --json, a refusal is printed as the report `check --json` gives (exit 2)."""
    from runner.driver.api import refused_report

    try:
        yield
    except RefusedInput as exc:
        if not as_json:
            raise
        click.echo(refused_report(exc).model_dump_json(indent=2))
        sys.exit(exc.exit_code)
