"""CI output through the real CLI (a subprocess, as CI runs it): the JUnit file parsed by
junitparser, the annotations and the job summary under a simulated GitHub Actions
environment, and `merge` reading shards back as one result."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from junitparser import Failure, JUnitXml, Skipped

from runner.schema.enums import Arm, Outcome, RunStatus, Verdict
from runner.schema.report import Comparison, Report, Row, Size, TrialLine
from runner.schema.report import Failure as CheckFailure

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "csv-summary"
SKILL_EXE = [sys.executable, "-m", "runner"]


def _report(run_id: str, outcomes: dict[str, list[str]], verdict: Verdict, *, firm: bool,
            aa_rate: float | None, skill: str = "csv-summary",
            firm_size: Size | None = None) -> Report:
    """A report whose rows against the baseline are `outcomes` (case -> win/loss/tie/hole per
    repetition); a lost row's candidate trial fails a check with the grader's reason."""
    rows, trials = [], []
    for case, results in outcomes.items():
        for rep, result in enumerate(results):
            lost = result == "loss"
            rows.append(Row(case=case, repetition=rep, opponent=Arm.BASELINE,
                            outcome=Outcome(result), candidate_passed=not lost,
                            opponent_passed=lost, reason=f"checks: candidate "
                            f"{'failed' if lost else 'passed'}"))
            trials.append(TrialLine(
                trial_id=f"{run_id}-{case}-{rep}", case=case, repetition=rep,
                arm=Arm.CANDIDATE, status="completed", passed=not lost,
                failed_checks=["file summary.md: ## Totals"] if lost else [],
                failures=[CheckFailure(check="file summary.md: ## Totals",
                                       detail="grader: the heading is missing")] if lost
                else []))
    count = {o: sum(r.outcome is Outcome(o) for r in rows) for o in ("win", "loss", "tie")}
    comparison = Comparison(opponent=Arm.BASELINE, wins=count["win"], losses=count["loss"],
                            ties=count["tie"], holes=0, net_lift=0.0, verdict=verdict,
                            sign_test_p=0.5, firm=firm, aa_rate=aa_rate, firm_size=firm_size)
    return Report(status=RunStatus.COMPLETED, run_id=run_id, skill=skill,
                  skill_digest="d" * 64, model="sonnet", dry_run=True, verdict=verdict,
                  net_lift=0.0, wins=count["win"], losses=count["loss"], ties=count["tie"],
                  holes=0, partial=False, sign_test_p=0.5, comparisons=[comparison], arms={},
                  rows=rows, trials=trials, price_table="x", k=2, cases=list(outcomes))


def _cli(args: list[str], cwd: Path, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    full.update({"PYTHONPATH": str(ROOT), **(env or {})})
    return subprocess.run([*SKILL_EXE, *args], cwd=cwd, env=full, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture
def shards(tmp_path: Path) -> tuple[Path, Path]:
    """Two shard files: a firm FAIL with a lost case, and a PASS that is not firm."""
    failing = _report("r-fail", {"sales-totals": ["loss", "loss"], "row-count":
                                 ["tie", "tie"]}, Verdict.FAIL, firm=True, aa_rate=0.01)
    weak = _report("r-weak", {"inventory-totals": ["win", "tie"]}, Verdict.PASS, firm=False,
                   aa_rate=0.3, skill="other", firm_size=Size(cases=9, k=3))
    one, two = tmp_path / "shard-1.json", tmp_path / "shard-2.json"
    one.write_text(failing.model_dump_json())
    two.write_text("[" + weak.model_dump_json() + "]")  # --report-json's list form
    return one, two


def test_merged_junit_has_a_failure_per_lost_case_and_skips_the_inconclusive(
        tmp_path: Path, shards: tuple[Path, Path]) -> None:
    junit = tmp_path / "junit.xml"
    done = _cli(["merge", *map(str, shards), "--junit", str(junit), "--gate", "-q"], tmp_path)
    assert done.returncode == 1, done.stderr  # the firm FAIL fails the gate
    xml = JUnitXml.fromfile(str(junit))
    cases = {(suite.name, case.name): case for suite in xml for case in suite}
    assert set(cases) == {("csv-summary [sonnet]", "sales-totals vs baseline"),
                          ("csv-summary [sonnet]", "row-count vs baseline"),
                          ("other [sonnet]", "inventory-totals vs baseline")}
    lost = cases[("csv-summary [sonnet]", "sales-totals vs baseline")].result
    assert len(lost) == 1 and isinstance(lost[0], Failure)
    assert "file summary.md: ## Totals" in lost[0].text
    assert "grader: the heading is missing" in lost[0].text
    assert cases[("csv-summary [sonnet]", "row-count vs baseline")].is_passed
    weak = cases[("other [sonnet]", "inventory-totals vs baseline")].result
    assert len(weak) == 1 and isinstance(weak[0], Skipped)
    assert "9 case(s) x k 3" in (weak[0].message or "")
    assert xml.failures == 1 and xml.skipped == 1 and xml.tests == 3


def test_annotations_point_at_the_case_and_the_summary_is_appended(
        tmp_path: Path, shards: tuple[Path, Path]) -> None:
    workspace = tmp_path / "repo"
    shutil.copytree(EXAMPLE, workspace / "skills" / "csv-summary")
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n")
    done = _cli(["merge", *map(str, shards)], workspace, env={
        "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_WORKSPACE": str(workspace)})
    assert done.returncode == 0, done.stderr  # no --gate: the verdicts do not fail it
    evals = (workspace / "skills/csv-summary/evals/evals.json").read_text().splitlines()
    line = next(n for n, text in enumerate(evals, 1) if '"sales-totals"' in text)
    errors = [ln for ln in done.stderr.splitlines() if ln.startswith("::error ")]
    assert errors == [ln for ln in errors if "sales-totals" in ln] and len(errors) == 1
    assert errors[0].startswith(
        f"::error file=skills/csv-summary/evals/evals.json,line={line},title=")
    assert "%0A" in errors[0] and "grader: the heading is missing" in errors[0]
    warnings = [ln for ln in done.stderr.splitlines() if ln.startswith("::warning")]
    assert len(warnings) == 1 and "inventory-totals" in warnings[0]
    assert "file=" not in warnings[0]  # skill `other` has no folder here: no file
    text = summary.read_text()
    assert text.startswith("earlier step\n## skill-eval")
    assert "| baseline | FAIL | yes | 0 | 2 | 2 |" in text
    assert "| baseline | PASS | no |" in text and "9 case(s) x k 3" in text
    assert "| sales-totals | baseline | failed |" in text


def test_no_annotations_outside_actions_and_stdout_stays_json(
        tmp_path: Path, shards: tuple[Path, Path]) -> None:
    done = _cli(["merge", *map(str, shards), "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert [r["run_id"] for r in json.loads(done.stdout)] == ["r-fail", "r-weak"]
    assert "::" not in done.stderr


def test_a_run_writes_junit_and_merge_reads_its_store(tmp_path: Path) -> None:
    junit = tmp_path / "run.xml"
    run = _cli(["run", str(EXAMPLE), "--case", "row-count", "--sandbox", "fake", "--executor",
                "inprocess", "--model-script", str(EXAMPLE / "model-script.yaml"),
                "--store", str(tmp_path / "store"), "--junit", str(junit), "-q"], tmp_path)
    assert run.returncode == 0, run.stderr
    suite = next(iter(JUnitXml.fromfile(str(junit))))
    assert [c.name for c in suite] == ["row-count vs baseline"]
    props: Any = {p.name: p.value for p in suite.properties()}
    assert props["dry_run"] == "true" and props["run_id"].startswith("r-")
    merged = tmp_path / "merged.xml"
    again = _cli(["merge", str(tmp_path / "store"), str(tmp_path / "store"), "--junit",
                  str(merged), "-q"], tmp_path)
    assert again.returncode == 0, again.stderr
    assert JUnitXml.fromfile(str(merged)).tests == 1  # the same run twice counts once


def test_an_unwritable_junit_path_is_refused_before_the_run(tmp_path: Path) -> None:
    done = _cli(["run", str(EXAMPLE), "--sandbox", "fake", "--executor", "inprocess",
                 "--model-script", str(EXAMPLE / "model-script.yaml"), "--store",
                 str(tmp_path / "store"), "--junit", str(tmp_path / "no" / "j.xml")], tmp_path)
    assert done.returncode == 2 and "--junit" in done.stderr
    assert not (tmp_path / "store" / "runs").exists()


def test_merge_refuses_what_is_not_a_report(tmp_path: Path) -> None:
    bad = tmp_path / "notes.json"
    bad.write_text('"hello"')
    done = _cli(["merge", str(bad)], tmp_path)
    assert done.returncode == 2 and "notes.json" in done.stderr
    missing = _cli(["merge", str(tmp_path / "nowhere")], tmp_path)
    assert missing.returncode == 2 and "nowhere" in missing.stderr


def test_batch_merges_shards_into_one_result(tmp_path: Path,
                                            shards: tuple[Path, Path]) -> None:
    """`batch --merge SOURCE...` is `merge`: one result, --junit and the Actions summary on
    it, the gate on every shard at once."""
    workspace = tmp_path / "repo"
    shutil.copytree(EXAMPLE, workspace / "skills" / "csv-summary")
    junit, summary = tmp_path / "junit.xml", tmp_path / "summary.md"
    done = _cli(["batch", "--merge", *map(str, shards), "--junit", str(junit), "--gate",
                 "--json"], workspace, env={
        "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_WORKSPACE": str(workspace)})
    assert done.returncode == 1, done.stderr  # the firm FAIL of one shard fails the gate
    assert [r["run_id"] for r in json.loads(done.stdout)] == ["r-fail", "r-weak"]
    xml = JUnitXml.fromfile(str(junit))
    assert xml.tests == 3 and xml.failures == 1 and xml.skipped == 1
    errors = [ln for ln in done.stderr.splitlines() if ln.startswith("::error ")]
    assert len(errors) == 1 and "sales-totals" in errors[0]
    assert errors[0].startswith("::error file=skills/csv-summary/evals/evals.json,line=")
    text = summary.read_text()
    assert "| baseline | FAIL | yes | 0 | 2 | 2 |" in text and "| baseline | PASS | no |" in text
    same = _cli(["merge", *map(str, shards), "--json"], tmp_path)
    assert json.loads(same.stdout) == json.loads(done.stdout)


def test_batch_merge_refuses_run_flags_and_a_batch_takes_one_file(
        tmp_path: Path, shards: tuple[Path, Path]) -> None:
    flagged = _cli(["batch", "--merge", str(shards[0]), "--store", str(tmp_path / "s"),
                    "--force"], tmp_path)
    assert flagged.returncode == 2 and "--force, --store would be ignored" in flagged.stderr
    assert not (tmp_path / "s").exists()
    two = _cli(["batch", *map(str, shards)], tmp_path)
    assert two.returncode == 2 and "--merge SOURCE" in two.stderr
    absent = _cli(["batch", str(tmp_path / "nightly.yaml")], tmp_path)
    assert absent.returncode == 2 and "no such batch file" in absent.stderr
    missing = _cli(["batch", "--merge", str(tmp_path / "nowhere")], tmp_path)
    assert missing.returncode == 2 and "nowhere" in missing.stderr


def test_a_batch_writes_junit_and_annotates_its_skills_cases(tmp_path: Path) -> None:
    import yaml

    workspace = tmp_path / "repo"
    skill = workspace / "skills" / "csv-summary"
    shutil.copytree(EXAMPLE, skill)
    batch = workspace / "nightly.yaml"
    batch.write_text(yaml.safe_dump({
        "store": "store", "executor": "inprocess", "sandbox": {"backend": "fake"},
        "model_script": str(EXAMPLE / "model-script.yaml"),
        "evals": [{"skill": "skills/csv-summary", "cases": ["row-count", "sales-totals"],
                   "k": 2}]}))
    junit, summary = tmp_path / "batch.xml", tmp_path / "summary.md"
    done = _cli(["batch", str(batch), "--junit", str(junit), "-q"], workspace, env={
        "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_WORKSPACE": str(workspace)})
    assert done.returncode == 0, done.stderr
    xml = JUnitXml.fromfile(str(junit))
    assert sorted(c.name for s in xml for c in s) == ["row-count vs baseline",
                                                     "sales-totals vs baseline"]
    # the fake session answers the same in both arms: ties, a NEUTRAL, nothing to annotate
    assert xml.failures == 0 and xml.skipped == 0
    assert "::error" not in done.stderr and "::warning" not in done.stderr
    assert "### skill-eval: csv-summary [sonnet]: NEUTRAL" in summary.read_text()


def test_several_skills_annotate_each_case_in_its_own_case_set(tmp_path: Path) -> None:
    from runner.history.evidence import attribution
    from runner.render.actions import annotation_lines, case_lines

    report = _report("r-set", {"sales-totals": ["loss"]}, Verdict.FAIL, firm=True,
                     aa_rate=0.01, skill="csv-summary+probe")
    report.skills = ["csv-summary", "probe"]
    spots = {"csv-summary": case_lines(EXAMPLE / "evals" / "evals.json", ROOT)}
    (line,) = annotation_lines([report], spots)
    assert line.startswith("::error file=examples/csv-summary/evals/evals.json,line=")
    assert attribution(report) == "joint: csv-summary, probe"
    report.baseline_mode, report.left_out = "per-skill", "probe"
    assert attribution(report) == "per-skill (marginal of probe, beside csv-summary)"
    report.skills = []
    assert attribution(report) == "alone"
