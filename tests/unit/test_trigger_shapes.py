"""Trigger-set shapes `check` and `trigger` read (issue 26), each by a small set of its own:
more spellings of a query's expectation; a collection's routing set naming the expected skill;
a structured trigger set beside Markdown notes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.errors import CaseSetError
from runner.triggers.queries import load_trigger_set
from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

DESCRIPTION = 'Folds loose receipts into a monthly tally. Use when asked to "tally receipts".'


def _skill(folder: Path, name: str = "receipt-tally") -> Path:
    return write_skill_md(folder, name, DESCRIPTION, "Read receipts/, write tally.md.\n")


def _sides(skill: Path, name: str = "receipt-tally") -> list[tuple[str, bool]]:
    return [(q.prompt, q.should_trigger) for q in load_trigger_set(skill, name).queries]


# --- rule 1: more spellings of the expectation ---------------------------------------------


@pytest.mark.parametrize(("key", "yes", "no"), [
    ("expected", "trigger", "skip"), ("expected", "positive", "no_trigger"),
    ("expected", "fire", "no-fire"), ("expected", "trigger", "ignore"),
    ("expected", "positive", "negative"), ("expected", "trigger", "none"),
    ("expected_trigger", True, False), ("should_fire", True, False),
    ("trigger", "yes", "no"), ("label", "positive", "near-miss"),
    ("category", "positive", "negative"), ("category", "Positive", "near_miss"),
])
def test_each_spelling_of_a_side_is_read(tmp_path: Path, key: str, yes: Any, no: Any) -> None:
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/trigger_evals.json", [{"query": "tally my receipts", key: yes},
                                                {"query": "bake bread", key: no}])
    assert _sides(skill) == [("tally my receipts", True), ("bake bread", False)]


def test_a_category_naming_a_topic_leaves_the_lists_side(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/trigger_evals.json", {
        "should_trigger": [{"query": "tally my receipts", "category": "monthly"}],
        "should_not_trigger": [{"query": "bake bread", "category": "cooking"}]})
    assert _sides(skill) == [("tally my receipts", True), ("bake bread", False)]


def test_an_expectation_field_beats_a_label(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/trigger_evals.json", [
        {"query": "tally my receipts", "should_trigger": True, "label": "negative"},
        {"query": "bake bread", "should_trigger": False, "label": "positive"}])
    assert _sides(skill) == [("tally my receipts", True), ("bake bread", False)]


@pytest.mark.parametrize(("item", "shown"), [
    ({"query": "tally my receipts", "expected": "maybe"}, "'maybe'"),
    ({"query": "tally my receipts", "category": "monthly"}, "'monthly'"),
    ({"query": "tally my receipts"}, "None"),
])
def test_a_value_it_cannot_read_is_refused_naming_it_and_the_spellings(
        tmp_path: Path, item: dict[str, Any], shown: str) -> None:
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/trigger_evals.json", [item])
    with pytest.raises(CaseSetError, match="say whether the skill should fire") as info:
        load_trigger_set(skill, "receipt-tally")
    assert f"got {shown}" in str(info.value)
    assert "no-fire|skip" in str(info.value) and "near-miss" in str(info.value)


def test_check_reads_the_new_spellings(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/trigger_evals.json", [
        {"query": "tally my receipts", "label": "positive"},
        {"query": "sum up this month's receipts", "expected": "fire"},
        {"query": "bake bread", "label": "near-miss"}])
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in result.output
    assert report(skill)["ok"] is True


def test_check_refuses_an_unread_spelling_with_ev010(tmp_path: Path) -> None:
    """Beside a query it reads, one it cannot is left out and said; `--strict` refuses."""
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/trigger_evals.json", [
        {"query": "tally my receipts", "expected": "trigger"},
        {"query": "bake bread", "expected": "perhaps"}])
    kept = check(str(skill))
    assert kept.exit_code == 0 and "'perhaps'" in kept.output, kept.output
    result = check(str(skill), "--json", "--strict")
    assert result.exit_code == 2, result.output
    refused = json.loads(result.output)
    assert refused["problems"][0]["code"] == "EV010"
    assert "'perhaps'" in refused["problems"][0]["message"] + refused["problems"][0]["fix"]


# --- rule 3: a structured trigger set beats Markdown notes ---------------------------------


def _with_notes(skill: Path) -> Path:
    _write(skill / "evals/trigger_evals.json", [
        {"query": "tally my receipts", "should_trigger": True},
        {"query": "bake bread", "should_trigger": False}])
    _write(skill / "evals/prompts.md", "# Prompts\n\n1. tally my receipts for March\n")
    _write(skill / "evals/behavior_checklist.md", "# Checklist\n\n- tally.md is written\n")
    return skill


def test_a_trigger_set_beside_markdown_notes_is_trigger_only(tmp_path: Path) -> None:
    skill = _with_notes(_skill(tmp_path / "receipt-tally"))
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in out
    for name in ("prompts.md", "behavior_checklist.md"):
        assert (f"not read: {skill / 'evals' / name} (Markdown notes beside the trigger set"
                in out)
        assert f"--generate --from {skill / 'evals' / name}" in out


def test_check_json_lists_the_notes_as_not_read(tmp_path: Path) -> None:
    skill = _with_notes(_skill(tmp_path / "receipt-tally"))
    got = report(skill)
    assert got["sets"]["trigger"].endswith("trigger_evals.json")
    assert sorted(f.split(" ")[0] for f in got["unread_files"]) == ["behavior_checklist.md",
                                                                    "prompts.md"]


def test_a_prose_set_with_no_trigger_set_is_still_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/prompts.md", "# Prompts\n\n1. tally my receipts for March\n")
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "a prose or Markdown case set" in result.output


def test_a_runtime_set_beside_them_is_still_the_set_checked(tmp_path: Path) -> None:
    skill = _with_notes(_skill(tmp_path / "receipt-tally"))
    _write(skill / "evals/evals.json", {"evals": [
        {"id": "one", "prompt": "Tally receipts/", "assertions": ["tally.md lists March"]}]})
    got = report(skill)
    assert got["sets"]["runtime"].endswith("evals/evals.json")
    assert "trigger set only" not in check(str(skill)).output


# --- rule 2: a collection's routing set naming the expected skill --------------------------


def _collection(root: Path, routing: Any, name: str = "trigger_evals.json") -> Path:
    write_skill_md(root / "skills/receipt-tally", "receipt-tally", DESCRIPTION)
    write_skill_md(root / "skills/ledger-tidy", "ledger-tidy",
                   'Tidies CSV ledgers. Use when asked to "clean up my books".')
    _write(root / "evals" / name, routing)
    return root


ROUTING: list[dict[str, Any]] = [
    {"prompt": "tally my receipts for March", "expect": "receipt-tally"},
    {"query": "clean up my books csv", "expected": "ledger-tidy"},
    {"query": "bake bread", "expected": None},
    {"prompt": "sum these receipts", "expected_skill": "receipt-tally",
     "route": "not ledger-tidy"}]


def test_each_skill_reads_the_routing_set_as_its_own(tmp_path: Path) -> None:
    root = _collection(tmp_path, ROUTING)
    assert _sides(root / "skills/receipt-tally") == [
        ("tally my receipts for March", True), ("clean up my books csv", False),
        ("bake bread", False), ("sum these receipts", True)]
    assert _sides(root / "skills/ledger-tidy", "ledger-tidy") == [
        ("tally my receipts for March", False), ("clean up my books csv", True),
        ("bake bread", False), ("sum these receipts", False)]


def test_the_map_form_reads_each_skills_lists(tmp_path: Path) -> None:
    root = _collection(tmp_path, {
        "receipt-tally": {"should_trigger": ["tally my receipts"],
                          "should_not_trigger": ["what is a receipt printer?"]},
        "ledger-tidy": {"should_trigger": ["clean up my books csv"],
                        "should_not_trigger": ["bake bread"]}}, "routing.json")
    assert _sides(root / "skills/receipt-tally") == [
        ("tally my receipts", True), ("what is a receipt printer?", False),
        ("clean up my books csv", False)]
    assert _sides(root / "skills/ledger-tidy", "ledger-tidy") == [
        ("tally my receipts", False), ("clean up my books csv", True), ("bake bread", False)]


def test_a_skill_no_query_expects_does_not_read_it(tmp_path: Path) -> None:
    root = _collection(tmp_path, [{"prompt": "tally my receipts", "expect": "receipt-tally"},
                                  {"prompt": "bake bread", "expect": None}])
    assert _sides(root / "skills/receipt-tally") == [("tally my receipts", True),
                                                     ("bake bread", False)]
    with pytest.raises(CaseSetError, match="no trigger queries"):
        load_trigger_set(root / "skills/ledger-tidy", "ledger-tidy")


def test_a_skill_no_skill_of_the_collection_is_refused_naming_it(tmp_path: Path) -> None:
    root = _collection(tmp_path, [*ROUTING, {"prompt": "draw a cat", "expect": "sketcher"}])
    with pytest.raises(CaseSetError, match="expects skill 'sketcher', which is no skill"):
        load_trigger_set(root / "skills/receipt-tally", "receipt-tally")


def test_a_side_spelled_in_expected_is_no_skill_name(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/trigger_evals.json", [{"query": "tally my receipts",
                                                 "expected": "trigger"},
                                                {"query": "bake bread", "expected": "none"}])
    assert _sides(skill) == [("tally my receipts", True), ("bake bread", False)]


def test_check_collection_reads_it_per_skill(tmp_path: Path) -> None:
    root = _collection(tmp_path, ROUTING)
    result = check(str(root))
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "ok: receipt-tally: trigger set only (4 queries: 2 should trigger, 2 should not)" \
        in out
    assert "ok: ledger-tidy: trigger set only (4 queries: 1 should trigger, 3 should not)" \
        in out
    got = report(root / "skills/ledger-tidy")
    assert got["sets"]["trigger"] == str(root / "evals/trigger_evals.json")


def test_a_routing_set_in_a_folder_named_for_triggers_is_read_beside_its_catalog(
        tmp_path: Path) -> None:
    """`evals/skill-trigger/` (a folder named for triggers, not `trigger/`): its routing set
    of `message`s is each skill's trigger set; the catalog of names and descriptions its
    runner reads beside it is no trigger file (only `trigger/` takes every data file)."""
    root = _collection(tmp_path, [], "unused.json")
    (root / "evals" / "unused.json").unlink()
    _write(root / "evals/skill-trigger/router-set.json", {"meta": {"version": 1}, "cases": [
        {"id": "p1", "message": "tally my receipts for March", "expected": "receipt-tally"},
        {"id": "p2", "message": "clean up my books csv", "expected": "ledger-tidy"},
        {"id": "n1", "message": "bake bread", "expected": "none"}]})
    _write(root / "evals/skill-trigger/catalog.json", [
        {"name": "receipt-tally", "description": "Tallies receipts."}])
    assert _sides(root / "skills/receipt-tally") == [
        ("tally my receipts for March", True), ("clean up my books csv", False),
        ("bake bread", False)]
    result = check(str(root))
    out = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "ok: ledger-tidy: trigger set only (3 queries: 1 should trigger, 2 should not)" \
        in out, out


def test_a_routing_set_among_the_tests_fixtures_is_read_by_the_skills_it_tests(
        tmp_path: Path) -> None:
    """`tests/fixtures/skill-routing-cases.json`, named for routing: each case's skill under
    test (`skill`) reads its cases, `expectedSkill` the skill that should load; a skill
    only other skills' cases expect has no queries of its own (not refused for it), and a
    fixture not named for routing is the tests' own data."""
    root = _collection(tmp_path, [], "unused.json")
    (root / "evals" / "unused.json").unlink()
    (root / ".git").mkdir()
    _write(root / "tests/fixtures/skill-routing-cases.json", {"version": 1, "cases": [
        {"id": "r1", "skill": "receipt-tally", "kind": "positive",
         "prompt": "tally my receipts for March", "expectedSkill": "receipt-tally"},
        {"id": "r2", "skill": "receipt-tally", "kind": "negative",
         "prompt": "clean up my books csv", "expectedSkill": "ledger-tidy"}]})
    _write(root / "tests/fixtures/ledger-rows.json", [{"prompt": "x", "expected": "ledger-tidy"}])
    assert _sides(root / "skills/receipt-tally") == [
        ("tally my receipts for March", True), ("clean up my books csv", False)]
    result = check(str(root))
    out = " ".join(result.output.split())
    assert "ok: receipt-tally: trigger set only (2 queries: 1 should trigger, 1 should not)" \
        in out, out
    assert "ledger-tidy" in out and "refused" not in out, out


def test_side_lists_naming_skills_route_each_query_to_the_skills_they_name(
        tmp_path: Path) -> None:
    """`should_trigger: [receipt-tally], should_not_trigger: [ledger-tidy]` on a query (with
    its expected artifacts and notes beside): each named skill reads the query on its side, a
    skill it does not name never reads it; the files sit in `evals/skill-triggers/`."""
    root = _collection(tmp_path, [], "unused.json")
    (root / "evals" / "unused.json").unlink()
    _write(root / "evals/skill-triggers/receipts.json", {"version": 1, "cases": [
        {"id": "r1", "prompt": "tally my receipts for March",
         "should_trigger": ["receipt-tally"], "should_not_trigger": ["ledger-tidy"],
         "expected_artifacts": ["reports/march.md"], "notes": "a tally"},
        {"id": "r2", "prompt": "fix the ledger csv", "should_trigger": ["ledger-tidy"],
         "should_not_trigger": []}]})
    assert _sides(root / "skills/receipt-tally") == [("tally my receipts for March", True)]
    assert _sides(root / "skills/ledger-tidy", "ledger-tidy") == [
        ("tally my receipts for March", False), ("fix the ledger csv", True)]


def test_a_side_field_naming_the_skill_routes_the_query(tmp_path: Path) -> None:
    """`should_trigger: "receipt-tally"` (the skill, not a side), `null` for none: a routing
    set; a query routed to a sibling or to none should not fire this skill."""
    root = _collection(tmp_path, [
        {"query": "tally my receipts for March", "should_trigger": "receipt-tally"},
        {"query": "clean up my books csv", "should_trigger": "ledger-tidy"},
        {"query": "bake bread", "should_trigger": None}])
    assert _sides(root / "skills/receipt-tally") == [
        ("tally my receipts for March", True), ("clean up my books csv", False),
        ("bake bread", False)]


def test_check_refuses_an_unknown_expected_skill_with_ev010(tmp_path: Path) -> None:
    root = _collection(tmp_path, [*ROUTING, {"prompt": "draw a cat", "expect": "sketcher"}])
    result = check(str(root / "skills/receipt-tally"), "--json")
    assert result.exit_code == 2, result.output
    problem = json.loads(result.output)["problems"][0]
    assert problem["code"] == "EV010" and "'sketcher'" in problem["message"]


# --- `expected` as a runtime set's expected output is no routing ------------------------------

DOCUMENT = " ".join(f"Receipt {n}: coffee 3.50, lunch 12.00, taxi 18.25." for n in range(40))


@pytest.mark.parametrize("name", ["routing.json", "trigger_evals.json"])
def test_a_runtime_set_whose_expected_is_output_stays_a_runtime_set(tmp_path: Path,
                                                                    name: str) -> None:
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals" / name, [
        {"id": "march", "prompt": "Tally my March receipts in receipts/.",
         "expected": "A tally.md listing each receipt of March with a total of 42.10 at the end."},
        {"id": "marzo", "prompt": "Suma los recibos de marzo.",
         "expected": "Un resumen con el total de marzo y una línea por recibo."},
        {"id": "pasted", "prompt": f"Is the total over 1000? {DOCUMENT}", "expected": "yes"}])
    result = check(str(skill), "-v")
    assert "EV010" not in result.output and "trigger set only" not in result.output, \
        result.output
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["march", "marzo", "pasted"], got
    assert got["sets"]["trigger"] is None, got["sets"]


def test_expected_reads_as_routing_only_when_it_looks_like_routing() -> None:
    from runner.authoring.sides import looks_like_routing
    from runner.triggers.routing_set import route
    for value in ("trigger", "skip", "no_trigger", True, False, None, "ledger-tidy",
                  "not ledger-tidy", "none"):
        assert looks_like_routing({"query": "clean up my books", "expected": value}), value
    for value in ("A tidy ledger with every row totalled.", "Una lista de gastos.",
                  "会计分录已整理", 42, ["a", "b"]):
        assert not looks_like_routing({"query": "clean up my books", "expected": value}), value
    assert not looks_like_routing({"prompt": f"Over 1000? {DOCUMENT}", "expected": "yes"})
    # a sentence is no skill's name; a name still is, under any routing key
    assert route({"query": "clean up my books", "expected": "A tidy ledger."}) is None
    assert route({"query": "clean up my books", "expected": "ledger-tidy"}).skill == \
        "ledger-tidy"  # type: ignore[union-attr]
    assert route({"query": "x", "expected_skill": "Ledger Tidy"}).skill == \
        "Ledger Tidy"  # type: ignore[union-attr]


def test_check_reports_the_trigger_set_beside_the_case_set_below_its_folder_line(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    _write(skill / "evals" / "evals.json", {"skill_name": "receipt-tally", "evals": [
        {"id": "a", "prompt": "Tally these receipts: 3, 4.", "assertions": ["7"]}]})
    _write(skill / "evals" / "trigger-evals.json", [
        {"query": "add up my receipts", "should_trigger": True},
        {"query": "bake some bread", "should_trigger": False}])
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    folder = next(n for n, x in enumerate(lines) if "reports on it below" in x)
    below = [x for x in lines[folder + 1:] if x.startswith("trigger set: ")]
    assert below and "2 queries (1 should trigger, 1 should not)" in below[0], lines
    # a set that cannot be read: its EV010 line is what is below, no count
    _write(skill / "evals" / "trigger-evals.json", [{"query": "x", "should_trigger": "maybe"}])
    broken = check(str(skill)).output
    assert "trigger set: " not in broken and "EV010" in broken


def test_should_activate_answers_and_a_route_beside_it_is_a_note(tmp_path: Path) -> None:
    """`should_activate` states the side; `expected_route: tally/monthly` names a route, no
    side: read as a note, never as the answer (it was refused with EV010)."""
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/trigger-evals.json", {"skill": "receipt-tally", "queries": [
        {"query": "tally my receipts", "should_activate": True,
         "expected_route": "tally/monthly", "category": "positive"},
        {"query": "bake bread", "should_activate": False, "expected_route": "none",
         "category": "negative"},
        {"query": "sum my taxes", "should_activate": False,
         "expected_route": "tally/yearly", "category": "near-miss"}]})
    assert _sides(skill) == [("tally my receipts", True), ("bake bread", False),
                             ("sum my taxes", False)]
    result = check(str(skill))
    said = " ".join(result.output.split())
    assert result.exit_code == 0 and "name no side" not in said, said
    assert "3 queries: 1 should trigger, 2 should not" in said, said
    # (nothing in silence: the route is said kept, not measured, in one line)
    assert "kept, not measured: `expected_route` (2 queries)" in said, said


def test_a_label_naming_the_act_reads_its_side(tmp_path: Path) -> None:
    """`activate_and_total_by_month`, `do_not_activate_receipts`, `coactivate_a_and_b`: one
    word whose opening act is the side; a `type: negative` beside an expectation that names
    another skill (`route_to_budget_planner`) is the label's side."""
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/trigger-cases.json", {"cases": [
        {"id": "p1", "type": "positive", "prompt": "tally my receipts by month",
         "expected": "activate_and_total_by_month"},
        {"id": "p2", "type": "positive", "prompt": "sum receipts and check the budget",
         "expected": "coactivate_receipt_tally_and_budget"},
        {"id": "n1", "type": "negative", "prompt": "bake bread",
         "expected": "do_not_activate"},
        {"id": "n2", "type": "negative", "prompt": "plan next month's budget",
         "expected": "route_to_budget_planner"}]})
    assert _sides(skill) == [("tally my receipts by month", True),
                             ("sum receipts and check the budget", True),
                             ("bake bread", False), ("plan next month's budget", False)]


def test_a_query_with_no_side_is_left_out_when_others_have_one(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/trigger-cases.json", {"cases": [
        {"id": "p1", "prompt": "tally my receipts", "expected": "activate"},
        {"id": "n1", "prompt": "bake bread", "expected": "do_not_activate"},
        {"id": "b1", "type": "boundary", "prompt": "stop tallying",
         "expected": "deactivate_tally_mode"}]})
    assert _sides(skill) == [("tally my receipts", True), ("bake bread", False)]
    out = check(str(skill))
    assert out.exit_code == 0, out.output
    flat = " ".join(out.output.split())
    assert "trigger set only (2 queries" in flat, flat
    assert flat.count("1 of 3 queries name no side the reader knows, left out") == 1, flat
    assert "'deactivate_tally_mode'" in flat, flat
    # a sentence is an expected output, never a label read by its first word
    from runner.authoring.sides import label_side
    assert label_side("activate the venv first") is None and label_side("activate_venv") is True


def test_a_topic_label_is_no_side(tmp_path: Path) -> None:
    """`category: load-balancer` in a should-not-trigger list names a topic: the list's side
    stands (only an expectation is read by its opening act)."""
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/trigger/should-trigger.yaml", [{"prompt": "tally my receipts"}])
    _write(skill / "evals/trigger/should-not-trigger.yaml", [
        {"prompt": "configure my nginx load balancer upstreams", "category": "load-balancer"},
        {"prompt": "plan a fire drill", "category": "fire-safety"}])
    assert _sides(skill) == [("tally my receipts", True),
                             ("configure my nginx load balancer upstreams", False),
                             ("plan a fire drill", False)]


def test_a_query_left_out_is_said_beside_a_case_set_too(tmp_path: Path) -> None:
    """A skill with a case set and a trigger set: the trigger set's left-out query is said
    among check's lines, not only for a trigger set alone."""
    skill = _skill(tmp_path / "receipt-tally")
    _write(skill / "evals/evals.json", {"evals": [
        {"id": "sum", "prompt": "Tally these receipts: 3.50, 4.25.", "assertions": ["7.75"]}]})
    _write(skill / "evals/trigger-evals.json", [
        {"query": "tally my receipts", "expected": "trigger"},
        {"query": "bake bread", "expected": "no-trigger"},
        {"query": "stop tallying", "expected": "deactivate_tally_mode"}])
    out = check(str(skill))
    assert out.exit_code == 0, out.output
    assert "1 of 3 queries name no side the reader knows" in " ".join(out.output.split())
