"""A sandbox that runs nothing: it answers with a stream-json transcript built from the
session spec, for tests of the logic around sessions (staging, grading, storage, retries)
without Docker or claude. Shipped as a backend like the real ones (`--sandbox fake`).

Behaviour, per task id (set by tests through `FakeSandbox.plan`):
    reply       the assistant's final text (default "ok")
    write       {relpath: text} files "the agent" leaves in the working directory
    fail_starts the first N starts raise SandboxError (container failed to start)
    timed_out   the session is reported killed at the timeout
"""

from __future__ import annotations

import json
import threading
from typing import Any, ClassVar

from runner.errors import SandboxError
from runner.sandbox.base import Sandbox, SessionRun, SessionSpec


class FakeSandbox(Sandbox):
    name = "fake"
    plan: ClassVar[dict[str, dict[str, Any]]] = {}
    starts: ClassVar[dict[str, int]] = {}
    _lock = threading.Lock()

    def run(self, spec: SessionSpec) -> SessionRun:
        behaviour = self.plan.get(spec.task_id, {})
        with self._lock:
            self.starts[spec.task_id] = self.starts.get(spec.task_id, 0) + 1
            start = self.starts[spec.task_id]
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
        events: list[dict[str, Any]] = [
            {"type": "system", "subtype": "init", "skills": skills, "model": "fake"}]
        if behaviour.get("timed_out"):
            return SessionRun(transcript=_lines(events), exit_code=None, timed_out=True,
                              wall_s=spec.timeout_s)
        events += [
            {"type": "assistant", "message": {"content": [
                {"type": "text", "text": behaviour.get("reply", "ok")}]}},
            {"type": "result", "subtype": "success", "is_error": False, "num_turns": 1,
             "duration_ms": 5, "total_cost_usd": 0.001,
             "usage": {"input_tokens": 10, "output_tokens": 2}}]
        return SessionRun(transcript=_lines(events), exit_code=0, wall_s=0.01)


def _lines(events: list[dict[str, Any]]) -> bytes:
    return b"".join(json.dumps(e).encode() + b"\n" for e in events)
