"""`skill-eval compare A B`: the regression gate between two saved runs."""

from __future__ import annotations

import sys
from typing import Any

import click

from runner import console
from runner.cli.app import guarded, main
from runner.cli.options import STORE, read_store, use
from runner.errors import EXIT_GATE

COMPARE_EXIT_CODES = """\b
Exit codes:
  0  no regression (rising cost is reported, not failed, unless --fail-on-cost)
  1  REGRESSION DETECTED
  2  refused: an unknown name or run id, runs that are not comparable (a digest differs
     that --allow-different does not name), nothing in common to compare
  3  the store cannot be read
  4  a bug in skill-eval itself
"""


@main.command(epilog=COMPARE_EXIT_CODES, short_help="Did B get worse than A? (regression gate)")
@click.argument("before")
@click.argument("after")
@use(*STORE)
@click.option("--skill-name", "--skill", "skill", default=None, metavar="NAME",
              help="The skill whose saved names these are (when several skills use them).")
@click.option("--allow-different", "allow", default="",
              help="Comma-separated digests that may differ (model, case_set, fixtures, "
                   "claude, image, grader_model, grader_prompt, judge_model, judge_prompt, "
                   "price_table, runner, model_script, library, skill).")
@click.option("--fail-on-cost", is_flag=True,
              help="Also fail when tokens or cost per session rise more than 5%.")
@use("as_json")
@guarded
def compare(before: str, after: str, store_uri: str, store_endpoint: str | None,
            skill: str | None, allow: str, fail_on_cost: bool, as_json: bool) -> None:
    """Compare AFTER against BEFORE (each a `--save` name or a run id) and print the
    report: REGRESSION DETECTED when task success, process followed or strict success fell
    by more than the runs' own noise (a permutation test over the cases both ran, at 95%;
    a fixed line of more than 5 points only where nothing can be redrawn, marked "noise not
    measured"), when trigger precision or recall fell by more than the runs' noise (the same
    test, each query's runs; at one run per query the fixed line), or when a neighbour's
    recall fell. The cases that got worse are named either way, `<id> (process)` for a
    process no longer followed. Trigger queries that
    flipped are listed. Tokens and cost rising are reported, failing only with
    --fail-on-cost. Runs that differ in a digest (case set, fixtures, claude, image, grader
    or judge, price table, runner) are refused unless --allow-different names it.

    \b
    Examples:
      skill-eval run ./my-skill --save v1 ... edit ... skill-eval run ./my-skill --save v2
      skill-eval compare v1 v2
      skill-eval compare r-8cfe993a564bfb22 r-1f2e3d4c5b6a7980 --json
      skill-eval compare v1 v2 --allow-different image,runner --fail-on-cost
      skill-eval compare m-0c1d2e3f4a5b6c7d m-9a8b7c6d5e4f3a2b   # two multi-model runs
    """
    from runner.driver.api import compare_models, compare_refs, is_models_ref
    from runner.render.history import render_regression

    store = read_store(store_uri, store_endpoint)
    allowed = tuple(a.strip() for a in allow.split(",") if a.strip())
    if is_models_ref(before) or is_models_ref(after):
        _per_model(compare_models(store, before, after, allowed, skill, fail_on_cost),
                   as_json)
        return
    result = compare_refs(store, before, after, allowed, skill, fail_on_cost)
    if as_json:
        sys.stdout.write(result.model_dump_json(indent=1) + "\n")
    else:
        render_regression(result, console.out())
    if result.regression:
        sys.exit(EXIT_GATE)


def _per_model(results: dict[str, Any], as_json: bool) -> None:
    """One regression report per model both runs ran; exit 1 when any model regressed."""
    from runner.render.models import regressions_json, render_regressions

    if as_json:
        sys.stdout.write(regressions_json(results) + "\n")
    else:
        render_regressions(results, console.out())
    if any(r.regression for r in results.values()):
        sys.exit(EXIT_GATE)
