"""An expected output that is a case's only criterion, split into the claims it makes.

A paragraph such as "Should name the two tables. Should explain the join, then give code
that: (1) downloads both, (2) plots them." is several claims. Graded as one statement it
needs one quote (at most 300 characters) that shows every claim at once, which work spread
over an answer and its files can never give: the case fails in every arm. Each sentence,
bullet, semicolon part or numbered item is therefore a statement of its own; an item after a
lead-in ("... code that: (1) ...", "Catches: a; b") keeps the lead-in, so it still reads as
a claim. The whole text still reaches the grader as the expected output (its context).

Nothing is split inside brackets, quotes or code, after an abbreviation ("e.g.", "vs."), or
before a lower-case word (a number or a file name is no sentence end). Alternatives are never
split into claims that must all pass: a text that offers them ("either X or Y", "X, or else
Y", "... is also acceptable") stays whole, a sentence whose parts are branches ("if A it
does X; if B it does Y") stays one claim, and verbs joined by "or" ("flags it, or writes
Z") stay one claim.
"""

from __future__ import annotations

import re

from runner.analysis.wording import CJK
from runner.authoring.program_types import CONVENTIONAL

# An expected output shorter than this is one claim, however it is punctuated (counted as
# _weight counts).
MIN_LENGTH = 100
# A part shorter than this (in characters; one of Chinese, Japanese or Korean counts two) is
# no claim of its own: it joins the one before.
_MIN_PART = 12
_OPEN, _CLOSE = "([{\u201c\u00ab\u300c\uff08", ")]}\u201d\u00bb\u300d\uff09"
_ABBREVIATIONS = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|resp|Mr|Ms|Dr|No|"
                            r"z\.B|d\.h|bzw|usw|ca|p\.ex|т\.е|т\.д)\.|\b\w\.)$", re.IGNORECASE)
_BULLET = re.compile(r"^\s*(?:[-*\u2022\u00b7]|\d{1,2}[.)]|\(\d{1,2}\))\s+(?:\[[ xX]\]\s+)?")
_ENUMERATED = re.compile(r"\(\d{1,2}\)\s*|(?<![\w.])\d{1,2}\)\s+")
_SENTENCE_END = "。！？!?."
_CJK_END = "。！？；"


# Wording that offers alternatives across the text: which sentence it relaxes is the
# author's, so the text is one claim.
_ALTERNATIVES = re.compile(r"\beither\b[^.;:]*\bor\b|\bor\s+else\b|\balternatively\b|"
                           r"\b(?:is|are)\s+(?:also|equally)\s+(?:acceptable|fine|ok|okay|"
                           r"valid|allowed|correct)\b", re.IGNORECASE)
# A part that opens a branch: the sentence's parts are alternatives, not claims.
_BRANCH = re.compile(r"^(?:if|when|whenever|unless|otherwise|else|or)\b", re.IGNORECASE)


def _top_level_cuts(text: str, marks: str) -> list[int]:
    """Positions just after a mark in `marks` outside brackets, quotes and code."""
    depth, code, quoted, cuts = 0, False, False, []
    for n, char in enumerate(text):
        if char == "`":
            code = not code
        elif char == '"' and not code:
            quoted = not quoted
        elif char in _OPEN and not code:
            depth += 1
        elif char in _CLOSE and not code and depth:
            depth -= 1
        elif char in marks and not (depth or code or quoted):
            cuts.append(n + 1)
    return cuts


def _split_at(text: str, cuts: list[int]) -> list[str]:
    parts, start = [], 0
    for cut in [*cuts, len(text)]:
        parts.append(text[start:cut].strip())
        start = cut
    return [p for p in parts if p]


def _sentences(text: str) -> list[str]:
    cuts = []
    for cut in _top_level_cuts(text, _SENTENCE_END + _CJK_END):
        after = text[cut:cut + 2]
        mark = text[cut - 1]
        if mark in _CJK_END:
            cuts.append(cut)
        elif after[:1].isspace() and after[1:2] and not after[1:2].islower() \
                and not _ABBREVIATIONS.search(text[max(0, cut - 8):cut]) \
                and not text[max(0, cut - 3):cut - 1].strip().isdigit():
            cuts.append(cut)
    return _split_at(text, cuts)


def _with_lead(lead: str, items: list[str]) -> list[str]:
    lead = lead.strip()
    return [f"{lead} {item}" if lead else item for item in items]


# Verbs an expected output lists claims with ("Should identify X, explain Y, and warn Z").
# A lexicon, not a guess at parts of speech: "Lists files, folders and links" stays one.
_VERBS = frozenset({
    "identify", "explain", "produce", "show", "warn", "mention", "include", "list", "name",
    "suggest", "recommend", "describe", "provide", "ask", "use", "create", "write", "give",
    "note", "flag", "offer", "reference", "cite", "run", "call", "read", "check", "verify",
    "confirm", "state", "return", "report", "add", "avoid", "propose", "apply", "open",
    "save", "generate", "summarize", "summarise", "compare", "highlight", "point", "link",
    "keep", "follow", "present", "consult", "fill", "draft", "parse", "fix", "commit",
    "calculate", "compute", "estimate", "detect", "catch", "refuse", "decline", "reject",
    "prompt", "tell", "clarify", "distinguish", "recognize", "recognise", "output", "build",
    "update", "delete", "remove", "install", "test", "validate", "convert", "format", "sort",
    "group", "rank", "prioritize", "prioritise", "document", "outline", "plan", "map", "trace",
    "load", "download", "query", "search", "fetch", "analyze", "analyse", "assess", "rate",
    "score", "label", "classify", "tag", "split", "merge", "join", "plot", "chart", "draw",
    "render", "export", "import", "print", "insert", "attach", "send", "post", "quote",
    "restate", "acknowledge", "address", "cover", "define", "justify", "specify", "stop",
})
_MODAL_LEAD = re.compile(r"^(?P<lead>(?:(?:it|the\s+\w+|claude|the\s+agent)\s+)?"
                         r"(?:should|must|shall|needs?\s+to|will)\s+(?:also\s+)?)"
                         r"(?P<verb>[a-z]+)\b", re.IGNORECASE)
_VERB_CUT = re.compile(r",\s+(?:and\s+|or\s+|then\s+|and\s+then\s+)?(?=(?P<word>[a-z]+)\b)")


def _third(verb: str) -> str:
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x", "z", "o")) else "s") \
        if not (verb.endswith("y") and verb[-2:-1] not in "aeiou") else verb[:-1] + "ies"


_THIRD = frozenset(_third(v) for v in _VERBS)


def _verb_list(sentence: str) -> list[str]:
    """"Should identify X, explain Y, and produce Z" -> each verb phrase with the modal lead;
    "Identifies X, explains Y and warns Z" -> each verb phrase. Else the sentence."""
    modal = _MODAL_LEAD.match(sentence)
    if modal is not None and modal.group("verb").lower() in _VERBS:
        lead, verbs, body = modal.group("lead"), _VERBS, sentence[modal.end("lead"):]
    elif sentence.split(" ", 1)[0].lower() in _THIRD:
        lead, verbs, body = "", _THIRD, sentence
    else:
        return [sentence]
    cuts = [m for m in _VERB_CUT.finditer(body) if m.group("word").lower() in verbs
            and m.start() in {c - 1 for c in _top_level_cuts(body, ",")}]
    if not cuts or any(re.match(r",\s+or\b", c.group(0)) for c in cuts):
        return [sentence]  # "flags it, or writes Z": alternatives, one claim
    parts, start = [], 0
    for cut in cuts:
        parts.append(body[start:cut.start()].strip())
        start = cut.end()
    parts.append(body[start:].strip())
    return _with_lead(lead, [p for p in parts if p])


def _items(sentence: str) -> list[str]:
    """A sentence's numbered items ("that: (1) a, (2) b") or semicolon parts, each with the
    lead-in before them; else the sentence."""
    found = list(_ENUMERATED.finditer(sentence))
    if len(found) >= 2:
        lead = sentence[:found[0].start()]
        items = [sentence[m.end():(found[n + 1].start() if n + 1 < len(found) else None)]
                 for n, m in enumerate(found)]
        cleaned = [re.sub(r"(?:[,;]\s*(?:and|or)?|\s+(?:and|or))\s*$", "", i.strip())
                   .strip() for i in items]
        return _with_lead(lead, [c for c in cleaned if c])
    parts = _split_at(sentence, _top_level_cuts(sentence, ";\uff1b"))
    parts = [p.rstrip(";\uff1b").strip() for p in parts]
    if len(parts) < 2:
        return _verb_list(sentence)
    if any(_BRANCH.match(p) for p in parts[1:]):
        return [sentence]  # "if A, X; if B, Y": one branch holds, never both
    head, colon, _ = parts[0].partition(": ")
    lead = f"{head}:" if colon and len(head) < 80 else ""
    return [parts[0], *_with_lead(lead, parts[1:])]


def _weight(text: str) -> int:
    """Characters, one of a script written without spaces counting two (it says what two or
    three letters do)."""
    return len(text) + len(CJK.findall(text))


def _joined(parts: list[str]) -> list[str]:
    out: list[str] = []
    verdict = ""  # "PASS.", "FAIL at Phase 2.": the verdict the sentence after it explains
    for part in parts:  # "体现推回而非讨好。" (9 characters) is a claim of its own
        if verdict:
            part, verdict = f"{verdict} {part}", ""
        if _VERDICT.match(part) and part is not parts[-1]:
            verdict = part
        elif out and _weight(part) < _MIN_PART:
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


# A verdict in capitals opening an expected output ("PASS.", "FAIL at Phase 2.", "EXPLORE
# Phase 1."): said of what follows it, never a claim a quote shows alone.
_VERDICT = re.compile(r"^[A-Z]{3,}(?:\s+[A-Z]{2,})?(?:[.!]|\s+(?:at|in|on|after|before|"
                      r"[Pp]hase|[Ss]tep|[Ss]tage)\b[^.!?:]{0,25}[.!]?)$")


# A program in the set's folders or under a grader's usual name ("evals/check_features.py
# should report 10/10", "grade.py passes"): an expected output naming it is that program's
# to decide whole (runner.authoring.programs), never split.
_SET_PROGRAM = re.compile(r"(?<![\w.-])(?:[\w.-]+/)*(?:evals?|tests?|evaluations)/"
                          r"(?:[\w.-]+/)*[\w.-]+\.(?:py|sh|bash|js)(?![\w-])")
_PROGRAM_NAME = re.compile(r"[\w.-]+\.(?:py|sh|bash|js)(?![\w-])")


def _names_a_grader(text: str) -> bool:
    return _SET_PROGRAM.search(text) is not None or any(
        CONVENTIONAL.match(name) for name in _PROGRAM_NAME.findall(text))


# A heading line naming what the text is ("# Expected baseline", "## Expected output", "###
# Expected behaviour (with skill)"): a title, no claim.
_TITLE = re.compile(r"(?i)^\s{0,3}#{1,6}\s+(?:the\s+)?(?:expected|ideal|baseline)"
                    r"(?:\s+[\w-]+){0,2}\s*(?:\([^)]*\))?\s*:?\s*$")


def expected_claims(text: str) -> list[str]:
    """The claims of an expected output: one item for a short or single-claim text."""
    text = text.strip()
    if _weight(text) < MIN_LENGTH or _names_a_grader(text) or _ALTERNATIVES.search(text):
        return [text]
    # (a Markdown heading that only titles the text, "# Expected baseline", claims nothing)
    lines = [line for line in text.splitlines() if line.strip() and not _TITLE.match(line)]
    parts: list[str] = []
    lead = ""
    for line in lines:
        bullet = _BULLET.match(line)
        if bullet:
            parts += _with_lead(lead, [line[bullet.end():].strip()])
            continue
        lead = ""
        sentences = _sentences(line.strip())
        for sentence in sentences:
            parts += _items(sentence)
        if sentences and sentences[-1].endswith((":", "\uff1a")):
            lead = parts.pop() if parts and parts[-1] == sentences[-1] else ""
    claims = [_unnumbered(c) for c in _joined(parts)]
    return claims if len(claims) > 1 else [text]


# An item's number left on it when a sentence mark cut the list first ("包含：1) a；2) b"): no
# part of the claim, and before a negation it hides the absence ("7) 不使用 X").
# (a decimal, "2.5 seconds", "3.11", is the claim's own number)
_NUMBER_AT_START = re.compile(r"^\s*(?:\d{1,2}(?:\.(?=\s)|[)、])|[(（]\d{1,2}[)）])\s*")
_NUMBER_AFTER_LEAD = re.compile(r"([:：])\s*(?:\d{1,2}\)|[(（]\d{1,2}[)）])\s*")


def _unnumbered(claim: str) -> str:
    return _NUMBER_AFTER_LEAD.sub(lambda m: m.group(1) + ("" if m.group(1) == "：" else " "),
                                  _NUMBER_AT_START.sub("", claim), count=1).strip()
