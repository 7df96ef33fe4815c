"""A group's plan (`runs/<group id>/plan.json`, runner.schema.runs.GroupPlan): which runs a
batch schedules together, written and read in one place (either stored form)."""

from __future__ import annotations

from runner.schema.runs import GroupPlan
from runner.store.base import Store
from runner.store.keys import RunKeys


def write_group_plan(store: Store, group_id: str, run_ids: list[str]) -> None:
    store.put(RunKeys(group_id).plan, GroupPlan(run_ids=run_ids).encode())


def read_group_plan(store: Store, group_id: str) -> GroupPlan:
    """The group's runs, in order; KeyError when the store has no such group."""
    return GroupPlan.decode(store.get(RunKeys(group_id).plan))
