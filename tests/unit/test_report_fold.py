"""The streaming report: a stored run's results folded one at a time as they are read from the
store (runner.analysis.fold) give the report the list-based code gave before the fold
(tests/fixtures/stored/report-run.json, written by make_report_run.py at commit a9b7240), and
the fold holds no result it does not need."""

from __future__ import annotations

import gc
import json
import random
import weakref
from pathlib import Path
from typing import Any

import pytest

from runner.analysis.fold import ReportFold, fold, spec_order
from runner.analysis.report import build_report, fold_report
from runner.schema.plan import Plan
from runner.schema.report import Judgement, Report
from runner.schema.trial import TrialResult
from runner.store.keys import RunKeys
from runner.store.memory import MemoryStore
from runner.store.trials import stored_in_order

FIXTURE = Path(__file__).parents[1] / "fixtures" / "stored" / "report-run.json"


class CountingStore(MemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.gets = 0
        self.listings = 0

    def get(self, key: str) -> bytes:
        self.gets += 1
        return super().get(key)

    def list(self, prefix: str) -> list[str]:
        self.listings += 1
        return super().list(prefix)


def stored_run() -> tuple[Plan, list[TrialResult], list[Judgement], dict[str, Any]]:
    data = json.loads(FIXTURE.read_text())
    return (Plan.model_validate(data["plan"]),
            [TrialResult.model_validate(r) for r in data["results"]],
            [Judgement.model_validate(j) for j in data["judgements"]], data["report"])


def as_stored(plan: Plan, results: list[TrialResult]) -> CountingStore:
    store = CountingStore()
    for r in results:
        store.put(RunKeys(plan.run_id).trial(r.trial_id).done, r.model_dump_json().encode())
    return store


def without_added(data: Any, before: Any) -> Any:
    """`data` with the fields the fixture does not have removed, at any depth; each such field
    (added to the report since the fixture was written: a model table, a futility stop, why a
    trial was retried, ...) must be at its empty default for the fixture's run."""
    if isinstance(data, dict) and isinstance(before, dict):
        added = {k: data[k] for k in set(data) - set(before)}
        assert all(v in (None, [], {}, 0) for v in added.values()), added
        return {k: without_added(v, before[k]) for k, v in data.items() if k in before}
    if isinstance(data, list) and isinstance(before, list) and len(data) == len(before):
        return [without_added(d, b) for d, b in zip(data, before, strict=True)]
    return data


def dumped(report: Report, before: dict[str, Any]) -> dict[str, Any]:
    return dict(without_added(json.loads(report.model_dump_json()), before))


def test_the_fixture_is_a_run_with_every_kind_of_trial() -> None:
    plan, results, judgements, before = stored_run()
    assert len(results) < len(plan.trials) and before["partial"]  # some never finished
    assert {r.status for r in results if r.status.is_hole} and judgements
    assert len(before["comparisons"]) == 2 and before["grader_mode"] and before["usage_windows"]
    assert any(a["process"] for a in before["arms"].values()) and before["non_discriminating"]


def test_the_report_folded_from_the_store_is_the_report_of_before() -> None:
    plan, results, judgements, before = stored_run()
    store = as_stored(plan, results)
    ordered = stored_in_order(store, sorted(plan.trials, key=spec_order))
    report = fold_report(fold(plan, ordered, judgements))
    assert dumped(report, before) == before
    assert store.listings == 0 and store.gets == len(plan.trials)  # one GET a trial


@pytest.mark.parametrize("seed", [1, 2])
def test_build_report_in_any_order_is_the_report_of_before(seed: int) -> None:
    plan, results, judgements, before = stored_run()
    random.Random(seed).shuffle(results)
    assert dumped(build_report(plan, results, None, judgements), before) == before


def test_out_of_order_results_are_refused() -> None:
    plan, results, _, _ = stored_run()
    ordered = sorted(results, key=lambda r: (r.case_id, r.repetition, r.arm))
    folded = ReportFold(plan)
    folded.add(ordered[5])
    with pytest.raises(ValueError, match="case, repetition, arm"):
        folded.add(ordered[0])


def test_the_fold_lets_each_result_go() -> None:
    """A fixed-k run's fold keeps no result past its (case, repetition): the memory a report
    of a million trials takes is its rows and lines, not its results."""
    plan, results, judgements, _ = stored_run()
    store = as_stored(plan, results)
    folded = ReportFold(plan, judgements)
    alive: list[weakref.ref[TrialResult]] = []
    for result in stored_in_order(store, sorted(plan.trials, key=spec_order)):
        alive.append(weakref.ref(result))
        folded.add(result)
        del result
    gc.collect()
    # the last (case, repetition): one per arm, until done()
    assert sum(ref() is not None for ref in alive) <= 3
    folded.done()
    gc.collect()
    assert sum(ref() is not None for ref in alive) == 0
    assert not folded.kept


def test_a_report_prices_power_at_any_k() -> None:
    """A case run thousands of times (found by bench/scale.py --report: 1 case x k=50,000)
    no longer overflows the power model; the cases it names are those at the cap."""
    from runner.analysis.rows import POWER_K_CAP, detect_size

    capped = detect_size(3, POWER_K_CAP, 0.05)
    assert capped is not None
    assert detect_size(3, 5000, 0.05) == capped.model_copy(update={"k": 5000})
