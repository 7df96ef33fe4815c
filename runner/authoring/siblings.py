"""The data files of one set folder, judged by what they hold and never by their names (issue
26, rule 8): which are case sets, which are not and why, and whether several case sets there
are one set (read together) or a choice only the author can make (`--cases FILE`).

A file holds cases when its content is a list of objects that each carry a prompt-like field
(`prompt`, `query`, `question`, `input`, `task`, `turns`, ...), a mapping holding one such list
under any key (`evals`, `cases`, `questions`, `scenarios`, ...), one such object (a folder of
one-case files), or a harness configuration naming its case files. A list whose objects only
say whether the skill should fire is a trigger set (`skill-eval trigger` reads it).

Several case files in one folder are one set when they share a shape: the same format, the same
wrapper (a bare list, the same key, one case a file), the same prompt field(s), one skill, and
not half of one file's prompts again in another (two versions of one set). Otherwise they are
refused together, each named, with the `--cases FILE` fix: one is never read while the others
are dropped. The one exception is the authors' naming convention: a file under a set's usual
name (`evals.json`) beside files whose names extend it (`evals_candidates_v1.json`) is the set,
each other named as its variant.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from runner.authoring import safely
from runner.authoring.case_halves import pairs
from runner.authoring.csvsets import read_csv_set
from runner.authoring.dialects import (
    AVOID_LISTS,
    EXPECT_ALIASES,
    FAIL_ALIASES,
    GRADING_FIELDS,
    PROMPT_ALIASES,
    TRIGGER_FLAGS,
)
from runner.authoring.fields import name_words, strings_in, words
from runner.authoring.groups import grouped
from runner.authoring.harness_cli import checks_own_files, runs_agent
from runner.authoring.harness_twins import case_words, holds, preferred, shared
from runner.authoring.harnessed import PROGRAM_SUFFIXES, harness_of, harness_why, program_source
from runner.authoring.input_object import request_of
from runner.authoring.promptfoo import is_promptfoo, read_promptfoo
from runner.authoring.read_once import set_text
from runner.authoring.routing import routing_queries
from runner.authoring.sides import looks_like_routing, side, side_lists
from runner.authoring.signal_lists import signal_fields
from runner.authoring.situations import situation_request
from runner.authoring.skill_routes import names_skills
from runner.authoring.waza import is_waza, read_waza
from runner.errors import CaseSetError

SET_SUFFIXES = (".json", ".yaml", ".yml", ".jsonl", ".csv")
# `command` names a program to run in harness files, never a user's request.
PROMPT_KEYS = tuple(dict.fromkeys((
    "prompt", "query", "input", "user", "user_input", "question", "request",
    *(k for k in PROMPT_ALIASES if k != "command"))))
TURN_KEYS = ("turns", "conversation", "follow_up_turns", "messages", "dialogue")
# Fields that grade the work: an object holding one is a case, never only a trigger query.
# (a bare `expected` stays out: the trigger seed's `expected: trigger`, see _expects)
_GRADED = frozenset({*GRADING_FIELDS, "expected_output", "expected_behavior",
                     "expected_behaviour", "expectation", "criteria", "checks", "graders",
                     *EXPECT_ALIASES, *FAIL_ALIASES, *AVOID_LISTS}) - {"expected"}
MAX_BYTES = 5 * 1024 * 1024  # a results dump, not a set an author wrote
# Top-level fields naming the skill a set belongs to.
OWNER_KEYS = ("skill_name", "skill", "skill-name", "skillName")


def read_with_findings(path: Path) -> tuple[Any, list[tuple[str, str]]]:
    """One set file's data and what its format's reader reports about it (a CSV set's
    columns, a promptfoo suite's asserts: (message, fix) per EV012 line), read once."""
    if path.suffix == ".csv" and path.is_file():
        table = read_csv_set(path)
        return {"evals": table.cases}, table.lines()
    if is_promptfoo(path):
        suite = read_promptfoo(path)
        return {"evals": suite.evals}, [(f.message, f.fix) for f in suite.findings]
    if is_waza(path):  # waza's eval.yaml: its task files, each a case
        waza = read_waza(path)
        return {"skill": waza.skill, "evals": waza.evals}, waza.findings
    return read_data(path), []


def read_data(path: Path) -> Any:
    """One set file's data: JSON, JSON Lines, YAML, CSV or a promptfoo suite (the last two as
    `{"evals": [...]}`)."""
    shown = str(path)
    try:
        text = set_text(path)
    except (UnicodeDecodeError, OSError) as exc:
        raise CaseSetError(shown, f"cannot be read: {exc}") from exc
    if path.suffix == ".csv" or is_promptfoo(path) or is_waza(path):
        return read_with_findings(path)[0]
    if path.suffix == ".json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise CaseSetError(shown, f"not valid JSON: {exc}") from exc
    if path.suffix == ".jsonl":
        cases = []
        for number, line in enumerate(text.splitlines(), 1):
            try:
                cases += [json.loads(line)] if line.strip() else []
            except json.JSONDecodeError as exc:
                raise CaseSetError(shown, f"line {number} is not valid JSON: {exc}") from exc
        return cases
    try:
        return safely.text_keys(yaml.safe_load(text))
    except yaml.YAMLError as exc:
        raise CaseSetError(shown, f"EV010: not valid YAML: {exc}".replace("\n", " ")) from exc


def prompt_fields(item: Any) -> frozenset[str]:
    """The prompt-like fields an object fills (empty: not a case)."""
    if not isinstance(item, dict):
        return frozenset()
    found = {k for k in PROMPT_KEYS if isinstance(item.get(k), str) and item[k].strip()
             or request_of(item.get(k)) is not None}  # an input object's request
    found |= {k for k in TURN_KEYS if isinstance(item.get(k), list) and item[k]}
    told = None if found else situation_request(item)  # a situation told in words
    return frozenset(found if told is None else {told})


def _case_like(items: Any) -> bool:
    """A list of case objects: each with a prompt, or all but one of three or more (a setup-
    only scenario among prompts, left out by the reader with its line)."""
    if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
        return False
    prompted = sum(bool(prompt_fields(i)) for i in items)
    return prompted == len(items) or prompted >= 2 and prompted == len(items) - 1


def case_list(data: Any) -> list[Any] | None:
    """The list of case objects the data holds (bare, or under one key of a mapping), or None."""
    if _case_like(data):
        return list(data)
    if not isinstance(data, dict):
        return None
    keys = [k for k, v in data.items() if _case_like(v)]
    preferred = [k for k in ("evals", "cases", "tests", "test_cases") if k in keys]
    chosen = keys if len(keys) == 1 else preferred[:1]
    if chosen:
        return list(data[chosen[0]])
    found = grouped(data, prompt_fields, bare_pairs)  # in named groups (runner.authoring.groups)
    return found.cases if found is not None else None


def _wrapper(data: Any) -> str:
    """Where a file keeps its cases: `list`, the key, `one case` or `case files`."""
    if isinstance(data, list):
        return "list"
    if isinstance(data, dict) and case_list(data) is None:
        return "one case" if prompt_fields(data) else "case files"
    keys = [k for k, v in data.items() if _case_like(v)] if isinstance(data, dict) else []
    preferred = [k for k in ("evals", "cases", "tests", "test_cases") if k in keys]
    chosen = keys if len(keys) == 1 else preferred
    return f"under {chosen[0]!r}" if chosen else "in groups"


def _names_case_files(data: Any) -> bool:
    """A harness configuration: `cases: {files: [...]}` (runner.authoring.shapes reads it)."""
    return isinstance(data, dict) and any(
        isinstance(data.get(k), dict) and isinstance(data[k].get("files"), list)
        and data[k]["files"] and all(isinstance(f, str) for f in data[k]["files"])
        for k in ("evals", "cases", "tasks"))


TRIGGER_SHAPE = "a trigger set's shape"


def is_trigger_list(items: list[Any]) -> bool:
    """Every object says whether the skill should fire on its prompt and none carries a field
    that grades the work (a trigger run's results keep their rates and counts beside)."""
    flags = set(TRIGGER_FLAGS)
    return all(isinstance(i, dict) and flags & set(i) and not _GRADED & set(i)
               and not signal_fields(i) for i in items)  # signals: checks on the answer


def owner(data: Any) -> str | None:
    """The skill a set file says it belongs to (its folder's name when given as a path)."""
    value = next((data[k] for k in OWNER_KEYS if isinstance(data, dict)
                  and isinstance(data.get(k), str)), None)
    return PurePosixPath(value).name if value and "/" in value else value


@dataclass(frozen=True)
class Judged:
    """One data file of a set folder: its cases' shape, or why it is not read."""

    path: Path
    shape: tuple[str, str, frozenset[str]] | None = None  # (format, wrapper, prompt fields)
    owner: str | None = None
    prompts: frozenset[str] = frozenset()
    inputs: frozenset[str] = frozenset()  # names of the fixture files its cases list
    why_not: str = ""
    error: CaseSetError | None = None  # it did not parse
    bare: str = ""  # program data with a query field (see `bare_pairs`): its other fields
    routes: bool = False  # prompts with only routing expectations (routing.routing_queries)
    words: tuple[frozenset[str], ...] = ()  # each case's words (runner.authoring.harness_twins)
    filled: int = 0  # how many fields its cases fill, in all


_TRIGGER_FILE = "a trigger set, read by `skill-eval trigger` (`check` reports on it below)"


def trigger_shaped(path: Path) -> bool:
    """The file holds a trigger set by its content, whatever its name: a list of objects each
    with a query and a should-trigger flag, nothing that grades the work (bare, or under
    `cases`/`evals`/`queries` beside a description), or prompts listed by side
    (`should_fire: [...]`, runner.authoring.sides.side_lists)."""
    try:
        data = read_data(path) if path.stat().st_size <= MAX_BYTES else None
    except CaseSetError:
        return False
    items = case_list(data)
    return (bool(items) and is_trigger_list(items or []) or items is None and side_lists(data)
            ) and not is_waza(path)


def graded_cases(path: Path) -> bool:
    """A file under a trigger name that holds cases to grade (each with a field that grades
    the work or says what is expected, `expected_*`, none with a should-trigger flag): its
    name is not its content."""
    try:
        items = case_list(read_data(path)) if path.stat().st_size <= MAX_BYTES else None
    except CaseSetError:
        return False
    flags = set(TRIGGER_FLAGS)
    fields = frozenset().union(*(prompt_fields(i) for i in items or []))
    if items and routing_queries(items, fields):
        return False  # `expected_skill` on each prompt and nothing else: a routing set
    return bool(items) and all(
        isinstance(i, dict) and not flags & set(i) and not _side_typed(i)
        and (any(_expects(k) for k in i) or not looks_like_routing(i))
        for i in items or [])


def _side_typed(item: dict[str, Any]) -> bool:
    """An item whose type says which side of a trigger set it is on (`"type":
    "should-trigger"`, `"category": "negative"`): a trigger query, though a note beside it says
    where the request should go (`expected_route: "trigger eval workflow"`)."""
    return any(side(item.get(k)) is not None for k in ("type", "label", "category", "kind"))


def _expects(key: str) -> bool:
    """A field that grades the work or says what is expected; a prompt is neither, nor is a
    bare `expected` (the trigger seed's `expected: trigger`: a case whose `expected` is a
    sentence of output is told apart by `looks_like_routing`)."""
    return key not in (*PROMPT_KEYS, "files") and (key in _GRADED or key.startswith("expected_"))


PAST_RUN = ("a past run's results (each case carries verdicts it was given, `passed: true` "
            "on its checks or arms): a run's output, not a set to grade")
# A verdict a run recorded beside a check or an arm; a case's own top-level flag is no record.
_VERDICT_KEYS = frozenset({"passed", "pass", "failed", "fail", "success", "succeeded"})


# A block of what the case expects (`expect: {success: true, output_contains_any: [...]}`):
# its `success: true` is the outcome asked for, no verdict a run gave (a run's verdicts sit on
# each check of a list, `expectations: [{text, passed}]`, or on an arm).
_EXPECTED_BLOCK = re.compile(r"(?i)expect(?:s|ed|ations?)?(?:_\w+)?")


def recorded(value: Any, depth: int = 0) -> bool:
    """A boolean verdict inside the case (on a check, on an arm's reply), three levels deep
    at most: what a run writes, never what an author asks for."""
    if depth > 3:
        return False
    if isinstance(value, dict):
        return (depth > 0 and any(k in _VERDICT_KEYS and isinstance(v, bool)
                                  for k, v in value.items())) \
            or any(recorded(v, depth + 1) for k, v in value.items()
                   if not (isinstance(v, dict) and _EXPECTED_BLOCK.fullmatch(str(k))))
    return isinstance(value, list) and any(recorded(v, depth + 1) for v in value)


TEST_RESULTS = ("a test run's results: each entry an outcome it was given (`passed: true`, a "
                "pass/fail `status`) beside what it found, nothing to send or grade")
# Where a test run records an entry's outcome in words (`status: "fail"`).
_OUTCOME_KEYS = frozenset({"status", "result", "outcome", "verdict"})
_OUTCOME_WORDS = frozenset({"pass", "passed", "fail", "failed", "error", "errored", "skip",
                            "skipped", "ok", "success", "failure"})


def outcome(item: Any) -> bool:
    """An entry of a test run's output: its own outcome at its top level (a boolean verdict,
    or a status word) and no field that grades the work or says what is expected. A case
    asks for something to be checked; an outcome says what a run found (a case's own
    `success: true` beside its checks stays a case)."""
    if not isinstance(item, dict) or _GRADED & set(item) or any(_expects(k) for k in item):
        return False
    return any(k in _VERDICT_KEYS and isinstance(v, bool) or k in _OUTCOME_KEYS
               and isinstance(v, str) and v.strip().lower() in _OUTCOME_WORDS
               for k, v in item.items())


SCORED_RUN = ("a run's scores (a dated run at its top level; each entry measured, numbers only "
              "under an arm or a metric, nothing to grade): a run's output, not a set to grade")
# A top-level field dating a run: its name (`date`, `run_date`, `timestamp`, `started_at`).
_DATED = re.compile(r"(?i)(?:^|_)(?:date|time|timestamp|at)$")


def _numbers(value: Any) -> bool:
    """A mapping of numbers only (`{"violations": 12, "lines": 218}`): a measurement."""
    return isinstance(value, dict) and bool(value) and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) for v in value.values())


def scored(data: Any, items: list[Any]) -> bool:
    """A run's scores by shape: the file dates the run at its top level (a `date`,
    `timestamp`, `*_at` field holding text), and every entry holds a measurement (a mapping of
    numbers only, per arm: `"baseline": {"violations": 12}`) and no field that grades the
    work or says what is expected. A case asks for a check; a score says what a run measured."""
    if not isinstance(data, dict) or not items or not any(
            _DATED.search(k) and isinstance(v, str) and v.strip() for k, v in data.items()):
        return False
    return all(isinstance(i, dict) and not _GRADED & set(i) and not any(_expects(k) for k in i)
               and any(_numbers(v) for v in i.values()) for i in items)


RUN_LOG = ("a log of past runs (each row dated, naming the model run, its outcomes yes/no): "
           "a run's output, not a set to grade")
_YES_NO = frozenset({"yes", "no", "true", "false", "pass", "fail", "y", "n"})


def logged_runs(items: list[Any]) -> bool:
    """Rows of a run log by shape (a results.csv): each dated (`date`, `*_at`), naming the
    model it ran (`model`), and holding outcomes in words (yes/no, pass/fail); a case's row
    dates nothing."""
    return bool(items) and all(
        isinstance(i, dict) and any(_DATED.search(str(k)) and isinstance(v, str) and v.strip()
                                    for k, v in i.items())
        and isinstance(i.get("model"), str)
        and sum(isinstance(v, str) and v.strip().lower() in _YES_NO for v in i.values()) >= 2
        for i in items)


_LOG_ROWS = 50  # rows of a CSV read to tell a run log


def csv_rows(path: Path) -> list[dict[str, str]]:
    """A CSV file's first rows, every column by its header (a set reader keeps only the
    columns it reads): [] when it cannot be read so."""
    try:
        text = path.read_text(encoding="utf-8-sig")[:MAX_BYTES]
        return [dict(r) for r in itertools.islice(csv.DictReader(io.StringIO(text)), _LOG_ROWS)]
    except (OSError, UnicodeDecodeError, csv.Error):
        return []


def tallied(data: Any) -> str:
    """The run's own tally at the file's top level (`"passed": 10, "failed": 0`), said."""
    counts = {k: v for k, v in data.items() if k in {*_VERDICT_KEYS, "total", "errors",
                                                         "skipped"}
              and isinstance(v, int) and not isinstance(v, bool)} \
        if isinstance(data, dict) else {}
    shown = ", ".join(f"{k} {v}" for k, v in counts.items())
    return f"; its tally: {shown}" if shown else ""


SERVICE_EVAL = ("the eval of a service reached over HTTP (an `endpoint` URL and the request "
                "to send it), not of a skill: set aside, not a set to grade")
# An HTTP request's parts, beside the URL: the service the file's scenarios are sent to.
_REQUEST_KEYS = frozenset({"request_template", "request_body", "body_template", "method",
                           "headers", "response_field", "response_path"})


def service_eval(data: Any) -> bool:
    """A file that sends its scenarios to a service (`"endpoint": "https://your-api.com/chat"`,
    `"request_template": {...}`): an eval of that service, never a skill's session."""
    if not isinstance(data, dict):
        return False
    url = next((v for k in ("endpoint", "url", "base_url", "api_url") if isinstance(
        v := data.get(k), str) and re.match(r"https?://", v.strip())), None)
    return url is not None and len(_REQUEST_KEYS & set(data)) >= 2


def judge(path: Path) -> Judged:
    """What one file of a set folder is, by its content."""
    if "trigger" in path.name.lower() and not graded_cases(path):
        return Judged(path, why_not=_TRIGGER_FILE)
    if path.stat().st_size > MAX_BYTES:
        return Judged(path, why_not="larger than 5 MiB: read as data, not as a set")
    if path.suffix.lower() == ".csv" and logged_runs(csv_rows(path)):
        return Judged(path, why_not=RUN_LOG)
    try:
        data = read_data(path)
    except CaseSetError as exc:
        return Judged(path, why_not=f"cannot be read ({exc.problem})", error=exc)
    if service_eval(data):
        return Judged(path, why_not=SERVICE_EVAL)
    items = case_list(data)
    single = isinstance(data, dict) and items is None and bool(prompt_fields(data))
    if single:
        items = [data]
    if items is None and side_lists(data):
        return Judged(path, why_not="prompts listed by side (should or should not fire) and "
                                    f"nothing to grade, {TRIGGER_SHAPE}, read by `skill-eval "
                                    "trigger`")
    if items is None:
        if _names_case_files(data):
            named = frozenset(f for k in ("evals", "cases", "tasks")
                              if isinstance(data.get(k), dict)
                              for f in data[k].get("files") or [])
            return Judged(path, (path.suffix, "case files", frozenset()), owner(data), named)
        return Judged(path, why_not="holds no cases (no list of objects with a prompt)"
                                    + held(data))
    if is_trigger_list(items) and not is_waza(path):  # waza's trigger tasks: its set's cases
        return Judged(path, why_not="prompts with a should-trigger flag and nothing to grade, "
                                    f"{TRIGGER_SHAPE}, read by `skill-eval trigger`")
    if all(isinstance(i, dict) and recorded(i) for i in items):
        return Judged(path, why_not=PAST_RUN)
    if scored(data, items):
        return Judged(path, why_not=SCORED_RUN)
    if logged_runs(items):
        return Judged(path, why_not=RUN_LOG)
    if all(outcome(i) for i in items):
        return Judged(path, why_not=f"{TEST_RESULTS}{tallied(data)}; set aside, not a set "
                                    "to grade")
    tested = _test_input(path, items) or _test_data(path, items)
    if tested is not None:
        return Judged(path, why_not=tested)
    if all(isinstance(i, dict) and QUOTES_SKILL in i for i in items):
        return Judged(path, why_not=INVENTORY)
    fields = frozenset().union(*(prompt_fields(i) for i in items))
    prompts = frozenset(str(i.get(k)) for i in items for k in prompt_fields(i) & set(PROMPT_KEYS))
    fmt = ".yaml" if path.suffix == ".yml" else path.suffix
    return Judged(path, (fmt, _wrapper(data), fields), None if single else owner(data), prompts,
                  _inputs(items), bare="" if single else bare_pairs(items),
                  routes=routing_queries(items, fields) or names_skills(path, items, fields),
                  words=tuple(case_words(i) for i in items),
                  filled=sum(len(i) for i in items if isinstance(i, dict)))


# A test module's name (`test_prompts.py`, `prompts_test.go`, `prompts.test.ts`, `x.spec.js`).
_TEST_MODULE = re.compile(r"(?:test_\w+|\w+_test|[\w.-]+\.(?:test|spec))\.\w+")


def _test_input(path: Path, items: list[Any]) -> str | None:
    """A list of prompts with nothing that grades them in a folder of test modules
    (`tests/prompts.json` beside `tests/test_generator.py`): material of the authors' tests
    of the skill's own code, no case set (read as one, every case would tie: EV008). The
    module that names it is said; else the folder's first."""
    if not items or not all(isinstance(i, dict) and not any(
            _expects(k) or isinstance(v, dict) and _EXPECTED_BLOCK.fullmatch(str(k))
            for k, v in i.items()) for i in items):
        return None
    modules = sorted(p for p in path.parent.iterdir()
                     if p.suffix in PROGRAM_SUFFIXES and _TEST_MODULE.fullmatch(p.name))
    if not modules:
        return None
    program = harness_of(path)
    shown = program if program is not None and program in modules else modules[0]
    return (f"{NOT_A_SET}: prompts with nothing to grade, in a folder of the authors' tests "
            f"of the skill's own code ({path.parent.name}/{shown.name}"
            f"{' reads it' if shown == program else ' and others'}): their material")


_CONFTEST_LEVELS = 4  # folders above a data file whose conftest.py may hold its suite's runner
# What a set grades its cases on (an `expected_<x>`, a record's `expected_repair` or a parser
# test's `expected_output`, is no set's sign by itself).
_SET_GRADES = frozenset({"expectations", "assertions", "checks", "criteria", "rubric"})


def _graded_case(item: dict[str, Any]) -> bool:
    return bool(_SET_GRADES & set(item)) or any(
        isinstance(v, dict) and _EXPECTED_BLOCK.fullmatch(str(k)) for k, v in item.items())


def _test_data(path: Path, items: list[Any]) -> str | None:
    """A file a test module beside it opens from its own folder and checks, running no agent
    (`evals/regressions.json` read by `evals/test_validator.py`): the data of the authors'
    tests of the skill's own code, even when its items carry prompts and expectations (a
    record of bad prompts and their repairs). Run as requests, every case would grade an
    answer to a prompt the authors kept as a bad example."""
    if path.stem in USUAL_STEMS or any(isinstance(i, dict) and _graded_case(i) for i in items):
        return None  # a set by its name, or cases graded as a set's are: never a test's data
    program = harness_of(path)
    if program is None or not _TEST_MODULE.fullmatch(program.name) \
            or not checks_own_files(program_source(program)):
        return None
    # a runner beside it (runner.py) or above it (a conftest fixture, up to the repository's
    # root) that runs the agent: an agent suite
    beside = [p for p in path.parent.iterdir() if p.suffix in PROGRAM_SUFFIXES]
    above = [folder / "conftest.py" for folder in list(path.parents)[:_CONFTEST_LEVELS]]
    if any(runs_agent(program_source(p)) for p in [*beside, *above]
           if p.is_file() and not checks_own_files(program_source(p))):
        return None
    return (f"{NOT_A_SET}: the data of the authors' test of the skill's own code "
            f"({path.parent.name}/{program.name} opens it from its own folder and runs no "
            "agent)")


_SHOWN_KEYS = 8  # keys named when saying what a data file holds


def held(data: Any) -> str:
    """What a file with no cases holds, said so its author sees why it is no set: its
    top-level keys, and for each list of objects their count and fields (a report of a past
    run's results, program settings, ...)."""
    if isinstance(data, list):
        data = {"(top level)": data}
    if not isinstance(data, dict) or not data:
        return ""
    parts: list[str] = []
    for key, value in list(data.items())[:_SHOWN_KEYS]:
        objects = [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []
        fields = list(dict.fromkeys(k for o in objects for k in o))[:_SHOWN_KEYS]
        parts.append(f"{key} ({len(objects)} objects: {', '.join(map(str, fields))})"
                     if objects else str(key))
    more = f", ... ({len(data)} keys)" if len(data) > _SHOWN_KEYS else ""
    return f": it holds {', '.join(parts)}{more}"


def no_cases(data: Any) -> str:
    """Why a file read as a set holds no cases, with what it holds and the fix: said by the
    refusal, so its author sees which list was not taken for cases (one of objects with no
    prompt: checks of the repository's files, a report, groups of cases)."""
    holds = held({k: v for k, v in data.items() if k != "evals"}
                 if isinstance(data, dict) else data)
    return (f" (a list of objects each with a prompt){holds}; fix: list the cases under "
            "`evals`, each with its `prompt` (or name the file with the cases: --cases FILE)"
            if holds else "")


# What names a case, and a value that is a sentence (what a case says of the work).
_LABELS = frozenset({"id", "name", "title", "eval_name", "case_id"})


def _token(value: Any) -> bool:
    """A path, an id, a number: a reference a program looks up, never words about the work."""
    if isinstance(value, list):
        return all(_token(v) for v in value)
    return isinstance(value, (int, float, bool)) or value is None \
        or isinstance(value, str) and not any(c.isspace() for c in value.strip())


def bare_pairs(items: list[Any]) -> str:
    """The fields beside the query when the items are the authors' program data (a retrieval
    script's query/expected-document pairs): no item named (no id or name), none with a field
    that grades the work, every other value a path or id rather than words. Empty otherwise.
    Such a file never hides a well-formed set beside it (`survey`)."""
    others: set[str] = set()
    for item in items:
        if not isinstance(item, dict) or _LABELS & set(item) or _GRADED & set(item):
            return ""
        rest = {k: v for k, v in item.items() if k not in prompt_fields(item)}
        if not rest or not all(_token(v) for v in rest.values()):
            return ""
        others |= set(rest)
    return ", ".join(sorted(others))


def _inputs(items: list[Any]) -> frozenset[str]:
    """The file names the cases list under `files` (a data file a case reads is no set)."""
    listed = [f for i in items if isinstance(i, dict) and isinstance(i.get("files"), list)
              for f in i["files"]]
    return frozenset(PurePosixPath(f).name for f in listed if isinstance(f, str) and f)


@dataclass(frozen=True)
class Surveyed:
    """A set folder's data files: those read as its set, the others each with why."""

    folder: Path
    read: tuple[Path, ...] = ()
    unread: tuple[tuple[Path, str], ...] = ()
    conflict: str | None = None  # several case files that are not one set: why
    broken: tuple[Judged, ...] = field(default=())  # files that did not parse


def survey(folder: Path, names: list[str] | None = None, shared: bool = False,
           suffixes: tuple[str, ...] = SET_SUFFIXES) -> Surveyed:
    """The folder's case files (`shared`: a folder above the skill, where a file naming another
    skill in `skill_name` is that skill's) and every other data file with why it is not read."""
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in suffixes)
    cases: list[Judged] = []
    unread: list[tuple[Path, str]] = []
    every = [judge(p) for p in files]
    inputs = {name: j.path.name for j in every for name in j.inputs}
    for judged in every:
        twin = next((j for j in cases if judged.shape is not None and j.shape == judged.shape
                     and j.shape[1] == "case files" and j.prompts == judged.prompts), None)
        if judged.shape is None:
            unread.append((judged.path, _harnessed(judged) or judged.why_not))
        elif judged.path.name in inputs:
            unread.append((judged.path, f"a fixture the cases of {inputs[judged.path.name]} "
                                        "list under files"))
        elif twin is not None:  # harness settings around the very same case files
            unread.append((judged.path, f"names the same case files as {twin.path.name}, "
                                        "which is read"))
        elif shared and names and judged.owner is not None and judged.owner not in names:
            unread.append((judged.path, f"the set of skill {judged.owner!r} (its skill_name)"))
        elif shared and names and judged.owner is None \
                and (other := named_skill(judged.path, names)) is not None:
            unread.append((judged.path, f"the set of skill {other!r} (its file name)"))
        else:
            cases.append(judged)
    cases, passed = _sets_first(cases, unread)
    cases, routed = _routing_apart(cases)
    cases, twins = _twins_apart(cases)
    cases, variants = _variants_of_the_set(cases)
    cases, examples = _examples_apart(cases)
    cases, native = _native_first(cases)
    cases, sourced = _named_by_manifest(cases, [p for p, _ in unread])
    broken = tuple(j for j in every if j.error is not None)
    return Surveyed(folder, tuple(j.path for j in cases),
                    (*unread, *passed, *routed, *twins, *variants, *examples, *native,
                     *sourced),
                    _conflict(cases),
                    broken)


# Words of a manifest's key that say its value is the file of cases (`case_source`,
# `cases_file`, `case_set`).
_CASE_WORDS = frozenset({"case", "cases"})


def _named_by_manifest(cases: list[Judged], others: list[Path]
                       ) -> tuple[list[Judged], list[tuple[Path, str]]]:
    """Several case files that are not one set, where a data file of the same folder that holds
    no cases (the authors' manifest: `{"case_source": "cases.json", "rubric": "rubric.md"}`)
    names one of them under a key saying cases: the authors said which file their harness
    reads, so that one is the set and each other is said, never read beside it (`--cases`
    grades it instead). Anything else stays a conflict."""
    if _conflict(cases) is None:
        return cases, []
    by_name = {j.path.name: j for j in cases}
    named: set[tuple[str, str, str]] = set()  # (manifest, key, case file)
    for path in others:
        try:
            data = read_data(path) if path.stat().st_size <= MAX_BYTES else None
        except (CaseSetError, OSError):
            continue
        if isinstance(data, dict):
            named |= {(path.name, key, PurePosixPath(value.strip()).name)
                      for key, value in data.items()
                      if isinstance(key, str) and isinstance(value, str)
                      and _CASE_WORDS & words(key)
                      and PurePosixPath(value.strip()).name in by_name}
    if len({file for _, _, file in named}) != 1:
        return cases, []
    manifest, key, file = sorted(named)[0]
    return [by_name[file]], [
        (j.path, f"{manifest} names {file} as its cases (`{key}`), which is read: the same "
                 "set written for another contract (grade it instead with --cases)")
        for j in cases if j.path.name != file]


def _twins_apart(cases: list[Judged]) -> tuple[list[Judged], list[tuple[Path, str]]]:
    """Case files of different shapes where one holds every case of another (the same cases
    written for two harnesses, reworded at most: runner.authoring.harness_twins): that other
    is no second set, and is named with the file read instead."""
    kept = list(cases)
    said: list[tuple[Path, str]] = []
    changed = True
    while changed and len(kept) > 1:
        changed = False
        for first in kept:
            for second in kept:
                if first is second or first.shape == second.shape or not (
                        holds(first.words, second.words) or holds(second.words, first.words)):
                    continue
                pick = preferred((first.shape, first.words, first.filled),
                                 (second.shape, second.words, second.filled))
                read, other = (first, second) if pick == 0 else (second, first)
                more = len(read.words) - len(other.words)
                shape = f" ({_shown(other.shape)})" if other.shape else ""
                said.append((other.path, f"the same {len(other.words)} case(s) as "
                             f"{read.path.name}{f', which has {more} more' if more else ''}, "
                             f"written for another harness{shape}; {read.path.name} is read, "
                             "--cases grades this one instead"))
                kept.remove(other)
                changed = True
                break
            if changed:
                break
    return kept, said


# The usual names of a set file (with a harness's config names: runner.authoring.layouts).
USUAL_STEMS = ("evals", "cases", "eval", "test_cases", "test-cases", "tests", "functional",
               "evaluations", "scenarios", "eval_cases", "eval-cases", "eval_set", "eval-set",
               "test_prompts", "test-prompts", "prompts", "skill-evals", "skill_evals")


def _variants_of_the_set(cases: list[Judged]) -> tuple[list[Judged], list[tuple[Path, str]]]:
    """Several case files that are not one set, where one bears the set's usual name
    (`evals.json`) and every other one's name extends it (`evals_candidates_v1.json`,
    `evals.draft.json`, `evals-old.yaml`, or before it: `process-evals.json`, a set for one
    concern): the authors' convention makes the first THE set and
    the others its drafts or variants, each said, never read beside it. Anything else stays
    a conflict (`--cases FILE`)."""
    if _conflict(cases) is None:
        return cases, []
    main = [j for j in cases if j.path.stem in USUAL_STEMS]
    if len(main) != 1:
        return cases, []
    stem = main[0].path.stem
    others = [j for j in cases if j is not main[0]]
    # `evals_v2.json` extends the name after it; `codex-runtime-evals.json` before it (a set
    # for one concern: another agent's runtime, the process)
    around = rf"(?:{re.escape(stem)}[._-]\w.*|.*\w[._-]{re.escape(stem)})"
    if not all(re.fullmatch(around, j.path.stem) for j in others):
        return cases, []
    return main, [(j.path, f"a variant of {main[0].path.name} by its name, which is read "
                           "(grade it instead with --cases)") for j in others]


def _native_first(cases: list[Judged]) -> tuple[list[Judged], list[tuple[Path, str]]]:
    """Case files of different shapes where one is `evals.json` naming its skill
    (`skill_name`: the skill-creator format, the set this tool reads natively) and naming
    each other file in its own text (a routing benchmark's `route_cases.json`, which its
    cases run on or change): the others are that set's data, said, never read beside it.
    Anything else (two sets, versions of one) stays a conflict (`--cases FILE`)."""
    conflict = _conflict(cases)
    if conflict is None or not conflict.startswith(_SHAPES + " ("):
        return cases, []
    native = [j for j in cases if j.path.name == "evals.json"]
    text = _skill_set_text(native[0].path) if len(native) == 1 else None
    others = [j for j in cases if j not in native]
    if text is None or not all(re.search(rf"(?<![\w.-]){re.escape(j.path.name)}(?![\w-])", text)
                               for j in others):
        return cases, []
    return native, [(j.path, f"data of {native[0].path.name}, whose cases name it: not a "
                             "second set (grade it as one with --cases)") for j in others]


def _skill_set_text(path: Path) -> str | None:
    """The file's text when it is a set naming its skill (`skill_name`), else None."""
    try:
        data = read_data(path) if path.stat().st_size <= MAX_BYTES else None
    except (CaseSetError, OSError):
        return None
    named = isinstance(data, dict) and isinstance(data.get("skill_name"), str) \
        and bool(data["skill_name"].strip())
    return " ".join(strings_in(data)) if named else None


# A file's name saying it shows a set's format rather than being one (`private-evals.example.
# json`, `cases.template.yaml`, `sample-evals.json`).
_EXAMPLE_WORDS = frozenset({"example", "examples", "template", "templates", "sample", "skeleton"})


def _examples_apart(cases: list[Judged]) -> tuple[list[Judged], list[tuple[Path, str]]]:
    """Several case files that are not one set, where some are named as an example or a
    template of one beside files that are not: the others are the set, each example said
    (a manifest for the authors' private runner, `private-evals.example.json`), never read
    beside them. Anything else stays a conflict."""
    if _conflict(cases) is None:
        return cases, []
    examples = [j for j in cases if words(j.path.name, camel=False) & _EXAMPLE_WORDS]
    rest = [j for j in cases if j not in examples]
    if not examples or not rest or _conflict(rest) is not None:
        return cases, []
    return rest, [(j.path, "an example of a set's format by its name, not a set of cases "
                           "(grade it instead with --cases)") for j in examples]


NOT_A_SET = "not a case set"  # leads the why of a file passed over for a well-formed set
# An item quoting the skill's own text it was drawn from (Tessl's `instructions.json`:
# `{instruction, original_snippets, relevant_when, why_given}`) describes the skill, not a task
# given to it: the inventory a generator wrote its scenarios from, beside them.
QUOTES_SKILL = "original_snippets"
INVENTORY = (f"{NOT_A_SET}: its items are the skill's own instructions, each quoting the "
             f"snippet it came from (`{QUOTES_SKILL}`): an inventory the scenarios cover, "
             "not tasks")


def _sets_first(cases: list[Judged], unread: list[tuple[Path, str]]
                ) -> tuple[list[Judged], list[tuple[Path, str]]]:
    """Program data (`bare_pairs`) beside a well-formed set of the folder (a case set, or a
    trigger set `skill-eval trigger` reads) is passed over, said why; alone it is read (and
    refused for what it lacks) as before."""
    sets = [j.path.name for j in cases if not j.bare] \
        or [p.name for p, why in unread if "`skill-eval trigger`" in why]
    if not sets or all(not j.bare for j in cases):
        return cases, []
    passed = [(j.path, f"{NOT_A_SET}: its items pair a query with {j.bare} (paths or ids), "
                       "none named or graded: the authors' program data; the set read is "
                       f"{' and '.join(sets)}") for j in cases if j.bare]
    return [j for j in cases if not j.bare], passed


ROUTING_SET = (f"prompts each with only a routing expectation (the skill to fire, reach or "
               f"avoid), {TRIGGER_SHAPE} written beside another set, read by `skill-eval "
               "trigger` as the queries of the skill(s) it names")


def _routing_apart(cases: list[Judged]) -> tuple[list[Judged], list[tuple[Path, str]]]:
    """Case files of different shapes where some are a router's test sets (every case a
    prompt with only the skill it should fire, reach or avoid: runner.authoring.routing):
    those are trigger sets written beside the runtime set, read by `skill-eval trigger`
    (runner.triggers.queries), never a second set to choose from. What is left is the set,
    or still a choice (two runtime sets); when all are routing sets, the skill has trigger
    queries only."""
    conflict = _conflict(cases)
    if not any(j.routes for j in cases):
        return cases, []
    # (files of one shape, some of them routing sets: `cases/routing-v1.json` beside
    # `cases/behavior-v1.json`, both `{"cases": [...]}`, are still a router's test and a set)
    mixed = not all(j.routes for j in cases)
    if not mixed and (conflict is None or not conflict.startswith(_SHAPES)):
        return cases, []
    return ([j for j in cases if not j.routes],
            [(j.path, ROUTING_SET) for j in cases if j.routes])


def _harnessed(judged: Judged) -> str | None:
    """A data file with no cases that the authors' own program reads: that program's."""
    if judged.error is not None or not judged.why_not.startswith("holds no cases"):
        return None
    return harness_why(judged.path)


# Words of a set file's name that say it is a set, not whose.
_SET_WORDS = frozenset({"evals", "eval", "cases", "case", "tests", "test", "set", "suite",
                        "scenarios", "prompts", "json", "yaml"})


def named_skill(path: Path, names: list[str]) -> str | None:
    """In a collection's shared set folder, a file its name gives to one skill
    (`review-evals.json` beside skills `review-design` and `design`): that skill, when it is
    not this one (`names`). Read by name only when the file says nothing (no skill_name)."""
    exact = _named_exactly(path)
    if exact is not None:  # `css-modules.json` beside `css-modules` and `css-modules-setup`
        return None if exact in names else exact
    stem = words(path.stem, camel=False) - _SET_WORDS
    root = path.parent.parent
    skills = {md.parent.name for pattern in ("*/SKILL.md", "*/*/SKILL.md")
              for md in root.glob(pattern) if "node_modules" not in md.parts}
    fits = [s for s in skills if stem and stem <= words(s, camel=False)]
    return fits[0] if len(fits) == 1 and fits[0] not in names else None


_SHAPES = "of different shapes"


def _name_words(name: str) -> list[str]:
    return [w for w in name_words(name, camel=False) if w not in _SET_WORDS]


def _named_exactly(path: Path) -> str | None:
    """The one skill of the repository whose name is the file's name, less the words that
    say it is a set (`css-modules.json`, `css-modules-evals.yaml` for `css-modules`): the
    authors named the file for it, so it is that skill's, though another skill's name holds
    the same words (`css-modules-setup`)."""
    from runner.authoring.layouts import names_below  # layouts reads this module

    words = _name_words(path.stem)
    if not words:
        return None
    fits = {name for name in names_below(path.parent.parent)
            if _name_words(name) == words}
    return next(iter(fits)) if len(fits) == 1 else None


def _conflict(cases: list[Judged]) -> str | None:
    """Why several case files are not one set, or None when they are (or there is one)."""
    if len(cases) < 2:
        return None
    shapes = {j.shape for j in cases}
    if len(shapes) > 1 and not _halves(cases):
        versions = next(((a, b, n) for i, a in enumerate(cases) for b in cases[i + 1:]
                         if (n := shared(a.words, b.words))), None)
        if versions is not None:  # two harnesses' files, neither holding the other's cases
            first, second, count = versions
            return (f"{_SHAPES}, sharing {count} case(s) while each holds cases the other "
                    f"lacks ({first.path.name}: {len(first.words)}, {second.path.name}: "
                    f"{len(second.words)}): versions of one set")
        return _SHAPES + " (" + "; ".join(
            f"{j.path.name}: {_shown(j.shape)}" for j in cases if j.shape) + ")"
    owners = {j.owner for j in cases if j.owner is not None}
    if len(owners) > 1:
        return f"naming different skills ({', '.join(sorted(owners))})"
    for n, first in enumerate(cases):
        for second in cases[n + 1:]:
            same = first.prompts & second.prompts
            # a prompt reused is two cases; half of a file's prompts again is another version
            if same and 2 * len(same) >= min(len(first.prompts), len(second.prompts)) \
                    and not (len(cases) == 2 and _halves_of_cases(first, second)):
                return (f"holding the same cases ({len(same)}, e.g. {next(iter(same))[:60]!r}, "
                        f"in {first.path.name} and {second.path.name}): versions of one set")
    return None


def _halves_of_cases(first: Judged, second: Judged) -> bool:
    """Two files holding the same cases by id, each grading with what the other lacks
    (runner.authoring.case_halves): one set, read joined case by case."""
    try:
        one, two = (case_list(read_data(j.path)) for j in (first, second))
    except CaseSetError:
        return False
    return one is not None and two is not None and bool(pairs(one, two))


def _halves(cases: list[Judged]) -> bool:
    """Case files each in its own format (JSON beside YAML: two harnesses) sharing no case
    and none a router's test set: two halves of one set, read joined. Two files of one
    format and different shapes stay a choice (`--cases`)."""
    formats = [j.shape[0] for j in cases if j.shape]
    return len(set(formats)) == len(cases) and not any(j.routes for j in cases) and all(
        not shared(a.words, b.words) for n, a in enumerate(cases) for b in cases[n + 1:])


def _shown(shape: tuple[str, str, frozenset[str]]) -> str:
    fmt, wrapper, fields = shape
    return f"{fmt[1:].upper()} {wrapper}" + (f", {'/'.join(sorted(fields))}" if fields else "")
