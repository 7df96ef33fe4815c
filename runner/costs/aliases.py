"""The model id an alias stands for (`--model sonnet`), resolved here once for everyone: the
runner's own Messages calls send it, and the price table prices it, so an alias and the id it
resolves to cost the same wherever a figure is made (the live check, the gateway meter, the
estimate, the report).

claude resolves `sonnet`, `opus` and `haiku` to a full id itself (from its own configuration and
ANTHROPIC_DEFAULT_{SONNET,OPUS,HAIKU}_MODEL, which win here too), so the runner's own direct
calls (the live preflight, case generation) need a full id for them. The table is what the
pinned CLI's binary names as its defaults (read: "the Sonnet 5 default"; inferred for the
others); a full id passes through unchanged.
"""

from __future__ import annotations

import os

ALIASES = {"sonnet": "claude-sonnet-5", "opus": "claude-opus-5", "haiku": "claude-haiku-4-5"}


def is_alias(model: str) -> bool:
    return model.strip().lower() in ALIASES


def api_model(model: str) -> str:
    """The id a direct Messages call should carry for `model`, and the id it is priced as."""
    name = model.strip().lower()
    if name not in ALIASES:
        return model
    return os.environ.get(f"ANTHROPIC_DEFAULT_{name.upper()}_MODEL") or ALIASES[name]
