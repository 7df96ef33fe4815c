"""The model table (runner.analysis.models): non-inferiority against the best model, the
skill standing in for a bigger model, price order, and the per-model estimate."""

from __future__ import annotations

import json
from collections.abc import Callable
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from runner.analysis.models import (
    build_model_table,
    holm_standings,
    noninferiority,
    price_order,
    shaffer_good,
    tango_z,
)
from runner.analysis.report import build_report
from runner.planning.plan import make_plan
from runner.schema.enums import Arm, TrialStatus, Verdict
from runner.schema.models import Futility, ModelRow, NonInferiority, Standing
from runner.schema.options import RunOptions
from runner.schema.plan import Plan
from runner.schema.report import Report
from runner.schema.trial import TrialResult, Usage
from tests.helpers import word_skill

BIG, SMALL, MID = "claude-opus-4-5", "claude-haiku-4-5", "claude-sonnet-4-5"
Passes = Callable[[str, int, Arm], bool]


def _skill(folder: Path, cases: int) -> Path:
    return word_skill(folder, cases)


def _run(skill: Path, model: str, k: int, passes: Passes) -> tuple[Report, list[TrialResult]]:
    """A model's run as the driver would make it: its real plan, results as `passes` says."""
    plan = make_plan(RunOptions(skill_path=skill, k=k, model=model, store_uri="memory://",
                                arms=(Arm.BASELINE, Arm.CANDIDATE)))
    results = [TrialResult(trial_id=t.trial_id, case_id=t.case.id, repetition=t.repetition,
                           arm=t.arm, status=TrialStatus.COMPLETED,
                           passed=passes(t.case.id, t.repetition, t.arm),
                           usage=Usage(input_tokens=100, output_tokens=10, cost_usd=0.01))
               for t in plan.trials]
    return build_report(plan, results), results


def _table(tmp_path: Path, cases: int, k: int, runs: dict[str, Passes],
           margin: float = 0.1):  # type: ignore[no-untyped-def]
    skill = _skill(tmp_path / "words", cases)
    made = {m: _run(skill, m, k, p) for m, p in runs.items()}
    return build_model_table([r for r, _ in made.values()],
                             {m: res for m, (_, res) in made.items()}, margin, 0.05)


def test_tango_matches_hand_computation() -> None:
    # no discordant pair: the restricted estimate puts delta on "only the reference passed"
    assert tango_z(0, 0, 4, 0.1) == pytest.approx(-(4 * 0.1 / 0.9) ** 0.5)
    # every pair discordant the reference's way
    assert tango_z(4, 0, 4, 0.1) == pytest.approx(1.809068, abs=1e-6)
    assert tango_z(0, 0, 0, 0.1) is None


def test_noninferiority_needs_enough_pairs_to_be_firm() -> None:
    same = [(True, True)] * 4
    few = noninferiority(same, 1, 0.1, 0.05)
    assert few.difference == 0 and few.p_good is not None and few.p_good > 0.05
    many = noninferiority([(True, True)] * 30, 1, 0.1, 0.05)
    assert many.p_good is not None and many.p_good < 0.05
    assert many.upper_bound is not None and many.upper_bound < 0.1
    # k repetitions of a case weigh one case: 30 pairs of 10 cases x k=3 are not firm
    clustered = noninferiority([(True, True)] * 30, 3, 0.1, 0.05)
    assert clustered.p_good is not None and clustered.p_good > 0.05


def test_noninferiority_names_a_model_firmly_worse() -> None:
    worse = noninferiority([(True, False)] * 6, 1, 0.1, 0.05)
    assert worse.difference == 1.0 and worse.p_bad is not None and worse.p_bad < 0.05


def test_price_order_is_cheapest_first() -> None:
    assert price_order([BIG, SMALL, MID]) == [SMALL, MID, BIG]


def test_skill_stands_in_for_the_bigger_model(tmp_path: Path) -> None:
    """Only the bigger model passes without the skill; both pass with it."""
    table = _table(tmp_path, 4, 1, {
        BIG: lambda case, rep, arm: True,
        SMALL: lambda case, rep, arm: arm is Arm.CANDIDATE})
    assert [r.model for r in table.models] == [SMALL, BIG]
    small, big = table.models
    assert (small.pass_with, small.pass_without) == (1.0, 0.0)
    assert small.comparison is not None and small.comparison.verdict is Verdict.PASS
    assert big.comparison is not None and big.comparison.verdict is Verdict.NEUTRAL
    assert table.best == BIG  # tied pass rates: the bigger model is the reference
    assert small.standing is Standing.GOOD_ENOUGH and not small.firm  # 4 cases: not firm
    assert table.cheapest_good_enough == SMALL and table.cheapest_firm is None  # 4 cases
    assert big.standing is Standing.BEST and big.reference == SMALL and not big.firm
    [stand_in] = table.stand_ins
    assert (stand_in.smaller, stand_in.bigger, stand_in.stands_in) == (SMALL, BIG, True)
    assert stand_in.comparison.ties == 4 and stand_in.comparison.verdict is Verdict.NEUTRAL
    # the stand-in is counted in the family: two models' comparisons and itself
    assert table.correction == "Holm over 3 model comparisons"
    assert small.cost_per_session == pytest.approx(0.01)
    assert small.cost_per_pass == pytest.approx(0.01)


def test_model_not_good_enough_is_named(tmp_path: Path) -> None:
    table = _table(tmp_path, 6, 1, {
        BIG: lambda case, rep, arm: True,
        MID: lambda case, rep, arm: False,
        SMALL: lambda case, rep, arm: arm is Arm.CANDIDATE})
    by = {r.model: r for r in table.models}
    assert by[MID].standing is Standing.NOT_GOOD_ENOUGH and by[MID].firm
    assert by[MID].cost_per_pass is None  # nothing passed: no price per pass
    stand = {(s.smaller, s.bigger): s for s in table.stand_ins}
    assert not stand[(MID, BIG)].stands_in and stand[(MID, BIG)].firm
    assert stand[(SMALL, MID)].stands_in  # the skill on haiku beats sonnet without it
    assert table.cheapest_good_enough == SMALL


def test_best_passes_more_and_margin_decides(tmp_path: Path) -> None:
    # SMALL passes 9 of 10 with the skill, BIG all 10: within a 20-point margin, not 5
    def small(case: str, rep: int, arm: Arm) -> bool:
        return arm is Arm.CANDIDATE and case != "c0"
    wide = _table(tmp_path / "a", 10, 1, {BIG: lambda c, r, a: True, SMALL: small}, 0.2)
    narrow = _table(tmp_path / "b", 10, 1, {BIG: lambda c, r, a: True, SMALL: small}, 0.05)
    assert wide.models[0].standing is Standing.GOOD_ENOUGH
    assert narrow.models[0].standing is Standing.NOT_GOOD_ENOUGH
    assert wide.models[0].test is not None and wide.models[0].test.difference == 0.1


def test_the_best_by_observation_is_not_firm_for_free(tmp_path: Path) -> None:
    """The best model is tested against the runner-up: a best picked from the data, over a
    few cases, is not shown good enough."""
    table = _table(tmp_path, 3, 1, {BIG: lambda c, r, a: a is Arm.CANDIDATE and c != "c0",
                                    SMALL: lambda c, r, a: a is Arm.CANDIDATE})
    assert table.best == SMALL
    by = {r.model: r for r in table.models}
    assert by[SMALL].standing is Standing.BEST and not by[SMALL].firm
    assert table.cheapest_firm is None


def test_repeated_model_flag_makes_a_multi_model_run(tmp_path: Path) -> None:
    from runner.cli.options import run_options

    skill = _skill(tmp_path / "words", 1)
    several = run_options(skill, {"model": (SMALL, BIG, SMALL)})
    assert several.models == (SMALL, BIG) and several.model == SMALL
    one = run_options(skill, {"model": (BIG,)})
    assert one.models == () and one.model == BIG
    assert run_options(skill, {"model": ()}).model == RunOptions(skill_path=skill).model
    assert run_options(skill, {"model": BIG}).model == BIG  # the single flag (estimate, ...)


def test_batch_models_key_runs_the_eval_once_per_model(tmp_path: Path) -> None:
    from runner.authoring.batch import load_batch

    _skill(tmp_path / "words", 1)
    path = tmp_path / "batch.yaml"
    path.write_text(f"evals:\n  - skill: words\n    models: [{SMALL}, {BIG}]\n"
                    f"  - skill: words\n    model: {MID}\n")
    batch = load_batch(path)
    assert [(e.model, e.models) for e in batch.evals] == [(SMALL, ()), (BIG, ()), (MID, ())]


def test_batch_line_names_the_models() -> None:
    from runner.driver.batch import BatchSummary
    from runner.driver.batchflags import batch_line

    runs: list[dict[str, object]] = [
        {"skill": "alpha", "model": SMALL, "verdict": "PASS"},
        {"skill": "alpha", "model": BIG, "verdict": "NEUTRAL"}]
    line = batch_line(BatchSummary(batch_id="b-1", stopped=None, runs=runs))
    assert line == f"batch b-1: alpha on {SMALL} PASS, alpha on {BIG} NEUTRAL"
    one = batch_line(BatchSummary(batch_id="b-1", stopped=None, runs=runs[:1]))
    assert one == "batch b-1: alpha PASS"


def test_several_models_refuse_save(tmp_path: Path) -> None:
    from runner.driver.models import check_models
    from runner.errors import RefusedInput

    skill = _skill(tmp_path / "words", 1)
    with pytest.raises(RefusedInput, match="--save"):
        check_models(RunOptions(skill_path=skill, models=(SMALL, BIG), save="v1"))
    assert check_models(RunOptions(skill_path=skill, models=(SMALL, BIG, SMALL))) == [SMALL, BIG]


def test_table_in_the_terminal_and_the_viewer(tmp_path: Path) -> None:
    from rich.console import Console

    from runner.render.html import run_page
    from runner.render.models import render_model_table

    skill = _skill(tmp_path / "words", 4)
    made = {BIG: _run(skill, BIG, 1, lambda c, r, a: True),
            SMALL: _run(skill, SMALL, 1, lambda c, r, a: a is Arm.CANDIDATE)}
    table = build_model_table([r for r, _ in made.values()],
                              {m: res for m, (_, res) in made.items()})
    console = Console(record=True, width=200)
    render_model_table(table, console)
    text = console.export_text()
    assert f"cheapest good enough: {SMALL}" in text
    assert f"the skill on {SMALL} stands in for {BIG} without it (not shown at alpha)" in text
    assert "Tango's score test" in text
    report = made[SMALL][0].model_copy(update={"model_table": table})
    page = run_page(report, {}, [])
    assert "cheapest good enough: " + SMALL in page and "stands in for" in page
    assert "<h2>models" not in run_page(made[SMALL][0], {}, [])


def test_compare_of_multi_model_runs_refuses_what_it_cannot_pair(tmp_path: Path) -> None:
    from runner.errors import RefusedInput
    from runner.history.models import compare_models, model_runs
    from runner.store.groups import write_group_plan
    from runner.store.keys import RunKeys
    from runner.store.memory import MemoryStore

    skill = _skill(tmp_path / "words", 1)
    store = MemoryStore()
    plans = {m: make_plan(RunOptions(skill_path=skill, model=m, store_uri="memory://"))
             for m in (SMALL, BIG, MID)}
    for plan in plans.values():
        store.put(RunKeys(plan.run_id).plan, plan.model_dump_json().encode())
    write_group_plan(store, "m-one", [plans[SMALL].run_id, plans[BIG].run_id])
    write_group_plan(store, "m-two", [plans[MID].run_id])
    assert model_runs(store, "m-one") == {SMALL: plans[SMALL].run_id, BIG: plans[BIG].run_id}
    assert model_runs(store, plans[SMALL].run_id) is None
    with pytest.raises(RefusedInput, match="is a multi-model run and"):
        compare_models(store, "m-one", plans[MID].run_id)
    with pytest.raises(RefusedInput, match="share no model"):
        compare_models(store, "m-one", "m-two")


def test_estimate_prices_every_model(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from runner.cli.app import main

    skill = _skill(tmp_path / "words", 2)
    args = ["estimate", str(skill), "--store", str(tmp_path / "none"), "--json"]
    one = json.loads(CliRunner().invoke(main, args + ["--model", SMALL]).output)
    both = CliRunner().invoke(main, args + ["--model", SMALL, "--model", BIG])
    lines = json.loads(both.output)["lines"]
    assert [(x["what"], x["model"]) for x in lines] == [
        ("baseline", SMALL), ("candidate", SMALL), ("baseline", BIG), ("candidate", BIG)]
    assert lines[0]["usd"] == one["lines"][0]["usd"]
    assert lines[2]["usd"] == pytest.approx(5 * lines[0]["usd"])  # opus 4.5 is 5x haiku here
    refused = CliRunner().invoke(main, args + ["--model", SMALL, "--model", BIG,
                                               "--detect", "0.5"])
    assert refused.exit_code == 2 and "--detect" in refused.output


def test_k_auto_stops_a_model_that_cannot_be_good_enough(tmp_path: Path) -> None:
    from runner.analysis.models import futile
    from runner.driver.passes import released_ids

    skill = _skill(tmp_path / "words", 10)
    plans = [make_plan(RunOptions(skill_path=skill, k="auto", min_k=1, max_k=3, model=m,
                                  store_uri="memory://", arms=(Arm.BASELINE, Arm.CANDIDATE)))
             .model_copy(update={"margin": 0.1}) for m in (BIG, SMALL)]
    big, small = plans

    def ran(plan: Plan, passed: bool, reps: int) -> dict[str, TrialResult]:
        return {t.trial_id: TrialResult(trial_id=t.trial_id, case_id=t.case.id,
                                        repetition=t.repetition, arm=t.arm,
                                        status=TrialStatus.COMPLETED, passed=passed)
                for t in plan.trials if t.repetition < reps}

    # early: the small model could still catch up
    early = {**ran(big, True, 1), **ran(small, False, 1)}
    assert futile(plans, early) == set()
    # the big model passed all 30 candidate trials; 20 passes of 30 cannot come within 10
    # points
    late = {**ran(big, True, 3), **ran(small, False, 1)}
    assert futile(plans, late) == {small.run_id}
    from runner.analysis.adaptive import released

    assert any(t.trial_id not in late for t in released(small, late))  # it would get work
    wanted = released_ids(plans, late)
    assert all(t.trial_id in late for t in small.trials if t.trial_id in wanted)
    # a fixed-k run never stops a model
    fixed = [p.model_copy(update={"adaptive": None}) for p in plans]
    assert futile(fixed, late) == set()


def test_batch_models_print_the_model_table(tmp_path: Path) -> None:
    """A batch eval with `models:` gets the table `run --model A --model B` prints, from the
    same code: on the terminal, in each of its reports and in the stored batch summary; an
    eval of the batch on one model gets none."""
    import yaml
    from click.testing import CliRunner

    from runner.cli import main
    from runner.driver.batch import BatchSummary
    from runner.store.keys import RunKeys
    from runner.store.local import LocalStore

    example = Path(__file__).resolve().parents[2] / "examples" / "csv-summary"
    batch = tmp_path / "batch.yaml"
    batch.write_text(yaml.safe_dump({
        "store": str(tmp_path / "store"), "executor": "inprocess", "sandbox": {"backend": "fake"},
        "model_script": str(example / "model-script.yaml"),
        "evals": [{"skill": str(example), "cases": ["row-count"], "models": [BIG, SMALL]},
                  {"skill": str(example), "cases": ["row-count"], "k": 2, "model": MID}]}))
    result = CliRunner().invoke(main, ["batch", str(batch), "--report-json",
                                       str(tmp_path / "r.json")])
    assert result.exit_code == 0, result.output
    assert "models (cheapest first; margin 10%" in result.stdout
    assert "Holm over 3 model comparisons" in result.stdout  # each model's own + 1 stand-in
    assert f"cheapest good enough: {SMALL}" in result.stdout
    assert f"the skill on {SMALL}" in result.stdout and f"for {BIG} without it" in result.stdout
    reports = {r["model"]: r for r in json.loads((tmp_path / "r.json").read_text())}
    assert reports[MID]["model_table"] is None
    tables = [reports[m]["model_table"] for m in (BIG, SMALL)]
    assert tables[0] == tables[1] and [r["model"] for r in tables[0]["models"]] == [SMALL, BIG]
    batch_id = result.stderr.split("batch ")[1].split(":")[0]
    stored = BatchSummary.model_validate_json(
        LocalStore(tmp_path / "store").get(RunKeys(batch_id).report_json))
    assert [t.model_dump(mode="json") for t in stored.model_tables] == [tables[0]]
    from runner.store.groups import read_group_plan  # `compare m-A m-B` reads it

    assert set(read_group_plan(LocalStore(tmp_path / "store"), tables[0]["group_id"]).run_ids) \
        == {reports[BIG]["run_id"], reports[SMALL]["run_id"]}


def test_runs_lists_each_model_and_the_group(tmp_path: Path) -> None:
    """`skill-eval runs` tells per-model runs of one skill apart (a model column, `model` and
    `group` in --json) and lists the multi-model group as one; a batch's `models:` eval is a
    group too, which `compare` reads model by model."""
    from click.testing import CliRunner

    from runner.cli import main

    example = Path(__file__).resolve().parents[2] / "examples" / "csv-summary"
    store = str(tmp_path / "store")
    ran = CliRunner().invoke(main, [
        "run", str(example), "--case", "row-count", "--sandbox", "fake", "--executor",
        "inprocess", "--model-script", str(example / "model-script.yaml"), "--store", store,
        "--model", SMALL, "--model", BIG, "--json", "--quiet"])
    assert ran.exit_code == 0, ran.output
    group = json.loads(ran.stdout)[0]["model_table"]["group_id"]
    assert group.startswith("m-")
    single = CliRunner().invoke(main, [
        "run", str(example), "--case", "row-count", "--sandbox", "fake", "--executor",
        "inprocess", "--model-script", str(example / "model-script.yaml"), "--store", store,
        "--model", MID, "--json", "--quiet"])
    assert single.exit_code == 0, single.output
    listed = CliRunner().invoke(main, ["runs", "--store", store, "--json"])
    assert listed.exit_code == 0, listed.output
    rows = {r["model"]: r for r in json.loads(listed.stdout)}
    assert set(rows) == {SMALL, BIG, MID}
    assert rows[SMALL]["group"] == rows[BIG]["group"] == group and rows[MID]["group"] is None
    text = CliRunner().invoke(main, ["runs", "--store", store]).stdout
    header = text.splitlines()[1].split()
    assert header[:3] == ["run", "skill", "model"] and header[-1] == "group"
    line = next(x for x in text.splitlines() if x.startswith(rows[SMALL]["run_id"]))
    assert SMALL in line and line.rstrip().endswith(group)
    assert f"{group}: multi-model run of csv-summary on " in text
    assert text.count("multi-model run of") == 1


def _futile_pair(tmp_path: Path) -> tuple[Plan, dict[str, TrialResult], dict[str, Futility]]:
    """Two models under --k auto: the big one passed all 30 candidate trials, the small one
    failed every trial of its first 10 cases x 1, so it can no longer come within 10 points."""
    from runner.analysis.models import futility

    skill = _skill(tmp_path / "words", 10)
    plans = [make_plan(RunOptions(skill_path=skill, k="auto", min_k=1, max_k=3, model=m,
                                  store_uri="memory://", arms=(Arm.BASELINE, Arm.CANDIDATE)))
             .model_copy(update={"margin": 0.1}) for m in (BIG, SMALL)]
    results = {t.trial_id: TrialResult(trial_id=t.trial_id, case_id=t.case.id,
                                       repetition=t.repetition, arm=t.arm,
                                       status=TrialStatus.COMPLETED,
                                       passed=p is plans[0] and t.arm is Arm.CANDIDATE)
               for p, reps in ((plans[0], 3), (plans[1], 1)) for t in p.trials
               if t.repetition < reps}
    small = plans[1]
    return small, {i: r for i, r in results.items()
                   if i in {t.trial_id for t in small.trials}}, futility(plans, results)


def test_a_model_stopped_for_futility_is_a_decided_complete_run(tmp_path: Path) -> None:
    """Its report is complete (not partial: nothing is a hole), says why it stopped, reads
    its comparison at the last look it finished (not a later look's larger alpha), and files
    a receipt like any completed run."""
    from runner.driver.api import keep_report
    from runner.store.keys import RunKeys
    from runner.store.local import LocalStore

    small, mine, cut = _futile_pair(tmp_path)
    futility = cut[small.run_id]
    assert (futility.trails, futility.other_at_least, round(futility.at_most, 3)) == \
        (BIG, 1.0, 0.667)
    plain = build_report(small, list(mine.values()))
    decided = build_report(small, list(mine.values()), futility=futility)
    assert plain.partial and str(plain.status) == "partial"  # before: read as a hole
    assert not decided.partial and str(decided.status) == "completed"
    assert decided.futility == futility
    assert decided.adaptive is not None and plain.adaptive is not None
    assert decided.adaptive.stopped_because == f"futility: trails {BIG} by the margin"
    assert decided.adaptive.look == plain.adaptive.look - 1  # the look it finished
    assert (decided.adaptive.stop_alpha or 1) < (plain.adaptive.stop_alpha or 0)
    store = LocalStore(tmp_path / "store")
    keep_report(small, decided, list(mine.values()), store)
    assert store.exists(RunKeys(small.run_id).receipt_pointer)


def test_the_gate_reads_a_futility_stop_as_decided(tmp_path: Path) -> None:
    """--gate: a model stopped for futility does not make the gate inconclusive (exit 5); a
    firm FAIL of it still fails the gate."""
    from runner.analysis.gate import Answer, decide
    from runner.render.terminal import render

    small, mine, cut = _futile_pair(tmp_path)
    futility = cut[small.run_id]
    plain = build_report(small, list(mine.values()))
    decided = build_report(small, list(mine.values()), futility=futility)
    assert decide([plain], max_p=0.05).answer is Answer.INCONCLUSIVE
    gate = decide([decided], max_p=0.05)
    assert gate.answer is Answer.DECIDED
    assert gate.lines and "decided by futility (not good enough next to " + BIG in gate.lines[0]
    firm_fail = decided.model_copy(update={"comparisons": [
        c.model_copy(update={"verdict": Verdict.FAIL, "firm": True, "aa_rate": 0.001})
        for c in decided.comparisons]})
    assert decide([firm_fail]).answer is Answer.FAIL
    out = StringIO()
    render(decided, Console(file=out, width=200))
    assert "decided: stopped for futility: not good enough, decided" in out.getvalue()
    assert "partial run" not in out.getvalue()


def _all_pass(case: str, rep: int, arm: Arm) -> bool:
    return arm is Arm.CANDIDATE


def test_good_enough_shares_alpha_over_three_models(tmp_path: Path) -> None:
    """Three models passing every case alike at 25 cases: each test alone reads p_good 0.048,
    but the table names a firm good enough only when it holds over the models (the truly best
    cannot trail, so the smallest p is multiplied by m - 1 = 2)."""
    three = _table(tmp_path / "a", 25, 1, {BIG: _all_pass, MID: _all_pass, SMALL: _all_pass})
    assert all(r.test is not None and r.test.p_good is not None and r.test.p_good < 0.05
               for r in three.models)
    assert not any(r.firm for r in three.models) and three.cheapest_firm is None
    assert three.cheapest_good_enough == SMALL
    first = three.models[0].test
    assert first is not None and first.p_good is not None
    assert three.models[0].firm_p_adjusted == pytest.approx(2 * first.p_good)


def test_good_enough_over_models_stays_firm_with_enough_cases(tmp_path: Path) -> None:
    # 45 cases: p_good 0.013 each, 0.025 over three models: firm
    three = _table(tmp_path / "a", 45, 1, {BIG: _all_pass, MID: _all_pass, SMALL: _all_pass})
    assert all(r.firm for r in three.models) and three.cheapest_firm == SMALL


def test_two_models_good_enough_is_not_adjusted(tmp_path: Path) -> None:
    # only one of two can truly trail the other by the margin: the test alone decides
    two = _table(tmp_path / "a", 25, 1, {BIG: _all_pass, SMALL: _all_pass})
    assert all(r.firm for r in two.models) and two.cheapest_firm == SMALL
    assert two.models[0].firm_p_adjusted == two.models[0].firm_p


def test_not_good_enough_stays_a_question_about_one_model(tmp_path: Path) -> None:
    def none(case: str, rep: int, arm: Arm) -> bool:
        return False
    table = _table(tmp_path, 6, 1, {BIG: _all_pass, MID: _all_pass, SMALL: none})
    small = next(r for r in table.models if r.model == SMALL)
    assert small.standing is Standing.NOT_GOOD_ENOUGH and small.firm
    assert small.firm_p_adjusted == small.firm_p


def test_shaffer_good_multiplies_the_smallest_by_m_minus_one() -> None:
    from runner.analysis.models import shaffer_good
    assert shaffer_good([0.02, 0.03]) == [0.02, 0.03]
    assert shaffer_good([0.01, 0.02, 0.04, 0.5]) == pytest.approx([0.03, 0.06, 0.08, 0.5])
    # a missing p: plain Holm over the four tested (test_a_missing_p_falls_back_to_plain_holm)
    assert shaffer_good([0.01, None, 0.02, 0.04, 0.5]) == pytest.approx(
        [0.04, None, 0.06, 0.08, 0.5])
    assert shaffer_good([0.9, 0.01, 0.9]) == pytest.approx([1.0, 0.02, 1.0])


def _row(model: str, p_good: float | None) -> ModelRow:
    test = None if p_good is None else NonInferiority(
        test="tango", pairs=40, difference=0.0, margin=0.1, z=1.0, p_good=p_good,
        p_bad=1 - p_good, upper_bound=0.09)
    return ModelRow(model=model, run_id="r", price_rank=0, known_price=True, sessions=40,
                    pass_with=0.9, pass_without=0.5, comparison=None, cost_per_session=None,
                    cost_per_pass=None, standing=Standing.GOOD_ENOUGH, firm=False,
                    firm_p=p_good, test=test)


def test_a_missing_p_falls_back_to_plain_holm() -> None:
    # the third model's rows are all holes: Shaffer's m - 1 would call the first firm
    rows = holm_standings([_row(SMALL, 0.03), _row(MID, 0.04), _row(BIG, None)], 0.05)
    assert [r.firm_p_adjusted for r in rows] == [pytest.approx(0.06), pytest.approx(0.06),
                                                 None]
    assert [r.firm for r in rows] == [False, False, False]
    assert shaffer_good([0.03, None, 0.04]) == [pytest.approx(0.06), None, pytest.approx(0.06)]


def test_a_complete_table_keeps_shaffers_first_step() -> None:
    rows = holm_standings([_row(SMALL, 0.03), _row(MID, 0.04), _row(BIG, 0.5)], 0.05)
    assert [r.firm_p_adjusted for r in rows] == [pytest.approx(0.06), pytest.approx(0.08),
                                                 pytest.approx(0.5)]
    two = holm_standings([_row(SMALL, 0.03), _row(BIG, 0.5)], 0.05)
    assert two[0].firm and two[0].firm_p_adjusted == pytest.approx(0.03)  # two: unadjusted
    assert shaffer_good([None]) == [None] and shaffer_good([0.02, None]) == [0.02, None]


def test_a_model_whose_every_trial_is_a_hole_is_untested_never_good_enough(
        tmp_path: Path) -> None:
    """Nothing was seen of it: no pairs against the reference, so it is not the cheapest
    good-enough model (a difference of 0 over no pairs read as good enough named it before;
    bench/models_more.py, holes) and its missing p makes the table plain Holm."""
    skill = _skill(tmp_path / "words", 6)
    big, big_results = _run(skill, BIG, 1, lambda case, rep, arm: arm is Arm.CANDIDATE)
    plan = make_plan(RunOptions(skill_path=skill, k=1, model=SMALL, store_uri="memory://",
                                arms=(Arm.BASELINE, Arm.CANDIDATE)))
    lost = [TrialResult(trial_id=t.trial_id, case_id=t.case.id, repetition=t.repetition,
                        arm=t.arm, status=TrialStatus.API_ERROR, passed=None)
            for t in plan.trials]
    table = build_model_table([big, build_report(plan, lost)],
                              {BIG: big_results, SMALL: lost}, 0.1, 0.05)
    by = {r.model: r for r in table.models}
    assert by[SMALL].standing is Standing.UNTESTED and not by[SMALL].firm
    assert by[SMALL].test is not None and by[SMALL].test.pairs == 0
    assert by[BIG].standing is Standing.BEST
    assert table.best == BIG and table.cheapest_good_enough == BIG


def test_holes_are_never_counted_as_failures_for_futility(tmp_path: Path) -> None:
    """The small model's first 10 trials lost to the endpoint (holes, left out of its pass
    rate) is no sign it trails: not stopped as futile. The same trials failed: stopped."""
    from runner.analysis.models import futility

    skill = _skill(tmp_path / "words", 10)
    plans = [make_plan(RunOptions(skill_path=skill, k="auto", min_k=1, max_k=3, model=m,
                                  store_uri="memory://", arms=(Arm.BASELINE, Arm.CANDIDATE)))
             .model_copy(update={"margin": 0.1}) for m in (BIG, SMALL)]

    def results(status: TrialStatus) -> dict[str, TrialResult]:
        out = {}
        for plan, reps in ((plans[0], 3), (plans[1], 1)):
            for t in plan.trials:
                if t.repetition >= reps:
                    continue
                big = plan is plans[0]
                out[t.trial_id] = TrialResult(
                    trial_id=t.trial_id, case_id=t.case.id, repetition=t.repetition,
                    arm=t.arm, status=TrialStatus.COMPLETED if big else status,
                    passed=(big and t.arm is Arm.CANDIDATE) if big or not status.is_hole
                    else None)
        return out

    assert plans[1].run_id in futility(plans, results(TrialStatus.COMPLETED))
    assert plans[1].run_id not in futility(plans, results(TrialStatus.API_ERROR))


def test_an_untested_model_is_named_so_on_the_terminal() -> None:
    from runner.render.models import standing_words

    row = ModelRow(model=SMALL, run_id="r", price_rank=0, known_price=True, sessions=4,
                   pass_with=None, pass_without=None, comparison=None,
                   cost_per_session=None, cost_per_pass=None, standing=Standing.UNTESTED,
                   firm=False)
    assert standing_words(row) == "untested (every trial a hole)"
