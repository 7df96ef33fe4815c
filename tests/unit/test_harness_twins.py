"""Two harnesses' sets in one folder (issue 26, rule 8; runner.authoring.harness_twins): the
same cases written for skill-creator's evals.json and another tool's YAML are one set, read
once and the other named; cases of two formats sharing none are read joined; files sharing
some cases but neither holding the other's stay refused with `--cases`. Through the real
`skill-eval check`, each rule by a small set of its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.harness_twins import case_words, holds, preferred, shared
from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

DESCRIPTION = 'Tidies meeting notes into a summary. Use when asked to "tidy my notes".'

# Each case a request and its checks, as two harnesses write it: skill-creator's evals.json
# (`prompt`, `assertions`) and a YAML tool's (`input`, `criteria`, `rubrics`).
CASES = [
    ("Notes: we ship the billing page on Friday, Ana owns QA. Tidy them.",
     ["The summary names Friday as the ship date", "The summary names Ana as the QA owner"]),
    ("Notes: the offsite moved to Lisbon, budget is frozen until March. Tidy them.",
     ["The summary says the offsite is in Lisbon", "The summary says the budget is frozen"]),
    ("Notes: hiring paused, two contractors leave in June, Bo drafts the memo. Tidy them.",
     ["The summary lists the hiring pause", "The summary names Bo as the memo's author"]),
]


def _skill(folder: Path) -> Path:
    return write_skill_md(folder, "tidy-notes", DESCRIPTION, "Read the notes, write a summary.\n")


def _native(cases: list[tuple[str, list[str]]]) -> dict[str, Any]:
    return {"skill_name": "tidy-notes", "evals": [
        {"id": n, "prompt": prompt, "assertions": checks}
        for n, (prompt, checks) in enumerate(cases, 1)]}


def _other_harness(cases: list[tuple[str, list[str]]], reword: bool = False) -> dict[str, Any]:
    return {"name": "tidy-notes", "execution": {"target": "default"}, "tests": [
        {"id": f"case-{n}", "criteria": checks[0],
         "input": prompt.replace("Tidy them.", "Please tidy these up.") if reword else prompt,
         "rubrics": checks}
        for n, (prompt, checks) in enumerate(cases, 1)]}


def test_the_same_cases_reworded_pair_and_different_cases_do_not() -> None:
    native = [case_words({"prompt": p, "assertions": c}) for p, c in CASES]
    other = [case_words(t) for t in _other_harness(CASES, reword=True)["tests"]]
    assert holds(native, other) and holds(other, native)
    assert not holds(native[:2], other)  # fewer cases cannot hold more
    assert holds(other, native[:2]) and shared(native[:2], other) == 2
    # two different cases of one skill share the set's wording, never half their words
    assert shared(native[:1], native[1:]) == 0
    # with the same cases: the runner's own shape first, whatever the order given
    own = (".json", "under 'evals'", frozenset({"prompt"}))
    yaml_shape = (".yaml", "under 'tests'", frozenset({"input"}))
    assert preferred((yaml_shape, other, 12), (own, native, 6)) == 1
    assert preferred((own, native, 6), (yaml_shape, other, 12)) == 0
    # one holding more cases is read, whichever shape it has
    assert preferred((yaml_shape, other, 12), (own, native[:2], 4)) == 0


def test_the_same_cases_for_two_harnesses_are_read_once_and_the_other_named(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", _native(CASES))
    _write(skill / "evals" / "EVAL.yaml", _other_harness(CASES, reword=True))
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["1", "2", "3"]
    assert [Path(f).name for f in got["set_files"]] == ["evals.json"]
    plain = check(str(skill))
    assert plain.exit_code == 0, plain.output
    line = next(x for x in plain.output.splitlines() if "EVAL.yaml" in x)
    assert "the same 3 case(s) as evals.json, written for another harness" in line
    assert "evals.json is read, --cases grades this one instead" in line
    assert "different shapes" not in plain.output


def test_the_file_holding_more_cases_is_read_though_not_the_native_one(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", _native(CASES[:2]))
    _write(skill / "evals" / "EVAL.yaml", _other_harness(CASES))
    got = report(skill)
    assert [Path(f).name for f in got["set_files"]] == ["EVAL.yaml"]
    assert len(got["cases"]) == 3
    unread = " ".join(got["unread_files"])
    assert "evals.json (the same 2 case(s) as EVAL.yaml, which has 1 more" in unread


def test_two_formats_sharing_no_case_are_read_joined_ids_kept_apart(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", _native(CASES[:1]))
    _write(skill / "evals" / "EVAL.yaml", _other_harness(CASES[1:]))
    got = report(skill)
    assert sorted(c["id"] for c in got["cases"]) == ["EVAL-case-1", "EVAL-case-2", "evals-1"]
    assert sorted(Path(f).name for f in got["set_files"]) == ["EVAL.yaml", "evals.json"]
    # the other harness's `rubrics` list: its rubric's criteria, each a statement graded
    graded = {c["id"]: [str(x["entry"]) for x in c["checks"]] for c in got["cases"]}
    assert any("Bo as the memo's author" in entry for entry in graded["EVAL-case-2"])


def test_two_versions_sharing_some_cases_stay_refused_each_named(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", _native(CASES[:2]))
    _write(skill / "evals" / "EVAL.yaml", _other_harness(CASES[1:]))
    refused = check(str(skill))
    assert refused.exit_code == 2, refused.output
    assert "evals.json and EVAL.yaml" in refused.output and "--cases" in refused.output
    assert "sharing 1 case(s) while each holds cases the other lacks" in refused.output
