"""A skill whose only set is a routing set written as a runtime file (`evals/prompts.csv` with
`should_trigger`): the Markdown beside it (a scoring `rubric.md`) is said as not read, as it is
beside a trigger set, never passed over in silence."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, write_skill_md


def test_a_rubric_beside_a_routed_csv_is_said(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "bots", "bots", "Builds Discord bots. Use when asked to "
                           "build or fix a Discord bot.")
    (skill / "evals").mkdir()
    (skill / "evals" / "prompts.csv").write_text(
        "id,should_trigger,prompt\nt1,true,Build a Discord bot with slash commands\n"
        "t2,false,What is Discord Nitro?\n")
    (skill / "evals" / "rubric.md").write_text("# Evaluation Rubric\n\n## Correctness\n- 0: "
                                               "snippet only\n- 2: runs\n")
    got = check_cli(str(skill))
    assert got.exit_code == 0, got.output
    assert "trigger set only" in got.output
    assert "not read: " in got.output and "rubric.md" in got.output
