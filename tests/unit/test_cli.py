"""The CLI's refusals: exit code 2 and a message naming the file and the problem, before
anything runs (no Docker, no Ray needed to get there)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from runner.cli import main
from runner.render.numbers import pct

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "csv-summary"


def test_check_summarises_the_plan() -> None:
    result = CliRunner().invoke(main, ["check", str(EXAMPLE), "--k", "3"])
    assert result.exit_code == 0, result.output
    assert "3 case(s)" in result.output and "18 trial(s)" in result.output


def test_broken_case_set_exits_2_naming_file_and_case(tmp_path: Path) -> None:
    import shutil

    skill = tmp_path / "csv-summary"
    shutil.copytree(EXAMPLE, skill)
    data = json.loads((skill / "evals/evals.json").read_text())
    data["evals"][1]["assertions"] = ["re:(oops"]
    (skill / "evals/evals.json").write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["run", str(skill), "--model-script",
                                       str(EXAMPLE / "model-script.yaml")])
    assert result.exit_code == 2
    assert "evals.json" in result.output and "inventory-totals" in result.output
    assert "does not compile" in result.output


def test_no_key_and_no_script_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    result = CliRunner().invoke(main, ["run", str(EXAMPLE)])
    assert result.exit_code == 2 and "ANTHROPIC_API_KEY is not set" in result.output


def test_bad_arm_and_missing_folder() -> None:
    bad_arm = CliRunner().invoke(main, ["run", str(EXAMPLE), "--arms", "candidate,nope"])
    assert bad_arm.exit_code == 2 and "--arms" in bad_arm.output
    missing = CliRunner().invoke(main, ["run", "/nonexistent/skill"])
    assert missing.exit_code == 2 and "/nonexistent/skill" in missing.output


def test_help_has_examples() -> None:
    for command in ("run", "batch", "stop", "check", "gc", "serve-model"):
        result = CliRunner().invoke(main, [command, "--help"])
        assert result.exit_code == 0 and "Example" in result.output, command


def test_bad_batch_file_exits_2_naming_it(tmp_path: Path) -> None:
    batch = tmp_path / "nightly.yaml"
    batch.write_text("concurrency: 2\nevalz: []\n")
    result = CliRunner().invoke(main, ["batch", str(batch)])
    assert result.exit_code == 2 and "nightly.yaml" in result.output
    assert "evalz" in result.output
    batch.write_text(f"evals: [{{skill: {EXAMPLE}, cases: [nope]}}]\n")
    result = CliRunner().invoke(main, ["batch", str(batch)])
    said = " ".join(result.output.split())  # rich wraps long lines
    assert result.exit_code == 2 and "eval #1" in said and "--case nope" in said


def test_a_bug_is_exit_4_with_one_line_and_the_traceback_in_a_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import runner.driver.api

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("the kind of thing that is a bug")

    monkeypatch.setattr(runner.driver.api, "run_eval", broken)
    result = CliRunner().invoke(main, ["run", str(EXAMPLE), "--model-script",
                                       str(EXAMPLE / "model-script.yaml")])
    assert result.exit_code == 4
    assert "internal error: ZeroDivisionError: the kind of thing that is a bug" in result.output
    assert "Traceback" not in result.output
    crash = result.output.split("traceback in ", 1)[1].split(";", 1)[0]
    assert "ZeroDivisionError" in Path(crash).read_text()
    Path(crash).unlink()
    debug = CliRunner().invoke(main, ["--debug", "run", str(EXAMPLE), "--model-script",
                                      str(EXAMPLE / "model-script.yaml")])
    assert debug.exit_code == 4 and "Traceback" in debug.output


def test_help_documents_every_exit_code_and_describes_every_option() -> None:
    for command in ([], ["run"], ["batch"], ["stop"], ["gc"], ["serve-model"]):
        text = CliRunner().invoke(main, [*command, "--help"], terminal_width=200).output
        for code in ("0 ", "2 ", "3 ", "4 ", "130 "):
            assert f"  {code}" in text, (command, code)
    check = CliRunner().invoke(main, ["check", "--help"], terminal_width=200).output
    assert "--gate" not in check and "--model-script" in check
    for option in ("--k", "--incumbent"):
        line = next(ln for ln in check.splitlines() if ln.strip().startswith(option))
        assert len(line.split()) > 2, f"{option} has no description"


def test_json_and_quiet_for_scripts(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, [
        "run", str(EXAMPLE), "--case", "row-count", "--sandbox", "fake", "--executor",
        "inprocess", "--model-script", str(EXAMPLE / "model-script.yaml"), "--store",
        str(tmp_path / "store"), "--json", "--quiet"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)  # stdout is the report and nothing else
    assert report["schema_version"] == 3 and report["isolation"] == "fake"
    assert result.stderr == ""
    chatty = CliRunner().invoke(main, [
        "run", str(EXAMPLE), "--case", "row-count", "--sandbox", "fake", "--executor",
        "inprocess", "--model-script", str(EXAMPLE / "model-script.yaml"), "--store",
        str(tmp_path / "store2")])
    assert chatty.exit_code == 0, chatty.output
    lines = [ln for ln in chatty.stderr.splitlines() if ln.startswith("[")]
    assert len(lines) == 2 and lines[0].startswith("[1/2] row-count r0 ")  # one per trial


def test_the_gate_has_three_answers() -> None:
    """1 on a firm FAIL (Holm over every comparison), 5 when the run cannot decide (a FAIL
    that is not firm, no evidence, an A/A rate not below --gate-max-p), else 0."""
    from runner.analysis.gate import Answer, decide
    from runner.cli import gate_fails
    from runner.schema.report import Report

    def report(*verdicts: tuple[str, str, float | None]) -> Report:
        return Report.model_validate({
            "status": "completed", "run_id": "r", "skill": "s", "skill_digest": "0" * 64,
            "model": "m", "dry_run": True, "verdict": verdicts[0][1], "net_lift": None,
            "wins": 0, "losses": 0, "ties": 0, "holes": 0, "partial": False,
            "sign_test_p": None, "arms": {}, "rows": [], "trials": [], "price_table": "t",
            "k": 1, "cases": [], "comparisons": [
                {"opponent": opponent, "wins": 4, "losses": 2, "ties": 0, "holes": 0,
                 "net_lift": 0.33, "verdict": verdict, "sign_test_p": p, "aa_rate": p}
                for opponent, verdict, p in verdicts]})

    # PASS against baseline, a firm FAIL against the incumbent (0.001 x 2 after Holm): 1
    assert decide([report(("baseline", "PASS", 0.69), ("incumbent", "FAIL", 0.001))]
                  ).answer is Answer.FAIL
    # the same FAIL at 0.03 is firm alone, not after Holm over two (0.06): inconclusive
    assert decide([report(("baseline", "FAIL", 0.03))]).answer is Answer.FAIL
    held = decide([report(("baseline", "PASS", 0.69), ("incumbent", "FAIL", 0.03))])
    assert held.answer is Answer.INCONCLUSIVE and "Holm over 2 comparisons" in held.lines[0]
    # a batch shares one budget too: two runs' FAILs at 0.03 each are not firm together
    assert decide([report(("baseline", "FAIL", 0.03)), report(("baseline", "FAIL", 0.03))]
                  ).answer is Answer.INCONCLUSIVE
    assert decide([report(("baseline", "NO EVIDENCE", None))]).answer is Answer.INCONCLUSIVE
    assert decide([report(("baseline", "PASS", 0.69))]).answer is Answer.DECIDED
    assert not gate_fails([report(("baseline", "PASS", 0.69))])
    assert decide([report(("baseline", "PASS", 0.69))], max_p=0.05).answer is Answer.INCONCLUSIVE
    assert not gate_fails([report(("baseline", "PASS", 0.01))], max_p=0.05)


def test_check_says_how_each_check_will_be_graded() -> None:
    result = CliRunner().invoke(main, ["check", str(EXAMPLE), "-v"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = lines.index("case sales-totals")
    work = "      reads the final text and every file the agent created or changed; from "
    assert lines[at + 1:at + 5] == [
        "  assertion re:\\b5 rows\\b: must contain regular expression `\\b5 rows\\b`",
        work + "assertions[0]",
        "  assertion Total: 600: must contain substring `Total: 600`",
        work + "assertions[1]"]
    assert "  output summary.md: must exist" in lines
    assert "  fixture evals/files/sales.csv -> staged at ./sales.csv" in lines


def test_check_verbose_says_how_each_check_is_graded_and_reports_findings(
        tmp_path: Path) -> None:
    skill = tmp_path / "triage"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text('---\nname: triage\ndescription: Use when asked to '
                                    '"triage this ticket".\n---\nbody\n')
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "triage", "evals": [
        {"id": 0, "prompt": "Please triage this ticket and write notes.md",
         "files": ["notes.md"], "outputs": [{"path": "notes.md"}],
         "expectations": ["The notes name the customer's product"],
         "assertions": ["re:P[0-9]"], "rubric": "Shorter is better",
         "process": [{"id": "offline", "never": "WebFetch"}]}]}))
    result = CliRunner().invoke(main, ["check", str(skill), "-v"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "statement The notes name the customer's product: grader model: pass only on a " \
           "verbatim quote verified in the source it names" in out
    assert "from expectations[0]" in out
    assert "assertion re:P[0-9]: must contain regular expression `P[0-9]`" in out
    assert "process offline: never: WebFetch (reported beside task success)" in out
    assert "ties: the judge compares both arms by the rubric" in out
    assert "EV011" in out and "move 'notes.md' from files to outputs" in out
    assert "EV010" in out and "'triage this ticket'" in out


def test_an_upstream_that_fails_every_call_fails_the_gate(tmp_path: Path) -> None:
    """Every session ends on a model API error: holes, no evidence. Without --gate that is an
    infrastructure failure (exit 3); under --gate the gate fails (exit 1), naming the cause."""
    from runner.sandbox.fake import FakeSandbox

    batch = tmp_path / "batch.yaml"
    batch.write_text(yaml.safe_dump({
        "store": str(tmp_path / "store"), "executor": "inprocess", "endpoint_attempts": 1,
        "sandbox": {"backend": "fake"}, "model_script": str(EXAMPLE / "model-script.yaml"),
        "evals": [{"skill": str(EXAMPLE), "cases": ["row-count"]}]}))
    FakeSandbox.plan["*"] = {"api_error_starts": 99}
    try:
        plain = CliRunner().invoke(main, ["batch", str(batch)])
        gated = CliRunner().invoke(main, ["batch", str(batch), "--gate"])
    finally:
        FakeSandbox.plan.clear()
    assert plain.exit_code == 3, plain.output
    assert gated.exit_code == 5, gated.output  # it cannot decide: inconclusive
    assert "gate: inconclusive: no evidence" in gated.stderr and "api_error" in gated.stderr
    assert "NO EVIDENCE" in gated.stdout


def fake_run(store: str, case: str, *extra: str) -> dict[str, object]:
    result = CliRunner().invoke(main, [
        "run", str(EXAMPLE), "--case", case, "--sandbox", "fake", "--executor", "inprocess",
        "--model-script", str(EXAMPLE / "model-script.yaml"), "--store", store, "--json",
        "--quiet", *extra])
    assert result.exit_code == 0, result.output
    report: dict[str, object] = json.loads(result.stdout)
    return report


@pytest.mark.parametrize("backend", ["local", "s3"])
def test_runs_lists_past_runs_newest_first(tmp_path: Path, backend: str,
                                           request: pytest.FixtureRequest) -> None:
    extra: list[str] = []
    store = str(tmp_path / "store")
    if backend == "s3":
        bucket = request.getfixturevalue("s3_bucket")
        store = f"s3://{bucket}/evals"
        extra = ["--s3-endpoint-url", request.getfixturevalue("s3_server")]
    first = fake_run(store, "row-count", *extra)
    second = fake_run(store, "sales-totals", *extra)
    listed = CliRunner().invoke(main, ["runs", "--store", store, *extra])
    assert listed.exit_code == 0, listed.output
    lines = listed.stdout.splitlines()
    assert lines[0] == "2 run(s), newest first"
    assert lines[2].startswith(str(second["run_id"])) and lines[3].startswith(
        str(first["run_id"]))
    assert "csv-summary" in lines[2] and "completed" in lines[2]
    as_json = json.loads(CliRunner().invoke(main, ["runs", "--store", store, "--json",
                                                   *extra]).stdout)
    assert [r["run_id"] for r in as_json] == [second["run_id"], first["run_id"]]
    assert as_json[0]["verdict"] == second["verdict"] and as_json[0]["trials"] == 2
    none = CliRunner().invoke(main, ["runs", "--store", store, "--skill", "other", *extra])
    assert none.stdout.splitlines()[0] == "0 run(s), newest first"
    page = tmp_path / "run.html"  # the viewer reads the same store (the newest run)
    shown = CliRunner().invoke(main, ["view", "--store", store, "--html", str(page), *extra])
    assert shown.exit_code == 0, shown.output
    text = page.read_text()
    assert str(second["run_id"]) in text and "Content-Security-Policy" in text


def test_feedback_json_is_written_and_keeps_what_a_reviewer_wrote(tmp_path: Path) -> None:
    from runner.schema.feedback import Feedback

    store = tmp_path / "store"
    report = fake_run(str(store), "row-count")
    path = store / "runs" / str(report["run_id"]) / "feedback.json"
    feedback = Feedback.model_validate_json(path.read_text())
    assert len(feedback.items) == 2 and {i.arm for i in feedback.items} == {
        "baseline", "candidate"}
    assert all(i.feedback == "" for i in feedback.items)
    feedback.items[0].feedback = "this assertion is too strict"
    path.write_text(feedback.model_dump_json())
    fake_run(str(store), "row-count")  # the same run again: a resume re-makes the report
    again = Feedback.model_validate_json(path.read_text())
    assert again.items[0].feedback == "this assertion is too strict"


def _skill(tmp_path: Path, cases: list[dict[str, object]],
           files: dict[str, str] | None = None) -> Path:
    skill = tmp_path / "notes"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: notes\ndescription: Release notes.\n---\nb\n")
    for rel, text in (files or {}).items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "notes",
                                                            "evals": cases}))
    return skill


def test_check_verbose_names_where_each_check_came_from_and_what_was_ignored(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path, [
        {"id": "a", "prompt": "Write NOTES.md from log.txt.", "files": ["files/log.txt"],
         "expected_output": "NOTES.md has a Features section naming dark mode",
         "owner": "docs-team", "in": "files"},
        {"id": "b", "prompt": "Write NOTES.md.", "assertions": [
            {"type": "regex_absent", "description": "no PR numbers", "pattern": "PR #\\d+"}]}],
        {"evals/files/log.txt": "PR #1 dark mode"})
    result = CliRunner().invoke(main, ["check", str(skill), "-v"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "statement NOTES.md has a Features section naming dark mode" in out
    assert "names NOTES.md: if the agent writes it, only a quote from that file" in out
    assert "from expected_output (the case's only criterion)" in out
    assert "fixture evals/files/log.txt -> staged at ./log.txt (written 'files/log.txt' " \
           "(found at evals/files/log.txt))" in out
    assert "ignored: owner (metadata, not graded)" in out
    assert "assertion not:re:PR #\\d+: must not contain regular expression" in out
    assert "assertions[0] {type: 'regex_absent'} (no PR numbers)" in out
    assert "EV012" in out and "'regex_absent' read as 'not_regex'" in out


def test_check_refuses_with_every_problem_at_once(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [
        {"id": "a", "prompt": "x", "assertions": ["re:("]},
        {"id": "b", "prompt": "y", "depends_on": "zz", "assertions": ["ok"]},
        {"id": "c", "prompt": "z", "files": ["gone.csv"], "assertions": ["ok"]}])
    result = CliRunner().invoke(main, ["check", str(skill)])
    assert result.exit_code == 2
    assert "3 problems" in result.stderr
    for case, what in (("a", "does not compile"), ("b", "depends on case 'zz'"),
                       ("c", "'gone.csv' is not in the skill")):
        line = next(ln for ln in result.stderr.splitlines() if f"case {case!r}" in ln)
        assert line.strip().startswith("EV009") and what in line and "; fix: " in line


def test_check_json_shape_for_an_accepted_and_a_refused_set(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(EXAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["ok"] is True and report["skill"] == "csv-summary"
    assert report["trials"] == 6 and report["problems"] == []
    first = report["cases"][0]
    assert set(first) == {"id", "name", "checks", "fixtures", "ignored", "runs_first", "ties",
                          "turns", "references", "setup", "pass_rule"}
    assert set(first["checks"][0]) == {"kind", "entry", "graded", "reads", "origin",
                                       "decides"}
    assert first["fixtures"] == [{"file": "evals/files/sales.csv",
                                  "written": "'evals/files/sales.csv'",
                                  "staged_at": "sales.csv"}]
    skill = _skill(tmp_path, [{"id": "a", "prompt": "", "assertions": ["re:("]}])
    refused = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert refused.exit_code == 2
    body = json.loads(refused.stdout)
    assert body["ok"] is False and len(body["problems"]) == 2
    assert {p["code"] for p in body["problems"]} == {"EV009"}
    assert all(p["case"] == "a" and p["fix"] and p["file"].endswith("evals.json")
               for p in body["problems"])


def test_batch_grading_is_a_run_flag_and_a_batch_file_field(tmp_path: Path) -> None:
    from runner.authoring.batch import load_batch
    from runner.cli.options import run_options

    assert run_options(EXAMPLE, {"batch_grading": True}).batch_grading is True
    assert run_options(EXAMPLE, {"batch_grading": None}).batch_grading is False
    batch = tmp_path / "nightly.yaml"
    batch.write_text(f"batch_grading: true\nevals: [{{skill: {EXAMPLE}}}]\n")
    assert [o.batch_grading for o in load_batch(batch).evals] == [True]
    batch.write_text(f"evals: [{{skill: {EXAMPLE}}}]\n")
    assert [o.batch_grading for o in load_batch(batch, {"batch_grading": True}).evals] == [True]
    assert "--batch-grading" in CliRunner().invoke(main, ["run", "--help"]).output
    assert "--batch-grading" in CliRunner().invoke(main, ["batch", "--help"]).output


@pytest.mark.parametrize("columns", [40, 60, 80, 200])
def test_the_report_survives_any_width_piped(tmp_path: Path, columns: int) -> None:
    """A table never cuts or wraps a number, an id or a path: at the width it needs it prints
    as columns, below it one record per line."""
    store = str(tmp_path / "store")
    args = [sys.executable, "-m", "runner", "run", str(EXAMPLE), "--k", "2", "--sandbox",
            "fake", "--executor", "inprocess", "--model-script",
            str(EXAMPLE / "model-script.yaml"), "--store", store]
    env = {**os.environ, "COLUMNS": str(columns)}
    report = json.loads(subprocess.run([*args, "--json", "--quiet"], capture_output=True,
                                       text=True, env=env, check=True).stdout)
    shown = subprocess.run(args, capture_output=True, text=True, env=env, check=True).stdout
    assert report["run_id"] in shown
    tokens = shown.split()
    for case in report["cases"]:
        assert case in tokens, case
    for delta in report["case_deltas"]:
        if delta["tokens"] is not None:
            assert f"{delta['tokens']:+,.0f}" in tokens
    for comparison in report["comparisons"]:
        assert pct(comparison["net_lift"]) in tokens
    for arm in report["arms"].values():
        if arm["cost_usd"] is not None:
            assert f"{arm['cost_usd']:.4f}" in tokens
    table_lines = [line for line in shown.splitlines() if line.startswith("  ")]
    if columns >= 200:  # wide enough: columns, each within the width
        assert any(line.split()[:3] == ["opponent", "W", "L"] for line in table_lines)
        assert all(len(line) <= columns for line in table_lines
                   if not line.lstrip().startswith(tuple(report["cases"])))
    if columns <= 60:  # too narrow for the cost table: one record per line
        assert any(line.lstrip().startswith("arm candidate · n ") for line in table_lines)
