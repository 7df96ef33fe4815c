"""The model id to send when the runner calls the Messages API itself with a name the claude CLI
takes as an alias (`--model sonnet`). The alias table lives in `runner.costs.aliases`, the one
place an alias is resolved, so the price of a call and the id it carries agree.
"""

from __future__ import annotations

from typing import Any

from runner.costs.aliases import ALIASES as ALIASES
from runner.costs.aliases import api_model as api_model
from runner.costs.aliases import is_alias as is_alias


def with_api_model(body: dict[str, Any]) -> dict[str, Any]:
    """A Messages request as the API wants it: an alias (`--grader-model sonnet`, the run's
    `--model sonnet`) replaced by the id claude itself would send."""
    model = body.get("model")
    return {**body, "model": api_model(model)} if isinstance(model, str) else body
