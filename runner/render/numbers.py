"""How numbers read, the same on the terminal and in the viewer: unmeasured is `n/a`, never 0."""

from __future__ import annotations

from runner.schema.enums import Verdict
from runner.schema.report import ArmCost, Comparison, Report, Spread


def pct(value: float | None) -> str:
    """A signed share: net lift, a delta of pass rates."""
    return "n/a" if value is None else f"{value * 100:+.1f}%"


def rate(value: float | None) -> str:
    """An unsigned share: recall, precision, F1."""
    return "n/a" if value is None else f"{value * 100:.0f}%"


def num(value: float | int | None, fmt: str = "{:,.0f}") -> str:
    return "n/a" if value is None else fmt.format(value)


def arm_usd(arm: ArmCost, fmt: str = "{:.4f}") -> str:
    """An arm's metered cost; `≥` when requests went out whose answer no meter read."""
    cell = num(arm.cost_usd, fmt)
    return f"≥{cell}" if arm.unanswered and arm.cost_usd is not None else cell


def unanswered_note(report: Report) -> str | None:
    """Why a cost reads `≥`: the requests the provider may have billed that no meter read."""
    arms = [f"{name} {a.unanswered}" for name, a in report.arms.items() if a.unanswered]
    if not arms:
        return None
    return ("≥: request(s) sent upstream whose answer was never metered (an attempt killed "
            f"mid-request), by arm: {', '.join(arms)}. The provider may have billed them; "
            "their tokens are unknown, so the USD is a lower bound.")


def spread(value: Spread, fmt: str, scale: float = 1.0, sep: str = "±") -> str:
    """Mean ± sample sd; no ± below two values (the sd is undefined, not 0)."""
    if value.mean is None:
        return "n/a"
    sd = "" if value.sd is None else sep + fmt.format(value.sd * scale)
    return fmt.format(value.mean * scale) + sd


def firmness(c: Comparison) -> str | None:
    """How far a PASS or FAIL can be trusted, the same words on the terminal, in the viewer and
    at the gate: `firm (...)`, or `PASS, not firm: ...` with the sizes that would settle it.
    The one number is the A/A rate, either sign (two-sided), as the table prints it."""
    if c.verdict not in (Verdict.PASS, Verdict.FAIL) or c.aa_rate is None:
        return None
    beyond = ("" if c.net_lift is None or abs(c.net_lift) < 1 / 3 + 1e-9
              else " at this net lift or beyond")
    said = (f"an A/A run of this design reads PASS or FAIL{beyond} {_share(c.aa_rate)} of "
            f"the time (exact case-level test){_adjusted(c)}")
    if c.firm:
        return f"{c.verdict}, firm: {said} (alpha {c.alpha:g})"
    return f"{c.verdict}, not firm: {said}{sizes(c)}"


def _adjusted(c: Comparison) -> str:
    if c.correction is None or c.aa_rate_adjusted is None or c.correction.startswith("none"):
        return ""
    return f"; {_share(c.aa_rate_adjusted)} after {c.correction}"


def sizes(c: Comparison) -> str:
    """What size buys: the size at which this lift, if it held, would be firm, and the size at
    which a true lift of power_lift reads firm with 80% power."""
    held = ("; no size up to 200 cases would make this lift firm" if c.firm_size is None
            else f"; would be firm if this lift held at {c.firm_size.cases} cases x "
                 f"k={c.firm_size.k}")
    if c.power_size is None or c.power_lift is None:
        return held
    return (f"{held}; a true lift of {c.power_lift * 100:+.0f}% reads firm at "
            f"{c.power_size.cases} cases x k={c.power_size.k} with 80% power")


def aa(value: float | None) -> str:
    """An A/A rate as the table prints it (either sign), small ones with two digits."""
    return "n/a" if value is None else _share(value)


def budget(report: Report) -> str | None:
    """The run's one error budget: alpha and how its comparisons share it."""
    said = next((c.correction for c in report.comparisons if c.correction), None)
    if said is None:
        return None
    return (f"error budget: alpha {report.alpha:g} for the whole run, {said}; firm reads the "
            "adjusted A/A rate")


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


def adaptive_line(report: Report) -> str | None:
    """`--k auto`: where the sequential run stopped, the sessions it ran against the fixed
    design, cost per decision, and each case's repetitions."""
    a = report.adaptive
    if a is None:
        return None
    per_case = ", ".join(f"{case} {n}" for case, n in a.repetitions.items())
    where = ("" if a.look is None else
             f"look {a.look} of {a.looks} ({a.stopped_because or 'running'}), alpha spent "
             f"{a.stop_alpha:.3g}; ")
    if a.firm_verdicts:
        usd = "" if a.usd_per_firm is None else f", ${a.usd_per_firm:.4f}"
        cost = f"cost per decision: {a.sessions_per_firm:.1f} sessions{usd} per firm verdict"
    else:
        cost = "cost per decision: no firm verdict"
    return (f"sequential k ({a.min_k}..{a.max_k}): {where}{a.sessions} session(s) against "
            f"{a.fixed_sessions} for the fixed design, {a.saving * 100:.0f}% saved; {cost}; "
            f"repetitions per case: {per_case}")
