"""Cases with ids and no prompt beside the set's one prompt template (runner.authoring.
templates): the template filled per case from its fields and its folder's input file is its
prompt; the folder's reference answer is never sent; a limit field (`max_words_per_sentence`)
is a claim about each unit. A blank that finds nothing, or two templates, leave the set as
it was (refused)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.authoring.caseset import load_caseset
from runner.errors import CaseSetError

SKILL_MD = "---\nname: plain-words\ndescription: Use when asked to rewrite text plainly.\n---\n."
TEMPLATE = "Rewrite the text below in plain words.\n\nText:\n{{SOURCE_TEXT}}\n"


def _skill(tmp_path: Path, cases: list[dict[str, object]], files: dict[str, str]) -> Path:
    skill = tmp_path / "plain-words"
    for rel, text in {"SKILL.md": SKILL_MD, "evals/cases/cases.json": json.dumps(cases),
                      **files}.items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    return skill


def test_the_template_filled_from_the_case_folder_is_the_prompt(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [{"id": "memo", "max_words_per_sentence": 15}], {
        "evals/fixtures/prompt-template.md": TEMPLATE,
        "evals/cases/memo/source.md": "Prior to commencing, ascertain the valve state.\n",
        "evals/cases/memo/reference.md": "Before you start, check the valve.\n",
        "evals/run_eval.py": "print('scores outputs/memo.md')\n"})
    caseset = load_caseset(skill, "plain-words")
    (case,) = caseset.evals
    # the author's harness checks the outputs its own way: said, never run in silence
    assert any("(run_eval.py) is not run" in f.message for f in caseset.findings)
    assert case.prompt.startswith("Rewrite the text below")
    assert "ascertain the valve state" in case.prompt
    assert "check the valve" not in case.prompt and not case.files  # the answer never sent
    assert case.statements == ("Each sentence of the output has at most 15 words",)


def test_a_blank_filled_from_the_case_s_field(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [{"id": "t1", "topic": "the fire drill", "max_words_per_line": 9}],
                   {"evals/prompt_template.txt": "Write a notice about {{ topic }}.\n"})
    (case,) = load_caseset(skill, "plain-words").evals
    assert case.prompt == "Write a notice about the fire drill."
    assert case.statements == ("Each line of the output has at most 9 words",)


@pytest.mark.parametrize("files", [
    {"evals/fixtures/prompt-template.md": TEMPLATE},  # no source.md: the blank finds nothing
    {"evals/fixtures/prompt-template.md": TEMPLATE, "evals/other-template.md": TEMPLATE,
     "evals/cases/memo/source.md": "Text.\n"},  # two templates: which one is not said
])
def test_without_one_template_and_every_blank_the_set_stays_refused(
        tmp_path: Path, files: dict[str, str]) -> None:
    skill = _skill(tmp_path, [{"id": "memo", "max_words_per_sentence": 15}], files)
    with pytest.raises(CaseSetError):
        load_caseset(skill, "plain-words")
