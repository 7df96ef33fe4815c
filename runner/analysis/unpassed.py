"""Cases no arm passed (docs/statistics.md#cases-no-arm-passed): every scored trial of the
case, in every arm and repetition, failed. Such a case measures nothing about the skill; what
its sessions reached for and could not have (runner.scoring.reach) says why, whatever the
case's wording.

Folded a result at a time (runner.analysis.fold), beside the checks that measure nothing
(runner.analysis.cases.SignalFold).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from runner.schema.enums import Arm
from runner.schema.reach import ReachCount, ReachKind, UnpassedCase
from runner.schema.trial import TrialResult

COMMON = 0.5  # a signal is a case's common cause when at least this share of its trials show it
SHOWN = 3  # common causes kept per case


@dataclass
class _Case:
    scored: int = 0
    passed: bool = False  # some scored trial passed (or is still to be graded)
    arms: set[Arm] = field(default_factory=set)
    seen: Counter[tuple[ReachKind, str]] = field(default_factory=Counter)


class UnpassedFold:
    """Per case: its scored trials, whether any passed, and how often each reach signal
    came up (once per trial)."""

    def __init__(self) -> None:
        self.cases: dict[str, _Case] = {}

    def add(self, r: TrialResult) -> None:
        if r.status.is_hole:
            return
        case = self.cases.setdefault(r.case_id, _Case())
        case.scored += 1
        case.arms.add(r.arm)
        # a grade still to come (None) may yet pass: the case is not called unpassable
        case.passed = case.passed or r.passed is not False
        case.seen.update({(s.kind, s.what) for s in r.reached})

    def cases_unpassed(self) -> list[UnpassedCase]:
        out = []
        for name, case in sorted(self.cases.items()):
            if case.passed or not case.scored:
                continue
            common = [ReachCount(kind=kind, what=what, trials=n)
                      for (kind, what), n in sorted(case.seen.items(),
                                                    key=lambda item: (-item[1], item[0]))
                      if n >= COMMON * case.scored]
            out.append(UnpassedCase(case=name, trials=case.scored,
                                    arms=sorted(case.arms), reached=common[:SHOWN]))
        return out


def unpassed(results: list[TrialResult]) -> list[UnpassedCase]:
    """The cases no arm passed, with the reach signals common to their trials."""
    fold = UnpassedFold()
    for r in results:
        fold.add(r)
    return fold.cases_unpassed()
