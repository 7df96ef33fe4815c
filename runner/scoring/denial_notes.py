"""The author's notes after a denial, no part of what it denies (issue 26, graded as the
authors meant): "Does not flag cancelOrder as vulnerable, since it already checks the owner —
restraint / false-positive check". Two notes close such a statement, each by its grammar:

- a tag after a dash naming the kind of check, a short phrase with no verb ("— restraint /
  false-positive check", "— restraint check"): the author's label; a dash before a clause
  with a verb ("— reports no finding instead", "— keeps it in the outdated list") is a claim
  the work must show, and stays;
- code it names in backticks is one word: its marks (`ALTER TABLE t ADD c;`) end no clause;
- a reason after a comma ("..., since it already checks the owner", "..., because no file
  was touched"): why the work should not do it, never more work it must show, though it may
  hold "and" ("since it fetches the order and checks the owner");
- a participle phrase after a dash, its participle before a preposition ("— referenced in
  postcss.config.js", "— loaded via dynamic import", "— imported as `from Crypto import
  AES`"): it says what the denied thing is (why it must be spared), no act of the work; a
  verb with an object after the dash ("— asks the user", "— keeps it in the list") is a
  claim and stays;
- why a denied claim would be false, after a dash ("Should NOT claim the config is the
  problem — built-in tools need none"): the author's reason;
- what it should be instead, after a dash ("— should be docs/architecture/overview.md"): the
  author's pointer to the right place, which another check asks for;
- a closing aside in parentheses ("(config-only dependency)", "(loaded via dynamic import
  — deleting it would break the app)"): the author's reason, its dash no clause of the
  work; one opening with a conjunction or a verb in the present ("(and reports it)",
  "(reads it only)") is more the work must show, and stays.

What is left is the denial, graded as one (runner.scoring.absence): passed when nothing in the
material breaks it. Before this, such a statement needed a quote of what is not there.
"""

from __future__ import annotations

import re

# A closing tag: a dash with spaces, then a few words, none a verb's inflection.
_TAG = re.compile(r"\s+[\u2014\u2013-]{1,2}\s+(?P<tag>[^\u2014\u2013;.]+?)\s*\.?\s*$")
_TAG_MOST_WORDS = 5
_INFLECTED = re.compile(r"(?i)^[a-z]{3,}(?:s|ed|ing)$")
# A reason clause opened by its conjunction after a comma.
# (it runs to the end: a dash after it opens a claim of its own, "— keeps it in the list")
_REASON = re.compile(r",\s+(?:since|because|given\s+that|as\s+(?=(?:it|they|there|the|this|"
                     r"that|no|neither|none)\b))\b(?:(?!\s[\u2014\u2013-]{1,2}\s).)*$",
                     re.IGNORECASE)
# A participle phrase after a dash: the participle (-ed/-en, or an irregular one), then a
# preposition, to the end.
_PARTICIPLE_NOTE = re.compile(
    r"\s+[\u2014\u2013-]{1,2}\s+(?:[a-z]{2,}(?:ed|en)|built|kept|held|left|made|put|read|"
    r"run|set|used|shown|known|found|meant|sent|brought|bought|caught|taught|thought|told)"
    r"\s+(?:in|via|as|by|from|through|at|on|with|within|inside|under|for|into|across)\b.*$",
    re.IGNORECASE)
# What it should be instead, after a dash ("— should be docs/architecture/overview.md", "— it
# should live under docs/"): the author pointing at the right place, which another check of
# the case asks for; no part of what is denied.
_INSTEAD_NOTE = re.compile(r"\s+[\u2014\u2013-]{1,2}\s+(?:(?:it|they|this|that)\s+)?"
                           r"(?:should|must|ought\s+to)\s+(?:be|live|go|sit|stay)\b.*$",
                           re.IGNORECASE)
# A denied claim ("Should NOT claim the config is the problem — built-in tools need none"):
# what follows its dash says why the claim would be false, the author's reason.
# Why the denial holds, after a dash ("Output does NOT modify any files — this is a read-only
# eval run", "— because the repository is read-only"): the author's reason, no part of it.
_REASON_NOTE = re.compile(r"(?i)\s+[\u2014\u2013]{1,2}\s+(?:this\s+is\s+an?|because)\b.*$")
_CLAIM_DENIED = re.compile(r"(?i)^.{0,40}?\bnot\s+(?:claim|say|state|suggest|assert|imply|"
                           r"tell|pretend|conclude)\b")
_DASH = re.compile(r"\s+[\u2014\u2013]\s+|\s+--?\s+")
# A closing aside in brackets, unless more work: a conjunction or a present verb first.
_ASIDE = re.compile(r"\s*\((?P<aside>[^()]*)\)\s*\.?\s*$")
_MORE_WORK = re.compile(r"(?i)^\s*(?:and|but|or|instead|then|rather|while|also|only)\b"
                        r"|^\s*[a-z]{2,}[^s\W]s\b")
# Code the denial names (`ALTER TABLE t ADD c;`): its marks are no sentence's.
_CODE = re.compile(r"`[^`]+`")
_DENIAL_HEAD = re.compile(r"(?i)^\s*(?:(?:the\s+)?(?:response|answer|output|report|agent|"
                          r"review|it)\s+)?(?:does|do|did|must|should|will)\s+not\b|^\s*never\b"
                          r"|^\s*(?:doesn'?t|don'?t|won'?t|mustn'?t|shouldn'?t)\b")


def _tag_only(tag: str) -> bool:
    words = [w for w in re.split(r"[\s/]+", tag) if w]
    return 0 < len(words) <= _TAG_MOST_WORDS and not any(_INFLECTED.match(w) for w in words)


def without_notes(statement: str) -> str:
    """A denial less its closing tag and reason; any other statement as it is."""
    if not _DENIAL_HEAD.match(statement):
        return statement
    text = _CODE.sub("`code`", statement)  # (its lines kept: a list under the denial's head)
    said = _CLAIM_DENIED.match(text)
    dash = _DASH.search(text, said.end()) if said is not None else None
    if dash is not None:
        text = text[:dash.start()]
    aside = _ASIDE.search(text)
    if aside is not None and aside.start() and not _MORE_WORK.match(aside.group("aside")):
        text = text[:aside.start()]
    instead = _INSTEAD_NOTE.search(text) or _REASON_NOTE.search(text)
    if instead is not None:
        text = text[:instead.start()]
    participle = _PARTICIPLE_NOTE.search(text)
    if participle is not None:
        text = text[:participle.start()]
    tag = _TAG.search(text)
    if tag is not None and _tag_only(tag.group("tag")):
        text = text[:tag.start()]
    reason = _REASON.search(text)
    if reason is not None:
        text = text[:reason.start()]
    return text
