"""The verdict gate (`--gate`, `--gate-max-p`): three answers from a run's (or a batch's)
comparisons, under one error budget. Pure: the CLI prints the lines and maps the answer to
its exit code.

- FAIL (the CLI exits 1, EXIT_GATE): some comparison is a **firm** FAIL, its A/A rate
  adjusted by Holm over every comparison the gate reads (each opponent of each run);
- INCONCLUSIVE (exit 5, EXIT_INCONCLUSIVE): none is, but some comparison cannot decide: a
  FAIL that is not firm, no evidence, or (with --gate-max-p P) an adjusted A/A rate not
  below P; the line names the size that would decide;
- DECIDED (exit 0): every comparison is decided and none is a FAIL.

A model of a `--k auto` multi-model run that stopped for futility (`Report.futility`) is a
decided model, not a hole: it cannot be good enough, and that is the answer about it. Its
comparisons stay in the Holm family and a firm FAIL among them still fails the gate, but one
that cannot decide does not make the gate inconclusive: the gate names it as decided by
futility and reads the other models.

A candidate that crashes or hangs where its opponent did not is a failed trial, not a hole
(runner.schema.enums.TrialStatus): its rows are losses, so a broken skill reads a firm FAIL as
soon as the size allows, and an inconclusive one before that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from runner.analysis.rows import adjust_family
from runner.schema.enums import Verdict
from runner.schema.report import Comparison, Report


class Answer(StrEnum):
    """The gate's three answers (the CLI maps them to exit codes 1, 5 and 0)."""

    FAIL = "fail"
    INCONCLUSIVE = "inconclusive"
    DECIDED = "decided"


@dataclass
class GateDecision:
    """The gate's answer and one line per comparison that is not a clean pass."""

    answer: Answer
    lines: list[str] = field(default_factory=list)
    correction: str = ""


def family(reports: list[Report]) -> list[tuple[str, Comparison]]:
    """Every comparison the gate reads, adjusted by Holm over all of them together."""
    named = [(r.skill, c) for r in reports for c in r.comparisons]
    what = "comparisons of the batch" if len(reports) > 1 else "comparisons"
    adjusted = adjust_family([c for _, c in named], what=what)
    return [(skill, c) for (skill, _), c in zip(named, adjusted, strict=True)]


def decide(reports: list[Report], max_p: float | None = None) -> GateDecision:
    """The gate over these reports (see the module docstring)."""
    fails: list[str] = []
    open_: list[str] = []
    futile: list[str] = []
    comparisons = family(reports)
    several = len({r.model for r in reports}) > 1
    owners = [r for r in reports for _ in r.comparisons]  # family() keeps this order
    for report, (_, c) in zip(owners, comparisons, strict=True):
        name = report.skill + (f" on {report.model}" if several else "")
        line = _undecided(c, max_p)
        if c.verdict is Verdict.FAIL and c.firm:
            fails.append(f"{name}: gate: firm FAIL vs {c.opponent} at {pct(c.net_lift)} "
                         f"(A/A rate {_p(c.aa_rate_adjusted)}, {c.correction})")
        elif line is not None and report.futility is not None:
            futile.append(f"{name}: gate: decided by futility (not good enough next to "
                          f"{report.futility.trails}), not read as inconclusive vs "
                          f"{c.opponent}: {line}")
        elif line is not None:
            open_.append(f"{name}: gate: inconclusive vs {c.opponent}: {line}")
    correction = comparisons[0][1].correction or "" if comparisons else ""
    if fails:
        return GateDecision(Answer.FAIL, fails + open_ + futile, correction)
    if open_:
        return GateDecision(Answer.INCONCLUSIVE, open_ + futile, correction)
    return GateDecision(Answer.DECIDED, futile, correction)


def _undecided(c: Comparison, max_p: float | None) -> str | None:
    """Why this comparison cannot decide the gate (None: it can)."""
    if c.verdict is Verdict.NO_EVIDENCE:
        return "no evidence (no scored row)"
    if c.verdict is Verdict.FAIL and not c.firm:
        return (f"FAIL at {pct(c.net_lift)}, not firm (A/A rate {_p(c.aa_rate_adjusted)}, "
                f"{c.correction}){_decide_size(c)}")
    if max_p is not None and (c.aa_rate_adjusted is None or c.aa_rate_adjusted >= max_p):
        return (f"{c.verdict} at {pct(c.net_lift)}: A/A rate {_p(c.aa_rate_adjusted)} "
                f"({c.correction}) is not below --gate-max-p {max_p:g}{_decide_size(c)}")
    return None


def _decide_size(c: Comparison) -> str:
    """What size would decide (render.numbers.sizes words the report's version of it)."""
    if c.power_size is not None and c.power_lift is not None:
        return (f"; {c.power_size.cases} cases x k={c.power_size.k} would decide a true lift "
                f"of {c.power_lift * 100:+.0f}% with 80% power")
    if c.firm_size is not None:
        return (f"; would be firm if this lift held at {c.firm_size.cases} cases x "
                f"k={c.firm_size.k}")
    return ""


def _p(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3g}"


def pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:+.1f}%"
