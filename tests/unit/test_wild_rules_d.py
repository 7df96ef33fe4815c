"""Rules from the tuning half of sample D (issue 26), each by a small set of its own through the
real `skill-eval check`: a set under `tests/` (beside the skill or at the repository root), a
collection's root set naming each case's skill under another key, and the quoted/prefixed
check language in assertion strings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.assertion_dsl import DslReading, read_dsl
from runner.scoring.checks import parse_matcher
from tests.helpers import check_cli as check
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _skill_md(folder: Path, name: str = "tidy-notes") -> Path:
    return write_skill_md(folder, name, f"Use when the user asks to {name.replace('-', ' ')} "
                          "carefully.")


def report(target: Path) -> Any:
    """A listing of a collection is a list: check_json's is one report."""
    result = check(str(target), "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def entries(target: Path) -> list[tuple[str, str]]:
    return [(c["entry"], c["kind"]) for case in report(target)["cases"]
            for c in case["checks"]]


ONE = {"id": "one", "prompt": "Tidy these notes: we ship on Friday, Ana owns it.",
       "assertions": ["Friday"]}


# -- 1. sets under tests/ ---------------------------------------------------------------------

@pytest.mark.parametrize("folder", ["tests", "test", "evaluations"])
def test_a_set_in_a_test_folder_beside_the_skill_is_found(tmp_path: Path, folder: str) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / folder / "evals.json", {"evals": [ONE]})
    assert [c["id"] for c in report(skill)["cases"]] == ["one"]


def test_a_bare_list_in_root_tests_is_the_set_of_a_skill_in_a_subfolder(
        tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    skill = _skill_md(repo / "skill" / "tidy-notes")
    _write(repo / "tests" / "evals.json", [ONE])
    assert [c["id"] for c in report(skill)["cases"]] == ["one"]
    assert [c["id"] for c in report(repo)["cases"]] == ["one"]


def test_evals_is_still_preferred_over_tests(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "tests" / "evals.json", {"evals": [{**ONE, "id": "from-tests"}]})
    _write(skill / "evals" / "evals.json", {"evals": [ONE]})
    assert [c["id"] for c in report(skill)["cases"]] == ["one"]


# -- 2. a collection's root set naming skills under other keys ------------------------------

def _collection(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for name in ("tidy-notes", "draft-mail"):
        _skill_md(repo / "skills" / name, name)
    # the set's own skill_name is the plugin's: its cases name the skills
    _write(repo / "evals" / "evals.json", {"skill_name": "the-plugin", "evals": cases})
    return repo


@pytest.mark.parametrize("naming", [
    {"target_skill": "draft-mail"}, {"target_skills": ["draft-mail"]},
    {"metadata": {"skill": "draft-mail"}}, {"custom_metadata": {"skill": "draft-mail"}}])
def test_a_collection_case_names_its_skill_under_another_key(
        tmp_path: Path, naming: dict[str, Any]) -> None:
    repo = _collection(tmp_path, [
        {"id": "n", "prompt": "Tidy: ship Friday.", "assertions": ["Friday"],
         "skill": "tidy-notes"},
        {"id": "m", "prompt": "Draft a mail to Ana.", "assertions": ["Ana"], **naming}])
    found = {r["skill"]: [c["id"] for c in r["cases"]] for r in report(repo)}
    assert found == {"draft-mail": ["m"], "tidy-notes": ["n"]}
    # the key that named the skill was read: not left over as an ignored field
    plain = check(str(repo), "-v")
    assert "target_skill" not in plain.output and "custom_metadata" not in plain.output


def test_a_case_naming_several_skills_is_not_run_with_why(tmp_path: Path) -> None:
    """A case naming several skills is no one's: not run, said; the other cases run (it used
    to refuse the whole collection)."""
    repo = _collection(tmp_path, [
        {"id": "both", "prompt": "Tidy and mail.", "assertions": ["Ana"],
         "target_skills": ["tidy-notes", "draft-mail"]},
        {"id": "n", "skill": "tidy-notes", "prompt": "Tidy: ship Friday.",
         "assertions": ["Friday"]},
        {"id": "m", "skill": "draft-mail", "prompt": "Draft a mail to Ana.",
         "assertions": ["Ana"]}])
    result = check(str(repo))
    flat = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "case both of" in flat and "names several skills (tidy-notes, draft-mail): not " \
        "run" in flat, flat
    assert "one case per skill" in flat, flat


# -- 3. the check language in assertion strings ----------------------------------------------

@pytest.mark.parametrize(("text", "checks"), [
    ("contains 'Widget Pro'", ("Widget Pro",)),
    ('contains "20"', ("20",)),
    ("does not contain 'error'", ("not:error",)),
    ("doesn't contain 'TODO'", ("not:TODO",)),
    ("contains 'a.b' or contains 'c'", (r"re:a\.b|c",)),
    ("contains 'x' and does not contain 'y'", ("x", "not:y")),
    ("CONTAINS: new_ticket", ("new_ticket",)),
    ("PRIORITY_1: NOT_CONTAINS: There is no batch API", ("not:There is no batch API",)),
    ("regex: ^#+ Summary", ("re:^#+ Summary",)),
    ("not_regex: \\bTODO\\b", ("not:re:\\bTODO\\b",)),
])
def test_the_language_becomes_checks_with_the_operand_as_written(
        text: str, checks: tuple[str, ...]) -> None:
    assert read_dsl(text) == DslReading(checks=checks)
    for check_text in checks:
        parse_matcher(check_text)  # each is a check the scorer reads


def test_an_or_of_literals_matches_either_literally() -> None:
    found = read_dsl("contains 'a.b' or contains 'c+'")
    assert found is not None
    matcher = parse_matcher(found.checks[0])
    assert matcher.check("see a.b") and matcher.check("c+") and not matcher.check("axb c")


@pytest.mark.parametrize("text", [
    "The summary contains the decisions", "contains decisions without quotes",
    "contains 'x' or does not contain 'y'", "contains 'x' or contains 'y' and contains 'z'",
    "PRIORITY_1: Agent calls client.records.create with a dict.", "CONTAINS:", "contains ''"])
def test_anything_else_is_not_the_language(text: str) -> None:
    assert read_dsl(text) is None


def test_skill_loaded_is_a_routing_expectation() -> None:
    assert read_dsl("PRIORITY_2: SKILL_LOADED: dv-data") == DslReading(loads_skill="dv-data")


def test_check_reads_the_language_and_leaves_statements_to_the_grader(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "Tidy these notes: we ship on Friday, Ana owns it.",
        "assertions": ["contains 'Friday' or contains 'Fri'", "does not contain 'error'",
                       "PRIORITY_1: CONTAINS: Ana", "SKILL_LOADED: tidy-notes",
                       "The summary names Ana as the owner of the release"]}]})
    found = entries(skill)
    assert ("re:Friday|Fri", "assertion") in found and ("not:error", "assertion") in found
    assert ("Ana", "assertion") in found
    assert [e for e, k in found if k == "statement"] == [
        "The summary names Ana as the owner of the release"]
    assert not any("SKILL_LOADED" in e for e, _ in found)
    plain = check(str(skill))
    assert plain.exit_code == 0, plain.output
    assert "routing expectation" in plain.output and "trigger" in plain.output


# -- 4. promptfoo suites -----------------------------------------------------------------------

def _yaml(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_a_promptfoo_suite_is_read_as_cases(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _yaml(skill / "evals" / "promptfooconfig.yaml", """
prompts: ["file://prompt.txt"]
providers: [openai:gpt-4o]
defaultTest:
  assert:
    - type: not-icontains
      value: As an AI
tests:
  - description: ships friday
    vars: {notes: "we ship on Friday, Ana owns it"}
    assert:
      - type: icontains
        value: friday
      - type: starts-with
        value: "# Summary"
      - type: g-eval
        value: The summary names Ana as the owner
        threshold: 0.7
      - type: javascript
        value: output.length < 400
  - file://more/*.yaml
""")
    _yaml(skill / "evals" / "prompt.txt", "Tidy these notes: {{ notes }}")
    _yaml(skill / "evals" / "more" / "a.yaml", """
- vars: {notes: "lunch at noon, Bo books"}
  assert:
    - type: contains
      value: Bo
""")
    found = report(skill)
    cases = {c["id"]: c for c in found["cases"]}
    assert sorted(cases) == ["a-2", "tests-1"]
    first = {c["entry"]: c["kind"] for c in cases["tests-1"]["checks"]}
    assert first["re:(?i)friday"] == "assertion" and first["not:re:(?i)As\\ an\\ AI"] == "assertion"
    assert first["re:\\A\\s*\\#\\ Summary"] == "assertion"
    assert first["The summary names Ana as the owner"] == "statement"
    assert "Bo" in {c["entry"] for c in cases["a-2"]["checks"]}
    plain = check(str(skill))
    assert plain.exit_code == 0, plain.output
    # a length bound is read, and reported: the runner has no length check
    assert "'javascript' `output.length < 400`: a length bound" in plain.output
    assert "grader program" in plain.output
    assert "threshold 0.7" in plain.output and "providers" in plain.output


def test_a_promptfoo_test_takes_its_prompt_from_vars(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _yaml(skill / "tests" / "promptfooconfig.yml", """
tests:
  - vars: {query: "Tidy: ship Friday."}
    assert: [{type: equals, value: "Friday"}]
""")
    (case,) = report(skill)["cases"]
    assert [c["entry"] for c in case["checks"]] == ["re:\\A\\s*Friday\\s*\\Z"]


def test_a_promptfoo_collection_names_skills_in_metadata(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for name in ("tidy-notes", "draft-mail"):
        _skill_md(repo / "skills" / name, name)
    _yaml(repo / "evals" / "promptfooconfig.yaml", """
tests: file://tests/*/quality.yaml
""")
    for name, word in (("tidy-notes", "Friday"), ("draft-mail", "Ana")):
        _yaml(repo / "evals" / "tests" / name / "quality.yaml",
              f"- vars: {{prompt: 'Do it with {word}'}}\n  metadata: {{skill: {name}}}\n"
              f"  assert: [{{type: contains, value: {word}}}]\n")
    found = {r["skill"]: [c["id"] for c in r["cases"]] for r in report(repo)}
    assert set(found) == {"tidy-notes", "draft-mail"}
