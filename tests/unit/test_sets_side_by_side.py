"""Sets written side by side in one set folder (issue 26, "every layout", "triggers where they
belong"), each rule by a small set of its own through the real `skill-eval check`:

- a runtime set beside a router's test set (each case a prompt with only the skill it should
  reach or avoid) is the skill's set, the routing set its trigger queries: never refused as
  two sets; two runtime sets of different shapes still are (`--cases`);
- routing sets alone make the skill trigger-only;
- a set file in a folder shared by several skills, named exactly for one of them, is that
  skill's; one named for none stays shared (refused until its cases name their skill).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.triggers.queries import load_trigger_set
from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _repo(tmp_path: Path, *skills: str) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for name in skills:
        write_skill_md(repo / name, name, f"Does the {name} job. Use when asked for {name}.",
                       "Read the request, write the answer.\n")
    return repo


def _runtime(skill: str, *idents: str) -> list[dict[str, Any]]:
    return [{"id": i, "skill": skill, "task": f"Write the {i} letter for Ana Ruiz.",
             "assertions": ["Ana Ruiz"]} for i in idents]


def _routes(*rows: tuple[str, str, list[str]]) -> list[dict[str, Any]]:
    return [{"id": f"r{n}", "prompt": prompt, "expected_skill": skill, "must_not_select": avoid,
             "reason": "the audience decides the register", "category": "routing"}
            for n, (prompt, skill, avoid) in enumerate(rows, 1)]


ROWS = (("Write a stiff letter to the court clerk", "stiff-voice", ["warm-voice"]),
        ("Send my gran a birthday note", "warm-voice", ["stiff-voice"]),
        ("Reply formally to opposing counsel", "stiff-voice", ["warm-voice"]))


def test_a_runtime_set_beside_a_routing_set_is_the_set_and_the_routing_set_its_triggers(
        tmp_path: Path) -> None:
    repo = _repo(tmp_path, "stiff-voice", "warm-voice")
    _write(repo / "evals" / "quality.json",
           [*_runtime("stiff-voice", "s1", "s2"), *_runtime("warm-voice", "w1")])
    _write(repo / "evals" / "routing.json", _routes(*ROWS))
    got = report(repo / "stiff-voice")
    assert [Path(f).name for f in got["set_files"]] == ["quality.json"]
    assert sorted(c["id"] for c in got["cases"]) == ["s1", "s2"]
    assert any("routing.json (prompts each with only a routing expectation" in u
               for u in got["unread_files"])
    # read as the trigger queries of the skill each names: the others' are should-not
    triggers = load_trigger_set(repo / "stiff-voice", "stiff-voice")
    assert [(q.prompt, q.should_trigger) for q in triggers.queries] == [
        (p, s == "stiff-voice") for p, s, _ in ROWS]
    assert "2 should trigger, 1 should not" in check(str(repo / "stiff-voice")).output


def test_a_trigger_named_routing_set_is_read_as_triggers_not_as_the_runtime_set(
        tmp_path: Path) -> None:
    # `expected_skill` on each prompt and nothing graded: no runtime case, even named
    # `triggering.json` (before, `expected_*` made it one)
    repo = _repo(tmp_path, "stiff-voice", "warm-voice")
    _write(repo / "evals" / "quality.json", _runtime("stiff-voice", "s1"))
    _write(repo / "evals" / "triggering.json", _routes(*ROWS))
    got = report(repo / "stiff-voice")
    assert [Path(f).name for f in got["set_files"]] == ["quality.json"]
    assert str(got["sets"]["trigger"]).endswith("triggering.json")


def test_routing_sets_alone_make_the_skill_trigger_only(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "stiff-voice", "warm-voice")
    _write(repo / "evals" / "routing_cases.json", {"cases": [
        {"id": f"o{n}", "task": prompt, "expected_owner": skill, "forbidden_owners": avoid,
         "first_turn": True} for n, (prompt, skill, avoid) in enumerate(ROWS, 1)]})
    _write(repo / "evals" / "route_fixtures.json", {"cases": [
        {"name": "clerk", "query": "A formal note to the registrar please",
         "expected": {"selected_skill": "stiff-voice", "layer": "runtime"}},
        {"name": "pizza", "query": "Order me a pizza",
         "expected": {"selected_skill": "none", "layer": "runtime"}}]})
    result = check(str(repo / "stiff-voice"))
    assert result.exit_code == 0, result.output
    assert "trigger set only" in result.output and "different shapes" not in result.output
    triggers = load_trigger_set(repo / "stiff-voice", "stiff-voice")
    assert sorted((q.prompt, q.should_trigger) for q in triggers.queries) == sorted([
        *((p, s == "stiff-voice") for p, s, _ in ROWS),
        ("A formal note to the registrar please", True), ("Order me a pizza", False)])


def test_two_runtime_sets_of_different_shapes_stay_refused(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "stiff-voice", "warm-voice")
    _write(repo / "evals" / "quality.json", _runtime("stiff-voice", "s1"))
    # `expected_skill` beside an expected output: a runtime case, not a route
    _write(repo / "evals" / "more.json", {"cases": [
        {"id": "m1", "prompt": "Write to the clerk", "expected_skill": "stiff-voice",
         "expected_output": "A letter that opens with Dear Sir"}]})
    result = check(str(repo / "stiff-voice"))
    assert result.exit_code == 2, result.output
    assert "different shapes" in result.output and "--cases" in result.output


def _shared(tmp_path: Path, file_name: str) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for name in ("css-grid", "css-grid-setup"):
        write_skill_md(repo / "skills" / "web" / name, name,
                       f"Helps with {name}. Use when asked about {name}.", "Edit the styles.\n")
    _write(repo / "evals" / file_name, {"cases": [
        {"id": "g1", "prompt": "Write a CSS rule that lays out cards in a three-column grid",
         "assertions": ["grid-template-columns"]}]})
    return repo


def test_a_shared_set_file_named_exactly_for_one_skill_is_that_skills(tmp_path: Path) -> None:
    repo = _shared(tmp_path, "css-grid.json")
    got = report(repo / "skills" / "web" / "css-grid")
    assert [c["id"] for c in got["cases"]] == ["g1"]
    other = check(str(repo / "skills" / "web" / "css-grid-setup"))
    assert other.exit_code == 2, other.output
    assert "the set of skill 'css-grid' (its file name)" in other.output


def test_a_shared_set_file_named_for_no_skill_stays_shared(tmp_path: Path) -> None:
    repo = _shared(tmp_path, "layout.json")
    refused = check(str(repo / "skills" / "web" / "css-grid"))
    assert refused.exit_code == 2, refused.output
    assert "whose cases name no skill" in refused.output
