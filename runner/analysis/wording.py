"""EV010's reading, shared by case sets and trigger sets: a prompt that contains a phrase the
skill's description quotes (two words or more, whole words, any case) measures the
description's wording, not the job."""

from __future__ import annotations

import re

_QUOTED = re.compile(r'"([^"]+)"|“([^”]+)”|\'([^\']+)\'')


def quoted_phrases(description: str) -> list[str]:
    return [text.strip() for groups in _QUOTED.findall(description) for text in groups
            if len(text.split()) >= 2]


def restated_phrase(prompt: str, phrases: list[str]) -> str | None:
    """The first quoted phrase `prompt` contains (whole words, any case), or None."""
    for phrase in phrases:
        pattern = r"(?<!\w)" + r"\s+".join(map(re.escape, phrase.split())) + r"(?!\w)"
        if re.search(pattern, prompt, re.IGNORECASE):
            return phrase
    return None
