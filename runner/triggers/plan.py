"""A trigger run as a plan: one trial per (query, run), each a fresh container whose plugin
holds the skill and its library neighbours, the query as the prompt. Nothing is graded; what
counts is the first skill the session loaded."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime
from pathlib import Path

from runner import config
from runner.authoring.bundles import pack_library
from runner.authoring.skill import load_library, load_skill
from runner.errors import RefusedInput
from runner.planning.ids import digest_id
from runner.planning.plan import isolation
from runner.planning.trials import TrialTemplate, expand
from runner.schema.case import Case
from runner.schema.enums import Arm, TrialKind
from runner.schema.options import RunOptions, SessionLimits
from runner.schema.plan import Plan
from runner.schema.skill import Skill
from runner.schema.triggers import TriggerSet
from runner.store.keys import RunKeys
from runner.triggers.queries import load_trigger_set, trigger_files
from runner.triggers.route import words

# The routing decision lands in the first turn or two; the rest would be paid and thrown away.
DEFAULT_SESSION_BUDGET_USD = 0.25
EMPTY_FIXTURES = pack_library([])


def library_for(skill: Skill, skills_dir: Path | None,
                extra: tuple[Skill, ...] = ()) -> list[Skill]:
    """The skill and, with --skills-dir, every other skill there (its namesake replaced), plus
    `extra` (the skill under test, when measuring one of its neighbours)."""
    others = [s for s in load_library(skills_dir)] if skills_dir is not None else []
    found: dict[str, Skill] = {skill.name: skill}
    for other in [*extra, *others]:
        found.setdefault(other.name, other)
    return list(found.values())


def neighbours(skill: Skill, skills_dir: Path, count: int) -> list[Skill]:
    """The `count` skills whose descriptions share most words with this one's and that have a
    trigger set of their own."""
    mine = words(skill.description)
    scored = []
    for other in load_library(skills_dir):
        if other.name == skill.name or not trigger_files(other.path):
            continue
        theirs = words(other.description)
        overlap = len(mine & theirs) / len(mine | theirs) if mine | theirs else 0.0
        scored.append((overlap, other.name, other))
    return [s for _, _, s in sorted(scored, key=lambda x: (-x[0], x[1]))[:count]]


def check_trigger_request(opts: RunOptions, skills_dir: Path | None,
                          extra: tuple[Skill, ...] = ()
                          ) -> tuple[Skill, list[Skill], TriggerSet]:
    skill = load_skill(opts.skill_path)
    library = library_for(skill, skills_dir, extra)
    return skill, library, load_trigger_set(skill.path, skill.name)


def make_trigger_plan(opts: RunOptions, skill: Skill, library: list[Skill],
                      queries: TriggerSet) -> Plan:
    if opts.k < 1:
        raise RefusedInput("--k must be at least 1")
    bundle = pack_library(library)
    budget = opts.session_budget_usd or DEFAULT_SESSION_BUDGET_USD
    script = (hashlib.sha256(opts.model_script.read_bytes()).hexdigest()
              if opts.model_script else None)
    options = {"kind": "trigger", "model": opts.model, "timeout_s": opts.timeout_s,
               "max_turns": opts.max_turns, "budget": budget, "script": script,
               "image": opts.sandbox.image_id or opts.sandbox.image,
               "runtime": opts.sandbox.runtime, "claude_sdk": config.CLAUDE_SDK_VERSION,
               "library": sorted((s.name, s.digest) for s in library)}
    salt = {"salt": secrets.token_hex(8)} if opts.fresh else {}
    run_id = "t-" + digest_id({"skill": skill.digest, "runs": opts.k,
                               "queries": [q.model_dump() for q in queries.queries],
                               **options, **salt})[:16]
    keys = RunKeys(run_id)
    bundle_key, fixtures_key = keys.bundle(bundle), keys.bundle(EMPTY_FIXTURES)
    by_prompt = {q.id: q.prompt for q in queries.queries}

    def trial_id(case: Case, rep: int, arm: Arm) -> str:
        return digest_id({"prompt": by_prompt[case.id], "rep": rep, **options, **salt})

    limits = SessionLimits(timeout_s=opts.timeout_s, max_turns=opts.max_turns,
                           session_budget_usd=budget)
    template = TrialTemplate(run_id=run_id, model=opts.model, skill_name=skill.name,
                             fixtures_bundle=fixtures_key, bundles={Arm.CANDIDATE: bundle_key},
                             limits=limits, grader_model=opts.grader, kind=TrialKind.TRIGGER,
                             scorers=())
    trials = expand(template, [Case(id=q.id, prompt=q.prompt) for q in queries.queries],
                    opts.k, [Arm.CANDIDATE], trial_id)
    return Plan(run_id=run_id, created_at=datetime.now(UTC), skill=skill, incumbent=None,
                incumbent_note=None,
                caseset_digest=hashlib.sha256(queries.model_dump_json().encode()).hexdigest(),
                cases=[q.id for q in queries.queries], k=opts.k, arms=[Arm.CANDIDATE],
                model=opts.model, judge_model=None, dry_run=opts.model_script is not None,
                bundles={bundle_key: bundle, fixtures_key: EMPTY_FIXTURES},
                image_id=opts.sandbox.image_id, isolation=isolation(opts.sandbox),
                versions={"claude-agent-sdk": config.CLAUDE_SDK_VERSION}, trials=trials)
