"""`run`, `check` and `estimate` on a collection of skills (runner.authoring.collections;
docs/running.md#a-collection-of-skills): each case runs against the skill it names. A run per
skill with cases, each an ordinary single-skill plan (candidate: that skill; baseline: none),
so each has its own report and its receipt under its own skill digest; all of them in one wave
under one budget, like a batch; then the group summary (runs/<group id>/report.json)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from runner.authoring.caseset import load_caseset
from runner.authoring.collections import (
    Collection,
    Member,
    TriggerReading,
    nothing_to_run,
    read_collection,
)
from runner.authoring.problems import CaseSetRefused
from runner.authoring.read_once import read_once
from runner.authoring.reading import located
from runner.driver.checking import Checked, check_skill
from runner.driver.estimating import estimate_eval
from runner.driver.evaluate import (
    estimate_run,
    finish,
    note_unsaved,
    preflight,
    stored_unmatched,
    with_incumbent,
)
from runner.driver.passes import run_pass
from runner.driver.preflight import check_pass
from runner.driver.scheduler import finished
from runner.errors import CaseSetError, RefusedInput
from runner.render.terminal import render_estimate
from runner.schema.collection import CollectionSummary, NotRun, SkillRun
from runner.schema.options import RunOptions
from runner.schema.plan import Plan
from runner.schema.report import Report
from runner.schema.runs import Estimate, Line
from runner.store.base import open_store
from runner.store.groups import write_group_plan
from runner.store.keys import RunKeys
from runner.triggers.checked import triggers_only
from runner.triggers.queries import unclaimed


def collection_at(root: Path, skill_name: str | None = None,
                  cases_file: Path | None = None) -> Collection | None:
    """The collection `run`/`check`/`estimate` is pointed at, or None (a skill: the ordinary
    path). `--skill-name` outside a collection is refused: it narrows a collection only."""
    found = read_collection(root, skill_name, cases_file, TriggerReading(
        triggers_only, lambda skills: [c.line() for c in unclaimed(skills)]))
    if found is None and skill_name is not None:
        raise RefusedInput(f"--skill-name {skill_name}: {root} is not a collection of skills "
                           "(a folder without SKILL.md holding several); leave the flag out")
    return found


@dataclass(frozen=True)
class PassedOver:
    """A skill of the collection no run is made for, said, while the others run: none of its
    cases can run as written (each one's input is missing: a file on its author's machine,
    the user's project), its set otherwise sound; or its set is refused (`refused`: a broken
    file, problems `check` lists), which refuses a lone skill but not the collection's other
    skills: one draft skill of 281 once refused the whole collection, whose 280 others were
    sound. `--strict` refuses it (and the collection), as it refuses a lone skill's set with a
    case left out. A hygiene error (a link out of the skill) still refuses the collection: it
    is no set's problem but the repository's."""

    refusal: CaseSetError
    refused: bool = False

    def __str__(self) -> str:
        if self.refused:
            return f"its case set is refused, the collection's other skills run: {self.refusal}"
        return f"every case is left out, none can run as written: {self.refusal}"


def passed_over(opts: RunOptions, member: Member) -> PassedOver | None:
    """The member's set when every case of it is left out and nothing else is wrong with it,
    or when it is refused (read once a command: runner.authoring.read_once); None otherwise
    (a set that runs, or a refusal that is not its set's). A collection none of whose skills
    is left is refused by the caller."""
    if opts.strict:
        return None
    try:
        load_caseset(member.path, member.name, opts.cases_file)
    except CaseSetRefused as exc:
        return PassedOver(exc, refused=not exc.unrunnable_only)
    except CaseSetError as exc:
        return PassedOver(exc, refused=True)
    except RefusedInput:
        return None
    return None


def member_options(opts: RunOptions, coll: Collection) -> list[tuple[Member, RunOptions]]:
    """Each running skill's options: its folder, and of `--case` the ids its set holds
    (an id no skill holds is refused; a skill none of whose cases is chosen does not run)."""
    _refuse_combinations(opts, coll)
    if not coll.running:  # its skills have trigger sets only (read_collection refuses others)
        raise nothing_to_run(coll)
    chosen = []
    wanted = set(opts.case_ids)
    seen: set[str] = set()
    over: list[Member] = []
    held: dict[str, str] = {}  # a wanted case of a skill passed over -> that skill
    for member in coll.running:
        if (skipped := passed_over(opts, member)) is not None:
            over.append(member)  # nothing of it can run: said by `check`, listed as not run
            held |= {str(p.case): member.name for p in getattr(skipped.refusal, "problems", [])
                     if str(p.case) in wanted}
            continue
        update: dict[str, object] = {"skill_path": member.path}
        if wanted:
            ids = {c.id for c in load_caseset(member.path, member.name, opts.cases_file).evals}
            seen |= ids & wanted
            if not ids & wanted:
                continue
            update["case_ids"] = tuple(i for i in opts.case_ids if i in ids)
        chosen.append((member, opts.model_copy(update=update)))
    if not chosen and not wanted and over:
        raise RefusedInput("no skill of the collection has a case that can run as written: "
                           f"{', '.join(m.name for m in over)} (each one's set refused, or "
                           "every case of it left out for its missing input; `check` says "
                           "which)")
    if not chosen and not wanted:
        raise nothing_to_run(coll)
    missing = sorted(wanted - seen)
    if held and missing:
        raise RefusedInput(f"--case {', '.join(i for i in missing if i in held)}: a case of "
                           f"{', '.join(sorted(set(held.values())))}, which is not run: every "
                           "case of it is left out for its missing input (`check` says which "
                           "and how to stage it)")
    if missing:
        raise RefusedInput(f"--case {', '.join(missing)}: no such case in any skill of the "
                           f"collection {coll.root}")
    return chosen


def _refuse_combinations(opts: RunOptions, coll: Collection) -> None:
    if opts.incumbent_path is not None:
        raise RefusedInput("--incumbent PATH is one skill's previous version; a collection "
                           "runs several skills (use --skill-name NAME to run one, or "
                           "--incumbent latest: each skill's own)")
    if opts.save is not None and len(coll.running) > 1:
        raise RefusedInput("--save names one run, and a collection makes one run per skill; "
                           "narrow it with --skill-name NAME, or compare the runs by their ids")


def _member_error(member: Path, exc: RefusedInput) -> RefusedInput:
    """A refusal of one skill of the collection, naming the skill."""
    return RefusedInput(f"skill {member} of the collection: {exc}")


def check_collection(opts: RunOptions, coll: Collection
                     ) -> list[tuple[Member, Checked | RefusedInput | PassedOver]]:
    """`check COLLECTION`: each skill that would run, and each whose authors wrote only a
    trigger set, checked as `check SKILL` checks it. One skill's refusal (a hygiene error, its
    set) is that skill's outcome, listed in its place: the others are still checked, so one
    skill's symlinked fixture does not hide what the rest of the collection would do (the
    caller refuses the collection when any skill is refused, as `run` would)."""
    over = [(m, p) for m in coll.running if (p := passed_over(opts, m)) is not None]
    chosen = member_options(opts, coll) if len(over) < len(coll.running) else []
    chosen += [(m, opts.model_copy(update={"skill_path": m.path}))
               for m in coll.members if m.triggers and not opts.case_ids]
    found: list[tuple[Member, Checked | RefusedInput | PassedOver]] = list(over)
    for member, member_opts in chosen:
        try:
            found.append((member, check_skill(member_opts)))
        except CaseSetError as exc:
            # a trigger set that cannot be read is its skill's, as a runtime set is
            found.append((member, exc if opts.strict or not member.triggers
                          else PassedOver(exc, refused=True)))
        except RefusedInput as exc:
            found.append((member, exc))
    return found


_NAMED = 5  # skills a collection's refusal names (each one's own refusal is listed above it)


def refused_members(checked: list[tuple[Member, Checked | RefusedInput | PassedOver]]
                    ) -> RefusedInput | None:
    """The collection's refusal when any of its skills is refused (a run on it would refuse
    before anything is spent), naming each, or when no skill has a case that can run; None
    when every skill can run (one passed over is not run, said)."""
    refused = [m for m, c in checked if isinstance(c, RefusedInput)]
    if not refused and checked and all(isinstance(c, PassedOver) for _, c in checked):
        return RefusedInput("no skill of the collection has a case that can run as written "
                            "(each skill's reason above)")
    if not refused:
        return None
    names = ", ".join(m.name for m in refused[:_NAMED]) + (
        f" and {len(refused) - _NAMED} more" if len(refused) > _NAMED else "")
    return RefusedInput(f"{len(refused)} of the collection's {len(checked)} checked skill(s) "
                        f"refused: {names} (each refusal above, "
                        "in its skill's place; a run on the collection refuses until each is "
                        "fixed; check or run another one alone with --skill-name NAME)")


def refuse_refused(opts: RunOptions, coll: Collection) -> None:
    """`run` and `estimate` on a collection: every skill checked first as `check COLLECTION`
    checks it (the same function), and when any is refused the command is refused before
    anything is planned, started or written, listing every refused skill with its refusal
    (one at a time would make the author fix, rerun, and meet the next)."""
    checked = check_collection(opts, coll)
    refusal = refused_members(checked)
    if refusal is None:
        return
    raise RefusedInput("\n".join([
        *(f"{m.name} ({m.path}): refused: {c}" for m, c in checked
          if isinstance(c, RefusedInput)),
        *(f"{m.name} ({m.path}): not run: {c}" for m, c in checked
          if isinstance(c, PassedOver)), str(refusal)]))


def estimate_collection(opts: RunOptions, coll: Collection) -> list[tuple[Plan, Estimate]]:
    """`estimate COLLECTION`: each skill's run priced as `estimate SKILL` prices it, once no
    skill is refused (`refuse_refused`)."""
    with read_once():  # each skill's set read once, by the check, the choice and the plan
        refuse_refused(opts, coll)
        return [estimate_eval(o) for _, o in member_options(opts, coll)]


def total(estimates: list[Estimate]) -> Estimate:
    """The group's cost: each arm's (grader's, judge's) lines of every skill summed."""
    lines: dict[str, Line] = {}
    for line in (x for e in estimates for x in e.lines):
        seen = lines.get(line.what)
        lines[line.what] = line if seen is None else seen.model_copy(update={
            "calls": seen.calls + line.calls, "usd": seen.usd + line.usd,
            "input_tokens": seen.input_tokens + line.input_tokens,
            "output_tokens": seen.output_tokens + line.output_tokens,
            "upper_bound": seen.upper_bound or line.upper_bound,
            "basis": seen.basis if seen.basis == line.basis else "per skill, as above"})
    return Estimate(lines=list(lines.values()), total_usd=sum(e.total_usd for e in estimates),
                    price_table=estimates[0].price_table)


def _plans(all_opts: list[RunOptions], console: Console) -> tuple[list[Plan], list[RunOptions]]:
    store = open_store(all_opts[0].store_uri, all_opts[0].store_endpoint)
    plans, resolved = [], []
    for index, opts in enumerate(all_opts):
        try:
            opts = with_incumbent(opts, store, console)[0]
            plans.append(preflight(opts, warm=index == 0))
        except RefusedInput as exc:
            raise _member_error(opts.skill_path, exc) from exc
        resolved.append(opts)
    return plans, resolved


def run_collection(opts: RunOptions, coll: Collection, console: Console,
                   confirm: Callable[[Estimate], bool] | None = None
                   ) -> tuple[CollectionSummary, list[Report]]:
    """Every skill's run in one wave under one budget; a report per skill, then the summary."""
    for line in coll.lines():
        console.print(Text(line))
    with read_once():  # each skill's set read once, by the check, the choice and the plan
        refuse_refused(opts, coll)  # every refused skill listed, before Ray or the store
        plans, all_opts = _plans([o for _, o in member_options(opts, coll)], console)
    settings = opts.settings()
    store = open_store(settings.store_uri, settings.store_endpoint)
    check_pass(settings, store, plans[0].image_id)
    ids = [p.run_id for p in plans]
    group_id = "c-" + hashlib.sha256(" ".join(ids).encode()).hexdigest()[:16]
    estimates = []
    for plan in plans:
        done = finished(plan.trials, store)
        for finding in plan.findings:
            console.print(f"[yellow]{finding.code}[/] {escape(located(finding))} "
                          f"{escape(finding.message)}; fix: {escape(finding.fix)}")
        console.print(Text(f"{plan.skill.name}: run {plan.run_id}: {len(plan.cases)} case(s) "
                           f"x k={plan.k_label()} x {len(plan.arms)} arm(s) = "
                           f"{len(plan.trials)} trial(s) ({len(done)} already done)"))
        estimates.append(estimate_run(plan, store, set(done), opts.batch_grading))
    estimate = total(estimates)
    render_estimate(estimate, console, "would cost" if not plans[0].dry_run else
                    "would cost against the real model")
    if confirm is not None and estimate.lines and not confirm(estimate):
        raise RefusedInput("not started: declined at the cost prompt (nothing was spent)")
    console.print(Text(f"group {group_id}: {len(plans)} skill run(s) in one wave "
                       f"(`skill-eval stop {group_id}` stops them all)"))
    write_group_plan(store, group_id, ids)
    outcome = run_pass(group_id, plans, store, settings, console)
    reports = [finish(plan, outcome.results, outcome.stopped, store,
                      outcome.unmatched if outcome.ran else stored_unmatched(store, plan.run_id),
                      opts=o) for plan, o in zip(plans, all_opts, strict=True)]
    for report, o in zip(reports, all_opts, strict=True):
        note_unsaved(report, o, console)
    summary = summarize(group_id, coll, plans, reports, outcome.stopped, opts)
    store.put(RunKeys(group_id).report_json, summary.model_dump_json(indent=1).encode())
    return summary, reports


def summarize(group_id: str, coll: Collection, plans: list[Plan], reports: list[Report],
              stopped: str | None, opts: RunOptions) -> CollectionSummary:
    ran = {p.skill.path.resolve() for p in plans}
    runs = [SkillRun(skill=r.skill, path=str(p.skill.path), run_id=r.run_id,
                     skill_sha256=r.skill_digest, cases=len(p.cases), verdict=str(r.verdict),
                     net_lift=r.net_lift, status=str(r.status), partial=r.partial)
            for p, r in zip(plans, reports, strict=True)]
    not_run = [NotRun(skill=m.name, path=str(m.path),
                      reason=m.why_not or ("left out by --skill-name" if m in coll.skipped
                                           else str(over) if (over := passed_over(opts, m))
                                           else "none of its cases chosen by --case"))
               for m in [*coll.members, *coll.skipped] if m.path.resolve() not in ran]
    return CollectionSummary(group_id=group_id, root=str(coll.root.resolve()), stopped=stopped,
                             runs=runs, not_run=not_run)
