"""A prompt asking how the user's shipped work is doing out in the world (issue 26, EV014):
"how are our SEO changes doing? did shipping the title change move its ranking?", "how is
my new landing page performing?". What the question points at ("our SEO changes") is no
input a fixture could hold: the answer is the live effect of that work (rankings, traffic,
sign-ups), which only a live service measures. No arm reaches one from the network-less
sandbox, so the case is one no arm can pass, not a set to refuse for an unstaged input.

Read by grammar: the pointer is the subject of a question of how it fares ("how is/are X
doing | performing | going | ranking | converting | landing") or of whether it moved a
measure ("did X move | improve | hurt | help | change | affect | lift | drop ...").
"How do I review our SEO changes?" asks for a method (the pointer is an object), and
"review our SEO changes" is work on material: both stay the input rule's.
"""

from __future__ import annotations

import re

_FARES = (r"(?:doing|performing|going|ranking|converting|landing|trending|holding\s+up|"
          r"working\s+out)")
_MOVES = (r"(?:move|moved|improve|improved|hurt|help|helped|change|affect|impact|lift|boost|"
          r"drop|raise|lower|increase|decrease|shift)")


def outcome_asked(prompt: str, pointer: str) -> bool:
    """The prompt asks how `pointer` (its words, as the input rule found them) fares in the
    world, or whether it moved a measure."""
    words = r"\s+".join(re.escape(w) for w in pointer.split())
    fares = re.compile(rf"(?i)\bhow\s+(?:is|are|was|were|'s)\s+{words}\s+{_FARES}\b")
    # "did shipping X move ...", "did X improve ...": the pointer inside the question's
    # subject, a verb of moving a measure after it (a few words of the subject between)
    moved = re.compile(rf"(?i)\b(?:did|has|have|do|does)\s+(?:[\w'-]+\s+){{0,3}}?{words}"
                       rf"(?:\s+[\w'-]+){{0,4}}?\s+{_MOVES}\b")
    text = " ".join(prompt.split())
    return bool(fares.search(text) or moved.search(text))
