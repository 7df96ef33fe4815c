"""Multi-turn cases in the trial template, with the fake sandbox: every turn sent in one
conversation (--session-id, then --resume), each turn graded on its own material, the
transcript kept per turn, and a retried attempt re-running every turn."""

from __future__ import annotations

import json

from runner.sandbox.fake import FakeSandbox
from runner.schema.case import OutputCheck, Reading, Turn, TurnChecks
from runner.schema.enums import TrialStatus
from runner.schema.trial import TrialSpec
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
