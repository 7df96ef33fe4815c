"""Programs a case asks the agent to RUN that the default sandbox image lacks (EV014): `nginx -t`,
`npm test`, `cargo build`, `docker build`, `jira issue view`. No arm can run them there, so a
case whose prompt asks for the run, or whose criteria say the agent ran it, cannot pass as
written; it runs with an image built with the program (`skill-eval run --image`), or stages
the program's output as a fixture.

Only a program asked to be RUN counts: a run verb whose subject is the agent, then a command
(the program with a flag, a subcommand, a file, or called its CLI/commands). Asking how to
write an nginx config, to explain a Dockerfile, or to write Go is no run; neither is a run the
answer tells the user to do ("suggest `certbot renew`"), one the user already did ("when
running docker ps"), one a written artifact does ("a workflow that runs npm test"), nor a
command inside pasted material (a log). The skill's SKILL.md running the program itself
(`jira issue view ...` in its steps) counts when the prompt asks for what that run gives
("Pull the Jira details"), or when a criterion says made what that command makes ("issue を
作成する" of `gh issue create`). In CJK grammar a criterion's command is a run as the work's
means ("gh issue create コマンドで", "通过 docker build 命令") or after Chinese's run verb,
which comes first as English's does ("运行 docker-compose build"; not "运行 npm install 的步骤").

A script a criterion says the agent ran ("Uses scripts/check.ps1 to validate", "使用
scripts/validate-ahk.ps1 对 ... 检查") needs the interpreter its suffix names: a `.ps1` needs
PowerShell, a `.js` node. When the image lacks it (runner.authoring.runnable's table, the same
one the author's grader programs are read against), no arm can run it, shipped or staged.

A coverage figure a criterion expects ("a numeric overall coverage percentage") needs the
skill's own coverage run (its SKILL.md command with a coverage flag, `dotnet test
--collect:"XPlat Code Coverage"`) when that program is missing and no coverage report is staged.

What the image holds is runner.schema.image's one list.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path

from runner.authoring.runnable import BY_SUFFIX, FOREIGN
from runner.schema.image import IMAGE_PROGRAMS
from runner.scoring.asked import product_name
from runner.scoring.on_calls import on_calls

# Command-line programs a case may ask to run: servers, builds, package managers, containers,
# clouds, trackers' CLIs. Those the image has are here too and subtracted below, so that the
# list of what is missing follows the image's list.
KNOWN_PROGRAMS = frozenset({
    "nginx", "apache2ctl", "apachectl", "httpd", "caddy", "haproxy", "systemctl", "journalctl",
    "service", "certbot", "iptables", "ufw", "lsof", "netstat", "ss", "dig", "nslookup", "ping",
    "traceroute", "curl", "wget", "ssh", "scp", "rsync",
    "node", "nodejs", "npm", "npx", "yarn", "pnpm", "bun", "deno", "tsc", "jest", "vitest",
    "eslint", "prettier", "playwright", "webpack", "vite",
    "pip", "pip3", "pytest", "poetry", "uv", "pipenv", "conda", "mypy", "ruff", "black",
    "flake8", "tox", "jupyter",
    "cargo", "rustc", "rustup", "go", "gofmt",
    "java", "javac", "mvn", "mvnw", "gradle", "gradlew", "kotlinc", "sbt",
    "dotnet", "swift", "xcodebuild", "xcrun", "flutter", "dart",
    "ruby", "gem", "bundle", "rails", "rake", "php", "composer",
    "gcc", "g++", "clang", "make", "cmake",
    "docker", "docker-compose", "podman", "kubectl", "helm", "minikube", "terraform", "tofu",
    "pulumi", "ansible", "ansible-playbook", "vagrant", "aws", "gcloud", "az", "gsutil",
    "firebase", "vercel", "netlify", "heroku", "flyctl", "wrangler", "supabase",
    "jira", "gh", "glab", "stripe",
    # other coding agents' CLIs, each signed in to its vendor's service
    "gemini", "codex", "opencode", "aider", "cursor-agent", "qwen", "goose",
    "psql", "mysql", "redis-cli", "mongosh", "mongo", "sqlite3", "pg_dump",
    "ffmpeg", "pandoc", "jq", "yq", "magick", "pdflatex", "xelatex", "hugo", "jekyll",
    "mkdocs", "sphinx-build", "sphinx", "shellcheck", "hadolint", "trivy", "semgrep", "k6",
    "git", "python3", "rg", "bash", "sh", "perl", "ps", "grep", "sed", "awk", "find"})
MISSING = KNOWN_PROGRAMS - IMAGE_PROGRAMS

_NAMES = "|".join(re.escape(p) for p in sorted(MISSING, key=len, reverse=True))
# (`pytest.param(...)` is the library's code, not the program)
_PROGRAM = rf"(?:\./)?(?P<program>{_NAMES})(?![\w+/-]|\.\w)"
# What follows a program in a command: a flag, a file, or a subcommand word.
_FLAG = r"--?[A-Za-z][\w=.:-]*"
_FILE = r"[\w./-]+\.[A-Za-z]{1,5}\b|\.{1,2}/[\w./-]*|\.(?=\s|$|`)"
_SUBCOMMANDS = (
    "build|test|tests|run|install|ci|start|exec|apply|plan|init|validate|view|list|ls|get|"
    "describe|logs|push|pull|compose|package|compile|verify|deploy|check|fmt|vet|lint|clippy|"
    "up|down|ps|issue|pr|create|delete|rollout|login|audit|update|upgrade|add|remove|publish|"
    "serve|dev|preview|generate|mod|tidy|clean|status|inspect|images|system|scan|doctor|"
    "info|version|config|destroy|import|output|show|search|sync|migrate|bench|release|api|"
    "repo|workflow|secret|auth|tag|rm|rmi|stop|restart|reload|renew|certificates|"
    "manage\\.py|artisan|spring-boot:run|clean\\s+install|dependency:tree|assemble|bootRun|"
    "exec:java|eval|sql|dump|query|simctl")
# (a package launcher's operand is the program it runs, any name: `npx tsc`, `bunx vitest`)
_ARGS = (rf"(?:\s+(?:{_FLAG}|{_FILE}|(?:{_SUBCOMMANDS})(?![\w-]))"
         r"|(?:(?<=\bnpx)|(?<=\bbunx)|(?<=\bpnpx))\s+@?[a-z][\w@/.-]*)")
_AS_TOOL = r"\s+(?i:cli|command|commands|binary|tool)\b"
# The agent's verbs of running; "uses" only with a flag, a code span or "the X CLI" (an
# answer that "uses docker compose" may be a file it writes).
# (-ing forms only after "by": "running `cargo test` first destroys the gamble" names a run,
# "verifies by running npm test" does one)
_RUN_VERB = (r"(?:re-?)?runs?|ran|execut(?:e|es|ed)|invok(?:e|es|ed)|call(?:s|ed)?|"
             r"pip(?:e|es|ed)|launch(?:es|ed)?|tr(?:y|ies|ied)|"
             r"by\s+(?:(?:re-?)?running|executing|invoking|calling|piping|launching)")
_USE_VERB = r"us(?:e|es|ed|ing)"
_WITH_VERB = (r"(?:verif|test|check|build|validat|confirm|compil|lint|run)\w*"
              r"(?:\s+(?!with\b)[\w-]+){0,3}?\s+(?:with|using|via|through)")
_FILLER = r"(?:\s+(?:the|a|an|its|read-only|local|real))*\s+`?"
# A command is written in lower case ("call Stripe's API" names a service, "run Go tests" a
# language); "the Jira CLI", "Jira commands" name the program in any case.
_EXACT = rf"(?-i:{_PROGRAM})"
_AS_NAMED = rf"(?:\./)?(?P<named>{_NAMES})(?![\w+/-]|\.\w){_AS_TOOL}"
_RUN_CMD = re.compile(rf"\b(?:{_RUN_VERB}|{_WITH_VERB}){_FILLER}(?:{_EXACT}(?:{_ARGS}|`)"
                      rf"|{_AS_NAMED})", re.IGNORECASE)
_USE_CMD = re.compile(rf"\b{_USE_VERB}{_FILLER}(?:{_EXACT}(?:(?:\s+[\w:./-]+){{0,3}}\s+{_FLAG}"
                      rf"|[^`\n]*`)|{_AS_NAMED})", re.IGNORECASE)
# Before the verb, in its clause: someone else runs it, or the answer only tells of it.
_NOT_THE_AGENT = re.compile(
    r"(?i)\b(?:that|which|whose|when|whenever|while|if|after|before|until|once|I|I'm|I've|"
    r"we|we're|we've|you\s+(?:can|could|should|may|might|need|must|will|would)|you'll|"
    r"users?|suggest\w*|recommend\w*|tell\w*|advis\w*|instruct\w*|explain\w*|describ\w*|"
    r"document\w*|teach\w*|guid\w*|show\w*|how|not|never|no|don't|doesn't|without|instead|"
    r"rather|avoid\w*|script|workflow|pipeline|job|step|stage|makefile|dockerfile|hook|target|"
    r"action|cron|readme|template|entrypoint|ci|cmd|mention\w*|includ\w*|list\w*|writ\w*|"
    r"teammates?|colleagues?|coworkers?|someone|he|she|they|next|later|future)\b")
# Before the verb, in its sentence: the run is a written artifact's (a workflow, an endpoint,
# the setup steps the doc gives) or advice the answer gives ("provides a recovery SOP: 1) run
# terraform plan").
_ARTIFACT_WORDS = (r"script|function|endpoint|workflow|job|action|target|test|service|app|cli|"
                   r"tool|program|module|class|file|page|handler|route|hook")
_NOT_THE_AGENTS_SENTENCE = re.compile(
    r"(?i)\b(?:suggest\w*|recommend\w*|tell(?:s|ing)?|advis\w*|instruct\w*|explain\w*|"
    r"describ\w*|document\w*|teach\w*|guid(?:e|es|ance)|show(?:s|ing)?\s+(?:how|the\s+user)|"
    r"how\s+to|mention\w*|says?|notes?|(?:setup|instructions?|procedure|sop|steps|rule|"
    r"recipe|checklist)\s*(?:is\b|are\b|:)|workflows?|pipelines?|makefile|dockerfile|readme|"
    r"outlin\w*|"
    r"endpoints?|handlers?|routes?|cron|hooks?|"
    rf"(?:write|writes|add|adds|create|creates|implement\w*|generat\w*|scaffold\w*)\s+"
    rf"(?:a|an|the|our|my)\s+(?:[\w-]+\s+){{0,3}}?(?:{_ARTIFACT_WORDS}))(?:\b|(?<=:))")
_SENTENCE_END = re.compile(r"[.!?]\s|\n\s*\n|[。！？]")
# What follows the command names its output as material ("with npm audit output").
_MATERIAL = re.compile(r"\s+(?:output|results?|logs?|reports?|errors?)\b", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[,.;:!?\n(]\s|\n|[。！？；，]")
_STOP = frozenset({"and", "then", "to", "with", "for", "in", "on", "or", "check", "checks",
                   "so", "but", "that", "which", "before", "after", "if", "when", "as", "the",
                   "not", "+", "&", "&&", "|", "||", ">", "2>&1"})
_TOKEN = re.compile(r"[^\s`,;()]+")


def _agent_runs(text: str, at: int) -> bool:
    """The verb at `at` is the agent's own: it is no word of a code span ("review the rule
    `Run pnpm test.`"), and nothing in its clause or sentence before it says otherwise."""
    line_start = text.rfind("\n", 0, at) + 1
    if text.count("`", line_start, at) % 2:
        return False
    window = text[max(0, at - 80):at]
    clause = _CLAUSE_END.split(window)[-1]
    sentence = _SENTENCE_END.split(text[max(0, at - 300):at])[-1]
    return _NOT_THE_AGENT.search(clause) is None \
        and _NOT_THE_AGENTS_SENTENCE.search(sentence) is None


def _command(text: str, start: int) -> str:
    """The command as written from its program on: its code span, or its next words."""
    if text[max(0, start - 2):start] == "./":
        start -= 2
    if start > 0 and text[start - 1] == "`":
        end = text.find("`", start)
        if end != -1:
            return " ".join(text[start:end].split())
    words: list[str] = []
    for match in _TOKEN.finditer(text, start):
        token = match.group(0)
        # (after the subcommand, a plain word is the sentence's again: "npm test concurrently")
        prose = len(words) > 1 and re.fullmatch(r"[a-z]{4,}", token.rstrip(".:")) is not None \
            and re.fullmatch(_SUBCOMMANDS, token.rstrip(".:")) is None
        if len(words) >= 5 or (words and token.lower() in _STOP) or prose \
                or text[start:match.start()].count("\n"):
            break
        words.append(token.rstrip(".:"))
        if token.endswith((".", ":")) and not re.search(r"\w\.\w", token):
            break
    return " ".join(words)


_PAST = re.compile(r"(?i)(?:ran|executed|invoked|called|piped|launched|tried|used)\b")


def _words_of(name: str) -> str:
    return " ".join(re.split(r"[\s_-]+", name.lower())).strip()


def asked_runs(text: str, skill_name: str = "", uses: bool = True,
               past: bool = True, runs: Collection[str] = ()) -> list[tuple[str, str]]:
    """(command, program) for each run of a missing program the text asks of the agent. Not
    the skill itself asked for by its name ("Run node api builder on this project" to the
    node-api-builder skill); "uses X" only when `uses` (an answer explaining how to verify
    "uses `docker compose config`" in its words). A past run only when `past` (a prompt's "a
    teammate ran `go test`" tells what happened; a criterion's "Ran npm test" is the agent's).
    A skill named after a program its SKILL.md runs (`runs`: the gemini-cli skill running
    `gemini -p ...`): "Invokes Gemini CLI" names that program, which the run then needs."""
    found: list[tuple[str, str]] = []
    skill = _words_of(skill_name) if len(re.split(r"[\s_-]+", skill_name)) > 1 else ""
    for pattern in (_RUN_CMD, _USE_CMD) if uses else (_RUN_CMD,):
        for match in pattern.finditer(text):
            group = "program" if match.group("program") else "named"
            # (an upper-case RUN is a Dockerfile's instruction, quoted)
            if match.group(0).startswith("RUN") or not _agent_runs(text, match.start()) \
                    or (not past and _PAST.match(match.group(0))) \
                    or _MATERIAL.match(text, match.end()) \
                    or (skill and _words_of(text[match.start(group):]).startswith(skill)
                        and match.group(group).lower() not in runs):
                continue
            program = match.group(group).lower()
            command = _command(text, match.start(group))
            found.append((command if command.lower().lstrip("./").startswith(program)
                          else program, program))
    return found


# SKILL.md's own command lines: a code span or a code block's line starting with the program.
_CODE_LINE = re.compile(rf"(?m)(?:`|^[ \t]*(?:\$\s+)?){_PROGRAM}{_ARGS}")
# The prompt asks for what a run of the program gives: "pull the Jira details", "list my
# docker containers", "check the kubectl pods".
_GIVES = (r"details|issues?|tickets?|status|output|logs?|containers?|pods?|deployments?|"
          r"services?|releases?|runs?|results?|state|fields|comments|records?|items?|data")


def skill_programs(skill_dir: Path) -> list[str]:
    """The missing programs the skill's SKILL.md runs in its own commands."""
    text = skill_md_text(skill_dir)
    return list(dict.fromkeys(m.group("program").lower() for m in _CODE_LINE.finditer(text)))


def skill_md_text(skill_dir: Path) -> str:
    """The skill's SKILL.md (empty when absent or over 1 MB)."""
    path = skill_dir / "SKILL.md"
    if not path.is_file() or path.stat().st_size > 1_000_000:
        return ""
    return path.read_text(encoding="utf-8", errors="replace")


# SKILL.md's own command making a thing: the program, the thing's noun, a verb of making
# (`gh issue create`, `glab mr create`, `jira issue create`): a criterion saying that thing is
# made grades that command's run.
_MAKES_LINE = re.compile(rf"(?m)(?:`|^[ \t]*(?:\$\s+)?){_PROGRAM}\s+(?P<noun>[a-z]{{2,}})\s+"
                         r"(?:create|new)(?![\w-])")
# A verb of making, as the criteria write it: after the thing, a participle or the verb-last
# languages' nouns of making ("issue is created", "issue を作成する", "이슈 생성"; a bare
# participle, "issues created by the scan", may be problems found); before it, a
# verb with an article ("Creates an issue", "opens a PR": "open issues", "critical issues" are
# adjectives of no making).
_MADE_AFTER = (r"(?:is|are|was|were|gets?|got|has\s+been|have\s+been)\s+"
               r"(?:created|opened|filed|raised|submitted)"
               r"|作成|作っ|作る|立て|生成|생성|만들|创建|建立|新建")
_MADE_BEFORE = (r"(?:creat(?:es?|ed|ing)|opens|opened|opening|files|filed|raises|raised|"
                r"submits|submitted|cri(?:a|ar|ou)|crea(?:r)?|cr[ée]e(?:r)?)\s+"
                r"(?:an?|the|one|uma?|una?|une?)\s+(?:new\s+|novo\s+|nueva?\s+|github\s+)?")
_UNMADE = re.compile(r"(?i)\b(?:not|never|no|without|drafts?|explains?|describes?|suggests?|"
                     r"tells?|recommends?|how\s+to)\b|しない|せず|しな|않|없이|不")


def skill_makes(skill_dir: Path) -> list[tuple[str, str]]:
    """(program, noun) for the things the skill's SKILL.md makes with a program the image lacks."""
    text = skill_md_text(skill_dir)
    return list(dict.fromkeys((m.group("program").lower(), m.group("noun"))
                              for m in _MAKES_LINE.finditer(text)))


def made_needs(criteria: list[str], makes: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(words, program) where a criterion says a thing the skill's command makes is made (its
    noun beside a verb of making, in one sentence that negates and tells of nothing)."""
    found = []
    for program, noun in makes:
        pattern = re.compile(rf"(?i)(?<![A-Za-z]){re.escape(noun)}s?(?![A-Za-z])\W{{0,3}}"
                             rf"(?:(?:は|が|を|를|을|이|가)\s*)?(?:{_MADE_AFTER})"
                             rf"|\b{_MADE_BEFORE}{re.escape(noun)}s?(?![A-Za-z])")
        for text in criteria:
            for sentence in re.split(r"(?<=[.!?。])\s*|\n", text):
                match = pattern.search(sentence)
                if match is not None and not _UNMADE.search(sentence):
                    found.append((" ".join(match.group(0).split()), program))
    return found


def asked_results(prompt: str, programs: list[str]) -> list[tuple[str, str]]:
    """(words, program) where the prompt asks for what the skill's run of the program gives."""
    if not programs:
        return []
    names = "|".join(re.escape(p) for p in programs)
    pattern = re.compile(
        rf"(?i)\b(?:pull|fetch|look\s+up|get|list|show\s+me|check|read|open|view|inspect|"
        rf"retrieve|summari[sz]e)\s+(?:up\s+)?(?:the\s+|my\s+|our\s+|all\s+)?"
        rf"(?:current\s+|latest\s+|open\s+)?(?P<program>{names})\s+(?:{_GIVES})\b")
    return [(" ".join(m.group(0).split()), m.group("program").lower())
            for m in pattern.finditer(prompt) if _agent_runs(prompt, m.start())]


# A prompt asking for an explanation, or a question: its criteria describe the answer ("what
# does /impl do after close?" -> "invokes `bun run ...`"), they ask no run.
_EXPLAIN = re.compile(r"(?i)(?:^|[.!?:]\s+)(?:please\s+|can\s+you\s+|could\s+you\s+)?"
                      r"(?:explain|describe|compare|walk\s+me\s+through|tell\s+me\s+(?:how|"
                      r"why|what)|what|why|how)\b"
                      r"|[,;]\s+(?:what|why|how|which)\s+(?:does|do|did|is|are|should|would|will|"
                      r"happens)\b[^.!?\n]*\?\s*$")
# A prompt asking for something written: its criteria's "uses `php spark migrate`" is the
# writing's content.
_WRITE_TASK = re.compile(r"(?i)(?:^|[.!?:]\s+)(?:please\s+|can\s+you\s+|could\s+you\s+)?"
                         r"(?:write|draft|create|generate|add|give\s+me|produce|compose|set\s+up|"
                         r"scaffold|optimi[sz]e|fix|refactor|review|improve)\b")


# A criterion that depends on the run: it names the program or what a run gives. A routing
# case ("Run docker compose up" -> "Routes to the compose skill") asks the run and grades none.
_OUTCOME = re.compile(r"(?i)\b(?:pass\w*|fail\w*|output|results?|errors?|warnings?|green|"
                      r"succe\w*|exit\s+code|exits|logs?|reports?|summar\w*|diff|drift|status|"
                      r"build|tests?)\b")


def _depends(criterion: str, program: str) -> bool:
    return _OUTCOME.search(criterion) is not None or \
        re.search(rf"(?i)(?<![\w-]){re.escape(program)}(?![\w-])", criterion) is not None


_KEEPS_FROM = (r"(?i)\b(?:does\s+not|doesn't|do\s+not|never|won't|will\s+not|must\s+not|"
               r"should\s+not|refuses?\s+to|declines?\s+to|cannot|can't|without)\b"
               r"[^.;]{0,60}?\b(?:run|runs|running|execut\w*|invok\w*|attempt\w*)\b[^.;]{0,40}?")


def _refuses(text: str, program: str) -> bool:
    """A criterion whose point is not running the program ("Refuses to run terraform apply
    directly", "Does NOT attempt to execute terraform apply"): the case grades the refusal,
    which needs no program."""
    return re.search(rf"{_KEEPS_FROM}(?<![\w-]){re.escape(program)}(?![\w-])", text) is not None


# A criterion whose subject is a program's run and whose verb its result ("`cargo test`
# passes", "tsc reports no errors", "Sphinx build with -n -q produces zero warnings"): only a
# run decides it. The subject is the program with what a command carries (flags, files,
# subcommands, "with"), at the criterion's start, in any case there (a sentence starts in
# capitals); its verb a verdict, or a verb of output whose object is a count of problems.
_SUBJECT_ARGS = rf"(?:\s+(?:{_FLAG}|{_FILE}|(?:{_SUBCOMMANDS}|with|on|against)(?![\w-])))*"
_VERDICT = (r"(?:pass(?:es)?|succeeds?|is\s+(?:green|clean|successful)|exits?\s+(?:with\s+)?"
            r"(?:0|zero|cleanly|successfully)"
            r"|(?:produces?|reports?|returns?|emits?|shows?|gives?|prints?|yields?|finds?|"
            r"outputs?|raises?|has|have|completes?|finishes|runs?|builds?|compiles?)\s+"
            r"(?:with\s+)?(?:zero|no|0|clean(?:ly)?|without|successfully)\b)")
_OUTCOME_OF_RUN = re.compile(
    rf"^\W{{0,3}}(?i:the\s+)?`?(?P<command>(?i:(?:\./)?(?P<program>{_NAMES}))(?![\w+/-]|\.\w)"
    rf"{_SUBJECT_ARGS})`?(?:\s+(?:run|build|check|step|command))?\s+(?i:{_VERDICT})")


def outcome_runs(criterion: str) -> list[tuple[str, str]]:
    """(command, program) when a missing program's run is the criterion's subject and its
    result the verdict (see _OUTCOME_OF_RUN)."""
    found = _OUTCOME_OF_RUN.match(criterion.strip())
    if found is None:
        return []
    return [(" ".join(found.group("command").split()), found.group("program").lower())]


# The same run in CJK grammar, the command as the means (an instrumental case): "gh issue create
# コマンドで issue が作成され", "cargo test 명령으로 확인", "通过 docker build 命令构建". A command
# that is a noun's ("npm install を実行する手順を書く": steps to write) is no means of the work.
_BARE = rf"(?-i:(?:\./)?(?:{_NAMES}))(?![\w+/-]|\.\w)"
_CJK_RUN = re.compile(
    rf"(?:通过|通過)\s*`?(?P<pre>{_BARE}{_ARGS}+)`?\s*(?:命令|指令)"
    rf"|`?(?P<post>{_BARE}{_ARGS}+)`?\s*(?:コマンドで|명령(?:어)?(?:로|으로)\b)"
    # Chinese puts its run verb first, as English does: "运行 npx tsc --noEmit", "执行 docker
    # build"; a run a noun's attribute names ("运行 npm install 的步骤": steps) is none
    rf"|(?:运行|運行|执行|執行)\s*`?(?P<verb>{_BARE}{_ARGS}+)(?!{_ARGS})`?(?!\s*的)")


def cjk_runs(criterion: str) -> list[tuple[str, str]]:
    """(command, program) for a run of a missing program a criterion states in CJK grammar."""
    found = []
    for match in _CJK_RUN.finditer(criterion):
        command = " ".join((match.group("pre") or match.group("post")
                            or match.group("verb")).split())
        found.append((command, command.split()[0].lstrip("./").lower()))
    return found


def program_needs(prompt: str, criteria: list[str], programs: list[str], skill_name: str = "",
                  advice: bool = False, makes: list[tuple[str, str]] | None = None) -> list[str]:
    """Why the case needs a program the image lacks: the prompt (its own words, `prompt`) asks
    the agent to run it and a criterion depends on the run, a criterion says the agent ran it,
    or the prompt asks for what the skill's own run of one of `programs` gives. The criteria
    of a prompt asking for advice (`advice`) or an explanation describe the answer: not read."""
    runs = [run for run in asked_runs(prompt, skill_name, past=False, runs=programs)
            if any(_depends(text, run[1]) for text in criteria)]
    if not advice and _EXPLAIN.search(prompt.strip()) is None:
        uses = _WRITE_TASK.search(prompt.strip()) is None
        runs += [run for text in criteria
                 for run in asked_runs(text, skill_name, uses, runs=programs)]
        runs += [run for text in criteria for run in cjk_runs(text)]
        # what the skill's own command makes, said made: "issue を作成する" of `gh issue create`
        runs += made_needs(criteria, makes or [])
    if not advice:
        runs += [run for text in criteria for run in outcome_runs(text)]
    runs += asked_results(prompt, programs)
    seen: set[str] = set()
    why: list[str] = []
    for words, program in runs:
        if program in seen or any(_refuses(text, program) for text in criteria):
            continue
        seen.add(program)
        runner = "" if words.lower().lstrip("./").startswith(program) \
            else " (the skill runs it)"
        why.append(f"'{words}'{runner}: a program the default sandbox image lacks ({program})")
    return why


# A script named by its path or file name, with the suffix that says its interpreter.
_SCRIPT_FILE = re.compile(r"(?<![\w.-])(?:[\w.-]+[/\\])*[\w-]+(\.[A-Za-z0-9]{1,5})(?![\w.-])")


def interpreter_needs(criteria: list[str]) -> list[tuple[str, str]]:
    """Scripts the criteria say the agent ran whose interpreter the image lacks (a `.ps1`:
    PowerShell), each with that interpreter. A script the answer writes or mentions is no
    run (runner.scoring.on_calls reads the claim of running), nor one a criterion refuses."""
    why: list[tuple[str, str]] = []
    for text in criteria:
        if not on_calls(text):
            continue
        for match in _SCRIPT_FILE.finditer(text):
            if product_name(match.group(0)):
                continue  # "Node.js 22 LTS": software named, no script
            suffix = match.group(1).lower()
            lacks = FOREIGN.get(suffix) or (BY_SUFFIX[suffix] if suffix in BY_SUFFIX
                                            and BY_SUFFIX[suffix] not in IMAGE_PROGRAMS else "")
            if lacks and not _refuses(text, match.group(0)):
                why.append((match.group(0), lacks))
    return list(dict.fromkeys(why))


# A coverage run in SKILL.md's own commands: a program the image lacks, then on its command
# (continued lines joined) a coverage flag, as the test runners spell it (`dotnet test
# --collect:"XPlat Code Coverage"`, `jest --coverage`, `pytest --cov`, `go test -cover`).
_COVERAGE_FLAG = (r"--collect[:=]\s*\"?XPlat\s+Code\s+Coverage|--coverage\b|--cov\b|--cov=|"
                  r"-cover(?:profile)?\b|/p:CollectCoverage=true|--code-coverage\b")
_COVERAGE_LINE = re.compile(rf"(?m)(?:`|^[ \t]*(?:\$\s+)?){_PROGRAM}[^`\n]*?(?:{_COVERAGE_FLAG})")
# A criterion expecting a coverage figure ("a numeric overall coverage percentage", "coverage
# % from cobertura", "82% line coverage"): only a run that measures coverage gives one.
_COVERAGE_FIGURE = re.compile(
    r"(?i)\bcoverage\s*(?:%|percent\w*|figures?|numbers?)"
    r"|\d+(?:\.\d+)?\s*%\s+(?:line\s+|branch\s+)?coverage\b"
    r"|\b(?:numeric|concrete|actual|measured)\s+(?:[\w-]+\s+){0,2}?coverage\b")
# A coverage report staged: its figures are there (`coverage.cobertura.xml`, `lcov.info`).
_COVERAGE_REPORT = re.compile(r"(?i)(?:^|/)(?:[\w.-]*cobertura[\w.-]*\.xml|lcov\.info|"
                              r"coverage[\w.-]*\.(?:xml|json|info|out|txt)|\.coverage)$")


def skill_coverage_runs(skill_dir: Path) -> list[str]:
    """The missing programs whose coverage run the skill's SKILL.md makes."""
    text = re.sub(r"\\\n\s*", " ", skill_md_text(skill_dir))  # (a command's continued lines)
    return list(dict.fromkeys(m.group("program").lower() for m in _COVERAGE_LINE.finditer(text)))


def coverage_needs(criteria: list[str], staged: list[str], programs: list[str]) -> list[str]:
    """Why a criterion's coverage figure needs the skill's coverage run of a missing program,
    when no staged file is a coverage report."""
    if not programs or any(_COVERAGE_REPORT.search(s) for s in staged):
        return []
    said = next((m.group(0) for c in criteria for m in _COVERAGE_FIGURE.finditer(c)), None)
    return [f"'{' '.join(said.split())}' (the skill measures it with its {programs[0]} coverage "
            f"run): a program the default sandbox image lacks ({programs[0]})"] if said else []
