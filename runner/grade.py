"""Grade one session against its case: every check must pass for the arm to pass."""

from __future__ import annotations

from runner.caseset import Case
from runner.checks import CheckResult, check_text
from runner.collect import Collected


def grade(case: Case, assistant_text: str, collected: Collected) -> list[CheckResult]:
    results = [check_text(a, assistant_text) for a in case.assertions]
    for output in case.outputs:
        data = collected.files.get(output.path)
        label = f"file {output.path}"
        if data is None:
            why = collected.skipped.get(output.path)
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
