"""`skill-eval trigger`: run every trigger query N times and report where the skill fired.

Session mode runs each (query, run) as a trial through the same pass as a paired eval
(containers, gateway, ledger, Ray, resume). Catalog mode (runner.triggers.catalog) asks a model
once per query with the library's catalog: no sandbox, no agent.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from runner.analysis.triggers import build_trigger_report
from runner.authoring.skill import load_skill
from runner.console import err as stderr_console
from runner.driver.evaluate import check_model_access
from runner.driver.passes import run_pass
from runner.driver.preflight import check_pass, live_check
from runner.driver.receipts import file_trigger, trigger_digests
from runner.driver.refusals import refuse_no_claude
from runner.driver.scheduler import finished
from runner.driver.storewide import refuse_if_stopped
from runner.driver.wave import RunBudget, Wave
from runner.errors import RefusedInput
from runner.sandbox.registry import open_sandbox
from runner.schema.enums import TriggerMode
from runner.schema.options import RunOptions
from runner.schema.skill import Skill
from runner.schema.triggers import TriggerReport, TriggerSet
from runner.store.base import Store, open_store
from runner.store.keys import RunKeys, trigger_catalog_key, trigger_report_key
from runner.triggers.catalog import run_catalog
from runner.triggers.plan import check_trigger_request, make_trigger_plan, neighbours
from runner.triggers.queries import split

MODES = ("session", "catalog")


def trigger_key(run_id: str) -> str:
    return RunKeys(run_id).trigger_json


def run_with_neighbours(opts: RunOptions, skills_dir: Path | None, mode: str, count: int,
                        console: Console | None = None,
                        budget: RunBudget | None = None) -> list[TriggerReport]:
    """The skill's trigger report, then one per neighbour (`--with-neighbours N`): the N
    skills of the library whose descriptions overlap most and that have their own trigger
    sets, each measured in a library that includes the skill under test. A neighbour whose
    recall fell is what an edit of this skill's description cost."""
    if count and skills_dir is None:
        raise RefusedInput("--with-neighbours needs --skills-dir (the library to find them in)")
    reports = [run_trigger(opts, skills_dir, mode, console, budget=budget)]
    if count and skills_dir is not None:
        skill = load_skill(opts.skill_path)
        for neighbour in neighbours(skill, skills_dir, count):
            reports.append(run_trigger(opts.model_copy(update={"skill_path": neighbour.path}),
                                       skills_dir, mode, console, neighbour_of=skill,
                                       budget=budget))
    return reports


def run_trigger(opts: RunOptions, skills_dir: Path | None = None, mode: str = "session",
                console: Console | None = None, store: Store | None = None,
                neighbour_of: Skill | None = None, budget: RunBudget | None = None
                ) -> TriggerReport:
    """One trigger run. A session-mode run that completed (not stopped, every session
    decided) files a receipt, saved under `opts.save` (a neighbour's joins the tested skill's
    name; `neighbour_of`: the tested skill, staged in the neighbour's library); catalog mode
    is a reading of the descriptions and files none. `budget`: what the
    run's earlier waves spent (`run --with-triggers`: one cap for the whole run)."""
    console = console or stderr_console()
    if mode not in MODES:
        raise RefusedInput(f"--mode {mode}: one of {', '.join(MODES)}")
    skill, library, queries = check_trigger_request(
        opts, skills_dir, (neighbour_of,) if neighbour_of else ())
    check_model_access(opts)
    store = store or open_store(opts.store_uri, opts.store_endpoint)
    refuse_if_stopped(store)  # catalog mode too: it calls the model
    splits = split(queries.queries)
    console.print(f"trigger {skill.name}: {len(queries.queries)} quer(y/ies) from "
                  + ", ".join(queries.files) + f"; library of {len(library)} skill(s)")
    if mode == "catalog":
        report = _catalog(opts, store, skill, library, queries, console, budget)
        store.put(trigger_catalog_key(skill.digest),
                  report.model_dump_json(indent=1).encode())
        return report
    refuse_no_claude(opts.settings())  # once, before any session (runner.driver.refusals)
    info = open_sandbox(opts.sandbox).preflight()
    opts = opts.model_copy(update={"sandbox": opts.sandbox.model_copy(
        update={"image_id": info.image_id})})
    plan = make_trigger_plan(opts, skill, library, queries)
    check_pass(opts.settings(), store, info.image_id)
    done = finished(plan.trials, store)
    console.print(f"run {plan.run_id}: {len(plan.cases)} quer(y/ies) x {plan.k} run(s) = "
                  f"{len(plan.trials)} session(s) ({len(done)} already done), model "
                  f"{plan.model}" + (" (dry run: scripted model)" if plan.dry_run else ""))
    outcome = run_pass(plan.run_id, [plan], store, opts.settings(), console, done,
                       budget)
    ids = {t.trial_id for t in plan.trials}
    report = build_trigger_report(skill.name, skill.description, TriggerMode.SESSION, plan.k,
                                  queries.files, queries.queries, splits,
                                  [r for r in outcome.results if r.trial_id in ids]).model_copy(
                                  update={"run_id": plan.run_id})
    data = report.model_dump_json(indent=1).encode()
    store.put(trigger_key(plan.run_id), data)
    store.put(trigger_report_key(skill.digest, plan.run_id), data)
    digests = trigger_digests(plan, skill.name, [(s.name, s.digest) for s in library],
                              [(q.prompt, q.should_trigger) for q in queries.queries],
                              opts.model_script)
    file_trigger(store, plan, report, digests, outcome.stopped, opts.save,
                 neighbour_of.name if neighbour_of else None)
    return report


def _catalog(opts: RunOptions, store: Store, skill: Skill, library: list[Skill],
             queries: TriggerSet, console: Console, budget: RunBudget | None) -> TriggerReport:
    """Catalog mode: one call per query in one wave (its live check, its caps, its upstream)."""
    wave_id = f"catalog-{skill.digest[:12]}"
    with Wave(wave_id, store, opts.settings(), budget) as wave:
        wave.price(0.0, 0.0, f"{len(queries.queries)} catalog call(s)")
        live_check(wave, [opts.model], console)
        _, guard = wave.paced(opts)
        results = run_catalog(wave.access(wave.prior, guard), library, queries, opts.model,
                              console)
        spent = sum(r.usage.cost_usd for r in results if r.usage is not None)
        wave.store_spend().record(spent)
        wave.budget.spent_usd = wave.prior + spent
    return build_trigger_report(skill.name, skill.description, TriggerMode.CATALOG, 1,
                                queries.files, queries.queries, split(queries.queries), results)
