"""A file SKILL.md shows only as a command's argument ("uv run chipdiagram extract
rtl/pic_top.sv --out ..."), which the skill does not hold, is the user's file the program runs
on, never the skill's own: a prompt naming it without staging it is a missing input (EV009).
A file the skill holds, or one SKILL.md names otherwise (a script it runs), stays the skill's
(runner.authoring.prompts `skill_holds`)."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.prompts import skill_holds
from tests.helpers import check_cli, write_data, write_skill_md

BODY = ("Extract a model first:\n\n```bash\nuv run chipdiagram extract rtl/pic_top.sv --top "
        "pic_top --out build/pic.yaml\n```\n\nThen run `scripts/render.py` on it; see "
        "reference/views.md.\n")


def _skill(tmp_path: Path) -> Path:
    skill = write_skill_md(tmp_path / "chip-draw", "chip-draw",
                           "Use when asked to draw chip architecture diagrams.", BODY)
    (skill / "scripts").mkdir()
    (skill / "scripts" / "render.py").write_text("print('svg')\n")
    return skill


def test_an_argument_of_a_shown_command_is_the_users_file(tmp_path: Path) -> None:
    holds = skill_holds(_skill(tmp_path), ("evals",))
    assert not holds("rtl/pic_top.sv")
    assert holds("scripts/render.py")  # held by the skill
    assert holds("reference/views.md")  # named by SKILL.md, no command's argument


def test_a_prompt_naming_it_unstaged_is_a_missing_input(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    write_data(skill / "evals" / "evals.json", {"evals": [{
        "id": "pic", "prompt": "Draw where our PIC sits in the SoC. Its RTL is at rtl/pic_top.sv.",
        "expectations": ["The diagram places the PIC beside the CPU"]}]})
    result = check_cli(str(skill))
    assert "EV009" in result.output and "'rtl/pic_top.sv'" in result.output, result.output
