"""A case's lists of signals its answer must and must not show (`requiredSignals: ["project
decision"]`, `forbiddenSignals: ["created a 4px scale"]`) (issue 26, graded as the authors
meant): texts to find in the final answer, any case (`Project decision` is the signal), never
labels. A case carrying them beside its activation expectation (`expectedActivation: true`) is
a runtime case too: the expectation still goes to the trigger queries, the signals are graded
on the run's answer.

Any list named as signals is one (`compliance_signals`, `success_signals`): what the answer
must show unless its name says it must not (`forbidden_signals`). A signal written as a
sentence of behaviour ("agent confirms the target with the user before starting", five words
or more) is no text to find: it is a statement for the grader (negated: "The run avoids this:
..."), since a substring of a description matches no real answer.
"""

from __future__ import annotations

import re
from typing import Any

from runner.authoring.fields import nonblank_strings, words

_SIGNAL_WORDS = frozenset({"signal", "signals"})
_REQUIRED = frozenset({"required", "require", "requires", "expected", "expect", "must",
                       "mandatory", "needed", "should"})
_FORBIDDEN = frozenset({"forbidden", "forbid", "prohibited", "banned", "disallowed", "never",
                        "not", "no", "negative"})




# A signal of this many words or more is a sentence of behaviour, graded as a statement.
SENTENCE_MIN_WORDS = 5
CHECK, STATEMENT = "check", "statement"


def signal_fields(item: dict[str, Any]) -> list[str]:
    """The case's fields listing signals it must (or must not) show, by name and value: a
    signal word in the name (`requiredSignals`, `compliance_signals`, `signals`)."""
    return [key for key, value in item.items()
            if words(str(key)) & _SIGNAL_WORDS and nonblank_strings(value) is not None]


def signal_checks(item: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Reads (and takes out of the case) its signal lists: (kind, entry, origin) each. A text
    is a check on the final answer, case-insensitive (`re:(?i)...`; `not:` under a negative
    name); a sentence of behaviour is a statement ("The run avoids this: ..." when negative)."""
    found: list[tuple[str, str, str]] = []
    for key in signal_fields(item):
        banned = bool(words(key) & _FORBIDDEN)
        for n, text in enumerate(nonblank_strings(item.pop(key)) or []):
            text = text.strip()
            shows = f"{'not ' if banned else ''}show"
            if len(text.split()) >= SENTENCE_MIN_WORDS:
                found.append((STATEMENT, ("The run avoids this: " if banned else "") + text,
                              f"{key}[{n}] (a signal in words the run must {shows})"))
                continue
            found.append((CHECK, ("not:" if banned else "") + "re:(?i)" + re.escape(text),
                          f"{key}[{n}] (a signal the answer must {shows}, any case)"))
    return found
