"""A grader command with no program file (issue 26 follow-up 3): `grep -q TOTAL out.md`,
`test -f report.pdf`, `python -c "..."`. It runs as the case's grader command with `sh -c`, in
the grader's own container (the same container, inputs and isolation as a grader program: the
work read-only as its working directory, no network), and its exit code decides.

A command line is such a line when it starts with neither a program file of the skill nor an
interpreter running one (`bash check.sh` stays a program, found and checked as before), or when
its interpreter is given code inline (`-c`, `-e`). What cannot run there is refused before
anything is spent, naming the word: a command that needs the network (`curl`, `npm install`, a
URL), or one whose tool the sandbox image lacks (it has sh, bash, coreutils, grep, sed, awk,
find, diff, python3 with its standard library, perl, git and ripgrep: runner.schema.image, the
one list of the image's programs).
"""

from __future__ import annotations

import re
import shlex

from runner.schema.image import IMAGE_PROGRAMS
from runner.schema.programs import COMMAND_INTERPRETERS, GraderProgram

INLINE_CODE = frozenset({"-c", "-e"})
# The shell's own words (builtins and keywords): no program of the image, run by any sh.
SHELL_WORDS = frozenset({
    "test", "[", "[[", "echo", "printf", "true", "false", "wait", "exit", "return", "cd", "set",
    "export", "unset", "local", "read", "eval", "exec", "shift", "command", "type", "!", "{",
    "}", "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case",
    "esac", "in", "function", ":", "."})
# What a command of a line may start: the image's programs (runner.schema.image, the one list
# of them), the shell's words, and `python`, which the runner's `sh -c` defines as python3
# (runner.sandbox.base).
IMAGE_COMMANDS = IMAGE_PROGRAMS | SHELL_WORDS | {"python"}
# a word of the command, never a part of a path (`.skill-validation/pip/Makefile`)
_NETWORK = re.compile(r"(?i)(?<![\w./-])(curl|wget|npm|npx|pnpm|yarn|pip3?|uv|apt-get|apt|"
                      r"brew|ssh|scp|rsync|nc|git\s+(?:clone|fetch|pull|push)|https?://\S+)"
                      r"(?![\w/-])")
_OPERATOR_CHARS = frozenset(";|&()<>\n")
_KEYWORDS = frozenset({"if", "then", "else", "elif", "do", "while", "until", "!", "{",
                       "time", "exec", "command"})
_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")


def is_shell_line(program: GraderProgram) -> bool:
    """A command line naming no program file to run (see the module)."""
    if not program.is_command or program.shell:
        return program.shell
    if set(program.interpreter[1:]) & INLINE_CODE:
        return True
    return bool(program.interpreter) and \
        program.interpreter[0] not in COMMAND_INTERPRETERS.values()


def as_shell(program: GraderProgram) -> GraderProgram:
    """The program as a shell line: no program file, run by `sh -c` as written."""
    return program.model_copy(update={"shell": True, "path": "", "interpreter": ("sh", "-c"),
                                      "args": ()})


def shell_problem(command: str) -> str | None:
    """Why a shell line cannot run in the grader's container, or None."""
    network = _NETWORK.search(command)
    if network is not None:
        return (f"it needs the network ({network.group(1)!r}), and the grader's container "
                "has none")
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    if len(words) > 1 and words[1] in INLINE_CODE:  # code given inline: its interpreter runs
        return _lacking([words[0]])
    return _lacking(_first_words(command))


def _lacking(commands: list[str]) -> str | None:
    missing = [w for w in commands if w not in IMAGE_COMMANDS]
    if missing:
        return (f"it starts a command with {missing[0]!r}, which the sandbox image lacks (it "
                "has sh, bash, coreutils, grep, sed, awk, find, diff, python3, perl, git, rg)")
    return None


def _tokens(command: str) -> list[str]:
    """The line's words and operators, quotes respected (`;` inside quotes is no operator)."""
    lexer = shlex.shlex(command.replace("$(", "; ").replace("`", " ; "), posix=True,
                        punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError:
        return command.split()


def _first_words(command: str) -> list[str]:
    """The command word of each simple command of the line (assignments and keywords too)."""
    found: list[str] = []
    words: list[str] = []
    target = False  # the word after a redirection is its file, not a command
    for token in [*_tokens(command), ";"]:
        if target:
            target = False
        elif token and set(token) <= _OPERATOR_CHARS and set(token) & set("<>"):
            target = True
        elif token and set(token) <= _OPERATOR_CHARS:
            words = [w for w in words if not _ASSIGNMENT.match(w)]
            while len(words) > 1 and words[0] in _KEYWORDS:  # `if grep ...`: grep runs
                words = words[1:]
            if words and not words[0].startswith(("-", "$")):
                found.append(words[0].rsplit("/", 1)[-1] if words[0].startswith("/")
                             else words[0])
            words = []
        else:
            words.append(token)
    return found
