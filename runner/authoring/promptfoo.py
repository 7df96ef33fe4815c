"""promptfoo suites (issue 26; docs/case-sets.md): `promptfooconfig.yaml` read as a case set.

Each test (inline, `defaultTest` merged in, or in the files `tests: file://...` names) is a
case: its prompt is each of the config's `prompts` templates rendered with the test's `vars`
(`{{ name }}`), or, with no template, `vars.prompt` / `vars.query` / `vars.input`. Its `assert`
items become checks (`contains`, `icontains`, `not-contains`, `not-icontains`, `regex`,
`not-regex`, `equals`, `starts-with`, `contains-any`, `contains-all`) or grader statements
(`llm-rubric`, `g-eval`: their threshold is reported, not applied); what has no reading
(`javascript`, `python`, similarity, cost, ...) is reported (EV012) with the fix. The providers
are promptfoo's: here the agent is claude, which `check` says.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field

from runner.errors import CaseSetError

CONFIG_STEMS = ("promptfooconfig",)
PROMPT_VARS = ("prompt", "query", "input", "question")
_VAR = re.compile(r"{{\s*([A-Za-z_][\w.]*)\s*}}")
STATEMENT_TYPES = frozenset({"llm-rubric", "g-eval", "model-graded-closedqa", "factuality"})


class Finding(BaseModel):
    """One thing of the suite that is reported, not read as promptfoo reads it."""

    message: str
    fix: str


class Suite(BaseModel):
    """The suite as this runner's cases (`evals`) and what `check` reports about it."""

    evals: list[dict[str, Any]] = Field(default_factory=list)
    # each thing reported -> where it occurs: one line per kind, not one per test
    noted: dict[tuple[str, str], list[str]] = Field(default_factory=dict)

    def note(self, message: str, fix: str, where: str) -> None:
        self.noted.setdefault((message, fix), []).append(where)

    @property
    def findings(self) -> list[Finding]:
        return [Finding(message=f"{message} ({len(where)}x: {', '.join(where[:3])}"
                                f"{', ...' if len(where) > 3 else ''})", fix=fix)
                for (message, fix), where in self.noted.items()]


def is_promptfoo(path: Path) -> bool:
    return path.is_file() and path.stem in CONFIG_STEMS and path.suffix in (".yaml", ".yml")


def _load(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseSetError(str(path), f"cannot be read: {exc}") from exc
    except yaml.YAMLError as exc:
        raise CaseSetError(str(path), f"EV010: not valid YAML: {exc}".replace("\n", " ")) \
            from exc


def _file_ref(value: Any, base: Path) -> list[Path] | None:
    """The files a `file://` reference names (a glob names several), or None if not one."""
    if not isinstance(value, str) or not value.startswith("file://"):
        return None
    rel = value[len("file://"):]
    if any(ch in rel for ch in "*?["):
        return sorted(base.glob(rel))
    return [base / rel]


def _tests(config: dict[str, Any], base: Path, suite: Suite) -> list[tuple[str, dict[str, Any]]]:
    """Every test with where it came from."""
    raw = config.get("tests") or []
    found: list[tuple[str, dict[str, Any]]] = []
    for entry in raw if isinstance(raw, list) else [raw]:
        files = _file_ref(entry, base)
        if files is None:
            if isinstance(entry, dict):
                found.append(("tests", entry))
            continue
        for file in files:
            if file.suffix not in (".yaml", ".yml", ".json"):
                suite.note("tests: only YAML or JSON test files are read, not graded",
                           "convert it to a YAML list of tests (vars + assert)", file.name)
                continue
            if not file.is_file():
                raise CaseSetError(str(base / "promptfooconfig.yaml"),
                                   f"tests: {entry} names no file ({file})")
            data = _load(file)
            items = data if isinstance(data, list) else [data]
            found += [(file.stem, t) for t in items if isinstance(t, dict)]
    return found


def _templates(config: dict[str, Any], base: Path) -> list[str]:
    raw = config.get("prompts") or []
    texts: list[str] = []
    for entry in raw if isinstance(raw, list) else [raw]:
        value = entry.get("raw") or entry.get("id") if isinstance(entry, dict) else entry
        files = _file_ref(value, base)
        if files is not None:
            texts += [f.read_text(encoding="utf-8") for f in files if f.is_file()]
        elif isinstance(value, str):
            texts.append(value)
    return texts


def _var_text(value: Any, base: Path) -> str:
    files = _file_ref(value, base)
    if files is not None and len(files) == 1 and files[0].is_file():
        return files[0].read_text(encoding="utf-8")
    return value if isinstance(value, str) else yaml.safe_dump(value).strip()


def _render(template: str, variables: dict[str, Any], base: Path) -> str:
    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        return _var_text(variables[name], base) if name in variables else match.group(0)
    return _VAR.sub(value, template)


def _check(kind: str, value: Any) -> dict[str, Any] | None:
    """A deterministic assert as a typed assertion the case reader knows, or None."""
    if kind in ("contains-any", "contains-all", "icontains-any", "icontains-all"):
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            return None
        if kind.startswith("i"):
            return ({"type": "regex", "pattern": "(?i)" + "|".join(map(re.escape, value))}
                    if kind.endswith("any") else None)
        return {"type": kind.replace("-", "_"), "terms": value}
    if not isinstance(value, str) or not value:
        return None
    escaped = re.escape(value)
    return {"contains": {"type": "contains", "value": value},
            "not-contains": {"type": "not_contains", "value": value},
            "icontains": {"type": "regex", "pattern": "(?i)" + escaped},
            "not-icontains": {"type": "not_regex", "pattern": "(?i)" + escaped},
            "regex": {"type": "regex", "pattern": value},
            "not-regex": {"type": "not_regex", "pattern": value},
            "equals": {"type": "regex", "pattern": r"\A\s*" + escaped + r"\s*\Z"},
            "starts-with": {"type": "regex", "pattern": r"\A\s*" + escaped}}.get(kind)


def _asserts(items: list[Any], label: str, suite: Suite) -> tuple[list[Any], list[str]]:
    """A test's asserts: (checks, statements); the rest reported."""
    checks: list[Any] = []
    statements: list[str] = []
    for n, item in enumerate(items):
        kind = str(item.get("type", "")) if isinstance(item, dict) else ""
        value = item.get("value") if isinstance(item, dict) else None
        mapped = _check(kind, value)
        if mapped is not None:
            checks.append(mapped)
        elif kind in STATEMENT_TYPES and value:
            said = [value] if isinstance(value, str) else [str(v) for v in value]
            statements += said
            if isinstance(item, dict) and item.get("threshold") is not None:
                suite.note(f"{kind} threshold {item['threshold']}: read as grader "
                           "statement(s), which pass or fail; the threshold is not applied",
                           "none needed, or state the bar in the text", f"{label}[{n}]")
        else:
            suite.note(f"assert type {kind or '(none)'!r}: not mappable to a check or a "
                       "statement, so not graded", "rewrite it as a contains/regex assert or "
                       "an llm-rubric statement, or ship the logic as a judge program in "
                       "evals/ (`\"judge\": \"evals/judges/check.py\"`, exit 0 passes)",
                       f"{label}[{n}]")
    return checks, statements


def _prompts(test: dict[str, Any], templates: list[str], base: Path) -> list[str]:
    variables = test.get("vars") or {}
    if not isinstance(variables, dict):
        return []
    if templates:
        return [_render(t, variables, base) for t in templates]
    key = next((k for k in PROMPT_VARS if k in variables), None)
    return [_var_text(variables[key], base)] if key is not None else []


def read_promptfoo(path: Path) -> Suite:
    """The suite at `path` as cases, with its findings."""
    config = _load(path)
    if not isinstance(config, dict):
        raise CaseSetError(str(path), "a promptfoo config is a mapping (prompts, tests)")
    base, suite = path.parent, Suite()
    found = config.get("defaultTest")
    default: dict[str, Any] = found if isinstance(found, dict) else {}
    templates = _templates(config, base)
    if config.get("providers"):
        suite.note("providers: promptfoo's models are not used; each case runs in the "
                   "claude CLI", "none needed", path.name)
    for n, (where, test) in enumerate(_tests(config, base, suite), 1):
        merged = {**default, **test,
                  "vars": {**(default.get("vars") or {}), **(test.get("vars") or {})},
                  "assert": [*(default.get("assert") or []), *(test.get("assert") or [])]}
        label = f"{where} test {n}"
        prompts = _prompts(merged, templates, base)
        if not prompts:
            suite.note(f"a test with no prompt (no template and no vars "
                       f"{'/'.join(PROMPT_VARS)}): not read", "add vars.prompt or a prompts "
                       "template", label)
            continue
        checks, statements = _asserts(merged["assert"], label, suite)
        meta = merged.get("metadata")
        for p, prompt in enumerate(prompts, 1):
            case: dict[str, Any] = {
                "id": f"{where}-{n}" + (f"-p{p}" if len(prompts) > 1 else ""),
                "prompt": prompt, "assertions": checks}
            if statements:
                case["expectations"] = statements
            if isinstance(merged.get("description"), str):
                case["name"] = merged["description"]  # its label
            if isinstance(meta, dict) and isinstance(meta.get("skill"), str):
                case["skill"] = meta["skill"]  # a collection's: the skill the test is for
            suite.evals.append(case)
        labels = sorted(set(meta) - {"skill"}) if isinstance(meta, dict) else []
        if labels:
            suite.note(f"metadata {', '.join(labels)}: promptfoo's labels, not graded",
                       "none needed", label)
    return suite
