"""The case set's own files outside evals/ never ship with the skill (issue 26 follow-up 2):
a root set file, a `tasks/` folder, a grader script, a fixture or a file the set names are
left out of the candidate's skill bundle (the baseline cannot read them), unless the skill's
own files name them (then kept, and said); `check` reports both."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import yaml

from runner.authoring.bundles import pack_skill
from runner.authoring.caseset import load_caseset
from runner.authoring.set_owned import bundle_exclusions
from runner.planning.plan import make_plan
from runner.schema.enums import Arm
from runner.schema.options import RunOptions
from tests.helpers import check_json, write_data, write_skill_md

TASK = """---
id: weekly
grader: "bash check.sh"
---
Write a weekly status report into report.md.
"""
CHECK_SH = "#!/bin/sh\ngrep -q '^# ' report.md\n"


def names(bundle: bytes) -> list[str]:
    return sorted(tarfile.open(fileobj=io.BytesIO(bundle)).getnames())


def skill_with(tmp_path: Path, files: dict[str, str], body: str = "Write report.md.\n") -> Path:
    skill = write_skill_md(tmp_path / "wr", "wr", "Writes weekly reports. Use when asked "
                                                  "for a weekly report.", body)
    (skill / "scripts").mkdir()
    (skill / "scripts" / "fmt.py").write_text("print('ok')\n")
    for rel, text in files.items():
        write_data(skill / rel, text)
    return skill


def left_out(skill: Path) -> tuple[list[str], list[str]]:
    caseset = load_caseset(skill, "wr")
    return bundle_exclusions(skill, caseset.read_files, caseset.evals)


def test_a_tasks_folder_and_its_check_script_are_left_out(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"tasks/weekly.md": TASK, "tasks/check.sh": CHECK_SH})
    out, kept = left_out(skill)
    assert out == ["tasks/check.sh", "tasks/weekly.md"] and kept == []
    assert names(pack_skill(skill, out)) == ["SKILL.md", "scripts/fmt.py"]


def test_a_root_set_its_referenced_files_grader_and_fixture_are_left_out(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {
        "eval.yaml": yaml.safe_dump({"tasks": [{
            "name": "weekly", "instruction": "prompts/weekly.md",
            "workspace": [{"src": "data/tickets.txt", "dest": "tickets.txt"}],
            "graders": [{"type": "deterministic", "run": "bash graders/check.sh"},
                        {"type": "llm_rubric", "rubric": "rubrics/quality.md"}]}]}),
        "prompts/weekly.md": "Write a weekly status report from tickets.txt into report.md.",
        "data/tickets.txt": "T-1\n", "graders/check.sh": CHECK_SH,
        "rubrics/quality.md": "The report counts the tickets."})
    out, kept = left_out(skill)
    assert sorted(out) == ["data/tickets.txt", "eval.yaml", "graders/check.sh",
                           "prompts/weekly.md", "rubrics/quality.md"]
    assert names(pack_skill(skill, out)) == ["SKILL.md", "scripts/fmt.py"]


def test_a_file_the_skill_names_is_kept_and_said(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"tasks/weekly.md": TASK, "tasks/check.sh": CHECK_SH},
                       body="Write report.md; tasks/check.sh is how it is checked.\n")
    out, kept = left_out(skill)
    assert out == ["tasks/weekly.md"] and kept == ["tasks/check.sh"]
    said = [f.message for f in load_caseset(skill, "wr").findings]
    assert any("ship inside the skill, which names them" in m and "tasks/check.sh" in m
               for m in said)


def test_a_set_under_evals_leaves_the_bundle_as_it_was(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"evals/evals.json": json.dumps({"skill_name": "wr", "evals": [
        {"id": "a", "prompt": "Write a weekly status report into report.md.",
         "assertions": ["# "], "files": ["evals/files/notes.txt"]}]}),
        "evals/files/notes.txt": "notes\n"})
    assert left_out(skill) == ([], [])
    assert not any("skill bundle" in f.message for f in load_caseset(skill, "wr").findings)


def test_the_candidates_bundle_in_the_plan_lacks_the_sets_files(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"tasks/weekly.md": TASK, "tasks/check.sh": CHECK_SH})
    plan = make_plan(RunOptions(skill_path=skill))
    (key,) = {t.skill_bundle for t in plan.trials if t.arm == Arm.CANDIDATE}
    assert key is not None
    assert names(plan.bundles[key]) == ["SKILL.md", "scripts/fmt.py"]


def test_check_json_reports_what_is_left_out(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"tasks/weekly.md": TASK, "tasks/check.sh": CHECK_SH})
    findings = check_json(skill)["findings"]
    (line,) = [f for f in findings if "left out of the skill bundle" in f["message"]]
    assert line["code"] == "EV012" and "tasks/weekly.md" in line["message"]


def test_a_long_prompt_in_a_root_set_is_no_file_name(tmp_path: Path) -> None:
    """A value past the system's name limit (255 bytes a part) is a sentence, not a path:
    looked up as one it raised ENAMETOOLONG and `check` crashed."""
    prompt = "写一个会员积分系统的需求文档，需要支持积分获取、积分兑换、积分过期等场景。" * 4
    skill = skill_with(tmp_path, {"evals/evals.json": json.dumps({"evals": [
        {"id": "long", "prompt": prompt, "assertions": ["积分"]}]})})
    assert len(prompt.encode()) > 255
    assert len(check_json(skill)["cases"]) == 1


EXPECTED = "A report with a heading per project and one line per ticket closed this week."


def test_a_root_set_file_the_skill_names_is_still_left_out(tmp_path: Path) -> None:
    """The skill's text naming its set ("evals.json holds the test prompts") is a maintenance
    note, not the skill reading its answers: the set file never ships, and check says so."""
    skill = skill_with(tmp_path, {"evals.json": json.dumps({"skill_name": "wr", "evals": [
        {"id": "a", "prompt": "Write a weekly status report into report.md.",
         "expected_output": EXPECTED}]})},
        body="Write report.md.\n\nMaintenance: evals.json holds the test prompts.\n")
    out, kept = left_out(skill)
    assert out == ["evals.json"] and kept == []
    said = [f.message for f in load_caseset(skill, "wr").findings]
    assert any("though the skill's own text names them" in m and "evals.json (the case set "
               "file itself)" in m for m in said), said
    assert not any("which names them:" in m for m in said)


def test_a_named_file_holding_the_expected_output_is_left_out(tmp_path: Path) -> None:
    """A file of the set the skill names that holds a case's expected output is the answer
    key: left out; a named file of the set without the answers stays (negative)."""
    skill = skill_with(tmp_path, {
        "evals/evals.json": json.dumps({"skill_name": "wr", "evals": [
            {"id": "a", "prompt": "Write a weekly status report into report.md.",
             "expected_output": EXPECTED,
             "files": ["notes/worked.md", "notes/tickets.txt"]}]}),
        "notes/worked.md": f"Worked example:\n{EXPECTED}\n", "notes/tickets.txt": "T-1\n"},
        body="Write report.md from the notes/ folder.\n")
    out, kept = left_out(skill)
    assert out == ["notes/worked.md"] and kept == ["notes/tickets.txt"]
    said = [f.message for f in load_caseset(skill, "wr").findings]
    assert any("notes/worked.md (it holds the expected outputs)" in m for m in said), said


def test_an_earlier_runs_workspace_inside_the_skill_is_left_out(tmp_path: Path) -> None:
    """skill-creator's workspace kept in the skill (`wr-workspace/iteration-1/.../outputs`,
    graded `grading.json`): the answers to these very prompts, which the candidate arm would
    read; left out. A folder named like an iteration without run records stays the skill's."""
    case = {"id": "weekly", "prompt": "Write a weekly status report into report.md.",
            "assertions": ["# Week"]}
    skill = skill_with(tmp_path, {
        "evals/evals.json": json.dumps({"evals": [case]}),
        "wr-workspace/iteration-1/weekly/with_skill/outputs/report.md": "# Week 12\n",
        "wr-workspace/iteration-1/weekly/with_skill/grading.json": '{"passed": true}',
        "notes/iteration-2/plan.md": "next: tables\n"})
    out, kept = left_out(skill)
    assert out == ["wr-workspace/iteration-1/weekly/with_skill/grading.json",
                   "wr-workspace/iteration-1/weekly/with_skill/outputs/report.md"], out
    assert "notes/iteration-2/plan.md" in names(pack_skill(skill, out))
    assert not any(n.startswith("wr-workspace") for n in names(pack_skill(skill, out)))


def test_a_testers_document_beside_a_set_at_the_root_is_left_out(tmp_path: Path) -> None:
    """A document for testers beside a set kept in the skill's folder ("manual-test-
    walkthrough.md" next to test-prompts.json: one case's script and what passes) is the
    set's own: the candidate arm alone would read it. A reference of the skill is not."""
    skill = skill_with(tmp_path, {
        "test-prompts.json": json.dumps([{"prompt": "Write the weekly report into report.md.",
                                          "expected_behaviors": ["Writes report.md"]}]),
        "manual-test-walkthrough.md": "# Manual test\nPASS if report.md has a heading.\n",
        "style-guide.md": "Use short headings.\n"})
    out, kept = left_out(skill)
    assert sorted(out) == ["manual-test-walkthrough.md", "test-prompts.json"] and kept == []
    assert "style-guide.md" in names(pack_skill(skill, out))
