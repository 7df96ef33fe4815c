"""Turn what the user asked for into a Plan: the run id and one TaskSpec per
case x repetition x arm, each with a deterministic task id."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from pydantic import BaseModel, Field

from runner.bundles import bundle_key, pack_fixtures, pack_skill
from runner.caseset import CaseSet, load_caseset
from runner.errors import RefusedInput
from runner.models import Arm
from runner.skill import Skill, load_skill
from runner.task import SandboxConfig, TaskSpec, task_id_for

DEFAULT_UPSTREAM = "https://api.anthropic.com"


class RunOptions(BaseModel):
    """Everything `skill-eval run` accepts, as one validated object."""

    skill_path: Path
    incumbent_path: Path | None = None
    k: int = Field(default=1, ge=1)
    model: str = "sonnet"
    case_ids: tuple[str, ...] = ()
    arms: tuple[Arm, ...] = (Arm.BASELINE, Arm.CANDIDATE, Arm.INCUMBENT)
    concurrency: int = Field(default=2, ge=1)
    timeout_s: float = Field(default=600.0, gt=0)
    max_turns: int | None = Field(default=None, ge=1)
    session_budget_usd: float | None = Field(default=None, gt=0)
    store_uri: str = ".skill-eval"
    store_endpoint: str | None = Field(default=None, description="S3 endpoint URL")
    max_budget_usd: float | None = Field(default=None, gt=0, description="Run-level cap")
    force: bool = Field(default=False, description="Run even if the estimate exceeds the cap")
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    metrics_linger_s: float = Field(default=0.0, ge=0, description="Serve final metrics longer")
    upstream_url: str = DEFAULT_UPSTREAM
    model_script: Path | None = Field(default=None, description="Offline scripted model")
    sandbox: SandboxConfig = Field(default_factory=SandboxConfig)
    allow_server_tools: bool = False
    fresh: bool = Field(default=False, description="New run id instead of resuming")
    ray_address: str | None = None


class Plan(BaseModel):
    """What was asked, stored as plan.json: digests and versions make it reproducible."""

    run_id: str
    created_at: datetime
    skill: Skill
    incumbent: Skill | None
    incumbent_note: str | None = Field(default=None, description="Why incumbent did not run")
    caseset_digest: str
    cases: list[str]
    k: int
    arms: list[Arm]
    model: str
    dry_run: bool = Field(description="Scripted model endpoint: nothing was spent")
    versions: dict[str, str]
    tasks: list[TaskSpec]
    bundles: dict[str, bytes] = Field(default_factory=dict, exclude=True,
                                      description="Store key -> tar: published before running")


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "unknown"


def claude_sdk_version() -> str:
    pinned = Path(__file__).resolve().parent.parent / "images" / "CLAUDE_SDK_VERSION"
    return pinned.read_text().strip() if pinned.is_file() else "unknown"


def make_plan(opts: RunOptions) -> Plan:
    skill = load_skill(opts.skill_path)
    caseset: CaseSet = load_caseset(skill.path).select(opts.case_ids)
    if caseset.skill_name != skill.name:
        raise RefusedInput(f"{skill.path / 'evals/evals.json'}: skill_name "
                           f"{caseset.skill_name!r} does not match SKILL.md name {skill.name!r}")
    arms = list(dict.fromkeys(opts.arms))
    if Arm.CANDIDATE not in arms:
        raise RefusedInput("--arms must include candidate: every row compares the candidate")
    incumbent: Skill | None = None
    note: str | None = "no --incumbent given"
    if opts.incumbent_path is not None:
        incumbent = load_skill(opts.incumbent_path)
        if incumbent.name != skill.name:
            raise RefusedInput(f"{opts.incumbent_path}: incumbent is skill {incumbent.name!r}, "
                               f"candidate is {skill.name!r}")
        note = None
        if incumbent.digest == skill.digest:
            note = "incumbent bytes are identical to the candidate's: not run"
            incumbent = None
    if incumbent is None and Arm.INCUMBENT in arms:
        arms.remove(Arm.INCUMBENT)
    if len(arms) < 2:
        raise RefusedInput("nothing to compare: need the candidate and at least one opponent")

    script_digest = (hashlib.sha256(opts.model_script.read_bytes()).hexdigest()
                     if opts.model_script else None)
    options = {"model": opts.model, "timeout_s": opts.timeout_s, "max_turns": opts.max_turns,
               "session_budget_usd": opts.session_budget_usd, "script": script_digest,
               "image": opts.sandbox.image, "runtime": opts.sandbox.runtime,
               "allow_server_tools": opts.allow_server_tools,
               "claude_sdk": claude_sdk_version()}
    digests = {Arm.BASELINE: None, Arm.CANDIDATE: skill.digest,
               Arm.INCUMBENT: incumbent.digest if incumbent else None}
    bundles = {Arm.BASELINE: None, Arm.CANDIDATE: pack_skill(skill.path),
               Arm.INCUMBENT: pack_skill(incumbent.path) if incumbent else None}
    fixtures = pack_fixtures(skill.path)
    run_key = {"skill": skill.digest, "incumbent": digests[Arm.INCUMBENT], "k": opts.k,
               "cases": [c.digest() for c in caseset.evals], "arms": sorted(arms), **options}
    if opts.fresh:
        run_key["salt"] = secrets.token_hex(8)
    run_id = "r-" + task_id_for(run_key)[:16]
    keys = {arm: bundle_key(run_id, data) if data is not None else None
            for arm, data in bundles.items()}
    payloads = {k: d for k, d in ((keys[a], bundles[a]) for a in bundles) if k and d}
    fixtures_key = bundle_key(run_id, fixtures)
    payloads[fixtures_key] = fixtures
    tasks = []
    for case in caseset.evals:
        for rep in range(opts.k):
            for arm in arms:
                task_id = task_id_for({"skill": digests[arm], "case": case.digest(),
                                       "rep": rep, "arm": str(arm), **options,
                                       **({"salt": run_key["salt"]} if opts.fresh else {})})
                tasks.append(TaskSpec(
                    run_id=run_id, task_id=task_id, case=case, repetition=rep, arm=arm,
                    model=opts.model, skill_name=skill.name, fixtures_bundle=fixtures_key,
                    skill_bundle=keys[arm], upstream_url=opts.upstream_url,
                    timeout_s=opts.timeout_s, max_turns=opts.max_turns,
                    session_budget_usd=opts.session_budget_usd,
                    allow_server_tools=opts.allow_server_tools, store_uri=opts.store_uri,
                    store_endpoint=opts.store_endpoint, sandbox=opts.sandbox))
    return Plan(run_id=run_id, created_at=datetime.now(UTC), skill=skill, incumbent=incumbent,
                incumbent_note=note,
                caseset_digest=hashlib.sha256(caseset.model_dump_json().encode()).hexdigest(),
                cases=[c.id for c in caseset.evals], k=opts.k, arms=arms, model=opts.model,
                dry_run=opts.model_script is not None, bundles=payloads,
                versions={"skill-eval": _version("skill-eval"), "ray": _version("ray"),
                          "claude-agent-sdk": claude_sdk_version()},
                tasks=tasks)
