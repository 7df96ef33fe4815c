"""A grader program whose usage the set's notes give as a command line (issue 26): "`python3
evals/grade.py <case> <repo>`" in the set folder's README, the set's description, or the
program's own docstring ("Usage: ..."). The line says where the program takes the case and the
work, so it can run as the author meant: the case's id and the working directory (its cwd,
`.`) put in those positions, as a grader command (runner.schema.programs).

Read generically: a code span, a fenced or indented line, or a docstring's usage line that
starts with the program's path (or an interpreter and the path). Its placeholders (`<case>`,
`CASE_ID`, `{workdir}`) are read by their words; `[optional]` ones are left out. A line whose
placeholders name something else (`<release>`), or that takes neither the work nor the case
(`--self-test`), cannot be mapped, and `check` says so with the line and the fix.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

from runner.schema.programs import COMMAND_INTERPRETERS

# Words of a placeholder naming the case (English and the authors' usual languages).
CASE_WORDS = frozenset({"case", "cases", "caso", "cas", "eval", "evalid", "id", "scenario",
                        "cenario", "escenario", "task", "tarefa", "test", "testcase"})
# Words of a placeholder naming the work the agent left (a directory, a repository).
WORK_WORDS = frozenset({"repo", "repository", "repositorio", "workdir", "work", "workspace",
                        "dir", "directory", "project", "projeto", "proyecto", "root", "target",
                        "folder", "pasta", "caminho", "sandbox", "worktree", "output", "outputs",
                        "cwd"})
# Words of an option or placeholder naming a file of answers or responses the program reads:
# the author's harness collects them across cases; one trial has one answer, no such file.
ANSWER_WORDS = frozenset({"responses", "response", "answers", "answer", "transcript",
                          "transcripts", "trials", "trial", "results", "predictions"})
_PLACEHOLDER = re.compile(r"^(?:<([^<>]+)>|\{([^{}]+)\}|([A-Z][A-Z0-9_-]*[A-Z0-9]))$")
_OPTIONAL = re.compile(r"^\[.*\]$")
_INSIDE = re.compile(r"<[^<>]+>")
# Lines a note writes commands in: fenced blocks, indented lines, inline code spans.
_FENCE = re.compile(r"(?ms)^\s*(```|~~~)[^\n]*\n(.*?)^\s*\1")
_SPAN = re.compile(r"`([^`\n]+)`")
_USAGE_SAID = re.compile(r"(?im)\busage:[ \t]*(?:\$[ \t]+)?(\S[^\n]*)$")
_LINE = re.compile(r"(?m)^[ \t]*(?:\$[ \t]+)?(\S.*)$")


@dataclass(frozen=True)
class Usage:
    """A usage line of one program, and how it maps (`problem` None: it does)."""

    program: str  # the program's path as the line writes it
    line: str  # the line as written
    interpreter: tuple[str, ...] = ()
    args: tuple[str, ...] = ()  # after the program; CASE and WORK stand where they go
    problem: str | None = None
    takes: frozenset[str] = field(default_factory=frozenset)  # "case", "work"

    def command(self, case_id: str) -> str:
        """The grader command for one case: its id and `.` (the work, its cwd) in place."""
        words = [*self.interpreter, self.program,
                 *(case_id if a is CASE else "." if a is WORK else a for a in self.args)]
        return shlex.join(words)


CASE = "\0case"  # markers, compared by identity in `args`
WORK = "\0work"


def _words(name: str) -> set[str]:
    return {w for w in re.split(r"[^a-z0-9]+", name.lower()) if w} | {
        re.sub(r"[^a-z0-9]", "", name.lower())}


def _meaning(name: str) -> str | None:
    """What a placeholder stands for by its words: "case", "work", "answers", else None."""
    words = _words(name)
    if words & ANSWER_WORDS:
        return "answers"
    case, work = bool(words & CASE_WORDS), bool(words & WORK_WORDS) or "path" in words
    return "case" if case and not work else "work" if work and not case else None


def candidates(text: str) -> list[str]:
    """Every command-like line of a note: fenced lines, indented lines, code spans."""
    found = [line for block in _FENCE.finditer(text) for line in _LINE.findall(block.group(2))]
    found += _SPAN.findall(text)
    found += [m.group(1) for m in re.finditer(r"(?m)^(?:[ \t]{2,}|\t)(?:\$[ \t]+)?(\S.*)$",
                                                   text)]
    found += _USAGE_SAID.findall(text)  # "Usage: prog <case>", in a docstring or a comment
    return [line.strip() for line in found]


def _split(line: str) -> list[str]:
    line = re.sub(r"^\$\s+", "", line.strip())  # a shell prompt before the command
    try:
        return shlex.split(line, comments=True)
    except ValueError:
        return line.split()


def parse(line: str, program: str) -> Usage | None:
    """The usage a line gives `program` (a path of it, e.g. `evals/grade.py`), or None when
    the line does not start with that program (or an interpreter and it)."""
    words = _split(line)
    if not words:
        return None
    name = program.rsplit("/", 1)[-1]
    at = 0
    if words[0].rsplit("/", 1)[-1] in COMMAND_INTERPRETERS:
        at = next((n for n, w in enumerate(words[1:], 1) if not w.startswith("-")), len(words))
    if at >= len(words):
        return None
    said = words[at].removeprefix("./")
    if not (said == program or program.endswith("/" + said) or said.endswith("/" + name)
            or said == name):
        return None
    if at == 0 and len(words) == 1:
        return None  # a path alone is a mention of the program, not how to run it
    interpreter = tuple(COMMAND_INTERPRETERS.get(w, w) if n == 0 else w
                        for n, w in enumerate(words[:at]))
    return _mapped(Usage(program=said, line=line, interpreter=interpreter), words[at + 1:])


def _mapped(usage: Usage, rest: list[str]) -> Usage:
    args: list[str] = []
    takes: set[str] = set()
    unknown: list[str] = []
    option = ""
    for word in rest:
        if _OPTIONAL.match(word) or word in ("...", "…"):
            option = ""
            continue  # an optional argument: left out
        match = _PLACEHOLDER.match(word)
        example = option and re.match(r"^/?path/to/", word) is not None  # `--out path/to/x`
        if match is None and not example:
            if _INSIDE.search(word):  # `runs/<release>`: a path the author fills in
                unknown.append(f"{word} (neither the case nor the work)")
            else:
                args.append(word)
            option = word if word.startswith("-") else ""
            continue
        name = word if match is None else next(g for g in match.groups() if g)
        # the option names what its value is (`--responses <path>`: answers, not the work)
        meaning = (_meaning(option) if option else None) if option and _meaning(option) \
            == "answers" else _meaning(name) or (_meaning(option) if option else None)
        if meaning == "answers":
            unknown.append(f"{word} (answers its authors' harness collects across cases, a "
                           "file or a folder of them; one trial has only its work and its "
                           "own answer)")
        elif meaning in ("case", "work"):
            args.append(CASE if meaning == "case" else WORK)
            takes.add(meaning)
        else:
            unknown.append(f"{word} (neither the case nor the work)")
        option = ""
    problem = None
    if unknown:
        problem = f"it takes {'; '.join(unknown)}"
    elif "work" not in takes:
        problem = ("it names neither the work directory nor a placeholder for it (the line "
                   "runs the program on its own inputs, not on what the agent did)")
    return Usage(program=usage.program, line=usage.line, interpreter=usage.interpreter,
                 args=tuple(args), problem=problem, takes=frozenset(takes))


_SUFFIX = re.compile(r"\.(?:py|sh|bash|js|mjs)$")


def program_word(line: str) -> str | None:
    """The program file a command line starts with (after an interpreter and its options),
    as written, or None: `python3 -u evals/grade.py ...` -> `evals/grade.py`."""
    words = _split(line)
    if not words:
        return None
    at = 0
    if words[0].rsplit("/", 1)[-1] in COMMAND_INTERPRETERS:
        at = next((n for n, w in enumerate(words[1:], 1) if not w.startswith("-")), len(words))
    word = words[at].removeprefix("./") if at < len(words) else ""
    return word if _SUFFIX.search(word) and ".." not in word.split("/") else None


def usages(texts: list[str]) -> dict[str, list[Usage]]:
    """Every program's usage lines in the notes, by the program as written, in order, once
    each."""
    found: dict[str, dict[str, Usage]] = {}
    for text in texts:
        for line in candidates(text):
            word = program_word(line)
            usage = None if word is None else parse(line, word)
            if word is not None and usage is not None:
                found.setdefault(word, {}).setdefault(usage.line, usage)
    return {word: list(lines.values()) for word, lines in found.items()}


def best(found: list[Usage]) -> Usage | None:
    """The first line that maps; else the first that takes inputs (whose problem says what
    they are), before a bare line (`grade.py --self-test`)."""
    return next((u for u in found if u.problem is None), None) or min(
        found, key=lambda u: not u.problem or not u.problem.startswith("it takes"),
        default=None)


FIX = ("write the line with a placeholder for the case id and one for the work directory "
       "(`python3 evals/grade.py <case-id> <workdir>`), or name the program as the set's "
       "grader_program with the grader's shape (the work at $SKILL_EVAL_WORK or its first "
       "argument, the case at $SKILL_EVAL_CASE)")
