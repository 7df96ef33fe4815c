"""The image's programs are listed once (runner.schema.image): a grader command's words
(runner.authoring.shell_lines) and an author's program's interpreter (runner.authoring.runnable)
are read against that list, so a program whose interpreter the image lacks (a `.js` grader:
node) is refused at check time, naming the interpreter and the way out, never accepted and
then failed in every trial."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from runner.authoring.caseset import load_caseset
from runner.authoring.problems import CaseSetRefused
from runner.authoring.runnable import FIX, cannot_run
from runner.authoring.shell_lines import IMAGE_COMMANDS, SHELL_WORDS
from runner.cli import main
from runner.schema.image import IMAGE_PROGRAMS
from tests.helpers import make_skill

_CASES = [{"id": "first", "prompt": "Tidy the notes in this folder.",
           "expectations": ["Says what was merged"]}]


def test_shell_lines_read_the_images_one_list_plus_the_shells_own_words() -> None:
    assert IMAGE_PROGRAMS <= IMAGE_COMMANDS
    # nothing is the image's program here that the image's list does not say
    assert IMAGE_COMMANDS - IMAGE_PROGRAMS <= SHELL_WORDS | {"python"}
    assert not {"node", "nodejs", "jq"} & IMAGE_COMMANDS


def test_a_program_whose_interpreter_the_image_lacks_cannot_run(tmp_path: Path) -> None:
    files = {"grade.js": "console.log('{}')\n", "grade": "#!/usr/bin/env node\n",
             "legacy": "#!/usr/bin/env python\n", "grade.py": "#!/usr/bin/env python3\n",
             "grade.sh": "#!/bin/sh\nexit 0\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    why = {name: cannot_run(tmp_path / name) for name in files}
    assert why["grade.js"] is not None and "node" in why["grade.js"]
    assert why["grade"] is not None and "node" in why["grade"]
    assert why["legacy"] is not None and "python" in why["legacy"]  # the image has python3
    assert why["grade.py"] is None and why["grade.sh"] is None


def _refusals(tmp_path: Path, program: object) -> list[str]:
    skill = make_skill(tmp_path, {"grader_program": program, "evals": _CASES},
                       files={"evals/grade.js": "console.log('{}')\n"})
    try:
        load_caseset(skill, "tidy-notes")
    except CaseSetRefused as exc:
        return [f"{f.message} | {f.fix}" for f in exc.problems if f.code == "EV009"]
    return []


def test_a_js_grader_program_or_a_node_command_is_refused_with_the_fix(tmp_path: Path) -> None:
    for n, program in enumerate(["evals/grade.js", "node evals/grade.js"]):
        refused = _refusals(tmp_path / str(n), program)
        assert len(refused) == 1 and "node" in refused[0] and FIX in refused[0], program


def test_check_refuses_a_js_grader_through_the_cli(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"grader_program": "evals/grade.js", "evals": _CASES},
                       files={"evals/grade.js": "console.log('{}')\n"})
    result = CliRunner().invoke(main, ["check", str(skill)], terminal_width=400)
    assert result.exit_code == 2, result.output
    assert "runs with node, which the sandbox image lacks" in result.output
    assert "python3 (standard library only) or sh" in result.output
