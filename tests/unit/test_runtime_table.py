"""The runtime table (docs/statistics.md#cost-and-the-runtime-table): per-repetition figures, their
spread, and the deltas."""

from __future__ import annotations

import pytest

from runner.analysis.runtime import runtime_table
from runner.schema.enums import Arm, TrialStatus
from runner.schema.trial import TrialResult, Usage


def result(case: str, rep: int, arm: Arm, passed: bool | None, tools: int, tokens: int,
           loaded: bool = False, unsafe: int = 0) -> TrialResult:
    return TrialResult(
        trial_id=f"{case}-{rep}-{arm}", case_id=case, repetition=rep, arm=arm,
        status=TrialStatus.COMPLETED if passed is not None else TrialStatus.INFRA_ERROR,
        passed=passed, tool_calls=tools, skills_loaded=["csv"] if loaded else [],
        safety=["rm -rf"] * unsafe,
        usage=Usage(input_tokens=tokens, output_tokens=0, cost_usd=tokens / 1e5))


def test_runtime_table_per_repetition_with_spread_and_deltas() -> None:
    results = [
        # repetition 0: candidate 2/2 pass, baseline 0/2
        result("a", 0, Arm.CANDIDATE, True, 2, 2000, loaded=True),
        result("b", 0, Arm.CANDIDATE, True, 1, 1000, loaded=True, unsafe=1),
        result("a", 0, Arm.BASELINE, False, 1, 800),
        result("b", 0, Arm.BASELINE, False, 0, 800),
        # repetition 1: candidate 1/2, baseline 1/2; a hole is left out
        result("a", 1, Arm.CANDIDATE, True, 3, 3000, loaded=True),
        result("b", 1, Arm.CANDIDATE, False, 1, 1000),
        result("a", 1, Arm.BASELINE, True, 1, 1000),
        result("b", 1, Arm.BASELINE, None, 9, 99999),
    ]
    table = {line.figure: line for line in runtime_table(results, "csv",
                                                         [Arm.BASELINE, Arm.CANDIDATE])}
    assert list(table) == ["task success", "runs that loaded it", "tool calls", "tokens",
                           "cost USD", "safety violations"]
    success = table["task success"]
    assert success.arms["candidate"].mean == pytest.approx(0.75)
    assert success.arms["candidate"].sd == pytest.approx(0.3535, abs=1e-3)
    assert success.arms["baseline"].mean == pytest.approx(0.5)  # 0/2, then 1/1
    assert success.deltas["baseline"].mean == pytest.approx(0.25)  # +1.0, then -0.5
    loads = table["runs that loaded it"]
    assert loads.arms["candidate"].mean == pytest.approx(1.5)
    assert loads.arms["baseline"].mean is None and loads.deltas["baseline"].mean is None
    assert table["tokens"].arms["baseline"].mean == pytest.approx(900)  # 800, then 1000
    tools = table["tool calls"].deltas["baseline"]  # 1.5 - 0.5, then 2.0 - 1.0
    assert tools.mean == pytest.approx(1.0) and tools.sd == pytest.approx(0.0)
    assert table["safety violations"].arms["candidate"].mean == pytest.approx(0.5)
