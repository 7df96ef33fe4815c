"""What an author's grader program said, as checks: its JSON output (named checks -> pass or
fail, or a score against the author's threshold) or, when it prints none, its exit code.

Output read: the whole stdout as one JSON object, else its last line that is one. Shapes:
    {"checks": {"pdf_written": true, "model_passed": {"passed": false, "detail": "..."}}}
    {"checks": [{"name": "pdf_written", "passed": true}, ...]}   ("results" alike)
    {"pdf_written": true, "model_passed": false}                 (every value true/false)
    {"score": 0.8, "threshold": 0.7}   or   {"passed": true}
A case whose assertions name checks reads exactly those; a name its output lacks, or an output
with no JSON where names were asked for, cannot be mapped: the check fails saying so and how to
fix the program or the set (both arms alike, so the row ties and the report names the fix).
"""

from __future__ import annotations

import json
from typing import Any

from runner.schema.programs import GraderProgram
from runner.schema.trial import CheckResult, ProgramRun

SHOWN = 600
PASS_KEYS = ("passed", "pass", "ok", "success", "result", "status")
DETAIL_KEYS = ("detail", "message", "reason", "details", "explanation")
NAME_KEYS = ("name", "id", "check", "title")
UNMAPPABLE = "unmappable"
FIX_OUTPUT = ('print one JSON object on stdout, e.g. {"checks": {"<name>": true}} (or '
              '{"score": 0.9} with a threshold), or let its exit code decide (0 passes)')


def _output(run: ProgramRun) -> str:
    parts = [f"stdout: {run.stdout.strip()[-SHOWN:]}" if run.stdout.strip() else "",
             f"stderr: {run.stderr.strip()[-SHOWN:]}" if run.stderr.strip() else ""]
    return "; ".join(p for p in parts if p) or "no output"


def read_json(stdout: str) -> dict[str, Any] | None:
    """The program's JSON object: all of stdout, else its last line that is one."""
    candidates = [stdout.strip(), *reversed(stdout.strip().splitlines())]
    for text in candidates:
        try:
            value = json.loads(text)
        except ValueError:
            continue
        if isinstance(value, dict):
            return value
    return None


def _verdict(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("pass", "passed", "ok", "true"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("fail", "failed", "false"):
        return False
    if isinstance(value, dict):
        found = next((value[k] for k in PASS_KEYS if k in value), None)
        return _verdict(found) if found is not None else None
    return None


def _detail(value: Any) -> str:
    if isinstance(value, dict):
        return next((str(value[k]) for k in DETAIL_KEYS if value.get(k)), "")
    return ""


def named_checks(output: dict[str, Any]) -> dict[str, tuple[bool, str]] | None:
    """name -> (passed, detail), from whichever shape the output has; None: no checks."""
    listed = next((output[k] for k in ("checks", "results", "assertions") if k in output), None)
    found: dict[str, tuple[bool, str]] = {}
    if isinstance(listed, dict):
        items = list(listed.items())
    elif isinstance(listed, list):
        items = [(next((str(i[k]) for k in NAME_KEYS if k in i), ""), i) for i in listed
                 if isinstance(i, dict)]
    elif output and all(isinstance(v, bool) for v in output.values()):
        items = list(output.items())
    else:
        return None
    for name, value in items:
        verdict = _verdict(value)
        if name and verdict is not None:
            found[str(name)] = (verdict, _detail(value))
    return found


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def _unmappable(label: str, why: str, fix: str) -> CheckResult:
    return CheckResult(check=label, passed=False, detail=f"{UNMAPPABLE}: {why}; fix: {fix}")


def _read_names(program: GraderProgram, label: str, run: ProgramRun,
                output: dict[str, Any] | None) -> list[CheckResult]:
    checks = named_checks(output) if output is not None else None
    if checks is None:
        if run.exit_code not in (0, None):  # it said no the only way it did
            return [CheckResult(check=f"{label}: {name}", passed=False,
                                detail=f"exit {run.exit_code}, no JSON checks; {_output(run)}")
                    for name in program.checks]
        return [_unmappable(label, f"the case reads its checks {', '.join(program.checks)} "
                            f"and its output has no JSON checks ({_output(run)})", FIX_OUTPUT)]
    by_key = {_key(n): (n, v) for n, v in checks.items()}
    results: list[CheckResult] = []
    for name in program.checks:
        hit = (name, checks[name]) if name in checks else by_key.get(_key(name))
        if hit is None:
            results.append(_unmappable(
                f"{label}: {name}", f"its output has no check {name!r} (it has "
                f"{', '.join(sorted(checks)) or 'none'})",
                f"make the program report {name!r}, or name one of its checks in the set"))
            continue
        said, (ok, detail) = hit
        results.append(CheckResult(check=f"{label}: {name}", passed=ok,
                                   evidence=f"{said}: passed {detail}".strip() if ok else "",
                                   detail="" if ok else f"{said}: failed {detail}".strip()))
    return results


def _read_whole(program: GraderProgram, label: str, run: ProgramRun,
                output: dict[str, Any] | None) -> CheckResult:
    if output is not None and isinstance(output.get("score"), (int, float)) \
            and not isinstance(output.get("score"), bool):
        score = float(output["score"])
        given = output.get("threshold", output.get("pass_threshold"))
        threshold = program.threshold if program.threshold is not None else given
        if not isinstance(threshold, (int, float)) or isinstance(threshold, bool):
            return _unmappable(label, f"it printed a score ({score:g}) and no threshold is "
                               "known", 'give the set\'s grader_program a "threshold", or '
                               'print {"score": ..., "threshold": ...}')
        ok = score >= float(threshold)
        said = f"score {score:g} against threshold {float(threshold):g}"
        return CheckResult(check=label, passed=ok, evidence=said if ok else "",
                           detail="" if ok else said)
    verdict = _verdict(output.get("passed")) if output is not None else None
    checks = named_checks(output) if output is not None and verdict is None else None
    if checks:
        failed = [n for n, (ok, _) in checks.items() if not ok]
        share = (len(checks) - len(failed)) / len(checks)
        # the author's threshold, where known, is on the share of its checks that passed
        verdict = not failed if program.threshold is None \
            else share >= program.threshold - 1e-9
        said = f"{len(checks) - len(failed)}/{len(checks)} checks passed" + (
            f" (failed: {', '.join(failed)})" if failed else "") + (
            f" against threshold {program.threshold:g}" if program.threshold is not None
            and failed else "")
        return CheckResult(check=label, passed=verdict, evidence=said if verdict else "",
                           detail="" if verdict else said)
    if verdict is None:
        verdict = run.exit_code == 0
    said = f"exit {run.exit_code}; {_output(run)}"
    return CheckResult(check=label, passed=verdict, evidence=said if verdict else "",
                       detail="" if verdict else said)


def grade(program: GraderProgram, run: ProgramRun | None) -> list[CheckResult]:
    """The checks the grader program decides for one trial."""
    label = f"grader program {program.shown}"
    if run is None:
        return [CheckResult(check=label, passed=False, detail="did not run")]
    if run.timed_out:
        return [CheckResult(check=label, passed=False,
                            detail="killed at its timeout; " + _output(run))]
    output = read_json(run.stdout)
    if program.checks:
        return _read_names(program, label, run, output)
    return [_read_whole(program, label, run, output)]
