"""A sandbox that runs nothing: it answers with a stream-json transcript built from the
session spec, for tests of the logic around sessions (staging, grading, storage, retries)
without Docker or claude. Shipped as a backend like the real ones (`--sandbox fake`).

Behaviour, per trial id (set by tests through `FakeSandbox.plan`; "*" applies to every trial):
    reply            the assistant's final text (default "ok")
    write            {relpath: text} files "the agent" leaves in the working directory
    fail_starts      the first N starts raise SandboxError (container failed to start)
    api_error_starts the first N sessions end on a model API error (the endpoint kept failing)
    timed_out        the session is reported killed at the timeout
    killed_starts    the first N sessions are reported killed from outside mid-session
    sleep_s          the session takes this long (wall clock)
    skills           the skills the session reports seeing (default: the staged plugin's)
    model_calls      this many Messages API calls through the trial's gateway (metered and
                     charged like a real session's)
    num_turns        model turns the session reports (default 1); past --max-turns it ends
                     as claude does, `error_max_turns` at the cap
    cost_usd         what the invocation costs (default 0.001); past --max-budget-usd it
                     ends `error_max_budget_usd`; a --resume'd session reports its running
                     total, as claude does
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from typing import Any, ClassVar

from runner.errors import SandboxError
from runner.sandbox.base import Sandbox, SessionRun, SessionSpec
from runner.sockets import unix_address


class FakeSandbox(Sandbox):
    name = "fake"
    plan: ClassVar[dict[str, dict[str, Any]]] = {}
    starts: ClassVar[dict[str, int]] = {}
    running: ClassVar[int] = 0  # sessions inside their slot now
    # (trial id, prompt, claude args) of every session started: what a test sent
    sent: ClassVar[list[tuple[str, str, list[str]]]] = []
    peak: ClassVar[int] = 0  # the most sessions ever inside their slots at once
    # trial id -> the files its working directory held when the session started (what the
    # staging gave the agent), paths relative to it
    held: ClassVar[dict[str, list[str]]] = {}
    costs: ClassVar[dict[str, float]] = {}  # a conversation's running cost, by session id
    _lock = threading.Lock()

    def run(self, spec: SessionSpec) -> SessionRun:
        with spec.session_slot():
            with self._lock:
                FakeSandbox.running += 1
                FakeSandbox.peak = max(FakeSandbox.peak, FakeSandbox.running)
            try:
                return self._session(spec)
            finally:
                with self._lock:
                    FakeSandbox.running -= 1

    def _session(self, spec: SessionSpec) -> SessionRun:
        behaviour = self.plan.get(spec.trial_id) or self.plan.get("*", {})
        # `by_prompt`: {text in the prompt: behaviour} answers each turn of a conversation
        for needle, step in behaviour.get("by_prompt", {}).items():
            if needle in spec.prompt:
                behaviour = {**behaviour, **step}
                break
        with self._lock:
            self.sent.append((spec.trial_id, spec.prompt, list(spec.claude_args)))
            self.starts[spec.trial_id] = self.starts.get(spec.trial_id, 0) + 1
            start = self.starts[spec.trial_id]
            self.held[spec.trial_id] = sorted(p.relative_to(spec.workdir).as_posix()
                                              for p in spec.workdir.rglob("*") if p.is_file())
        if behaviour.get("sleep_s"):
            time.sleep(behaviour["sleep_s"])
        if start <= behaviour.get("fail_starts", 0):
            raise SandboxError(f"fake: container failed to start (attempt {start})")
        for rel, text in behaviour.get("write", {}).items():
            target = spec.workdir / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
        skills = []
        if spec.plugin_dir is not None:
            skills = [f"{spec.plugin_dir.name}:{p.name}"
                      for p in sorted((spec.plugin_dir / "skills").iterdir())]
        skills = behaviour.get("skills", skills)
        for _ in range(behaviour.get("model_calls", 0)):
            _call_gateway(spec)
        events: list[dict[str, Any]] = [
            {"type": "system", "subtype": "init", "skills": skills, "model": "fake"}]
        if behaviour.get("timed_out"):
            return SessionRun(transcript=_lines(events), exit_code=None, timed_out=True,
                              wall_s=spec.timeout_s)
        if start <= behaviour.get("killed_starts", 0):  # no result event: claude was killed
            return SessionRun(transcript=_lines(events), exit_code=137, killed_outside=True,
                              wall_s=0.01)
        if start <= behaviour.get("api_error_starts", 0):
            events.append({"type": "result", "subtype": "success", "is_error": True,
                           "num_turns": 1, "result": "API Error: 529 overloaded"})
            return SessionRun(transcript=_lines(events), exit_code=1, wall_s=0.01)
        turns, cost = behaviour.get("num_turns", 1), behaviour.get("cost_usd", 0.001)
        session = _flag(spec.claude_args, "--session-id") or _flag(spec.claude_args, "--resume")
        subtype = "success"
        max_turns, budget = _flag(spec.claude_args, "--max-turns"), \
            _flag(spec.claude_args, "--max-budget-usd")
        if max_turns is not None and turns > int(max_turns):
            subtype, turns = "error_max_turns", int(max_turns)
        elif budget is not None and cost > float(budget):
            subtype = "error_max_budget_usd"
        events += [
            {"type": "assistant", "message": {"content": [
                {"type": "text", "text": behaviour.get("reply", "ok")}]}},
            {"type": "result", "subtype": subtype, "is_error": subtype != "success",
             "num_turns": turns, "duration_ms": 5, "total_cost_usd": self._total(session, cost),
             "usage": {"input_tokens": 10, "output_tokens": 2}}]
        return SessionRun(transcript=_lines(events), exit_code=0, wall_s=0.01)


    @classmethod
    def _total(cls, session: str | None, cost: float) -> float:
        with cls._lock:
            cls.costs[session or ""] = cost + (cls.costs.get(session, 0.0) if session else 0.0)
            return cls.costs[session or ""]


def _flag(args: list[str], flag: str) -> str | None:
    return args[args.index(flag) + 1] if flag in args else None


def _lines(events: list[dict[str, Any]]) -> bytes:
    return b"".join(json.dumps(e).encode() + b"\n" for e in events)


class _UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str) -> None:
        super().__init__("127.0.0.1", 8080, timeout=30)
        self._path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(30)
        with unix_address(self._path) as address:
            sock.connect(address)
        self.sock = sock


def _call_gateway(spec: SessionSpec) -> None:
    """One model call the way claude makes it, through the trial's gateway socket."""
    body = json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 16, "stream": False,
                       "tools": [{"name": "Bash", "input_schema": {}}],
                       "messages": [{"role": "user", "content": spec.prompt}]})
    conn = _UnixHTTPConnection(str(spec.socket_dir / "gw.sock"))
    try:
        conn.request("POST", "/v1/messages", body=body, headers={
            "x-api-key": spec.env.get("ANTHROPIC_API_KEY", ""),
            "content-type": "application/json", "anthropic-version": "2023-06-01"})
        conn.getresponse().read()
    finally:
        conn.close()
