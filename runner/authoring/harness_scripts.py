"""A fixture that is the authors' harness script by its own form (issue 26): the case's setup,
not material for the agent.

Some sets give a case's starting point as the script that builds it: the case's `fixture` is a
folder holding only `setup.sh` (`usage: setup.sh <target_dir>`: `git init`, a seeded history,
then `git add` of the change the prompt asks about), or the fixture is such a script itself.
Staged as it is, the session would start with a script and no repository. Read by its form,
never by its name alone, a fixture is such a script when it

- takes the directory it builds as its argument: a usage line naming a directory
  (`setup.sh <target_dir>`), or `$1` (`sys.argv[1]`) used as the place it writes
  (`cd "$1"`, `DIR="${1:?...}"` then `mkdir -p "$DIR"`), or
- builds a repository in the current directory (`git init` and `git add`/`git commit`), or,
  named as a setup script (`setup*`, `scaffold*`, `bootstrap*`, ...), writes files there;

and the prompt does not name it (a script the task is about is the agent's material). It is
then run the way a case's setup runs (runner.trial.setup), with `.` as its target (or the
place below it the case's words give: `make_fixture.sh {SANDBOX}/backups`), its text fed
to its interpreter on stdin so that it is never in the working directory (nor in the history a
`git add -A` of it seeds), and EV012 says so. One that needs the network or the author's machine
flags the case (EV014), as any setup does. A comment in it stating the expected result
(`# 期待: ...`, runner.authoring.answers) is reported as an answer key (EV013) that is not
staged: the agent never sees it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path, PurePosixPath

from runner.authoring import safely
from runner.authoring.answers import ANSWER_KEY, planted_comment
from runner.authoring.problems import Problems
from runner.authoring.reach import OUTSIDE
from runner.authoring.setups import script_code, script_problem
from runner.schema.case import Case

_LIMIT = 64 * 1024  # a harness script is short; a larger file is material
# The interpreter a script names in its first line (`#!/usr/bin/env bash`), else its suffix's.
_SHEBANG = re.compile(r"^#!\s*\S*?(?:/env\s+(?:-\S+\s+)*)?(?:/?)(bash|sh|zsh|dash|python3?)\b")
_BY_SUFFIX = {".sh": "bash", ".bash": "bash", ".py": "python3"}
_RUN = {"bash": "bash -s", "sh": "sh -s", "zsh": "bash -s", "dash": "sh -s",
        "python": "python3 -", "python3": "python3 -"}
# The sandbox's own name for the working directory in a note (`{SANDBOX}/backups`, `<work>/x`,
# `$SANDBOX/`): the rest is the place below it.
_WORK_BLANK = re.compile(r"^(?:\{+\s*\w+\s*\}+|<[\w-]+>|\$\{?\w+\}?)/?")
# `usage: setup.sh <target_dir>`: the directory it builds is its argument.
_USAGE = re.compile(r"(?i)\busage:?\s+\S+\s+[<\[]\s*[\w-]*(?:dir|directory|target|dest|"
                    r"destination|path|root|repo|workspace|folder)[\w-]*\s*[>\]]")
# `$1` (or a variable set from it) used as the place it writes.
_FROM_FIRST = re.compile(r"(?m)^\s*(?:export\s+|local\s+|readonly\s+)?([A-Za-z_]\w*)="
                         r"[\"']?\$\{?1\b")
_PY_FIRST = re.compile(r"(?m)^\s*([A-Za-z_]\w*)\s*=\s*(?:[\w.]*Path\()?sys\.argv\[1\]")
_PLACE_VERBS = r"(?:cd|pushd|mkdir(?:\s+-p)?|git\s+init|git\s+-C)"
_PY_PLACE = r"(?:os\.chdir|os\.makedirs|\.mkdir|Path|os\.path\.join|chdir|makedirs)"
# A repository built in the current directory: `git init`, then something added or committed.
# (after git's own options: `git -c init.defaultBranch=main init`, `git -C repo commit`)
_GIT = r"\bgit\b(?:[\"',\s]+-(?:[cC]|-git-dir|-work-tree)[\s=][\"']?[^\s\"',]+[\"']?)*[\"',\s]+"
_GIT_INIT = re.compile(rf"{_GIT}(?:-q\s+)?init\b")
_GIT_FILL = re.compile(rf"{_GIT}(?:add|commit)\b")
# Files written in the current directory (for a script named as a setup only).
_WRITES = re.compile(r"(?m)(?:\bcat\s*>|\btee\s+\S|(?:echo|printf)\b[^\n|]*>\s*[\w.\"'/-]|"
                     r"\bopen\([^)]*[\"'][wa]b?[\"']|\.write_text\(|\bmkdir\b)")
_SETUP_NAME = re.compile(r"(?i)^(?:setup|set_up|scaffold|bootstrap|prepare|seed|init|build|"
                         r"make|create|gen|generate)[\w-]*\.(?:sh|bash|py)$")


def _interpreter(path: Path, text: str) -> str | None:
    shebang = _SHEBANG.match(text)
    if shebang is not None:
        return shebang.group(1)
    return _BY_SUFFIX.get(path.suffix.lower())


def _takes_target(text: str) -> bool:
    """Its first argument is the directory it builds."""
    if _USAGE.search(text):
        return True
    names = ["1", *(m.group(1) for m in _FROM_FIRST.finditer(text))]
    for name in names:
        used = rf"[\"']?\$\{{?{re.escape(name)}\b"
        if re.search(rf"(?m)(?:^|[\s;&|(]){_PLACE_VERBS}\s+{used}", text) \
                or re.search(rf">\s*{used}\}}?/", text):
            return True
    for match in _PY_FIRST.finditer(text):
        if re.search(rf"{_PY_PLACE}\(\s*{re.escape(match.group(1))}\b", text):
            return True
    return bool(re.search(rf"{_PY_PLACE}\(\s*sys\.argv\[1\]", text))


def builds_workspace(path: Path, text: str) -> bool:
    """The script's form says it builds the case's working directory."""
    code = "\n".join(t for t in text.splitlines() if not t.lstrip().startswith("#"))
    return _takes_target(text) or bool(_GIT_INIT.search(code) and _GIT_FILL.search(code)) \
        or bool(_SETUP_NAME.match(path.name) and _WRITES.search(code))


def harness_script(skill_root: Path, file: str, prompt: str) -> tuple[Path, str, str] | None:
    """The fixture's harness script (its path, text and interpreter) when the fixture is one
    or is a folder holding only one, and the prompt does not name it; else None."""
    posix = PurePosixPath(file)
    if posix.is_absolute() or ".." in posix.parts:
        return None
    local = skill_root / posix
    if safely.is_dir(local):
        try:
            inside = [p for p in local.rglob("*") if p.is_file() or p.is_symlink()]
        except OSError:  # a folder that cannot be walked holds no script we could run
            return None
        if len(inside) != 1:
            return None
        local = inside[0]
    # a fixture name no file can have (too long, a NUL) is no script: the reader of missing
    # fixtures says so, not an OSError here
    if safely.is_symlink(local) or not safely.is_file(local):
        return None
    try:
        if local.stat().st_size > _LIMIT:
            return None
        text = local.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None
    interpreter = _interpreter(local, text)
    if interpreter is None or not builds_workspace(local, text) \
            or re.search(rf"(?<![\w.-]){re.escape(local.name)}(?![\w-])", prompt):
        return None
    return local, text, interpreter


def target(case: Case, name: str) -> str:
    """The directory the case's own words give the script (`run make_fixture.sh
    {SANDBOX}/backups before the eval`: `backups`, below the working directory), else `.`."""
    words = " ".join([case.prompt, *(v for v in case.extra.values() if isinstance(v, str))])
    given = re.search(rf"(?<![\w.-]){re.escape(name)}\s+([^\s`'\"]+)", words)
    if given is None:
        return "."
    raw = given.group(1).rstrip(".,;:)")
    place = _WORK_BLANK.sub("", raw).removeprefix("./").rstrip("/")
    # a path, said as one: below the sandbox's blank, or with a slash ("setup.sh is run by
    # the harness" gives no place)
    said = _WORK_BLANK.match(raw) is not None or "/" in raw.removeprefix("./").strip("/")
    posix = PurePosixPath(place)
    if not said or not place or posix.is_absolute() or ".." in posix.parts \
            or not re.fullmatch(r"[\w.-]+(?:/[\w.-]+)*", place):
        return "."
    return place


def setup_line(interpreter: str, shown: str, text: str, place: str = ".") -> str:
    """The script run with `place` (`.`, the working directory) as its target, its text on
    stdin: it is never a file of the working directory, so nothing it adds to a repository
    holds it."""
    tag = "SKILL_EVAL_SETUP"
    while tag in text:
        tag += "_"
    body = text if text.endswith("\n") else text + "\n"
    return f"{_RUN[interpreter]} {shlex.quote(place)} <<'{tag}'  # {shown}\n{body}{tag}"


_STAGED = "staged as the case's input"  # runner.authoring.inputs, for a `fixture` field
_NAMED = re.compile(r"^`[^`]+` names (.+?), in the skill")


def _restate_staged(problems: Problems, case_id: str, file: str, said: str) -> None:
    """EV012 that the script is the setup: in place of the line saying the field naming it
    stages it (one line, not two that disagree), else as a line of its own."""
    for found in problems.reported:
        named = _NAMED.match(found.message)
        if found.code == "EV012" and found.case == case_id and _STAGED in found.message \
                and named is not None and ", " not in named.group(1) \
                and PurePosixPath(file).parts[-len(PurePosixPath(named.group(1)).parts):] \
                == PurePosixPath(named.group(1)).parts:
            problems.restate("EV012", case_id, found.message,
                             f"{found.message.split(', in the skill')[0]}: {said}",
                             "none needed")
            return
    problems.report("EV012", case_id, said, "none needed")


def read_harness_fixtures(case: Case, skill_root: Path, origins: list[str],
                          problems: Problems) -> tuple[Case, list[str]]:
    """The case with each fixture that is a harness script run as its setup (EV012) and no
    longer staged, or the case flagged when one cannot run offline (EV014); and the fixtures'
    origins, kept beside the files they describe."""
    files, setup = list(case.files), list(case.setup_run)
    aligned = len(origins) == len(files)
    kept_origins = list(origins)
    for file in case.files:
        found = harness_script(skill_root, file, case.prompt)
        if found is None:
            continue
        script, text, interpreter = found
        shown = script.relative_to(skill_root).as_posix()
        if any(f"# {shown}\n" in line or line.endswith(f" {script.name}") for line in setup):
            continue  # already its setup (runner.authoring.setups.folder_setup)
        code = script_code(text) if interpreter not in ("python", "python3") else \
            [t for t in text.splitlines() if t.strip() and not t.lstrip().startswith("#")]
        why = next((w for t in code if (w := script_problem(t))), None)
        if why is not None:
            problems.report(OUTSIDE, case.id, f"{shown} is the authors' harness script that "
                            "builds the working directory before the agent starts, and it "
                            f"cannot run in the sandbox: {why}; the case would start without "
                            "what it builds, so no arm can do it as written (not run)",
                            "commit the workspace it builds as the fixture, or make the "
                            "script run offline")
            continue
        at = files.index(file)
        files.pop(at)
        if aligned:
            kept_origins.pop(at)
        place = target(case, script.name)
        setup.append(setup_line(interpreter, shown, text, place))
        said = (f"{shown} is the authors' harness script (it builds the working directory: "
                "its form, a target directory or `git init` and a commit): run as the case's "
                f"setup, `{_RUN[interpreter]} {shlex.quote(place)}` with its text on stdin, in "
                "the working directory before the agent starts, in the sandbox, without "
                "network; not staged")
        _restate_staged(problems, case.id, file, said)
        planted = planted_comment(text)
        if planted is not None:
            problems.report(ANSWER_KEY, case.id, f"answer key among the fixtures: {shown} "
                            f"carries an answer comment ({planted[:60]!r}); it is the "
                            "harness script run before the session, not staged: the agent "
                            "never sees it", "none needed (or strip the comment)")
    if files == list(case.files):
        return case, origins
    dropped = set(case.files) - set(files)
    return case.model_copy(update={
        "files": tuple(files), "setup_run": tuple(setup),
        "staged_at": {k: v for k, v in case.staged_at.items() if k not in dropped},
        "root_fixtures": tuple(r for r in case.root_fixtures if r not in dropped)}), \
        kept_origins
