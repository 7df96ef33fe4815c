"""Two case files of one folder that are two halves of the same cases (issue 26, rule 8): the
skill-creator habit of `evals.json` (each case's prompt and expected_output) beside
`eval_metadata.json` (each case again, by `eval_id` and `eval_name`, with its `assertions`).
The authors grade one case by both: "give it the prompt from evals.json, grade against that
eval's assertions in eval_metadata.json".

Read by the format's schema, never by the files' names: each case of the file holding fewer
has exactly one twin in the other by its identity (an id field,
`id` / `eval_id` / `case_id`, and a name field, `name` / `eval_name`, when both give one), and
the fields that grade are written in one file only (each file grades with what the other
lacks). Then each case is one case joining both halves' fields; a field both write that
differs (a prompt reworded in one) is taken from the set's file (`evals.json`), and said.
Files whose cases share a grading field are versions of one set (runner.authoring.siblings
refuses them with the `--cases` fix).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from runner.authoring.dialects import GRADING_FIELDS
from runner.authoring.fields import name_words

# What a case's identity is written under: `id`, `eval_id`, `caseId`, `name`, `eval_name`.
_IDENTITY_LEADS = frozenset({"eval", "case", "test", "scenario"})
# Fields that say what passes: one half's alone.
_GRADES = frozenset({*GRADING_FIELDS, "expected_output", "expected_behavior",
                     "expected_behaviour", "expectations", "expectation", "criteria", "checks",
                     "graders", "rubrics", "success_criteria"}) - {"prompt", "files"}


def _identity(key: str) -> str | None:
    """`id` or `name` when the key names a case's identity (`eval_id`, `caseName`)."""
    parts = name_words(key)
    if not parts or parts[-1] not in ("id", "name") or not set(parts[:-1]) <= _IDENTITY_LEADS:
        return None
    return parts[-1]


def _ident(case: dict[str, Any]) -> dict[str, str]:
    """The case's identity: {"id": ..., "name": ...} as far as it gives them."""
    out: dict[str, str] = {}
    for key, value in case.items():
        kind = _identity(key)
        if kind is not None and isinstance(value, (str, int)) and not isinstance(value, bool):
            out.setdefault(kind, str(value).strip())
    return out


def _same(a: dict[str, str], b: dict[str, str]) -> bool:
    shared = set(a) & set(b)
    return bool(shared) and all(a[k] == b[k] for k in shared)


def _grades(cases: list[dict[str, Any]]) -> set[str]:
    return {k for case in cases for k in case if k in _GRADES}


@dataclass(frozen=True)
class Halves:
    """The joined cases, and what was said about joining them."""

    cases: list[dict[str, Any]]
    line: str


def pairs(first: list[Any], second: list[Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Each case of `first` with its one twin of `second` by identity, or [] when they are not
    two halves of the same cases: every case of the file holding fewer has its one twin in
    the other (a file of assertions for some of the cases is a half too)."""
    if not first or not second or not all(isinstance(c, dict) for c in (*first, *second)):
        return []
    if not _grades(first) or not _grades(second) or _grades(first) & _grades(second):
        return []
    out: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for case in first:
        ident = _ident(case)
        twins = [other for other in second if _same(ident, _ident(other))]
        if len(twins) > 1:
            return []
        out.extend((case, twin) for twin in twins)
    if len({id(b) for _, b in out}) != len(out) or len(out) != min(len(first), len(second)):
        return []
    return out


def join(main: tuple[str, list[Any]], other: tuple[str, list[Any]]) -> Halves | None:
    """The cases of `main` (the set's file, named) joined with their twins in `other`, or None
    when the two files are not halves of the same cases."""
    (main_name, main_cases), (other_name, other_cases) = main, other
    twins = pairs(main_cases, other_cases)
    if not twins:
        return None
    joined: list[dict[str, Any]] = []
    differ: list[str] = []
    twin_of = {id(case): twin for case, twin in twins}
    paired = {id(twin) for _, twin in twins}
    # the other's cases without a twin here follow, each as it is
    alone = [(c, None) for c in other_cases if id(c) not in paired]
    for case, twin in [*((c, twin_of.get(id(c))) for c in main_cases), *alone]:
        merged = dict(case)
        if twin is None:  # its identity under the set's keys (`eval_id` -> `id`)
            joined.append({**{k: v for k, v in _ident(case).items() if k not in merged},
                           **merged})
            continue
        for key, value in twin.items():
            if _identity(key) is not None:
                continue  # the twin's identity matched this one's: the set file's is kept
            if key not in merged:
                merged[key] = value
            elif merged[key] != value and key not in differ:
                differ.append(key)
        joined.append(merged)
    line = (f"{main_name} and {other_name} hold the same {len(twins)} case(s) by id, each file "
            f"with what the other lacks ({', '.join(sorted(_grades(main_cases)))}; "
            f"{', '.join(sorted(_grades(other_cases)))}): one set, each case graded by both")
    if len(joined) > len(twins):
        line += f"; {len(joined) - len(twins)} case(s) written in one file only are read as written"
    if differ:
        line += f"; where both write {', '.join(differ)} and differ, {main_name}'s is read"
    return Halves(joined, line)
