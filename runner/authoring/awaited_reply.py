"""A case whose expected steps need the user's reply mid-run (issue 26, multi-turn cases): one
step asks the user (for a confirmation, an approval, an answer), a later one acts after the
reply ("after confirmation, write the change"). Run as one turn, no reply ever comes: the steps
after it cannot happen in any arm, so the case is a multi-turn case without its turn (EV015),
unless a follow-up turn gives the reply (then it is sent, runner.authoring.dialects `_turns`).

The words are read in the languages the case-set rules read (English, Russian, Chinese,
Spanish, French, German, Portuguese; a criterion's question-then-act also in Korean and
Japanese, where "after" follows the question); a step list is any list of texts under a name
that says steps or what is expected (`expected_trajectory`, `steps`, `expectations`, `workflow`).
"""

from __future__ import annotations

import re
from typing import Any

from runner.analysis.wording_i18n import Table, compiled
from runner.authoring.fields import words as field_words

# A step acting once the user has replied.
AFTER_REPLY: Table = {
    "en": (r"(?:after|once|upon|when)\s+(?:the\s+user(?:'s)?\s+|they\s+|the\s+|their\s+|"
           r"explicit\s+|human\s+)?(?:confirm\w*|approv\w*|answer\w*|repl\w*|consent\w*|"
           r"sign-?off|go-?ahead)",
           r"(?:after|once|when)\s+(?:the\s+user|they)\s+(?:says?|gives?|grants?)\s+"
           r"(?:yes|ok|approval|confirmation)"),
    "ru": (r"после\s+(?:\w+\s+)?(?:подтвержден\w*|согласи\w*|одобрени\w*|ответ\w*)",
           r"когда\s+пользователь\s+(?:подтверд\w*|соглас\w*|ответ\w*)"),
    "zh": (r"(?:用户|用戶|对方|對方)?(?:确认|確認|同意|批准|回复|回覆|答复|答覆)(?:之)?(?:后|後)",),
    "es": (r"(?:tras|despu[eé]s\s+de)\s+(?:la\s+|su\s+)?(?:confirmaci[oó]n|aprobaci[oó]n|"
           r"respuesta)",),
    "pt": (r"(?:ap[oó]s|depois\s+d[aeo])\s+(?:a\s+)?(?:confirma[cç][aã]o|aprova[cç][aã]o|"
           r"resposta)",),
    "fr": (r"apr[eè]s\s+(?:la\s+|sa\s+|leur\s+)?(?:confirmation|approbation|validation|"
           r"r[eé]ponse)",),
    "de": (r"nach\s+(?:der\s+|seiner\s+|ihrer\s+)?(?:best[aä]tigung|freigabe|zustimmung|"
           r"antwort)",),
}
# A step that asks the user and waits.
ASKS_USER: Table = {
    "en": (r"asks?|asking|request\w*\s+(?:\w+\s+){0,3}(?:confirmation|approval|sign-?off)|"
           r"wait\w*\s+for\s+(?:the\s+user|confirmation|approval|an?\s+answer)|"
           r"confirm\w*\s+with\s+the\s+user|prompts?\s+the\s+user",),
    "ru": (r"запр\w*\s+(?:\w+\s+)?подтвержд\w*|спрос\w*|задать\s+(?:\w+\s+){0,3}вопрос\w*|"
           r"зада[её]т\s+(?:\w+\s+){0,3}вопрос\w*|уточн\w*\s+у\s+пользовател\w*|дожд\w*",),
    "zh": (r"询问|詢問|请求确认|請求確認|请用户确认|請用戶確認|征求|徵求|等待(?:用户|用戶)?确认|"
           r"等待(?:用户|用戶)?確認|向用户提问|向用戶提問",),
    "es": (r"pregunt\w*|solicit\w*\s+(?:la\s+)?(?:confirmaci[oó]n|aprobaci[oó]n)",),
    "pt": (r"pergunt\w*|solicit\w*\s+(?:a\s+)?(?:confirma[cç][aã]o|aprova[cç][aã]o)",),
    "fr": (r"demand\w*\s+(?:\w+\s+){0,3}(?:confirmation|validation|approbation|"
           r"l'utilisateur)|pos\w*\s+(?:une\s+)?question",),
    "de": (r"frag\w*|bitt\w*\s+um\s+(?:best[aä]tigung|freigabe)",),
}
_AFTER_RE = compiled(AFTER_REPLY)
_ASKS_RE = compiled(ASKS_USER)
# Names of a field listing the steps the run should take, or what it is expected to do.
_STEP_WORDS = frozenset({"trajectory", "steps", "step", "flow", "workflow", "sequence",
                         "expectations", "expected", "behavior", "behaviour", "behaviors",
                         "behaviours", "process"})


def awaited_reply(item: dict[str, Any]) -> tuple[str, str, str] | None:
    """(field, the step that asks, the step after the reply) when a list of the case's steps
    asks the user and later acts on the reply; None otherwise."""
    for key, value in item.items():
        if not field_words(str(key)) & _STEP_WORDS or not isinstance(value, list):
            continue
        steps = [v for v in value if isinstance(v, str)]
        asked = next((n for n, s in enumerate(steps) if _ASKS_RE.search(s)), None)
        if asked is None:
            continue
        ask = _ASKS_RE.search(steps[asked])
        reply = _AFTER_RE.search(steps[asked])
        if ask is not None and reply is not None and ask.start() < reply.start():
            return str(key), steps[asked], steps[asked]  # "asks, and after approval, writes"
        after = next((s for s in steps[asked + 1:] if _AFTER_RE.search(s)), None)
        if after is not None:
            return str(key), steps[asked], after
    return None


# A criterion that needs the user's answers across turns, in one item: an interview held with
# the user ("Conducts interactive interview with user on each section", "interviews the user
# about each goal"), or a question to the user and an act after it ("asks the user to confirm,
# then writes the file"). One reply can open an interview or ask; only the user's answers let
# it go on, and a one-turn case has none.
_INTERVIEW = re.compile(
    r"(?i)\b(?:conduct\w*|hold\w*|run\w*|lead\w*|perform\w*|carr(?:y|ies|ied)\s+out)\s+"
    r"(?:an?\s+|the\s+)?(?:interactive\s+(?:interview|q&a|session|dialog(?:ue)?|questionnaire)\w*"
    r"|(?:interview|q&a|questionnaire)\w*\s+with\s+(?:the\s+)?user)"
    r"|\binterviews?\s+(?:with\s+)?the\s+user\b"
    r"|\binteractive(?:ly)?\s+interview\w*\b")
_ASKS_THEN = re.compile(
    r"(?i)\b(?:asks?|prompts?|waits?\s+for)\s+(?:the\s+)?user\b[^.;]{0,80}?,?\s+(?:and\s+)?"
    r"then\s+(?!asks?\b)[a-z]+")
# The user's reply received, as the run's own act ("gets approval, then adds the line",
# "obtains the user's confirmation before writing"): only a reply gives it. A bound on the act
# ("does not write without getting approval", "before getting approval") and a purpose ("asks
# to get approval") a reply that asks keeps.
_GETS_REPLY = re.compile(
    r"(?i)(?<!\bwithout\s)(?<!\bbefore\s)(?<!\buntil\s)(?<!\bunless\s)(?<!\bto\s)"
    r"\b(?:gets?|getting|obtains?|obtaining|receives?|receiving|secures?|securing)\s+"
    r"(?:the\s+user'?s?\s+|their\s+|explicit\s+|user\s+)?(?:approval|confirmation|consent|"
    r"sign-?off|go-?ahead)\b")
# The act first, then what it waits on ("Writes loop.sh after three rounds of questions",
# "creates the files after the user answers"); "only after" bounds the act instead, which a
# reply that asks and stops keeps. A told act ("Explains what happens after ...") is _TOLD's.
_ACTS_AFTER = re.compile(
    r"(?i)\b[a-z]+s\b(?:[^.;]|\.(?=\S)){0,80}?(?<!\bonly\s)\bafter\s+(?:asking\b|"
    r"interviewing\b|(?:the\s+)?(?:user|they)\s+(?:answers?|repl(?:y|ies)|responds?)\b|"
    r"(?:\w+\s+){0,2}rounds?\s+of\s+(?:questions|q&a)\b)")
# The same in the verb-last languages, where "after" follows what it is after: a question to
# the user (or the answer to one), then a postposition of "after", then the act (Korean "질문
# 3라운드 진행 후 파일 생성", "루프 파일은 질문 후 생성"; Japanese "1回の質問でまとめて確認して
# から issue を作成する", "回答を待ってから作成"). A check alone ("확인 후", "確認してから")
# asks no one.
_ASKS_THEN_CJK = re.compile(
    r"(?:질문|답변|대답|응답|인터뷰)[^.。!?\n]{0,24}?(?:진행\s*|받은\s*|한\s*|을\s*|를\s*)?"
    r"(?:후|뒤|다음)(?:에)?(?!만)[\s,]+\S"
    r"|(?:質問|尋ね|聞い|ヒアリング|回答|返答)[^。.!?\n]{0,24}?(?:てから|た後|の後|後に|を待って)"
    r"[\s、,]*\S")
# Fields holding what the run is expected to do, in one text or a list of them.
_CRITERIA_WORDS = _STEP_WORDS | {"assertions", "assertion", "criteria", "checks", "rubric",
                                 "statements", "expectation"}


# An act bounded by the user's reply ("Only after user approval does it invoke
# writing-plans", "invokes writing-plans only after approval"): alone a bound a reply that
# asks and stops keeps; but a criterion requiring that act to happen ("writing-plans is the
# next skill invoked") needs the reply, which a one-turn run never gets. The act's object is
# what ties the two (a word of four letters or more).
_REPLY_WORD = (r"(?:the\s+)?(?:user'?s?\s+|their\s+|explicit\s+|human\s+)?(?:confirm\w*|"
               r"approv\w*|answer\w*|repl\w*|consent\w*|sign-?off|go-?ahead)")
_BOUND_ACT = re.compile(
    rf"(?i)\bonly\s+(?:after|once|when|upon)\s+{_REPLY_WORD}(?:\s+(?:of|on|for)\s+(?:the\s+)?"
    r"[\w-]+)?\s*,?\s*(?:does|do|will|can|may|should|is|are)?\s*(?:it|they|the\s+agent|"
    r"the\s+skill|claude)?\s*(?P<verb>[a-z]+)\s+(?:the\s+|an?\s+)?(?P<obj>[\w-]{4,})"
    rf"|\b(?P<verb2>[a-z]+s)\s+(?:the\s+|an?\s+)?(?P<obj2>[\w-]{{4,}})\s+only\s+(?:after|once|"
    rf"when|upon)\s+{_REPLY_WORD}")
_NEGATED = re.compile(r"(?i)\b(?:not|never|no|without|before|zero|don't|doesn't|until)\b")


def _required_bound_act(fields: list[tuple[str, list[str]]]) -> tuple[str, str] | None:
    """(field, criterion) when one text bounds an act by the user's reply and another
    requires that act (see _BOUND_ACT)."""
    sentences = [(key, s.strip()) for key, texts in fields for text in texts
                 for s in re.split(r"(?<=[.!?;])\s+|\n", text) if s.strip()]
    for _, bound in sentences:
        found = _BOUND_ACT.search(bound)
        if found is None:
            continue
        obj = found.group("obj") or found.group("obj2")
        named = re.compile(rf"(?i)(?<![\w-]){re.escape(obj)}(?![\w-])")
        for key, sentence in sentences:
            at = named.search(sentence)
            if sentence != bound and at is not None and not _BOUND_ACT.search(sentence) \
                    and not _NEGATED.search(sentence[:at.start()]):
                return key, sentence
    return None


def needs_answers(item: dict[str, Any]) -> tuple[str, str] | None:
    """(field, the criterion) when a criterion needs the user's answers across turns (see
    _INTERVIEW, _ASKS_THEN and _BOUND_ACT); None otherwise."""
    fields: list[tuple[str, list[str]]] = []
    for key, value in item.items():
        if not field_words(str(key)) & _CRITERIA_WORDS:
            continue
        texts = [value] if isinstance(value, str) else \
            [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
        fields.append((str(key), texts))
        for text in texts:
            for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
                found = _INTERVIEW.search(sentence) or _ASKS_THEN.search(sentence) or \
                    _ASKS_THEN_CJK.search(sentence) or _GETS_REPLY.search(sentence)
                if found is not None and not _TOLD.search(sentence[:found.start()]) \
                        and not _CONTRAST.search(sentence):
                    return str(key), sentence.strip()
                acts = _ACTS_AFTER.search(sentence)
                if acts is not None and not _SAYS.search(sentence[:acts.end()]) \
                        and not _CONTRAST.search(sentence):
                    return str(key), sentence.strip()
    return _required_bound_act(fields)


# An interview set against making things up ("must interview the user for her positions
# rather than inventing views"): the point is asking, which one reply can do.
_CONTRAST = re.compile(r"(?i)\b(?:rather\s+than|instead\s+of)\b")
# Before it, the interview is something the answer tells of ("Explains how to run an
# interactive session"), not something the run holds.
_TOLD = re.compile(r"(?i)\b(?:how\s+to|explain\w*|describ\w*|suggest\w*|recommend\w*|"
                   r"propos\w*|offer\w*|mention\w*|document\w*|writ\w*|design\w*|plan\w*)\b")
# A verb of saying before "after": the answer tells of the sequence ("Explains what happens
# after the user answers"); writing or planning is an act here ("Writes loop.sh after ...").
_SAYS = re.compile(r"(?i)\b(?:how\s+to|explain\w*|describ\w*|suggest\w*|recommend\w*|"
                   r"mention\w*|tell\w*|says?)\b")


# A skill that opens by asking the user and stopping for the answer: the question it tells the
# agent to put, quoted, closing on a request for go-ahead ("... together. Sound good?", "Ready
# to start?"), or its own words to wait ("Wait for the user's confirmation before you begin").
_OPENING_ASK = re.compile(
    r"(?i)(?:sound\s+good|ready\s+to\s+(?:start|begin|go)|shall\s+(?:we|i)\s+(?:start|begin|"
    r"proceed|continue)|does\s+that\s+work(?:\s+for\s+you)?|ok(?:ay)?\s+to\s+proceed|want\s+me\s+"
    r"to\s+(?:start|proceed|continue))\s*\?[\"”']?\s*$"
    r"|\bwait\s+for\s+(?:the\s+user'?s?|their)\s+(?:confirmation|answer|reply|response|go-?ahead)"
    r"\s+before\s+(?:you\s+)?(?:start|begin|proceed|continu|mov)\w*"
    # "先问用户是否有 design system" (first ask the user whether ...), "等用户确认后再开始"
    r"|先(?:问|询问|詢問|問)(?:一下)?用户|(?:等|等待)用户确认(?:后|之后|以后)再")
# A line of SKILL.md within its opening: the ask must come before the work (its first third).
_OPENING_SHARE = 3


def opening_ask(skill_text: str) -> str | None:
    """The line of SKILL.md (its body's first third) telling the agent to ask the user and stop
    for the answer before the work, or None."""
    body = re.sub(r"\A---\n.*?\n---\n", "", skill_text, count=1, flags=re.S)
    lines = body.splitlines()
    for line in lines[:max(1, len(lines) // _OPENING_SHARE)]:
        if _OPENING_ASK.search(line.strip()):
            return line.strip()
    return None
