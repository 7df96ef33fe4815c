"""Read and preflight a skill's case set: `evals/evals.json` in the Agent Skills contract.

Everything here is offline and free; a set that cannot measure is refused before anything is
spent, with a message naming the file, the case and the problem.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import ValidationError

from runner.analysis.wording import quoted_phrases, restated_phrase
from runner.authoring.problems import describe
from runner.errors import CaseSetError
from runner.schema.case import CASESET_RELPATH, FIXTURE_ROOT, Case, CaseSet, Finding
from runner.scoring.checks import parse_matcher
from runner.scoring.deterministic import json_path_steps
from runner.scoring.process import parse_call_matcher

# Text checks inside these cannot mean anything (seed 001 refuses them).
BINARY_SUFFIXES = frozenset(
    ".png .jpg .jpeg .gif .webp .bmp .ico .pdf .zip .gz .tgz .bz2 .xz .7z .tar .xlsx .xls .docx "
    ".pptx .mp3 .mp4 .wav .ogg .sqlite .db .parquet .pkl .bin .exe .so .woff .woff2".split()
)


# Top-level fields authors add to describe a set: kept and shown, never graded.
DESCRIPTIVE_FIELDS = frozenset({"description", "notes", "version", "author", "license",
                                "metadata", "tags", "name"})
# Assertion objects: their `type` -> the assertion grammar's prefix.
OBJECT_TYPES = {"contains": "", "substring": "", "includes": "", "text": "",
                "required_text": "", "must_contain": "",
                "regex": "re:", "pattern": "re:", "matches": "re:",
                "not_contains": "not:", "excludes": "not:", "forbidden": "not:",
                "forbidden_text": "not:", "must_not_contain": "not:",
                "not_regex": "not:re:", "not_matches": "not:re:"}
# Assertion objects that state behaviour for the grader model.
STATEMENT_TYPES = frozenset({"statement", "llm", "llm_judge", "judge", "model", "rubric",
                             "semantic", "behavior", "behaviour", "expectation", "human",
                             "manual", "qualitative", ""})
# Objects with a `terms` list: any one of them must appear, or all of them.
ANY_TYPES = frozenset({"contains_any", "any", "includes_any"})
ALL_TYPES = frozenset({"contains_all", "all", "includes_all"})
TOOL_TYPES = frozenset({"tool_call", "tool_called", "tool_use", "tool"})
JSON_TYPES = frozenset({"json_path", "jsonpath", "json"})
# A plain assertion of this many words or more is a statement for the grader; shorter ones are
# seed 001 substrings. Prefixes (`re:`, `not:`) and typed objects always mean a check.
STATEMENT_MIN_WORDS = 4
_TEXT_KEYS = ("value", "text", "pattern", "expected", "description", "statement", "criterion",
              "check")
# Types whose text is sometimes the literal and sometimes a description of it ("Mentions
# --dry-run"): read by the plain-string rule below.
DESCRIBED_TYPES = frozenset({"string_match", "string", "match", "keyword", "exact_match"})
# Other tools' names for this runner's case fields.
CASE_ALIASES = {"scorers": "assertions", "checks": "assertions", "eval_name": "name",
                "expect": "expectations",
                "expected_behavior": "expectations", "expected_behaviors": "expectations",
                "must_contain": "must_include", "must_not_contain": "must_avoid",
                "title": "name", "input": "prompt", "query": "prompt"}
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def word_count(text: str) -> int:
    """Whitespace-separated words; in Chinese, Japanese or Korean text (no spaces between
    words) every two characters count as one word."""
    cjk = len(_CJK.findall(text))
    return len(_CJK.sub(" ", text).split()) + (cjk + 1) // 2


# Fields other tools write that normalize_case turns into this runner's own.
CONSUMED_FIELDS = ("expectations", "selftune_assertions", "must_have", "must_not_have",
                   "must_include", "must_avoid", "fail", "failures", "must_not")
# Fields that decide pass or fail: an unknown field that looks like one of these is a typo.
GRADING_FIELDS = ("prompt", "files", "assertions", "statements", "outputs", "tool_calls",
                  "json_checks", "process", "rubric", "judge_program", *CONSUMED_FIELDS)
# Lists of failures some authors write: each becomes a statement that the run avoided it.
FAILURE_LISTS = ("fail", "failures", "must_not")
# Other tools' names for the list of cases.
TOP_ALIASES = ("cases", "test_cases", "tests")


def reads_as_statement(assertion: str, set_of_statements: bool = False) -> bool:
    """The documented rule for a plain string assertion (no `re:`/`not:` prefix): a statement
    when it has four or more words, or when the set is written in statements (most of its
    plain assertions are), so "Answers no" beside sentences is graded as one too."""
    if assertion.startswith(("re:", "not:")):
        return False
    return set_of_statements or word_count(assertion) >= STATEMENT_MIN_WORDS


def written_in_statements(items: list[Any]) -> bool:
    """Most plain assertions of the set read as statements on their own."""
    plain: list[str] = []
    for item in items:
        for key in ("assertions", "selftune_assertions"):
            values = item.get(key) if isinstance(item, dict) else None
            plain += [a for a in values if isinstance(a, str)
                      and not a.startswith(("re:", "not:"))] if isinstance(values, list) else []
    return bool(plain) and 2 * sum(reads_as_statement(a) for a in plain) > len(plain)


def normalize_case(item: dict[str, Any], shown: str, label: str,
                   set_of_statements: bool = False) -> dict[str, Any]:
    """A case as other tools write it, in this runner's fields: deterministic checks stay
    `assertions` (and `tool_calls`, `json_checks`); plain-language behaviour becomes
    `statements` for the grader model. What neither can grade is refused with the reason."""
    item = dict(item)
    if isinstance(item.get("judge"), str):  # seed 001's name for the judge program
        item["judge_program"] = item.pop("judge")
    for alias, field in CASE_ALIASES.items():
        if alias in item and field not in item:
            item[field] = item.pop(alias)
        elif isinstance(item.get(alias), list) and isinstance(item.get(field), list):
            item[field] = [*item[field], *item.pop(alias)]
    extra = sorted(set(item) - set(Case.model_fields) - set(CONSUMED_FIELDS))
    for key in extra:
        near = difflib.get_close_matches(key, GRADING_FIELDS, n=1, cutoff=0.75)
        if near:  # a typo of a grading field would silently drop a check: refuse it
            raise CaseSetError(shown, f"EV009: unknown field {key!r} (did you mean "
                                      f"{near[0]!r}?)", label)
    item["extra"] = {key: item.pop(key) for key in extra}
    checks: list[str] = []
    statements = list(item.pop("statements", None) or [])
    tool_calls = list(item.pop("tool_calls", None) or [])
    json_checks = list(item.pop("json_checks", None) or [])
    expectations = item.pop("expectations", None) or []
    if not isinstance(expectations, list) or not all(isinstance(e, str) for e in expectations):
        raise CaseSetError(shown, "expectations: a list of statements (strings)", label)
    statements += expectations
    for key in FAILURE_LISTS:
        failures = item.pop(key, None)
        if failures is None:
            continue
        if not isinstance(failures, list) or not all(isinstance(f, str) for f in failures):
            raise CaseSetError(shown, f"{key}: a list of failures (strings)", label)
        statements += [f"The run avoids this failure: {f}" for f in failures]
    regex_lists: list[str] = []
    for key, prefix in (("must_have", "re:"), ("must_not_have", "not:re:"),
                        ("must_include", ""), ("must_avoid", "not:")):
        values = item.pop(key, None)
        if values is None:
            continue
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            what = "regular expressions" if "re:" in prefix else "texts"
            raise CaseSetError(shown, f"{key}: a list of {what}", label)
        regex_lists += [prefix + v for v in values]
    raw = list(item.pop("assertions", None) or []) + list(
        item.pop("selftune_assertions", None) or [])
    for number, value in enumerate(raw, 1):
        if isinstance(value, str):
            (statements if reads_as_statement(value, set_of_statements)
             else checks).append(value)
        elif isinstance(value, dict):
            for kind, text in _object(value, shown, label, number):
                {"check": checks, "statement": statements, "tool": tool_calls,
                 "json": json_checks}[kind].append(text)
        else:
            raise CaseSetError(shown, f"assertion #{number}: a string or an object, not "
                                      f"{type(value).__name__}", label)
    checks += regex_lists
    gradable = (checks or statements or tool_calls or json_checks or item.get("outputs")
                or item.get("judge_program"))
    if not gradable and isinstance(item.get("expected_output"), str) \
            and item["expected_output"].strip():
        # Its author stated what a good answer does and nothing else: that is the statement.
        statements.append(item["expected_output"])
    for key, values in (("assertions", checks), ("statements", statements),
                        ("tool_calls", tool_calls), ("json_checks", json_checks)):
        if values:
            item[key] = values
    return item


def _terms(kind: str, terms: list[str]) -> list[tuple[str, Any]]:
    """Lists of literal terms: any of them (one alternation), all of them, or none of them."""
    if kind in ANY_TYPES:
        return [("check", "re:" + "|".join(re.escape(t) for t in terms))]
    prefix = "not:" if kind in OBJECT_TYPES and OBJECT_TYPES[kind] == "not:" else ""
    return [("check", prefix + t) for t in terms]


def _object(value: dict[str, Any], shown: str, label: str,
            number: int) -> list[tuple[str, Any]]:
    """One assertion object -> (which list, entry) pairs."""
    kind = str(value.get("type", "")).lower()
    text = next((value[k] for k in _TEXT_KEYS if isinstance(value.get(k), str) and value[k]),
                None)
    terms = value.get("terms") or value.get("values")
    if isinstance(terms, list) and terms and all(isinstance(t, str) and t for t in terms) \
            and (kind in ANY_TYPES or kind in ALL_TYPES or kind in OBJECT_TYPES):
        return _terms(kind, terms)
    return [_one_object(kind, text, value, shown, label, number)]


def _one_object(kind: str, text: str | None, value: dict[str, Any], shown: str, label: str,
                number: int) -> tuple[str, Any]:
    if kind in OBJECT_TYPES and text:
        return "check", OBJECT_TYPES[kind] + text
    if kind in DESCRIBED_TYPES and text:
        return ("statement", text) if reads_as_statement(text) else ("check", text)
    if kind in TOOL_TYPES:
        tool = next((value[k] for k in ("tool", "name", "tool_name") if value.get(k)), None)
        if not isinstance(tool, str):
            raise CaseSetError(shown, f"assertion #{number}: a tool-call check names its tool "
                                      "(`tool`)", label)
        wanted = next((value[k] for k in ("input_contains", "with", "input") if value.get(k)),
                      None)
        return "tool", tool if wanted is None else f"{tool}:{wanted}"
    if kind in JSON_TYPES:
        entry = {"file": value.get("file") or value.get("output"),
                 "path": value.get("path") or value.get("json_path")}
        for key in ("equals", "contains", "exists"):
            if key in value:
                entry[key] = value[key]
        if "value" in value and "equals" not in entry:
            entry["equals"] = value["value"]
        return "json", entry
    if kind in STATEMENT_TYPES and text:
        return "statement", text
    readable = sorted(OBJECT_TYPES.keys() | TOOL_TYPES | JSON_TYPES | ANY_TYPES | ALL_TYPES)
    raise CaseSetError(shown, f"assertion #{number} {json.dumps(value)[:120]}: unknown type "
                              f"{kind!r}; types it reads: {', '.join(readable)}, or a "
                              "statement (`text`/`description`, no type)", label)


def load_caseset(skill_dir: Path, default_name: str | None = None) -> CaseSet:
    """Parse and preflight `skill_dir/evals/evals.json`; raise CaseSetError on any problem.
    A set without `skill_name` belongs to `default_name` (the SKILL.md name), when given."""
    path = skill_dir / CASESET_RELPATH
    shown = str(path)
    if not path.is_file():
        raise CaseSetError(shown, "no case set: create evals/evals.json (see README, "
                                  "'A skill and its case set')")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CaseSetError(shown, f"not valid JSON: {exc}") from exc
    if isinstance(raw, list):  # a bare list of cases
        raw = {"evals": raw}
    if not isinstance(raw, dict):
        raise CaseSetError(shown, "top level must be an object with skill_name and evals")
    raw = dict(raw)
    for alias in TOP_ALIASES:
        if alias in raw and "evals" not in raw:
            raw["evals"] = raw.pop(alias)
    name = raw.get("skill_name", default_name)
    if not isinstance(name, str) or not name.strip():
        raise CaseSetError(shown, "skill_name: required, a non-empty string")
    items = raw.get("evals")
    if not isinstance(items, list) or not items:
        raise CaseSetError(shown, "evals: required, a non-empty list of cases")
    known = ["skill_name", "evals", "judge_expected_output"]
    about: dict[str, Any] = {}
    for key in sorted(set(raw) - set(known)):
        near = difflib.get_close_matches(key, known, n=1, cutoff=0.75)
        if near and key not in DESCRIPTIVE_FIELDS:
            raise CaseSetError(shown, f"EV009: unknown top-level field {key!r} (did you mean "
                                      f"{near[0]!r}?)")
        about[key] = raw[key]  # descriptive: kept in the plan, never graded

    cases: list[Case] = []
    findings: list[Finding] = []
    seen: set[str] = set()
    in_statements = written_in_statements(items)
    for index, item in enumerate(items):
        label = str(item.get("id", f"#{index + 1}")) if isinstance(item, dict) else f"#{index + 1}"
        if isinstance(item, dict):
            item = normalize_case(item, shown, label, in_statements)
        try:
            case = Case.model_validate(item)
        except ValidationError as exc:
            raise CaseSetError(shown, "EV009: " + describe(exc), label) from exc
        if case.id in seen:
            raise CaseSetError(shown, "EV009: duplicate id", case.id)
        seen.add(case.id)
        case, found = _outputs_under_files(skill_dir, shown, case)
        findings += found
        _preflight_case(skill_dir, shown, case)
        if not case.gradable:
            findings.append(Finding(
                code="EV008", file=shown, case=case.id,
                message="nothing can pass or fail this case (it would tie in every arm): it "
                        "is left out of the run",
                fix="add assertions, statements, outputs or a judge program"))
            continue
        cases.append(case)
    if not cases:
        raise CaseSetError(shown, "EV008: no case has anything that can pass or fail (each "
                                  "would tie in every arm); add assertions, statements, "
                                  "outputs or a judge program")
    judge_expected = raw.get("judge_expected_output", False)
    if not isinstance(judge_expected, bool):
        raise CaseSetError(shown, "judge_expected_output: true or false")
    return CaseSet(skill_name=name, evals=tuple(cases), about=about,
                   judge_expected_output=judge_expected, findings=tuple(findings))


def _outputs_under_files(skill_dir: Path, shown: str,
                         case: Case) -> tuple[Case, list[Finding]]:
    """EV011: a `files` entry that is not in the skill but is what the run must produce (one
    of its outputs, or what the prompt asks to write) is an output listed as an input.
    Reported, not refused; it is not staged."""
    outputs = {o.path for o in case.outputs}
    kept: list[str] = []
    found: list[Finding] = []
    for file in case.files:
        posix = PurePosixPath(file)
        relative = not posix.is_absolute() and ".." not in posix.parts
        missing = relative and not (skill_dir / file).exists()
        if missing and (file in outputs or _asks_to_write(case.prompt, posix.name)):
            found.append(Finding(
                code="EV011", file=shown, case=case.id,
                message=f"{file!r} is listed under files but is an output the run creates",
                fix=f"move {file!r} from files to outputs (files are inputs staged before the "
                    "run)"))
        else:
            kept.append(file)
    if not found:
        return case, []
    return case.model_copy(update={"files": tuple(kept)}), found


def _asks_to_write(prompt: str, name: str) -> bool:
    """The prompt asks the run to produce `name` ("write summary.md", "save it to out.csv")."""
    verb = r"(?:write|save|create|generate|produce|output|export|into|to)\b[^.\n]{0,60}?"
    return re.search(rf"\b{verb}(?<![\w.-]){re.escape(name)}(?![\w-])", prompt,
                     re.IGNORECASE) is not None


def restated_prompts(caseset: CaseSet, description: str, shown: str) -> list[Finding]:
    """EV010 (runner.analysis.wording), reported per case, never refused."""
    phrases = quoted_phrases(description)
    found: list[Finding] = []
    for case in caseset.evals:
        phrase = restated_phrase(case.prompt, phrases)
        if phrase is not None:
            found.append(Finding(
                code="EV010", file=shown, case=case.id,
                message=f"the prompt restates the description's {phrase!r}",
                fix="write the request the way users phrase it, with context, in other "
                    "words"))
    return found


def _preflight_case(skill_dir: Path, shown: str, case: Case) -> None:
    def refuse(problem: str) -> CaseSetError:
        return CaseSetError(shown, problem, case.id)

    if not case.id.strip():
        raise refuse("EV009: id must not be empty")
    if not case.prompt.strip():
        raise refuse("EV009: prompt must not be empty")
    drafts = [("prompt", case.prompt), ("expected_output", case.expected_output),
              ("rubric", case.rubric or ""), *(("statement", t) for t in case.statements)]
    for field, value in drafts:
        if value.lstrip().upper().startswith("TODO"):
            raise refuse(f"EV009: {field} is still a draft (starts with TODO)")
    _preflight_checks(case, refuse)
    if case.judge_program is not None:
        _preflight_program(skill_dir, case.judge_program, refuse)
    root = skill_dir.resolve()
    for file in case.files:
        posix = PurePosixPath(file)
        if posix.is_absolute() or ".." in posix.parts or not posix.parts:
            raise refuse(f"EV009: fixture {file!r} must be a relative path inside the skill")
        if posix in (FIXTURE_ROOT, PurePosixPath(CASESET_RELPATH)) or posix.parts[0] == ".git":
            raise refuse(f"EV009: fixture {file!r} cannot be staged (name a file or a folder of "
                         "fixtures)")
        local = skill_dir / posix
        if local.is_symlink() or not local.exists():
            raise refuse(f"EV009: fixture {file!r} is not in the skill (or is a symlink)")
        if not local.resolve().is_relative_to(root):
            raise refuse(f"EV009: fixture {file!r} resolves outside the skill")


def _preflight_program(skill_dir: Path, program: str,
                       refuse: Callable[[str], CaseSetError]) -> None:
    """A judge program ships in the skill's evals/ folder (never staged into a session)."""
    posix = PurePosixPath(program)
    if posix.is_absolute() or ".." in posix.parts or not posix.is_relative_to("evals") \
            or posix == PurePosixPath(CASESET_RELPATH):
        raise refuse(f"EV009: judge program {program!r} must be a file inside the skill's "
                     "evals/ folder, e.g. evals/judges/check.py")
    local = skill_dir / posix
    if local.is_symlink() or not local.is_file():
        raise refuse(f"EV009: judge program {program!r} is not a file in the skill")


def _preflight_checks(case: Case, refuse: Callable[[str], CaseSetError]) -> None:
    """Every check must be gradable as written (EV009), or nothing is spent."""
    for assertion in case.assertions:
        if assertion.lstrip().upper().startswith("TODO"):
            raise refuse(f"EV009: assertion {assertion!r} is still a draft")
        try:
            parse_matcher(assertion)
        except ValueError as exc:
            raise refuse(f"EV009: assertion {assertion!r}: {exc}") from exc
    for output in case.outputs:
        posix = PurePosixPath(output.path)
        if not output.path or posix.is_absolute() or ".." in posix.parts:
            raise refuse(f"EV009: output {output.path!r} must be a relative path in the "
                         "working directory")
        if output.contains and posix.suffix.lower() in BINARY_SUFFIXES:
            raise refuse(f"EV009: output {output.path!r} is binary: 'contains' cannot check "
                         "its text")
        for assertion in output.contains:
            try:
                parse_matcher(assertion)
            except ValueError as exc:
                raise refuse(f"EV009: output {output.path!r}: {exc}") from exc
    for check in case.json_checks:
        try:
            json_path_steps(check.path)
            if check.contains is not None:
                parse_matcher(check.contains)
        except ValueError as exc:
            raise refuse(f"EV009: json check on {check.file!r}: {exc}") from exc
    seen: set[str] = set()
    for item in case.process:
        if item.id in seen:
            raise refuse(f"EV009: process item {item.id!r} appears twice")
        seen.add(item.id)
    for source in (*case.tool_calls, *(m for i in case.process for m in i.matchers)):
        try:
            parse_call_matcher(source)
        except ValueError as exc:
            raise refuse(f"EV009: {exc}") from exc
