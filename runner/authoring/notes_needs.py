"""A case's own notes saying it cannot run as it is (issue 26, EV014): "the app needs the
project venv + cedar-detect-server binary + object DB, which ... are NOT present in a fresh
git worktree". The author states what the case needs and that the run's environment lacks it:
no arm has it, so the line quotes the author instead of counting the notes as prose ignored.

Read by grammar, in one sentence of a prose field (runner.authoring.fields `field_kind`):
a verb of needing ("needs", "requires", "depends on", "relies on") whose subject is no actor
of the run (the agent, the skill, the model: "requires the agent to notice ..." is behaviour
to grade), then, in the same sentence, a statement of absence ("NOT present", "missing",
"unavailable", "not installed", "does not exist"). An absence the case tests ("requires the
agent to flag that the config is missing", "needs to handle a missing key") is the scenario:
a verb of noticing or a condition between the two words leaves the sentence alone.
"""

from __future__ import annotations

import re
from typing import Any

from runner.authoring.fields import PROSE, field_kind

_NEED = re.compile(r"(?i)\b(?:needs?|requires?|depends\s+on|relies\s+on)\b")
# The need is behaviour the case grades: its subject or object is the run's actor, or what
# follows is a verb ("needs to handle").
_ACTOR = r"(?:the\s+)?(?:agent|assistant|model|skill|claude|llm|response|answer|it|you)"
_BEHAVIOUR_AFTER = re.compile(rf"(?i)^\s+(?:{_ACTOR}\b|to\s+\w+)")
_BEHAVIOUR_BEFORE = re.compile(rf"(?i)\b{_ACTOR}\s+(?:\w+\s+)?$")
_ABSENT = re.compile(
    r"(?i)\b(?:(?:is|are)\s+)?(?:not|n't)\s+(?:present|available|installed|included|staged|"
    r"shipped|bundled|provided|there|checked\s+in|committed)\b"
    r"|\b(?:isn't|aren't)\s+(?:present|available|installed|included|staged|shipped|there)\b"
    r"|\b(?:missing|absent|unavailable)\b"
    r"|\b(?:does|do)\s+not\s+exist\b|\b(?:doesn't|don't)\s+exist\b")
# Between the need and the absence: the absence is what the case tests.
_SCENARIO = re.compile(r"(?i)(?<![\w-])(?:notic(?:e|es|ed|ing)|detect(?:s|ed|ing)?|"
                       r"handl(?:e|es|ed|ing)|flag(?:s|ged|ging)?|report(?:s|ed|ing)?|"
                       r"recogni[sz](?:e|es|ed|ing)|spot(?:s|ted|ting)?|catch(?:es|ing)?|"
                       r"warn(?:s|ed|ing)?|say(?:s|ing)?|tell(?:s|ing)?|explain(?:s|ed|ing)?|"
                       r"ask(?:s|ed|ing)?|when|if|whether|graceful\w*|fallback)(?![\w-])")
_PART = re.compile(r"(?:^|\s)\(\d+\)\s|[—–]\s|(?<=[.;!?])\s+|\n")
_WIDTH = 160


def _quote(sentence: str) -> str:
    text = " ".join(sentence.split()).strip(" .;")
    return text if len(text) <= _WIDTH else text[:_WIDTH - 3].rstrip() + "..."


def stated_needs(text: str) -> list[str]:
    """The sentences of a note that say what the case needs and that it is absent."""
    found: list[str] = []
    for part in _PART.split(text):
        for need in _NEED.finditer(part):
            if _BEHAVIOUR_AFTER.match(part, need.end()) \
                    or _BEHAVIOUR_BEFORE.search(part[:need.start()]):
                continue
            absent = _ABSENT.search(part, need.end())
            if absent is None or _SCENARIO.search(part, need.end(), absent.start()):
                continue
            # (up to the end of the absence's clause: "NOT present in a fresh git worktree")
            stop = re.search(r"[,;:]\s", part[absent.end():])
            found.append(_quote(part[:absent.end() + (stop.start() if stop else len(part))]))
            break
    return list(dict.fromkeys(found))


def notes_needs(extra: dict[str, Any]) -> dict[str, list[str]]:
    """field -> what its prose says the case needs and lacks, for the case's prose fields."""
    found: dict[str, list[str]] = {}
    for key, value in extra.items():
        if isinstance(value, str) and field_kind(key, value) == PROSE:
            said = stated_needs(value)
            if said:
                found[key] = said
    return found
