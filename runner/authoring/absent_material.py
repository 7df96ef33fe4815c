"""A case whose point is the material it does not hand over: "upload the attached contact list
and send the invites" graded on declining ("Does not upload contacts", "Declines every
sensitive-data action"), or "summarise report.csv" graded on asking for it ("Asks the user to
attach the report"). The session not having the material is what the author means, so the
missing input is no refusal (EV009); EV012 says it was read so.

A file the prompt names only as the scope the work may change ("允许修改 src/reminders.ts",
"you may edit src/app.ts") while a criterion forbids writing any code or change ("不写代码",
"Does not write code", "makes no changes") is such a case too: the author means the agent
to stop before touching it. So is one whose prompt says the material is not there ("I have
not attached the report and you cannot access it from the workspace")."""

from __future__ import annotations

import re

from runner.schema.case import Case

# the agent keeping off the material: declining the request, or not opening, reading,
# uploading ... it ("Does not upload or create while the attachment fails checks")
_KEEPS_OFF = re.compile(
    r"(?i)\b(?:does\s+not|doesn't|do\s+not|never|won't|will\s+not|must\s+not|should\s+not)\s+"
    r"(?:\w+\s+){0,2}?(?:inspect|open|read|upload|process|reproduce|access|attach|ingest|"
    r"parse|forward|share)\w*\b|拒绝|拒絕|不上传|不上傳|不读取|不讀取")
# the agent asking for it ("Asks the user to provide the file", "请提供附件")
_ASKS_FOR = re.compile(
    r"(?i)\b(?:asks?|requests?|prompts?)\b[^.;]{0,40}?\b(?:for|to\s+(?:provide|share|upload|"
    r"attach|paste|send|supply))\b|请求提供|要求提供|请提供")
# ... or saying it is not there, next to its noun: "the missing screenshot", "notes that
# the contract was not attached" ("Flags the missing clause in the contract" is a finding)
_GONE = (r"(?:missing|absent|unavailable|not\s+(?:been\s+)?(?:provided|attached|included|"
         r"supplied|given|shared|available))")


def _said_gone(sentence: str, nouns: frozenset[str]) -> bool:
    ascii_nouns = sorted(n for n in nouns if n.isascii())
    if not ascii_nouns:
        return False
    noun = rf"(?:{'|'.join(re.escape(n) for n in ascii_nouns)})s?"
    return re.search(rf"(?i)\b{_GONE}\s+(?:\w+\s+)?{noun}\b|\b{noun}\s+(?:\w+\s+){{0,3}}?"
                     rf"(?:is|was|were|are|has|have)\s+(?:been\s+)?{_GONE}", sentence) is not None \
        or ("缺少" in sentence or "未提供" in sentence) and _about(sentence, nouns)


# what handed material is called, beside the words of the prompt's own pointer: a sentence
# keeping off "files" may mean any file ("Never reads files outside the work"), one keeping
# off "the attachment" or asking for "the file" means the handed one
_HANDED = frozenset({"attachment", "upload", "screenshot", "附件", "截图"})
_ASKED = _HANDED | {"file", "document", "material", "export", "image", "文件"}
_NOT_NOUN = frozenset({"this", "that", "these", "those", "attached", "provided", "supplied",
                       "uploaded", "given", "shared", "below", "above", "with", "from"})


def _nouns(phrases: list[str]) -> frozenset[str]:
    # a path is called by its file's name, never its folders' ("research/questions/x.html":
    # not "questions", which "asks for follow-up questions" would then be about)
    named = [p.rstrip("/").rsplit("/", 1)[-1] if re.fullmatch(r"[\w./-]+/[\w.-]+", p) else p
             for p in phrases]
    words = {w.lower().rstrip("s") for p in named for w in re.findall(r"[A-Za-z]{4,}", p)}
    return frozenset(words - _NOT_NOUN)


def _about(sentence: str, nouns: frozenset[str]) -> bool:
    said = {w.lower().rstrip("s") for w in re.findall(r"[A-Za-z]+", sentence)}
    return bool(said & nouns) or any(n in sentence for n in nouns if not n.isascii())


# A keep-off verb in the passive ("with the ticket context never forwarded"): what it keeps off
# is its subject, the words before it; in the active ("Does not upload contacts"), its object.
_PASSIVE = re.compile(r"(?i)^(?:never|not)\s+(?:\w+\s+){0,2}?\w+ed$")


def _kept_off(sentence: str, nouns: frozenset[str]) -> bool:
    """A keep-off verb whose own object (or, passive, subject) is the material: "never
    forwarded" in "... facts with file:line references, with the ticket context never
    forwarded" keeps off the ticket context, not the `.html` file the sentence names."""
    for match in _KEEPS_OFF.finditer(sentence):
        if not match.group(0).isascii():
            return _about(sentence, nouns)
        if _PASSIVE.match(match.group(0)):
            words = re.split(r"[,;:(]", sentence[:match.start()])[-1].split()[-4:]
        else:
            words = re.split(r"[,;:)]", sentence[match.end():])[0].split()
        if _about(" ".join(words), nouns):
            return True
    return False


# A permission to change what follows: the scope of the work, what it may write.
_SCOPE = (r"(?:允许|可以|可)(?:修改|改动|改動|编辑|編輯|写入|寫入)"
          r"|(?i:\b(?:allowed|permitted)\s+to\s+(?:modify|edit|change|touch|write)|\bmay\s+(?:modify|edit|change|touch|write\s+to))")
_BETWEEN = r"[\s`]*(?:[\w./-]+[\s`]*(?:和|与|與|及|、|,|，|and)[\s`]*)*"
# a criterion forbidding every write ("不写代码", "Does not write any code", "makes no changes")
_NO_WRITES = re.compile(
    r"不写代码|不寫代碼|不修改代码|不修改任何|不改动代码|(?i:\b(?:does\s+not|doesn't|do\s+not|never|"
    r"must\s+not|should\s+not)\s+(?:write|edit|modify|change|touch)\s+(?:any\s+)?"
    r"(?:code|files?)\b|\bwrites?\s+no\s+code\b|\bmakes?\s+no\s+(?:code\s+)?(?:changes|edits)\b)")


def _scope_only(prompt: str, phrase: str) -> bool:
    at = [m.start() for m in re.finditer(re.escape(phrase), prompt)]
    return bool(at) and all(re.search(rf"(?:{_SCOPE}){_BETWEEN}$", prompt[max(0, a - 120):a])
                            for a in at)


_PROMPT_SAYS_ABSENT = re.compile(
    r"(?i)\bI\s+(?:have\s+not|haven't|did\s+not|didn't|cannot|can't)\s+(?:\w+\s+)?"
    r"(?:attach|upload|share|include|provide|paste|send)\w*\b[^.;\n]*"
    r"|\b(?:you|the\s+agent)\s+(?:cannot|can't|can\s+not|won't\s+be\s+able\s+to|do\s+not|"
    r"don't)\s+(?:have\s+)?(?:access|see|open|read)\w*\b[^.;\n]*"
    r"|\b(?:is|was|are|were)\s+not\s+(?:attached|included|provided|available)\b[^.;\n]*")


def absent_by_design(case: Case, phrases: list[str]) -> str:
    """The criterion saying the session is meant to go without the material the prompt
    points at (`phrases`), or "": a case that declines the whole request, or one sentence
    that keeps off or asks for that material (its words, or what handed material is called).
    "Flags the missing tests" in a review with no diff staged names none: still refused."""
    nouns = _nouns(phrases)
    # a clause the reader split off as about the skill firing ("Skill declines, because PR
    # review is out of scope") still says the request is declined
    split = [str(v) for k, values in case.extra.items() if "about the skill firing" in k
             for v in (values if isinstance(values, list) else [values])]
    for text in (case.expected_output, *case.statements, *split):
        # "Declines ...", "Skill declines, because ...", "The agent refuses ..."
        if re.match(r"(?i)\W*(?:(?:the\s+)?(?:skill|agent|assistant|model|it)\s+)?"
                    r"(?:declines?|refuses?)\b", text):
            return " ".join(text.split())
        # (a period inside a path, `topic.html`, ends no sentence)
        for sentence in re.split(r"(?<=[.;!?])(?:\s+|$)|(?<=[。；])\s*", text):
            if _kept_off(sentence, nouns | _HANDED) \
                    or (_ASKS_FOR.search(sentence) and _about(sentence, nouns | _ASKED)) \
                    or _said_gone(sentence, nouns | _ASKED):
                return " ".join(sentence.split())
    # the prompt itself saying the material is not there ("I have not attached the report
    # and you cannot access it"): the author means the session to go without it
    said = _PROMPT_SAYS_ABSENT.search(case.prompt) if phrases else None
    if said is not None:
        return " ".join(said.group(0).split())
    # a write scope the criteria forbid using: the work is meant to stop before it
    if phrases and all(_scope_only(case.prompt, p) for p in phrases):
        for text in (case.expected_output, *case.statements):
            if _NO_WRITES.search(text):
                return " ".join(text.split())
    return ""
