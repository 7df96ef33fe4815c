"""A file beside the set whose entries are keyed by the set's case ids (`eval_id` +
`assertions`): its checks are merged into the cases they name (runner.authoring.keyed_checks),
`contains_any` one any-of check, `contains_all` all of its texts, `contains_any_per_group` one
any-of check per group, `not_contains_any` none of its texts. Before, the file was said to
"hold no cases" and its checks were never graded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from runner.cli import main

SKILL_MD = ("---\nname: lease-advisor\ndescription: Advises tenants on lease clauses. Use when "
            "a tenant asks about a lease.\n---\nAdvise on the clause.\n")
CASES = [{"id": "deposit", "prompt": "The landlord says he keeps my whole deposit for a scratch "
          "on the floor. Can he?", "expectations": ["Explains what wear and tear covers"]},
         {"id": "notice", "prompt": "How much notice do I give before moving out of my flat?",
          "expectations": ["Asks what the lease says about notice"]}]
KEYED = {"skill_name": "lease-advisor", "cases": [
    {"eval_id": "deposit", "minimum_passed": 2, "assertions": [
        {"id": "names-wear", "type": "contains_any", "terms": ["wear and tear", "normal use"]},
        {"id": "both", "type": "contains_all", "terms": ["deposit", "receipt"]},
        {"id": "parts", "type": "contains_any_per_group", "groups": [
            {"label": "evidence", "terms": ["photo", "inventory"]}, ["dispute", "ombudsman"]]},
        {"id": "no-bad", "type": "not_contains_any", "terms": ["he can keep it", "nothing to do"]},
    ]}]}


def _check(tmp_path: Path, keyed: Any, *flags: str) -> Result:
    skill = tmp_path / "lease-advisor"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps(
        {"skill_name": "lease-advisor", "evals": CASES}))
    (skill / "evals" / "checks.json").write_text(json.dumps(keyed))
    return CliRunner().invoke(main, ["check", str(skill), *flags])


def _checks(result: Result, case: int) -> list[str]:
    assert result.exit_code == 0, result.output
    got = json.loads(result.output)["cases"][case]["checks"]
    return [c["entry"] for c in got if c["kind"] == "assertion"]


def test_checks_keyed_by_case_id_are_merged_into_that_case(tmp_path: Path) -> None:
    result = _check(tmp_path, KEYED, "--json")
    assert _checks(result, 0) == [
        "re:wear\\ and\\ tear|normal\\ use",  # any of
        "deposit", "receipt",  # all of
        "re:photo|inventory", "re:dispute|ombudsman",  # one any-of per group
        "not:he can keep it", "not:nothing to do"]  # none of
    assert _checks(result, 1) == [], "a case no entry names keeps its own checks only"
    plain = CliRunner().invoke(main, ["check", str(tmp_path / "lease-advisor")]).output
    assert "checks.json: checks keyed by case id" in plain, plain
    assert "4 check(s) merged into 1 case(s)" in plain, plain
    assert "holds no cases" not in plain, plain
    assert "unknown type" not in plain, plain


def test_an_entry_naming_no_case_is_reported_not_merged(tmp_path: Path) -> None:
    keyed = {"cases": [*KEYED["cases"], {"eval_id": "eviction", "assertions": [
        {"type": "contains_any", "terms": ["court order"]}]}]}
    plain = _check(tmp_path, keyed).output
    assert "1 entr(ies) name no case of the set, not graded: eviction" in plain, plain


def test_a_file_whose_ids_name_no_case_stays_unread(tmp_path: Path) -> None:
    """Negative: ids of some other set are no checks of this one."""
    keyed = {"cases": [{"eval_id": "other-1", "assertions": [
        {"type": "contains_any", "terms": ["court order"]}]}]}
    result = _check(tmp_path, keyed, "--json")
    assert _checks(result, 0) == [] and _checks(result, 1) == []
    plain = CliRunner().invoke(main, ["check", str(tmp_path / "lease-advisor")]).output
    assert "checks keyed by case id" not in plain and "checks.json" in plain, plain


def test_keyed_entries_with_a_prompt_are_cases_not_checks(tmp_path: Path) -> None:
    """Negative: an object with a prompt is a case (another rule's), never merged."""
    keyed = [{"id": "deposit", "prompt": "Can my landlord keep my deposit?",
              "assertions": [{"type": "contains_any", "terms": ["court order"]}]}]
    result = _check(tmp_path, keyed, "--json")
    assert "court order" not in json.dumps(json.loads(result.output)["cases"][0]["checks"]) \
        if result.exit_code == 0 else True


def test_a_past_runs_grading_keyed_by_case_id_is_no_checks(tmp_path: Path) -> None:
    """Negative: verdicts a run recorded (`passed: true`) are results, never checks."""
    keyed = [{"eval_id": "deposit", "assertions": [
        {"text": "names wear and tear", "passed": True, "evidence": "wear and tear"}]}]
    result = _check(tmp_path, keyed, "--json")
    assert _checks(result, 0) == []
    statements = [c["entry"] for c in json.loads(result.output)["cases"][0]["checks"]]
    assert "names wear and tear" not in statements, statements


PAGE = """# Assertions

## Eval deposit: the scratch

- Assertion 1: Explains that a scratch is normal wear and tear
- Assertion 2: Names the deposit protection scheme

## Eval notice: moving out

- Asks for the notice period in the lease
"""


def test_a_page_of_checks_under_headings_naming_the_cases(tmp_path: Path) -> None:
    """`evals/assertions.md`, one heading per case ("## Eval deposit: ..."), its bullets that
    case's checks (the author's "Assertion 1:" numbering no word of them): merged as the
    cases' own, said, and never listed as a document beside the set; a page whose headings
    name no case of the set stays a document."""
    skill = tmp_path / "lease-advisor"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps(
        {"skill_name": "lease-advisor", "evals": CASES}))
    (skill / "evals" / "assertions.md").write_text(PAGE)
    shown = CliRunner().invoke(main, ["check", "-v", str(skill)]).output
    assert "Explains that a scratch is normal wear and tear: grader model" in shown
    assert "Asks for the notice period in the lease: grader model" in shown
    assert "assertions.md: checks keyed by case id" in shown
    assert "documents beside the set" not in shown
    (skill / "evals" / "assertions.md").write_text(PAGE.replace("Eval deposit", "Eval 7"))
    other = CliRunner().invoke(main, ["check", str(skill)]).output
    assert "checks keyed by case id" not in other and "assertions.md" in other
