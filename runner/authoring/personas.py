"""A case that plays a simulated user (issue 26, multi-turn cases): a persona interview, whose
agent asks the user questions and the author's harness answers as a scripted user.

The answers written as a list (`user_responses`, `simulated_user: {answers: [...]}`,
`scripted_replies`), or as a mapping from what is asked to the answer (`user_responses:
{base: "$180,000"}`, one reply giving each labelled, "base: $180,000"), are the user's
turns: sent as follow-up turns in the same session, in
order (runner.authoring.dialects reads them as `follow_up_turns`). A persona given only as a
description (`persona: "an impatient CFO"`, `simulated_user: {role: ...}`) cannot be played:
no simulator answers the agent, so the case runs without one, and `check` says so (EV015).
Read by the field's words, never a list of one sample's names.
"""

from __future__ import annotations

import re
from typing import Any

# Words naming who answers: a persona, a simulated or scripted user.
_WHO = frozenset({"persona", "personas", "simulated", "simulation", "scripted", "script",
                  "user", "interviewee", "respondent", "customer"})
# Words naming what that user says.
_SAYS = frozenset({"responses", "response", "answers", "answer", "replies", "reply",
                   "turns", "utterances", "messages"})
# A persona on its own (a description to play).
_PERSONA = frozenset({"persona", "user_persona", "simulated_user", "simulateduser",
                      "user_profile", "interviewee", "respondent", "simulation"})


def _words(key: str) -> set[str]:
    return {w for w in re.split(r"[^a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", key).lower())
            if w}


def _answers(value: Any) -> list[str] | None:
    """A list of the user's answers: strings, or objects each with one text; or a mapping
    from what is asked to the answer (`{base: "$180,000", pto: "20 days"}`): one reply
    giving every answer labelled with what it answers ("base: $180,000"), since a mapping
    says what is asked, not in what order or how many turns the agent asks it."""
    if isinstance(value, dict) and value and all(
            isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in value.items()):
        return ["\n".join(f"{k}: {v}" for k, v in value.items())]
    if not isinstance(value, list) or not value:
        return None
    found = [v if isinstance(v, str) else next(
        (v[k] for k in ("content", "text", "answer", "response", "reply", "message")
         if isinstance(v.get(k), str)), None) if isinstance(v, dict) else None for v in value]
    texts = [f for f in found if f is not None and f.strip()]
    return texts if len(texts) == len(value) else None


def scripted_answers(item: dict[str, Any]) -> tuple[str, list[str]] | None:
    """(the field, the simulated user's answers in order) when the case writes them as a
    list, at its top (`user_responses`) or inside a persona mapping (`simulated_user:
    {answers: [...]}`), else None."""
    for key, value in item.items():
        words = _words(key)
        if words & _WHO and words & _SAYS and _answers(value) is not None:
            return key, _answers(value) or []
        if isinstance(value, dict) and (words & _WHO or _canonical(key) in _PERSONA):
            for inner, given in value.items():
                if _words(inner) & _SAYS and _answers(given) is not None:
                    return f"{key}.{inner}", _answers(given) or []
    return None


def persona(item: dict[str, Any]) -> str | None:
    """The field describing a simulated user to play, with no answers written, else None: a
    mapping, a sentence (`"an impatient CFO who answers in one line"`), or a file holding one
    (`persona: rate-limit.md`); a short label (`persona: CFO`, the audience of the work)
    stays a label."""
    return next((key for key, value in item.items() if _canonical(key) in _PERSONA
                 and (isinstance(value, dict) and value or isinstance(value, str)
                      and (len(value.split()) >= DESCRIPTION_WORDS
                           or _DESCRIPTION_FILE.search(value.strip()) is not None))), None)


DESCRIPTION_WORDS = 4  # fewer words name a role (a label), not a user to play
_DESCRIPTION_FILE = re.compile(r"(?i)^[\w./-]+\.(?:md|markdown|txt|ya?ml|json)$")


def _canonical(key: str) -> str:
    return "_".join(sorted(_words(key), key=lambda w: key.lower().find(w)))
