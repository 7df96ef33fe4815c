"""Several skills at once (docs/running.md#several-skills-at-once):
`run --add-skill A --add-skill B [--baseline-mode MODE]`.

    candidate   every skill, staged together as one `library` plugin (the WITH half)
    baseline    joint: no skill (one without-arm; the delta is the set's joint contribution)
                per-skill: every skill but one (one without-arm per skill: its marginal
                contribution)

Each without-arm is an ordinary two-arm plan with its own run id, report and receipt, so every
reader of runs (reports, the judge, the viewer, receipts) works unchanged. The candidate's
trials are the same sessions in every plan of a per-skill run (same staged bytes, same ids), and
a pass runs a trial id once (runner.driver.passes): N+1 arms of sessions, not 2N. The case set
is every skill's cases together. A single-skill run never comes here.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from runner.authoring.bundles import hoist_projects, pack_fixtures, pack_library
from runner.authoring.caseset import load_caseset, restated_prompts
from runner.authoring.program_files import program_files
from runner.authoring.skill import load_skill
from runner.errors import RefusedInput
from runner.planning.ids import digest_id
from runner.planning.plan import isolation, runner_versions, session_options
from runner.planning.trials import TrialTemplate, expand
from runner.schema.case import Case, CaseSet, Finding
from runner.schema.enums import Arm, BaselineMode
from runner.schema.options import RunOptions
from runner.schema.plan import Plan
from runner.schema.skill import Skill
from runner.store.keys import RunKeys


def group_skill(skills: list[Skill]) -> Skill:
    """The set as one skill for the run's records: its names joined, a digest of their digests."""
    ordered = sorted(skills, key=lambda s: s.name)
    digest = hashlib.sha256("\n".join(f"{s.name}:{s.digest}" for s in ordered).encode())
    return Skill(path=skills[0].path, name="+".join(s.name for s in ordered),
                 description=" | ".join(s.description for s in ordered),
                 digest=digest.hexdigest())


@dataclass(frozen=True)
class GroupRequest:
    skills: list[Skill]
    casesets: list[CaseSet]  # one per skill, each selected by --case

    @property
    def cases(self) -> list[Case]:
        return [c for s in self.casesets for c in s.evals]


def check_group(opts: RunOptions) -> GroupRequest:
    """Every offline refusal of a several-skill run, before anything is packed."""
    paths = list(dict.fromkeys(opts.skill_paths))
    if len(paths) < 2:
        raise RefusedInput("--skill: name two or more skills to run them at once (one skill: "
                           "`skill-eval run SKILL`)")
    if opts.incumbent_path is not None:
        raise RefusedInput("--incumbent compares one skill with its previous version; it does "
                           "not combine with several --skill")
    skills = [load_skill(p) for p in paths]
    names = [s.name for s in skills]
    if len(set(names)) < len(names):
        raise RefusedInput(f"--skill: two folders are the same skill by name ({names}); name "
                           "each skill once")
    casesets = [load_caseset(s.path, s.name) for s in skills]
    for skill, caseset in zip(skills, casesets, strict=True):
        if caseset.skill_name != skill.name:
            raise RefusedInput(f"{skill.path / 'evals/evals.json'}: skill_name "
                               f"{caseset.skill_name!r} does not match SKILL.md name "
                               f"{skill.name!r}")
    seen: dict[str, str] = {}
    for skill, caseset in zip(skills, casesets, strict=True):
        for case in caseset.evals:
            if case.id in seen:
                raise RefusedInput(f"{skill.path / 'evals/evals.json'}: case {case.id!r} is also "
                                   f"a case of {seen[case.id]}; case ids must be unique across "
                                   "the skills run together (rename one)")
            seen[case.id] = skill.name
    wanted = set(opts.case_ids)
    missing = sorted(wanted - set(seen))
    if missing:
        raise RefusedInput(f"--case {', '.join(missing)}: no such case in any of the skills "
                           f"(have {sorted(seen)})")
    if wanted:
        casesets = [c.model_copy(update={"evals": tuple(e for e in c.evals if e.id in wanted)})
                    for c in casesets]
    if not any(c.evals for c in casesets):
        raise RefusedInput("no case to run")
    if opts.save is not None and opts.baseline_mode is BaselineMode.PER_SKILL:
        raise RefusedInput("--save names one run, and per-skill makes one run per skill; save "
                           "a joint run, or compare the per-skill runs by their ids")
    if Arm.CANDIDATE not in opts.arms or Arm.BASELINE not in opts.arms:
        raise RefusedInput("several skills at once run the candidate and baseline arms "
                           "(--arms baseline,candidate)")
    return GroupRequest(skills, casesets)


def _trial_ids(digests: dict[Arm, str | None], options: dict[str, object],
               grader: str) -> Callable[[Case, int, Arm], str]:
    """Ids as a single-skill plan makes them, from each arm's staged bytes: the candidate's
    are the same in every plan of a per-skill run."""
    def trial_id(case: Case, rep: int, arm: Arm) -> str:
        graded = {"grader": grader} if case.statements else {}
        return digest_id({"skill": digests[arm], "case": case.digest(), "rep": rep,
                          "arm": str(arm), **options, **graded})
    return trial_id


def make_group_plans(opts: RunOptions, request: GroupRequest | None = None) -> list[Plan]:
    """One plan per without-arm: joint -> one, per-skill -> one per skill."""
    request = request or check_group(opts)
    salt = {"salt": secrets.token_hex(8)} if opts.fresh else {}
    per_skill = opts.baseline_mode is BaselineMode.PER_SKILL
    without: list[Skill | None] = list(request.skills) if per_skill else [None]
    return [_group_plan(opts, request, left_out, salt) for left_out in without]


def _group_plan(opts: RunOptions, request: GroupRequest, left_out: Skill | None,
                salt: dict[str, str]) -> Plan:
    """The plan whose baseline leaves `left_out` out (None: every skill, the joint plan)."""
    skills, options = request.skills, session_options(opts)
    everything = group_skill(skills)
    caseset = CaseSet(skill_name=everything.name, evals=tuple(request.cases),
                      judge_expected_output=all(c.judge_expected_output
                                                for c in request.casesets))
    graded = any(c.statements for c in caseset.evals)
    # each skill's cases as planned: a project's files are one bundle (the run's id reads them)
    planned = [hoist_projects(skill.path, part.evals)
               for skill, part in zip(skills, request.casesets, strict=True)]
    staged = {Arm.CANDIDATE: skills,
              Arm.BASELINE: [s for s in skills if s is not left_out] if left_out else []}
    run_key = {"skills": everything.digest, "baseline_mode": str(opts.baseline_mode),
               "left_out": left_out.name if left_out else None, "k": opts.k,
               "cases": [c.digest() for part in planned for c in part[0]],
               "arms": [str(Arm.BASELINE), str(Arm.CANDIDATE)], **options,
               **({"grader": opts.grader} if graded else {})}
    run_id = "r-" + digest_id({**run_key, **salt})[:16]
    bundles = {arm: pack_library(found) if found else None for arm, found in staged.items()}
    keys = {arm: RunKeys(run_id).bundle(data) if data else None
            for arm, data in bundles.items()}
    payloads = {RunKeys(run_id).bundle(d): d for d in bundles.values() if d is not None}
    fixtures: dict[str, str] = {}  # skill name -> its cases' fixtures bundle
    for skill, part in zip(skills, request.casesets, strict=True):
        data = pack_fixtures(skill.path, program_files(skill.path, part))
        payloads[RunKeys(run_id).bundle(data)] = data
        fixtures[skill.name] = RunKeys(run_id).bundle(data)
    digests = {arm: group_skill(found).digest if found else None
               for arm, found in staged.items()}
    trial_id = _trial_ids(digests, {**options, **salt}, opts.grader)
    trials = []
    for skill, (cases, projects) in zip(skills, planned, strict=True):
        template = TrialTemplate(run_id=run_id, model=opts.model, skill_name=everything.name,
                                 fixtures_bundle=fixtures[skill.name], bundles=keys,
                                 limits=opts.limits, grader_model=opts.grader)
        payloads.update((RunKeys(run_id).bundle_of(d), data) for d, data in projects.items())
        trials += [t.model_copy(update={"library": tuple(s.name for s in staged[t.arm]),
                                        "guarded": tuple(s.name for s in skills)})
                   for t in expand(template, cases, opts.k,
                                   (Arm.BASELINE, Arm.CANDIDATE), trial_id)]
    return Plan(
        run_id=run_id, created_at=datetime.now(UTC), skill=everything, incumbent=None,
        incumbent_note="several skills at once: no incumbent",
        caseset_digest=hashlib.sha256(caseset.model_dump_json().encode()).hexdigest(),
        cases=[c.id for c in caseset.evals], k=opts.k, arms=[Arm.BASELINE, Arm.CANDIDATE],
        model=opts.model, grader_model=opts.grader,
        judge_model=opts.judge_by if opts.judge else None,
        judge_expected_output=caseset.judge_expected_output,
        judge_all=opts.judge and opts.judge_all, findings=_group_findings(request),
        dry_run=opts.model_script is not None, bundles=payloads,
        image_id=opts.sandbox.image_id, isolation=isolation(opts.sandbox),
        versions=runner_versions(), skills=skills, baseline_mode=opts.baseline_mode,
        left_out=left_out.name if left_out else None, trials=trials)


def _group_findings(request: GroupRequest) -> list[Finding]:
    return [f for s, part in zip(request.skills, request.casesets, strict=True)
            for f in [*part.findings, *restated_prompts(
                part, s.description, str(s.path / "evals/evals.json"))]]
