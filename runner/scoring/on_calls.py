"""Statements about what the agent ran, however worded ("Runs the estimate command", "The
agent used `scripts/x.py` to ...", "`build_tree()` was called", "Should run `npm test`", "Did
it call fetch_rates?", "Tool call: Bash with `pytest`"), and statements the author typed as
behaviour (`type: behavioral`, `process`, `action`, `tool`) whose words are about tools, files
or commands: shown only by the tool calls and their results. The agent's final text saying it
ran something is a claim, not evidence that it did (runner.scoring.statements fails a pass
quoted from anywhere else). What the agent says, asks, explains or recommends (running a
command included) is its answer, graded on all the material, whatever the author's type.

The English verbs of running and of answering live here, in one place; other languages' verbs
of running ("使用 download.py", "ejecuta `x.py`") in runner.analysis.wording_i18n."""

from __future__ import annotations

import re

from runner.analysis.wording_i18n import ADVICE_RE, RAN_VERB_RE
from runner.scoring.conditional import without_condition

MARK = "[tool calls] "  # how the reader marks an author's behaviour-typed statement
# ...and a "Uses X" claim of a case that asks to make or plan something: about what the work
# holds (the script's code, the plan's steps), shown by the work, never only by a command run
WORK_MARK = "[in the work] "
# Type names an author gives a check about the process rather than the answer.
BEHAVIOUR_TYPES = frozenset({"behavioral", "behavioural", "behavior", "behaviour", "behaviors",
                             "behaviours", "process", "action", "actions", "tool", "tools"})
# What may come before the verb: a leading "Before answering," clause, a question's "did",
# the agent named, modals and adverbs ("The agent should first run ...", "Did it call ...").
_LEAD = (r"^(?:(?:before|after|first|then|once)\b[^,\n]{0,60},\s*)?"
         r"(?:(?:did|does|do|has|have)\s+)?"
         r"(?:(?:the\s+)?(?:agent|assistant|model|claude|skill|it|you|response)\s+)?"
         r"(?:(?:should|must|shall|will|would|has|have|had|always|first|then|actually|correctly|"
         r"successfully|also|only|needs?\s+to|has\s+to|have\s+to|is\s+expected\s+to|"
         r"(?:is\s+)?(?:able|required|supposed)\s+to)\s+)*")
_RUN_VERB = (r"(?:run|runs|ran|running|call|calls|called|calling|invoke|invokes|invoked|"
             r"invoking|execute|executes|executed|executing|launch(?:es|ed|ing)?)\b"
             r"(?!\s+(?:out|through|over|into|across|short|long|off|for|on|up|down|back)\b)")
_ENGLISH_RUN_VERB = re.compile(_RUN_VERB, re.IGNORECASE)
_RAN = re.compile(_LEAD + _RUN_VERB + r"(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
# "Uses X": only a tool when X is named as one ("Uses a table" is about the answer).
_USED = re.compile(_LEAD + r"(?:uses?|used|using|makes\s+use\s+of)\b"
                   r"(?P<rest>[^,;.\n]*?)(?=\s+(?:to|for|when|before|after|so|and|in\s+order)"
                   r"\b|[,;.\n]|$)", re.IGNORECASE)
# "`compute_totals()` was called", "scripts/x.py should be run": the named thing first.
_PASSIVE = re.compile(
    r"^(?P<rest>[^,;\n]{2,80}?)\s+(?:is|was|were|are|gets?|got|has\s+been|have\s+been|"
    r"(?:should|must|will|needs\s+to)\s+be)\s+(?:first\s+|actually\s+|successfully\s+)?"
    r"(?P<verb>run|ran|called|invoked|executed|launched|used)\b", re.IGNORECASE)
# "Tool call: Bash with `pytest`", "Tool calls include Read on config.yaml".
# (a sentence whose subject is tool calls in general, "Tool calls are expensive", says a
# reason the answer gives: no call to find)
_TOOL_CALL = re.compile(r"^(?:expected\s+)?tool[\s_-]?(?:calls?|use|usage)\b"
                        r"(?!\s+(?:are|is|were|was|can|could|may|might|cost|costs|add|adds|"
                        r"take|takes|should\s+be\s+(?:minimi[sz]ed|batched|avoided)|tend)\b)",
                        re.IGNORECASE)
# ...that it names: a script file, a function call, code, a command-line flag, a path, a
# snake_case name, or "the X command/script/tool".
_KIND = (r"\b(?:command|commands|subcommand|script|scripts|tool|tools|cli|binary|program|"
         r"function|endpoint|test suite|linter|formatter)\b")
# A path has a file-like part: an extension, a leading "./", "../", "~/" or "/", or a
# lowercase folder of code holding a file; "SPARK/WANT", "pros/cons", "and/or", "TCP/IP" are
# lists of words or alternatives, not paths.
_PATH = (r"(?:(?<![\w/])(?:\.{1,2}|~)?/[\w.-]+(?:/[\w.-]+)*"
         r"|\b[\w.-]+(?:/[\w.-]+)*/[\w-]+\.[a-z][a-z0-9]{0,5}\b"
         r"|\b(?:scripts?|bin|src|lib|tools|tests?|cmd|app|utils|config|templates|references"
         r"|assets|examples|data)/[a-z_][\w.-]*)")
# A call written as code: an identifier, ASCII as code's names are, then its parentheses. A
# word of Chinese or Japanese before an aside in parentheses ("运行时问题(网络/数据)": runtime
# problems, network or data) is prose, no call.
_CALL = r"(?<![A-Za-z0-9_])[A-Za-z_][A-Za-z0-9_]*\([^)]*\)"
_NAMED = re.compile(
    r"[\w./-]+\.(?:py|sh|bash|js|mjs|cjs|ts|rb|pl|ps1|php|go)\b"
    r"|" + _CALL + r"|`[^`]+`|(?:^|\s)--?[a-z][\w-]*|" + _PATH + r"|\b[a-z]+_[a-z_]+\b"
    r"|\b(?:query|migration|tests)\b|" + _KIND, re.IGNORECASE)
# What "uses" must name to be a tool: no bare backticked word (`snake_case` names, a term),
# and no method called on an object (`page.goto('/')`, `expect(x).toBe(1)`): an API the code
# the agent writes uses, read on the files as on the calls; a function alone
# (`fetch_rates()`) may be a tool.
_TOOL_NAMED = re.compile(
    r"[\w./-]+\.(?:py|sh|bash|js|mjs|cjs|ts|rb|pl|ps1|php|go)\b"
    r"|(?<![A-Za-z0-9_.$])" + _CALL + r"(?!\s*\.\w)"
    r"|" + _PATH + r"|" + _KIND, re.IGNORECASE)
# "Uses the SPARK framework", "uses a formal tone": a shape of the answer, not a tool.
_SHAPE = re.compile(r"\b(?:framework|method|methodology|model|approach|structure|format|"
                    r"template|tone|style|pattern|outline)s?\s*$", re.IGNORECASE)
# "Uses the Processor API (process() method ...)", "Uses the correct FK join API with an
# extractor function": what code uses (an API, a library, an interface, a class), read on the
# files the agent writes as on its calls; a tool is run, an API is programmed against.
# (and an HTTP endpoint, "Uses GET /v1/users endpoint": what the code or the answer calls)
_CODE_API = re.compile(r"\b(?:APIs?|interfaces?|librar(?:y|ies)|class(?:es)?|SDKs?|endpoints?)\b"
                       r"|\b(?:GET|POST|PUT|PATCH|DELETE)\s+/")
# A behaviour-typed statement about the answer: what the agent says, asks, refuses...
_SAYS = re.compile(
    _LEAD + r"(?:says?|said|asks?|asked|refuses?|refused|declines?|declined|explains?|"
    r"explained|responds?|responded|replies|replied|tells?|told|answers?|answered|mentions?|"
    r"states?|stated|apologi[sz]es?|suggests?|recommends?|advises?|warns?|greets?|confirms?|"
    r"clarifies|acknowledges?|describes?|summari[sz]es?|offers?|informs?|notes?|points?\s+out|"
    r"speaks?|writes?\s+(?:back|a\s+reply)|is\s+(?:polite|friendly|concise|honest))\b",
    re.IGNORECASE)
# A behaviour-typed statement about the process: tools, files, commands.
_PROCESS = re.compile(
    _RUN_VERB + r"|\b(?:uses?|used|using)\s+(?:the\s+|a\s+|an\s+)?\S*\s*" + _KIND
    + r"|\b(?:reads?|writes?|wrote|edits?|edited|opens?|opened|creates?|created|deletes?|"
    r"deleted|modif(?:y|ies|ied)|saves?|saved|overwrites?|installs?|greps?|searches|fetch(?:es)?"
    r"|files?|folders?|director(?:y|ies)|paths?|commands?|scripts?|tools?|arguments?|flags?|"
    r"shell|bash|terminal|tool\s+calls?)\b|" + _NAMED.pattern, re.IGNORECASE)


# A statement about a file the agent makes: the file itself shows it, whoever made it.
_WRITES = re.compile(r"\b(?:writes?|wrote|written|creates?|created|saves?|saved|edits?|edited|"
                     r"updates?|updated|modif(?:y|ies|ied)|produces?|produced|generates?|"
                     r"generated|outputs?|exports?|exported)\b", re.IGNORECASE)


def about_writing(statement: str) -> bool:
    """The statement is about a file the agent writes, creates or edits (not one it ran)."""
    body = without_condition(statement).removeprefix(MARK).strip()
    return _WRITES.search(body) is not None and not ran_named(body)


def behaviour_typed(type_name: str, words: set[str]) -> bool:
    """The author's type says the check is about what the agent did."""
    return type_name.lower() in BEHAVIOUR_TYPES or bool(words & BEHAVIOUR_TYPES)


def about_process(statement: str) -> bool:
    """A behaviour-typed statement whose words are about running or using a tool, a file or
    a command; one about what the agent says, asks or refuses is about its answer."""
    body = without_condition(statement).strip()
    if _SAYS.match(body):
        return False
    return _PROCESS.search(body) is not None


def marked(statement: str) -> str:
    """A behaviour-typed statement, marked for the tool calls when its words are about them
    (an author's `behavior` type on "Responds in a friendly tone" is about the answer)."""
    if statement.startswith(MARK) or not about_process(statement):
        return statement
    return MARK + statement


# A method called on an object, `wg.Add(1)`, `session.commit()`, `defer rows.Close()`: a call
# in the code the work writes ("Calls wg.Add(1) before the go statement"), shown by the answer
# or the files, never only by a tool the agent ran. A statement calling it a tool or an MCP's
# ("Calls the `notion.search()` tool") names a tool; otherwise a server's tool in that form is
# graded on all the material too: looser evidence, where reading code as a tool run would
# make the case unpassable in every arm.
_CODE_CALL = re.compile(r"`?(?<![\w$.])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\([^()]*\)`?")
_NAMED_TOOL = re.compile(r"(?i)\b(?:tools?|mcp)\b")


def _without_code_calls(text: str) -> str:
    return text if _NAMED_TOOL.search(text) else _CODE_CALL.sub(" ", text)


def ran_named(body: str) -> bool:
    """The statement claims the agent ran, used, called, invoked or executed something it
    names (see the module); advice or an account in the answer is not such a claim."""
    if _TOOL_CALL.match(body) or _ran_named_i18n(body):
        return True
    ran = _RAN.match(body)
    if ran is not None and _NAMED.search(_without_code_calls(ran.group("rest"))):
        return True
    used = _USED.match(body)
    if (used is not None and _TOOL_NAMED.search(used.group("rest"))
            and not _SHAPE.search(used.group("rest"))
            and not _CODE_API.search(used.group("rest"))):
        return True
    passive = _PASSIVE.match(body)
    if passive is None:
        return False
    # "The fetch_rates result is used ...": what is used must be named as a tool
    named = _TOOL_NAMED if passive.group("verb").lower() == "used" else _NAMED
    return named.search(_without_code_calls(passive.group("rest"))) is not None


# How far from another language's verb the thing it ran is named (before it where the verb
# comes last: "スクリプト x.py を実行する").
_NEAR = 40
# A verb governs what its own clause names: a comma, a semicolon, a colon, a sentence's end
# or a step's arrow closes the clause ("生成 … install-ahk.ps1，不含启动和文本发送功能": the
# script is what is generated, 启动 the feature it leaves out). A list's 、 and a file name's
# full stop close nothing.
_CLAUSE_END = re.compile(r"[，,；;：。！？!?\n→⇒]|:\s|->|=>")


# Chinese puts a verb's object after it: a Han verb with no kana in the statement (Japanese
# puts it before) names what it ran after itself, or after a marker that moves the object or
# the instrument before the verb ("把 x.py 运行一遍", "用 x.py 运行"); else, named before it,
# the word is a noun ("sync() 调用": "the sync() call").
_KANA = re.compile(r"[\u3040-\u30ff]")
_HAN = re.compile(r"^[\u3400-\u4dbf\u4e00-\u9fff]+$")
_FRONTED = re.compile(r"把|将|將|用|通过|通過")


def _clause_of(body: str, start: int, end: int) -> str:
    """The words of the clause that holds body[start:end], at most _NEAR either side (only
    after it for a Chinese verb)."""
    left = max((m.end() for m in _CLAUSE_END.finditer(body, 0, start)), default=0)
    stop = _CLAUSE_END.search(body, end)
    right = len(body) if stop is None else stop.start()
    if _HAN.match(body[start:end]) and _KANA.search(body) is None:
        fronted = [m.start() for m in _FRONTED.finditer(body, left, start)]
        left = fronted[-1] if fronted else start
    return body[max(left, start - _NEAR):min(right, end + _NEAR)]


# English's nouns of the act that another language's verb stem also spells ("invoc-",
# "utiliz-"): "shows joinLateral() usage for Table API invocation" names the act, ran nothing.
# (and its adjectives: "slash-invocable names", "an executable file")
_ENGLISH_ACT_NOUN = re.compile(r"(?:invocation|utili[sz]ation|invocable|invokable|executable|"
                               r"callable)s?", re.IGNORECASE)


# A Chinese verb of running before a suffix that makes it a noun: 调用方 / 调用者 (the caller),
# 运行时 (runtime), 使用率 (usage rate), 执行次数: a party or a measure of the act, no run.
_HAN_NOUN_SUFFIX = re.compile(r"(?:方|者|时|時|率|量|次数|次數)")


# What another language's verb of running names as run, beside a file, a call or a path: a
# command-line flag ("运行了 --validate-only"), a command with its flag ("执行了 ssh -T"), one
# of claude's own tools by name ("调用了 AskUserQuestion"), or a thing its own language calls
# a tool, script or command ("使用了 X 工具").
_I18N_NAMED = re.compile(
    _TOOL_NAMED.pattern + r"|(?:^|[\s\u3000-\u9fff])--?[a-z][\w-]*"
    r"|(?<![A-Za-z])(?-i:Bash|Read|Write|Edit|MultiEdit|Grep|Glob|WebFetch|WebSearch|Task|"
    r"TodoWrite|AskUserQuestion|NotebookEdit|Skill)(?![A-Za-z])"
    r"|工具|脚本|腳本|命令|指令|ツール|スクリプト|コマンド|도구|스크립트|명령",
    re.IGNORECASE)


def _ran_named_i18n(body: str) -> bool:
    """Another language's claim that the agent ran something it names as a tool, in the
    verb's own clause."""
    if ADVICE_RE.search(body):
        return False
    # a word that is English's own verb of running too (French "execute") is read by the
    # English grammar above, where it must head the claim: "Workflow explains how to execute
    # the script" is about the answer
    return any(_I18N_NAMED.search(_clause_of(body, verb.start(), verb.end()))
               for verb in RAN_VERB_RE.finditer(body)
               if not _ENGLISH_RUN_VERB.fullmatch(verb.group(0))
               and not _ENGLISH_ACT_NOUN.fullmatch(verb.group(0))
               and not _HAN_NOUN_SUFFIX.match(body, verb.end()))


# An alternative in words beside the call: "calls or proposes calling atlas-build", "runs
# the linter or tells the user to": the answer's text can show it too.
_OR_SAYS = re.compile(r"(?i)\bor\s+(?:propos|suggest|recommend|offer|describ|explain|show|"
                      r"tell|instruct|mention|outlin)\w*\b")


# A verb of running joined by "or" to a verb that is not one ("Runs or requires `pnpm
# check`", "runs the linter or asks the user to"): either act passes, and the other is the
# answer's. Read by the coordination: straight after the verb of running, any word (verbs
# joined share their object); after its object, a word of the same -s form followed by what
# starts an object, so "runs lint or tests" (one object, two nouns) stays a run.
_OR_OTHER_VERB = re.compile(
    _LEAD + _RUN_VERB + r"\s*,?\s+or\s+(?!" + _RUN_VERB + r")[a-z]{3,}\b"
    r"|" + _LEAD + r"(?:runs|calls|invokes|executes|launches)\b"
    r"(?:[^,;.\n]|\.(?=\S)){1,60}?,?\s+or\s+(?!"
    + _RUN_VERB + r")[a-z]{2,}(?<!s)s\s+(?:(?:the|a|an|it|that|them|this|to)\b|`)",
    re.IGNORECASE)


def or_other_act(statement: str) -> bool:
    """The statement's run is one of two acts joined by "or" (see _OR_OTHER_VERB)."""
    body = without_condition(statement).strip().removeprefix(MARK).strip()
    return _OR_OTHER_VERB.match(body) is not None


def used_in_the_work(statement: str) -> bool:
    """A claim read on the tool calls only for its "uses X" ("Uses Invoke-Command or
    Get-CimInstance -ComputerName", "uses self-owned per-program markers"): no verb of
    running; in a case making a script or a plan, what the work it makes uses."""
    body = without_condition(statement).strip().removeprefix(MARK).strip()
    if on_calls(statement) and _IN_CODE.search(body) is not None and re.search(_CALL, body):
        return True  # "Calls auth() at the top of the GET handler": a call the code makes
    return on_calls(statement) and _USED.match(body) is not None and _RAN.match(body) is None \
        and _PASSIVE.match(body) is None and not _TOOL_CALL.match(body) \
        and not _ran_named_i18n(body)


# Where in code a call sits ("at the top of the GET handler", "inside the component"): the
# call is the code's, never a command the agent ran.
_IN_CODE = re.compile(
    r"\b(?:in|inside|within|at\s+the\s+(?:top|start|beginning|end)\s+of|from)\s+(?:the\s+|a\s+|an\s+|"
    r"each\s+|every\s+|its\s+)?(?:[\w-]+\s+){0,2}(?:handler|function|component|method|class|"
    r"module|route|page|middleware|hook|constructor|loop|callback|layout|file)s?\b",
    re.IGNORECASE)


def on_calls(statement: str) -> bool:
    """Graded on the tool calls with their results only."""
    body = without_condition(statement).strip()
    if body.startswith(WORK_MARK) or _OR_SAYS.search(body) or or_other_act(body):
        return False
    return body.startswith(MARK) or ran_named(body)
