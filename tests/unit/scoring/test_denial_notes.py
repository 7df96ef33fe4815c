"""The author's notes after a denial (a closing tag after a dash, a reason after a comma)
are no claim: the denial is graded as one (runner.scoring.denial_notes)."""

from __future__ import annotations

import pytest

from runner.scoring.absence import states_absence
from runner.scoring.denial_notes import without_notes


@pytest.mark.parametrize("statement", [
    # a closing tag naming the kind of check
    "Does not flag the cancel handler as vulnerable — restraint / false-positive check",
    "Does not raise any auth finding anywhere in the response — restraint check",
    # a reason after a comma, "and" inside it included
    "Does not flag cancelOrder, since it already fetches the order and checks the owner",
    "Does not flag the cookie setup, because httpOnly, secure, and sameSite are set — "
    "restraint / false-positive check",
    # code in backticks: its semicolon ends no clause
    "Does not flag `ALTER TABLE users ADD COLUMN nick TEXT;` as a risk — restraint check",
])
def test_a_denial_with_its_authors_notes_is_an_absence(statement: str) -> None:
    assert states_absence(statement)


@pytest.mark.parametrize("statement", [
    # a dash before a clause with a verb is a claim the work must show
    "Does not manufacture findings — reports no SQL injection finding rather than stretching",
    "Does not present the staleness as a CVE, since no data was given — keeps it in the list",
    "Does not use the legacy client — uses the pooled one instead",
    # no denial at the head: notes are not cut
    "Flags the getOrder handler, since it has no ownership check — restraint check",
])
def test_a_claim_after_the_dash_or_no_denial_stays_a_claim(statement: str) -> None:
    assert not states_absence(statement)


def test_only_a_denials_notes_are_cut() -> None:
    kept = "Flags the handler, since it has no ownership check"
    assert without_notes(kept) == kept
    assert without_notes("Does not flag it, since it checks — restraint check") == \
        "Does not flag it"
