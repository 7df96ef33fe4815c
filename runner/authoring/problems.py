"""One way to say what is wrong with a user's file: pydantic's findings as one line each,
without its links, with unknown fields called what they usually are (typos)."""

from __future__ import annotations

from pydantic import ValidationError


def describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False):
        loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
        msg = "unknown field (typo?)" if err["type"] == "extra_forbidden" else err["msg"]
        parts.append(f"{loc}: {msg}")
    return "; ".join(parts)
