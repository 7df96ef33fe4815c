"""Cases that need an MCP tool (issue 26, rule 6): the sandbox runs claude with no MCP server,
so a case whose prompt or checks need one cannot pass in any arm. Reported (EV016), like a
need for the network (EV014), before anything is spent.

A case needs one when its prompt, a turn or a criterion names an `mcp__server__tool`, or names an
MCP server the skill's repository declares (`.mcp.json`, `mcpServers` in a plugin manifest or
`.claude/settings*.json`), or expects a call to a tool that is no tool of claude's own while such a
server is declared, or to one in a server tool's form (`route.plan`, `search_pois`) whether declared
or not (a call none may make needs nothing). The skill needs one when its SKILL.md names a server so
declared, or a tool of one. A server is declared by MCP configuration only: SKILL.md's own prose or
tables ("| Codex | `mcp__node_repl__js` for browser control |", the platforms it works with) declare
nothing, so a tool of an undeclared server named there is no need of the skill's. An
instruction in SKILL.md's prose to do the work through a named server ("uses the X MCP server",
"X MCP로 생성") is no table: it states the server, and a criterion naming that server grades
what only it makes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from runner.analysis.wording_i18n import SERVER_WORDS_RE
from runner.authoring import frontmatter
from runner.schema.case import Case

MCP_NEED = "EV016"
_MCP_TOOL = re.compile(r"(?<![\w-])mcp__[\w-]+(?:__[\w-]+)?")
# Where a repository declares its MCP servers, relative to the skill or a folder above it.
DECLARATIONS = (".mcp.json", "mcp.json", "claude_desktop_config.json", ".claude/settings.json",
                ".claude/settings.local.json", ".claude-plugin/plugin.json", "plugin.json")
LEVELS_UP = 3  # the skill folder and the folders above it, up to its repository's root
# claude's own tools: a call to any other is a call to a server's.
OWN_TOOLS = frozenset({"Agent", "Bash", "BashOutput", "Edit", "ExitPlanMode", "Glob", "Grep",
                       "KillShell", "LS", "MultiEdit", "NotebookEdit", "NotebookRead", "Read",
                       "Skill", "SlashCommand", "Task", "TodoRead", "TodoWrite", "WebFetch",
                       "WebSearch", "Write", "AskUserQuestion", "ListMcpResourcesTool",
                       "ReadMcpResourceTool"})
# The forms of an MCP server's tool as a set names it, bare of claude's `mcp__server__` prefix:
# `server.tool` (`route.generate_routes`) or a snake_case name (`search_pois`). No tool of
# claude's own has either form, so a call to one is a call to a server's.
SERVER_TOOL = re.compile(
    r"^(?:[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)$")
# SKILL.md saying it works through MCP without naming a server ("use the MCP tools", "via MCP",
# "MCP server"): the servers its repository declares are then its own. "MCP" as a topic it
# leaves to another skill ("not for ... MCP/runner plumbing") uses none.
_SKILL_SAYS_MCP = re.compile(r"(?i)\bMCP\s+(?:tools?|servers?|calls?)\b|\b(?:use|uses|using|call|"
                             r"calls|calling|via|through|with)\s+(?:the\s+|its\s+|an?\s+)?MCP\b")
_BESIDE = re.compile(r"(?i)\bMCP\b|\bservers?\b|\btools?\b")


def declared_servers(skill_dir: Path) -> dict[str, str]:
    """The MCP servers the skill's repository declares: name -> the file declaring it."""
    servers: dict[str, str] = {}
    for path, specs in _declarations(skill_dir):
        servers.update({s: str(path) for s in specs if s not in servers})
    return servers


def _declarations(skill_dir: Path) -> list[tuple[Path, dict[str, Any]]]:
    """Each MCP configuration from the skill's folder up to its repository's root, nearest
    first, with the servers it declares (name -> its spec)."""
    found: list[tuple[Path, dict[str, Any]]] = []
    folder = skill_dir.resolve()
    for _ in range(LEVELS_UP + 1):
        found += [(folder / name, _server_specs(folder / name)) for name in DECLARATIONS]
        if (folder / ".git").exists() or folder.parent == folder:
            break
        folder = folder.parent
    return found


# A skill saying in its own prose that it works through an MCP server ("This skill uses the
# repo-wiki MCP server", "Use repo-wiki MCP tools to search", "通过 X MCP 工具"): the user
# installs that server, so no configuration in the repository declares it, yet the skill
# cannot work without it. A table row (the platforms a skill works with) says no such thing.
_USES_SERVER = re.compile(
    r"(?i)\b(?:uses?|using|via|through|requires?|needs?|relies\s+on|depends\s+on|calls?)\s+"
    r"(?:the\s+|an?\s+|its\s+)?(?:`?([\w.-]+)`?\s+)?MCP\s+(?:server|tools?)\b"
    r"|(?:使用|通过|依赖|调用|借助)\s*(?:`?([\w.-]+)`?\s*)?MCP"
    # the verb-last languages mark the means on the name by a particle: Korean "stitch MCP로
    # 스크린을 생성" (로/으로: by way of), "X MCP를 사용해서" (를/을 and a verb of using);
    # Japanese "X MCPで取得", "X MCPを使って"
    r"|`?([A-Za-z0-9][A-Za-z0-9_.-]*)`?\s*MCP\s*(?:서버|도구|툴|サーバー?|ツール)?\s*"
    r"(?:(?:으로|로)(?=\s)|[를을]\s*(?:사용|이용|활용|호출)|で(?!は|も)|"
    r"を\s*(?:使|使用|利用|呼))"
    # a sentence naming the server's tools as the subject that does the work ("The Excalidraw
    # MCP tools connect to a local canvas server")
    r"|(?:^|[.!?]\s+)(?:\*\*)?The\s+`?([A-Z][\w.-]*)`?\s+MCP\s+(?:server|tools?)\s+"
    r"(?:connect|talk|handle|provide|let|do|run|call|read|write|create|send|fetch|are|is|"
    r"must|need|require)\w*\b")
# Words in the server's place that name none ("through the MCP tools", "any available MCP
# server"): with no server named, what the skill relies on is unknown, and only a declared
# server counts.
_NO_NAME = frozenset({"the", "a", "an", "its", "any", "available", "relevant", "appropriate",
                      "configured", "installed", "following", "same", "our", "your", "this",
                      "that", "these", "those", "all", "some", "other", "existing",
                      "provided", "official", "remote", "local", "custom", "own",
                      # the same words in Chinese ("调用任何 MCP 工具前" is "before calling any")
                      "任何", "所有", "相关", "可用", "这些", "该", "此", "其他", "对应", "本地",
                      "远程", "已有", "现有",
                      # a count is no name ("exposes four MCP tools")
                      "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                      "ten", "several", "multiple", "many", "both", "few", "more", "extra"})
# A tool of that server as SKILL.md names it: a snake_case function name in code
# (`search_symbols_tool`, `trace_call_tool(direction='up')`).
_CODE_TOOL = re.compile(r"`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?:\([^`]*\))?`")
STATED = "SKILL.md, which says the skill uses it"


# A tool in a connector's own form, the server's name before the colon and again at the head
# of the tool's (`Notion:notion-search`, `Linear:linear-create-issue`): the skill calls that
# server's tool. (A plugin's skill, `flutter:state-management`, repeats no name.)
_CONNECTOR = r"([A-Z][A-Za-z0-9]*):([a-z][a-z0-9]*)[-_][\w-]+"
_CONNECTOR_TOOL = re.compile(rf"`{_CONNECTOR}`")  # SKILL.md shows its calls as code
_CONNECTOR_NAMED = re.compile(rf"(?<![\w-]){_CONNECTOR}")  # criteria name them in words


def connector_tools(text: str, pattern: re.Pattern[str] = _CONNECTOR_TOOL) -> list[tuple[str, str]]:
    """The tools `text` names in a connector's form, the server's name again at the head of
    the tool's (`Notion:notion-search`): (server, the tool as written)."""
    return [(m.group(1), m.group(0).strip("`")) for m in pattern.finditer(text)
            if m.group(2) == m.group(1).lower()]


def stated_servers(skill_dir: Path) -> dict[str, str]:
    """The MCP servers the skill's SKILL.md names as the ones it works through: name -> where
    it says so."""
    text = skill_md(skill_dir)
    found: dict[str, str] = {}
    for server, tool in connector_tools(text):
        found.setdefault(server, f"SKILL.md, which calls its tool `{tool}`")
    for line in text.splitlines():
        # a table row lists platforms; a quoted line (`> "How should this skill interact? 1.
        # MCP tools (via the X MCP server)"`) is words the skill says or cites, not what it does
        if line.lstrip().startswith(("|", ">")):
            continue
        for match in _USES_SERVER.finditer(line):
            name = (match.group(1) or match.group(2) or match.group(3) or match.group(4)
                    or "").strip("`")
            if name and name.lower() not in _NO_NAME:
                found.setdefault(name, STATED)
    return found


def server_tools(skill_dir: Path, stated: dict[str, str]) -> frozenset[str]:
    """The tools of a server the skill says it uses (`stated`: stated_servers, read once by
    the caller), as SKILL.md names them in code."""
    if not stated:
        return frozenset()
    own = {t.lower() for t in OWN_TOOLS}
    text = skill_md(skill_dir)
    fields = data_fields(text)
    return frozenset(m.group(1) for m in _CODE_TOOL.finditer(text)
                     if m.group(1).lower() not in own and m.group(1) not in fields)


# A name written with a value in code (`posting_status: posted`, `scheduled_at <= now()`,
# `last_seen=...`) is a field of the skill's data, never a tool: a tool is called, not given
# a value. So are the names listed beside it on its line ("update frontmatter (`posted_at`,
# `platform_url`, `posting_status: posted`)"): an enumeration's items are of one kind.
_VALUED = re.compile(r"`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s*(?::|==|!=|<=|>=|=(?!=)|<|>)\s*[^`]")


# SKILL.md's front matter, between its opening and closing `---` lines.
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)\n---[ \t]*(?:\n|\Z)", re.DOTALL)


def _front_matter_keys(text: str) -> set[str]:
    """Every key of SKILL.md's front matter, at any depth (`metadata: {last_updated: ...}`):
    a name the skill's own metadata holds is a field of its data, never a server's tool."""
    match = _FRONT_MATTER.match(text)
    if match is None:
        return set()
    try:
        data, _ = frontmatter.parse(match.group(1))
    except yaml.YAMLError:
        return set()
    keys: set[str] = set()
    todo: list[object] = [data]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            keys |= {str(k) for k in node}
            todo += list(node.values())
        elif isinstance(node, list):
            todo += node
    return keys


def data_fields(text: str) -> frozenset[str]:
    """The snake_case names SKILL.md writes as fields with a value, and their siblings, and the
    keys of its front matter."""
    found: set[str] = _front_matter_keys(text)
    for line in text.splitlines():
        if _VALUED.search(line):
            found |= {m.group(1) for m in _CODE_TOOL.finditer(line) if "(" not in m.group(0)}
            found |= {m.group(1) for m in _VALUED.finditer(line)}
    return frozenset(found)


def skill_md(skill_dir: Path) -> str:
    """The skill's SKILL.md text (empty when absent or over 1 MB)."""
    path = skill_dir / "SKILL.md"
    if not path.is_file() or path.stat().st_size > 1_000_000:
        return ""
    return path.read_text(encoding="utf-8", errors="replace")


def server_products(skill_dir: Path) -> dict[str, str]:
    """The product each declared server is for, by its package's name (`npx -y
    mcp-excalidraw-server@1.1.0` is for "excalidraw") -> the server: a case naming that product
    ("on a live Excalidraw canvas") needs the server, whatever the server is called."""
    products: dict[str, str] = {}
    for _, specs in _declarations(skill_dir):
        for server, package in _packages(specs):
            for word in _product_words(package):
                products.setdefault(word, server)
    # (a server the repository declares is the skill's only where SKILL.md names it: here,
    # its product, "use the Excalidraw canvas tools")
    text = skill_md(skill_dir)
    return {w: s for w, s in products.items()
            if re.search(rf"(?i)(?<![\w-]){re.escape(w)}(?![\w-])", text)}


# Words of a package's name that name no product (`@modelcontextprotocol/server-github`)
_PACKAGE_WORDS = frozenset({"mcp", "server", "servers", "modelcontextprotocol", "cli", "node",
                            "npm", "npx", "py", "python", "tool", "tools", "plugin", "official",
                            "latest", "local", "remote", "api", "sdk", "client", "bridge",
                            # words of any prose ("search the file", "the GitHub Actions file"):
                            # a server named only so is said by its own name or beside "MCP"
                            "fetch", "search", "memory", "filesystem", "files", "everything",
                            "sequential", "thinking", "browser", "shell", "terminal",
                            "database", "storage", "github", "gitlab", "docker"})


def _product_words(package: str) -> list[str]:
    name = re.sub(r"(?<=.)@[\w.^~<>=*-]+$", "", package.strip())  # (a version after `@`)
    return [w for w in re.split(r"[^a-z0-9]+", name.lower())
            if len(w) >= 5 and w not in _PACKAGE_WORDS and not w.isdigit()]


def _packages(specs: dict[str, Any]) -> list[tuple[str, str]]:
    """(server, the package its command runs) of each server a declaration runs by package."""
    out: list[tuple[str, str]] = []
    for server, spec in specs.items():
        args = spec.get("args") if isinstance(spec, dict) else None
        if isinstance(args, list):
            # (a package's name: never a flag, an environment variable's name, a path)
            out += [(str(server), a) for a in args if isinstance(a, str)
                    and _PACKAGE.fullmatch(a) and not a.isupper()
                    and not a.endswith((".js", ".py", ".mjs", ".ts"))]
    return out


_PACKAGE = re.compile(r"(?:@[a-z0-9][\w.-]*/)?[a-z0-9][\w.-]*(?:@[\w.^~<>=*-]+)?",
                      re.IGNORECASE)


def _server_specs(path: Path) -> dict[str, Any]:
    """The `mcpServers` of an MCP configuration (name -> its spec); none when absent."""
    if not path.is_file():
        return {}
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}  # not ours to judge: the file only tells what a server is called
    found = data.get("mcpServers") if isinstance(data, dict) else None
    return {str(k): v for k, v in found.items()} if isinstance(found, dict) else {}


def _texts(case: Case) -> list[str]:
    """Everything a case asks or checks, every turn (never its fixtures' contents)."""
    turns = [t.model_dump(mode="json") for t in case.follow_ups]
    first = [case.first_turn.model_dump(mode="json")] if case.first_turn else []
    return [case.prompt, case.expected_output, case.rubric or "", *case.statements,
            *case.assertions, *case.tool_calls, *(m for i in case.process for m in i.matchers),
            json.dumps([*turns, *first], ensure_ascii=False)]


def _server_named(text: str, server: str) -> bool:
    """The server named in `text`: a distinctive name (`ledger-db`) anywhere; a plain word
    (`github`, `memory`) only beside "MCP", "server" or "tool", where it means the server."""
    if len(server) < 3:
        return False
    # its tool in the connector's form names it (`Notion:notion-create-pages`)
    if any(named == server for named, _ in connector_tools(text, _CONNECTOR_NAMED)):
        return True
    for match in re.finditer(rf"(?i)(?<![\w-]){re.escape(server)}(?![\w-])", text):
        near = text[max(0, match.start() - 40):match.end() + 40]
        if re.search(r"[-_\d]", server) or _BESIDE.search(near) or SERVER_WORDS_RE.search(near):
            return True
    return False


# A prompt saying the MCP is not there ("My MCP tools aren't available right now", "my MCP
# server isn't connecting", "I don't see any atlas-streams tools"): the case asks for the
# way without it.
_GOES_WITHOUT = re.compile(
    r"(?i)\bMCP\b[^.?!\n]{0,30}\b(?:aren'?t|isn'?t|is\s+not|are\s+not|not\s+(?:available|"
    r"working|connecting|connected|loaded|showing)|unavailable|down|broken|missing)\b"
    r"|\b(?:don'?t|do\s+not|can'?t|cannot)\s+(?:see|find|access|use)\s+(?:any\s+|the\s+)?"
    r"[\w-]+\s+tools\b|\bwithout\s+(?:the\s+|my\s+|an?\s+)?MCP\b")


def case_needs(case: Case, servers: dict[str, str],
               tools: frozenset[str] = frozenset(),
               products: dict[str, str] | None = None) -> list[str]:
    """The MCP tools and servers a case needs, as found in its text; `tools` are those of a
    server the skill says it uses; `products`, what a declared server is for by its package
    (server_products)."""
    if _GOES_WITHOUT.search(case.prompt):
        return []  # the case is about working without the server: it needs none
    texts = _texts(case)
    needs = [m.group(0) for text in texts for m in _MCP_TOOL.finditer(text)]
    used = [t for t in sorted(tools)
            if any(re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", text) for text in texts)]
    if used:
        needs.append(f"the tool(s) {', '.join(repr(t) for t in used[:4])} of the MCP server "
                     "the skill uses")
    needs += [f"the MCP server {s!r}" for s in servers if any(_server_named(t, s)
                                                               for t in texts)]
    for word, server in (products or {}).items():
        if not any(f"the MCP server {server!r}" in n for n in needs) and any(
                re.search(rf"(?i)(?<![\w-]){re.escape(word)}(?![\w-])", t) for t in texts):
            needs.append(f"the MCP server {server!r} (for {word.capitalize()}, its package "
                         "says)")
    # a server SKILL.md says the skill does its work through ("stitch MCP로 실제 스크린을
    # 생성"): a criterion grading what came of it by the server's name ("DESIGN에 stitch 스크린
    # 생성") needs it, whatever word stands beside the name; negated, it asks for none
    criteria = [case.expected_output, case.rubric or "", *case.statements, *case.assertions]
    needs += [f"the MCP server {s!r} (SKILL.md says the skill works through it)"
              for s, where in servers.items()
              if where == STATED and len(s) >= 3 and f"the MCP server {s!r}" not in needs
              and any(_graded_by_name(c, s) for c in criteria)]
    own = {t.lower() for t in OWN_TOOLS}
    # a call none may make (`!Tool`, a `never` item) needs nothing: no run makes it here
    matchers = [*(m for m in case.tool_calls if not m.startswith("!")),
                *(m for i in case.process if i.never is None for m in i.matchers)]
    calls = {n.strip() for m in matchers
             for n in re.split(r"[:(]", m, maxsplit=1)[0].split("|")}
    # a server declared, any tool not claude's own is its; none declared, a name in a
    # server tool's form still is one's (no tool of claude's own is named so)
    needs += [f"the tool {c!r} (no tool of claude's own)" for c in sorted(calls)
              if c and c != "*" and c.lower() not in own and not c.startswith("mcp__")
              and (servers or SERVER_TOOL.match(c))]
    return list(dict.fromkeys(needs))


_NEGATED = re.compile(r"(?i)\b(?:not|never|no|without|instead\s+of|skip\w*|omit\w*|avoid\w*|"
                      r"exclud\w*|bypass\w*|leav\w*\s+out)\b"
                      r"|없이|않|말고|せず|しない|なし")


def _graded_by_name(criterion: str, server: str) -> bool:
    """A sentence of the criterion names the server, and says no "not", "without", "skips" of
    it (a case asking to go without the server grades its absence)."""
    for sentence in re.split(r"(?<=[.!?。])\s*|\n", criterion):
        if re.search(rf"(?i)(?<![A-Za-z0-9_-]){re.escape(server)}(?![A-Za-z0-9_-])", sentence) \
                and not _NEGATED.search(sentence):
            return True
    return False


def _tool_server(tool: str) -> str:
    """`mcp__ledger-db__query` -> "ledger-db"."""
    return tool.removeprefix("mcp__").split("__", 1)[0]


# A step of SKILL.md telling the agent to call a server's tool ("Call
# `mcp__claude_ai_Google_Calendar__gcal_list_events` with:", "2. Use `mcp__crm__find` to ..."):
# the skill's own work goes through it, declared or not (a claude.ai connector is declared
# nowhere in the repository). A table row or a quoted line is no step.
_CALLS_TOOL = re.compile(r"(?im)^[ \t]*(?:\d+[.)][ \t]*|[-*][ \t]+)?(?:\*\*)?(?:call|use|invoke|"
                         r"query|run)\b[^|\n]{0,40}?`(mcp__[\w-]+__[\w-]+)")


# A step that rules the tool out before naming it ("never `mcp__fs__read`", "instead of"), or
# keeps it optional in its own clause after it ("`mcp__github__x` if connected; otherwise
# `gh`"); a negation of something else later in the step ("; do not include the trace") is
# none.
_RULED_OUT_BEFORE = re.compile(r"(?i)\b(?:never|not|don't|do\s+not|avoid|instead\s+of)\b")
_OPTIONAL_AFTER = re.compile(r"(?i)[^.;\n]{0,60}?\b(?:otherwise|fall\s*back|if\s+(?:it\s+is\s+)?"
                             r"(?:available|connected|present|installed|configured))\b")


def _ruled_out(text: str, match: re.Match[str]) -> bool:
    start = text.rfind("\n", 0, match.start(1)) + 1
    return _RULED_OUT_BEFORE.search(text, start, match.start(1)) is not None \
        or _OPTIONAL_AFTER.match(text, match.end(1)) is not None


def skill_needs(skill_dir: Path, servers: dict[str, str]) -> list[str]:
    """The MCP tools and servers the skill's own SKILL.md relies on."""
    skill_md = skill_dir / "SKILL.md"
    if not skill_md.is_file():
        return []
    text = skill_md.read_text(encoding="utf-8", errors="replace")
    needs = list(dict.fromkeys([*(m.group(0) for m in _MCP_TOOL.finditer(text)
                                  if _tool_server(m.group(0)) in servers),
                                *(m.group(1) for m in _CALLS_TOOL.finditer(text)
                                  if not _ruled_out(text, m))]))
    named = [s for s in servers if _server_named(text, s)]
    if servers and not named and _SKILL_SAYS_MCP.search(text):
        named = list(servers)  # "use the MCP tools": the servers its repository declares
    named += [s for s, where in servers.items() if where == STATED and s not in named]
    return needs + [f"the MCP server {s!r} (declared in {servers[s]})" for s in named]
