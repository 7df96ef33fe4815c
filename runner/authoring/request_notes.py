"""Statements that describe the case's request, not the work (issue 26: every check reads
the author's operand): authors note what the query is beside what the run must do ("JP
query: user announces an artifact handover and asks for a diagnosis", "Zh-TW query with no
role marker", "User has provided a strategy doc AND explicitly asks for an audit"). Graded,
such a sentence needs a quote of the work saying it, which no arm writes: every arm fails it.

Read by grammar: the statement's subject is the query (a language tag or none, then `query`,
`prompt`, `request` or `input`, then a colon, a quote, or `with`/`without`), or the user
doing what a request does (has provided, has no, provides, asks, wants, says, announces,
mentions, describes, shares, explicitly ...), never the user receiving the work ("User is
asked to confirm", "The user is told the dates", "User has a working config": the work's).
"""

from __future__ import annotations

import re

_QUERY = re.compile(
    r"(?i)^\W*(?:[a-z]{2}(?:-[a-z]{2,4})?\s+)?(?:query|prompt|request|input)"
    r"(?:\s*:|\s+['\"‘“「]|\s+(?:with|without)\b)")
_USER = re.compile(
    r"(?i)^\W*(?:the\s+)?user\s+(?:(?:already|explicitly|clearly|only)\s+)?"
    r"(?:(?:has|have|had)\s+(?:already\s+)?(?:provided|given|shared|pasted|supplied|asked|"
    r"described|mentioned|stated|said|uploaded|attached|no)|provides|provided|asks|asked|"
    r"wants|says|said|states|stated|announces|announced|mentions|mentioned|describes|"
    r"described|shares|shared|pastes|pasted|gives|gave|supplies|supplied|requests|"
    r"requested|disclaims)\b")


def describes_request(statement: str) -> bool:
    """The statement describes the case's query or the user's request, not the work."""
    text = " ".join(statement.split())
    return bool(_QUERY.match(text) or _USER.match(text))
