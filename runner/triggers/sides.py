"""The spellings of a trigger query's side: should the skill fire on it, or not."""

from __future__ import annotations

from typing import Any

# Lists of queries by side; a near miss is a query close to the skill's that must not fire it.
POSITIVE_LISTS = ("should_trigger", "positives", "positive")
NEGATIVE_LISTS = ("should_not_trigger", "near_miss", "near_misses", "negatives", "negative")
# Spellings of each side, compared with `_` and spaces read as `-`; a near miss must not fire.
YES = {"trigger", "true", "yes", "fire", "use-skill", "use", "should-trigger", "positive",
       "should-fire"}
NO = {"no-trigger", "false", "no", "quiet", "avoid-skill", "avoid", "should-not-trigger",
      "negative", "none", "skip", "ignore", "no-fire", "near-miss", "nearmiss",
      "should-not-fire"}
ACCEPTED = ("`should_trigger`/`expected_trigger`/`should_fire`: true|false, `expected`/"
            "`trigger`: trigger|fire|yes|positive or no-trigger|no-fire|skip|none|ignore|no|"
            "negative, or `label`/`category`: positive|negative|near-miss")


def side(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower().replace("_", "-").replace(" ", "-")
        return True if word in YES else False if word in NO else None
    return None
