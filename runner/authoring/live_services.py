"""Cases that need a live service the skill itself reaches (issue 26, rule 6): the skill's own
SKILL.md says what it reaches, and the case asks for that service's live state.

What the skill reaches is read from its own declaration, never from a list of products:
- MCP tools: an `mcp__server__tool` name (in `allowed-tools` or its instructions), or its prose
  naming an MCP ("use the Jira MCP", "Check which issue-tracking MCP tools are available");
- a CLI signed in to the user's account: SKILL.md's own code runs the program's sign-in
  (`gws auth status`, `gh auth login`, `az login`, `aws configure`) or passes it an account's
  flag (`--profile`, `--context`, `--subscription`, `--project`).

The case asks for the live state when, staging nothing, its prompt (its own words; a question
asking advice is answered in words) asks for the user's own items ("Show me all my active
issues", "what's in my inbox", "what does our brand voice guide say"), for what is assigned to
them ("what am I assigned to"), or for an item of the service by its id ("my roadmap doc (id:
abc123def)"), or to make or change one there ("create a ticket for this bug", "Create a Notion
page ..."). A case graded on refusing or explaining (its criteria say so) needs no service.

A skill whose SKILL.md says it looks something up live ("checks each one for real-time
availability", "check their live availability": a verb of looking up, then "live" or
"real-time" before the thing) answers with what the world holds now: a case that stages
nothing and whose criteria expect that thing (its word's stem: "availability checked",
"reports AVAILABLE") cannot pass in any arm. A skill that builds something live ("adds
real-time collaboration") looks nothing up.

A criterion saying the work is written there ("a page is created in Notion", "Notionに記録され
る", "the event is added to Google Calendar"): the service the skill reaches by its MCP server
named in the same sentence as a verb of making or recording (created, recorded, added, saved,
posted, logged; 作成, 記録, 登録, 追加, 保存, 投稿, 更新) is checked on the service's own state,
which only the user's account holds. The server's name is read from its tool name
(`mcp__claude_ai_Notion` is "Notion", `mcp__claude_ai_Google_Calendar` "Google Calendar"); a
sentence denying the write ("does not create a page in Notion") needs no service.

A script the skill's own commands run but the skill does not ship (`./scripts/vpn-certs.sh`
absent from its folder) is the user's checkout's: a case whose prompt or criteria name it, and
which does not stage it, cannot run it in any arm.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path, PurePosixPath

from runner.analysis.wording import unquoted
from runner.authoring.mcp import skill_md
from runner.authoring.project_walk import Walk
from runner.authoring.skill import declared_description
from runner.schema.case import Case

_MCP_TOOL = re.compile(r"(?<![\w-])mcp__([\w-]+?)(?:__[\w-]+)?(?![\w-])")
# An MCP named in prose: "the Slack MCP", "Jira MCP tools", "issue-tracking MCP tools". A skill
# teaching how to build one ("write an MCP server") reaches none.
_NAMED_MCP = re.compile(r"(?<![\w-])((?:[A-Z][\w.-]*|[a-z][\w.]*-[\w.-]+))\s+MCP\b"
                        r"|\bMCP\s+(?:tools?|servers?)\b")
_BUILDS_MCP = re.compile(r"(?i)\b(?:build|building|write|writing|create|creating|implement\w*|"
                         r"scaffold\w*|develop\w*|design\w*)\s+(?:an?\s+|the\s+|your\s+)?"
                         r"(?:[\w-]+\s+)?MCP\s+servers?\b")
# (a capitalised word of the sentence before "MCP" is no server's name: "Used MCP tools")
_NOT_A_NAME = frozenset({"the", "an", "a", "use", "used", "uses", "using", "via", "call", "calls",
                         "if", "no", "any", "which", "each", "this", "that", "your", "our",
                         "its", "when", "with", "without", "from", "prefer", "try", "first",
                         "then", "available", "all", "other", "remote", "local", "official"})
# "MCP server support is not yet implemented", "no MCP tools are used": no reach.
_DENIED = re.compile(r"(?i)\b(?:not|no|never|without)\b[^.;\n]{0,40}\bMCP\b|\bMCP\b[^.;\n]{0,40}"
                     r"\b(?:is|are)\s+not\b|\bMCP\b[^.;\n]{0,40}\bnot\s+(?:yet\s+)?"
                     r"(?:implemented|supported|used|available)\b")
# SKILL.md's own command (a code span or a code block's line) signing in to the program's
# account, or passing it an account's flag.
_CMD_START = r"(?:`|^[ \t]*(?:\$\s+)?|(?:&&|\|\|)\s*)"
# (a call in code, `await auth()` or `client.login(...)`, is no command: "(" after the word)
_SIGN_IN = re.compile(rf"{_CMD_START}([a-z][\w-]*)\s+(?:auth(?:\s+(?:status|login))?|login|"
                      r"sso\s+login|configure)(?![\w(-])", re.MULTILINE)
# (a command's words are on its line: "```bash" then a newline is a fence, no program)
_ACCOUNT_FLAG = re.compile(rf"{_CMD_START}([a-z][\w-]*)[ \t][^`\n]*?(?<!\S)--(?:profile|"
                           r"context|subscription|project|account|workspace|org|repo)(?:[=\s])",
                           re.MULTILINE)
# programs that are the shell's, an interpreter or a package manager: their flags are no account
_NOT_SERVICE = frozenset({"git", "cd", "ls", "cat", "echo", "export", "python", "python3",
                          "node", "npm", "npx", "pip", "uv", "bash", "sh", "which", "curl",
                          "docker", "make", "cargo", "go", "yarn", "pnpm", "bun"})

# The user's own items of the service, in the prompt's own words: "my active issues", "our
# brand voice guide", "my recent files", "my inbox". "my code", "my project" are what a case
# stages or the own-project rule reads.
_OWN_ITEMS = re.compile(
    r"(?i)\b(?:my|our)\s+(?:[\w'-]+\s+){0,3}?(?:issues?|tickets?|tasks?|board|boards|backlog|"
    r"sprint|cards?|pull\s+requests?|PRs|files|folders?|drive|docs?|documents|guides?|"
    r"sheets?|spreadsheets?|inbox|e-?mails?|messages|calendar|meetings|events|notes|pages|"
    r"wiki|knowledge\s+base|kb|channels?|threads|cluster|pods|deployments|instances|buckets|"
    r"resources|workspace|dashboards?|alerts|incidents)\b(?!\s*(?:below|above|here|:))"
    # the item word modifying a part of the user's own code is no item of a service: "my
    # dashboard page uses useAuth", "our issues list component"
    r"(?!\s+(?:pages?|routes?|components?|screens?|views?|apps?|code|files?|templates?|"
    r"layouts?|modules?|endpoints?|handlers?|forms?|tables?)\b)")
_MINE = re.compile(r"(?i)\bassigned\s+to\s+me\b|\bwhat\s+am\s+I\s+(?:currently\s+)?"
                   r"(?:working\s+on|assigned)|\bon\s+my\s+plate\b")
# An item of the service by its id: "(id: abc123def)", "doc id 1BxiMk...". ("PR #312" named
# in a message to send is the message's material.)
_ITEM_ID = re.compile(r"(?i)\b(?:id|doc(?:ument)?\s+id|page\s+id|sheet\s+id)(?:\s*[:=#]\s*|\s+)"
                      r"`?(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{6,}`?")
# An item of the service by its number after its noun ("deploy 23437236650", "run #4815162"):
# six digits or more, a record's id, never a count or a year. And the service's latest item
# ("the last prod deploy", "our most recent release"): what it holds now.
_ITEM_NUMBER = re.compile(r"(?i)\b[a-z][\w-]{2,}\s+#?\d{6,}\b")
_LATEST_ITEM = re.compile(r"(?i)\b(?:the|my|our)\s+(?:last|latest|most\s+recent|newest)\s+"
                          r"(?:[\w-]+\s+){0,2}?[\w-]+(?=\s*(?:[?.!]|$))")
# Making or changing an item there: "create a ticket", "leave a comment on". ("open" may be
# reading: "open a PR" of a workflow is its step, not the service's state.)
# A page, a row or an event is the service's only when a name says whose ("Create a Notion
# page", "add a Google Calendar event"): "add a pricing page" to an app is the app's code.
_SERVICE_WRITE = re.compile(
    r"(?i)\b(?:create|file|raise|add|leave|post|update|close|assign|move|archive|delete)\s+"
    r"(?:a\s+|an\s+|the\s+|new\s+|this\s+)*(?:(?:[\w-]+\s+){0,2}?(?:tickets?|issues?|"
    r"comments?|cards?|tasks?|invites?|pull\s+requests?|PRs?)"
    r"|(?:[\w-]+\s+)?(?-i:[A-Z][\w-]*)\s+(?:pages?|rows?|events?))\b")
# A prompt asking how, or for something explained: answered in words.
_HOW = re.compile(r"(?i)^\s*(?:please\s+|can\s+you\s+|could\s+you\s+)?(?:explain|describe|"
                  r"how\s+(?:do|does|should|would|can)|what\s+is\s+the\s+(?:best|right)\s+way|"
                  r"demonstrate|walk\s+me\s+through|draft|write)\b")
# A case graded on refusing, asking first or explaining: no service is needed for that.
_REFUSES = re.compile(r"(?i)^\s*(?:refuses|declines|asks\s+(?:the\s+user\s+)?(?:for|which|"
                      r"whether|to\s+confirm)|explains|tells\s+the\s+user|does\s+not\s+(?:call|"
                      r"run|contact|create|post|send))\b")
# A command running a script by its path: an interpreter before it (`bash scripts/x.sh`,
# `python3 tools/y.py`), or the path itself as the command (`./scripts/x.sh`, a code block's
# line starting with `scripts/x.sh`). A file named in a code span (`src/app.ts`) is no run.
_SCRIPT = r"((?:\./|\.\./)?(?:[\w.-]+/)*[\w-]+\.(?:sh|bash|py|js|mjs|cjs|ts|rb|ps1|pl))(?![\w.-])"
_SCRIPT_RUN = re.compile(
    rf"{_CMD_START}(?:(?:bash|sh|zsh|python3?|node|tsx|ruby|perl|pwsh|source|\.)\s+){_SCRIPT}"
    rf"|{_CMD_START}(\./(?:[\w.-]+/)*[\w-]+\.(?:sh|bash|py|js|rb|pl))(?![\w.-])"
    rf"|^[ \t]*(?:\$\s+)?((?:[\w.-]+/)+[\w-]+\.(?:sh|bash))(?=\s|$)", re.MULTILINE)


def mcp_reach(skill_dir: Path) -> list[str]:
    """The MCP servers the skill's SKILL.md says it works through, as it names them."""
    text = skill_md(skill_dir)
    if not text or _BUILDS_MCP.search(text):
        return []
    found = [f"mcp__{m.group(1)}" for m in _MCP_TOOL.finditer(text)]
    for line in text.splitlines():
        if line.lstrip().startswith("|") or _DENIED.search(line):
            continue  # a table of the platforms it works with, or a denial, declares nothing
        for match in _NAMED_MCP.finditer(line):
            name = match.group(1)
            if name and name.lower() not in _NOT_A_NAME:
                found.append(f"the {name} MCP")
            elif not name:
                found.append("its MCP tools")
    return list(dict.fromkeys(found))


# The skill works by way of the server ("targets Unreal Editor through Epic's official MCP")
_THROUGH_MCP = re.compile(r"(?i)\b(?:through|via|using|over|with)\s+(?:[\w'’.-]+\s+){0,4}?MCP\b")


def described_reach(skill_dir: Path) -> tuple[str, str] | None:
    """(the MCP, the description) when the skill's own description says it works through an
    MCP server ("Use when a task targets Unreal Editor through Epic's official MCP"): the
    whole skill is that server's, so every case needs it."""
    described = declared_description(skill_dir)
    if described is None or _BUILDS_MCP.search(described) or _DENIED.search(described) \
            or not _THROUGH_MCP.search(described):
        return None
    for match in _NAMED_MCP.finditer(described):
        if match.group(1) and match.group(1).lower() not in _NOT_A_NAME:
            return f"the {match.group(1)} MCP", described
    return ("its MCP server", described) if re.search(r"\bMCP\b", described) else None


def cli_reach(skill_dir: Path) -> list[str]:
    """The CLIs the skill's own commands sign in to an account with."""
    text = skill_md(skill_dir)
    found = [m.group(1) for pattern in (_SIGN_IN, _ACCOUNT_FLAG) for m in pattern.finditer(text)]
    return list(dict.fromkeys(f"the `{p}` CLI" for p in found if p not in _NOT_SERVICE))


def _stages_nothing(case: Case) -> bool:
    return not case.files and not case.inline_files


def _criteria(case: Case) -> list[str]:
    return [case.expected_output, *case.statements, *case.assertions]


def cli_runs(case: Case, clis: list[str]) -> list[str]:
    """Criteria saying the agent ran a command of the skill's signed-in CLI ("Uses gws sheets
    command", "Checks gws auth status"), unless they grade not running it."""
    found = []
    for cli in clis:
        name = cli.split("`")[1]
        run = re.compile(rf"(?i)\b(?:runs?|ran|uses?|using|via|with|calls?|checks?|executes?)\s+"
                         rf"(?:the\s+)?[`'\"]?{re.escape(name)}\s+[a-z+][\w+-]*")
        found += [m.group(0).strip("`'\"").lower() for c in _criteria(case)
                  if not _REFUSES.search(c) for m in run.finditer(c)]
    return list(dict.fromkeys(found))[:2]


def live_asks(case: Case) -> list[str]:
    """The words by which the case asks for the live state of a service, when it stages
    nothing, asks no advice and is not graded on refusing or explaining."""
    if not _stages_nothing(case) or "```" in case.prompt:
        return []  # (a pasted block is the service's output handed over)
    own = unquoted(case.prompt, pasted=True)
    if _HOW.search(own) or re.search(r"\?\s*$", own.strip()) and re.match(
            r"(?i)\s*(?:how|why|should|is\s+it|can\s+I)\b", own):
        return []
    criteria = [c for c in _criteria(case) if c.strip()]
    if criteria and all(_REFUSES.search(c) for c in criteria):
        return []
    found = [m.group(0) for pattern in (_OWN_ITEMS, _MINE, _ITEM_ID, _ITEM_NUMBER,
                                        _LATEST_ITEM, _SERVICE_WRITE)
             for m in pattern.finditer(own)]
    return list(dict.fromkeys(" ".join(f.split()) for f in found))


# Claude.ai's connectors carry this prefix before the service's own name.
_CONNECTOR = re.compile(r"^(?:claude_ai_|claude-ai-)", re.IGNORECASE)
# A verb of making or recording an item (English and the CJK verbs of the same class).
# (a word that is also a noun, "logs", "posts", "records", counts only as the verb's past or
# progressive form)
_RECORDED = re.compile(r"(?i)\b(?:creat(?:e|es|ed|ing)|record(?:ed|ing)|add(?:s|ed|ing)?|"
                       r"sav(?:e|es|ed|ing)|post(?:ed|ing)|log(?:ged|ging)|"
                       r"insert(?:s|ed|ing)?|writ(?:e|es|ten|ing)|stor(?:e|es|ed|ing))\b"
                       r"|作成|記録|登録|追加|保存|投稿|書き込")
_NOT_DONE = re.compile(r"(?i)\b(?:not|never|no|without|doesn't|don't|won't)\b|しない|せず|されない")


def service_names(reached: list[str]) -> dict[str, str]:
    """The services' own names, each to what mcp_reach returned for it
    (`mcp__claude_ai_Notion` -> "Notion", "the Jira MCP" -> "Jira")."""
    names: dict[str, str] = {}
    for item in reached:
        if item.startswith("mcp__"):
            name = _CONNECTOR.sub("", item[len("mcp__"):]).replace("_", " ").strip()
        elif item.startswith("the ") and item.endswith(" MCP"):
            name = item[len("the "):-len(" MCP")]
        else:
            continue
        if len(name) >= 3:
            names.setdefault(name, item)
    return names


def service_records(case: Case, services: Collection[str]) -> list[tuple[str, str]]:
    """Criteria sentences saying an item is made or recorded in a service the skill reaches
    (see the module), when the case stages nothing: (the service, the sentence clipped)."""
    if not services or not _stages_nothing(case):
        return []
    found: list[tuple[str, str]] = []
    for criterion in _criteria(case):
        if not criterion or _REFUSES.search(criterion):
            continue
        for sentence in re.split(r"(?<=[.!?。！？])\s*", unquoted(criterion)):
            named = [s for s in services if re.search(
                rf"(?<![A-Za-z]){re.escape(s)}(?![A-Za-z])", sentence, re.IGNORECASE)]
            if named and _RECORDED.search(sentence) and not _NOT_DONE.search(sentence):
                found.append((named[0], " ".join(sentence.split())[:80]))
                break
    return list(dict.fromkeys(found))  # (the expected output is often a statement too)


# SKILL.md saying what it looks up live: a verb of looking up whose object is a live property
# of the things it checks ("check their live availability") or the things checked for it
# ("checks each one for real-time availability"). "check the live system" names no property
# looked up, and "checks that tests live elsewhere" is "live" the verb.
_LOOKS_UP_LIVE = re.compile(
    r"(?i)\b(?:check(?:s|ing)?|look(?:s|ing)?\s+up|fetch(?:es|ing)?|quer(?:y|ies|ying)|"
    r"pull(?:s|ing)?|monitor(?:s|ing)?|verif(?:y|ies|ying)|retriev(?:e|es|ing))\b"
    r"(?:[ \t]+(?!for\b)[\w.'-]+){0,4}?[ \t]+(?:for[ \t]+|their[ \t]+|its[ \t]+)"
    r"(?:live|real[- ]?time|up[- ]to[- ]the[- ]minute)\s+"
    r"(?P<thing>[a-z][a-z-]{4,})\b")
_STEM_CHARS = 6  # how much of the thing's word a criterion's word must begin with


def live_lookups(skill_dir: Path) -> list[str]:
    """What the skill's SKILL.md says it looks up live ("availability"), lowercased."""
    text = " ".join(skill_md(skill_dir).split())  # (front matter folds its lines)
    return list(dict.fromkeys(m.group("thing").lower() for m in _LOOKS_UP_LIVE.finditer(text)))


def lookup_needs(case: Case, things: list[str], advice: bool) -> list[str]:
    """The criteria's words expecting what the skill looks up live, when the case stages
    nothing and is no question asking advice (answered in words)."""
    if not things or advice or not _stages_nothing(case):
        return []
    found = []
    for thing in things:
        stem = re.escape(thing[:_STEM_CHARS])
        found += [m.group(0) for c in _criteria(case) if not _REFUSES.search(c)
                  for m in re.finditer(rf"(?i)\b{stem}\w*", c)]
    return list(dict.fromkeys(found))[:2]


def unshipped_scripts(skill_dir: Path) -> list[str]:
    """Scripts the skill's own commands run by path that its folder does not hold."""
    text = skill_md(skill_dir)
    held = {p.name for p in Walk(skill_dir).files()} if text else set()
    found = []
    for match in _SCRIPT_RUN.finditer(text):
        path = next(g for g in match.groups() if g)
        if not (skill_dir / path).is_file() and PurePosixPath(path).name not in held:
            found.append(path)
    return list(dict.fromkeys(found))


_RUN_WORDS = (r"(?i:runs?|ran|running|execut(?:e|es|ed|ing)|invok(?:e|es|ed|ing)|calls?|called|"
              r"using|via)")


def script_needs(case: Case, scripts: list[str]) -> list[str]:
    """The unshipped scripts the case names (its prompt or criteria), unless it stages them
    or says they are not to be run."""
    if not scripts:
        return []
    staged = {PurePosixPath(f).name for f in (*case.files, *case.inline_files)}
    texts = [case.prompt, *_criteria(case)]
    found = []
    for script in scripts:
        name = PurePosixPath(script).name
        if name in staged:
            continue
        # said to be run ("Runs ./scripts/x.sh client ana"): a script the case writes, or
        # whose output or absence the prompt describes ("x.sh status shows ...", "x.sh does
        # not exist"), is no run to make
        run = rf"\b{_RUN_WORDS}\s+(?:the\s+)?[`'\"]?(?:[\w.-]*/)*{re.escape(name)}(?![\w-])"
        named = [t for t in texts if re.search(run, t)]
        if named and not all(_REFUSES.search(t) for t in named):
            found.append(script)
    return found


# The prompt hands the agent access to a named service: "DataForSEO credentials are
# available", "the Stripe API key is set", "You have access to the HubSpot API". A trial has
# no network and no key, so a criterion that needs what the service answers cannot pass in
# any arm. The service is a name (capitalised, or a code span), never "the" or "my".
_NOT_GRANTED_NAME = r"(?!(?-i:The|My|Our|Your|This|That|Its|Their|API|APIs|All|Any)\b)"
_GRANTED_NAME = (rf"(?P<{{}}>`[^`\n]{{{{2,40}}}}`|{_NOT_GRANTED_NAME}"
                 rf"(?-i:[A-Z][\w.-]*[A-Za-z0-9])(?:\s+{_NOT_GRANTED_NAME}"
                 rf"(?-i:[A-Z][\w.-]*[A-Za-z0-9])){{{{0,2}}}})")
_ACCESS = (r"(?:API\s+)?(?:credentials|creds|api[\s_-]?keys?|keys?|tokens?|secrets?|access|"
           r"account|login|subscription)")
_GRANTED = re.compile(
    rf"(?i)\b(?:the\s+)?{_GRANTED_NAME.format('service')}(?:'s)?\s+{_ACCESS}\s+(?:is|are)\s+"
    rf"(?:already\s+|now\s+)?"
    rf"(?:available|set(?:\s+up)?|configured|provided|ready|loaded|in\s+(?:the\s+)?env\w*|"
    rf"exported|valid)\b"
    rf"|\byou\s+(?:have|'ve\s+got|can\s+use)\s+(?:full\s+)?(?:access\s+to|credentials\s+for|"
    rf"an?\s+api\s+key\s+for)\s+(?:the\s+)?{_GRANTED_NAME.format('granted')}")
# A criterion naming the service after a word that keeps the call away ("before DataForSEO
# calls", "does not query DataForSEO"): passed without the service.
_KEPT_AWAY = re.compile(r"(?i)\b(?:not|never|no|without|before|avoid\w*|instead\s+of|"
                        r"rather\s+than|refus\w*|declin\w*|unless)\b")


# A grant denied or only supposed, the words right before it in its clause: "when no OpenAI
# key is configured", "if the Stripe key is set", "unless DataForSEO credentials are
# available". The prompt then asks for the way without the service (a test that skips).
_WITHHELD = re.compile(r"(?i)\b(?:no|not|never|without|if|when|whenever|unless|until|whether|"
                       r"in\s+case)\s+(?:the\s+|an?\s+|any\s+|your\s+)?$")


def granted_services(case: Case) -> list[str]:
    """The words of a prompt granting access to a live service whose answers a criterion
    needs (one naming the service, not after a word keeping the call away)."""
    found: list[str] = []
    own = unquoted(case.prompt)
    for match in _GRANTED.finditer(own):
        if _WITHHELD.search(re.split(r"[.;!?\n]", own[:match.start()])[-1]):
            continue  # "when no OpenAI key is configured": a condition, no grant
        service = (match.group("service") or match.group("granted")).strip("`")
        name = re.compile(rf"(?i)(?<![\w-]){re.escape(service)}(?![\w-])")
        for text in _criteria(case):
            used = name.search(text)
            if used is not None and not _KEPT_AWAY.search(text[:used.start()]):
                found.append(" ".join(match.group(0).split()))
                break
    return list(dict.fromkeys(found))
