"""Issue 26's trigger-only follow-ups, each by a small set of its own: a runtime set whose
every case is a routing expectation is the skill's trigger set (`check` accepts it, `trigger`
reads it, `run` refuses naming `trigger`)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from runner.errors import CaseSetError
from runner.triggers.checked import triggers_only
from runner.triggers.queries import load_trigger_set
from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

DESCRIPTION = 'Tidies CSV ledgers: merges doubled rows, fixes totals. Use when asked to ' \
              '"clean up my books".'
ROUTED: list[dict[str, Any]] = [
    {"id": "a", "prompt": "my expenses csv has every row twice, fix it", "should_trigger": True},
    {"id": "b", "prompt": "the totals in ledger.csv do not add up",
     "expected_skill": "ledger-tidy"},
    {"id": "c", "prompt": "write a haiku about autumn", "should_trigger": False},
    {"id": "d", "prompt": "what is the capital of Peru?",
     "expected_output": "The skill should not load"}]


def _skill(folder: Path, name: str = "ledger-tidy") -> Path:
    return write_skill_md(folder, name, DESCRIPTION, "Read the CSV, write it tidied.\n")


def _routed(skill: Path, cases: list[dict[str, Any]] | None = None) -> Path:
    _write(skill / "evals/evals.json", {"skill_name": skill.name, "evals": cases or ROUTED})
    return skill


def _bench() -> Any:
    path = Path(__file__).parents[2] / "bench" / "caseset_acceptance.py"
    spec = importlib.util.spec_from_file_location("caseset_acceptance", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- rule 1: a runtime set of routing expectations only ----------------------------------


def test_check_accepts_a_routing_only_runtime_set_as_the_trigger_set(tmp_path: Path) -> None:
    skill = _routed(_skill(tmp_path / "ledger-tidy"))
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert ("ok: ledger-tidy: trigger set only (4 queries: 2 should trigger, 2 should not); "
            f"nothing for `run` to run: measure it with `skill-eval trigger {skill}`"
            in result.output)
    sets = report(skill)["sets"]
    assert sets == {"runtime": None, "trigger": str(skill / "evals/evals.json")}


def test_trigger_reads_the_routing_cases_as_its_queries(tmp_path: Path) -> None:
    skill = _routed(_skill(tmp_path / "ledger-tidy"))
    found = load_trigger_set(skill, "ledger-tidy")
    assert [(q.prompt, q.should_trigger) for q in found.queries] == [
        (c["prompt"], c["id"] in "ab") for c in ROUTED]
    assert found.files == [str(skill / "evals/evals.json")]
    assert {q.source for q in found.queries} == {str(skill / "evals/evals.json")}


def test_run_refuses_a_routing_only_set_naming_trigger(tmp_path: Path) -> None:
    from runner.cli import main

    skill = _routed(_skill(tmp_path / "ledger-tidy"))
    result = CliRunner().invoke(main, ["run", str(skill)])
    assert result.exit_code == 2, result.output
    assert "EV008" in result.output and "skill-eval trigger" in result.output
    assert not (skill / "evals" / "evals.draft.json").exists()


def test_the_bench_counts_a_routing_only_set_as_accepted(tmp_path: Path) -> None:
    caseset, lines = _bench().check_skill(_routed(_skill(tmp_path / "ledger-tidy")))
    assert caseset.evals == () and "trigger set only (4 queries" in lines[0]


def test_a_set_with_one_gradable_case_stays_a_runtime_set(tmp_path: Path) -> None:
    skill = _routed(_skill(tmp_path / "ledger-tidy"), [
        *ROUTED, {"id": "e", "prompt": "tidy ledger.csv", "assertions": ["totals.csv exists"]}])
    assert not triggers_only(skill, "ledger-tidy")
    result = check(str(skill))
    assert result.exit_code == 0 and "1 case(s): e" in result.output, result.output
    with pytest.raises(CaseSetError, match="no trigger queries"):
        load_trigger_set(skill, "ledger-tidy")


def test_an_own_trigger_set_and_routing_cases_are_both_its_queries(tmp_path: Path) -> None:
    # the authors wrote trigger expectations in two places: both are measured, neither
    # passed over, and `check` accepts the skill as one of trigger sets only (it used to
    # refuse the runtime set, EV008, and `trigger` read the trigger file alone)
    skill = _routed(_skill(tmp_path / "ledger-tidy"))
    _write(skill / "evals/trigger/should-trigger.yaml", [{"prompt": "dedupe my books"}])
    found = load_trigger_set(skill, "ledger-tidy")
    assert [q.prompt for q in found.queries] == ["dedupe my books", *(c["prompt"] for c in ROUTED)]
    assert found.files == [str(skill / "evals/trigger/should-trigger.yaml"),
                           str(skill / "evals/evals.json")]
    result = check(str(skill))
    assert result.exit_code == 0 and "trigger set only (5 queries" in result.output, \
        result.output


def test_routing_cases_with_no_prompt_keep_the_old_refusal(tmp_path: Path) -> None:
    skill = _routed(_skill(tmp_path / "ledger-tidy"), [
        {"id": "a", "should_trigger": True}, {"id": "b", "should_trigger": False}])
    assert not triggers_only(skill, "ledger-tidy")
    result = check(str(skill))
    assert result.exit_code == 2 and "EV008" in result.output, result.output


# --- rule 4: a set file beside SKILL.md that does not parse --------------------------------


def test_a_broken_set_file_beside_skill_md_is_refused_with_its_parse_error(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "ledger-tidy")
    (skill / "evals.json").write_text('{"evals": [{"id": "a",, }', encoding="utf-8")
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert f"{skill / 'evals.json'}: not valid JSON" in result.output
    assert "no case set" not in result.output
    problems = json.loads(check(str(skill), "--json").output)["problems"]
    assert problems[0]["file"] == str(skill / "evals.json")


def test_a_broken_yaml_set_beside_skill_md_is_refused_too(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "ledger-tidy")
    (skill / "cases.yaml").write_text("- id: a\n  prompt: [unclosed\n", encoding="utf-8")
    result = check(str(skill))
    assert result.exit_code == 2 and str(skill / "cases.yaml") in result.output, result.output


def test_root_files_that_are_not_a_broken_set_stay_silent(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "ledger-tidy")
    (skill / "config.json").write_text("{broken", encoding="utf-8")  # not a set's name
    _write(skill / "evals.json", {"levels": ["high", "low"]})  # parses, holds no cases
    result = check(str(skill))
    assert result.exit_code == 2 and "no case set" in result.output, result.output
    assert "not valid JSON" not in result.output


# --- rule 2: a collection member with only trigger queries -----------------------------------


HAIKU = 'Writes haiku poems about the seasons. Use when asked for "a haiku".'


def _collection(root: Path) -> Path:
    (root / ".git").mkdir(parents=True)
    _routed(_skill(root / "skills/ledger-tidy"), [
        {"id": "x", "prompt": "tidy ledger.csv", "assertions": ["totals.csv exists"]}])
    write_skill_md(root / "skills/haiku", "haiku", HAIKU, "Write the poem.\n")
    return root


def _haiku_triggers(root: Path) -> None:
    _write(root / "skills/haiku/evals/trigger/should-trigger.yaml",
           [{"prompt": "a short poem about snow, five seven five"}])


def test_check_collection_lists_and_checks_a_trigger_only_member(tmp_path: Path) -> None:
    root = _collection(tmp_path / "repo")
    _haiku_triggers(root)
    result = check(str(root))
    assert result.exit_code == 0, result.output
    assert (f"haiku ({root / 'skills/haiku'}): not run: trigger set only: nothing for `run` "
            f"to run; measure it with `skill-eval trigger {root / 'skills/haiku'}`"
            in result.output)
    assert "ok: haiku: trigger set only (1 queries" in result.output
    assert "ok: ledger-tidy (sha256" in result.output
    reports = json.loads(check(str(root), "--json").output)
    assert {r["skill"] for r in reports} == {"ledger-tidy", "haiku"}


def test_a_collection_of_trigger_only_skills_is_checked_and_not_run(tmp_path: Path) -> None:
    from runner.cli import main

    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    write_skill_md(root / "skills/haiku", "haiku", HAIKU, "Write the poem.\n")
    _haiku_triggers(root)
    _write(_skill(root / "skills/ledger-tidy") / "evals/trigger/should-trigger.yaml",
           [{"prompt": "my books csv has doubled rows"}])
    assert check(str(root)).exit_code == 0
    result = CliRunner().invoke(main, ["run", str(root)])
    assert result.exit_code == 2 and "skill-eval trigger SKILL" in result.output, result.output


def test_a_member_without_any_set_is_still_no_case_set(tmp_path: Path) -> None:
    root = _collection(tmp_path / "repo")
    result = check(str(root))
    assert result.exit_code == 0 and "haiku" in result.output
    assert "not run: no case set" in result.output and "trigger set only" not in result.output


def test_the_bench_counts_a_trigger_only_member(tmp_path: Path) -> None:
    root = _collection(tmp_path / "repo")
    _haiku_triggers(root)
    assert sorted(p.name for p in _bench().skills_of(root)) == ["haiku", "ledger-tidy"]


# --- rule 3: a root trigger set that names no skill -------------------------------------------


def _root_triggers(root: Path, prompts: list[str], name: str = "trigger-eval.json") -> Path:
    path = root / "evals" / name
    _write(path, [*({"query": p, "should_trigger": True} for p in prompts),
                  {"query": "what is the capital of Peru?", "should_trigger": False}])
    return path


def test_a_root_trigger_set_fitting_one_description_is_that_skills(tmp_path: Path) -> None:
    root = _collection(tmp_path / "repo")
    path = _root_triggers(root, ["a haiku about the autumn seasons please"])
    assert load_trigger_set(root / "skills/haiku", "haiku").files == [str(path)]
    assert triggers_only(root / "skills/haiku", "haiku")
    assert not _files_or_none(root / "skills/ledger-tidy", "ledger-tidy")
    assert "names no skill" not in check(str(root)).output


def test_a_root_trigger_set_whose_file_name_names_a_skill_is_that_skills(
        tmp_path: Path) -> None:
    root = _collection(tmp_path / "repo")
    path = _root_triggers(root, ["help me with my files"], "trigger-eval-ledger-tidy.json")
    assert load_trigger_set(root / "skills/ledger-tidy", "ledger-tidy").files == [str(path)]
    assert not _files_or_none(root / "skills/haiku", "haiku")


def test_an_undecided_root_trigger_set_is_reported_never_dropped(tmp_path: Path) -> None:
    root = _collection(tmp_path / "repo")
    path = _root_triggers(root, ["help me with my files"])
    result = check(str(root))
    assert result.exit_code == 0, result.output
    assert (f"trigger set {path}: names no skill and fits haiku and ledger-tidy alike: "
            "measured for none of them; fix: give each query a `skill` field") in result.output
    assert not _files_or_none(root / "skills/haiku", "haiku")


def test_a_skill_field_per_query_splits_a_root_trigger_set(tmp_path: Path) -> None:
    root = _collection(tmp_path / "repo")
    _write(root / "evals/trigger-eval.json", [
        {"query": "help me with my files", "should_trigger": True, "skill": "haiku"},
        {"query": "sort my papers", "should_trigger": True, "skill": "ledger-tidy"}])
    assert [q.prompt for q in load_trigger_set(root / "skills/haiku", "haiku").queries] == [
        "help me with my files"]
    assert "names no skill" not in check(str(root)).output


def test_one_skill_under_a_root_trigger_set_keeps_it(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    _skill(root / "skills/ledger-tidy")
    path = _root_triggers(root, ["help me with my files"])
    assert load_trigger_set(root / "skills/ledger-tidy", "ledger-tidy").files == [str(path)]


def _files_or_none(skill: Path, name: str) -> list[str]:
    try:
        return load_trigger_set(skill, name).files
    except CaseSetError:
        return []
