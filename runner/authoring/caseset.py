"""Read and preflight a skill's case set: `evals/evals.json` in the Agent Skills contract
(other tools' dialects are read by runner.authoring.dialects).

Everything here is offline and free; a set that cannot measure is refused before anything is
spent, with every problem at once, each naming its code, file, case and fix.
"""

from __future__ import annotations

import difflib
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from dataclasses import field as _field
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import ValidationError

from runner.analysis.wording import quoted_phrases, restated_phrase, word_count
from runner.authoring import safely
from runner.authoring.absent_material import absent_by_design
from runner.authoring.agent_notes import told_notes
from runner.authoring.answers import (
    ANSWER_KEY,
    INPUT_NOTE,
    REFERENCE_NOTE,
    answer_keys,
    inline_skill_reason,
    refuse_skill,
    skill_file_reason,
    skill_own_files,
)
from runner.authoring.attribution import named_skill, set_named, skill_names
from runner.authoring.below_sets import SetBelow, sets_below
from runner.authoring.case_folding import fold_cases
from runner.authoring.case_index import indexed_cases
from runner.authoring.casedirs import is_case_dirs, is_one_case, named_rubric
from runner.authoring.check_groups import check_groups, groups_line
from runner.authoring.crosscase import report_earlier_state
from runner.authoring.described_changes import described_change_files
from runner.authoring.described_fixtures import described_in_prompt, described_names
from runner.authoring.dialects import (
    CaseReader,
    primary_routes,
    reads_as_statement,
    written_in_statements,
)
from runner.authoring.excluded import (
    excluded_line,
    exclusion,
    kind_of,
    labelled,
    nothing_left,
)
from runner.authoring.fields import expectation_named, untaken
from runner.authoring.git_states import KEYS as GIT_KEYS
from runner.authoring.git_states import split_git_state
from runner.authoring.groups import GROUPED, GROUPED_FIX
from runner.authoring.had_context import had_as_context
from runner.authoring.harness_matching import fixed_fields, folded_fields, text_fields
from runner.authoring.harness_scripts import read_harness_fixtures
from runner.authoring.harnessed import harness_findings, program_test, program_test_refusal
from runner.authoring.id_fixtures import id_fixtures
from runner.authoring.inline import decoy_fields, file_references, split_inline
from runner.authoring.inputs import SetFolders, home_of, pointed_inputs, staged_fields
from runner.authoring.joined import TOP_ALIASES, as_set, read_joined
from runner.authoring.keyed_checks import keyed_files, keyed_pages, merged
from runner.authoring.kinds import report_kinds_and_counts, staged_files
from runner.authoring.layouts import (
    PROSE_SUFFIXES,
    Located,
    case_skill,
    drop_skill,
    find_prose,
    find_set,
    held_instead,
    locate,
    markdown_family,
    names_below,
    naming_entries,
    owns_markdown,
    prose_refusal,
    read_markdown,
    read_set,
    search_order,
    set_root,
    several_skills,
    shared_naming,
    skill_folders,
    skill_part,
    trigger_folders,
    up_to_repository,
)
from runner.authoring.live_services import (
    described_reach,
    live_asks,
    mcp_reach,
    service_names,
    service_records,
)
from runner.authoring.made_work import work_claims
from runner.authoring.mcp import (
    MCP_NEED,
    case_needs,
    declared_servers,
    server_products,
    server_tools,
    skill_needs,
    stated_servers,
)
from runner.authoring.mdtasks import is_task, markdown_notes, read_from
from runner.authoring.missing_turns import (
    report_awaited_reply,
    report_earlier_turn,
    report_opening_ask,
)
from runner.authoring.named_scorers import named_scorers, report_unnamed, skill_md_runs
from runner.authoring.other_sets import other_set_lines
from runner.authoring.outcome_asks import outcome_asked
from runner.authoring.output_places import placed_outputs
from runner.authoring.outside import Outside
from runner.authoring.own_project import names_a_project, read_on_its_prompt
from runner.authoring.pairs import before_sides, named_input, split_pairs
from runner.authoring.parameters import filled
from runner.authoring.pass_rules import set_rule
from runner.authoring.pattern_fields import (
    ignores_case,
    named_pattern_fields,
    named_patterns,
    pattern_fields,
)
from runner.authoring.planned import planned_only
from runner.authoring.pointed import pointed_cases, pointed_refusal
from runner.authoring.problems import SET_LEVEL, Problems, describe
from runner.authoring.programs import SET_FIELDS, SetPrograms, programs_of
from runner.authoring.project_skill import carry, own_file, project_file, project_fix, project_of
from runner.authoring.project_skill import project_paths as _project_paths
from runner.authoring.prompt_field import no_prompt
from runner.authoring.prompt_variants import about_firing, fires_flag, variants_of
from runner.authoring.promptfoo import is_promptfoo
from runner.authoring.prompts import (
    agents_own_blanks,
    asked_for_advice,
    describes_a_prompt,
    fake_values,
    missing_inputs,
    notation_tokens,
    placeholders,
    skill_holds,
    staged_names,
    told_as_a_plight,
    told_in_a_question,
    worked_on,
)
from runner.authoring.reach import report_reach
from runner.authoring.read_once import once
from runner.authoring.readme_criteria import readme_criteria
from runner.authoring.references import with_references
from runner.authoring.repo_reads import repo_reads
from runner.authoring.repository_inputs import carried_from_repository, repository_file
from runner.authoring.routing import RoutingOnlySet, all_routing_statements
from runner.authoring.routing_sets import collection_queries
from runner.authoring.rubric_gates import report_gates
from runner.authoring.runnable import FIX as RUN_FIX
from runner.authoring.runnable import cannot_run
from runner.authoring.safely import READ_ERRORS, read_error, refuse_surrogates, unreadable
from runner.authoring.set_notes import (
    BY_WORDING,
    CORPUS_LINE,
    NOTES_LINE,
    ROUTED_NAMES,
    notes_line,
    repository_note,
    route_label_lines,
    routes_named,
    trigger_note,
)
from runner.authoring.set_owned import report_exclusions
from runner.authoring.set_texts import texts_from_files
from runner.authoring.setup_writes import setup_writes
from runner.authoring.setups import folder_setup, read_setup
from runner.authoring.shapes import unwrap
from runner.authoring.shared_criteria import shared_criteria, with_criteria
from runner.authoring.siblings import (
    NOT_A_SET,
    PROMPT_KEYS,
    SET_SUFFIXES,
    judge,
    no_cases,
    prompt_fields,
    read_data,
    read_with_findings,
)
from runner.authoring.skill import skill_body
from runner.authoring.skill_locks import installed_from
from runner.authoring.skillgrade import read_tasks
from runner.authoring.stand_ins import stand_ins
from runner.authoring.templates import evals_root, fill, find_template, harness_scripts
from runner.authoring.trigger_cases import trigger_test
from runner.authoring.user_invoked import report_user_invoked
from runner.authoring.waza import is_waza
from runner.authoring.whole_project import (
    TOTAL_BYTES,
    TOTAL_FILES,
    Staging,
    folder_staging,
    named_folders,
    project_staging,
    skill_source,
    too_large_text,
    without_documents,
)
from runner.errors import CaseSetError
from runner.schema.case import (
    CASESET_RELPATH,
    EVALS_ROOT,
    FIXTURE_ROOT,
    Case,
    CaseSet,
    ChainStep,
    Finding,
)
from runner.schema.drafts import is_draft, is_template
from runner.scoring.asked import asks_to_write
from runner.scoring.checks import parse_matcher
from runner.scoring.deterministic import json_path_steps
from runner.scoring.process import parse_call_matcher

# Text checks inside these cannot mean anything (refused, EV009: docs/case-sets.md#problem-codes).
BINARY_SUFFIXES = frozenset(
    ".png .jpg .jpeg .gif .webp .bmp .ico .pdf .zip .gz .tgz .bz2 .xz .7z .tar .xlsx .xls .docx "
    ".pptx .mp3 .mp4 .wav .ogg .sqlite .db .parquet .pkl .bin .exe .so .woff .woff2".split()
)


# Top-level fields authors add to describe a set: kept and shown, never graded.
DESCRIPTIVE_FIELDS = frozenset({"description", "notes", "version", "author", "license",
                                "metadata", "tags", "name"})


def set_path(skill_dir: Path, name: str | None = None, set_file: Path | None = None) -> Path:
    """The set file a skill is graded on, in any layout (runner.authoring.layouts)."""
    return located_set(skill_dir, name, set_file).path


def located_set(skill_dir: Path, name: str | None = None,
                set_file: Path | None = None) -> Located:
    """Where the skill's set is and which files are read (runner.authoring.layouts); several
    case files that are not one set are refused naming each and `--cases FILE`; a prose set is
    refused with the command that drafts one; none at all names where to create it."""
    if set_file is not None:
        if not set_file.exists():
            raise CaseSetError(str(set_file), "--cases: no such file")
        return Located(set_file.resolve(), (set_file.resolve(),))
    found = locate(skill_dir, name)
    if found is not None:
        if found.conflict is not None:
            named = " and ".join(p.name for p in found.files)
            raise CaseSetError(str(found.path), f"holds {len(found.files)} case sets ({named}) "
                               f"{found.conflict}: not one set; fix: name the one to grade: "
                               f"--cases {found.files[0]} (or another of them)")
        return found
    prose = find_prose(skill_dir, name)
    if prose is not None and read_markdown(prose, skill_dir) is not None \
            and owns_markdown(skill_dir, prose):
        return Located(prose, (prose,))  # a structured Markdown set: read as it is
    if prose is not None:
        raise prose_refusal(prose, skill_dir)
    family = markdown_family(skill_dir, name)
    if family:  # several Markdown sets in one folder (a case a file): one set
        return Located(family[0].parent, family)
    raise CaseSetError(str(skill_dir / CASESET_RELPATH), "no case set" + _triggers_only(
        skill_dir, name) + ": create evals/evals.json (see README, 'A skill and its case set'), "
                       f"or draft one with `skill-eval cases {skill_dir} --generate`"
                       + held_instead(skill_dir, name, prose=True)
                       + "".join(f"; {line}" for line in other_set_lines(skill_dir, name, [])))


def _triggers_only(skill_dir: Path, name: str | None) -> str:
    """The trigger files a skill with no case set has: said, never passed over in silence
    (they measure whether it fires, not what it does)."""
    files: list[str] = []
    for folder, _ in search_order(skill_dir, name):  # the folders `trigger` reads, in order
        files = [str(p) for p in sorted([*folder.glob("*trigger*"), *folder.glob("routing.*"),
                                         *(p for below in trigger_folders(folder)
                                           for p in below.iterdir())])
                 if p.is_file() and p.suffix in (".json", ".yaml", ".yml")]
        if files:
            break
    return (f" (only trigger queries: {', '.join(files)}, measured by `skill-eval trigger "
            f"{skill_dir}`; a case set says what the skill should do)" if files else "")


def _one_case(path: Path) -> bool:
    """A data file holding one case object (`{id, task, expected, ...}` with no list of cases),
    read as a set of that case, as one file of a folder of one-case files is."""
    if not path.is_file() or path.suffix not in SET_SUFFIXES or is_promptfoo(path) \
            or is_waza(path):
        return False
    try:
        data = read_data(path)
    except CaseSetError:
        return False
    shaped = as_set(data)
    return shaped is not None and bool(shaped.get("__one_case__"))


# How a Markdown set's cases were read, by what runner.authoring.mdtasks.read_from says.
_MARKDOWN_READS = {
    "sections": "from its sections (a prompt each; expected and pass bullets as statements, "
                "fail bullets as what the run avoids)",
    "tables": "from its table rows (the prompt cell each; the expected cell a statement, less "
              "a clause on whether the skill loads; other columns notes)",
    "blocks": "from its fenced YAML/JSON blocks (a case object each, read as a JSON set's)",
    "paired": "from its sections (the prompt each), each graded on the items of the section "
              "under the same key in a sibling page"}


def _markdown_lines(files: list[Path], problems: Problems) -> None:
    """What the Markdown sets read as one set hold and do not grade, each file's said (the
    lines a lone Markdown set gets from `_read_file`)."""
    if files:
        problems.report("EV012", "", f"a Markdown set of {len(files)} files read as one (a "
                        "file of one case: its headings the labels; a prompt each, expected "
                        "and pass bullets as statements, fail bullets as what the run "
                        "avoids)", "none needed, or draft evals.json from them with "
                        "`skill-eval cases --generate --from`")
    for file in files:
        _markdown_note_lines(file, problems, f"{file.name}: ", "")


_NOTE_FIX = "none needed if so meant; else write it as a labelled prompt or check"


def _markdown_note_lines(path: Path, problems: Problems, label: str, more_fix: str) -> None:
    """One EV012 line for each thing a Markdown set holds and does not grade (case-like
    sections, labels no grader sees, a pass mark, a setup section)."""
    for note in markdown_notes(path):
        problems.report("EV012", "", f"{label}{note}", _NOTE_FIX + more_fix)


def _read_file(path: Path, skill_dir: Path,
               problems: Problems) -> dict[str, Any]:
    """The set as an object with `evals` (a bare list, or other tools' names for it), from
    JSON, YAML or a folder of case files; a file that cannot be read is one problem, raised.
    What another format's reader made of it (a CSV set's columns, a promptfoo suite's
    asserts) is reported from the same reading."""
    shown = str(path)
    if not path.exists():
        raise CaseSetError(shown, "no case set: create evals/evals.json (see README, "
                                  "'A skill and its case set')")
    # a Markdown task file or set is read by read_set (runner.authoring.mdtasks) like a folder
    markdown = path.suffix.lower() in PROSE_SUFFIXES
    raw, findings = read_with_findings(path) if path.is_file() and not is_task(path) \
        and not markdown else (read_set(path, skill_dir), [])
    if markdown and not is_task(path):
        how = _MARKDOWN_READS.get(read_from(path), _MARKDOWN_READS["sections"])
        problems.report("EV012", "", f"a Markdown set: {len(raw.get('evals', []))} case(s) read "
                        f"{how}", "none needed, "
                        "or draft evals.json from it with `skill-eval cases --generate --from`")
        _markdown_note_lines(path, problems, "a Markdown set: ", ", or draft evals.json from "
                             "it with `skill-eval cases --generate --from`")
    refuse_surrogates(raw, shown)  # before any reader hashes, encodes or looks it up
    for message, fix in findings:
        problems.report("EV012", "", message, fix)
    if isinstance(raw, list):  # a bare list of cases
        raw = {"evals": raw}
    if not isinstance(raw, dict):
        raise CaseSetError(shown, "top level must be an object with skill_name and evals")
    raw = unwrap(raw, path, skill_dir)
    for alias in TOP_ALIASES:
        if alias in raw and "evals" not in raw:
            raw["evals"] = raw.pop(alias)
    return read_tasks(raw, path, skill_dir, problems)  # skillgrade's tasks mapped


def _case_ids(items: list[Any], problems: Problems) -> list[str]:
    """Each case's id: its `id`, else its `name` when no other case has that name."""
    names = [str(i.get("name") or i.get("eval_name") or i.get("title") or "")
             if isinstance(i, dict) else "" for i in items]
    given = {str(i["id"]) for i in items if isinstance(i, dict) and "id" in i}
    if not given and not any(names) and all(isinstance(i, dict) for i in items):
        # nothing identifies any case (a bare list of prompts and expectations): its
        # position does, as other tools number such tests; never when some cases have an id
        # or a name (a position beside them would be a second, ambiguous scheme)
        problems.report("EV012", "", f"no case has an `id` or a `name`: the {len(items)} "
                        "cases are numbered by their position (1, 2, ...); inserting or "
                        "moving one renumbers the rest", "give each case an `id`, so results "
                        "stay comparable across edits")
        return [str(n) for n in range(1, len(items) + 1)]
    ids: list[str] = []
    for index, item in enumerate(items):
        if isinstance(item, dict) and "id" in item:
            ids.append(str(item["id"]))
            continue
        name = names[index]
        if name and names.count(name) == 1 and name not in given:
            ids.append(name)
            continue
        label = f"#{index + 1}"
        ids.append(label)
        if isinstance(item, dict):
            problems.refuse("EV009", label, "no `id` (and no `name` unique in the set)",
                            "give the case an `id`, or a `name` no other case has")
    return ids


def load_caseset(skill_dir: Path, default_name: str | None = None,
                 set_file: Path | None = None) -> CaseSet:
    """Parse and preflight the skill's case set (`evals/evals.json`, another name or layout,
    or `set_file`): every problem in one pass, refused together (CaseSetRefused); findings
    that do not refuse are kept with the set. A set without `skill_name` belongs to
    `default_name` (the SKILL.md name), when given. Within one command (read_once) a set is
    read once, its refusal too (`check` asks whether it is a trigger set, then reads it)."""
    key = ("caseset", str(skill_dir.resolve()), default_name,
           None if set_file is None else str(set_file.resolve()))
    return once(key, lambda: _load_caseset(skill_dir, default_name, set_file))


def _load_caseset(skill_dir: Path, default_name: str | None, set_file: Path | None) -> CaseSet:
    found = located_set(skill_dir, default_name, set_file)
    try:
        return _load(found, skill_dir, default_name, set_file)
    except READ_ERRORS as exc:  # author data no reader expected: refused, never exit 4
        raise unreadable(exc, str(found.path)) from exc


def _load(found: Located, skill_dir: Path, default_name: str | None,
          set_file: Path | None) -> CaseSet:
    path, shown = found.path, str(found.path)
    case_files: dict[str, str] = {}
    if len(found.files) > 1 or _one_case(path):  # a lone file holding one case is a set of it
        raw, case_files = read_joined(found.files or (path,), skill_dir)
        refuse_surrogates(raw, shown)
        problems = Problems(shown, case_files)
        _markdown_lines([f for f in found.files if f.suffix.lower() in PROSE_SUFFIXES],
                        problems)
    else:
        problems = Problems(shown, case_files)
        raw = _read_file(path, skill_dir, problems)
    # what the set's format reader said (its settings): kept for a set of trigger tasks only
    format_lines = tuple(problems.reported)
    said = raw.pop(GROUPED, None)  # cases read from named groups (runner.authoring.groups)
    # (several files read as one: one line per file, runner.authoring.joined)
    for line in [said] if isinstance(said, str) else list((said or {}).values()):
        problems.report("EV012", "", line, GROUPED_FIX)
    if found.parts:  # a router's parts written as skills (runner.authoring.skill_parts)
        raw.pop("skill_name", None)  # each file names its part; the set is the router's
        shown_parts = ", ".join(found.parts[:6]) + (
            f" and {len(found.parts) - 6} more" if len(found.parts) > 6 else "")
        problems.report("EV012", "", f"{len(found.parts)} set(s) of the skill's parts read as "
                        f"its one set ({shown_parts}): each part is a folder whose one Markdown "
                        "file has skill front matter (name, description) and no SKILL.md, so "
                        "Claude reaches it through this skill; each case id is led by its part",
                        "none needed (to grade a part alone, give it a SKILL.md)")
    shared = _shared_beside(skill_dir, found, default_name, raw, problems) \
        if set_file is None else {}
    about = _top_level(raw, problems)
    name = raw.get("skill_name", default_name)
    if not isinstance(name, str) or not name.strip():
        raise CaseSetError(shown, "skill_name: required, a non-empty string")
    items = raw.get("evals")
    indexed = None if isinstance(items, list) and items else indexed_cases(
        raw, path, _names(default_name, skill_dir))
    if indexed is not None:  # an index of per-skill case files (runner.authoring.case_index)
        items = indexed.cases
        problems.report("EV012", "", indexed.line, "none needed if so meant")
    pointed = None if isinstance(items, list) and items else pointed_cases(
        raw, path, _names(default_name, skill_dir), skill_dir)
    if pointed is not None:  # a config naming its cases by a pattern (runner.authoring.pointed)
        items = pointed.cases
        problems.report("EV012", "", pointed.line, "none needed if so meant; else list the "
                        "cases under `evals`")
    if not isinstance(items, list) or not items:
        # a config naming its cases by a pattern is told what the pattern finds (pointed)
        raise CaseSetError(shown, pointed_refusal(raw, path, _names(default_name, skill_dir))
                           or "evals: required, a non-empty list of cases" + no_cases(raw))
    # the set's own notes calling it a trigger test (runner.authoring.set_notes)
    noted = trigger_note(about, path, skill_dir)
    # ...or the repository's README calling every set of its path one (a trigger corpus)
    corpus = repository_note(path, skill_dir) if noted is None else None
    if corpus is not None:
        doc, line = corpus
        shown_line = line if len(line) <= 120 else line[:117] + "..."
        noted = f"the repository's {doc}: {shown_line!r}"
    elif noted is None and all_routing_statements(
            items, _names(default_name, skill_dir),
            frozenset(names_below(skill_dir.resolve().parent))):
        # ...or its own wording: every expectation a routing statement ("Activates belt with
        # the resume lens", "Does NOT activate; routes to blueprint"; routing.routing_head)
        corpus, noted = ("", ""), BY_WORDING
    own_folder = path.resolve().is_relative_to(skill_dir.resolve())
    routed_by_notes = noted is not None and own_folder
    from runner.authoring.skill import declared_id

    aliases = {n for n in (default_name, skill_dir.name, declared_id(skill_dir)) if n}
    routed_queries = None if own_folder else collection_queries(items, aliases)
    if routed_queries:  # a collection's routing set: this skill's trigger queries (routing_sets)
        raise RoutingOnlySet(shown, "EV008: every case is a prompt and the skill that should "
                                    "answer it: the collection's routing set, read as this "
                                    "skill's trigger queries; nothing for `run` to run: "
                                    "measure it with `skill-eval trigger`", routed_queries)

    items = _own_cases(items, [n for n in (default_name, skill_dir.name,
                                           declared_id(skill_dir)) if n], problems,
                       shown, own_folder, skill_dir, given=set_file is not None, data=raw,
                       routed=routed_by_notes)
    tested = program_test(about, items, skill_dir, path if path.is_dir() else path.parent)
    if tested is not None:  # a test of the skill's program, not of the agent (harnessed)
        raise CaseSetError(shown, program_test_refusal(tested, len(items)))
    # checks in a file of their own by case id, or on a page under headings naming the cases
    keyed = keyed_files(found.unread, items) + keyed_pages(
        path.parent if path.is_file() else path, items)
    if keyed:
        items = merged(items, keyed)
        done = {k.file for k in keyed}
        found = replace(found, unread=tuple(u for u in found.unread if u[0] not in done))
        for one in keyed:
            problems.report("EV012", SET_LEVEL, one.line(), "none needed (or write each "
                            "case's checks in its own assertions)")
    shared_file = shared_criteria(found.unread, set(_names(default_name, skill_dir)))
    if shared_file is not None:  # criteria for every case, in a file of their own
        items = with_criteria(items, shared_file)
        found = replace(found, unread=tuple(u for u in found.unread
                                            if u[0] != shared_file.file))
        problems.report("EV012", SET_LEVEL, shared_file.line(), "none needed (or write them "
                        "in each case's expectations)")
    groups = check_groups(about, items)  # named groups of checks the cases name
    items = _set_rubric(about, items, problems, path if path.is_dir() else path.parent)
    items = set_rule(about, items, problems)  # the set's pass rule, for each case
    fixtures = SkillFiles(skill_dir, path)
    # a shared case's paths start from its own set's folder (runner.authoring.outside)
    theirs = {file: SkillFiles(skill_dir, file) for file in set(shared.values())}
    case_fixtures = {ident: theirs[file] for ident, file in shared.items()}
    read = _Read()
    programs = SetPrograms(raw, skill_dir, problems,  # authors' grader programs
                           path if path.is_dir() else path.parent)
    # whether the set writes its checks as statements, its named groups' items included
    in_statements = written_in_statements(items if groups is None else groups.expanded(items))
    names = _names(name, default_name, skill_dir)
    routes = primary_routes(items, names)
    patterns = pattern_fields(items)
    fold = bool(patterns or named_patterns(items)) and ignores_case(
        path if path.is_dir() else path.parent, found.files)
    fixed = fixed_fields(skill_dir, path if path.is_dir() else path.parent,
                         named_pattern_fields(items))
    skill_text = skill_body(skill_dir)
    folded = frozenset(folded_fields(skill_dir, path if path.is_dir() else path.parent,
                                     text_fields(items)))
    for item, label in zip(items, _case_ids(items, problems), strict=True):
        _read_guarded(item, label, _Setting(skill_dir, about,
                                            case_fixtures.get(label, fixtures), programs,
                                            problems, in_statements, names, routes,
                                            patterns, fold,
                                            fixed, {} if groups is None else groups.groups,
                                            routed_by_notes, corpus is not None,
                                            skill_text, folded), read)
    _summaries(read, programs, problems)
    if noted is not None and routed_by_notes and (read.route_labels or read.noted_routes
                                                  or routes_named(items)):
        problems.report("EV012", SET_LEVEL, notes_line(noted), "none needed (or move the "
                        "queries to evals/trigger/ and measure them with `skill-eval trigger`)")
    if groups is not None:
        problems.report("EV012", SET_LEVEL, groups_line(groups, read.grouped), "none needed "
                        "(or write each case's checks in its own assertions)")
    scorers = named_scorers(path if path.is_dir() else path.parent, skill_dir,
                            programs.programs)
    if scorers:
        problems.report("EV012", SET_LEVEL, "the set folder's README names "
                        f"{', '.join(scorers[:4])} as what scores the set: the authors' own "
                        "grader, outside the skill's evals/, is not run; the set's fields are "
                        "graded as `check -v` shows, and what only that program checks is not "
                        "graded", "put the program in evals/ and name it (\"grader_program\": "
                        "\"evals/...\"), or write what it checks as the cases' assertions")
    runs = skill_md_runs(path, skill_dir)
    if runs:  # the skill's own command scores the set (runner.authoring.named_scorers)
        problems.report("EV012", SET_LEVEL, f"the skill's SKILL.md runs the set with its own "
                        f"program (`{runs[0]}`): the authors' scorer, whose metric is not "
                        "computed here; the set's fields are graded as `check -v` shows, and "
                        "what only that program checks is not graded", "put a grader program "
                        "in evals/ that runs that command and prints its verdict "
                        "(\"grader_program\": \"evals/...\"), or write what it checks as the "
                        "cases' assertions")
    cases = _linked(read, fixtures, problems)
    cases = told_notes(about, cases, problems)  # a set note speaking to the agent: sent
    report_unnamed(path, skill_dir, [c.id for c in read.every.values()], [  # authors' graders
        *programs_of(cases), *([programs.program.path] if programs.program else [])], problems)
    cases = fold_cases(path, skill_dir, cases, problems)  # the authors' grader lowers both
    _mcp_needs(skill_dir, cases, problems)
    set_folder = path if path.is_dir() else path.parent
    cases = [with_references(c, skill_dir, set_folder, problems) for c in cases]
    report_reach(skill_dir, cases, problems)
    for file, why in found.unread:  # program data passed over for the set (layouts)
        if why.startswith(NOT_A_SET):
            problems.report("EV012", SET_LEVEL, f"{file.name}: {why}", "none needed (or move "
                            "it out of the set folder)")
    _report_sets_below(found, skill_dir, problems)
    readme = readme_criteria(set_folder)
    if readme is not None:
        problems.report("EV012", SET_LEVEL, f"{readme[0].name} beside the set lists criteria "
                        f"for every answer ({readme[1][:80]!r}, {readme[2]} item(s)): prose, "
                        "not graded", "write the ones that apply in each case's expectations")
    report_gates(set_folder, found.files, problems)  # a rubric's pass gate: said, with the fix
    for harnessed in harness_findings(list(found.unread)):
        problems.report(harnessed.code, harnessed.case, harnessed.message, harnessed.fix)
    report_exclusions(skill_dir, [str(f) for f in found.files], cases, problems)
    report_opening_ask(skill_dir, cases, problems)
    report_user_invoked(skill_dir, default_name or skill_dir.name, cases, problems)
    judge_expected = raw.get("judge_expected_output", False)
    if not isinstance(judge_expected, bool):
        problems.refuse("EV009", "", "judge_expected_output: true or false",
                        "write true or false")
    left_out = _leave_out(cases, problems)
    cases = [c for c in cases if c.id not in left_out]
    problems.raise_any()
    # a trigger test read as the skill's trigger set keeps what its notes and labels said
    # ...and what it said of fields and programs no trigger query reads (the authors' check
    # names, their harness): never dropped in silence with the runtime reading
    kept = [f for f in problems.reported[len(format_lines):] if f.code == "EV012" and (
        f.message.startswith((NOTES_LINE, CORPUS_LINE)) or not _of_routing(f.message))] \
        + route_label_lines(read.route_labels, shown)
    _refuse_empty(cases, read, shown, (*format_lines, *kept))
    return CaseSet(skill_name=name, evals=tuple(cases), about=about,
                   judge_expected_output=judge_expected, findings=tuple(problems.reported),
                   origins=read.origins, source=shown,
                   read_files=tuple(str(f) for f in found.files),
                   keyed_files=tuple(str(k.file) for k in keyed),
                   unread_files=tuple(f"{f.name} ({why})" for f, why in found.unread),
                   case_files=case_files, left_out=left_out)


def _leave_out(cases: list[Case], problems: Problems) -> tuple[str, ...]:
    """The cases whose input the set does not hold, left out while the others run (issue 26:
    one missing file must not cost a night's batch its whole set; each is said, with its fix).
    A case that builds on one of them (`depends_on`) could not run either: then, as when
    none would be left, they refuse the set."""
    gone = {f.case for f in problems.unrunnable}
    if any(step.id in gone for case in cases if case.id not in gone for step in case.chain):
        return problems.leave_out_unrunnable([])
    return problems.leave_out_unrunnable([c.id for c in cases])


def _report_sets_below(found: Located, skill_dir: Path, problems: Problems) -> None:
    """Every other set below the read set's folder (runner.authoring.below_sets), one EV012
    line each: which set is read never changes, but none of the others is passed over in
    silence."""
    graded = " and ".join(p.name for p in found.files)
    for shown, below in _sets_below(found.files, skill_dir):
        if not below.cases:  # a file under the set's name that holds no cases
            problems.report("EV012", SET_LEVEL, f"{shown}: under the set's name below its "
                            f"folder, not read ({below.holds})", "none needed (or grade it: "
                            f"--cases {below.path})")
            continue
        problems.report("EV012", SET_LEVEL, f"{shown}: another case set below the set's "
                        f"folder ({below.holds}), not read: only {graded} is graded",
                        f"grade it on its own: --cases {below.path}")


def _sets_below(files: tuple[Path, ...], skill_dir: Path) -> list[tuple[str, SetBelow]]:
    """The other sets below the folder of the set files read, each shown from that folder;
    never one in a subfolder named for a skill of the repository (that skill's own set)."""
    if not files or not files[0].is_file():
        return []
    found_below = sets_below(files, {"trigger"})
    # the repository's skills, looked for only when there is something below to weigh
    skills = names_below(set_root(files[0], skill_dir)) \
        if found_below else set()
    shown = [(b.path.relative_to(files[0].parent).as_posix(), b) for b in found_below]
    return [(rel, b) for rel, b in shown if not set(PurePosixPath(rel).parts[:-1]) & skills]


def _below_hint(shown: str, skill_dir: Path | None) -> str:
    """For a refusal of a set none of whose cases is this skill's: the sets below it, one of
    which may be (never in silence)."""
    found = [] if skill_dir is None else _sets_below((Path(shown),), skill_dir)
    listed = ", ".join(f"{rel} ({b.holds})" for rel, b in found if b.cases)
    return f"; below it, not read: {listed} (if one is this skill's: --cases FILE)" \
        if listed else ""


def _summaries(read: _Read, programs: SetPrograms, problems: Problems) -> None:
    """The set-level lines: a program no case reads, trigger expectations, and the cases
    their authors exclude (one line a flag, with its count)."""
    programs.unread()
    _routing_summary(read.routing, problems)
    for kind, ids in read.excluded.items():
        problems.report("EV012", SET_LEVEL, *excluded_line(kind, ids))


def _routing_summary(routing: list[bool], problems: Problems) -> None:
    if routing:
        fires = sum(routing)
        problems.report("EV012", SET_LEVEL, f"{len(routing)} trigger expectation(s) in the "
                        f"runtime set ({fires} should fire, {len(routing) - fires} should "
                        "not): not graded as behaviour, offered as trigger queries",
                        "put those prompts in evals/trigger/should-trigger.yaml and "
                        "should-not-trigger.yaml and measure them with `skill-eval trigger`")


def _query(item: dict[str, Any], normalized: dict[str, Any],
           routing: list[bool]) -> tuple[str, bool] | None:
    """A routing-only case as a trigger query: its prompt and whether the skill should fire
    (none when it has no prompt, or its expectations disagree)."""
    prompt = normalized.get("prompt")
    if no_prompt(item, normalized) is not None or not isinstance(prompt, str) \
            or len(set(routing)) != 1:
        return None
    return prompt, routing[0]


def _variants(item: dict[str, Any], label: str,
              problems: Problems) -> tuple[dict[str, Any], list[tuple[str, bool]]]:
    """A case whose request is a list of variants (runner.authoring.prompt_variants): run on
    its first; the variants offered as trigger queries when the field or the case's flag
    speaks of firing, the denied ones on the other side; one EV012 line says so."""
    found = variants_of(item)
    if found is None:
        return item, []
    denied = {field for field, _ in found.negatives}
    fires = found.firing or fires_flag(item) is True
    offered = [(p, True) for p in found.prompts] if fires else []
    offered += [(p, False) for _, p in found.negatives]
    kept = {k: v for k, v in item.items() if k != found.field and k not in denied}
    kept["prompt"] = found.prompts[0]
    measured = 0  # statements about the variants firing: what the trigger queries measure
    if offered:
        for key, value in list(kept.items()):
            if isinstance(value, list) and any(about_firing(v) for v in value):
                measured += sum(about_firing(v) for v in value)
                kept[key] = [v for v in value if not about_firing(v)]
                if not kept[key]:
                    del kept[key]
    if fires_flag(item) is True:  # the case's own flag offers its first prompt already
        offered = [q for q in offered if q != (found.prompts[0], True)]
    said = (f"`{found.field}` holds {len(found.prompts)} variant(s) of the request: the "
            "first is the case's prompt")
    if fires:
        said += f"; all {len(found.prompts)} offered as trigger queries (should fire)"
    if found.negatives:
        said += (f"; {len(found.negatives)} from {', '.join(f'`{d}`' for d in sorted(denied))}"
                 " offered as trigger queries (should not fire)")
    if measured:
        said += f"; {measured} statement(s) about them firing measured by those queries"
    problems.report("EV012", label, said, "none needed (or write one request under `prompt` "
                    "and the variants as trigger queries under evals/trigger/)")
    return kept, offered


def _of_routing(message: str) -> bool:
    """A case's line saying its routing expectation was moved to trigger queries: implied
    when the whole set is read as a trigger set."""
    return "trigger expectation" in message or message.startswith("only a routing expectation")


# How the refusal of a set none of whose cases has a criterion opens (runner.triggers.checked
# reads it: such a file beside a trigger set leaves the trigger set the skill's).
NOTHING_GRADABLE = "EV008: no case has anything that can pass or fail"


def _refuse_empty(cases: list[Case], read: _Read, shown: str,
                  reported: tuple[Finding, ...] = ()) -> None:
    if not cases and read.excluded and not read.every and not read.routed:
        raise CaseSetError(shown, nothing_left(read.excluded))
    queries = [q for q in read.routed if q is not None]
    if not cases and queries and len(queries) == len(read.routed):
        raise RoutingOnlySet(shown, "EV008: every case is only a routing expectation (whether "
                                    "the skill fires): a trigger set, not a runtime set; "
                                    "nothing for `run` to run: measure it with `skill-eval "
                                    "trigger` (it reads these cases as its queries)",
                             queries, reported)
    if not cases and read.routing:
        raise CaseSetError(shown, "EV008: every case is only a routing expectation (whether "
                                  "the skill fires): a trigger set, not a runtime set; move it "
                                  "to evals/trigger/ and measure it with `skill-eval trigger`")
    if not cases:
        # name what the cases had, so no field is dropped without its name
        every = list(read.every.values())
        had = "; ".join(f"case {c.id!r}: {untaken(c.extra)}" for c in every if c.extra)
        expected = sorted({k for c in every for k in c.extra if expectation_named(k)})
        left = ", ".join(f"{len(ids)} {kind}" for kind, ids in read.excluded.items())
        raise CaseSetError(shown, f"{NOTHING_GRADABLE} (each would tie in every arm)"
                                  + (f"; excluded by their authors: {left}" if left else "")
                                  + (f"; not graded: {had}" if had else "")
                                  + (f"; write what {', '.join(expected)} expect(s) as "
                                     "statements (\"The answer ...\") under expectations, or"
                                     if expected else ";")
                                  + " add assertions, statements, outputs or a judge program")


def _top_level(raw: dict[str, Any], problems: Problems) -> dict[str, Any]:
    """The set's top-level fields: aliases of skill_name renamed, a near miss of a known
    field read as it (or refused when both are given), the rest returned as descriptive."""
    for alias in ("skill", "skill-name", "skillName"):
        if alias in raw and "skill_name" not in raw and isinstance(raw[alias], str):
            raw["skill_name"] = raw.pop(alias)
    known = ["skill_name", "evals", "judge_expected_output", *SET_FIELDS]
    about: dict[str, Any] = {}
    for key in sorted(set(raw) - set(known)):
        near = difflib.get_close_matches(key, known, n=1, cutoff=0.75)
        if near and key not in DESCRIPTIVE_FIELDS:
            if near[0] in raw:
                problems.refuse("EV009", "", f"unknown top-level field {key!r} (did you mean "
                                             f"{near[0]!r}?)", f"remove or rename {key!r}")
                continue
            raw[near[0]] = raw.pop(key)
            problems.report("EV012", "", f"unknown top-level field {key!r} read as "
                                         f"{near[0]!r}", f"rename {key!r} to {near[0]!r}")
            continue
        about[key] = raw[key]  # descriptive: kept in the plan, never graded
    return about


def _set_rubric(about: dict[str, Any], items: list[Any], problems: Problems,
                folder: Path) -> list[Any]:
    """A top-level `rubric` that is a list or mapping of criteria holds for every case: given
    to each case without a rubric of its own, whose reader grades its criteria as statements
    (CaseReader._rubric_criteria). One naming a Markdown file of the set's folder (`rubric:
    rubric.md`) holds that file's list lines (runner.authoring.casedirs.named_rubric); any
    other string stays descriptive, as before."""
    value = about.get("rubric")
    named = named_rubric(folder, value) if isinstance(value, str) else None
    if named is not None:
        value = named[1]
        problems.report("EV012", SET_LEVEL, f"top-level rubric names {named[0].name}: its "
                        f"{len(value)} list line(s) are the criteria; its other text (how to "
                        "score, what to output) is the judge's instructions, not graded",
                        "none needed")
    if not isinstance(value, (list, dict)):
        return items
    about.pop("rubric")
    given = [dict(item, rubric=value) if isinstance(item, dict) and "rubric" not in item
             else item for item in items]
    count = sum(a is not b for a, b in zip(given, items, strict=True))
    problems.report("EV012", SET_LEVEL, f"top-level rubric of criteria: graded as statements "
                    f"of each of the {count} case(s) without a rubric of their own",
                    "none needed; or write the criteria under each case's expectations")
    return given


def _names(*given: str | Path | None) -> tuple[str, ...]:
    """The names a case may call the skill by: the set's, SKILL.md's, its folder's."""
    names = [g.name if isinstance(g, Path) else g for g in given]
    return tuple(dict.fromkeys(n.strip() for n in names if n and n.strip()))


@dataclass(frozen=True)
class _Setting:
    """What every case of one set is read against."""

    skill_dir: Path
    about: dict[str, Any]
    fixtures: SkillFiles
    programs: SetPrograms
    problems: Problems
    in_statements: bool
    names: tuple[str, ...] = ()  # what the set may call the skill
    routes: frozenset[str] = frozenset()  # `expected_primary` keys it routes by
    # fields the set writes as regular expressions, and whether it says case is ignored
    patterns: frozenset[str] = frozenset()
    fold: bool = False
    # fields named for patterns that the authors' harness greps as fixed text -> ignores case
    fixed: dict[str, bool] = _field(default_factory=dict)
    # named groups of checks at the top of the set (runner.authoring.check_groups)
    groups: dict[str, tuple[Any, ...]] = _field(default_factory=dict)
    trigger_set: bool = False  # its own notes call it a trigger test (set_notes)
    corpus: bool = False  # the repository's README calls its sets trigger corpora (set_notes)
    skill_text: str = ""  # SKILL.md's body: the modes it names (a case's `mode` selects one)
    folded: frozenset[str] = frozenset()  # text fields the authors' harness compares so


@dataclass
class _Read:
    """The cases read so far: the gradable ones in order, every valid one by id, each one's
    dependencies and the origins of its criteria and files."""

    cases: list[Case] = _field(default_factory=list)
    every: dict[str, Case] = _field(default_factory=dict)
    depends: dict[str, list[str]] = _field(default_factory=dict)
    origins: dict[str, dict[str, tuple[str, ...]]] = _field(default_factory=dict)
    seen: set[str] = _field(default_factory=set)
    routing: list[bool] = _field(default_factory=list)  # trigger expectations found
    # each routing-only case as a trigger query (None: no prompt, or expectations disagree)
    routed: list[tuple[str, bool] | None] = _field(default_factory=list)
    # the cases their authors exclude from runs (`skip: true`, ...): flag -> ids
    excluded: dict[str, list[str]] = _field(default_factory=dict)
    # top-level groups of checks the cases' assertions took: name -> how many cases
    grouped: dict[str, int] = _field(default_factory=dict)
    # in a set its notes call a trigger test, the labels routes carry: field -> case ids
    route_labels: dict[str, list[str]] = _field(default_factory=dict)
    noted_routes: bool = False  # ...and whether a bare `expected` was read as a route there


def _kept(given: list[Any], origins: tuple[str, ...], kept: tuple[Any, ...]) -> tuple[str, ...]:
    """The origins of the entries a later step kept (a grader program took the others), in
    order; as read when the kept entries are not a subsequence of those read."""
    out, at = [], 0
    for value in kept:
        while at < len(given) and given[at] != value:
            at += 1
        if at >= len(given) or len(given) != len(origins):
            return origins
        out.append(origins[at])
        at += 1
    return tuple(out)


def _read_case(item: Any, label: str, at: _Setting, read: _Read) -> None:
    """One case: validated, its references, fixtures and programs attached and preflighted;
    kept when nothing about it was refused (and among the run's cases when gradable)."""
    problems = at.problems
    if isinstance(item, str):
        # a bare line of text ("Review a hook for unnecessary nesting."): a prompt or a task's
        # title with nothing beside it that grades it, so it would tie in every arm
        problems.refuse("EV008", label, f"a case is a bare text ({item[:60]!r}): a prompt or "
                        "a task's title with nothing that can pass or fail (no expected "
                        "output, no check)", "write it as an object: {\"id\": ..., "
                        "\"prompt\": ..., \"expected_output\" or \"assertions\": ...}")
        return
    if not isinstance(item, dict):
        problems.refuse("EV009", label, f"a case is an object, not {type(item).__name__}",
                        "write the case as an object with id and prompt")
        return
    flag = exclusion(item)
    if flag is not None:  # not read at all: a draft or an e2e case is not ours to refuse
        read.excluded.setdefault(kind_of(flag), []).append(labelled(label, flag))
        return
    if not any(v not in (None, "", [], {}) for k, v in item.items()
               if k not in ("id", "name", "title")):
        # a slot the author opened and never filled (`{"id": 20, "prompt": ""}`): nothing
        # is there to refuse, run or grade
        problems.report("EV008", label, "an empty case (no prompt, nothing that can pass or "
                        "fail): it is left out of the run", "write its prompt and checks, or "
                        "delete it")
        return
    before = len(problems.refusals)
    item = _templated(item, label, at.fixtures, problems)
    item, mapping, blanks = filled(item, PROMPT_KEYS)
    if blanks:
        shown = ", ".join("{{" + b + "}}" for b in blanks[:5])
        problems.report("EV012", label, f"the prompt's {shown}: filled from the case's "
                        f"`{mapping}`, as the author's harness would before sending",
                        "none needed")
    item, inline, git = _inline(item, label, at)
    item = texts_from_files(item, label, at.fixtures.set_dir, problems)
    item, offered = _variants(item, label, problems)
    reader = CaseReader(problems, label, at.in_statements, at.names, at.routes)
    reader.program_types = at.programs.types()
    reader.patterns, reader.fold, reader.fixed = at.patterns, at.fold, at.fixed
    reader.groups = at.groups
    reader.trigger_set = at.trigger_set
    reader.corpus = at.corpus
    reader.skill_text = at.skill_text
    reader.folded = at.folded
    normalized = {**reader.read(item), "id": label}
    for key in reader.route_labels:
        read.route_labels.setdefault(key, []).append(label)
    read.noted_routes = read.noted_routes or reader.noted_route
    read.depends[label] = reader.depends
    for name in dict.fromkeys(reader.grouped):
        read.grouped[name] = read.grouped.get(name, 0) + 1
    read.routing += reader.routing
    if offered:  # a case's variants offered as trigger queries (runner.authoring.prompt_variants)
        read.routing += [fires for _, fires in offered]
    if reader.routing_only:
        read.routed.append(_query(item, normalized, reader.routing))
        read.routed += offered
        problems.report("EV012", label, "only a routing expectation (whether the skill "
                        "fires): moved out of the runtime set, offered as a trigger query",
                        "move the case to evals/trigger/ and measure it with `skill-eval "
                        "trigger`")
        return
    if reader.program_run is not None and "prompt" not in normalized:
        # the set's other cases still run; this one is no session (`--strict` refuses)
        problems.cannot_run("EV012", label, f"a test of a program, not of the agent: it runs "
                            f"`{reader.program_run[:80]}` and expects its exit status; the "
                            "program's result does not depend on the agent, so the case is "
                            "not run", "keep it among the program's own tests; to measure the "
                            "agent, write a prompt asking for what the program does")
        return
    if reader.cloned is not None:
        problems.cannot_run("EV009", label, f"its fixture is a repository to clone "
                            f"({reader.cloned[:120]}): the sandbox has no network, so no "
                            "session would have it", "stage a copy of the repository at that "
                            "revision under `files` (`git archive <revision>` into "
                            "evals/files/<name>/), or drop the case")
        return
    missing = no_prompt(item, normalized)
    if missing is not None:  # a harness program of evals/ building it says more
        missing = at.programs.prompt_builder(item) or missing
        # this case alone: the set's other cases still run, said (`--strict` refuses)
        problems.cannot_run("EV009", label, *missing)
        return
    try:
        case = Case.model_validate(normalized)
    except ValidationError as exc:
        problems.refuse("EV009", label, describe(exc), "correct the field as described")
        return
    if case.id in read.seen:
        problems.refuse("EV009", case.id, "duplicate id", "give each case its own id")
    read.seen.add(case.id)
    case = _references(case, at.about, problems)
    case = _skill_references(case, at.skill_dir, at.about, problems)
    case = staged_fields(case, at.fixtures.folders(), problems)
    case = _by_id(case, at.fixtures, problems)
    case = _rooted(case, at.fixtures, problems)
    case = read_setup(case, problems)
    if git is not None:  # the repository is built first; the author's own setup runs in it
        case = case.model_copy(update={"setup_run": (git[0], *case.setup_run)})
        problems.report("EV012", case.id, f"`fixture.git` read as a git repository in that "
                        f"state, built in the working directory before the agent starts, in "
                        f"the sandbox, without network: {git[1]}", "none needed")
    case = _set_named_fixtures(at.fixtures, case, problems)
    listed_files = bool(case.files)  # a `files` list is the case's own material
    case, file_origins = _fixtures(at.fixtures, problems, case)
    case, file_origins = read_harness_fixtures(case, at.fixtures.root, file_origins, problems)
    case = _project_inputs(at.fixtures, case, problems)
    case = _repository_inputs(at.fixtures, case, problems)
    case = _in_project(at.fixtures, case, bool(inline) or listed_files, problems)
    case = case.model_copy(update={"inline_files": {**case.inline_files, **inline}})
    if inline:
        problems.report("EV012", case.id, f"{len(inline)} inline fixture(s) staged from the "
                        f"case itself: {', '.join(list(inline)[:5])}", "none needed (or "
                        "move them under evals/files/ and name their paths)")
    case = at.programs.attach(case, reader.program_typed, reader.type_checked)
    repo_reads(case, at.fixtures.outside, problems)
    _preflight_case(at.skill_dir, case, _refuser(problems, case.id),
                    lambda message, fix: problems.cannot_run("EV009", case.id, message, fix))
    runnable = not any(f.case == case.id for f in problems.unrunnable)
    for key in answer_keys(at.skill_dir, case, _project_paths(at.skill_dir, case)) \
            if len(problems.refusals) == before and runnable else []:
        problems.report(ANSWER_KEY, case.id, f"answer key among the fixtures: {key}",
                        "stage only the inputs (move the answer to expected_output or a "
                        "judge program in evals/; strip planted comments)")
    if len(problems.refusals) == before:
        _keep(case, reader, file_origins, read, problems)


def _read_guarded(item: Any, label: str, at: _Setting, read: _Read) -> None:
    """`_read_case`, a value no reader expected (an int where a list belongs...) refused for
    its case (EV008), naming the field: the one without which the case reads."""
    try:
        _read_case(item, label, at, read)
    except READ_ERRORS as exc:
        at.problems.refuse("EV008", label, *read_error(exc, _culprit(item, label, at)))


def _culprit(item: Any, label: str, at: _Setting) -> str | None:
    """The field whose removal lets the case read through validation (on scratch problems),
    or None; a removal that only stops the reading early (no prompt left) names nothing."""
    for key in list(item) if isinstance(item, dict) else []:
        scratch = replace(at, problems=Problems(at.problems.file, at.problems.case_files))
        probe = _Read()
        try:
            _read_case({k: v for k, v in item.items() if k != key}, label, scratch, probe)
        except READ_ERRORS:
            continue
        if label in probe.seen:
            return str(key)
    return None


def _keep(case: Case, reader: CaseReader, file_origins: list[str], read: _Read,
          problems: Problems) -> None:
    """A case read without refusal: where each of its checks came from, and among the run's
    cases when something can pass or fail it."""
    origins = {k: tuple(v) for k, v in reader.origins.items() if v}
    for field, given in (("statements", reader.statements), ("assertions", reader.checks)):
        origins[field] = _kept(given, origins.get(field, ()), getattr(case, field))
    read.origins[case.id] = {**origins, "files": tuple(file_origins)}
    read.every[case.id] = case
    if not case.gradable:
        _nothing_to_grade(case, problems)
        return
    read.cases.append(case)


def _nothing_to_grade(case: Case, problems: Problems) -> None:
    """EV008, naming every field the case had that no rule grades (and why), so none is
    dropped without its name; an `expected_<x>` field is a check waiting to be written."""
    had = f"; not graded: {untaken(case.extra)}" if case.extra else ""
    expected = [k for k in sorted(case.extra) if expectation_named(k)]
    fix = (f"write what {', '.join(expected)} expect(s) as statements (\"The answer ...\") "
           "under expectations, or add assertions, outputs or a judge program" if expected
           else "add assertions, statements, outputs or a judge program")
    problems.report("EV008", case.id, "nothing can pass or fail this case (it would tie in "
                    f"every arm): it is left out of the run{had}", fix)


def _inline(item: dict[str, Any], label: str, at: _Setting
            ) -> tuple[dict[str, Any], dict[str, str], tuple[str, str] | None]:
    """The case without its inline fixtures, those fixtures (refused when malformed or
    when one is the skill itself), and its git state as the setup script that builds it and
    what that stages (runner.authoring.git_states; None without one)."""
    item, script, said, broken = split_git_state(item)
    for message in broken:
        at.problems.refuse("EV009", label, message, "give the state as "
                           f"`fixture: {{git: {{{', '.join(GIT_KEYS)}}}}}`: maps of path -> "
                           "text (null deletes, in staged, unstaged and a history commit's "
                           "files), paths relative inside the work dir")
    git = (script, said) if script is not None else None
    item, notes = file_references(item)
    if notes:
        at.problems.report("EV012", label, "files given as objects with a path: each read "
                           "as the file at its path; " + ", ".join(f"`{n}`" for n in notes)
                           + " kept as the author's note, not graded", "none needed")
    for key in decoy_fields(item):  # said, as the files are not the task's own inputs
        at.problems.tally("EV012", label, f"`{key}`: files placed beside the task for the "
                          "agent to ignore or find, staged into its working directory as "
                          "inline fixtures", "none needed")
    item, inline, wrong = split_inline(item)
    for message in wrong:
        at.problems.refuse("EV009", label, message, "give each inline fixture a relative path "
                           "inside the work dir (no '..', not absolute), once, and its text "
                           "under content (at most 10 MiB)")
    for path, content in inline.items():
        refuse_skill(_refuser(at.problems, label), inline_skill_reason(at.skill_dir, path,
                                                                        content))
    return item, inline, git


def _linked(read: _Read, fixtures: SkillFiles, problems: Problems) -> list[Case]:
    """The gradable cases with their `depends_on` chains resolved, each prompt preflighted,
    and each case's file origins led by those it inherits from its chain."""
    depends, every, origins = read.depends, read.every, read.origins
    chains = {i: _chain(i, every, depends, problems) for i in depends if depends[i]}
    cases = [_placed(_with_stand_ins(fixtures, _chained(case, chains.get(case.id), every),
                                     problems), problems) for case in read.cases]
    cases = [work_claims(case, problems) for case in cases]
    for case in cases:
        report_earlier_turn(case, problems)
        report_awaited_reply(case, problems)
    for case in cases:
        _preflight_prompt(fixtures, case, problems)
    for case in cases:
        own = origins[case.id].get("files", ())
        inherited = [f"{f!r} (from case {step.id}, which runs first)" for step in case.chain
                     for f in every[step.id].files]
        origins[case.id]["files"] = (*inherited[:len(case.files) - len(own)], *own)
    return cases


def _chain(case: str, every: dict[str, Case], depends: dict[str, list[str]],
           problems: Problems) -> list[str] | None:
    """`depends_on`: the ids of the cases `case` needs, in the order they run (each after its
    own dependencies); a missing dependency or a cycle is refused, naming it."""
    order: list[str] = []

    def visit(current: str, path: tuple[str, ...]) -> bool:
        for needed in depends.get(current, []):
            if needed in path:
                problems.refuse("EV009", case, f"depends on case {needed!r}, which depends "
                                f"on it again ({' -> '.join((*path, needed))})",
                                "break the cycle: a case can only build on earlier work")
                return False
            if needed not in every:
                problems.refuse("EV009", case, f"depends on case {needed!r}, which the set "
                                "does not have (or refused, or its authors excluded)", "name an "
                                "existing case's id in "
                                "`depends_on`")
                return False
            if not visit(needed, (*path, needed)):
                return False
            if needed not in order:
                order.append(needed)
        return True

    return order if visit(case, (case,)) else None


def _chained(case: Case, order: list[str] | None, every: dict[str, Case]) -> Case:
    """The chain runs first in one sandbox, in order, its fixtures staged with the case's
    own; the case is scored on its own."""
    if not order:
        return case
    steps = tuple(ChainStep(id=i, prompt=every[i].prompt) for i in order)
    files = tuple(dict.fromkeys([*(f for i in order for f in every[i].files), *case.files]))
    staged_at = {k: v for i in order for k, v in every[i].staged_at.items()}
    inline = {k: v for i in order for k, v in every[i].inline_files.items()}
    roots = tuple(dict.fromkeys([*(r for i in order for r in every[i].root_fixtures),
                                 *case.root_fixtures]))
    return case.model_copy(update={"chain": steps, "files": files, "root_fixtures": roots,
                                   "staged_at": {**staged_at, **case.staged_at},
                                   "inline_files": {**inline, **case.inline_files}})


def _notes(values: dict[str, Any]) -> str:
    return " ".join(str(v) for k, v in values.items() if "note" in k.lower()
                    or k.lower() in ("description", "comment", "comments"))


def _skill_references(case: Case, skill_dir: Path, about: dict[str, Any],
                      problems: Problems) -> Case:
    """A `files` list that is the skill's own files (its SKILL.md listed, or every entry a
    file of the skill its SKILL.md names) says what of the skill the case exercises, not
    what the task works on: the candidate arm has them with the skill and the baseline must
    not, so none is staged (EV012 says so, and names any the skill lacks). One the prompt
    hands over by name stays listed (and refused, as any file of the skill staged), and so
    does every one when the notes say the files are the inputs the cases work on."""
    if INPUT_NOTE.search(_notes(case.extra)) or INPUT_NOTE.search(_notes(about)):
        return case
    # (an entry written from a folder above the skill, `plugins/kit/skills/x/SKILL.md` in the
    # repository's evals/x/, is the skill's file by its path in the skill)
    written = {_in_skill_path(skill_dir, f): f for f in case.files
               if not named_input(case.prompt, f)}
    own, lacking = skill_own_files(skill_dir, tuple(written))
    if not own:
        return case
    own = [written.get(f, f) for f in own]
    problems.report("EV012", case.id, f"`files` names the skill's own files ({', '.join(own)})"
                    ": what of the skill the case exercises, which the candidate arm has with "
                    "the skill: read as references, never staged (the baseline arm never gets "
                    "the skill)" + (f"; the skill lacks {', '.join(lacking)}, which its "
                                    "SKILL.md names (no arm has it)" if lacking else ""),
                    "none needed (or list under `files` only the inputs the task works on)")
    return case.model_copy(update={"files": tuple(f for f in case.files if f not in own)})


def _in_skill_path(skill_dir: Path, entry: str) -> str:
    """A `files` entry as a path in the skill: as written, or, written from a folder above
    it (its repository's root), the part below the skill."""
    posix = PurePosixPath(entry)
    if posix.is_absolute() or ".." in posix.parts or safely.exists(skill_dir / entry):
        return entry
    own = skill_dir.resolve()
    for root in up_to_repository(own)[1:]:
        found = (root / entry)
        if safely.exists(found) and found.resolve().is_relative_to(own) \
                and found.resolve() != own:
            return found.resolve().relative_to(own).as_posix()
    return entry


def _references(case: Case, about: dict[str, Any], problems: Problems) -> Case:
    """Files a case's notes (or the set's) mark as the references behind its expected output
    are not inputs: left unstaged, reported (EV013); one the prompt hands over to read or use
    stays an input. A before/after pair among them says which is which
    (runner.authoring.pairs), notes or not; the notes still decide for the pair's other
    files."""
    inputs, answers = split_pairs(case.files, case.prompt)
    if answers:
        problems.report(ANSWER_KEY, case.id, f"before/after pair: {', '.join(answers)} is "
                        f"the answer the work should reach, never staged; "
                        f"{', '.join(inputs)} the input", "none needed (or keep the after "
                        "side out of `files`: a judge program in evals/ can read it)")
        case = case.model_copy(update={"files": inputs})
    if not case.files or not (REFERENCE_NOTE.search(_notes(case.extra))
                              or REFERENCE_NOTE.search(_notes(about))):
        return case
    # a file the prompt hands over to read or use is an input whatever the notes say, and so
    # is a pair's before side (the pair says which is which); the notes decide for the rest
    # (a pair never makes the skill's own SKILL.md beside it an input)
    before = before_sides((*case.files, *answers))
    kept = tuple(f for f in case.files if named_input(case.prompt, f) or f in before)
    references = [f for f in case.files if f not in kept]
    if not references:
        return case
    problems.report(ANSWER_KEY, case.id, f"the notes mark its files ({', '.join(references)}) "
                    "as references behind the expected output: read as references, never "
                    "staged for the agent" + (f"; {', '.join(kept)} staged (the prompt hands "
                                              "it over, or a before/after pair's before "
                                              "side)" if kept else ""),
                    "list inputs under `files`; keep references out of it (a judge program "
                    "in evals/ can read them)")
    return case.model_copy(update={"files": kept})


def _notation(skill_dir: Path, case: Case) -> str:
    """Where a token of the skill's notation is written: its SKILL.md and the case's own
    criteria (what the work is expected to say back)."""
    skill_md = skill_dir / "SKILL.md"
    text = skill_md.read_text(encoding="utf-8", errors="replace") if safely.is_file(skill_md) \
        else ""
    return "\n".join([text, case.expected_output, *case.statements, *case.assertions])


def _skill_holds(skill: SkillFiles) -> Callable[[str], bool]:
    """Whether a path a prompt names is the skill's own (runner.authoring.prompts)."""
    return skill_holds(skill.root, tuple(str(f) for f in (EVALS_ROOT, skill.set_folder) if f))


def _unstaged_inputs(skill: SkillFiles, case: Case, listed: dict[str, list[str]]) -> list[str]:
    """The inputs the case's prompt names that nothing stages and the skill does not hold."""
    return missing_inputs(case, staged_names(case, listed), _skill_holds(skill),
                          lambda name: repository_file(skill.root, name) is not None)


def _listed(skill: SkillFiles, case: Case) -> dict[str, list[str]]:
    """Each fixture folder of the case -> the files below it."""
    return {f: [p.relative_to(skill.root / f).as_posix() for p in (skill.root / f).rglob("*")
                if p.is_file()] for f in case.files if safely.is_dir(skill.root / f)}


# A file the prompt attaches by a tag of its own ("... [file: zone-map.md]", "(attached:
# notes.txt)"): its name, whatever words point at it ("the attached zone content map").
# A "see" tag may go on about the file before it closes ("(see index.json with all 12
# sections)"): the name right after "see" is what it attaches; a labelled tag closes at once.
_FILE_TAG = re.compile(r"[\[(]\s*(?:(?:file|files|attached|attachment|fixture)\s*:\s*`?"
                       r"([\w][\w./-]*\.[A-Za-z]\w{0,5})`?\s*[\])]|see(?:\s+file)?\s*:?\s*`?"
                       r"([\w][\w./-]*\.[A-Za-z]\w{0,5})`?(?:\s*[\])]|[\s,;][^\[\]()]{0,80}[\])]))",
                       re.IGNORECASE)


def _held_by_set(skill: SkillFiles, set_dir: Path, name: str,
                 tagged: bool) -> tuple[str, bool] | None:
    """Where the set's own folder holds a file the prompt names, as a path in the skill, with
    whether the prompt named it from a root above the skill (then it lands at the path the
    prompt names; own_file read once for both):
    from the skill's root (`evals/fixtures/x.json`), from the set's folder (`files/x.md` in
    evals/), or, attached by a tag, by its name in the set's `files/` folder (skill-creator's
    `evals/files/`). A bare name in the prose is not enough: "Summarize minutes.txt" with
    `evals/files/minutes.txt` unlisted is the named-but-unstaged input issue 26 refuses with
    its fix (EV009, add it to `files`), as other cases of the set may use that file."""
    posix = PurePosixPath(name)
    if posix.is_absolute() or ".." in posix.parts or (len(posix.parts) == 1 and not tagged):
        return None
    # written from a root above the skill (`skills/<this skill>/evals/fixtures/x.json`)
    above = own = own_file(skill.root, name)
    if own is not None and (own == str(CASESET_RELPATH) or judge(skill.root / own).shape):
        own = None  # a case set is never the material of its cases
    for path in (skill.root / posix, set_dir / posix, set_dir / "files" / posix,
                 *([skill.root / own] if own is not None else [])):
        if safely.is_file(path) and not safely.is_symlink(path) \
                and path.resolve().is_relative_to(set_dir.resolve()):
            held = path.resolve().relative_to(skill.root.resolve()).as_posix()
            return held, above == held and name != held
    return None


def _set_named_fixtures(skill: SkillFiles, case: Case, problems: Problems) -> Case:
    """A path the prompt names as an input that the set's own folder holds is the case's
    material, written for the cases: staged where the prompt names it (EV012). Named from the
    skill's root (`evals/fixtures/open-prs.json`, beside a `fixture` field naming another
    file), from the set's folder (`files/x.md`), or by a tag the prompt attaches it with
    (`[file: x.md]`, then by its bare name in `files/` too). Never a symlink, or a path out
    of the set's folder."""
    if skill.outside is not None or skill.set_dir is None:
        return case
    named = _unstaged_inputs(skill, case, _listed(skill, case))
    tagged = [m.group(1) or m.group(2) for m in _FILE_TAG.finditer(case.prompt)]
    # no absent_by_design here: a file the author put at the very path the prompt names was
    # meant present ("Does not open a second PR" reads as going without it, and is not)
    if not (named or tagged) or trigger_test(case) is not None:
        return case
    found: dict[str, str] = {}
    above: dict[str, str] = {}  # one named from a root above the skill: at the path named
    for name in dict.fromkeys([*named, *tagged]):
        held_by = _held_by_set(skill, skill.set_dir, name, name in tagged)
        if held_by is not None and held_by[0] not in case.files and name not in case.files:
            found[name] = held_by[0]
            if held_by[1]:
                above[held_by[0]] = name
    if not found:
        return case
    problems.report("EV012", case.id, f"the prompt names {', '.join(map(repr, list(found)[:4]))}"
                    ", which the set's own folder holds: staged at that path, as the author "
                    f"meant", f"none needed (or list {next(iter(found.values()))!r} under "
                    "`files`)")
    return case.model_copy(update={"files": (*case.files, *dict.fromkeys(found.values())),
                                   "staged_at": {**case.staged_at, **above}})


def _named_and_carried(skill: SkillFiles, case: Case,
                       carrier: Callable[[list[str]], dict[str, str]]) -> Case:
    """The case with the inputs its prompt names that nothing stages, as `carrier` carries
    them (working-directory path -> text) into its inline files; never for a trigger test's
    words, or a case meant to go without the file."""
    named = _unstaged_inputs(skill, case, _listed(skill, case))
    if not named or trigger_test(case) is not None or absent_by_design(case, named):
        return case
    carried = carrier(named)
    if not carried:
        return case
    return case.model_copy(update={"inline_files": {**case.inline_files, **carried}})


def _project_inputs(skill: SkillFiles, case: Case, problems: Problems) -> Case:
    """A project-level skill's case whose prompt names an input the case does not stage that
    is a file of the project the skill lives in (runner.authoring.project_skill): staged from
    there at its path from the project's root, as the author's session had it."""
    if skill.outside is not None or project_of(skill.root) is None:
        return case

    def from_project(named: list[str]) -> dict[str, str]:
        carried: dict[str, str] = {}
        for name in named:
            home = project_file(skill.root, name)
            if home is not None:
                carried.update(carry(skill.root, case.id, name, home, problems))
        return carried

    return _named_and_carried(skill, case, from_project)


def _repository_inputs(skill: SkillFiles, case: Case, problems: Problems) -> Case:
    """A case whose prompt names, by its path from the repository's root, a file the skill's
    repository holds outside the skill: staged at that path (runner.authoring.
    repository_inputs), as the author's session at the repository's root had it."""
    return _named_and_carried(skill, case, lambda named: carried_from_repository(
        skill.root, case.id, named, problems))


def _in_project(skill: SkillFiles, case: Case, own: bool, problems: Problems) -> Case:
    """A project-level skill's case that stages no material of its own (`own`: it lists
    `files` or gives them inline) runs in the project, as its author ran it
    (runner.authoring.whole_project): the project's files at the working directory's root
    (EV012); past the cap it runs with what it names, and EV012 says so. A file the prompt
    named that the project holds (carried by _project_inputs) is the project's, not the case's
    own; a case meant to go without what it names (absent_by_design) and a trigger test's
    words get nothing."""
    if skill.outside is not None or own or case.files or case.root_fixtures \
            or case.setup_run or trigger_test(case) is not None:
        return case
    if set(case.inline_files) - _project_paths(skill.root, case):
        return case  # material of its own (given inline by a field no other reader takes)
    named = [*missing_inputs(case, set(), _skill_holds(skill)), *pointed_inputs(case)]
    if named and absent_by_design(case, named):
        return case
    staging = project_staging(skill.root, skill.set_dir)
    if staging is None:
        return case
    installed = installed_from(staging.project, skill.root)
    if installed is not None:
        problems.report("EV012", case.id, f"does not run in the project {staging.project}: "
                        f"{installed}; the case runs with what it stages of its own"
                        + (f" ({len(case.inline_files)} file(s) it names)"
                           if case.inline_files else " (nothing)"),
                        "list the files the case works on under `files` (or put them under "
                        "evals/files/)")
        return case
    source = skill_source(skill.root)
    if source is not None:
        problems.report("EV012", case.id, f"does not run in the project {staging.project}: "
                        f"it holds this skill itself at {source}/, so it is the skill's own "
                        "repository (this copy installed for its authors' sessions), whose "
                        "README, docs and tools document the skill and would reach the "
                        "baseline; the case runs with what it stages of its own"
                        + (f" ({len(case.inline_files)} file(s) it names)"
                           if case.inline_files else " (nothing)"),
                        "list the files the case works on under `files` (or put them under "
                        "evals/files/)")
        return case
    if staging.too_large:
        folders = _named_folders(skill, case, staging, problems)
        if folders is not None:
            return case.model_copy(update={"inline_files": {**folders, **case.inline_files}})
        # refusing would cost every case of the skill, the advice questions that never read
        # the project too; the case runs with what it names, and the line says what it lacks
        given = (f"only the project's files it names are staged ({len(case.inline_files)})"
                 if case.inline_files else "it runs in an empty working directory")
        problems.report("EV012", case.id, f"runs without the project it lives in "
                        f"({staging.project}): too large to stage whole (more than "
                        f"{TOTAL_FILES} files or {TOTAL_BYTES // 1024**2} MiB of text once "
                        f"skills, .claude/, .git, dependencies and builds are left out; "
                        f"largest: {too_large_text(staging)}); {given}, and a criterion that "
                        "reads the project's other files cannot pass",
                        "list the project's files the case works on under `files`, from the "
                        "project's root; each is staged from the project at its path")
        return case
    staging = without_documents(staging, skill.root, " ".join(
        [*case.prompts, case.expected_output, *case.statements, *case.assertions]))
    if not staging.files:
        return case
    problems.report("EV012", case.id, f"runs in the project {staging.project}, as its author "
                    f"ran it: {len(staging.files)} file(s) staged at the working directory's "
                    f"root (left out: {staging.left_out_text()})", "none needed (or list the "
                    "files the case works on under `files` to stage only those)")
    return case.model_copy(update={"inline_files": {**staging.files, **case.inline_files}})


def _named_folders(skill: SkillFiles, case: Case, staging: Staging,
                   problems: Problems) -> dict[str, str] | None:
    """A project too large to stage whole, whose case names folders of it (`webapp/`,
    `services/api`): the folders that fit under the cap together, at their path from the
    project's root, said (EV012) with what was left out; None when none is named or fits."""
    texts = [*case.prompts, case.expected_output, *case.statements, *case.assertions,
             case.rubric or ""]
    carried: dict[str, str] = {}
    fitting: list[str] = []
    unfit: list[str] = []
    for folder in named_folders(staging, texts, skill.set_dir):
        part = folder_staging(staging, folder, skill.set_dir)
        size = sum(len(t.encode()) for t in (*carried.values(), *part.files.values()))
        if part.too_large or not part.files or len(carried) + len(part.files) > TOTAL_FILES \
                or size > TOTAL_BYTES:
            unfit.append(folder)
            continue
        carried.update(part.files)
        fitting.append(folder)
    if not carried:
        return None
    also = (f"; {', '.join(f + '/' for f in unfit)} named too, but too large or empty"
            if unfit else "")
    problems.report("EV012", case.id, f"runs in the folder(s) it names of the project it lives "
                    f"in ({staging.project}): {', '.join(f + '/' for f in fitting)} "
                    f"({len(carried)} file(s) staged at their path from the project's root); "
                    f"the rest is too large to stage whole (more than {TOTAL_FILES} files or "
                    f"{TOTAL_BYTES // 1024**2} MiB of text; largest: {too_large_text(staging)})"
                    f"{also}, and a criterion that reads the project's other files cannot pass",
                    "none needed (or list the project's files the case works on under `files`, "
                    "from the project's root)")
    return carried


def _project_unstaged(skill: SkillFiles, case: Case) -> Path | None:
    """The project a project-level skill's case runs without because it is too large to
    stage (_in_project said so), when the case stages nothing of its own; else None."""
    if skill.outside is not None or case.files or case.root_fixtures or case.setup_run:
        return None
    staging = project_staging(skill.root, skill.set_dir)
    return staging.project if staging is not None and staging.too_large else None


def _placed(case: Case, problems: Problems) -> Case:
    """Each output named bare that the prompt places in a folder, checked there (EV012)."""
    case, moved = placed_outputs(case)
    if moved:
        problems.report("EV012", case.id, f"output(s) named by file name alone, checked where the "
                        f"prompt (or the case's grader command) puts them: {', '.join(moved)}",
                        "none needed (or write the output's path as the prompt does)")
    return case


def _with_stand_ins(skill: SkillFiles, case: Case, problems: Problems) -> Case:
    """The case with each staged file that stands for an input its prompt names under another
    name landing at that name (runner.authoring.stand_ins), each said (EV012)."""
    files = [f for f in case.files if f not in case.root_fixtures
             and not safely.is_dir(skill.root / f)]
    if not files:
        return case
    missing = _unstaged_inputs(skill, case, _listed(skill, case))
    paired = stand_ins(missing, {f: str(case.fixture_destination(f)) for f in files},
                       case.prompt) if missing else {}
    for name, fixture in paired.items():
        problems.report("EV012", case.id, f"the prompt names {name!r}, which the case stages "
                        f"as {fixture!r} (the only staged file of its kind whose name shares a "
                        f"word with it): staged at {name!r}, where the prompt finds it",
                        f"none needed (or name {PurePosixPath(fixture).name!r} in the prompt)")
    return case.model_copy(update={"staged_at": {**case.staged_at, **{
        fixture: name for name, fixture in paired.items()}}}) if paired else case


# Another skill named as such in a prompt ("Valide le skill `mr-review`", "review the
# `pdf-tools` skill"): a trial installs one skill, so the other is no material of its session.
_SKILL_NAMED = re.compile(r"(?i)\b(?:skill|compétence|habilidad|fähigkeit)\s+`(?P<after>[\w.:-]+)`"
                          r"|`(?P<before>[\w.:-]+)`\s+skill\b")


def _other_skill_named(skill_dir: Path, case: Case) -> list[str]:
    """The words naming another skill of the skill's repository as the material the prompt
    works on, when the case stages nothing (its copy under `files` would be staged)."""
    if case.files or case.inline_files or case.chain:
        return []
    found = [m for m in _SKILL_NAMED.finditer(case.prompt)]
    if not found:
        return []
    from runner.authoring.skill import declared_name  # (as _sharing_skills reads it)

    others = _repository_names(skill_dir) - {skill_dir.name, skill_dir.resolve().name,
                                             declared_name(skill_dir) or skill_dir.name}
    return [m.group(0) for m in found
            if (m.group("after") or m.group("before") or "").rpartition(":")[2] in others]


def _set_aside(problems: Problems, case: Case, missing: list[str], found: list[str],
               says: str, fix: str) -> list[str]:
    """`missing` without `found`, each of which one reading of the prompt explains (reported
    as EV012: 'the prompt names ...' + `says`)."""
    if found:
        problems.report("EV012", case.id, f"the prompt names {', '.join(map(repr, found[:3]))}"
                        f"{says}", fix)
    return [m for m in missing if m not in found]


def _preflight_prompt(skill: SkillFiles, case: Case, problems: Problems) -> None:
    """Placeholders and named-but-unstaged inputs refuse (EV009); a need for the network or
    the author's machine is reported with the set (EV014, runner.authoring.reach)."""
    blanks = placeholders(case.prompt)
    noted = notation_tokens(case.prompt, blanks, _notation(skill.root, case)) if blanks else []
    if noted:
        problems.report("EV012", case.id, f"the prompt's {', '.join(noted[:4])}: the skill's own "
                        "notation (its SKILL.md or the case's criteria write it too, a path "
                        "spelled as a pattern, or the prompt names it as a token), sent as "
                        "written, not a blank to fill",
                        "none needed (write a value in its place if the task needs one)")
        blanks = [b for b in blanks if b not in noted]
    fake = fake_values(case.prompt, blanks)
    if fake:
        problems.report("EV012", case.id, f"the prompt's {', '.join(fake[:4])}: a stand-in "
                        "value its own words call fake or redacted, sent as written (the "
                        "case is about such a value, not a blank to fill)",
                        "none needed (write a value in its place if the task needs one)")
        blanks = [b for b in blanks if b not in fake]
    own = agents_own_blanks(case.prompt, blanks, str(case.extra)) if blanks else []
    if own:
        problems.report("EV012", case.id, f"the prompt's {', '.join(own[:4])}: inside a "
                        "command the prompt tells the agent to run, so the agent fills it "
                        "(not a blank left for the harness)", "none needed (write the value if "
                        "the case needs one fixed)")
        blanks = [b for b in blanks if b not in own]
    if blanks:
        problems.cannot_run("EV009", case.id, f"the prompt still holds placeholder(s) "
                        f"{', '.join(blanks[:5])}: the session would receive them as written",
                        "write the value in place of each placeholder (a fixture's path as "
                        "it is staged, e.g. notes.txt for evals/files/notes.txt)")
    if describes_a_prompt(case.prompt):
        problems.refuse("EV009", case.id, f"the prompt {case.prompt[:70]!r} describes the "
                        "prompt to write (a template's text), not a request a user would "
                        "send", "write the request itself, as the user would type it")
    listed = _listed(skill, case)
    missing = _unstaged_inputs(skill, case, listed)
    built = setup_writes(case.setup_run) if missing and case.setup_run else None
    made = [m for m in missing if built is not None and built.covers(m)]
    # the case's own setup writes them before the session starts
    missing = _set_aside(problems, case, missing, made, ", which the case's setup writes into "
                         "the working directory before the agent starts: staged by the setup, "
                         "not refused", "none needed")
    # a change held elsewhere, read from the prompt's description of it
    missing = _set_aside(problems, case, missing, described_change_files(case.prompt, missing),
                         " as part of the change it describes (a pull request or commit held "
                         "elsewhere): the case is read on that description, not refused",
                         "stage the change's files (or its diff) if the agent should read them")
    # a file the prompt describes what it holds is read on that description, before the
    # looser "the user has it" reading below
    told = described_names(case.extra, case.prompt, missing) or described_in_prompt(
        case.prompt, missing, [case.expected_output, *case.statements, *case.assertions,
                               case.rubric or ""])
    missing = _set_aside(problems, case, missing, told, ", a fixture the case describes in "
                         "words and does not stage; the prompt states what it holds, so the "
                         "case is read on its prompt: not refused",
                         "stage the file under evals/files/ if the agent should read it")
    # "We have a script at P that does X. Create a skill ...": the user's thing, told as
    # context while the task makes something else (runner.authoring.had_context)
    had = [m for m in missing if had_as_context(case.prompt, m)
           and not worked_on(case, PurePosixPath(m).name)]
    missing = _set_aside(problems, case, missing, had, " as something the user already has, "
                         "while the task makes something else: context the work may cite, not "
                         "an input to stage: not refused",
                         "stage the file under evals/files/ if the agent should read it")
    # a question about a situation the prompt tells: the pointer is part of the telling
    pointed = [p for p in pointed_inputs(case) if not told_in_a_question(case.prompt, p)
               and not asked_for_advice(case.prompt, p)
               and not told_as_a_plight(case.prompt, p)]
    pointed += _other_skill_named(skill.root, case)
    trigger = trigger_test(case) if missing or pointed else None
    if trigger is not None:
        said = ", ".join(repr(m) for m in [*missing, *pointed][:3])
        problems.report("EV012", case.id, f"a trigger test ({trigger[:60]!r}): the words "
                        f"{said} are what the trigger reads, not an input the session needs: "
                        "not refused",
                        "none needed (measure whether the skill fires with `skill-eval "
                        "trigger`)")
        missing = pointed = []
    meant = absent_by_design(case, [*missing, *pointed]) if missing or pointed else ""
    if meant:
        problems.report("EV012", case.id, f"the prompt works on "
                        f"{', '.join(repr(m) for m in [*missing, *pointed][:3])}, which the "
                        f"case does not stage: read as meant, its criteria expect the agent to "
                        f"go without it ({meant[:90]!r})", "none needed (stage the material "
                        "if the agent is meant to work on it)")
        missing = pointed = []
    planned = planned_only(case) if missing or pointed else ""
    if planned:
        problems.report("EV012", case.id, f"the prompt works on "
                        f"{', '.join(repr(m) for m in [*missing, *pointed][:3])}, which the "
                        "case does not stage: every criterion reads only which skill the agent "
                        f"chose and what it planned ({planned[:90]!r}), never that material: "
                        "not refused", "none needed (stage the material, or add a criterion "
                        "on the work, if the agent is meant to work on it)")
        missing = pointed = []
    for name in missing:
        # (never the skill's own SKILL.md: staged, the baseline would hold the skill)
        near = [f for f in skill.ending_with(PurePosixPath(name).name)
                if not f.startswith(".") and f.lower() != "skill.md"][:3]
        # a staged file of the same kind under another name: which one is meant is no guess
        # the reader makes (runner.authoring.stand_ins), the fix says how to say it
        kin = [f for f in case.files if PurePosixPath(name).suffix and
               PurePosixPath(f).suffix.lower() == PurePosixPath(name).suffix.lower()][:3]
        problems.cannot_run("EV009", case.id, f"the prompt names the input {name!r}, which the "
                        "case does not stage: the session would not have it",
                        f"add {near[0]!r} to files" if near else
                        f"the case stages {', '.join(map(repr, kin))} under another name: "
                        f"stage the one meant at {name!r} (the name the prompt uses), or write "
                        "its staged path in the prompt" if kin else
                        f"add {name!r} under evals/files/ and list it in files (or say in "
                        "the prompt that the agent creates it)")
    # only a pointer naming a whole project ("our existing codebase") is the project; a part
    # or state of one ("my changes") stays the case's missing input
    unstaged = _project_unstaged(skill, case) if pointed and all(
        names_a_project(p) for p in pointed) else None
    if unstaged is not None:
        # the project was found and the case runs without it (its EV012 line says so): the
        # pointer is that project, a need no arm can meet here, not a set that cannot run
        problems.report("EV014", case.id, f"the prompt works on "
                        f"{', '.join(repr(p) for p in pointed[:3])}: read as the project this "
                        f"skill lives in ({unstaged}), too large to stage, so no arm has it; a "
                        "criterion that reads it cannot pass", "list the project's files the "
                        "case works on under `files`, from the project's root")
        pointed = []
    # "how are our SEO changes doing?": the live effect of shipped work, which no fixture
    # holds and no arm can measure (runner.authoring.outcome_asks)
    faring = [p for p in pointed if outcome_asked(case.prompt, p)]
    if faring:
        problems.report("EV014", case.id, f"no arm can pass it: the prompt asks how "
                        f"{', '.join(repr(p) for p in faring[:3])} fare(s) out in the world "
                        "(their live effect: rankings, traffic, use), which only a live "
                        "service measures and the sandbox cannot reach",
                        "stage the measurements the answer reads (the snapshots it compares) "
                        "under `files` and say so in the prompt, or drop the case")
        pointed = [p for p in pointed if p not in faring]
    # the user's project told as the situation, the work on no file of it (own_project)
    situation = [p for p in pointed if read_on_its_prompt(case, p)]
    if situation:
        problems.report("EV012", case.id, f"the prompt points at "
                        f"{', '.join(repr(p) for p in situation[:3])}, which the case does not "
                        "stage: no criterion reads or changes that project and no request acts "
                        "on it, so the case is read on its prompt: not refused",
                        "none needed (stage the project's files under `files` if the work is "
                        "meant to read them)")
        pointed = [p for p in pointed if p not in situation]
    fix = (_fixture_folders_fix(skill) or project_fix(skill.root) or "put the input under "
           "evals/files/ and list it in `files` (or paste it into the prompt)") if pointed else ""
    for phrase in pointed:
        problems.cannot_run("EV009", case.id, f"the prompt works on {phrase!r}, which the case "
                        "neither stages nor quotes: the session would not have it", fix)
    report_kinds_and_counts(case, staged_files(case, listed), pointed, problems,
                            lambda text, p: told_in_a_question(text, p)
                            or told_as_a_plight(text, p))
    report_earlier_state(case, problems)


def _fixture_folders_fix(skill: SkillFiles) -> str | None:
    """The fix for a case pointing at a project it does not stage, when the set ships project
    folders of its own (`evals/fixtures/shop-service/`): name the one it works on."""
    if skill.set_dir is None:
        return None
    folders = [f"{sub.name}/{d.name}" for sub in (skill.set_dir / "fixtures",
                                                 skill.set_dir / "files")
               if safely.is_dir(sub) for d in sorted(sub.iterdir())
               if safely.is_dir(d) and not safely.is_symlink(d)]
    if not folders:
        return None
    return (f"the set ships {', '.join(repr(f) for f in folders[:3])}: if the case works on "
            "one, list it under `files` (a folder stages whole)")


def _mcp_needs(skill_dir: Path, cases: list[Case], problems: Problems) -> None:
    """EV016: the sandbox has no MCP server; what needs one cannot pass in any arm."""
    stated = stated_servers(skill_dir)
    servers = {**stated, **declared_servers(skill_dir)}
    tools = server_tools(skill_dir, stated)
    relied = skill_needs(skill_dir, servers)
    if relied:
        problems.report(MCP_NEED, SET_LEVEL, f"the skill relies on {', '.join(relied[:4])}: the "
                        "sandbox has no MCP server, so a case that needs it cannot pass in any "
                        "arm", "stage what the tool would return as fixtures, or grade only "
                        "what the skill does without it")
    reached = mcp_reach(skill_dir)
    described = described_reach(skill_dir) if not relied else None
    if described is not None:
        # the skill's whole purpose is that server's: no case can do its work without it
        server = reached[0] if reached and described[0] == "its MCP server" else described[0]
        problems.report(MCP_NEED, SET_LEVEL, f"the skill works through {server} (its "
                        f"description: {described[1][:100]!r}): the sandbox has no MCP server, "
                        "so no case that needs that server's work or state can pass in any "
                        "arm (each case whose words show it is named below)", "stage what "
                        "the server would return as fixtures and say so in the prompts, or "
                        "grade only what the skill does without it")
    services = service_names(reached)
    products = server_products(skill_dir)
    for case in cases:
        needs = case_needs(case, servers, tools, products)
        asks = live_asks(case) if reached and not needs else []
        if asks:
            # the case names no tool, but asks for what the skill's MCP server holds now
            needs = [f"{', '.join(reached[:2])} the skill works through, for "
                     f"{', '.join(repr(a) for a in asks[:3])}"]
        records = service_records(case, services) if not needs else []
        if records:
            # its criteria check an item made in the service (the user's account holds it)
            where = list(dict.fromkeys(services[service] for service, _ in records))
            needs = [f"{', '.join(where[:2])} the skill works through, whose "
                     f"state its criteria check ({', '.join(repr(r) for _, r in records[:2])})"]
        if needs:
            problems.report(MCP_NEED, case.id, f"the case needs {', '.join(needs[:4])}: the "
                            "sandbox has no MCP server, so no arm can call it",
                            "stage what the tool would return as fixtures and say so in the "
                            "prompt, or drop the case")


def _refuser(problems: Problems, case: str) -> Callable[[str, str], None]:
    def refuse(message: str, fix: str) -> None:
        problems.refuse("EV009", case, message, fix)
    return refuse


def _shared_beside(skill_dir: Path, found: Located, name: str | None,
                   raw: dict[str, Any], problems: Problems) -> dict[str, Path]:
    """A shared set above the skill whose cases name it, beside the skill's own set: their
    authors named the skill, so they are read with its own cases (an id another case holds
    is led by `shared-`), each finding naming the shared file, and `check` says so. Returns
    each such case's id -> its set file."""
    own = raw.get("evals")
    read: dict[str, Path] = {}
    if not isinstance(own, list):
        return read
    taken = {str(i.get("id", i.get("name"))) for i in own if isinstance(i, dict)}
    for shared, mine, total in shared_naming(skill_dir, found, name):
        ids = []
        for n, item in enumerate(mine, 1):
            given = str(item.get("id", item.get("name") or n))
            ident, k = given, 1
            while ident in taken:
                ident, k = f"shared-{given}" + (f"-{k}" if k > 1 else ""), k + 1
            taken.add(ident)
            ids.append(ident)
            own.append({**drop_skill(item), "id": ident})
            problems.case_files[ident] = str(shared)
            read[ident] = shared
        problems.report("EV012", SET_LEVEL, f"shared set {shared}: {len(mine)} of its {total} "
                        f"case(s) name this skill: read beside its own set {found.path} "
                        f"({', '.join(ids[:6])}{', ...' if len(ids) > 6 else ''})",
                        f"none needed; move them into {found.path.name} to keep one set, or "
                        f"check them on their own: --cases {shared}")
    return read


def _case_folders_set(shown: str) -> bool:
    """Whether the set is a folder of case folders (runner.authoring.casedirs)."""
    return Path(shown).is_dir() and (is_case_dirs(Path(shown)) or is_one_case(Path(shown)))


def _named_by_path(shown: str, names: list[str], skill_dir: Path | None) -> bool:
    """A set in a folder named for the skill (`evals/<skill>/`): its cases are the skill's."""
    if skill_dir is None:
        return False
    root = set_root(Path(shown), skill_dir)
    path = Path(shown).resolve()
    return path.is_relative_to(root) and bool(set(path.relative_to(root).parts) & set(names))


def _named_elsewhere(item: Any, others: set[str]) -> list[str] | None:
    """The skills a case of the skill's own set names besides it, when at most one of them
    is another skill its repository holds (`others`; else None: which skill it grades is a
    real choice)."""
    named = list(dict.fromkeys(case_skill(item)))
    return named if sum(n in others for n in named) <= 1 else None


def _repository_names(skill_dir: Path) -> set[str]:
    """The names of the skills beside this one: above its `skills/` folder, else its
    parent's."""
    root = skill_dir.parent.parent if skill_dir.parent.name == "skills" else skill_dir.parent
    return names_below(root)


def _case_label(item: Any, n: int) -> str:
    return str(item.get("id", item.get("name", n))) if isinstance(item, dict) else str(n)


def _own_cases(items: list[Any], names: list[str], problems: Problems,
               shown: str, own_folder: bool, skill_dir: Path | None = None,
               given: bool = False, data: Any = None, routed: bool = False) -> list[Any]:
    """A set shared by a collection's skills (outside the skill's folder, or naming several
    skills), each case naming its skill: the cases of this skill (the others are left to
    theirs, reported). A set whose cases name no skill is this skill's when it is the only
    skill that finds it, or when the user named it (`--cases`); one that other skills find
    too is refused, as `check` on the collection does. `routed`: the set's own notes call
    it a trigger test, so a route (`expected_skill`) names no case's owner."""
    named_by = [{k: v for k, v in i.items() if k not in ROUTED_NAMES} if routed
                and isinstance(i, dict) else i for i in items]
    # a set outside the skill: its cases' skills inferred among the repository's too
    skills = skill_folders(set_root(Path(shown), skill_dir)) \
        if skill_dir is not None and not own_folder else []
    named = set_named(named_by, data, skill_names(skills)) if skills \
        else [named_skill(i) for i in named_by]
    # in the skill's own set, the names of its repository's skills (once: every case asks)
    held = _repository_names(skill_dir) if own_folder and skill_dir is not None else None
    several: set[int] = set()  # cases naming several skills: no one's, not run, said
    for n, item in enumerate(items, 1):
        refusal = several_skills(item, shown)
        if refusal is None:
            continue
        helpers = _named_elsewhere(item, held - set(names)) if held is not None else None
        if helpers is None:
            several.add(n)
            problems.report("EV012", _case_label(item, n), f"names several skills "
                            f"({', '.join(case_skill(item))}): not run (a case runs against "
                            "one skill, so which one it grades is the author's choice)",
                            "split it into one case per skill")
            continue
        # in the skill's own set folder, skills named beside it that the repository does not
        # hold (or only one it does) are the author's labels or the skills it works with:
        # the case is this skill's, run with it alone
        problems.report("EV012", _case_label(item, n), f"names other skills too "
                        f"({', '.join(helpers)}): in this skill's own set, run against it "
                        "alone (a trial installs one skill)", "none needed (name only this "
                        "skill, or split the case, if another skill is meant)")
    if not any(named) and len(skills) > 1 and _case_folders_set(shown) \
            and not _named_by_path(shown, names, skill_dir):
        raise CaseSetError(shown, f"case folders above {len(skills)} skills, none naming its "
                           f"skill ({', '.join(_case_label(i, n) for n, i in enumerate(items, 1))}"
                           "): a case runs against the skill it names, one skill at a time; "
                           "fix: name each case's skill (`expected_skill: <skill>` in its "
                           "prompt file's front matter, a prompt starting with `/<skill>`, or "
                           "the case folder named for it)")
    if not any(named) and len(skills) > 1 and not given \
            and not _named_by_path(shown, names, skill_dir):
        _refuse_unclaimed(shown, skills)
    if held is not None:
        # in the skill's own set, a name its repository holds no skill by is the author's
        # label for this one (renamed since) or a skill it works with: no other's case
        known = held | set(names)
        named = [[s for s in n if s in known or skill_part(s) in known] for n in named]
    if not any(named) or own_folder and len({s for n in named for s in n}) < 2:
        return [i for k, i in enumerate(items, 1) if k not in several]
    entries = naming_entries(named, names, skill_dir)
    # a case naming no skill in a set shared by several is no one's: not run, said per case;
    # in a folder named for this skill (`evals/<skill>/prompts.jsonl`) it is this skill's, as
    # the folder says, while a case naming another skill stays that skill's
    in_own = Path(shown).is_file() and Path(shown).parent.name in names
    unnamed = len(skills) > 1 and not in_own
    mine = [drop_skill(i, names) for k, (i, n) in enumerate(zip(items, named, strict=True), 1)
            if k not in several and (set(n) & entries or not n and not unnamed)]
    if unnamed:
        for n, (item, said) in enumerate(zip(items, named, strict=True), 1):
            if not said:
                problems.report("EV012", _case_label(item, n), "names no skill, in a set shared by "
                                f"{len(skills)} skills: not run (a case runs against the "
                                "skill it names)", "name its skill: `\"expected_skill\": "
                                "\"<skill>\"` (or start its prompt with `/<skill>`)")
    others = sorted({s for n in named for s in n} - entries)
    if not mine:
        raise CaseSetError(shown, f"no case of this shared set names skill {names[0]!r} "
                                  f"(its cases name {', '.join(others[:8])}): check the skill "
                                  "they name, or give this skill's cases `\"skill\": "
                                  f"\"{names[0]}\"`" + _below_hint(shown, skill_dir))
    _report_unheld(named, skills, problems)
    if len(mine) < len(items):
        problems.report("EV012", "", f"a set shared by several skills: {len(mine)} of "
                        f"{len(items)} case(s) name this skill and are read; the rest are "
                        f"left to {', '.join(others[:6])}", "check each skill on its own "
                        "(`skill-eval check` on the collection lists them)")
    return mine


def _report_unheld(named: list[list[str]], skills: list[Path], problems: Problems) -> None:
    """Cases naming a skill the repository does not hold (a skill entry of a collection's
    set for a skill since renamed or removed): run by no skill, said."""
    known = skill_names(skills)
    if not known:
        return
    unheld = sorted({s for n in named for s in n if skill_part(s) not in known})
    for name in unheld:
        count = sum(name in n for n in named)
        problems.report("EV012", "", f"{count} case(s) name skill {name!r}, which the "
                        "repository does not hold: run by no skill", "name a skill of the "
                        f"repository ({', '.join(sorted(known)[:6])}), or remove them")


def _refuse_unclaimed(shown: str, skills: list[Path]) -> None:
    """A set outside the skill that other skills of its repository read as theirs too, and
    whose cases name none: every one of them would be graded on every case. `check` on the
    collection refuses it (runner.authoring.collections); checked one skill at a time it is
    refused the same way, never read as this skill's alone."""
    from runner.authoring.skill import declared_name

    target = Path(shown).resolve()
    sharing = [s for s in skills if (f := find_set(s, declared_name(s))) is not None
               and f.resolve() == target]
    if len(sharing) > 1:
        raise CaseSetError(shown, f"a set shared by {len(sharing)} skills ("
                           f"{', '.join(s.name for s in sharing[:6])}) whose cases name no "
                           "skill: each of them would be graded on every case, and a run "
                           "loads one skill at a time; fix: give each case `\"skill\": "
                           "\"<its skill's name>\"` (or `expected_skill`, or start its prompt "
                           f"with `/<skill>`), or grade this skill on it anyway: --cases {shown}")


class SkillFiles:
    """The skill's files (never evals.json or .git), listed once, to find a fixture written
    relative to evals/, to the set's own folder or to another folder."""

    def __init__(self, skill_dir: Path, set_file: Path | None = None) -> None:
        self.root = skill_dir
        self._files: list[PurePosixPath] | None = None
        folder = (set_file if set_file is not None and set_file.is_dir()
                  else set_file.parent if set_file is not None else None)
        inside = folder is not None and folder.resolve().is_relative_to(skill_dir.resolve())
        self.set_dir = folder
        # where the set's own relative paths start, as a path inside the skill
        self.set_folder = (PurePosixPath(folder.resolve().relative_to(skill_dir.resolve())
                                         .as_posix()) if inside and folder else None)
        # a set outside the skill: where its paths are looked for
        self.outside = None if set_file is None else Outside.of(skill_dir, set_file)

    def folders(self) -> SetFolders:
        away = self.outside.resolve if self.outside is not None else None
        return SetFolders(self.root, self.set_folder, self.ending_with, self.set_dir, away)

    def ending_with(self, file: str) -> list[str]:
        if self._files is None:
            self._files = sorted(
                PurePosixPath(p.relative_to(self.root).as_posix())
                for p in self.root.rglob("*")
                if (p.is_file() or p.is_dir()) and not p.is_symlink()
                and ".git" not in p.relative_to(self.root).parts)
        want = PurePosixPath(file).parts
        return [str(p) for p in self._files if p.parts[-len(want):] == want
                and str(p) != CASESET_RELPATH]


def _templated(item: dict[str, Any], label: str, skill: SkillFiles,
               problems: Problems) -> dict[str, Any]:
    """A case with no prompt, its set's one prompt template filled from its fields and its
    folder (runner.authoring.templates); as it was when any blank finds nothing."""
    if prompt_fields(item) or skill.set_dir is None:
        return item
    template = find_template(evals_root(skill.set_dir))
    case_id = str(item.get("id", label))
    case_dir = skill.set_dir / case_id if "/" not in case_id else None
    filled = fill(template, item, case_dir) if template is not None else None
    if filled is None:
        return item
    problems.report("EV012", label, f"no prompt of its own: the set's template "
                    f"{filled.template} filled ({'; '.join(filled.sources)}) is its prompt"
                    + ("; the folder's reference output kept, never sent" if filled.reference
                       else ""), "none needed (or write the prompt in the case)")
    scripts = harness_scripts(evals_root(skill.set_dir))
    if scripts:  # once for the set: its own checks there are none of ours
        problems.tally("EV012", label, f"the author's harness beside the template "
                       f"({', '.join(scripts[:3])}) is not run: a check it makes on the "
                       "outputs (and no case names) is not graded", "write such checks "
                       "into the cases (assertions, statements) or name the program as a "
                       "grader program")
    extra = {"reference_output": filled.reference} if filled.reference else {}
    return {**item, "prompt": filled.prompt, **extra}


def _by_id(case: Case, skill: SkillFiles, problems: Problems) -> Case:
    """A case naming no files, with a folder named for its id under the set's `fixtures/`
    (runner.authoring.id_fixtures): its files staged, its setup notes reported."""
    if case.files or case.root_fixtures or skill.set_dir is None:
        return case
    found = id_fixtures(skill.set_dir, case.id)
    if found is None:
        return case
    place = (lambda rel: str(skill.set_folder / rel)) if skill.set_folder is not None \
        else (lambda rel: rel)
    staged = {place(rel): at for rel, at in found.staged.items()}
    if staged:
        problems.report("EV012", case.id, f"{len(staged)} file(s) of {found.folder.name}/ "
                        f"(the fixtures folder named for the case) staged at the working "
                        f"directory's root: {', '.join(list(staged.values())[:3])}"
                        f"{' ...' if len(staged) > 3 else ''}", "none needed (or list them "
                        "under `files`)")
    if found.notes:
        problems.report("EV012", case.id, f"{', '.join(found.notes[:3])}: the author's setup "
                        "notes beside the case's fixtures, for whoever runs it: not staged, "
                        "not graded", "put what the agent needs in the prompt or the "
                        "workspace, and what decides in the checks")
    return case.model_copy(update={"files": tuple(staged),
                                   "staged_at": {**case.staged_at, **staged}})


def _rooted(case: Case, skill: SkillFiles, problems: Problems) -> Case:
    """A folder the case names as its workspace (`fixture`, `workspace`, `repo`, `project`):
    found as a `files` entry is, and staged with its contents at the working directory's
    root, where the prompt's `src/app.py` then is. One that is a file (or is not in the
    skill) is an ordinary fixture, landing at its own path."""
    if not case.root_fixtures:
        return case
    files, roots = list(case.files), []
    folders: list[tuple[Path, str]] = []  # each workspace folder, for its own setup script
    plain = case.model_copy(update={"root_fixtures": ()})  # where it would land otherwise
    for given in case.root_fixtures:
        bases = [PurePosixPath("."), EVALS_ROOT, *([skill.set_folder] if skill.set_folder
                                                   else [])]
        found = list(dict.fromkeys(str(b / given) for b in bases
                                   if (skill.root / b / given).is_dir()))
        found = found or [f for f in skill.ending_with(given.rstrip("/"))
                          if (skill.root / f).is_dir()]
        outside = None if found or given not in files else _away_folder(skill, given)
        if outside is not None:
            # a shared set's folder outside the skill (`tests/fixtures/node` at the
            # repository's root): carried from there, its contents at the root (_carried)
            away, written = outside
            files[files.index(given)] = written
            roots.append(written)
            folders.append((away, given))
            _say_workspace(problems, case.id, given, away, given.strip("/"))
            continue
        if len(found) != 1 or given not in files:
            continue
        place = str(PurePosixPath(found[0]))
        files[files.index(given)] = place
        roots.append(place)
        folders.append((skill.root / place, given))
        _say_workspace(problems, case.id, given, skill.root / place,
                       str(plain.fixture_destination(place)))
    rooted = case.model_copy(update={"files": tuple(dict.fromkeys(files)),
                                     "root_fixtures": tuple(roots)})
    for folder, given in folders:
        rooted = folder_setup(rooted, folder, given, problems)
    return rooted


def _climbed_inside(skill: SkillFiles, posix: PurePosixPath) -> str | None:
    """A path climbing out of the set's folder (`../references/x.md` from evals/) that lands
    on a file or folder inside the skill: that path, as the skill holds it; else None."""
    if posix.is_absolute() or ".." not in posix.parts:
        return None
    for base in (str(EVALS_ROOT), str(skill.set_folder or EVALS_ROOT)):
        landed = posixpath.normpath(posixpath.join(base, posix.as_posix()))
        if not landed.startswith("..") and landed != "." and safely.exists(skill.root / landed):
            return landed
    return None


def _sibling_file(skill: SkillFiles, posix: PurePosixPath) -> tuple[Outside, Path] | None:
    """A path of a set inside the skill climbing from the skill folder to a file of a sibling
    skill of its collection (runner.authoring.outside): where it is read from; else None."""
    if skill.outside is not None or posix.is_absolute() or ".." not in posix.parts \
            or posix.parts[0] != "..":
        return None
    outside = Outside.siblings(skill.root)
    away = outside.resolve(str(posix)) if outside is not None else None
    if outside is None or away is None or not safely.is_file(away) \
            or not outside.in_sibling(away):
        return None
    return outside, away


def _repository_file(skill: SkillFiles, posix: PurePosixPath) -> tuple[Outside, Path] | None:
    """A fixture path with a folder (`tests/fixtures/x/sample`) that a set inside the skill
    names and the skill does not hold, found in a folder above the skill within its
    repository (runner.authoring.outside): where it is read from; else None. A bare name is
    never looked for there (a repository's README.md is not the case's file)."""
    if len(posix.parts) < 2 or posix.parts[0] in (".", ".."):
        return None
    outside = Outside.repository(skill.root)
    away = outside.resolve(str(posix)) if outside is not None else None
    if outside is None or away is None \
            or away.resolve().is_relative_to(skill.root.resolve()):
        return None
    return outside, away


def _say_workspace(problems: Problems, case_id: str, given: str, folder: Path,
                   below: str) -> None:
    """EV012: the folder a case names as its workspace lands with its contents at the root."""
    inside = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    problems.report("EV012", case_id, f"{given!r} is the case's workspace: its {len(inside)} "
                    f"file(s) staged at the working directory's root, not below ./{below}/ ("
                    + ", ".join(f"./{p}" for p in inside[:3])
                    + (", ..." if len(inside) > 3 else "") + ")",
                    "none needed (to keep the folder itself, list it under `files`)")


def _away_folder(skill: SkillFiles, given: str) -> tuple[Path, str] | None:
    """The folder outside the skill a shared set's path names (runner.authoring.outside), and
    the path it is found by: as written, else a bare name of a `fixtures/` folder of the set's
    (`fixture: plain-repo` for `evals/fixtures/plain-repo/`, the harnesses' blueprint folder)."""
    if skill.outside is None:
        return None
    bare = "/" not in given.strip("/")
    for written in [given, *([f"fixtures/{given.strip('/')}"] if bare else [])]:
        away = skill.outside.resolve(written)
        if away is not None and away.is_dir() \
                and not away.resolve().is_relative_to(skill.root.resolve()):
            return away, written
    return None


def _fixtures(skill: SkillFiles, problems: Problems, case: Case) -> tuple[Case, list[str]]:
    """Each `files` entry as the skill holds it: as written, else relative to evals/, else
    the one file of the skill whose path ends with it (several: refused, naming them). Only
    the file named is staged, never what lies beside it (a scoring key). EV011: an entry that
    is in no form in the skill but is what the run must produce (one of its outputs, or what
    the prompt asks to write) is an output listed as an input: reported, not staged."""
    outputs = {o.path for o in case.outputs}
    kept: list[str] = []
    origins: list[str] = []
    staged_at: dict[str, str] = dict(case.staged_at)  # where the set itself puts them
    carried: dict[str, str] = {}  # from outside the skill (runner.authoring.outside)
    from_project: dict[str, str] = {}  # from a project-level skill's project
    for file in case.files:
        if file in staged_at:  # `{from, to}`: the place follows the file it was found as
            _resolved_place(skill, file, staged_at)
        posix = PurePosixPath(file)
        if _GLOB.search(file) and not safely.exists(skill.root / file):
            _glob_entry(problems, case, file)
            continue
        if _SCORING_KEY.search(posix.name) and posix.name not in case.prompt:
            problems.report("EV011", case.id, f"{file!r} is listed under files but reads as "
                            "the scoring key (answers): never staged, the agent must not see "
                            "it", f"remove {file!r} from files; grade with it from a judge "
                            "program in evals/")
            continue
        tail = _author_tail(skill.root, posix)
        if tail is not None:  # the author's own absolute path to a file the skill holds
            problems.report("EV012", case.id, f"fixture {file!r} is a path on the author's "
                            f"machine; the skill holds it at {tail}: staged from there at "
                            f"./{tail}", f"none needed (or name it {tail!r})")
            kept.append(tail)
            origins.append(f"{file!r} (found at {tail}, the author's path ending there)")
            continue
        climbed = _climbed_inside(skill, posix) if skill.outside is None else None
        if climbed is not None:  # `../references/x.md` written from evals/: the skill's own
            kept.append(climbed)
            origins.append(f"{file!r} (found at {climbed}, written from the set's folder)")
            continue
        sibling = _sibling_file(skill, posix)
        if sibling is not None:  # `../other-skill/assets/x.csv`: a sibling skill's sample
            carried.update(_carried(skill, sibling[0], problems, case, file, sibling[1]))
            origins.append(f"{file!r} (found at {sibling[1]}, in a sibling skill of the "
                           "collection: staged from there)")
            continue
        relative = bool(posix.parts) and not posix.is_absolute() and ".." not in posix.parts
        # a set outside the skill may climb to a sibling's fixtures inside the repository
        climbs = bool(posix.parts) and not posix.is_absolute() and not relative
        away = skill.outside.resolve(file) \
            if skill.outside is not None and (relative or climbs) else None
        if skill.outside is not None and away is not None \
                and not away.resolve().is_relative_to(skill.root.resolve()):
            texts = _carried(skill, skill.outside, problems, case, file, away)
            place = staged_at.pop(file, None)  # `{from, to}`: the text lands at `to`
            carried.update({place + path[len(file):] if place and path.startswith(file)
                            else path: text for path, text in texts.items()})
            origins.append(f"{file!r} (found at {away}, outside the skill: staged from there)")
            continue
        if not relative or safely.exists(skill.root / file):
            kept.append(file)
            origins.append(f"{file!r}")
            continue
        if away is not None:  # a file of the skill, named from the repository's root
            inside = str(PurePosixPath(*away.resolve().relative_to(skill.root.resolve()).parts))
            kept.append(inside)
            staged_at[inside] = case.staged_at.get(file, file)  # where the set puts it
            origins.append(f"{file!r} (the skill's {inside}, named from outside it)")
            continue
        own = own_file(skill.root, file) if relative and skill.outside is None else None
        if own is not None:  # `.claude/skills/<this skill>/x`, from the project's root
            kept.append(own)
            staged_at[own] = case.staged_at.get(file, file)  # lands where the case names it
            origins.append(f"{file!r} (the skill's own {own}, named from the root above it: "
                           f"staged at ./{staged_at[own]})")
            problems.report("EV012", case.id, f"fixture {file!r} is the skill's own {own}, "
                            "named from the root above the skill: staged at that path",
                            f"none needed (or write its path from the skill folder: {own})")
            continue
        besides = [str(EVALS_ROOT / posix)] + ([str(skill.set_folder / posix)]
                                               if skill.set_folder else [])
        beside = next((b for b in besides if safely.exists(skill.root / b)), besides[0])
        found = [beside] if safely.exists(skill.root / beside) else skill.ending_with(file)
        if len(found) > 1 and "/" not in file.rstrip("/") \
                and (picked := home_of(found, case.prompt)) is not None:
            # a bare name several folders hold (`fixture: s1`): the one the prompt names
            found = [picked[0]]
            tail = "/".join(PurePosixPath(picked[0]).parts[-2:])
            said = re.search(rf"(?<![\w.-])(?:[\w.-]+/)*{re.escape(tail)}(?=/)", case.prompt)
            if said is not None:  # it lands where the prompt finds it
                staged_at[picked[0]] = said.group(0)
            problems.report("EV012", case.id, f"fixture {file!r} is {picked[1]}: {picked[0]} "
                            f"staged{f' at ./{said.group(0)}' if said else ''}",
                            f"write its path: {picked[0]}")
        if len(found) == 1:
            kept.append(found[0])
            origins.append(f"{file!r} (found at {found[0]})")
            if file in case.staged_at:  # the set says where it lands (waza's fixtures/)
                staged_at[found[0]] = case.staged_at[file]
            elif found[0] != str(EVALS_ROOT / posix) and found[0] not in staged_at:
                # from another folder: lands as written
                staged_at[found[0]] = file
        elif found:
            problems.refuse("EV009", case.id, f"fixture {file!r} matches several files of the "
                            f"skill: {', '.join(found[:5])}", "write its path from the skill "
                            "folder, e.g. " + found[0])
        elif relative and file not in outputs and skill.outside is None \
                and (home := project_file(skill.root, file)) is not None:
            # a project-level skill's case names a file of its project (runner.authoring.
            # project_skill): staged from there at its path from the project's root
            from_project.update(carry(skill.root, case.id, file, home, problems))
            origins.append(f"{file!r} (found at {home}, in the project this skill lives in: "
                           "staged from there)")
        elif relative and file not in outputs and skill.outside is None \
                and (repo := _repository_file(skill, posix)) is not None:
            # a repository's shared fixture, named from its root (runner.authoring.outside)
            texts = _carried(skill, repo[0], problems, case, file, repo[1])
            carried.update(texts)
            problems.report("EV012", case.id, f"fixture {file!r} is not in the skill; found "
                            f"in its repository at {repo[1]}: staged from there at ./"
                            f"{repo[0].landing(repo[1], file, case.prompt)}",
                            "none needed (or copy it into the skill under evals/files/)")
            origins.append(f"{file!r} (found at {repo[1]}, in the skill's repository: staged "
                           "from there)")
        elif _not_found(skill, problems, case, file, file in outputs, relative):
            kept.append(file)  # refused by the preflight, naming it
            origins.append(f"{file!r}")
    if carried:
        problems.report("EV012", case.id, f"{len(carried)} fixture file(s) staged from outside "
                        f"the skill, where the set's paths point: {', '.join(list(carried)[:3])}"
                        f"{' ...' if len(carried) > 3 else ''}", "none needed (or copy them "
                        "into the skill under evals/files/)")
    return case.model_copy(update={"files": tuple(kept), "staged_at": staged_at,
                                   "inline_files": {**case.inline_files, **carried,
                                                    **from_project}}), origins


def _author_tail(root: Path, posix: PurePosixPath) -> str | None:
    """An absolute path from the author's machine (`/Users/me/repo/skill/fixtures/a.py`)
    whose end, a folder and a file at least, is a file of the skill: the longest such end."""
    if not posix.is_absolute():
        return None
    parts = posix.parts[1:]
    for start in range(len(parts) - 1):
        tail = PurePosixPath(*parts[start:])
        if ".." not in tail.parts and safely.is_file(root / tail) \
                and not safely.is_symlink(root / tail) \
                and (root / tail).resolve().is_relative_to(root.resolve()):
            return str(tail)
    return None


def _resolved_place(skill: SkillFiles, file: str, staged_at: dict[str, str]) -> None:
    """A fixture the case places (`{from: files/a.tsx, to: app/a.tsx}`) written relative to
    the set's folder: its place keyed by the path it is found at in the skill as well."""
    for base in ([skill.set_folder] if skill.set_folder else []) + [EVALS_ROOT]:
        found = base / file
        if safely.exists(skill.root / found):
            staged_at.setdefault(str(found), staged_at[file])
            return


# A wildcard: a pattern of files (`out/*.md`, `**/*.py`, `report-?.txt`), never one to stage.
_GLOB = re.compile(r"[*?]|\[[^\]/]+\]")


def _glob_entry(problems: Problems, case: Case, file: str) -> None:
    """A `files` entry with a wildcard: a fixture is one file the skill holds, so a pattern
    names what the run writes (or, in a case expecting a refusal, must not): not staged,
    said, never refused as a fixture not found."""
    problems.report("EV012", case.id, f"files entry {file!r} is a glob: a pattern of files "
                    "the run produces (or must not), not an input to stage; not staged",
                    "list input files one by one under files; say what must (not) be written "
                    "in the prompt or as expectations")


def _carried(skill: SkillFiles, outside: Outside, problems: Problems, case: Case, file: str,
             away: Path) -> dict[str, str]:
    """A fixture found outside the skill, as the case's own text files (refused when it
    cannot be staged, or when a file of it is the skill itself)."""
    # where the set itself puts it (a case folder's file lands at the working directory's
    # root as it sits in its folder), else as written
    # a workspace folder (`root_fixtures`) is the working directory: its contents at the root
    texts, why = outside.staged(away, case.staged_at.get(file, file), case.prompt,
                                at_root=file in case.root_fixtures)
    if why:
        problems.refuse("EV009", case.id, f"fixture {file!r} (found at {away}, outside "
                        f"the skill) cannot be staged: {why}", "copy it into the skill "
                        "(evals/files/) and name it from there")
    for path, content in texts.items():
        refuse_skill(_refuser(problems, case.id), inline_skill_reason(skill.root, path, content),
                     origin=f" (from {away})")
    return texts


def _not_found(skill: SkillFiles, problems: Problems, case: Case, file: str, output: bool,
               relative: bool) -> bool:
    """A fixture in no form in the skill: an output listed as an input (EV011), or found
    nowhere a set outside the skill names paths from (EV009); True: kept for the preflight
    to refuse, naming it."""
    # (a path under an outputs folder, `outputs/triage.md`, that nothing holds: where the run
    # writes, never an input)
    if output or asks_to_write(case.prompt, PurePosixPath(file).name) \
            or PurePosixPath(file).parts[:1] in (("outputs",), ("output",), ("out",)):
        problems.report("EV011", case.id, f"{file!r} is listed under files but is an "
                        "output the run creates", f"move {file!r} from files to outputs "
                        "(files are inputs staged before the run)")
        return False
    if skill.outside is not None and relative:
        note, fix = _workflow_hint(skill.root, file)
        problems.refuse("EV009", case.id, f"fixture {file!r} is in none of the places a "
                        f"set outside the skill names paths from: {skill.outside.places}"
                        + note, fix or "correct the path (from the set's folder), or copy "
                        "the file into the skill under evals/files/ and name it from there")
        return False
    return True


def _workflow_hint(skill_dir: Path, file: str) -> tuple[str, str]:
    """(what to add to the refusal, its fix) for a missing fixture whose path SKILL.md names:
    a file of the skill's own workflow (what an earlier step writes, `.codeck/outline.md`),
    which no session starts with; ("", "") for any other."""
    skill_md = skill_dir / "SKILL.md"
    name = file.rstrip("/")
    if not name or not safely.is_file(skill_md):
        return "", ""
    text = skill_md.read_text(encoding="utf-8", errors="replace")
    # as written, or its file name at the end of a path the steps build (`$DIR/outline.md`)
    base = PurePosixPath(name).name
    if not any(re.search(rf"(?<![\w.-]){re.escape(form)}(?![\w-])", text) is not None
               for form in (name, base)):
        return "", ""
    return ("; SKILL.md names it: a file the skill's workflow writes (an earlier step's "
            "artifact), which no session starts with",
            f"write a sample {file!r} as that earlier step would, put it under evals/files/"
            f"{file} and list that path in files (or drop it from files if the case tests "
            "its absence)")


# A file that holds the answers a run is graded against.
_SCORING_KEY = re.compile(r"(?i)(?<![a-z])(?:answers?[-_ .]?keys?|answers|golden|"
                          r"expected[-_ ]?(?:output|answer|result)s?|(?:grading|scoring)[-_ ]?"
                          r"(?:key|sheet)s?)(?![a-z])")
def restated_prompts(caseset: CaseSet, description: str, shown: str) -> list[Finding]:
    """EV010 (runner.analysis.wording), reported per case, never refused, naming the set file
    the case was read from (`shown` only for a set that does not say)."""
    phrases = quoted_phrases(description)
    found: list[Finding] = []
    for case in caseset.evals:
        phrase = restated_phrase(case.prompt, phrases)
        if phrase is not None:
            found.append(Finding(
                code="EV010", file=caseset.file_of(case.id, shown), case=case.id,
                message=f"the prompt restates the description's {phrase!r}",
                fix="write the request the way users phrase it, with context, in other "
                    "words"))
    return found


Refuse = Callable[[str, str], None]


def _preflight_case(skill_dir: Path, case: Case, refuse: Refuse,
                    cannot_run: Refuse | None = None) -> None:
    """`cannot_run`: for a fixture the skill does not hold, the case alone cannot run (its
    input is missing, as a prompt's unstaged input is): left out while others run."""
    if not case.id.strip():
        refuse("id must not be empty", "give the case an id")
    if not case.prompt.strip():
        refuse("prompt must not be empty", "write the task the agent is given")
    drafts = [("prompt", case.prompt), ("expected_output", case.expected_output),
              ("rubric", case.rubric or ""), *(("statement", t) for t in case.statements)]
    for field, value in drafts:
        if is_draft(value):
            refuse(f"{field} is still a draft (starts with TODO)",
                   f"write the {field} in place of the TODO")
    if is_template(case.prompt):
        refuse(f"the prompt is its template's instruction to write one ({case.prompt.strip()!r})"
               ": no task was written", "write the task the agent is given")
    _preflight_checks(case, refuse)
    if case.judge_program is not None:
        _preflight_program(skill_dir, case.judge_program, refuse)
    for turn in (case.first_turn, *case.follow_ups):  # a turn's own, run right after it
        if turn is not None and turn.judge_program:
            _preflight_program(skill_dir, turn.judge_program, refuse)
        if turn is not None and turn.grader_program and turn.grader_program.path:
            _preflight_program(skill_dir, turn.grader_program.path, refuse)
    root = skill_dir.resolve()
    for file in case.files:
        posix = PurePosixPath(file)
        if refuse_skill(refuse, skill_file_reason(skill_dir, file), fix="stage an input the "
                        "task works on (a copy under evals/files/), never the skill"):
            continue
        if posix.is_absolute() and cannot_run is not None:
            # (a file on its author's machine, `/Users/ana/paper.pdf`: no session has it, so
            # the case cannot run, and the others still can)
            cannot_run(f"fixture {file!r} is an absolute path, a file on its author's machine "
                       "that no session has",
                       "copy the file into the skill (evals/files/) and name it from there")
        elif posix.is_absolute() or ".." in posix.parts or not posix.parts:
            refuse(f"fixture {file!r} must be a relative path inside the skill",
                   "copy the file into the skill (evals/files/) and name it from there")
        elif posix in (FIXTURE_ROOT, PurePosixPath(CASESET_RELPATH)) or posix.parts[0] == ".git":
            refuse(f"fixture {file!r} cannot be staged",
                   "name a file or a folder of fixtures")
        elif safely.is_symlink(skill_dir / posix) or not safely.exists(skill_dir / posix):
            note, fix = _workflow_hint(skill_dir, file)
            # (a symlink is refused: never followed; a file not there is the case's loss)
            # (a name no file system holds, a part over 255 bytes, is a broken set: refused)
            say = refuse if cannot_run is None or safely.is_symlink(skill_dir / posix) \
                or any(len(part.encode()) > 255 for part in posix.parts) else cannot_run
            say(f"fixture {file!r} is not in the skill (or is a symlink)" + note,
                fix or "add the file under evals/files/ or correct its path")
        elif not (skill_dir / posix).resolve().is_relative_to(root):
            refuse(f"fixture {file!r} resolves outside the skill",
                   "copy the file into the skill")
        elif (out := safely.link_out(skill_dir / posix, root)) is not None:
            # the folder is this case's alone: the other cases run (HY005 leaves it out)
            refuse(f"fixture {file!r} holds a symlink out of the skill ({out}): it is never "
                   "staged nor followed, so the case would lack it",
                   "replace the link with the file itself, or stage another folder")


def _preflight_program(skill_dir: Path, program: str, refuse: Refuse) -> None:
    """A judge program ships in the skill's evals/ folder (never staged into a session)."""
    posix = PurePosixPath(program)
    if posix.is_absolute() or ".." in posix.parts or not posix.is_relative_to("evals") \
            or posix == PurePosixPath(CASESET_RELPATH):
        refuse(f"judge program {program!r} must be a file inside the skill's evals/ folder",
               "put it at e.g. evals/judges/check.py")
        return
    local = skill_dir / posix
    if safely.is_symlink(local) or not safely.is_file(local):
        refuse(f"judge program {program!r} is not a file in the skill",
               "add the program or correct its path")
        return
    why = cannot_run(local)
    if why is not None:
        refuse(f"judge program {program!r} cannot run in the sandbox: {why}",
               f"{RUN_FIX}, or grade the case with assertions")


def _preflight_checks(case: Case, refuse: Refuse) -> None:
    """Every check must be gradable as written (EV009), or nothing is spent."""
    for assertion in case.assertions:
        if is_draft(assertion):
            refuse(f"assertion {assertion!r} is still a draft", "write the check in its place")
            continue
        try:
            parse_matcher(assertion)
        except ValueError as exc:
            refuse(f"assertion {assertion!r}: {exc}", "correct the assertion")
    for output in case.outputs:
        posix = PurePosixPath(output.path)
        if not output.path or posix.is_absolute() or ".." in posix.parts:
            refuse(f"output {output.path!r} must be a relative path in the working directory",
                   "name the file as the agent writes it, e.g. summary.md")
        if output.contains and posix.suffix.lower() in BINARY_SUFFIXES:
            refuse(f"output {output.path!r} is binary: 'contains' cannot check its text",
                   "drop `contains`, or check it with a judge program")
        for assertion in output.contains:
            try:
                parse_matcher(assertion)
            except ValueError as exc:
                refuse(f"output {output.path!r}: {exc}", "correct the assertion")
    for check in case.json_checks:
        try:
            json_path_steps(check.path)
            if check.contains is not None:
                parse_matcher(check.contains)
        except ValueError as exc:
            refuse(f"json check on {check.file!r}: {exc}", "correct the path or the check")
    seen: set[str] = set()
    for item in case.process:
        if item.id in seen:
            refuse(f"process item {item.id!r} appears twice", "give each item its own id")
        seen.add(item.id)
    for source in (*case.tool_calls, *(m for i in case.process for m in i.matchers)):
        try:
            parse_call_matcher(source)
        except ValueError as exc:
            refuse(str(exc), "correct the matcher (`Tool` or `Tool:<assertion>`)")


__all__ = ["load_caseset", "reads_as_statement", "restated_prompts", "word_count"]
