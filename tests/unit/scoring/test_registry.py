"""Scorers are found by name in one table of lazy factories (the pattern of the sandbox and
store registries); each factory makes the scorer that calls itself by that name."""

from __future__ import annotations

import pytest

from runner.errors import RefusedInput
from runner.scoring.base import SCORERS, known, scorer


def test_each_name_makes_the_scorer_of_that_name() -> None:
    assert known() == ["checks", "process", "program", "statements"]
    for name in SCORERS:
        assert scorer(name).name == name


def test_an_unknown_scorer_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(RefusedInput, match="unknown scorer 'nope'; known: .*checks"):
        scorer("nope")
