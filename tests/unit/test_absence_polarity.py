"""Issue 26 (graded as meant): whether a statement only says something is missing (graded as
an absence, passing on no quote) is read from what it claims, never from words it names or
reports:

- words it quotes are named, not said ("禁止性条款（含'禁止'、'不得'）用红色标注" marks clauses;
  "Says 'no' to the upsell" must quote the refusal), and 禁止性 ("prohibitive") denies nothing;
- a finding the work must report is a claim to quote, whatever it denies ("Verifies no
  existing skill covers X", "Confirms that no test was skipped");
- one item of what a made thing holds, after its head's colon, is that item's claim ("A
  .drawio file ... with: no figure caption text" is an absence).
Denials stay absences ("Never uses the word 'synergy'", "禁止使用绝对化用语", "Mentions no
competitor")."""

from __future__ import annotations

import pytest

from runner.scoring.absence import states_absence


@pytest.mark.parametrize("statement", [
    "禁止性条款（含'禁止'、'不得'、'严禁'）用红色标注",
    "重点条款（禁止、处罚类）用红色或其他醒目颜色标注",
    "Says 'no' to the upsell and explains why",
    "Verifies no existing skill covers trade show logistics and summarizes the gap",
    "Confirms that no tests were skipped",
    "A report with: sections for risks and costs",
])
def test_claims_to_quote(statement: str) -> None:
    assert not states_absence(statement)


@pytest.mark.parametrize("statement", [
    "A .drawio file containing a well-structured academic diagram with: no figure caption "
    "text in the diagram itself",
    "Never uses the word 'synergy'",
    # a list item's own joint is no word of it
    "does not recommend an unrealistic baseline set;",
    "does not silently drop them; and",
    "Don't use 'foo' anywhere",
    "禁止使用绝对化用语",
    "不使用“绝对”等词",
    "Ensures no secrets are logged",
    "Never ends the reply with: a question",
])
def test_absences(statement: str) -> None:
    assert states_absence(statement)
