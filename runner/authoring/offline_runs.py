"""Steps a case needs that the offline sandbox cannot take (issue 26, EV014): a trial runs in
one network-less container holding only the staged files and the image's programs
(runner.schema.image: no ssh, no kubectl, no node), so a case needing one of these cannot pass
in any arm, and says so before anything is spent.

Read by the format of commands and by the staged files, never by one sample's words:
- **a remote host**: the skill's SKILL.md works on a machine over the network, `ssh
  user@host ...` (a user and a host, as ssh takes them) or `kubectl ...` (a cluster's API);
  a case acting on that machine (its words name what only the running remote holds: a pod,
  the cluster; the server, the host) or whose criteria say the agent SSHes there or runs the
  skill's steps ("executes the 6 steps") needs it. A
  question asking advice is answered in words, and a prompt pasting the output (a fenced
  block) hands it over;
- **a package fetched at run time**: `npx X`, `bunx X`, `pnpm|npm|yarn dlx X`, `npm|pnpm|yarn
  add|install X`, `pip install X`, `uvx X`, `shadcn add`: a command the case's own words
  ask for or its criteria say ran, or one SKILL.md prescribes for a tool the case's words name
  as run (SKILL.md: `pnpm dlx shadcn@latest add <c>`; the criterion: "added Dialog via the
  shadcn CLI"). The registry is on the network;
- **a test suite whose dependencies are not staged**: the case runs the project's tests (`npm
  test`, `pnpm run test`, `npx vitest`, `jest`, `playwright test`) and the project's
  package.json declares dependencies while no node_modules comes with it (a project is staged
  without its dependencies; a fixture folder may carry them). `setup` cannot install them
  offline: they are vendored, or the written tests are graded without running them;
- **a sibling skill's files**: a criterion names another skill of the same collection and a
  file it ships (`architecture 스킬의 strategy-dispatch.md`); a trial installs the skill under
  test alone;
- **a script of the skill's that calls a live API**: the skill ships a script (or a local
  module it imports) calling a host that is no example's (`fetch(`, `requests.get`, `curl`,
  and `https://api.dataforseo.com`; never a URL in a comment or in a command line showing how
  the script is run, `--url https://...`: the user's argument), and a criterion says the agent
  ran it, by its name or as
  "the scripts"; or a criterion expects the real thing that script is about read ("Measures
  the real game first" beside `analyze_game.py`) while no staged data file holds it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from runner.analysis.wording import unquoted, without_pasted
from runner.authoring.mcp import skill_md
from runner.authoring.project_walk import Walk
from runner.authoring.written_up import in_notes_to_write_up
from runner.schema.case import Case

# -- a remote host ----------------------------------------------------------------------------

# `ssh [-p 22 | -i key ...] user@host`: the user and host as ssh takes them
_SSH = re.compile(r"\bssh\s+(?:-[\w]+(?:\s+(?!-)[^\s@]+)?\s+)*([\w.-]+@[\w.-]+)")
_KUBECTL = re.compile(r"(?<![\w-])kubectl\s+(?:-[\w-]+(?:[=\s]\S+)?\s+)*[a-z][\w-]*")
# what only a running cluster holds, named in the case's own words: a pod (a running
# instance; a Deployment, a namespace or an Ingress are also manifests the work may write),
# the cluster itself
_CLUSTER_OBJECTS = re.compile(r"(?i)\b(?:pods?|(?:the|my|our)\s+(?:k8s\s+|k3s\s+|"
                              r"kubernetes\s+)?cluster)\b")
_HOST_OBJECTS = re.compile(r"(?i)\b(?:the|my|our)\s+(?:server|host|box|vm|machine|cluster|"
                           r"node|droplet|instance)\b")
# the agent's own act: "Claude SSHes to the cluster" (a verb; "explains SSH" is a topic)
_SSHES = re.compile(r"\bSSH(?:es|'s|ed|ing)?\s+(?:in)?to\s+(?:the\s+)?[\w.@-]+")
_REFUSING = re.compile(r"(?i)\b(?:does\s+not|doesn't|do\s+not|don't|never|without|refuses?|"
                       r"declines?|avoids?)\b")


# A criterion saying the agent carries out the skill's steps (a verb of running, then "all
# the N steps": "executes the 6 steps", "A skill deve executar todas as 6 etapas",
# "6つのステップを実行"): when SKILL.md's steps work on a remote, running them reaches it,
# whatever the prompt asks (a question "o que fazer?" answered by running them).
_STEP = r"(?:steps|etapas|pasos|[ée]tapes|Schritte|ステップ|手順|단계|步骤|步)"
_RUNS_STEPS = re.compile(
    rf"(?i)\b(?:runs?|execut\w*|ejecut\w*|perform\w*|carr(?:y|ies)\s+out|f[üu]hrt|"
    rf"durchf[üu]hr\w*)\s+(?:all\s+|todas?\s+|tous\s+|toutes\s+|alle\s+)?"
    rf"(?:the\s+|as\s+|os\s+|las?\s+|los\s+|les\s+|die\s+)?(?:\d+|its|seus|suas|sus|ses)?"
    rf"\s*{_STEP}(?![\w])"
    rf"|\d+\s*(?:つの|개\s*|个)?{_STEP}\s*(?:を|를|을)?\s*(?:実行|실행|执行)")


def runs_steps(criteria: list[str]) -> list[str]:
    """The words by which a criterion says the agent carries out the skill's steps (not
    refused, not told to the user)."""
    return [" ".join(m.group(0).split()) for c in criteria
            if not _REFUSING.search(c) and not _TOLD_TO_USER.search(c)
            for m in _RUNS_STEPS.finditer(c)]


def remote_hosts(skill_dir: Path) -> list[str]:
    """The remote machines the skill's SKILL.md works on: `ssh user@host`, `kubectl`."""
    text = skill_md(skill_dir)
    found = [f"ssh {m.group(1)}" for m in _SSH.finditer(text)]
    found += ["kubectl"] if _KUBECTL.search(text) else []
    return list(dict.fromkeys(found))


def remote_needs(case: Case, hosts: list[str], own: str, criteria: list[str]) -> list[str]:
    """The case's words by which it acts on the skill's remote machine, or whose criteria say
    the agent reached one over SSH; `own` is the prompt's own words without questions asking
    advice."""
    if "```" in case.prompt:
        return []  # the remote's output pasted: handed over
    said = [m.group(0) for c in criteria if not _REFUSING.search(c) for m in _SSHES.finditer(c)]
    if said:
        return list(dict.fromkeys(said))[:2]
    steps = runs_steps(criteria) if hosts else []
    if steps:
        return list(dict.fromkeys(steps))[:2]
    if not hosts or not own.strip():
        return []  # (a question asking advice is answered in words)
    patterns = ([_CLUSTER_OBJECTS] if "kubectl" in hosts else []) + \
        ([_HOST_OBJECTS] if any(h.startswith("ssh ") for h in hosts) else [])
    found = [" ".join(m.group(0).split()) for p in patterns for m in p.finditer(own)]
    return list(dict.fromkeys(found))[:2]


# -- a package fetched at run time ------------------------------------------------------------

_PKG = r"@?[\w.-]+(?:/[\w.-]+)?(?:@[\w.^~-]+)?"
_FETCH = re.compile(
    rf"(?<![\w-])(?:npx|bunx|pnpx|uvx)\s+(?:-[\w-]+\s+)*{_PKG}(?:\s+(?!-)[\w:-]+)?"
    rf"|(?<![\w-])(?:npm|pnpm|yarn)\s+dlx\s+{_PKG}(?:\s+(?!-)[\w:-]+)?"
    r"|(?<![\w-])(?:npm|pnpm|yarn|bun)\s+(?:add|install|i|ci)\b"
    rf"|(?<![\w-])pip3?\s+install\s+(?:-[\w-]+\s+)*(?!-)(?!-r\b){_PKG}"
    r"|(?<![\w-])shadcn(?:@[\w.-]+)?\s+add\b")
# the package a fetch names, for a tool the case's words call by its name
_FETCHED_NAME = re.compile(r"(?:npx|bunx|pnpx|uvx|dlx)\s+(?:-[\w-]+\s+)*(@?[\w.-]+(?:/[\w.-]+)?)"
                           r"|(shadcn)(?:@[\w.-]+)?\s+add\b")


# A criterion saying the agent ran the command: a verb of running before it ("Runs npx
# prisma generate", "via pnpm dlx ..."), or after it in the languages that put the verb last
# ("npm test -- --coverage を実行している", "用 npx ... 执行"); never one the answer tells the
# user to run ("Tells the user to run npm install", "suggests npx ...").
_RUN_BEFORE = re.compile(r"(?i)\b(?:runs?|ran|running|executes?|executed|executing|uses?|used|"
                         r"using|via|with|calls?|called|invokes?|invoked)\s+(?:the\s+)?[`'\"]?$")
_RUN_AFTER = re.compile(r"^[`'\"]?\s*(?:を?(?:実行|使用|使っ|叩)|で(?:実行|追加)|执行|運行|运行|"
                        r"을?\s*실행|를?\s*실행)")
_TOLD_TO_USER = re.compile(r"(?i)\b(?:tells?|asks?|instructs?|advises?|suggests?|recommends?|"
                           r"reminds?)\b[^.]*$")


# ...nor one a written artifact runs ("a workflow that runs npm test")
_WRITTEN = re.compile(r"(?i)\b(?:that|which)\s+(?:runs?|executes?|calls?|uses?|invokes?)\s+"
                      r"[`'\"]?$")


def asked(prompt: str) -> str:
    """The prompt's own words for commands: pasted blocks (a log, a Dockerfile fenced or after
    "make this smaller:") left out."""
    return without_pasted(prompt)


def written(text: str, start: int) -> bool:
    """The command at `start` is one a written artifact runs, or the answer tells the user."""
    return bool(_WRITTEN.search(text[:start]) or _TOLD_TO_USER.search(text[:start]))


def ran(text: str, start: int, end: int) -> bool:
    """The command at text[start:end] is one the criterion says the agent ran."""
    before = text[:start]
    if written(text, start):
        return False
    return bool(_RUN_BEFORE.search(before.rstrip() + " ") or _RUN_BEFORE.search(before)
                or _RUN_AFTER.match(text[end:]))


def skill_fetches(skill_dir: Path) -> dict[str, str]:
    """The packages SKILL.md runs by fetching them at run time: the tool's name -> the
    command as written (`shadcn` -> `pnpm dlx shadcn@latest add`)."""
    found: dict[str, str] = {}
    for m in _FETCH.finditer(skill_md(skill_dir)):
        named = _FETCHED_NAME.search(m.group(0))
        if named:
            name = (named.group(1) or named.group(2)).split("/")[-1].split("@")[0]
            found.setdefault(name.lower(), " ".join(m.group(0).split()))
    return found


def fetch_needs(own: str, criteria: list[str], fetches: dict[str, str]) -> list[str]:
    """Lines for the fetching commands the case needs: asked in its own words, said run in
    its criteria, or SKILL.md's fetch of a tool the case's words name with its CLI or
    command."""
    texts = [own, *(c for c in criteria if not _REFUSING.search(c))]
    found = [f"'{' '.join(m.group(0).split())}'" for i, t in enumerate(texts)
             for m in _FETCH.finditer(t)
             if (not written(t, m.start()) and not in_notes_to_write_up(t, m.start())
                 if i == 0 else ran(t, m.start(), m.end()))]
    for name, command in fetches.items():
        if any(re.search(rf"(?i)(?<![\w-]){re.escape(name)}\b", f) for f in found):
            continue  # the case runs the fetch itself: said once
        tool = re.compile(rf"(?i)(?<![\w-]){re.escape(name)}(?:'s)?\s+(?:CLI|command|add)\b")
        found += [f"'{m.group(0)}' (SKILL.md runs it as `{command}`)" for t in texts
                  for m in tool.finditer(t)]
    return [f"{w}: a package fetched from its registry at run time, and the sandbox has no "
            "network" for w in list(dict.fromkeys(found))[:2]]


# -- a test suite whose dependencies are not staged -------------------------------------------

_TEST_RUN = re.compile(r"(?<![\w-])(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test(?::[\w-]+)?"
                       r"(?:\s+--\s+--[\w-]+)?|npx\s+(?:vitest|jest|playwright\s+test)|"
                       r"vitest\s+run|playwright\s+test)\b")
_MAX_DEPTH = 3


def _package_files(root: Path) -> list[Path]:
    """package.json files at most three folders below `root` (its first 20), on the one walk
    (runner.authoring.project_walk: never a link, dependencies, a build or a cache: a
    `dist/package.json` is a build's, not the project's), and no hidden folder (the tools'
    settings, the skills)."""
    walk = Walk(root, lambda here, name: "hidden" if name.startswith(".") else None,
                depth=_MAX_DEPTH)
    return [p for p in walk.files() if p.name == "package.json" and p.is_file()][:20]


def _dependencies(package: Path) -> list[str]:
    try:
        data = json.loads(package.read_text(encoding="utf-8", errors="replace"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, dict):
        return []
    names: list[str] = []
    for key in ("dependencies", "devDependencies"):
        declared = data.get(key)
        names += list(declared) if isinstance(declared, dict) else []
    return names


def dependency_needs(case: Case, own: str, criteria: list[str], skill_dir: Path,
                     project: Path | None) -> list[str]:
    """Lines for a test run the case needs whose project declares dependencies that come
    without their node_modules: a fixture folder holding a package.json and no node_modules,
    or the project (always staged without its dependencies)."""
    runs = [" ".join(m.group(0).split()) for i, t in enumerate([own, *criteria])
            if not _REFUSING.search(t) for m in _TEST_RUN.finditer(t)
            if (not written(t, m.start()) if i == 0 else ran(t, m.start(), m.end()))]
    if not runs:
        return []
    packages: list[tuple[Path, Path]] = []  # (package.json, the root it is named from)
    for fixture in case.files:
        path = skill_dir / fixture
        if path.is_file() and path.name == "package.json" \
                and not (path.parent / "node_modules").exists():
            packages.append((path, skill_dir))
        elif path.is_dir():
            packages += [(p, path) for p in _package_files(path)
                         if not (p.parent / "node_modules").is_dir()]
    if project is not None and not packages:
        packages = [(p, project) for p in _package_files(project)]
    lines = []
    for package, root in packages:
        names = _dependencies(package)
        if names:
            where = package.relative_to(root).as_posix() if package.is_relative_to(root) \
                else package.name
            lines.append(f"'{runs[0]}': a test suite whose {where} declares {len(names)} "
                         f"dependencies ({', '.join(names[:3])}{', ...' if len(names) > 3 else ''})"
                         " and no node_modules is staged with it, which `setup` cannot "
                         "install offline")
    return lines[:2]


# -- a sibling skill's files ------------------------------------------------------------------

_FILE_NAME = re.compile(r"(?<![\w./-])[A-Za-z0-9_][\w.-]*\.(?:md|json|ya?ml|txt|py|ts|js|sh|"
                        r"toml|csv)(?![A-Za-z0-9])")


def _skill_files(skill: Path) -> dict[str, str]:
    """A skill's shipped files (never its evals/, its own set's fixtures) by their name ->
    the path below the skill (its first 500)."""
    found: dict[str, str] = {}
    for path in _shipped(skill):
        found.setdefault(path.name, path.relative_to(skill).as_posix())
    return found


def _shipped(skill: Path) -> list[Path]:
    """The skill's files but its evals/ (its own set's), the first 500 of the one walk
    (runner.authoring.project_walk: sorted, never a link, a dependency or a build)."""
    return [p for p in Walk(skill, lambda here, name: "the set" if here == skill
                            and name == "evals" else None, limit=500).files() if p.is_file()]


def sibling_needs(case: Case, criteria: list[str], skill_dir: Path) -> list[str]:
    """Files a criterion names as another skill's of the same collection (the criterion
    names that skill and its file: "architecture 스킬의 strategy-dispatch.md가 갱신되었다",
    "the architecture skill's dispatch.md"), which that skill ships and neither the skill
    under test nor the case's fixtures hold: no arm installs that skill."""
    if skill_dir.parent == skill_dir:
        return []
    own = _skill_files(skill_dir)
    staged = {Path(f).name for f in case.files} | {Path(f).name for f in case.inline_files}
    siblings = [s for s in sorted(skill_dir.parent.iterdir())[:300] if s != skill_dir
                and s.is_dir() and (s / "SKILL.md").is_file()]
    lines: list[str] = []
    # (a criterion graded on refusing or pointing elsewhere needs no file: "Refuses to restate
    # the fan-out template (fan-out.md): it is /gov-ops's")
    for criterion in (c for c in criteria if not _REFUSING.search(c)):
        names = {m.group(0) for m in _FILE_NAME.finditer(unquoted(criterion))} - set(own) \
            - staged - {"SKILL.md"}
        for sibling in siblings if names else []:
            if not re.search(rf"(?i)(?<![\w-]){re.escape(sibling.name)}(?![\w-])", criterion):
                continue
            theirs = _skill_files(sibling)
            lines += [f"'{n}': a file of the sibling skill '{sibling.name}' ({sibling.name}/"
                      f"{theirs[n]}), which no arm stages (a trial installs the skill under "
                      "test alone)" for n in sorted(names) if n in theirs]
    return list(dict.fromkeys(lines))[:3]


# -- a script of the skill's that calls a live API --------------------------------------------

_SCRIPT_SUFFIXES = frozenset({".py", ".js", ".mjs", ".cjs", ".ts", ".sh", ".bash", ".rb"})
_CALLS = re.compile(r"\bfetch\s*\(|\baxios\b|\brequests\.(?:get|post|put|patch|delete|request|"
                    r"Session)\b|\burlopen\s*\(|\bhttpx\.|\bhttps?\.request\s*\(|\bcurl\s|"
                    r"\bwget\s|\baiohttp\.")
_HOST = re.compile(r"https?://([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
# hosts that are no live service: documentation's examples and the machine itself
_NO_SERVICE = re.compile(r"(?i)(?:^|\.)(?:example\.(?:com|org|net)|localhost|test|invalid|"
                         r"127\.0\.0\.1|0\.0\.0\.0)$")
# a local module the script imports (`from './_lib.mjs'`, `from ._lib import`, `import lib`)
_IMPORTS = re.compile(r"""from\s+['"]\./([\w.-]+)['"]|require\(\s*['"]\./([\w.-]+)['"]"""
                      r"|^\s*from\s+\.?([\w]+)\s+import\b|^\s*import\s+([\w]+)\s*$", re.M)


# Client libraries of live services, whose calls name no URL (`yf.Ticker("AAPL").history()`):
# importing one is calling that service.
_CLIENTS = {"yfinance": "Yahoo Finance", "ccxt": "crypto exchanges", "alpha_vantage":
            "Alpha Vantage", "finnhub": "Finnhub", "polygon": "Polygon.io", "tweepy": "X/Twitter",
            "praw": "Reddit", "googleapiclient": "Google APIs", "slack_sdk": "Slack",
            "notion_client": "Notion", "stripe": "Stripe", "feedparser": "the feeds it reads"}
_CLIENT_IMPORT = re.compile(rf"^\s*(?:import|from)\s+({'|'.join(_CLIENTS)})\b", re.M)


# A line that shows how the script is run or says something about it, not code calling a host:
# a comment, or a command line running a script ("python3 jd_parser.py --url https://careers.
# google.com/jobs/xxx"), whose URL is the user's argument, an example of one.
_NOT_A_CALL = re.compile(r"^\s*(?:#|//|/?\*)|(?:\bpython3?|\bnode|\bdeno|\bbun|\bbash|\bsh)\s+\S*"
                         r"\.(?:py|js|mjs|cjs|ts|sh)\b")


def _host_called(text: str) -> str | None:
    client = _CLIENT_IMPORT.search(text)
    if client is not None:
        return _CLIENTS[client.group(1)]
    if not _CALLS.search(text):
        return None
    code = "\n".join(line for line in text.splitlines() if not _NOT_A_CALL.search(line))
    hosts = [h for h in _HOST.findall(code) if not _NO_SERVICE.search(h)]
    return hosts[0] if hosts else None


def network_scripts(skill_dir: Path) -> dict[str, str]:
    """The skill's own scripts that call a live service: the script's file name -> the host
    it calls (its own call, or one of a local module it imports: `./_lib.mjs`)."""
    scripts = [p for p in _shipped(skill_dir)
               if p.suffix in _SCRIPT_SUFFIXES and p.stat().st_size < 500_000]
    texts = {p: p.read_text(encoding="utf-8", errors="replace") for p in scripts}
    own = {p: _host_called(t) for p, t in texts.items()}
    imports = {p: [q for m in _IMPORTS.finditer(t) for q in texts if q.parent == p.parent
                   and next(g for g in m.groups() if g) in (q.name, q.stem)]
               for p, t in texts.items()}
    modules = {q for found in imports.values() for q in found}
    found: dict[str, str] = {}
    for path in texts:
        if path in modules:
            continue  # a library the scripts import: run through them
        host = own[path] or next((own[q] for q in imports[path] if own[q]), None)
        if host:
            found[path.name] = host
    return found


_ALL_SCRIPTS = re.compile(r"(?i)\b(?:runs?|ran|executes?|executed|calls?)\s+(?:all\s+)?(?:the|its|"
                          r"all)\s+(?:\d+\s+|two\s+|three\s+|four\s+|five\s+)?(?:[\w-]+\s+)?"
                          r"scripts\b")


def script_call_needs(own: str, criteria: list[str], scripts: dict[str, str]) -> list[str]:
    """Lines for the skill's scripts that call a live service which the case runs: named in a
    criterion saying the agent ran it (or in the prompt's own words asking for it), or all of
    them ("Executes the 3 scripts in order")."""
    if not scripts:
        return []
    texts = [own, *(c for c in criteria if not _REFUSING.search(c))]
    ran_names: list[str] = []
    for i, text in enumerate(texts):
        for name in scripts:
            for m in re.finditer(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text):
                if not written(text, m.start()) and (i == 0 or ran(text, m.start(), m.end())):
                    ran_names.append(name)
        if i > 0 and _ALL_SCRIPTS.search(text):
            ran_names += list(scripts)
    ran_names = list(dict.fromkeys(ran_names))
    return [f"{', '.join(repr(n) for n in ran_names[:3])}: the skill's script(s) calling "
            f"{', '.join(dict.fromkeys(scripts[n] for n in ran_names))}, a live service the "
            "sandbox cannot reach"] if ran_names else []


# SKILL.md telling the agent to run a script: a verb of running or an interpreter before its
# name on the line ("Run `check_spread.py` from ...", "python3 /path/to/check_spread.py T").
_RUN_LINE = r"(?i)(?:\brun\b|\bexecute\b|\bpython3?\s|\bnode\s|\bbash\s|\bsh\s|\bdeno\s|\bbun\s)"


def procedure_scripts(skill_dir: Path, scripts: dict[str, str]) -> dict[str, str]:
    """The skill's network scripts (`network_scripts`) its SKILL.md tells the agent to run."""
    text = skill_md(skill_dir)
    return {name: host for name, host in scripts.items()
            if any(re.search(_RUN_LINE, line[:m.start()]) for line in text.splitlines()
                   for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", line))}


# Words of a script's name or its host that say nothing of what it is for.
_NAME_NOISE = frozenset({"run", "main", "script", "scripts", "tool", "tools", "util", "utils",
                         "helper", "helpers", "cli", "index", "lib", "api", "client", "get",
                         "set", "the", "and", "from", "www", "raw", "app", "com", "net", "org",
                         "dev", "cloud", "service", "services", "server", "data"})


# A case about the service's key being absent ("no MinerU token is configured", "没有配置
# MinerU token", "asks the user to configure MINERU_TOKEN"): the sandbox's own state, which
# the case tests (the agent stops and asks), never a need it cannot meet.
# (a bare "key" is too common a word, "no more than five key points": a token, an API key,
# credentials, or a key's variable, MINERU_KEY)
_KEY = r"(?:token|api[\s_-]?key|credentials?|secret|[A-Z][A-Z0-9]*_KEY)s?\b"
_KEY_ABSENT = re.compile(
    rf"(?i)(?:\b(?:no|without|missing|unset|lacks?|lacking)\b|not\s+(?:set|configured|"
    rf"provided)|没有配置|未配置|没有设置|未设置|缺少|没有)\W*(?:[\w-]+\W+){{0,3}}?(?:[\w-]*_)?(?<![A-Za-z]){_KEY}"
    rf"|\b{_KEY}\W+(?:is\s+|are\s+)?(?:missing|not\s+(?:set|configured|provided)|unset|"
    rf"absent)|\b(?:configure|set|provide)\s+(?:the\s+|a\s+|their\s+|its\s+)?[A-Z][A-Z0-9]*_"
    rf"(?:TOKEN|KEY|API_KEY|SECRET)\b")


def _about(name: str, host: str) -> set[str]:
    """What a script is for, in words: its name's words (`convert_to_markdown.py` -> convert,
    markdown) and its host's own label (`mineru.net` -> mineru)."""
    stem = re.sub(r"([a-z])([A-Z])", r"\1 \2", name.rsplit(".", 1)[0])
    # (a host's labels but its top level; a client library's service by its name's words)
    label = host.split("/")[0].split(":")[0].split(".")
    named = label[:-1] if len(label) > 1 else re.split(r"\W+", host)
    words = {*re.split(r"[\W_]+", stem.lower()), *(w.lower() for w in named)}
    return {w for w in words if len(w) >= 4 and w not in _NAME_NOISE}


def _bears_on(text: str, scripts: dict[str, str]) -> bool:
    lowered = text.lower()
    return any(w in lowered for n, h in scripts.items() for w in _about(n, h))


def procedure_needs(case: Case, own: str, scripts: dict[str, str], criteria: Sequence[str] = (),
                    description: str = "") -> list[str]:
    """Lines for a case that gives the skill's procedure nothing to work from (no staged file,
    no pasted material) while that procedure runs a script calling a live service: the
    answer is what the script fetches. A question asking advice is answered in words. Only
    when the script bears on the case (its words, or its criteria's, name what the script is
    for: `MinerU`, "convert"), or the service is what the skill is for (its description's
    first sentence names it): a courseware coach converting PDFs through MinerU on the side
    needs no MinerU for a lesson on HTTPS."""
    if not scripts or case.files or case.inline_files or not own.strip() \
            or "```" in case.prompt or len(case.prompt.splitlines()) >= 4:
        return []
    first = re.split(r"(?<=[.!?。])\s", description.strip(), maxsplit=1)[0]
    if not (_bears_on(" ".join([own, *criteria, first]), scripts)
            or _REMOTE_SERVICE.search(description)) \
            or any(_KEY_ABSENT.search(t) for t in (own, *criteria)):
        return []
    return [f"{', '.join(repr(n) for n in list(scripts)[:2])}: the skill's procedure runs it "
            f"(SKILL.md) and it calls {', '.join(dict.fromkeys(scripts.values()))}, a live "
            "service the sandbox cannot reach; if the answer needs what it fetches, no arm has it"]


# A description saying the skill works from a remote service ("retrieves evidence through a
# remote knowledge-base API", "此 skill 用远程知识库 API 检索证据"): every answer goes through it.
_REMOTE_SERVICE = re.compile(
    r"(?i)(?<!never\s)(?<!not\s)(?<!n't\s)(?<!without\s)\b(?:retriev\w*|quer(?:y|ies|ying)|fetch\w*|search\w*|look\w*\s+up|call\w*|through|via|"
    r"uses?|using|from)\s+(?:the\s+|a\s+|its\s+)?(?:[\w-]+\s+){0,3}?(?:remote|hosted|cloud)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:API|service|server|knowledge[\s-]?base)\b"
    r"|(?:用|通过|通過|调用|調用|从|從|借助)(?:[\u4e00-\u9fff]{0,2})?(?:远程|遠程|云端|雲端)"
    r"[\u4e00-\u9fff]{0,6}?(?:API|接口|服务|服務|知识库|知識庫)")


# What the agent is expected to read for real ("Measures the real game first", "pulls the
# actual order data"): a verb of reading or measuring, then "real", "actual" or "live", then a
# noun. When that noun is what a network script of the skill's is about (its file name's last
# word: `analyze_game.py` -> game), the only copy is the one that script fetches.
_READS_REAL = (r"(?i)\b(?:measur|pull|read|analy[sz]|fetch|load|inspect|check|review|look|"
               r"examin|download|get)\w*\s+(?:at\s+|up\s+)?(?:the\s+|its\s+|their\s+)?"
               r"(?:real|actual|live)\s+")
_DATA_SUFFIXES = (".json", ".jsonl", ".csv", ".tsv", ".txt", ".xml", ".yaml", ".yml", ".log")


def _script_noun(name: str) -> str | None:
    """`analyze_game.py` -> "game"; `fetchOrders.js` -> "order" (a word of 3 letters or more)."""
    words = re.findall(r"[A-Z]?[a-z]+", Path(name).stem)
    noun = words[-1].lower() if words else ""
    return noun.removesuffix("s") if len(noun) >= 3 else None


def script_input_needs(case: Case, criteria: list[str], scripts: dict[str, str]) -> list[str]:
    """Lines for a criterion expecting the real thing a network script of the skill's fetches
    read ("Measures the real game first"), when no staged file holds that thing's data."""
    staged = [Path(f).name.lower() for f in (*case.files, *case.inline_files)]
    found: list[str] = []
    for name, host in scripts.items():
        noun = _script_noun(name)
        if noun is None or any(noun in f and f.endswith(_DATA_SUFFIXES) for f in staged):
            continue
        said = re.compile(rf"{_READS_REAL}{re.escape(noun)}\w*(?:\s+data)?")
        found += [f"'{' '.join(m.group(0).split())}': the {noun} that the skill's {name} "
                  f"fetches from {host}, which no staged file holds and the sandbox cannot "
                  "reach" for c in criteria if not _REFUSING.search(c)
                  for m in said.finditer(c)]
    return list(dict.fromkeys(found))[:1]
