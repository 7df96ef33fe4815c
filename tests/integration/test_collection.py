"""`run` on a collection of skills through the real command line: the real claude in real
network-less containers, the scripted model, 2 skills x 1 case x k=1 (sized for 2 cores).
Each case runs against the skill it names; each skill gets its own report, verdict and
receipt under its own digest; the group summary lists them and the skill no case names."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from runner.config import SCRATCH_ROOT
from tests.helpers import ROOT, no_leftovers_of, own_containers, own_runs

pytestmark = pytest.mark.integration


def _skill(folder: Path, name: str) -> None:
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: Use when the user asks to {name.replace('-', ' ')}; "
        "it keeps the answer short and exact.\n---\nAnswer in one line.\n")


def _collection(tmp_path: Path) -> Path:
    repo = tmp_path / "skills-repo"
    (repo / ".git").mkdir(parents=True)
    for name in ("tidy-notes", "draft-mail", "plan-trip"):
        _skill(repo / "skills" / name, name)
    (repo / "evals").mkdir()
    (repo / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "notes", "skill": "tidy-notes", "prompt": "Tidy these notes: ship Friday.",
         "assertions": ["Friday"]},
        {"id": "mail", "skill": "draft-mail", "prompt": "Draft a mail to Ana.",
         "assertions": ["Ana"]}]}))
    return repo


def _script(tmp_path: Path) -> Path:
    """tidy-notes helps (PASS); draft-mail hurts (FAIL): each verdict is its own skill's."""
    def turns(skill: str | None, text: str) -> list[dict[str, Any]]:
        load = [{"tool_use": {"name": "Skill", "input": {"skill": f"{skill}:{skill}"}}}]
        return [*(load if skill else []), {"text": text}]

    path = tmp_path / "script.yaml"
    path.write_text(yaml.safe_dump({"scenarios": [
        {"name": "notes-with", "when": {"prompt": "Tidy these notes", "skill": "tidy-notes"},
         "turns": turns("tidy-notes", "Decision: ship Friday.")},
        {"name": "notes-without", "when": {"prompt": "Tidy these notes"},
         "turns": turns(None, "Notes tidied.")},
        {"name": "mail-with", "when": {"prompt": "Draft a mail", "skill": "draft-mail"},
         "turns": turns("draft-mail", "Here is your mail.")},
        {"name": "mail-without", "when": {"prompt": "Draft a mail"},
         "turns": turns(None, "Hello Ana, here is the mail.")}]}))
    return path


def test_a_collection_runs_each_case_against_its_skill(tmp_path: Path,
                                                       docker_client: Any) -> None:
    repo, store = _collection(tmp_path), tmp_path / "store"
    with no_leftovers_of(lambda: own_runs(tmp_path), SCRATCH_ROOT):
        proc = subprocess.run(
            [sys.executable, "-m", "runner", "run", str(repo), "--model-script",
             str(_script(tmp_path)), "--store", str(store), "--concurrency", "2",
             "--timeout", "180", "--report-json", str(tmp_path / "reports.json")],
            cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    reports = {r["skill"]: r for r in json.loads((tmp_path / "reports.json").read_text())}
    assert {s: r["verdict"] for s, r in reports.items()} == {"tidy-notes": "PASS",
                                                             "draft-mail": "FAIL"}
    for skill, report in reports.items():
        # the candidate staged only the skill its case names; the baseline none
        assert {t["case"] for t in report["trials"]} == {"notes" if skill == "tidy-notes"
                                                         else "mail"}
        assert (store / "receipts" / report["skill_digest"] / f"{report['run_id']}.json"
                ).is_file()
    summary_line = [line for line in proc.stdout.splitlines() if "group c-" in line]
    assert summary_line, proc.stdout[-2000:]
    group = summary_line[0].split("group ")[1].split(",")[0]
    summary = json.loads((store / "runs" / group / "report.json").read_text())
    assert {r["skill"]: r["verdict"] for r in summary["runs"]} == {"tidy-notes": "PASS",
                                                                   "draft-mail": "FAIL"}
    assert [(n["skill"], "names it" in n["reason"]) for n in summary["not_run"]] == [
        ("plan-trip", True)]
    assert "PASS" in proc.stdout and "FAIL" in proc.stdout and "plan-trip" in proc.stdout
    assert own_containers(docker_client, own_runs(tmp_path)) == []


def test_run_on_a_skill_without_a_set_drafts_and_spends_nothing_else(tmp_path: Path) -> None:
    """The real command line, no fixture folder: the draft comes from the scripted model, is
    written for review, and the run stops (exit 2) before any store or container exists."""
    skill = tmp_path / "tidy-notes"
    _skill(skill, "tidy-notes")
    script = tmp_path / "draft.yaml"
    script.write_text(yaml.safe_dump({"scenarios": [{
        "name": "drafter", "when": {"purpose": "generator"},
        "turns": [{"tool_use": {"name": "draft_cases", "input": {"cases": [{
            "id": "friday", "source": "description", "from": "description",
            "prompt": "Tidy these notes: ship Friday.", "expected_output": "The decision",
            "statements": ["The summary records the decision to ship Friday"]}]}}}]}]}))
    proc = subprocess.run(
        [sys.executable, "-m", "runner", "run", str(skill), "--model-script", str(script),
         "--store", str(tmp_path / "store")],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert "no case set, so one was drafted" in proc.stderr
    drafted = json.loads((skill / "evals" / "evals.json").read_text())
    assert [c["id"] for c in drafted["evals"]] == ["friday"]
    assert not (tmp_path / "store").exists()
    assert own_runs(tmp_path) == set()
