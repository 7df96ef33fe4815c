"""A link to audit or scan is a page to read (runner.authoring.reach._READ_CUE), as a site
named by its bare domain already was ("audit zapier.com"): "Run a UX audit on
https://news.ycombinator.com" with nothing staged cannot pass in any arm, and was accepted
without a line."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.reach import urls_to_read
from runner.schema.case import Case
from tests.helpers import check_cli, make_skill


@pytest.mark.parametrize("prompt", [
    "Run a UX audit on https://news.example.com",
    "Audit the UX of https://app.example.com",
    "Scan https://example.com for broken links",
])
def test_a_link_to_audit_is_a_page_to_read(prompt: str) -> None:
    assert urls_to_read(Case(id="c", prompt=prompt))


def test_a_link_put_in_the_work_after_the_word_audit_is_none() -> None:
    prompt = "Add an audit log link to https://example.com/audit in the footer"
    assert urls_to_read(Case(id="c", prompt=prompt)) == []


def test_check_flags_an_audit_of_a_live_page(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "hn", "prompt": "Run a UX audit on "
                                   "https://news.example.com",
                                   "expected_output": "A graded report with fixes"}],
                       name="ux-audit", skill_md="---\nname: ux-audit\ndescription: Audits "
                       "a page's UX. Use when asked for a UX audit.\n---\nVisit, grade.\n")
    result = check_cli(str(skill))
    assert "case 'hn': no arm can pass it: 'https://news.example.com': a page to read" \
        in result.output, result.output


@pytest.mark.parametrize("prompt", [
    "How's the UX on https://shop.example.com",
    "How good is the copy of https://example.com/pricing?",
    "What do you think of https://example.com",
])
def test_a_question_of_how_a_linked_page_is_reads_it(prompt: str) -> None:
    assert urls_to_read(Case(id="c", prompt=prompt))


def test_a_question_of_how_to_link_is_no_page_to_read() -> None:
    prompt = "How is the footer supposed to link to https://example.com/terms in our app?"
    assert urls_to_read(Case(id="c", prompt=prompt)) == []
