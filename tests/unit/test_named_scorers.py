"""A program the set folder's README names as what scores the set (issue 26): the scoring
word is read in the path's own clause, so a fixture builder named beside the grader in one
sentence ("Rebuild the fixture with X and grade with Y") is no scorer."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from runner.authoring.named_scorers import named_scorers, skill_md_runs
from runner.cli import main
from tests.helpers import make_skill

_BUILDER = "#!/bin/sh\nmkdir -p \"$1\"\n"
_SCORER = "import sys\nprint('score', sys.argv)\n"


def _folder(tmp_path: Path, readme: str) -> Path:
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "build_garden.sh").write_text(_BUILDER)
    (tmp_path / "tools" / "score_garden.py").write_text(_SCORER)
    (tmp_path / "README.md").write_text(readme)
    return tmp_path


def test_a_builder_in_its_own_clause_is_no_scorer(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "Rebuild the plot any time with `tools/build_garden.sh <dir>` "
                               "and grade with `tools/score_garden.py <dir>`.\n")
    assert named_scorers(folder, folder, []) == ["tools/score_garden.py"]


def test_a_scorer_named_alone_is_still_found(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "Scores are outputs of `tools/build_garden.sh` using the "
                               "rubric and the catalog.\n")
    assert named_scorers(folder, folder, []) == ["tools/build_garden.sh"]


def test_check_names_only_the_scorer_through_the_cli(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Plan a herb bed.",
                                   "expectations": ["Names three herbs"]}],
                       files={"tools/build_garden.sh": _BUILDER,
                              "tools/score_garden.py": _SCORER,
                              "evals/README.md": "Rebuild the plot with "
                              "`tools/build_garden.sh <dir>` and grade with "
                              "`tools/score_garden.py <dir>`.\n"})
    result = CliRunner().invoke(main, ["check", str(skill)], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "names tools/score_garden.py as what scores the set" in result.output
    assert "build_garden.sh as what scores" not in result.output


def test_a_command_of_skill_md_running_the_set_is_said(tmp_path: Path) -> None:
    md = ("---\nname: tidy-notes\ndescription: Use when the user asks to tidy notes.\n---\n"
          "Benchmark retrieval:\n\n```bash\npython3 scripts/bench.py run --testset "
          "evals/evals.json\npython3 scripts/bench.py list\n```\n")
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Where is the tea note?",
                                   "expected_output": "It names notes/tea.md."}],
                       files={"scripts/bench.py": "print('hit@1')\n"}, skill_md=md)
    assert skill_md_runs(skill / "evals" / "evals.json", skill) == [
        "python3 scripts/bench.py run --testset evals/evals.json"]
    out = CliRunner().invoke(main, ["check", str(skill)]).output
    assert "the skill's SKILL.md runs the set with its own program (`python3 scripts/bench.py " \
        "run --testset evals/evals.json`)" in out
    # a program not shipped, or a command not given the set, is no scorer of it
    (skill / "scripts" / "bench.py").unlink()
    assert skill_md_runs(skill / "evals" / "evals.json", skill) == []
