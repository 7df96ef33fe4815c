"""`skill-eval route`: offline, free routing analysis (docs/running.md).

Ranks skills by how much of the prompt's wording each description shares, naming the sentence
that matched so the ranking can be checked rather than trusted. It reasons about descriptions;
it never observes an activation (that is `skill-eval trigger`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

STOPWORDS = frozenset("""a an the and or but if then of to in on at by for with from into onto
about as is are was were be been being this that these those it its i me my you your we our
they them their he she his her what which who whom when where why how can could should would
will shall may might must do does did done not no so than too very just also please any some
all each every there here up out over under again once only own same such more most
other""".split())
_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")


def words(text: str) -> set[str]:
    """Content words, lower-cased, with a light stem (plural and -ing/-ed endings)."""
    out = set()
    for word in _WORD.findall(text.lower()):
        if word in STOPWORDS or len(word) < 2:
            continue
        for suffix in ("ing", "ed", "es", "s"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[: -len(suffix)]
                break
        out.add(word)
    return out


@dataclass(frozen=True)
class Match:
    skill: str
    score: float = 0.0
    sentence: str = ""


def rank(prompt: str, descriptions: dict[str, str]) -> list[Match]:
    """Every skill, best first: the share of the prompt's content words its best-matching
    description sentence contains."""
    wanted = words(prompt)
    out = []
    for skill, description in descriptions.items():
        best = Match(skill)
        for sentence in (s.strip() for s in _SENTENCE.split(description) if s.strip()):
            share = len(wanted & words(sentence)) / len(wanted) if wanted else 0.0
            if share > best.score:
                best = Match(skill, share, sentence)
        out.append(best)
    return sorted(out, key=lambda m: (-m.score, m.skill))
