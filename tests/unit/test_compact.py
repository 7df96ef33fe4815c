"""What a run holds by the million is kept small without changing what it says: the trial
lines and rows of a folded report, and the results the scheduler holds, each share one
fields-set per class and shape (runner.schema.compact), and read, compare and serialise as
before."""

from __future__ import annotations

import json
from pathlib import Path

from runner.analysis.fold import fold, order, trial_line
from runner.driver.scheduler import execute
from runner.schema.compact import shared_fields
from runner.schema.enums import Arm, TrialStatus
from runner.schema.plan import Plan
from runner.schema.report import TrialLine
from runner.schema.trial import TrialResult, TrialSpec

FIXTURE = Path(__file__).parents[1] / "fixtures" / "stored" / "report-run.json"


def stored() -> tuple[Plan, list[TrialResult]]:
    data = json.loads(FIXTURE.read_text())
    return (Plan.model_validate(data["plan"]),
            sorted((TrialResult.model_validate(r) for r in data["results"]), key=order))


def result(n: int) -> TrialResult:
    return TrialResult(trial_id=f"t{n}", case_id="c", repetition=n, arm=Arm.CANDIDATE,
                       status=TrialStatus.COMPLETED, passed=True)


def test_instances_given_the_same_fields_share_one_set_and_read_the_same() -> None:
    a, b = result(1), result(2)
    assert a.model_fields_set is not b.model_fields_set
    before = a.model_fields_set.copy(), a.model_dump_json()
    shared_fields(a), shared_fields(b)
    assert a.model_fields_set is b.model_fields_set
    assert (a.model_fields_set, a.model_dump_json()) == before
    other = TrialResult(trial_id="t3", case_id="c", repetition=3, arm=Arm.BASELINE,
                        status=TrialStatus.COMPLETED, passed=True, wall_s=1.0)
    assert shared_fields(other).model_fields_set is not a.model_fields_set  # another shape
    copied = a.model_copy(update={"passed": False})
    assert copied.model_fields_set is not a.model_fields_set  # a copy owns its set


def test_a_folded_reports_lines_and_rows_share_their_sets() -> None:
    plan, results = stored()
    folded = fold(plan, results)
    assert len({id(line.model_fields_set) for line in folded.lines}) == 1
    assert len({id(row.model_fields_set) for row in folded.rows}) <= 2  # judged rows: + judge
    assert len(folded.rows) > 2
    # the same lines as built one by one, to the byte
    assert [line.model_dump_json() for line in folded.lines] == [
        TrialLine.model_validate(trial_line(r).model_dump()).model_dump_json()
        for r in results]


class Instant:
    """An executor whose trials finish when submitted, each with its own result object."""

    def submit(self, spec: TrialSpec) -> object:
        return spec.trial_id

    def wait(self, handles: list[object], timeout: float) -> list[object]:
        return handles

    def result(self, handle: object, spec: TrialSpec) -> TrialResult:
        return TrialResult(trial_id=spec.trial_id, case_id=spec.case.id,
                           repetition=spec.repetition, arm=spec.arm,
                           status=TrialStatus.COMPLETED, passed=True)

    def cancel(self, handles: list[object]) -> None:
        pass


def test_the_results_the_scheduler_holds_share_their_sets() -> None:
    plan, _ = stored()
    results, stopped = execute(plan.trials, Instant(), 4)  # type: ignore[arg-type]
    assert stopped is None and len(results) == len(plan.trials) > 2
    assert len({id(r.model_fields_set) for r in results}) == 1
    assert {r.trial_id for r in results} == {t.trial_id for t in plan.trials}
