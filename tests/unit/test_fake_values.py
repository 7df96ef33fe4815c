"""A prompt's `<X>` that says it is no real value (`<EXAMPLE_CREDENTIAL_NOT_A_REAL_SECRET>`,
`<REDACTED>`), or that the words before it call fake or synthetic, is what the user pasted:
sent as written (EV012), never a placeholder refused (EV009). A blank with no such word stays
refused. A field holding the author's harness setting (`eval_mode: full_test`) is never sent
to the agent as material."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.prompts import fake_values, placeholders
from tests.helpers import check_cli as check
from tests.helpers import write_data, write_skill_md


def _skill(tmp_path: Path, prompt: str, **extra: object) -> Path:
    skill = write_skill_md(tmp_path / "secrets", "secrets", "Handles leaked credentials.")
    write_data(skill / "evals" / "evals.json", {"evals": [
        {"id": 1, "prompt": prompt, "expectations": ["Does not repeat the credential"],
         **extra}]})
    return skill


def test_a_value_calling_itself_fake_is_sent_as_written(tmp_path: Path) -> None:
    got = check(str(_skill(tmp_path, "I pasted this test credential in chat: "
                                     "<EXAMPLE_CREDENTIAL_NOT_A_REAL_SECRET>. What now?")), "-v")
    assert got.exit_code == 0, got.output
    assert "<EXAMPLE_CREDENTIAL_NOT_A_REAL_SECRET>: a stand-in value" in got.output


def test_the_words_before_a_blank_can_call_it_synthetic(tmp_path: Path) -> None:
    prompt = "Here is a synthetic token I leaked: <TOKEN>. Should I rotate it?"
    assert fake_values(prompt, placeholders(prompt)) == ["<TOKEN>"]
    got = check(str(_skill(tmp_path, prompt)))
    assert got.exit_code == 0, got.output


def test_a_blank_with_no_such_word_is_still_refused(tmp_path: Path) -> None:
    prompt = "I pasted my key in chat: <API_KEY>. What now?"
    assert fake_values(prompt, placeholders(prompt)) == []
    got = check(str(_skill(tmp_path, prompt)))
    assert got.exit_code == 2, got.output
    assert "EV009" in got.output and "<API_KEY>" in got.output


def test_a_harness_setting_is_not_sent_as_material(tmp_path: Path) -> None:
    got = check(str(_skill(tmp_path, "I leaked a password in a commit. What now?",
                           eval_mode="full_test")), "-v")
    assert got.exit_code == 0, got.output
    assert "`eval_mode` sent with the prompt" not in got.output
    assert "eval_mode (metadata, not graded)" in got.output


def test_an_identifier_value_is_a_setting_not_material(tmp_path: Path) -> None:
    got = check(str(_skill(tmp_path, "I leaked a password in a commit. What now?",
                           mode="manual_dry_run")), "-v")
    assert got.exit_code == 0, got.output
    assert "`mode` sent with the prompt" not in got.output
    assert "mode (metadata, not graded)" in got.output


def test_a_field_named_in_the_prompt_only_as_a_word(tmp_path: Path) -> None:
    # `actual` (the author's recorded answer) is not referred to by "actually"
    got = check(str(_skill(tmp_path, "I actually leaked a password. What now?",
                           actual="Rotate it at once and revoke the old one.")), "-v")
    assert got.exit_code == 0, got.output
    assert "`actual` sent with the prompt" not in got.output


def test_a_file_name_left_blank_is_a_placeholder(tmp_path: Path) -> None:
    skill = _skill(tmp_path, "Fix this exported conversation file: <export.txt>, its lines "
                             "wrap badly.")
    (skill / "SKILL.md").write_text((skill / "SKILL.md").read_text()
                                    + "\nRun: python fix.py <export.txt>\n")
    got = check(str(skill))
    assert got.exit_code == 2, got.output
    assert "placeholder(s) <export.txt>" in got.output


@pytest.mark.parametrize(("prompt", "blanks"), [
    ("Optimize this article:\n\n[Complete blog post text follows.]",
     ["[Complete blog post text follows.]"]),
    ("Review this: [paste your article here]", ["[paste your article here]"]),
    ("Here is the log:\n[full transcript omitted]", ["[full transcript omitted]"]),
    ("See [1] and [the docs]", []), ("Use the list [a, b, c]", []),
    # a link's text, and a note inside a pasted log line, are none
    ("Read [the section that follows](#usage) first.", []),
    ("Log:\n2024-05-01 [worker-3 output truncated] done", []),
    # in Chinese, in any bracket; a bracket that only qualifies ("用（简体）中文") is none
    ("请把这部法律做成思维导图：[假设用户粘贴了全文文本]", ["[假设用户粘贴了全文文本]"]),
    ("合同如下【此处粘贴合同】", ["【此处粘贴合同】"]), ("请总结（正文略）", ["（正文略）"]),
    ("用（简体）中文回答，把粘贴板内容整理一下", []),
    ("整理成表格（方便直接复制粘贴到 Excel），写一份周报模板（可以直接贴上正文）", []),
])
def test_a_note_standing_where_the_material_should_be_is_a_placeholder(
        prompt: str, blanks: list[str]) -> None:
    """"[Complete blog post text follows.]": the material the note stands for was never
    pasted, so the session would receive the note: a blank (EV009), as `<YOUR_TEXT>` is."""
    assert placeholders(prompt) == blanks
