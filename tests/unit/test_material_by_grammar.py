"""A prompt's material read by its grammar (issue 26, rule 6): a number before a format word
counts files only as a count of things, an ordinal or a rate counts none; a Latin word inside
Chinese text is whole; a pronoun and its verb point at nothing; material quoted after the
sentence's colon is handed over; a blank inside a command the agent is told to run is the
agent's to fill. The refusals each keeps: "this repo", "these three files", a blank the
case's notes say a harness fills (EV009)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.inputs import pointed_inputs, quoted_after_colon
from runner.authoring.kinds import uncounted_files, unstaged_kinds
from runner.authoring.prompts import agents_own_blanks, missing_inputs, told_in_a_question
from runner.schema.case import Case
from tests.helpers import check_cli, make_skill


def case(cid: str, prompt: str, **more: Any) -> dict[str, Any]:
    return {"id": cid, "prompt": prompt, "expected_output": "The answer, stated.", **more}


@pytest.mark.parametrize("prompt", [
    "Explain whether Kestrel 7 JSON mapping still applies to the old settings.",
    "Tell me if Python 3 CSV parsing keeps quotes.",
    "执行批次时，第三个文件被误删了。请给出处理结论。",
    "旧的提示要求每三個檔案回報一次。请改写成新的格式。",
    # the count governs the head noun a format word modifies: parsers, no files
    "I compared 4 different JSON validators in Go. Help me write the post about it.",
    "We tried 3 CSV loaders last week; draft a summary of what we learned."])
def test_a_number_that_counts_no_files_is_no_count(prompt: str) -> None:
    assert uncounted_files(Case(id="1", prompt=prompt), []) == []


@pytest.mark.parametrize("prompt", [
    "Merge these 3 JSON files into one.", "Merge the 3 CSVs into one.", "把这三个文件合并。",
    "Merge 4 different JSON exports into one."])
def test_a_count_of_files_still_counts(prompt: str) -> None:
    assert uncounted_files(Case(id="1", prompt=prompt), [])


def test_a_latin_word_inside_chinese_text_is_whole() -> None:
    assert pointed_inputs(Case(id="1", prompt="数据库里这个 provider 的地址不对，帮我修好。")) == []
    assert pointed_inputs(Case(id="1", prompt="帮我审查这个 PR。")) == ["这个 PR"]
    assert pointed_inputs(Case(id="1", prompt="帮我审查这个PR。")) == ["这个PR"]


def test_a_pronoun_and_its_verb_point_at_nothing() -> None:
    told = "You push a fix for the bypass. This changes the validation logic materially."
    assert pointed_inputs(Case(id="1", prompt=told)) == []
    assert pointed_inputs(Case(id="1", prompt="Summarise my changes.")) == ["my changes"]
    # the object of a verb is still the material, whatever follows it
    kept = "Review this changes the team made."
    assert pointed_inputs(Case(id="1", prompt=kept)) == ["this changes"]


@pytest.mark.parametrize("prompt", [
    "Edit this sales email opener: 'Hope you are well, I wanted to reach out about our tool.'",
    "From these meeting notes, create the tasks in our tracker: (1) 'Ada ships the fix "
    "by Friday'; (2) 'We should talk more.'",
    "Turn these meeting notes into a Word (.docx) memo with two sections: Title: 'Weekly "
    "sync notes today'.",
    "Rename Id to id in this CSV header and return the header only: Id,Name,Email"])
def test_material_quoted_after_the_sentences_colon_is_handed_over(prompt: str) -> None:
    given = Case(id="1", prompt=prompt)
    assert pointed_inputs(given) == []
    assert unstaged_kinds(given, []) == []


def test_a_screenshot_told_in_a_quote_is_handed_over() -> None:
    told = Case(id="1", prompt="Assess this screenshot: 'A scientist admitted the water will "
                "be poisoned.' It has no author.")
    assert unstaged_kinds(told, []) == []
    bare = Case(id="1", prompt="Assess this screenshot and tell me if it is real.")
    assert unstaged_kinds(bare, []) == [("this screenshot", "image")]


def test_a_colon_without_quoted_material_hands_nothing_over() -> None:
    assert not quoted_after_colon("Edit this photo into a painting: ./sample.jpg",
                                  "this photo")
    assert not quoted_after_colon("Review this repo. Then say: 'ok'", "this repo")


def test_a_blank_in_the_agents_own_command_is_the_agents() -> None:
    prompt = ("Create a scratch repository with `python evals/fixtures/setup.py drift "
              "<temp-dir>`, then run the plan inside it.")
    assert agents_own_blanks(prompt, ["<temp-dir>"], "") == ["<temp-dir>"]
    # the case's notes say a harness substitutes it: still a blank left for the harness
    assert agents_own_blanks(prompt, ["<temp-dir>"], "the harness replaces <temp-dir>") == []
    assert agents_own_blanks("Check the build in <SANDBOX>.", ["<SANDBOX>"], "") == []


def test_check_reads_the_material_as_its_author_meant(tmp_path: Path) -> None:
    fixture = {"evals/fixtures/setup.py": "import sys\n"}
    own = case("own", "Create a scratch repository with `python evals/fixtures/setup.py drift "
               "<temp-dir>`, then run the plan inside it.", files=["evals/fixtures/setup.py"])
    told = case("told", "Edit this sales email opener: 'Hope you are well, I wanted to reach "
                "out about our tool.'")
    verb = case("verb", "You push a fix for the bypass. This changes the validation logic.")
    result = check_cli(str(make_skill(tmp_path, [own, told, verb], fixture)))
    assert result.exit_code == 0, result.output
    assert "EV009" not in result.output
    assert "the agent fills it" in result.output


def test_check_still_refuses_what_the_session_would_not_have(tmp_path: Path) -> None:
    harness = case("harness", "Run `make check <SANDBOX>` and report.",
                   notes="The harness substitutes <SANDBOX> with the built sandbox path.")
    repo = case("repo", "Create a tour for this repo.")
    result = check_cli(str(make_skill(tmp_path, [harness, repo])))
    assert result.exit_code == 2, result.output
    assert "placeholder(s) <SANDBOX>" in result.output
    assert "'this repo'" in result.output


def test_these_notes_refer_back_to_what_a_sentence_before_reported() -> None:
    told = ("The drill found that the receiver missed the switch and two backups shared one "
            "power source. Turn these notes into an improvement cycle.")
    assert pointed_inputs(Case(id="1", prompt=told)) == []
    held = "I met the team on Monday. Summarise these notes."
    assert pointed_inputs(Case(id="1", prompt=held)) == ["these notes"]


def test_a_file_the_prompt_says_to_make_is_no_input_wherever_named() -> None:
    made = ("请根据以上要求写一份短报告，输出 brief.md 和 ledger.md。brief.md 是正式报告，"
            "价格只登记在 ledger.md，不得出现在 brief.md。")
    assert missing_inputs(Case(id="1", prompt=made), set()) == []
    assert missing_inputs(Case(id="1", prompt="帮我写一个脚本读取 data.csv 并统计行数。"),
                          set()) == ["data.csv"]
    assert missing_inputs(Case(id="1", prompt="Read notes.md and write summary.md."),
                          set()) == ["notes.md"]


def test_a_file_the_prompt_says_to_write_down_in_is_its_output() -> None:
    # the place of a verb of recording is the run's output; a verb of telling needs a
    # criterion holding the file as what records it ("explain the bug in app.py" is read)
    for prompt in ("Refactor src/ then record the results in `report.md`.",
                   "Run the tests and log each failure into run.log.",
                   "重构代码，然后把验证结果记录到 notes.md。"):
        assert missing_inputs(Case(id="1", prompt=prompt), set()) == [], prompt
    told = "Run the checks; if they cannot run, explain the blocker in `report.md`."
    assert missing_inputs(Case(id="1", prompt=told), set()) == ["report.md"]
    held = Case(id="1", prompt=told, statements=("report.md records the blocker.",))
    assert missing_inputs(held, set()) == []
    assert missing_inputs(Case(id="1", prompt="Explain the bug in app.py."), set()) == ["app.py"]
    assert missing_inputs(Case(id="1", prompt="Read the log in app.log and fix it."),
                          set()) == ["app.log"]


def test_check_stages_no_file_the_prompt_says_to_record_in(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, cases=[case("1", "Tidy the module and record what you "
                                                  "changed in `changes.md`.")])
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "changes.md" not in result.output


@pytest.mark.parametrize(("prompt", "phrase", "told"), [
    ("I finished my picture book manuscript. It is 2,400 words. Is that good?",
     "my picture book manuscript", True),
    ("我这个仓库昨天提交到很新了，今天 git log 显示最新提交是三天前的。怎么回事，怎么恢复？",
     "这个仓库", True),
    ("Review my branch. Is it safe to merge?", "my branch", False),
    ("I want you to review my branch. Is it safe to merge?", "my branch", False),
    ("请审查这个 PR。可以合并吗？", "这个 PR", False),
    ("Should I add an interface around this database repository?", "this database repository",
     False),
    ("I have been on this feature branch for days. Can you write me a PR description?",
     "this feature branch", False),
    ("I just cloned this repo. What can you tell me about it?", "this repo", False),
    ("Here's our old skills repo ./legacy (no metadata). What would migrating it involve?",
     "our old skills repo", False)])
def test_a_question_about_a_told_situation_holds_its_material(prompt: str, phrase: str,
                                                               told: bool) -> None:
    assert told_in_a_question(prompt, phrase) is told


def test_check_answers_a_question_about_what_the_prompt_tells(tmp_path: Path) -> None:
    told = case("told", "I finished my picture book manuscript. It is 2,400 words. Is that "
                "good?")
    asked = case("asked", "Review my branch. Is it safe to merge?")
    assert check_cli(str(make_skill(tmp_path / "a", [told]))).exit_code == 0
    result = check_cli(str(make_skill(tmp_path / "b", [asked])))
    assert result.exit_code == 2 and "'my branch'" in result.output, result.output


@pytest.mark.parametrize("prompt", [
    "This release only changes a feature flag default from false to true.",
    "Our billing page never changes the currency when the locale does.",
    "Users say our React app changes routes but the page is not announced.",
    "Testers told us our booking app changes routes, and focus stays on the old link."])
def test_changes_after_its_subject_is_the_subjects_verb(prompt: str) -> None:
    assert pointed_inputs(Case(id="1", prompt=prompt, statements=("x",))) == []


@pytest.mark.parametrize(("prompt", "pointer"), [
    ("Review our React app changes before I merge.", "our React app changes"),
    ("Review our app changes the team made yesterday.", "our app changes"),
    ("Users say our app changes broke login.", "our app changes"),
    ("Summarize my recent changes.", "my recent changes")])
def test_changes_as_the_change_set_stays_material(prompt: str, pointer: str) -> None:
    assert pointed_inputs(Case(id="1", prompt=prompt, statements=("x",))) == [pointer]
