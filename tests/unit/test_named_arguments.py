"""Issue 26, rule 3 (nothing in silence) and rule 6: a case with no prompt whose `input` holds
named arguments (`mode: optimize, input: {pois_file: test-data/five.json, city: Tokyo}`) is the
skill's task on those arguments: they are the request, its mode first, a file they name staged
(a missing one leaves only that case out, EV009); a request's other arguments (`input: {query:
..., city: Tokyo}`) are sent with it, never dropped; a `mode` naming one of SKILL.md's own modes
is sent in every case that has it. Through the real `skill-eval check` and the case loader."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.caseset import load_caseset
from tests.helpers import check_cli, check_json, make_skill

SKILL_MD = ("---\nname: day-planner\ndescription: Plans trip days from a list of places. Use "
            "when asked to plan days.\n---\nModes: `optimize` orders the places into days; "
            "`insert` adds one place to a plan. Review-only mode checks a plan without "
            "changing it.\n")
ARGS = {"id": "one", "mode": "optimize",
        "input": {"pois_file": "test-data/five.json", "city": "Tokyo", "days": 2},
        "assertions": ["The plan has 2 days"]}


def test_named_arguments_are_the_request_and_their_file_is_staged(tmp_path: Path) -> None:
    missing = {"id": "two", "mode": "insert",
               "input": {"plan_file": "test-data/absent.json", "city": "Tokyo"},
               "assertions": ["The new place appears once"]}
    skill = make_skill(tmp_path, [ARGS, missing], {"evals/test-data/five.json": "[]"},
                       name="day-planner", skill_md=SKILL_MD)
    result = check_cli(str(skill))
    said = " ".join(result.output.split())
    assert result.exit_code == 0, said
    assert "case 'one': the case has no prompt and its `input` holds named arguments " \
        "(pois_file, city, days): sent as the request" in said, said
    assert "case 'one': `mode` sent with the prompt, labelled 'Mode' (8 characters): it is one " \
        "of the skill's own modes" in said, said
    # only the case whose named file is missing is left out
    assert "case 'two': fixture 'test-data/absent.json' is not in the skill" in said, said
    assert "1 case(s): one" in said
    (case,) = check_json(skill)["cases"]
    assert case["fixtures"][0]["staged_at"] == "test-data/five.json"
    sent = load_caseset(skill, "day-planner").evals[0].prompt
    assert sent == ("Inputs:\n- pois_file: test-data/five.json\n- city: Tokyo\n- days: 2"
                    "\n\nMode:\noptimize"), sent


def test_a_requests_other_arguments_are_sent_with_it(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "q", "input": {"query": "teamLab Borderless",
                                                        "city": "Tokyo", "api_key": ""},
                                   "assertions": ["The answer names a category"]}],
                       name="day-planner", skill_md=SKILL_MD)
    said = " ".join(check_cli(str(skill)).output.split())
    assert "`input.query` read as the prompt, `city`, `api_key` sent with it as its inputs" \
        in said, said
    assert "ignored" not in said
    sent = load_caseset(skill, "day-planner").evals[0].prompt
    assert sent == "teamLab Borderless\n\nInputs:\n- city: Tokyo\n- api_key: (empty)", sent


def test_a_mode_the_skill_names_is_sent_in_every_case(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "a", "prompt": "Check this plan: day 1 Asakusa, day 2 Ueno.",
         "mode": "review-only", "expected_output": "A list of problems"},
        # a harness's own setting, a word SKILL.md never uses: kept, not sent
        {"id": "b", "prompt": "Plan two days in Tokyo.", "mode": "heuristic",
         "expected_output": "Two days"},
    ], name="day-planner", skill_md=SKILL_MD)
    said = " ".join(check_cli(str(skill)).output.split())
    assert "case 'a': `mode` sent with the prompt, labelled 'Mode' (11 characters): it is one " \
        "of the skill's own modes (SKILL.md names it)" in said, said
    assert "case 'b': `mode` sent" not in said
    sets = load_caseset(skill, "day-planner").evals
    assert sets[0].prompt.endswith("Mode:\nreview-only") and "heuristic" not in sets[1].prompt


def test_an_arguments_expectation_note_or_setting_is_never_sent(tmp_path: Path) -> None:
    """`expected_category` is the case's own field (graded), `notes` and `should_trigger` are
    kept; a flag reads `true`; a harness's `mode: manual_dry_run` and a side's label are
    never sent, though SKILL.md says "positive"."""
    md = SKILL_MD.replace("Modes:", "Positive feedback welcome. Modes:")
    skill = make_skill(tmp_path, [
        {"id": "q", "input": {"query": "best ramen near Shinjuku", "expected_category":
                              "restaurant", "notes": "should pick ramen", "open_now": True},
         "assertions": ["Names a ramen shop"]},
        {"id": "p", "mode": "manual_dry_run", "input": {"city": "Tokyo", "days": 2},
         "assertions": ["Two days"]},
        {"id": "s", "prompt": "Plan a day in Kyoto.", "mode": "positive",
         "expected_output": "A day"}], name="day-planner", skill_md=md)
    cases = {c.id: c for c in load_caseset(skill, "day-planner").evals}
    assert cases["q"].prompt == "best ramen near Shinjuku\n\nInputs:\n- open_now: true", \
        cases["q"].prompt
    assert any("restaurant" in s for s in cases["q"].statements), cases["q"]
    assert cases["p"].prompt == "Inputs:\n- city: Tokyo\n- days: 2", cases["p"].prompt
    assert "positive" not in cases["s"].prompt


def test_an_inputs_file_description_and_a_named_mode_are_sent(tmp_path: Path) -> None:
    """`notes_file` names the input (staged, sent), a `description` is material, and
    `review_mode: strict` where SKILL.md names that mode is sent; `eval_mode` never is."""
    md = SKILL_MD + "Review modes: `strict` checks every line.\n"
    skill = make_skill(tmp_path, [
        {"id": "n", "input": {"notes_file": "fixtures/standup.md", "audience": "team"},
         "assertions": ["A summary for the team"]},
        {"id": "d", "input": {"title": "Login fails", "description": "500 on submit",
                              "severity": "high"}, "assertions": ["A triage"]},
        {"id": "m", "prompt": "Review this plan: day 1 Asakusa.", "review_mode": "strict",
         "eval_mode": "strict", "expected_output": "A review"}],
        {"evals/fixtures/standup.md": "- shipped login\n"}, name="day-planner", skill_md=md)
    cases = {c.id: c for c in load_caseset(skill, "day-planner").evals}
    assert "- notes_file: fixtures/standup.md" in cases["n"].prompt, cases["n"].prompt
    assert "- description: 500 on submit" in cases["d"].prompt, cases["d"].prompt
    assert "Review mode:\nstrict" in cases["m"].prompt and "Eval mode" not in cases["m"].prompt
