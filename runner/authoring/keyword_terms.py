"""An untyped check written as its author's sentence beside a list of terms (issue 26, graded
as the authors meant): `{"text": "identifies the race on the balance check", "keywords":
["race", "concurrent", "TOCTOU"]}`. The list is the check's operand and the sentence its label,
as a `pattern` beside a `text` is: the terms are alternatives (their authors list a word's
spellings and synonyms, `Blocker`, `blocker`, `BLOCKER`), so one any-of check finds any of
them; a term written with the negation prefix `!` (`"!Blocker"`, the shell's and ignore
files' grammar for "not") is a text that must not appear, one prohibition each. Before this
rule the sentence went to the grader and the list was dropped without a line.

A typed object keeps its own reading (`contains_any`, `contains_all`, `security` with a
`must_not_contain`); this reads only an object with no type, whose list holds short terms (a
list of sentences is no list of texts to find).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict

# The fields that hold a list of terms to find, when no type says what they are.
TERM_FIELDS = ("keywords", "terms", "phrases", "words")
# The author's sentence of what the terms show: the check's label, not graded itself.
SENTENCE_FIELDS = ("text", "description", "claim", "name", "label")
NEGATION = "!"
# A term is a word or a short phrase: longer, it is a sentence for the grader, not a text.
_TERM_MOST_WORDS = 6


class KeywordTerms(BaseModel):
    """The checks one such object stands for: the label, the any-of terms, the absent ones."""

    model_config = ConfigDict(frozen=True)

    field: str
    label: str
    present: tuple[str, ...]
    absent: tuple[str, ...]

    def checks(self) -> list[str]:
        """In the runner's assertion syntax: one any-of check, then one prohibition a term."""
        found = []
        if len(self.present) == 1:
            found.append(self.present[0])
        elif self.present:
            found.append("re:" + "|".join(re.escape(t) for t in self.present))
        return found + [f"not:{t}" for t in self.absent]


def keyword_terms(value: dict[str, Any]) -> KeywordTerms | None:
    """The object's terms when it is such a check: no type, a sentence, a list of terms."""
    if any(str(value.get(k, "")).strip() for k in ("type", "kind")):
        return None
    label = next((value[k].strip() for k in SENTENCE_FIELDS if isinstance(value.get(k), str)
                  and value[k].strip()), None)
    field = next((k for k in TERM_FIELDS if isinstance(value.get(k), list) and value[k]), None)
    if label is None or field is None:
        return None
    terms = value[field]
    if not all(isinstance(t, str) and t.strip() for t in terms) \
            or any(len(t.split()) > _TERM_MOST_WORDS for t in terms):
        return None
    present = tuple(t.strip() for t in terms if not t.strip().startswith(NEGATION))
    absent = tuple(t.strip()[1:].strip() for t in terms if t.strip().startswith(NEGATION))
    if any(not t for t in absent):
        return None  # a lone "!" is no term
    return KeywordTerms(field=field, label=label, present=present, absent=absent)
