"""Prompts checked like fixtures (issue 26, rule 6): what the prompt needs must be there.

- A placeholder left in the prompt (`<SANDBOX>`, `<fixture-copy>`, `{{name}}`, `/path/to/...`,
  `<your repo>`) is sent as it is: refused (EV009) with the fix; one inside a command the
  prompt tells the agent to run ("with `python setup.py <temp-dir>`") is the agent's to fill
  (EV012), unless the case's notes name it (a harness substitutes it).
- An input file the prompt names ("summarize notes.txt", "in data/sales.csv") that the case
  does not stage, and does not ask the agent to write, is missing from the session: refused
  (EV009), naming the skill's file that would fit when there is one. After a verb of another
  language too ("посмотри billing/x.py", "revisa src/app.ts", "看一下 src/main.go", "schau
  dir lib/x.rb an", "src/main.go を確認して"), never after a verb of making ("создай
  src/app.ts", "crea ..."): runner.analysis.wording_i18n. A file the prompt says is gone
  ("x.md was deleted", "recreate x.md", "x.md wurde gelöscht") is the task's absence, no
  input. A capitalised `X.js` qualifying the noun after it ("the Next.js landing page") is
  a product's name, not a file. A path of the skill itself (its folder holds it, or SKILL.md
  names it) is the skill's, not an input to stage. A file the prompt makes ("输出 a.md 和
  b.md") is an output wherever it is named again.
- A case that needs the network (a URL to fetch, a package to install, a repository to clone)
  cannot pass in any arm of a network-less sandbox: reported (EV014, with what else a case
  reaches outside the sandbox: runner.authoring.reach).

Only the prompt's own words are read: material it quotes (a fenced block, a quoted passage)
may hold placeholders on purpose."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from runner.analysis.wording import unquoted
from runner.analysis.wording_i18n import (
    CREATE_AFTER_RE,
    CREATE_RE,
    FETCHED_BY_SEARCH_RE,
    HANDS_OVER_RE,
    INPUT_CUE_AFTER_RE,
    INPUT_CUE_RE,
    WEB_SEARCH_RE,
)
from runner.authoring import safely
from runner.authoring.inputs import background_subject
from runner.authoring.sample_data import command_argument
from runner.authoring.site_address import is_site_address
from runner.authoring.written_up import in_notes_to_write_up
from runner.schema.case import Case
from runner.scoring.absence import states_absence
from runner.scoring.asked import FILE_WORD, asks_to_write, reads_as_file

# a file's name as the blank (`<export.txt>`)
_FILE_NAME = r"[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5}"
_PLACEHOLDER = re.compile(
    rf"<(?:[A-Z][A-Z0-9_]{{2,}}|[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+|{_FILE_NAME}|"
    r"(?:your|insert|path|name|the)"
    r"\b[^<>\n]{1,40})>"
    r"|\{\{\s*[\w.-]+\s*\}\}|(?<![\w.])/path/to/[\w./-]*|\[(?:INSERT|YOUR|PLACEHOLDER)[^\]]*\]"
    # a note standing where the material should be ("[Complete blog post text follows.]",
    # "[paste your article here]", "[full transcript omitted]")
    # (a link's text, "[the section that follows](#usage)", is none; a note of omission
    # stands on a line of its own, never inside a pasted log line)
    r"|(?i:\[(?:paste|insert)\b[^\]\n]{0,80}\](?!\()"
    r"|(?m:^[ \t]*\[[^\[\]\n]{0,80}\b(?:follows?|goes\s+here|omitted|truncated|elided)"
    r"\.?\s*\](?!\()[ \t]*$))"
    # ...in Chinese, in any bracket: "[假设用户粘贴了全文文本]", "【此处粘贴合同】", "（正文略）"
    # (a note, never a remark on pasting: "（方便直接复制粘贴到 Excel）", "(粘贴板)")
    r"|[\[【（(]\s*(?:此处|此處|这里|這裡|假设|假設)[^\[\]【】（）()\n]{0,30}?"
    r"(?:粘贴|粘貼|贴上|貼上|省略|放)[^\[\]【】（）()\n]{0,30}[\]】）)]"
    r"|[\[【（(][^\[\]【】（）()\n]{0,20}?(?:正文|全文|内容|內容|原文|以下)略\s*[\]】）)]"
    # a harness's blank in single braces, upper case with an underscore (`{FIXTURE_REPO}`,
    # `{REPO_DIR}`): the runner that fills it is not this one
    r"|(?<![{$\w])\{[A-Z][A-Z0-9]*_[A-Z0-9_]+\}(?!\})",
)
_INPUT_CUE = re.compile(
    r"(?i)\b(?:read|reads|in|from|open|attached|review|reviews|analy[sz]e|parse|load|use|using|"
    r"given|provided|summari[sz]e|fix|edit|refactor|inside|of|at|see|audit|check|inspect|"
    r"process|convert|translate|clean|the file|file)\s+(?:the\s+|my\s+|this\s+|our\s+|"
    r"attached\s+|file\s+|`)*$")
# ...or what the work adds to it: "Add a console.log('hi') to the index.js file" edits a file
# that exists (a dot inside a name, `console.log`, ends no sentence)
_ADDED_TO = re.compile(r"(?i)\b(?:add|append|insert|prepend)\b(?:[^.\n]|\.(?=\w)){0,80}?"
                       r"\b(?:to|into)\s+(?:the\s+|my\s+|this\s+|our\s+|file\s+|`)*$")
# A verb written as a call, `fetch(url)`, is code the prompt pastes to be worked on
# ("this code `try { await fetch(url) }` is rough, improve it"), never a request to fetch.
_NETWORK = re.compile(
    r"(?i)\b(?:fetch|download|curl|wget|visit|browse|scrape|crawl|clone|look up online|"
    r"search the web|web search)\b(?!\s*\()[^.\n]{0,80}?(?:https?://|www\.|\b(?:repo|repository|"
    r"site|page|url|website|web)\b)"
    r"|\bgit\s+clone\b")
# A package install the prompt asks for: the registry is out of reach. One inside material
# the prompt pastes to be worked on (a Dockerfile's `RUN npm install` after "optimise this:")
# is a line of that file, never a command to run.
_INSTALL = re.compile(
    r"(?i)\b(?:pip|npm|pnpm|yarn|cargo|gem|brew|apt(?:-get)?)\s+(?:install|add)\b")
# A criterion that the work searched for something and got it ("Searches for and retrieves
# the full text of the GDPR", "Downloads the filing online"): with nothing staged, only the
# web gives it; unless the search is of something local ("... from the project's database").
_SEARCHED_AND_GOT = re.compile(
    r"(?i)\bsearch(?:es|ed|ing)?\s+for\s+and\s+(?:retriev|fetch|download|obtain)\w*"
    r"|\b(?:retriev|fetch|download|obtain)\w*\s+(?:[\w-]+\s+){1,6}?(?:online\b|from\s+the\s+"
    # (the web as the source, never a kind of software: "the web app's login endpoint")
    r"(?:internet|web)\b(?![\s_-]*(?:app|ui|page|server|hook|socket|site|view|interface|"
    r"client|console|dashboard|api|form)))")
_LOCAL_SEARCH = re.compile(
    r"(?i)\b(?:in|from|within|across)\s+(?:the\s+|this\s+|my\s+|our\s+|its\s+|local\s+|"
    r"user's\s+|project's\s+|attached\s+|uploaded\s+)*(?:repo|repository|codebase|code|"
    r"project|database|db|files?|folders?|director(?:y|ies)|workspace|documents?|"
    r"knowledge\s+base|vault|notes|index|logs?|fixtures?|pdf)\b|\b(?:attached|uploaded|"
    r"grep|function\s+definitions?|call\s+sites?)\b|(?:在|从|從|用)?(?:本地|代码库|代码|程式碼|"
    r"文件|檔案|目录|目錄|项目|專案|仓库|倉庫|数据库|資料庫|知识库|笔记|附件|上传的|PDF|pdf)"
    r"(?:中|里|裡|内|內)?|grep")

# A criterion naming a tool that reaches the web: the case needs the network to pass.
# (the tool's name or its act in any inflection: "3 distinct web searches are executed")
# (docs servers that answer live, Context7 and DeepWiki, too; and the web named as a source,
# "citing Atlassian docs (Context7 or web)", never a kind of software, "web app", "the web UI")
_WEB_TOOL = re.compile(r"(?i)(?<![\w-])(?:web[ _-]?search(?:es|ed|ing)?|"
                       r"web[ _-]?fetch(?:es|ed|ing)?|firecrawl|tavily|context7|deepwiki|"
                       r"search(?:es|ing)? the web|browse[sd]? the web|"
                       r"(?:or|via|from|using|citing)\s+(?:the\s+)?web(?=\s*[),;.]))(?![\w-])")


# A template's prompt: the author's description of the prompt to write ("User prompt that
# should trigger the skill", "Scenario ... that tests if the agent still follows it"), which
# speaks of the agent or skill under test in the third person; a user's request never does.
_DESCRIBED = re.compile(
    r"(?i)^\s*(?:(?:a|an|the|example|sample)\s+)?(?:user\s+)?(?:prompt|request|query|message)"
    r"\s+(?:that|which|to|for|where)\b"
    r"|\b(?:that|which)\s+(?:should\s+)?(?:tests?|checks?|triggers?|verif(?:y|ies)|exercises?)"
    r"\s+(?:(?:if|whether|that)\s+)?(?:the\s+)?(?:agent|skill)\b")


def describes_a_prompt(prompt: str) -> bool:
    """The prompt is a template's description of one, not a request a user would send."""
    return bool(_DESCRIBED.search(unquoted(prompt)))


# A markup element the prompt speaks of ("the `<ros2_control>` tag"): named, not left blank.
_ELEMENT_AFTER = re.compile(r"^[`'\"]?\s*(?:tags?|elements?|blocks?|nodes?)\b", re.IGNORECASE)


def placeholders(prompt: str) -> list[str]:
    """The blanks left in the prompt (the skill's notation among them: `notation_tokens`)."""
    own = unquoted(prompt)
    found = [m.group(0) for m in _PLACEHOLDER.finditer(own)
             if not _ELEMENT_AFTER.match(own[m.end():m.end() + 12])]
    # an XML-ish wrapper the prompt closes (<context> ... </context>) is structure, not a blank
    return list(dict.fromkeys(f for f in found if not re.search(
        rf"</{re.escape(f.strip('<>'))}>", prompt) and not _in_a_format(prompt, f)))


_FILE_BLANK = re.compile(rf"<{_FILE_NAME}>")
# A path spelled as a pattern: two or more `<x>` segments in one path ("out/<platform>-<arch>/
# <build_type>/"): the layout the work should follow, named in the skill's notation.
_PATTERN_PATH = re.compile(r"[\w./-]*(?:<[\w-]+>[\w./-]*){2,}")


# A blank the prompt names as a token, its noun right after it ("the CSV references
# <PENDING_UPLOAD> tokens", "keep the <TODO> markers"): the text itself, spoken of, never a
# value left out.
_NAMED_TOKEN = re.compile(r"^\s+(?:tokens?|placeholders?|markers?|sentinels?|tags?|"
                          r"literals?)\b", re.IGNORECASE)


def notation_tokens(prompt: str, blanks: list[str], notation: str) -> list[str]:
    """The blanks that are notation, not values left out: a `<work-item>` the skill's SKILL.md
    writes itself (its invocation syntax, `/sdd:plan <work-item>`) or the case's criteria
    quote back (`.mnemo/<project-name>/`), and a `<x>` inside a path spelled as a pattern of
    several (`out/<platform>-<arch>/<build_type>/`), or one the prompt names as a token
    (_NAMED_TOKEN). A `/path/to/...` or `{{x}}` is never notation: it names no token of the
    skill's."""
    said = []
    for blank in blanks:
        # a file's name left blank (`<export.txt>`) is the user's file, whoever writes it so
        if not blank.startswith("<") or _FILE_BLANK.fullmatch(blank):
            continue
        quoted = re.search(rf"(?<![\w<]){re.escape(blank)}", notation) is not None
        pattern = any(blank in m.group(0) for m in _PATTERN_PATH.finditer(prompt))
        if quoted or pattern or _NAMED_TOKEN.search(prompt.split(blank, 1)[-1]):
            said.append(blank)
    return said


# A stand-in value: a blank whose own words say it is no real value (`<REDACTED>`,
# `<EXAMPLE_CREDENTIAL_NOT_A_REAL_SECRET>`, `<FAKE_TOKEN>`), or one the words just before call
# so ("this synthetic test credential in chat: <X>"). The user pasted it as it is: a case about
# handling such a value (a leaked secret, a masked field) means it sent as written.
_STAND_IN_NAME = re.compile(r"(?i)(?:^|[_-])(?:redacted|masked|fake|dummy|synthetic|"
                            r"not[_-]a[_-]real|not[_-]real)(?:$|[_-])")
_STAND_IN_BEFORE = re.compile(r"(?i)\b(?:redacted|masked|fake|dummy|synthetic|placeholder|"
                              r"sanitized|sanitised)\b[^.\n<>]{0,40}$")


def fake_values(prompt: str, blanks: list[str]) -> list[str]:
    """The blanks that are stand-in values the prompt means as written (see _STAND_IN_NAME)."""
    return [b for b in blanks if b.startswith("<") and (
        _STAND_IN_NAME.search(b.strip("<>")) or _STAND_IN_BEFORE.search(prompt.split(b, 1)[0]))]


# A blank inside a command the prompt tells the agent to run ("Create a disposable repository
# with `python setup.py case <temp-dir>`"): the agent runs the command, so the agent fills the
# blank (it makes the thing the blank names). A command span introduced as the agent's means.
_OWN_COMMAND = re.compile(r"(?i)\b(?:with|using|via|run|running|execute|executing)\s+`"
                          r"(?P<command>[^`\n]+)`")


def agents_own_blanks(prompt: str, blanks: list[str], notes: str) -> list[str]:
    """The blanks the agent fills itself: inside a command it is told to run (see
    _OWN_COMMAND), unless the case's other fields (`notes`) name the blank: a harness
    substitutes it before the session (`<SANDBOX>` with "the harness replaces <SANDBOX> ...")."""
    commands = [m.group("command") for m in _OWN_COMMAND.finditer(prompt)]
    return [b for b in blanks if b.startswith("<") and b not in notes
            and any(b in command for command in commands)]


def _in_a_format(prompt: str, blank: str) -> bool:
    """A placeholder the task's output format holds, not a blank left for the user: inside a
    quoted template with literal text ("start with '#atlantis <faction_id>'"), or naming a
    value the prompt defines itself (`write_orders(faction_id: int)` ... `<faction_id>`)."""
    name = blank.strip("<>{}[] ")
    at = prompt.find(blank)
    line_start = prompt.rfind("\n", 0, at) + 1
    before = prompt[line_start:at]
    after = prompt[at + len(blank):].split("\n", 1)[0]
    for quote in ("'", "\u2018", "\u201c", '"'):
        close = "\u2019" if quote == "\u2018" else "\u201d" if quote == "\u201c" else quote
        opened = before.rfind(quote)
        if opened >= 0 and before.count(quote) % 2 == 1 and close in after:
            inside = before[opened + 1:] + after[:after.find(close)]
            if inside.strip():  # literal text around the blank: a template to produce
                return True
    bare = re.sub(re.escape(blank), " ", prompt)
    return bool(re.fullmatch(r"[A-Za-z_]\w*", name)) and \
        re.search(rf"(?<![<{{\w]){re.escape(name)}(?![>}}\w])", bare) is not None


# A path in ASCII, bounded by anything else: a path runs straight into Chinese or Japanese.
_ASCII_FILE = re.compile(r"(?<![A-Za-z0-9_/.-])((?:[A-Za-z0-9_-][A-Za-z0-9_.-]*/)*"
                         r"[A-Za-z0-9_-][A-Za-z0-9_.-]*\.[A-Za-z][A-Za-z0-9]{0,5})"
                         r"(?![A-Za-z0-9_/-])")
_CLAUSE_END = re.compile(r"[.;!?]\s|\n|[。！？；]")
# Prepositions among the cues: where a file is, not what is done with it ("запиши в x.md").
_PLACES = frozenset("в во из en de desde em no na do da dans im aus nel dal trong 在 把".split())
_QUOTE = re.compile(r"[`'\"」』]?\s*")


def _read_in_other_language(own: str, start: int, end: int) -> bool:
    """Another language's verb treats the path as existing: right before it (a verb of
    making earlier in the clause wins over a mere preposition), or right after it where the
    verb comes last."""
    clause = _CLAUSE_END.split(own[max(0, start - 40):start])[-1]
    cue = INPUT_CUE_RE.search(clause.rstrip("`"))
    if cue is not None:
        writes = [m.end() for m in CREATE_RE.finditer(clause)]
        words = cue.group(0).split()
        verb = bool(words) and words[0].lower() not in _PLACES
        if not verb and _english(own):
            return False  # "no console.log in src/": English "no", not Portuguese "in the"
        return not writes or (verb and cue.start() >= max(writes))
    after = _QUOTE.match(own, end)
    at = after.end() if after else end
    return bool(INPUT_CUE_AFTER_RE.match(own, at)) and not CREATE_AFTER_RE.match(own, at)


# English function words: a prompt written in English reads another language's preposition
# ("no", "do", "de", "en") as the English word or a name, never as a cue.
_ENGLISH = re.compile(r"(?i)\b(?:the|and|to|of|is|are|a|an|for|with|you|it|this|that|in|"
                      r"on|be|do|not|your|what|how)\b")


def _english(own: str) -> bool:
    words = re.findall(r"[^\W\d_]+", own)
    return len(words) >= 6 and len(_ENGLISH.findall(own)) >= max(3, len(words) // 8)


# A file the prompt says is gone ("jules-cli.md was accidentally deleted", "I lost
# notes.txt", "recreate config.yaml", "se borró", "wurde gelöscht", "被删除了"): the task is its
# absence, so it is no input to stage.
_GONE_AFTER = re.compile(
    r"(?i)[`'\"]?\s*(?:file\s+)?(?:(?:was|were|got|has\s+been|have\s+been|went)\s+"
    r"(?:\w+ly\s+)?(?:deleted|removed|lost|missing|erased|wiped)\b"
    r"|(?:is|are)\s+(?:now\s+|\w+ly\s+)?(?:gone|deleted|missing(?=\s*(?:[.,;:!?)]|$|from\b|"
    r"now\b)))"
    r"|(?:se|fue|fueron)\s+(?:\w+\s+)?(?:borr|elimin|perd)\w*|a\s+été\s+(?:\w+\s+)?"
    r"(?:supprimé|effacé|perdu)|wurde\s+(?:\w+\s+)?(?:gelöscht|entfernt)"
    r"|(?:文件)?(?:被|已|已经)?误?(?:删除|删掉|丢失))")
_GONE_BEFORE = re.compile(
    r"(?i)\b(?:deleted|removed|lost|erased|missing|recreate)\s+(?:the\s+|my\s+|our\s+|a\s+|"
    r"file\s+|`)*$")


# A file the prompt calls made up ("a fictional skill at skills/status/SKILL.md", "a
# hypothetical config.yaml"): described in words for the agent to reason about, not staged.
_FICTION_BEFORE = re.compile(r"(?i)\b(?:fictional|fictitious|hypothetical|imaginary|made-up|"
                             r"imagined|pretend)\b[^.;!?\n]{0,40}$")


def _said_fictional(own: str, start: int) -> bool:
    return _FICTION_BEFORE.search(own, max(0, start - 60), start) is not None


def _said_gone(own: str, start: int, end: int) -> bool:
    """The prompt says the file it names is deleted or missing (before or after the name)."""
    return bool(_GONE_AFTER.match(own, end)) or bool(
        _GONE_BEFORE.search(_CLAUSE_END.split(own[max(0, start - 40):start])[-1]))


# A JavaScript product or framework is named like a file, `X.js` with a capital (Next.js,
# Node.js, Vue.js, D3.js): it reads as that product when it qualifies the noun after it ("the
# Next.js landing page", "a Node.js service"), as a file never does ("Button.js and", "App.js
# file", "Button.js." stay files).
_PRODUCT = re.compile(r"^[A-Z0-9][A-Za-z0-9]*\.js$")
# a version after the name is a release of the product ("from Next.js 15 to 16")
_VERSION_AFTER = re.compile(r"\s+v?\d+(?:\.\d+)*(?:\.x)?\b")
_QUALIFIED = re.compile(
    r"\s+(?!(?:files?|modules?|scripts?|and|or|to|for|in|on|at|of|from|with|into|is|are|was|"
    r"were|has|have|so|but|then|that|which|as|by|if|when|where|because|first|again|now|"
    r"please|too|also)\b)[a-z][a-z-]+\b")


# The stack a prompt says it builds on: "we're using Node.js with Express", "built on Vue.js".
_STACK_BEFORE = re.compile(r"(?i)\b(?:using|use|uses|built\s+(?:on|with)|written\s+in|"
                           r"based\s+on|runs\s+on|running|stack\s+(?:is|of)|"
                           # a migration names the stack it leaves ("migrating from Next.js")
                           r"(?:migrat|mov|switch|port)\w*\s+(?:away\s+)?from)\s+$")
# ...or the one the user's system is written in: "rewrite our backend in Node.js", "build my
# API in Deno.js", "Build a checkout flow for an Egypt store in Node.js" (a verb of building,
# what it builds, then `in`): the language, no file ("rewrite the header in Header.js" edits a
# part of a file, which stays one)
_BUILT_IN = re.compile(r"(?i)\b(?:re)?(?:write|writing|implement\w*|build|building|port|"
                       r"porting|code|coding|develop\w*)\s+(?:our|my|their|your|an?|the)\s+"
                       r"[^.;!?\n]{0,80}\bin\s+$")


def _names_a_product(own: str, name: str, end: int) -> bool:
    """The name is a product's (`Next.js landing page`, "we're using Node.js with Express"),
    not a file to stage."""
    if not _PRODUCT.match(name):
        return False
    start = end - len(name)
    built = _BUILT_IN.search(own, max(0, start - 120), start)
    # ...unless the file is named after the part it holds ("our login form in Login.js")
    stem = name[:-3].lower()
    return bool(_QUALIFIED.match(own, end)) or _VERSION_AFTER.match(own, end) is not None or \
        _STACK_BEFORE.search(own, max(0, start - 20), start) is not None or \
        built is not None and stem not in re.findall(r"[a-z0-9]+", built.group(0).lower())


def _path_words(own: str) -> list[re.Match[str]]:
    """Each file-like word once: as FILE_WORD reads it, or as an ASCII path beside CJK."""
    seen: set[int] = set()
    found: list[re.Match[str]] = []
    for match in [*FILE_WORD.finditer(own), *_ASCII_FILE.finditer(own)]:
        if match.start(1) not in seen:
            seen.add(match.start(1))
            found.append(match)
    return found


# A prompt that tells a situation and ends asking what the agent would do ("... What do you
# do?"): the files it names belong to the story the agent reasons about in words, never
# inputs it opens, so a session without them is the session the authors wrote.
_WHAT_NEXT = re.compile(
    r"(?i)(?:\bwhat (?:do|would|should|will) you do(?: next| now| first| here"
    r"| in this (?:situation|case))?|\bwhat(?:'s| is) your next "
    r"(?:step|move)|\bhow (?:do|would|should) you (?:proceed|respond|handle (?:this|it))"
    r"|que (?:faites|feriez|ferez)[- ]vous|was (?:tust|machst|würdest) du(?: tun| als nächstes)?"
    r"|qu[ée] (?:haces|harías|harias|hace usted)|你(?:会|该|应该)?怎么(?:做|办)"
    r"|どうしますか)\s*[?？]?\s*$")


def asks_what_to_do(prompt: str) -> bool:
    """The prompt ends asking what the agent would do in the situation it tells, or asks it
    to walk through the steps it would take ("Walk me through the EXACT sub-steps to
    transition this ticket ..."): the files the situation names are its story, told."""
    return _WHAT_NEXT.search(prompt.strip()[-120:]) is not None \
        or _WALK_THROUGH.search(unquoted(prompt)) is not None


_WALK_THROUGH = re.compile(
    r"(?i)\b(?:walk|talk|take)\s+me\s+through\s+(?:the|each|every|how|what)\b"
    r"|\bwhat\s+(?:exactly\s+)?(?:do|should|would|must)\s+(?:I|we)\s+do\b"
    r"|\b(?:describe|list|outline|explain)\s+(?:the|each|every)\s+(?:exact\s+)?(?:sub-?)?steps\b"
    r"(?!\s+(?:in|of)\s+(?:this|the|my|our)\s+(?:file|doc|document|runbook|script))")


# A criterion expecting the file itself worked on: "Updates package.json", "bumps react in
# package.json", "package.json is modified" (an answer that only advises names no such verb).
_WORK_STEMS = r"updat|modif|edit|chang|bump|rewrit|patch|fix|amend|remov|delet|read|open|pars"
_WORK_VERB = re.compile(rf"(?i)\b(?:{_WORK_STEMS}|add)\w*")


# (the verb the file's: before it, a few words away, "Updates the ops/x.md file"; or after
# it in the passive, "x.md is updated"; "x.md for runbook update" lists a step, a noun)
_VERB_GAP = r"(?:[^\s.;!?,()]+\s+){0,4}?"
_PASSIVE_AFTER = re.compile(r"\s+(?:is|was|are|were|gets?|got|has\s+been|have\s+been|been)\s+"
                            rf"(?:\w+\s+)?(?:{_WORK_STEMS})\w*", re.IGNORECASE)


def worked_on(case: Case, base: str) -> bool:
    """A criterion of the case expects the named file worked on (read or edited)."""
    return _worked_on(case, base)


def _worked_on(case: Case, base: str) -> bool:
    """A criterion of the case expects the named file worked on (read or edited)."""
    name = re.escape(base.lower())
    before = re.compile(rf"{_WORK_VERB.pattern}\s+{_VERB_GAP}[\w./-]*{name}")
    for text in (case.expected_output, *case.statements, *case.assertions):
        for sentence in re.split(r"(?<=[.;!?])\s+", text):
            low = sentence.lower()
            at = low.find(base.lower())
            if at < 0:
                continue
            if before.search(low) or _PASSIVE_AFTER.match(low, at + len(base)):
                return True
    return False


# A prompt that tells a situation and ends asking a question to answer in words ("The
# doc-audit step finds an issue in README.md. Should wrapup write it to doc-findings.md
# automatically?", "Is the fix done once npm test passes?"): the files its statements name
# belong to the situation. A request put as a question ("Can you fix app.py?") is none, and
# neither is a sentence that asks for work itself (an imperative: "Open x.sql. Why is it
# slow?" still needs x.sql).
_REQUEST_QUESTION = re.compile(r"(?i)^\W*(?:(?:so|and|but|also|then|now),?\s+)?(?:can|could|would|"
                               r"will|won't)\s+(?:you|u)\b|^\W*please\b|\bplease\W*$")
_IMPERATIVE = re.compile(
    r"(?i)^\W*(?:please\s+)?(?:read|open|review|analy[sz]e|parse|load|summari[sz]e|fix|edit|"
    r"refactor|audit|check|inspect|process|convert|translate|clean|run|update|use|look|go|add|"
    r"remove|delete|rename|copy|move|make|change|compare|debug|test|lint|format|optimi[sz]e|"
    r"improve|rewrite|explain|find|search|scan|validate|verify|extract|import|merge|split)\b")
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")


def _question_about_a_story(prompt: str) -> bool:
    """The prompt's last sentence is a question asking to be answered in words."""
    sentences = [m.group(0).strip() for m in _SENTENCE.finditer(prompt.strip()) if
                 m.group(0).strip()]
    return bool(sentences) and sentences[-1].endswith("?") and \
        not _REQUEST_QUESTION.search(sentences[-1]) and not _IMPERATIVE.match(sentences[-1])


# A question asked in words about a situation told before it ("I finished my manuscript. It
# is 2,400 words. Is that good?", "我这个仓库昨天 ... 怎么回事，怎么恢复？"): the prompt's
# material is what it tells; a sentence asking for work ("Review my branch.", "请审查这个 PR。",
# "I want you to check my repo.") is no telling.
_SENTENCE_ANY = re.compile(r"[^.!?\n。！？]+(?:[.!?。！？]+|$)")
_ASKS_WORK = re.compile(r"(?i)^\W*(?:请|請|帮我|幫我|帮忙|幫忙|麻烦|麻煩)"
                        r"|\b(?:want|need|would\s+like)\s+you\s+to\b|\bhelp\s+me\b"
                        # handing it over is no telling: "Here's our old repo ./legacy"
                        r"|^\W*(?:here(?:'s|\s+is|\s+are)|attached\s+(?:is|are))\b")
# a closing question asking the agent to tell what it finds ("What can you tell me about
# it?") asks for work on the material, as "Can you ...?" does
_ASKS_YOU = re.compile(r"(?i)\b(?:can|could|would|will)\s+you\b")


# A brief for a document the prompt names ("Below is everything we know about the project.
# Write the finished file to CLAUDE.md", "... write your restructuring decision to
# docs-plan.md"): the work is a new file written from what the prompt tells, so a file its
# told sentences name ("the timeout constant lives in src/http/client.js") is the brief's
# setting, as in a story closing on a question. Only a brief long enough to hold its material
# in words: "Our data is in sales.csv. Write a summary to report.md." still needs the data.
_WRITE_TO_FILE = re.compile(
    r"(?i)\b(?:write|written|save|saved|put|output|record)\b[^.!?\n]{0,160}?\b(?:to|into)\s+"
    r"`?(?:(?:a|the)\s+)?(?:file\s+)?`?(?P<file>[\w./-]*\w\.[a-z]{1,5})\b")
BRIEF_CHARS = 400


def brief_for_a_document(prompt: str) -> bool:
    """The prompt asks for its result written into a file it names, and the rest of it (the
    brief) runs to BRIEF_CHARS characters or more."""
    hits = list(_WRITE_TO_FILE.finditer(prompt))
    if not hits:
        return False
    told = prompt
    for hit in hits:
        told = told.replace(hit.group(0), "")
    return len(" ".join(told.split())) >= BRIEF_CHARS


# A plight told with no request at all ("I've been editing files in my repo ... I need to fix
# a production issue now. I don't want to lose my debug changes."): every sentence tells the
# user's situation, none asks for work, so the answer is advice in words and its pointers are
# the telling, as in a story closing on a question.
# ...each sentence's subject the user ("I've been", "But now I need", "My build"): a prompt
# opening on a verb ("Create a tour for this repo.", "show me the PRs on my repo") asks.
_FIRST_PERSON = re.compile(r"(?i)^\W*(?:(?:but|and|so|now|then|yet|also|still|today|"
                           r"meanwhile),?\s+){0,3}(?:i|i'[a-z]+|i’[a-z]+|we|we'[a-z]+|my|our)\b")


# ...or told as others report it: "Screen-reader users say our React app changes routes but
# ...", "Customers complain that my checkout ...": a verb of saying whose clause opens on the
# user's own possessive is the user's situation, reported (its "changes" is the app's verb)
_REPORTED = re.compile(r"(?i)^\W*(?:[\w'-]+\s+){1,4}?(?:say|says|said|report|reports|reported|"
                       r"complain|complains|complained|tell\s+(?:me|us)|told\s+(?:me|us)|"
                       r"notice|notices|noticed)\s+(?:that\s+)?(?:my|our|we|i)\b")


def told_as_a_plight(prompt: str, phrase: str) -> bool:
    """Every sentence of the prompt tells the user's situation (its subject the user, no
    question, no request for work), and `phrase` is in it."""
    sentences = [m.group(0).strip() for m in _SENTENCE_ANY.finditer(prompt)
                 if m.group(0).strip()]
    return phrase in prompt and bool(sentences) and all(
        (_FIRST_PERSON.match(s) or _REPORTED.match(s)) and not s.endswith(("?", "？"))
        and not _ASKS_WORK.search(s) and not _REQUEST_QUESTION.search(s) for s in sentences)


# A question asking which choice suits the user's thing ("What's the best image format for
# our website?", "Which CI should we use for our repo?"): answered in words, the thing its
# beneficiary. "What's wrong with our website?" asks about the thing itself: no advice asked.
_CHOICE_QUESTION = re.compile(
    r"(?i)^\W*(?:what(?:'s|\s+is|\s+are|’s)\s+(?:the\s+)?(?:best|right|ideal|recommended|"
    r"most\s+\w+|safest|fastest|cheapest|simplest)\b|should\s+(?:we|i)\b|"
    r"which\s+(?:[\w-]+\s+){0,3}(?:should\s+(?:we|i)|would\s+you\s+recommend|is\s+(?:the\s+)?"
    r"(?:best|better|right))\b|"
    r"what\s+(?:[\w-]+\s+){0,3}should\s+(?:we|i)\b|how\s+should\s+(?:we|i)\b|"
    r"is\s+it\s+(?:better|worth)\b|"
    # a question of obligation ("Do we need a consent banner for our site?"): answered in
    # words, the site its setting
    r"(?:do|does)\s+(?:we|i|my|our)\b(?:\s+[\w-]+){0,3}?\s+(?:need|have\s+to)\b|"
    r"(?:is|are)\s+(?:we|i)\s+(?:required|obliged)\b|must\s+(?:we|i)\b)")
# A request only to plan or advise, after sentences that told the situation ("Management
# wants 80% coverage on our whole legacy codebase this quarter. Plan it.").
_ADVICE_ONLY = re.compile(r"(?i)^\W*(?:please\s+)?(?:plan|advise|recommend|propose|suggest|"
                          r"outline)(?:\s+(?:it|this|that|one|something|a\s+plan|an?\s+"
                          r"approach|the\s+approach|how))?\W*$")


def asked_for_advice(prompt: str, phrase: str) -> bool:
    """`phrase` is the beneficiary of a question asking a choice ("... for our website?"), or
    sits in a told sentence before a closing request only to plan or advise ("Plan it.")."""
    sentences, held = _holding(prompt, phrase)
    if held is None:
        return False
    text = held.group(0).strip()
    if text.endswith(("?", "？")) and _CHOICE_QUESTION.match(text) and re.search(
            rf"(?i)\b(?:for|in|on|with)\s+{re.escape(phrase)}", text):
        return True
    return held is not sentences[-1] and _telling(held) and \
        _ADVICE_ONLY.match(sentences[-1].group(0).strip()) is not None


def _holding(prompt: str, phrase: str) -> tuple[list[re.Match[str]], re.Match[str] | None]:
    """The prompt's sentences, and the one holding `phrase` (None when it holds none)."""
    sentences = [m for m in _SENTENCE_ANY.finditer(prompt) if m.group(0).strip()]
    at = prompt.find(phrase)
    held = next((m for m in sentences if m.start() <= at < m.end()), None) if at >= 0 else None
    return sentences, held


def _telling(sentence: re.Match[str]) -> bool:
    """The sentence tells the situation: no question, no imperative, no request for work."""
    text = sentence.group(0)
    return not text.strip().endswith(("?", "？")) and not _IMPERATIVE.match(text) \
        and not _ASKS_WORK.search(text)


def told_in_a_question(prompt: str, phrase: str) -> bool:
    """`phrase` sits in a sentence that tells the situation (no request for work), and the
    prompt closes on a question asking to be answered in words (not "Can you ...?")."""
    sentences, held = _holding(prompt, phrase)
    if not sentences:
        return False
    last = sentences[-1].group(0).strip()
    if not last.endswith(("?", "？")) or _REQUEST_QUESTION.search(last) or \
            _IMPERATIVE.match(last) or _ASKS_YOU.search(last):
        return False
    return held is not None and held is not sentences[-1] and _telling(held)


def _told(own: str, start: int) -> bool:
    """The sentence holding the name at `start` states the situation (no imperative) and is
    not the closing question."""
    sentence_start = max(own.rfind(c, 0, start) for c in ".!?\n") + 1
    rest = own[start:]
    ends = [i for i in (rest.find(c) for c in ".!?\n") if i >= 0]
    closing = own[start + min(ends)] == "?" if ends else True
    return not closing and not _IMPERATIVE.match(own[sentence_start:start])


# The file's content follows its name: a colon within the sentence, then a fenced block or
# lines of it ("The key change is in ai.service.ts:\n```ts ...", "Find bugs in this Node.js
# Express endpoint:\n\nconst app = ..."): the prompt hands the material over.
_CONTENT_AFTER = re.compile(r"[^.?!\n。？！]{0,40}[:：][ \t]*\n(?P<rest>.*)", re.DOTALL)


# A fenced block of the prompt (its info string, then its lines).
_FENCE = re.compile(r"^[ \t]*(```|~~~)([^\n]*)\n(.*?)^[ \t]*\1", re.MULTILINE | re.DOTALL)
# A line labelling the file the code after it is ("// main.go", "# config/app.yaml",
# "<!-- index.html -->", "File: main.go", "main.go:"): comment marks and a label around it.
# (a mark or a label is needed: a bare name on its line may be a listing's, "src/\n  main.go")
_LABEL_MARKS = re.compile(r"^(?:(?://+|#+|--|/\*+|<!--|;+|%+)\s*(?:file(?:name)?\s*[:=]\s*)?"
                          r"`?(?P<name>[\w./-]+)`?\s*:?|file(?:name)?\s*[:=]\s*`?(?P<labelled>"
                          r"[\w./-]+)`?|`?(?P<colon>[\w./-]+\.\w+)`?\s*:)\s*(?:\*/|-->)?$",
                          re.IGNORECASE)


def _pasted_in_fence(prompt: str, name: str) -> bool:
    """The prompt pastes the file in a fenced block labelled with its name (a comment line
    "// main.go" before its code, an info string "```go title=main.go"): handed over."""
    for fence in _FENCE.finditer(prompt):
        if re.search(rf"(?:^|[\s=/\"']){re.escape(name)}(?:$|[\s\"'])", fence.group(2)):
            return True
        for line in fence.group(3).splitlines():
            label = _LABEL_MARKS.match(line.strip())
            said = label and (label.group("name") or label.group("labelled")
                              or label.group("colon"))
            if said and (said == name or said.endswith("/" + name)):
                return True
    return False


def _content_follows(prompt: str, name: str) -> bool:
    if _pasted_in_fence(prompt, name):
        return True
    for at in (m.end() for m in re.finditer(re.escape(name), prompt)):
        after = _CONTENT_AFTER.match(prompt, at)
        if after is None:
            continue
        rest = after.group("rest")
        if rest.lstrip().startswith(("```", "~~~")) or \
                sum(bool(line.strip()) for line in rest.splitlines()[:6]) >= 2:
            return True
    return False


# Work told as done, in the clause naming the file ("I just fixed the timezone bug in
# frontend/utils/time.ts", "Completed the client-side changes in packages/cache/client.ts"):
# the prompt's history, handed over in words, not a file to open.
# (the verb finite: at the clause's head or after its subject; "the removed users" is an
# adjective, "List the removed users in audit.log" still needs the log)
_DONE = re.compile(r"(?i)^\s*(?:(?:i|we|you|they|he|she|someone|it)\s+)?(?:(?:just|already|"
                   r"have|has|had|recently)\s+)*(?:fixed|changed|added|completed|updated|"
                   r"refactored|migrated|removed|modified|implemented|moved|renamed|touched|"
                   r"edited|rewrote|patched|bumped|introduced)\b")


# where a clause ends: a stop before a space (never the dot of "config.py"), a line, a dash
_CLAUSE_END = re.compile(r"[.;!?:](?=\s)|\n|—")


# The user says they just made or changed the file ("I just edited config.yaml", "我刚改完
# X 的 SKILL.md") and asks, after it, for it to be looked at ("check it", "帮我检查一下"): the
# file is the thing to check, the user's own, never a past change told as the setting.
_JUST_MADE = re.compile(r"(?i)\b(?:i|we)\s+(?:just|have\s+just|recently|just\s+now)\s+"
                        r"(?:edited|updated|changed|modified|wrote|written|rewrote|finished|"
                        r"revised|created|tweaked|touched)\b"
                        r"|(?:我|我们|我們)(?:刚|剛|刚刚|剛剛|才)(?:改完|写完|寫完|修改了?|更新了?|改了|"
                        r"改好|写好|寫好|写了|寫了|写的|寫的|改的|编辑了?|編輯了?|完成了?)")
# ...and asks, in its next words, for that file to be looked at: the object points back at it
# ("check it", "review the file", "帮我检查一下"); "check that the summary below ..." and "review
# this PR description" work on something else.
_CHECK_ASKED = re.compile(r"(?i)^\W{0,3}(?:(?:can|could|would)\s+you\s+|please\s+|now\s+|and\s+)*"
                          r"(?:check|review|look\s+(?:at|over)|audit|inspect|verify|proofread|"
                          r"go\s+over)\s+(?:it|them|the\s+file|this\s+file|that\s+file|my\s+"
                          r"changes|the\s+changes)\b"
                          r"|^\W{0,3}(?:帮我|幫我|请|請|麻烦|麻煩)?(?:检查|檢查|看看|看一下|审查|審查|"
                          r"审核|審核|过一遍|過一遍)(?:一下)?(?:它|这个文件|這個文件)?\s*(?:[，,。.！!？?]|$)"
                          r"|^[^，,。.！!？?\n]{0,4}(?:有没有问题|有沒有問題)")


def _changed_then_checked(own: str, start: int, end: int) -> bool:
    """The user just changed the file (said before it, in its sentence) and asks, in the words
    right after it, for it to be checked; or asks to check what they just wrote ("帮我看看我刚写
    的 deploy.sh 有没有问题")."""
    sentence = max((m.end() for m in re.finditer(r"[.!?。！？\n]", own[:start])), default=0)
    if _JUST_MADE.search(own, sentence, start) is None:
        return False
    after = own[end:end + 80]
    clause = re.match(r"[^.!?。！？\n]*?[,，;；]\s*|[.!?。！？]\s*", after)
    return bool(_CHECK_ASKED.search(after)) or clause is not None and bool(
        _CHECK_ASKED.search(after[clause.end():]))


# A skill's SKILL.md named with its owner before it ("mu-interview-shrimp 的 SKILL.md",
# "pdf-helper's SKILL.md"): that skill's file, the user's own, not the one under test.
_OWNED_BY = re.compile(r"(?:^|[\s`'\"(（“])([A-Za-z][\w.-]*-[\w.-]+|[A-Za-z][\w.-]*[_-][\w.-]*)"
                       r"`?(?:\s*的\s*|(?:'s|’s)\s+)(?:skill\s+)?`?$")


def _other_skills_file(own: str, start: int, name: str) -> tuple[str, int] | None:
    """(the owning skill's name, where it starts) of another skill's SKILL.md, or None."""
    if name.lower() != "skill.md":
        return None
    before = max(0, start - 60)
    found = _OWNED_BY.search(own[before:start])
    return (found.group(1), before + found.start(1)) if found else None


def _told_as_done(own: str, start: int) -> bool:
    clause = max((m.end() for m in _CLAUSE_END.finditer(own, 0, start)), default=0)
    told = own[clause:start]
    # "... in a.py after seeing timeouts, and added backoff in b.py": one clause, its head
    return _DONE.match(told) is not None


# A labelled note in brackets ("[Session just completed: Added retry logic in
# src/billing/webhook.ts ... Still TODO: update docs/ops/runbook.md]"): the situation the
# prompt sets, told to the agent, not files it is handed.
_BRACKET_NOTE = re.compile(r"\[[^\]\[:\n]{1,40}:[^\]\[]{40,}\]")


# A list of work items the prompt tells, after a colon ("The board has a pile of tiny issues,
# all below a story's size: (a) rename a variable in runner/github.py; (b) ..."), its items
# marked ("(a)", "1.", ";"): a file named in an item is where that chore would happen, told as
# the backlog's content, never an input of the work asked about the list. The sentence that
# introduces it tells (no imperative: "Fix these issues: (a) ..." asks for the work itself).
_LIST_INTRO = re.compile(r"(?i)\b(?:issues|stories|tasks|tickets|chores|items|todos|bugs|"
                         r"requests)\b[^.!?:\n]{0,80}:\s*$")
_ITEM_MARK = re.compile(r"\s*(?:\(?[a-z1-9]\)|[1-9]\.\s)")


def _in_told_list(own: str, start: int) -> bool:
    colon = own.rfind(":", 0, start)
    if colon < 0 or _ITEM_MARK.match(own, colon + 1) is None \
            or re.search(r"[.!?](?=\s)", own[colon:start]):  # the list ended before it
        return False
    begins = max(own.rfind(c, 0, colon) for c in ".!?\n") + 1
    intro = own[begins:colon + 1]
    return _LIST_INTRO.search(intro) is not None and _IMPERATIVE.match(intro) is None


def _in_bracket_note(own: str, start: int) -> bool:
    return any(m.start() < start < m.end() for m in _BRACKET_NOTE.finditer(own))


# A file the prompt says to make, as the object of a verb of making, alone or in a list of
# objects ("输出 brief.md 和 research-ledger.md", "create a.md and b.md"): an output wherever
# the prompt names it again ("brief.md 是正式报告", "不得出现在 brief.md"); a file a made
# thing reads ("写一个脚本读取 data.csv") is no object of the making verb.
_OBJECTS_BEFORE = r"\s*(?:[\w./-]+\s*(?:和|与|與|及|、|,|，|and)\s*)*`?$"


# ...or a second object joined to the first ("Write a Go file `consumer.go` in package
# `queue` and its corresponding test file `consumer_test.go`"), in the same sentence
_AND_ITS_FILE = re.compile(r"(?i)\b(?:and|plus|with)\s+(?:its|a|an|the|their|one)\s+"
                           r"(?:[\w-]+\s+){0,3}?files?\s+(?:named\s+|called\s+)?`?$")


def _made_by_the_prompt(own: str, name: str) -> bool:
    for at in (m.start() for m in re.finditer(rf"(?<![\w/.-]){re.escape(name)}(?![\w/-])", own)):
        before = own[max(0, at - 80):at]
        verb = list(CREATE_RE.finditer(before)) + list(_MAKE_EN.finditer(before))
        if any(re.fullmatch(_OBJECTS_BEFORE, before[v.end():]) for v in verb):
            return True
        sentence = re.split(r"[.!?。\n]\s", own[max(0, at - 200):at])[-1]
        if _AND_ITS_FILE.search(sentence) and _MAKE_EN.search(sentence):
            return True
    return False


_MAKE_EN = re.compile(r"(?i)\b(?:write|create|generate|produce|output|save|emit)\b")

# A file the prompt says to write something down in ("record the results in report.md",
# "log each step into run.log", "记录到 notes.md"): the place of a verb of recording, the
# run's output. A verb of telling ("explain the blocker in report.md") is as often one of
# reading ("explain the bug in app.py"), so it counts only when a criterion holds the file as
# the subject of what it records ("report.md records the blocker").
# (in the Romance languages by the infinitive or imperative: "documentar los contratos en el
# CLAUDE.md", "consigne les décisions dans notes.md", "registra i passi in log.md")
_RECORD = (r"record|records|log|logs|document|documents|jot|write\s+(?:down|up)|"
           r"documenta(?:r|e|re)?|document(?:er|ez|e)|registra(?:r|re)?|regist(?:re|e)|"
           r"anota(?:r)?|anote|annota(?:re)?|consign(?:er|ez|e)|not(?:er|ez)|"
           r"记录|記錄|记下|記下")
# ...as a verb: "the record in data.csv", "this log in app.log" name what is read
# (nor a member after a dot: the "log" of `console.log(...)` is code, no verb)
_NOT_A_NOUN = (r"(?<!\bthe\s)(?<!\ba\s)(?<!\ban\s)(?<!\bthis\s)(?<!\bthat\s)(?<!\beach\s)"
               r"(?<!\.)")
_TELL = r"explain|explains|describe|describes|summari[sz]e|summari[sz]es|report|reports"
_HOLDS = re.compile(r"\s+(?:records|records?\s+that|lists|notes|documents|contains|includes|"
                    r"explains|describes|summari[sz]es|states|names|has)\b", re.IGNORECASE)


def _written_down(case: Case, own: str, name: str) -> bool:
    at_name = (rf"(?:in|into|to|en|dans|em|no|na|nel|nella)\s+(?:(?:a|an|the|new|file|called|"
               rf"named|el|la|le|les|l'|il|lo|o|a|archivo|fichier|arquivo|file)\s+)*"
               rf"`?{re.escape(name)}")
    at_name += rf"|(?:到|在|进|進|入)\s*`?{re.escape(name)}"
    sentence = r"[^.!?。\n]{0,80}?"
    if re.search(rf"(?i){_NOT_A_NOUN}(?:\b|(?<=[\u4e00-\u9fff]))(?:{_RECORD})"
                 rf"{sentence}(?:{at_name})", own):
        return True
    if re.search(rf"(?i)\b(?:{_TELL})\b{sentence}\b(?:{at_name})", own) is None:
        return False
    held = re.compile(rf"(?i)(?<![\w/.-])`?{re.escape(name)}`?{_HOLDS.pattern}")
    return any(held.search(text) for text in (case.expected_output, *case.statements,
                                              *case.assertions))


# A sentence presenting the user's material, its path after the colon ("Here's an approved
# manifest for the Salesforce landing: x/manifest.json", "Attached is the log: run.log").
_PRESENTS = re.compile(r"(?i)(?:^|[.!?\n]\s*)(?:here(?:'s|\u2019s|\s+is|\s+are)|attached(?:\s+is|"
                       r"\s+are)?|below\s+is|enclosed\s+is)\b[^.!?:\n]{0,160}:\s*`?$")


# ...never one asking for work ("Here are the files I need: a.md"): what follows is made.
_ASKS = re.compile(r"(?i)\b(?:need|needs|want|wants|expect|expected|should|must|write|create|"
                   r"generate|produce|output|outputs|save|deliverables?)\b")


def _presented(own: str, start: int) -> bool:
    """The path stands after the colon of a sentence that presents the user's material."""
    found = _PRESENTS.search(own[max(0, start - 200):start])
    return found is not None and _ASKS.search(found.group(0)) is None


_SENTENCE_CUT = re.compile(r"[.!?。！？\n](?=\s|$)|[。！？\n]")


def _handed_over(own: str, start: int) -> bool:
    """The sentence naming the path hands material over before it ("Te paso el export de
    Screaming Frog (internal_all.csv ...)"), and asks for nothing to be made."""
    sentence = _SENTENCE_CUT.split(own[max(0, start - 160):start])[-1]
    found = HANDS_OVER_RE.search(sentence)
    # (a word of making anywhere in the sentence, any language's: the file is the work's)
    whole = _SENTENCE_CUT.split(own[start:])[0]
    return found is not None and _ASKS.search(sentence[found.start():]) is None \
        and CREATE_RE.search(sentence + whole) is None and _MAKE_EN.search(whole) is None


def missing_inputs(case: Case, staged: set[str],
                   in_skill: Callable[[str], bool] = lambda _: False,
                   held: Callable[[str], bool] = lambda _: False) -> list[str]:
    """Files the prompt names as inputs that nothing stages (by path or file name). A name
    inside material the prompt carries (a block pasted after a colon, a fence, a quote) is
    the material's own words ("See CONTRIBUTING.md." in a README to rewrite), not an input;
    a path of the skill itself (`in_skill`) is the skill's. A path the skill's repository
    holds (`held`: runner.authoring.repository_inputs) is an input wherever the prompt names
    it, no verb of reading needed ("with evaluation/packets.json")."""
    if asks_what_to_do(case.prompt):
        return []
    own = unquoted(case.prompt, pasted=True)
    # an earlier step's prompt, or a setup line, that names the file makes it
    made = " ".join([*(step.prompt for step in case.chain), *case.setup_run])
    outputs = {o.path.lower() for o in case.outputs}
    story = _question_about_a_story(own) or brief_for_a_document(own)
    missing: list[str] = []
    for match in _path_words(own):
        name = match.group(1)
        base = PurePosixPath(name).name
        if not reads_as_file(name) or _names_a_product(own, name, match.end(1)) \
                or is_site_address(own, match.start(1)):
            continue  # a product's name, or a site's address ("site is at clinic.rs")
        # handed over in its sentence, with no word of making there: the noun "export"
        # names what the user exported, no file for the agent to write
        # `@data/x.md`: Claude Code's mention of a file, which it reads into the prompt
        owner = _other_skills_file(own, match.start(1), name)
        # (the cue reads before the owner: "Review pdf-helper's SKILL.md")
        cue_at = match.start() if owner is None else owner[1]
        if owner is not None:
            name = f"{owner[0]}/{name}"  # another skill's SKILL.md: never the one under test
        handed = _handed_over(own, match.start()) or own[max(0, match.start(1) - 1):
                                                         match.start(1)] == "@" \
            or _changed_then_checked(own, match.start(1), match.end(1))
        if not _INPUT_CUE.search(own[max(0, cue_at - 40):cue_at]) and \
                not _ADDED_TO.search(own[max(0, match.start() - 100):match.start()]) and \
                not _presented(own, match.start()) and not handed and \
                not _read_in_other_language(own, match.start(1), match.end(1)) and \
                not held(name):
            continue
        if name.lower() in outputs or base.lower() in staged or name.lower() in staged:
            continue
        if (asks_to_write(case.prompt, base) and not handed) or (made and base in made) \
                or in_skill(name) \
                or _made_by_the_prompt(own, name) or _written_down(case, own, name) \
                or _content_follows(case.prompt, name) \
                or _said_gone(own, match.start(1), match.end(1)) \
                or _said_fictional(own, match.start(1)):
            continue
        if (background_subject(own, match.end(1)) or story and _told(own, match.start(1))
                or _told_as_done(own, match.start(1)) or _in_bracket_note(own, match.start(1))
                or _in_told_list(own, match.start(1))) \
                and not _worked_on(case, base) \
                and not _changed_then_checked(own, match.start(1), match.end(1)):
            continue  # "my package.json has react 17, how do I upgrade?": the setting told
        missing.append(name)
    for named in _named_folders(own):
        folder = named.removeprefix("./").rstrip("/")
        if not any(n == folder.lower() or n.startswith(folder.lower() + "/") for n in staged) \
                and not in_skill(folder) and not held(folder) \
                and not (made and folder in made):
            missing.append(named)
    return list(dict.fromkeys(missing))


# A folder, written as one (`research/reporting/`, `./interviews/`), that the prompt says
# holds the user's material: "the files are in research/reporting/", "read the notes in
# interviews/". Nothing under it staged, the session has no such folder: the case's input is
# missing as a named file's would be. A folder to write into ("save them in out/") is none.
# (a first part with a dot is a host or an abbreviation, "github.com/acme/", "e.g./var/")
_FOLDER_WORD = re.compile(r"(?<![\w/.:@-])[`'\"]?((?:\./)?[A-Za-z_][\w-]*(?:/[\w.-]+)*/)"
                          r"(?![\w/])")
_HOLDS_MATERIAL = re.compile(
    r"(?i)(?:\b(?:files?|notes|data|documents?|docs|transcripts?|logs?|materials?|exports?|"
    r"inputs?|screenshots?|images?|recordings?|tickets?|interviews?|research|sources?|"
    r"spreadsheets?|csvs?)\b[^.;!?\n]{0,30}?\b(?:are|is|live|lives|sit|sits|stored|saved|"
    r"located|kept)\s+(?:all\s+)?(?:in|under|inside|at)|\b(?:read|review|analy[sz]e|look\s+at|"
    r"go\s+through|open|scan|inspect|summari[sz]e)\s+(?:the\s+|my\s+|our\s+|all\s+)?"
    r"(?:\w+\s+){0,2}?(?:in|under|inside|from))\s+(?:the\s+|my\s+|our\s+)?$")
_WRITE_INTO = re.compile(r"(?i)\b(?:save|write|put|output|create|generate|store|export|place|"
                         r"move|copy|drop)\w*\b")


def _named_folders(own: str) -> list[str]:
    found: list[str] = []
    for match in _FOLDER_WORD.finditer(own):
        before = own[max(0, match.start() - 80):match.start()]
        clause = re.split(r"[.;!?\n]", before)[-1]
        if _HOLDS_MATERIAL.search(before) is None or _WRITE_INTO.search(clause) is not None:
            continue
        found.append(match.group(1))
    return found


# A command-line flag right before a name ("parse_sf.py --internal internal_all.csv"): the
# SKILL.md passes the user's file to its program, the file is no part of the skill.
_FLAG_BEFORE = re.compile(r"(?<!\S)--?[A-Za-z][\w-]*(?:=|\s+)[`'\"]?$")
def skill_holds(skill_dir: Path, set_folders: tuple[str, ...]) -> Callable[[str], bool]:
    """Whether a path the prompt names is the skill's own: its folder holds it outside the
    case sets' folders, or SKILL.md names it (a script or reference the skill runs)."""
    from runner.authoring.answers import skill_file_reason

    skill_md = skill_dir / "SKILL.md"
    text = skill_md.read_text(encoding="utf-8", errors="replace") if skill_md.is_file() else ""

    def in_sets(posix: PurePosixPath) -> bool:  # a case set's folder: never installed
        return any(posix.parts[:len(PurePosixPath(f).parts)] == PurePosixPath(f).parts
                   for f in set_folders)

    def holds(name: str) -> bool:
        posix = PurePosixPath(name)
        if posix.is_absolute() or ".." in posix.parts:
            return False
        # spelled from the repository the skill ships in: `skills/<this skill>/templates/x.md`
        # is the skill's `templates/x.md` ("the bundled template at skills/pipeline-templates/
        # templates/audit-then-fix.md")
        if skill_dir.name in posix.parts[:-1]:
            at = len(posix.parts) - 1 - posix.parts[::-1].index(skill_dir.name)
            posix = PurePosixPath(*posix.parts[at + 1:])
            if not in_sets(posix) and safely.is_file(skill_dir / posix):
                return True
        if in_sets(posix):
            return False
        return safely.exists(skill_dir / posix) or skill_file_reason(skill_dir, name) is not None \
            or any(not _FLAG_BEFORE.search(text[max(0, m.start() - 40):m.start()])
                   and not command_argument(text, m.start())
                   for m in re.finditer(rf"(?<![\w/.-]){re.escape(name)}(?![\w-])", text))

    return holds


def staged_names(case: Case, listed: dict[str, list[str]]) -> set[str]:
    """Every path and file name the case's fixtures put in the working directory
    (`listed`: fixture -> the files below it, for a folder)."""
    names: set[str] = set()
    for file in case.files:
        dest = case.fixture_destination(file)
        for below in listed.get(file, [""]):
            path = dest / below if below else dest
            names |= {str(path).lower(), path.name.lower()}
            names |= {str(PurePosixPath(*path.parts[n:])).lower()
                      for n in range(len(path.parts))}
    for inline in case.inline_files:
        path = PurePosixPath(inline)
        names |= {str(PurePosixPath(*path.parts[n:])).lower()
                  for n in range(len(path.parts))} | {path.name.lower()}
    return names


def outside_needs(prompt: str) -> list[str]:
    """The network the prompt's own words need: never a command inside the material it pastes
    for review (a Dockerfile's `RUN curl https://...` is a finding to make, not a fetch)."""
    own = unquoted(prompt, pasted=True)
    found = [m.group(0).strip() for pattern in (_NETWORK, WEB_SEARCH_RE, _INSTALL)
             for m in pattern.finditer(own)
             if not (pattern is _INSTALL and in_notes_to_write_up(own, m.start()))]
    return list(dict.fromkeys(found))


# A clause whose verb names, recommends or explains what follows ("References Firecrawl Map
# then Scrape workflow", "Should recommend web search for prices"): the answer names the
# tool, and naming it needs no network; calling it ("Uses Firecrawl") does.
_NAMES_IT = re.compile(
    r"(?i)^\s*(?:(?:the\s+)?(?:agent|response|answer|output|skill|model|it)\s+)?"
    r"(?:(?:should|must|will|does|did)\s+)?(?:also\s+)?"
    r"(?:referenc|mention|name|recommend|suggest|explain|describ|list|note|cite|advis|"
    r"propos|point|compar|discuss|outlin)\w*\b")
_WEB_CLAUSE = re.compile(r"[.;!?](?:\s|$)|\n|,\s")


def web_criteria(criteria: list[str]) -> list[str]:
    """The web tools a case's own criteria expect the work to use ("Uses web_search ..."),
    never one a clause only names ("References Firecrawl ...") nor one a statement that only
    denies speaks of ("Does NOT claim 'no schema' based on web_fetch alone": every arm passes
    it without the web)."""
    return list(dict.fromkeys(
        m.group(0) for text in criteria if not states_absence(text)
        for pattern in (_WEB_TOOL, WEB_SEARCH_RE,
                        *(() if _LOCAL_SEARCH.search(text) else (_SEARCHED_AND_GOT,
                                                                  FETCHED_BY_SEARCH_RE)))
        for m in pattern.finditer(text)
        if not _NAMES_IT.search(_WEB_CLAUSE.split(_before_list(text[:m.start()]))[-1])
        and not _WITHOUT.search(text[:m.start()])))


def _before_list(before: str) -> str:
    """The words before a parenthesised list the name sits in ("Mentions ... platforms
    (Context7, DeepWiki, or similar)": its verb is the one before the parenthesis)."""
    opened = before.rfind("(")
    return before[:opened] if opened > before.rfind(")") else before


# A web tool the criterion does without ("Uses code analysis tools without web fetching or
# browser automation", "instead of WebSearch"): the work must not need it.
_WITHOUT = re.compile(r"(?i)\b(?:without|no|not|never|instead\s+of|rather\s+than|avoid(?:s|ing)?|"
                      r"except)\s+(?:any\s+|using\s+|the\s+)?(?:[\w-]+\s+(?:or|and|nor)\s+)*"
                      r"(?:[\w-]+\s+){0,2}$")
