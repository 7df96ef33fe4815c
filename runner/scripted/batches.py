"""The scripted endpoint's Message Batches API, shaped as the real one:

    POST /v1/messages/batches                  {"requests": [{"custom_id", "params"}]}
    GET  /v1/messages/batches/{id}             a `message_batch` (in_progress | canceling | ended)
    GET  /v1/messages/batches/{id}/results     JSONL: {"custom_id", "result": {"type", ...}}
    POST /v1/messages/batches/{id}/cancel

Each item is answered, at creation, as the same request to /v1/messages would be (same
scenarios, same counts); the script's `batches:` keeps a batch in progress for some polls or
seconds, lets it expire, and makes chosen items fail (runner.scripted.script.Batches).
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from aiohttp import web

from runner.scoring.checks import parse_matcher
from runner.scripted.script import Batches, BatchFailure, Turn

CUSTOM_ID = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


class Answers(Protocol):
    """What answers one Messages request (runner.scripted.server.ScriptedModel)."""

    api_keys: set[str]

    def turn(self, body: dict[str, Any]) -> Turn: ...

    def message(self, body: dict[str, Any], turn: Turn) -> dict[str, Any]: ...


def request_text(body: dict[str, Any]) -> str:
    """The first user turn's text (what a grader's or judge's `when.prompt` is matched on)."""
    for message in body.get("messages") or []:
        if isinstance(message, dict) and message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, str):
                return content
            return "\n".join(str(b.get("text", "")) for b in content or []
                             if isinstance(b, dict))
    return ""


@dataclass
class ScriptedBatch:
    id: str
    created: float
    custom_ids: list[str]
    results: dict[str, dict[str, Any]]  # custom_id -> result body
    polls: int = 0
    canceled: bool = False
    ended: float | None = None
    expired: bool = False
    origin: str = ""
    created_at: datetime = field(default_factory=lambda: datetime.now(UTC))


def _error(status: int, kind: str, message: str) -> web.Response:
    return web.json_response({"type": "error", "error": {"type": kind, "message": message}},
                             status=status)


class ScriptedBatches:
    """The batches routes and their state; `created` lists each batch's custom_ids in order
    of creation, and `counts` (shared with the model) gets `batches_created` and
    `batch_polls`, for tests."""

    def __init__(self, config: Batches, model: Answers) -> None:
        self.config = config
        self.model = model
        self.batches: dict[str, ScriptedBatch] = {}
        self.created: list[list[str]] = []
        self.polls = 0
        self._failed: dict[tuple[int, str], int] = {}
        self._lock = threading.Lock()

    def route(self, app: web.Application) -> None:
        app.router.add_post("/v1/messages/batches", self.create)
        app.router.add_get("/v1/messages/batches/{batch_id}", self.retrieve)
        app.router.add_get("/v1/messages/batches/{batch_id}/results", self.results)
        app.router.add_post("/v1/messages/batches/{batch_id}/cancel", self.cancel)

    def _failure(self, custom_id: str, body: dict[str, Any]) -> BatchFailure | None:
        text = request_text(body)
        for index, rule in enumerate(self.config.fail):
            if rule.prompt is not None and not parse_matcher(rule.prompt).check(text):
                continue
            key = (index, custom_id)
            if self._failed.get(key, 0) < rule.times:
                self._failed[key] = self._failed.get(key, 0) + 1
                return rule
        return None

    def _answer(self, custom_id: str, body: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            failure = self._failure(custom_id, body)
        if failure is not None:
            if failure.result != "errored":
                return {"type": failure.result}
            return {"type": "errored", "error": {"type": "error", "error": {
                "type": failure.type, "message": failure.message}}}
        turn = self.model.turn(body)
        if turn.error is not None:
            return {"type": "errored", "error": {"type": "error", "error": {
                "type": turn.error.type, "message": turn.error.message}}}
        return {"type": "succeeded", "message": self.model.message(body, turn)}

    async def create(self, request: web.Request) -> web.Response:
        try:
            data = await request.json()
        except ValueError:
            return _error(400, "invalid_request_error", "body is not JSON")
        requests = data.get("requests") if isinstance(data, dict) else None
        if not isinstance(requests, list) or not requests:
            return _error(400, "invalid_request_error", "requests: a non-empty list is required")
        ids = [r.get("custom_id") if isinstance(r, dict) else None for r in requests]
        if any(not isinstance(i, str) or not CUSTOM_ID.match(i) for i in ids) \
                or len(set(ids)) != len(ids):
            return _error(400, "invalid_request_error",
                          "each custom_id must be unique and match ^[a-zA-Z0-9_-]{1,64}$")
        if any(not isinstance(r.get("params"), dict) for r in requests):
            return _error(400, "invalid_request_error", "each request needs params")
        self.model.api_keys.add(request.headers.get("x-api-key", ""))
        with self._lock:
            batch_id = f"msgbatch_scripted_{len(self.batches) + 1:04d}"
        results = {str(r["custom_id"]): self._answer(str(r["custom_id"]), r["params"])
                   for r in requests}
        batch = ScriptedBatch(id=batch_id, created=time.monotonic(),
                              custom_ids=[str(i) for i in ids], results=results,
                              origin=f"{request.scheme}://{request.host}")
        with self._lock:
            self.batches[batch_id] = batch
            self.created.append(batch.custom_ids)
        return web.json_response(self._object(batch, poll=False))

    def _find(self, request: web.Request) -> ScriptedBatch | None:
        return self.batches.get(request.match_info["batch_id"])

    async def retrieve(self, request: web.Request) -> web.Response:
        batch = self._find(request)
        if batch is None:
            return _error(404, "not_found_error", "no such message batch")
        with self._lock:
            self.polls += 1
        return web.json_response(self._object(batch, poll=True))

    async def cancel(self, request: web.Request) -> web.Response:
        batch = self._find(request)
        if batch is None:
            return _error(404, "not_found_error", "no such message batch")
        with self._lock:
            if batch.ended is None:
                batch.canceled = True
                batch.results = {cid: {"type": "canceled"} for cid in batch.custom_ids}
                batch.ended = time.monotonic()
        return web.json_response(self._object(batch, poll=False))

    async def results(self, request: web.Request) -> web.Response:
        batch = self._find(request)
        if batch is None:
            return _error(404, "not_found_error", "no such message batch")
        if batch.ended is None:
            return _error(400, "invalid_request_error", "the batch is still in progress")
        lines = [json.dumps({"custom_id": cid, "result": batch.results[cid]})
                 for cid in reversed(batch.custom_ids)]  # any order, as the real API says
        return web.Response(body=("\n".join(lines) + "\n").encode(),
                            content_type="application/binary")

    def _object(self, batch: ScriptedBatch, poll: bool) -> dict[str, Any]:
        now = time.monotonic()
        with self._lock:
            if batch.ended is None:
                if poll:
                    batch.polls += 1
                pending = (batch.polls <= self.config.pending_polls
                           or now - batch.created < self.config.pending_s)
                if pending and now - batch.created >= self.config.expires_s:
                    batch.expired, pending = True, False
                    batch.results = {cid: {"type": "expired"} for cid in batch.custom_ids}
                if not pending and poll:  # created in_progress, as the real API does
                    batch.ended = now
            ended = batch.ended is not None
            kinds = [r["type"] for r in batch.results.values()]
        counts = {kind: (kinds.count(kind) if ended else 0)
                  for kind in ("succeeded", "errored", "canceled", "expired")}
        counts["processing"] = 0 if ended else len(batch.custom_ids)
        created_at = batch.created_at
        return {
            "id": batch.id, "type": "message_batch",
            "processing_status": "ended" if ended else (
                "canceling" if batch.canceled else "in_progress"),
            "request_counts": counts,
            "created_at": created_at.isoformat().replace("+00:00", "Z"),
            "expires_at": (created_at + timedelta(seconds=self.config.expires_s)).isoformat()
            .replace("+00:00", "Z"),
            "ended_at": (created_at + timedelta(seconds=batch.ended - batch.created))
            .isoformat().replace("+00:00", "Z") if ended and batch.ended else None,
            "cancel_initiated_at": None, "archived_at": None,
            "results_url": (f"{batch.origin}/v1/messages/batches/{batch.id}/results"
                            if ended else None)}
