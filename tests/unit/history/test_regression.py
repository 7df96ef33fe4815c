"""The regression gate's decisions on stored runs of known answers (runner.analysis.compare,
through runner.history.compare on a real local store), and its trigger rule checked by
simulation with the real decision code."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from runner.analysis import compare as decide
from runner.errors import RefusedInput
from runner.history.compare import compare_refs
from runner.schema.receipt import Receipt
from runner.store.local import LocalStore
from tests.stored_runs import paired, store_receipt, trigger

GOOD = {"append-row": ([True, True], [False, False]), "balance": ([True, True], [False, True])}
# Eight cases the candidate passes twice each; in WORSE six of them fail twice: a drop no
# shuffle of the runs' own trials reaches (each case alone: 1/6; six together: below 1e-4)
BIG = {f"case-{i}": ([True, True], [False, False]) for i in range(8)}
WORSE = {**BIG, **{f"case-{i}": ([False, False], [False, False]) for i in range(6)}}


def saved(tmp_path: Path, *receipts: tuple[Receipt, str]) -> LocalStore:
    store = LocalStore(tmp_path / "store")
    for receipt, name in receipts:
        store_receipt(store, receipt, name)
    return store


def test_a_case_that_got_worse_is_a_regression_and_is_named(tmp_path: Path) -> None:
    store = saved(tmp_path, (paired("r-1", BIG), "v1"),
                  (paired("r-2", WORSE, digest="b" * 64, minutes=5), "v2"))
    result = compare_refs(store, "v1", "v2")
    assert result.regression
    task = next(f for f in result.figures if f.name == "task success")
    assert (task.before, task.after, task.fails) == (1.0, 0.25, True)
    assert task.survived is not None and task.survived > 0.99 and task.noise_note is None
    assert [c.label for c in result.cases_worse] == [f"case-{i}" for i in range(6)]
    same = compare_refs(store, "v1", "v1")
    assert not same.regression and same.cases_worse == []


def test_a_drop_inside_the_noise_is_listed_and_does_not_fail(tmp_path: Path) -> None:
    """Two cases, one falling from 2/2 to 0/2: a shuffle of that case's four trials does it
    1/6 of the time, so the 50-point drop is not beyond the runs' noise; the case is named."""
    worse = {**GOOD, "balance": ([False, False], [False, True])}
    store = saved(tmp_path, (paired("r-1", GOOD), "v1"),
                  (paired("r-2", worse, digest="b" * 64, minutes=5), "v2"))
    result = compare_refs(store, "v1", "v2")
    task = next(f for f in result.figures if f.name == "task success")
    assert task.change == -0.5 and not task.fails
    assert task.survived is not None and task.survived < 0.9
    assert not result.regression and [c.label for c in result.cases_worse] == ["balance"]


def test_the_fixed_line_is_the_fallback_and_exactly_5_points_does_not_fail() -> None:
    exact = decide._share_figure("task success", 0.80, 0.75)
    assert exact.noise_note == "noise not measured" and not exact.fails
    assert decide._share_figure("task success", 0.80, 0.74).fails


def test_a_process_no_longer_followed_is_listed_and_fails(tmp_path: Path) -> None:
    followed = {c: [True, True] for c in BIG}
    dropped = {**followed, **{f"case-{i}": [False, False] for i in range(6)}}
    store = saved(tmp_path,
                  (paired("r-1", BIG, process=followed), "v1"),
                  (paired("r-2", BIG, digest="b" * 64, minutes=5, process=dropped), "v2"))
    result = compare_refs(store, "v1", "v2")
    assert result.regression
    assert [c.label for c in result.cases_worse] == [f"case-{i} (process)" for i in range(6)]
    followed_fig = next(f for f in result.figures if f.name == "process followed")
    assert followed_fig.fails and followed_fig.before == 1.0 and followed_fig.after == 0.25
    task = next(f for f in result.figures if f.name == "task success")
    assert not task.fails  # every answer still came out right


def test_a_cost_rise_is_reported_and_fails_only_under_the_flag(tmp_path: Path) -> None:
    store = saved(tmp_path, (paired("r-1", GOOD), "v1"),
                  (paired("r-2", GOOD, digest="b" * 64, minutes=5,
                          per_session=(1500, 300, 0.02)), "v2"))
    plain = compare_refs(store, "v1", "v2")
    cost = next(f for f in plain.figures if f.name == "cost per session")
    tokens = next(f for f in plain.figures if f.name == "tokens per session")
    assert cost.worse and tokens.worse and cost.change == pytest.approx(1.0)
    assert not plain.regression
    strict = compare_refs(store, "v1", "v2", fail_on_cost=True)
    assert strict.regression and any(f.fails for f in strict.figures if "cost" in f.name)


SEED_BEFORE = [("Convert this PDF into an Excel sheet", True, 3, 3),
               ("Turn the invoice scan into a spreadsheet", True, 3, 3),
               ("Rename every receipt photo in this folder by date", False, 3, 0)]


def test_a_trigger_flip_inside_the_noise_is_listed_and_does_not_fail(tmp_path: Path) -> None:
    after = [*SEED_BEFORE[:2], (SEED_BEFORE[2][0], False, 3, 3)]
    store = saved(tmp_path, (trigger("t-1", SEED_BEFORE), "v1"),
                  (trigger("t-2", after, digest="b" * 64, minutes=5), "v2"))
    result = compare_refs(store, "v1", "v2")
    assert result.trigger is not None
    assert [f.prompt for f in result.trigger.flips] == [SEED_BEFORE[2][0]]
    assert result.trigger.flips[0].worse
    precision = result.trigger.figures[0]
    assert precision.name == "trigger precision" and precision.after == pytest.approx(2 / 3)
    assert precision.noise is not None and precision.survived is not None
    assert precision.survived < decide.CONFIDENCE and not precision.fails
    assert not result.regression


def test_at_one_run_per_query_the_fixed_line_applies(tmp_path: Path) -> None:
    before = [(p, s, 1, f // 3) for p, s, _, f in SEED_BEFORE]
    after = [*before[:2], (before[2][0], False, 1, 1)]
    store = saved(tmp_path, (trigger("t-1", before), "v1"),
                  (trigger("t-2", after, digest="b" * 64, minutes=5), "v2"))
    result = compare_refs(store, "v1", "v2")
    assert result.trigger is not None
    precision = result.trigger.figures[0]
    assert precision.noise_note == "noise not measured" and precision.fails
    assert result.regression


def test_a_trigger_drop_beyond_the_noise_fails(tmp_path: Path) -> None:
    should = [(f"request {i}", True, 5, 5) for i in range(12)]
    quiet = [(f"other {i}", False, 5, 0) for i in range(12)]
    fell = [(p, s, n, 1) for p, s, n, _ in should]
    store = saved(tmp_path, (trigger("t-1", should + quiet), "v1"),
                  (trigger("t-2", fell + quiet, digest="b" * 64, minutes=5), "v2"))
    result = compare_refs(store, "v1", "v2")
    assert result.trigger is not None
    recall = result.trigger.figures[1]
    assert recall.name == "trigger recall" and recall.fails and recall.survived is not None
    assert recall.survived > 0.99
    assert result.regression and len(result.trigger.flips) == 12


def test_a_neighbour_whose_recall_fell_is_a_regression(tmp_path: Path) -> None:
    from runner.store.receipts import add_neighbour

    mine = [(f"ledger {i}", True, 3, 3) for i in range(4)]
    theirs = [(f"receipt {i}", True, 4, 4) for i in range(10)]
    taken = [(p, s, n, 0) for p, s, n, _ in theirs]
    store = saved(tmp_path, (trigger("t-1", mine), "before"),
                  (trigger("t-2", mine, digest="b" * 64, minutes=5), "after"))
    for name, run_id, queries, library in (("before", "t-n1", theirs, "l1"),
                                           ("after", "t-n2", taken, "l2")):
        store_receipt(store, trigger(run_id, queries, skill="ledger-lite", digest="n" * 64,
                                     library=library))
        add_neighbour(store, name, "ledger", "ledger-lite", run_id)
    result = compare_refs(store, "before", "after", allowed=("library",))
    assert result.trigger is not None and not result.trigger.regression
    assert [b.skill for b in result.neighbours] == ["ledger-lite"]
    assert result.neighbours[0].regression and result.regression


def test_runs_that_differ_in_a_digest_are_refused_naming_it(tmp_path: Path) -> None:
    store = saved(tmp_path, (paired("r-1", GOOD), "v1"),
                  (paired("r-2", GOOD, digest="b" * 64, minutes=5, fixtures="e" * 64,
                          image="sha256:new"), "v2"))
    with pytest.raises(RefusedInput) as refused:
        compare_refs(store, "v1", "v2")
    said = str(refused.value)
    assert "fixtures differs" in said and "image differs" in said
    assert "--allow-different fixtures,image" in said
    with pytest.raises(RefusedInput, match="fixtures differs"):
        compare_refs(store, "v1", "v2", allowed=("image",))
    allowed = compare_refs(store, "v1", "v2", allowed=("image", "fixtures"))
    assert {d.digest for d in allowed.differences} == {"image", "fixtures"}
    with pytest.raises(RefusedInput, match="not a digest"):
        compare_refs(store, "v1", "v2", allowed=("colour",))


def test_names_and_run_ids_resolve_and_unknown_ones_are_refused(tmp_path: Path) -> None:
    store = saved(tmp_path, (paired("r-1", GOOD), "v1"),
                  (paired("r-2", GOOD, digest="b" * 64, minutes=5), ""))
    assert compare_refs(store, "r-1", "r-2").before_run == "r-1"
    assert compare_refs(store, "v1", "r-2").after_run == "r-2"
    with pytest.raises(RefusedInput, match="neither a saved name nor"):
        compare_refs(store, "v1", "nope")
    store_receipt(store, paired("r-3", GOOD, skill="other", digest="d" * 64), "v1")
    with pytest.raises(RefusedInput, match="several skills"):
        compare_refs(store, "v1", "r-2")
    assert compare_refs(store, "v1", "r-2", skill="ledger").before_run == "r-1"


def _draw(probabilities: list[tuple[bool, float]], runs: int, rng: random.Random,
          run_id: str) -> Receipt:
    return trigger(run_id, [(f"q{i}", s, runs, sum(rng.random() < p for _ in range(runs)))
                            for i, (s, p) in enumerate(probabilities)])


def test_the_trigger_rule_rarely_fails_an_unchanged_skill_and_catches_a_real_drop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulation with the real decision code: the same fire probabilities measured twice
    (3 runs per query) fail the gate rarely; recall falling from 0.9 to 0.4 fails it."""
    monkeypatch.setattr(decide, "REDRAWS", 400)
    rng = random.Random(7)
    same = [(True, 0.8)] * 8 + [(False, 0.1)] * 8
    fell = [(True, 0.4)] * 8 + [(False, 0.1)] * 8
    rounds = 40
    false_alarms = sum(decide.trigger_block("s", _draw(same, 3, rng, "a"),
                                            _draw(same, 3, rng, "b"), False).regression
                       for _ in range(rounds))
    caught = sum(decide.trigger_block("s", _draw([(True, 0.9)] * 8 + [(False, 0.1)] * 8, 3,
                                                 rng, "a"),
                                      _draw(fell, 3, rng, "b"), False).regression
                 for _ in range(rounds))
    assert false_alarms / rounds <= 0.1, false_alarms
    assert caught / rounds >= 0.8, caught


def test_a_run_regraded_from_another_compares_with_it_despite_a_new_case_set(
        tmp_path: Path) -> None:
    regraded = paired("r-2", WORSE, minutes=5, case_set="e" * 64, grader_prompt="g" * 64)
    regraded.source_run = "r-1"
    store = saved(tmp_path, (paired("r-1", BIG), "v1"), (regraded, "v1-regraded"))
    result = compare_refs(store, "v1", "v1-regraded")
    assert result.regression
    assert [c.case for c in result.cases_worse] == [f"case-{i}" for i in range(6)]
    assert {d.digest for d in result.differences} == {"case_set", "grader_prompt"}
    assert any("r-2 re-scored the trials of r-1" in n for n in result.notes)
    other = paired("r-3", BIG, minutes=6, case_set="e" * 64)
    store_receipt(store, other, "v3")
    with pytest.raises(RefusedInput, match="case_set differs"):
        compare_refs(store, "v1", "v3")


def test_what_only_one_side_has_is_named_not_compared(tmp_path: Path) -> None:
    store = saved(tmp_path, (paired("r-1", GOOD), "v1"),
                  (trigger("t-1", SEED_BEFORE), "v1"),
                  (paired("r-2", GOOD, digest="b" * 64, minutes=5), "v2"))
    result = compare_refs(store, "v1", "v2")
    assert result.trigger is None and not result.regression
    assert result.notes[0] == "trigger run only in v1: not compared"
