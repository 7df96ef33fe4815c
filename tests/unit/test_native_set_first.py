"""Case files of different shapes in one set folder, one of them `evals.json` naming its skill
(`skill_name`, the skill-creator format) and the other file in its cases (a routing
benchmark's `route_cases.json` its cases run on): that file is the skill's set, read; the
other is its data, said, never read beside it. Without `skill_name`, or when the set never
names the other file, the folder stays a choice (`--cases FILE`). Through the real
`skill-eval check`."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, write_data, write_skill_md

ROUTES = {"schemaVersion": 1, "cases": [
    {"id": "r01", "prompt": "Open the console.", "expected": {"commandId": "console/open"}},
    {"id": "r02", "prompt": "Clear the console.", "expected": {"commandId": "console/clear"}}]}


def _skill(tmp_path: Path, named: bool) -> Path:
    skill = write_skill_md(tmp_path / "console-cli", "console-cli",
                           "Use when asked to drive the editor console from the CLI.")
    case = {"id": 1, "prompt": "Route these requests: open the console; clear the console.",
            "expectations": ["Every route matches the command id route_cases.json gives it"]}
    evals: dict[str, object] = {"evals": [case]}
    if named:
        evals = {"skill_name": "console-cli", **evals}
    write_data(skill / "evals" / "evals.json", evals)
    write_data(skill / "evals" / "route_cases.json", ROUTES)
    return skill


def test_evals_json_naming_its_skill_is_the_set(tmp_path: Path) -> None:
    result = check_cli(str(_skill(tmp_path, named=True)))
    assert result.exit_code == 0, result.output
    assert "1 case(s): 1;" in result.output
    assert "route_cases.json (data of evals.json, whose cases name it" in result.output


def test_without_skill_name_the_folder_stays_a_choice(tmp_path: Path) -> None:
    result = check_cli(str(_skill(tmp_path, named=False)))
    assert result.exit_code == 2, result.output
    assert "of different shapes" in result.output and "--cases" in result.output


def test_a_set_that_never_names_the_other_file_stays_a_choice(tmp_path: Path) -> None:
    skill = _skill(tmp_path, named=True)
    (skill / "evals" / "evals.json").write_text((skill / "evals" / "evals.json").read_text()
                                                .replace("route_cases.json", "the requests"))
    result = check_cli(str(skill))
    assert result.exit_code == 2 and "of different shapes" in result.output, result.output
