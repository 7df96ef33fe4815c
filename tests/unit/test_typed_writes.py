"""Typed checks named by what they keep out or write (`output_excludes`, `file_write`,
`no_file_write`), read by their words through the real `skill-eval check`; and a pointer whose
noun would sit across a sentence's end ("in this project. pr-report declares ...") is no input
the case lacks."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, make_skill

SKILL_MD = ("---\nname: conf-writer\ndescription: Writes project config files. Use when the "
            "user asks to set up a skill's config.\n---\nWrite .agents/config/x.yaml.\n")


def test_excluding_and_writing_types_are_read_by_their_words(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "propose", "prompt": "Propose a config for my-skill but write nothing yet.",
         "assertions": [{"type": "output_excludes", "value": "written"},
                        {"type": "no_file_write", "path": ".agents/config/my-skill.yaml"}]},
        {"id": "write", "prompt": "Write the config for my-skill with timeout 30.",
         "assertions": [{"type": "file_write", "path": ".agents/config/my-skill.yaml"},
                        {"type": "file_excludes", "path": ".agents/config/my-skill.yaml",
                         "value": "retries"}]}], name="conf-writer", skill_md=SKILL_MD)
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "unknown type 'output_excludes' read as 'not_contains'" in out
    assert "`.agents/config/my-skill.yaml` must not be created" in out
    assert "{type: 'file_write'} -> .agents/config/my-skill.yaml" in out
    assert "unknown type 'file_excludes' read as 'not_contains'" in out


def test_an_unknown_type_with_no_word_of_its_meaning_stays_refused(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "odd", "prompt": "Write the config for my-skill.",
         "assertions": [{"type": "generator", "value": "x"}]}],
        name="conf-writer", skill_md=SKILL_MD)
    result = check_cli(str(skill))
    assert result.exit_code == 2
    assert "unknown type 'generator'" in result.output


def test_a_pointer_never_reaches_across_a_sentence_end(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "setup", "prompt": "You are running first-run setup for the pr-report skill in "
                                  "this project. pr-report ships a config.yaml with defaults; "
                                  "write the project config.",
         "assertions": ["timeout"]},
        {"id": "review", "prompt": "Review this PR and list its risks.",
         "assertions": ["risk"]}], name="conf-writer", skill_md=SKILL_MD)
    result = check_cli(str(skill), "--strict")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if "EV009" in line]
    assert any("'review'" in line and "this PR" in line for line in lines), lines
    assert not [line for line in lines if "'setup'" in line], lines


def test_an_operand_written_as_a_sentence_about_the_check_finds_what_it_quotes(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "review", "prompt": "Review the config writer's design and give a verdict.",
         "assertions": [{"text": "Output contains '## Review:' header", "type": "contains"},
                        {"text": "Output contains a verdict (pass or needs changes)",
                         "type": "contains"},
                        {"text": "## Verdict", "type": "contains"}]}],
        name="conf-writer", skill_md=SKILL_MD)
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "(the text '## Review:' its sentence quotes)" in out
    assert "graded as a statement" in out and "(a sentence about the work)" in out
    # a plain text operand stays the text to find; the sentence itself is never one
    assert "assertion ## Verdict: must contain substring `## Verdict`" in out
    assert "must contain substring `Output contains" not in out
