"""The `program` scorer: a case's judge program (docs/case-sets.md) decides by its exit code,
and an author's grader program by its JSON output or exit code (runner.scoring.grader_program).

Each ran after the session in its own network-less container (the session's limits, the
working directory read-only), or on the host only under --trust-target
(runner.sandbox.programs); its stdout and stderr are kept as the check's evidence.
"""

from __future__ import annotations

from runner.schema.case import Case
from runner.schema.trial import CheckResult, Score
from runner.scoring.base import Evidence, Grading
from runner.scoring.grader_program import grade

NAME = "program"
SHOWN = 600


def _output(stdout: str, stderr: str) -> str:
    parts = [f"stdout: {stdout.strip()[-SHOWN:]}" if stdout.strip() else "",
             f"stderr: {stderr.strip()[-SHOWN:]}" if stderr.strip() else ""]
    return "; ".join(p for p in parts if p) or "no output"


class ProgramScorer:
    name = NAME

    def score(self, case: Case, evidence: Evidence, grading: Grading) -> Score | None:
        checks = [*self._judge(case, evidence)]
        if case.grader_program is not None:
            checks += grade(case.grader_program, evidence.grader)
        if not checks:
            return None
        return Score(scorer=NAME, passed=all(c.passed for c in checks), checks=checks)

    def _judge(self, case: Case, evidence: Evidence) -> list[CheckResult]:
        if not case.judge_program:
            return []
        label = f"judge program {case.judge_program}"
        run = evidence.program
        if run is None:
            check = CheckResult(check=label, passed=False, detail="did not run")
        elif run.timed_out:
            check = CheckResult(check=label, passed=False, detail="killed at its timeout; "
                                + _output(run.stdout, run.stderr))
        elif run.exit_code == 0:
            check = CheckResult(check=label, passed=True,
                                evidence="exit 0; " + _output(run.stdout, run.stderr))
        else:
            check = CheckResult(check=label, passed=False, detail=f"exit {run.exit_code}; "
                                + _output(run.stdout, run.stderr))
        return [check]

