"""An expected output that is a case's only criterion and makes several claims is graded claim
by claim (one statement each: one quote cannot show a paragraph); a short or single-claim one
stays one statement."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.expected_claims import expected_claims
from tests.helpers import check_json, check_verbose, make_skill

SKILL_MD = ("---\nname: rota-planner\ndescription: Plans staff rotas from availability.\n---\n"
            "Read the availability, then plan.\n")
PROMPT = "Plan next week's rota for Ana, Bo and Cy from the availability I pasted above."


def statements_of(tmp_path: Path, expected: str) -> tuple[list[dict[str, Any]], str]:
    skill = make_skill(tmp_path, [{"id": "rota", "prompt": PROMPT,
                                   "expected_output": expected}],
                       name="rota-planner", skill_md=SKILL_MD)
    return list(check_json(skill)["cases"][0]["checks"]), check_verbose(skill)


def test_a_paragraph_of_claims_is_graded_claim_by_claim(tmp_path: Path) -> None:
    expected = ("Should list each person's shifts, flag the Tuesday gap, and propose who "
                "covers it. Should produce a table that: (1) has one row per day, (2) has one "
                "column per person. Never schedules Bo on Friday.")
    checks, shown = statements_of(tmp_path, expected)
    assert [c["entry"] for c in checks] == [
        "Should list each person's shifts", "Should flag the Tuesday gap",
        "Should propose who covers it.", "Should produce a table that: has one row per day",
        "Should produce a table that: has one column per person.",
        "Never schedules Bo on Friday."]
    assert all(c["kind"] == "statement" for c in checks)
    assert "split into its 6 claims" in shown and "claim 6 of 6" in shown


def test_bullets_keep_their_lead_in() -> None:
    assert expected_claims("The rota message includes the following for the team lead:\n"
                           "- every shift with its start and end time\n"
                           "- the uncovered Tuesday evening shift\n") == [
        "The rota message includes the following for the team lead: every shift with its "
        "start and end time",
        "The rota message includes the following for the team lead: the uncovered Tuesday "
        "evening shift"]


def test_a_single_claim_stays_one_statement(tmp_path: Path) -> None:
    """Negatives: a short text, a list of nouns, an abbreviation or a number are no cuts."""
    for n, expected in enumerate((
            "A rota. With totals.",
            "Lists shifts, breaks and handovers for every person on the team, in one table "
            "sorted by day of the week.",
            "Proposes a plan (e.g. move Bo to Thursday) that keeps every person under 40 "
            "hours, as in version 2.1 of the policy.")):
        checks, shown = statements_of(tmp_path / str(n), expected)
        assert [c["entry"] for c in checks] == [expected]
        assert "split into" not in shown


def test_an_expected_output_naming_a_grader_program_stays_whole() -> None:
    """Negative: "... check_rota.py reports 5/5" makes the text the program's to decide
    whole (runner.authoring.programs): never split into claims."""
    for text in ("Lists each person's shifts for the week. Flags the Tuesday gap and proposes "
                 "who covers it. evals/check_rota.py reports 5/5.",
                 "Lists each person's shifts for the week. Flags the Tuesday gap and proposes "
                 "who covers it. check_rota.py reports 5/5."):
        assert expected_claims(text) == [text]


def test_alternatives_are_never_split_into_claims_that_must_all_pass(tmp_path: Path) -> None:
    """An either/or, an 'also acceptable' or branches are one claim: splitting them makes
    each alternative a must-pass statement, so the outcome the author accepts fails."""
    whole = ("A rota that covers the Tuesday gap with Bo. It should either flag the gap to the "
             "user, or move Cy to Tuesday. Leaving Tuesday open is also acceptable.")
    checks, shown = statements_of(tmp_path, whole)
    assert [c["entry"] for c in checks] == [whole]
    assert "split into" not in shown
    assert expected_claims("Reads the availability first. Then routes the request: if Bo is "
                           "free it books Bo on Tuesday; if Bo is away it books Cy instead.") \
        == ["Reads the availability first.", "Then routes the request: if Bo is free it books "
            "Bo on Tuesday; if Bo is away it books Cy instead."]
    assert expected_claims("Should flag the Tuesday gap to the team lead, or propose a swap "
                           "that keeps everyone under forty hours this week.") == [
        "Should flag the Tuesday gap to the team lead, or propose a swap that keeps everyone "
        "under forty hours this week."]


def test_a_list_joined_by_and_still_splits() -> None:
    """Negative: "and" joins claims that must all hold; only "or" makes alternatives."""
    assert len(expected_claims("Should flag the Tuesday gap to the team lead, propose a swap "
                               "for the evening, and keep everyone under forty hours.")) == 3


def test_a_short_claim_in_chinese_is_its_own_claim() -> None:
    # nine characters say a whole claim: joined to the negation before it, the pair would be
    # one positive statement a single quote could pass
    claims = expected_claims("必须识别问题太模糊无法判断，并说明原因；"
                             "应列出多种可能的解读并请用户选择其一；"
                             "在用户澄清前不给出具体方案；体现推回而非讨好。")
    assert claims[-2:] == ["在用户澄清前不给出具体方案；", "体现推回而非讨好。"]


def test_a_verdict_in_capitals_goes_with_the_sentence_after_it() -> None:
    """"PASS.", "FAIL at Phase 2.": the verdict the next sentence explains, never a claim a
    quote shows alone."""
    assert expected_claims("FAIL at Phase 2. Matches fail pattern: dashboards. Suggest pivot: "
                           "query-based KPI lookup, anomaly alerts.") == [
        "FAIL at Phase 2. Matches fail pattern: dashboards.",
        "Suggest pivot: query-based KPI lookup, anomaly alerts."]
    assert expected_claims("PASS. Work through phases 1-4, asking one question at a time. "
                           "Create a spec with a value proposition.")[0].startswith(
        "PASS. Work through")


def test_a_heading_that_titles_the_expected_output_is_no_claim() -> None:
    """"# Expected baseline" over the claims: a title, never a statement the grader must
    find quoted; a heading that says something stays a claim."""
    claims = expected_claims("# Expected baseline\n\nDomain router: database profile, with "
                             "template-derived evidence.\nNo invented SQL output, row counts, "
                             "data, credentials, or teacher rules.")
    assert not [c for c in claims if c.startswith("#")], claims
    assert len(claims) == 2, claims
    kept = expected_claims("## Names the release owner\n\nThe summary names Ana as the owner "
                           "of the release.\nIt lists Friday as the ship date for the team.")
    assert any(c.startswith("## Names the release owner") for c in kept), kept


def test_an_items_number_left_by_a_sentence_mark_is_no_part_of_its_claim() -> None:
    # "；" cuts the list before its numbers are read: each claim loses its number, and a
    # negation after it stays an absence ("不使用 X")
    claims = expected_claims("一个可直接运行的讲题页面，包含：1) 引导式提问风格；"
                             "2) 每一幕都重复原题；3) 不使用 document.currentScript；"
                             "4) 容器 ID 以字母开头")
    assert claims == ["一个可直接运行的讲题页面，包含：引导式提问风格；", "每一幕都重复原题；",
                      "不使用 document.currentScript；", "容器 ID 以字母开头"]


def test_a_claim_opening_with_a_decimal_keeps_it() -> None:
    claims = expected_claims("The report lists the p95 latency for each endpoint. 2.5 seconds "
                             "is flagged as the budget for checkout. 3.11 is named as the "
                             "minimum Python version for the service.")
    assert claims[1].startswith("2.5 seconds") and claims[2].startswith("3.11 is named")
