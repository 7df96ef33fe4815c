"""One rate governor per pass (run or batch), shared by every gateway on every node, beside the
budget ledger.

    LocalGovernor (a Ray actor per pass)  request and token windows, and a hold after pushback
    GovernorGuard (in each gateway)       waits before forwarding, reports after each answer

Against one API key a cluster of sandboxes hits the organisation's limits together. Instead of
each claude retrying on its own (and the trial becoming a hole once its retries are spent), a
gateway asks the governor before each request: under `--rpm` / `--itpm` / `--otpm` (a sliding
minute), and not while the upstream has said to back off. A 429 or 529 with retry-after holds
new requests of every gateway for that long; the gateway then retries the request itself, so
the session never sees it. Time spent held is metered per trial and added to its timeout: a
held session is not a slow agent. The scheduler starts fewer trials while the upstream pushes
back.

When the upstream states its limits (`anthropic-ratelimit-*` headers), the governor adopts them
(the lower of the stated and the configured limit applies), spends the stated remaining
requests one per request it lets through, holds every gateway until the stated reset when none
is left, then lets one request probe before the rest: the run slows down before the 429, not
after it.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Any

from pydantic import BaseModel, Field

from runner.pacing.actors import PassActor, call_async, find_actor, is_remote, start_actor
from runner.pacing.pushback import PUSHBACK
from runner.schema.ratelimit import Budget, UpstreamLimits

DEFAULT_HOLD_S = 5.0  # a 429/529 that names no retry-after
MAX_HOLD_S = 120.0
PRESSURE_WINDOW_S = 30.0  # pushback this recent makes the scheduler start fewer trials
WINDOW_S = 60.0
PROBE_S = 5.0  # after a stated reset, how long the one request let through may take to answer


class GovernorState(BaseModel):
    rpm: int | None = Field(description="The limit in force: configured or stated upstream")
    itpm: int | None
    otpm: int | None
    stated: UpstreamLimits | None = Field(default=None, description="The upstream's last word")
    requests_last_minute: int
    pushbacks: int
    holding_for_s: float
    under_pressure: bool


class LocalGovernor:
    """The governor's logic; used in-process by tests and wrapped as a Ray actor for runs.
    Wall-clock time: every decision is taken here, so nodes' clocks never meet."""

    def __init__(self, rpm: int | None = None, itpm: int | None = None,
                 otpm: int | None = None) -> None:
        self.rpm, self.itpm, self.otpm = rpm, itpm, otpm
        self._requests: deque[float] = deque()
        self._input: deque[tuple[float, int]] = deque()
        self._output: deque[tuple[float, int]] = deque()
        self._hold_until = 0.0
        self._last_pushback = 0.0
        self.pushbacks = 0
        self.stated: UpstreamLimits | None = None
        # The upstream's stated requests remaining, spent by each request let through until
        # the stated reset (None: nothing stated, or past the reset). Spending it here, not
        # waiting for the next answer to say 0, keeps many gateways from all going at once.
        self._left: int | None = None
        self._left_until = 0.0
        self._probing = False
        self._outstanding = 0  # let through, not yet answered
        self._lock = threading.Lock()

    @staticmethod
    def _lower(configured: int | None, stated: Budget | None) -> int | None:
        given = [n for n in (configured, stated.limit if stated else None) if n]
        return min(given) if given else None

    def _limits(self) -> tuple[int | None, int | None, int | None]:
        """requests, input and output tokens per minute in force now."""
        s = self.stated
        return (self._lower(self.rpm, s.requests if s else None),
                self._lower(self.itpm, s.input_tokens if s else None),
                self._lower(self.otpm, s.output_tokens if s else None))

    def _prune(self, now: float) -> None:
        while self._requests and now - self._requests[0] >= WINDOW_S:
            self._requests.popleft()
        for window in (self._input, self._output):
            while window and now - window[0][0] >= WINDOW_S:
                window.popleft()

    @staticmethod
    def _wait_tokens(window: deque[tuple[float, int]], limit: int | None, now: float) -> float:
        if limit is None or sum(n for _, n in window) < limit:
            return 0.0
        return max(0.0, WINDOW_S - (now - window[0][0])) if window else 0.0

    def acquire(self) -> float:
        """0.0 and a slot taken when a request may go now; else seconds to wait first."""
        with self._lock:
            now = time.time()
            if now < self._hold_until:
                return self._hold_until - now
            self._prune(now)
            rpm, itpm, otpm = self._limits()
            waits = [self._wait_tokens(self._input, itpm, now),
                     self._wait_tokens(self._output, otpm, now)]
            if rpm is not None and len(self._requests) >= rpm:
                waits.append(WINDOW_S - (now - self._requests[0]))
            if self._left is not None and now >= self._left_until:
                if self._probing:  # nobody said more in time: back to the plain limits
                    self._left, self._probing = None, False
                else:  # the stated window has reset: one goes, and its answer says more
                    self._left, self._left_until, self._probing = 1, now + PROBE_S, True
            if self._left is not None and self._left <= 0:
                waits.append(self._left_until - now)
            wait = max(waits)
            if wait > 0:
                return wait
            self._requests.append(now)
            self._outstanding += 1
            if self._left is not None:
                self._left -= 1
            return 0.0

    def report(self, status: int, retry_after_s: float | None = None, input_tokens: int = 0,
               output_tokens: int = 0, stated: UpstreamLimits | None = None) -> None:
        """After an answer: a 429/529 holds every gateway; tokens fill the token windows;
        stated limits are adopted, and one with nothing left holds until its reset."""
        with self._lock:
            now = time.time()
            self._outstanding = max(0, self._outstanding - 1)
            if stated is not None:
                self._learn(stated, now, self._outstanding)
            if status in PUSHBACK:
                if self._requests:
                    self._requests.pop()  # refused: it used none of the upstream's requests
                hold = min(retry_after_s if retry_after_s is not None else DEFAULT_HOLD_S,
                           MAX_HOLD_S)
                self._hold_until = max(self._hold_until, now + hold)
                self._last_pushback = now
                self.pushbacks += 1
            if input_tokens:
                self._input.append((now, input_tokens))
            if output_tokens:
                self._output.append((now, output_tokens))

    def learn(self, stated: UpstreamLimits) -> None:
        """The limits an answer states as soon as its headers arrive (a streamed answer ends
        much later); this request is still outstanding and already in the stated count."""
        with self._lock:
            self._learn(stated, time.time(), max(0, self._outstanding - 1))

    def _learn(self, stated: UpstreamLimits, now: float, in_flight: int) -> None:
        self.stated = stated
        requests = stated.requests
        if requests.remaining is not None and requests.reset_in_s:
            # what is still in flight may not be in the upstream's count yet
            self._left = max(0, requests.remaining - in_flight)
            self._left_until = now + min(requests.reset_in_s, MAX_HOLD_S)
            self._probing = False
        for budget in (stated.input_tokens, stated.output_tokens):
            if budget.remaining == 0 and budget.reset_in_s:
                self._hold_until = max(self._hold_until,
                                       now + min(budget.reset_in_s, MAX_HOLD_S))

    def state(self) -> GovernorState:
        with self._lock:
            now = time.time()
            self._prune(now)
            rpm, itpm, otpm = self._limits()
            return GovernorState(
                rpm=rpm, itpm=itpm, otpm=otpm, stated=self.stated,
                requests_last_minute=len(self._requests), pushbacks=self.pushbacks,
                holding_for_s=max(0.0, self._hold_until - now),
                under_pressure=now - self._last_pushback < PRESSURE_WINDOW_S)


KIND = "governor"


class Governor:
    """The driver's handle: local or a Ray actor, blocking calls."""

    def __init__(self, actor: PassActor) -> None:
        self._actor = actor

    def state(self) -> GovernorState:
        state: GovernorState = self._actor.call("state")
        return state

    def close(self) -> None:
        self._actor.close()


def start_governor(pass_id: str, rpm: int | None, itpm: int | None, otpm: int | None,
                   in_process: bool = False) -> Governor:
    return Governor(start_actor(KIND, pass_id, LocalGovernor, (rpm, itpm, otpm), in_process))


def find_governor(pass_id: str) -> Any:
    return find_actor(KIND, pass_id)


class GovernorGuard:
    """What a gateway consults: None (no governor), a LocalGovernor or a Ray actor handle."""

    def __init__(self, governor: Any = None) -> None:
        self._governor = governor
        self._remote = is_remote(governor, LocalGovernor)

    @property
    def active(self) -> bool:
        return self._governor is not None

    async def acquire(self) -> float:
        if self._governor is None:
            return 0.0
        wait: float = await call_async(self._governor, self._remote, "acquire")
        return wait

    async def learn(self, stated: UpstreamLimits | None) -> None:
        if self._governor is not None and stated is not None:
            await call_async(self._governor, self._remote, "learn", stated)

    async def report(self, status: int, retry_after_s: float | None = None,
                     input_tokens: int = 0, output_tokens: int = 0,
                     stated: UpstreamLimits | None = None) -> None:
        if self._governor is not None:
            await call_async(self._governor, self._remote, "report", status, retry_after_s,
                             input_tokens, output_tokens, stated)
