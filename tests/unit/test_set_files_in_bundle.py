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
