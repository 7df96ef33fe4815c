"""One task = one claude session of one (case, repetition, arm), run as a trial template:

    prepare (scratch dirs, fixtures, skill plugin) -> gateway up -> sandbox run
    -> on error: record it (the arm becomes a hole, the batch goes on)
    -> finally: gateway down, scratch removed
    -> parse transcript, collect outputs, grade -> store artifacts, DONE last (create-only)

Idempotent under Ray retries: a task whose DONE exists returns the stored result unchanged.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import tempfile
import time
from pathlib import Path

from pydantic import BaseModel, Field

from runner.aio import run_sync
from runner.budget import BudgetGuard, ledger_actor_name
from runner.bundles import materialize
from runner.caseset import Case
from runner.checks import CheckResult
from runner.collect import Collected, CollectLimits, collect_outputs
from runner.errors import InfraError
from runner.gateway.meter import Usage
from runner.gateway.server import GatewayPolicy, TaskGateway
from runner.grade import grade
from runner.models import Arm, TaskStatus
from runner.paths import RunKeys
from runner.reaper import SCRATCH_ROOT
from runner.sandbox.base import Limits, Sandbox, SessionRun, SessionSpec
from runner.skill import load_skill, stage_plugin
from runner.store.base import Store, open_store
from runner.transcript import Transcript, parse_transcript, skill_basename

AUTONOMY_NOTE = ("You are running headless: no human can answer questions. Work autonomously "
                 "in the current directory and finish the task.")


class SandboxConfig(BaseModel):
    backend: str = Field(default="docker", description="docker | local")
    image: str = Field(default="skill-eval-sandbox:latest")
    runtime: str | None = Field(default=None, description="Docker runtime, e.g. runsc")
    limits: Limits = Field(default_factory=Limits)


class TaskSpec(BaseModel):
    """Everything one Ray task needs; small, serialisable, no secrets."""

    run_id: str
    task_id: str
    case: Case
    repetition: int = Field(ge=0)
    arm: Arm
    model: str
    skill_name: str = Field(description="The candidate's skill name, for staging and leak checks")
    fixtures_bundle: str = Field(description="Store key of the case set's fixtures (tar)")
    skill_bundle: str | None = Field(description="Store key of this arm's skill (tar), or none")
    upstream_url: str = Field(description="Messages API endpoint the gateway forwards to")
    timeout_s: float = Field(gt=0)
    max_turns: int | None = None
    session_budget_usd: float | None = None
    allow_server_tools: bool = False
    store_uri: str
    store_endpoint: str | None = Field(default=None, description="S3 endpoint URL, if any")
    infra_attempts: int = Field(default=3, ge=1, description="Tries when the machinery fails")
    infra_backoff_s: float = Field(default=1.0, ge=0, description="First retry delay, doubling")
    ledger: bool = Field(default=False, description="A run ledger actor meters the budget")
    ledger_id: str = Field(default="", description="Run or batch id owning the ledger")
    sandbox: SandboxConfig = Field(default_factory=SandboxConfig)
    scratch_root: Path = Field(default=SCRATCH_ROOT)


class TaskResult(BaseModel):
    """What a task reports back to the driver (and stores as result.json)."""

    task_id: str
    case_id: str
    repetition: int
    arm: Arm
    status: TaskStatus
    passed: bool | None = Field(description="All checks passed; None for a hole")
    checks: list[CheckResult] = Field(default_factory=list)
    skills_seen: list[str] = Field(default_factory=list)
    skills_loaded: list[str] = Field(default_factory=list)
    leak: str | None = Field(default=None, description="Why this session breaks arm isolation")
    turns: int | None = None
    wall_s: float | None = None
    usage: Usage | None = Field(default=None, description="Metered at the gateway")
    cli_cost_usd: float | None = Field(default=None, description="The CLI's own estimate")
    error: str | None = None
    node: str = ""
    outputs_skipped: dict[str, str] = Field(default_factory=dict)
    attempts: int = Field(default=1, description="In-task tries (infrastructure retries + 1)")


def claude_args(spec: TaskSpec) -> list[str]:
    args = ["-p", "--output-format", "stream-json", "--verbose", "--model", spec.model,
            "--dangerously-skip-permissions", "--no-session-persistence",
            "--append-system-prompt", AUTONOMY_NOTE]
    if spec.max_turns is not None:
        args += ["--max-turns", str(spec.max_turns)]
    if spec.session_budget_usd is not None:
        args += ["--max-budget-usd", f"{spec.session_budget_usd:g}"]
    return args


def session_env(token: str) -> dict[str, str]:
    return {"ANTHROPIC_API_KEY": token, "CLAUDE_CODE_MAX_RETRIES": "3",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1",
            "DISABLE_TELEMETRY": "1", "DISABLE_ERROR_REPORTING": "1"}


def stage_fixtures(case: Case, fixtures_root: Path, workdir: Path) -> None:
    for file in case.files:
        src = fixtures_root / file
        dest = workdir / case.fixture_destination(file)
        dest.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dest, symlinks=False, dirs_exist_ok=True)
        else:
            shutil.copy2(src, dest)


def find_leak(spec: TaskSpec, transcript: Transcript) -> str | None:
    """Why this session breaks arm isolation, or None."""
    ours = f"{spec.skill_name}:{spec.skill_name}"
    named = [s for s in transcript.skills_seen + transcript.skills_loaded
             if skill_basename(s) == spec.skill_name]
    if spec.arm is Arm.BASELINE and named:
        return (f"baseline arm saw or loaded skill {named[0]!r} "
                f"(seen: {transcript.skills_seen}, loaded: {transcript.skills_loaded})")
    if spec.arm is not Arm.BASELINE:
        strays = sorted({s for s in named if s != ours})
        if strays:
            return f"{spec.arm} arm saw a second copy of the skill: {strays}"
    return None


def _status(run: SessionRun, transcript: Transcript) -> tuple[TaskStatus, str | None]:
    if run.timed_out:
        return TaskStatus.TIMED_OUT, "killed at the session timeout"
    if not transcript.has_init:
        return TaskStatus.INFRA_ERROR, f"claude did not start: {run.stderr_tail[-500:]}"
    if not transcript.finished:
        return TaskStatus.CRASHED, f"no result event (exit {run.exit_code})"
    if transcript.is_error and transcript.result_subtype == "success":
        return TaskStatus.API_ERROR, "the session ended on a model API error"
    if transcript.is_error:
        return TaskStatus.AGENT_ERROR, transcript.result_subtype
    return TaskStatus.COMPLETED, None


def _sandbox(config: SandboxConfig) -> Sandbox:
    key = config.model_dump_json()
    cached = _SANDBOXES.get(key)
    if cached is None:
        if config.backend == "docker":
            from runner.sandbox.docker import DockerSandbox

            cached = DockerSandbox(config.image, config.runtime)
        elif config.backend == "local":
            from runner.sandbox.local import LocalSandbox

            cached = LocalSandbox()
        elif config.backend == "fake":
            from runner.sandbox.fake import FakeSandbox

            cached = FakeSandbox()
        else:
            raise InfraError(f"unknown sandbox backend {config.backend!r}")
        _SANDBOXES[key] = cached
    return cached


_SANDBOXES: dict[str, Sandbox] = {}


def _node() -> str:
    name = socket.gethostname()
    try:
        import ray

        if ray.is_initialized():
            return f"{name}/{ray.get_runtime_context().get_node_id()[:12]}"
    except Exception:  # noqa: BLE001 - outside Ray the host name is all there is
        pass
    return name


def _guard(spec: TaskSpec) -> BudgetGuard:
    if not spec.ledger:
        return BudgetGuard()
    import ray

    return BudgetGuard(ray.get_actor(ledger_actor_name(spec.ledger_id or spec.run_id)))


def run_task(spec: TaskSpec, store: Store | None = None) -> TaskResult:
    store = store or open_store(spec.store_uri, spec.store_endpoint)
    keys = RunKeys(spec.run_id).task(spec.task_id)
    if store.exists(keys.done):
        return TaskResult.model_validate_json(store.get(keys.done))
    for attempt in range(1, spec.infra_attempts + 1):
        result, transcript_bytes, collected = _execute(spec, store)
        # Only the machinery failing is retried (container start, gateway, staging); an agent
        # that ran and failed is data, and a timeout would only time out again.
        if result.status is not TaskStatus.INFRA_ERROR or attempt == spec.infra_attempts:
            break
        time.sleep(spec.infra_backoff_s * 2 ** (attempt - 1))
    result = result.model_copy(update={"attempts": attempt})
    store.put(keys.transcript, transcript_bytes)
    for rel, data in collected.files.items():
        store.put(keys.output(rel), data)
    payload = result.model_dump_json(indent=1).encode()
    store.put(keys.result, payload)
    if result.status.is_hole:
        return result  # no DONE: a resumed run tries this task again
    # DONE carries the result itself and is create-only: if another attempt of this task (a
    # Ray retry racing a slow node) recorded first, its result is the one that stands.
    if not store.put_if_absent(keys.done, payload):
        return TaskResult.model_validate_json(store.get(keys.done))
    return result


def _execute(spec: TaskSpec, store: Store) -> tuple[TaskResult, bytes, Collected]:
    base = TaskResult(task_id=spec.task_id, case_id=spec.case.id, repetition=spec.repetition,
                      arm=spec.arm, status=TaskStatus.INFRA_ERROR, passed=None, node=_node())
    guard = _guard(spec)
    stopped = run_sync(guard.refresh())
    if stopped:
        return base.model_copy(update={"status": TaskStatus.STOPPED,
                                       "error": f"not started: {stopped}"}), b"", Collected()
    spec.scratch_root.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{spec.task_id[:16]}-", dir=spec.scratch_root))
    workdir, socket_dir, plugins = scratch / "work", scratch / "gw", scratch / "plugin"
    sandbox: Sandbox | None = None
    try:
        sandbox = _sandbox(spec.sandbox)
        sandbox.create_workdir(workdir, spec.sandbox.limits)
        fixtures = materialize(store, spec.fixtures_bundle, spec.scratch_root)
        stage_fixtures(spec.case, fixtures, workdir)
        plugin_dir = None
        if spec.skill_bundle is not None:
            skill = load_skill(materialize(store, spec.skill_bundle, spec.scratch_root))
            plugin_dir = stage_plugin(skill, plugins, spec.skill_name)
        sandbox.reap_task(spec.task_id)  # a previous attempt of this task (worker died)
        sandbox.prepare_workdir(workdir)
        policy = GatewayPolicy(allow_server_tools=spec.allow_server_tools)
        with TaskGateway(socket_dir, spec.upstream_url, os.environ.get("ANTHROPIC_API_KEY"),
                         policy, guard) as gateway:
            session = SessionSpec(
                task_id=spec.task_id, run_id=spec.run_id, workdir=workdir,
                socket_dir=socket_dir, plugin_dir=plugin_dir, prompt=spec.case.prompt,
                claude_args=claude_args(spec), env=session_env(gateway.token),
                timeout_s=spec.timeout_s, limits=spec.sandbox.limits)
            run = sandbox.run(session)
            usage = gateway.usage()
        collected = collect_outputs(workdir, CollectLimits())
    except InfraError as exc:
        return base.model_copy(update={"error": str(exc)}), b"", Collected()
    except OSError as exc:
        return base.model_copy(update={"error": f"staging failed: {exc}"}), b"", Collected()
    finally:
        if sandbox is not None:
            sandbox.release_workdir(workdir)
        shutil.rmtree(scratch, ignore_errors=True)
    transcript = parse_transcript(run.transcript)
    status, error = _status(run, transcript)
    if guard.stopped and (status.is_hole or status is TaskStatus.AGENT_ERROR):
        status, error = TaskStatus.STOPPED, f"stopped mid-session: {guard.stopped}"
    checks = [] if status.is_hole else grade(spec.case, transcript.assistant_text, collected)
    result = base.model_copy(update={
        "status": status, "error": error,
        "passed": None if status.is_hole else all(c.passed for c in checks),
        "checks": checks, "skills_seen": transcript.skills_seen,
        "skills_loaded": transcript.skills_loaded, "leak": find_leak(spec, transcript),
        "turns": transcript.num_turns, "wall_s": round(run.wall_s, 3), "usage": usage,
        "cli_cost_usd": transcript.cli_cost_usd, "outputs_skipped": collected.skipped})
    return result, run.transcript, collected


def task_id_for(parts: dict[str, object]) -> str:
    """Deterministic task id: the digest of everything that makes the session what it is."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:32]
