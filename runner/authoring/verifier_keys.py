"""A case's own verifier command (issue 26, rule 1): a field whose name says it verifies the work
and whose value is a command line (`"verifier_cmd": "grep -q TOTAL out.md"`, `"test_command":
"python3 evals/check.py"`, `"verify": "test -f report.pdf"`), on a check object or on the case.
Its author runs it after the trial against the work, exit 0 passing: it is the case's grader
command (runner.authoring.dialects, then runner.authoring.programs), never a sentence for the
grader model.

Read by the key's grammar, not a list of names: its words (snake_case, kebab-case, camelCase)
hold a word of verifying (verify, verifier, test, check, validate, grade...) and a word of a
command (cmd, command, shell; `run` at the head: `run_tests`). A key of the verifying word alone
(`verify`, `verifier`, `verification`) is one only when its value parses as a command line
whose first word is a program (the image's, or one a case may ask for: `mvn`, `npm`) or a path
(past `VAR=x` and `sudo`/`env`: runner.authoring.shell_words), never a sentence ("verify":
"The report names each file").
"""

from __future__ import annotations

import re
import shlex
from typing import Any

from runner.authoring.fields import name_words
from runner.authoring.missing_programs import KNOWN_PROGRAMS
from runner.authoring.shell_lines import IMAGE_COMMANDS
from runner.authoring.shell_words import commands
from runner.schema.programs import COMMAND_INTERPRETERS

VERIFY_WORDS = frozenset({"verify", "verifier", "verification", "verifies", "test", "tests",
                          "check", "checker", "validate", "validator", "validation", "grade",
                          "grader", "grading", "acceptance"})
COMMAND_WORDS = frozenset({"cmd", "command", "shell", "sh"})
# A key of the verifying word alone: a command only when its value parses as one.
BARE_KEYS = frozenset({"verify", "verifier", "verification"})
# A command line's marks: a flag, an operator, a redirection, a path.
_COMMAND_MARK = re.compile(r"(?:^|\s)-{1,2}\w|&&|\|\||[|;<>]|\S/\S|\.\w{1,4}\b")


def names_verifier(key: str) -> bool:
    """Whether a key's own words say it holds the command that verifies the work."""
    words = name_words(key)
    if not words or not set(words) & VERIFY_WORDS:
        return False
    return bool(set(words) & COMMAND_WORDS) or (words[0] == "run" and len(words) > 1) \
        or "_".join(words) in BARE_KEYS


def is_command_line(value: str) -> bool:
    """Whether a string parses as a shell command line starting a program (see the module)."""
    text = value.strip()
    if not text or "\n\n" in text:
        return False
    try:
        words = shlex.split(text)
    except ValueError:
        return False
    if not words:
        return False
    # its program past `VAR=x`, keywords and wrappers (`CI=1 ./check.sh`), read as setups read
    # it; a line whose first command starts none keeps its first word
    first = next((c.program for c in commands(text)[:1] if c.program is not None), words[0])
    if first.startswith(("./", "/", "$")) or "/" in first or re.search(r"\.\w{1,4}$", first):
        return True
    programs = IMAGE_COMMANDS | KNOWN_PROGRAMS | set(COMMAND_INTERPRETERS)
    if first not in programs:
        return False
    # `test the report`: a sentence that starts with a shell word; a command has its marks
    return len(words) <= 2 or bool(_COMMAND_MARK.search(text))


def verifier_command(value: dict[str, Any]) -> tuple[str, str] | None:
    """(key, command) of the field of `value` that holds its verifier command, or None."""
    for key, held in value.items():
        if not isinstance(held, str) or not held.strip() or not names_verifier(str(key)):
            continue
        words = name_words(str(key))
        if set(words) & COMMAND_WORDS or words[0] == "run" or is_command_line(held):
            return str(key), held.strip()
    return None
