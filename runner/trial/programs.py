"""The skill's programs after a session, in the grade phase, before the working directory goes
away: the case's judge program and the author's grader program, each in its own container
(runner.sandbox.programs; on the host only under --trust-target). Not run for a session that
never started."""

from __future__ import annotations

import tempfile
from pathlib import Path

from runner import config
from runner.sandbox.base import ProgramSpec, Sandbox, SessionRun
from runner.sandbox.programs import run_case_program
from runner.schema.case import Case
from runner.schema.programs import REPLY_FILE
from runner.schema.trial import ProgramRun, TrialSpec
from runner.trial.transcript import parse_transcript

CASE_FILE = "case.json"


def _started(run: SessionRun) -> bool:
    return run.exit_code is not None or run.timed_out


def _timeout(spec: TrialSpec) -> float:
    return min(spec.limits.timeout_s, config.JUDGE_PROGRAM_TIMEOUT_S)


def judge_program(spec: TrialSpec, sandbox: Sandbox, workdir: Path, fixtures: Path,
                  run: SessionRun, case: Case | None = None) -> ProgramRun | None:
    """The case's judge program (docs/case-sets.md): its exit code decides. `case`: a turn's
    own checks as a case (runner.trial.turns), run right after that turn."""
    case = case or spec.case
    if not case.judge_program or not _started(run):
        return None
    return run_case_program(sandbox, ProgramSpec(
        trial_id=spec.trial_id, run_id=spec.run_id, workdir=workdir,
        program=fixtures / case.judge_program, timeout_s=_timeout(spec),
        limits=spec.sandbox.limits), spec.sandbox.trust_programs)


def grader_program(spec: TrialSpec, sandbox: Sandbox, workdir: Path, fixtures: Path,
                   run: SessionRun, case: Case | None = None) -> ProgramRun | None:
    """The author's grader program, given the case (JSON, `SKILL_EVAL_CASE`), the work
    (its first argument, its cwd and `SKILL_EVAL_WORK`) and the session's final reply (a file
    beside the case, `reply.md` at `SKILL_EVAL_REPLY`: a program that grades what the agent
    answered, not a file it wrote); runner.scoring.grader_program reads what it says. `case`:
    a turn's own checks as a case, run right after that turn (`run`: that turn's session, so
    its reply)."""
    case = case or spec.case
    program = case.grader_program
    if program is None or not _started(run):
        return None
    # beside the working directory, in the trial's scratch (removed with it)
    with tempfile.TemporaryDirectory(prefix="grader-input-", dir=workdir.parent) as inputs, \
            tempfile.TemporaryDirectory(prefix="grader-program-", dir=workdir.parent) as own:
        case_file = Path(inputs) / CASE_FILE
        # the case as the program reads it; a carried folder is the program's, not the case's
        case_file.write_text(case.model_copy(update={"grader_program": program.model_copy(
            update={"carried": {}})}).model_dump_json(indent=1))
        reply_file = Path(inputs) / REPLY_FILE
        reply_file.write_text(parse_transcript(run.transcript).assistant_text, encoding="utf-8")
        Path(inputs).chmod(0o755)
        case_file.chmod(0o644)
        reply_file.chmod(0o644)
        path = _carried(program.carried, Path(own), program.path) if program.outside \
            else fixtures / program.path
        return run_case_program(sandbox, ProgramSpec(
            trial_id=spec.trial_id, run_id=spec.run_id, workdir=workdir,
            program=path, timeout_s=_timeout(spec),
            limits=spec.sandbox.limits, case_file=case_file, reply_file=REPLY_FILE,
            pass_work=True,
            interpreter=program.interpreter, args=program.args, as_command=program.is_command,
            shell=program.command if program.shell else None),
            spec.sandbox.trust_programs)


def _carried(files: dict[str, str], folder: Path, path: str) -> Path:
    """A program from outside the skill, its folder written out from the case (what its
    container mounts read-only as the program's folder); returns the program's file."""
    folder.chmod(0o755)
    for rel, text in files.items():
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        for made in [p for p in target.parents if p.is_relative_to(folder)]:
            made.chmod(0o755)
        target.write_text(text)
        target.chmod(0o755 if rel == Path(path).name else 0o644)
    return folder / Path(path).name
