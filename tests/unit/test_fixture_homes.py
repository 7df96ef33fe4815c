"""A bare fixture name (`fixture: NAME`) is the one folder of the set's folder holding NAME
(`evals/replays/NAME/`, `evals/fixtures/NAME/`); when several hold it, the one whose file the
prompt names; a choice the author left open is refused with the fix. An author's grader
program importing a module from a folder it puts on its import path is the authors' own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from runner.authoring.runnable import cannot_run
from tests.helpers import check_cli as check


def _skill(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    skill = tmp_path / "replay"
    evals = skill / "evals"
    for folder in ("scenes", "runs", "baselines"):  # one name, three folders of the set's
        (evals / folder / "s1").mkdir(parents=True)
    (evals / "scenes" / "s1" / "world.yaml").write_text("orders: 3\n")
    (evals / "runs" / "s1" / "out.md").write_text("a past run's output\n")
    (evals / "baselines" / "s1" / "log.txt").write_text("old behaviour\n")
    (evals / "scenes" / "s2").mkdir(parents=True)
    (evals / "scenes" / "s2" / "world.yaml").write_text("orders: 5\n")
    (evals / "evals.json").write_text(json.dumps({"skill_name": "replay", "evals": cases}))
    (skill / "SKILL.md").write_text("---\nname: replay\ndescription: Replays a scripted world "
                                    "and reports its orders.\n---\nCount the orders.\n")
    return skill


def _case(ident: str, fixture: str, prompt: str) -> dict[str, Any]:
    return {"id": ident, "fixture": fixture, "prompt": prompt,
            "expectations": ["The report states how many orders the world holds"]}


def test_a_bare_fixture_name_is_the_one_folder_holding_it_or_the_one_the_prompt_names(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path, [
        _case("named", "s1", "Replay evals/scenes/s1/world.yaml, writing to evals/runs/s1/."),
        _case("only", "s2", "Replay the world and count its orders."),
        # beside an empty `files`, the field is read by its own rule: the same choice
        {**_case("listed", "s1", "Replay scenes/s1/world.yaml and count."), "files": []}])
    cases = {c.id: c for c in load_caseset(skill, "replay").evals}
    assert cases["named"].files == ("evals/scenes/s1",)
    assert cases["only"].files == ("evals/scenes/s2",)
    assert cases["listed"].files == ("evals/scenes/s1",)
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "fixture 's1' is the one of evals/baselines/s1, evals/runs/s1, evals/scenes/s1 " \
           "whose file the prompt names: evals/scenes/s1 staged at ./evals/scenes/s1" \
           in result.output
    assert "`fixture` names 's1', the one of baselines/s1, runs/s1, scenes/s1 whose file " \
           "the prompt names: 'scenes/s1' staged" in result.output


def test_a_bare_fixture_name_several_folders_hold_is_refused_naming_them(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path, [
        _case("open", "s1", "Replay the world and count its orders."),
        {**_case("listed", "s1", "Replay the world and count."), "files": []}])
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "fixture 's1' matches several files of the skill: evals/baselines/s1, " \
           "evals/runs/s1, evals/scenes/s1" in result.output
    assert "names 's1', which 3 folders of the set hold (baselines/s1, runs/s1, scenes/s1)" \
        in result.output
    assert "list the one to stage under `files`" in result.output


def test_a_module_on_the_programs_own_import_path_is_the_authors(tmp_path: Path) -> None:
    evals = tmp_path / "skill" / "evals"
    (evals / "graders").mkdir(parents=True)
    (evals / "graders" / "clauses.py").write_text("import json\n\ndef ok():\n    return 1\n")
    program = evals / "grade.py"
    program.write_text("import sys\nfrom pathlib import Path\nHERE = Path(__file__).parent\n"
                       "sys.path.insert(0, str(HERE / 'graders'))\nimport clauses\n")
    assert cannot_run(program) is None
    # spelled through a name the call is given, and a module of that module's own
    helper = evals / "helper.py"
    helper.write_text("import sys, os\nLIB = os.path.join(os.path.dirname(__file__), 'graders')\n"
                      "sys.path.append(LIB)\nimport clauses\n")
    assert cannot_run(helper) is None
    (evals / "graders" / "clauses.py").write_text("import numpy\n")
    assert cannot_run(program) == ("it imports numpy (through clauses), which the sandbox's "
                                   "python3 lacks (standard library only)")
    # without the path the program adds, the module is no file of the authors' it can import
    program.write_text("import clauses\n")
    assert cannot_run(program) is not None and "clauses" in (cannot_run(program) or "")
