"""Statements with a condition ("When the answer drafts a prompt: it names a role"), as a
check object's `applies_when` (or `when`, `if`, `condition`, `only_if`, `precondition`) is
kept (runner.authoring.dialects). The grader first decides whether the condition holds: when it
does not, the statement passes with no quote (nothing can be quoted for a case that did not
arise); when it does, the statement is graded like any other (runner.scoring.statements).

An author's own statement may open with its condition too ("If the user asks for a range,
the answer shows both estimates", "Unless a file is given: ...", "Si ...,", "Wenn ...,",
"如果…，"): it is kept whole, and marked conditional the same way, so the grader decides
whether the condition held instead of failing a case that never arose. The condition ends
at the first comma or colon (the grader reads the whole sentence, so a comma inside the
condition only shortens what `check` shows). "Unless X" applies when X does not hold. A
condition may stand in parentheses after what it is about ("Rewrite (if provided) avoids
...": _INLINE) or close the statement ("Applies filters if relevant"): see _TRAILING; the
grader then first decides whether that closing clause is a condition at all
(closing_condition).
"""

from __future__ import annotations

import re

# Keys of a check object that say when the check applies.
CONDITION_KEYS = ("applies_when", "when", "if", "condition", "only_if", "precondition")
PREFIX = "When "
_CONDITIONAL = re.compile(r"^When (?P<condition>[^:\n]{3,}?): (?=\S)", re.DOTALL)
# Words that open a condition, in the languages runner.analysis.wording_i18n reads a reason
# or condition in ("REASON"); "because"-like words are no condition and stay out.
_OPENERS = {
    "en": r"if|when|whenever|in\s+case|unless|only\s+if",
    "es": r"si|cuando|a\s+menos\s+que",
    "pt": r"se|quando|a\s+menos\s+que",
    "fr": r"si|quand|lorsque|lorsqu'|à\s+moins\s+qu(?:e|')",
    "de": r"wenn|falls|sofern|au(?:ß|ss)er\s+wenn",
    "it": r"se|quando|a\s+meno\s+che",
    "ru": r"если|когда",
}
_NEGATED = re.compile(r"^(?:unless|a\s+menos|à\s+moins|au(?:ß|ss)er|a\s+meno)", re.IGNORECASE)
_OPENING = re.compile(
    r"^(?P<opener>" + "|".join(_OPENERS.values()) + r")(?:(?<=')|\s+)"
    r"(?P<condition>[^,:;\n]{3,}?)\s*[,:]\s*(?=\S)", re.IGNORECASE)
# Chinese and Japanese: no spaces; the condition ends at a full-width or ASCII comma/colon.
_OPENING_CJK = re.compile(r"^(?P<opener>如果|假如|倘若|若是|若|当|當|除非)"
                          r"(?P<condition>[^，,：:；;\n]{2,}?)"
                          r"(?:时|時|的话|的話)?[，,：:]\s*(?=\S)")


# A condition after the claim ("Suggests tags if a wiki database exists", "Stages 4.5 and 5 run
# if changes found", "Applies filters if relevant"): English only, the last clause of the
# statement. Not a condition: "if" after a verb of asking or checking ("Asks if the user wants
# a draft": whether), "even if" / "as if", and a clause inside what the claim names
# ("Explains what to do if the build fails": a wh-word or "to do" before it, the hypothetical
# is the advice's content). After a verb of advice ("Recommends rollback if the deploy fails")
# only a condition on the case itself counts: elliptical or existential ("if relevant", "if
# any", "if multiple exist", "if changes found").
_TRAILING = re.compile(
    r"^(?P<claim>\S.{6,}?)(?:,\s*|\s+)(?P<opener>if|only\s+if|unless|when|whenever)\s+"
    # (a dot inside a name, `goleak.VerifyTestMain`, ends no sentence)
    r"(?P<condition>(?:[^,;:.!?\n]|\.(?=\w)){2,}?)\s*[.!]?\s*$", re.IGNORECASE)
_WHETHER_VERBS = re.compile(
    r"(?i)\b(?:ask|asks|asked|asking|check|checks|checked|checking|verif(?:y|ies|ied|ying)|"
    r"determin(?:e|es|ed|ing)|confirm(?:s|ed|ing)?|test(?:s|ed|ing)?|see|sees|decid(?:e|es|ed)|"
    r"know|knows|wonder(?:s|ed)?|assess(?:es|ed)?|evaluat(?:e|es|ed)|judg(?:e|es|ed)|"
    r"inquir(?:e|es|ed)|quer(?:y|ies|ied)|even|as|tell|tells|find\s+out|finds\s+out)$")
_OBJECT_CLAUSE = re.compile(r"(?i)\b(?:what|how|which|where|why|who|whom|whose|whether|"
                            r"to\s+do|happens?|scenarios?|cases?|situations?)\b")
_ADVICE = re.compile(r"(?i)^(?:(?:the\s+)?(?:output|answer|response|reply|report|agent|assistant|"
                     r"model|summary|review|plan)\s+(?:should\s+|must\s+)?)?(?:explain|describ|recommend|suggest|advis|warn|tell|note|mention|"
                     r"document|propos|outlin|list|includ|say|state|offer|provid|discuss|"
                     r"cover|address|clarif|specif|detail|compar)\w*\b")
_ON_THE_CASE = re.compile(r"(?i)^(?:relevant|needed|necessary|applicable|appropriate|possible|"
                          r"present|available|any\b|so\b|required|missing|ambiguous|unclear)"
                          r"|\b(?:exists?|found|provided|given|present|available|applicable|"
                          r"detected|configured|installed|enabled)\b")


# "Returns 401 when userId is null", "Throws if the input is empty": what the code the agent
# writes does in a case of its own: a property of the work, never a condition on the run.
_CODE_DOES = re.compile(r"(?i)^(?:the\s+\w+\s+)?(?:returns?|throws?|raises?|rejects?|responds?|"
                        r"redirects?|renders?|emits?|exits?|errors?|retries|retry|logs?|"
                        r"falls?\s+back|short-circuits?)\b")
# "nested inside multiple if blocks", "no else after an if statement": the keyword `if`, named
_IF_KEYWORD = re.compile(r"(?i)^(?:blocks?|statements?|clauses?|branch(?:es)?|chains?|else|"
                         r"conditions?|checks?|expressions?|ladders?|guards?)\b")


# A condition in parentheses after what it is about ("Rewrite (if provided) avoids the banned
# words", "The table (when one is written) has a header", "Cita la fuente (si aplica)",
# "给出改写（如有）"): the statement applies only to a case where that arose. The words
# before it, at most five, are what the condition is about.
_INLINE = re.compile(
    r"(?P<about>(?:[^\s()（）]+\s+){0,4}[^\s()（）]+)\s*[(（]\s*(?P<opener>if|when|where|unless|"
    r"si|se|quand|wenn|falls|如有|若有|如果有|如果|若)(?:(?<=[有果若])|\s+)"
    r"(?P<condition>[^()（）\n]{0,60}?)\s*[)）]", re.IGNORECASE)
# "(if provided)", "(if any)": a participle or adjective alone, said of what precedes it
_ELLIPTICAL = re.compile(r"(?i)^(?:provided|given|present|applicable|relevant|needed|"
                         r"necessary|requested|asked|available|written|produced|used|"
                         r"included|chosen|possible|appropriate|aplica|procede|any|so)$")


def _inline(text: str) -> tuple[str, str] | None:
    """(the condition, the statement without it) of a parenthetical condition."""
    found = _INLINE.search(text)
    if found is None or len(found.group("condition").split()) > 8:
        return None
    about, condition = found.group("about"), found.group("condition").strip()
    opener = found.group("opener")
    cjk = re.match(r"如有|若有|如果有", opener) is not None
    if not condition and not cjk:
        return None
    head = text[:found.start()] + about
    last = head.split()[-1] if head.split() else ""
    # as after a closing condition: "Explains what happens (if the build fails)" names the
    # case as the advice's content, "Returns 401 (if ...)" what the code does
    if _WHETHER_VERBS.search(last) or _OBJECT_CLAUSE.search(head) \
            or _IF_KEYWORD.match(condition) or _CODE_DOES.match(head.strip()):
        return None
    if opener.lower() == "where" and not _ELLIPTICAL.match(condition):
        return None  # "(where ratio is hits over total)" defines; "(where applicable)" holds
    if cjk or _ELLIPTICAL.match(condition):
        said = f"{about} ({opener}{' ' if condition else ''}{condition})"
    else:
        said = condition
    if opener.lower() == "unless":
        said = f"not ({said})"
    plain = (text[:found.start()] + about + text[found.end():]).strip()
    return said, " ".join(plain.split()) if " " in plain else plain


def without_inline(statement: str) -> str:
    """The statement less a parenthetical condition ("Rewrite avoids ..." of "Rewrite (if
    provided) avoids ..."): what it claims when that arose."""
    found = _inline(statement)
    return found[1] if found else statement


def _trailing(text: str) -> re.Match[str] | None:
    # a closing parenthesis is the condition's example ("if relevant (e.g. status)")
    found = _TRAILING.match(re.sub(r"\s*\([^()]*\)\s*[.!]?\s*$", "", text))
    if found is None or len(found.group("condition").split()) > 8:
        return None
    claim = found.group("claim").rstrip(", ")
    last = claim.split()[-1] if claim.split() else ""
    if _WHETHER_VERBS.search(last) or _OBJECT_CLAUSE.search(claim):
        return None
    condition = found.group("condition")
    if _IF_KEYWORD.match(condition) or _CODE_DOES.match(claim):
        return None
    # "if wiki database", "if needed": two words at most say no event, only the case's state
    if _ADVICE.match(claim) and not _ON_THE_CASE.search(condition) \
            and len(condition.split()) > 2:
        return None
    return found


def _opening(text: str) -> re.Match[str] | None:
    """The opening condition; one cut at a colon after a single word ("If SOURCE: URLs cite
    uv docs, the scanner ...") runs on to the comma: the colon was a label's."""
    found = _OPENING.match(text)
    if found is not None and text[found.end() - 1:found.end()] != "," and \
            len(found.group("condition").split()) == 1:
        longer = _OPENING_LONG.match(text)
        if longer is not None:
            return longer
    return found


_OPENING_LONG = re.compile(
    r"^(?P<opener>" + "|".join(_OPENERS.values()) + r")\s+"
    r"(?P<condition>\S+:\s[^,;\n]{3,}?)\s*,\s*(?=\S)", re.IGNORECASE)


def conditional(condition: str, statement: str) -> str:
    """The statement the grader sees: "When <condition>: <statement>"."""
    cleaned = " ".join(condition.split()).rstrip(".:;")
    if cleaned[:5].lower() in ("when ", "only ") or cleaned[:3].lower() == "if ":
        cleaned = cleaned.split(" ", 1)[1] if " " in cleaned else cleaned
    return f"{PREFIX}{cleaned}: {statement.strip()}"


def without_condition(statement: str) -> str:
    """The statement after its opening condition (what it claims when the condition holds),
    or the statement itself when it has none."""
    text = statement.strip()
    found = _CONDITIONAL.match(text) or _opening(text) or _OPENING_CJK.match(text)
    if found:
        return text[found.end():]
    inline = _inline(text)
    if inline is not None:
        return inline[1]
    after = _trailing(text)
    return after.group("claim").rstrip(", ") if after else text


def closing_condition(statement: str) -> bool:
    """Whether the statement's condition is only the clause that closes it ("Suggests tags if a
    wiki database exists"). Such a clause is as often what the work must show ("Discusses when
    TikTok can work for B2B", "Logs a warning when the cache is cold"): no rule on words tells
    the two apart in every sentence, so the grader, reading the whole statement, decides which
    it is before it decides whether the condition holds."""
    text = statement.strip()
    return (_CONDITIONAL.match(statement) is None and _opening(text) is None
            and _OPENING_CJK.match(text) is None and _inline(text) is None
            and _trailing(text) is not None)


def condition_of(statement: str) -> str | None:
    """The condition a statement is graded under, or None for an unconditional one."""
    found = _CONDITIONAL.match(statement)
    if found:
        return found.group("condition")
    text = statement.strip()
    opening = _opening(text) or _OPENING_CJK.match(text)
    inline = _inline(text) if opening is None else None
    if inline is not None:
        return inline[0]
    opening = opening or _trailing(text)
    if opening is None:
        return None
    condition = opening.group("condition").strip()
    if _NEGATED.match(opening.group("opener")) or opening.group("opener") == "除非":
        return f"not ({condition})"  # "Unless X, Y": Y applies when X does not hold
    return condition
