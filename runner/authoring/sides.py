"""The spellings of a trigger query's side: should the skill fire on it, or not; and whether
an `expected` field holds one (or a skill's name, in a routing set) at all, since `expected` is
also a runtime set's expected output."""

from __future__ import annotations

import re
from typing import Any

# Lists of queries by side; a near miss is a query close to the skill's that must not fire it.
# (a kind word after the side: `positive_triggers`, `negative_cases`, `positive_queries`)
_KINDS = ("triggers", "cases", "queries", "prompts", "examples")
POSITIVE_LISTS = ("should_trigger", "positives", "positive", "should_fire", "should_activate",
                  *(f"positive_{k}" for k in _KINDS), *(f"should_trigger_{k}" for k in _KINDS))
NEGATIVE_LISTS = ("should_not_trigger", "near_miss", "near_misses", "negatives", "negative",
                  "should_not_fire", "should_not_activate", "negative_for", "not_for",
                  *(f"negative_{k}" for k in _KINDS), *(f"should_not_trigger_{k}" for k in _KINDS))
# Spellings of each side, compared with `_` and spaces read as `-`; a near miss must not fire.
YES = {"trigger", "true", "yes", "fire", "use-skill", "use", "should-trigger", "positive",
       "should-fire"}
NO = {"no-trigger", "false", "no", "quiet", "avoid-skill", "avoid", "should-not-trigger",
      "negative", "none", "skip", "ignore", "no-fire", "near-miss", "nearmiss",
      "should-not-fire"}
# A routing set's "no skill", and its "must not reach <skill>".
NO_SKILL = {"none", "null", "nothing", "no-skill", "no_skill"}
NOT_SKILL = re.compile(r"^\s*not\s+(\S.*?)\s*$", re.IGNORECASE)
# A skill's name as a routing set writes it: one word (`pdf-maker`, `ledger_audit`, `docx`).
SKILL_NAME = re.compile(r"^[A-Za-z0-9][\w.:-]{0,79}$")
# Trigger queries are requests a user types; a prompt longer than this carries material (a
# pasted document), the mark of a runtime case.
MAX_QUERY_WORDS = 150
_PROMPTS = ("prompt", "query", "text", "input", "request", "question")
EXPECTS = ("expected", "expect")
ACCEPTED = ("`should_trigger`/`should_activate`/`expected_trigger`/`should_fire`: true|false, "
            "`expected`/"
            "`trigger`: trigger|fire|yes|positive or no-trigger|no-fire|skip|none|ignore|no|"
            "negative, or `label`/`category`/`type`: positive|negative|near-miss")


# A runtime set's own block of trigger queries at its top level (`"trigger": {"positive":
# [{"prompt": ...}], "negative": [...]}` beside `"evals"`): the skill's trigger set, by side.
TRIGGER_BLOCKS = ("trigger", "triggers", "trigger_queries", "triggering")


def embedded_queries(raw: Any) -> list[dict[str, Any]] | None:
    """The queries of a set's top-level trigger block, each with its side (`should_trigger`),
    or None when the set has no such block (a block naming no side is no set of queries)."""
    if not isinstance(raw, dict):
        return None
    for key in TRIGGER_BLOCKS:
        block = raw.get(key)
        if not isinstance(block, dict):
            continue
        out = [{**(entry if isinstance(entry, dict) else {"prompt": entry}),
                "should_trigger": fires}
               for lists, fires in ((POSITIVE_LISTS, True), (NEGATIVE_LISTS, False))
               for name in lists if isinstance(block.get(name), list)
               for entry in block[name]]
        if out:
            return out
    return None


_SPELLED = re.compile(r"(?:should-|must-|expect-|expected-)?((?:do-?)?(?:not|nt|no|never|"
                      r"dont)-)?(?:trigger|fire|activate|invoke|load)(?:s|ed)?(?:-skill)?")


_LABELLED = re.compile(r"((?:do-?)?(?:not|nt|no|never|dont)-)?(?:co-?)?(?:activate|invoke)(?:s|d)?"
                       r"-(?=\w)")


def side_lists(data: Any) -> bool:
    """A mapping that is a trigger set written by side (`should_fire: [prompts]`,
    `should_trigger:` beside `should_not_trigger:`): at least one side list, every entry of
    each a prompt or a query object, and no other key holding a list of objects (cases)."""
    if not isinstance(data, dict):
        return False
    listed = [k for k in data if isinstance(k, str)
              and k.lower().replace("-", "_") in (*POSITIVE_LISTS, *NEGATIVE_LISTS)]
    if not listed or not all(isinstance(data[k], list) for k in listed):
        return False
    entries = [e for k in listed for e in data[k]]
    # (a list of prompts under a key naming no side, `near_neighbor`, is said by the trigger
    # reader, never a sign of cases)
    others = [v for k, v in data.items() if k not in listed and isinstance(v, list)
              and any(isinstance(e, dict) for e in v) and not _prompt_list(v)]
    return bool(entries) and not others and all(
        isinstance(e, str) or isinstance(e, dict) and any(isinstance(e.get(k), str)
                                                          for k in _PROMPTS)
        for e in entries)


def unsided_lists(data: Any) -> list[tuple[str, int]]:
    """Beside side lists, lists of prompts under a key naming no side (`near_neighbor`,
    `ambiguous`, `edge_cases`): each key and its count, so they are said rather than dropped
    (which side a near neighbour is on is the authors' to say)."""
    if not isinstance(data, dict) or not any(
            isinstance(k, str) and k.lower().replace("-", "_") in (*POSITIVE_LISTS,
                                                                   *NEGATIVE_LISTS)
            for k in data):
        return []
    return [(k, len(v)) for k, v in data.items()
            if isinstance(k, str) and isinstance(v, list) and v
            and k.lower().replace("-", "_") not in (*POSITIVE_LISTS, *NEGATIVE_LISTS)
            and _prompt_list(v)]


def _prompt_list(value: list[Any]) -> bool:
    """A list of prompts: texts, or objects each with a prompt and nothing that grades it (a
    case's `expected_output`, its checks)."""
    return all(isinstance(e, str) for e in value) or all(
        isinstance(e, dict) and any(isinstance(e.get(p), str) for p in _PROMPTS)
        and not any(_GRADES.match(str(k)) for k in e) for e in value)


_GRADES = re.compile(r"(?i)expect|assert|checks?$|criteria|rubric|graders?$|must|should_(?!"
                     r"(?:not_)?(?:trigger|fire|activate))")


def side(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower().replace("_", "-").replace(" ", "-")
        if word in YES or word in NO:
            return word in YES
        # the act spelled out, with or without its negation (`do_not_trigger`,
        # `should-not-activate`, `dont_fire`, `invoke`)
        spelled = _SPELLED.fullmatch(word.replace("'", ""))
        return None if spelled is None else not spelled.group(1)
    return None


def label_side(value: Any) -> bool | None:
    """An expectation written as a label naming the act and what comes with it
    (`activate_deep_research`, `do_not_activate_caveman`, `coactivate_x_and_y`): one word, read
    by its opening act; None for anything else. Only an expectation is read so: a topic label
    (`category: load-balancer`) is no side, and never overrides its list's."""
    read = side(value)
    if read is not None or not isinstance(value, str) or re.search(r"\s", value.strip()):
        return read  # a sentence (`activate the venv first`) is an expected output
    labelled = _LABELLED.match(value.strip().lower().replace("_", "-").replace("'", ""))
    return None if labelled is None else not labelled.group(1)


def routing_expectation(value: Any) -> bool:
    """What a routing or trigger set's `expected` holds: a side (trigger, skip, true), null, a
    skill's name, or `not <skill>`; never a sentence of expected output."""
    if value is None or isinstance(value, bool):
        return True
    if not isinstance(value, str) or not value.strip():
        return False
    said = NOT_SKILL.match(value)
    text = said.group(1) if said else value.strip()
    return side(text) is not None or text.lower() in NO_SKILL or bool(SKILL_NAME.match(text))


def looks_like_routing(item: Any) -> bool:
    """A query whose `expected`/`expect` is a routing expectation, on a short prompt; False
    for a runtime case (`expected: "A summary that ..."`, or `expected: "yes"` after a pasted
    document). One without either field is left to its other fields (True)."""
    if not isinstance(item, dict):
        return True
    key = next((k for k in EXPECTS if k in item), None)
    if key is None:
        return True
    prompt = next((item[k] for k in _PROMPTS if isinstance(item.get(k), str)), "")
    return routing_expectation(item[key]) and len(prompt.split()) <= MAX_QUERY_WORDS
