"""Refusals that were the reader's miss, read by the format or the wording's grammar (issue
26): an expected answer saying the skill does not fire and then why is a routing expectation
alone (its reason a note, never behaviour); material quoted after the colon of the sentence
right after the pointer, when that sentence refers back to it ("Do not rewrite it unless I
ask: '...'"), is handed over; a pointed noun that modifies the head of a sentence's subject
("My screenshot call is failing") names no material. What each keeps refusing is tested
beside it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.inputs import pointed_inputs, quoted_after_colon
from runner.authoring.routing import not_firing_with_reason
from runner.schema.case import Case
from tests.helpers import check_cli, make_skill


def case(cid: str, prompt: str, **more: Any) -> dict[str, Any]:
    return {"id": cid, "prompt": prompt, "expected_output": "The answer, stated.", **more}


@pytest.mark.parametrize("expected", [
    "Does NOT trigger this skill. This is about listing PRs directly, not the inbox.",
    "The skill should not activate. It is a request to open an issue, out of scope.",
    "The skill does not trigger; because the user wants a new issue, not a summary."])
def test_not_firing_then_its_reason_is_routing_alone(expected: str) -> None:
    assert not_firing_with_reason(expected)


@pytest.mark.parametrize("expected", [
    # firing, then work: the work is graded (split_firing's)
    "Triggers this skill. It lists every unread notification.",
    # not firing, then work the run must show: still graded
    "Does not trigger the skill, and lists the open PRs with their authors instead.",
    # no firing head at all
    "This is about listing PRs directly."])
def test_other_expected_answers_keep_their_behaviour(expected: str) -> None:
    assert not not_firing_with_reason(expected)


def test_check_accepts_a_not_firing_case_whose_prompt_names_material(tmp_path: Path) -> None:
    """The prompt of a should-not-fire case is the words the trigger reads: "my team's repo"
    there is no input the session must hold; the case is offered as a trigger query."""
    cases = [case("1", "Summarise my unread notifications from the attached export.",
                  files=["evals/files/export.json"]),
             {"id": "2", "prompt": "show me all the open pull requests on my team's repo",
              "expected_output": "Does NOT trigger this skill. This is about listing PRs "
                                 "directly, not reviewing notification inbox items.",
              "files": []}]
    skill = make_skill(tmp_path, cases, {"evals/files/export.json": "[]"})
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "says the skill does not fire, then why" in result.output
    assert "only a routing expectation" in result.output
    assert "EV009" not in result.output


def test_check_still_refuses_a_not_firing_case_graded_on_work(tmp_path: Path) -> None:
    work = {"id": "2", "prompt": "show me all the open pull requests on my team's repo",
            "expected_output": "Does not trigger the skill, and lists the open PRs with "
                               "their authors instead.", "files": []}
    result = check_cli(str(make_skill(tmp_path, [work])))
    assert result.exit_code == 2, result.output
    assert "my team's repo" in result.output


def test_material_quoted_after_the_next_sentences_colon_is_handed_over() -> None:
    prompt = ("Audit this paragraph only. Do not rewrite it unless I ask: 'We are in the "
              "process of working to improve the overall quality of the reporting.' Keep "
              "the review compact.")
    assert quoted_after_colon(prompt, "this paragraph")
    assert pointed_inputs(Case(id="1", prompt=prompt)) == []


@pytest.mark.parametrize("prompt", [
    # the next sentence does not refer back to it: its quote is something else
    "Audit this paragraph only. Then write a title like: 'Quarterly reporting gets better.'",
    # two sentences on: too far to be the same material
    "Audit this paragraph. Be brief. Do not rewrite it unless I ask: 'We are in the process.'"])
def test_a_quote_not_said_of_the_pointer_gives_nothing(prompt: str) -> None:
    assert pointed_inputs(Case(id="1", prompt=prompt)) == ["Audit this paragraph"]


def test_a_pointed_noun_modifying_a_subjects_head_is_no_material() -> None:
    told = ("My screenshot call is failing and I need to debug it. Show me how to inspect "
            "the status code.")
    assert pointed_inputs(Case(id="1", prompt=told)) == []


@pytest.mark.parametrize(("prompt", "pointer"), [
    ("My screenshot file is broken, fix it.", "My screenshot"),  # the head is material too
    ("Check why this screenshot really is blurry.", "this screenshot"),  # an adverb
    ("Describe this screenshot.", "this screenshot")])
def test_a_pointer_to_material_still_points(prompt: str, pointer: str) -> None:
    assert pointer in pointed_inputs(Case(id="1", prompt=prompt))


def _umbrella(tmp_path: Path, own_set: bool) -> Path:
    root = make_skill(tmp_path, [case("1", "Summarise the attached notes.",
                                      files=["evals/files/notes.md"])],
                      {"evals/files/notes.md": "# notes"}, name="hub") if own_set else None
    if root is None:
        root = tmp_path / "hub"
        root.mkdir()
        (root / "SKILL.md").write_text("---\nname: hub\ndescription: Use when the user asks "
                                       "about the research hub.\n---\nbody\n")
    for name in ("triage", "brief"):
        make_skill(root / "skills", [case("1", "List three ways to triage papers.")],
                   name=name)
    return root


def test_an_umbrella_skill_with_no_set_is_its_skills_collection(tmp_path: Path) -> None:
    """A root SKILL.md with no set of its own over skills/<name>/evals/evals.json: the sets
    are its skills', each checked; the root is said to have none."""
    from runner.authoring.layouts import collection

    root = _umbrella(tmp_path, own_set=False)
    assert sorted(s.name for s, found in collection(root) if found is not None) == \
        ["brief", "triage"]
    result = check_cli(str(root))
    assert result.exit_code == 0, result.output
    assert "hub (" in result.output and "the skill at the root has no case set of its " \
        "own" in result.output
    assert "ok: brief" in result.output and "ok: triage" in result.output


def test_a_root_skill_with_its_own_set_stays_the_skill(tmp_path: Path) -> None:
    from runner.authoring.layouts import collection

    root = _umbrella(tmp_path, own_set=True)
    assert collection(root) == []
    result = check_cli(str(root))
    assert result.exit_code == 0, result.output
    assert "ok: hub" in result.output


def test_expected_artifacts_are_files_the_work_must_create(tmp_path: Path) -> None:
    """`expected_artifacts: [path]` (expected + what is made) names files the work must
    create (runner.authoring.path_lists): each an output that must exist; before, the case had
    nothing to grade (EV008)."""
    made = {"prompt": "Write the project manifest for future sessions.",
            "expected_artifacts": [".research/project_manifest.yml"]}
    result = check_cli(str(make_skill(tmp_path, [made])))
    assert result.exit_code == 0, result.output
    assert "`expected_artifacts`" in result.output and "must create" in result.output


def test_a_set_of_bare_texts_is_refused_as_cases_nothing_grades(tmp_path: Path) -> None:
    """`["Review a hook for nesting.", ...]`: task titles with no criterion: EV008 naming the
    text, not a type error."""
    titles = ["Review a hook for unnecessary nesting.", "Find duplication across two files."]
    result = check_cli(str(make_skill(tmp_path, titles)))
    assert result.exit_code == 2, result.output
    assert "EV008 case '#1': a case is a bare text ('Review a hook" in result.output
    assert "not str" not in result.output


def test_a_blank_named_as_a_token_is_notation() -> None:
    from runner.authoring.prompts import notation_tokens

    prompt = "The bulk CSV references <PENDING_UPLOAD> tokens; the validator must warn."
    assert notation_tokens(prompt, ["<PENDING_UPLOAD>"], "") == ["<PENDING_UPLOAD>"]
    # a blank with no such noun after it is still a value left out
    assert notation_tokens("Upload <FILE> to the bucket.", ["<FILE>"], "") == []


def test_check_sends_a_named_token_as_written(tmp_path: Path) -> None:
    named = case("1", "The bulk CSV references <PENDING_UPLOAD> tokens because the assets are "
                      "not uploaded yet. Say what the validator should report.")
    result = check_cli(str(make_skill(tmp_path, [named])))
    assert result.exit_code == 0, result.output
    assert "the prompt names it as a token" in result.output


def test_a_file_in_a_told_list_of_work_items_is_no_input() -> None:
    from runner.authoring.prompts import missing_inputs

    told = ("The board has a pile of tiny issues, all below a story's size: (a) rename a "
            "variable in runner/github.py; (b) add a type hint in runner/session.py. "
            "Consolidate the backlog.")
    assert missing_inputs(Case(id="1", prompt=told), set()) == []


@pytest.mark.parametrize("prompt", [
    # the sentence asks for the work itself
    "Fix these issues: (a) rename a variable in runner/github.py; (b) add a type hint.",
    # after the list has ended, a file is read again
    "The board has issues: (a) rename a variable. Then review runner/github.py for bugs."])
def test_a_file_outside_a_told_list_is_still_an_input(prompt: str) -> None:
    from runner.authoring.prompts import missing_inputs

    assert missing_inputs(Case(id="1", prompt=prompt), set()) == ["runner/github.py"]
