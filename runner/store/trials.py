"""Reading a trial's record: the result that stands (DONE) and the attempt whose artifacts
go with it. Everything that reads stored trials (resume, reports, tests, a viewer) comes here,
so no reader ever mixes one attempt's result with another's evidence."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator

from pydantic import ValidationError

from runner.schema.trial import TrialResult, TrialSpec
from runner.store.base import Store
from runner.store.keys import AttemptKeys, RunKeys, TrialKeys

log = logging.getLogger(__name__)


def stored_in_order(store: Store, specs: Iterable[TrialSpec]) -> Iterator[TrialResult]:
    """The stored result of each trial in `specs` that has one, read when asked for, in the
    order given: a reader that folds them (runner.analysis.fold) never holds them all. No
    listing first: a run's listing is every object of every trial, larger than the DONEs."""
    for spec in specs:
        result = read_done(store, RunKeys(spec.run_id).trial(spec.trial_id))
        if result is not None:
            yield result


def read_done(store: Store, keys: TrialKeys) -> TrialResult | None:
    """The result that stands, or None. A DONE that does not parse (an older crash left it
    empty or cut short) is removed with a warning, so the trial runs again."""
    try:
        raw = store.get(keys.done)
    except KeyError:
        return None
    try:
        return TrialResult.model_validate_json(raw)
    except ValidationError:
        log.warning("corrupt marker %s (%d bytes): treated as absent, the trial runs again",
                    keys.done, len(raw))
        store.delete(keys.done)
        return None


def standing(store: Store, run_id: str, trial_id: str) -> AttemptKeys:
    """The keys of the attempt that stands; KeyError when the trial has no DONE."""
    keys = RunKeys(run_id).trial(trial_id)
    result = read_done(store, keys)
    if result is None:
        raise KeyError(keys.done)
    return keys.attempt(result.attempt)
