"""An author's grader program, as a case holds it: a program of the skill's evals/ folder that
runs after each trial against the working directory, in its own network-less container, and
whose exit code or JSON output decides (runner.scoring.grader_program reads it)."""

from __future__ import annotations

import shlex
from enum import StrEnum
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

# Interpreters a grader command may start with, as the sandbox image names them (the image has
# python3 only; `python` is the author's usual spelling of it).
COMMAND_INTERPRETERS = {"python": "python3", "python3": "python3", "sh": "sh", "bash": "bash",
                        "node": "node", "perl": "perl"}



# What a grader command carries where its usage takes the agent's final reply as a file
# (`checks.py response.md`, `--response FILE`): replaced when it runs by that file's path as
# the program sees it (runner.sandbox.base.ProgramSpec.command); a shell line expands it.
REPLY_ARG = "$SKILL_EVAL_REPLY"
# The final reply's file, written beside the case's JSON for every grader program.
REPLY_FILE = "reply.md"


class Found(StrEnum):
    """How the runner came to run the program (shown by `check`)."""

    NAMED = "named"  # the set (or the case) names it: grader_program
    POINTED = "pointed"  # the set's own text points at it (an assertion, notes, a field)
    CONVENTIONAL = "conventional"  # a grade.py / scorer.py / check_*.py / eval.sh in evals/
    USAGE = "usage"  # the set's notes give its usage line: run with the case and the work there


class GraderProgram(BaseModel):
    """The author's grader program of one case and the checks of it the case reads."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    path: str = Field(description="The program, a file inside the skill's evals/ folder")
    checks: tuple[str, ...] = Field(default=(), description="Named checks of its JSON output "
                                                            "the case's assertions read; each "
                                                            "must pass")
    threshold: float | None = Field(default=None, description="With a score in its output: "
                                                              "the least score that passes")
    found: Found = Field(default=Found.NAMED, description="named | pointed | conventional | usage")
    interpreter: tuple[str, ...] = Field(default=(), description="A grader given as a command "
                                         "line (`bash check.sh`): what runs the program, "
                                         "with its options")
    args: tuple[str, ...] = Field(default=(), description="A grader command's arguments after "
                                                          "the program, passed as written")
    command: str | None = Field(default=None, description="The command line as the author "
                                                          "wrote it")
    typed: tuple[dict[str, Any], ...] = Field(default=(), description="Checks whose type the "
                                              "program implements, as the set wrote them, "
                                              "each with its `id` (the name of its result)")
    shell: bool = Field(default=False, description="A command line naming no program file "
                        "(`grep -q TOTAL out.md`): run by `sh -c` as written, `path` empty "
                        "(runner.authoring.shell_lines)")
    carried: dict[str, str] = Field(default_factory=dict, description="A program found "
                                    "outside the skill (a repository's root evals/): the "
                                    "files of its folder, path in it -> text, written into "
                                    "its container's program folder; `path` is then where it "
                                    "sits from the skill (`../../evals/c1/check.sh`)")

    @property
    def is_command(self) -> bool:
        """Given as a command line: it runs as written, in the working directory, which is
        then not appended as an argument."""
        return self.command is not None

    @model_serializer(mode="wrap")
    def _without_unset_command(self, handler: SerializerFunctionWrapHandler) -> Any:
        # a grader given as a path dumps, and so digests, as before commands existed
        data = handler(self)
        if isinstance(data, dict) and not data.get("shell"):
            data.pop("shell", None)  # a program file's digest as before shell lines existed
        if isinstance(data, dict) and not data.get("typed"):
            data.pop("typed", None)  # ...and before typed checks existed
        if isinstance(data, dict) and not data.get("carried"):
            data.pop("carried", None)  # ...and before programs outside the skill ran
        if isinstance(data, dict) and data.get("command") is None:
            for name in ("interpreter", "args", "command"):
                data.pop(name, None)
        return data

    @property
    def outside(self) -> bool:
        """Found outside the skill: its folder travels in the case (`carried`), never in the
        fixtures bundle, never staged for the agent."""
        return bool(self.carried)

    @property
    def shown(self) -> str:
        """How `check` and the report name it: a shell line as written, else its path."""
        return f"`{self.command}`" if self.shell else self.path

    @model_validator(mode="before")
    @classmethod
    def _path_alone(cls, value: Any) -> Any:
        # "grader_program": "evals/grade.py" is the short form of {"path": ...}
        if isinstance(value, str):
            value = {"path": value}
        if isinstance(value, dict) and "path" not in value and "program" in value:
            value = {**value, "path": value["program"]}
            value.pop("program")
        if isinstance(value, dict) and isinstance(value.get("path"), str) \
                and value.get("command") is None and len(value["path"].split()) > 1:
            value = {**{k: v for k, v in value.items() if k != "path"},  # `bash check.sh`:
                     "command": value["path"]}  # a command line
        if isinstance(value, dict) and isinstance(value.get("command"), str) \
                and "interpreter" not in value:
            value = {**split_command(value["command"]), **value}  # a path given wins
        return value


def split_command(command: str) -> dict[str, Any]:
    """A grader command line as (interpreter with its options, program file, arguments): the
    first word when it is no interpreter, else the first word after it that is no option.
    An interpreter the image lacks (`pytest`, `npx`) is kept as written; the reader refuses it."""
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    if not words:
        return {"path": command}
    first = words[0].rsplit("/", 1)[-1]
    if first not in COMMAND_INTERPRETERS and _program_like(words[0]):
        return {"interpreter": (), "path": words[0], "args": tuple(words[1:])}
    runner = COMMAND_INTERPRETERS.get(first, words[0])
    at = next((n for n, w in enumerate(words[1:], 1) if not w.startswith("-")), len(words))
    return {"interpreter": (runner, *words[1:at]),
            "path": words[at] if at < len(words) else "", "args": tuple(words[at + 1:])}


def _program_like(word: str) -> bool:
    return "/" in word or "." in word.rsplit("/", 1)[-1]
