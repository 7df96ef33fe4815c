"""bench/caseset_acceptance.py's figures: a sample (a collection) counts as accepted as
`check COLLECTION` accepts it, whatever order its skills are checked in: a skill's refused set
passed over while the others run, a hygiene error refusing it."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import make_skill


def _kit(tmp_path: Path, veg_cases: list[dict[str, Any]]) -> None:
    """A sample collection of two skills: fruit-notes with a runnable case, veg-notes with
    `veg_cases`."""
    root = tmp_path / "sample" / "owner__kit"
    for name, cases in (("fruit-notes", [{"id": "one", "prompt": "Write notes.md listing "
                                           "three fruits.", "assertions": ["apple"]}]),
                        ("veg-notes", veg_cases)):
        skill = root / "skills" / name
        (skill / "evals").mkdir(parents=True)
        (skill / "SKILL.md").write_text(f"---\nname: {name}\ndescription: Use when asked for "
                                        f"{name}.\n---\nbody\n")
        (skill / "evals" / "evals.json").write_text(json.dumps(cases))


def _bench() -> Any:
    path = Path(__file__).parents[2] / "bench" / "caseset_acceptance.py"
    spec = importlib.util.spec_from_file_location("caseset_acceptance_figures", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("refused_first", [True, False])
def test_a_collection_with_one_refused_set_is_accepted_with_it_passed_over(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], refused_first: bool) -> None:
    sample = tmp_path / "sample" / "owner__collection"
    good = [{"id": "one", "prompt": "Write notes.md listing three fruits.",
             "assertions": ["apple"]}]
    broken = [{"id": "bad", "prompt": "Write notes.md.", "assertions": {"no": "list"},
               "type": "unknown-kind"}, {"prompt": ""}]
    first, last = ("a-skill", "z-skill")
    make_skill(sample, broken if refused_first else good, name=first)
    make_skill(sample, good if refused_first else broken, name=last)
    judged = tmp_path / "judged.json"
    judged.write_text(json.dumps({"owner__collection": {"clear": True, "as_meant": True}}))
    _bench().main(tmp_path / "sample", stub=False, judged=judged)
    out = capsys.readouterr().out
    assert "refused" in out  # one skill of it was refused
    # as `check COLLECTION` lists the refused set and runs the other skill
    assert "accepted among them: 1/1" in out
    assert "1 refused skill(s) of collections passed over" in out
    assert "accepted samples with some skills refused, passed over: owner__collection (1/2)" \
        in out


def test_prose_sets_are_outside_both_figures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sample = tmp_path / "sample"
    make_skill(sample, [{"id": "one", "prompt": "Write notes.md listing three fruits.",
                         "assertions": ["apple"]}], name="fruit-notes")
    prose = sample / "prose-only"
    prose.mkdir()
    (prose / "SKILL.md").write_text("---\nname: prose-only\ndescription: Use when asked for "
                                    "prose.\n---\nbody\n")
    (prose / "evals").mkdir()
    (prose / "evals" / "test-cases.md").write_text("# Case 1\nPrompt: write a poem\n")
    judged = tmp_path / "judged.json"
    judged.write_text(json.dumps({"fruit-notes": {"clear": True, "as_meant": True},
                                  "prose-only": {"clear": True, "kind": "prose"}}))
    _bench().main(sample, stub=False, judged=judged)
    out = capsys.readouterr().out
    assert "prose 1 (outside both figures)" in out
    assert "meaning clear: 1; accepted among them: 1/1" in out


def _plugin_repo(root: Path, cases: list[dict[str, Any]]) -> Path:
    """A repository of two skills with one shared set at its root."""
    for name in ("fruit-notes", "veg-notes"):
        skill = root / "skills" / name
        skill.mkdir(parents=True)
        (skill / "SKILL.md").write_text(f"---\nname: {name}\ndescription: Use when asked for "
                                        f"{name}.\n---\nbody\n")
    (root / "evals").mkdir()
    (root / "evals" / "evals.json").write_text(json.dumps({"evals": cases}))
    return root


def test_a_skill_no_case_of_a_shared_set_names_is_not_run_and_the_sample_accepted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As `check COLLECTION`: the skill whose cases there are runs, the other is listed as
    not run; the sample is accepted (before, the skill with no case counted as refused)."""
    _plugin_repo(tmp_path / "sample" / "owner__kit", [
        {"id": "one", "expected_skill": "fruit-notes",
         "prompt": "Write notes.md listing three fruits.", "assertions": ["apple"]}])
    judged = tmp_path / "judged.json"
    judged.write_text(json.dumps({"owner__kit": {"clear": True, "as_meant": True}}))
    _bench().main(tmp_path / "sample", stub=False, judged=judged)
    out = capsys.readouterr().out
    assert "not run  owner__kit/skills/veg-notes" in out
    assert "1 skill(s) of collections no case names, not run" in out
    assert "accepted among them: 1/1" in out


def test_a_set_refused_with_several_problems_says_where_and_how_many(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The refusal line of a set with several problems names its file and their count (as
    `check` does), never an empty reason; each problem follows on its own line."""
    sample = tmp_path / "sample"
    make_skill(sample, [{"id": "a", "prompt": "Summarise notes.md.", "files": ["gone-1.md"],
                         "expectations": ["Names the three fruits"]},
                        {"id": "b", "prompt": "Summarise more.md.", "files": ["gone-2.md"],
                         "expectations": ["Names the three fruits"]}], name="fruit-notes")
    _bench().main(sample, stub=False)
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("refused  fruit-notes"))
    assert line.endswith("evals.json: 4 problem(s):")  # a fixture and a prompt input each
    assert "gone-1.md" in out and "gone-2.md" in out


def test_a_trigger_set_only_is_accepted_as_one_and_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sample = tmp_path / "sample"
    skill = sample / "fruit-notes"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: fruit-notes\ndescription: Use when the user "
                                    "asks for notes about fruit.\n---\nbody\n")
    (skill / "evals" / "trigger-queries.json").write_text(json.dumps([
        {"query": "Write me notes about apples and pears", "should_trigger": True},
        {"query": "What is the capital of France?", "should_trigger": False}]))
    _bench().main(sample, stub=False)
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("accepted fruit-notes"))
    assert "trigger set only (2 queries: 1 should trigger, 1 should not" in line
    assert "0 case(s)" not in out
    assert "1 trigger set(s) only" in out


def test_an_umbrella_skill_counts_its_skills_sets(tmp_path: Path) -> None:
    """A sample whose root SKILL.md has no set over skills/<name>/ with theirs: the bench
    checks those skills, as `check` does, not the root alone (refused: no case set)."""
    root = tmp_path / "owner__hub"
    root.mkdir()
    (root / "SKILL.md").write_text("---\nname: hub\ndescription: Use when the user asks about "
                                   "the hub.\n---\nbody\n")
    cases = [{"id": "one", "prompt": "List three fruits.", "assertions": ["apple"]}]
    make_skill(root / "skills", cases, name="fruits")
    assert [p.name for p in _bench().skills_of(root)] == ["fruits"]
    (root / "skills" / "fruits" / "evals" / "evals.json").unlink()
    assert _bench().skills_of(root) == [root]


def test_a_collections_skill_with_an_empty_set_is_not_run_and_the_sample_accepted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _kit(tmp_path, [])
    judged = tmp_path / "judged.json"
    judged.write_text(json.dumps({"owner__kit": {"clear": True, "as_meant": True}}))
    _bench().main(tmp_path / "sample", stub=False, judged=judged)
    out = capsys.readouterr().out
    assert "not run  owner__kit/skills/veg-notes: its set holds no case" in out, out
    assert "accepted among them: 1/1" in out


def test_a_collections_skill_with_no_description_is_not_run_as_check_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `check COLLECTION` leaves out a skill whose SKILL.md gives no description a run can
    # read and checks the others (exit 0): the bench counts the sample as check does; a lone
    # skill of that kind stays refused
    root = tmp_path / "sample" / "owner__kit"
    for name, head in (("fruit-notes", "---\nname: fruit-notes\ndescription: Use when asked "
                                       "for fruit notes.\n---\n"),
                       ("veg-notes", "\n")):
        skill = root / "skills" / name
        (skill / "evals").mkdir(parents=True)
        (skill / "SKILL.md").write_text(head + ("body\n" if head.strip() else ""))
        (skill / "evals" / "evals.json").write_text(json.dumps([{
            "id": "one", "prompt": "Write notes.md listing three items.",
            "assertions": ["notes.md"]}]))
    judged = tmp_path / "judged.json"
    judged.write_text(json.dumps({"owner__kit": {"clear": True, "as_meant": True}}))
    _bench().main(tmp_path / "sample", stub=False, judged=judged)
    out = capsys.readouterr().out
    assert "not run  owner__kit/skills/veg-notes: its SKILL.md has no frontmatter" in out, out
    assert "accepted among them: 1/1" in out, out


def test_a_hygiene_error_refuses_the_skill_as_check_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The bench reads a skill as `skill-eval check` does, hygiene included: a symlink out of
    the skill that SKILL.md names (HY005, an error) refuses it, so the bench never counts
    accepted what `check` refuses."""
    sample = tmp_path / "sample"
    outside = tmp_path / "card.yaml"
    outside.write_text("name: acme\n")
    skill = make_skill(sample, [{"id": "a", "prompt": "Write notes.md listing three fruits.",
                                 "assertions": ["apple"]}], name="fruit-notes",
                       skill_md="---\nname: fruit-notes\ndescription: Use when the user asks "
                                "for fruit notes.\n---\nRead card.yaml first.\n")
    link = skill / "card.yaml"
    link.symlink_to(outside)
    # the link is there and leaves the skill (what HY005 refuses), before the bench reads it
    assert link.is_symlink() and not link.resolve().is_relative_to(skill.resolve())
    assert link.read_text() == "name: acme\n"
    _bench().main(sample, stub=False)
    out = capsys.readouterr().out
    assert any(x.startswith("refused  fruit-notes") for x in out.splitlines()), out
    assert "HY005" in out
    assert "0/1 accepted" in out


def test_a_skill_whose_declared_name_no_file_system_holds_is_walked_past(
        tmp_path: Path) -> None:
    # a hostile skill's `name:` is a pasted prompt hundreds of bytes long: looking for its
    # `evals/<name>/` prose set finds nothing, never an OSError that ends the bench
    root = tmp_path / "owner__kit"
    (root / ".git").mkdir(parents=True)
    (root / "evals").mkdir()
    for name, declared in (("reviewer", "reviewer"), ("loud", "SYSTEM OVERRIDE " + "X" * 300)):
        skill = root / "skills" / name
        skill.mkdir(parents=True)
        (skill / "SKILL.md").write_text(f"---\nname: {declared}\ndescription: Use when asked "
                                        f"for {name}.\n---\nbody\n")
    (root / "skills" / "reviewer" / "evals").mkdir()
    (root / "skills" / "reviewer" / "evals" / "evals.json").write_text(json.dumps([
        {"id": "one", "prompt": "Write notes.md listing three fruits.", "assertions": ["apple"]}]))
    # the hazard is real here: asking the file system about that prose file raises
    with pytest.raises(OSError):
        (root / "evals" / ("SYSTEM OVERRIDE " + "X" * 300) / "evals.md").is_file()
    assert [p.name for p in _bench().skills_of(root)] == ["reviewer"]


@pytest.mark.parametrize("other", ["template", "unrunnable"])
def test_a_collections_skill_with_nothing_to_run_is_not_run_as_check_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], other: str) -> None:
    """A skill whose only prompt is its template's instruction, or whose every case needs a
    file on its author's machine: `check COLLECTION` lists it as not run and accepts the rest,
    so the bench counts the sample accepted too."""
    _kit(tmp_path, [{"id": "1", "prompt": "Enter your prompt here", "expectations": ["A prompt"]}]
         if other == "template" else
         [{"id": "1", "prompt": "Summarise notes.md.", "files": ["/home/ana/notes.md"],
           "expectations": ["Names the date"]}])
    judged = tmp_path / "judged.json"
    judged.write_text(json.dumps({"owner__kit": {"clear": True, "as_meant": True}}))
    _bench().main(tmp_path / "sample", stub=False, judged=judged)
    out = capsys.readouterr().out
    assert "not run  owner__kit/skills/veg-notes:" in out, out
    assert "accepted among them: 1/1" in out, out
