"""One folder per case as a case set (issue 26): a folder (`evals/scenarios/`, `evals/cases/`,
a skill's own `tests/` or `scenarios/`) whose subfolders each hold a prompt file (`prompt.md`,
`task.md`, `input.txt`, ...). Each subfolder is one case, its name the id (a folder holding a
`task.md` or `prompt.md` itself, and no case folder, is one case). In it:

- the prompt file: its text is the prompt, front matter read as a Markdown task's
  (runner.authoring.mdtasks: `id`, a `grader` command, checks);
- a rubric (`rubric.md`, `criteria.md`, `checks.md`, also in a `graders/` subfolder): its
  list lines are statements for the grader (a rubric with no list: its whole text, one); a
  JSON one (`criteria.json`, a list of criteria each with a `description`): each criterion;
- an `expected*` file: the expected output, an answer key, never staged; else the set's
  sibling `expected/<case>.*` (`evals/fixtures/<case>/` beside `evals/expected/<case>.md`);
- a grader program (`check.sh`, `grade.py`, `verify.*`): the case's grader command
  (runner.authoring.programs), never staged for the agent;
- every other file: a fixture, staged at the working directory's root as it sits in the
  case folder (`src/app.py` lands at `./src/app.py`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from runner.authoring.mdtasks import front_matter, task_case
from runner.authoring.siblings import read_data
from runner.errors import CaseSetError

PROMPT_STEMS = ("prompt", "task", "instruction", "instructions", "query", "question", "input")
PROMPT_SUFFIXES = (".md", ".markdown", ".txt")
DATA_SUFFIXES = (".json", ".yaml", ".yml")
RUBRIC_STEMS = frozenset({"rubric", "criteria", "checks"})
GRADER_STEMS = frozenset({"check", "grade", "grader", "verify", "test", "tests"})
GRADER_FOLDERS = frozenset({"graders", "grader", "grading", "rubric", "rubrics"})
# What runs a grader program by its suffix; another suffix: the file itself is run.
INTERPRETERS = {".sh": "bash", ".bash": "bash", ".py": "python3", ".js": "node",
                ".mjs": "node", ".rb": "ruby"}
# Not a walk (runner.authoring.project_walk): a listing of one folder's subfolders, each a
# case named by its id, and a case may be called `build`, `env` or `out` (names the walk
# never enters); only tooling that never holds a case is passed over, by name.
SKIPPED = frozenset({"__pycache__", "node_modules", ".git"})
_LABELS = {"prompt": "prompt from", "rubric": "statements from", "expected": "expected output "
           "from", "grader": "grader program"}
_LIST_LINE = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.+?)\s*$")


def _subfolders(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir() if p.is_dir()
                      and not p.name.startswith(".") and p.name not in SKIPPED)
    except OSError:
        return []


def prompt_file(case_dir: Path) -> Path | None:
    """The case folder's prompt file, by name (`prompt.md` before `task.md` before `input.txt`)."""
    files = {p.name.lower(): p for p in case_dir.iterdir() if p.is_file()}
    return next((files[f"{stem}{suffix}"] for stem in PROMPT_STEMS for suffix in PROMPT_SUFFIXES
                 if f"{stem}{suffix}" in files), None)


def case_folders(folder: Path) -> list[Path]:
    """The subfolders holding a prompt file: one case each."""
    return [s for s in _subfolders(folder) if prompt_file(s) is not None]


# The prompt files that make a folder one case by itself (`evals/skills/<skill>/task.md`,
# its fixtures in subfolders beside it): a task or prompt document, never an `input.txt`
# (in a folder of case files that is data).
_OWN_PROMPTS = ("task.md", "prompt.md")


def is_one_case(folder: Path) -> bool:
    """A folder that is itself one case: it holds a task or prompt document, and no
    subfolder of it is a case (then it is a folder of case folders), and no case file beside
    the document (then the set is that file: `is_case_dir`)."""
    return folder.is_dir() and not is_case_dirs(folder) and is_case_dir(folder) and any(
        (folder / name).is_file() for name in _OWN_PROMPTS)


def set_case_folders(folder: Path) -> list[Path]:
    """The case folders a set folder holds: its subfolders, or itself when it is one case."""
    return [folder] if is_one_case(folder) else case_folders(folder)


def other_folders(folder: Path) -> list[Path]:
    """The subfolders beside the cases that hold no prompt file (shared helpers, a scenario
    its authors drive with their own script): not cases, reported by `check`."""
    return [s for s in _subfolders(folder) if prompt_file(s) is None]


def is_case_dirs(folder: Path) -> bool:
    """A folder whose subfolders each hold a prompt file: a set of one folder per case. A
    few others beside them (most are cases, two at least) are reported, not read; fewer
    cases than that say the folder is data, not a set."""
    subs = _subfolders(folder) if folder.is_dir() else []
    cases = len(case_folders(folder)) if subs else 0
    return bool(subs) and (cases == len(subs) or (cases >= 2 and 2 * cases > len(subs)))


def promptless_case_dirs(folder: Path) -> list[Path]:
    """The subfolders of a folder shaped as one folder per case but holding no prompt file
    by name: two or more, most of its subfolders, each with an `expected*` file beside a
    text file (`brief.md` + `expected.md`) and none with a prompt file. No reader sends
    them (which file is the prompt is not said): `check` names them, never passes over
    them in silence. A folder of data (no `expected*` file in most) is not one."""
    subs = _subfolders(folder) if folder.is_dir() else []
    shaped = [s for s in subs if prompt_file(s) is None and _expected_and_text(s)]
    if len(shaped) < 2 or 2 * len(shaped) <= len(subs) or case_folders(folder):
        return []
    return shaped


def prose_case_dirs(folder: Path) -> bool:
    """A folder of one folder per case written in prose only (`cases/01-x/scenario.md` beside
    `grading-notes.md`): two or more subfolders, most of them, holding text files and nothing
    else, no prompt file by name and no `expected*` file (those a reader reads or names).
    Which text is the prompt and which the grading is the authors' prose: a prose set,
    drafted with `cases --generate --from` (runner.authoring.layouts.find_prose)."""
    subs = _subfolders(folder) if folder.is_dir() else []
    prose = [s for s in subs if _prose_only(s)]
    return len(prose) >= 2 and 2 * len(prose) > len(subs) and not case_folders(folder) \
        and not promptless_case_dirs(folder)


def _prose_only(case_dir: Path) -> bool:
    files = [p for p in case_dir.iterdir() if not p.name.startswith(".")]
    return bool(files) and prompt_file(case_dir) is None and all(
        p.is_file() and p.suffix.lower() in PROMPT_SUFFIXES
        and not p.stem.lower().startswith("expected") for p in files)


def _expected_and_text(case_dir: Path) -> bool:
    files = [p for p in case_dir.iterdir() if p.is_file()]
    return any(p.stem.lower().startswith("expected") for p in files) and any(
        p.suffix.lower() in PROMPT_SUFFIXES and not p.stem.lower().startswith("expected")
        and p.stem.lower() != "readme" for p in files)


def is_case_dir(folder: Path) -> bool:
    """A folder that is one case itself (a skill's own set folder holding `task.md` and its
    criteria, fixtures in subfolders): a prompt file, and no data file at its top but the
    case's criteria or expected output (a folder with case files is read as those)."""
    if not folder.is_dir() or prompt_file(folder) is None:
        return False
    return all(p.stem.lower() in RUBRIC_STEMS or p.stem.lower().startswith("expected")
               for p in folder.iterdir() if p.is_file() and p.suffix.lower() in DATA_SUFFIXES)


def read_case_dir(folder: Path, skill_dir: Path | None = None) -> dict[str, Any]:
    """A folder that is one case (`is_case_dir`) as a set of that case."""
    return {"evals": [case_from_dir(folder, folder.parent, skill_dir)]}


def find_case_dirs(folder: Path) -> Path | None:
    """The folder itself when it is a set of case folders, else the first of its subfolders
    that is one (`evals/scenarios/`)."""
    return next((f for f in (folder, *_subfolders(folder)) if is_case_dirs(f)), None)


def _statements(text: str) -> list[str]:
    """A rubric's list lines, each a statement; no list: the whole text as one."""
    lines = _list_items(text.splitlines())
    whole = text.strip()
    return lines or ([whole] if whole else [])


# A scored rubric's level line under a criterion ("- 0: Wrong root cause", "- 3: Precisely
# identifies ...", "- 2 - Mostly"): what each score means, never a criterion of its own.
_LEVEL = re.compile(r"^\d{1,2}(?:\s*[-–]\s*\d{1,2})?\s*(?:points?|pts?)?\s*[:=)\-–]\s")


def _list_items(lines: list[str]) -> list[str]:
    """The list items of Markdown lines, an item wrapped onto indented lines joined whole; a
    scored rubric's level lines (_LEVEL) are left out, its criteria kept."""
    items: list[str] = []
    open_item = False
    for line in lines:
        found = _LIST_LINE.match(line)
        if found and _LEVEL.match(found.group(1)):
            open_item = False
            continue
        if found:
            items.append(found.group(1))
            open_item = True
        elif open_item and line.strip() and line[:1].isspace():
            items[-1] = f"{items[-1]} {line.strip()}"
        else:
            open_item = False
    return items


# A rubric's section headings that set its items apart: what fails the case whatever else
# holds, and what only improves a score (a soft tier: graded, it would fail work that left
# it out on purpose).
_HEAD = re.compile(r"^#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
_FAILS = re.compile(r"(?i)\b(?:fail(?:s|ure|ures)?|disqualif\w*|must\s+not|never|red\s+flags?|"
                    r"anti[-\s]?patterns?)\b")
_SOFT = re.compile(r"(?i)\b(?:improves?|bonus|nice[-\s]to[-\s]have|optional|extra\s+credit|"
                   r"better|plus)\b")


def tool_grader(path: Path) -> str | None:
    """A `claude plugin eval` grader document typed as a tool check (`type: tool_used`,
    `tool: Skill`, `input_match: <regex>`, `min: 1`; or `max: 0`, the tool never called), as
    the case's tool-call matcher (`Skill:re:<regex>`, `!Edit`); None for any other document,
    or counts the matchers do not say (`min: 2`, `max: 3`): read as its words, as before."""
    found = front_matter(path)
    data = found[0] if found is not None else {}
    tool = data.get("tool")
    if data.get("type") != "tool_used" or not isinstance(tool, str) or not tool.strip():
        return None
    least, most = data.get("min", 1), data.get("max")
    pattern = data.get("input_match")
    matcher = tool.strip() + (f":re:{pattern}" if isinstance(pattern, str) and pattern else "")
    if most == 0:
        return f"!{matcher}"
    return matcher if least == 1 and most is None else None


def _rubric_fields(text: str) -> dict[str, list[str]]:
    """A rubric's list lines as the case's fields: under a heading of what fails the case
    (`## Automatic fail`) each is `must_not`, under one of what only improves the score
    (`## Improves the score`) `should` (soft, reported), the others `must`; a rubric with no
    such heading is statements, as before (`_statements`)."""
    parts: dict[str, list[str]] = {"must": [], "must_not": [], "should": []}
    tier = "must"
    marked = False
    section: list[str] = []
    for line in [*text.splitlines(), "# end"]:
        head = _HEAD.match(line)
        if not head:
            section.append(line)
            continue
        parts[tier] += _list_items(section)
        section = []
        title = head.group("title")
        # "Pass/fail criteria" names both: the pass tier
        fails = _FAILS.search(title) and not re.search(r"(?i)\bpass", title)
        tier = "must_not" if fails else "should" if _SOFT.search(title) else "must"
        marked = marked or tier != "must"
    if not marked:
        return {"expectations": _statements(text)}
    return {k: v for k, v in parts.items() if v}


# Where a criterion in a JSON rubric (`criteria.json`: `{"criteria": [{"name": ...,
# "description": "The agent must ...", "weight": 25}]}`) holds its sentence; the name is a label.
_CRITERION_KEYS = ("description", "criterion", "statement", "text")


def json_criteria(path: Path) -> list[str] | None:
    """A JSON rubric's criteria, each the sentence a grader reads, or None when the file is
    no such rubric (then it stays the fixture it was): a list of criteria, bare or under
    `criteria`/`rubric`, each a sentence or an object with one."""
    if path.suffix.lower() != ".json" or not path.is_file() or path.stat().st_size > 1_000_000:
        return None
    try:
        data = json.loads(_text(path))
    except ValueError:
        return None
    if isinstance(data, dict) and len(data) == 1:
        data = data.get("criteria", data.get("rubric"))
    if not isinstance(data, list) or not data:
        return None
    found = [item if isinstance(item, str) else next(
                 (item[k] for k in _CRITERION_KEYS if isinstance(item.get(k), str)), None)
             if isinstance(item, dict) else None for item in data]
    texts = [t.strip() for t in found if isinstance(t, str) and t.strip()]
    return texts if len(texts) == len(data) else None


def named_rubric(folder: Path, name: str) -> tuple[Path, list[str]] | None:
    """A set's top-level `rubric: rubric.md` naming a Markdown or text file of its folder:
    the file and its list lines, each a statement (no list: its whole text, one). None when
    the value names no such file (a sentence stays descriptive)."""
    rel = Path(name.strip())
    if not name.strip() or any(c.isspace() for c in name.strip()) or rel.is_absolute() \
            or ".." in rel.parts or rel.suffix.lower() not in PROMPT_SUFFIXES:
        return None
    path = folder / rel
    if not path.is_file() or path.is_symlink():
        return None
    statements = _statements(_text(path))
    return (path, statements) if statements else None


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _grader_command(path: Path, set_dir: Path) -> str:
    rel = path.relative_to(set_dir).as_posix()
    runner = INTERPRETERS.get(path.suffix.lower())
    return f"{runner} {rel}" if runner else rel


_RUBRIC_TITLE = re.compile(r"(?im)\A\s*#{1,3}\s+[^\n]*\b(?:rubric|grading\s+criteria|"
                           r"scoring\s+criteria)\b")


def _titled_rubric(path: Path) -> bool:
    """A Markdown file whose first heading calls it a rubric, whatever its name."""
    try:
        head = path.read_bytes()[:400].decode("utf-8", "replace")
    except OSError:
        return False
    return _RUBRIC_TITLE.match(head) is not None


def _role(path: Path, prompt: Path) -> str:
    """What a top-level file of a case folder is: prompt, rubric, expected, grader, fixture."""
    stem = path.stem.lower()
    if path == prompt:
        return "prompt"
    if stem in RUBRIC_STEMS and (path.suffix.lower() in PROMPT_SUFFIXES
                                 or json_criteria(path) is not None):
        return "rubric"
    if path.suffix.lower() in (".md", ".markdown") and _titled_rubric(path):
        return "rubric"  # `quality.md` headed "# Quality Rubric — Task 1"
    if stem in RUBRIC_STEMS and path.suffix.lower() in DATA_SUFFIXES:
        return "criteria"  # `criteria.json`: the grader's, never staged for the agent
    if stem.startswith("expected"):
        return "expected"
    if stem in GRADER_STEMS or stem.startswith("verify"):
        return "grader"
    return "fixture"


def case_from_dir(case_dir: Path, set_dir: Path, skill_dir: Path | None) -> dict[str, Any]:
    """One case folder as a case (see the module)."""
    prompt = prompt_file(case_dir)
    assert prompt is not None  # is_case_dirs chose the folder for it
    given = front_matter(prompt)
    case: dict[str, Any] = task_case(prompt) if given is not None \
        else {"prompt": _text(prompt).strip()}
    case["id"] = str(given[0].get("id") or case_dir.name) if given else case_dir.name
    roles = {p: _role(p, prompt) for p in sorted(case_dir.iterdir()) if p.is_file()}
    _one_grader(case, case_dir, roles)
    for path, role in roles.items():
        if role == "rubric":
            case["expectations"] = [*case.get("expectations", []),
                                    *(json_criteria(path) or _statements(_text(path)))]
        elif role == "criteria" and "rubric" not in case:
            case["rubric"] = _criteria(path)
        elif role == "expected" and "expected_output" not in case:
            case["expected_output"] = _text(path).strip()
        elif role == "grader" and "grader_program" not in case:
            case["grader_program"] = {"command": _grader_command(path, set_dir)}
    for path in _rubrics_below(case_dir):
        typed = tool_grader(path)
        document = front_matter(path)
        weight = document[0].get("weight") if document is not None else None
        if weight is not None:  # kept beside the checks, so `check` says it is not graded
            case["grader_weights"] = {**case.get("grader_weights", {}), path.name: weight}
        if typed is not None:  # `type: tool_used` in its front matter: a tool-call check
            case["tool_calls"] = [*case.get("tool_calls", []), typed]
            continue
        # the grader's settings (`type: llm`, `weight`) are no criterion: its body is
        body = document[1] if document is not None else _text(path)
        for key, items in _rubric_fields(body).items():
            case[key] = [*case.get(key, []), *items]
    if "expected_output" not in case:
        case.update(_sibling_expected(case_dir, set_dir) or _expected_inside(case_dir))
    _fixtures(case, case_dir, set_dir, roles, skill_dir)
    return case


def _criteria(path: Path) -> Any:
    """A rubric written as data (`criteria.json`: `{criteria: [{name, description, weight}]}`)
    as the case's `rubric`, read by the case reader as a list or mapping of criteria, each a
    statement (runner.authoring.rubrics); one that does not parse is refused, naming it."""
    try:
        return read_data(path)
    except CaseSetError as exc:
        raise CaseSetError(str(path), f"the case's criteria file cannot be read: {exc.problem}") \
            from exc


def _expected_inside(case_dir: Path) -> dict[str, Any]:
    """One file in the case's own `expected/` folder: its expected output."""
    found = [p for sub in _subfolders(case_dir) if sub.name.lower().startswith("expected")
             for p in sorted(sub.rglob("*")) if p.is_file()]
    return {"expected_output": _text(found[0]).strip()} if len(found) == 1 else {}


def _below(case_dir: Path) -> list[Path]:
    """The files in the case folder's subfolders, but an `expected*/` one's (an answer key)
    and the rubrics of a `graders/` one (`_rubrics_below`)."""
    rubrics = set(_rubrics_below(case_dir))
    return [p for sub in _subfolders(case_dir) if not sub.name.lower().startswith("expected")
            for p in sorted(sub.rglob("*")) if p.is_file() and p not in rubrics]


def _rubrics_below(case_dir: Path) -> list[Path]:
    """A rubric in the case's grader folder (`graders/criteria.md`): the grader's, never the
    agent's (a fixture staged from it would hand the agent its grading)."""
    return [p for sub in _subfolders(case_dir) if sub.name.lower() in GRADER_FOLDERS
            for p in sorted(sub.iterdir()) if p.is_file() and p.suffix.lower() in PROMPT_SUFFIXES
            and (p.stem.lower() in RUBRIC_STEMS or _grader_document(sub, p))]


def _grader_document(folder: Path, path: Path) -> bool:
    """A Markdown document in a case's `graders/` folder (`graders/correctness.md`, the
    layout of `claude plugin eval`): a grader's rubric whatever its name; a text file there
    (`notes.txt`) stays the fixture it was."""
    return folder.name.lower() == "graders" and path.suffix.lower() in (".md", ".markdown")


def _one_grader(case: dict[str, Any], case_dir: Path, roles: dict[Path, str]) -> None:
    """Several grader programs and no `grader:` naming one: which decides is the author's
    choice, so the case is refused rather than graded by the first by name."""
    graders = [p.name for p, role in roles.items() if role == "grader"]
    if len(graders) > 1 and "grader_program" not in case:
        raise CaseSetError(str(case_dir), f"case {case_dir.name!r}: several grader programs "
                           f"({', '.join(graders)}), none named: which one grades is the "
                           "author's choice; fix: keep one, or name it in the prompt file's "
                           f"front matter (`grader: bash {case_dir.name}/{graders[0]}`)")


def _sibling_expected(case_dir: Path, set_dir: Path) -> dict[str, Any]:
    """`expected/<case>.*` beside the set's folder (an input folder, its expected output)."""
    below = set_dir.parent / "expected"
    found = sorted(below.glob(f"{case_dir.name}.*")) if below.is_dir() else []
    return {"expected_output": _text(found[0]).strip()} if found else {}


def _fixtures(case: dict[str, Any], case_dir: Path, set_dir: Path, roles: dict[Path, str],
              skill_dir: Path | None) -> None:
    """Every other file of the case folder (subfolders too), staged at the working
    directory's root where it sits in the folder; named from the skill's folder, or, for a
    set outside the skill (a repository's root `evals/`), from the set's folder, where
    runner.authoring.outside looks for a shared set's files first."""
    top = [p for p, role in roles.items() if role == "fixture"]
    below = _below(case_dir)
    base = skill_dir.resolve() if skill_dir is not None else None
    files: list[str] = []
    staged: dict[str, str] = {}
    for path in (*top, *below):
        resolved = path.resolve()
        name = resolved.relative_to(base).as_posix() \
            if base is not None and resolved.is_relative_to(base) \
            else path.relative_to(set_dir).as_posix()
        files.append(name)
        staged[name] = path.relative_to(case_dir).as_posix()
    if files:
        case["files"] = [*case.get("files", []), *files]
        case["staged_at"] = {**case.get("staged_at", {}), **staged}


def read_case_dirs(folder: Path, skill_dir: Path | None = None) -> dict[str, Any]:
    """The folder's case folders as one set (the folder alone when it is one case)."""
    if is_one_case(folder):
        return read_case_dir(folder, skill_dir)
    return {"evals": [case_from_dir(sub, folder, skill_dir) for sub in case_folders(folder)]}


def source_lines(folder: Path) -> list[str]:
    """What `check` says of each case folder: which file gave what (prompt, statements,
    expected output, grader, fixtures)."""
    lines = [f"set: {folder}, one folder per case (its name the case's id):"]
    lines += [f"  {other.name}/: no prompt file (prompt.md, task.md, input.txt, ...): not a "
              "case, not read" for other in other_folders(folder) if not is_one_case(folder)]
    for case_dir in set_case_folders(folder):
        prompt = prompt_file(case_dir)
        roles = {p: _role(p, prompt) for p in sorted(case_dir.iterdir()) if p.is_file()} \
            if prompt is not None else {}
        fixtures = [p.relative_to(case_dir).as_posix() for p, r in roles.items()
                    if r == "fixture"]
        fixtures += [p.relative_to(case_dir).as_posix() for p in _below(case_dir)]
        said = [f"{label} {', '.join(p.name for p, r in roles.items() if r == role)}"
                for role, label in _LABELS.items() if role in roles.values()]
        said += [f"{'tool-call check' if tool_grader(p) else 'statements'} from "
                 f"{p.relative_to(case_dir).as_posix()}" for p in _rubrics_below(case_dir)]
        if fixtures:
            said.append(f"fixtures {', '.join(fixtures)} (staged at the working directory's "
                        "root)")
        lines.append(f"  {case_dir.name}/: {'; '.join(said)}")
    return lines
