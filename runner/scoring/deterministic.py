"""The `checks` scorer: the case's deterministic assertions and output checks (seed 001).
Every check must pass for the trial to pass."""

from __future__ import annotations

from runner.schema.case import Case
from runner.schema.trial import CheckResult, Score
from runner.scoring.base import Evidence, register
from runner.scoring.checks import check_text

NAME = "checks"


def grade(case: Case, assistant_text: str, outputs: dict[str, bytes],
          skipped: dict[str, str]) -> list[CheckResult]:
    results = [check_text(a, assistant_text) for a in case.assertions]
    for output in case.outputs:
        data = outputs.get(output.path)
        label = f"file {output.path}"
        if data is None:
            why = skipped.get(output.path)
            detail = f"not created ({why})" if why else "not created"
            results.append(CheckResult(check=label, passed=False, detail=detail))
            for assertion in output.contains:
                results.append(CheckResult(check=f"{label}: {assertion}", passed=False,
                                           detail="file missing"))
            continue
        results.append(CheckResult(check=label, passed=True))
        text = data.decode("utf-8", "replace")
        results.extend(check_text(a, text, label) for a in output.contains)
    return results


class ChecksScorer:
    name = NAME

    def score(self, case: Case, evidence: Evidence) -> Score | None:
        if not (case.assertions or case.outputs):
            return None
        checks = grade(case, evidence.assistant_text, evidence.outputs, evidence.skipped)
        return Score(scorer=NAME, passed=all(c.passed for c in checks), checks=checks)


register(NAME, ChecksScorer)
