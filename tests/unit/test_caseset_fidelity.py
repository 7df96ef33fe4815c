"""Case sets graded as their authors meant (issue 19): each reading rule on its own."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.bundles import pack_fixtures
from runner.authoring.caseset import load_caseset, restated_prompts
from runner.authoring.problems import CaseSetRefused
from runner.schema.case import CaseSet, Reading
from runner.scoring.asked import asks_to_write as _asks_to_write

SKILL_MD = "---\nname: notes\ndescription: Release notes.\n---\nbody\n"


def skill_with(tmp_path: Path, cases: list[dict[str, Any]] | dict[str, Any],
               files: dict[str, str] | None = None) -> Path:
    skill = tmp_path / "notes"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    for rel, text in (files or {}).items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    body = cases if isinstance(cases, dict) else {"skill_name": "notes", "evals": cases}
    (skill / "evals" / "evals.json").write_text(json.dumps(body))
    return skill


def load(tmp_path: Path, cases: list[dict[str, Any]] | dict[str, Any],
         files: dict[str, str] | None = None) -> CaseSet:
    return load_caseset(skill_with(tmp_path, cases, files), "notes")


def one(assertions: list[Any], **more: Any) -> list[dict[str, Any]]:
    return [{"id": "c", "prompt": "Write release notes.", "assertions": assertions, **more}]


def test_a_typed_objects_operand_is_its_operand_field_and_its_description_a_label(
        tmp_path: Path) -> None:
    caseset = load(tmp_path, one([
        {"type": "regex", "description": "Has a totals line", "pattern": "Total: \\d+"},
        {"type": "contains", "description": "Mentions the total", "value": "Total"},
        {"type": "not_contains", "name": "no apology", "text": "I cannot"}]))
    case = caseset.evals[0]
    assert case.assertions == ("re:Total: \\d+", "Total", "not:I cannot")
    assert case.statements == ()
    assert "Has a totals line" in caseset.origins["c"]["assertions"][0]


def test_an_object_with_a_description_and_no_operand_is_a_statement(tmp_path: Path) -> None:
    case = load(tmp_path, one([
        {"type": "contains", "description": "Mentions dark mode under new features"},
        {"type": "regex", "description": "Gives a version number"}])).evals[0]
    assert case.assertions == ()
    assert case.statements == ("Mentions dark mode under new features",
                               "Gives a version number")


def test_unknown_types_near_a_known_one_are_mapped_and_reported(tmp_path: Path) -> None:
    caseset = load(tmp_path, one([
        {"type": "regex_absent", "pattern": "TODO|FIXME"},
        {"type": "not_match", "pattern": "lorem"},
        {"type": "contans", "value": "Dark mode"},
        {"type": "text_present", "value": "## New features"},
        {"type": "sections_present", "sections": ["## Fixes", "## Features"]}]))
    case = caseset.evals[0]
    assert case.assertions == ("not:re:TODO|FIXME", "not:re:lorem", "Dark mode",
                               "## New features", "## Fixes", "## Features")
    mapped = [f for f in caseset.findings if f.code == "EV012"]
    assert len(mapped) == 5 and all(f.case == "c" and "\"type\"" in f.fix for f in mapped)
    assert "'regex_absent' read as 'not_regex'" in mapped[0].message


def test_an_unknown_type_with_no_reading_is_refused_with_the_fix(tmp_path: Path) -> None:
    with pytest.raises(CaseSetRefused) as info:
        load(tmp_path, one([{"type": "screenshot_diff", "value": "a.png"},
                            {"type": "regex_or_text", "pattern": "a", "value": "b"}]))
    first, second = info.value.problems
    assert first.code == "EV009" and "unknown type 'screenshot_diff'" in first.message
    assert "use one of:" in first.fix and "not_regex" in first.fix
    assert "regex_or_text" in second.message


def test_section_titles_under_another_field_name_must_each_appear(tmp_path: Path) -> None:
    caseset = load(tmp_path, [{"id": "c", "prompt": "Write notes.",
                               "required_sections": ["## Features", "## Fixes"]}])
    assert caseset.evals[0].assertions == ("## Features", "## Fixes")
    assert [f.code for f in caseset.findings] == ["EV012"]


def test_a_field_name_near_a_known_one_is_mapped_when_only_one_fits(tmp_path: Path) -> None:
    caseset = load(tmp_path, [{"id": "c", "prompt": "Write notes.", "asserts": ["Features"]}])
    assert caseset.evals[0].assertions == ("Features",)
    assert "'asserts' read as 'assertions'" in caseset.findings[0].message


def test_cases_with_a_unique_name_and_no_id(tmp_path: Path) -> None:
    caseset = load(tmp_path, [{"name": "features", "prompt": "Write notes.",
                               "assertions": ["Features"]},
                              {"name": "fixes", "prompt": "Write notes.",
                               "assertions": ["Fixes"]}])
    assert [c.id for c in caseset.evals] == ["features", "fixes"]
    with pytest.raises(CaseSetRefused, match="no `id`"):
        load(tmp_path / "b", [{"name": "same", "prompt": "a", "assertions": ["x"]},
                              {"name": "same", "prompt": "b", "assertions": ["y"]}])


def test_fixtures_relative_to_evals_match_one_file_and_the_key_beside_is_never_staged(
        tmp_path: Path) -> None:
    files = {"evals/fixtures/log.txt": "PR #412", "evals/fixtures/answer_key.json": "{}"}
    skill = skill_with(tmp_path, [{"id": "c", "prompt": "Read log.txt, write NOTES.md.",
                                   "files": ["fixtures/log.txt"], "assertions": ["x"]}], files)
    caseset = load_caseset(skill, "notes")
    case = caseset.evals[0]
    assert case.files == ("evals/fixtures/log.txt",)
    assert str(case.fixture_destination(case.files[0])) == "fixtures/log.txt"
    assert "found at evals/fixtures/log.txt" in caseset.origins["c"]["files"][0]
    bundle = tarfile.open(fileobj=io.BytesIO(pack_fixtures(skill, caseset.fixture_files())))
    assert bundle.getnames() == ["evals/fixtures/log.txt"]  # never answer_key.json


def test_a_fixture_matching_several_files_is_refused_naming_them(tmp_path: Path) -> None:
    files = {"evals/a/log.txt": "1", "evals/b/log.txt": "2"}
    with pytest.raises(CaseSetRefused, match="matches several files") as info:
        load(tmp_path, [{"id": "c", "prompt": "Read log.txt.", "files": ["log.txt"],
                         "assertions": ["x"]}], files)
    assert "evals/a/log.txt" in str(info.value)


def test_depends_on_runs_the_chain_first_in_order_each_case_scored_on_its_own(
        tmp_path: Path) -> None:
    caseset = load(tmp_path, [
        {"id": 1, "prompt": "Translate in.srt to out.srt.", "files": ["evals/files/in.srt"],
         "expected_output": "A Dutch out.srt"},
        {"id": 2, "prompt": "Merge out.srt.", "depends_on": 1, "assertions": ["merged"]},
        {"id": 3, "prompt": "Validate merged.srt.", "dependsOn": [2], "assertions": ["ok"]}],
        {"evals/files/in.srt": "1"})
    one_, two, three = caseset.evals
    assert one_.chain == ()
    assert [(s.id, s.prompt) for s in two.chain] == [("1", "Translate in.srt to out.srt.")]
    assert [s.id for s in three.chain] == ["1", "2"]
    assert three.files == ("evals/files/in.srt",)  # the chain's fixtures are staged too
    assert three.assertions == ("ok",)  # scored on its own checks only


def test_a_missing_or_circular_dependency_is_refused_naming_it(tmp_path: Path) -> None:
    with pytest.raises(CaseSetRefused) as info:
        load(tmp_path, [{"id": "a", "prompt": "x", "depends_on": "b", "assertions": ["x"]},
                        {"id": "b", "prompt": "y", "depends_on": "a", "assertions": ["y"]},
                        {"id": "c", "prompt": "z", "depends_on": "gone", "assertions": ["z"]}])
    messages = {p.case: p.message for p in info.value.problems}
    assert "depends on case 'a', which depends on it again (a -> b -> a)" in messages["a"]
    assert "depends on case 'gone', which the set does not have" in messages["c"]


def test_in_says_what_the_checks_read(tmp_path: Path) -> None:
    caseset = load(tmp_path, [{"id": "t", "prompt": "a", "in": "text", "assertions": ["x"]},
                              {"id": "f", "prompt": "b", "in": "files", "assertions": ["x"]},
                              {"id": "w", "prompt": "c", "assertions": ["x"]}])
    assert [c.reads for c in caseset.evals] == [Reading.TEXT, Reading.FILES, Reading.WORK]
    with pytest.raises(CaseSetRefused, match="`in`: 'chat'"):
        load(tmp_path / "b", [{"id": "t", "prompt": "a", "in": "chat", "assertions": ["x"]}])


def test_every_problem_in_one_pass_each_with_code_file_case_and_fix(tmp_path: Path) -> None:
    cases = [{"id": "a", "prompt": "", "assertions": ["re:("]},
             {"id": "b", "prompt": "Write notes.", "files": ["missing.csv"],
              "assertions": [{"type": "screenshot"}], "depends_on": "zz"},
             {"id": "c", "prompt": "Fine.", "assertions": ["ok"]}]
    skill = skill_with(tmp_path, cases)
    with pytest.raises(CaseSetRefused) as info:
        load_caseset(skill, "notes")
    problems = info.value.problems
    assert [(p.case, p.code) for p in problems] == [("a", "EV009")] * 2 + [("b", "EV009")] * 3
    assert ["prompt must not be empty" in problems[0].message,
            "does not compile" in problems[1].message, "unknown type" in problems[2].message,
            "missing.csv" in problems[3].message, "'zz'" in problems[4].message] \
        == [True] * 5
    assert all(p.file == str(skill / "evals" / "evals.json") and p.fix for p in problems)
    assert "5 problems" in str(info.value) and info.value.exit_code == 2


def test_ev011_reads_the_prompts_own_words_not_an_infinitive_or_quoted_text() -> None:
    assert not _asks_to_write("Use the skill to improve the prompt at target/summarize.md",
                              "summarize.md")
    assert not _asks_to_write('Fix this prompt: "Write the answer to out.md and keep it '
                              'short"', "out.md")
    assert _asks_to_write("Summarise my sales please into summary.md", "summary.md")
    assert _asks_to_write("Write the release notes to NOTES.md", "NOTES.md")
    assert _asks_to_write("Save the result as a new file called out.csv", "out.csv")


def test_ev011_stages_an_input_the_prompt_asks_to_improve(tmp_path: Path) -> None:
    """The file exists relative to evals/: it is staged, not reported as an output."""
    caseset = load(tmp_path, [{"id": "c", "files": ["target/summarize.md"],
                               "prompt": "Use the skill to improve the prompt at "
                                         "target/summarize.md", "assertions": ["x"]}],
                   {"evals/target/summarize.md": "Summarize."})
    assert caseset.evals[0].files == ("evals/target/summarize.md",)
    assert [f.code for f in caseset.findings] == []


def test_ev010_reads_quoted_material_as_quoted(tmp_path: Path) -> None:
    description = 'Removes filler such as "make sure to" and "in order to".'
    caseset = load(tmp_path, [
        {"id": "pasted", "prompt": "Tighten this prompt:\n\nPlease make sure to answer in "
                                   "order to help.", "assertions": ["x"]},
        {"id": "quoted", "prompt": 'Tighten "Please make sure to answer briefly".',
         "assertions": ["x"]},
        {"id": "fenced", "prompt": "Fix:\n```\nmake sure to reply\n```", "assertions": ["x"]},
        {"id": "own", "prompt": "Make sure to tighten it.", "assertions": ["x"]},
        {"id": "alone", "prompt": 'Take out "make sure to" from it.', "assertions": ["x"]}])
    found = restated_prompts(caseset, description, "x")
    assert [f.case for f in found] == ["own", "alone"]


def test_a_scoring_key_listed_as_an_input_is_never_staged(tmp_path: Path) -> None:
    files = {"evals/fixtures/index.html": "<p>", "evals/answer-key.json": "{}"}
    caseset = load(tmp_path, [{"id": "c", "prompt": "QA the page at index.html.",
                               "files": ["fixtures/index.html", "answer-key.json"],
                               "expected_output": "Finds the planted issues."}], files)
    assert caseset.evals[0].files == ("evals/fixtures/index.html",)
    (finding,) = caseset.findings
    assert finding.code == "EV011" and "scoring key" in finding.message
    # Named by the prompt, it is an input the author meant the agent to read.
    asked = load(tmp_path / "b", [{"id": "c", "prompt": "Compare answers.txt with mine.",
                                   "files": ["answers.txt"], "assertions": ["x"]}],
                 {"evals/answers.txt": "1"})
    assert asked.evals[0].files == ("evals/answers.txt",)


def test_camel_case_fields_single_statements_markers_and_commands(tmp_path: Path) -> None:
    caseset = load(tmp_path, [
        {"id": "plan", "prompt": "Plan it.", "expectedMarkers": ["Milestone Plan", "Risks"],
         "expectedBehavior": "The plan names an owner for every milestone."},
        {"id": "neg", "prompt": "Fix pixels.", "expectedMarkers": ["do_not_trigger"],
         "expectedBehavior": "The skill is not used for pixel restoration."},
        {"id": "code", "prompt": "Write main.go.", "assertions": [
            {"name": "c", "description": "使用 due.NewContainer()", "type": "code_contains",
             "check": "due.NewContainer()"},
            {"name": "n", "description": "三个路由", "type": "code_count", "check": "Route(",
             "min_count": 3},
            {"text": "Reply asks a menu question with lettered options", "type": "output"},
            {"text": "Earlier answer", "passed": True, "evidence": "x"}]}])
    plan, code = caseset.evals
    assert plan.assertions == ("Milestone Plan", "Risks")
    assert plan.statements == ("The plan names an owner for every milestone.",)
    # a "do not trigger" marker and a statement that the skill is not used: only a routing
    # expectation, moved out of the runtime set (a trigger query)
    assert any(f.case == "neg" and "only a routing expectation" in f.message
               for f in caseset.findings)
    assert code.assertions == ("due.NewContainer()", "re:(?s)(?:.*?Route\\(){3}")
    assert code.statements == ("Reply asks a menu question with lettered options",
                               "Earlier answer")
    assert "[ignored: evidence, passed]" in caseset.origins["code"]["statements"][1]
    with pytest.raises(CaseSetRefused) as info:
        load(tmp_path / "b", [{"id": "e2e", "prompt": "Plan.", "fixture_dir": "/tmp/fx",
                               "assertions": [{"text": "queue.md has 4 rows", "type": "shell",
                                               "command": "grep -c x q.md", "expected": "4"}]}])
    place, command = info.value.problems
    assert "`fixture_dir` names '/tmp/fx', outside the skill" in place.message
    assert "runs a command" in command.message and "judge program" in command.fix


def test_ev010_phrases_between_rule_lines_are_pasted_material(tmp_path: Path) -> None:
    caseset = load(tmp_path, [
        {"id": "ruled", "prompt": "아래 글에서 AI 문체를 제거해줘.\n\n---\n이를 통해 독자께서\n---",
         "assertions": ["x"]},
        {"id": "own", "prompt": "이를 통해 글을 고쳐줘.", "assertions": ["x"]}])
    found = restated_prompts(caseset, 'Flags "이를 통해" and other filler.', "x")
    assert [f.case for f in found] == ["own"]


def test_a_fixture_lands_where_the_prompt_names_it() -> None:
    from runner.schema.case import Case

    named = Case(id="c", prompt="审计 evals/files/indexless-memory 的结构", files=("x",))
    assert str(named.fixture_destination("evals/files/indexless-memory")) == \
        "evals/files/indexless-memory"
    plain = Case(id="c", prompt="Summarise sales.csv", files=("x",))
    assert str(plain.fixture_destination("evals/files/sales.csv")) == "sales.csv"
    beside = Case(id="c", prompt="Read fixtures/index.html", files=("x",))
    assert str(beside.fixture_destination("evals/fixtures/index.html")) == "fixtures/index.html"


def test_a_fixture_written_from_another_folder_lands_as_written(tmp_path: Path) -> None:
    """`target/scorer.py`, found once at tests/fixtures/t1/target/scorer.py: the task names
    target/scorer.py, so that is where it lands."""
    from runner.trial.session import stage_fixtures

    skill = skill_with(tmp_path, [{"id": "c", "prompt": "Improve the prompt at target/a.md.",
                                   "files": ["target/a.md"], "assertions": ["x"]}],
                       {"tests/fixtures/t1/target/a.md": "Summarize."})
    case = load_caseset(skill, "notes").evals[0]
    assert case.files == ("tests/fixtures/t1/target/a.md",)
    work = tmp_path / "work"
    stage_fixtures(case, skill, work)
    assert (work / "target" / "a.md").read_text() == "Summarize."
