"""Issue 26, rule 6: a prompt asking how the user's shipped work fares out in the world ("how
are our SEO changes doing? did shipping the title change move its ranking?") asks for a live
effect no fixture holds: that case gets EV014 (no arm can pass it), the set is not refused for
an unstaged input (EV009). Work on the same pointer ("review our SEO changes") stays refused.
Through the real `skill-eval check`; the grammar by itself below."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.outcome_asks import outcome_asked
from tests.helpers import check_cli, make_skill


def test_a_question_of_how_shipped_work_fares_is_ev014_not_a_refusal(tmp_path: Path) -> None:
    skill = make_skill(tmp_path / "a", [
        {"id": "plan", "prompt": "Plan the keywords for a page about browser agents",
         "assertions": ["browser"]},
        {"id": "progress", "prompt": "how are our SEO changes doing? did shipping the pricing "
                                     "title change move its ranking?",
         "expected_output": "Reports the rank change against the previous snapshot"}])
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if "EV014" in x)
    assert "'progress'" in line and "'our SEO changes'" in line and "live" in line
    assert "EV009" not in result.output

    worked = make_skill(tmp_path / "b", [
        {"id": "review", "prompt": "Review our SEO changes and list what to fix",
         "assertions": ["fix"]}])
    refused = check_cli(str(worked))
    assert refused.exit_code == 2 and "EV009" in refused.output


@pytest.mark.parametrize(("prompt", "pointer"), [
    ("how are our SEO changes doing?", "our SEO changes"),
    ("How is my new landing page performing this week?", "my new landing page"),
    ("Did our pricing change hurt sign-ups?", "our pricing change"),
])
def test_the_pointer_as_the_subject_of_how_it_fares(prompt: str, pointer: str) -> None:
    assert outcome_asked(prompt, pointer)


@pytest.mark.parametrize(("prompt", "pointer"), [
    ("How do I review our SEO changes?", "our SEO changes"),
    ("Review our SEO changes and list what to fix", "our SEO changes"),
])
def test_work_on_the_pointer_asks_no_outcome(prompt: str, pointer: str) -> None:
    assert not outcome_asked(prompt, pointer)
