"""Inputs and answers kept apart (issue 26, rule 5): the baseline arm never receives the skill
under test, and a fixture that gives the answer away is reported before anything runs.

- A fixture that is a file of the skill under test (its SKILL.md, the skill folder itself, a
  folder holding its SKILL.md, or a file outside evals/ that SKILL.md names) would hand the
  skill to the baseline arm: refused (EV009), with the reason; a `files` list that is the
  skill's own files (it lists the skill's SKILL.md, or every entry is a file of the skill
  SKILL.md names) names what of the skill the case exercises: read as references, never
  staged (EV012).
- A fixture whose text holds the case's expected output, a check's literal operand the prompt
  does not give, or a comment planting the answer ("# BUG:", "<!-- expected: ...", in the
  languages the readers take, "# 期待: ...") is an answer key: reported (EV013).
- Files the case (or the set's notes) marks as references behind the expected output are not
  inputs: left unstaged and reported (EV013).
- A file the case's criteria say the work creates ("Creates src/app/UpdateRoute.cs",
  "Creates AddStage.cs") that the staged project already holds (at that path, or a file of
  that name when no folder is written) is the finished answer in both arms' working
  directory: reported (EV013), as a case of the project as it is now, not as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from runner.authoring import safely
from runner.authoring.sample_data import sample_inputs
from runner.schema.case import EVALS_ROOT, Case

SKILL_FILE = "SKILL.md"  # runner.authoring.hygiene's, which imports the case set's reader

ANSWER_KEY = "EV013"
TEXT_LIMIT = 512 * 1024
MIN_OPERAND = 16  # shorter literals ("Total", "## Summary") are often in the input itself
MIN_EXPECTED = 40
_DATA_SUFFIXES = (".json", ".yaml", ".yml", ".toml")
SKILL_INPUT_FIX = "stage an input the task works on, never the skill"
# A comment planting the answer: "# expected: ...", "// answer: ...", "<!-- expected ... -->",
# and the same words in the languages the readers take (runner.authoring.mdtasks): "# 期待: ...",
# "# 预期结果：...", "# esperado: ...". A colon (or dash) after the word says it states the
# answer; in an HTML comment "expected" followed by anything does too. A page's section marker
# (`<!-- Solution -->`, `<!-- Answer -->` in a landing page's markup) states nothing.
_ANSWER_WORDS = (r"answer|expected(?: output| result| behaviou?r)?|solution|planted|"
                 r"bug(?: here)?|the (?:bug|issue|fix) is|should (?:be )?(?:flag|detect|find)|"
                 r"期待(?:値|する(?:出力|結果)|結果|出力)?|想定(?:結果|出力)?|正解|答え|"
                 r"预期(?:行为|输出|结果)?|期望(?:行为|输出|结果)?|答案|"
                 r"esperad[oa]|attendu|erwartet")
_PLANTED = re.compile(
    rf"(?im)^\s*(?:(?:#|//|--|;|/\*|\*)\s*(?:{_ANSWER_WORDS})\b"
    rf"\s*(?:[:：]|-(?=\s))|<!--\s*(?:{_ANSWER_WORDS})\b\s*(?:[:：]|-(?=\s))|<!--\s*expected\b(?!\s*-->))")
# A heading of a fixture that addresses its section to whoever scores the run ("## Annotations
# for evaluator", "## Notes for graders", "## Answer key"): what follows is the key, and a
# staged fixture would hand it to the agent (runner.authoring.references cuts it off).
GRADER_SECTION = re.compile(
    r"(?im)^#{1,6}[ \t]+(?:[^\n]*\b(?:for|to)[ \t]+(?:the[ \t]+)?"
    r"(?:evaluators?|graders?|judges?|scorers?|reviewers? of the eval)\b|answer[ \t]+keys?\b|"
    r"(?:evaluator|grader|judge)(?:'s)?[ \t]+(?:notes?|annotations?|key)\b)[^\n]*$")
# A data fixture's field named as what the agent must answer ({"required_behavior": "Return
# FAIL ..."}, `expected_verdict:`): the harness's key, staged beside the input.
_ANSWER_FIELD = re.compile(
    r"""(?im)(?:^\s*|["'])((?:expected|required|correct|golden|reference|target)[_-]?"""
    r"(?:behaviou?r|output|answer|result|verdict|outcome|response|decision|label)s?"
    r"""|answer|solution|ground[_-]?truth)["']?\s*:""")
# Notes that say a case's files are references behind the answer, not inputs.
REFERENCE_NOTE = re.compile(
    r"(?i)\b(?:files?|fixtures?)\b[^.\n]{0,80}?\b(?:are|is|serve as|used as|for|lists?|names?|"
    r"holds?|gives?|cites?|points? (?:to|at))\b[^.\n]{0,40}?"
    r"\b(?:references?|reference (?:output|answer)s?|expected outputs?|answers?|ground truth|"
    r"(?:for|by) the grader)\b")

# Notes that say a case's files are the inputs it works on: the skill's own files listed
# there are then staged as inputs (and refused), never read as what the case exercises.
INPUT_NOTE = re.compile(
    r"(?i)\b(?:files?|fixtures?)\b[^.\n]{0,80}?\b(?:are|is|lists?|names?|holds?|gives?)\b"
    r"[^.\n]{0,40}?\b(?:inputs?|(?:the )?material (?:the|each) case works on)\b")

def _normalized(text: str) -> str:
    return " ".join(text.split()).casefold()


def _skill_body(skill_dir: Path) -> str:
    """SKILL.md's body (after its front matter), "" when the skill has none."""
    from runner.authoring.hygiene import split_frontmatter  # import cycle through caseset

    skill_md = skill_dir / SKILL_FILE
    if not skill_md.is_file():
        return ""
    return split_frontmatter(skill_md.read_text(encoding="utf-8", errors="replace"))[1]


def _skill_names(skill_dir: Path) -> set[str]:
    """The paths outside evals/ that SKILL.md's body names (its own references and scripts)."""
    body = _skill_body(skill_dir)
    names = set(re.findall(r"(?<![\w/.-])((?:[\w.-]+/)+[\w.-]+)", body))
    return {n.strip("./") for n in names if not n.startswith(str(EVALS_ROOT) + "/")}


# A path SKILL.md writes under a stand-in for its own folder (`<skill-scripts-dir>/x.py`,
# `${CLAUDE_SKILL_DIR}/scripts/x.py`, `{baseDir}/x.py`): the rest names a file of the skill.
_UNDER_STAND_IN = re.compile(r"(?:<[^<>\s/]+>|\$\{?\w+\}?|\{\w+\})/((?:[\w.-]+/)*[\w.-]+\.\w+)")


def _named_under_stand_in(skill_dir: Path, file: str) -> bool:
    body = _skill_body(skill_dir)
    return any(file == rest or file.endswith("/" + rest)
               for rest in _UNDER_STAND_IN.findall(body))


def _sample_inputs(skill_dir: Path) -> set[str]:
    body = _skill_body(skill_dir)
    return sample_inputs(body) if body else set()


def skill_file_reason(skill_dir: Path, file: str) -> str | None:
    """Why staging `file` would give the baseline arm the skill under test, or None."""
    posix = PurePosixPath(file)
    if str(posix) in (".", "") or posix == PurePosixPath(SKILL_FILE):
        return f"fixture {file!r} is the skill under test (its {SKILL_FILE})"
    if posix.parts and posix.parts[0] == str(EVALS_ROOT):
        return None
    local = skill_dir / posix
    if safely.is_dir(local) and safely.is_file(local / SKILL_FILE) and local.resolve() == \
            skill_dir.resolve():
        return f"fixture {file!r} is the skill folder itself"
    # a skill the skill under test ships (a router's `skills/x/SKILL.md`): its instructions
    if posix.name == SKILL_FILE and safely.is_file(local) and ".." not in posix.parts \
            and local.resolve().is_relative_to(skill_dir.resolve()):
        return f"fixture {file!r} is a skill's instructions inside the skill under test"
    # named by SKILL.md AND in the skill: a path it only names (`src/lib/db.ts:45` in an
    # example of its output) is the project's, found outside the skill; one it presents as
    # sample input to run the skill on is an input (runner.authoring.sample_data)
    if (str(posix) in _skill_names(skill_dir) or _named_under_stand_in(skill_dir, str(posix))) \
            and safely.exists(local) and str(posix) not in _sample_inputs(skill_dir):
        return f"fixture {file!r} is a file of the skill that its {SKILL_FILE} names"
    return None


def skill_own_files(skill_dir: Path, files: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """(the entries of a case's `files` that are the skill's own files, of them those the
    skill lacks) when the list names what of the skill the case exercises; ([], []) for any
    other list. A list holding the skill's own SKILL.md says so by itself (no author stages
    the skill as the task's input): each entry that is a file of the skill, or a path its
    SKILL.md names (`references/gate.md` it links, even one the snapshot lacks), is the
    skill's; a list without it is the skill's only when every entry is an existing file of
    the skill that SKILL.md names (`scripts/cleanup.sh`, `references/model.md`)."""
    own = [f for f in files if skill_file_reason(skill_dir, f) is not None]
    if any(PurePosixPath(f) == PurePosixPath(SKILL_FILE) for f in files):
        named = _skill_names(skill_dir)
        lacking = [f for f in files if f not in own and PurePosixPath(f).as_posix() in named
                   and not safely.exists(skill_dir / f)]
        return own + lacking, lacking
    if own and len(own) == len(files):
        return own, []
    return [], []


def inline_skill_reason(skill_dir: Path, path: str, content: str) -> str | None:
    """Why an inline fixture would give the baseline arm the skill under test, or None: it is
    named as the skill's SKILL.md or holds that file's text."""
    skill = skill_dir / SKILL_FILE
    if PurePosixPath(path) == PurePosixPath(SKILL_FILE):
        return f"inline fixture {path!r} is the skill under test (its {SKILL_FILE})"
    if skill.is_file() and content.strip() and \
            content.strip() == skill.read_text(encoding="utf-8", errors="replace").strip():
        return f"inline fixture {path!r} holds the skill's {SKILL_FILE}"
    return None


def refuse_skill(refuse: Callable[[str, str], None], reason: str | None, *, origin: str = "",
                 fix: str = SKILL_INPUT_FIX) -> bool:
    """Refuse (through `refuse(message, fix)`) a fixture that would give the baseline arm the
    skill, `reason` being skill_file_reason's or inline_skill_reason's; True when it did."""
    if reason is None:
        return False
    refuse(f"{reason}{origin}: staged, it would give the baseline arm the skill", fix)
    return True


def _texts(skill_dir: Path, file: str) -> list[tuple[str, str]]:
    local = skill_dir / file
    paths = sorted(p for p in local.rglob("*") if p.is_file()) if safely.is_dir(local) else [local]
    found: list[tuple[str, str]] = []
    for path in paths[:200]:
        if safely.is_symlink(path) or not safely.is_file(path) \
                or path.stat().st_size > TEXT_LIMIT:
            continue
        try:
            found.append((path.relative_to(skill_dir).as_posix(),
                          path.read_text(encoding="utf-8")))
        except (UnicodeDecodeError, OSError):
            continue
    return found


def planted_comment(text: str) -> str | None:
    """The line of a comment in the text that states the expected result, or None."""
    found = _PLANTED.search(text)
    if found is None:
        return None
    start = found.start() + len(found.group(0)) - len(found.group(0).lstrip())
    return text[start:].partition("\n")[0].strip()


def answer_keys(skill_dir: Path, case: Case, project: frozenset[str] = frozenset()) -> list[str]:
    """What in the case's fixtures gives the answer away, one line per fixture file. The
    project's own files a case of a project-level skill runs in (`project`: their paths) are
    the material the author worked on, not fixtures made for the set: a class the check names,
    a config's `target_label`, a script's `# expected-output` comment are the project's."""
    prompt = _normalized(case.prompt)
    expected = _normalized(case.expected_output)
    operands = [a for a in case.assertions if not a.startswith(("re:", "not:"))
                and len(a) >= MIN_OPERAND and _normalized(a) not in prompt]
    operands += [a for o in case.outputs for a in o.contains
                 if not a.startswith(("re:", "not:")) and len(a) >= MIN_OPERAND]
    found: list[str] = []
    texts = [*(t for file in case.files for t in _texts(skill_dir, file)),
             *((at, text) for at, text in case.inline_files.items() if at not in project)]
    for rel, text in texts:
        flat = _normalized(text)
        if len(expected) >= MIN_EXPECTED and expected in flat:
            found.append(f"{rel} holds the case's expected output")
            continue
        hit = next((a for a in operands if _normalized(a) in flat), None)
        if hit is not None:
            found.append(f"{rel} holds the operand of the check {hit[:60]!r}")
            continue
        planted = planted_comment(text)
        if planted is not None:
            found.append(f"{rel} carries an answer comment ({planted[:60]!r})")
            continue
        field = _ANSWER_FIELD.search(text) if rel.endswith(_DATA_SUFFIXES) else None
        if field is not None:
            found.append(f"{rel} carries an answer field ({field.group(1)!r})")
    return found + [f"{at} is a file the case's criteria say the work creates ({said!r}), "
                    "already in the staged project" for at, said in made_already(case, project)]


# A verb of making a file with the file as its object ("Creates a single file X.cs"); a file
# after "to"/"in" ("adds an entry to CHANGELOG.md") is one the work edits, no answer.
_MAKES = re.compile(r"\b(?:creates?|writes?|adds?|generates?|scaffolds?|produces?)\s+"
                    r"(?:(?:a|an|the|new|single|one|file|called|named)\s+)*`?"
                    r"(?<![\w/.-])((?:[\w-][\w.-]*/)*[\w-][\w.-]*"
                    r"\.[A-Za-z][A-Za-z0-9]{0,5})(?![\w/-])", re.IGNORECASE)


def made_already(case: Case, project: frozenset[str]) -> list[tuple[str, str]]:
    """(the staged project's file, the criterion) for each file the case's criteria say the
    work creates that the project already holds: by its path when a folder is written, else
    by its name (one file of that name in the project)."""
    if not project:
        return []
    texts = [case.expected_output, *case.assertions, *case.statements]
    by_name: dict[str, list[str]] = {}
    for path in project:
        by_name.setdefault(PurePosixPath(path).name, []).append(path)
    found: dict[str, str] = {}
    for text in texts:
        for match in _MAKES.finditer(text):
            name = match.group(1).removeprefix("./")
            if "/" in name:
                held = [name] if name in project else []
            else:
                held = by_name.get(name, [])
            if len(held) == 1 and held[0] not in found:
                found[held[0]] = text[:80]
    return list(found.items())
