"""A collection's trigger set grouped by skill (`[{"skill": "okr", "queries": [...]}, ...]`):
each skill measures its own group's queries, never the groups as queries. A case's `plugin`
field names where it belongs, never checks of a program that quotes the plugin's name."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, write_data, write_skill_md


def _collection(tmp_path: Path) -> Path:
    repo = tmp_path / "pm"
    write_skill_md(repo / "plan" / "skills" / "okr", "okr", "Writes OKRs. Use when asked "
                   "for quarterly objectives.")
    write_skill_md(repo / "plan" / "skills" / "moat", "moat", "Analyses a product's moat. Use "
                   "when asked about defensibility.")
    write_data(repo / "evals" / "trigger-evals.json", [
        {"skill": "okr", "queries": [{"query": "Draft our Q3 OKRs", "should_trigger": True},
                                     {"query": "Fix this CSS bug", "should_trigger": False}]},
        {"skill": "moat", "queries": [{"query": "How defensible is our app?",
                                       "should_trigger": True},
                                      {"query": "Plan a sprint", "should_trigger": False},
                                      {"query": "Name our cat", "should_trigger": False}]}])
    return repo


def test_each_skill_measures_its_group(tmp_path: Path) -> None:
    repo = _collection(tmp_path)
    okr = check_cli(str(repo / "plan" / "skills" / "okr"))
    assert okr.exit_code == 0, okr.output
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in okr.output
    moat = check_cli(str(repo / "plan" / "skills" / "moat"))
    assert "trigger set only (3 queries: 1 should trigger, 2 should not)" in moat.output


def test_a_plugin_field_is_no_check_of_a_harness(tmp_path: Path) -> None:
    repo = _collection(tmp_path)
    (repo / "evals" / "run_trigger_evals.py").write_text(
        "import json, anthropic\nPLUGINS = ['plan']\n"
        "cases = json.load(open('trigger-evals.json'))\n")
    write_data(repo / "evals" / "evals.json", {"evals": [
        {"id": 1, "skill": "okr", "plugin": "plan", "prompt": "Draft OKRs for a bakery.",
         "expectations": ["Gives three objectives"]}]})
    got = check_cli(str(repo / "plan" / "skills" / "okr"))
    assert got.exit_code == 0, got.output
    assert "own harness, not a grader program" not in got.output
