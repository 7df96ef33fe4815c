"""How numbers read, the same on the terminal and in the viewer: unmeasured is `n/a`, never 0."""

from __future__ import annotations

from runner.schema.report import Spread


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
