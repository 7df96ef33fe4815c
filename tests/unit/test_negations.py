"""One list of negation words, rendered for each reader's grammar."""

from __future__ import annotations

import re

from runner.analysis.wording import NEGATIONS, negation_pattern


def test_every_negation_is_read_with_spaces_and_the_apostrophe_dropped() -> None:
    pattern = re.compile(rf"^(?:{negation_pattern()})$", re.IGNORECASE)
    for word in NEGATIONS:
        assert pattern.match(word)
    assert pattern.match("does   NOT") and pattern.match("doesnt")
    assert not pattern.match("nothing") and not pattern.match("or")


def test_a_reader_leaves_out_the_forms_its_grammar_does_not_take() -> None:
    pattern = re.compile(rf"^(?:{negation_pattern(but=('never',), apostrophe=chr(39))})$")
    assert not pattern.match("never") and not pattern.match("doesnt")
    assert pattern.match("doesn't")
