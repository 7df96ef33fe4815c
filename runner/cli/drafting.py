"""`run` on a skill with no case set (docs/running.md, "A skill without a case set"): one
drafting call, the draft written into the folder for review, and the run stops (exit 2,
nothing else spent). A prose or Markdown set in the skill's
layout is what the draft is read from."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from rich.text import Text

from runner import config, console


def one_skill(path: Path) -> Path:
    """The skill a run is pointed at: the folder, or the one skill below it (a repository
    whose skill sits in a subfolder); a collection is refused, listing its skills."""
    from runner.authoring.layouts import collection, collection_lines
    from runner.errors import RefusedInput

    members = collection(path)
    if len(members) == 1:
        return members[0][0]
    if members:
        raise RefusedInput("\n".join(collection_lines(path, members)))
    return path


def draft_when_missing(skill: Path, params: dict[str, Any]) -> None:
    """Returns when the skill has a set (or is not a skill folder: the run refuses that
    itself); otherwise drafts one and exits 2."""
    from runner.authoring.generate import DraftRequest
    from runner.authoring.layouts import find_prose, find_set
    from runner.driver.generate import run_generate

    if params.get("cases_file") or not (skill / "SKILL.md").is_file() \
            or find_set(skill) is not None:
        return
    prose = find_prose(skill)
    request = DraftRequest(skill_dir=skill, model=params.get("model") or config.MODEL,
                           source=prose)
    result = run_generate(request, params.get("model_script"),
                          max_budget_usd=params.get("max_budget_usd"))
    written = result.written[0]
    read_from = f" from {prose}" if prose is not None else ""
    console.err().print(Text(
        f"{skill}: no case set, so one was drafted{read_from}: {result.draft.added} case(s) "
        f"written to {written}, {result.draft.todos} TODO marker(s) for you to resolve; review "
        f"it (`skill-eval check {skill}`), then run again. Nothing else was spent "
        f"(drafting: ${result.usage.cost_usd:.4f})."))
    sys.exit(2)
