"""Fixtures given inline in a case (issue 26 item 8), each form by a small set of its own,
through the real `skill-eval check`, and staged into a working directory like file fixtures."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from runner.authoring.caseset import load_caseset
from runner.cli import main
from runner.trial.session import stage_fixtures

SKILL_MD = ("---\nname: tidy-notes\ndescription: Tidies meeting notes into a summary with "
            "decisions and owners.\n---\nRead the notes, write summary.md.\n")


def skill_with(tmp_path: Path, cases: list[dict[str, Any]],
               files: dict[str, str] | None = None) -> Path:
    skill = tmp_path / "tidy-notes"
    (skill / "evals").mkdir(parents=True, exist_ok=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    for rel, text in (files or {}).items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    (skill / "evals" / "evals.json").write_text(
        json.dumps({"skill_name": "tidy-notes", "evals": cases}))
    return skill


def check(skill: Path) -> Result:
    return CliRunner().invoke(main, ["check", str(skill)])


def case(**fields: Any) -> dict[str, Any]:
    return {"id": "c", "prompt": "Tidy notes.md into summary.md.",
            "assertions": ["decisions"], **fields}


FORMS: list[Any] = [
    {"files": [{"path": "notes.md", "content": "Ana owns the budget."}]},
    {"files": [{"filename": "notes.md", "text": "Ana owns the budget."}]},
    {"files": [{"name": "notes.md", "body": "Ana owns the budget."}]},
    {"files": {"notes.md": "Ana owns the budget."}},
    {"context": {"files": [{"file": "notes.md", "content": "Ana owns the budget."}]}},
    {"context": {"notes.md": "Ana owns the budget."}},
]


def test_a_context_mapping_not_of_file_names_is_no_fixture(tmp_path: Path) -> None:
    """Negative: `context: {team: ...}` names no file: task material, never staged."""
    skill = skill_with(tmp_path, [case(context={"team": "Ana owns the budget.",
                                                "notes.md": "x"})])
    loaded = load_caseset(skill, "tidy-notes").evals[0]
    assert not loaded.inline_files


def test_every_inline_form_is_read_counted_and_staged(tmp_path: Path) -> None:
    for n, form in enumerate(FORMS):
        skill = skill_with(tmp_path / str(n), [case(**form)])
        result = check(skill)
        assert result.exit_code == 0, (form, result.output)
        assert "EV012" in result.output and "1 inline fixture(s)" in result.output, result.output
        loaded = load_caseset(skill, "tidy-notes").evals[0]
        assert loaded.inline_files == {"notes.md": "Ana owns the budget."}
        work = tmp_path / str(n) / "work"
        stage_fixtures(loaded, skill, work)
        assert (work / "notes.md").read_text() == "Ana owns the budget."


def test_inline_beside_file_fixtures_stages_both(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [case(files=["evals/files/old.md",
                                              {"path": "sub/new.md", "content": "x"}])],
                       {"evals/files/old.md": "old"})
    loaded = load_caseset(skill, "tidy-notes").evals[0]
    assert loaded.files == ("evals/files/old.md",)
    stage_fixtures(loaded, skill, tmp_path / "work")
    assert (tmp_path / "work" / "old.md").read_text() == "old"
    assert (tmp_path / "work" / "sub" / "new.md").read_text() == "x"


def test_a_path_escaping_the_work_dir_is_refused_with_the_fix(tmp_path: Path) -> None:
    for n, path in enumerate(["../up.md", "/etc/passwd", "a/../../b"]):
        skill = skill_with(tmp_path / str(n), [case(files=[{"path": path, "content": "x"}])])
        result = check(skill)
        assert result.exit_code != 0, result.output
        assert "EV009" in result.output and "relative path inside the work dir" in result.output


def test_an_oversized_inline_fixture_is_refused(tmp_path: Path) -> None:
    big = "x" * (10 * 1024**2 + 1)
    skill = skill_with(tmp_path, [case(files={"notes.md": big})])
    result = check(skill)
    assert result.exit_code != 0 and "more than 10 MiB" in result.output, result.output[:500]


def test_the_skill_itself_inline_is_refused(tmp_path: Path) -> None:
    for n, entry in enumerate([{"SKILL.md": "anything"}, {"copy.md": SKILL_MD}]):
        skill = skill_with(tmp_path / str(n), [case(files=entry)])
        result = check(skill)
        assert result.exit_code != 0, result.output
        assert "baseline arm the skill" in result.output, result.output


def test_an_answer_key_inline_is_reported(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [case(
        expected_output="Decisions: ship on Friday; Ana owns the budget; Bo books the room.",
        files={"notes.md": "Decisions: ship on Friday; Ana owns the budget; Bo books the "
                           "room."})])
    result = check(skill)
    assert "EV013" in result.output and "notes.md holds the case's expected output" \
        in result.output, \
        result.output


def test_the_digest_covers_inline_content_and_leaves_file_sets_unchanged(tmp_path: Path) -> None:
    one = load_caseset(skill_with(tmp_path / "a", [case(files={"notes.md": "A"})]),
                       "tidy-notes").evals[0]
    two = load_caseset(skill_with(tmp_path / "b", [case(files={"notes.md": "B"})]),
                       "tidy-notes").evals[0]
    assert one.digest() != two.digest()
    plain_set = load_caseset(skill_with(tmp_path / "c", [case(files=["evals/files/n.md"])],
                                        {"evals/files/n.md": "n"}), "tidy-notes")
    # the plan's and the receipts' caseset digest hash this dump: unchanged without inline
    assert "inline_files" not in plain_set.model_dump_json()
    plain = plain_set.evals[0]
    assert "inline_files" not in plain.model_dump_json(
        exclude={"grader_program", "follow_ups", "first_turn", "inline_files"})
    assert plain.digest() == plain.model_copy().digest()
    import hashlib
    legacy = plain.model_dump_json(exclude={"grader_program", "follow_ups", "first_turn",
                                            "inline_files"})
    assert plain.digest() == hashlib.sha256(legacy.encode()).hexdigest()


def test_an_input_the_prompt_names_is_staged_when_inline(tmp_path: Path) -> None:
    """The prompt names data/notes.md: staged inline, it is no missing input (EV009)."""
    prompt = "Summarise the meeting notes in data/notes.md into summary.md."
    bare = check(skill_with(tmp_path / "a", [case(prompt=prompt)]))
    assert bare.exit_code != 0 and "data/notes.md" in bare.output, bare.output
    given = skill_with(tmp_path / "b", [case(prompt=prompt,
                                             files={"data/notes.md": "Ana owns it."})])
    result = CliRunner().invoke(main, ["check", str(given), "--json"])
    assert result.exit_code == 0, result.output
    fixtures = json.loads(result.output)["cases"][0]["fixtures"]
    assert [(f["file"], f["staged_at"]) for f in fixtures] == [("data/notes.md",
                                                                "data/notes.md")]


def test_a_dependency_s_inline_fixtures_are_staged_with_the_case(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case(id="first", files={"notes.md": "Ana owns the budget."}),
        case(id="then", prompt="Add the owner to summary.md.", depends_on=["first"],
             files={"extra.md": "Bo books the room."})])
    then = next(c for c in load_caseset(skill, "tidy-notes").evals if c.id == "then")
    stage_fixtures(then, skill, tmp_path / "work")
    assert (tmp_path / "work" / "notes.md").read_text() == "Ana owns the budget."
    assert (tmp_path / "work" / "extra.md").read_text() == "Bo books the room."
