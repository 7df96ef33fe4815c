"""What no arm can do gets a line (issue 26): a criterion a missing program's result decides,
a case whose criteria need the user's answers across turns, a property of a binary output the
grader cannot read, a live service the prompt says is available, a case whose own notes say
what it needs and lacks; and "runs or requires X" read on the reply as well as the calls.
Each through the real `skill-eval check`, with the near misses that must stay silent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.awaited_reply import needs_answers
from runner.authoring.binary_claims import binary_claims
from runner.authoring.missing_programs import outcome_runs
from runner.authoring.notes_needs import stated_needs
from runner.scoring.on_calls import on_calls
from tests.helpers import check_json, check_verbose, make_skill

SKILL_MD = ("---\nname: site-docs\ndescription: Writes and edits the site's docs pages. Use "
            "when the user asks for a docs page or a screenshot in one.\n---\nBe brief.\n")


def case(cid: str, prompt: str, assertions: list[str], **more: Any) -> dict[str, Any]:
    return {"id": cid, "prompt": prompt, "assertions": assertions, "files": [], **more}


def skill(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    return make_skill(tmp_path, cases, name="site-docs", skill_md=SKILL_MD)


def lines(target: Path, code: str) -> dict[str, str]:
    """case id -> its one line of `code`."""
    found = [f for f in check_json(target)["findings"] if f["code"] == code]
    assert len({f["case"] for f in found}) == len(found), found
    return {f["case"]: f["message"] for f in found}


# -- a criterion a program's result decides ----------------------------------------------------

@pytest.mark.parametrize(("criterion", "program"), [
    ("Sphinx build with -n -q produces zero warnings", "sphinx"),
    ("`cargo test` passes", "cargo"),
    ("tsc reports no errors", "tsc"),
    ("The npm test run passes", "npm"),
])
def test_a_criterion_a_missing_programs_result_decides(criterion: str, program: str) -> None:
    assert [p for _, p in outcome_runs(criterion)] == [program]


@pytest.mark.parametrize("criterion", [
    "Make sure the output passes review", "The answer passes the style guide",
    "Jest is configured for the new module", "git status shows no changes",
    "Explains why cargo test fails on CI",
])
def test_no_outcome_of_a_missing_program(criterion: str) -> None:
    assert outcome_runs(criterion) == []


# -- the user's answers across turns ----------------------------------------------------------

@pytest.mark.parametrize("said", [
    "Conducts interactive interview with user on each section.",
    "Interviews the user about each goal",
    "Asks the user to confirm, then writes the file",
])
def test_a_criterion_needing_the_users_answers(said: str) -> None:
    assert needs_answers({"assertions": ["Names the file", said]}) is not None


@pytest.mark.parametrize("said", [
    "Asks the user one clarifying question before writing",
    "Explains how to run an interactive session",
    "Designs an interview with the user in mind",
    "The agent must interview the user for her positions rather than inventing views",
])
def test_one_reply_can_do_it(said: str) -> None:
    assert needs_answers({"assertions": [said]}) is None


# -- a binary output's property ----------------------------------------------------------------

@pytest.mark.parametrize("said", ["The committed PNG is exactly 352x352", "the PDF has 3 pages",
                                  "out/chart.png is 800 x 600", "The deck has 10 slides",
                                  "The screenshot is amber-tinted, not raw red"])
def test_a_property_only_the_bytes_hold(said: str) -> None:
    assert binary_claims([said]) == [said]


@pytest.mark.parametrize("said", [
    "The image is saved under docs/images/ with a descriptive name",
    "The report mentions 3 pages of findings", "The README has 3 sections",
    "The image has alt text", "The table has 3 columns"])
def test_what_text_or_the_listing_shows(said: str) -> None:
    assert binary_claims([said]) == []


# -- the author's notes ------------------------------------------------------------------------

def test_notes_saying_what_the_case_needs_and_lacks() -> None:
    note = ("Heavy: (1) runs serially; (2) the app needs the project venv + a detector "
            "binary, which live in the main checkout and are NOT present in a fresh worktree, "
            "so point it there.")
    assert stated_needs(note) == ["the app needs the project venv + a detector binary, which "
                                  "live in the main checkout and are NOT present in a fresh "
                                  "worktree"]


@pytest.mark.parametrize("note", [
    "Requires the agent to notice that the config is missing.",
    "Needs to handle a missing API key gracefully.",
    "This case depends on the seeded DB; if it is missing the skill should say so.",
    "Tests the skill when the lockfile is missing.",
])
def test_notes_describing_the_scenario_stay_notes(note: str) -> None:
    assert stated_needs(note) == []


# -- "runs or requires" ------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "calls_only"), [
    ("Runs or requires `pnpm check-images`", False),
    ("[tool calls] Runs or requires `pnpm check-images`", False),
    ("Runs `npm test` or asks the user to run it", False),
    ("Runs `scripts/check.py`", True),
    ("Runs or executes `make lint`", True),
])
def test_runs_or_requires_is_read_on_both(said: str, calls_only: bool) -> None:
    assert on_calls(said) is calls_only


# -- through the real check --------------------------------------------------------------------

def test_check_prints_a_line_for_each_case_no_arm_can_pass(tmp_path: Path) -> None:
    target = skill(tmp_path, [
        case("build", "Add a page on mounting to the docs.",
             ["Creates a new .rst page", "Sphinx build with -n -q produces zero warnings"]),
        case("shot", "Add a screenshot of the menu to the menu section.",
             ["The committed PNG is exactly 352x352"]),
        case("seo", "Write a tool page. SearchData credentials are available, so query it.",
             ["Uses SearchData results to choose the keywords"]),
        case("app", "Capture the live menu screen.", ["Saves the capture"],
             notes="The app needs the project venv and the object DB, which are NOT present "
                   "in a fresh checkout."),
        case("fine", "Write a short page on mounting.", ["Covers the finder shoe",
                                                         "The image has alt text"],
             notes="Checks the voice of the page."),
        case("gate", "Publish the tool page.",
             ["Runs or requires `pnpm tools:check-images`"]),
    ])
    found = lines(target, "EV014")
    assert set(found) == {"build", "shot", "seo", "app"}
    assert "'Sphinx build with -n -q': a program the default sandbox image lacks (sphinx)" \
        in found["build"]
    assert "a property of a binary file" in found["shot"]
    assert "'SearchData credentials are available'" in found["seo"]
    assert "its notes say 'The app needs the project venv and the object DB, which are NOT " \
           "present in a fresh checkout'" in found["app"]
    shown = check_verbose(target)
    assert "ignored: notes (prose, not graded)" in shown  # case 'fine': its notes stay prose
    assert shown.count("ignored: notes") == 1  # case 'app': its notes are read (EV014)
    gate = shown.split("case gate", 1)[1]
    assert "Runs or requires `pnpm tools:check-images`" in gate
    assert "[tool calls]" not in gate


def test_check_flags_an_interview_in_a_one_turn_case_only(tmp_path: Path) -> None:
    target = skill(tmp_path, [
        case("one", "/docs-briefing", ["Creates the briefing file"],
             expected_output="Conducts interactive interview with user on each section."),
        case("turns", "/docs-briefing", ["Creates the briefing file"],
             expected_output="Conducts interactive interview with user on each section.",
             follow_up_turns=["Section one is the install guide."]),
    ])
    found = lines(target, "EV015")
    assert set(found) == {"one"}
    assert "needs the user's answers across turns" in found["one"]
