"""An author's grader program's output read as checks: named checks, a score against the
author's threshold, its exit code when it prints no JSON, and what cannot be mapped."""

from __future__ import annotations

import json

from runner.schema.programs import GraderProgram
from runner.schema.trial import ProgramRun
from runner.scoring.grader_program import UNMAPPABLE, grade, read_json

NAMED = GraderProgram(path="evals/grade.py", checks=("pdf_written", "model_passed"))
WHOLE = GraderProgram(path="evals/grade.py")


def ran(stdout: str = "", code: int | None = 0, timed_out: bool = False) -> ProgramRun:
    return ProgramRun(exit_code=code, stdout=stdout, timed_out=timed_out)


def test_named_checks_read_their_own_results() -> None:
    out = json.dumps({"checks": {"pdf_written": True,
                                 "model_passed": {"passed": False, "detail": "loss 0.9"},
                                 "unasked": False}})
    first, second = grade(NAMED, ran(out, code=1))
    assert first.check == "grader program evals/grade.py: pdf_written" and first.passed
    assert not second.passed and "loss 0.9" in second.detail


def test_list_and_flat_shapes_and_a_log_before_the_json() -> None:
    listed = "building...\n" + json.dumps({"results": [
        {"name": "pdf-written", "status": "pass"}, {"id": "model_passed", "ok": True}]})
    assert [c.passed for c in grade(NAMED, ran(listed))] == [True, True]
    flat = json.dumps({"pdf_written": True, "model_passed": False})
    assert [c.passed for c in grade(NAMED, ran(flat))] == [True, False]
    assert read_json("no json here\n{not json}") is None


def test_a_missing_name_or_no_json_cannot_be_mapped_and_says_the_fix() -> None:
    (missing, present) = grade(GraderProgram(path="evals/grade.py",
                                             checks=("nowhere", "pdf_written")),
                               ran(json.dumps({"checks": {"pdf_written": True}})))
    assert not missing.passed and missing.detail.startswith(UNMAPPABLE)
    assert "'nowhere'" in missing.detail and "fix:" in missing.detail and present.passed
    (prose,) = grade(NAMED, ran("looks fine to me", code=0))
    assert not prose.passed and prose.detail.startswith(UNMAPPABLE) and "fix:" in prose.detail


def test_no_json_and_a_failing_exit_fails_each_named_check() -> None:
    checks = grade(NAMED, ran("Traceback: report.pdf not found", code=1))
    assert [c.passed for c in checks] == [False, False]
    assert all("exit 1" in c.detail and UNMAPPABLE not in c.detail for c in checks)


def test_a_score_needs_a_threshold_from_the_set_or_the_output() -> None:
    (passed,) = grade(WHOLE.model_copy(update={"threshold": 0.7}), ran('{"score": 0.8}'))
    (failed,) = grade(WHOLE.model_copy(update={"threshold": 0.9}), ran('{"score": 0.8}'))
    (given,) = grade(WHOLE, ran('{"score": 3, "threshold": 4}'))
    (unknown,) = grade(WHOLE, ran('{"score": 0.8}'))
    assert passed.passed and "0.8 against threshold 0.7" in passed.evidence
    assert not failed.passed and not given.passed
    assert not unknown.passed and unknown.detail.startswith(UNMAPPABLE) and "threshold" in \
        unknown.detail


def test_a_whole_verdict_from_checks_passed_or_the_exit_code() -> None:
    (some,) = grade(WHOLE, ran(json.dumps({"checks": {"a_b": True, "c_d": False}})))
    assert not some.passed and "1/2 checks passed (failed: c_d)" in some.detail
    assert grade(WHOLE, ran('{"passed": true}', code=1))[0].passed
    assert grade(WHOLE, ran("ok", code=0))[0].passed
    assert not grade(WHOLE, ran("bad", code=2))[0].passed


def test_not_run_or_killed_at_its_timeout_fails() -> None:
    assert grade(WHOLE, None)[0].detail == "did not run"
    (killed,) = grade(NAMED, ran("", code=None, timed_out=True))
    assert not killed.passed and "timeout" in killed.detail
