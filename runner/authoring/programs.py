"""Authors' grader programs in a case set: the one the set names (`grader_program`, at the top
or in a case), or one the set's own text points at, or a conventional one in evals/
(grade.py, scorer.py, check_*.py, eval.sh...), found and reported by `check`.

A case reads the program when the set names it (its exit code or JSON verdict decides), when
an assertion names one of its checks (a snake_case name its source mentions, or `program:NAME`:
that check of its JSON output decides), or when a criterion names the program itself
("evals/check_features.py reports 10/10": its whole verdict decides). A program found but read
by no case is reported and not run. What cannot be mapped is refused with the fix.

caseset.py calls `SetPrograms` once per set and `attach` once per case (a two-line hook), so
the grader-program fields are read here and nowhere else.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import ValidationError

from runner.authoring import safely
from runner.authoring.dialects import judge_paths
from runner.authoring.fields import METADATA_WORDS, PROSE_WORDS, strings_in, words
from runner.authoring.harness_cli import (
    HARNESS_FIX,
    command_checks,
    harness_message,
    own_contract,
)
from runner.authoring.named_scorers import name_grades, reads_set
from runner.authoring.outside import Outside, climbs_out, program_folder
from runner.authoring.problems import Problems, describe
from runner.authoring.program_types import CONVENTIONAL, ProgramType, program_types
from runner.authoring.project_walk import Walk
from runner.authoring.reach import OUTSIDE
from runner.authoring.runnable import FIX as RUN_FIX
from runner.authoring.runnable import cannot_run
from runner.authoring.shell_lines import as_shell, is_shell_line, shell_problem
from runner.authoring.usage_lines import FIX as USAGE_FIX
from runner.authoring.usage_lines import (
    Usage,
    best,
    for_case,
    from_source,
    parse,
    usages,
    with_case_slot,
)
from runner.schema.case import EVALS_ROOT, FIXTURE_ROOT, Case
from runner.schema.checked import CheckReading
from runner.schema.enums import CheckKind
from runner.schema.image import IMAGE_PROGRAMS
from runner.schema.programs import COMMAND_INTERPRETERS, Found, GraderProgram

SET_FIELDS = ("grader_program",)
SUFFIXES = (".py", ".sh", ".bash", ".js")
_PATHLIKE = re.compile(r"(?<![\w.-])((?:[\w.-]+/)*[\w.-]+\.(?:py|sh|bash|js))(?![\w-])")
_QUOTED = re.compile(r"""["']([A-Za-z_][\w.-]{0,79})["']""")
_NAME = re.compile(r"^(?:(?P<prefix>program|grader):)?(?P<name>[A-Za-z_][\w.-]{0,79})$")
# Functions (Python, JavaScript, shell) whose names can be the checks they compute.
_FUNCTION = re.compile(r"(?m)(?:^\s*(?:async\s+)?(?:def|function)\s+([A-Za-z_]\w{0,79})|"
                       r"^\s*([A-Za-z_]\w{0,79})\s*\(\)\s*\{)")
SOURCE_MAX = 512 * 1024
# A program that makes the prompt it sends (a harness driving the model itself).
_BUILDS_PROMPT = re.compile(r"(?i)\b(?:build|make|render|format|create|compose)_?prompt|"
                            r"\bprompt\s*=|\bmessages\s*=|[\"']role[\"']\s*:\s*[\"']user")
FIX_PATH = "put the program in the skill's evals/ folder, e.g. evals/grade.py, and name it there"
FIX_SHELL = ("grade with what the sandbox has offline (sh, coreutils, grep, python3...), or "
             "put the check in a script of the skill (\"bash evals/check.sh\", exit 0 passes)")
FIX_COMMAND = ("put the command in a script of the skill and name it, run by python3, bash, sh "
               "or perl, e.g. \"bash evals/check.sh\" (it runs in the working directory; "
               "exit 0 passes)")


def program_problem(skill_dir: Path, path: str, anywhere: bool = False) -> str | None:
    """Why `path` cannot be a grader program of this skill, or None. `anywhere`: a command's
    program may be any file of the skill (`tasks/check.sh` beside its task files)."""
    posix = PurePosixPath(path)
    if posix.is_absolute() or ".." in posix.parts or not (anywhere
                                                           or posix.is_relative_to(EVALS_ROOT)):
        return f"grader program {path!r} must be a file inside the skill's evals/ folder"
    file = skill_dir / posix
    if safely.is_symlink(file) or not safely.is_file(file):
        return f"grader program {path!r} is not a file of the skill (or is a symlink)"
    if file.suffix.lower() not in SUFFIXES and not file.stat().st_mode & 0o111:
        return (f"grader program {path!r} is neither a {'/'.join(SUFFIXES)} file nor "
                "executable")
    why = cannot_run(file)
    return None if why is None else f"grader program {path!r} cannot run in the sandbox: {why}"


def resolved(skill_dir: Path, program: GraderProgram, base: str = "") -> GraderProgram:
    """A program as a path of the skill: as written from the skill's root, else from evals/
    (`bash check.sh` beside evals.json), else from the set's own folder (`tasks/`)."""
    path = program.path.removeprefix("./")
    for folder in (EVALS_ROOT.as_posix(), base):
        if path and folder and not safely.is_file(skill_dir / path) \
                and safely.is_file(skill_dir / folder / path):
            path = f"{folder}/{path}"
    return program.model_copy(update={"path": path})


def command_problem(skill_dir: Path, program: GraderProgram) -> str | None:
    """Why a grader command cannot run in the sandbox image, or None."""
    if not program.is_command:
        return None
    ours = sorted(v for v in set(COMMAND_INTERPRETERS.values()) if v in IMAGE_PROGRAMS)
    first = program.interpreter[0] if program.interpreter else None
    if first is not None and first not in COMMAND_INTERPRETERS.values():
        return (f"it starts with {first!r}, neither an interpreter the sandbox image runs "
                f"programs with ({', '.join(ours)}) nor a program file of the skill")
    if first is not None and first not in IMAGE_PROGRAMS:  # `node check.js`
        return (f"its interpreter {first!r} is not in the sandbox image (it has "
                f"{', '.join(ours)}); {RUN_FIX}")
    if not program.path:
        return "it names no program file to run"
    if not safely.is_file(skill_dir / program.path):
        return (f"its program {program.path!r} is no file of the skill (looked from the "
                "skill's root, evals/ and the set's folder)")
    return None


# Words of a field naming where the case belongs (`plugin: architect`): a label, never checks.
_GROUP_WORDS = frozenset({"plugin", "plugins", "package", "packages", "module", "modules",
                          "group", "suite", "collection", "bundle"})


def _source(skill_dir: Path, path: str) -> str:
    try:
        return (skill_dir / path).read_bytes()[:SOURCE_MAX].decode("utf-8", "replace")
    except OSError:
        return ""


def source_names(skill_dir: Path, path: str) -> set[str]:
    """The quoted names a program's source mentions: the names its checks can have."""
    text = _source(skill_dir, path)
    found = set(_QUOTED.findall(text))
    for name in (a or b for a, b in _FUNCTION.findall(text)):  # def check_title(): title
        found |= {name, re.sub(r"^(?:check|test|grade|eval|verify)_", "", name)}
    return found


def evals_programs(skill_dir: Path) -> list[str]:
    """Every program file of evals/ (fixtures under evals/files/ or a `fixtures/` folder are
    the agent's, not it)."""
    root = skill_dir / EVALS_ROOT
    if not root.is_dir():
        return []
    return _programs_in(skill_dir, Walk(root, _hidden).files())


def _hidden(here: Path, name: str) -> str | None:
    """A hidden folder (tooling), besides what no walk enters (runner.authoring.project_walk)."""
    return "hidden folders" if name.startswith(".") else None


# Folders of evals/ holding the agent's inputs (`evals/fixtures/<case>/workspace/src/app.py`):
# a program there is the task's code, never its grader.
_INPUT_FOLDERS = frozenset({"fixtures", "fixture", "workspace"})


def _programs_in(skill_dir: Path, files: Iterable[Path]) -> list[str]:
    found = []
    for path in files:
        rel = PurePosixPath(path.relative_to(skill_dir).as_posix())
        if rel.is_relative_to(FIXTURE_ROOT) or not path.is_file() \
                or _INPUT_FOLDERS & set(rel.parts[1:-1]):
            continue
        if path.suffix.lower() in SUFFIXES:
            found.append(rel.as_posix())
    return found


class SetPrograms:
    """The grader program of one set: named, pointed at, or conventional."""

    def __init__(self, raw: dict[str, Any], skill_dir: Path, problems: Problems,
                 set_folder: Path | None = None) -> None:
        self.skill_dir, self.problems = skill_dir, problems
        # the set's own folder, as a path of the skill: a command's program may sit beside it
        inside = set_folder is not None and set_folder.resolve().is_relative_to(
            skill_dir.resolve())
        self.base = set_folder.resolve().relative_to(skill_dir.resolve()).as_posix() \
            if set_folder is not None and inside else ""
        # a set outside the skill (a repository's root evals/): where its programs may sit
        self.outside = None if set_folder is None else Outside.of(skill_dir, set_folder)
        self.program: GraderProgram | None = None
        self.read_by: list[str] = []
        self.harnessed: list[str] = []  # cases whose checks only the authors' harness decides
        self._names: dict[str, set[str]] = {}
        self._harness: dict[str, str | None] = {}  # path -> what its own CLI expects
        self._types: dict[str, ProgramType] | None = None
        self._setup_path: str | None = None  # the set's notes' setup program ("": none)
        self.usage_lines: list[Usage] = []  # example lines, each written for one case
        programs = evals_programs(skill_dir)
        self.programs = programs
        # a set outside the skill (a repository's root evals/): the programs beside it, as
        # paths from its folder, whose checks a case's field may name (`rules: [...]`)
        self.beside = [] if self.outside is None else sorted(
            p.relative_to(self.outside.set_folder).as_posix()
            for p in (self.outside.set_folder / rel for rel in _folder_programs(
                self.outside.set_folder)))
        if "grader_program" in raw:
            self.program = self._named(raw["grader_program"], "")
        else:
            self.program = self._discover(raw, programs)
        # a program the set's notes give a usage line for (runner.authoring.usage_lines):
        # it runs as that line says, also when it is the one found in evals/ by its name
        self.usage = None if "grader_program" in raw or set_folder is None \
            else self._from_notes(raw, set_folder)
        if self.usage is not None and self.program is not None:
            file = self._file_of(self.usage.program)
            if file is not None and file.resolve() == _resolved(skill_dir, self.program):
                self.program = None
            else:
                self.usage = None  # the set points at another program: that one runs

    def _named(self, value: Any, case: str) -> GraderProgram | None:
        try:
            program = GraderProgram.model_validate(value)
        except ValidationError as exc:
            self.problems.refuse("EV009", case, f"grader_program: {describe(exc)}",
                                 'write "grader_program": "evals/grade.py", or {"path": ..., '
                                 '"threshold": 0.8, "checks": [...]}')
            return None
        if is_shell_line(program):
            return self._shell(program.model_copy(update={"found": Found.NAMED}), case)
        program = resolved(self.skill_dir, program, self.base)
        away = self._away(program)
        if away is not None:
            return self._carry(program, away, case)
        problem = (command_problem(self.skill_dir, program)
                   or program_problem(self.skill_dir, program.path, program.is_command))
        posix = PurePosixPath(program.path)  # a file of the skill: its source says what it is
        inside = not posix.is_absolute() and ".." not in posix.parts \
            and (self.skill_dir / posix).is_file()
        what = None if program.is_command or not inside else self.harness(program.path)
        if what is not None:  # named as the grader, written as a harness: it cannot be one
            self.problems.refuse("EV009", case, "grader program " + harness_message(
                program.path, what), HARNESS_FIX)
            return None
        if problem is not None:
            shown = f"grader command {program.command!r}: " if program.is_command else ""
            # an interpreter the image lacks: the fix is another language or image, not a path
            lacks = "lacks" in problem or RUN_FIX in problem
            self.problems.refuse("EV009", case, shown + problem.replace(f"; {RUN_FIX}", ""),
                                 RUN_FIX if lacks else
                                 FIX_COMMAND if program.is_command else FIX_PATH)
            return None
        unknown = [c for c in program.checks if c not in self.names(program.path)]
        if unknown:
            self.problems.report("EV012", case, f"grader program {program.path} never mentions "
                                 f"the checks {', '.join(unknown)} it is said to report",
                                 "check the names against what the program prints")
        return program.model_copy(update={"found": Found.NAMED})

    def _away(self, program: GraderProgram) -> Path | None:
        """The program's file outside the skill, for a set outside it, when the skill holds
        no such file (runner.authoring.outside: the set's folder first, then above it)."""
        if self.outside is None or not program.path or safely.is_file(
                self.skill_dir / program.path):
            return None
        found = self.outside.resolve(program.path)
        return found if found is not None and safely.is_file(found) else None

    def _carry(self, program: GraderProgram, file: Path, case: str) -> GraderProgram | None:
        """A program of a set outside the skill (a case folder's `check.sh`, a root
        `evals/grade.py`): its folder's files travel in the case to its own container, never
        to the host or the agent; refused (EV009) when it cannot run there or reads what is
        not carried."""
        shown = f"grader program {file}"
        fix = (f"keep what it reads in its folder {file.parent} (or below), reading the work "
               "from its first argument or SKILL_EVAL_WORK, or copy the program and its files "
               "into the skill's evals/ and name it from there")
        why = cannot_run(file)
        if why is None and file.suffix.lower() not in SUFFIXES and not program.is_command \
                and not file.stat().st_mode & 0o111:
            why = f"it is neither a {'/'.join(SUFFIXES)} file nor executable"
        source = _source(file.parent, file.name)
        contract = own_contract(source)
        if contract is not None and not program.is_command:
            self.problems.refuse("EV009", case, "grader program " + harness_message(
                str(file), contract), HARNESS_FIX)
            return None
        texts, left, too_big = program_folder(file)
        climbed = climbs_out(source)
        needed = [name for name in left if PurePosixPath(name).name in source]
        if why is not None:
            self.problems.refuse("EV009", case, f"{shown} cannot run in the sandbox: {why}",
                                 RUN_FIX if "lacks" in why else FIX_PATH)
        elif too_big or climbed or needed:
            where = ("a path its authors' harness sets (its container sets SKILL_EVAL_WORK "
                     "and SKILL_EVAL_CASE only)" if climbed and "$" in climbed
                     else "outside its folder (the only files carried into its container, "
                     "beside the read-only work)")
            what = too_big or (f"it reads {climbed!r}, {where}" if climbed else
                               f"it reads {needed[0]!r}, which is not text and cannot be "
                               "carried")
            self.problems.refuse("EV009", case, f"{shown} (outside the skill) cannot be "
                                 f"carried into its container: {what}", fix)
        else:
            rel = Path(os.path.relpath(file, self.skill_dir.resolve())).as_posix()
            return program.model_copy(update={"path": rel, "carried": texts,
                                              "found": Found.NAMED})
        return None

    def _shell(self, program: GraderProgram, case: str) -> GraderProgram | None:
        """A command line naming no program file: run by `sh -c` (runner.authoring.
        shell_lines), unless it cannot run in the grader's container (refused naming why)."""
        command = program.command or ""
        problem = shell_problem(command)
        if problem is not None:
            self.problems.refuse("EV009", case, f"grader command {command!r}: {problem}",
                                 FIX_SHELL)
            return None
        return as_shell(program)

    def _discover(self, raw: dict[str, Any], programs: list[str]) -> GraderProgram | None:
        judges = set(_judges(raw))  # a case's judge program runs as such (runner.scoring)
        programs = [p for p in programs if p not in judges]
        text = " ".join(strings_in(raw))
        pointed = [p for p in programs if any(_points_at(t, p) for t in _PATHLIKE.findall(text))]
        if pointed:
            return GraderProgram(path=pointed[0], found=Found.POINTED)
        usual = [p for p in programs if CONVENTIONAL.match(PurePosixPath(p).name)]
        if len(usual) == 1:
            return GraderProgram(path=usual[0], found=Found.CONVENTIONAL)
        if usual:
            self.problems.report("EV012", "", f"several grader programs in evals/ "
                                 f"({', '.join(usual[:4])}); none is run",
                                 'name the one to run: "grader_program": "evals/..."')
        return None

    def _from_notes(self, raw: dict[str, Any], set_folder: Path) -> Usage | None:
        """The grader program whose usage line the set's notes give (its folder's README,
        the set's own text, a program's docstring) when it maps onto the case and the work;
        one that grades the set but cannot be mapped gets one EV012 line with the line, why,
        and the fix. Only a program that grades: its name says so, or it reads the set."""
        notes = _notes(set_folder, raw, self.skill_dir)
        ids = _case_ids(raw)
        folders = {p: self.skill_dir for p in [*self.programs, *_scorers_in(self.skill_dir)]}
        if self.outside is not None:
            folders |= {p: self.outside.set_folder for p in self.beside}
        heads = {p: _source(folder, p)[:HEAD_MAX] for p, folder in folders.items()}
        found = usages(notes)
        for path, head in heads.items():  # a program's own "Usage:" lines
            own = [lines for word, lines in usages([head]).items()
                   if PurePosixPath(word).name == PurePosixPath(path).name]
            # none: the names its source gives its arguments (argparse, `x = sys.argv[1]`)
            line = None if own else from_source(_source(folders[path], path), path)
            said = None if line is None else parse(line, path)
            for lines in own + ([[said]] if said is not None else []):
                found.setdefault(path, []).extend(lines)
        by_file: dict[Path, tuple[str, list[Usage]]] = {}
        for word, lines in found.items():  # one program written two ways is one program
            file = self._file_of(word)
            if file is not None:
                by_file.setdefault(file.resolve(), (word, []))[1].extend(lines)
        for file, (word, lines) in by_file.items():
            lines = [with_case_slot(u, ids) for u in lines]
            usage = best(lines)
            # the set's notes name a grader by its name; elsewhere it must read the set
            # the program found in evals/ grades by being found there
            ours = self.program is not None and file == _resolved(self.skill_dir, self.program)
            if usage is None or not ours and not _grades(file, ids, in_notes=any(
                    w in n for n in notes for w in (word, file.name))):
                continue
            # run as the file it names, wherever the line's word was written from
            # (`python check_rating.py` in a note about scripts/check_rating.py)
            rel = os.path.relpath(file, self.skill_dir.resolve())
            if not rel.startswith(".."):
                usage = replace(usage, program=Path(rel).as_posix())
            problem = usage.problem or self._cannot_run(usage)
            if problem is None:
                # example lines written for one case each: that case runs its own line
                self.usage_lines = [replace(u, program=usage.program) for u in lines
                                    if u.written_for is not None and u.problem is None]
                return usage
            if ours and self.program is not None and (
                    self.harness(self.program.path) is not None
                    or not (usage.problem or "").startswith("it takes")):
                continue  # run as a grader program, or said as a harness by its own line
            if ours:  # its own line takes what no grader is given: never run as the contract
                self.program = None
            whose = "its own source gives" if ours else "the set's notes give"
            self.problems.report("EV012", "", f"{word}: {whose} its usage `{usage.line}`, "
                                 f"which cannot run per case: {problem}; not run, its checks "
                                 "are not graded", FIX_USAGE)
        return None

    def _file_of(self, word: str) -> Path | None:
        """The program file a usage line names: from the skill's root, evals/, the set's
        folder, or (a set outside the skill) the folders above it."""
        for base in (self.skill_dir, self.skill_dir / EVALS_ROOT, self.skill_dir / self.base):
            if safely.is_file(base / word) and not safely.is_symlink(base / word):
                return base / word
        found = None if self.outside is None else self.outside.resolve(word)
        return found if found is not None and safely.is_file(found) else None

    def _usage_program(self, usage: Usage, case: Case | None,
                       problems: Problems) -> GraderProgram | None:
        """The grader command of one case, from the usage line, checked as a named one; a
        case lacking what the line takes (its one fixture, its output file) is said (EV012)
        and runs no program. `case` None: a stand-in, to see the program can run."""
        command, missing = usage.command(case)
        if missing is not None and case is not None:
            problems.report("EV012", case.id, f"{usage.program}: its usage `{usage.line}` "
                            f"cannot run for this case: {missing}; not run, its checks are "
                            "not graded", "have the program take the work alone (its first "
                            "argument) and read the case at $SKILL_EVAL_CASE (its files, "
                            "outputs and id), or list in the case the one fixture (`files`) or "
                            "output file (`outputs`) the line takes")
            return None
        kept, self.problems = self.problems, problems
        try:
            program = self._named({"command": command}, case.id if case else "")
        finally:
            self.problems = kept
        return None if program is None else program.model_copy(update={"found": Found.USAGE})

    def _cannot_run(self, usage: Usage) -> str | None:
        """Why the usage's command cannot run as a grader (what `_named` would refuse)."""
        scratch = Problems(self.problems.file)
        self._usage_program(usage, None, scratch)
        return "; ".join(f"{f.message} (fix: {f.fix})" for f in scratch.refusals) or None

    def prompt_builder(self, item: dict[str, Any]) -> tuple[str, str] | None:
        """For a case with no prompt: (message, fix) when a program of evals/ builds the
        prompt from the case's fields (its source reads them and speaks of a prompt): the
        author's harness supplies the task, which skill-eval cannot ask it for."""
        fields = [k for k in item if k not in ("id", "name") and isinstance(k, str)]
        for path in self.programs:
            read = [k for k in fields if k in self.names(path)]
            if read and _BUILDS_PROMPT.search(_source(self.skill_dir, path)):
                return (f"no prompt: the case holds {', '.join(f'`{k}`' for k in read)}, the "
                        f"inputs {path} builds the prompt from; skill-eval sends the prompt "
                        "to claude itself and cannot run that program to get it",
                        f"write the request {path} would send under `prompt` in each case "
                        "(run it once and copy the prompts it builds), keeping the fields "
                        "as the case's files or expectations")
        return None

    def _commands(self, case: Case) -> None:
        """Checks of commands the authors' harness runs against its own CLI: said, never
        dropped quietly."""
        for key, count, first in command_checks(case.extra):
            self.problems.report("EV012", case.id, f"`{key}`: {count} check(s) of commands "
                                 f"({first!r}, ...) that the authors' harness runs against a "
                                 "CLI of its own: the sandbox has no such command, so they "
                                 "are not graded (kept, shown by `check -v`)", "write what the "
                                 "agent should do as statements, or as tool_calls "
                                 "(\"Bash:re:acme deploy\") when the agent runs the command")

    def harness(self, path: str) -> str | None:
        """What the program's own command line expects, when it is the authors' harness
        (runner.authoring.harness_cli), else None."""
        if path not in self._harness:
            self._harness[path] = own_contract(_source(self.skill_dir, path))
        return self._harness[path]

    def _harnessed(self, case: Case, path: str, what: str) -> Case:
        """The checks only the authors' harness decides (its snake_case names, a criterion
        naming it): out of the grading, kept and reported; never run through it as a grader,
        never read as text to find."""
        names = self.names(path)
        taken = [a for a in case.assertions if (m := _NAME.match(a)) is not None
                 and (m.group("prefix") or "_" in m.group("name")) and m.group("name") in names
                 or _names_program(a, path)]
        said = [s for s in case.statements if _names_program(s, path)]
        if not taken and not said:
            return case
        self.harnessed.append(case.id)
        shown = ", ".join(repr(t[:40]) for t in [*taken, *said][:5])
        self.problems.report("EV012", case.id, f"{len(taken) + len(said)} check(s) ({shown}) "
                             f"only {path} decides, and " + harness_message(path, what)
                             + ": not graded (kept, shown by `check -v`)", HARNESS_FIX)
        return case.model_copy(update={
            "assertions": tuple(a for a in case.assertions if a not in taken),
            "statements": tuple(s for s in case.statements if s not in said),
            "extra": {**case.extra, f"checks {path} expects": [*taken, *said]}})

    def names(self, path: str) -> set[str]:
        if path not in self._names:
            self._names[path] = source_names(self.skill_dir, path)
        return self._names[path]

    def types(self) -> dict[str, ProgramType]:
        """The check types programs of evals/ handle (runner.authoring.program_types)."""
        if self._types is None:
            self._types = program_types(self.skill_dir, self.programs)
        return self._types

    def attach(self, case: Case, typed: dict[str, str] | None = None,
               by_type: dict[str, tuple[str, dict[str, Any]]] | None = None) -> Case:
        """The case, reading its grader program where the set says so. `typed`: statements
        the author typed as a program's checks (text -> check id, runner.authoring.dialects);
        `by_type`: those whose type a program handles (text -> that program), which it
        decides when the set names no other (its objects go with it: `typed`)."""
        self._commands(case)
        if case.grader_program is None:
            case = self._check_field(case)
        program = case.grader_program
        if program is not None:  # the case names its own
            own = self._named(program.model_dump(exclude={"found"}), case.id)
            if own is None:
                return case.model_copy(update={"grader_program": None})
            program = own
        program = program or self.program
        if program is None and self.usage is not None:
            program = self._usage_program(for_case(self.usage_lines, self.usage, case), case,
                                          self.problems)
        what = None if program is None or program.found is Found.NAMED or program.is_command \
            else self.harness(program.path)
        if what is not None and program is not None:
            return self._harnessed(case, program.path, what)
        if program is None:  # no grader: checks only a harness of evals/ computes say so
            for path in self.programs:
                found = self.harness(path)
                case = case if found is None else self._harnessed(case, path, found)
        program = program or next(
            (GraderProgram(path=path, found=Found.POINTED) for path, _ in (by_type or {}).values()),
            None)
        case, taken = self._typed(case, program, typed or {}, by_type or {})
        if program is None:
            return case
        names = self.names(program.path)
        checks, kept, refused = [*program.checks, *taken], [], False
        for assertion in case.assertions:
            match = _NAME.match(assertion)
            name = match.group("name") if match else ""
            if match and match.group("prefix"):
                if name not in names and name not in program.checks:
                    self.problems.refuse("EV009", case.id, f"assertion {assertion!r} names no "
                                         f"check grader program {program.path} mentions",
                                         "name a check the program reports, or write the "
                                         "assertion as text to find")
                    refused = True
                checks.append(name)
            elif match and (name in program.checks or ("_" in name and name in names)):
                checks.append(name)
            else:
                kept.append(assertion)
        statements = [s for s in case.statements if not _names_program(s, program.path)]
        whole = len(statements) < len(case.statements) or any(
            _names_program(a, program.path) for a in kept)
        kept = [a for a in kept if not _names_program(a, program.path)]
        if refused or not (checks or whole or program.found in (Found.NAMED, Found.USAGE)):
            return case
        chosen = program.model_copy(update={"checks": tuple(dict.fromkeys(checks)), "typed": tuple(
            obj for path, obj in (by_type or {}).values()
            if path == program.path and obj["id"] in checks)})
        self.read_by.append(case.id)
        self._report(case, chosen, whole)
        return case.model_copy(update={"grader_program": chosen, "assertions": tuple(kept),
                                       "statements": tuple(statements)})

    def _defines(self, path: str, outside: bool) -> set[str]:
        """The names a program's source quotes or defines (its checks' names)."""
        key = ("beside:" if outside else "") + path
        if key not in self._names:
            folder = self.outside.set_folder if outside and self.outside else self.skill_dir
            self._names[key] = source_names(folder, path)
        return self._names[key]

    def _check_field(self, case: Case) -> Case:
        """A field of the case listing names that a program of evals/ (or beside a set
        outside the skill) defines as its checks (`"rules": ["scoped-index"]` and a registry
        `"scoped-index": Rule(...)` in evals/gates.py): the program reads the work and those
        checks decide, run with their names as its arguments when it takes them there (its
        source reads `argv[2...]`), else read from its JSON results. Said (EV012)."""
        for key, value in case.extra.items():
            if words(key) & (METADATA_WORDS | PROSE_WORDS | {"id", "name", "skill", "skills"}
                             | _GROUP_WORDS):
                continue  # a label (`tags: [rails-8]`) is never a check, whatever it matches
            names = [value] if isinstance(value, str) else value
            if not isinstance(names, list) or not names or not all(
                    isinstance(n, str) and _CHECK_NAME.fullmatch(n) for n in names):
                continue
            for outside, paths in ((False, self.programs), (True, self.beside)):
                # (the authors' harness quoting the names, a plugin's, is no grader of them)
                path = next((p for p in paths if set(names) <= self._defines(p, outside)
                             and not (not outside and self.harness(p))), None)
                if path is None:
                    continue
                source = _source(self.outside.set_folder if outside and self.outside
                                 else self.skill_dir, path)
                if _ARGS_AFTER_WORK.search(source):  # `gates.py <workspace> [rule ...]`
                    value = {"command": " ".join(["python3" if path.endswith(".py") else "sh",
                                                  path, ".", *names])}
                else:
                    value = {"path": path, "checks": list(names)}
                self.problems.report("EV012", case.id, f"`{key}` names checks {path} defines "
                                     f"({', '.join(names[:4])}): that program decides them, "
                                     "run after the trial in its own container on the work",
                                     f'name it: "grader_program": "{path}"')
                self._setup_said(outside, case.id)
                extra = {k: v for k, v in case.extra.items() if k != key}
                return case.model_copy(update={"grader_program": GraderProgram.model_validate(
                    value), "extra": extra})
        return case

    def _setup_said(self, outside: bool, case_id: str) -> None:
        """A program the set's notes (a README beside it) name that builds the workspace the
        checks read (`scaffold.py`, `setup.sh`): a program of the authors' harness outside
        the working directory, which the runner does not run (how the harness calls it is
        the harness's), so each case reading its checks starts without the workspace they
        judge: flagged per case (EV014, no arm can do it as the authors meant), with the
        fix."""
        if self._setup_path is None:
            folder = self.outside.set_folder if outside and self.outside else \
                self.skill_dir / EVALS_ROOT
            notes = " ".join(_source(folder, n.name) for n in sorted(folder.glob("*"))
                             if n.suffix.lower() in (".md", ".txt") and n.is_file())
            self._setup_path = next(
                (path for path in (self.beside if outside else self.programs)
                 if _SETUP_NAME.match(PurePosixPath(path).name) and _names_program(notes, path)),
                "")
        if self._setup_path:
            self.problems.report(OUTSIDE, case_id, f"{self._setup_path} builds the workspace "
                                 "the cases work in (the set's notes say so): a setup of the "
                                 "authors' harness that the runner cannot run, so the session "
                                 "starts without it and the checks read only what the agent "
                                 "writes: no arm can do it as the authors meant", "commit the "
                                 "workspace it builds under evals/files/<name>/ and list it in "
                                 "each case's `files` (or name it as the case's `fixture`)")

    def _typed(self, case: Case, program: GraderProgram | None, typed: dict[str, str],
               by_type: dict[str, tuple[str, dict[str, Any]]]) -> tuple[Case, list[str]]:
        """Statements typed as a program's checks: the program's named result when its source
        computes the id (or handles its type); else they stay statements for the grader
        model, reported with the fix (never sent as prose in silence)."""
        names = set() if program is None else self.names(program.path) | {
            typed[s] for s, (path, _) in by_type.items() if path == program.path and s in typed}
        taken = [typed[s] for s in case.statements if s in typed and typed[s] in names]
        for text in (s for s in case.statements if s in typed and typed[s] not in names):
            where = (f"grader {_label(program)} never computes it" if program is not None
                     else "the set has no grader program that computes it")
            self.problems.report("EV012", case.id, f"check {typed[text]!r} is typed as a "
                                 f"program's, but {where}: graded by the grader model as the "
                                 f"statement {text[:60]!r}", "make the grader program report "
                                 f'it ({{"checks": {{"{typed[text]}": true}}}}, named by '
                                 '"grader_program"), or write it under `expectations` as a '
                                 "statement")
        if not taken:
            return case, []
        statements = tuple(s for s in case.statements if s not in typed or typed[s] not in names)
        return case.model_copy(update={"statements": statements}), taken

    def _report(self, case: Case, program: GraderProgram, whole: bool) -> None:
        how = (f"its checks {', '.join(program.checks)} decide" if program.checks
               else "its verdict (JSON, else its exit code) decides")
        said = {Found.NAMED: "named by the set", Found.POINTED: "the set points at it",
                Found.CONVENTIONAL: "found in evals/",
                Found.USAGE: "its usage line, each argument given what it names"}[
                    program.found]
        note = "; a criterion naming the program is read as its verdict" if whole else ""
        fix = ("nothing to fix" if program.found in (Found.NAMED, Found.USAGE) else
               f'name it to make this explicit: "grader_program": "{program.path}"')
        self.problems.report("EV012", case.id, f"grader {_label(program)} ({said}) runs "
                             f"after each trial in its own container; {how}{note}", fix)

    def unread(self) -> None:
        """A program found and read by no case: reported, never run in silence."""
        if self.program is not None and not self.read_by and \
                self.program.found is not Found.NAMED:
            what = None if self.program.is_command else self.harness(self.program.path)
            if what is not None:
                if not self.harnessed:  # said per case where cases name its checks
                    self.problems.report("EV012", "", harness_message(self.program.path, what)
                                         + ": not run", HARNESS_FIX)
                return
            self.problems.report("EV012", "", f"grader program {self.program.path} "
                                 f"({self.program.found}) is read by no case: not run",
                                 f'name it: "grader_program": "{self.program.path}" (its exit '
                                 'code or JSON verdict decides each case), or name its checks '
                                 "in the assertions")


def _resolved(skill_dir: Path, program: GraderProgram) -> Path:
    return (skill_dir / program.path).resolve()


HEAD_MAX = 4096  # a program's docstring, where its usage is written
FIX_USAGE = USAGE_FIX


def _notes(set_folder: Path, raw: dict[str, Any], skill_dir: Path | None = None) -> list[str]:
    """The set's notes: its folder's Markdown and text files, and its own top-level text (a
    description), where authors write how their grader runs. Never the skill's own SKILL.md,
    nor, for a set in the skill's root folder (`test-prompts.json` beside SKILL.md), its
    README: they document the skill, and a program they name (`scripts/multi_judge.py —
    runs the ensemble`) is a tool the skill runs, not the set's grader."""
    texts = [v for v in raw.values() if isinstance(v, str)]
    at_root = skill_dir is not None and safely.is_dir(set_folder) \
        and set_folder.resolve() == skill_dir.resolve()
    for file in sorted(set_folder.glob("*")) if safely.is_dir(set_folder) else []:
        if file.name == "SKILL.md" or at_root and file.name.upper().startswith("README"):
            continue
        if file.suffix.lower() in (".md", ".txt", ".markdown") and safely.is_file(file) \
                and not safely.is_symlink(file):
            texts.append(_source(file.parent, file.name)[:NOTES_MAX])
    return texts


NOTES_MAX = 64 * 1024


def _case_ids(raw: dict[str, Any]) -> list[str]:
    """The ids the set's cases carry (`id`, `eval_id`, `name`), to see a program reads it."""
    items = next((v for v in raw.values() if isinstance(v, list)), [])
    return [str(i[k]) for i in items if isinstance(i, dict)
            for k in ("id", "eval_id", "name") if isinstance(i.get(k), (str, int))]


def _grades(file: Path, ids: list[str], in_notes: bool) -> bool:
    """A program that grades the set: its source reads the set, or the set's notes name it
    and its name says it grades (a skill's own `scripts/qos_checker.py` is its tool)."""
    if in_notes and (CONVENTIONAL.match(file.name) or name_grades(file)):
        return True
    source = _source(file.parent, file.name)
    return reads_set(source, None, ids) is not None or any(
        re.search(rf"(?<![\w-]){n}(?![\w-])", source) for n in _SET_NAMES)


_SET_NAMES = (r"evals\.json", r"cases\.ya?ml", r"evals\.ya?ml", r"cases\.jsonl?")


def _scorers_in(skill_dir: Path) -> list[str]:
    """The skill's own programs outside evals/ whose name says they grade (a
    `scripts/evaluate.mjs`, `scripts/check-evals.py`): their docstrings may give usage."""
    found = []
    for folder in (skill_dir / "scripts", skill_dir / "tools", skill_dir / "bin"):
        for file in sorted(folder.iterdir()) if safely.is_dir(folder) else []:
            if re.search(r"\.(?:py|sh|bash|js|mjs)$", file.name) and name_grades(file) \
                    and safely.is_file(file) and not safely.is_symlink(file):
                found.append(file.relative_to(skill_dir).as_posix())
    return found


# A check's name a program can define: an identifier or a kebab-case word, never prose.
_CHECK_NAME = re.compile(r"[A-Za-z_][\w-]{2,79}")
# A program that prepares the workspace rather than grading it.
_SETUP_NAME = re.compile(r"(?i)^(?:scaffold|setup|set_up|bootstrap|prepare|seed|"
                         r"(?:make|build|init|create)_?workspace)\w*\.(?:py|sh|bash|js)$")
# A program that reads names after the work directory from its command line.
_ARGS_AFTER_WORK = re.compile(r"argv\[2(?:\]|:)|process\.argv\.slice\(3\)|\$\{?@:2")


def _folder_programs(folder: Path) -> list[str]:
    """Program files of a set's folder (not its inputs' folders), relative to it."""
    walk = Walk(folder, lambda here, name: _hidden(here, name) or (
        "the agent's inputs" if name in _INPUT_FOLDERS else None))
    return [path.relative_to(folder).as_posix() for path in walk.files()
            if path.suffix.lower() in SUFFIXES and path.is_file()]


def _label(program: GraderProgram) -> str:
    """How `check` names it: a command as written (in the working directory), else its path."""
    if program.shell:
        return f"command `{program.command}` (a shell line, run by sh -c in the work)"
    where = program.path + (f", outside the skill: its folder's {len(program.carried)} "
                            "file(s) carried into that container only" if program.outside
                            else "")
    if program.is_command:
        return f"command `{program.command}` (program {where}, run in the work)"
    return f"program {where}" if not program.outside else f"program ({where})"


def _judges(raw: dict[str, Any]) -> list[str]:
    found = raw.get("evals")
    items: list[Any] = found if isinstance(found, list) else []
    return [path.removeprefix("./") for item in items if isinstance(item, dict)
            for key in ("judge", "judge_program") for path in judge_paths(item.get(key))]


def _points_at(token: str, program: str) -> bool:
    token = token.removeprefix("./")
    return program == token or program.endswith("/" + token)


def _names_program(text: str, program: str) -> bool:
    name = PurePosixPath(program).name
    if not name:  # a shell line names no program file
        return False
    return re.search(rf"(?<![\w./-])(?:[\w.-]+/)*{re.escape(name)}(?![\w-])", text) is not None


def programs_of(cases: Iterable[Case], shell: bool = False) -> list[str]:
    """Every program of the skill the cases will run (judge and grader), once, in order;
    `shell`: with the shell lines among them (each as its command), which are the author's
    code as much."""
    found: list[str] = []
    for case in cases:
        for own in (case, case.first_turn, *case.follow_ups):  # a turn's own programs too
            if own is not None:
                grader = own.grader_program
                found += [p for p in (own.judge_program, grader.path if grader else None,
                                      grader.command if shell and grader and grader.shell
                                      else None) if p]
        if shell:  # a case's setup lines are the author's code as much (runner.trial.setup)
            found += list(case.setup_run)
    return list(dict.fromkeys(found))


def grader_readings(case: Case) -> list[CheckReading]:
    """How `check -v` shows the case's grader program and the checks of it the case reads."""
    program = case.grader_program
    if program is None:
        return []
    reads = (f"its output, run after the trial in its own container over the working "
             f"directory (read-only) and the case ({program.found})")
    if program.is_command:
        reads = f"the command `{program.command}`'s {reads.removeprefix('its ')}"
    if program.shell:
        reads = reads.replace("'s output", " run by sh -c (its exit code)", 1)
    if program.checks:
        return [CheckReading(kind=CheckKind.GRADER_PROGRAM, entry=f"{program.shown}: {name}",
                             graded=f"its check {name!r} must pass", reads=reads,
                             origin="grader_program") for name in program.checks]
    graded = (f"its score must reach {program.threshold:g}" if program.threshold is not None
              else "its JSON verdict (checks, passed, or a score against its threshold) "
                   "must pass; with no JSON, it must exit 0")
    return [CheckReading(kind=CheckKind.GRADER_PROGRAM, entry=program.shown, graded=graded,
                         reads=reads, origin="grader_program")]
