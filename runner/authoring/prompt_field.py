"""A case without a prompt (issue 26): refused with what the case did hold and which field to
add, never with a schema message. A case is a request to send; without one there is no
session to run, whatever else it describes (a repository, an expected level, artifacts)."""

from __future__ import annotations

from typing import Any

from runner.authoring.dialects import PROMPT_ALIASES
from runner.authoring.fields import PROSE_WORDS, words

# The names a case's request is read under (besides the aliases runner.authoring.dialects
# maps), shown in the fix so an author sees the one to use.
PROMPT_NAMES = ("prompt", "query", "input", "question", "task", "user_message", "request")
CANDIDATE_MIN_WORDS = 4


def no_prompt(item: dict[str, Any], read: dict[str, Any]) -> tuple[str, str] | None:
    """(message, fix) when the case read from `item` has no prompt to send, else None."""
    prompt = read.get("prompt")
    if isinstance(prompt, str):
        return None  # an empty one is refused by the preflight, naming the draft
    fields = ", ".join(f"`{k}`" for k in item) or "no fields"
    names = ", ".join(dict.fromkeys((*PROMPT_NAMES, *PROMPT_ALIASES[:6])))
    if prompt is not None:
        return (f"`prompt` is {type(prompt).__name__}, not the text to send (the case has "
                f"{fields})", "write the user's request as one string under `prompt`")
    fix = f"add \"prompt\": the user's request, as text (also read as {names})"
    texts = [k for k, v in item.items() if isinstance(v, str)
             and len(v.split()) >= CANDIDATE_MIN_WORDS and not words(k) & PROSE_WORDS]
    if texts:
        fix += f"; if `{texts[0]}` is that request, rename it to `prompt`"
    return f"no prompt: the case has {fields}, none of them a request to send", fix
