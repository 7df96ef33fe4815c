"""A case's `mocks` (issue 26): the responses the authors' harness served to the calls the
skill makes (`{"GET .../query_range": "fixtures/prom.json", "kubectl ... get jobs":
"fixtures/jobs.json"}`). The sandbox serves no mocks and reaches no network, so the calls they
answer fail in every arm and the criteria, written against the mocked data, cannot pass: EV014
names them (kept, never graded), before anything is spent. Read by the field's name and shape
(a mapping of calls to responses, or a list of them), never by the services named.
"""

from __future__ import annotations

from typing import Any

MOCK_KEYS = ("mocks", "mock", "http_mocks", "mocked_responses", "stubs", "fakes")


def mocked_calls(item: dict[str, Any]) -> tuple[str, list[str]] | None:
    """(field, the calls it answers) for the case's mocks, taken out of the case; else None."""
    for key in MOCK_KEYS:
        value = item.get(key)
        if isinstance(value, dict) and value:
            item.pop(key)
            return key, [str(k) for k in value]
        if isinstance(value, list) and value:
            item.pop(key)
            return key, [str(v.get("request") or v.get("call") or v.get("url") or v)
                         if isinstance(v, dict) else str(v) for v in value]
    return None
