"""A file the user says they have, named while the task makes something else (issue 26, item
4: "every other statement goes to the grader"): "Create a skill for our invoice pipeline ...
We have a Python script at scripts/extract_invoice.py that does the extraction. Put it in
.agents/skills/." The path is the user's existing thing, told as context the new skill may
cite; the task's verb (create, write, draft) acts on something else, so the session needs no
copy of it and the case is not refused for it (EV012 says so). A criterion reading the path
("the body references scripts/extract_invoice.py") reads the work's text, not the file.

Read by grammar, never by a list of file names:
- the sentence naming the path tells what the user has: its subject the user or theirs and a
  verb of having ("we have / I have / we've got / there is ... at P", "my SQL skill has two
  reference files: P and Q"), and no request in it;
- every request of the prompt (an imperative, "can you ...", "help me ...", "I want you to
  ...") makes something (create, write, build, draft, design, generate, scaffold, put, save),
  or is a question asking advice ("What's the upgrade path to make this production-grade?":
  a wh-word first, a question mark last), answered in words;
- the having sentence may open with a frame naming the user's project ("In our X project we
  have a session detection in ouroboros.py that uses zoneinfo ...");
- no request names the file: not its path or name, not "the/this <noun>" the having sentence
  calls it ("the script"), not a pronoun after a preposition ("write tests for it").
"Review / fix / read / summarise P" (or "... it") acts on the file: the input rule keeps it.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

# a sentence ends at a stop before a space (never the dot of "extract_invoice.py") or a line
# (nor the dot of an abbreviation, "(e.g. tokyo start=9)")
_SENTENCES = re.compile(r"(?<=[.!?])(?<!e\.g\.)(?<!i\.e\.)(?<!etc\.)\s+|\n+")
# (after a frame of place naming the user's project: "In our opendeviationbar-py project we
# have ...")
_FRAME_WORDS = (r"\W*(?:in|inside|within|for)\s+(?:our|my)\s+(?:[\w.+#-]+\s+){0,4}?[\w.+#-]+,?\s+"
                r"(?=(?:we|i)\b)")
_FRAME = re.compile(rf"(?i)^{_FRAME_WORDS}")
_HAVING = re.compile(
    r"(?i)^\W*(?:(?:also|and|but|so|now),?\s+)?"
    rf"(?:{_FRAME_WORDS})?(?:"
    r"(?:we|i)\s+(?:already\s+|also\s+)?(?:have|had|keep|maintain)\b"
    r"|(?:we|i)(?:'ve|\u2019ve)\s+(?:already\s+|also\s+)?got\b"
    r"|there\s+(?:is|are|'s)\b"
    r"|(?:my|our)\s+(?:[\w-]+\s+){0,4}?(?:has|have|had|includes|contains|ships)\b)")
# a request: a verb first (an imperative), or asked of the agent in so many words
_ASKED = re.compile(r"(?i)\b(?:can|could|would|will)\s+you\s+(?:please\s+)?(?P<v1>[a-z]+)"
                    r"|\bhelp\s+(?:me|us)\s+(?:to\s+)?(?P<v2>[a-z]+)"
                    r"|\b(?:want|need|would\s+like|'d\s+like)\s+you\s+to\s+(?P<v3>[a-z]+)"
                    r"|\bplease\s+(?P<v4>[a-z]+)")
# what opens a statement, not a request: a determiner, a pronoun, a name's subject
_STATEMENT = re.compile(r"(?i)^\W*(?:the|a|an|it|its|this|that|these|those|there|we|i|my|our|"
                        r"they|their|he|she|you|your|each|every|all|some|no|if|when|after|"
                        r"before|since|because|also|and|but|so|then|now|[A-Z][\w-]*\s+"
                        r"(?:is|are|was|were|has|have|should|must|will|can|needs?))\b")
_MAKING = frozenset({"create", "write", "build", "draft", "design", "generate", "scaffold",
                     "author", "put", "place", "save", "set", "compose", "produce"})
_PRONOUN_OBJECT = re.compile(r"(?i)\b(?:for|of|from|around|on|about|with|using|wrap|wraps|"
                             r"call|calls|run|runs|invoke|invokes|into|to)\s+(?:it|them|that|"
                             r"this|these|those)\b")
# the noun the having sentence calls the file: the word before "at/in/called P" or a colon
_NOUN_BEFORE = r"(?P<noun>[a-z][\w-]*?)s?\s*(?:\b(?:at|in|under|called|named)\b|:)?\s*`?$"


def _request_verb(sentence: str) -> str | None:
    """The verb a request sentence asks for, or None when the sentence asks nothing."""
    asked = _ASKED.search(sentence)
    if asked is not None:
        return next(v for v in asked.groups() if v).lower()
    if _STATEMENT.match(sentence):
        return None
    first = re.match(r"\W*([A-Za-z]+)", sentence)
    return first.group(1).lower() if first else None


# A question asking advice: a wh-word first, a question mark last ("What's the upgrade path
# to make this production-grade?"): answered in words, it makes nothing of the file.
_WH = frozenset({"what", "how", "which", "why", "where"})


def _asks_advice(sentence: str, verb: str) -> bool:
    return verb in _WH and sentence.rstrip().endswith("?")


def request_verb(sentence: str) -> str | None:
    """The verb a sentence asks the agent for (an imperative, "can you ..."), or None."""
    return _request_verb(sentence)


def had_as_context(prompt: str, name: str) -> bool:
    """`name` is told as the user's existing thing while every request makes something else
    (see the module)."""
    sentences = [s.strip() for s in _SENTENCES.split(prompt) if s.strip()]
    having = [s for s in sentences if name in s and _HAVING.match(s)]
    if not having or any(_request_verb(_FRAME.sub("", s, count=1)) for s in having):
        return False
    before = having[0][:having[0].find(name)]
    noun = re.search(_NOUN_BEFORE, before.lower())
    base = PurePosixPath(name).name
    asked = [(s, _request_verb(s)) for s in sentences if s not in having]
    requests = [(s, v) for s, v in asked if v]
    if not requests or any(v not in _MAKING and not _asks_advice(s, v) for s, v in requests):
        return False
    for sentence, _ in requests:
        low = sentence.lower()
        if base.lower() in low or _PRONOUN_OBJECT.search(sentence) or (
                noun is not None and re.search(
                    rf"\b(?:the|this|that|these|those|its)\s+(?:[\w-]+\s+)?{noun.group('noun')}",
                    low)):
            return False
    return True
