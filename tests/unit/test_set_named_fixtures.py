"""A path the prompt names that the set's own folder holds (`evals/fixtures/prs.json`, beside a
`fixture` field naming another file) is staged at that path (EV012), not refused (EV009); a
named path no file of the set's folder has stays refused."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.caseset import load_caseset
from tests.helpers import check_cli as check
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

PROMPT = ("/triage 12 --dry-run. Read the issue from evals/fixtures/issue-12.json and the open "
          "pull requests from evals/fixtures/prs.json, as the live API would give them.")


def _skill(tmp_path: Path, prompt: str,
           criterion: str = "Does not open a second PR for the issue") -> Path:
    skill = write_skill_md(tmp_path / "triage", "triage", "Triages an issue. Use when asked "
                           "to triage.", "Read the issue, label it.\n")
    (skill / "evals" / "fixtures").mkdir(parents=True)
    (skill / "evals" / "fixtures" / "issue-12.json").write_text('{"title": "crash"}\n')
    (skill / "evals" / "fixtures" / "prs.json").write_text('[{"number": 3}]\n')
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": 1, "prompt": prompt, "fixture": "fixtures/issue-12.json",
         "assertions": [criterion]}]})
    return skill


def test_a_file_of_the_sets_folder_the_prompt_names_is_staged(tmp_path: Path) -> None:
    skill = _skill(tmp_path, PROMPT)
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "which the set's own folder holds: staged at that path" in result.output
    case = load_caseset(skill, "triage").evals[0]
    assert set(case.files) == {"evals/fixtures/issue-12.json", "evals/fixtures/prs.json"}


def test_a_named_path_the_set_does_not_hold_stays_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path, PROMPT.replace("prs.json", "open-prs.json"),
                   "Labels the issue as a crash")
    result = check(str(skill))
    assert result.exit_code != 0 and "EV009" in result.output, result.output
    assert "'evals/fixtures/open-prs.json'" in result.output, result.output


def _files_skill(tmp_path: Path, prompt: str) -> Path:
    """A bare-list set (`input`, `rubric`) whose fixtures sit in evals/files/ and whose prompts
    name them from the set's folder, by bare name, or by an attaching tag."""
    skill = write_skill_md(tmp_path / "specs", "specs", "Writes specs. Use when asked for "
                           "a spec.", "Write the spec.\n")
    (skill / "evals" / "files").mkdir(parents=True)
    (skill / "evals" / "files" / "rig.md").write_text("# Rig\nfour arms\n")
    _write(skill / "evals" / "evals.json", [
        {"id": "a", "input": prompt, "rubric": ["Every arm is animated"]}])
    return skill


def test_a_name_the_sets_files_folder_holds_is_staged_as_the_prompt_names_it(
        tmp_path: Path) -> None:
    for prompt in ("Using the rig constraints in files/rig.md, write the animation spec.",
                   "Using the rig constraints (see rig.md), write the animation spec.",
                   "I have the rig notes (see rig.md with all four arms). Write the spec.",
                   "Write the animation spec from the attached rig notes. [file: rig.md]"):
        skill = _files_skill(tmp_path / str(abs(hash(prompt))), prompt)
        result = check(str(skill))
        assert result.exit_code == 0, (prompt, result.output)
        assert "which the set's own folder holds" in result.output, result.output
        case = load_caseset(skill, "specs").evals[0]
        assert case.files == ("evals/files/rig.md",), prompt
    landed = load_caseset(_files_skill(tmp_path / "path", "Using the rig constraints in "
                                       "files/rig.md, write the spec."), "specs").evals[0]
    assert str(landed.fixture_destination("evals/files/rig.md")) == "files/rig.md"


def test_a_name_the_sets_files_folder_does_not_hold_stays_refused(tmp_path: Path) -> None:
    skill = _files_skill(tmp_path, "Using the rig constraints in files/arm.md, write the spec.")
    result = check(str(skill))
    assert result.exit_code != 0 and "EV009" in result.output, result.output


def test_a_file_named_from_a_root_above_the_skill_lands_at_the_path_named(
        tmp_path: Path) -> None:
    # `skills/triage/evals/fixtures/prs.json`: the set's own file, named from the repository's
    # root, staged at the path the prompt names; one named from the skill's root stays put
    prompt = PROMPT.replace("from evals/fixtures/prs.json",
                            "from skills/triage/evals/fixtures/prs.json")
    skill = _skill(tmp_path / "skills", prompt)
    case = load_caseset(skill, "triage").evals[0]
    assert set(case.files) == {"evals/fixtures/issue-12.json", "evals/fixtures/prs.json"}
    assert case.staged_at == {"evals/fixtures/prs.json": "skills/triage/evals/fixtures/prs.json"}
