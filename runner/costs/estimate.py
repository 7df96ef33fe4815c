"""What a session is expected to cost, before anything runs: the pre-run budget check."""

from __future__ import annotations

from runner.costs.pricing import cost_usd

# A rough, deliberately generous per-session figure for the pre-run check: an agent session
# re-sends its context every turn, so input dominates. Used only to refuse obvious overruns.
EST_INPUT_TOKENS = 60_000
EST_OUTPUT_TOKENS = 3_000


def estimate_usd(model: str, sessions: int) -> float:
    return sessions * cost_usd(model, EST_INPUT_TOKENS, EST_OUTPUT_TOKENS, 0, 0)
