"""runner.authoring.stage_directions: a parenthesised note to whoever runs the case naming the
working directory it needs."""

from __future__ import annotations

import pytest

from runner.authoring.stage_directions import stage_direction


@pytest.mark.parametrize("prompt", [
    "Build it. (Run in a repo with approved design.md + spec.md.)",
    "Audit it. (Run against a fixture repo where build.md exists.)",
    "Plan it. (Run twice: once with no docs/, once where spec.md was bumped.)",
    "Test it. (Run against an approved spec.md that includes a quality judgment.)",
    "Price it. (Execute inside the project that has a metrics export.)",
])
def test_a_direction_naming_material_is_found(prompt: str) -> None:
    assert stage_direction(prompt) is not None


@pytest.mark.parametrize("prompt", [
    "Review it. (Run with no identifiable target: an empty directory.)",
    "Summarise (in a paragraph) the notes below.",
    "Write a poem (run in a loop of verses).",
    "Explain how to run in a repo with many packages.",  # the request, not a note
])
def test_no_direction_or_one_asking_for_nothing_is_none(prompt: str) -> None:
    assert stage_direction(prompt) is None
