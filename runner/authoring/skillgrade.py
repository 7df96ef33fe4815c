"""skillgrade's case set (`eval.yaml` at the skill's root, issue 26 follow-up): a `tasks:` list,
each with an `instruction`, a `workspace` of files copied in (`src` -> `dest`) and `graders`
(`deterministic` runs a command, its exit code and JSON deciding; `llm_rubric` grades the
session against a rubric).

Found where skillgrade puts it (`layouts.locate`, after the skill's own set folder): a file
named `eval.yaml` / `eval.yml` at the skill's root whose `tasks` are all objects with an
`instruction`; any other YAML at the root (a config, waza's `tasks:` of file patterns) is no
set. Read by mapping each task onto the fields the case reader knows, every change reported:

- an `instruction` or `rubric` that names a file of the skill is that file's text (skillgrade
  reads such a value as a file reference);
- `workspace` entries are fixtures, each landing at its `dest` in the working directory (an
  absolute `dest` lands at its name there: the sandbox stages into the work only);
- a grader's `setup` (install commands) and `model` are not used: reported, never in silence.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from runner.authoring.problems import Problems

SET_FILES = ("eval.yaml", "eval.yml")
FILE_VALUE_MAX = 512 * 1024
FULL_SCORE = 1.0
_UNUSED_GRADER_KEYS = {"setup": "its install commands are not run (the grader's container "
                                "has no network and the sandbox image's tools)",
                       "model": "skill-eval's own grader model grades every statement"}


def tasks_of(data: Any) -> list[dict[str, Any]] | None:
    """skillgrade's tasks: every entry of `tasks` an object with a string `instruction`."""
    tasks = data.get("tasks") if isinstance(data, dict) else None
    if not isinstance(tasks, list) or not tasks or not all(
            isinstance(t, dict) and isinstance(t.get("instruction"), str) for t in tasks):
        return None
    return tasks


def root_set(skill_dir: Path) -> Path | None:
    """The skill's skillgrade set at its root, or None (see the module)."""
    for name in SET_FILES:
        path = skill_dir / name
        if not path.is_file() or path.is_symlink():
            continue
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue  # not ours to judge here: a broken file is no set found
        if tasks_of(data) is not None:
            return path
    return None


def is_skillgrade(item: dict[str, Any]) -> bool:
    return isinstance(item.get("instruction"), str) and (
        isinstance(item.get("graders"), list) or isinstance(item.get("workspace"), list))


def file_text(value: str, folder: Path, skill_dir: Path) -> tuple[str, str] | None:
    """(path, text) when a one-line value names a file of the skill (from the set's folder)."""
    if "\n" in value.strip() or not value.strip() or len(value) > 300:
        return None
    posix = PurePosixPath(value.strip())
    if posix.is_absolute() or ".." in posix.parts:
        return None
    file = folder / posix
    try:
        inside = file.resolve().is_relative_to(skill_dir.resolve())
        if not inside or not file.is_file() or file.stat().st_size > FILE_VALUE_MAX:
            return None
        text = file.read_text(encoding="utf-8")
    except (OSError, ValueError):  # ValueError: a NUL byte or a surrogate, no file's name
        return None
    return file.relative_to(folder).as_posix(), text


class TaskReader:
    """Maps skillgrade's tasks of one set onto case fields (see the module)."""

    def __init__(self, folder: Path, skill_dir: Path, problems: Problems,
                 threshold: Any = None) -> None:
        self.folder, self.skill_dir, self.problems = folder, skill_dir, problems
        self.threshold = threshold  # the set's `defaults.threshold`, as written

    def read(self, item: dict[str, Any], label: str) -> dict[str, Any]:
        item = dict(item)
        bar, said = self._threshold(item, label)
        found = file_text(item["instruction"], self.folder, self.skill_dir)
        if found is not None:
            item["instruction"] = found[1].strip()
            self.problems.report("EV012", label, f"`instruction` names {found[0]}: its text "
                                 "is the prompt", "none needed")
        if isinstance(item.get("workspace"), list):
            self._workspace(item, label)
        if isinstance(item.get("graders"), list):
            item["graders"] = [self._grader(g, n, label) if isinstance(g, dict) else g
                               for n, g in enumerate(item["graders"])]
            self._command(item, label, bar, said)
        if said and (item.get("grader_program") is None or item.get("graders")):
            # graders beside the command (or none at all): the bar is on the share of the
            # case's checks that pass, as skillgrade's reward is the graders' mean
            item["pass_rule"] = {"fraction": bar, "said": said}
        return item

    def _threshold(self, item: dict[str, Any], label: str) -> tuple[float, str]:
        """The bar a task's reward must reach: its own `threshold`, else the set's
        `defaults.threshold`, else skillgrade's full reward (1). A bar outside [0, 1] is no
        share of a reward: reported, and the full reward stands."""
        own = item.pop("threshold", None)
        given, where = (own, "threshold") if own is not None \
            else (self.threshold, "defaults.threshold")
        if given is None:
            return FULL_SCORE, ""
        if isinstance(given, bool) or not isinstance(given, (int, float)) \
                or not 0 <= given <= 1:
            self.problems.report("EV012", label, f"`{where}: {given}` is no reward share in "
                                 "[0, 1]: not applied (the full reward, every check, must "
                                 "pass)", "write the threshold as a share: 0.8")
            return FULL_SCORE, ""
        return float(given), f"skillgrade {where}: {given:g}"

    def _command(self, item: dict[str, Any], label: str, bar: float = FULL_SCORE,
                 said: str = "") -> None:
        """The first `deterministic` grader's command is the case's grader command, its score
        reaching the task's threshold where it prints one (else 1, every check of it:
        skillgrade's full reward)."""
        at = next((n for n, g in enumerate(item["graders"]) if isinstance(g, dict)
                   and g.get("type") == "deterministic" and isinstance(g.get("run"), str)
                   and g["run"].strip()), None)
        if at is None or item.get("grader_program") is not None:
            return
        command = item["graders"].pop(at)["run"].strip()
        if not item["graders"]:  # all it held now runs as the command: nothing left ignored
            del item["graders"]
        item["grader_program"] = {"command": command, "threshold": bar}
        reach = f"{bar:g} ({said})" if said else f"{FULL_SCORE:g} (every check of it)"
        self.problems.report("EV012", label, f"graders[{at}] (deterministic) `{command}` runs "
                             f"as the case's grader command: a printed score must reach {reach}"
                             ", else its exit code decides",
                             "none needed (or give the case a grader_program with its own "
                             "threshold)")

    def _workspace(self, item: dict[str, Any], label: str) -> None:
        files: list[str] = []
        staged: dict[str, str] = {}
        for entry in item.pop("workspace"):
            src = entry.get("src") if isinstance(entry, dict) else entry
            if not isinstance(src, str) or not src.strip():
                continue
            files.append(src)
            dest = entry.get("dest") if isinstance(entry, dict) else None
            if not isinstance(dest, str) or not dest.strip() or dest == src:
                continue
            posix = PurePosixPath(dest)
            if posix.is_absolute() or ".." in posix.parts:
                self.problems.report("EV012", label, f"workspace {src} -> {dest}: staged at "
                                     f"./{posix.name} in the working directory (the sandbox "
                                     "stages files into the work only)", "give a relative "
                                     "`dest`, and name that path in the instruction")
                posix = PurePosixPath(posix.name)
            if posix.name in ("", ".", ".."):  # `dest: ..` names no file: where src lands
                posix = PurePosixPath(PurePosixPath(src).name)
            staged[src] = posix.as_posix()
        item["files"] = [*self._given(item, "files", list, label, "a list of paths"), *files]
        item["staged_at"] = {**self._given(item, "staged_at", dict, label,
                                           "an object: path -> where it lands"), **staged}

    def _given(self, item: dict[str, Any], key: str, kind: type, label: str,
               shape: str) -> Any:
        """The task's own `files` / `staged_at` the workspace adds to: one path read as a
        list of one; another type refused (EV008), the workspace's entries kept."""
        value = item.get(key)
        if value is None:
            return kind()
        if kind is list and isinstance(value, str):
            return [value]
        if isinstance(value, kind):
            return value
        self.problems.refuse("EV008", label, f"`{key}` is {type(value).__name__} "
                             f"{str(value)[:40]!r}, not {shape}", f"write `{key}` as {shape} "
                             "(or drop it: `workspace` entries are staged)")
        return kind()

    def _grader(self, grader: dict[str, Any], n: int, label: str) -> dict[str, Any]:
        grader = dict(grader)
        rubric = grader.get("rubric")
        found = file_text(rubric, self.folder, self.skill_dir) \
            if isinstance(rubric, str) else None
        if isinstance(rubric, str):
            grader["rubric"] = rubric.strip()
        if found is not None:
            grader["rubric"] = found[1].strip()
            self.problems.report("EV012", label, f"graders[{n}] `rubric` names {found[0]}: "
                                 "its text is graded as the statement", "none needed")
        for key, why in _UNUSED_GRADER_KEYS.items():
            if grader.get(key) not in (None, ""):
                self.problems.report("EV012", label, f"graders[{n}] `{key}` "
                                     f"{str(grader.pop(key))[:60]!r} not used: {why}",
                                     f"drop `{key}`, or do it in the grader's own script")
        return grader


def read_tasks(raw: dict[str, Any], path: Path, skill_dir: Path,
               problems: Problems) -> dict[str, Any]:
    """The set with skillgrade's tasks mapped (each other case as it was)."""
    items = raw.get("evals")
    if not isinstance(items, list) or not any(isinstance(i, dict) and is_skillgrade(i)
                                              for i in items):
        return raw
    defaults = raw.get("defaults")
    reader = TaskReader(path.parent if path.is_file() else path, skill_dir, problems,
                        defaults.get("threshold") if isinstance(defaults, dict) else None)
    raw["evals"] = [reader.read(i, _label(i, n)) if isinstance(i, dict) and is_skillgrade(i)
                    else i for n, i in enumerate(items)]
    return raw


def _label(item: dict[str, Any], n: int) -> str:
    found = next((item[k] for k in ("id", "name") if isinstance(item.get(k), (str, int))), None)
    return str(found) if found is not None else f"#{n + 1}"
