"""The runner's own model calls (the statement grader, the pairwise judge), through the same
machinery as an agent's: the run's budget ledger is asked before each call and charged after
it, a stopped run refuses, the run's rate governor paces each call and hears how it went
(a 429/529 holds the whole run, and is retried without spending an attempt), every response is
metered with the gateway's price table, and an endpoint that fails is retried with the run's
endpoint backoff.

The sandbox's gateway is a server because an untrusted process holds the connection; here the
runner itself is the client, so the same accounting sits around a direct request instead.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from typing import Any

import aiohttp

from runner import config
from runner.aio import run_sync
from runner.errors import ModelCallError, ModelStopped
from runner.gateway.credentials import Credential, as_credential
from runner.gateway.meter import Meter
from runner.pacing.governor import GovernorGuard
from runner.pacing.ledger import BudgetGuard
from runner.pacing.pushback import (
    HOLD_SLICE_S,
    PUSHBACK,
    PUSHBACK_RETRIES,
    read_limits,
    retry_after,
)
from runner.schema.trial import Usage

log = logging.getLogger(__name__)

RETRIED_STATUSES = frozenset({408, 409, 429, 500, 502, 503, 504, 529})
API_VERSION = "2023-06-01"
CALL_TIMEOUT_S = 600.0


class ModelClient:
    """Blocking Messages API calls for one grader or judge, metered on its own meter."""

    def __init__(self, upstream: str, credential: Credential | str | None,
                 guard: BudgetGuard | None = None,
                 attempts: int = config.ENDPOINT_ATTEMPTS,
                 backoff_s: float = config.ENDPOINT_BACKOFF_S,
                 governor: GovernorGuard | None = None) -> None:
        self.base = upstream.rstrip("/")
        self.url = self.base + "/v1/messages"
        self._credential = as_credential(credential)
        self.guard = guard or BudgetGuard()
        self.governor = governor or GovernorGuard()
        self.attempts = attempts
        self.backoff_s = backoff_s
        self.meter = Meter()

    def usage(self) -> Usage:
        return self.meter.snapshot()

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """One non-streaming Messages call; the response body, or ModelCallError/ModelStopped."""
        data: dict[str, Any] = self.call("POST", self.url, body)
        dollars = self.meter.record(str(data.get("model") or body.get("model", "")),
                                    data.get("usage") or {})
        run_sync(self.guard.charge(dollars))
        return data

    def call(self, method: str, url: str, body: dict[str, Any] | None = None,
             paced: bool = True, raw: bool = False) -> Any:
        """One API request with the run's accounting around it: refused once the run is
        stopped, held by the governor (`paced`: a request that makes the model work), retried
        on the endpoint's failures. The parsed JSON answer (`raw`: its bytes)."""
        last = ""
        attempt = pushed_back = 0
        reached: int | None = None  # the last status the endpoint answered with
        while attempt < self.attempts:
            self._refuse_if_stopped()
            if paced:
                self._hold()
            reached = None
            try:
                status, data, headers = run_sync(self._request(method, url, body, raw),
                                                 timeout=CALL_TIMEOUT_S + 30)
                reached = status
            except (aiohttp.ClientError, TimeoutError) as exc:
                status, data, headers = 502, {"error": {
                    "message": f"unreachable: {type(exc).__name__}"}}, {}
            ok = status == 200 and (raw or isinstance(data, dict))
            if paced:
                usage = (data.get("usage") or {}) if ok and isinstance(data, dict) else {}
                run_sync(self.governor.report(
                    status, retry_after(headers) if status in PUSHBACK else None,
                    int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0),
                    read_limits(headers)))
            if ok:
                return data
            self.meter.error(status)
            error = data.get("error") if isinstance(data, dict) else None
            last = f"HTTP {status}: " + str((error or {}).get("message", ""))[:200]
            if status not in RETRIED_STATUSES:
                raise ModelCallError(f"model endpoint refused the call ({last})", status)
            if status in PUSHBACK and paced and self.governor.active \
                    and pushed_back < PUSHBACK_RETRIES:
                pushed_back += 1  # the governor holds the run; the next try waits on it
                continue
            attempt += 1
            if attempt < self.attempts:
                delay = self.backoff_s * 2 ** (attempt - 1)
                if not paced and status in PUSHBACK:
                    delay = max(delay, retry_after(headers) or 0.0)
                log.info("model call failed (%s); retrying in %.0fs", last, delay)
                time.sleep(delay)
        raise ModelCallError(f"model endpoint failed {self.attempts} time(s) (last: {last})",
                             reached)

    def _refuse_if_stopped(self) -> None:
        stopped = self.guard.stopped or run_sync(self.guard.refresh())
        if stopped:
            raise ModelStopped(f"run stopped: {stopped}")

    def _hold(self) -> None:
        """Wait until the run's governor lets a call go (a stop ends the wait)."""
        while (wait := run_sync(self.governor.acquire())) > 0:
            time.sleep(min(wait, HOLD_SLICE_S))
            self._refuse_if_stopped()

    async def _request(self, method: str, url: str, body: dict[str, Any] | None,
                       raw: bool) -> tuple[int, Any, Mapping[str, str]]:
        headers = {"anthropic-version": API_VERSION, "content-type": "application/json"}
        if self._credential is not None:
            headers.update(self._credential.headers())
        timeout = aiohttp.ClientTimeout(total=CALL_TIMEOUT_S, sock_connect=30)
        async with aiohttp.ClientSession(timeout=timeout) as session, \
                session.request(method, url, json=body, headers=headers) as response:
            data: Any
            if raw and response.status == 200:
                data = await response.read()
            else:
                try:
                    data = await response.json(content_type=None)
                except ValueError:
                    data = None
            return response.status, data, response.headers.copy()  # case-insensitive
