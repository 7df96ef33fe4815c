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
("Pull the Jira details").

What the image holds is runner.sandbox.image's one list.
"""

from __future__ import annotations

import re
from pathlib import Path

from runner.sandbox.image import IMAGE_PROGRAMS

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
    "dotnet", "swift", "xcodebuild", "flutter", "dart",
    "ruby", "gem", "bundle", "rails", "rake", "php", "composer",
    "gcc", "g++", "clang", "make", "cmake",
    "docker", "docker-compose", "podman", "kubectl", "helm", "minikube", "terraform", "tofu",
    "pulumi", "ansible", "ansible-playbook", "vagrant", "aws", "gcloud", "az", "gsutil",
    "firebase", "vercel", "netlify", "heroku", "flyctl", "wrangler", "supabase",
    "jira", "gh", "glab", "stripe",
    "psql", "mysql", "redis-cli", "mongosh", "mongo", "sqlite3", "pg_dump",
    "ffmpeg", "pandoc", "jq", "yq", "magick", "pdflatex", "xelatex", "hugo", "jekyll",
    "mkdocs", "shellcheck", "hadolint", "trivy", "semgrep", "k6",
    "git", "python3", "rg", "bash", "sh", "perl", "ps", "grep", "sed", "awk", "find"})
MISSING = KNOWN_PROGRAMS - IMAGE_PROGRAMS

_NAMES = "|".join(re.escape(p) for p in sorted(MISSING, key=len, reverse=True))
_PROGRAM = rf"(?:\./)?(?P<program>{_NAMES})(?![\w+/-])"
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
    "exec:java|eval|sql|dump|query")
_ARGS = rf"(?:\s+(?:{_FLAG}|{_FILE}|(?:{_SUBCOMMANDS})(?![\w-])))"
_AS_TOOL = r"\s+(?i:cli|command|commands|binary|tool)\b"
# The agent's verbs of running; "uses" only with a flag, a code span or "the X CLI" (an
# answer that "uses docker compose" may be a file it writes).
_RUN_VERB = (r"(?:re-?)?run(?:s|ning)?|ran|execut(?:e|es|ed|ing)|invok(?:e|es|ed|ing)|"
             r"call(?:s|ed|ing)?|pip(?:e|es|ed|ing)|launch(?:es|ed|ing)?|tr(?:y|ies|ied)")
_USE_VERB = r"us(?:e|es|ed|ing)"
_WITH_VERB = (r"(?:verif|test|check|build|validat|confirm|compil|lint|run)\w*"
              r"(?:\s+(?!with\b)[\w-]+){0,3}?\s+(?:with|using|via|through)")
_FILLER = r"(?:\s+(?:the|a|an|its|read-only|local|real))*\s+`?"
# A command is written in lower case ("call Stripe's API" names a service, "run Go tests" a
# language); "the Jira CLI", "Jira commands" name the program in any case.
_EXACT = rf"(?-i:{_PROGRAM})"
_AS_NAMED = rf"(?:\./)?(?P<named>{_NAMES})(?![\w+/-]){_AS_TOOL}"
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
    r"action|cron|readme|template|entrypoint|ci|cmd|mention\w*|includ\w*|list\w*|writ\w*)\b")
_CLAUSE_END = re.compile(r"[,.;:!?\n(]\s|\n|[。！？；，]")
_STOP = frozenset({"and", "then", "to", "with", "for", "in", "on", "or", "check", "checks",
                   "so", "but", "that", "which", "before", "after", "if", "when", "as", "the",
                   "+", "&", "&&", "|", "||", ">", "2>&1"})
_TOKEN = re.compile(r"[^\s`,;()]+")


def _agent_runs(text: str, at: int) -> bool:
    """The verb at `at` is the agent's own: nothing in its clause before it says otherwise."""
    window = text[max(0, at - 80):at]
    clause = _CLAUSE_END.split(window)[-1]
    return _NOT_THE_AGENT.search(clause) is None


def _command(text: str, start: int) -> str:
    """The command as written from its program on: its code span, or its next words."""
    if start > 0 and text[start - 1] == "`":
        end = text.find("`", start)
        if end != -1:
            return " ".join(text[start:end].split())
    words: list[str] = []
    for match in _TOKEN.finditer(text, start):
        token = match.group(0)
        if len(words) >= 5 or (words and token.lower() in _STOP) \
                or text[start:match.start()].count("\n"):
            break
        words.append(token.rstrip(".:"))
        if token.endswith((".", ":")) and not re.search(r"\w\.\w", token):
            break
    return " ".join(words)


def asked_runs(text: str) -> list[tuple[str, str]]:
    """(command, program) for each run of a missing program the text asks of the agent."""
    found: list[tuple[str, str]] = []
    for pattern in (_RUN_CMD, _USE_CMD):
        for match in pattern.finditer(text):
            if _agent_runs(text, match.start()):
                group = "program" if match.group("program") else "named"
                program = match.group(group).lower()
                command = _command(text, match.start(group))
                found.append((command if command.lower().startswith(program)
                              or command.startswith("./") else program, program))
    return found


# SKILL.md's own command lines: a code span or a code block's line starting with the program.
_CODE_LINE = re.compile(rf"(?m)(?:`|^[ \t]*(?:\$\s+)?){_PROGRAM}{_ARGS}")
# The prompt asks for what a run of the program gives: "pull the Jira details", "list my
# docker containers", "check the kubectl pods".
_GIVES = (r"details|issues?|tickets?|status|output|logs?|containers?|pods?|deployments?|"
          r"services?|releases?|runs?|results?|state|fields|comments|records?|items?|data")


def skill_programs(skill_dir: Path) -> list[str]:
    """The missing programs the skill's SKILL.md runs in its own commands."""
    path = skill_dir / "SKILL.md"
    if not path.is_file() or path.stat().st_size > 1_000_000:
        return []
    text = path.read_text(encoding="utf-8", errors="replace")
    return list(dict.fromkeys(m.group("program").lower() for m in _CODE_LINE.finditer(text)))


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


def program_needs(prompt: str, criteria: list[str], programs: list[str]) -> list[str]:
    """Why the case needs a program the image lacks: the prompt (its own words, `prompt`) or
    a criterion asks the agent to run it, or the prompt asks for what the skill's own run of
    one of `programs` gives."""
    runs = [run for text in [prompt, *criteria] for run in asked_runs(text)]
    runs += asked_results(prompt, programs)
    seen: set[str] = set()
    why: list[str] = []
    for words, program in runs:
        if program in seen:
            continue
        seen.add(program)
        runner = "" if words.lower().startswith(program) else " (the skill runs it)"
        why.append(f"'{words}'{runner}: a program the default sandbox image lacks ({program})")
    return why
