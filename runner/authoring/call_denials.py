"""A denial whose object is a tool call ("Does not call the Write tool", "must not run `git
push`", "no Bash call to rm", "Does NOT run terraform apply"): what the run must not DO, so it
is read on the transcript's tool calls, never on the reply. Read as an absence on all the
material, a reply explaining that it will not run `git push` "breaks" it, and the case fails
for saying the right thing.

Grammar, the statement whole (its one clause a denial, runner.scoring.absence):

    [SUBJECT] NEGATION [attempt to|try to] RUN-VERB [or RUN-VERB] OBJECT [.]
    no TOOL call(s) [to|with|running COMMAND] [.]
    NEGATION  does not | must not | should not | never | doesn't | don't | ...
    RUN-VERB  run | execute | call | invoke | launch | spawn | use (use: a tool's name only)
    OBJECT    one of claude's own tools by its name ("the Write tool", "Bash", "`Edit`") or an
              MCP tool (`mcp__server__tool`): `!Tool`; a command line in a code span (two
              words or more: "`git push --force`") or a known program with its words
              ("terraform apply", "git push"): `!Bash:re:...`, a Bash call holding every word
              whole, in any order (runner.authoring.command_calls)

A pure denial whose verb is a run verb and whose object is anything else ("Does NOT invoke
deep-exploration", "Never executes the migration script") stays the grader's, marked for the
tool calls only (runner.scoring.on_calls): an absence there, so a fail needs what a call did.
A verb in another sense ("does not call the user by name", "never runs over 300 words") or a
denial joined to a positive clause is left as it was.
"""

from __future__ import annotations

import re

from runner.authoring.command_calls import call_pattern
from runner.authoring.mcp import OWN_TOOLS
from runner.authoring.missing_programs import KNOWN_PROGRAMS
from runner.scoring.absence import states_absence
from runner.scoring.on_calls import MARK

_BY_LOWER = {t.lower(): t for t in OWN_TOOLS}
_SUBJECT = (r"(?:(?:the\s+)?(?:agent|assistant|model|claude|skill|run|response|output|it)"
            r"\s+)?")
_NEGATION = (r"(?:(?:does|do|did|must|should|shall|will|may|can|is\s+to)\s+(?:not|never)"
             r"|doesn'?t|don'?t|didn'?t|mustn'?t|shouldn'?t|won'?t|can'?t|cannot|never)"
             r"\s+(?:ever\s+|at\s+all\s+)?")
_VERB = r"(?:run|execute|call|invoke|launch|spawn|use)(?:s|es|ed|d)?"
# A verb in another sense: "run over 300 words", "call for", "call out".
_PHRASAL = (r"(?!\s+(?:out|through|over|into|across|short|long|off|for|on|up|down|back|past|"
            r"away|late|smoothly)\b)")
# A verb of trying before the run verb denies the run all the same ("Does NOT attempt to
# execute terraform apply", "never tries to run `git push`").
_TRYING = r"(?:(?:attempt(?:s|ed)?|try|tries|tried)\s+to\s+)?"
_HEAD = re.compile(rf"^{_SUBJECT}{_NEGATION}{_TRYING}(?P<verb>{_VERB}){_PHRASAL}"
                   rf"(?:\s+(?:or|and|nor)\s+{_VERB})?"
                   # (a second verb of another kind, "run or offer X", is the reply's too)
                   rf"\s+(?!(?:or|and|nor)\s)(?P<object>.+?)\s*[.!]?$",
                   re.IGNORECASE | re.DOTALL)
_NO_CALL = re.compile(r"^(?:no|zero)\s+(?:calls?\s+(?:to|of)\s+)?(?:the\s+)?`?(?P<tool>[\w-]+)`?"
                      r"(?:\s+tool)?(?:\s+calls?)?(?:\s+(?:to|with|running|that\s+runs?|for)"
                      r"\s+(?P<object>.+?))?\s*[.!]?$", re.IGNORECASE | re.DOTALL)
_TOOL_OBJECT = re.compile(r"^(?:the\s+|any\s+|a\s+)?`?(?P<tool>[\w-]+)`?(?:\s+tools?)?"
                          r"(?:\s+(?:at\s+all|ever|calls?))?$", re.IGNORECASE)
_CODE = re.compile(r"^(?:the\s+|a\s+|any\s+)?(?:command\s+)?`(?P<code>[^`\n]+)`"
                   r"(?:\s+(?:command|at\s+all|ever))?$", re.IGNORECASE)
_MCP = re.compile(r"^mcp__[\w-]+(?:__[\w-]+)?$")
# A program's command in words: the program, then words that are no sentence ("terraform
# apply", "git push --force"); nothing after it.
_COMMAND_WORDS = re.compile(r"^(?:the\s+)?(?P<command>[\w.+-]+(?:\s+(?:--?[\w=.:-]+|[\w.:/-]+))"
                            r"{1,4})(?:\s+command)?$")


def _tool(name: str, named_as_tool: bool) -> str | None:
    """Claude's own tool: its name as written (`Write`, any case when called a tool), or an
    MCP tool."""
    if _MCP.match(name):
        return name
    own = _BY_LOWER.get(name.lower())
    return own if own is not None and (named_as_tool or name == own) else None


def _command_check(command: str) -> str | None:
    words = command.split()
    if not words:
        return None
    return f"!Bash:re:{call_pattern(words)}"


def _object_check(text: str, verb: str) -> str | None:
    """The tool-call check the object of a denied run verb reads as, or None."""
    text = " ".join(text.split())
    tool = _TOOL_OBJECT.match(text)
    if tool is not None:
        found = _tool(tool.group("tool"), "tool" in text.lower() or "`" in text)
        if found is not None:
            return f"!{found}"
    if verb.lower().startswith("use"):
        return None  # "uses" a thing that is no tool: the answer's (a tone, a table)
    code = _CODE.match(text)
    if code is not None:
        inner = code.group("code").strip()
        found = _tool(inner, True)
        if found is not None:
            return f"!{found}"
        return _command_check(inner) if len(inner.split()) >= 2 else None
    words = _COMMAND_WORDS.match(text)
    if words is not None and words.group("command").split()[0].lower() in KNOWN_PROGRAMS \
            and words.group("command").split()[0].islower():
        return _command_check(words.group("command"))
    return None


def denied_call(statement: str) -> str | None:
    """The statement, a pure denial of a tool call, as a negated tool-call check (`!Write`,
    `!Bash:re:...`), or None."""
    text = " ".join(statement.split()).strip()
    if not states_absence(text):
        return None
    no_call = _NO_CALL.match(text)
    if no_call is not None and "call" in text.lower():
        tool = _tool(no_call.group("tool"), True)
        if no_call.group("tool").lower() == "tool" and no_call.group("object") is None:
            return "!*"  # "No tool calls": none at all
        if tool is None:
            return None
        rest = no_call.group("object")
        if rest is None:
            return f"!{tool}"
        code = _CODE.match(rest)
        words = code.group("code") if code else rest
        if tool == "Bash" and (code or len(words.split()) <= 5):
            return _command_check(words.strip())
        return None
    head = _HEAD.match(text)
    return _object_check(head.group("object"), head.group("verb")) if head else None


# every run verb but "use" (what an answer uses is its own: a tone, a table)
_RUN_ONLY = re.compile(r"(?:run|execut|call|invok|launch|spawn)\w*", re.IGNORECASE)
# "call" in the sense of naming ("does not call the user by name", "never calls it a bug"):
# only a tool, a function or a code span is called.
_CALLED = re.compile(r"^(?:the\s+|any\s+|a\s+|an\s+)?(?:`|[\w.-]+\(|[\w-]+\s+(?:tool|api|"
                     r"endpoint|function|script|command|skill|subagent|agent)s?\b)",
                     re.IGNORECASE)


def calls_only(statement: str) -> bool:
    """A pure denial of running something that no tool-call check states: the grader's, on
    the tool calls only."""
    text = " ".join(statement.split()).strip()
    if text.startswith(MARK) or not states_absence(text):
        return False
    head = _HEAD.match(text)
    if head is None or not _RUN_ONLY.fullmatch(head.group("verb")):
        return False
    return not head.group("verb").lower().startswith("call") or \
        _CALLED.match(head.group("object")) is not None
