"""`regrade` without Docker: a run made with the fake sandbox, then scored again against an
edited case set. The store, the scorers and the report are the real ones; the session counter
is the fake sandbox's (the integration test counts requests at the scripted endpoint)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from runner.console import err
from runner.costs.pricing import cost_usd
from runner.driver.api import run_eval
from runner.driver.regrade import regrade_run
from runner.errors import RefusedInput
from runner.gateway.models import api_model
from runner.planning.regrade import check_changes
from runner.sandbox.fake import FakeSandbox
from runner.schema.case import Case
from runner.schema.options import RegradeOptions, RunOptions, SandboxConfig
from runner.schema.report import Report
from runner.schema.trial import TrialResult
from runner.store.keys import RunKeys
from runner.store.local import LocalStore

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "csv-summary"
GRADER_USD = cost_usd(api_model("sonnet"), 100_000, 0, 0, 0)  # as the table prices the id sent


pytestmark = pytest.mark.usefixtures("fake_sandbox")


@pytest.fixture
def skill(tmp_path: Path) -> Path:
    return Path(shutil.copytree(EXAMPLE, tmp_path / "csv-summary"))


def _run(tmp_path: Path, skill: Path) -> Report:
    script = tmp_path / "script.yaml"
    script.write_text("scenarios: [{name: any, turns: [{text: ok}]}]\n")
    # the candidate answers right, the baseline does not
    FakeSandbox.plan["*"] = {"reply": "I cannot tell."}
    opts = RunOptions.model_validate(dict(
        skill_path=skill, k=2, store_uri=str(tmp_path / "store"), model_script=script,
        executor="inprocess", concurrency=1, case_ids=("sales-totals", "row-count"),
        sandbox=SandboxConfig(backend="fake", scratch_root=tmp_path / "scratch")))
    from runner.driver.api import preflight

    plan = preflight(opts)
    for spec in plan.trials:
        if spec.arm == "candidate":
            FakeSandbox.plan[spec.trial_id] = {
                "reply": "5 rows. Total: 600", "write": {"summary.md": "## Totals\namount: 600\n"}}
    return run_eval(opts, err(quiet=True))


def _regrade(tmp_path: Path, run_id: str, **changes: Any) -> Report:
    opts = RegradeOptions.model_validate({"run_id": run_id, "store_uri": str(tmp_path / "store"),
                                          **changes})
    return regrade_run(opts, err(quiet=True))


def _edit(skill: Path, case: str, **fields: Any) -> None:
    path = skill / "evals/evals.json"
    data = json.loads(path.read_text())
    for item in data["evals"]:
        if item["id"] == case:
            item.update(fields)
    path.write_text(json.dumps(data))


def passes(report: Report) -> list[tuple[str, bool | None]]:
    return sorted((t.trial_id, t.passed) for t in report.trials)


def test_unchanged_case_set_reproduces_the_scores_without_a_session(tmp_path: Path,
                                                                      skill: Path) -> None:
    source = _run(tmp_path, skill)
    sessions = sum(FakeSandbox.starts.values())
    assert sessions == 8 and source.verdict == "PASS"
    again = _regrade(tmp_path, source.run_id)
    assert sum(FakeSandbox.starts.values()) == sessions  # no session ran
    assert again.run_id != source.run_id and again.regraded_from == source.run_id
    assert passes(again) == passes(source)
    assert [r.model_dump() for r in again.rows] == [r.model_dump() for r in source.rows]
    assert (again.verdict, again.wins, again.losses, again.ties) == \
        (source.verdict, source.wins, source.losses, source.ties)
    assert again.regrade is not None and again.regrade.changes == []
    assert sorted(again.regrade.reused_trials) == sorted(t.trial_id for t in source.trials)
    store = LocalStore(tmp_path / "store")
    assert store.exists(RunKeys(again.run_id).regrade)  # stored like any run
    assert store.exists(RunKeys(again.run_id).report_json)


def test_an_edited_assertion_changes_the_scores_and_is_named(tmp_path: Path,
                                                            skill: Path) -> None:
    source = _run(tmp_path, skill)
    # a weak assertion revised: the candidate no longer meets it, the baseline still fails
    _edit(skill, "row-count", assertions=["re:\\b6 rows\\b", "not:I cannot"])
    again = _regrade(tmp_path, source.run_id)
    assert sum(FakeSandbox.starts.values()) == 8
    assert again.regrade is not None
    assert [(c.case, c.kind, c.change, c.before, c.after) for c in again.regrade.changes] == [
        ("row-count", "assertions", "edited", "re:\\b5 rows\\b", "re:\\b6 rows\\b")]
    before = {(t.case, t.arm): t.passed for t in source.trials}
    after = {(t.case, t.arm): t.passed for t in again.trials}
    assert before[("row-count", "candidate")] is True
    assert after[("row-count", "candidate")] is False
    assert after[("sales-totals", "candidate")] is True  # the other case is untouched
    assert again.wins == source.wins - 2 and again.ties == source.ties + 2
    failed = next(t for t in again.trials if t.case == "row-count" and t.arm == "candidate")
    assert any("6 rows" in c for c in failed.failed_checks)


def test_changed_prompt_and_new_cases_are_named_not_regraded(tmp_path: Path,
                                                             skill: Path) -> None:
    source = _run(tmp_path, skill)
    _edit(skill, "row-count", prompt="How many rows, header excluded?")
    again = _regrade(tmp_path, source.run_id)
    assert again.regrade is not None
    reasons = {n.case: n.reason for n in again.regrade.not_regraded}
    assert "prompt changed" in reasons["row-count"]
    assert "not in the source run" in reasons["inventory-totals"]  # left out by --case
    assert again.cases == ["sales-totals"]
    assert {t.case for t in again.trials} == {"sales-totals"}


def test_changed_fixture_is_not_regraded(tmp_path: Path, skill: Path) -> None:
    source = _run(tmp_path, skill)
    with (skill / "evals/files/sales.csv").open("a") as handle:
        handle.write("x,1\n")
    with pytest.raises(RefusedInput, match="nothing to regrade"):
        _regrade(tmp_path, source.run_id)


def test_regrade_resumes_and_refuses_an_unknown_run(tmp_path: Path, skill: Path) -> None:
    source = _run(tmp_path, skill)
    first = _regrade(tmp_path, source.run_id)
    again = _regrade(tmp_path, source.run_id)
    assert again.run_id == first.run_id and passes(again) == passes(first)
    with pytest.raises(RefusedInput, match="no run 'r-nope'"):
        _regrade(tmp_path, "r-nope")


def test_changed_statements_go_to_the_grader_and_are_capped(tmp_path: Path,
                                                            skill: Path) -> None:
    source = _run(tmp_path, skill)
    _edit(skill, "row-count", expectations=["The answer states that the file has five rows"])
    with pytest.raises(RefusedInput, match="ANTHROPIC_API_KEY"):
        _regrade(tmp_path, source.run_id)  # nothing spent without a way to grade
    script = tmp_path / "grader.yaml"
    script.write_text(
        "scenarios:\n- name: grades\n  when: {purpose: grader}\n  turns:\n"
        "  - tool_use: {name: record_grades, input: {grades: [{statement: 1, passed: true, "
        "evidence: '5 rows. Total: 600', reason: it says so}]}}\n")
    with pytest.raises(RefusedInput, match="exceeds --max-budget-usd"):
        _regrade(tmp_path, source.run_id, model_script=script, max_budget_usd=0.0001)
    again = _regrade(tmp_path, source.run_id, model_script=script)
    assert again.regrade is not None and again.regrade.graded_trials == 4
    assert again.regrade.grader_cost_usd > 0
    store = LocalStore(tmp_path / "store")
    for trial in again.trials:
        if trial.case == "row-count":
            done = TrialResult.model_validate_json(
                store.get(RunKeys(again.run_id).trial(trial.trial_id).done))
            assert "statements" in done.scores


def test_check_changes_pairs_removals_and_additions() -> None:
    before = Case(id="a", prompt="p", assertions=("x", "y"), rubric="r")
    after = Case(id="a", prompt="p", assertions=("x", "z", "w"))
    assert [(c.kind, c.change) for c in check_changes(before, after)] == [
        ("assertions", "edited"), ("assertions", "added"), ("rubric", "removed")]


def test_regrade_through_the_cli(tmp_path: Path, skill: Path) -> None:
    from click.testing import CliRunner

    from runner.cli import main

    source = _run(tmp_path, skill)
    _edit(skill, "row-count", assertions=["re:\\b6 rows\\b"])
    result = CliRunner().invoke(main, ["regrade", source.run_id, "--store",
                                       str(tmp_path / "store"), "--json", "--gate"])
    assert result.exit_code == 0, result.output  # still PASS: sales-totals carries it
    report = json.loads(result.stdout)
    assert report["regraded_from"] == source.run_id
    assert report["regrade"]["agent_sessions"] == 0
    assert report["regrade"]["changes"][0]["change"] == "edited"
    unknown = CliRunner().invoke(main, ["regrade", "r-nope", "--store", str(tmp_path / "store")])
    assert unknown.exit_code == 2 and "no run 'r-nope'" in unknown.output


def test_judgements_are_reused_until_the_rubric_changes(tmp_path: Path, skill: Path) -> None:
    _edit(skill, "row-count", rubric="The clearer answer is better.")
    script = tmp_path / "judge.yaml"
    script.write_text(
        "scenarios:\n- name: judge\n  when: {purpose: judge}\n  turns:\n"
        "  - tool_use: {name: record_judgement, input: {preferred: '1', reasons: first}}\n"
        "- name: any\n  turns: [{text: ok}]\n")
    FakeSandbox.plan["*"] = {"reply": "5 rows, I cannot say more."}  # both arms fail: ties
    opts = RunOptions.model_validate(dict(
        skill_path=skill, k=2, store_uri=str(tmp_path / "store"), model_script=script,
        executor="inprocess", concurrency=1, case_ids=("row-count",),
        sandbox=SandboxConfig(backend="fake", scratch_root=tmp_path / "scratch")))
    source = run_eval(opts, err(quiet=True))
    assert all(r.judge for r in source.rows) and source.judge_calls == 4
    same = _regrade(tmp_path, source.run_id)  # no endpoint needed: nothing to ask
    assert same.regrade is not None and same.regrade.judged_rows == 0
    assert [r.model_dump() for r in same.rows] == [r.model_dump() for r in source.rows]
    _edit(skill, "row-count", rubric="The shorter answer is better.")
    with pytest.raises(RefusedInput, match="ANTHROPIC_API_KEY"):
        _regrade(tmp_path, source.run_id)
    rejudged = _regrade(tmp_path, source.run_id, model_script=script)
    assert rejudged.regrade is not None and rejudged.regrade.judged_rows == 2
    assert rejudged.regrade.judge_cost_usd > 0 and all(r.judge for r in rejudged.rows)
    assert [(c.kind, c.change) for c in rejudged.regrade.changes] == [("rubric", "edited")]


def test_the_store_budget_and_kill_switch_hold_for_a_regrade(tmp_path: Path,
                                                            skill: Path) -> None:
    from runner.driver.storewide import engage, lift

    source = _run(tmp_path, skill)
    store = LocalStore(tmp_path / "store")
    engage(store)
    with pytest.raises(RefusedInput, match="stop --lift"):
        _regrade(tmp_path, source.run_id)
    lift(store)
    _edit(skill, "row-count", expectations=["The answer states that the file has five rows"])
    script = tmp_path / "grader.yaml"
    script.write_text("scenarios: [{name: any, turns: [{text: ok}]}]\n")
    with pytest.raises(RefusedInput, match="daily store budget"):  # the grader would spend
        _regrade(tmp_path, source.run_id, model_script=script, store_budget_usd=0.0001)
    assert not [k for k in store.list("runs/") if "regrade.json" in k]  # nothing written


def test_grades_made_after_the_trials_are_reused(tmp_path: Path, skill: Path) -> None:
    """With --batch-grading a trial's DONE holds a pending grade, the grade is stored beside
    it: the regrade reads that one, and asks no grader for unchanged statements."""
    _edit(skill, "row-count", expectations=["The answer states that the file has five rows"])
    script = tmp_path / "grader.yaml"
    script.write_text(
        "scenarios:\n- name: grades\n  when: {purpose: grader}\n  turns:\n"
        "  - tool_use: {name: record_grades, input: {grades: [{statement: 1, passed: true, "
        "evidence: '5 rows. Total: 600', reason: it says so}]}}\n"
        "- name: any\n  turns: [{text: ok}]\n")
    FakeSandbox.plan["*"] = {"reply": "5 rows."}  # the checks pass: the statement decides
    opts = RunOptions.model_validate(dict(
        skill_path=skill, k=1, store_uri=str(tmp_path / "store"), model_script=script,
        executor="inprocess", concurrency=1, case_ids=("row-count",), batch_grading=True,
        sandbox=SandboxConfig(backend="fake", scratch_root=tmp_path / "scratch")))
    from runner.driver.api import preflight

    for spec in preflight(opts).trials:
        if spec.arm == "candidate":
            FakeSandbox.plan[spec.trial_id] = {"reply": "5 rows. Total: 600"}
    source = run_eval(opts, err(quiet=True))
    assert {t.arm: t.passed for t in source.trials} == {"candidate": True, "baseline": False}
    store = LocalStore(tmp_path / "store")
    done = [TrialResult.model_validate_json(store.get(RunKeys(source.run_id).trial(
        t.trial_id).done)) for t in source.trials]
    assert all(d.scores["statements"].pending for d in done)  # the grade lives beside DONE
    again = _regrade(tmp_path, source.run_id)  # no model script: nothing to ask
    assert again.regrade is not None and again.regrade.graded_trials == 0
    assert passes(again) == passes(source)


def test_a_row_that_becomes_a_tie_goes_to_the_judge(tmp_path: Path, skill: Path) -> None:
    _edit(skill, "row-count", rubric="The clearer answer is better.")
    source = _run(tmp_path, skill)  # the candidate passes row-count, the baseline fails
    rows = [r for r in source.rows if r.case == "row-count"]
    assert all(r.outcome == "win" and not r.judge for r in rows)
    _edit(skill, "row-count", assertions=["re:\\b6 rows\\b"])  # now both arms fail: ties
    unjudged = _regrade(tmp_path, source.run_id)  # no way to reach the judge: said, not spent
    assert unjudged.regrade is not None and unjudged.regrade.judged_rows == 0
    assert all(r.outcome == "tie" and not r.judge
               for r in unjudged.rows if r.case == "row-count")
    script = tmp_path / "judge.yaml"
    script.write_text(
        "scenarios:\n- name: judge\n  when: {purpose: judge}\n  turns:\n"
        "  - tool_use: {name: record_judgement, input: {preferred: tie, reasons: even}}\n")
    judged = _regrade(tmp_path, source.run_id, model_script=script)  # the same regrade resumes
    assert judged.run_id == unjudged.run_id
    assert judged.regrade is not None and judged.regrade.judged_rows == 2
    assert all(r.judge for r in judged.rows if r.case == "row-count")


def test_a_regrade_reads_the_work_not_the_fixtures_left_as_staged(tmp_path: Path,
                                                                 skill: Path) -> None:
    """The stored trial keeps what was staged before its session (inputs): a revised check
    that a staged fixture would satisfy still reads only what the trial wrote."""
    source = _run(tmp_path, skill)
    assert all("sales.csv" in t.inputs for t in _results(tmp_path, source))
    _edit(skill, "row-count", assertions=["region,product,amount"])  # sales.csv's header
    again = _regrade(tmp_path, source.run_id)
    assert {t.arm: t.passed for t in again.trials if t.case == "row-count"} == {
        "baseline": False, "candidate": False}


def _results(tmp_path: Path, report: Report) -> list[TrialResult]:
    store = LocalStore(tmp_path / "store")
    keys = RunKeys(report.run_id)
    return [TrialResult.model_validate_json(store.get(keys.trial(t.trial_id).done))
            for t in report.trials]


def test_a_regraded_receipt_names_its_source_and_the_sessions_script(tmp_path: Path,
                                                                    skill: Path) -> None:
    from runner.store.receipts import load_receipt

    source = _run(tmp_path, skill)
    _edit(skill, "row-count", assertions=["re:\\b6 rows\\b"])
    again = _regrade(tmp_path, source.run_id)
    store = LocalStore(tmp_path / "store")
    before, after = load_receipt(store, source.run_id), load_receipt(store, again.run_id)
    assert after.source_run == source.run_id
    assert after.digests.model_script is not None
    assert after.digests.model_script == before.digests.model_script  # the sessions' script
    assert after.digests.case_set != before.digests.case_set


def _priced_grader(tmp_path: Path) -> Path:
    """A grader script whose every answer is 100k input tokens (GRADER_USD)."""
    script = tmp_path / "grader.yaml"
    script.write_text(
        "usage: {input_tokens: 100000, output_tokens: 0}\n"
        "scenarios:\n- name: grades\n  when: {purpose: grader}\n  turns:\n"
        "  - tool_use: {name: record_grades, input: {grades: [{statement: 1, passed: true, "
        "evidence: '5 rows. Total: 600', reason: it says so}]}}\n")
    return script


def test_a_regrades_grader_calls_go_through_the_rate_governor(tmp_path: Path,
                                                               skill: Path) -> None:
    """`regrade --rpm` paces the grader like a run's: the regrade's stored metrics hold the
    governor's reading (its limit, the requests it let through), and the priced grader's
    spend is the regrade's."""
    from click.testing import CliRunner

    from runner.cli import main

    source = _run(tmp_path, skill)
    _edit(skill, "row-count", expectations=["The answer states that the file has five rows"])
    store = tmp_path / "store"
    result = CliRunner().invoke(main, [
        "regrade", source.run_id, "--store", str(store), "--model-script",
        str(_priced_grader(tmp_path)), "--rpm", "120", "--itpm", "9000000", "--json"])
    assert result.exit_code == 0, result.output
    report = Report.model_validate_json(result.stdout)
    assert report.regrade is not None and report.regrade.graded_trials == 4
    assert report.regrade.grader_cost_usd == pytest.approx(4 * GRADER_USD)
    metrics = LocalStore(store).get(RunKeys(report.run_id).metrics).decode()
    assert 'skill_eval_governor_limit{kind="rpm"} 120.0' in metrics
    assert 'skill_eval_governor_limit{kind="itpm"} 9e+06' in metrics
    # every grader call asked the governor first
    assert "skill_eval_governor_requests_last_minute 4.0" in metrics


def test_a_regrade_stops_at_its_cap_under_force(tmp_path: Path, skill: Path) -> None:
    """--force skips the estimate's question, never the cap: 2.5 grader calls' worth covers
    three of the four, the third passing it; the fourth trial is not graded."""
    source = _run(tmp_path, skill)
    _edit(skill, "row-count", expectations=["The answer states that the file has five rows"])
    again = _regrade(tmp_path, source.run_id, model_script=_priced_grader(tmp_path),
                     max_budget_usd=2.5 * GRADER_USD, force=True, rpm=60)
    assert again.regrade is not None and again.regrade.graded_trials == 3
    assert again.regrade.grader_cost_usd == pytest.approx(3 * GRADER_USD)
    assert again.stopped is not None and "budget" in again.stopped


def _two_turns(skill: Path, first_check: str) -> None:
    """sales-totals as a conversation: turn 1 summarises, turn 2 rewrites summary.md as a
    Regions section; turn 1's own check reads summary.md as turn 1 left it."""
    path = skill / "evals/evals.json"
    data = json.loads(path.read_text())
    case = next(i for i in data["evals"] if i["id"] == "sales-totals")
    prompt = case.pop("prompt")
    case.pop("outputs")
    case["turns"] = [
        {"role": "user", "content": prompt,
         "outputs": [{"path": "summary.md", "contains": [first_check]}]},
        {"role": "user", "content": "Now replace summary.md with a Regions section.",
         "outputs": [{"path": "summary.md", "contains": ["## Regions"]}]}]
    path.write_text(json.dumps(data))


def test_regrade_grades_every_turn_again_on_the_files_kept_after_it(tmp_path: Path,
                                                                    skill: Path) -> None:
    _two_turns(skill, "## Totals")
    script = tmp_path / "script.yaml"
    script.write_text("scenarios: [{name: any, turns: [{text: ok}]}]\n")
    FakeSandbox.plan["*"] = {"reply": "I cannot tell."}
    opts = RunOptions.model_validate(dict(
        skill_path=skill, k=1, store_uri=str(tmp_path / "store"), model_script=script,
        executor="inprocess", concurrency=1, case_ids=("sales-totals",),
        sandbox=SandboxConfig(backend="fake", scratch_root=tmp_path / "scratch")))
    from runner.driver.api import preflight

    for spec in preflight(opts).trials:
        if spec.arm == "candidate":
            FakeSandbox.plan[spec.trial_id] = {"by_prompt": {
                "Summarise": {"reply": "5 rows. Total: 600",
                              "write": {"summary.md": "## Totals\namount: 600\n"}},
                "Regions": {"reply": "Done: 5 rows. Total: 600",
                            "write": {"summary.md": "## Regions\n"}}}}
    source = run_eval(opts, err(quiet=True))
    cand = next(t for t in source.trials if t.arm == "candidate")
    assert cand.passed is True
    # turn 1's check revised: still met by the file as turn 1 left it (turn 2 replaced it,
    # so a grade on the last turn's files would fail it), and a second one it does not meet
    data = json.loads((skill / "evals/evals.json").read_text())
    data["evals"][0]["turns"][0]["outputs"][0]["contains"] = ["## Totals", "amount: 700"]
    (skill / "evals/evals.json").write_text(json.dumps(data))
    again = _regrade(tmp_path, source.run_id)
    assert sum(FakeSandbox.starts.values()) == 4  # no session ran: two turns per arm
    assert again.regrade is not None and again.cases == ["sales-totals"]
    store = LocalStore(tmp_path / "store")
    done = RunKeys(again.run_id).trial(cand.trial_id).done
    result = TrialResult.model_validate_json(store.get(done))
    checks = {c.check: c.passed for c in result.scores["turn 1: checks"].checks}
    assert checks == {"turn 1: file summary.md": True,
                      "turn 1: file summary.md: ## Totals": True,
                      "turn 1: file summary.md: amount: 700": False}
    assert result.scores["turn 2: checks"].passed is True and result.passed is False
    # a check reading a file turn 1 never kept cannot be graded again: named, not regraded
    data["evals"][0]["turns"][0]["outputs"] = [{"path": "notes.md"}]
    (skill / "evals/evals.json").write_text(json.dumps(data))
    with pytest.raises(RefusedInput, match="nothing to regrade"):
        _regrade(tmp_path, source.run_id)


def test_a_run_stored_before_reach_signals_gets_them_from_its_transcripts(
        tmp_path: Path, skill: Path) -> None:
    """A result stored without `reached` (an older run) loads; its regrade reads what the
    sessions reached for from the stored transcripts, and the report lists the case no arm
    passed with that cause."""
    FakeSandbox.plan["*"] = {"reply": "Which CSV file should I read, and do you want totals?"}
    script = tmp_path / "script.yaml"
    script.write_text("scenarios: [{name: any, turns: [{text: ok}]}]\n")
    source = run_eval(RunOptions.model_validate(dict(
        skill_path=skill, k=1, store_uri=str(tmp_path / "store"), model_script=script,
        executor="inprocess", concurrency=1, case_ids=("row-count",),
        sandbox=SandboxConfig(backend="fake", scratch_root=tmp_path / "scratch"))),
        err(quiet=True))
    assert [u.case for u in source.unpassed] == ["row-count"]
    assert source.unpassed[0].reached[0].kind == "asked the user"
    store = LocalStore(tmp_path / "store")
    for line in source.trials:  # as an older runner stored them: no `reached` field
        keys = RunKeys(source.run_id).trial(line.trial_id)
        for key in (keys.done, keys.attempt(line.attempt).result):
            stored = json.loads(store.get(key))
            del stored["reached"]
            store.delete(key)
            store.put(key, json.dumps(stored).encode())
    assert all(r.reached == [] for r in _results(tmp_path, source))
    again = _regrade(tmp_path, source.run_id)
    assert [r.reached[0].kind for r in _results(tmp_path, again)] == ["asked the user"] * 2
    assert [(u.case, u.trials) for u in again.unpassed] == [("row-count", 2)]
