"""promptfoo suites (issue 26; docs/case-sets.md): `promptfooconfig.yaml` read as a case set.

Each test (inline, `defaultTest` merged in, or in the files `tests: file://...` names) is a
case: its prompt is each of the config's `prompts` templates rendered with the test's `vars`
(`{{ name }}`), or, with no template, `vars.prompt` / `vars.query` / `vars.input`. Its `assert`
items become checks (`contains`, `icontains`, `not-contains`, `not-icontains`, `regex`,
`not-regex`, `equals`, `starts-with`, `contains-any`, `contains-all`) or grader statements
(`llm-rubric`, `g-eval`, `similar`: their score bar is reported, not applied); a `javascript`
or `python` assert whose body is a simple expression over `output` is read as the checks it
says (runner.authoring.codeasserts); what has no reading (other code, cost, ...) is reported
(EV012) with the fix. A test's
`threshold` over its weighted asserts is applied where it is exact (`spare_asserts`: the
asserts that may fail are reported, not graded; the rest must pass), else reported. The providers
are promptfoo's: here the agent is claude, which `check` says.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field

from runner.authoring import safely
from runner.authoring.codeasserts import read_code_assert
from runner.authoring.problems import Noted
from runner.errors import CaseSetError

CONFIG_STEMS = ("promptfooconfig",)
PROMPT_VARS = ("prompt", "query", "input", "question")
_VAR = re.compile(r"{{\s*([A-Za-z_][\w.]*)\s*}}")
STATEMENT_TYPES = frozenset({"llm-rubric", "g-eval", "model-graded-closedqa", "factuality"})
# ...and `similar` (embedding similarity to a text): what the text says, for the grader.
MODEL_GRADED = STATEMENT_TYPES | {"similar"}


class Finding(BaseModel):
    """One thing of the suite that is reported, not read as promptfoo reads it."""

    message: str
    fix: str


class Suite(Noted):
    """The suite as this runner's cases (`evals`) and what `check` reports about it (Noted:
    one line per kind, not one per test)."""

    evals: list[dict[str, Any]] = Field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        return [Finding(message=message, fix=fix) for message, fix in self.lines()]


def is_promptfoo(path: Path) -> bool:
    return path.is_file() and path.stem in CONFIG_STEMS and path.suffix in (".yaml", ".yml")


def _load(path: Path) -> Any:
    try:
        return safely.text_keys(yaml.safe_load(path.read_text(encoding="utf-8")))
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
            if not safely.is_file(file):
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
            texts += [f.read_text(encoding="utf-8") for f in files if safely.is_file(f)]
        elif isinstance(value, str):
            texts.append(value)
    return texts


def _var_text(value: Any, base: Path) -> str:
    files = _file_ref(value, base)
    if files is not None and len(files) == 1 and safely.is_file(files[0]):
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


def _weight(item: Any) -> float:
    weight = item.get("weight", 1) if isinstance(item, dict) else 1
    ok = isinstance(weight, (int, float)) and not isinstance(weight, bool) and weight >= 0
    return float(weight) if ok else 1.0


def spare_asserts(items: list[Any], threshold: Any) -> tuple[set[int], str | None]:
    """The asserts whose failure cannot fail the test, as promptfoo scores it (the weighted
    mean of the asserts must reach the test's `threshold`; without one, every assert of
    non-zero weight must pass), and, when that cannot be applied exactly, why.

    An assert of weight 0 is report-only. Under a threshold, the asserts that may each fail
    are spare when all of them failing together still reaches it; the others must all pass,
    which is what this runner grades. When only some of them may fail together, the
    threshold cannot be applied: every assert is graded, and the note says so."""
    weights = [_weight(i) for i in items]
    zero = {n for n, w in enumerate(weights) if w == 0}
    given = isinstance(threshold, (int, float)) and not isinstance(threshold, bool)
    if not given:
        return zero, None
    slack = (1 - float(threshold)) * sum(weights) + 1e-9
    spare = {n for n, w in enumerate(weights) if w <= slack}
    if sum(weights[n] for n in spare) <= slack:
        return spare, None
    return zero, (f"test threshold {threshold}: asserts may fail while the weighted score "
                  "reaches it, but not all such asserts at once; this runner grades each "
                  "check, so every assert must pass here (stricter than the author's bar)")


def _statement(kind: str, value: Any) -> list[str]:
    """A model-graded assert's text for the grader (`similar`: the output says the same)."""
    said = [str(v) for v in value] if isinstance(value, list) else [str(value)]
    if kind == "similar":
        return [f"The output says in substance the same as: {v}" for v in said]
    return said


def _asserts(items: list[Any], label: str, suite: Suite,
             threshold: Any = None) -> tuple[list[Any], list[str]]:
    """A test's asserts: (checks, statements); the rest reported."""
    checks: list[Any] = []
    statements: list[str] = []
    spare, why = spare_asserts(items, threshold)
    if why is not None:
        suite.note(why, "give the asserts that may fail weight 0, or drop the threshold", label)
    for n, item in enumerate(items):
        kind = str(item.get("type", "")) if isinstance(item, dict) else ""
        value = item.get("value") if isinstance(item, dict) else None
        mapped = _check(kind, value)
        code = read_code_assert(kind, value) if n not in spare else None
        if code is not None:
            checks += code.checks
            for bound in code.unbounded:
                suite.note(*_length_bound(kind, bound), f"{label}[{n}]")
        elif n in spare:
            suite.note("an assert whose failure cannot fail its test (weight 0, or within "
                       "the test's threshold): reported, not graded", "none needed, or give "
                       "it weight and drop the threshold to make it count", f"{label}[{n}]")
        elif mapped is not None:
            checks.append(mapped)
        elif kind in MODEL_GRADED and value:
            statements += _statement(kind, value)
            _score_bar(item, kind, f"{label}[{n}]", suite)
        else:
            suite.note(*_unmappable(kind), f"{label}[{n}]")
    return checks, statements


def _score_bar(item: Any, kind: str, where: str, suite: Suite) -> None:
    """A model-graded assert's own score bar: the grader answers pass or fail, so it cannot
    be applied; reported."""
    bar = item.get("threshold") if isinstance(item, dict) else None
    if kind == "similar" or bar is not None:
        suite.note(f"{kind} threshold {bar if bar is not None else 0.75}: read as grader "
                   "statement(s), which pass or fail; the score bar is not applied",
                   "none needed, or state the bar in the text", where)


def _length_bound(kind: str, bound: str) -> tuple[str, str]:
    """The note for a length bound in a code assert: the runner has no length check."""
    return (f"assert type {kind!r} `{bound}`: a length bound on promptfoo's `output`; this "
            "runner has no length check, so the bound is not graded",
            "state it as an llm-rubric statement (\"The answer is under 500 characters\"), or "
            "ship it as a grader program in evals/ (`.js` runs with node, `.py` with python3; "
            "exit 0 passes: `\"grader_program\": \"evals/check.js\"`)")


def _unmappable(kind: str) -> tuple[str, str]:
    """The note for an assert with no reading, and its fix."""
    if kind in ("javascript", "python"):
        return (f"assert type {kind!r}: code run on promptfoo's `output` (the model's text); "
                "here the agent's work is the session's final text and files, and an "
                "author's program reads only the files, so it is not graded",
                "if it checks the text, rewrite it as a regex/contains assert or an "
                "llm-rubric statement; if it checks a file the agent writes, ship it as a "
                "grader program in evals/ (`.js` runs with node, `.py` with python3; exit 0 "
                "passes: `\"grader_program\": \"evals/check.js\"`)")
    return (f"assert type {kind or '(none)'!r}: not mappable to a check or a statement, so "
            "not graded", "rewrite it as a contains/regex assert or an llm-rubric statement, "
            "or ship the logic as a judge program in evals/ (`\"judge\": "
            "\"evals/judges/check.py\"`, exit 0 passes)")


# Folders of a skill that hold its cases and their material, not the skill
_SET_FOLDERS = frozenset({"evals", "eval", "evaluations", "tests", "test", "fixtures"})


def _skill_file(path: Path, base: Path) -> Path | None:
    """The folder of the skill `path` is a file of (its SKILL.md, or one in a folder above it,
    up to four levels), or None: a file of no skill, or the set's own material (beside the
    config, or in the skill's evals/, tests/ ...)."""
    if path.resolve().is_relative_to(base.resolve()):
        return None
    for folder in [path.parent, *path.parent.parents][:5]:
        if safely.is_file(folder / "SKILL.md"):
            inner = path.resolve().relative_to(folder.resolve()).parts
            return None if len(inner) > 1 and inner[0].lower() in _SET_FOLDERS else folder
    return None


def _refuse_skill_vars(variables: dict[str, Any], templates: list[str], base: Path,
                       where: Path) -> None:
    """A template var that inserts a file of a skill (`skill: file://../skills/x/SKILL.md`):
    promptfoo's way to give the model the skill, which would hand it to the baseline arm too
    (issue 26, rule 5). Refused, naming the vars; the candidate arm loads the skill itself."""
    used = {m.group(1) for t in templates for m in _VAR.finditer(t)}
    inserted = [(name, str(value)) for name, value in variables.items() if name in used
                and (files := _file_ref(value, base)) is not None and len(files) == 1
                and safely.is_file(files[0]) and _skill_file(files[0], base) is not None]
    if inserted:
        shown = ", ".join(f"{{{{{name}}}}} ({value[len('file://'):]})" for name, value in inserted)
        raise CaseSetError(str(where), f"EV009: the prompt template inserts files of a skill: "
                           f"{shown}; both arms would receive the skill, the baseline too; "
                           "fix: drop them from the template (a run loads the skill in the "
                           "candidate arm itself) and keep the user's request")


# A var named for what a skill gives the model (`skill_prompt`, `system_prompt`, `rules`).
_SKILL_VAR = re.compile(r"(?i)skill|system|instruction|persona|rules|guideline|playbook")


def _skill_vars(names: list[str], config: dict[str, Any], base: Path) -> bool:
    """Whether the vars only the main config's template inserts are the skill's text: one is
    named so, or its default value is a file of a skill (never a no-retrieval baseline that
    leaves the user's `{{document}}` out)."""
    if any(_SKILL_VAR.search(n) for n in names):
        return True
    default = config.get("defaultTest")
    given = default.get("vars") if isinstance(default, dict) else None
    values = [given[n] for n in names if isinstance(given, dict) and n in given]
    return any((files := _file_ref(v, base)) is not None and len(files) == 1
               and safely.is_file(files[0]) and _skill_file(files[0], base) is not None
               for v in values)


def _baseline_templates(path: Path, templates: list[str]) -> tuple[Path, list[str]] | None:
    """The templates of the authors' baseline config beside this one (`promptfooconfig.
    baseline.yaml`: the same tests sent without the skill's text), when its templates use only
    some of this config's vars: (that file, its templates); else None."""
    if not templates or "baseline" in path.name.lower():
        return None
    used = {m.group(1) for t in templates for m in _VAR.finditer(t)}
    for other in sorted(path.parent.glob("*baseline*.y*ml")):
        try:
            config = _load(other)
        except CaseSetError:
            continue
        found = _templates(config, other.parent) if isinstance(config, dict) else []
        kept = {m.group(1) for t in found for m in _VAR.finditer(t)}
        if found and kept and kept < used:
            return other, found
    return None


def _prompts(test: dict[str, Any], templates: list[str], base: Path) -> list[str]:
    variables = test.get("vars") or {}
    if not isinstance(variables, dict):
        return []
    if templates:
        return [_render(t, variables, base) for t in templates]
    key = next((k for k in PROMPT_VARS if k in variables), None)
    return [_var_text(variables[key], base)] if key is not None else []


def _given(test: dict[str, Any], key: str, path: Path, label: str) -> Any:
    """A test's `vars` (a mapping) or `assert` (a list; one assert alone is one), empty when
    absent; another type refused naming the test and the field."""
    value = test.get(key)
    if value in (None, "", [], {}):
        return [] if key == "assert" else {}
    if key == "assert" and isinstance(value, dict):
        return [value]
    if isinstance(value, list if key == "assert" else dict):
        return value
    shape = "a list of asserts" if key == "assert" else "a mapping of names to values"
    raise CaseSetError(str(path), f"{label}: `{key}` is {type(value).__name__} "
                                  f"{str(value)[:40]!r}, not {shape}; fix: write `{key}` as "
                                  f"{shape}")


def read_promptfoo(path: Path) -> Suite:
    """The suite at `path` as cases, with its findings."""
    config = _load(path)
    if not isinstance(config, dict):
        raise CaseSetError(str(path), "a promptfoo config is a mapping (prompts, tests)")
    base, suite = path.parent, Suite()
    found = config.get("defaultTest")
    default: dict[str, Any] = found if isinstance(found, dict) else {}
    templates = _templates(config, base)
    plain = _baseline_templates(path, templates)
    inserted = sorted({m.group(1) for t in templates for m in _VAR.finditer(t)}
                      - {m.group(1) for t in plain[1] for m in _VAR.finditer(t)}) if plain else []
    if plain is not None and _skill_vars(inserted, config, base):
        # the authors' prompt without the skill: the user's request
        suite.note(f"the prompt is the authors' baseline config's ({plain[0].name}): this "
                   f"config's template also inserts {', '.join(f'{{{{{v}}}}}' for v in inserted)}"
                   ", the skill's text, which the candidate arm loads as the skill and the "
                   "baseline never receives", "none needed", path.name)
        templates = plain[1]
    if config.get("providers"):
        suite.note("providers: promptfoo's models are not used; each case runs in the "
                   "claude CLI", "none needed", path.name)
    for n, (where, test) in enumerate(_tests(config, base, suite), 1):
        label = f"{where} test {n}"
        merged = {**default, **test,
                  "vars": {**_given(default, "vars", path, "defaultTest"),
                           **_given(test, "vars", path, label)},
                  "assert": [*_given(default, "assert", path, "defaultTest"),
                             *_given(test, "assert", path, label)]}
        if isinstance(merged["vars"], dict):
            _refuse_skill_vars(merged["vars"], templates, base, path)
        prompts = _prompts(merged, templates, base)
        if not prompts:
            suite.note(f"a test with no prompt (no template and no vars "
                       f"{'/'.join(PROMPT_VARS)}): not read", "add vars.prompt or a prompts "
                       "template", label)
            continue
        checks, statements = _asserts(merged["assert"], label, suite, merged.get("threshold"))
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
