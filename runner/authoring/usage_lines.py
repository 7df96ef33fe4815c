"""A grader program whose usage the set's notes give as a command line (issue 26): "`python3
evals/grade.py <case> <repo>`" in the set folder's README, the set's description, or the
program's own docstring ("Usage: ..."). The line says where the program takes the case and the
work, so it can run as the author meant: each placeholder gets what it names, as a grader
command (runner.schema.programs): the case's id, the working directory (its cwd, `.`), the
case's fixture as staged in it (`<fixture>`, `<input-dir>`), the output file the case names
(`<output-file>`, `<report>`); an argument written as one of the set's case ids (`--eval
reorg-messy-history`, an example run) is the case's slot, each case's own id, and a case
runs the example line written with its own id when the notes give several. A program with
no usage line whose source names its positional arguments (argparse positionals, `run_dir =
sys.argv[1]`) gives one the same way (`from_source`).

Read generically: a code span, a fenced or indented line, or a docstring's usage line that
starts with the program's path (or an interpreter and the path). Its placeholders (`<case>`,
`CASE_ID`, `{workdir}`) are read by their words; `[optional]` ones are left out. A line whose
placeholders name something else (`<release>`), something a grader's container is not given
(the session's transcript, the case as a file: it is at $SKILL_EVAL_CASE), or that takes
neither the work nor the case (`--self-test`), cannot be mapped, and `check` says so with the
line and the fix; a case without the one fixture or output file the line takes is said per case.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field, replace
from pathlib import PurePosixPath

from runner.authoring.fields import name_words
from runner.schema.case import Case
from runner.schema.programs import COMMAND_INTERPRETERS, REPLY_ARG

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
ANSWER_WORDS = frozenset({"responses", "answers", "trials", "trial", "results", "predictions"})
# Words of one answer, the agent's final reply (`--response FILE`, `response.md`, `<reply>`):
# each grader program is given it as a file ($SKILL_EVAL_REPLY, runner.trial.programs).
REPLY_WORDS = frozenset({"response", "reply", "answer", "completion"})

# Words of the session's own record, which a grader's container is not given (the work and the
# case only).
TRANSCRIPT_WORDS = frozenset({"transcript", "transcripts", "trace", "conversation", "messages",
                              "log", "jsonl"})
# Words of the case's staged input: a fixture the case lists, as it lands in the work.
FIXTURE_WORDS = frozenset({"fixture", "fixtures", "input", "inputs", "sample", "samples", "seed"})
# Words of a file the case names as the agent's output (`outputs`), and of a file at all: an
# output word alone (`<output>`, `<output-dir>`) is the work, as before.
OUTPUT_WORDS = frozenset({"output", "out", "report", "deliverable", "produced", "generated"})
FILE_WORDS = frozenset({"file", "json", "md", "txt", "csv", "yaml", "yml", "html",
                        "pdf", "xml"})
# Words of the case as a file (`<case.json>`, `<case-file>`): the grader's container has it at
# $SKILL_EVAL_CASE, never as an argument.
CASE_FILE_WORDS = frozenset({"file", "json", "yaml", "yml", "spec"})
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
    args: tuple[str, ...] = ()  # after the program; the markers stand where their values go
    problem: str | None = None
    takes: frozenset[str] = field(default_factory=frozenset)  # "case", "work", "fixture"...
    written_for: str | None = None  # the one case's id an example line was written with

    def command(self, case: Case | None) -> tuple[str, str | None]:
        """The grader command for one case (its id, `.` for the work, its fixture and output
        file as staged, in place) and why it cannot be made for this case (None: it can).
        `case` None: a stand-in, to see whether the program can run at all."""
        values = {CASE: case.id if case else "case", WORK: ".", REPLY: REPLY_ARG}
        problem = None
        for marker, (pick, what) in _PER_CASE.items():
            if marker in self.args:
                value, why = pick(case) if case else (what, None)
                values[marker] = value or what
                problem = problem or why
        words = [*self.interpreter, self.program, *(values.get(a, a) for a in self.args)]
        return shlex.join(words), problem


CASE = "\0case"  # markers in `args`, each replaced by the case's value
WORK = "\0work"
FIXTURE = "\0fixture"
OUTPUT = "\0output"
REPLY = "\0reply"
_MARKERS = {"case": CASE, "work": WORK, "fixture": FIXTURE, "output": OUTPUT, "reply": REPLY}


def _fixture(case: Case) -> tuple[str | None, str | None]:
    """The case's one fixture as staged in the work (several in one folder: that folder)."""
    staged = sorted({case.fixture_destination(f).as_posix() for f in case.files}
                    | set(case.inline_files))
    if case.root_fixtures or "." in staged:  # the work itself, after the agent changed it
        return None, ("the case's fixture is its workspace, which the work is after the "
                      "agent's changes; the original a program taking both compares with is "
                      "not in the grader's container (the work and the case only)")
    if not staged:
        return None, "the case stages no fixture for it"
    if len(staged) == 1:
        return staged[0], None
    folders = {PurePosixPath(s).parts[0] for s in staged if "/" in s}
    if len(folders) == 1 and all("/" in s for s in staged):  # one folder of them: that folder
        return folders.pop(), None
    return None, (f"the case stages {len(staged)} fixtures ({', '.join(staged[:3])}) and the "
                  "line takes one")


def _output(case: Case) -> tuple[str | None, str | None]:
    """The one output file the case names (`outputs`); a case naming none answers in its
    final reply, so the file the line takes is that reply's (`checks.py path/to/pr.md`, a PR
    description the agent replies with)."""
    paths = list(dict.fromkeys(o.path for o in case.outputs))
    if len(paths) == 1:
        return paths[0], None
    if not paths:
        return REPLY_ARG, None
    return None, (f"the case names {len(paths)} output files ({', '.join(paths[:3])}) and "
                  "the line takes one")


# a per-case value: how to read it from the case, and its stand-in when no case is given
_PER_CASE = {FIXTURE: (_fixture, "fixture"), OUTPUT: (_output, "output")}


def _words(name: str) -> set[str]:
    """A placeholder's words and the whole of it run together (`<run-dir>`: run, dir, rundir)."""
    said = name_words(name, camel=False)
    return {*said, "".join(said)}


def _meaning(name: str) -> str | None:
    """What a placeholder stands for by its words, the most specific word deciding (`<fixture-
    dir>` is the fixture, `<run-dir>` the work): "transcript", "reply", "answers", "casefile",
    "fixture", "output", "case", "work", else None."""
    words = _words(name)
    named_file = re.search(r"\.[a-z]{2,5}$", name.lower()) is not None  # `<out.md>`: a file
    if named_file:
        words |= {"file"}
    if words & TRANSCRIPT_WORDS:
        return "transcript"
    if words & REPLY_WORDS:
        return "reply"
    if words & ANSWER_WORDS:
        return "answers"
    if words & CASE_WORDS and words & CASE_FILE_WORDS:
        return "casefile"
    if words & FIXTURE_WORDS:
        return "fixture"
    # a file the work holds (`<path-to-rating.md>`): the one output file the case names,
    # never the work directory itself
    if words & OUTPUT_WORDS and words & FILE_WORDS or words & {"report", "deliverable"} \
            or named_file:
        return "output"
    case, work = bool(words & CASE_WORDS), bool(words & WORK_WORDS) or "path" in words
    return "case" if case and not work else "work" if work and not case else None


# What a grader's container does not give, for a placeholder naming it.
_NOT_GIVEN = {
    "answers": "answers its authors' harness collects across cases, a file or a folder of "
               "them; one trial has only its work and its own answer",
    "transcript": "the session's transcript, which a grader program is not given: its "
                  "container holds the work and the case only",
    "casefile": "the case as a file, which a grader program reads at $SKILL_EVAL_CASE as "
                "JSON, never as an argument",
}


def candidates(text: str) -> list[str]:
    """Every command-like line of a note: fenced lines, indented lines, code spans."""
    found = [line for block in _FENCE.finditer(text) for line in _LINE.findall(block.group(2))]
    found += _SPAN.findall(text)
    found += [m.group(1) for m in re.finditer(r"(?m)^(?:[ \t]{2,}|\t)(?:\$[ \t]+)?(\S.*)$",
                                                   text)]
    found += _USAGE_SAID.findall(text)  # "Usage: prog <case>", in a docstring or a comment
    # a docstring or comment closing on the line's end is no part of it
    return [re.sub(r"\s*(?:\"\"\"|\'\'\'|\*/)\s*$", "", line.strip()) for line in found]


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


def _reply_file(word: str) -> bool:
    """A file name written in the line whose own words are one answer's (`response.md`,
    `reply.txt`, `out/answer.md`): the file of the agent's reply, whatever the case."""
    name = PurePosixPath(word).name
    stem, dot, suffix = name.rpartition(".")
    return bool(dot) and suffix.lower() in FILE_WORDS and bool(_words(stem) & REPLY_WORDS) \
        and not word.startswith("-")


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
        # `--out path/to/x`, or a positional `path/to/report.md`: a placeholder for a file
        example = re.match(r"^/?path/to/", word) is not None and (
            bool(option) or re.search(r"\.[a-z]{2,5}$", word) is not None)
        if match is None and not example and _reply_file(word):  # `response.md`: the reply
            args.append(REPLY)
            takes.add("reply")
            option = ""
            continue
        if match is None and not example:
            if _INSIDE.search(word):  # `runs/<release>`: a path the author fills in
                unknown.append(f"{word} (neither the case nor the work)")
            else:
                args.append(word)
            option = word if word.startswith("-") else ""
            continue
        name = word if match is None else next(g for g in match.groups() if g)
        # the option names what its value is (`--responses <path>`: answers, not the work)
        meaning = _meaning(option) if option and _meaning(option) in _NOT_GIVEN \
            else _meaning(name) or (_meaning(option) if option else None)
        if meaning in _NOT_GIVEN:
            unknown.append(f"{word} ({_NOT_GIVEN[meaning]})")
        elif meaning in _MARKERS:
            args.append(_MARKERS[meaning])
            takes.add(meaning)
        else:
            unknown.append(f"{word} (neither the case nor the work)")
        option = ""
    problem = None
    if unknown:
        problem = f"it takes {'; '.join(unknown)}"
    elif not takes & {"work", "output", "reply"}:  # an output file is read in the work
        problem = ("it names neither the work directory nor a placeholder for it (the line "
                   "runs the program on its own inputs, not on what the agent did)")
    return Usage(program=usage.program, line=usage.line, interpreter=usage.interpreter,
                 args=tuple(args), problem=problem, takes=frozenset(takes))


def with_case_slot(usage: Usage, ids: list[str]) -> Usage:
    """The line with one case's id written in (`checks.py <dir> --eval reorg-messy-history`,
    an example run on one case) read as the case's slot: that argument, after an option naming
    the case (`--eval`, `--case`) or equal to one of the set's ids (never a bare number), gets
    each case's own id, so no case is graded by another's checks."""
    known = {i for i in ids if not i.isdigit()}
    args = list(usage.args)
    written = None
    for n, word in enumerate(args):
        option = args[n - 1] if n and args[n - 1].startswith("-") else ""
        if word in known or option and _meaning(option) == "case" and word in ids:
            args[n], written = CASE, word
    if written is None:
        return usage
    problem = usage.problem
    if problem is not None and problem.startswith("it names neither the work") and \
            usage.takes & {"output", "reply"}:
        problem = None
    return replace(usage, args=tuple(args), takes=usage.takes | {"case"}, problem=problem,
                   written_for=written)


def for_case(lines: list[Usage], chosen: Usage, case: Case) -> Usage:
    """The line to run for `case`: an example line written with its own id or name (the notes'
    `<dir> --eval reorg-messy-history` for that case), else the one chosen for the set."""
    names = {case.id, *([case.name] if case.name else [])}
    return next((u for u in lines if u.problem is None and u.written_for in names), chosen)


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


# A program's own positional arguments, by the names its source gives them.
_ARGPARSE = re.compile(r"""add_argument\(\s*["']([A-Za-z_][\w-]*)["']([^)]*)\)""")
_OPTION_REQUIRED = re.compile(r"""add_argument\(\s*["'](--[\w-]+)["'][^)]*required\s*=\s*True""")
_ARGV_NAMED = re.compile(r"(?m)^\s*([A-Za-z_]\w*)\s*=\s*(?:\w+\()?\s*sys\.argv\[([1-9])\]")
_ARGV_TUPLE = re.compile(r"(?m)^\s*((?:[A-Za-z_]\w*\s*,\s*)+[A-Za-z_]\w*)\s*=\s*"
                         r"(sys\.argv\[1:(?:\d)?\]|(?:sys\.argv\[[1-9]\]\s*,?\s*)+)")


def from_source(source: str, program: str) -> str | None:
    """A usage line for a program whose source names two or more positional arguments (or a
    required option) and writes no usage line: argparse positionals in order, or the names
    `sys.argv[n]` is given (`run_dir, fixture = sys.argv[1:3]`). One argument alone is the
    grader contract already (the work as the first argument): None."""
    words: list[str] = []
    positional = [(name, rest) for name, rest in _ARGPARSE.findall(source)]
    for name, rest in positional:
        optional = re.search(r"""nargs\s*=\s*["'][?*]["']|default\s*=""", rest) is not None
        words.append(f"[{name}]" if optional else f"<{name}>")
    words += [f"{option} <{option.lstrip('-')}>" for option in _OPTION_REQUIRED.findall(source)]
    if not positional:
        named: dict[int, str] = {int(n): name for name, n in _ARGV_NAMED.findall(source)}
        for names, _ in _ARGV_TUPLE.findall(source):  # the values start at argv[1]
            for n, name in enumerate(re.split(r"\s*,\s*", names.strip()), 1):
                named.setdefault(n, name)
        if named and sorted(named) == list(range(1, max(named) + 1)):
            words = [f"<{named[n]}>" for n in sorted(named)]
    if len([w for w in words if not w.startswith("[")]) < 2:
        return None
    return " ".join([program, *words])
