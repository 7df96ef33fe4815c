"""Find and read a skill's trigger queries, in the formats authors use:

    evals/trigger/should-trigger.yaml, should-not-trigger.yaml    [{prompt, expected}]
    evals/routing.json
    evals/trigger-evals.json, triggers.json, trigger-queries.json, trigger_evals.json, ...
    (any evals/trigger*.json, any JSON or YAML under evals/trigger/)
        skill-creator: [{"query", "should_trigger"}] or {"evals": [{"prompt", "should_trigger"}]}

in the skill's own evals/ or, for a skill in a subfolder, its repository's (trigger_files).

Every file found is read and named; a malformed one is refused with its path and the fix.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from runner.authoring import safely
from runner.authoring.fields import words
from runner.authoring.layouts import (
    CASE_FOLDERS,
    REFERENCE_FOLDER,
    SET_FOLDERS,
    case_skill,
    locate,
    own_workspaces,
    routing_beside_cases,
    search_order,
    skill_files,
    skill_folders,
    trigger_folders,
    umbrella_own,
    up_to_repository,
)
from runner.authoring.safely import READ_ERRORS, refuse_surrogates, unreadable
from runner.authoring.siblings import (
    ROUTING_SET,
    TRIGGER_SHAPE,
    graded_cases,
    judge,
    owner,
    read_data,
    survey,
    trigger_shaped,
)
from runner.authoring.sides import (
    ACCEPTED,
    MAX_QUERY_WORDS,
    NEGATIVE_LISTS,
    POSITIVE_LISTS,
    embedded_queries,
    label_side,
    side,
    unsided_lists,
)
from runner.authoring.skill import declared_name, load_skill, plugin_of
from runner.errors import CaseSetError, RefusedInput
from runner.schema.case import Finding
from runner.schema.drafts import is_draft
from runner.schema.enums import Split
from runner.schema.triggers import TriggerQuery, TriggerSet
from runner.triggers.routed import routed_set
from runner.triggers.routing_set import (
    entries,
    expected_skills,
    for_skill,
    from_map,
    named_lists,
    names_skill,
    route,
)
from runner.triggers.shared import Claim, claim
from runner.triggers.tables import is_table_file, table_queries

SEED_FILES = {"evals/trigger/should-trigger.yaml": True,
              "evals/trigger/should-not-trigger.yaml": False,
              "evals/trigger/should-trigger.yml": True,
              "evals/trigger/should-not-trigger.yml": False}
JSON_FILES = ("evals/routing.json", "evals/trigger-evals.json", "evals/trigger_evals.json",
              "evals/triggers.json", "evals/trigger-queries.json", "evals/trigger_queries.json",
              "evals/trigger-eval.json", "evals/trigger_eval.json", "evals/trigger/evals.json")
WRAPPER_WORDS = {"trigger", "triggers", "evals", "eval", "queries", "query", "routing"}
PROMPT_KEYS = ("prompt", "query", "text", "input", "request", "task", "question", "user_prompt",
               "q", "message", "user_message", "utterance")
EXPECT_KEYS = ("should_trigger", "should_activate", "expected", "trigger", "should_fire",
               "expected_route", "expected_trigger", "expect")
# Read only when no key above is present: elsewhere they name a topic, not a side, so an entry of
# a should-trigger list keeps its list's side whatever its `category` says (_sided).
LABEL_KEYS = ("label", "category")
class SidelessQuery(CaseSetError):
    """A query whose prompt was read but whose side no spelling reads."""


def _expected(value: Any, default: bool | None, shown: str, label: str,
              reader: Callable[[Any], bool | None] = side) -> bool:
    read = reader(value)
    if read is not None:
        return read
    if value is None and default is not None:
        return default
    raise SidelessQuery(shown, f"query {label}: say whether the skill should fire "
                              f"(`should_trigger: true|false` or `expected: trigger|no-trigger`),"
                              f" got {value!r}; accepted: {ACCEPTED}")


def _labelled(item: dict[str, Any], default: bool | None, shown: str, label: str) -> bool:
    """The side of a query with no expectation field: its `label` or `category`, if it says
    one; else the file's side; else refused naming what it holds."""
    tags = [item[k] for k in LABEL_KEYS if k in item]
    for tag in tags:
        if side(tag) is not None:
            return _expected(tag, default, shown, label)
    return _expected(tags[0] if tags and default is None else None, default, shown, label)


def _items(raw: Any, shown: str) -> list[Any]:
    if isinstance(raw, list):
        return raw
    if isinstance(raw, dict):
        for key in ("evals", "queries", "cases", "tests", "routing", "prompts"):
            if isinstance(raw.get(key), list):
                return list(raw[key])
        sides = [(raw[k], fires) for keys, fires in ((POSITIVE_LISTS, True),
                                                     (NEGATIVE_LISTS, False))
                 for k in keys if isinstance(raw.get(k), list)]
        if sides:
            return [_sided(entry, fires) for listed, fires in sides for entry in listed]
        # the set under one wrapping key beside labels (`{skill_name, trigger_evals: {...}}`):
        # read what it wraps, in any of the shapes above
        wrapped = _wrapped(raw, (list, dict))
        if wrapped is not None:
            return _items(wrapped, shown)
    raise CaseSetError(shown, "a list of queries, or an object with `evals`/`queries`, or "
                              "`should_trigger` and `should_not_trigger` (or `near_miss`) "
                              "lists")


def _sided(entry: Any, fires: bool) -> Any:
    """An entry of a should-trigger (or near-miss) list: a prompt, or a query object
    (`{id, prompt}`) whose own expectation, if it has one, stands."""
    if isinstance(entry, dict):
        return entry if entry.keys() & set(EXPECT_KEYS) else {**entry, "should_trigger": fires}
    return {"prompt": entry, "should_trigger": fires}


def _query(item: Any, number: int, default: bool | None, shown: str) -> TriggerQuery:
    label = f"#{number}"
    if isinstance(item, str):
        item = {"prompt": item}
    if not isinstance(item, dict):
        raise CaseSetError(shown, f"query {label}: an object or a string, not "
                                  f"{type(item).__name__} {str(item)[:40]!r}; fix: write the "
                                  "query as its prompt, or an object with a `prompt`")
    label = str(item.get("id", label))
    prompt = next((item[k] for k in PROMPT_KEYS if isinstance(item.get(k), str)), None)
    odd = next((k for k in PROMPT_KEYS if item.get(k) is not None
                and not isinstance(item[k], str)), None)
    if prompt is None and odd is not None:
        raise CaseSetError(shown, f"query {label}: `{odd}` is {type(item[odd]).__name__} "
                                  f"{str(item[odd])[:40]!r}, not text; fix: write the query's "
                                  "prompt as text")
    if not prompt or not prompt.strip():
        raise CaseSetError(shown, f"query {label}: no prompt (`prompt` or `query`)")
    if is_draft(prompt):
        raise CaseSetError(shown, f"query {label}: still a draft (starts with TODO)")
    # the first field that states a side answers; one that names a route
    # (`expected_route: review/agents-md` beside `should_activate: true`) is a note on it
    keys = [k for k in EXPECT_KEYS if k in item]
    keys = [k for k in keys if label_side(item[k]) is not None] or keys
    # an expectation that names no side (`expected: route_to_other_skill`) beside a label
    # that does (`type: negative`): the label's
    tagged = [item[k] for k in (*LABEL_KEYS, "type") if k in item and side(item[k]) is not None]
    if keys and label_side(item[keys[0]]) is None and tagged:
        keys = []
    fires = (_expected(item[keys[0]], default, shown, label, label_side) if keys
             else _expected(tagged[0], default, shown, label) if tagged
             else _labelled(item, default, shown, label))
    hedged = _hedged(item) if not keys and tagged and _NEAR_MISS.fullmatch(
        str(tagged[0]).strip().lower().replace("_", "-").replace(" ", "-")) else None
    if hedged is not None:
        # "near-miss" whose own route says when it fires ("trigger only if converting into a
        # package"): the authors' side is conditional, neither side measured as theirs
        raise SidelessQuery(shown, f"query {label}: a near miss whose own note makes its side "
                                   f"conditional ({hedged!r}); fix: label it should-trigger or "
                                   "should-not, or leave it out")
    return TriggerQuery(
        id=str(item.get("id") or hashlib.sha256(prompt.encode()).hexdigest()[:10]),
        prompt=prompt, should_trigger=fires, source=shown)


def _load(path: Path) -> Any:
    shown = str(path)
    if is_table_file(path):  # a Markdown file of trigger tables (runner.triggers.tables)
        try:
            return table_queries(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise CaseSetError(shown, f"cannot read trigger queries: {exc}") from exc
    if path.suffix in (".csv", ".jsonl"):  # a router's test set in rows (siblings reads them)
        data = read_data(path)
        refuse_surrogates(data, shown)
        return data
    try:
        text = path.read_text(encoding="utf-8")
        data = safely.text_keys(yaml.safe_load(text)) if path.suffix in (".yaml", ".yml") \
            else json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError, yaml.YAMLError) as exc:
        raise CaseSetError(shown, f"cannot read trigger queries: {exc}") from exc
    refuse_surrogates(data, shown)  # a prompt nothing can encode (hashed, sent, stored)
    return data


def _read(path: Path, default: bool | None, names: list[str] | None = None,
          plugin: str | None = None, left: list[Finding] | None = None) -> list[TriggerQuery]:
    """The file's queries; of a shared file whose queries name their skill, `names`' only; of
    a routing set naming each query's skill, as `names`' (runner.triggers.routing_set).
    `plugin`: the skill's plugin, which a `<plugin>:<skill>` entry must name to be this
    skill's (`names_skill`)."""
    shown = str(path)
    raw = _load(path)
    items = _queries_of(raw, shown)
    known = _collection(path)
    aliases = set(names or ()) | {e for e in entries(items)
                                  if names is not None and names_skill(e, set(names), plugin)}
    # a routing set names skills it can mean: one of the collection's, or this one
    if names is not None and expected_skills(items) & ((known or set()) | aliases):
        items = for_skill(items, aliases, known, shown)
    mine = [(n, item) for n, item in enumerate(items, 1)
            if names is None or not case_skill(item) or set(case_skill(item)) & aliases]
    read: list[TriggerQuery] = []
    unread: list[str] = []
    for n, item in mine:
        try:
            read.append(_query(item, n, default, shown))
        except SidelessQuery as exc:
            unread.append(exc.problem)
    if unread and not read:  # nothing says a side: the file is refused, naming the first
        raise CaseSetError(shown, unread[0])
    if unread and left is not None:
        left.append(Finding(code="EV010", file=shown, case="(set)", message=(
            f"{len(unread)} of {len(mine)} queries name no side the reader knows, "
            f"{SIDELESS_LEFT_OUT} (the others are measured; `check --strict` refuses the set "
            f"instead): {unread[0]}" + (f" (and {len(unread) - 1} more)"
                                        if len(unread) > 1 else "")),
            fix="give each a side (`should_trigger: true|false`, or `type: positive|negative`)"))
    kept = _kept_fields([item for _, item in mine], [q.prompt for q in read])
    if kept and left is not None:
        named = ", ".join(f"`{k}` ({n} quer{'y' if n == 1 else 'ies'})" for k, n in kept)
        left.append(Finding(code="EV010", file=shown, case="(set)", message=(
            f"kept, not measured: {named}: what should happen beyond whether the skill fires "
            "(a route, a behaviour); a trigger run measures only whether it fires"),
            fix="write what the agent should do as a runtime case (evals/evals.json, the query "
                "as its prompt, the field's text as its expectation)"))
    unsided = unsided_lists(_unwrapped(raw))
    if unsided and left is not None:
        named = ", ".join(f"`{k}` ({n})" for k, n in unsided)
        left.append(Finding(code="EV010", file=shown, case="(set)", message=(
            f"queries under a key naming no side are not measured: {named}"),
            fix="move each under `should_trigger` or `should_not_trigger` (a near miss the "
                "skill must not fire on: `should_not_trigger`)"))
    return read


SIDELESS_LEFT_OUT = "left out"
_NEAR_MISS = re.compile(r"near-?miss(?:es)?|borderline|edge-?case|boundary")
# A note making firing conditional: "trigger only if ...", "fires only when", "trigger unless",
# "clarify whether", "只有…才触发"; never a denial ("should not trigger when ...") nor a bare
# "depends on" ("depends on git knowledge")
_CONDITIONAL = re.compile(
    r"(?i)(?<!not\s)(?<!n't\s)(?<!never\s)\b(?:trigger|fire|activate|load)s?\s+(?:only\s+(?:if|when)"
    r"|unless)\b|\bonly\s+(?:trigger|fire|activate)s?\s+(?:if|when)\b|\bclarify\s+(?:whether|"
    r"if)\b|(?:只有|仅当|僅當)[^，。不]{0,30}才(?:会)?触发")


def _hedged(item: dict[str, Any]) -> str | None:
    """The text of a query's note that makes its firing conditional, or None."""
    for key, value in item.items():
        if key not in PROMPT_KEYS and isinstance(value, str) and _CONDITIONAL.search(value):
            return value.strip()[:80]
    return None


# Words of a query's field naming what should happen after the skill fires (`expected_route`,
# `expected_behavior`, `expected_output`): more than a trigger run measures.
_AFTER_FIRING = frozenset({"route", "behavior", "behaviour", "output", "response", "answer",
                           "action", "outcome", "result", "steps", "workflow"})
# ...never what a run recorded (`actual_output`, `last_response`), nor a note restating the side
# ("Skill should not activate; ...")
_RECORDED = frozenset({"actual", "observed", "last", "previous", "recorded", "got"})
_RESTATES_SIDE = re.compile(r"(?i)\b(?:trigger(?:s|ed|ing)?|activat(?:e|es|ed|ing|ion)|"
                            r"fires?|fired|firing|invok(?:e|es|ed|ing)|loads?\s+the\s+skill)\b|"
                            r"触发|觸發|激活")


def _kept_fields(items: list[Any], prompts: list[str]) -> list[tuple[str, int]]:
    """Each field of the measured queries that says what should happen once the skill fires
    (not the side itself: `expected_route: review/agents-md` naming no side, beside a `type`
    that does), with how many queries hold it."""
    counts: dict[str, int] = {}
    measured = set(prompts)
    for item in items:
        if not isinstance(item, dict) or not measured & {
                v for k in PROMPT_KEYS if isinstance(v := item.get(k), str)}:
            continue
        for key, value in item.items():
            if isinstance(key, str) and isinstance(value, str) and value.strip() \
                    and words(key) & _AFTER_FIRING and not words(key) & _RECORDED \
                    and label_side(value) is None and not _RESTATES_SIDE.search(value):
                counts[key] = counts.get(key, 0) + 1
    return sorted(counts.items())


def _wrapped(raw: dict[Any, Any], kinds: tuple[type, ...]) -> Any:
    """What a set holds under its one wrapping key (`{"skill_name": ..., "trigger_evals":
    {...}}`), of `kinds`; None when no one key wraps it."""
    wrapped = [v for k, v in raw.items() if isinstance(v, kinds) and isinstance(k, str)
               and WRAPPER_WORDS & set(k.lower().replace("-", "_").split("_"))]
    return wrapped[0] if len(wrapped) == 1 else None


def _unwrapped(raw: Any) -> Any:
    """The mapping a set wraps under one key, as _items reads it; the data itself otherwise."""
    wrapped = _wrapped(raw, (dict,)) if isinstance(raw, dict) else None
    return raw if wrapped is None else wrapped


def _read_guarded(path: Path, default: bool | None, names: list[str],
                  plugin: str | None = None,
                  left: list[Finding] | None = None) -> list[TriggerQuery]:
    """`_read`, a value no reader expected refused naming the file (EV008), never exit 4."""
    try:
        return _read(path, default, names, plugin, left)
    except READ_ERRORS as exc:
        raise unreadable(exc, str(path)) from exc


_GROUP_SKILL_KEYS = ("skill", "skill_name", "skillName")
_GROUP_LIST_KEYS = ("queries", "evals", "prompts", "cases", "tests")


def _grouped(raw: Any) -> list[Any] | None:
    """A collection's set grouped by skill (`[{skill: x, queries: [...]}, ...]`): each group's
    queries, naming the group's skill unless they name their own; None for any other
    shape."""
    if not isinstance(raw, list) or not raw:
        return None
    flat: list[Any] = []
    for group in raw:
        named = next((group[k] for k in _GROUP_SKILL_KEYS if isinstance(group, dict)
                      and isinstance(group.get(k), str) and group[k].strip()), None)
        listed = next((group[k] for k in _GROUP_LIST_KEYS if isinstance(group, dict)
                       and isinstance(group.get(k), list)), None)
        if named is None or listed is None:
            return None
        flat += [{**q, "skill": named} if isinstance(q, dict) and not case_skill(q)
                 else {"prompt": q, "skill": named} if isinstance(q, str) else q
                 for q in listed]
    return flat


def _queries_of(raw: Any, shown: str) -> list[Any]:
    """The file's entries; a routing map (`{skill: {should_trigger: [...]}}`) as queries
    naming their skill, and a set grouped by skill (_grouped) as its groups' queries; a
    runtime set's top-level trigger block (sides.embedded_queries) as its queries."""
    embedded = embedded_queries(raw)
    if embedded is not None:
        return embedded
    wrapped = isinstance(raw, dict) and any(
        WRAPPER_WORDS & set(str(k).lower().replace("-", "_").split("_")) for k in raw)
    mapped = None if wrapped else from_map(raw)
    grouped = _grouped(raw) if mapped is None else None
    return mapped if mapped is not None else grouped if grouped is not None \
        else _items(raw, shown)


def _collection(path: Path) -> set[str] | None:
    """The skills of the collection a routing set sits in (its folder's parent, or the one
    above a skill's own evals/); None: no collection to check its names against."""
    for root in list(path.parents)[1:3]:
        skills = skill_folders(root)
        if len(skills) > 1:
            # every skill of the repository, one under a hidden folder too (`skills/.system/
            # x/`): one the router may choose, though no check grades it
            # found on the one walk (layouts.skill_files): never a dependency's or a build's
            hidden = [md.parent for md in skill_files(root)]
            return {n for s in [*skills, *hidden] for n in (declared_name(s) or s.name, s.name)}
    return None


def trigger_files(skill_dir: Path, name: str | None = None) -> list[tuple[Path, bool | None]]:
    """The skill's trigger files, in the set folders its case set is looked for in (its own
    evals/, then a repository's evals/<skill>/ and evals/ above it: runner.authoring.layouts):
    the files of the first folder holding any. Besides the names above, any `trigger*.json`
    there and any JSON or YAML file under its `trigger/` are read; a shared folder's file whose
    `skill_name` names another skill is that skill's."""
    names = [n for n in dict.fromkeys((name, skill_dir.name)) if n]
    own = skill_dir.resolve()
    for folder, shared in search_order(skill_dir, name):
        # a skill's folder this one is nested in keeps its own trigger set there: this
        # skill's only where it names it (its sides are the outer skill's)
        outer = shared and umbrella_own(folder, own)
        found = [(f, d) for f, d in _in_folder(folder)
                 if not shared or (_named_for(f, d, names, folder) if outer
                                   else _owned_by(f, d, names, folder))]
        if found:
            return found
    return _beside_skill_md(skill_dir) or _trigger_pages(skill_dir) \
        or _workspace_triggers(skill_dir) \
        or _elsewhere_in_skill(skill_dir, name) \
        or _routing_in_tests(skill_dir, names) or _routing_beside_set(skill_dir, name, names) \
        or _embedded(skill_dir, name)


def _routing_beside_set(skill_dir: Path, name: str | None,
                        names: list[str]) -> list[tuple[Path, bool | None]]:
    """A routing set in the folder of the skill's case set, read apart from it
    (`evals/cases/routing-v1.json` beside `behavior-v1.json`: runner.authoring.siblings
    ._routing_apart), whose queries route to this skill."""
    found = locate(skill_dir, name)
    read = set(found.files) if found else set()
    folders = {p if p.is_dir() else p.parent for p in read}
    return [(p, None) for folder in sorted(folders) for p in sorted(folder.iterdir())
            if p not in read and p.is_file() and p.suffix in (".json", ".yaml", ".yml")
            and judge(p).routes
            and _routes_to(p, names)]


def _embedded(skill_dir: Path, name: str | None) -> list[tuple[Path, bool | None]]:
    """The skill's runtime set when it holds a trigger block at its top level (`"trigger":
    {"positive": [...], "negative": [...]}` beside its `evals`): its trigger set, when no
    trigger file is found."""
    found = locate(skill_dir, name)
    names = {n for n in (name, skill_dir.name) if n}
    # (a folder of case files: the skill's own file there, `evals/cases/<skill>.json`)
    paths = [f for p in (found.files if found is not None else ())
             for f in ([p] if p.is_file() else sorted(p.iterdir()) if p.is_dir() else [])
             if f.is_file() and (f == p or f.stem in names)]
    out: list[tuple[Path, bool | None]] = []
    for path in paths:
        if path.suffix not in (".json", ".yaml", ".yml"):
            continue
        try:
            raw = read_data(path)
        except CaseSetError:
            continue
        if embedded_queries(raw) is not None:
            out.append((path, None))
    return out


# A repository's test folders, where a routing set may sit as its tests' fixture.
_TEST_FOLDERS = ("tests", "test", "tests/fixtures", "test/fixtures")


def _routing_in_tests(skill_dir: Path, names: list[str]) -> list[tuple[Path, bool | None]]:
    found: list[tuple[Path, bool | None]]
    """A routing set a repository keeps among its tests' fixtures, named for it
    (`tests/fixtures/skill-routing-cases.json`): read by the skills its queries expect, when
    no set folder holds a trigger file; a file not named for routing or triggers there is
    the tests' own data."""
    for root in up_to_repository(skill_dir.resolve())[1:]:
        found = [(p, None) for sub in _TEST_FOLDERS if safely.is_dir(root / sub)
                 for p in _test_files(root / sub)
                 if (p.suffix in (".json", ".yaml", ".yml")
                     and re.search(r"routing|trigger", p.name, re.I) or is_table_file(p))
                 and _routes_to(p, names)]
        if found:
            return found
    return []


def _test_files(folder: Path) -> list[Path]:
    """A test folder's files, and those of its folders named for routing or triggers
    (`tests/skill-triggering/cases.md`)."""
    subs = [d for d in sorted(folder.iterdir()) if d.is_dir() and not d.is_symlink()
            and re.search(r"routing|trigger", d.name, re.I)]
    return [p for d in (folder, *subs) for p in sorted(d.iterdir()) if p.is_file()]


def _queries_or_none(path: Path) -> list[Any] | None:
    """The file's queries, or None for one the reader refuses (then it is no routing set)."""
    try:
        return _queries_of(_load(path), str(path))
    except CaseSetError:
        return None


def _routes_all(path: Path) -> bool:
    """Every query of the file names the skill(s) it should reach, in a route or in its side
    lists (`should_trigger: [review]`), whatever else it carries (expected artifacts, notes):
    a routing set, in a folder named for triggers."""
    items = _queries_or_none(path)
    return bool(items) and all(named_lists(i) is not None or route(i) is not None
                               for i in items or [])


def _routes_to(path: Path, names: list[str]) -> bool:
    items = _queries_or_none(path)
    if items is None:
        return False
    expected = {e.rpartition(":")[2] for e in expected_skills(items)}
    # a query kept for a skill under test (`skill: diagnose`, expecting another skill to
    # load) is that skill's: a skill only other skills' queries expect has none of its own
    tested = {e.rpartition(":")[2] for i in items for e in case_skill(i)}
    return bool((tested or expected) & set(names)) \
        and bool(expected & (_collection(path) or set()))


def _elsewhere_in_skill(skill_dir: Path, name: str | None) -> list[tuple[Path, bool | None]]:
    """Trigger files inside the skill where no layout looks (`eval-cases/trigger-evals.json`,
    an `evals.json` beside SKILL.md that holds only queries with a should-trigger flag), read
    when nothing else is: by their shape (runner.authoring.siblings.judge), the same files
    `check` would otherwise name as other sets of the skill, unread."""
    from runner.authoring.other_sets import other_sets  # (it reads the layouts too)

    return [(p, None) for p in other_sets(skill_dir, name, ())
            if p.resolve().is_relative_to(skill_dir.resolve())
            and "`skill-eval trigger`" in judge(p).why_not]


def _beside_skill_md(skill_dir: Path) -> list[tuple[Path, bool | None]]:
    """A trigger file next to SKILL.md (`trigger-eval.json`), read when no set folder holds
    one, as a case set file beside SKILL.md is (runner.authoring.layouts.beside_skill_md):
    only a file named for triggers (the trigger reader refuses one it cannot read), never one
    of graded cases (the case set beside SKILL.md)."""
    if not skill_dir.is_dir():
        return []
    return [(p, None) for p in sorted(skill_dir.iterdir())
            if p.is_file() and not p.is_symlink() and "trigger" in p.name.lower()
            and p.suffix in (".json", ".yaml", ".yml") and not graded_cases(p)]


# A trigger file's name in the skill's own folder or its references/: "trigger" and a last
# word saying it holds cases (`trigger-tests.md`, `trigger_evals.json`), never a guide's name
# (`triggering.md`, `trigger-design.md`: what the skill teaches)
_PAGE_NAME = re.compile(r"(?i)trigger.*[-_](?:tests?|evals?|cases?|quer(?:y|ies))$")


def _trigger_pages(skill_dir: Path) -> list[tuple[Path, bool | None]]:
    """Trigger files the skill keeps beside SKILL.md or in its references/ under a name
    saying so (`references/trigger-tests.md`, lists under "Should Trigger" / "Should Not
    Trigger" headings), read when no set folder holds one."""
    found: list[tuple[Path, bool | None]] = []
    for folder in (skill_dir, skill_dir / REFERENCE_FOLDER):
        if not safely.is_dir(folder) or folder.is_symlink():
            continue
        for p in sorted(folder.iterdir()):
            if not p.is_file() or p.is_symlink() or not _PAGE_NAME.search(p.stem):
                continue
            if is_table_file(p) and _has_tables(p) or p.suffix in (".json", ".yaml", ".yml") \
                    and not graded_cases(p) and bool(_queries_or_none(p)):
                found.append((p, None))
    return found


def _workspace_triggers(skill_dir: Path) -> list[tuple[Path, bool | None]]:
    """The trigger file skill-creator's description optimization keeps in the skill's
    workspace (`workspaces/<skill>-workspace/desc-opt/trigger-eval.json`, or at the
    workspace's top), read when no set folder holds one: a file named for triggers, holding
    queries."""
    own = skill_dir.resolve()
    # (a folder of skills' shared workspace, `skills-workspace/`, keeps each skill's in a
    # folder named for it: only this one's)
    shared = own.parent.parent / f"{own.parent.name}-workspace" / own.name
    for home in [*own_workspaces(own), shared]:
        if not safely.is_dir(home) or home.is_symlink():
            continue
        folders = [home, *sorted(p for p in home.iterdir() if p.is_dir() and not p.is_symlink()
                                 and not p.name.startswith(("iteration-", "."))
                                 and p.name not in ("evals", "eval"))]
        found: list[tuple[Path, bool | None]] = [
            (p, None) for folder in folders for p in sorted(folder.glob("*trigger*.json"))
            if p.is_file() and not graded_cases(p) and bool(_queries_or_none(p))]
        if found:
            return found
    return []


def _in_folder(folder: Path) -> list[tuple[Path, bool | None]]:
    seeds = {folder / Path(rel).relative_to("evals"): default
             for rel, default in SEED_FILES.items()}
    found: list[tuple[Path, bool | None]] = [(p, d) for p, d in seeds.items() if p.is_file()]
    named = [folder / Path(rel).relative_to("evals") for rel in JSON_FILES]
    # every data file of `trigger/` is a trigger file; one of a folder named otherwise for
    # triggers (`skill-trigger/`, beside the catalog its runner reads) only by its shape
    belows = trigger_folders(folder)
    below = [b for b in belows if b.name == "trigger"]
    # a folder of case files (`cases/`) keeps its trigger queries beside them
    # (`cases/trigger-cases.json`): read as a trigger file of the set folder
    beside = [p for sub in CASE_FOLDERS if (folder / sub).is_dir()
              for p in (folder / sub).glob("trigger*") if p.suffix in (".json", ".yaml", ".yml")]
    others = [*folder.glob("trigger*.json"), *beside,
              *(p for b in below for p in b.iterdir()
                if p.suffix in (".json", ".yaml", ".yml") and p not in seeds)]
    found += [(p, None) for p in dict.fromkeys([*named, *sorted(others)]) if p.is_file()]
    # a trigger-named file of graded cases is the runtime set (runner.authoring.siblings)
    found = [(p, d) for p, d in found if not graded_cases(p)]
    # ...and a file of queries under another name (`eval_queries.json`), known by its shape
    known = {p for p, _ in found}
    # (by content, never by name: `askit-x-triggering.eval.json` is one as `queries.json` is)
    found += [(p, None) for p in sorted([*folder.glob("*.json"), *folder.glob("*.yaml"),
                                         *folder.glob("*.yml")]) if p not in known
              and (TRIGGER_SHAPE in judge(p).why_not or trigger_shaped(p))]
    known = {p for p, _ in found}
    found += [(p, None) for p in sorted(p for b in belows for p in b.iterdir()
                                        if p.suffix in (".json", ".yaml", ".yml"))
              if p not in known and ((j := judge(p)).routes or "`skill-eval trigger`" in j.why_not
                                     or _routes_all(p))]
    # ...and Markdown tables of queries in a file named for triggers (runner.triggers.tables)
    found += [(p, None) for p in sorted([*folder.iterdir(), *(p for below in belows
                                                              for p in below.iterdir())])
              if is_table_file(p) and _has_tables(p)] if folder.is_dir() else []
    # ...and a router's test set beside the runtime set (runner.authoring.siblings)
    known = {p for p, _ in found}
    found += [(p, None) for p, why in survey(folder).unread if why == ROUTING_SET
              and p not in known]
    # ...and one set apart because a case folder beside it is the runtime set
    known = {p for p, _ in found}
    found += [(p, None) for p in routing_beside_cases(folder) if p not in known]
    return [(p, d if d is not None else _named_side(p)) for p, d in found]


# A trigger file whose name says its side (`positive_cases.yaml`, `should-not-trigger.json`):
# the side of each query in it that says none of its own.
_NAMED_STAYS = re.compile(r"(?i)(?:^|[_.-])(?:negatives?|should[_-]?not(?:[_-]?trigger)?|"
                          r"no[_-]?trigger|non[_-]?trigger(?:ing)?)(?:[_.-]|$)")
_NAMED_FIRES = re.compile(r"(?i)(?:^|[_.-])(?:positives?|should[_-]?trigger)(?:[_.-]|$)")


def _named_side(path: Path) -> bool | None:
    stays, fires = _NAMED_STAYS.search(path.stem), _NAMED_FIRES.search(path.stem)
    if stays and fires:
        return None  # `positive-and-negative.json`: both sides, neither given
    return False if stays else True if fires else None


def _has_tables(path: Path) -> bool:
    try:
        return path.is_file() and not path.is_symlink() and bool(
            table_queries(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return False


def _owned_by(path: Path, default: bool | None, names: list[str], folder: Path) -> bool:
    decided = whose(path, default, folder)
    return decided is None or bool(decided.owners & set(names))


def _named_for(path: Path, default: bool | None, names: list[str], folder: Path) -> bool:
    decided = whose(path, default, folder)
    return decided is not None and bool(decided.owners & set(names))


def whose(path: Path, default: bool | None, folder: Path) -> Claim | None:
    """Which skills a file of a shared set folder is for (runner.triggers.shared); None: any
    skill reading the folder (it names none and one skill shares it, or it does not parse:
    read, and refused with the reader's words)."""
    try:
        raw = _load(path)
        items = _queries_of(raw, str(path))
        # `<plugin>:<skill>` names a skill of the collection by its name after the colon
        routed = {e.rpartition(":")[2] for e in expected_skills(items)} \
            & (_collection(path) or set())
        if routed:  # a routing set: each skill it expects reads it
            return Claim(path, frozenset(routed))
        should = [q.prompt for n, i in enumerate(items, 1)
                  if (q := _query(i, n, default, str(path))).should_trigger]
    except CaseSetError:
        return None
    said = owner(raw)
    if said is not None:
        return Claim(path, frozenset({said}))
    skills = {(declared_name(s) or s.name): ({declared_name(s) or s.name, s.name},
                                             _description(s))
              for s in _sharing(folder)}
    if len(skills) < 2:
        return None
    return claim(path, sorted({n.rpartition(":")[2] for i in items for n in case_skill(i)}),
                 should, skills)


def _sharing(folder: Path) -> list[Path]:
    """The skills sharing a set folder: those below the folder holding it; of a plugin's
    folder inside a set folder (`evals/<plugin>/`, runner.authoring.layouts.search_order),
    the skills that plugin ships."""
    if folder.parent.name in SET_FOLDERS and folder.name not in SET_FOLDERS:
        return [s for s in skill_folders(folder.parent.parent) if plugin_of(s) == folder.name]
    return skill_folders(folder.parent)


def _description(skill: Path) -> str:
    try:
        return load_skill(skill).description
    except RefusedInput:
        return ""


def unclaimed(skills: list[Path]) -> list[Claim]:
    """The shared trigger files above `skills` that no rule gives to one of them."""
    out: dict[Path, Claim] = {}
    for skill in skills:
        for folder, shared in search_order(skill, declared_name(skill)):
            for path, default in _in_folder(folder) if shared else []:
                decided = whose(path, default, folder)
                if decided is not None and not decided.owners:
                    out[path] = decided
    return list(out.values())


def load_trigger_set(skill_dir: Path, skill_name: str) -> TriggerSet:
    files = trigger_files(skill_dir, skill_name)
    names = [skill_name, skill_dir.name]
    # a trigger set written as a runtime set (runner.triggers.routed): its queries too
    routed = routed_set(skill_dir, skill_name)
    if routed is None and not files:
        raise CaseSetError(str(skill_dir / "evals"), "no trigger queries: add "
                           "evals/trigger/should-trigger.yaml and should-not-trigger.yaml "
                           "(seed 001) or evals/trigger-evals.json (skill-creator); see README")
    plugin = plugin_of(skill_dir)  # `<plugin>:<skill>` names this skill under it only
    left: list[Finding] = []
    queries = [q for path, default in files
               for q in _read_guarded(path, default, names, plugin, left)]
    if routed is not None:
        read = {p.resolve() for p, _ in files}
        extra = [Path(f) for f in routed.files if Path(f).resolve() not in read]
        if extra or not files:  # the runtime file itself is not read twice
            files += [(p, None) for p in extra]
            queries += routed.queries
    unique = list({q.prompt: q for q in queries}.values())  # one per prompt, last read wins
    if unique and not any(q.should_trigger for q in unique):
        tasks = _tasks_as_positives(skill_dir, skill_name)
        if not tasks:
            raise CaseSetError(str(files[0][0]), "no query the skill should fire on: recall "
                                                 "cannot be measured")
        unique += [t for t in tasks if t.prompt not in {q.prompt for q in unique}]
        left.append(Finding(code="EV012", file=str(files[0][0]), case="", message=(
            f"the trigger set holds only queries the skill should not fire on: the "
            f"{len(tasks)} prompt(s) of its runtime set ({tasks[0].source}), each a task "
            "for the skill, are its should-trigger side"), fix="none needed (or write "
            "should-trigger queries beside them)"))
    return TriggerSet(skill_name=skill_name, queries=unique, files=[str(p) for p, _ in files],
                      findings=[*left, *(routed.findings if routed is not None else [])])


_READING_TASKS: set[str] = set()  # skills whose runtime set is being read for its prompts


def _tasks_as_positives(skill_dir: Path, skill_name: str) -> list[TriggerQuery]:
    """The runtime set's prompts as should-trigger queries (each a task the skill is meant
    for), for a trigger set of only should-not queries; none when the set cannot be read or
    its prompts carry material (longer than a request a user types)."""
    from runner.authoring.caseset import load_caseset  # (caseset reads trigger files too)

    key = str(skill_dir.resolve())
    if key in _READING_TASKS:  # the runtime set's own reading asked for this trigger set
        return []
    _READING_TASKS.add(key)
    try:
        caseset = load_caseset(skill_dir, skill_name)
    except (CaseSetError, RefusedInput):
        return []
    finally:
        _READING_TASKS.discard(key)
    return [TriggerQuery(id=f"task-{case.id}", prompt=case.prompt, should_trigger=True,
                         source=caseset.source) for case in caseset.evals
            if case.prompt.strip() and len(case.prompt.split()) <= MAX_QUERY_WORDS]


def split(queries: list[TriggerQuery], train_share: float = 0.6) -> dict[str, Split]:
    """Query id -> train | validation: 60/40, stratified by should_trigger, deterministic (by
    the digest of each prompt, so adding a query does not reshuffle the others)."""
    out: dict[str, Split] = {}
    for wanted in (True, False):
        group = sorted((q for q in queries if q.should_trigger is wanted),
                       key=lambda q: hashlib.sha256(q.prompt.encode()).hexdigest())
        cut = round(len(group) * train_share)
        for index, query in enumerate(group):
            out[query.id] = Split.TRAIN if index < cut else Split.VALIDATION
    return out
