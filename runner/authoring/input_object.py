"""A case's input written as an object (`input: {task_description: "Create a PDF skill",
constraints: [...], runtime_environment: "any"}`): its one request field is the prompt; the
rest is what the user hands over with it (sent with the prompt, each labelled), but what
names the expected work (`expected_outputs`), which is the case's criterion, never sent."""

from __future__ import annotations

from typing import Any

# The fields of an input object that hold the request itself, by name.
REQUEST_KEYS = ("task_description", "task", "request", "prompt", "query", "question",
                "instruction", "user_request", "user_message", "message", "goal")


def request_of(value: Any) -> tuple[str, str, dict[str, Any]] | None:
    """(its request field, the request, the other fields) of an input object with exactly one
    request field holding text; None for anything else."""
    if not isinstance(value, dict):
        return None
    found = [k for k in REQUEST_KEYS if isinstance(value.get(k), str) and value[k].strip()]
    if len(found) != 1 or any(k in value for k in REQUEST_KEYS if k != found[0]):
        return None
    return found[0], value[found[0]].strip(), {k: v for k, v in value.items() if k != found[0]}
