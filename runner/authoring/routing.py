"""Routing expectations in a runtime set: whether the skill should fire (load, activate) on a
case's prompt. A grader never sees the skill load, and both arms would be graded on it, so
these belong to `skill-eval trigger`, not to the runtime grading.

Read as one, each saying fire (True) or not (False):

- a field whose name speaks of firing (`should_trigger`, `expect_skill`, `skill_should_load`,
  `expected_activation`, ...) holding a flag (true/false, yes/no) or a routing word;
- a behaviour field (`expect_behavior`, `expected_behavior`, `behavior`, `expected`, ...)
  holding a routing word ("trigger", "no_trigger", "should not activate", "decline");
- a statement that is only about the skill firing ("The skill should not load", "Skill is
  invoked", "Does not trigger the skill"; "La skill no se activa", "技能不应被触发" through
  runner.analysis.wording_i18n). One that also says what work the run does ("Uses the skill
  on every file and lists each finding") is a claim about that work, graded as a statement.
"""

from __future__ import annotations

import re
from typing import Any

from runner.analysis import wording_i18n
from runner.analysis.wording import CJK, negation_pattern
from runner.authoring.fields import words
from runner.authoring.sides import side
from runner.errors import CaseSetError
from runner.schema.case import Finding

# Words in a field's name that say it is about the skill firing.
_FIRING_WORDS = {"trigger", "triggers", "triggered", "triggering", "activate", "activates",
                 "activated", "activation", "fire", "fires", "fired", "load", "loads",
                 "loaded", "invoke", "invokes", "invoked", "invocation", "route", "routing",
                 "routed"}
# Field names that name the skill expected to be used (`expect_skill: true`).
_SKILL_FLAGS = ({"expect", "skill"}, {"expected", "skill"}, {"should", "use", "skill"},
                {"uses", "skill"}, {"use", "skill"}, {"skill", "used"}, {"expect", "skill", "use"})
# Behaviour fields whose value may be a routing word instead of a behaviour.
BEHAVIOUR_FIELDS = ("expect_behavior", "expected_behavior", "expect_behaviour",
                    "expected_behaviour", "behavior", "behaviour", "expected", "expect",
                    "expectation", "outcome", "expected_outcome", "expected_result")
_YES = {"true", "yes", "y", "1"}
_NO = {"false", "no", "n", "0", "none"}
_FIRE = r"(?:trigger(?:s|ed)?|activat(?:e|es|ed|ion)|fir(?:e|es|ed)|load(?:s|ed)?|" \
        r"invok(?:e|es|ed)|engag(?:e|es|ed)|(?:be\s+)?(?:used|invoked|triggered|activated|loaded))"
_ROUTING_WORD = re.compile(
    rf"^(?:the\s+)?(?:skill\s+)?(?:(?:should|must|will|to|is\s+expected\s+to|expected\s+to)\s+)?"
    rf"(?P<neg>(?:{negation_pattern(but=('nor', 'without'))})\s+)?(?:be\s+)?{_FIRE}"
    rf"(?:\s+(?:the\s+)?skill)?$"
    rf"|^(?P<off>declines?|declined|skip|skipped|ignore|ignored|no\s+skill|"
    # the opposite of "activate" in a routing set's `expect` ("activate" | "silent")
    rf"(?:stays?\s+)?(?:silent|inactive|dormant)|"
    rf"(?:should\s+)?(?:not|no)\s+(?:use\s+)?(?:the\s+)?skill)$", re.IGNORECASE)
# A statement about the skill firing, and nothing else.
_SKILL = r"(?:the\s+)?(?:[\w-]+\s+)?skill"
_NOT = r"(?P<neg>not\s+|never\s+|n't\s+)"
_STATEMENT = re.compile(
    rf"^{_SKILL}\s+(?:(?:should|must|will|does|did|is|was|gets?|would)(?P<nt>n'?t)?\s+)?"
    rf"{_NOT}?(?:be\s+|get\s+)?(?:{_FIRE}|(?P<off>declines?|declined|stays?\s+(?:silent|"
    rf"inactive|unloaded)))\b(?P<rest>.*)$"
    rf"|^(?:(?:claude|the\s+agent|the\s+model)\s+)?(?:(?:should|must|does|did|will)\s+)?"
    rf"(?P<neg2>not\s+|never\s+|n't\s+)?"
    rf"(?:trigger|triggers|activate|activates|load|loads|invoke|invokes|use|uses|run|runs)\s+"
    rf"(?:the\s+)?(?:[\w-]+\s+)?skill\b(?P<rest2>.*)$"
    # no subject, the skill's own set speaking of it: "Triggers on casual phrasing", "Should
    # not activate for a billing question" (the request after it; "Triggers a rebuild" is work)
    rf"|^(?:(?:should|must|will|does)\s+)?(?P<neg3>not\s+|never\s+)?"
    rf"(?:trigger|triggers|activate|activates|fire|fires)\s+"
    rf"(?P<rest3>(?:correctly\s+|reliably\s+)?(?:on|for|when|given|in\s+response\s+to)\b.*)$",
    re.IGNORECASE)
# After the verb: an adverb, then at most the request it fires on ("correctly on an English
# research request", "when asked to tidy notes"); never a second thing the skill does.
# (how it is called is part of firing: "via the explicit command", "through /systemsdesign",
# "by its slash command")
# (a concession is the request's circumstance, "Skill loads despite no use of the word
# 'coach'", "even though 'coach' is never said")
_REST_OK = re.compile(r"^\s*(?:\w+ly\b\s*)?(?:\([^)]*\)|(?:on|for|when|with|given|in\s+"
                      r"response\s+to|via|through|by(?!\s+\w+ing\b)|from|despite|although|"
                      r"though|even\s+(?:though|if|when|without)|without)\b[^;]*|here|at\s+all|"
                      r"[.,!])?\s*[.!]?"
                      # ...or a short sentence denying what it would have made ("No report.")
                      r"(?:\s*No\s+[\w-]+(?:\s+[\w-]+){0,3}\s*[.!]?)?\s*$",
                      re.IGNORECASE)
MAX_WORDS = 16
# ...and after the request, work the skill's run must show besides firing ("on every file and
# lists each finding", "to produce a summary"): a claim to grade, not routing alone. (An
# infinitive after "asked"/"told" is the request: "when asked to write a report".)
_WORK = (r"(?:list|write|produce|create|generate|output|return|report|summari[sz]e|fix|flag|"
         r"find|add|edit|build|save|explain|answer|show|draft|extract|convert|rank|cite|mark)")
_DOES_MORE = re.compile(
    rf"\b(?:and|then)\s+(?:also\s+|then\s+)?(?:{_WORK}(?:s|es)?\b|(?!not\b)[a-z]+s\s+"
    r"(?:the|a|an|each|every|all|any|its|their|them|it|one|\d+)\b)"
    rf"|(?<!asked\s)(?<!told\s)(?<!requested\s)(?<!wants\s)\b(?:to|so\s+as\s+to)\s+{_WORK}\b",
    re.IGNORECASE)



def routing_word(value: str) -> bool | None:
    """"trigger" -> True; "no_trigger", "should not activate", "decline" -> False; else None."""
    text = " ".join(re.sub(r"[_-]+", " ", value).split()).strip(" .")
    found = _ROUTING_WORD.match(text)
    if found is None:
        return None
    return not (found.group("neg") or found.group("off"))


def flag_field(key: str) -> bool:
    """A field whose name says it holds whether the skill should fire."""
    said = words(key)
    return bool(said & _FIRING_WORDS) or any(flag <= said and len(said) <= len(flag) + 1
                                              for flag in _SKILL_FLAGS)


def routing_value(key: str, value: Any) -> bool | None:
    """Whether field `key` holding `value` says the skill should fire (True), should not
    (False), or is not a routing expectation (None)."""
    if flag_field(key):
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            word = value.strip().lower()
            if word in _YES | _NO:
                return word in _YES
            return routing_word(value)
        return None
    if key in BEHAVIOUR_FIELDS and isinstance(value, str):
        return routing_word(value)
    return None


# Words of a skill's name too generic to stand for it ("should use the helper").
_GENERIC = {"skill", "skills", "tool", "tools", "helper", "maker", "builder", "writer",
            "generator", "creator", "assistant", "agent", "manager", "pro", "kit", "toolkit",
            "expert", "guide", "workflow", "the", "and", "for", "with", "from", "code", "data",
            "file", "files", "text", "table", "tables", "report", "plan", "test", "tests",
            "docs", "review", "check", "alert", "config", "output"}
_CALLED = r"(?:trigger|activate|invoke|load|fire|use)"
# The verbs a skill is the subject of when it fires ("debug should not activate").
_FIRING_VERB = (r"trigger|triggers|triggered|activate|activates|activated|fire|fires|fired|"
                r"load|loads|loaded|invoked")


def _name_words(names: tuple[str, ...]) -> list[str]:
    """The distinctive words of the skill's names ("council" of `decision-council`)."""
    found = {w for name in names for w in words(name)}
    return sorted(w for w in found if len(w) >= 4 and w not in _GENERIC and not w.isdigit())


def _by_part_of_name(text: str, names: tuple[str, ...]) -> str:
    """"Should not trigger council" in a set of `decision-council`: the skill named by its
    distinctive words after a verb of firing; a word not from its name stays what it is."""
    distinct = _name_words(names)
    if not distinct:
        return text
    part = "|".join(re.escape(w) for w in distinct)
    text = re.sub(rf"\b({_CALLED})\s+(?:the\s+)?(?:{part})(?:[\s_-]+(?:{part}))*"
                  rf"(?:\s+skill)?(?![\w-])", r"\1 the skill", text, flags=re.IGNORECASE)
    # ...or heading the statement as the subject of a verb of firing ("Capture fires." in a
    # set of `dev-memory-capture`; a one-word name only as written: see about_firing)
    # the whole statement ("Hooks fire on every commit" in `git-hooks` is the work's hooks);
    # never a word for a thing that fires itself, nor a plural)
    words = [w for w in _name_words(tuple(n for n in names if re.search(r"\w[-_]\w", n)))
             if not _FIRES_ITSELF.fullmatch(w) and not re.search(r"[^s]s$", w)]
    if not words:
        return text
    part = "|".join(re.escape(w) for w in words)
    return re.sub(rf"^(?:the\s+)?(?:{part})(?:[\s_-]+(?:{part}))*(?:\s+skill)?(?=\s+(?:(?:should|"
                  rf"must|will|would|does|did|is)\s+)?(?:not\s+|never\s+)?(?:be\s+)?"
                  rf"(?:{_FIRING_VERB})(?:\s+(?:on|for|when|if|with|in)\b[^.;]*)?\s*[.!。]?\s*$)",
                  "the skill", text, flags=re.IGNORECASE)


# Things that fire or load by themselves, named so in a skill's name (`git-hook`, `alert`).
_FIRES_ITSELF = re.compile(r"(?i)(?:web)?hook|trigger|alert|event|job|plugin|image|rule|cron|"
                           r"task|worker|handler|listener|action|signal|alarm|timer|script")


def about_firing(statement: str, names: tuple[str, ...] = ()) -> bool | None:
    """A statement only about the skill firing: True (it fires), False (it does not), else
    None. The skill may be called by one of its `names` ("Does not run ledger-audit")."""
    text = " ".join(statement.split())
    # a one-word name ("pdf", "docx") is also a common word: "Does not use PDF" is no routing
    for name in (n for n in names if re.search(r"\w[-_]\w", n)):
        # (a particle written onto the name, "auto-improve-loop은", ends it as a space would)
        text = re.sub(rf"(?<![\w-])(?:the\s+)?{re.escape(name)}"
                      rf"(?:\s+skill|\s*(?:스킬|技能|スキル))?(?![A-Za-z0-9_-])", "the skill",
                      text, flags=re.IGNORECASE)
    # ...but the name exactly as written, heading the statement as the subject of a verb of
    # firing ("debug should not activate"), is the skill: a common word would be no subject
    for name in (n for n in names if not re.search(r"\w[-_]\w", n)):
        text = re.sub(rf"^{re.escape(name)}(?:\s+skill)?(?=\s+(?:(?:should|must|will|would|"
                      rf"does|did|is)\s+)?(?:not\s+|never\s+)?(?:be\s+)?(?:{_FIRING_VERB})\b)",
                      "the skill", text)
    text = _by_part_of_name(text, names)
    if ";" in text or len(text.split()) > MAX_WORDS:
        return None
    found = _STATEMENT.match(text)
    if found is None:
        return wording_i18n.about_firing(text)
    rest = next((found.group(g) for g in ("rest", "rest2", "rest3")
                 if found.group(g) is not None), None)
    if rest and (not _REST_OK.match(rest) or _DOES_MORE.search(rest)):
        return None
    return not (found.group("neg") or found.group("neg2") or found.group("neg3")
                or found.group("nt") or found.group("off"))


# Where a firing clause ends and the work it is joined to begins: "The skill triggers and
# drafts the menu", "Skill is invoked; the output lists ...", "技能触发，输出包含 ...",
# "技能被调用后输出 ...". Only a head that is itself about firing alone is split off.
# (a dot inside code, `context.Background()`, `wg.Add`, ends no clause)
_CLAUSE_END = re.compile(r"\s*(?:[;；]|[,，、]?\s*\b(?:and\s+then|and|then|y|e|et|und|и|luego|"
                         r"puis|dann)\b|(?:\.(?![\w(])|[。!！])\s*|[,，]|"
                         r"\s[\u2014\u2013-]+\s|并且|並且|然后|然後|之后|之後|后|後|并|並)\s*",
                         re.IGNORECASE)
# "Uses the X skill to draft the menu": the purpose after the skill is the work.
_TO_WORK = re.compile(r"^(?P<head>.*?\bskill)\s+(?:in\s+order\s+)?to\s+(?P<rest>\w.*)$",
                      re.IGNORECASE)
_CJK_FIRED = re.compile(r"(?:技能|スキル|触发|觸發|激活|启用|啟用|加载|載入|调用|調用|起動|発動)"
                        r"(?:了|され|する)?")
_LEAD = re.compile(r"^(?:[\s,，;；:：.。、]|之后|之後|后|後|并且|並且|并|並|然后|然後)+")


# (a skill's name is written in Latin letters: "全面健檢 skill" describes, names no other skill)
_NAMED_SKILL = re.compile(r"((?=[\w:-]*[A-Za-z])[\w:-]+)\s+skill\b", re.IGNORECASE)
_NOT_A_NAME = {"the", "this", "that", "a", "an", "its", "our", "your", "same", "right", "la", "el",
               "le", "il", "lo", "die", "der", "das", "o", "esta", "este", "cette", "ce"}


def _other_skill(head: str, names: tuple[str, ...]) -> bool:
    """A head naming another skill than this one ("The loop-distiller skill is invoked"):
    which skill the run hands over to is behaviour of this one, not its own routing."""
    own = {n.lower() for n in names}
    return any(m.group(1).lower() not in _NOT_A_NAME | own
               for m in _NAMED_SKILL.finditer(head)) if own else False


_CONCESSIVE = re.compile(r"^(?:虽然|雖然|尽管|儘管|即使|即便|although|even\s+though|even\s+if)"
                         r"[^,，;；.。]{1,80}[,，]\s*", re.IGNORECASE)


def split_firing(statement: str, names: tuple[str, ...] = ()) -> tuple[bool, str] | None:
    """A statement that opens with the skill firing (or not) and goes on to the work the run
    does: whether it fires, and the rest, the behaviour to grade ("The skill triggers and
    drafts the menu" -> (True, "Drafts the menu")). None when no head is about firing alone,
    or nothing is left after it (a statement only about firing: `about_firing`)."""
    # a concessive lead ("雖然使用者只點名 X,仍應觸發 ... skill,涵蓋 ...", "Although the user
    # names one file, triggers and ...") is the request's circumstance, no part of the head
    text = _CONCESSIVE.sub("", " ".join(statement.split()), count=1)
    if about_firing(text, names) is not None:
        return None  # firing alone ("Does not run x. No report."): nothing to grade besides
    cuts = [(m.start(), m.end()) for m in _CLAUSE_END.finditer(text) if m.start() > 0]
    # Chinese and Japanese join the work with no mark at all ("使用该技能生成报告")
    cuts += [(m.end(), m.end()) for m in _CJK_FIRED.finditer(text)]
    purpose = _TO_WORK.match(text)
    if purpose is not None:
        cuts.append((purpose.end("head"), purpose.start("rest")))
    for start, end in sorted(cuts):
        rest = _LEAD.sub("", text[end:]).strip()
        if not rest or len(rest.split()) < 2 and not CJK.search(rest):
            continue
        fires = about_firing(text[:start], names)
        if fires is not None and not _other_skill(text[:start], names):
            return fires, rest[:1].upper() + rest[1:]
    return None


# Why the skill should (not) fire, written after a bare routing word ("Do not trigger; this is
# book summarization", "No trigger - out of scope"): the author's note on the request, never
# work the run does (that is split_firing's).
_REASON = re.compile(r"^(?:(?:this|that|it|it's|its|because|since|as|here|not\b|out\s+of|outside|"
                     r"unrelated|the\s+(?:request|query|prompt|user|task|question|ask)|an?)\b"
                     # ...in Chinese: "这是普通开发任务应走 X", "因为...", "属于 X 的范围"
                     r"|(?:这是|這是|这属于|這屬於|属于|屬於|因为|因為|此为|此為|该请求|該請求|"
                     r"应走|應走|应由|應由|应交给|應交給|应该走|應該走))",
                     re.IGNORECASE)
_HEAD_AND_REST = re.compile(r"^(?P<head>[^;:,.\u2014\u2013]+?)\s*(?:[;:,.\u2014\u2013]|\s-\s)\s*"
                            r"(?P<rest>\S.*)$")


def routing_with_reason(statement: str) -> tuple[bool, str] | None:
    """A bare routing word, a mark, then the reason ("Do not trigger; this is a summary" ->
    (False, "this is a summary")): whether the skill fires, and the reason, a note. None when
    the head is no routing word or what follows is work to grade ("Trigger, then list ...")."""
    found = _HEAD_AND_REST.match(" ".join(statement.split()))
    if found is None:
        return None
    fires = routing_word(found.group("head"))
    rest = found.group("rest")
    if fires is None or not _REASON.match(rest) or _DOES_MORE.search(rest):
        return None
    return fires, rest


def not_firing_with_reason(statement: str, names: tuple[str, ...] = ()) -> bool:
    """An expected answer that says the skill does not fire, then why, in a sentence of its
    own ("Does NOT trigger this skill. This is about listing PRs, not the inbox"): the skill
    never runs on such a prompt, so what follows a not-firing head and opens as a reason (this,
    because, out of scope, ...) describes the request, never work of the skill to grade."""
    parts = split_firing(statement, names)
    if parts is None or parts[0]:
        return False
    return bool(_REASON.match(parts[1])) and _DOES_MORE.search(parts[1]) is None


class RoutingOnlySet(CaseSetError):
    """EV008: a runtime set whose every case is only a routing expectation: a trigger set
    written in a runtime set's file. It carries its queries (prompt, should fire), in order,
    so `check` accepts it and `skill-eval trigger` measures them (runner.triggers.routed)."""

    def __init__(self, path: str, problem: str, queries: list[tuple[str, bool]],
                 findings: tuple[Finding, ...] = ()) -> None:
        super().__init__(path, problem)
        self.queries = queries
        self.findings = findings  # what reading the set reported (a format's settings)


# Words of a field's name that say it names the skill a query should (not) reach: a routing
# expectation (`expected_owner`, `must_not_select`, `forbidden_owners`, `selected_skill`).
_ROUTE_NAME_WORDS = {"owner", "owners", "select", "selected", "selection", "route", "routes",
                     "handler", "handlers"}
_SKILL_WORDS = {"skill", "skills"}
_SAID_OF_SKILL = {"expected", "expect", "must", "not", "forbidden", "should", "selected",
                  "allowed", "excluded"}
# Fields that describe a query for its reader (why it routes there): words, never graded.
NOTES = frozenset({"id", "name", "title", "category", "categories", "reason", "rationale",
                    "notes", "note", "description", "tags", "comment", "comments", "why",
                    "difficulty", "source", "type", "kind", "tier", "group"})


# What a case hands the run (files it reads, a workspace): a runtime case, even when the only
# thing it expects is a route.
_MATERIAL = frozenset({"files", "fixtures", "setup", "workspace", "context_files", "input_files",
                       "attachments"})


# An expectation of what the run answers (`expected_output: "42"`, `expected: yes`): graded
# work, even as one word, unless it names a route.
_ANSWER_WORDS = {"output", "answer", "result", "response", "behavior", "behaviour", "outcome",
                 "contains", "text", "content"}


def route_field(key: str) -> bool:
    """A field whose name says it holds the skill a query should fire, reach or avoid."""
    said = words(key)
    return flag_field(key) or bool(said & _ROUTE_NAME_WORDS) \
        or bool(said & _SKILL_WORDS and said & _SAID_OF_SKILL)


def _token(value: Any) -> bool:
    """A name, a flag, a number, null, or lists and objects of those: never a sentence."""
    if isinstance(value, list):
        return all(_token(v) for v in value)
    if isinstance(value, dict):
        return all(_token(v) for v in value.values())
    return not isinstance(value, str) or not any(c.isspace() for c in value.strip())


def _routes(key: str, value: Any) -> bool:
    """A routing expectation: a routing field holding names or flags, or an expectation
    object (`expected: {selected_skill: none, layer: runtime}`) holding one."""
    if isinstance(value, dict):
        return _token(value) and any(route_field(str(k)) for k in value)
    return route_field(key) and _token(value)


def routing_queries(items: list[Any], prompts: frozenset[str]) -> bool:
    """Every item is a prompt with only routing expectations (`should_trigger`,
    `expected_skill`, `expected_owner`, `must_not_select`, `forbidden_owners`, ...): each has
    one, and its other fields are notes (`reason`, `category`) or names and flags (ids,
    `first_turn: true`), never a sentence of expected output nor a rubric. `prompts`: the
    item fields that hold its prompt. A router's test set: trigger queries, nothing to
    grade as behaviour."""
    if not items:
        return False
    for item in items:
        if not isinstance(item, dict):
            return False
        rest = {str(k): v for k, v in item.items() if k not in prompts and k not in NOTES}
        # a bare `expected` stating a side (`expected: should_not_trigger`) beside the skill
        # that handles the prompt: a routing expectation, never an expected answer
        rest = {k: v for k, v in rest.items() if k not in ("expected", "expect")
                or side(v) is None} if len(rest) > 1 else rest
        if not any(_routes(k, v) for k, v in rest.items()) \
                or not all(_token(v) for v in rest.values()) \
                or any(k in _MATERIAL or (k in ("expected", "expect") or _ANSWER_WORDS & words(k))
                       and not _routes(k, v)
                       for k, v in rest.items()):
            return False
    return True


# A routing statement heading an expected answer, by its grammar: an optional subject (the
# agent, Claude, the skill), a modal or auxiliary, a negation, a verb of activating,
# triggering, loading, selecting or routing, and its object, the skill ("Activates belt with
# the resume lens: ...", "Does NOT activate belt; routes to blueprint", "Triggered the
# ui-design skill", "should load the tidy skill", "Routes to review"); or the skill as the
# subject of such a verb ("The belt skill activates ..."). Its polarity: negated, or naming
# another skill, or routing elsewhere, is should-not.
_HEAD_SUBJECT = r"(?:(?:the\s+)?(?:agent|model|assistant|router)\s+|claude\s+|it\s+)?"
_HEAD_AUX = (r"(?:(?:should|must|will|would|do|does|did|is|was|gets?)(?:\s*(?P<neg>not|n't|never))?"
             r"\s+|(?P<neg2>never)\s+)?(?:be\s+|get\s+)?")
_HEAD_VERB = (r"(?P<verb>activat(?:e|es|ed|ing)|trigger(?:s|ed|ing)?|fir(?:e|es|ed|ing)|"
              r"load(?:s|ed|ing)?|invok(?:e|es|ed|ing)|select(?:s|ed|ing)?|pick(?:s|ed)?|"
              r"(?:is\s+|gets\s+)?rout(?:e|es|ed|ing)(?P<to>\s+(?:to|into|through))?)")
# (never "and": "Activates pdf-maker and writes the report" joins work to grade; a comma
# followed by "then" does too)
_HEAD_END = (r"(?=\s*$|\s*(?!,\s*(?:and|then)\b)[.,;:!?()\u2014\u2013-]|\s+(?:with|in|for|on|as|"
             r"because|since|via|but|when)\b)")
_HEAD_OBJECT = (r"(?P<obj>(?:the\s+|this\s+)?(?:[\w:-]+\s+)?skill|(?:the\s+)?[\w:-]+)"
                r"(?:\s+skill)?")


def routing_head(text: str, names: tuple[str, ...] = (),
                 others: frozenset[str] = frozenset()) -> bool | None:
    """Whether an expected answer opens with a routing statement (`_head`)."""
    head = _head(text, names, others)
    return None if head is None else head[0]


def _head(text: str, names: tuple[str, ...],
          others: frozenset[str]) -> tuple[bool, str] | None:
    """Whether an expected answer opens with a routing statement: True (this skill fires),
    False (it does not: negated, another skill chosen, routed elsewhere), None (no routing
    head: the text is work). The rest of the text is the authors' description of the route
    (the lens, the reason), not read here. Another skill is named with the word skill, as a
    slug (`code-review`, `acme:tidy`) or as one of `others` (the repository's skills). Other
    languages through wording_i18n's firing grammar, on the first clause. With it, what
    follows the head."""
    flat = " ".join(text.split())
    found = re.match(rf"(?i)^\W*{_HEAD_SUBJECT}{_HEAD_AUX}{_HEAD_VERB}(?:\s+{_HEAD_OBJECT})?"
                     rf"{_HEAD_END}", flat)
    if found is None:
        found = re.match(rf"(?i)^\W*(?:the\s+|this\s+)?(?P<obj>[\w:-]+\s+skill|skill)\s+"
                         rf"{_HEAD_AUX}{_HEAD_VERB}{_HEAD_END}", flat)
    if found is None:
        fires = _other_language_head(flat, names)
        return None if fires is None else (fires, "")
    rest = flat[found.end():]
    negated = bool(found.group("neg") or found.group("neg2"))
    said = found.group("obj")
    if said is None:  # "Does NOT activate.": this skill, by the set it is in
        return None if found.group("to") or found.group("verb").lower().startswith(
            ("rout", "select", "pick")) else (not negated, rest)
    obj = re.sub(r"(?i)^(?:the|this)\s+|\s+skill$", "", said).strip().lower()
    own = {n.lower() for n in names} | {n.lower().rsplit(":", 1)[-1] for n in names}
    if obj in own | {"skill", "it"} or obj.rsplit(":", 1)[-1] in own:
        return (negated if found.group("to") else not negated), rest
    named = said.lower().endswith("skill") or obj in {o.lower() for o in others} \
        or re.search(r"\w[-_:]\w", obj) is not None
    if not named or obj in _NOT_A_NAME:
        return None  # "Loads the CSV", "Fires the alert": work, no skill named
    return False, rest  # another skill chosen or routed to: this one does not fire


# What may follow a head saying the skill fires for the statement to stay a routing
# statement: nothing, or the route's own qualifier ("with the resume lens: ...", "for a
# handoff", "(lens-resume.md)"). A new sentence or clause after it ("Skill triggers.
# Identifies the episode ...", "Triggers x; runs push.py") is work the author expects of the
# run, to grade: the statement is a routing head and work, never routing alone.
_ROUTE_QUALIFIER = re.compile(r"(?i)^\s*(?:$|[.!]?\s*$|\(|(?:with|in|for|on|as|via|when)\b)")


_FIRST_CLAUSE = re.compile(r"[;；,，。:：.!?！？]")


def _other_language_head(text: str, names: tuple[str, ...]) -> bool | None:
    head = _FIRST_CLAUSE.split(text, maxsplit=1)[0]
    for name in sorted(names, key=len, reverse=True):
        head = re.sub(rf"(?i)(?<![\w-]){re.escape(name)}(?![\w-])\s*(?:技能|スキル|skill)?",
                      "skill", head)
    return wording_i18n.about_firing(head.strip())


def routing_alone(text: str, names: tuple[str, ...] = (),
                  others: frozenset[str] = frozenset()) -> bool | None:
    """A statement that is a routing statement and nothing the run must do besides: about
    firing as a whole, a head saying the skill does not fire (what follows is the reason or
    the route elsewhere: the skill never runs), or one saying it fires followed by nothing
    but the route's qualifier (`_ROUTE_QUALIFIER`)."""
    whole = about_firing(text, names)
    if whole is not None:
        return whole
    head = _head(text, names, others)
    if head is None or head[0] and not _ROUTE_QUALIFIER.match(head[1]):
        return None
    return head[0]


def routing_statement(text: str, names: tuple[str, ...] = (),
                      others: frozenset[str] = frozenset()) -> bool | None:
    """A statement that is a routing statement as a whole or by its head (about_firing, then
    routing_head): whether this skill fires; None for a statement of work."""
    whole = about_firing(text, names)
    return whole if whole is not None else routing_head(text, names, others)


# Where a case keeps what it expects, as text: its expected answer and its statements.
_EXPECTED_TEXT = ("expected_output", "expected", "expected_behavior", "expected_behaviour")
_EXPECTED_LISTS = ("expectations", "assertions", "statements", "expected_behaviors")


def _expected_texts(item: dict[str, Any]) -> list[str] | None:
    """The texts a case expects, or None when it expects something no text says (a check
    object, a file)."""
    texts: list[str] = []
    for key in _EXPECTED_TEXT:
        value = item.get(key)
        if isinstance(value, str) and value.strip():
            texts.append(value)
        elif value is not None and not isinstance(value, str):
            return None
    for key in _EXPECTED_LISTS:
        value = item.get(key)
        if isinstance(value, list):
            if not all(isinstance(v, str) for v in value):
                return None
            texts += [v for v in value if v.strip()]
        elif value is not None:
            return None
    return texts


def all_routing_statements(items: list[Any], names: tuple[str, ...],
                           others: frozenset[str] = frozenset()) -> bool:
    """A set whose every case's every expectation is a routing statement by its grammar
    (`routing_statement`), and which hands the run no material: a routing corpus by its own
    wording, each case a trigger query. At least two cases, so one case is no corpus."""
    if len(items) < 2:
        return False
    for item in items:
        if not isinstance(item, dict) or item.keys() & (_MATERIAL - {"files"}) \
                or item.get("files") or item.get("outputs"):
            return False
        texts = _expected_texts(item)
        if not texts or any(routing_alone(t, names, others) is None for t in texts):
            return False
    return True
