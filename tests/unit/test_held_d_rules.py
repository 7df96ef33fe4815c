"""Two reading rules general enough to hold on shapes not seen before: statements given as
objects (`{text, category}`) under `expectations`/`statements` are read like assertion objects,
never refused as "not strings"; and a file named inside material the prompt carries (a README
pasted after a colon) is the material's own words, not an input the case must stage."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers import check_cli as check
from tests.helpers import check_json, make_skill

SKILL_MD = ("---\nname: readme-writer\ndescription: Writes and tightens README files for "
            "command-line tools.\n---\nWrite short READMEs with real commands.\n")


def skill_with(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    return make_skill(tmp_path, cases, name="readme-writer", skill_md=SKILL_MD)


def entries(skill: Path) -> list[str]:
    return [c["entry"] for c in check_json(skill)["cases"][0]["checks"]]


def test_expectations_given_as_objects_are_read_by_their_text(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{
        "id": "diagram", "prompt": "Write a README for snapenv, a Go CLI with save and load.",
        "expectations": [
            {"text": "Shows the snapenv save command with an example", "category": "content"},
            {"statement": "Explains what the tool does in the first sentence"},
            "Includes how to install the tool"]}])
    got = entries(skill)
    assert "Shows the snapenv save command with an example" in got
    assert "Explains what the tool does in the first sentence" in got
    assert "Includes how to install the tool" in got
    # the label is not graded
    assert not any(e == "content" for e in got)


def test_a_single_expectation_object_is_one_statement(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{
        "id": "one", "prompt": "Write a README for snapenv, a Go CLI with save and load.",
        "statements": {"text": "Names all three commands", "category": "coverage"}}])
    assert entries(skill) == ["Names all three commands"]


def test_a_file_named_inside_pasted_material_is_not_an_input(tmp_path: Path) -> None:
    pasted = ("Rewrite this README to be more concise:\n\n# Welcome to DataPipe!\n\n"
              "DataPipe is a data pipeline framework.\n\n## Contributing\n"
              "Contributions welcome! See CONTRIBUTING.md.\n\n## License\nMIT\n")
    skill = skill_with(tmp_path, [{"id": "rewrite", "prompt": pasted,
                                   "assertions": ["DataPipe"]}])
    assert entries(skill) == ["DataPipe"]


def test_a_file_the_prompt_itself_names_as_input_is_still_refused(tmp_path: Path) -> None:
    """The rule above must not open a hole: named by the prompt's own words, it is missing."""
    skill = skill_with(tmp_path, [{"id": "fix", "prompt": "Review CONTRIBUTING.md and tighten "
                                   "its wording.", "assertions": ["pull request"]}])
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "CONTRIBUTING.md" in result.output and "EV009" in result.output


def _repo_with_sets(tmp_path: Path, owner: str) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for name in ("cover-letter", "cover-letter-trainer"):
        skill = repo / "skills" / name
        skill.mkdir(parents=True)
        (skill / "SKILL.md").write_text(f"---\nname: {name}\ndescription: Drafts cover "
                                        f"letters for journal submissions.\n---\nDraft.\n")
    evals = repo / "development" / "evals"
    evals.mkdir(parents=True)
    (evals / "evals.json").write_text(json.dumps({"skill_name": owner, "evals": [
        {"id": "letter", "prompt": "Draft a cover letter for a paper on soil microbes.",
         "assertions": ["Dear Editor"]}]}))
    return repo


def test_a_set_elsewhere_in_the_repository_that_names_the_skill_is_its_set(
        tmp_path: Path) -> None:
    repo = _repo_with_sets(tmp_path, "cover-letter")
    result = check(str(repo / "skills" / "cover-letter"), "--json")
    assert result.exit_code == 0, result.output
    assert [c["id"] for c in json.loads(result.output)["cases"]] == ["letter"]
    # the other skill of the repository is not given a set it does not own
    other = check(str(repo / "skills" / "cover-letter-trainer"))
    assert other.exit_code == 2 and "no case set" in other.output


def test_a_set_elsewhere_that_names_no_skill_is_not_taken(tmp_path: Path) -> None:
    repo = _repo_with_sets(tmp_path, "")
    result = check(str(repo / "skills" / "cover-letter"))
    assert result.exit_code == 2 and "no case set" in result.output


def test_outside_a_git_repository_no_set_is_taken_from_the_neighbours(tmp_path: Path) -> None:
    """Without a repository around it, the folders beside the skill's parents may be anyone's
    (a temp dir, a download folder): a set there naming a skill of the same name is not it."""
    repo = _repo_with_sets(tmp_path, "cover-letter")
    (repo / ".git").rmdir()
    result = check(str(repo / "skills" / "cover-letter"))
    assert result.exit_code == 2 and "no case set" in result.output


def test_a_file_of_the_skill_named_from_the_repository_root_is_found(tmp_path: Path) -> None:
    repo = _repo_with_sets(tmp_path, "cover-letter")
    assets = repo / "skills" / "cover-letter" / "assets"
    assets.mkdir()
    (assets / "payload.example.json").write_text('{"journal": "Soil Biology"}')
    evals = repo / "development" / "evals" / "evals.json"
    data = json.loads(evals.read_text())
    data["evals"][0]["files"] = ["skills/cover-letter/assets/payload.example.json"]
    evals.write_text(json.dumps(data))
    result = check(str(repo / "skills" / "cover-letter"), "--json")
    assert result.exit_code == 0, result.output
    case = json.loads(result.output)["cases"][0]
    assert "skills/cover-letter/assets/payload.example.json" in json.dumps(case)


def test_an_item_marked_optional_is_reported_and_not_graded(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{
        "id": "chart", "prompt": "Suggest a chart for monthly revenue by region.",
        "assertions": ["Recommends a grouped bar chart",
                       "Optionally proposes a small-multiple view",
                       "(optional) mentions a colour-blind safe palette"]}])
    assert entries(skill) == ["Recommends a grouped bar chart"]
    plain = check(str(skill))
    assert plain.output.count("marked optional, not graded") == 2, plain.output


def test_an_absence_joined_to_an_action_after_a_dash_needs_its_quote() -> None:
    from runner.scoring.absence import states_absence

    assert not states_absence("Does NOT proceed to Phase 1 — asks the user to clarify")
    assert not states_absence("Does not guess the value - asks for it")
    # a dash that only goes on denying is still one absence
    assert states_absence("Does not use jargon — not even once")
    assert states_absence("No em dash")
