"""A large run's viewer page reads and renders the material of some trials, not every one:
the run page that of its first rows, a trial's page that of its own row; a small run's page
still carries every trial's."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.analysis.report import build_report
from runner.planning.plan import make_plan
from runner.render.html import MATERIAL_ROWS, MATERIAL_TRIALS, run_page, trial_page
from runner.schema.enums import Arm, TrialStatus
from runner.schema.options import RunOptions
from runner.schema.report import Report
from runner.schema.trial import CheckResult, Score, TrialResult
from runner.store.keys import RunKeys
from runner.store.memory import MemoryStore
from runner.view.load import load_run
from tests.helpers import word_skill

TRANSCRIPT = (Path(__file__).parents[1] / "fixtures" / "transcript-candidate.jsonl").read_bytes()


class CountingStore(MemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.reads: list[str] = []

    def get(self, key: str) -> bytes:
        self.reads.append(key)
        return super().get(key)


def _stored_run(tmp_path: Path, k: int) -> tuple[CountingStore, Report]:
    plan = make_plan(RunOptions(skill_path=word_skill(tmp_path / "big", 5, "big"), k=k,
                                arms=(Arm.BASELINE, Arm.CANDIDATE), store_uri="memory://"))
    store = CountingStore()
    results = []
    for spec in plan.trials:
        passed = spec.arm is Arm.CANDIDATE
        result = TrialResult(
            trial_id=spec.trial_id, case_id=spec.case.id, repetition=spec.repetition,
            arm=spec.arm, status=TrialStatus.COMPLETED, passed=passed,
            scores={"checks": Score(scorer="checks", passed=passed, checks=[
                CheckResult(check="text: WORD", passed=passed)])})
        keys = RunKeys(plan.run_id).trial(spec.trial_id)
        store.put(keys.done, result.model_dump_json().encode())
        store.put(keys.attempt(1).transcript, TRANSCRIPT)
        results.append(result)
    report = build_report(plan, results)
    store.put(RunKeys(plan.run_id).report_json, report.model_dump_json().encode())
    return store, report


def _transcripts_read(store: CountingStore) -> int:
    return sum(key.endswith("transcript.jsonl") for key in store.reads)


@pytest.mark.parametrize("k", [4, 30])  # 40 trials: all material; 300: some
def test_the_run_page_reads_the_material_it_shows(tmp_path: Path, k: int) -> None:
    store, report = _stored_run(tmp_path, k)
    store.reads.clear()
    loaded, views, history = load_run(store, report.run_id)
    html = run_page(loaded, views, history)
    if len(report.trials) <= MATERIAL_TRIALS:
        assert len(views) == len(report.trials)
        assert "on its own page" not in html
    else:
        assert len(views) == 2 * MATERIAL_ROWS < len(report.trials)
        linked = next(t for t in report.trials if t.trial_id not in views)
        assert f"/run/{report.run_id}/trial/{linked.trial_id}" in html
    assert _transcripts_read(store) == len(views)
    assert html.count('class="trial"') == len(report.trials)  # every trial has its place


def test_a_trial_page_reads_only_its_row(tmp_path: Path) -> None:
    store, report = _stored_run(tmp_path, 30)
    last = report.trials[-1]  # beyond the run page's material
    store.reads.clear()
    loaded, views, _ = load_run(store, report.run_id, last.trial_id)
    assert set(views) == {t.trial_id for t in report.trials
                          if t.case == last.case and t.repetition == last.repetition}
    assert _transcripts_read(store) == 2
    page = trial_page(loaded, views, last.trial_id)
    assert page is not None and "on its own page" not in page
