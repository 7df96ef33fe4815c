"""Multi-turn cases in the trial template, with the fake sandbox: every turn sent in one
conversation (--session-id, then --resume), each turn graded on its own material, the
transcript kept per turn, and a retried attempt re-running every turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.sandbox.fake import FakeSandbox
from runner.schema.case import OutputCheck, Reading, Turn, TurnChecks
from runner.schema.enums import TrialStatus
from runner.schema.trial import TrialSpec
from runner.schema.turns import TurnFiles
from runner.store.keys import RunKeys
from runner.store.memory import MemoryStore
from runner.trial.template import run_trial
from tests.unit.trial.test_template import candidate, planned  # noqa: F401 - the fixture

FIRST = {"reply": "5 rows, Total: 600. Regions: 3",
         "write": {"summary.md": "## Totals\n- amount: 600\n"}}


def two_turns(spec: TrialSpec) -> TrialSpec:
    """sales-totals, then "add a Regions section": turn 1 must say the total in its own
    answer, turn 2 must write the section and say the region count in its own answer."""
    case = spec.case.model_copy(update={
        "first_turn": TurnChecks(assertions=("Total: 600",), reads=Reading.TEXT),
        "follow_ups": (Turn(prompt="Now add a Regions section to summary.md.",
                            assertions=("Regions: 3",), reads=Reading.TEXT,
                            outputs=(OutputCheck(path="summary.md",
                                                 contains=("## Regions",)),)),)})
    return spec.model_copy(update={"case": case})


def test_each_turn_is_sent_in_one_conversation_and_graded_on_its_own_material(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:  # noqa: F811
    tasks, store = planned
    spec = two_turns(candidate(tasks))
    FakeSandbox.plan[spec.trial_id] = {"by_prompt": {
        "Summarise": FIRST,
        "Regions section": {"reply": "Added. 5 rows, Total: 600, Regions: 3",
                            "write": {"summary.md": "## Totals\n- amount: 600\n## Regions\n"}}}}
    result = run_trial(spec, store)
    assert result.status is TrialStatus.COMPLETED and result.passed is True
    (first, second) = [(p, a) for t, p, a in FakeSandbox.sent if t == spec.trial_id]
    assert first[0].startswith("Summarise") and second[0].startswith("Now add")
    session = first[1][first[1].index("--session-id") + 1]
    assert second[1][second[1].index("--resume") + 1] == session
    assert "--no-session-persistence" not in first[1] + second[1]
    assert {"turn 1: checks", "turn 2: checks"} <= set(result.scores)
    assert result.wall_s == 0.02  # both turns' sessions
    attempt = RunKeys(spec.run_id).trial(spec.trial_id).attempt(result.attempt)
    one, two = (store.get(attempt.turn(n).transcript) for n in (1, 2))
    assert b"Regions: 3" in one and b"Added" in two and b"Added" not in one
    assert store.get(attempt.transcript) == one + two  # the whole conversation


def test_a_turn_failing_its_own_checks_fails_the_case_and_says_which_turn(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:  # noqa: F811
    tasks, store = planned
    spec = two_turns(candidate(tasks))
    # Turn 1 said "Regions: 3", turn 2 did not and wrote nothing: turn 2's checks read turn
    # 2's answer only, so they fail although the conversation as a whole holds the text.
    FakeSandbox.plan[spec.trial_id] = {"by_prompt": {
        "Summarise": FIRST, "Regions section": {"reply": "5 rows, Total: 600. Done."}}}
    result = run_trial(spec, store)
    assert result.status is TrialStatus.COMPLETED and result.passed is False
    assert result.scores["turn 1: checks"].passed is True
    failed = [c.check for c in result.scores["turn 2: checks"].checks if not c.passed]
    assert failed and all(c.startswith("turn 2: ") for c in failed)
    assert any("Regions: 3" in c for c in failed) and any("## Regions" in c for c in failed)
    assert result.scores["checks"].passed is True  # the case's own checks, on turn 2's work


def test_a_retried_attempt_runs_every_turn_again_in_a_new_conversation(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:  # noqa: F811
    tasks, store = planned
    spec = two_turns(candidate(tasks))
    # start 2 is the first attempt's second turn: its container fails, so attempt 1 is a hole
    FakeSandbox.plan[spec.trial_id] = {"by_prompt": {
        "Summarise": FIRST,
        "Regions section": {"fail_starts": 2, "reply": "5 rows, Total: 600, Regions: 3",
                            "write": {"summary.md": "## Totals\n- amount: 600\n## Regions\n"}}}}
    result = run_trial(spec, store)
    assert result.attempt == 2 and result.passed is True
    sent = [(p, a) for t, p, a in FakeSandbox.sent if t == spec.trial_id]
    assert [p.split()[0] for p, _ in sent] == ["Summarise", "Now", "Summarise", "Now"]
    ids = [a[a.index("--session-id") + 1] for _, a in sent if "--session-id" in a]
    assert len(ids) == 2 and ids[0] != ids[1]  # attempt 2 never resumes attempt 1's session
    assert sent[3][1][sent[3][1].index("--resume") + 1] == ids[1]
    keys = RunKeys(spec.run_id).trial(spec.trial_id)
    assert not store.exists(keys.attempt(1).turn(1).transcript)  # a hole keeps no turns
    done = json.loads(store.get(keys.done))
    assert done["attempt"] == 2 and store.exists(keys.attempt(2).turn(2).transcript)


def test_a_single_turn_case_keeps_its_one_transcript_and_no_turn_keys(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:  # noqa: F811
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = FIRST
    result = run_trial(spec, store)
    attempt = RunKeys(spec.run_id).trial(spec.trial_id).attempt(result.attempt)
    assert store.exists(attempt.transcript)
    assert not [k for k in store.list(attempt.prefix) if "/turns/" in k]
    (args,) = [a for t, _, a in FakeSandbox.sent if t == spec.trial_id]
    assert "--no-session-persistence" in args and "--resume" not in args


def three_turns(spec: TrialSpec, max_turns: int | None = None,
                budget: float | None = None) -> TrialSpec:
    """Three user turns, the last with a check of its own; the case's limits as given."""
    case = spec.case.model_copy(update={"follow_ups": (
        Turn(prompt="Second: add a Regions section."),
        Turn(prompt="Third: add an Owners section.", assertions=("Owners",),
             reads=Reading.TEXT))})
    limits = spec.limits.model_copy(update={"max_turns": max_turns,
                                            "session_budget_usd": budget})
    return spec.model_copy(update={"case": case, "limits": limits})


def sent_with(spec: TrialSpec, flag: str) -> list[str]:
    """`flag`'s value in each turn of the trial's conversation, as sent."""
    return [a[a.index(flag) + 1] for t, _, a in FakeSandbox.sent if t == spec.trial_id]


def test_max_turns_covers_the_whole_conversation_and_says_where_it_stopped(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:  # noqa: F811
    tasks, store = planned
    spec = three_turns(candidate(tasks), max_turns=5)
    # each turn takes 2 model turns: turn 1 gets 5, turn 2 the 3 left, turn 3 the 1 left,
    # too few, so it ends as claude ends at its cap
    FakeSandbox.plan[spec.trial_id] = {"num_turns": 2, **FIRST, "reply": "Owners"}
    result = run_trial(spec, store)
    assert sent_with(spec, "--max-turns") == ["5", "3", "1"]
    assert result.status is TrialStatus.AGENT_ERROR and result.passed is False
    assert result.error == "error_max_turns (at turn 3 of 3)"
    assert result.turns == 5  # every model turn of the conversation, within its cap


def test_a_follow_up_the_limits_leave_nothing_for_is_not_sent(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:  # noqa: F811
    tasks, store = planned
    spec = three_turns(candidate(tasks), max_turns=4)
    FakeSandbox.plan[spec.trial_id] = {"num_turns": 2, **FIRST}
    result = run_trial(spec, store)
    assert sent_with(spec, "--max-turns") == ["4", "2"]  # turn 3: none left
    assert result.status is TrialStatus.AGENT_ERROR and result.passed is False
    assert result.error is not None and result.error.startswith(
        "stopped at turn 3 of 3: --max-turns 4 covers the whole conversation")
    (unsent,) = result.scores["turn 3: sent"].checks
    assert not unsent.passed and "turn 3 was not sent" in unsent.detail
    attempt = RunKeys(spec.run_id).trial(spec.trial_id).attempt(result.attempt)
    assert not store.exists(attempt.turn(3).transcript)


def test_the_session_budget_covers_the_whole_conversation(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:  # noqa: F811
    tasks, store = planned
    spec = three_turns(candidate(tasks), budget=0.05)
    # each turn costs 0.02 and reports the running total (0.02, 0.04): what is left is the
    # cap less that total, never less the sum of the totals
    FakeSandbox.plan[spec.trial_id] = {"cost_usd": 0.02, **FIRST, "reply": "Owners"}
    result = run_trial(spec, store)
    assert [float(v) for v in sent_with(spec, "--max-budget-usd")] == \
        pytest.approx([0.05, 0.03, 0.01])
    assert result.status is TrialStatus.AGENT_ERROR
    assert result.error == "error_max_budget_usd (at turn 3 of 3)"
    # a resumed turn reports the conversation's running total: the last one is the cost
    assert result.cli_cost_usd == pytest.approx(0.06)


def test_the_files_after_each_turn_are_kept_with_it_as_its_checks_read_them(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:  # noqa: F811
    tasks, store = planned
    spec = two_turns(candidate(tasks))
    spec = spec.model_copy(update={"case": spec.case.model_copy(update={
        "first_turn": TurnChecks(outputs=(OutputCheck(path="summary.md",
                                                      contains=("amount: 600",)),))})})
    # turn 2 rewrites summary.md: turn 1's check reads the file as turn 1 left it
    FakeSandbox.plan[spec.trial_id] = {"by_prompt": {
        "Summarise": {**FIRST, "write": {"summary.md": "## Totals\n- amount: 600\n",
                                         "scratch.txt": "notes"}},
        "Regions section": {"reply": "Regions: 3",
                            "write": {"summary.md": "## Regions\n"}}}}
    result = run_trial(spec, store)
    assert result.scores["turn 1: checks"].passed is True
    attempt = RunKeys(spec.run_id).trial(spec.trial_id).attempt(result.attempt)
    one = TurnFiles.model_validate_json(store.get(attempt.turn(1).files))
    assert {"summary.md", "scratch.txt", "sales.csv"} <= set(one.listing)
    assert one.kept == ("summary.md",) and not one.last  # only what its checks read
    assert store.get(attempt.turn(1).output("summary.md")) == b"## Totals\n- amount: 600\n"
    assert not store.exists(attempt.turn(1).output("scratch.txt"))
    two = TurnFiles.model_validate_json(store.get(attempt.turn(2).files))
    assert two.last and two.kept == () and "summary.md" in two.listing
    assert store.get(attempt.output("summary.md")) == b"## Regions\n"


def test_a_turn_with_statements_keeps_every_file_and_one_without_checks_only_its_listing(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:  # noqa: F811
    tasks, store = planned
    spec = three_turns(candidate(tasks))
    spec = spec.model_copy(update={"case": spec.case.model_copy(update={
        "first_turn": TurnChecks(statements=("The summary gives the total",))})})
    FakeSandbox.plan[spec.trial_id] = {**FIRST, "reply": "Owners"}
    result = run_trial(spec, store)
    attempt = RunKeys(spec.run_id).trial(spec.trial_id).attempt(result.attempt)
    one = TurnFiles.model_validate_json(store.get(attempt.turn(1).files))
    assert set(one.kept) == set(one.listing) == {"sales.csv", "summary.md"}
    two = TurnFiles.model_validate_json(store.get(attempt.turn(2).files))
    assert two.kept == () and set(two.listing) == {"sales.csv", "summary.md"}


ONLY_ALPHA = ("import pathlib, sys\nnotes = pathlib.Path('notes.txt')\n"
              "text = notes.read_text() if notes.exists() else ''\nprint(repr(text))\n"
              "sys.exit(0 if text == 'ALPHA\\n' else 1)\n")


def test_a_turns_own_program_runs_right_after_that_turn_on_its_files(
        tmp_path: Path) -> None:
    """Turn 1 names a judge program that passes only on notes.txt as turn 1 leaves it; turn 2
    appends to it. Read from the set, bundled, run after turn 1 (before turn 2 is sent) and
    scored as `turn 1: program`; the case's own checks still grade the last turn."""
    from runner.planning.plan import make_plan
    from runner.schema.options import RetryPolicy, RunOptions, SandboxConfig
    from runner.schema.trial import PassContext
    from tests.unit.test_wild_sets import skill_with

    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{"id": "n", "turns": [
        {"role": "user", "content": "Write notes.txt holding ALPHA.",
         "judge_program": "evals/only_alpha.py"},
        {"role": "user", "content": "Append BETA to notes.txt.", "must_include": ["BETA"]}]}]},
        files={"evals/only_alpha.py": ONLY_ALPHA})
    plan = make_plan(RunOptions(skill_path=skill, sandbox=SandboxConfig(backend="fake"),
                                fresh=True))
    (case,) = {t.case.id: t.case for t in plan.trials}.values()
    assert case.first_turn is not None and case.first_turn.judge_program == "evals/only_alpha.py"
    store = MemoryStore()
    from runner.authoring.bundles import publish

    for data in plan.bundles.values():
        publish(store, plan.run_id, data)
    sandbox = SandboxConfig(backend="fake", scratch_root=tmp_path / "scratch",
                            trust_programs=True)
    context = PassContext(sandbox=sandbox, retry=RetryPolicy(infra_backoff_s=0,
                                                             endpoint_backoff_s=0))
    spec = next(t for t in plan.trials if t.arm == "candidate").model_copy(
        update={"context": context})
    FakeSandbox.plan.clear()
    FakeSandbox.plan[spec.trial_id] = {"by_prompt": {
        "holding ALPHA": {"reply": "Wrote it.", "write": {"notes.txt": "ALPHA\n"}},
        "Append BETA": {"reply": "Appended BETA.", "write": {"notes.txt": "ALPHA\nBETA\n"}}}}
    result = run_trial(spec, store)
    assert result.status is TrialStatus.COMPLETED and result.passed is True, result.scores
    (ran,) = result.scores["turn 1: program"].checks
    assert ran.passed and "'ALPHA\\n'" in ran.evidence  # turn 1's file, not the last turn's
    assert "program" not in result.scores  # the case names no program of its own
    assert result.scores["turn 2: checks"].passed is True
