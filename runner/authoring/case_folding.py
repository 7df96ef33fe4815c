"""The authors' grader program matching phrases case-insensitively (issue 26, graded as meant):
`output.toLowerCase().includes(phrase.toLowerCase())`, `phrase.lower() in text.lower()`,
`casefold()`. Its set's phrases ("rollback", "Here is") then pass on any case, as the author
ran them; read literally, "Rollback" at a sentence's start would fail. The program is never
run (runner.authoring.named_scorers says so); what it says about matching is read from its
source, and the set's substring checks are folded the same way, with a line saying so.

Read by the matching expression's shape (both sides lowered), never by a program's name.
"""

from __future__ import annotations

import re
from pathlib import Path

from runner.authoring.named_scorers import unnamed_graders
from runner.authoring.problems import SET_LEVEL, Problems
from runner.schema.case import Case, TurnChecks

# Both sides lowered in one containment test: JS `includes`, Python `in`, either order.
_OPERAND = r"[\w$.\[\]'\"]+"
_LOWER_JS = r"\.toLowerCase\(\)"
_LOWER_PY = r"\.(?:lower|casefold)\(\)"
_FOLDS = re.compile(
    rf"{_LOWER_JS}\s*\.includes\(\s*{_OPERAND}{_LOWER_JS}"
    rf"|{_OPERAND}{_LOWER_PY}\s+(?:not\s+)?in\s+{_OPERAND}{_LOWER_PY}")
_SOURCE_MAX = 256 * 1024


def folding_graders(set_path: Path, skill_dir: Path, case_ids: list[str]) -> list[str]:
    """The authors' programs that grade the set and lower both texts before matching
    (shown paths, as named_scorers shows them)."""
    set_folder = set_path if set_path.is_dir() else set_path.parent
    found: list[str] = []
    for shown, _why in unnamed_graders(set_path, skill_dir, case_ids, set()):
        source = (set_folder.parent / shown).read_bytes()[:_SOURCE_MAX].decode(
            "utf-8", "replace")
        if _FOLDS.search(source):
            found.append(shown)
    return found


def _folded(assertion: str) -> str:
    """A substring check matched in any case: `Total` -> `re:(?i)Total` (escaped); a regular
    expression keeps its own flags."""
    negate = assertion.startswith("not:")
    body = assertion[4:] if negate else assertion
    if body.startswith("re:"):
        return assertion
    return ("not:" if negate else "") + "re:(?i)" + re.escape(body)


def _fold_turn(checks: Case | TurnChecks) -> dict[str, tuple[str, ...]]:
    return {"assertions": tuple(_folded(a) for a in checks.assertions)}


def fold_cases(set_path: Path, skill_dir: Path, cases: list[Case],
               problems: Problems) -> list[Case]:
    """The cases with their substring checks folded when the authors' grader folds them,
    and one EV012 line naming the program."""
    if not any(t.assertions for c in cases for t in _turns(c)):
        return cases
    programs = folding_graders(set_path, skill_dir, [c.id for c in cases])
    if not programs:
        return cases
    problems.report("EV012", SET_LEVEL, f"{programs[0]} matches each phrase case-insensitively "
                    "(it lowers both texts): the set's substring checks are graded so, as its "
                    "authors ran them", "none needed (write `re:` checks to match case)")
    return [c.model_copy(update={
        **_fold_turn(c),
        "follow_ups": tuple(t.model_copy(update=_fold_turn(t)) for t in c.follow_ups),
        "first_turn": None if c.first_turn is None else
        c.first_turn.model_copy(update=_fold_turn(c.first_turn))}) for c in cases]


def _turns(case: Case) -> list[Case | TurnChecks]:
    return [case, *case.follow_ups, *([] if case.first_turn is None else [case.first_turn])]
