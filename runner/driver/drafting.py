"""`run` on a skill with no case set (docs/running.md, "A skill without a case set"): one
drafting call, the draft written into the folder for review, and the run stops (the command
exits 2, nothing else spent). A prose or Markdown set in the skill's layout is what the draft
is read from."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner import config
from runner.authoring.generate import DraftRequest
from runner.authoring.layouts import collection, collection_lines, find_prose, find_set
from runner.driver.generate import run_generate
from runner.errors import RefusedInput
from runner.triggers.queries import trigger_files


def one_skill(path: Path) -> Path:
    """The skill a run is pointed at: the folder, or the one skill below it (a repository
    whose skill sits in a subfolder); a collection is refused, listing its skills."""
    members = collection(path)
    if len(members) == 1:
        return members[0][0]
    if members:
        raise RefusedInput("\n".join(collection_lines(path, members)))
    return path


def draft_when_missing(skill: Path, params: dict[str, Any]) -> str | None:
    """None when the skill has a set, a trigger set only (the run refuses, naming `skill-eval
    trigger`) or is not a skill folder (the run refuses that itself); otherwise drafts one
    and says what was written (the run stops there)."""
    if params.get("cases_file") or not (skill / "SKILL.md").is_file() \
            or find_set(skill) is not None or trigger_files(skill):
        return None  # a trigger set alone: the authors chose triggers (the run names `trigger`)
    prose = find_prose(skill)
    request = DraftRequest(skill_dir=skill, model=params.get("model") or config.MODEL,
                           source=prose)
    result = run_generate(request, params.get("model_script"),
                          max_budget_usd=params.get("max_budget_usd"))
    written = result.written[0]
    read_from = f" from {prose}" if prose is not None else ""
    return (f"{skill}: no case set, so one was drafted{read_from}: {result.draft.added} "
            f"case(s) written to {written}, {result.draft.todos} TODO marker(s) for you to "
            f"resolve; review it (`skill-eval check {skill}`), then run again. Nothing else "
            f"was spent (drafting: ${result.usage.cost_usd:.4f}).")
