"""Authors' grader programs outside the skill's folder (issue 26, rule 1): a repository's own
case folders at its root, each with its `check.sh`, or a root `evals/grade.py` a root set
names. The program's folder travels in the case into the program's own container (here the
fake sandbox with --trust-target, which runs it on the host from that copy), never staged for
the agent; a program reading above its folder, or a file that cannot be carried, is refused
naming it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from runner.authoring.caseset import load_caseset
from runner.authoring.problems import CaseSetRefused
from runner.cli import main
from runner.sandbox.fake import FakeSandbox
from runner.schema.programs import GraderProgram
from runner.store.keys import RunKeys
from runner.store.local import LocalStore

pytestmark = pytest.mark.usefixtures("fake_sandbox")

SKILL_MD = """---
name: tidy
description: Tidies notes into a sorted list. Use when asked to tidy notes.
---
Sort the lines of notes.txt into tidy.txt.
"""
CHECK = """#!/bin/sh
word=$(cat "$(dirname "$0")/word.txt")
echo "ran from $(dirname "$0")"
grep -q "$word" tidy.txt
"""


def repo(root: Path, check: str = CHECK, extra: dict[str, bytes] | None = None) -> Path:
    """A repository: the skill in skills/tidy, one folder per case at its root's evals/."""
    (root / ".git").mkdir(parents=True)
    skill = root / "skills" / "tidy"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    case = root / "evals" / "sort"
    case.mkdir(parents=True)
    (case / "prompt.md").write_text("Tidy notes.txt into tidy.txt.\n")
    (case / "notes.txt").write_text("b\na\n")
    (case / "word.txt").write_text("a\n")
    (case / "check.sh").write_text(check)
    for rel, data in (extra or {}).items():
        (case / rel).write_bytes(data)
    return skill


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_check_accepts_a_root_case_folder_whose_check_sh_decides(tmp_path: Path) -> None:
    skill = repo(tmp_path / "repo")
    checked = cli("check", str(skill), "-v")
    assert checked.exit_code == 0, checked.output
    assert "grader_program ../../evals/sort/check.sh" in checked.output
    assert "outside the skill: its folder's 4 file(s) carried into that container only" \
        in checked.output
    (case,) = load_caseset(skill, "tidy").evals
    program = case.grader_program
    assert program is not None and program.outside
    assert set(program.carried) == {"check.sh", "word.txt", "notes.txt", "prompt.md"}
    assert program.carried["check.sh"] == CHECK
    # the program is not packed from the skill: it is no file of it
    assert "../../evals/sort/check.sh" not in load_caseset(skill, "tidy").fixture_files()


GRADE = ("import json, pathlib, sys\nok = (pathlib.Path(sys.argv[1]) / 'tidy.txt').exists()\n"
         "print(json.dumps({'checks': {'sorted_ok': ok}}))\n")


def root_set(root: Path, grade: str = GRADE, extra: dict[str, bytes] | None = None) -> Path:
    """A repository: the skill in skills/tidy, its set and evals/grade.py at the root."""
    (root / ".git").mkdir(parents=True)
    skill = root / "skills" / "tidy"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (root / "evals").mkdir()
    (root / "evals" / "evals.json").write_text(json.dumps({
        "skill_name": "tidy", "grader_program": "evals/grade.py",
        "evals": [{"id": "one", "prompt": "Tidy notes.txt into tidy.txt.",
                   "assertions": ["sorted_ok"]}]}))
    (root / "evals" / "grade.py").write_text(grade)
    for rel, data in (extra or {}).items():
        (root / "evals" / rel).write_bytes(data)
    return skill


def test_a_root_set_naming_a_root_grade_py_carries_its_folder(tmp_path: Path) -> None:
    skill = root_set(tmp_path / "repo")
    (case,) = load_caseset(skill, "tidy").evals
    assert case.grader_program is not None and case.grader_program.checks == ("sorted_ok",)
    assert case.grader_program.path == "../../evals/grade.py"
    assert set(case.grader_program.carried) == {"evals.json", "grade.py"}
    assert case.assertions == ()


def test_a_program_reading_above_its_folder_stays_refused(tmp_path: Path) -> None:
    skill = repo(tmp_path / "repo", CHECK + "cat ../../secret\n")
    with pytest.raises(CaseSetRefused) as refused:
        load_caseset(skill, "tidy")
    text = str(refused.value)
    assert "EV009" in text and "'../../secret'" in text and "outside its folder" in text
    assert "keep what it reads in its folder" in text
    checked = cli("check", str(skill))
    assert checked.exit_code == 2 and "../../secret" in checked.output


def test_a_file_the_program_reads_that_is_not_text_is_refused(tmp_path: Path) -> None:
    skill = root_set(tmp_path / "repo", GRADE + "open('logo.png', 'rb')\n",
                     {"logo.png": b"\x89PNG\x00\xff"})
    with pytest.raises(CaseSetRefused, match="'logo.png', which is not text"):
        load_caseset(skill, "tidy")


def test_a_binary_file_the_program_never_names_is_left_out(tmp_path: Path) -> None:
    skill = root_set(tmp_path / "repo", extra={"logo.png": b"\x89PNG\x00\xff"})
    (case,) = load_caseset(skill, "tidy").evals
    assert case.grader_program is not None
    assert set(case.grader_program.carried) == {"evals.json", "grade.py"}


def test_a_program_inside_the_skill_is_not_carried_and_dumps_as_before(
        tmp_path: Path) -> None:
    skill = tmp_path / "tidy"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "grade.py").write_text("print('{\"passed\": true}')\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({
        "skill_name": "tidy", "grader_program": "evals/grade.py",
        "evals": [{"id": "one", "prompt": "Tidy notes.txt into tidy.txt."}]}))
    (case,) = load_caseset(skill, "tidy").evals
    assert case.grader_program is not None and not case.grader_program.outside
    assert case.grader_program.path == "evals/grade.py"
    assert "carried" not in json.loads(GraderProgram(path="evals/grade.py").model_dump_json())


def test_a_program_named_nowhere_stays_refused(tmp_path: Path) -> None:
    skill = repo(tmp_path / "repo")
    (skill.parent.parent / "evals" / "sort" / "prompt.md").write_text(
        "---\ngrader: bash nowhere.sh\n---\nTidy notes.txt into tidy.txt.\n")
    with pytest.raises(CaseSetRefused, match="'nowhere.sh' is no file of the skill"):
        load_caseset(skill, "tidy")


def run(tmp_path: Path, skill: Path, *args: str) -> Result:
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump({"scenarios": [{"name": "any", "turns": [{"text": "ok"}]}]}))
    return CliRunner().invoke(main, [
        "run", str(skill), "--executor", "inprocess", "--sandbox", "fake", "--fresh",
        "--model-script", str(script), "--store", str(tmp_path / "store"), *args])


def test_the_carried_program_runs_from_its_copy_and_decides(tmp_path: Path) -> None:
    skill = repo(tmp_path / "repo")
    FakeSandbox.plan["*"] = {"write": {"tidy.txt": "a\nb\n"}}

    refused = run(tmp_path, skill)  # a sandbox that cannot contain it: refused untrusted
    assert refused.exit_code == 2 and "../../evals/sort/check.sh" in refused.output

    trusted = run(tmp_path, skill, "--trust-target")
    assert trusted.exit_code in (0, 1), trusted.output
    store = LocalStore(tmp_path / "store")
    (run_id,) = [k.split("/")[1] for k in store.list("runs/") if k.endswith("/plan.json")]
    keys = RunKeys(run_id)
    done = [json.loads(store.get(k)) for k in store.list(f"runs/{run_id}/trials/")
            if k == keys.trial(k.split("/")[3]).done]
    checks = [c for d in done for c in d["scores"]["program"]["checks"]]
    assert checks and all(c["passed"] is True for c in checks), checks
    # it ran from its carried copy (beside the work), not from the repository
    assert all("ran from " in c["evidence"] and "grader-program-" in c["evidence"]
               and str(skill.parent.parent) not in c["evidence"] for c in checks), checks
    assert all(c["check"] == "grader program ../../evals/sort/check.sh" for c in checks)


def test_a_program_reading_under_its_harness_variable_stays_refused(tmp_path: Path) -> None:
    skill = repo(tmp_path / "repo", 'source "$SUITE_DIR/lib.sh"\n' + CHECK)
    with pytest.raises(CaseSetRefused) as refused:
        load_caseset(skill, "tidy")
    assert "'$SUITE_DIR/lib.sh'" in str(refused.value)
    assert "SKILL_EVAL_WORK and SKILL_EVAL_CASE only" in str(refused.value)


@pytest.mark.parametrize("line", ['cat "$SKILL_EVAL_WORK/tidy.txt"\n',
                                  'here=$(dirname "$0")\ncat "$here/word.txt"\n',
                                  'for f in a b; do test -e "$f/x"; done\n'])
def test_paths_under_its_own_variables_are_in_reach(tmp_path: Path, line: str) -> None:
    skill = repo(tmp_path / "repo", CHECK + line)
    (case,) = load_caseset(skill, "tidy").evals
    assert case.grader_program is not None and case.grader_program.outside


def test_a_carried_program_is_regraded_by_its_carried_files(tmp_path: Path) -> None:
    from runner.planning.regrade import why_not
    from runner.schema.case import Case

    def case(text: str) -> Case:
        return Case(id="sort", prompt="p", grader_program=GraderProgram(
            path="../../evals/sort/check.sh", carried={"check.sh": text}))

    skill = repo(tmp_path / "repo")  # the program on disk, never in the stored bundle
    # its files are in the case: the case compares them, not the disk with the bundle
    assert why_not(case(CHECK), case(CHECK), {}, skill) is None
    assert "grader program changed" in str(why_not(case(CHECK), case(CHECK + "true\n"), {},
                                                   skill))


def test_a_folder_over_the_cap_is_refused_naming_it(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import runner.authoring.outside as outside

    monkeypatch.setattr(outside, "FILE_MAX_BYTES", 64)
    skill = root_set(tmp_path / "repo", extra={"data.csv": b"x" * 100})
    with pytest.raises(CaseSetRefused, match="holds more than"):
        load_caseset(skill, "tidy")
