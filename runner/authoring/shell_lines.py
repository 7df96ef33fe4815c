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
one list of the image's programs). The line's commands and the program each starts are read
once, by the shell's grammar (runner.authoring.shell_words): a command substitution's program
is one the line starts (`test "$(jq .n out.json)" = 3` needs jq), a heredoc's body is none.
"""

from __future__ import annotations

import re

from runner.authoring.shell_words import commands
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
    network = _network(command)
    if network is not None:
        return (f"it needs the network ({network.group(1)!r}), and the grader's container "
                "has none")
    # (code given inline, `python -c "..."`, is one quoted word of its interpreter's command)
    return _lacking(_started(command))


# Programs that only print their arguments: a program or address in their text (`printf '...npm
# install -g x...' > README.md`) is the file's words, nothing the line runs or reaches.
_PRINTERS = frozenset({"echo", "printf"})


def _network(line: str) -> re.Match[str] | None:
    """The first network need of the line's commands, read per command on its words (quotes
    removed, heredoc bodies and comments apart: runner.authoring.shell_words), never in the
    text a printer writes."""
    for each in commands(line):
        if each.program in _PRINTERS:
            continue
        found = _NETWORK.search(" ".join(each.words))
        if found is not None:
            return found
    return None


def _lacking(started: list[str]) -> str | None:
    missing = [w for w in started if w not in IMAGE_COMMANDS]
    if missing:
        return (f"it starts a command with {missing[0]!r}, which the sandbox image lacks (it "
                "has sh, bash, coreutils, grep, sed, awk, find, diff, python3, perl, git, rg)")
    return None


def _started(command: str) -> list[str]:
    """The programs the line's commands start (runner.authoring.shell_words: past assignments
    and keywords, wrappers such as `sudo` too), an absolute path by its name."""
    found: list[str] = []
    for each in commands(command):
        for word in (*each.wrappers, each.program):
            if word is not None:
                found.append(word.rsplit("/", 1)[-1] if word.startswith("/") else word)
    return found
