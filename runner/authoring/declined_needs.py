"""A case whose criteria expect the agent to hold off what the sandbox lacks: "未执行 docker
compose 部署" (did not run the deploy), "Explains that email integration needs permission and
offers a pilot rather than beginning monitoring", "Redirects to the delivery skill". The need
runner.authoring.reach finds (a program the image lacks, the user's account) is what the agent
is meant not to use, so the case is passable without it: said (EV012) with the criterion, never
"no arm can pass it" (EV014)."""

from __future__ import annotations

import re

from runner.schema.case import Case

_HOLDS_OFF = re.compile(
    r"(?i)^\W*(?:(?:the\s+)?(?:skill|agent|assistant|model|it|claude)\s+)?"
    r"(?:declines?|refuses?|redirects?)\b"
    r"|\b(?:does\s+not|doesn't|do\s+not|never|must\s+not|should\s+not|will\s+not|won't)\s+"
    r"(?:actually\s+|directly\s+|yet\s+)?(?:run|execute|start|begin|launch|deploy|install|"
    r"connect|access|call|invoke|monitor|send|delete|modify|touch|perform)\b"
    r"|\brather\s+than\s+(?:\w+\s+){0,2}?(?:running|executing|starting|beginning|launching|"
    r"deploying|connecting|accessing|monitoring|sending|doing)\b"
    r"|\basks?\s+(?:for\s+)?(?:the\s+user's\s+)?(?:permission|consent|approval|confirmation)\b"
    r"|未执行|不执行|未运行|不运行|未调用|拒绝|婉拒|引导到|引导至|转交|不直接执行")


_COMMON = {"my", "our", "the", "this", "that", "your", "own", "user", "users"}


def _need_words(needs: list[str]) -> set[str]:
    """The words of what each need quotes ("'my email': the user's own account ..." ->
    email), a CJK run whole."""
    quoted = [q for need in needs for q in re.findall(r"'([^']{2,80})'", need)]
    return {w.lower() for q in quoted for w in re.findall(r"[A-Za-z][\w-]{2,}|[^\x00-\x7f]{2,}", q)
            if w.lower() not in _COMMON}


def declined(case: Case, needs: list[str]) -> str:
    """The criterion saying the agent holds off (declines, does not run, asks consent first,
    redirects) and naming what a need quotes, or "": a safety rule about something else
    ("Does not run rm -rf") leaves the need standing."""
    named = _need_words(needs)
    for text in (case.expected_output, *case.statements):
        for sentence in re.split(r"(?<=[.;!?])\s+|(?<=[。；])", text):
            lowered = sentence.lower()
            if _HOLDS_OFF.search(sentence) and any(w in lowered for w in named):
                return " ".join(sentence.split())
    return ""
