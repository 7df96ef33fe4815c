"""Statements of absence ("No em dash", "Does not contain 'As an AI'", "Never uses the word
delve"): what they say must not be in the work.

An absence cannot be shown by a quote (a grader can only quote what is present), so:
- `literal_absence` reads one whose operand is literal as not-contains checks, the operand as
  the author wrote it (a named character such as "em dash" is its character), on the material
  the statement names (a file it names, else the work). The whole statement must be consumed
  by the grammar below; anything more ("... when it is backed by evidence", "or its variants",
  a subject that is not the work, such as "Commit message") leaves it to the grader.
- `states_absence` tells the grader's absences (the ones left) from other statements, so their
  pass needs no quote (runner.scoring.statements).

Grammar (case-insensitive), the statement whole:

    [SUBJECT] NEGATION [INTRO] OPERAND {SEP OPERAND} [UNIT] [WHERE] [.]
    SUBJECT   the work's artefact (response, answer, output, draft, file, ...), a file name, it
    NEGATION  no | zero | without | never VERBs | does not VERB | must not VERB | don't VERB |
              has no | contains no | avoids | omits | excludes | is free of
    INTRO     any | a | the | (instances|occurrences|uses|mentions) of | word | phrase | string
              | character | ... (after "word"/"term"/"token" a bare word is the operand)
    OPERAND   a quoted text ('x', "x", `x`, “x”), a named character (em dash -> "—", or the
              character the author puts after it in brackets), or a bare token that looks
              literal (TODO, <script>, console.log; not a plain word like "competitors")
    WHERE     anywhere | in the response | in index.html | in any text of the file | ...

A list after a colon is read too ("The output excludes these canary strings: CANARY-7731,
SECRET_TOKEN_X", "Must not contain any of: `foo`, `bar`", "Output contains none of: TODO,
FIXME", "不得出现：「甲」、「乙」"): each item a not-contains check when every item is literal
(quoted, or a token that looks literal, or a short CJK word); a list of ideas ("Must not
contain any of: jargon, hedging") stays with the grader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from runner.analysis.wording import negation_pattern
from runner.analysis.wording_i18n import (
    NOT_CONTAINS_BEFORE,
    alternation,
    contraction_first,
    denies,
    joins_a_clause,
    lead_is_condition,
    main_clause,
    quoted_clause,
    states_bound,
    subject_ends,
)
from runner.scoring.conditional import without_inline
from runner.scoring.denial_notes import without_notes
from runner.scoring.on_calls import MARK as CALLS_MARK

FILE_NAME = r"`?(?:[\w-][\w.-]*/)*[\w-][\w.-]*\.[A-Za-z][A-Za-z0-9]{0,5}`?"
_ARTEFACT = (r"(?:response|answer|reply|output|text|draft|summary|report|document|prd|spec|"
             r"copy|post|article|essay|email|page|html|markup|code|file|markdown|content|result|work|"
             r"message|prose|body|writing|rewrite|translation|story|letter|script|outputs?)s?")
_ADJECTIVE = (r"(?:agent'?s|final|generated|written|produced|whole|entire|output|resulting|"
              r"new|returned|rewritten|edited|revised|updated|html|markdown)")
SUBJECT = (rf"(?:(?:the|its|your|a|an|each|every|any)\s+)?(?:{_ADJECTIVE}\s+)*{_ARTEFACT}"
           rf"|(?:the\s+)?{FILE_NAME}|it")
_VERB = (r"(?:contain|include|use|mention|say|output|emit|print|have|write|produce|add|show|"
         r"insert|return|leave|feature|display|repeat|introduce|keep|put)")
NEGATION = (
    rf"(?:(?:does|do|did|must|should|shall|will|may|can|is\s+to)\s+(?:not|never)"
    rf"|doesn'?t|don'?t|didn'?t|mustn'?t|shouldn'?t|won'?t|can'?t|cannot)"
    rf"\s+(?:ever\s+|at\s+all\s+)?{_VERB}"
    rf"|never\s+{_VERB}(?:s|es)?"
    rf"|(?:has|have|contains?|includes?|uses?|shows?|holds?|with)\s+(?:no|zero)"
    rf"|(?:avoids?|omits?|excludes?|lacks?|(?:is|are)\s+(?:free\s+of|without))"
    rf"|no|zero|without|free\s+of")
_HEAD = re.compile(rf"^(?:(?P<subject>{SUBJECT})\s+)?(?P<neg>{NEGATION})\s+", re.IGNORECASE)

_BARE_WORD_INTROS = {"word", "words", "term", "terms", "token", "tokens", "name", "names"}
_INTRO = re.compile(
    r"^(?:(?:any|a|an|the|single|literal|exact)\s+)*"
    r"(?:(?:instances?|occurrences?|uses?|usages?|mentions?)\s+of\s+(?:the\s+|a\s+|an\s+)?)?"
    r"(?:(?:literal|exact)\s+)?"
    r"(?P<noun>words?|phrases?|strings?|terms?|texts?|tokens?|characters?|chars?|symbols?|"
    r"markers?|expressions?|names?|sequences?)?\s*", re.IGNORECASE)
_QUOTES = {'"': '"', "'": "'", "`": "`", "“": "”", "‘": "’", "«": "»", "„": "“"}
# Characters authors name in words; a name with no literal form (emoji) stays with the grader.
NAMED_CHARACTERS: dict[str, tuple[str, ...]] = {
    r"em[\s-]?dash(?:es)?": ("—",),
    r"en[\s-]?dash(?:es)?": ("–",),
    r"(?:curly|smart|typographic)\s+quot(?:es|ation\s+marks)": ("“", "”", "‘", "’"),
    r"(?:unicode\s+)?ellipsis\s+characters?|ellipsis\s+glyphs?": ("…",),
    r"exclamation\s+(?:marks?|points?)": ("!",),
    r"semicolons?": (";",),
    r"non[\s-]?breaking\s+spaces?": ("\u00a0",),
    r"bullet\s+characters?|bullet\s+symbols?": ("•",),
}
_NAMED = re.compile(r"^(?:the\s+)?(?P<name>" + "|".join(NAMED_CHARACTERS) + r")"
                    r"(?:\s*\(\s*(?P<given>[^\s()]{1,8})\s*\))?", re.IGNORECASE)
_SEP = re.compile(r"^\s*(?:,\s*(?:or|and|nor)?|/|\bor\b|\band\b|\bnor\b)\s*", re.IGNORECASE)
_UNIT = re.compile(r"^\s*(?:(?:tags?|characters?|chars?|symbols?|calls?|statements?|markers?|"
                   r"comments?|strings?|words?|phrases?|lines?|occurrences?|instances?|"
                   r"placeholders?)\b)?", re.IGNORECASE)
_WHERE = re.compile(
    rf"^\s*(?:(?:anywhere|at\s+all|ever|whatsoever)\b\s*)?"
    rf"(?:(?:anywhere\s+)?(?:in|inside|within|throughout|across)\s+"
    rf"(?:(?:the|its|any|your|all|every|each)\s+)*(?:(?:text|part|line)s?\s+of\s+"
    rf"(?:(?:the|its|any)\s+)?)?(?P<where>{SUBJECT}))?\s*[.!]?\s*$", re.IGNORECASE)
_LITERAL_TOKEN = re.compile(r"^(?:[A-Z][A-Z0-9_]{2,}|\S*[^\w\s'’-]\S*|\S*\d\S*)$")


@dataclass(frozen=True)
class Absence:
    """A statement of absence read literally: texts that must not appear, and the file they
    must not appear in (None: the work the case's checks read)."""

    operands: tuple[str, ...]
    file: str | None = None


def _quoted(rest: str) -> tuple[str, str] | None:
    opener = rest[:1]
    closer = _QUOTES.get(opener)
    if closer is None:
        return None
    end = rest.find(closer, 1)
    if end <= 1:
        return None
    return rest[1:end], rest[end + 1:]


def _one_operand(rest: str, bare_word: bool) -> tuple[tuple[str, ...], str] | None:
    quoted = _quoted(rest)
    if quoted is not None:
        return (quoted[0],), quoted[1]
    named = _NAMED.match(rest)
    if named is not None:
        given = named.group("given")
        if given is not None:
            given = given.strip("'\"`“”‘’")
        key = next(k for k in NAMED_CHARACTERS if re.fullmatch(k, named.group("name"),
                                                               re.IGNORECASE))
        return ((given,) if given else NAMED_CHARACTERS[key]), rest[named.end():]
    token = re.match(r"^[^\s,/]+", rest)
    if token is None:
        return None
    text = token.group(0).rstrip(".!")
    if not text or not (_LITERAL_TOKEN.match(text) or bare_word and re.fullmatch(
            r"[\w'’-]+", text)):
        return None
    return (text,), rest[len(text):]


def _file_of(subject: str | None) -> str | None:
    found = re.fullmatch(rf"(?:the\s+)?({FILE_NAME})", subject or "", re.IGNORECASE)
    if found is not None:
        return found.group(1).strip("`")
    return None


# A denial heading a list over several lines ("Must not contain these words:\n- x\n- y"):
# the head on the first line, one item a line, bulleted or not.
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d{1,2}[.)、])\s+(?:\[[ xX]\]\s+)?")  # a checkbox too
_EMPHASIS = re.compile(r"\*\*|__")


def headed_list(statement: str) -> tuple[str, list[str]] | None:
    """A statement whose first line heads a list after a colon: that head (markdown emphasis
    and the colon dropped) and the items of the lines after it; else None."""
    lines = [line for line in _EMPHASIS.sub("", statement).splitlines() if line.strip()]
    if len(lines) < 2 or not lines[0].rstrip().endswith((":", "：")):
        return None
    items = [_BULLET.sub("", line).strip().rstrip(",，、;；") for line in lines[1:]]
    return lines[0].rstrip()[:-1].strip(), [item for item in items if item]


def literal_absence(statement: str) -> Absence | None:
    """The statement as not-contains checks, or None when it is not a whole statement of
    absence with literal operands (the grader's, then)."""
    if states_bound(statement):  # "no more than 3 'TODO'": a count, not an absence
        return None
    listed = headed_list(statement)
    if listed is not None:  # one not-contains check an item, never a positive item
        statement = f"{listed[0]}: " + ", ".join(listed[1])
    text = " ".join(statement.split()).strip()
    found = _english_absence(text) or _listed_absence(text)
    if found is not None:
        return found
    # another language ("No contiene 'X'" opens like English, so after it): a short subject,
    # then "does not contain 'X'" and nothing more
    other = quoted_clause(text, subject=True)
    return Absence(tuple(dict.fromkeys(other[1]))) if other and other[0] else None


# "[SUBJECT] excludes these canary strings:", "contains none of:", "不得出现：": the head of a
# list, at most four words between the denial and the colon, none opening a condition.
_LIST_HEAD = re.compile(
    rf"^(?:(?P<subject>{SUBJECT})\s+)?(?:{NEGATION}|(?:contains?|includes?|has|have|uses?|"
    rf"mentions?|shows?)\s+none|{alternation(NOT_CONTAINS_BEFORE)})"
    r"(?P<lead>(?:\s*[^\s:：]+){0,4}?)\s*[:：]\s*", re.IGNORECASE)
_OTHER_DENIAL = re.compile(alternation(NOT_CONTAINS_BEFORE), re.IGNORECASE)
_LIST_LEAD_STOP = re.compile(r"(?i)\b(?:unless|except|when|if|but|that|which|and|or|where)\b")
_LIST_SEP = re.compile(r"^\s*(?:[,，、;；/]\s*(?:(?:or|and|nor)\b)?|\b(?:or|and|nor)\b)\s*",
                       re.IGNORECASE)
_CJK_WORD = re.compile(r"^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]{1,4}$")
_CJK_QUOTES = {"「": "」", "『": "』", "“": "”"}


def _list_item(rest: str) -> tuple[str, str] | None:
    opener = rest[:1]
    if opener in _CJK_QUOTES:
        end = rest.find(_CJK_QUOTES[opener], 1)
        return (rest[1:end], rest[end + 1:]) if end > 1 else None
    quoted = _quoted(rest)
    if quoted is not None:
        return quoted
    token = re.match(r"^[^\s,，、;；]+", rest)
    if token is None:
        return None
    text = token.group(0)
    literal = _LITERAL_TOKEN.match(text) or _CJK_WORD.match(text) and "的" not in text
    return (text, rest[len(text):]) if literal else None


def _listed_absence(text: str) -> Absence | None:
    """A denial heading a list after a colon, every item literal; in another language after
    a short subject too ("La respuesta no debe contener: ...", "回答中不包含：...")."""
    for start in subject_ends(text):
        found = _listed_from(text, start)
        if found is not None:
            return found
    return None


def _listed_from(whole: str, start: int) -> Absence | None:
    text = whole[start:]
    head = _LIST_HEAD.match(text)
    if head is None or _LIST_LEAD_STOP.search(head.group("lead")):
        return None
    if start and _OTHER_DENIAL.match(text) is None:
        return None  # after a subject only another language's denial ("Commit message ...")
    rest = re.sub(r"[.。!！]$", "", text[head.end():].strip())
    operands: list[str] = []
    while rest:
        found = _list_item(rest)
        if found is None:
            return None
        operands.append(found[0])
        sep = _LIST_SEP.match(found[1])
        if sep is None and found[1].strip():
            return None
        rest = found[1][sep.end():] if sep else ""
    if not operands:
        return None
    return Absence(tuple(dict.fromkeys(operands)), _file_of(head.group("subject")))


def _english_absence(text: str) -> Absence | None:
    head = _HEAD.match(text)
    if head is None:
        return None
    rest = text[head.end():]
    intro = _INTRO.match(rest)
    noun = (intro.group("noun") or "").lower() if intro else ""
    rest = rest[intro.end():] if intro else rest
    operands: list[str] = []
    while True:
        found = _one_operand(rest, noun in _BARE_WORD_INTROS)
        if found is None:
            return None
        operands += found[0]
        rest = found[1]
        sep = _SEP.match(rest)
        if sep is None or not sep.group(0).strip():
            break
        after = rest[sep.end():]
        if _one_operand(after, noun in _BARE_WORD_INTROS) is None:
            break
        rest = after
    unit = _UNIT.match(rest)
    # "No API calls": calls made to a service, a word in capitals, not a text of the work
    # ("No console.log calls" names code, a text)
    if unit and re.match(r"(?i)\s*calls?\b", unit.group(0)) \
            and all(re.fullmatch(r"[A-Z][A-Z0-9]+", o) for o in operands):
        return None
    rest = rest[unit.end():] if unit else rest
    where = _WHERE.match(rest)
    if where is None or not operands:
        return None
    file = _file_of(where.group("where")) or _file_of(head.group("subject"))
    return Absence(tuple(dict.fromkeys(operands)), file)


# A statement whose one clause denies something: it passes when nothing breaks it. Before the
# denial, at most a short subject without a conjunction ("The final summary", "CLAUDE.md"),
# and no verb that reports what the work says ("Output says X is not Y" must quote it).
_PREFIX = (r"(?:(?!(?:and|but|or|then|while|that|whether|why|because|if|says?|states?|"
           r"explains?|notes?|mentions?|reports?|shows?|confirms?|answers?|tells?|warns?|"
           r"clarifies|argues?|concludes?|recommends?|reminds?|advises?|emphasi[sz]es|"
           r"highlights?|indicates?|specifies|points|informs?|suggests?|acknowledges?|"
           r"admits?|identifies|recogni[sz]es|insists?|stresses|cautions?)\b)[\w'’.-]+\s+)"
           r"{0,5}?")
_DENIES = re.compile(
    r"^(?:the\s+run\s+avoids\s+this|(?:no|zero|without|never|nothing|none|neither)\b"
    r"(?!-[^\W\d_]+(?:[\s,.;:!?)]|$))"  # "No-op handling": a word, no denial
    rf"|{_PREFIX}(?:does|do|did|must|should|shall|will|may|can|is|are|was|were|has|have)"
    r"\s+(?:not|never)\b"
    rf"|{_PREFIX}(?:doesn'?t|don'?t|didn'?t|mustn'?t|shouldn'?t|won'?t|can'?t|cannot|isn'?t|"
    r"aren'?t|wasn'?t|weren'?t|hasn'?t|haven'?t)\b"
    rf"|{_PREFIX}never\b"
    rf"|{_PREFIX}(?:has|have|contains?|includes?|uses?|shows?|holds?)\s+(?:no|zero)\b"
    r"(?!-[^\W\d_]+(?:[\s,.;:!?)]|$))"  # "Uses zero-capacity channels": a word, no denial
    # (an infinitive modifies the noun before it, "Covers dark patterns to avoid": the
    # topic to cover, never the verb of the clause)
    rf"|{_PREFIX}(?<!\bto\s)(?:avoids?|omits?|excludes?|lacks?|(?:is|are)\s+free\s+of)\b)",
    re.IGNORECASE)
# ...and nothing it must show besides (a positive clause needs its quote).
# (a second sentence too: a full stop, then a capital)
# (or a clause after a spaced dash: "Does NOT proceed \u2014 asks the user to clarify")
# (a clause that is itself a denial, or an alternative, is no positive: "and never X", "or Y")
_NOT_SHOWN = rf"(?:{negation_pattern(but=('do not', 'does not'))}|or)\b"
# (a clause after a semicolon about "any" of a kind, "; any suggestions are framed as minor",
# binds only what the work holds: met by holding none, so no positive either)
_ALSO_SHOWS = re.compile(r";(?!\s*(?:if\s+)?any\b)|[.!?]\s+[A-Z]|(?i:(?:,?\s+|\(\s*)\b(?:and|but|"
                         rf"instead|rather|while|whereas|then)\b\s+(?!{_NOT_SHOWN}))"
                         rf"|(?i:\s[\u2014\u2013-]+\s+(?!{_NOT_SHOWN})\w)")
AVOIDS = "the run avoids this"
# after the third person's "does not", a verb in its bare form after "and" ("Does NOT
# silently pick one and write") is the same denied act; a second claim would be "and writes"
_DOES_NOT = re.compile(r"(?i)^(?:\S+\s+){0,3}?(?:(?:does|did)\s+not|doesn'?t|didn'?t)\b")
_AND_BARE = re.compile(r"(?i)\s+and\s+(?!(?:then|instead|rather|also|but|so)\b)"
                       r"(?=(?P<verb>[a-z]+)\b)")


# A denial of a noun phrase ("has no status box where border, text, and background ...",
# "No card inside a card"), as opposed to one of an act ("Does not X, and explains Y").
_NO_NOUN = re.compile(r"(?i)^(?:no|zero)\b|\b(?:has|have|contains?|includes?|uses?|shows?|"
                      r"holds?)\s+(?:no|zero)\b")
# After "and" in such a denial, a second claim opens with its own verb: an auxiliary, or a
# third-person verb with its object after it ("and explains why", "and lists the risks");
# any other word is one more item of what is denied ("border, text, and background").
_CLAIM_AFTER_AND = re.compile(
    r"(?i)(?:,?\s+|\(\s*)\b(?:and|but|while|then)\s+(?:(?:also|then|still)\s+)?"
    # ("and the summary is short": a subject of its own, then its verb)
    r"(?:(?:the|a|an|its|their|each|every|all|it|they|this|these)\s+(?:[\w-]+\s+){0,2}?)?"
    # a verb of its own: an auxiliary, a third-person verb with a word after it ("and uses
    # descriptive names", "and lists issues found"), or a bare verb of doing ("and include a
    # summary")
    r"(?:(?:is|are|was|were|has|have|does|do|can|should|must|will|may)\b|[a-z]+s\s+\w"
    r"|(?:include|use|add|list|name|explain|keep|give|show|state|write|return|mention|"
    r"provide|ask|cite|end|start|offer|suggest|make|report|flag|note|link)\b)")
_AND_ITEM = re.compile(r"(?i)(?:,?\s+)\b(?:and|but|while|then)\b\s+")
_EXAMPLE = re.compile(r"\s*\([^()]*\)")


def _listed_items(denied: str) -> str:
    """A noun-phrase denial with its examples in parentheses ("(Not a X. A Y.)", "(10k+,
    99.9%)") and the "and"s joining its items taken out: one denial, whatever it lists. An
    "and" opening a clause of its own stays (the denial then also shows something)."""
    if not _NO_NOUN.search(denied):
        return denied
    text = _EXAMPLE.sub("", denied)
    out, at = [], 0
    for join in _AND_ITEM.finditer(text):
        if _CLAIM_AFTER_AND.match(text, join.start()):
            continue
        out.append(text[at:join.start()] + " ")
        at = join.end()
    return "".join(out) + text[at:]


def _one_denied_act(denied: str) -> str:
    """The denial with the "and" that joins bare verbs under one "does not" taken out."""
    if not _DOES_NOT.match(denied):
        return denied
    return _AND_BARE.sub(lambda m: m.group(0) if m.group("verb").endswith(("s", "ed"))
                         else " ", denied)
_LASTS_UNTIL = re.compile(r"(?i)\s+(?:until|unless|before|till)\s+(?=\w)")


# An author's label before the sentence ("does_not_restart: Response does NOT ..."): an
# identifier, never words of the statement.
_LABEL = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+:\s+")


_AVOIDED = re.compile(r"^the\s+run\s+avoids\s+this(?:\s+\w+)?\s*:\s*", re.IGNORECASE)
# A failure that names what is missing ("Missing the Risks section", "Lacks a summary").
_LACKS = re.compile(r"^(?:(?:the\s+)?(?:response|answer|output|report|it)\s+)?"
                    r"(?:missing|lacks?|lacking|omits?|omitting|absent|without)\b",
                    re.IGNORECASE)


# A ceiling on an act, no count ("At most offer minor suggestions", "No more than note the
# assertion"): what the work may do at most, met by doing less or nothing, so no quote. A
# number, a determiner or a quantifier after it makes it a count bound (states_bound) or a
# noun's bound ("at most a few lines"), never this.
_CEILING = re.compile(
    r"(?i)^(?:at\s+most|no\s+more\s+than)\s+(?!(?:\d|a|an|the|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|few|several|some|half|once|twice|thrice|single|couple|dozen|"
    r"hundred|[\w-]+(?:teen|ty)|(?:\w+\s+)?(?:times?|percent|words?|lines?|items?|"
    r"sentences?|paragraphs?|pages?|characters?|chars?|minutes?|seconds?))\b)[a-z]+\b"
    r"(?!\s+(?:words?|lines?|items?|times?|of)\b)")


def ceiling_on_acts(statement: str) -> bool:
    """The statement caps what the work does, with no count ("At most offer minor
    suggestions, clearly marked as optional polish"): an absence for the grader."""
    return _CEILING.match(" ".join(statement.split())) is not None


# A claim of what the work does, the negation only its contrast ("使用了 A 而不是 B", "Uses A
# instead of B", "A rather than B") or inside what it knows ("知道 Solana 没有 X", "knows that
# Solana has no X"): the claim needs its quote, no absence.
_ASSERTS_FIRST = re.compile(
    r"^\s*(?:[^不没無无非未别別勿]{1,40}?(?:而不是|而非|而不)|(?:知道|了解|意识到|意識到|明白|清楚|"
    r"指出|说明|說明|提到)(?!的)|(?i:(?:uses?|used|chooses?|picks?|prefers?|queries|selects?)\s+\S+"
    r"(?:\s+\S+){0,3}?\s+(?:instead\s+of|rather\s+than)\b|knows?\s+that\b|"
    # a finding the work must report, whatever it denies: "Verifies no existing skill covers
    # X", "Confirms that no test was skipped", "Explains why no index is used" ("Mentions no
    # competitor", "Says nothing about price" keep their denial)
    r"(?:verif(?:y|ies|ied)|confirms?|acknowledges?|identifies|determines|establishes|"
    r"explains?|points?\s+out|(?:states?|notes?|reports?)\s+that)\s+(?!nothing\b)))")
# A head naming what a thing holds, then one item after its colon.
_HOLDING = re.compile(r"(?i)^[^:]{3,160}?\b(?:with|containing|including|having|has|have)\s*:\s*"
                      r"(\S.*)$")
# Words the statement quotes are named, not said: "禁止性条款（含'禁止'、'不得'）用红色标注" marks
# clauses holding those words; it denies nothing. (An opening quote after a letter is an
# apostrophe: "Don't use 'foo'".)
_MENTIONED = re.compile(r"(?<![A-Za-z])(?:'[^'\n]{1,16}'(?![A-Za-z])|\"[^\"\n]{1,16}\"|"
                        r"‘[^’\n]{1,16}’|“[^”\n]{1,16}”|「[^」\n]{1,16}」|『[^』\n]{1,16}』)")
# "explanation, suggestion, or manual steps alone are not success": what alone fails, the
# work passes unless it is only that (no quote can show it).
_ALONE_FAILS = re.compile(r"(?i)\b(?:alone|only|by\s+(?:itself|themselves))\s+(?:is|are)\s+"
                          r"not\s+(?:a\s+)?(?:success|enough|sufficient|a\s+pass|passing)"
                          r"\W*$")  # (nothing it demands after: "...: the agent must also ...")


# A denial of too many of something ("does not use three or more identical cards", "has no
# more than two levels"... "never uses more than 2 fonts"): met by holding fewer, or none, so
# an absence, never a count the work must show. A minimum after the denial's own "no" ("No
# fewer than 3 tiers") is no denial: a minimum needs what it counts.
_MANY = (r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)")
_DENIED_EXCESS = re.compile(
    r"(?i)(?:\b(?:does|do|did|must|should|will)\s+not|\b(?:doesn'?t|don'?t|mustn'?t|"
    r"shouldn'?t|won'?t|never)|\b(?:has|have|contains?|includes?|uses?|shows?)\s+no"
    r"(?!\s+(?:more|fewer|less)\s+than))\s+"
    # (never a condition between: "Does not fail when more than three files are given" is
    # robustness, a requirement)
    rf"(?:(?!(?:when|if|with|after|given|once|unless|while)\b)[\w-]+\s+){{0,4}}?"
    rf"(?:{_MANY}\s+or\s+more|more\s+than\s+{_MANY})\b")


# An allowance with a ceiling ("At most one optional follow-up is acceptable", "Up to two
# clarifying questions are fine"): a limit, met by fewer or none; more than it fails.
_CAPPED_ALLOWANCE = re.compile(
    rf"(?i)^\s*(?:at\s+most|no\s+more\s+than|up\s+to)\s+{_MANY}\b.*\b(?:is|are)\s+"
    r"(?:also\s+)?(?:acceptable|fine|ok(?:ay)?|allowed|permitted|tolerated)\W*$")


def allowance_capped(statement: str) -> bool:
    return bool(_CAPPED_ALLOWANCE.search(" ".join(statement.split())))


def denied_excess(statement: str) -> bool:
    """The statement denies too many of something (`_DENIED_EXCESS`), or denies a thing
    whose bound only its parentheses give ("contains no em-dash saturation (no more than 1
    per 500 characters)": the author's measure of what is denied), or caps what it allows
    (`_CAPPED_ALLOWANCE`)."""
    text = " ".join(statement.split())
    return bool(_DENIED_EXCESS.search(text)) or allowance_capped(text) or (
        not states_bound(_EXAMPLE.sub("", text)) and _DENIES.match(
            _LABEL.sub("", _EXAMPLE.sub("", text), count=1)) is not None)


_BOLD = re.compile(r"\*\*|(?<![\w_])__(?=\S)|(?<=\S)__(?![\w_])")


# An absence, then the same said as what alone is there ("no code, purely business
# questions", "不包含代码，纯业务问题"): one lack.
_PURELY_AFTER = re.compile(r"^(?P<head>.+?)[，,；;]\s*(?:纯|純|仅|僅|只有|全是|全为|purely|only|"
                           r"just)\s*[^，,；;。.!?！？]{1,30}[。.]?$", re.IGNORECASE)


# A list item's own punctuation ("does not silently drop them;", "...; and"): no word of it.
_LIST_PUNCT = re.compile(r"(?:\s*(?:[;,；，、]|\b(?:and|or)\b))+\s*$")


def states_absence(statement: str) -> bool:
    """Only says something is not there (or not done): a grader cannot quote an absence, so
    such a statement passes on the grader's word that nothing breaks it. What the reader
    writes as "The run avoids this: ..." (a `must_avoid` sentence, a failure) is one. A count
    bound is none, whatever its negation ("no fewer than 3 tiers", "不少于3条", "не менее 3"):
    a minimum needs what it counts to be there (passed on no quote, it would pass on an
    empty answer), and a maximum is a count to check, not a text that must be missing."""
    # Markdown bold ("**没有直接出 prompt**", "**Never** names") is emphasis, no word; the
    # author's closing tag and reason are no claim, nor a condition in parentheses
    statement = without_inline(without_notes(_BOLD.sub("", statement)))
    statement = _MENTIONED.sub("X", _LIST_PUNCT.sub("", statement))
    if _ASSERTS_FIRST.search(statement):
        return False
    if _ALONE_FAILS.search(statement):
        return True
    if ceiling_on_acts(statement) or allowance_capped(statement):
        return True
    if states_bound(statement) and not statement.lower().startswith(AVOIDS) \
            and not denied_excess(statement):
        return False
    listed = headed_list(statement)
    if listed is not None:  # the head denies every item under it
        return bool(listed[1]) and states_absence(listed[0])
    text = _LABEL.sub("", " ".join(statement.split()), count=1)
    # the reader's mark of a statement about the tool calls is no word of it
    text = text.removeprefix(CALLS_MARK.strip()).strip()
    if text.lower().startswith(AVOIDS):
        # what the run avoids is itself a lack ("The run avoids this failure: Does not
        # include a 'Risks' section", "...: Missing the summary"): two negations require it
        # (its head denies, in English: another language's negation inside a condition,
        # "在没有 X 时执行 Y", is an action to avoid all the same)
        avoided = _AVOIDED.sub("", text, count=1)
        return not (_LACKS.match(avoided) or _DENIES.match(avoided)
                    and not main_clause(avoided) and states_absence(avoided))
    held = _HOLDING.match(text)
    if held is not None:
        # one item of what a made thing holds, after its head ("A .drawio file containing a
        # diagram with: no figure caption text"): the item is the claim, its siblings the
        # rest; a head that denies ("Never ends the reply with: a question") denies it
        head = text[:held.start(1)].rstrip().rstrip(":").rstrip()
        return states_absence(head) or states_absence(held.group(1))
    purely = _PURELY_AFTER.match(text)
    if purely is not None and states_absence(purely.group("head")):
        return True  # "不包含任何代码片段，纯业务问题清单": the lack, restated as what is left
    main = main_clause(text)  # a negated reason or condition denies nothing of the work
    if main is not None:
        # a forbidding main clause after a clause that requires something ("First answer X,
        # then Y, do not swap them") is no absence: the first clause needs its quote
        return states_absence(main) and (lead_is_condition(text, main) or states_absence(
            text[:len(text) - len(main)].rstrip().rstrip(",，、").rstrip()))
    if _DENIES.match(text) and not contraction_first(text):
        # "No ..." opens a denial in Spanish too: its "y" joins as well (Portuguese's "No
        # momento da compra" is "at the moment of", no denial). What comes after "until" /
        # "unless" / "before" is the time the denial lasts ("Do not record X until Gmail
        # shows a message with the recipient and the attachment"): its "and" joins no claim.
        head, *lasts = _LASTS_UNTIL.split(text, maxsplit=1)
        rest = re.search(r"[,;]", lasts[0]) if lasts else None  # a clause after it still joins
        denied = head + (lasts[0][rest.start():] if lasts and rest else "")
        denied = _listed_items(_one_denied_act(denied))
        return not _ALSO_SHOWS.search(denied) and not joins_a_clause(denied)
    return denies(text)  # another language's denial
