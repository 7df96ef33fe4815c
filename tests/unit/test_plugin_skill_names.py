"""A shared set's case naming its skill as Claude Code names a plugin's skill,
`<plugin>:<skill>`: the part after the last colon is the skill; the part before tells two
plugins' skills of one name apart by the plugin folder the skill sits in. And what must stay
as it was: a misspelt skill refused, another plugin's cases left to it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from runner.authoring.collections import read_collection
from runner.authoring.layouts import naming_entries, skill_part
from runner.cli import main
from tests.helpers import careful_skill_md

skill_md = careful_skill_md


def plugins(tmp_path: Path, skills: list[tuple[str, str]], cases: list[dict[str, Any]]) -> Path:
    """A repository of plugins, `<plugin>/skills/<skill>/`, one shared evals/evals.json."""
    repo = tmp_path / "marketplace"
    (repo / ".git").mkdir(parents=True)
    for plugin, name in skills:
        skill_md(repo / plugin / "skills" / name, name)
    (repo / "evals").mkdir()
    (repo / "evals" / "evals.json").write_text(json.dumps({"evals": cases}))
    return repo


def case(ident: str, skill: str) -> dict[str, Any]:
    return {"id": ident, "skill": skill, "prompt": f"Help with {ident} in the garden shed.",
            "assertions": [f"mentions {ident}"]}


def ids(result: Result) -> list[str]:
    report = json.loads(result.output)
    return [c["id"] for c in report["cases"]]


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_the_skill_is_the_part_after_the_last_colon() -> None:
    assert skill_part("flutter:state-management") == "state-management"
    assert skill_part("acme:tools:lint") == "lint"
    assert skill_part("lint") == "lint"
    named = [["kit:tidy-notes"], ["draft-mail"], ["kit:draft-mail-v2"]]
    assert naming_entries(named, ["tidy-notes"]) == {"kit:tidy-notes"}
    assert naming_entries(named, ["draft-mail"]) == {"draft-mail"}  # not draft-mail-v2


def test_a_skill_named_with_its_plugin_is_checked_on_its_cases(tmp_path: Path) -> None:
    repo = plugins(tmp_path, [("flutter", "state-management"), ("dart", "async")],
                   [case("s1", "flutter:state-management"), case("a1", "dart:async"),
                    case("s2", "flutter:state-management")])
    result = cli("check", str(repo / "flutter" / "skills" / "state-management"), "--json")
    assert result.exit_code in (0, 1), result.output
    assert ids(result) == ["s1", "s2"]
    found = read_collection(repo)
    assert found is not None and sorted(m.name for m in found.running) == [
        "async", "state-management"]


def test_two_plugins_skills_of_one_name_are_told_apart_by_plugin(tmp_path: Path) -> None:
    repo = plugins(tmp_path, [("flutter", "analyze"), ("dart", "analyze")],
                   [case("f1", "flutter:analyze"), case("d1", "dart:analyze"),
                    case("f2", "flutter:analyze")])
    flutter = cli("check", str(repo / "flutter" / "skills" / "analyze"), "--json")
    dart = cli("check", str(repo / "dart" / "skills" / "analyze"), "--json")
    assert ids(flutter) == ["f1", "f2"], flutter.output
    assert ids(dart) == ["d1"], dart.output


def test_a_misspelt_or_other_plugins_skill_is_still_not_this_one(tmp_path: Path) -> None:
    repo = plugins(tmp_path, [("flutter", "state-management"), ("dart", "async")],
                   [case("s1", "flutter:state-managment"), case("a1", "dart:async")])
    result = cli("check", str(repo))
    assert result.exit_code == 2, result.output
    assert "flutter:state-managment" in result.output and "does not hold" in result.output
    alone = cli("check", str(repo / "flutter" / "skills" / "state-management"))
    assert alone.exit_code == 2, alone.output
    assert "no case of this shared set names skill 'state-management'" in alone.output


def test_the_plugin_manifest_names_the_plugin_whatever_its_folder(tmp_path: Path) -> None:
    repo = plugins(tmp_path, [("flutter-kit", "analyze"), ("dart-kit", "analyze")],
                   [case("f1", "flutter:analyze"), case("d1", "dart:analyze")])
    for folder, name in (("flutter-kit", "flutter"), ("dart-kit", "dart")):
        (repo / folder / ".claude-plugin").mkdir()
        (repo / folder / ".claude-plugin" / "plugin.json").write_text(json.dumps({"name": name}))
    flutter = cli("check", str(repo / "flutter-kit" / "skills" / "analyze"), "--json")
    assert ids(flutter) == ["f1"], flutter.output
    # without manifests, neither folder names a prefix: no case is this skill's
    for folder in ("flutter-kit", "dart-kit"):
        (repo / folder / ".claude-plugin" / "plugin.json").unlink()
    assert cli("check", str(repo / "flutter-kit" / "skills" / "analyze")).exit_code == 2


def test_a_shared_set_may_name_a_skill_by_its_frontmatter_id(tmp_path: Path) -> None:
    """A collection that keys its skills by a frontmatter `id` (`id: seo.seo-audit`) names
    them so in its shared set: that id is the skill's, and the collection runs each."""
    repo = tmp_path / "kit"
    (repo / ".git").mkdir(parents=True)
    for group, name in (("07-seo", "seo-audit"), ("11-email", "nurture")):
        folder = repo / "skills" / group / name
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(
            f"---\nid: {group[3:]}.{name}\nname: {name.title()} Guide\ndescription: Plan "
            f"the {name} work for a small shop. Use when asked about {name}.\n---\n\nBody.\n")
    (repo / "evals").mkdir()
    (repo / "evals" / "cases.json").write_text(json.dumps({"cases": [
        case("s1", "seo.seo-audit"), case("e1", "email.nurture"), case("s2", "seo.seo-audit")]}))
    seo = cli("check", str(repo / "skills" / "07-seo" / "seo-audit"), "--json")
    assert ids(seo) == ["s1", "s2"], seo.output
    found = read_collection(repo)
    assert found is not None and sorted(m.name for m in found.running) == ["nurture",
                                                                           "seo-audit"]


def test_a_field_of_the_authors_own_naming_each_cases_skill(tmp_path: Path) -> None:
    """`expected_controller: <skill>` in every case of a shared set, a skill of the repository
    each, two or more among them: the field names each case's skill (read, not graded)."""
    repo = tmp_path / "writing"
    (repo / ".git").mkdir(parents=True)
    for name in ("draft", "polish"):
        skill_md(repo / "skills" / name, name)
    (repo / "evals").mkdir()
    cases = [{**case(ident, ""), "expected_controller": owner, "expected_mode": "converge"}
             for ident, owner in (("d1", "draft"), ("p1", "polish"), ("d2", "draft"))]
    for item in cases:
        item.pop("skill")
    (repo / "evals" / "cases.json").write_text(json.dumps(cases))
    result = cli("check", str(repo / "skills" / "draft"), "--json")
    assert ids(result) == ["d1", "d2"], result.output
    assert "controller" not in result.output  # read as the owner, never graded
    found = read_collection(repo)
    assert found is not None and sorted(m.name for m in found.running) == ["draft", "polish"]
