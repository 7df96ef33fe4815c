"""The scorer interface and its registry.

A scorer reads what a trial produced (`Evidence`) against its case and returns a `Score`, or
None when it has nothing to grade in that case. The trial template runs every scorer named in
the trial's spec and stores each score under its name in `TrialResult.scores`; a trial passes
when every scorer that did not abstain passed. New scorers (model grader, judge program,
process rubrics, trigger scoring) register here and never touch the trial template.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from runner import config
from runner.errors import RefusedInput
from runner.schema.case import Case, PassRule
from runner.schema.trial import ProgramRun, Score, ToolCall, Usage


@dataclass(frozen=True)
class Evidence:
    """What one trial left behind, as the runner collected it (never as the agent claimed)."""

    assistant_text: str
    outputs: dict[str, bytes] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict, metadata={"doc": "relpath -> why"})
    transcript: bytes = b""
    calls: tuple[ToolCall, ...] = ()
    program: ProgramRun | None = None
    staged: dict[str, str] = field(default_factory=dict,
                                   metadata={"doc": "relpath -> sha256 as staged before the run"})
    grader: ProgramRun | None = field(default=None, metadata={"doc": "the author's grader "
                                                                     "program's run"})

    def written(self) -> dict[str, bytes]:
        """The files the agent created or changed in its working directory (a fixture left
        as staged is not its work)."""
        return {rel: data for rel, data in self.outputs.items()
                if self.staged.get(rel) != hashlib.sha256(data).hexdigest()}

    def written_texts(self) -> dict[str, str]:
        """The written files that are text (UTF-8), by path."""
        texts: dict[str, str] = {}
        for rel, data in self.written().items():
            try:
                texts[rel] = data.decode("utf-8")
            except UnicodeDecodeError:
                continue
        return texts


def digests(files: dict[str, bytes]) -> dict[str, str]:
    """relpath -> sha256, for `Evidence.staged`."""
    return {rel: hashlib.sha256(data).hexdigest() for rel, data in files.items()}


class ModelCaller(Protocol):
    """A metered, budgeted Messages API client (runner.gateway.client.ModelClient)."""

    def create(self, body: dict[str, Any]) -> dict[str, Any]: ...

    def usage(self) -> Usage: ...


@dataclass(frozen=True)
class Grading:
    """What a model-graded scorer may use: the client, the model, and the name it must not be
    shown (graders are blind to the arm and the skill)."""

    client: ModelCaller | None = None
    model: str = config.MODEL
    skill_name: str = ""


def forced_tool_input(response: dict[str, Any], tool: str) -> dict[str, Any] | None:
    """The input of a response's `tool` call (a grader's structured answer), or None."""
    for block in response.get("content") or []:
        if isinstance(block, dict) and block.get("type") == "tool_use" \
                and block.get("name") == tool and isinstance(block.get("input"), dict):
            found: dict[str, Any] = block["input"]
            return found
    return None


class Scorer(Protocol):
    name: str

    def score(self, case: Case, evidence: Evidence, grading: Grading) -> Score | None:
        """The scorer's verdict, or None when the case gives it nothing to grade."""


def _checks() -> Scorer:
    from runner.scoring.deterministic import ChecksScorer

    return ChecksScorer()


def _program() -> Scorer:
    from runner.scoring.program import ProgramScorer

    return ProgramScorer()


def _process() -> Scorer:
    from runner.scoring.process import ProcessScorer

    return ProcessScorer()


def _statements() -> Scorer:
    from runner.scoring.statements import StatementScorer

    return StatementScorer()


# Scorers by name, each importing lazily (this module stays a leaf): the same pattern as
# sandbox backends (runner/sandbox/registry.py) and stores (runner/store/base.py).
SCORERS: dict[str, Callable[[], Scorer]] = {
    "checks": _checks, "program": _program, "process": _process, "statements": _statements}


def scorer(name: str) -> Scorer:
    factory = SCORERS.get(name)
    if factory is None:
        raise RefusedInput(f"unknown scorer {name!r}; known: {sorted(SCORERS)}")
    return factory()


def known() -> list[str]:
    return sorted(SCORERS)


def score_all(names: tuple[str, ...], case: Case, evidence: Evidence,
              grading: Grading | None = None) -> dict[str, Score]:
    """Every named scorer's verdict. A model-graded scorer raises ModelCallError or
    ModelStopped when it cannot grade: the trial is then a hole, never a guess."""
    out: dict[str, Score] = {}
    grading = grading or Grading()
    for name in names:
        result = scorer(name).score(case, evidence, grading)
        if result is not None:
            out[name] = result
    return out


def passed(scores: dict[str, Score], rule: PassRule | None = None) -> bool:
    """Every deciding scorer that graded passed (process rubrics are reported, not deciding).
    Preflight refuses a case nothing can grade (EV008).

    Under the author's pass rule (`Case.pass_rule`: k of n, a threshold) the case's checks
    are counted together instead: the checks of every registered scorer, on any turn, and
    the rule decides. A verdict that is no check of the case (the trial did not finish, a
    turn was never sent, a scorer with no checks) must still pass: the rule forgives a
    missed check, never a run that did not happen."""
    deciding = {n: s for n, s in scores.items() if s.passed is not None and s.decides}
    if rule is None:
        return all(s.passed for s in deciding.values())
    counted = {n: s for n, s in deciding.items() if s.checks and _case_checks(n)}
    if not all(s.passed for n, s in deciding.items() if n not in counted):
        return False
    checks = [c for s in counted.values() for c in s.checks]
    return sum(c.passed for c in checks) >= rule.needed(len(checks))


def _case_checks(name: str) -> bool:
    """A score made of the case's own checks: a registered scorer's, or one turn's."""
    return name.split(": ", 1)[1] in SCORERS if name.startswith("turn ") and ": " in name \
        else name in SCORERS
