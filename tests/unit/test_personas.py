"""A case that plays a simulated user (issue 26, multi-turn cases): scripted answers are sent
as follow-up turns in order (EV012 says so); a persona with no answers is not played, and
`check` says so (EV015), never silence; a short persona label stays a label."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from runner.authoring.caseset import load_caseset
from runner.cli import main
from tests.helpers import make_skill


def _case(**fields: object) -> dict[str, object]:
    return {"id": "interview", "prompt": "Interview me about my budget.",
            "expectations": ["Asks one question at a time"], **fields}


def test_scripted_answers_are_sent_as_follow_up_turns_in_order(tmp_path: Path) -> None:
    for n, fields in enumerate([{"user_responses": ["About 10k", "Next quarter"]},
                                {"simulatedUser": {"role": "CFO",
                                                   "answers": ["About 10k", "Next quarter"]}}]):
        caseset = load_caseset(make_skill(tmp_path / str(n), [_case(**fields)]), "tidy-notes")
        (case,) = caseset.evals
        assert [t.prompt for t in case.follow_ups] == ["About 10k", "Next quarter"]
        assert any(f.code == "EV012" and "scripted answer(s) sent as follow-up turns"
                   in f.message for f in caseset.findings)


def test_a_persona_with_no_answers_is_said_not_played(tmp_path: Path) -> None:
    for n, given in enumerate(["An impatient CFO who answers in one line", "cfo.md"]):
        caseset = load_caseset(make_skill(tmp_path / str(n), [_case(persona=given)]),
                               "tidy-notes")
        (case,) = caseset.evals
        assert not case.follow_ups
        said = [f for f in caseset.findings if f.code == "EV015"]
        assert len(said) == 1 and "does not play" in said[0].message, given


def test_a_short_persona_label_stays_a_label(tmp_path: Path) -> None:
    caseset = load_caseset(make_skill(tmp_path, [_case(persona="CFO")]), "tidy-notes")
    assert not [f for f in caseset.findings if f.code == "EV015"]


def test_check_says_the_persona_is_not_played_through_the_cli(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [_case(simulated_user={"role": "CFO", "mood": "impatient"})])
    result = CliRunner().invoke(main, ["check", str(skill)], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "EV015" in result.output and "`simulated_user` describes a simulated user" in \
        result.output


def test_answers_keyed_by_what_is_asked_are_sent_labelled_in_order(tmp_path: Path) -> None:
    """A mapping from the question to the answer is the user's answers, never an ignored
    field: one follow-up reply giving each, labelled with what it answers."""
    answers = {"budget": "About 10k", "deadline": "Next quarter"}
    caseset = load_caseset(make_skill(tmp_path, [_case(user_responses=answers)]), "tidy-notes")
    (case,) = caseset.evals
    assert [t.prompt for t in case.follow_ups] == ["budget: About 10k\ndeadline: Next quarter"]
    assert any(f.code == "EV012" and "1 scripted answer(s)" in f.message
               for f in caseset.findings)


def test_a_mapping_of_other_values_is_no_answers(tmp_path: Path) -> None:
    """Negative: a mapping holding a non-text value is not a script of answers."""
    caseset = load_caseset(make_skill(tmp_path, [_case(user_responses={"budget": 10})]),
                           "tidy-notes")
    assert not caseset.evals[0].follow_ups
