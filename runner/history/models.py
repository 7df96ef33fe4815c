"""`skill-eval compare A B` of two multi-model runs (each an `m-` group id): one comparison
per model both ran, each refused or compared exactly as `compare` of those two runs."""

from __future__ import annotations

from runner.errors import RefusedInput
from runner.history.compare import compare_refs
from runner.schema.plan import Plan
from runner.schema.regression import Regression
from runner.store.base import Store
from runner.store.groups import read_group_plan
from runner.store.keys import RunKeys

PREFIX = "m-"  # runner.driver.models names a multi-model run's group so


def model_runs(store: Store, ref: str) -> dict[str, str] | None:
    """A multi-model run's runs by model; None when `ref` is not one."""
    if not ref.startswith(PREFIX):
        return None
    try:
        group = read_group_plan(store, ref)
    except KeyError:
        return None
    runs: dict[str, str] = {}
    for run_id in group.run_ids:
        try:
            runs[Plan.model_validate_json(store.get(RunKeys(run_id).plan)).model] = run_id
        except (KeyError, ValueError) as exc:
            raise RefusedInput(f"{ref}: its run {run_id} has no readable plan in "
                               f"{store.uri}") from exc
    return runs


def compare_models(store: Store, before: str, after: str, allowed: tuple[str, ...] = (),
                   skill: str | None = None,
                   fail_on_cost: bool = False) -> dict[str, Regression]:
    """Each model's run in AFTER against the same model's in BEFORE."""
    mine, theirs = model_runs(store, before), model_runs(store, after)
    if mine is None or theirs is None:
        one, other = (before, after) if mine is not None else (after, before)
        raise RefusedInput(f"{one} is a multi-model run and {other} is not: compare two "
                           "multi-model runs (model by model), or one model's runs by their "
                           "run ids (`skill-eval runs` lists them)")
    common = [m for m in mine if m in theirs]
    if not common:
        raise RefusedInput(f"{before} ({', '.join(mine)}) and {after} ({', '.join(theirs)}) "
                           "share no model: nothing to compare")
    out: dict[str, Regression] = {}
    for model in common:
        regression = compare_refs(store, mine[model], theirs[model], allowed, skill,
                                  fail_on_cost)
        only = sorted(set(mine) ^ set(theirs))
        if only:
            regression.notes = [*regression.notes, f"model(s) {', '.join(only)} ran on one "
                                                   "side only: not compared"]
        out[model] = regression
    return out


def is_models_ref(ref: str) -> bool:
    return ref.startswith(PREFIX)
