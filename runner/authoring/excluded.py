"""Cases their authors say not to run (issue 26): a flag on the case (`skip: true`,
`disabled: true`, `enabled: false`, `requires_e2e: true`, `manual: true`, `blind_runnable:
false`, `runnable: false`, `requires_network: true`, `requires_api_key`, `todo: true`) or a
`status` of `draft`, `skip` or `disabled`, on the case or in its `metadata`.

Such a case is left out before it is read: run, it would spend on work its authors already
know cannot be graded as written here (it needs their end-to-end rig, a person, the network,
a key, or it is unfinished). `check` counts them per flag; a set with nothing else is
refused, naming the flags. A flag that says the opposite (`skip: false`), a reason without
its flag (`skip_reason`) or the word in a prompt leave the case as it is.
"""

from __future__ import annotations

import re
from typing import Any

from runner.authoring.fields import snake_case

# Flags whose true value excludes the case (a string there is the author's reason, for the
# names marked True: `skip: "needs the staging server"`).
ON_FLAGS = {"skip": True, "skipped": True, "disabled": True, "disable": True,
            "requires_e2e": False, "manual": False, "requires_network": False, "todo": False}
# Flags whose false value excludes it.
OFF_FLAGS = frozenset({"enabled", "blind_runnable", "runnable"})
# A key the case needs that no sandbox holds: true, or the key's name.
KEY_FLAGS = frozenset({"requires_api_key", "requires_api_keys"})
STATUS_FIELDS = frozenset({"status", "state"})
EXCLUDING_STATUS = frozenset({"draft", "skip", "skipped", "disabled"})
NESTED = ("metadata", "custom_metadata", "meta")  # where authors also keep such flags
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0", ""})


def _flag(value: Any) -> bool | None:
    """A flag's value as true/false, or None when it is neither (a sentence, a list)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return {0: False, 1: True}.get(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    return None


def _one(key: str, value: Any) -> str | None:
    """How this one field excludes its case (the flag as written), or None."""
    name = snake_case(key)
    flag = _flag(value)
    if name in ON_FLAGS:
        reason = ON_FLAGS[name] and flag is None and isinstance(value, str) and value.strip()
        if flag is True or reason:
            return f"`{name}: true`" + (f" ({value.strip()[:60]!r})" if reason else "")
    if name in OFF_FLAGS and flag is False:
        return f"`{name}: false`"
    if name in KEY_FLAGS and (flag is True or flag is None and isinstance(value, str)
                              and value.strip()):
        return f"`{name}`"
    if name in STATUS_FIELDS and isinstance(value, str) \
            and value.strip().lower() in EXCLUDING_STATUS:
        return f"`{name}: {value.strip().lower()}`"
    return None


def exclusion(item: dict[str, Any]) -> str | None:
    """The flag by which the case's authors exclude it from runs, as written, or None."""
    fields = list(item.items())
    for nest in NESTED:
        inner = item.get(nest)
        if isinstance(inner, dict):
            fields += list(inner.items())
    flag = next((found for key, value in fields if isinstance(key, str)
                 and (found := _one(key, value)) is not None), None)
    reason = next((v.strip() for k, v in fields if isinstance(k, str) and isinstance(v, str)
                   and v.strip() and re.fullmatch(r"(?:\w+_)?reason", snake_case(k))), None)
    if flag is None or reason is None or " (" in flag:
        return flag
    return f"{flag} ({reason[:60]!r})"  # the author's own why (`skip_reason`)


def kind_of(flag: str) -> str:
    """The flag without the author's reason, so cases count together per flag."""
    return flag.split(" (", 1)[0]


def labelled(case: str, flag: str) -> str:
    """The case's id with its author's reason, when it gave one: `c3 ('needs a GPU')`."""
    return case + flag[len(kind_of(flag)):]


def excluded_line(kind: str, ids: list[str]) -> tuple[str, str]:
    """The reported line for every case one flag excludes: message and fix."""
    shown = ", ".join(ids[:8]) + (", ..." if len(ids) > 8 else "")
    return (f"{len(ids)} case(s) marked {kind} by their authors: not run, nothing spent on "
            f"them ({shown})", f"remove {kind} from a case to run it (the sandbox has no "
            "network, key, person or end-to-end rig of yours)")


def nothing_left(excluded: dict[str, list[str]]) -> str:
    """Why a set whose every case is excluded has nothing to run, naming each flag."""
    counts = ", ".join(f"{len(ids)} {kind}" for kind, ids in excluded.items())
    return (f"EV008: nothing to run: every case is excluded by its authors ({counts}); "
            f"fix: remove the flag from the cases to run, or check another set (--cases FILE)")
