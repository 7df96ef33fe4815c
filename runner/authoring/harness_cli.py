"""An `evals/` program that is the authors' own harness, not a grader (issue 26): it has a
command line of its own (`--model` required, `--must-cite`, `sys.argv[2]`), reads the case set
itself, or calls a model API itself (`import anthropic`, `claude -p`). Run as a grader after
the trial (the work directory as its argument, the case at $SKILL_EVAL_CASE) it would crash or
grade something else in every arm, so the checks only it decides are never run through it,
and never read as literal text either: `check` says whose they are.

A program that reads $SKILL_EVAL_CASE or $SKILL_EVAL_WORK was written for the contract, and
one that only takes the work directory (`sys.argv[1]`) or optional flags fits it.
"""

from __future__ import annotations

import re

from runner.authoring.program_types import CONTRACT

_CONTRACT = re.compile(r"SKILL_EVAL_(?:CASE|WORK)")
QUOTES = "\"'"
# argparse/click options it cannot run without
_REQUIRED = re.compile(r"""add_argument\(\s*["'](--?[\w-]+)["'][^)]*required\s*=\s*True|"""
                       r"""@click\.option\(\s*["'](--?[\w-]+)["'][^)]*required\s*=\s*True""")
_OPTION = re.compile(r"""add_argument\(\s*["'](--[\w-]+)["']""")
_LATER_ARG = re.compile(r"sys\.argv\[([2-9])\]|process\.argv\[([3-9])\]")
# the set's own file, opened by the program
_SET_FILE = re.compile(r"""["'][^"'\n]*?\b(?:evals?|cases?|test_cases|tests|dataset|"""
                       r"""eval_set|scenarios)\.(?:jsonl?|ya?ml|csv)["']""")
# a model API client, or claude itself: the program produces the answers it grades
_CLIENTS = (r"anthropic|openai|google\.generativeai|google\.genai|cohere|mistralai|litellm|"
            r"claude_agent_sdk|groq|langchain\w*")
_API = re.compile(rf"""(?m)^\s*(?:import\s+(?:[\w.]+\s*,\s*)*|from\s+)({_CLIENTS})\b|"""
                  r"""require\(\s*["'](openai|@anthropic-ai/sdk)["']|"""
                  r"""from\s+["'](openai|@anthropic-ai/sdk)["']|(api\.anthropic\.com|"""
                  r"""api\.openai\.com)|["'](claude)["']\s*,\s*["']-p["']""")


# A program that finds what it grades from its own location (`HERE = Path(__file__).parent`,
# then `HERE / "runs"`), and nothing that gives it the work: an argument, its working
# directory, the contract's variables.
_BESIDE_ITSELF = re.compile(r"Path\(\s*__file__\s*\)|os\.path\.\w+\(\s*__file__")
_GIVEN_WORK = re.compile(r"sys\.argv\[1\]|process\.argv\[2\]|os\.getcwd\(|Path\.cwd\(|"
                         r"Path\(\s*[\"']\.?[\"']\s*\)|sys\.argv\[1:\]|argv\[1:\]|"
                         r"\bos\.listdir\(\s*\)|\bglob\(\s*[\"'][^/\"']")
_POSITIONAL = re.compile(r"""add_argument\(\s*["'][^-]|@click\.argument\(""")


def own_contract(source: str) -> str | None:
    """What the program expects when it is an author's harness with its own command line
    (one clause each: options it requires, the set it reads, the API it calls), else None."""
    if _CONTRACT.search(source):
        return None
    takes: list[str] = []
    required = [a or b for a, b in _REQUIRED.findall(source)]
    if required:
        takes.append(f"requires the options {', '.join(dict.fromkeys(required))}")
    later = sorted({a or b for a, b in _LATER_ARG.findall(source)})
    if later:
        takes.append(f"takes positional arguments up to {later[-1]}")
    opened = _SET_FILE.search(source)
    if opened:
        takes.append(f"reads the case set itself ({opened.group(0).strip(QUOTES)})")
    api = _API.search(source)
    if api:
        takes.append(f"calls a model itself ({next(g for g in api.groups() if g)})")
    if _BESIDE_ITSELF.search(source) and not _GIVEN_WORK.search(source) and not later \
            and not _POSITIONAL.search(source):
        takes.append("grades the files beside itself (found from its own path, `__file__`), "
                     "taking no argument: never the work it is given")
    if not takes:
        return None
    options = [o for o in dict.fromkeys(_OPTION.findall(source)) if o not in required]
    return "; ".join(takes) + (f"; options {', '.join(options[:5])}" if options else "")


# claude run as a program (`["claude", "-p", ...]`, `claude --print`): the agent under test
_RUNS_CLAUDE = re.compile(r"""["']claude["']|\bclaude\s+(?:-p|--print)\b|"""
                          r"""["']@anthropic-ai/claude-code["']|npx\s+@anthropic-ai/claude-code""")


def runs_agent(source: str) -> bool:
    """The program calls a model API or runs claude: it produces answers to grade."""
    return _API.search(source) is not None or _RUNS_CLAUDE.search(source) is not None


def checks_own_files(source: str) -> bool:
    """A program that opens what it checks from its own folder (`Path(__file__).parent /
    "regressions.json"`), takes no work and runs no model: a test of those files themselves,
    so a file it reads is its data, never a set of requests for an agent."""
    return (_BESIDE_ITSELF.search(source) is not None and _GIVEN_WORK.search(source) is None
            and not runs_agent(source))


def harness_message(path: str, what: str) -> str:
    return (f"{path} is the authors' own harness, not a grader program: it {what}; "
            f"skill-eval runs a grader after the trial with {CONTRACT}")


HARNESS_FIX = ("give the program that shape (read the work at $SKILL_EVAL_WORK or its first "
               "argument, print {\"checks\": {...}}), or write what each check means under "
               "`expectations` (a statement) or `assertions` (a text to find)")


_COMMAND_WORDS = frozenset({"command", "commands", "cli", "cmd", "cmds", "shell"})
_COMMAND_KEYS = ("command", "cmd", "run", "invocation", "argv")


def command_checks(extra: dict[str, object]) -> list[tuple[str, int, str]]:
    """Fields no rule reads that hold checks on commands (`command_assertions: [{"command":
    "acme deploy", "expect_exit": 0}]`): checked by the authors' harness against a CLI it
    provides (a fake `acme` on its PATH), which no sandbox has. Each: its name, how many, the
    first command."""
    found: list[tuple[str, int, str]] = []
    for key, value in extra.items():
        words = set(re.split(r"[^a-z]+", key.lower()))
        if not words & _COMMAND_WORDS or not isinstance(value, list) or not value:
            continue
        commands = [str(next(v[k] for k in _COMMAND_KEYS if k in v)) for v in value
                    if isinstance(v, dict) and any(k in v for k in _COMMAND_KEYS)]
        if len(commands) == len(value):
            found.append((key, len(commands), commands[0][:60]))
    return found
