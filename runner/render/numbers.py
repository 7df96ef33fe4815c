"""How numbers read, the same on the terminal and in the viewer: unmeasured is `n/a`, never 0."""

from __future__ import annotations

from runner.schema.enums import Verdict
from runner.schema.report import Comparison, Report, Spread


def pct(value: float | None) -> str:
    """A signed share: net lift, a delta of pass rates."""
    return "n/a" if value is None else f"{value * 100:+.1f}%"


def rate(value: float | None) -> str:
    """An unsigned share: recall, precision, F1."""
    return "n/a" if value is None else f"{value * 100:.0f}%"


def num(value: float | int | None, fmt: str = "{:,.0f}") -> str:
    return "n/a" if value is None else fmt.format(value)


def spread(value: Spread, fmt: str, scale: float = 1.0, sep: str = "±") -> str:
    """Mean ± sample sd; no ± below two values (the sd is undefined, not 0)."""
    if value.mean is None:
        return "n/a"
    sd = "" if value.sd is None else sep + fmt.format(value.sd * scale)
    return fmt.format(value.mean * scale) + sd


def firmness(c: Comparison) -> str | None:
    """How far a PASS or FAIL can be trusted, the same words on the terminal, in the viewer and
    at the gate: `firm (...)`, or `PASS, not firm: ...` with the size that would settle it."""
    if c.verdict not in (Verdict.PASS, Verdict.FAIL) or c.aa_rate is None:
        return None
    side = c.aa_rate / 2
    beyond = ("" if c.net_lift is None or abs(c.net_lift) < 1 / 3 + 1e-9
              else " at this net lift or beyond")
    if c.firm:
        return (f"{c.verdict}, firm: an A/A run of this size reads {c.verdict} "
                f"{_share(side)} of the time{beyond} (alpha {c.alpha:g})")
    settle = ("; no size up to k=20 or 4x the cases would make it firm" if c.firm_size is None
              else f"; {c.firm_size.cases} cases x k={c.firm_size.k} would make it firm")
    return (f"{c.verdict}, not firm: an A/A run of this size reads {c.verdict} "
            f"{_share(side)} of the time{beyond}{settle}")


def _share(value: float) -> str:
    return f"{value * 100:.0f}%" if value >= 0.01 else f"{value * 100:.2g}%"


def votes(c: Comparison) -> str:
    v = c.case_votes
    return f"{v.wins}/{v.losses}/{v.ties}"


RUNTIME_FORMATS = {"task success": ("{:.0f}%", 100.0), "runs that loaded it": ("{:.1f}", 1.0),
                   "tool calls": ("{:.1f}", 1.0), "tokens": ("{:,.0f}", 1.0),
                   "cost USD": ("{:.4f}", 1.0), "safety violations": ("{:.1f}", 1.0)}


def runtime_cell(figure: str, value: Spread, signed: bool = False, sep: str = "±") -> str:
    """A runtime-table cell: mean ± sd over repetitions, deltas signed."""
    fmt, scale = RUNTIME_FORMATS.get(figure, ("{:.2f}", 1.0))
    if value.mean is None:
        return "n/a"
    mean = (fmt.replace("{:", "{:+") if signed else fmt).format(value.mean * scale)
    return mean + ("" if value.sd is None else sep + fmt.format(value.sd * scale))


def gate_note(c: Comparison) -> str | None:
    """Under --gate, a FAIL that is not firm still blocks; this says so and what would settle
    it."""
    if c.verdict is not Verdict.FAIL or c.firm:
        return None
    said = firmness(c)
    return (f"gate: FAIL vs {c.opponent} blocks, though it is not firm ({said}); a hang or a "
            "crash must never pass quietly, so re-run at that size to settle it")


def adaptive_line(report: Report) -> str | None:
    """`--k auto`: the sessions it ran against fixed k, and each case's repetitions."""
    a = report.adaptive
    if a is None:
        return None
    per_case = ", ".join(f"{case} {n}" for case, n in a.repetitions.items())
    return (f"adaptive k ({a.min_k}..{a.max_k}): {a.sessions} session(s) against "
            f"{a.fixed_sessions} at fixed --k {a.max_k}, {a.saving * 100:.0f}% saved; "
            f"repetitions per case: {per_case}; net lifts weigh every case the same")
