"""A case set as the runner holds it: cases, their fixtures and what decides pass or fail.
Reading and preflighting `evals/evals.json` lives in runner.authoring.caseset."""

from __future__ import annotations

import hashlib
import math
import re
from enum import StrEnum
from pathlib import PurePosixPath
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationInfo,
    field_validator,
    model_serializer,
    model_validator,
)

from runner.errors import CaseSetError
from runner.schema.programs import GraderProgram

CASESET_RELPATH = "evals/evals.json"
FIXTURE_ROOT = PurePosixPath("evals/files")
EVALS_ROOT = PurePosixPath("evals")


class OutputCheck(BaseModel):
    """A file the run had to create in its working directory."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    path: str = Field(description="Path relative to the agent's working directory")
    contains: tuple[str, ...] = Field(
        default=(), description="Assertions on the file's text, in the assertion grammar"
    )


PROCESS_FORMS = ("order", "after", "never", "count")


class Reading(StrEnum):
    """What a case's deterministic checks read (the case's `"in"`): the work (the agent's
    final text and every file it created or changed in its working directory), the final
    text only, or the files only."""

    WORK = "work"
    TEXT = "text"
    FILES = "files"


class ProcessItem(BaseModel):
    """One process rubric item (docs/case-sets.md#formats-read): how the run got there, read from
    its ordered tool calls. Matchers are `Tool` or `Tool:<assertion>` (runner.scoring.process)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    order: tuple[str, ...] | None = Field(default=None, description="Matchers in this order")
    after: str | None = Field(default=None, description="Some `then` comes after the last one")
    then: str | None = None
    never: str | None = Field(default=None, description="No call matches")
    count: str | None = Field(default=None, description="Matching calls within min..max")
    min: int | None = Field(default=None, ge=0)
    max: int | None = Field(default=None, ge=0)

    @field_validator("id", mode="before")
    @classmethod
    def _id_as_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    @model_validator(mode="after")
    def _one_form(self) -> ProcessItem:
        forms = [f for f in PROCESS_FORMS if getattr(self, f) is not None]
        if len(forms) != 1:
            raise ValueError(f"process item {self.id!r}: needs exactly one of "
                             f"{', '.join(PROCESS_FORMS)} (has {forms or 'none'})")
        if self.then is not None and self.after is None:
            raise ValueError(f"process item {self.id!r}: `then` belongs to an `after` item")
        if self.after is not None and self.then is None:
            raise ValueError(f"process item {self.id!r}: `after` needs `then`")
        if (self.min is not None or self.max is not None) and self.count is None:
            raise ValueError(f"process item {self.id!r}: min/max belong to a `count` item")
        if self.count is not None:
            if self.min is None and self.max is None:
                raise ValueError(f"process item {self.id!r}: `count` needs min or max")
            if self.min is not None and self.max is not None and self.min > self.max:
                raise ValueError(f"process item {self.id!r}: count min {self.min} > max "
                                 f"{self.max} (inverted)")
        if self.order is not None and len(self.order) < 2:
            raise ValueError(f"process item {self.id!r}: `order` needs two or more matchers")
        return self

    @property
    def form(self) -> str:
        return next(f for f in PROCESS_FORMS if getattr(self, f) is not None)

    @property
    def matchers(self) -> tuple[str, ...]:
        return (self.order or ()) + tuple(
            m for m in (self.after, self.then, self.never, self.count) if m is not None)


class ChainStep(BaseModel):
    """A case this one depends on (`depends_on`): its prompt runs first, in the same sandbox,
    so this case starts from that case's work. Scored on its own, in its own trial."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    prompt: str


class JsonCheck(BaseModel):
    """A value inside a JSON output file (selftune's JSON paths): `path` is dotted, with
    [n] for list items, e.g. `summary.rows` or `items[0].name`."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    file: str = Field(description="Output file, relative to the working directory")
    path: str
    equals: Any = Field(default=None, description="The value must equal this (JSON)")
    contains: str | None = Field(default=None, description="The value's text, in the "
                                                           "assertion grammar")
    exists: bool = Field(default=True, description="False: the path must be absent")


class TurnChecks(BaseModel):
    """What decides one turn of a multi-turn case, graded on that turn's material only: its
    final answer, the files as they stand after it, its tool calls
    (docs/case-sets.md#multi-turn-cases)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    assertions: tuple[str, ...] = Field(default=(), description="Checks, as a case's")
    reads: Reading = Field(default=Reading.WORK, description="What the assertions read")
    statements: tuple[str, ...] = Field(default=(), description="Graded by the grader model "
                                                                "on this turn")
    tool_calls: tuple[str, ...] = Field(default=(), description="Matchers one of this turn's "
                                                                "calls must match")
    outputs: tuple[OutputCheck, ...] = Field(default=(), description="Files that must exist "
                                                                      "after this turn")
    json_checks: tuple[JsonCheck, ...] = Field(default=(), description="Values inside JSON "
                                                                        "outputs after it")
    judge_program: str | None = Field(default=None, description="A judge program run right "
                                      "after this turn, on its files; its exit code decides")
    grader_program: GraderProgram | None = Field(default=None, description="The author's "
                                                 "grader program run right after this turn, "
                                                 "on its files, in its own container")

    @model_serializer(mode="wrap")
    def _without_unset_programs(self, handler: SerializerFunctionWrapHandler) -> Any:
        # a turn without programs of its own dumps, and so digests, as before they existed
        data = handler(self)
        if isinstance(data, dict):
            for name in ("judge_program", "grader_program"):
                if data.get(name) is None:
                    data.pop(name, None)
        return data

    @property
    def gradable(self) -> bool:
        return bool(self.assertions or self.statements or self.tool_calls or self.outputs
                    or self.json_checks or self.judge_program or self.grader_program)


class PassRule(BaseModel):
    """The author's own pass rule of a case (docs/case-sets.md#pass-rules): at least `least`
    of its checks pass (of `of`, as the author counted them), or a `fraction` of them. Without
    one, every check must pass."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    least: int | None = Field(default=None, ge=0, description="At least this many checks pass")
    of: int | None = Field(default=None, ge=1, description="Out of this many, as the author "
                                                          "counted the case's checks")
    fraction: float | None = Field(default=None, ge=0, le=1, description="At least this share "
                                   "of the case's checks pass (a threshold in [0, 1])")
    said: str = Field(description="Where and how the author said it, as shown by `check -v`")

    @model_validator(mode="after")
    def _one_bar(self) -> PassRule:
        if (self.least is None) == (self.fraction is None):
            raise ValueError("a pass rule needs exactly one of least, fraction")
        if self.of is not None and (self.least is None or self.least > self.of):
            raise ValueError(f"a pass rule of {self.of} needs least <= {self.of}")
        return self

    def needed(self, total: int) -> int:
        """How many of `total` checks must pass. Counted as the author counted (`of`), else
        as the share they said: a case read into another number of checks keeps the author's
        proportion. Never more than `total` (then every check must pass)."""
        if self.fraction is not None:
            share = self.fraction
        elif self.of is not None and self.of != total and self.least is not None:
            share = self.least / self.of
        else:
            return min(self.least or 0, total)
        return min(math.ceil(share * total - 1e-9), total)

    def shown(self, total: int) -> str:
        return f"passes at {self.needed(total)} of {total} checks ({self.said})"


class Turn(TurnChecks):
    """A follow-up turn: a prompt sent in the same claude session after the turn before
    (claude's own --resume), and the checks of its own, if any."""

    prompt: str = Field(description="The user's follow-up message")


TURN_CHECK_FIELDS = tuple(TurnChecks.model_fields)


class Case(BaseModel):
    """One authored problem: a prompt, its fixtures and what decides pass or fail."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(description="Unique within the set")
    name: str | None = Field(default=None, description="A readable title (shown, not graded)")
    prompt: str = Field(description="Sent to claude as the task to do")
    expected_output: str = Field(default="", description="What a good answer does (for humans)")
    files: tuple[str, ...] = Field(default=(), description="Fixtures: paths inside the skill "
                                                            "folder (usually evals/files/...)")
    assertions: tuple[str, ...] = Field(default=(), description="Checks on the agent's work "
                                                                "(see `reads`)")
    reads: Reading = Field(default=Reading.WORK, description="What the assertions read "
                                                                  "(the case's `in`)")
    statements: tuple[str, ...] = Field(default=(), description="Behaviour in plain language, "
                                                                "graded by a grader model on "
                                                                "quoted, verified evidence")
    tool_calls: tuple[str, ...] = Field(default=(), description="Process matchers at least one "
                                                                "call must match (Tool or "
                                                                "Tool:<assertion>)")
    json_checks: tuple[JsonCheck, ...] = Field(default=(), description="Values inside JSON "
                                                                        "outputs")
    process: tuple[ProcessItem, ...] = Field(default=(), description="Process rubric items")
    extra: dict[str, Any] = Field(default_factory=dict, description="Fields other tools add "
                                                                    "to a case: kept and "
                                                                    "shown, never graded")
    judge_program: str | None = Field(default=None, description="A program in the skill's "
                                                                "evals/ folder run after the "
                                                                "trial in its sandbox; its exit "
                                                                "code decides")
    grader_program: GraderProgram | None = Field(default=None, description="The author's "
                                                 "grader program, run after the trial in its "
                                                 "own container (runner.schema.programs)")
    outputs: tuple[OutputCheck, ...] = Field(default=(), description="Files the run must create")
    rubric: str | None = Field(default=None, description="Judge rubric for tie-breaking")
    inline_files: dict[str, str] = Field(default_factory=dict, description="Fixtures given "
                                         "in the case itself: path in the working directory "
                                         "-> content")
    project_bundle: str | None = Field(default=None, description="The sha256 of the tar "
                                       "holding the project this case runs in (a project-"
                                       "level skill's, runner.authoring.bundles.hoist_projects)"
                                       ": one bundle of the run's, staged at the working "
                                       "directory's root before `inline_files`; absent in "
                                       "plans made before it (the project was inline)")
    staged_at: dict[str, str] = Field(default_factory=dict, description="Fixture -> where it "
                                      "lands, for one the case names by a shorter path than "
                                      "its place in the skill")
    root_fixtures: tuple[str, ...] = Field(default=(), description="Folder fixtures the case "
                                           "names as its workspace (`fixture`, `workspace`, "
                                           "`repo`, `project`): their contents are the "
                                           "working directory itself")
    setup_run: tuple[str, ...] = Field(default=(), description="Shell lines the authors' harness "
                                   "runs in the working directory before the agent starts "
                                   "(`git init`, `python gen_fixture.py`): run in the "
                                   "sandbox's own network-less container, in order "
                                   "(runner.trial.setup)")
    chain: tuple[ChainStep, ...] = Field(default=(), description="The cases it depends on, "
                                                                  "run first in its sandbox, "
                                                                  "in order")
    follow_ups: tuple[Turn, ...] = Field(default=(), description="Follow-up turns sent in the "
                                         "same session after `prompt`, in order; the case's "
                                         "own checks grade the last turn")
    first_turn: TurnChecks | None = Field(default=None, description="Checks of the first turn "
                                          "itself (a conversation whose first turn carries its "
                                          "own)")
    references: dict[str, str] = Field(default_factory=dict, description="Files the "
                                       "statements compare the work with: name -> text, shown "
                                       "to the grader only, never staged for the agent")
    pass_rule: PassRule | None = Field(default=None, description="The author's pass rule "
                                       "(k of n checks, a threshold): without one, every "
                                       "check must pass")

    @field_validator("id", mode="before")
    @classmethod
    def _id_as_text(cls, value: Any) -> Any:
        # skill-creator writes integer ids; the contract allows both.
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    @field_validator("staged_at", "inline_files")
    @classmethod
    def _lands_in_the_work(cls, value: dict[str, str], info: ValidationInfo) -> dict[str, str]:
        # a fixture lands inside the working directory only: a place with `..`, an absolute
        # one, or none at all would write beside it (the trial's scratch) or on the host
        places = value.values() if info.field_name == "staged_at" else value.keys()
        for place in places:
            posix = PurePosixPath(place)
            if not place.strip() or posix.is_absolute() or ".." in posix.parts \
                    or posix in (PurePosixPath("."), PurePosixPath("")):
                raise ValueError(f"{place!r} is no place in the working directory: give a "
                                 "relative path without '..'")
        return value

    @model_serializer(mode="wrap")
    def _without_empty_inline(self, handler: SerializerFunctionWrapHandler) -> Any:
        # a set without inline fixtures dumps, and so digests (plan, receipts), as before
        data = handler(self)
        if isinstance(data, dict):
            for name in ("inline_files", "references", "root_fixtures", "pass_rule",
                         "setup_run", "project_bundle"):
                if not getattr(self, name):
                    data.pop(name, None)
        return data

    def fixture_destination(self, file: str) -> PurePosixPath:
        """Where a fixture lands in the working directory: its path below evals/files/, below
        evals/ for one kept beside evals.json, else its path in the skill folder (e.g.
        references/data.csv); but where the prompt names a longer form of that path ("audit
        evals/files/memory"), there, so the path the task names exists. A folder the case
        names as its workspace (`root_fixtures`) is the working directory: its contents land
        at the root."""
        if file in self.root_fixtures:  # the workspace: its contents at the root
            return PurePosixPath(".")
        if file in self.staged_at:
            return PurePosixPath(self.staged_at[file])
        path = PurePosixPath(file)
        forms = [path.relative_to(root) for root in (FIXTURE_ROOT, EVALS_ROOT)
                 if path.is_relative_to(root) and path != root]
        default = forms[0] if forms else path
        longer = sorted((f for f in (path, *forms) if len(f.parts) > len(default.parts)),
                        key=lambda f: -len(f.parts))
        # ... or a folder of that longer form, past the parts it adds ("対象ディレクトリは
        # evals/files/small-project/ です" for evals/files/small-project/src/a.py)
        return next((f for f in longer if any(
            _names_path(self.prompt, str(PurePosixPath(*f.parts[:n])))
            for n in range(len(f.parts), len(f.parts) - len(default.parts), -1))), None) \
            or self._named_form(default) or default

    def _named_form(self, default: PurePosixPath) -> PurePosixPath | None:
        """The one path the prompt names a fixture file by, when it ends with the file's name
        and differs from where it would land ("My CLAUDE.md has gotten long" for
        fixtures/scenario/CLAUDE.md, "The .github/copilot-instructions.md in my project"):
        there, so the file the task speaks of is where it says. None for a folder, a name
        another fixture of the case shares, or one the prompt writes in several forms."""
        name = default.name
        if len(default.parts) < 2 or not default.suffix or sum(
                PurePosixPath(f).name == name for f in self.files) > 1:
            return None
        forms = {m.group(1).removeprefix("./") for m in re.finditer(
            rf"(?<![\w./~-])((?:[\w.-]+/)*{re.escape(name)})(?![\w-])", self.prompt)}
        forms = {f for f in forms if ".." not in PurePosixPath(f).parts}
        if len(forms) != 1:
            return None
        form = PurePosixPath(forms.pop())
        # a bare name says where only for a file that means something at a project's root
        if len(form.parts) == 1 and name not in ROOT_FILES:
            return None
        return form if form != default else None

    @property
    def stages_nothing(self) -> bool:
        """No file, folder, setup, chain or root fixture: the session holds only the skill."""
        return not (self.files or self.inline_files or self.setup_run or self.chain
                    or self.root_fixtures)

    @property
    def gradable(self) -> bool:
        # Process items are reported beside task success and never decide it: a case with
        # only those ties on every row.
        return bool(self.assertions or self.outputs or self.statements or self.tool_calls
                    or self.json_checks or self.judge_program or self.grader_program
                    or any(t.gradable for t in self.follow_ups)
                    or (self.first_turn is not None and self.first_turn.gradable))

    @property
    def prompts(self) -> tuple[str, ...]:
        """Every user turn of the conversation, the first one first."""
        return (self.prompt, *(t.prompt for t in self.follow_ups))

    def conversation_prompt(self, index: int) -> str:
        """The task a grader is shown for turn `index`: every user turn up to it, the graded
        one marked (a follow-up alone, "now add the owner", says little)."""
        if not self.follow_ups:
            return self.prompt
        return "\n\n".join(f"[user turn {n}{' (graded here)' if n == index else ''}] {p}"
                            for n, p in enumerate(self.prompts[:index], 1))

    def turn_case(self, index: int) -> Case | None:
        """The checks of turn `index` (1-based) as a case of their own, for the scorers, or
        None when that turn carries none. The case's top-level checks are not among them:
        they grade the last turn, as the case itself."""
        checks = self.first_turn if index == 1 else self.follow_ups[index - 2]
        if checks is None or not checks.gradable:
            return None
        return Case(id=self.id, prompt=self.conversation_prompt(index), files=self.files,
                    staged_at=self.staged_at, inline_files=self.inline_files,
                    project_bundle=self.project_bundle, root_fixtures=self.root_fixtures,
                    references=self.references,
                    **{f: getattr(checks, f) for f in TURN_CHECK_FIELDS})

    def digest(self) -> str:
        # a case without a grader program digests as it did before the field existed
        # nor a single-turn case as it did before follow-ups existed
        unset = {f for f, v in (("grader_program", self.grader_program),
                                ("follow_ups", self.follow_ups),
                                ("first_turn", self.first_turn),
                                ("inline_files", self.inline_files),
                                ("project_bundle", self.project_bundle),
                                ("references", self.references),
                                ("root_fixtures", self.root_fixtures),
                                ("pass_rule", self.pass_rule)) if not v} or None
        return hashlib.sha256(self.model_dump_json(exclude=unset).encode()).hexdigest()


# Files whose place is a project's root (an agent's instructions, a manifest, a build file):
# a prompt naming one bare ("My CLAUDE.md has gotten long") names it there.
ROOT_FILES = frozenset({"CLAUDE.md", "AGENTS.md", "GEMINI.md", "CLAUDE.local.md", ".cursorrules",
                        ".windsurfrules", ".clinerules", "README.md", "package.json",
                        "pyproject.toml", "setup.py", "setup.cfg", "requirements.txt",
                        "Cargo.toml", "go.mod", "pom.xml", "build.gradle", "Gemfile",
                        "composer.json", "Dockerfile", "docker-compose.yml", "Makefile",
                        ".gitignore", ".env.example", "tsconfig.json", ".editorconfig",
                        "mkdocs.yml", "CHANGELOG.md", "LICENSE"})


def _names_path(text: str, path: str) -> bool:
    return re.search(rf"(?<![\w./-]){re.escape(path)}(?![\w-])", text) is not None


class Finding(BaseModel):
    """A preflight finding that does not refuse the set (EV010, EV011): reported, with a fix."""

    model_config = ConfigDict(frozen=True)
    code: str
    file: str
    case: str
    message: str
    fix: str


class CaseSet(BaseModel):
    model_config = ConfigDict(frozen=True)
    origins: dict[str, dict[str, tuple[str, ...]]] = Field(
        default_factory=dict, description="case id -> field -> where each entry came from in "
                                          "the author's file (for `check -v`), by index")
    skill_name: str
    evals: tuple[Case, ...]
    findings: tuple[Finding, ...] = ()
    judge_expected_output: bool = Field(default=False, description="The judge breaks ties on "
                                                                   "expected_output when a "
                                                                   "case has no rubric")
    about: dict[str, Any] = Field(default_factory=dict, description="Descriptive top-level "
                                                                    "fields (description, "
                                                                    "notes, version...)")
    # Where the set was read from: shown by `check`, never dumped (so never in a digest).
    source: str = Field(default="", exclude=True, description="The set file read (or the "
                        "folder whose case files were read as one set)")
    read_files: tuple[str, ...] = Field(default=(), exclude=True,
                                        description="Every set file read")
    keyed_files: tuple[str, ...] = Field(default=(), exclude=True, description="Files of "
                                         "checks keyed by case id, merged into the cases")
    unread_files: tuple[str, ...] = Field(default=(), exclude=True, description="Every other "
                                          "data file of the set's folder, with why not read")
    case_files: dict[str, str] = Field(default_factory=dict, exclude=True, description="case "
                                       "id -> the set file it came from (several files read "
                                       "as one set)")
    left_out: tuple[str, ...] = Field(default=(), exclude=True, description="Cases that "
                                      "cannot run as written (their input is missing: EV009), "
                                      "left out while the others run; `--strict` refuses")

    def file_of(self, case_id: str, default: str = "") -> str:
        """The set file a case was read from (what its findings name)."""
        return self.case_files.get(case_id) or self.source or default

    def select(self, ids: tuple[str, ...]) -> CaseSet:
        if not ids:
            return self
        known = {c.id for c in self.evals}
        missing = [i for i in ids if i not in known]
        gone = [i for i in missing if i in self.left_out]
        if gone:
            raise CaseSetError(self.source or CASESET_RELPATH, f"--case {', '.join(gone)}: "
                               "left out, it cannot run as written (its input is missing: "
                               "EV009, `check` says what to add)")
        if missing:
            raise CaseSetError(
                CASESET_RELPATH, f"--case {', '.join(missing)}: no such case (have {sorted(known)})"
            )
        chosen = tuple(c for c in self.evals if c.id in ids)
        return self.model_copy(update={"evals": chosen})

    def fixture_files(self) -> list[str]:
        """Every fixture any case names, and every judge program, once, in order (a turn's
        own programs after its case's). A grader program from outside the skill travels in
        its case (`GraderProgram.carried`), not here."""
        turns = [t for c in self.evals for t in (c.first_turn, *c.follow_ups) if t is not None]
        return list(dict.fromkeys([*(f for case in self.evals for f in case.files),
                                   *(c.judge_program for c in self.evals if c.judge_program),
                                   *(c.grader_program.path for c in self.evals
                                     if c.grader_program and c.grader_program.path
                                     and not c.grader_program.outside),
                                   *(t.judge_program for t in turns if t.judge_program),
                                   *(t.grader_program.path for t in turns
                                     if t.grader_program and t.grader_program.path
                                     and not t.grader_program.outside)]))
