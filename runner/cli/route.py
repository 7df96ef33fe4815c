"""`skill-eval route`: Where would this wording route (offline)."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from runner import console
from runner.cli.app import CHECK_EXIT_CODES, guarded, main


@main.command(epilog=CHECK_EXIT_CODES, short_help="Where would this wording route? (offline)")
@click.option("--skills-dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              required=True, help="A folder of skill folders (each with a SKILL.md).")
@click.option("--prompt", required=True, help="The request to route.")
@click.option("--top", default=5, show_default=True, type=click.IntRange(min=1),
              help="Show this many skills.")
@guarded
def route(skills_dir: Path, prompt: str, top: int) -> None:
    """Rank the skills under --skills-dir by how much of the prompt's wording each description
    shares, naming the sentence that matched. Offline and free: it reasons about
    descriptions, it never observes an activation (`skill-eval trigger` does).

    \b
    Example:
      skill-eval route --skills-dir ~/.claude/skills --prompt "list the PRs merged since v2"
    """
    from runner.driver.api import route_prompt

    ranked = route_prompt(skills_dir, prompt, top)
    out = console.out()
    width = max(len(m.skill) for m in ranked)
    for number, match in enumerate(ranked, 1):
        quoted = match.sentence if len(match.sentence) <= 70 else match.sentence[:69] + "…"
        out.print(Text(f"{number}. {match.skill.ljust(width)}  {match.score:.2f}  "
                       + (f"\"{quoted}\"" if quoted else "(no shared wording)")))
    if len(ranked) > 1 and ranked[0].score > 0:
        lead = ranked[0].score - ranked[1].score
        verdict = (f"`{ranked[0].skill}` wins by {lead:.2f} over `{ranked[1].skill}`" if lead
                   else f"`{ranked[0].skill}` and `{ranked[1].skill}` tie: the wording does "
                        "not separate them")
        out.print(Text("\n" + verdict))
    elif not ranked or ranked[0].score == 0:
        out.print(Text("\nno description shares the prompt's wording"))
