"""Which skill a case of a set shared by several skills is for (issue 26, rule 8: "run a
collection's set against the skill each case names"; docs/case-sets.md#collections).

A case names its skill explicitly (`skill`, `expected_skill`, a case's own `skill_name`, ...:
any name, refused by the collection when it holds no such skill), else, among the skills the
repository holds (`known`), by what its authors wrote:

- a slash command at the prompt's start, `/name` or `/plugin:name`;
- a check that the skill loaded (`{"type": "skill_loaded", "value": "name"}`);
- its id (a case folder's name) equal to a skill's name, or led by it (`name-basic`); its
  `slug` equal to a skill's name (a catalog's key for the skill: as a case's id, a slug names
  no skill, so only a name the repository holds counts);
- a tag that is a skill's name (a set of named groups, `{"name": [cases]}`, tags each case
  with its group's: runner.authoring.groups);
- a statement (a rubric or criteria line) naming it as a skill: with the word "skill", in
  backticks, or as `/name` or `plugin:name`;
- its prompt invoking it as `$name` (Codex's mention of a skill: "Use $name to ...");
- its authors' note on the case (`notes`, `description`, `purpose`, ...) naming it as a skill
  ("Tests brief-analyzer skill functionality"): "NAME skill", `NAME`, `/NAME`, `plugin:NAME`
  only (a note names many things; only the skill's own grammar says which one is tested);
- in a Markdown set, a heading over the case naming it: the heading is the name (in
  backticks, `$name`, `/name`), or ends with it in parentheses, "(name)", "(name / other)".

Only one skill so found counts: a case naming two is no one's by inference. A name a case
writes differently from a skill's only in case, hyphens, underscores or spaces names that
skill when it is the only one it fits (`known_as`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any

from runner.authoring.skill import declared_id, declared_name

# Where a case of a shared set names its skill: top-level keys, then a metadata mapping's.
SKILL_KEYS = ("skill", "skills", "target_skill", "target_skills", "skill_under_test")
SKILL_HOLDERS = ("metadata", "custom_metadata")


def _named(value: Any) -> list[str]:
    if isinstance(value, str) and value.strip():
        # "tabletest + spec-by-example": two skills, as a case naming both writes them
        return [v.strip() for v in re.split(r"\s+[+&]\s+", value.strip()) if v.strip()]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [v.strip() for v in value]
    return []


def case_skill(item: Any) -> list[str]:
    """The skills a case of a shared set names (`skill`, `skills`, `target_skill(s)`,
    `metadata.skill`, `custom_metadata.skill`)."""
    if not isinstance(item, dict):
        return []
    for key in SKILL_KEYS:
        if _named(item.get(key)):
            return _named(item.get(key))
    for holder in SKILL_HOLDERS:
        meta = item.get(holder)
        if isinstance(meta, dict) and _named(meta.get("skill")):
            return _named(meta.get("skill"))
    return []



# Explicit fields naming the case's skill beyond layouts.SKILL_KEYS (`expected_skill` is a
# router's expectation in a skill's own set: read as attribution only in a shared one).
# (a list of one is that skill: `expected_activation: ["cloud-readiness"]`; of several, a
# routing expectation over them, which names no one skill the case is for)
EXPLICIT = ("expected_skill", "skill_name", "expected_skills", "expected_activation",
            "expected_activations")
NO_SKILL = frozenset({"", "none", "null", "no", "false"})
PROMPT_KEYS = ("prompt", "input", "query", "question", "task", "message", "user_prompt",
               "user", "request", "instruction")
STATEMENT_KEYS = ("expectations", "assertions", "rubric", "criteria", "checks",
                  "success_criteria", "expected_behavior", "expected_output")
# A case's note on itself: what the case is for, in its authors' words.
NOTE_KEYS = ("notes", "note", "description", "purpose", "comment", "comments", "rationale")
LOADED_TYPES = frozenset({"skill_loaded", "skill_invoked", "skill_triggered", "skill_used",
                          "skill_called", "uses_skill", "trigger", "triggers"})
_SLASH = re.compile(r"^\s*/([A-Za-z0-9][\w.-]*(?::[\w.-]+)?)(?![\w/])")


def explicit(item: Any) -> list[str]:
    """The skills a case names in a field of its own (`skill`, `expected_skill`, ...)."""
    found = case_skill(item)
    if found or not isinstance(item, dict):
        return found
    for key in EXPLICIT:
        value = item.get(key)
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        if isinstance(value, str) and value.strip().lower() not in NO_SKILL:
            return [value.strip()]
    return []


def _part(entry: str) -> str:
    return entry.rsplit(":", 1)[-1].strip()


def _prompt(item: dict[str, Any]) -> str:
    found = next((item[k] for k in PROMPT_KEYS if isinstance(item.get(k), str)), None)
    if found is None and isinstance(item.get("turns"), list) and item["turns"]:
        first = item["turns"][0]
        found = first if isinstance(first, str) else first.get("content", first.get(
            "prompt")) if isinstance(first, dict) else None
    return found if isinstance(found, str) else ""


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def _loaded(item: dict[str, Any], known: Collection[str]) -> set[str]:
    """Skills named by a check that the skill loaded (`type: skill_loaded`)."""
    found: set[str] = set()
    for key in STATEMENT_KEYS:
        checks = item.get(key)
        for check in checks if isinstance(checks, list) else []:
            if isinstance(check, dict) and str(check.get("type", "")).lower() in LOADED_TYPES:
                found |= {_part(s) for s in _strings({k: v for k, v in check.items()
                                                      if k != "type"}) if _part(s) in known}
    return found


def _called(item: dict[str, Any], known: Collection[str]) -> set[str]:
    """Skills a tool-call check expects the Skill tool called with (`Skill:re:"skill":
    "(?:x:)?task"`, a `claude plugin eval` grader read as one: runner.authoring.casedirs)."""
    calls = item.get("tool_calls")
    found: set[str] = set()
    for call in calls if isinstance(calls, list) else []:
        if isinstance(call, str) and call.startswith("Skill:"):
            found |= {n for n in known
                      if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", call[len("Skill:"):])}
    return found


def _led(ident: str, known: Collection[str]) -> set[str]:
    """The skill a case id is, or is led by (`name-basic`): the longest that fits."""
    fits = [n for n in known if ident == n or re.match(rf"{re.escape(n)}[-_.]", ident)]
    return {max(fits, key=len)} if fits else set()


def _as_skill(name: str, text: str) -> bool:
    """The text names NAME as a skill: "NAME skill", `NAME`, `/NAME`, `plugin:NAME`."""
    quoted = re.escape(name)
    return re.search(rf"`{quoted}`|(?<![\w-])/{quoted}(?![\w-])|[\w-]:{quoted}(?![\w-])|"
                     rf"(?<![\w/-]){quoted}\s+skill\b", text, re.I) is not None


def _noted(item: dict[str, Any], known: Collection[str]) -> set[str]:
    """Skills the case's own note names as a skill ("Tests NAME skill functionality")."""
    return {name for key in NOTE_KEYS for text in _strings(item.get(key))
            for name in known if _as_skill(name, text)}


def _stated(item: dict[str, Any], known: Collection[str]) -> set[str]:
    """Skills a statement names as a skill: "the NAME skill", `NAME` in backticks, `/NAME`,
    `plugin:NAME`; else NAME on a line with the word "skill" (the first forms decide when a
    line also names another skill: "NAME skill is invoked, not OTHER")."""
    strong: set[str] = set()
    weak: set[str] = set()
    for text in (s for key in STATEMENT_KEYS for s in _strings(item.get(key))):
        for name in known:
            quoted = re.escape(name)
            if _as_skill(name, text):
                strong.add(name)
            elif re.search(rf"(?<![\w/-]){quoted}(?![\w-])", text) \
                    and re.search(r"\bskill\b", text, re.I):
                weak.add(name)
    return strong or weak


def _mentioned(prompt: str, known: Collection[str]) -> set[str]:
    """Skills a prompt invokes as `$name` (how Codex's users name a skill in a request)."""
    return {n for n in known if re.search(rf"(?<![\w$])\${re.escape(n)}(?![\w-])", prompt)}


_HEADED = re.compile(r"^\s*`?[$/]?(?P<name>[\w.-]+)`?(?:\s*\([^)]*\))?\s*$")
_TAIL = re.compile(r"\((?P<names>[^()]+)\)\s*$")


def heading_skill(headings: Iterable[str], known: Collection[str]) -> list[str]:
    """The one skill of `known` the headings over a Markdown case name (the nearest heading
    that names any decides): a heading that is the name (`name`, `$name`, `/name`, a note in
    parentheses after it), or one ending with it in parentheses ("Scenario 3 (name)")."""
    for heading in reversed(list(headings)):
        whole = _HEADED.match(heading)
        tail = _TAIL.search(heading)
        said = {whole.group("name")} if whole else set()
        if tail:
            said |= {p.strip().strip("`$/") for p in re.split(r"[/,&+]|\band\b",
                                                                tail.group("names"))}
        found = said & set(known)
        if found:
            return sorted(found) if len(found) == 1 else []
    return []


def inferred(item: Any, known: Collection[str]) -> list[str]:
    """The one skill of `known` a case names by what its authors wrote (see the module)."""
    if not isinstance(item, dict) or not known:
        return []
    slash = _SLASH.match(_prompt(item))
    if slash and _part(slash.group(1)) in known:
        return [_part(slash.group(1))]
    for found in (_routed(item, known), _tagged(item, known), _loaded(item, known),
                  _called(item, known),
                  _led(str(item.get("id", "")), known), _slug(item, known),
                  _mentioned(_prompt(item), known), _stated(item, known),
                  _noted(item, known)):
        if len(found) == 1:
            return sorted(found)
    return []


# A routing set's field holding the skill a prompt should reach (`should_trigger:
# "experiment-debugger"`, beside `should_not_trigger: [its confusable neighbours]`): usually a
# flag, a skill's name when the set routes among a collection's skills.
ROUTED_KEYS = ("should_trigger", "should_fire", "should_activate", "expected_route",
               "expected_leaf", "leaf_skill")


def _routed(item: dict[str, Any], known: Collection[str]) -> set[str]:
    found = set()
    for key in ROUTED_KEYS:
        value = item.get(key)
        value = value[0] if isinstance(value, list) and len(value) == 1 else value
        if isinstance(value, str) and known_as(value.strip(), known) in known:
            found.add(known_as(value.strip(), known))
    return found


def _slug(item: dict[str, Any], known: Collection[str]) -> set[str]:
    slug = item.get("slug")
    return {slug} if isinstance(slug, str) and slug in known else set()


def _tagged(item: dict[str, Any], known: Collection[str]) -> set[str]:
    tags = item.get("tags")
    return {t for t in tags if isinstance(t, str) and t in known} \
        if isinstance(tags, list) else set()


def named_skill(item: Any, known: Collection[str] = ()) -> list[str]:
    """The skills a case of a shared set is for: named in a field, else inferred."""
    return explicit(item) or inferred(item, known)


def set_named(items: list[Any], data: Any, known: Collection[str]) -> list[list[str]]:
    """Each case's skills in a shared set: named in a field of its own; else the one skill
    the set's own top level names (`skill`, `skill_name`), when the repository holds it;
    else inferred. The set's own word is its author's, and beats an inference from a case's
    id or wording (a case `scout-writes-tests` of a set saying `"skill": "pathfinder"` is
    pathfinder's)."""
    from runner.authoring.siblings import owner

    said = owner(data)
    said = known_as(said, known) if said is not None else None
    own = [said] if said is not None and said in known else []
    field = None if own or any(explicit(i) for i in items) else naming_field(items, known)
    if field is not None:  # (`expected_controller: star-writing-ledger` in every case)
        return [[known_as(i[field].strip(), known)] if isinstance(i, dict) else []
                for i in items]
    return [[known_as(e, known) for e in explicit(i)] or own or _group_skill(i, known)
            or inferred(i, known) for i in items]


def _group_skill(item: Any, known: Collection[str]) -> list[str]:
    """The skill a case's group is named for (`suites: {assistant_builder: {tests: [...]}}`:
    the group `assistant_builder`, the tag runner.authoring.groups gives each of its cases,
    is the skill `assistant-builder`), written as the skill's name or differently only in
    case, hyphens, underscores or spaces."""
    tags = item.get("tags") if isinstance(item, dict) else None
    group = tags[-1] if isinstance(tags, list) and tags and isinstance(tags[-1], str) else ""
    skill = known_as(group.strip(), known) if group.strip() else ""
    return [skill] if skill in known else []


# Fields of a case that never name its skill, whatever they hold.
_NOT_NAMING = frozenset({"id", "name", "title", "slug", "description", "category", "mode",
                         "type", "kind", "tags", "notes"})


# A field that may name who handles the case (never `output_format: pdf`, a value that is
# only a skill's name by chance).
NAMING_KEY = re.compile(r"(?i)^(?:expected|target)_|skill|controller|route|agent|owner|handler")


def naming_field(items: list[Any], known: Collection[str]) -> str | None:
    """The one field of a shared set's cases naming each case's skill under a name of the
    authors' own (`expected_controller`): held by every case, a skill of the repository in
    each, at least two skills among them (one skill throughout is a route, not an owner)."""
    cases = [i for i in items if isinstance(i, dict)]
    if len(cases) < 2 or len(known) < 2:
        return None
    keys = {k for k in set.intersection(*(set(c) for c in cases)) - _NOT_NAMING
            - set(PROMPT_KEYS) - set(STATEMENT_KEYS) if NAMING_KEY.search(k)}
    found = [k for k in sorted(keys)
             if all(isinstance(c[k], str) and known_as(c[k].strip(), known) in known
                    for c in cases)
             and len({c[k].strip() for c in cases}) > 1]
    return found[0] if len(found) == 1 else None


def named_by_file(stem: str, skills: dict[str, set[str]]) -> str | None:
    """The one skill a set file's name names (`plugin-security-review-eval`: of `review` and
    `security-review`, the one whose name holds the other's), by what a file may call it
    (`skills`: skill -> its names); None when none does, or several alike."""
    low = stem.lower()
    hits = {s: max(found, key=len) for s, aliases in skills.items()
            if (found := [a.lower() for a in aliases if re.search(
                rf"(?<![a-z0-9]){re.escape(a.lower())}(?![a-z0-9])", low)])}
    # a name found only inside another found name is that one's part
    named = [s for s, hit in hits.items()
             if not any(hit != other and hit in other for other in hits.values())]
    return named[0] if len(named) == 1 else None


def loose_name(name: str) -> str:
    """A skill name as compared loosely: no case, hyphens, underscores or spaces."""
    return re.sub(r"[-_\s]+", "", name).casefold()


def known_as(entry: str, known: Collection[str]) -> str:
    """The skill of `known` a case's entry names when it writes the name differently only
    in case, hyphens, underscores or spaces (`trait-trawler` for `traittrawler`: authors
    write a skill's name as they say it). Only one such skill counts: an entry two names fit
    is left as written (said by the reader as naming no skill of the repository)."""
    if not entry or entry in known or _part(entry) in known:
        return entry
    fits = {k for k in known if loose_name(k) == loose_name(_part(entry))}
    if len(fits) != 1:
        return entry
    prefix = entry.rsplit(":", 1)[0] + ":" if ":" in entry else ""
    return prefix + fits.pop()


def skill_names(folders: Iterable[Path]) -> set[str]:
    """What a shared set's case may call the skills in `folders`: each one's SKILL.md name
    (or `id`) and its folder's."""
    found: set[str] = set()
    for folder in folders:
        found |= {folder.name, *(n for n in [declared_name(folder), declared_id(folder)] if n)}
    return found
