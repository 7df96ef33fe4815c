"""Models a run holds by the million (trial results, trial lines, rows), kept small.

Each pydantic instance carries the set of the fields it was given (`model_fields_set`). For a
model built with five or more of its fields that set is a 728-byte hash table: more than the
instance's own values, and the same few sets over and over. `shared_fields` swaps an
instance's set for one equal set shared by every instance of its class
given the same fields: nothing a reader sees changes (the same names, `exclude_unset` alike).
For instances nobody assigns to after they are built (trial results, report lines and rows
are not): pydantic's `__setattr__` would add the name to the shared set. `model_copy`
copies the set, so a copy is never shared."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_SETS: dict[tuple[type[BaseModel], frozenset[str]], set[str]] = {}


def shared_fields(model: M) -> M:
    """`model`, its fields-set shared with every instance of its class given the same fields;
    returns the same object, for use in expressions."""
    given = model.__pydantic_fields_set__
    key = (type(model), frozenset(given))
    shared = _SETS.setdefault(key, set(given))
    if shared is not given:
        object.__setattr__(model, "__pydantic_fields_set__", shared)
    return model
