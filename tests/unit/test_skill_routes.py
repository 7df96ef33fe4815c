"""A set whose entries pair a prompt with the name of the skill that should win it
(`expect: <skill>`) is a router's test set (issue 26): trigger queries, never runtime cases
whose one expectation is the skill's name; beside a folder of case files, that folder is the
runtime set."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, write_data, write_skill_md

ROUTES = {"$comment": "ranked against every skill description",
          "prompts": [{"prompt": "when is high water in Brest tomorrow", "expect": "tide-table"},
                      {"prompt": "is it safe to launch the dinghy at 6pm", "expect": "tide-table"}]}


def repo_with(tmp_path: Path, routes: object, cases: bool) -> Path:
    skill = tmp_path / "skills" / "tide-table"
    write_skill_md(skill, "tide-table", "Reads a harbour's tide table and says when the next "
                   "high tide is.")
    write_data(tmp_path / "evals" / "routing-prompts.json", routes)
    if cases:
        write_data(tmp_path / "evals" / "cases" / "tide-table--basic.json", {
            "name": "tide-table--basic", "prompt": "Next high tide at Brest after 09:00?",
            "expectations": [{"type": "output_matches", "pattern": "\\d{1,2}:\\d{2}"}]})
    return skill


def test_routes_beside_a_case_folder_are_trigger_queries(tmp_path: Path) -> None:
    result = check_cli(str(repo_with(tmp_path, ROUTES, cases=True)))
    assert result.exit_code == 0, result.output
    assert "1 case(s): tide-table--basic" in result.output, result.output
    assert "routing-prompts.json (prompts each with only a routing expectation" \
        in result.output, result.output
    assert "routing-prompts.json: 2 queries (2 should trigger, 0 should not)" \
        in result.output, result.output


def test_a_lone_route_set_is_a_trigger_set(tmp_path: Path) -> None:
    result = check_cli(str(repo_with(tmp_path, ROUTES, cases=False)))
    assert result.exit_code == 0, result.output
    assert "trigger set only (2 queries: 2 should trigger, 0 should not)" in result.output


def test_an_expected_answer_stays_a_runtime_case(tmp_path: Path) -> None:
    """Negative: `expect` holding an answer (a word that names no skill) is graded as the
    case's expectation, and the set stays the runtime set even beside a case folder."""
    answers = {"prompts": [{"prompt": "Is the tide rising at 10:00 in Brest? yes or no",
                            "expect": "yes"}]}
    result = check_cli(str(repo_with(tmp_path, answers, cases=True)), "-v")
    assert result.exit_code == 0, result.output
    assert "set: " in result.output and "routing-prompts.json" in result.output
    assert "tide-table--basic" not in result.output.splitlines()[0], result.output
    assert "trigger set:" not in result.output, result.output
