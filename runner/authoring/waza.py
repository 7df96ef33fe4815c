"""waza's case set (microsoft/waza; issue 26 follow-up): an `eval.yaml` naming its `skill`, a
`config` (trials, timeout, executor, model), `metrics`, set-level `graders` and `tasks`, a list
of glob patterns (`tasks/*.yaml`, or `{include: ...}`) of task files beside it, each task one
case (`id`, `name`, `inputs.prompt`, `inputs.files`, `expected`, its own `graders`).

Found wherever a set file is (the skill's folder, its `evals/`, a repository's
`evals/<skill>/` or `.github/evals/<skill>/`: runner.authoring.layouts), known by its content:
a mapping with a `skill` and `tasks` of file patterns. Each pattern is resolved from the
eval.yaml's folder and must stay inside the repository holding it (the folder with `.git`; in
a copy with none, the folder above the eval.yaml's): refused, EV009, otherwise.
Each task is mapped onto the fields the case reader knows; the set-level graders hold for every
task; whatever has no reading here is reported (EV012), never dropped in silence:

- `text` graders: `contains` / `not_contains` (any case) and their case-sensitive `_cs` forms,
  `regex_match` / `regex_not_match`; `keyword` (`must_contain`, `must_not_contain`); `regex`;
  `expected.output_contains` / `output_not_contains` / `output_contains_any`: checks;
- `code` assertions of one simple expression over `output` (runner.authoring.codeasserts);
- `prompt` (its `config.prompt`) and `llm` (its `rubric`, or the text of the file it names):
  statements for the grader;
- `file`: `must_exist` and `content_patterns` are output checks;
- `behavior` (and `expected.behavior`): `required_tools` / `forbidden_tools` naming a tool are
  tool-call checks (waza's Copilot tool names read as claude's), `max_tool_calls` a process
  item reported beside the outcome; token and time budgets are reported;
- `trigger` graders (`mode: positive|negative`), `expected.should_trigger`, and a
  `skill_invocation` requiring this skill alone: whether the skill should fire, handed to
  `skill-eval trigger` (a set of such tasks only is a trigger set);
- a grader type waza does not have is refused (EV009): a misspelt check would not run.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Any

import yaml
from pydantic import Field

from runner.authoring import safely
from runner.authoring.codeasserts import read_code_assert
from runner.authoring.problems import CaseSetRefused, Noted
from runner.authoring.read_once import once, set_text
from runner.authoring.skillgrade import file_text
from runner.authoring.tool_names import tool_matcher
from runner.errors import CaseSetError
from runner.schema.case import Finding

SUFFIXES = (".yaml", ".yml")
FIXTURES = "fixtures"  # waza stages `inputs.files` paths from here (beside the eval.yaml)
MAX_TASK_FILES = 500
# Graders waza knows that have no reading here (reported, not graded), with why.
_NOT_GRADED = {
    "json_schema": "the output's JSON schema is not validated",
    "diff": "snapshots of workspace files are not compared",
    "program": "waza passes the output on stdin and the work at $WAZA_WORKSPACE_DIR; "
               "skill-eval's grader programs read the work directory given as their argument",
    "script": "an external script is not run",
    "action_sequence": "the order of tool calls is not graded",
    "tool_calls": "tool usage patterns are not graded",
    "llm_comparison": "no reference output to compare against",
    "human": "needs a human reviewer",
    "human_calibration": "needs a human reviewer",
}
KNOWN_TYPES = frozenset({"code", "prompt", "text", "file", "behavior", "tool_constraint",
                         "skill_invocation", "keyword", "regex", "llm", "trigger",
                         *_NOT_GRADED})
# waza runs GitHub Copilot: its tool names, as claude's tools.
_COPILOT_TOOLS = {"view": "Read", "read": "Read", "edit": "Edit", "str_replace": "Edit",
                  "str_replace_editor": "Edit|Write", "create": "Write", "write": "Write",
                  "bash": "Bash", "powershell": "Bash", "shell": "Bash", "grep": "Grep",
                  "glob": "Glob", "web_fetch": "WebFetch", "fetch": "WebFetch",
                  "web_search": "WebSearch", "skill": "Skill"}
_GRADE_TOOLS = re.compile(r"set_waza_grade_(?:pass|fail)")
_CONFIG_SHOWN = ("trials_per_task", "timeout_seconds", "executor", "model", "judge_model",
                 "parallel", "max_workers", "max_attempts", "fail_fast")


class WazaSet(Noted):
    """The eval as this runner's cases, what is reported about it (Noted: one line per kind,
    with where it occurs) and the task files read."""

    skill: str
    evals: list[dict[str, Any]] = Field(default_factory=list)
    files: list[str] = Field(default_factory=list)

    @property
    def findings(self) -> list[tuple[str, str]]:
        return self.lines()


def _items(value: Any) -> list[Any]:
    """A list as it is; one item written alone as a list of one; nothing as none."""
    return value if isinstance(value, list) else [] if value is None else [value]


def _patterns(data: Any) -> list[str] | None:
    tasks = _items(data.get("tasks")) if isinstance(data, dict) else None
    if not tasks:
        return None
    found = [t.get("include") if isinstance(t, dict) else t for t in tasks]
    patterns = [p for p in found if isinstance(p, str) and p.strip()]
    return patterns if len(patterns) == len(found) else None


def is_waza_config(data: Any) -> bool:
    """waza's eval.yaml: a `skill` and `tasks` of file patterns (never skillgrade's `tasks` of
    objects with an `instruction`)."""
    return isinstance(data, dict) and isinstance(data.get("skill"), str) \
        and _patterns(data) is not None


def _load(path: Path) -> Any:
    try:
        return safely.text_keys(yaml.safe_load(set_text(path)))
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseSetError(str(path), f"cannot be read: {exc}") from exc
    except yaml.YAMLError as exc:
        raise CaseSetError(str(path), f"EV010: not valid YAML: {exc}".replace("\n", " ")) \
            from exc


def is_waza(path: Path) -> bool:
    if path.suffix not in SUFFIXES or not safely.is_file(path):
        return False
    try:  # parsed only when both keys are written in it (every YAML of a folder is asked)
        text = set_text(path)
        return "tasks" in text and "skill" in text and is_waza_config(_load(path))
    except (CaseSetError, OSError, UnicodeDecodeError):
        return False


def repository(folder: Path) -> Path:
    """The repository holding an eval's folder: the nearest one with `.git`; else (a copy
    with no history) the folder above it, where the set folder's siblings (`tasks/`) are."""
    resolved = folder.resolve()
    return next((p for p in (resolved, *resolved.parents) if (p / ".git").exists()),
                resolved.parent)


def task_paths(path: Path) -> list[Path]:
    """The task files an eval.yaml's patterns name inside its repository (none: no waza
    eval), for the files the set owns (runner.authoring.set_owned)."""
    if not is_waza(path):
        return []
    return _resolved(_patterns(_load(path)) or [], path.parent, [])


def _resolved(patterns: list[str], folder: Path, refusals: list[tuple[str, str, str]]
              ) -> list[Path]:
    root = repository(folder)
    found: list[Path] = []
    for n, pattern in enumerate(patterns):
        where = f"tasks[{n}]"
        posix = PurePosixPath(pattern.strip())
        if posix.is_absolute() or not (folder / posix).resolve().is_relative_to(root):
            refusals.append((where, f"{pattern!r} reaches outside the repository ({root})",
                             "name task files inside the repository, relative to the "
                             "eval.yaml's folder"))
            continue
        try:
            matched = sorted(folder.glob(posix.as_posix()))
        except (ValueError, NotImplementedError) as exc:
            refusals.append((where, f"{pattern!r} is no file pattern ({exc})",
                             "write a pattern such as tasks/*.yaml"))
            continue
        files = [p for p in matched if safely.is_file(p) or p.is_symlink()]
        inside = [p for p in files if p.resolve().is_relative_to(root)]
        if len(inside) < len(files):
            refusals.append((where, f"{pattern!r} names {len(files) - len(inside)} file(s) "
                                    "outside the repository (links out of it)",
                             "keep the task files in it"))
        found += [p for p in inside if p.suffix in SUFFIXES and p not in found]
    return found[:MAX_TASK_FILES]


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str) and v] if isinstance(value, list) else []


def _ci(text: str) -> str:
    return "(?i)" + re.escape(text)


def _tool(name: str) -> str | None:
    """A Copilot or claude tool name as a matcher of claude's tools, or None."""
    mapped = _COPILOT_TOOLS.get(name.strip().lower())
    return mapped if mapped is not None else tool_matcher(name)


class _Task:
    """One task mapped onto case fields (see the module); problems go to the eval."""

    def __init__(self, reader: WazaReader, label: str) -> None:
        self.reader, self.label = reader, label
        self.case: dict[str, Any] = {}
        self.fires: list[tuple[bool, str]] = []

    def add(self, key: str, *values: Any) -> None:
        self.case.setdefault(key, []).extend(values)

    def note(self, message: str, fix: str) -> None:
        self.reader.suite.note(message, fix, self.label)

    # -- expected ------------------------------------------------------------------------------
    def expected(self, expected: Any) -> None:
        if not isinstance(expected, dict):
            if expected is not None:
                self.note("expected: not a mapping of waza's fields, not graded",
                          "write expected.output_contains (a list), should_trigger, ...")
            return
        self.add("assertions", *({"type": "contains", "value": v}
                                 for v in _strings(expected.get("output_contains"))))
        self.add("assertions", *({"type": "not_contains", "value": v}
                                 for v in _strings(expected.get("output_not_contains"))))
        anyone = _strings(expected.get("output_contains_any"))
        if anyone:
            self.add("assertions", {"type": "contains_any", "terms": anyone})
        if isinstance(expected.get("should_trigger"), bool):
            self.fires.append((expected["should_trigger"], "expected.should_trigger"))
        if isinstance(expected.get("behavior"), dict):
            self.behavior(expected["behavior"], "expected.behavior")
        for key in ("outcomes", "tool_calls"):
            if expected.get(key):
                self.note(f"expected.{key}: waza's outcome labels, not graded",
                          "state what the run must show as a text grader or a prompt grader")
        for key in sorted(set(expected) - {"output_contains", "output_not_contains",
                                           "output_contains_any", "should_trigger",
                                           "behavior", "outcomes", "tool_calls"}):
            self.note(f"expected.{key}: not a field waza grades, not graded",
                      "write it as a grader of the task")

    # -- graders -------------------------------------------------------------------------------
    def grader(self, grader: Any, where: str) -> None:
        if not isinstance(grader, dict):
            self.reader.refuse(self.label, f"{where} is {type(grader).__name__}, not a grader",
                               "write each grader as an object with `type` and `config`")
            return
        kind = str(grader.get("type") or "")
        config = grader.get("config") if isinstance(grader.get("config"), dict) else {}
        where = f"{where} ({kind or 'no type'})"
        if kind not in KNOWN_TYPES:
            self.reader.refuse(self.label, f"{where}: grader type {kind!r} is not one of "
                               "waza's", "use one of " + ", ".join(sorted(KNOWN_TYPES))
                               + " (a misspelt grader would never run)")
            return
        if isinstance(grader.get("weight"), (int, float)) and grader["weight"] != 1:
            self.note("grader weight: every check of a case must pass here; the weighted "
                      "score is not applied", "none needed")
        if kind in _NOT_GRADED:
            self.note(f"grader type {kind!r}: {_NOT_GRADED[kind]}, so it is not graded",
                      "state what it checks as a text, file or prompt grader, or ship it as "
                      "a judge program in evals/ (`judge: evals/judges/check.py`, exit 0 "
                      "passes)")
            return
        getattr(self, f"_{kind}")(config, grader, where)

    def _text(self, config: dict[str, Any], _: dict[str, Any], where: str) -> None:
        self.add("assertions", *({"type": "regex", "pattern": _ci(v)}
                                 for v in _strings(config.get("contains"))))
        self.add("assertions", *({"type": "not_regex", "pattern": _ci(v)}
                                 for v in _strings(config.get("not_contains"))))
        for key, kind, operand in (("contains_cs", "contains", "value"),
                                   ("not_contains_cs", "not_contains", "value"),
                                   ("regex_match", "regex", "pattern"),
                                   ("must_match", "regex", "pattern"),
                                   ("patterns", "regex", "pattern"),
                                   ("regex_not_match", "not_regex", "pattern"),
                                   ("must_not_match", "not_regex", "pattern")):
            self.add("assertions", *({"type": kind, operand: v}
                                     for v in _strings(config.get(key))))
        self._rest(config, {"contains", "not_contains", "contains_cs", "not_contains_cs",
                            "regex_match", "regex_not_match", "must_match", "must_not_match",
                            "patterns"}, where)

    _regex = _text

    def _keyword(self, config: dict[str, Any], _: dict[str, Any], where: str) -> None:
        self.add("assertions", *({"type": "contains", "value": v}
                                 for v in _strings(config.get("must_contain"))))
        self.add("assertions", *({"type": "not_contains", "value": v}
                                 for v in _strings(config.get("must_not_contain"))))
        self._rest(config, {"must_contain", "must_not_contain"}, where)

    def _code(self, config: dict[str, Any], grader: dict[str, Any], where: str) -> None:
        language = str(config.get("language") or "python")
        for expression in _strings(config.get("assertions")) + _strings(grader.get("assertions")):
            reading = read_code_assert(language, expression)
            if reading is None:
                self.note(f"code assertion {expression[:60]!r}: code over waza's output, "
                          "transcript or timings, not graded", "rewrite it as a text grader "
                          "(contains, regex_match) or a prompt grader")
                continue
            self.add("assertions", *reading.checks)
            for bound in reading.unbounded:
                self.note(f"code assertion `{bound}`: a length bound on the output; no "
                          "length check here, so it is not graded", "state it in a prompt "
                          "grader (\"The answer is under 500 characters\")")

    def _prompt(self, config: dict[str, Any], grader: dict[str, Any], where: str) -> None:
        text = config.get("prompt") if isinstance(config.get("prompt"), str) \
            else grader.get("rubric")
        if not isinstance(text, str) or not text.strip():
            self.reader.refuse(self.label, f"{where}: no `config.prompt` (or `rubric`)",
                               "give the grader the criteria the judge reads")
            return
        found = file_text(text, self.reader.path.parent,
                           repository(self.reader.path.parent))
        if found is not None:  # `rubric: graders/quality.md`: the file's text
            self.note("a grader's rubric names a file of the set: its text is graded as the "
                      "statement", "none needed")
            text = found[1]
        lines = [ln for ln in text.strip().splitlines() if not _GRADE_TOOLS.search(ln)]
        if len(lines) < len(text.strip().splitlines()):
            self.note("prompt grader: its lines telling waza's judge which tool to call "
                      "(set_waza_grade_pass/fail) left out; the rest is one statement for "
                      "the grader, which answers pass or fail", "none needed")
        self.add("expectations", "\n".join(lines).strip())
        for key in ("model", "continue_session", "mode"):
            if config.get(key) not in (None, False, "independent"):
                self.note(f"prompt grader `{key}`: not applied (skill-eval's grader model "
                          "reads the trial's material)", "none needed")
        if grader.get("model"):
            self.note("grader `model`: not applied (skill-eval's grader model grades every "
                      "statement)", "none needed")

    _llm = _prompt

    def _file(self, config: dict[str, Any], _: dict[str, Any], where: str) -> None:
        self.add("outputs", *({"path": p} for p in _strings(config.get("must_exist"))))
        for pattern in _items(config.get("content_patterns")):
            if not isinstance(pattern, dict) or not isinstance(pattern.get("path"), str):
                self.reader.refuse(self.label, f"{where}: a content pattern with no `path`",
                                   "give each content pattern the file's `path`")
                continue
            checks = ["re:" + p for p in _strings(pattern.get("must_match"))
                      + _strings(pattern.get("regex_match"))]
            checks += ["not:re:" + p for p in _strings(pattern.get("must_not_match"))
                       + _strings(pattern.get("regex_not_match"))]
            self.add("outputs", {"path": pattern["path"], "contains": checks})
        if _strings(config.get("must_not_exist")):
            self.note("file grader `must_not_exist`: a file's absence is not checked here, "
                      "so it is not graded", "state it in a prompt grader (\"No DELETE_ME.txt "
                      "is left\")")
        self._rest(config, {"must_exist", "must_not_exist", "content_patterns"}, where)

    def _behavior(self, config: dict[str, Any], _: dict[str, Any], where: str) -> None:
        self.behavior(config, where)

    def behavior(self, config: dict[str, Any], where: str) -> None:
        for key, negate in (("required_tools", False), ("forbidden_tools", True)):
            for name in _strings(config.get(key)):
                matcher = _tool(name)
                if matcher is None:
                    self.note(f"behavior `{key}` {name!r}: no tool of claude's by that name, "
                              "not graded", "name claude's tool (Bash, Read, Edit, Write, ...)")
                    continue
                self.add("tool_calls", ("!" if negate else "") + matcher)
        most = config.get("max_tool_calls")
        if isinstance(most, int) and not isinstance(most, bool):
            self.add("process", {"id": f"max-tool-calls-{most}", "count": "*", "max": most})
            self.note("behavior `max_tool_calls`: a process item, reported beside the outcome "
                      "and never deciding it", "none needed")
        for key in ("max_tokens", "max_duration_ms", "max_iterations", "max_response_time_ms"):
            if config.get(key) is not None:
                self.note(f"behavior `{key}`: a budget of waza's run, not graded",
                          "none needed (the run's own limits apply)")
        self._rest(config, {"required_tools", "forbidden_tools", "max_tool_calls", "max_tokens",
                            "max_duration_ms", "max_iterations", "max_response_time_ms"}, where)

    def _tool_constraint(self, config: dict[str, Any], _: dict[str, Any], where: str) -> None:
        for key, negate in (("expect_tools", False), ("reject_tools", True)):
            for spec in _items(config.get(key)):
                tool = spec.get("tool") if isinstance(spec, dict) else spec
                matcher = _tool(tool) if isinstance(tool, str) else None
                patterns = [spec[k] for k in ("command_pattern", "path_pattern")
                            if isinstance(spec, dict) and isinstance(spec.get(k), str)]
                if matcher is None or len(patterns) > 1 or isinstance(spec, dict) \
                        and spec.get("skill_pattern"):
                    self.note(f"tool_constraint `{key}` {str(tool)[:40]!r}: not one tool "
                              "name (with at most one pattern), not graded",
                              "name claude's tool, with a command_pattern or path_pattern")
                    continue
                self.add("tool_calls", ("!" if negate else "") + matcher
                         + (f":re:(?i){patterns[0]}" if patterns else ""))

    def _skill_invocation(self, config: dict[str, Any], _: dict[str, Any], where: str) -> None:
        required = _strings(config.get("required_skills"))
        if required and set(required) <= self.reader.names:
            self.fires.append((True, where))
            return
        self.note(f"skill_invocation of {', '.join(required) or 'no skill'}: which other "
                  "skills the run invokes is not graded", "none needed")

    def _trigger(self, config: dict[str, Any], _: dict[str, Any], where: str) -> None:
        mode = str(config.get("mode") or "positive").lower()
        if mode not in ("positive", "negative"):
            self.reader.refuse(self.label, f"{where}: mode {mode!r}",
                               "write mode: positive (the skill fires) or negative")
            return
        self.fires.append((mode == "positive", where))
        if config.get("threshold") is not None:
            self.note("trigger grader threshold: waza's score bar, not applied (`skill-eval "
                      "trigger` measures each query)", "none needed")

    def _rest(self, config: dict[str, Any], known: set[str], where: str) -> None:
        for key in sorted(set(config) - known):
            self.note(f"{where.split(' ')[-1].strip('()')} grader `{key}`: not a field of it, "
                      "not graded", "remove it, or write it as a field the grader has")


class WazaReader:
    """Reads one eval.yaml and its task files (see the module)."""

    def __init__(self, path: Path, data: dict[str, Any]) -> None:
        self.path, self.data = path, data
        self.suite = WazaSet(skill=str(data["skill"]))
        self.names = {str(data["skill"]), PurePosixPath(str(data["skill"])).name}
        self.refusals: list[Finding] = []

    def refuse(self, case: str, message: str, fix: str, file: Path | None = None) -> None:
        self.refusals.append(Finding(code="EV009", file=str(file or self.path), case=case,
                                     message=message, fix=fix))

    def read(self) -> WazaSet:
        found: list[tuple[str, str, str]] = []
        files = _resolved(_patterns(self.data) or [], self.path.parent, found)
        for where, message, fix in found:
            self.refuse("", f"{where} {message}", fix)
        if not files and not found:
            self.refuse("", f"tasks {_patterns(self.data)} name no task file",
                        "point `tasks` at the task YAML files, relative to the eval.yaml")
        shared = _items(self.data.get("graders"))
        for file in files:
            self._task(file, shared)
        self._settings()
        if self.refusals:
            raise CaseSetRefused(str(self.path), self.refusals)
        return self.suite

    def _task(self, file: Path, shared: list[Any]) -> None:
        shown = file.relative_to(self.path.parent).as_posix() \
            if file.is_relative_to(self.path.parent) else str(file)
        self.suite.files.append(str(file))
        try:
            task = _load(file)
        except CaseSetError as exc:
            self.refuse(shown, exc.problem, "correct the task file", file)
            return
        inputs = task.get("inputs") if isinstance(task, dict) else None
        prompt = inputs.get("prompt") if isinstance(inputs, dict) else None
        if not isinstance(prompt, str) or not prompt.strip():
            self.refuse(shown, "no `inputs.prompt`", "give the task the prompt sent to the "
                        "agent under inputs.prompt", file)
            return
        assert isinstance(task, dict) and isinstance(inputs, dict)
        label = str(task.get("id") or task.get("name") or file.stem)
        mapped = _Task(self, label)
        mapped.case.update({"id": label, "prompt": prompt})
        for key in ("name", "description", "tags", "enabled"):
            if task.get(key) is not None:
                mapped.case[key] = task[key]
        self._inputs(inputs, task, mapped, file)
        mapped.expected(task.get("expected"))
        for n, grader in enumerate(shared):
            mapped.grader(grader, f"eval graders[{n}]")
        for n, grader in enumerate(_items(task.get("graders"))):
            mapped.grader(grader, f"graders[{n}]")
        sides = {fires for fires, _ in mapped.fires}
        if len(sides) > 1:
            self.refuse(label, "says both that the skill should fire and that it should not ("
                        + ", ".join(w for _, w in mapped.fires) + ")",
                        "keep one: expected.should_trigger or a trigger grader's mode", file)
        elif sides:
            mapped.case["should_trigger"] = sides.pop()
        if task.get("timeout_seconds") is not None:
            mapped.note("task timeout_seconds: waza's limit, not applied (the run's own "
                        "timeout holds)", "none needed, or pass --timeout to `run`")
        self.suite.evals.append(mapped.case)

    def _inputs(self, inputs: dict[str, Any], task: dict[str, Any], mapped: _Task,
                file: Path) -> None:
        base = PurePosixPath(str(task.get("context_dir") or FIXTURES))
        staged: dict[str, str] = {}
        for entry in _items(inputs.get("files")):
            path = entry.get("path") if isinstance(entry, dict) else entry
            content = entry.get("content") if isinstance(entry, dict) else None
            posix = PurePosixPath(path) if isinstance(path, str) and path.strip() else None
            if posix is None or posix.is_absolute() or ".." in posix.parts:
                self.refuse(mapped.label, f"inputs.files entry {str(entry)[:60]!r}: no path "
                            "inside the working directory", "give each file a relative "
                            "`path` (and `content`, or the file under fixtures/)", file)
                continue
            if isinstance(content, str):
                mapped.add("files", {"path": posix.as_posix(), "content": content})
                continue
            source = (base / posix).as_posix()
            mapped.add("files", source)
            staged[source] = posix.as_posix()
        if staged:
            mapped.case["staged_at"] = staged
        if inputs.get("context"):
            mapped.note("inputs.context: metadata waza keeps beside the prompt (its executor "
                        "does not send it), not sent", "none needed, or say it in the prompt")
        if inputs.get("environment"):
            mapped.note("inputs.environment: variables not set in the sandbox",
                        "none needed, or say them in the prompt")

    def _settings(self) -> None:
        """The eval's settings no case carries: each said once."""
        config = self.data.get("config")
        if isinstance(config, dict) and config:
            shown = ", ".join(f"{k} {config[k]}" for k in _CONFIG_SHOWN if k in config)
            others = sorted(set(config) - set(_CONFIG_SHOWN))
            self.suite.note(f"config: waza's run settings ({shown}"
                            + (f"; also {', '.join(others)}" if others else "") + ") not "
                            "applied: `run` sets its own trials (--runs), model, timeout and "
                            "runs each case in the claude CLI", "none needed (pass `run` "
                            "options for trials, model and timeout)", "")
        metrics = self.data.get("metrics")
        if isinstance(metrics, list) and metrics:
            named = ", ".join(str(m.get("name")) for m in metrics if isinstance(m, dict))
            self.suite.note(f"metrics ({named}): waza's weighted thresholds, not applied (each "
                            "case passes when every check passes)", "none needed", "")
        for key, why in (("hooks", "its commands are not run"),
                         ("inputs", "its variables are not substituted"),
                         ("tasks_from", "its extra task definitions are not read"),
                         ("range", "every task is read"),
                         ("baseline", "both arms always run")):
            if self.data.get(key):
                self.suite.note(f"`{key}`: {why}", "none needed", "")


def read_waza(path: Path) -> WazaSet:
    """The eval at `path` as cases, with its findings; its problems refused together."""
    data = _load(path)
    if not is_waza_config(data):
        raise CaseSetError(str(path), "a waza eval.yaml names its `skill` and `tasks` "
                                      "(file patterns)")
    # read once per command (judged, located, then read); each caller gets its own cases
    read = once(("waza", str(path.resolve())), lambda: WazaReader(path, data).read())
    return read.model_copy(deep=True)
