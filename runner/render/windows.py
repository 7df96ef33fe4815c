"""How a report says who paid: an API key's bill, or a subscription's usage window."""

from __future__ import annotations

from runner.schema.report import WindowMove

NOTIONAL_NOTE = ("paid by a subscription (CLAUDE_CODE_OAUTH_TOKEN): the dollar figures are "
                 "notional, what the tokens would cost on an API key; what the run consumed "
                 "is the usage window")


def describe_moves(moves: list[WindowMove]) -> str:
    parts = []
    for m in moves:
        if m.start is None or m.end is None:
            parts.append(f"{m.window} window: reported, no utilization given")
        else:
            parts.append(f"{m.window} window {m.start:.0%} -> {m.end:.0%}")
    return "; ".join(parts)
