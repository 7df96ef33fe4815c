"""`expected_<x>` fields no other rule reads are the authors' expectations of the work
(runner.authoring.fields.expectation_statements, dialects `_expectation_fields`): each is graded
as statement(s) worded with its field's name ("The work's depth is: deep"), a list one per
item, a mapping one per key. Before, they were only reported as kept, not graded. Labels
(`none`, flags), routing fields, scores/thresholds and fields another rule reads stay as they
were."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from runner.authoring.fields import (
    GRADED_FIELDS,
    STATEMENT_ORIGIN,
    bound_statements,
    expectation_statements,
    modal_statements,
)
from runner.cli import main

SKILL_MD = ("---\nname: board-review\ndescription: Reviews a proposal as a board would. Use "
            "when asked to \"review this proposal\".\n---\nReview the proposal.\n")
PROMPT = "Review this proposal: move billing to a new vendor next quarter."


def _check(tmp_path: Path, cases: list[dict[str, Any]], *flags: str) -> Result:
    skill = tmp_path / "board-review"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps(
        {"evals": [{"id": f"c{n}", "prompt": PROMPT, **c} for n, c in enumerate(cases)]},
        ensure_ascii=False))
    return CliRunner().invoke(main, ["check", str(skill), *flags])


def _statements(result: Result, case: int = 0) -> dict[str, str]:
    """The case's statements, each with its origin."""
    assert result.exit_code == 0, result.output
    got = json.loads(result.output)["cases"][case]
    return {c["entry"]: c["origin"] for c in got["checks"] if c["kind"] == "statement"}


@pytest.mark.parametrize(("field", "statements"), [
    ({"expected_depth": "deep"}, ["The work's depth is: deep"]),
    ({"expected_verdict": "reject"}, ["The work's verdict is: reject"]),
    ({"expected_min_severity": "high"}, ["The work's min severity is: high"]),
    ({"expectedRiskLevel": "élevé"}, ["The work's risk level is: élevé"]),
    ({"expected_language": "español"}, ["The work's language is: español"]),
    ({"expect_tone": "丁寧"}, ["The work's tone is: 丁寧"]),
    ({"expected_word_count": 300}, ["The work's word count is: 300"]),
    ({"expected_personas": ["CFO", "Técnico", "법무"]},
     ["The work's personas include: CFO", "The work's personas include: Técnico",
      "The work's personas include: 법무"]),
    ({"expected_counts": {"risks": 3, "options": 2}},
     ["The work's counts for risks: 3", "The work's counts for options: 2"]),
    ({"expected_mutation": "minimal"}, ["The work's mutation is: minimal"]),
    ({"expected_actions": ["refuse", "escalate"]},
     ["The work's actions include: refuse", "The work's actions include: escalate"]),
])
def test_an_expectation_field_is_graded_as_statements(
        tmp_path: Path, field: dict[str, Any], statements: list[str]) -> None:
    got = _statements(_check(tmp_path, [{"assertions": ["vendor"], **field}], "--json"))
    assert list(got) == statements
    assert all("graded as a statement" in origin for origin in got.values()), got


def test_a_case_with_only_expectation_fields_is_now_gradable(tmp_path: Path) -> None:
    """Was EV008 (nothing to grade, `expected_depth` only reported)."""
    result = _check(tmp_path, [{"expected_depth": "deep", "tier": "hard"}], "--json")
    assert list(_statements(result)) == ["The work's depth is: deep"]
    assert not [f for f in json.loads(result.output)["findings"] if f["code"] == "EV008"]


def test_plain_check_counts_the_fields_graded_and_verbose_shows_each(tmp_path: Path) -> None:
    cases: list[dict[str, Any]] = [{"expected_depth": "deep", "expected_verdict": "approve"},
             {"expected_depth": "light", "assertions": ["vendor"]}]
    plain = _check(tmp_path, cases).output
    assert f"EV012 2 {GRADED_FIELDS} field(s) graded as statements: " \
           "expected_depth in 2 case(s), expected_verdict in 1 case(s)" in plain, plain
    assert "kept, not graded: expected_depth" not in plain, plain
    verbose = CliRunner().invoke(main, ["check", str(tmp_path / "board-review"), "-v"]).output
    assert "statement The work's depth is: light" in verbose, verbose
    assert "from expected_depth (an expectation field, graded as a statement)" in verbose


@pytest.mark.parametrize("field", [
    {"expected_mutation": "none"}, {"expected_depth": "n/a"}, {"expected_verdict": None},
    {"expected_changes": False}, {"expected_depth": "null"},  # labels: claim nothing
    {"expectation": "high"},  # no `expected_<x>` name: the label rule's
    {"expected_score": 0.8}, {"expected_min_score": "0.7"}, {"expected_pass_rate": 0.9},
    {"expected_threshold": 3},  # scores and thresholds: about the grade, not the work
    {"expected_trigger": "yes"}, {"expected_skill_load": True},
    {"expected_skill": "other-skill"}, {"expected_routing": "billing-helper"},  # routing
    {"expected_metadata": "q1"},
    {"expected_rule_ids": ["retry-policy"]}, {"expected_check_id": "vendor-risk"},  # slugs
    # an outcome the author also accepts: never a second one required besides
    {"expected_output": "Approves the move", "expected_output_alt": "Defers the move a year"},
])
def test_labels_routing_and_scores_stay_kept(tmp_path: Path, field: dict[str, Any]) -> None:
    result = _check(tmp_path, [{"assertions": ["vendor"], **field}], "--json")
    assert _statements(result) == {}
    assert json.loads(result.output)["cases"][0]["ignored"], "kept and shown, never dropped"


@pytest.mark.parametrize(("field", "entry"), [
    ({"expected_output": "Says the vendor move is too soon"}, None),  # its own reading
    ({"expected_sections": ["Risks", "Riesgos"]}, "Risks"),  # section titles: must appear
    ({"expected_rule_ids": ["FIN-004"]}, "FIN"),  # codes the answer must cite
    ({"expected_stance": {"vendor": "sceptical"}}, "sceptical"),  # named groups: any-of
    ({"expected_mutation": "no files are changed"}, None),  # a sentence: read as expectations
    ({"expected_file": "evals/answers/findings.md"}, None),  # a file: the inputs rule's
    ({"expected_files": ["summary.md", "out/plan.csv"]}, None),
])
def test_fields_another_rule_reads_stay_as_they_were(
        tmp_path: Path, field: dict[str, Any], entry: str | None) -> None:
    result = _check(tmp_path, [{"assertions": ["vendor"], **field}], "--json")
    assert result.exit_code == 0, result.output
    checks = json.loads(result.output)["cases"][0]["checks"]
    assert not [c for c in checks if "graded as a statement" in c["origin"]], checks
    if entry is not None:
        assert any(entry in c["entry"] for c in checks), checks


def test_the_wording_rule() -> None:
    assert expectation_statements("expected_output", "x") == []
    assert expectation_statements("depth", "deep") == []  # no expectation marker: metadata
    assert expectation_statements("expected_personas", ["none", "CFO"]) == [
        ("The work's personas include: CFO", "expected_personas[1] (an expectation field, "
                                             "graded as a statement)")]
    assert expectation_statements("expected_personas", []) == []
    assert expectation_statements("expected_", "x") == []
    assert expectation_statements("expected_answer_path", "answers/a.md") == []
    assert expectation_statements("expected_format", "report.md") == [
        ("The work's format is: report.md", "expected_format (an expectation field, graded "
                                            "as a statement)")]  # no file named: a claim


@pytest.mark.parametrize(("field", "statements"), [
    ({"expected_verdict": ["AMBER", "RED"]}, ["The work's verdict is one of: AMBER, RED"]),
    ({"expectedRiskLevel": ["élevé", "critique"]},
     ["The work's risk level is one of: élevé, critique"]),
    ({"expected_status": ["blocked", "deferred", "none"]},  # -us is singular; a label left out
     ["The work's status is one of: blocked, deferred"]),
    ({"expected_decision": ["defer"]}, ["The work's decision is: defer"]),
    # a plural name holds all of its values: one statement per item, as before
    ({"expected_risks": ["lock-in", "cost"]},
     ["The work's risks include: lock-in", "The work's risks include: cost"]),
])
def test_a_list_under_a_singular_name_is_one_statement_passed_by_any_value(
        tmp_path: Path, field: dict[str, Any], statements: list[str]) -> None:
    """Was one statement per value, all required: `[AMBER, RED]` could never pass."""
    result = _check(tmp_path, [{"assertions": ["vendor"], **field}], "--json")
    assert list(_statements(result)) == statements
    plain = CliRunner().invoke(main, ["check", str(tmp_path / "board-review")]).output
    assert f"EV012 1 {GRADED_FIELDS} field(s) graded as statements: " \
        in plain, plain


def test_a_list_of_sentences_under_a_singular_name_stays_one_statement_per_item(
        tmp_path: Path) -> None:
    """Negative: steps the work takes (`expected_trajectory`) are all required."""
    steps = ["asks which vendor contract is in force", "lists the exit costs of each option"]
    result = _check(tmp_path, [{"assertions": ["vendor"], "expected_trajectory": steps}],
                    "--json")
    assert list(_statements(result)) == [f"The work's trajectory include: {s}" for s in steps]


@pytest.mark.parametrize("field", [
    {"stage_required": ["owner", "status"]},  # fields the work must hold: every one
    {"expected_chain": ["plan", "validate"]},  # a sequence: every step
    {"expected_outputs_when_run": ["total", "mean"]},  # a plural subject
])
def test_lists_meaning_all_of_their_values_are_never_alternatives(
        tmp_path: Path, field: dict[str, Any]) -> None:
    result = _check(tmp_path, [{"assertions": ["vendor"], **field}], "--json")
    assert not [s for s in _statements(result) if "is one of" in s], _statements(result)


def test_fires_under_expected_is_a_trigger_expectation_not_a_typo_of_files(
        tmp_path: Path) -> None:
    result = _check(tmp_path, [
        {"expected": {"fires": True, "checks": ["Names the vendor risk"]}},
        {"expected": {"fires": False, "checks": ["Answers without a board review"]}}])
    assert result.exit_code == 0, result.output
    assert "unknown field 'fires'" not in result.output
    assert "`fires: true` is a trigger expectation" in result.output
    assert "`fires: false` is a trigger expectation" in result.output
    graded = _statements(CliRunner().invoke(main, ["check", str(tmp_path / "board-review"),
                                                   "--json"]), 1)
    assert list(graded) == ["Answers without a board review"]


def test_names_of_the_authors_own_checks_are_said_not_graded(tmp_path: Path) -> None:
    """`expected_checks: [found_planted_secret, no_edit_write_to_file]`: the names a program of
    the authors' computes; worded as claims, a `no_...` check would be graded as present."""
    result = _check(tmp_path, [{"expectations": ["Names the vendor"],
                                "expected_checks": ["found_planted_secret",
                                                    "no_edit_write_to_file"]}], "--json")
    statements = _statements(result)
    assert list(statements) == ["Names the vendor"], statements
    text = _check(tmp_path / "again", [{"expectations": ["Names the vendor"],
                                        "expected_checks": ["found_planted_secret"]}]).output
    assert "`expected_checks` names the authors' own checks (found_planted_secret)" in text
    # a sentence under the same name is still the authors' expectation, graded
    worded = _statements(_check(tmp_path / "worded", [{
        "expected_checks": ["The board asks about the exit clause"]}], "--json"))
    assert any("exit clause" in s for s in worded), worded


@pytest.mark.parametrize(("field", "statements"), [
    ({"must_not_ask_topics": ["budget", "dates"]},
     ["The agent must not ask topics: budget", "The agent must not ask topics: dates"]),
    ({"should_cover": ["risks"]}, ["The agent should cover: risks"]),
    ({"never_do": "approve without a vote"}, ["The agent must never do: approve without a vote"]),
    ({"alwaysInclude": ["a dissent"]}, ["The agent must always include: a dissent"]),
    ({"should_not_suggest": ["a new vendor"]},
     ["The agent should not suggest: a new vendor"]),
    ({"do_not_mention": ["pricing"]}, ["The agent must not mention: pricing"]),
])
def test_a_modal_field_is_graded_as_statements(
        tmp_path: Path, field: dict[str, Any], statements: list[str]) -> None:
    """A field named by what the work must, should or must never do: its name is the claim,
    each value the thing it applies to; before, the case was refused for a field no rule
    knows (EV008) when nothing else graded it."""
    got = _statements(_check(tmp_path, [field], "--json"))
    assert sorted(got) == sorted(statements), got
    assert all(STATEMENT_ORIGIN in origin for origin in got.values())


@pytest.mark.parametrize("field", [
    {"should_trigger": True},            # routing (a trigger set's field)
    {"must_pass": True},                 # a flag claims nothing
    {"should_score": 0.8},               # a score
    {"must_read_files": ["brief.md"]},   # files: the inputs rule's
    {"mustard": ["yellow"]},             # no modal word, a word starting like one
    {"must": ["cite sources"]},          # no verb: not this rule's
])
def test_what_no_modal_field_claims_stays_out(field: dict[str, Any]) -> None:
    name, value = next(iter(field.items()))
    assert modal_statements(name, value) == []


@pytest.mark.parametrize(("field", "statements"), [
    ({"required_dimensions": ["structure", "safety"]},
     ["The work's dimensions include: structure", "The work's dimensions include: safety"]),
    ({"forbidden_tool_actions": ["bash", "network"]},
     ["The work's tool actions do not include: bash",
      "The work's tool actions do not include: network"]),
    ({"allowed_assurance": ["static_only", "trigger_checked"]},
     ["The work's assurance is one of: static_only, trigger_checked"]),
    ({"required_finding_ids": ["structure.missing-description"]},
     ["The work's finding ids include: structure.missing-description"]),
])
def test_a_bound_field_of_labels_is_graded_as_statements(
        tmp_path: Path, field: dict[str, Any], statements: list[str]) -> None:
    """`required_<x>`, `forbidden_<x>`, `allowed_<x>` holding labels: what the work's <x>
    must hold, must not hold, or may only be. Before, short labels made them metadata, kept
    and not graded."""
    got = _statements(_check(tmp_path, [field], "--json"))
    assert sorted(got) == sorted(statements), got
    # (a list of tool names alone is another rule's: tool-call checks, `!Bash`)
    forbidden = _check(tmp_path / "again", [{"forbidden_tool_actions": ["network"]}],
                       "-v").output
    assert "an absence" in forbidden, forbidden


@pytest.mark.parametrize("field", [
    {"required_score": 0.8}, {"allowed_skills": ["a-skill"]}, {"required_files": ["a.md"]},
    {"forbidden": ["x"]}, {"requiredness": ["high"]}])
def test_what_no_bound_field_claims_stays_out(field: dict[str, Any]) -> None:
    name, value = next(iter(field.items()))
    assert bound_statements(name, value) == []


@pytest.mark.parametrize("field", [
    {"allowed_tools": ["Read", "Write"]}, {"required_env": ["GITHUB_TOKEN"]},
    {"required_inputs": ["changelog"]}, {"should_skip": "needs network access"},
    {"must_run_in": "docker"}, {"required_capabilities": ["web_search"]}])
def test_how_the_run_is_set_up_is_no_claim_about_the_work(field: dict[str, Any]) -> None:
    """Tools, env, inputs, capabilities, a skip: the run's setup, never graded as the work's."""
    name, value = next(iter(field.items()))
    assert bound_statements(name, value) == [] and modal_statements(name, value) == []


def test_an_allowed_plural_is_a_subset() -> None:
    assert bound_statements("allowed_labels", ["bug", "docs"]) == [
        ("The work's labels are only among: bug, docs",
         f"allowed_labels ({STATEMENT_ORIGIN})")]


def test_an_item_that_is_a_sentence_about_the_agent_keeps_its_own_wording() -> None:
    found = expectation_statements("expected_facts", [
        "Curve is a stableswap AMM", "Should not be framed as personal financial advice",
        "The assistant should avoid confirming a current APY"])
    assert [text for text, _ in found] == [
        "The work's facts include: Curve is a stableswap AMM",
        "Should not be framed as personal financial advice",
        "The assistant should avoid confirming a current APY"]
