"""The model axis end to end (`run --model A --model B --model C`): the real CLI, real claude
in containers, the scripted endpoint answering per model (`when: {model: ...}`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.helpers import ROOT, word_skill

pytestmark = pytest.mark.integration

BIG, SMALL, MID = "claude-opus-4-5", "claude-haiku-4-5", "claude-sonnet-4-5"
CASES = 3


def _skill(folder: Path) -> Path:
    return word_skill(folder, CASES, "zqsay")


# Only the bigger model passes without the skill; the small one passes with it; the middle
# one never does.
SCRIPT = {"scenarios": [
    {"name": "big", "when": {"model": "opus", "prompt": "say the word"},
     "turns": [{"text": "The word is WORD."}]},
    {"name": "small-with-skill", "when": {"model": "haiku", "prompt": "say the word",
                                          "skill": "zqsay"},
     "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "zqsay:zqsay"}}},
               {"text": "The word is WORD."}]},
    {"name": "fallback", "turns": [{"text": "I do not know it."}]}]}


def _cli(*args: str, timeout: int = 900) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "runner", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout,
                          env={k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"})


def _run(skill: Path, script: Path, store: Path, report: Path) -> subprocess.CompletedProcess[str]:
    return _cli("run", str(skill), "--model", SMALL, "--model", BIG, "--model", MID,
                "--model-script", str(script), "--store", str(store), "--k", "1",
                "--timeout", "120", "--report-json", str(report))


def test_three_models_table_stand_in_and_compare(tmp_path: Path, docker_client: Any) -> None:
    skill, script, store = _skill(tmp_path / "zqsay"), tmp_path / "script.yaml", tmp_path / "s"
    script.write_text(yaml.safe_dump(SCRIPT))
    first = _run(skill, script, store, tmp_path / "one.json")
    assert first.returncode == 0, first.stderr[-3000:]
    # every model priced before anything ran, at its own price
    for model in (SMALL, BIG, MID):
        assert f"candidate ({model})" in first.stderr and f"baseline ({model})" in first.stderr
    reports = json.loads((tmp_path / "one.json").read_text())
    assert sorted(r["model"] for r in reports) == sorted([SMALL, BIG, MID])
    table = reports[0]["model_table"]
    assert all(r["model_table"] == table for r in reports)  # one table, in every report
    rows = {r["model"]: r for r in table["models"]}
    assert [r["model"] for r in table["models"]] == [SMALL, MID, BIG]  # cheapest first
    assert (rows[BIG]["pass_with"], rows[BIG]["pass_without"]) == (1.0, 1.0)
    assert (rows[SMALL]["pass_with"], rows[SMALL]["pass_without"]) == (1.0, 0.0)
    assert (rows[MID]["pass_with"], rows[MID]["pass_without"]) == (0.0, 0.0)
    assert rows[SMALL]["comparison"]["verdict"] == "PASS"
    assert table["best"] == BIG and rows[BIG]["standing"] == "best"
    assert rows[SMALL]["standing"] == "good enough"
    assert rows[MID]["standing"] == "not good enough"
    assert table["cheapest_good_enough"] == SMALL
    stand = {(s["smaller"], s["bigger"]): s for s in table["stand_ins"]}
    assert stand[(SMALL, BIG)]["stands_in"] is True
    assert stand[(SMALL, BIG)]["comparison"]["ties"] == CASES
    assert stand[(MID, BIG)]["stands_in"] is False
    assert rows[SMALL]["cost_per_session"] > 0
    # the terminal says it in words
    assert f"cheapest good enough: {SMALL}" in first.stdout
    assert f"the skill on {SMALL} stands in for {BIG} without it" in first.stdout
    assert f"{MID}: not good enough" in first.stdout

    # a second multi-model run of edited bytes: only the candidate arms run again
    with (skill / "SKILL.md").open("a") as f:
        f.write("\nSay it once.\n")
    second = _run(skill, script, store, tmp_path / "two.json")
    assert second.returncode == 0, second.stderr[-3000:]
    groups = [line.split()[1] for out in (first.stderr, second.stderr)
              for line in out.splitlines() if line.startswith("group m-")]
    assert len(groups) == 2 and groups[0] != groups[1]
    per_model = _cli("compare", groups[0], groups[1], "--store", str(store), "--json")
    assert per_model.returncode == 0, per_model.stderr[-3000:]
    compared = json.loads(per_model.stdout)
    assert sorted(compared) == sorted([SMALL, BIG, MID])
    assert not any(r["regression"] for r in compared.values())
    # a cross-model pair is refused by default
    by_model = {r["model"]: r["run_id"] for r in reports}
    cross = _cli("compare", by_model[BIG], by_model[SMALL], "--store", str(store))
    assert cross.returncode == 2 and "model" in cross.stderr
