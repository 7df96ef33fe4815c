"""Token and dollar metering of one trial's traffic, as seen at the gateway."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

from runner.costs.pricing import cost_usd
from runner.schema.trial import Usage


class Meter:
    """Thread-safe accumulator; SSE usage is read from message_start / message_delta. Each
    change bumps `version`, so copies kept elsewhere can be told apart by age."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.usage = Usage()
        self.version = 0

    def refused(self) -> None:
        with self._lock:
            self.usage.refused += 1
            self.version += 1

    def error(self, status: int) -> None:
        with self._lock:
            key = str(status)
            self.usage.errors_by_status[key] = self.usage.errors_by_status.get(key, 0) + 1
            self.version += 1

    def held(self, seconds: float) -> None:
        with self._lock:
            self.usage.held_s += seconds
            self.version += 1

    def sent(self) -> None:
        """A request is about to go upstream: unanswered until `answered`."""
        with self._lock:
            self.usage.unanswered += 1
            self.version += 1

    def answered(self) -> None:
        with self._lock:
            self.usage.unanswered = max(0, self.usage.unanswered - 1)
            self.version += 1

    def record(self, model: str, usage: dict[str, Any], batch: bool = False) -> float:
        """Add one response's usage; returns its dollars (at the batch rate for a result of
        the Message Batches API)."""
        tokens = {k: int(usage.get(k) or 0) for k in (
            "input_tokens", "output_tokens", "cache_read_input_tokens",
            "cache_creation_input_tokens")}
        dollars = cost_usd(model, tokens["input_tokens"], tokens["output_tokens"],
                           tokens["cache_read_input_tokens"], tokens["cache_creation_input_tokens"],
                           batch)
        with self._lock:
            u = self.usage
            u.requests += 1
            u.input_tokens += tokens["input_tokens"]
            u.output_tokens += tokens["output_tokens"]
            u.cache_read_input_tokens += tokens["cache_read_input_tokens"]
            u.cache_creation_input_tokens += tokens["cache_creation_input_tokens"]
            u.cost_usd += dollars
            if model and model not in u.models:
                u.models.append(model)
            self.version += 1
        return dollars

    def snapshot(self) -> Usage:
        return self.versioned()[1]

    def versioned(self) -> tuple[int, Usage]:
        with self._lock:
            return self.version, self.usage.model_copy(deep=True)


class UsageKeeper:
    """Hands a meter's copies to `keep` (the store's usage.json) oldest first, never an older
    copy after a newer one: copies are taken on the event loop but kept from worker threads,
    which may finish in any order."""

    def __init__(self, keep: Callable[[Usage], None]) -> None:
        self._keep = keep
        self._lock = threading.Lock()
        self._kept = -1

    def keep(self, version: int, usage: Usage) -> None:
        with self._lock:
            if version <= self._kept:
                return
            self._keep(usage)
            self._kept = version


class SSEUsageReader:
    """Incrementally parses an SSE byte stream for the usage it reports."""

    def __init__(self) -> None:
        self._buffer = b""
        self.model = ""
        self.usage: dict[str, Any] = {}

    def feed(self, chunk: bytes) -> None:
        self._buffer += chunk
        while b"\n" in self._buffer:
            line, self._buffer = self._buffer.split(b"\n", 1)
            if line.startswith(b"data:"):
                self._event(line[5:].strip())

    def _event(self, raw: bytes) -> None:
        try:
            data = json.loads(raw)
        except ValueError:
            return
        if not isinstance(data, dict):
            return
        if data.get("type") == "message_start":
            message = data.get("message") or {}
            self.model = str(message.get("model", ""))
            self.usage.update(message.get("usage") or {})
        elif data.get("type") == "message_delta":
            # message_delta carries cumulative output usage; it replaces, not adds.
            self.usage.update({k: v for k, v in (data.get("usage") or {}).items() if v is not None})
