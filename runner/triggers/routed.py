"""A runtime set whose every case is only a routing expectation (EV008) is a trigger set the
authors wrote in a runtime set's file: its cases are the skill's trigger queries when it has
no trigger set of its own, so `check` accepts it and `skill-eval trigger` measures them."""

from __future__ import annotations

import hashlib
from pathlib import Path

from runner.authoring.caseset import load_caseset
from runner.authoring.layouts import find_set
from runner.authoring.routing import RoutingOnlySet
from runner.errors import RefusedInput
from runner.schema.triggers import TriggerQuery, TriggerSet


def routed_set(skill_dir: Path, skill_name: str) -> TriggerSet | None:
    """The runtime set's cases as trigger queries; None unless every case is routing only."""
    if find_set(skill_dir, skill_name) is None:
        return None
    try:
        load_caseset(skill_dir, skill_name)
    except RoutingOnlySet as exc:
        queries = [TriggerQuery(id=hashlib.sha256(prompt.encode()).hexdigest()[:10],
                                prompt=prompt, should_trigger=fires, source=exc.path)
                   for prompt, fires in exc.queries]
        unique = list({q.prompt: q for q in queries}.values())  # as load_trigger_set
        return TriggerSet(skill_name=skill_name, queries=unique, files=[exc.path],
                          findings=list(exc.findings))
    except RefusedInput:
        return None  # refused for another reason: `check` and `run` say why
    return None
