"""Receipts from real runs (real claude in containers, the scripted endpoint): a completed run
is saved under a name, the next version runs against it with `--incumbent latest` (its bytes
fetched from the store and staged as the incumbent arm), and `compare` reads both."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.schema.enums import Arm, Verdict
from runner.store.local import LocalStore
from runner.store.receipts import load_receipt
from tests.helpers import MAGIC_WITH_SKILL, PROBE, ROOT

pytestmark = pytest.mark.integration


def test_a_saved_run_is_the_next_versions_incumbent_and_compares(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = tmp_path / "probe"
    shutil.copytree(PROBE, skill)
    script = write_script({"scenarios": [MAGIC_WITH_SKILL,
                                         {"name": "plain", "turns": [{"text": "no idea"}]}]})
    first = run_eval(options(skill, case_ids=("greet",), model_script=script,
                             arms=(Arm.BASELINE, Arm.CANDIDATE), save="v1"))
    assert first.verdict is Verdict.PASS
    skill_md = skill / "SKILL.md"
    skill_md.write_text(skill_md.read_text() + "\nSay it once, plainly.\n")
    second = run_eval(options(skill, case_ids=("greet",), model_script=script,
                              incumbent_latest=True, save="v2"))
    assert second.skill_digest != first.skill_digest
    store = LocalStore(Path(options().store_uri))
    assert load_receipt(store, second.run_id).report is not None
    incumbent = [t for t in second.trials if t.arm is Arm.INCUMBENT]
    assert incumbent and all(t.passed for t in incumbent)  # v1's bytes, staged: it fired
    assert [str(c.opponent) for c in second.comparisons] == ["baseline", "incumbent"]
    plan = json.loads(store.get(f"runs/{second.run_id}/plan.json"))
    assert plan["incumbent"]["digest"] == first.skill_digest
    compared = subprocess.run([sys.executable, "-m", "runner", "compare", "v1", "v2",
                               "--store", options().store_uri], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
    assert compared.returncode == 0, compared.stdout + compared.stderr
    assert compared.stdout.startswith("no regression   v1 → v2")
    assert "task success          100% → 100%" in compared.stdout
