"""How each check of a case will be graded, in words (`skill-eval check -v`)."""

from __future__ import annotations

from runner.schema.case import Case
from runner.scoring.checks import describe_matcher


def describe_case(case: Case, judge_expected_output: bool = False) -> list[str]:
    lines = [f"case {case.id}" + (f" ({case.name})" if case.name else "")]
    lines += [f"  text {describe_matcher(a)}" for a in case.assertions]
    for output in case.outputs:
        lines.append(f"  file {output.path} must exist")
        lines += [f"  file {output.path} {describe_matcher(a)}" for a in output.contains]
    lines += [f"  statement for the grader model (quoted evidence verified): {s}"
              for s in case.statements]
    lines += [f"  tool call: some call must match {m}" for m in case.tool_calls]
    if case.judge_program:
        lines.append(f"  judge program {case.judge_program} must exit 0 (run in the trial's "
                     "sandbox over its working directory, read-only)")
    for check in case.json_checks:
        want = ("must be absent" if not check.exists else
                f"must equal {check.equals!r}" if check.equals is not None else
                describe_matcher(check.contains) if check.contains else "must exist")
        lines.append(f"  json {check.file} {check.path} {want}")
    for item in case.process:
        lines.append(f"  process {item.id} ({item.form}, reported beside task success): "
                     + ", ".join(item.matchers)
                     + (f" min {item.min}" if item.min is not None else "")
                     + (f" max {item.max}" if item.max is not None else ""))
    if case.extra:
        lines.append(f"  kept, not graded: {', '.join(sorted(case.extra))}")
    if case.rubric:
        lines.append(f"  ties: the judge compares both arms by the rubric: {case.rubric}")
    elif judge_expected_output and case.expected_output:
        lines.append("  ties: the judge compares both arms by the expected output")
    else:
        lines.append("  ties stay ties (no rubric)")
    return lines
