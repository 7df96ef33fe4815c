"""Turn what the user asked for into a Plan: the run id and one TrialSpec per
case x repetition x arm, each with a deterministic trial id."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata

from runner import config
from runner.authoring.bundles import hoist_projects, pack_fixtures, pack_skill
from runner.authoring.caseset import load_caseset, restated_prompts
from runner.authoring.problems import unrunnable_refused
from runner.authoring.program_files import program_files
from runner.authoring.set_owned import bundle_exclusions
from runner.authoring.skill import load_skill
from runner.errors import RefusedInput
from runner.planning.ids import digest_id
from runner.planning.trials import TrialTemplate, expand
from runner.schema.case import CASESET_RELPATH, Case, CaseSet, Finding
from runner.schema.enums import Arm
from runner.schema.options import RunOptions, SandboxConfig
from runner.schema.plan import AdaptiveK, Plan
from runner.schema.skill import Skill
from runner.store.keys import RunKeys


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "unknown"


def runner_versions() -> dict[str, str]:
    return {"skill-eval": _version("skill-eval"), "ray": _version("ray"),
            "claude-agent-sdk": config.CLAUDE_SDK_VERSION}


def isolation(sandbox: SandboxConfig) -> str:
    if sandbox.backend == "docker":
        return f"docker/{sandbox.runtime}" if sandbox.runtime else "docker"
    if sandbox.backend == "local":
        return "none (--sandbox local: claude ran on this host, unisolated)"
    return sandbox.backend


@dataclass(frozen=True)
class Request:
    """What the user asked for, checked offline: the skill, the selected cases, the incumbent
    and the arms that will run. Building it reads and hashes the skill folders once."""

    skill: Skill
    caseset: CaseSet
    incumbent: Skill | None
    incumbent_note: str | None
    arms: list[Arm]


def check_request(opts: RunOptions) -> Request:
    """Every offline refusal (skill, case set, incumbent, arms), before anything is packed."""
    skill = load_skill(opts.skill_path)
    caseset = load_caseset(skill.path, skill.name, opts.cases_file)
    if opts.strict and caseset.left_out:
        raise unrunnable_refused(caseset.source or str(skill.path / CASESET_RELPATH),
                                 caseset.findings, caseset.left_out)
    caseset = caseset.select(opts.case_ids)
    if caseset.skill_name != skill.name:
        # Often the repository's name: the set is this folder's, and SKILL.md names the skill.
        caseset = caseset.model_copy(update={"skill_name": skill.name, "findings": (
            *caseset.findings, Finding(
                code="EV012", file=caseset.source or str(skill.path / CASESET_RELPATH),
                case="",
                message=f"skill_name {caseset.skill_name!r} differs from the SKILL.md name "
                        f"{skill.name!r}: read as the set of {skill.name!r} (the set in its "
                        "folder)",
                fix=f"write \"skill_name\": \"{skill.name}\""))})
    arms = list(dict.fromkeys(opts.arms))
    if Arm.CANDIDATE not in arms:
        raise RefusedInput("--arms must include candidate: every row compares the candidate")
    incumbent: Skill | None = None
    note: str | None = opts.incumbent_note or "no --incumbent given"
    if opts.incumbent_latest or opts.incumbent_team:
        raise RefusedInput("--incumbent latest or team is read from the store when a run "
                           "starts (run, batch); here give the incumbent's folder")
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
    return Request(skill, caseset, incumbent, note, arms)


def session_options(opts: RunOptions) -> dict[str, object]:
    """What a session is besides its skill, case and repetition: part of every id."""
    script_digest = (hashlib.sha256(opts.model_script.read_bytes()).hexdigest()
                     if opts.model_script else None)
    # The image's content id, not its name: a rebuilt image is a different experiment.
    image = opts.sandbox.image_id or opts.sandbox.image
    return {"model": opts.model, "timeout_s": opts.timeout_s, "max_turns": opts.max_turns,
            "session_budget_usd": opts.session_budget_usd, "script": script_digest,
            "image": image, "runtime": opts.sandbox.runtime,
            "allow_server_tools": opts.allow_server_tools,
            "claude_sdk": config.CLAUDE_SDK_VERSION}


def make_plan(opts: RunOptions, request: Request | None = None) -> Plan:
    """The plan for `opts`; `request` is `check_request(opts)` when the caller already has
    it (only the sandbox's image id may differ between the two)."""
    request = request or check_request(opts)
    skill, caseset, incumbent = request.skill, request.caseset, request.incumbent
    note, arms = request.incumbent_note, list(request.arms)
    options = session_options(opts)
    digests = {Arm.BASELINE: None, Arm.CANDIDATE: skill.digest,
               Arm.INCUMBENT: incumbent.digest if incumbent else None}
    # the set's own files outside evals/ never ship with the skill (runner.authoring.set_owned)
    owned, _ = bundle_exclusions(skill.path, caseset.read_files, caseset.evals)
    bundles = {Arm.BASELINE: None, Arm.CANDIDATE: pack_skill(skill.path, owned),
               Arm.INCUMBENT: pack_skill(incumbent.path, owned) if incumbent else None}
    fixtures = pack_fixtures(skill.path, program_files(skill.path, caseset))
    graded = any(c.statements for c in caseset.evals)
    adaptive = AdaptiveK(min_k=min(opts.min_k, opts.k), max_k=opts.k) if opts.k_auto else None
    k_key = f"auto:{adaptive.min_k}-{adaptive.max_k}" if adaptive else opts.k
    # a project-level skill's project: one bundle a run, never a copy in every trial's spec;
    # the run's id reads the cases as planned (a run planned with the project inline, by an
    # older runner, is another run: its trial ids differ, so it is never resumed half-way)
    cases, projects = hoist_projects(skill.path, caseset.evals)
    run_key = {"skill": skill.digest, "incumbent": digests[Arm.INCUMBENT], "k": k_key,
               "cases": [c.digest() for c in cases], "arms": sorted(arms), **options,
               **({"grader": opts.grader} if graded else {})}
    salt = {"salt": secrets.token_hex(8)} if opts.fresh else {}
    run_id = "r-" + digest_id({**run_key, **salt})[:16]
    run_keys = RunKeys(run_id)
    keys = {arm: run_keys.bundle(data) if data is not None else None
            for arm, data in bundles.items()}
    payloads = {k: d for k, d in ((keys[a], bundles[a]) for a in bundles) if k and d}
    fixtures_key = run_keys.bundle(fixtures)
    payloads[fixtures_key] = fixtures
    payloads.update((run_keys.bundle_of(digest), data) for digest, data in projects.items())

    case_digests: dict[int, str] = {}  # by object: once per case, not once per trial

    def trial_id(case: Case, rep: int, arm: Arm) -> str:
        # The grader model is part of what a statement-graded trial measured.
        grader = {"grader": opts.grader} if case.statements else {}
        digest = case_digests.get(id(case)) or case_digests.setdefault(id(case), case.digest())
        return digest_id({"skill": digests[arm], "case": digest, "rep": rep,
                          "arm": str(arm), **options, **grader, **salt})

    template = TrialTemplate(run_id=run_id, model=opts.model, skill_name=skill.name,
                             fixtures_bundle=fixtures_key, bundles=keys, limits=opts.limits,
                             grader_model=opts.grader)
    trials = expand(template, cases, opts.k, arms, trial_id)
    return Plan(run_id=run_id, created_at=datetime.now(UTC), skill=skill, incumbent=incumbent,
                incumbent_note=note,
                caseset_digest=hashlib.sha256(caseset.model_dump_json().encode()).hexdigest(),
                cases=[c.id for c in caseset.evals], k=opts.k, arms=arms, model=opts.model,
                alpha=opts.alpha, adaptive=adaptive,
                grader_model=opts.grader, judge_model=opts.judge_by if opts.judge else None,
                judge_expected_output=caseset.judge_expected_output,
                judge_all=opts.judge and opts.judge_all,
                findings=[*caseset.findings, *restated_prompts(
                    caseset, skill.description, str(skill.path / "evals/evals.json"))],
                dry_run=opts.model_script is not None, bundles=payloads,
                image_id=opts.sandbox.image_id, isolation=isolation(opts.sandbox),
                versions=runner_versions(),
                trials=trials)
