"""The scorer interface and its registry.

A scorer reads what a trial produced (`Evidence`) against its case and returns a `Score`, or
None when it has nothing to grade in that case. The trial template runs every scorer named in
the trial's spec and stores each score under its name in `TrialResult.scores`; a trial passes
when every scorer that did not abstain passed. New scorers (model grader, judge program,
process rubrics, trigger scoring) register here and never touch the trial template.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from runner.errors import RefusedInput
from runner.schema.case import Case
from runner.schema.trial import Score


@dataclass(frozen=True)
class Evidence:
    """What one trial left behind, as the runner collected it (never as the agent claimed)."""

    assistant_text: str
    outputs: dict[str, bytes] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict, metadata={"doc": "relpath -> why"})
    transcript: bytes = b""


class Scorer(Protocol):
    name: str

    def score(self, case: Case, evidence: Evidence) -> Score | None:
        """The scorer's verdict, or None when the case gives it nothing to grade."""


_REGISTRY: dict[str, Callable[[], Scorer]] = {}


def register(name: str, factory: Callable[[], Scorer]) -> None:
    _REGISTRY[name] = factory


def scorer(name: str) -> Scorer:
    _load_builtins()
    try:
        return _REGISTRY[name]()
    except KeyError:
        raise RefusedInput(f"unknown scorer {name!r}; known: {sorted(_REGISTRY)}") from None


def known() -> list[str]:
    _load_builtins()
    return sorted(_REGISTRY)


def _load_builtins() -> None:
    # Built-in scorers register on import; imported lazily so this module stays a leaf.
    import runner.scoring.deterministic  # noqa: F401


def score_all(names: tuple[str, ...], case: Case, evidence: Evidence) -> dict[str, Score]:
    out: dict[str, Score] = {}
    for name in names:
        result = scorer(name).score(case, evidence)
        if result is not None:
            out[name] = result
    return out


def passed(scores: dict[str, Score]) -> bool:
    """Every scorer that graded passed. A case none of them graded passes vacuously (the
    case set preflight refuses a set where no case can be graded)."""
    return all(s.passed for s in scores.values() if s.passed is not None)
