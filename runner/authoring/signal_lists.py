"""A case's lists of signals its answer must and must not show (`requiredSignals: ["project
decision"]`, `forbiddenSignals: ["created a 4px scale"]`) (issue 26, graded as the authors
meant): texts to find in the final answer, any case (`Project decision` is the signal), never
labels. A case carrying them beside its activation expectation (`expectedActivation: true`) is
a runtime case too: the expectation still goes to the trigger queries, the signals are graded
on the run's answer.
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




def signal_fields(item: dict[str, Any]) -> list[str]:
    """The case's fields listing signals it must (or must not) show, by name and value."""
    return [key for key, value in item.items()
            if (said := words(str(key))) & _SIGNAL_WORDS and said & (_REQUIRED | _FORBIDDEN)
            and nonblank_strings(value) is not None]


def signal_checks(item: dict[str, Any]) -> list[tuple[str, str]]:
    """Reads (and takes out of the case) its signal lists: each text a check (entry, origin)
    on the final answer, case-insensitive (`re:(?i)...`; `not:` under a negative name)."""
    checks: list[tuple[str, str]] = []
    for key in signal_fields(item):
        banned = bool(words(key) & _FORBIDDEN)
        for n, text in enumerate(nonblank_strings(item.pop(key)) or []):
            checks.append((("not:" if banned else "") + "re:(?i)" + re.escape(text.strip()),
                           f"{key}[{n}] (a signal the answer must "
                           f"{'not ' if banned else ''}show, any case)"))
    return checks
