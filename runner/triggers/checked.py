"""`check` reads the skill's trigger set too (issue 26, rule 7): a file that does not parse
(EV010, with the reader's own words), a set `trigger` would refuse, and should-trigger
queries that restate the description (EV010) are reported before anything is spent, so
`trigger` never refuses what `check` let pass."""

from __future__ import annotations

from pathlib import Path

from runner.analysis.wording import quoted_phrases, restated_phrase
from runner.authoring.layouts import PROSE_SUFFIXES, REFERENCE_FOLDER, find_prose, find_set
from runner.errors import CaseSetError, RefusedInput
from runner.schema.case import Finding
from runner.schema.triggers import TriggerSet
from runner.triggers.queries import load_trigger_set, trigger_files
from runner.triggers.routed import routed_set

SET_LEVEL = "(set)"


def trigger_findings(skill_dir: Path, skill_name: str, description: str) -> list[Finding]:
    """Nothing when the skill has no trigger set (a runtime set alone is fine)."""
    files = trigger_files(skill_dir, skill_name)
    if not files:
        return []
    try:
        found = load_trigger_set(skill_dir, skill_name)
    except CaseSetError as exc:
        return [Finding(code="EV010", file=exc.path, case=SET_LEVEL,
                        message=f"the trigger set cannot be read: {exc.problem}",
                        fix="correct the file (YAML: quote values holding ': ' or '#'); "
                            "`skill-eval trigger` refuses it until then")]
    # what reading it left out (queries with no side), said beside the case set's lines too
    left = [f for f in found.findings if f.code == "EV010"]
    phrases = quoted_phrases(description)
    restated = [q for q in found.queries if q.should_trigger
                and restated_phrase(q.prompt, phrases) is not None]
    if not restated:
        return left
    return [*left, Finding(code="EV010", file=restated[0].source or found.files[0], case=SET_LEVEL,
                    message=f"{len(restated)} should-trigger quer(y/ies) restate the "
                            f"description's wording (e.g. {restated[0].prompt[:80]!r}): they "
                            "measure the wording, not the job",
                    fix="write them the way users ask, in other words")]


def trigger_line(skill_dir: Path, skill_name: str) -> str | None:
    """What plain `check` says of a trigger set beside the case set (the set folder's line
    says it reports on it below): its queries by side; None without one, or when it cannot
    be read (its EV010 line says why)."""
    if not trigger_files(skill_dir, skill_name):
        return None
    try:
        found = load_trigger_set(skill_dir, skill_name)
    except CaseSetError:
        return None
    fire = sum(q.should_trigger for q in found.queries)
    return (f"trigger set: {trigger_location(skill_dir, skill_name)}: {len(found.queries)} "
            f"queries ({fire} should trigger, {len(found.queries) - fire} should not); "
            "measured by `skill-eval trigger`")


def trigger_location(skill_dir: Path, skill_name: str) -> str | None:
    """Where the trigger set is, as `check --json` names it: its one file, or the folder
    holding its files (`evals/trigger/`); None without one."""
    files = [path for path, _ in trigger_files(skill_dir, skill_name)]
    if not files:
        routed = routed_set(skill_dir, skill_name)
        return routed.files[0] if routed is not None else None
    parents = {p.parent for p in files}
    return str(files[0] if len(files) == 1 or len(parents) > 1 else files[0].parent)


def triggers_only(skill_dir: Path, skill_name: str) -> bool:
    """The authors wrote a trigger set and no case set: the set is complete as it is, measured
    by `skill-eval trigger`, never drafted over. Markdown beside it (`prompts.md`, a checklist)
    is the authors' notes, not a set to refuse the skill for (`prose_notes` lists them); a
    prose set with no trigger set is refused as one (runner.authoring.caseset)."""
    if trigger_files(skill_dir, skill_name) and (find_set(skill_dir, skill_name) is None
                                                 and not _structured_markdown(skill_dir,
                                                                              skill_name)
                                                 or ungradable_set(skill_dir, skill_name)):
        return True
    # ...or wrote it as a runtime set (EV008), beside a trigger file or as the one file the
    # runtime reader found (`{"evals": [{query, should_trigger}]}` in evals.json): of routing
    # only, so its cases are trigger queries too (runner.triggers.queries.load_trigger_set)
    return routed_set(skill_dir, skill_name) is not None


def _structured_markdown(skill_dir: Path, skill_name: str) -> bool:
    """A Markdown set whose sections are cases (a prompt and checks each) beside the trigger
    set: the runtime set the authors wrote, read as cases, never notes."""
    from runner.authoring.mdtasks import markdown_set

    prose = find_prose(skill_dir, skill_name)
    return prose is not None and markdown_set(prose) is not None


def ungradable_set(skill_dir: Path, skill_name: str) -> str | None:
    """Why the runtime file found beside a trigger set is no runtime set (EV008: none of its
    entries has a criterion, `{query, ranked_ids, relevant_ids}` of a retrieval corpus a
    program scores), or None: then the trigger set is what its authors wrote for the agent,
    and the file is said, never read as cases."""
    from runner.authoring.caseset import (  # (it reads the trigger layouts too)
        NOTHING_GRADABLE,
        load_caseset,
    )

    try:
        load_caseset(skill_dir, skill_name)
    except CaseSetError as exc:
        return f"{exc.path}: {exc.problem}" if exc.problem.startswith(NOTHING_GRADABLE) else None
    except RefusedInput:
        return None
    return None


def prose_notes(skill_dir: Path, skill_name: str) -> list[Path]:
    """The Markdown and text files beside a trigger-only skill's trigger set, and its prose
    set if it has one: not read (no reader grades prose), each said."""
    # a trigger file beside SKILL.md: the skill's own documents there are no notes
    files = [p for p, _ in trigger_files(skill_dir, skill_name)]
    if not files:  # a runtime set of routing only (`prompts.csv` with should_trigger)
        routed = routed_set(skill_dir, skill_name)
        files = [Path(f) for f in routed.files] if routed is not None else []
    # (...nor are those of its references/ folder: what the skill reads)
    folders = {p.parent for p in files} - {skill_dir, skill_dir / REFERENCE_FOLDER}
    prose = find_prose(skill_dir, skill_name)
    found = {prose} if prose is not None else set()
    for folder in folders | {f.parent for f in folders if f.name == "trigger"}:
        found |= {p for p in folder.iterdir() if p.is_file() and p.suffix in PROSE_SUFFIXES
                  and p.stem.lower() != "readme"}
    return sorted(found - set(files))  # a Markdown file of trigger tables is the set itself


def read_trigger_only(skill_dir: Path, skill_name: str) -> TriggerSet:
    """The trigger set as `trigger` reads it; one `trigger` would refuse is refused (EV010)."""
    try:
        return load_trigger_set(skill_dir, skill_name)
    except CaseSetError as exc:
        raise CaseSetError(exc.path, f"EV010: the trigger set cannot be read: {exc.problem}; "
                           "`skill-eval trigger` refuses it too (the skill has no other set); "
                           "fix: correct the file (YAML: quote values holding ': ' or '#')"
                           ) from exc
