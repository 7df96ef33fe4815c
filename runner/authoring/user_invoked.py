"""A skill only its user can invoke (issue 26, graded as meant): `disable-model-invocation:
true` in SKILL.md's frontmatter tells Claude Code never to pick the skill on its own; it loads
when the user types `/name` (Claude Code's skills documentation, "Control who invokes a
skill"). A case whose prompt does not invoke it runs the candidate arm exactly as the baseline:
the skill is installed and never loaded, so the comparison is a tie by construction. Said once
for the set (EV012) with the cases and the fix; the prompts are never rewritten (the baseline
has no such command, and a prompt that differs between arms compares nothing).
"""

from __future__ import annotations

import re
from pathlib import Path

from runner.authoring.problems import SET_LEVEL, Problems
from runner.authoring.skill import plugin_of, user_invoked_only
from runner.schema.case import Case


def _invokes(prompt: str, names: set[str]) -> bool:
    """The prompt invokes the skill as a user does: `/name` or `/plugin:name` (anywhere: a
    request may name it mid-sentence), or Codex's `$name`."""
    return any(re.search(rf"(?<![\w/$])[/$](?:[\w.-]+:)?{re.escape(n)}(?![\w-])", prompt)
               for n in names)


def report_user_invoked(skill_dir: Path, name: str, cases: list[Case],
                        problems: Problems) -> None:
    if not cases or not user_invoked_only(skill_dir):
        return
    names = {name, skill_dir.name}
    silent = [c.id for c in cases
              if not any(_invokes(p, names) for p in (c.prompt, *(t.prompt for t in c.chain)))]
    if not silent:
        return
    plugin = plugin_of(skill_dir)
    command = f"/{plugin}:{name}" if plugin else f"/{name}"
    shown = ", ".join(silent[:5]) + (f" and {len(silent) - 5} more" if len(silent) > 5 else "")
    problems.report("EV012", SET_LEVEL, f"SKILL.md sets `disable-model-invocation: true`: "
                    f"Claude Code loads the skill only when the user invokes it ({command}), "
                    f"and {len(silent)} case(s) do not ({shown}): in those the candidate arm "
                    "never loads it and runs as the baseline does (a tie by construction)",
                    f"start those prompts with `{command}` (or drop the setting if the model "
                    "should pick the skill itself)")
