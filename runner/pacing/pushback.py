"""Pushback from an upstream, shared by the gateway and the runner's own client, and reading
its retry-after and rate-limit headers:
`anthropic-ratelimit-{requests,input-tokens,output-tokens}-{limit,remaining,reset}` (reset is
an RFC 3339 time). A reset is turned into seconds against the response's own `date` header
when it has one, so the clock of the machine running the gateway never meets the upstream's."""

from __future__ import annotations

import time
from datetime import datetime
from email.utils import parsedate_to_datetime
from typing import Any

from runner.schema.ratelimit import Budget, UpstreamLimits

PUSHBACK = frozenset({429, 529})  # the upstream says: slow down (rate limit, overload)
PUSHBACK_RETRIES = 8  # with a governor: tries after pushback that spend no attempt of their own
HOLD_SLICE_S = 1.0  # a held caller asks the governor again at least this often (stop, shorter hold)

PREFIX = "anthropic-ratelimit-"
KINDS = {"requests": "requests", "input_tokens": "input-tokens",
         "output_tokens": "output-tokens"}


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def _seconds_until(value: str | None, now: float) -> float | None:
    if not value:
        return None
    try:
        reset = datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None
    return max(0.0, reset - now)


def _now(headers: Any) -> float:
    date = headers.get("date")
    if date:
        try:
            return parsedate_to_datetime(date).timestamp()
        except (TypeError, ValueError):
            pass
    return time.time()


def retry_after(headers: Any) -> float | None:
    """Seconds an answer asks to wait (`retry-after-ms` first, then `retry-after`)."""
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is not None:
            try:
                return max(0.0, float(value) * scale)
            except ValueError:
                continue
    return None


def read_limits(headers: Any) -> UpstreamLimits | None:
    """The limits an answer's headers state, or None when it states none."""
    if not any(str(name).lower().startswith(PREFIX) for name in headers):
        return None
    now = _now(headers)
    budgets = {}
    for field, name in KINDS.items():
        budgets[field] = Budget(limit=_int(headers.get(f"{PREFIX}{name}-limit")),
                                remaining=_int(headers.get(f"{PREFIX}{name}-remaining")),
                                reset_in_s=_seconds_until(headers.get(f"{PREFIX}{name}-reset"),
                                                          now))
    limits = UpstreamLimits(**budgets)
    return limits if limits.stated else None
