"""A collection of skills as one eval (issue 26, rule 8; docs/case-sets.md#collections): a
folder without SKILL.md holding several skills, graded on one shared set whose cases each name
their skill (`skill`, `skills`, `target_skill(s)`, `metadata.skill`), or on each skill's own set.

`read_collection` says, offline, which skills a run would run and which it would not (no case
names them, no set), and refuses before anything is spent:

- a case naming a skill that is not in the collection (the fix: name one of its skills);
- a shared set whose cases name no skill (every skill would be graded on every case);
- `--skill-name` naming no skill of the collection;
- a collection in which no skill has a set. A run does not draft sets for a collection (one
  drafting call per skill, each to be reviewed): it names the command that drafts each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from runner.authoring.attribution import set_named, skill_names
from runner.authoring.layouts import (
    PROSE_SUFFIXES,
    collection,
    held_instead,
    hidden_sets,
    naming_entries,
    owns_markdown,
    read_markdown,
    read_set,
    several_skills,
    skill_part,
)
from runner.authoring.skill import declared_id, load_skill
from runner.errors import CaseSetError, RefusedInput
from runner.schema.drafts import is_draft, is_template


@dataclass(frozen=True)
class Member:
    """One skill of the collection and the set it would be graded on."""

    path: Path
    name: str  # SKILL.md's name
    set_file: Path | None
    runs: bool  # a case of its set is its own
    why_not: str = ""  # when it does not run
    triggers: bool = False  # its authors wrote a trigger set only: `check` accepts it

    @property
    def names(self) -> set[str]:
        """What a case may call it: its SKILL.md name (or `id`) or its folder's."""
        return {self.name, self.path.name, *(n for n in [declared_id(self.path)] if n)}


@dataclass(frozen=True)
class Collection:
    root: Path
    members: list[Member]
    skipped: list[Member] = field(default_factory=list)  # not run, each with its reason
    notes: list[str] = field(default_factory=list)  # shared trigger sets no skill is given

    @property
    def running(self) -> list[Member]:
        return [m for m in self.members if m.runs]

    def lines(self) -> list[str]:
        """What `check`, `estimate` and `run` say about the collection before the skills."""
        out = [f"{self.root}: a collection of {len(self.members) + len(self.skipped)} "
               f"skill(s); {len(self.running)} run(s), one per skill with cases:"]
        out += [f"  {m.name} ({m.path}): set {m.set_file}" for m in self.running]
        out += [f"  {m.name} ({m.path}): not run: {m.why_not}"
                for m in self.members if not m.runs]
        out += [f"  {m.name} ({m.path}): not run: left out by --skill-name"
                for m in self.skipped]
        if (self.root / "SKILL.md").is_file():  # an umbrella skill (layouts.umbrella)
            out.append(f"  {self.root.name} ({self.root}): not run: the skill at the root has "
                       "no case set of its own; the sets below are its skills'")
        return out + self.notes


def _items(data: Any) -> list[Any]:
    items = data.get("evals") or data.get("cases") if isinstance(data, dict) else data
    return items if isinstance(items, list) else []


def _shared(member: Path, set_file: Path) -> bool:
    return not set_file.resolve().is_relative_to(member.resolve())


@dataclass(frozen=True)
class TriggerReading:
    """What the trigger layer (above this one) says of the skills: whether one's authors wrote
    a trigger set only, and the lines naming shared trigger sets no skill is given."""

    only: Callable[[Path, str], bool] = lambda _path, _name: False
    unclaimed: Callable[[list[Path]], list[str]] = lambda _skills: []


# What Claude Code does with a SKILL.md lacking its metadata (its loader: every frontmatter
# field is optional; `name` defaults to the folder's name, `description` to the body's first
# line): it still loads the skill, and so does a run (runner.authoring.skill.load_skill). Only
# a SKILL.md with no description and an empty body gives no loader a description: a
# collection leaves that one skill out, said, and checks the others; alone it is refused.
UNDESCRIBED_HEAD = "its SKILL.md has "
_UNDESCRIBED = ("and no line in its body to stand for one: no loader gets a description, so "
                "a run cannot route to it: left out, the others checked; fix: add "
                "`description:` (what it does, when to use it) to its frontmatter")


def undescribed(path: Path) -> str | None:
    """Why a collection's skill is left out for its SKILL.md's metadata (no frontmatter, no
    description, or frontmatter no YAML reader parses: no loader gets its description, so
    neither does a run), or None when it loads (any other refusal stays the collection's).
    bench/caseset_acceptance.py asks the same, so it counts what `check COLLECTION` does."""
    try:
        load_skill(path)
    except RefusedInput as exc:
        text = str(exc)
        if "no description, and no line in its body" in text:
            bare = not (path / "SKILL.md").read_text(encoding="utf-8", errors="replace") \
                .lstrip("\ufeff").startswith("---")
            lacks = "no frontmatter" if bare else "no description"
            return f"{UNDESCRIBED_HEAD}{lacks} {_UNDESCRIBED}"
        if "frontmatter is not valid YAML" in text or "frontmatter is not closed" in text:
            first = ("no '---' closes it" if "not closed" in text else
                     text.split("not valid YAML: ", 1)[1].splitlines()[0])
            return (f"{UNDESCRIBED_HEAD}frontmatter no YAML reader parses ({first}): its "
                    "name and description cannot be read, so a run cannot read the skill: "
                    "left out, the others checked; fix: quote the values holding ': ' or "
                    "'#', and close the frontmatter with '---'")
        raise
    return None


PROSE_SET = "prose set "  # how a member whose set no reader grades is listed as not run


def structured_markdown(skill: Path, set_file: Path) -> bool:
    """A Markdown set a reader grades as it is (its sections cases: runner.authoring.mdtasks),
    the skill's own, as `check SKILL` reads it: run in the collection too, never "prose"."""
    try:
        return read_markdown(set_file, skill) is not None and owns_markdown(skill, set_file)
    except (CaseSetError, OSError):
        return False


def _member(path: Path, set_file: Path | None, names_in: dict[Path, list[list[str]]],
            triggers: TriggerReading) -> Member:
    why = undescribed(path)
    if why is not None:
        return Member(path, path.name, set_file, False, why)
    name = load_skill(path).name
    # (a shared set that is the collection's routing set is each skill's trigger queries:
    # runner.authoring.routing_sets)
    if (set_file is None or _shared(path, set_file)) and triggers.only(path, name):
        return Member(path, name, None, False, "trigger set only: nothing for `run` to run; "
                      f"measure it with `skill-eval trigger {path}`", triggers=True)
    if set_file is None:
        return Member(path, name, None, False, f"no case set (draft one: `skill-eval run "
                                               f"{path}` or `skill-eval cases {path} "
                                               "--generate`)")
    if set_file.suffix in PROSE_SUFFIXES and not structured_markdown(path, set_file):
        return Member(path, name, set_file, False, f"{PROSE_SET}{set_file} (draft it: "
                                                   f"skill-eval cases {path} --generate "
                                                   f"--from {set_file})")
    if not _shared(path, set_file) and empty_set(set_file, path):
        return Member(path, name, set_file, False, f"its set {set_file} {EMPTY_SET}")
    if not _shared(path, set_file) and unwritten_set(set_file, path):
        return Member(path, name, set_file, False, f"its set {set_file} {UNWRITTEN_SET}")
    named = names_in.get(set_file.resolve(), [])
    if _shared(path, set_file) and any(named) and not naming_entries(
            named, [n for n in (name, path.name, declared_id(path)) if n], path):
        return Member(path, name, set_file, False, f"no case of {set_file} names it")
    return Member(path, name, set_file, True)


# A collection's skill whose own set is an empty case list (`[]`, `{"evals": []}`): the
# author wrote the file and no case yet. That skill has no set (like one no case names), said;
# the others run. A lone skill whose only set is empty stays refused (nothing would run).
EMPTY_SET = ("holds no case (an empty list): nothing to run for this skill; fix: write its "
             "cases there, or delete the file")


def _data_of(set_file: Path, skill: Path) -> Any:
    """The skill's own JSON or YAML set file as data; None for any other file, or one that
    does not parse (its reader refuses it in its own words)."""
    if set_file.is_dir() or set_file.suffix.lower() not in (".json", ".yaml", ".yml"):
        return None
    try:
        return read_set(set_file, skill)
    except (CaseSetError, RefusedInput, OSError, ValueError):
        return None


def empty_set(set_file: Path, skill: Path) -> bool:
    """Whether the skill's own set file is an empty case list, by its shape: the data is `[]`,
    or a mapping whose `evals` (or `cases`) is `[]` beside nothing else that is a list (cases
    under another key are another reader's: runner.authoring.caseset)."""
    data = _data_of(set_file, skill)
    if isinstance(data, list):
        return not data
    if not isinstance(data, dict):
        return False
    key = "evals" if "evals" in data else "cases"
    return data.get(key) == [] and not any(
        isinstance(v, (list, dict)) and v for k, v in data.items() if k != key)


UNWRITTEN_SET = ("holds only prompts still to be written (a template's instruction to write "
                 "one, or a TODO draft): nothing to run for this skill; fix: write its cases")


def unwritten_set(set_file: Path, skill: Path) -> bool:
    """Whether every case of the skill's own set file has a prompt still to be written: its
    template's instruction (`請在此輸入您的測試提問`) or a TODO draft (runner.schema.drafts).
    Like an empty set, the author wrote the file and no case yet."""
    items = _items(_data_of(set_file, skill))
    prompts = [i.get("prompt") for i in items if isinstance(i, dict)]
    return bool(items) and len(prompts) == len(items) and all(
        isinstance(p, str) and (is_template(p) or is_draft(p)) for p in prompts)


def _refuse_unknown(names_in: dict[Path, list[list[str]]], members: list[Member],
                    root: Path, ids_in: dict[Path, list[str]]) -> None:
    """Every case of a shared set names a skill of the collection, or none at all."""
    known = set().union(*(m.names for m in members)) if members else set()
    mine = ", ".join(sorted(m.name for m in members))
    for set_file, named in names_in.items():
        unknown = sorted({s for n in named for s in n if skill_part(s) not in known})
        if unknown:
            raise CaseSetError(str(set_file), f"case(s) name skill(s) {', '.join(unknown)}, "
                               f"which {root} does not hold (its skills: {mine}); fix: name "
                               "one of its skills in the case's `skill` (or `expected_skill`) "
                               "field, or add the skill's folder (with its SKILL.md) to the "
                               "collection")
        if named and not any(named) and sum(
                m.set_file is not None and m.set_file.resolve() == set_file
                for m in members) > 1:
            ids = ", ".join(ids_in.get(set_file, []))
            raise CaseSetError(str(set_file), f"a set shared by the collection's skills whose "
                               f"cases ({ids}) name no skill: every skill would be graded on "
                               "every case, and a run loads one skill at a time, never the "
                               f"{len(members)} together{_plugin(root)}; fix: give each case "
                               "`\"skill\": \"<its skill's name>\"` (or `expected_skill`, or "
                               "start its prompt with `/<skill>`)")


def _label(item: Any, n: int) -> str:
    return str(item.get("id", item.get("name", n))) if isinstance(item, dict) else str(n)


def _plugin(root: Path) -> str:
    manifest = root / ".claude-plugin" / "plugin.json"
    return f" ({manifest} makes them one plugin)" if manifest.is_file() else ""


def _unnamed(set_file: Path, items: list[Any], named: list[list[str]]) -> list[str]:
    """The cases of a shared set naming no skill while others do: not run, one line each
    (a set none of whose cases names a skill is refused by `_refuse_unknown`)."""
    if not any(named):
        return []
    return [f"  case {_label(item, n)} of {set_file}: names no skill: not run (a case runs "
            "against the skill it names); fix: `\"expected_skill\": \"<skill>\"`, or start "
            "its prompt with `/<skill>`"
            for n, (item, said) in enumerate(zip(items, named, strict=True), 1) if not said]


def _narrowed(found: list[Member], skill_name: str | None, root: Path) -> list[Member]:
    if skill_name is None:
        return found
    chosen = [m for m in found if skill_name in m.names]
    if not chosen:
        raise RefusedInput(f"--skill-name {skill_name}: no such skill in the collection "
                           f"{root} (its skills: {', '.join(sorted(m.name for m in found))})")
    return chosen


def read_collection(root: Path, skill_name: str | None = None, cases_file: Path | None = None,
                    triggers: TriggerReading | None = None) -> Collection | None:
    """The collection at `root` (None when `root` is a skill, or holds one skill only), every
    skill with the set it would be graded on (`--cases FILE`: that one, shared); refused as the
    module says."""
    if cases_file is not None and (root / "SKILL.md").is_file():
        return None  # `--cases FILE` for the root skill itself: that skill, not those below
    pairs = [(s, cases_file or f) for s, f in collection(root)]
    if len(pairs) < 2:
        return None
    known = skill_names(s for s, _ in pairs)
    names_in: dict[Path, list[list[str]]] = {}
    full_in: dict[Path, list[list[str]]] = {}  # as written, several names a case each
    unnamed: list[str] = []  # one line per case of a shared set naming no skill, or several
    ids_in: dict[Path, list[str]] = {}
    for skill, set_file in pairs:
        if set_file is not None and set_file.suffix not in PROSE_SUFFIXES \
                and _shared(skill, set_file) and set_file.resolve() not in names_in:
            data = read_set(set_file, skill)
            items = _items(data)
            named = set_named(items, data, known)
            full_in[set_file.resolve()] = named
            # a case naming several skills is no one's: not run, said (one case, one skill)
            both = [n for n, (item, said) in enumerate(zip(items, named, strict=True))
                    if several_skills(item, str(set_file)) is not None
                    or len(set(map(skill_part, said))) > 1]
            unnamed += [f"  case {_label(items[n], n + 1)} of {set_file}: names several skills "
                        f"({', '.join(named[n])}): not run (a case runs against one skill); "
                        "fix: split it into one case per skill" for n in both]
            named = [[] if n in both else said for n, said in enumerate(named)]
            names_in[set_file.resolve()] = named
            unnamed += _unnamed(set_file, [i for n, i in enumerate(items) if n not in both],
                                [s for n, s in enumerate(named) if n not in both])
            ids_in[set_file.resolve()] = [_label(i, n) for n, i in enumerate(items, 1)]
    triggers = triggers or TriggerReading()
    found = [_member(skill, set_file, names_in, triggers) for skill, set_file in pairs]
    _refuse_unknown(full_in, found, root, ids_in)
    chosen = _narrowed(found, skill_name, root)
    result = Collection(root, chosen, [m for m in found if m not in chosen],
                        [*unnamed, *triggers.unclaimed([m.path for m in found]),
                         *hidden_lines(root, found), *held_lines(chosen)])
    if not result.running and not any(m.triggers for m in chosen):
        raise nothing_to_run(result)
    return result


def held_lines(members: list[Member]) -> list[str]:
    """What the set folders of the skills with no set hold instead (rubrics, answer keys,
    case folders with no prompt file, Markdown: runner.authoring.layouts.held_instead),
    one line per distinct finding: the skills of a collection share its root's `evals/`,
    so the line is said once for them all, never passed over in silence."""
    said: dict[str, list[str]] = {}
    for m in members:
        if m.set_file is None and not m.triggers:
            # the drafting command a Markdown note names is the skill's: said as SKILL
            held = held_instead(m.path, m.name, prose=True).replace(str(m.path), "SKILL")
            if held:
                said.setdefault(held, []).append(m.name)
    return [f"  no case set for {', '.join(names) if len(names) <= 3 else f'{len(names)} skills'}"
            f"{held}" for held, names in said.items()]


def hidden_lines(root: Path, members: list[Member]) -> list[str]:
    """One line per case set found under a hidden folder (a vendored skill): whether it is a
    copy of a skill checked here (whose own set is the one read) or of none of them."""
    out = []
    for skill, set_file in hidden_sets(root):
        name = load_skill(skill).name
        same = [m for m in members if name in m.names]
        whose = (f"a copy of this collection's skill '{name}' ({same[0].path}), whose own "
                 f"{'set ' + str(same[0].set_file) if same[0].set_file else 'folder'} is "
                 "the one read" if same else f"its skill '{name}' is none of the skills "
                 "checked here")
        out.append(f"  a case set under a hidden folder, not read: {set_file} ({whose}); to "
                   f"grade it: skill-eval check {skill}")
    return out


def nothing_to_run(coll: Collection) -> RefusedInput:
    """`run` on a collection none of whose skills has a case of its own (`check` accepts one
    whose skills have trigger sets only: `skill-eval trigger` measures each)."""
    if coll.members and all(m.why_not.startswith(UNDESCRIBED_HEAD) for m in coll.members):
        return RefusedInput("\n".join([
            *coll.lines(), "nothing to run: no SKILL.md of the collection has a `description` "
            "in its frontmatter, which is what a run reads a skill by; fix: give each skill's "
            "frontmatter a `description:` (what it does and when to use it)"]))
    return RefusedInput("\n".join([
        *coll.lines(), "nothing to run: no skill of the collection has a case of its "
        "own. A run does not draft sets for a collection (a drafting call per skill, each "
        "for you to review): draft each with `skill-eval run SKILL` (or `skill-eval cases "
        "SKILL --generate`), or write one shared evals/evals.json whose cases each name "
        "their skill (`\"skill\": \"NAME\"`); a skill with a trigger set only is measured "
        "by `skill-eval trigger SKILL`"]))
