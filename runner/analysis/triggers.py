"""From trigger runs to the trigger report (docs/statistics.md#trigger-figures): the confusion
matrix over runs, per query its fire rate and where its misses went, train and validation figures,
EV010, and the bill."""

from __future__ import annotations

import math

from runner.analysis.wording import quoted_phrases, restated_phrase
from runner.schema.enums import Split, TriggerMode
from runner.schema.trial import TrialResult
from runner.schema.triggers import Confusion, QueryResult, TriggerQuery, TriggerReport

NOTHING = "nothing"


def went_to(result: TrialResult) -> str | None:
    """The routing decision of one run: the first skill it loaded, `nothing` when the model
    answered without loading one, None when the run was cut off before any decision (a hole).
    Later loads are the agent's own choice about its task and do not count."""
    if result.status.is_hole:
        return None
    if result.skills_loaded:
        return result.skills_loaded[0].rsplit(":", 1)[-1]
    if result.turns is None and result.usage is not None and result.usage.requests == 0:
        return None
    return NOTHING


def _add(cell: Confusion, query: TriggerQuery, fired: int, runs: int) -> None:
    if query.should_trigger:
        cell.fired_when_should += fired
        cell.missed += runs - fired
    else:
        cell.barged_in += fired
        cell.quiet_when_should_not += runs - fired


def restated(queries: list[TriggerQuery], description: str) -> list[TriggerQuery]:
    """EV010 on should-trigger queries (runner.analysis.wording): they pass by string match
    and measure almost nothing."""
    phrases = quoted_phrases(description)
    return [q for q in queries
            if q.should_trigger and restated_phrase(q.prompt, phrases) is not None]


def build_trigger_report(skill: str, description: str, mode: TriggerMode,
                         runs_per_query: int, files: list[str], queries: list[TriggerQuery],
                         splits: dict[str, Split],
                         results: list[TrialResult]) -> TriggerReport:
    by_query: dict[str, list[TrialResult]] = {}
    for r in results:
        by_query.setdefault(r.case_id, []).append(r)
    overall, train, validation = Confusion(), Confusion(), Confusion()
    lines = []
    for query in queries:
        mine = by_query.get(query.id, [])
        decisions = [went_to(r) for r in mine]
        decided = [d for d in decisions if d is not None]
        fired = sum(1 for d in decided if d == skill)
        misses: dict[str, int] = {}
        for d in decided:
            if d != skill:
                misses[d] = misses.get(d, 0) + 1
        side = splits.get(query.id, Split.TRAIN)
        for cell in (overall, train if side == Split.TRAIN else validation):
            _add(cell, query, fired, len(decided))
        costs = [r.usage.cost_usd if r.usage else None for r in mine]
        lines.append(QueryResult(
            query=query, runs=len(decided), fired=fired, holes=len(mine) - len(decided),
            went_to=misses, split=side,
            cost_usd=None if not costs or None in costs else sum(c or 0.0 for c in costs)))
    warning = None
    if train.f1 is not None and validation.f1 is not None:
        # how much an F1 over these few runs moves by chance: one run flipping, at least
        noise = max(1 / math.sqrt(max(1, runs_per_query * len(queries))), 0.05)
        if train.f1 - validation.f1 > noise:
            warning = (f"train F1 {train.f1:.0%} is above validation {validation.f1:.0%} by "
                       f"more than the runs vary (±{noise:.0%}): the description may fit the "
                       "train queries rather than the requests")
    again = restated(queries, description)
    costs = [r.usage.cost_usd if r.usage else None for r in results]
    return TriggerReport(
        skill=skill, mode=mode, runs_per_query=runs_per_query, files=files, queries=lines,
        overall=overall, train=train, validation=validation, overfit_warning=warning,
        restated=len(again), first_restated=again[0].prompt if again else None,
        runs_made=sum(r.attempts for r in results),
        cost_usd=None if not costs or None in costs else sum(c or 0.0 for c in costs))
