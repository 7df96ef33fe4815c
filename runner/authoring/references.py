"""Files a statement compares the work with (issue 26): "Matches worked-example.md", "Follows
the structure of the canonical report (evals/canonical-report.md)", "Consistent with
references/example-output.md". The grader sees only the trial's material, so such a statement
would be graded blind. A file the statement names after a comparing word, that the case does
not stage and the task does not ask to write, is looked for like a fixture (the set's folder
and the folders above it up to the skill, the skill, the repository's root); found, its text
(capped) is carried in the case's `references`, shown to the GRADER under its name, never
staged for the agent. Found nowhere, the statement is reported (EV009): it cannot be graded as
meant.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from runner.authoring import safely
from runner.authoring.answers import ANSWER_KEY, GRADER_SECTION
from runner.authoring.problems import Problems
from runner.authoring.project_walk import Walk
from runner.schema.case import Case
from runner.scoring.asked import asks_to_write

REFERENCE_MAX = 20_000  # characters of one reference the grader is shown
MISSING = "EV009"
# A word that compares the work with something, before the file it names.
_COMPARES = re.compile(
    r"(?i)\b(?:match(?:es|ing)?|follow(?:s|ing)?|consistent\s+with|same\s+\w*\s*as|like|"
    r"mirror(?:s|ing)?|according\s+to|as\s+in|per|conform(?:s|ing)?\s+to|in\s+line\s+with|"
    r"compared?\s+(?:to|with)|resembl(?:es|ing)|modell?ed\s+(?:on|after)|based\s+on|"
    r"identical\s+to|equivalent\s+to|agrees?\s+with)\b")
_FILE = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w-][\w.-]*\.(?:md|markdown|txt|json|ya?ml|csv|"
                   r"html?|xml|rst|tsv))(?![\w-])")
# A file named by what it is rather than its name ("uses the canonical market-woman report"):
# read only when a file of the set or skill is called so (canonical-market-woman.md).
_DESCRIBED = re.compile(r"(?i)\b(?:uses?|using|follows?|following|matches|matching|like|per)\s+"
                        r"the\s+((?:[\w-]+\s+){0,4}?[\w-]+)\s+(report|example|template|output|"
                        r"answer|format|structure|document|sample)\b")
_DOC_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".json", ".yaml", ".yml", ".csv",
                           ".html", ".rst"})
_LEVELS_UP = 3  # the skill's folder and those above it, up to its repository's root


# A word saying the agent reads a file ("Must read design-and-architecture.md first",
# "References widgets.md"), none denying it before ("Does not read ...").
# (a folder's name in a path, `references/learnings.md`, is no verb)
_READS = re.compile(r"(?i)(?<![/.])\b(?:reads?|reading|referenc(?:e|es|ing)|consult(?:s|ing)?|"
                    r"loads?|loading|opens?|opening|cites?|citing)\b(?![/.-])")
# A statement about what the answer says ("Describes scanning ... references/learnings.md",
# "Mentions reading the style guide"): the file is a word of the answer, never a read.
# (the telling verb governs the read: nothing of time between, "Explains the plan after
# reading design.md" still reads it)
_TELLS = re.compile(r"(?i)\b(?:describ(?:e|es|ing)|mention(?:s|ing)?|explain(?:s|ing)?|"
                    r"say(?:s|ing)?|tell(?:s|ing)?|list(?:s|ing)?|suggest(?:s|ing)?|"
                    r"recommend(?:s|ing)?|advis(?:e|es|ing)|instruct(?:s|ing)?)\b"
                    r"(?:(?!\b(?:after|before|then|while|when|once)\b)[^.;\n]){0,60}$")
# ...or uses one, named right after the verb ("Use 复习计划.md and 错题遗漏.md, start with
# ...": a file used is a file read); "Uses numbered file format (0001-xxx.md)" shows a form
_USES = re.compile(r"(?i)\b(?:uses?|using)\s+(?:the\s+|its\s+|their\s+|my\s+|existing\s+)?"
                   r"`?(?=[\w./-]+\.(?:md|markdown|txt|json|ya?ml|csv|html?|xml|rst|tsv)\b`?"
                   # ("Uses llms.txt format", "the CHANGELOG.md style": a form, no file read)
                   r"(?!\s+(?:format|style|conventions?|structure|syntax|spec|layout|"
                   r"frontmatter|scripts?|template|schema|pattern|shape)\b))")
_DENIED = re.compile(r"(?i)\b(?:not|never|no|without|doesn't|don't|avoids?)\b")


# The statement says the agent makes or changes files too ("Reads notes.md after writing
# it", "Opens a PR that adds an entry to CHANGELOG.md"): a file it names may be the work's.
_WRITES = re.compile(r"(?i)\b(?:writ(?:e|es|ing|ten)|wrote|creat\w*|generat\w*|adds?|adding|"
                     r"produc\w*|sav(?:e|es|ed|ing)|updat\w*|edit\w*|modif\w*)\b")
# Where the read's own clause ends: the files after are another act's.
_CLAUSE_END = re.compile(r"(?i)[;,]|\s(?:and|then|before|after|while|but)\s")


def read_files(statement: str) -> list[str]:
    """The files the statement expects the agent to read, in the read's own clause (each
    once); none if it denies, or if the statement has the agent make or change files."""
    cue = _READS.search(statement) or _USES.search(statement)
    if cue is None or _DENIED.search(statement, 0, cue.start()) or _WRITES.search(statement) \
            or _TELLS.search(statement, 0, cue.start()):
        return []
    end = _CLAUSE_END.search(statement, cue.end())
    clause = statement[cue.start():end.start() if end else len(statement)]
    return list(dict.fromkeys(m.group(1) for m in _FILE.finditer(clause)))


def compared_files(statement: str) -> list[str]:
    """The files the statement names after a word that compares (each once)."""
    cue = _COMPARES.search(statement)
    if cue is None:
        return []
    return list(dict.fromkeys(m.group(1) for m in _FILE.finditer(statement, cue.start())))


def described_files(statement: str, bases: list[Path], skill: Path) -> dict[str, Path]:
    """The files of the set or skill the statement names by what they are: shown name ->
    path (as the skill names it, else its own name)."""
    found: dict[str, Path] = {}
    for match in _DESCRIBED.finditer(statement):
        slug = "-".join(match.group(1).lower().split())
        stems = {slug, f"{slug}-{match.group(2).lower()}"}
        for base in bases:
            hits = [p for p in sorted(base.glob(f"{slug}*")) if p.is_file()
                    and p.stem.lower() in stems and p.suffix.lower() in _DOC_SUFFIXES]
            if hits:
                found[_shown(hits[0], bases, skill.resolve())] = hits[0]
                break
    return found


def _shown(path: Path, bases: list[Path], skill: Path) -> str:
    """As the skill names it; one outside the skill, from its set's folder's parent."""
    for top in (skill, bases[0].parent):
        if path.is_relative_to(top):
            return str(path.relative_to(top))
    return path.name


def _bases(skill_dir: Path, set_folder: Path) -> list[Path]:
    skill = skill_dir.resolve()
    folder = set_folder.resolve()
    between = [p for p in (folder, *folder.parents) if p.is_relative_to(skill) and p != skill]
    above = [p for p in skill.parents][:_LEVELS_UP]
    root = next((p for p in above if (p / ".git").exists()), None)
    return [*between, skill, *([root] if root is not None else [])]


def _find(name: str, bases: list[Path], skill: Path) -> Path | None:
    posix = PurePosixPath(name)
    if posix.is_absolute() or ".." in posix.parts:
        return None
    for base in bases:
        path = base / name
        # a folder on the way may be a link out of the repository: the file must resolve
        # inside the place it was looked for in
        if safely.is_file(path) and not safely.is_symlink(path) \
                and path.resolve().is_relative_to(base.resolve()):
            return path
    if len(posix.parts) > 1:
        return None
    # a bare name ("Matches worked-example.md") is the skill's one file of that name, in
    # whichever of its folders it sits
    named = [p for p in Walk(skill.resolve()).files() if p.name == name and p.is_file()]
    return named[0] if len(named) == 1 else None


def _staged(case: Case, name: str) -> bool:
    """The case hands it to the agent, or the task asks the agent to write it."""
    base = PurePosixPath(name).name
    given = {*case.files, *case.inline_files, *(o.path for o in case.outputs),
             *(str(case.fixture_destination(f)) for f in case.files)}
    return any(g == name or PurePosixPath(g).name == base for g in given) \
        or asks_to_write(case.prompt, base)


# A file addressed to the grader in its own opening lines: "# ANSWER KEY — graders only",
# "Never give this file to the executor", "for the grader".
_FOR_GRADER = re.compile(
    r"(?i)\b(?:answer\s+key|graders?\s+only|only\s+(?:to|for)\s+the\s+graders?|for\s+(?:the\s+)?"
    r"graders?\b|never\s+give\s+(?:this|it)\s+(?:file\s+)?to\s+the\s+(?:executor|agent|model))")
_KEY_HEAD = 600  # characters of a file's opening read for whom it is addressed to


def grader_keys(case: Case, skill_dir: Path) -> dict[str, str]:
    """Files beside a staged fixture, of its name's family and not staged themselves, that say
    in their opening lines they are for the grader (an answer key to the fixture): name ->
    text, for the grader only. Without them, a criterion only the key decides ("tags D1-D9
    correctly") would be graded blind."""
    found: dict[str, str] = {}
    for staged in case.files:
        fixture = skill_dir / staged
        if not safely.is_file(fixture):
            continue
        for sibling in sorted(fixture.parent.iterdir()):
            rel = sibling.relative_to(skill_dir).as_posix()
            if sibling == fixture or rel in case.files or not safely.is_file(sibling) \
                    or sibling.suffix.lower() not in _DOC_SUFFIXES \
                    or not sibling.name.lower().startswith(fixture.stem.lower()):
                continue
            text = sibling.read_text(encoding="utf-8", errors="replace")
            if _FOR_GRADER.search(text[:_KEY_HEAD]):
                found[sibling.name] = text[:REFERENCE_MAX]
    return found


def _keyed_sections(case: Case, skill_dir: Path, problems: Problems) -> Case:
    """A staged text fixture whose section's heading addresses whoever scores the run ("##
    Annotations for evaluator", "## Answer key") carries its own key: the text above the
    heading is staged at the fixture's place, the section from it on is shown to the grader
    only (EV013 says so), as the author's own workflow pastes only the body."""
    cut: list[str] = []
    inline: dict[str, str] = {}
    keys: dict[str, str] = {}
    for staged in case.files:
        path = skill_dir / staged
        if not safely.is_file(path) or path.suffix.lower() not in _DOC_SUFFIXES:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        section = GRADER_SECTION.search(text)
        if section is None or not text[:section.start()].strip():
            continue
        cut.append(staged)
        inline[str(case.fixture_destination(staged))] = text[:section.start()].rstrip() + "\n"
        keys[f"{staged} ({section.group(0).strip()[:60]})"] = \
            text[section.start():][:REFERENCE_MAX]
        problems.report(ANSWER_KEY, case.id, f"{staged} carries a section addressed to the "
                        f"grader ({section.group(0).strip()[:60]!r}): the text above it is "
                        "staged, the section shown to the grader only, never to the agent",
                        "none needed (or keep the key in a file of its own beside the fixture)")
    if not cut:
        return case
    return case.model_copy(update={
        "files": tuple(f for f in case.files if f not in cut),
        "inline_files": {**case.inline_files, **inline},
        "references": {**case.references, **keys}})


def with_references(case: Case, skill_dir: Path, set_folder: Path,
                    problems: Problems) -> Case:
    """The case with the text of every file its statements compare the work with, and of
    every answer key beside its fixtures addressed to the grader."""
    bases = _bases(skill_dir, set_folder)
    case = _keyed_sections(case, skill_dir, problems)
    found: dict[str, str] = dict(case.references)
    for name, text in grader_keys(case, skill_dir).items():
        found[name] = text
        problems.report(ANSWER_KEY, case.id, f"{name}, beside its fixture, is an answer key "
                        "addressed to the grader: shown to the grader only, never staged",
                        "none needed")
    for statement in case.statements:
        for name in compared_files(statement):
            if name in found or _staged(case, name):
                continue
            path = _find(name, bases, skill_dir)
            if path is None:
                problems.report(MISSING, case.id, f"the statement {statement[:80]!r} compares "
                                f"the work with {name}, which is in none of "
                                f"{', '.join(str(b) for b in bases)}: the grader cannot read "
                                "it, so it would be graded blind",
                                f"add {name} to the set's folder or the skill, or write what "
                                "it must match into the statement")
                continue
            found[name] = path.read_text(encoding="utf-8", errors="replace")[:REFERENCE_MAX]
        # a file the agent should read that no arm holds (a reference the skill moved or
        # renamed): the statement cannot pass in any arm
        for name in read_files(statement) if case.stages_nothing else []:
            if name in found or _staged(case, name) or name in compared_files(statement) \
                    or _find(name, bases, skill_dir) is not None:
                continue
            problems.report(MISSING, case.id, f"the statement {statement[:80]!r} expects the "
                            f"agent to read {name}, which neither the skill nor the case holds "
                            f"(in none of {', '.join(str(b) for b in bases)}): no arm can read "
                            "it, so the statement cannot pass as written",
                            f"name the file the skill ships now instead of {name}, or stage it "
                            "under `files`")
        for name, path in described_files(statement, bases, skill_dir).items():
            if name not in found and not _staged(case, name):
                found[name] = path.read_text(encoding="utf-8", errors="replace")[:REFERENCE_MAX]
    return case.model_copy(update={"references": found}) if found else case
