"""`skill-eval cases SKILL --generate`: draft a case set (and trigger queries) for a skill that
has none, from its stated promises, the author's expectations and each improvement as it
lands."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.text import Text

from runner import config, console
from runner.cli.app import guarded, main
from runner.cli.options import OPTIONS, POSITIVE, use

CASES_EXIT_CODES = """\b
Exit codes:
  0  the draft was written (read it: every TODO is yours to resolve)
  2  refused, nothing spent: no skill, a set already there (without --force), a cap too low
     for the call, no key and no --model-script
  3  the model endpoint failed (after its retries) or answered in another shape
  4  a bug in skill-eval itself
"""


@main.command(epilog=CASES_EXIT_CODES,
              short_help="Draft a case set for a skill that has none (--generate).")
@click.argument("skill", type=click.Path(path_type=Path))
@click.option("--generate", is_flag=True, required=True,
              help="Draft evals/evals.json and trigger queries with the model (one call).")
@click.option("--expect", "expectations", multiple=True, metavar="TEXT",
              help="What you expect of the skill: one case each (repeatable).")
@click.option("--improvement", "improvements", multiple=True, metavar="TEXT",
              help="An improvement that just landed: one case each, added to an existing set "
                   "without --force (repeatable).")
@click.option("--force", is_flag=True,
              help="Replace an existing evals/evals.json (and the drafted trigger files).")
@click.option("--from", "source", type=click.Path(path_type=Path, exists=True),
              metavar="FILE",
              help="Draft from the author's own prose or Markdown case set (one case per case "
                   "it describes; a folder of prose case folders is read whole).")
@click.option("--model", default=config.MODEL, show_default=True,
              help="The model that drafts.")
@click.option("--max-budget-usd", type=POSITIVE,
              help="Spend cap (USD): refused before the call when its worst case is above it.")
@OPTIONS["model_script"]
@use("as_json")
@guarded
def cases(skill: Path, generate: bool, expectations: tuple[str, ...],
          improvements: tuple[str, ...], force: bool, source: Path | None, model: str,
          max_budget_usd: float | None, model_script: Path | None, as_json: bool) -> None:
    """Draft a case set for SKILL from three sources: what its description and body promise,
    what you expect of it (--expect), and each improvement as it lands (--improvement).

    The draft is for you to read, not to run: each case's expected_output opens with TODO, the
    one `order` process item drafted from the body's numbered steps has a TODO per matcher
    (which tool call shows a step happened is yours to say), and each trigger query opens with
    TODO. `skill-eval check` refuses the set (EV009) until you have edited them. One model call
    through the runner's metered client; an existing set is never overwritten without --force.

    \b
    Examples:
      skill-eval cases ./my-skill --generate
      skill-eval cases ./my-skill --generate --expect "totals every numeric column" \\
          --expect "refuses a file that is not CSV" --max-budget-usd 0.50
      skill-eval cases ./my-skill --generate --improvement "reads semicolon-separated files"
      skill-eval cases ./my-skill --generate --from evals/evals.md   # the author's prose set
      skill-eval cases examples/csv-summary --generate --force --model-script script.yaml
    """
    from runner.driver.api import DraftRequest, draft_summary, run_generate

    request = DraftRequest(skill_dir=skill, expectations=expectations,
                           improvements=improvements, force=force, model=model, source=source)
    result = run_generate(request, model_script, max_budget_usd=max_budget_usd)
    out = console.out()
    if as_json:
        out.print_json(json.dumps(draft_summary(result)))
        return
    caseset, *triggers = result.written
    out.print(Text(f"drafted {result.draft.added} case(s) into {caseset}; "
                   f"{result.draft.todos} TODO marker(s) are yours: read each case, fix it, "
                   f"delete the marker (`skill-eval check {skill}` refuses the set until then)"))
    for path in triggers:
        out.print(Text(f"trigger queries: {path}"))
    if result.draft.kept_triggers:
        out.print(Text("trigger queries: the skill's own set is kept (--force to draft new "
                       "ones)"))
    usage = result.usage
    console.err().print(Text(
        f"generation: {usage.requests} model request(s) to {result.model}, "
        f"{usage.input_tokens} in / {usage.output_tokens} out tokens, ${usage.cost_usd:.4f}"
        + (" (scripted model: nothing was spent)" if model_script else ""), style="dim"))
