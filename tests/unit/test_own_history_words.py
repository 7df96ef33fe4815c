"""The user's own history the skill keeps (EV014 when no case stages it) is asked for by a past
act ("How much have I spent", "I worked 40 hours last week") or "my history"; a school subject
("My history final is tomorrow") or plans told with a time ("18 hours of work due this week")
are facts the prompt gives, no record."""

from __future__ import annotations

import pytest

from runner.authoring.reach import _OWN_HISTORY


@pytest.mark.parametrize("prompt", ["How much have I spent this month?", "Show my history",
                                    "I worked 40 hours last week, am I on track?"])
def test_a_record_asked_for(prompt: str) -> None:
    assert _OWN_HISTORY.search(prompt)


@pytest.mark.parametrize("prompt", ["My history final is tomorrow, help me cram",
                                    "I have 18 hours of work due this week"])
def test_facts_the_prompt_gives(prompt: str) -> None:
    assert _OWN_HISTORY.search(prompt) is None
