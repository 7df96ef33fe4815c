"""`<plugin>:<skill>` in trigger sets (issue 26, rules 2 and 3): a query expecting
`acme:tidy` expects the skill named after the colon when `acme` is the skill's plugin (the
`name` of the nearest `.claude-plugin/plugin.json` above it) or its plugin is not known; a
prefix naming another plugin is another skill, so the query expects this one NOT to fire."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from runner.authoring.skill import plugin_of
from runner.cli import main
from runner.triggers.queries import load_trigger_set

SKILL_MD = """---
name: tidy
description: Tidies notes into a sorted list. Use when asked to tidy notes.
---
Sort the lines of notes.txt into tidy.txt.
"""
ROUTED = [{"query": "please tidy my notes file", "expected": "acme:tidy"},
          {"query": "tidy these notes into a list", "expected": "tidy"},
          {"query": "tidy my notes with the other tool", "expected": "other:tidy"},
          {"query": "sort my notes the acme way", "expected": "acme:sort"},
          {"query": "what is the weather", "expected": None}]


def plugin(root: Path, queries: list[Any], name: str | None = "acme") -> Path:
    """A plugin repository: its manifest at the root (when `name`), the skill below."""
    (root / ".git").mkdir(parents=True)
    if name is not None:
        (root / ".claude-plugin").mkdir()
        (root / ".claude-plugin" / "plugin.json").write_text(json.dumps({"name": name}))
    skill = root / "skills" / "tidy"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "trigger-evals.json").write_text(json.dumps(queries))
    return skill


def sides(skill: Path) -> dict[str, bool]:
    return {q.prompt: q.should_trigger for q in load_trigger_set(skill, "tidy").queries}


def test_a_prefix_naming_the_skills_plugin_expects_it(tmp_path: Path) -> None:
    assert sides(plugin(tmp_path, ROUTED)) == {
        "please tidy my notes file": True, "tidy these notes into a list": True,
        "tidy my notes with the other tool": False,  # another plugin's tidy: another skill
        "sort my notes the acme way": False, "what is the weather": False}


def test_another_plugins_manifest_makes_its_prefix_the_one_that_expects(tmp_path: Path) -> None:
    got = sides(plugin(tmp_path, ROUTED, name="other"))
    assert got["tidy my notes with the other tool"] is True
    assert got["please tidy my notes file"] is False
    assert got["tidy these notes into a list"] is True  # the plain name is always this skill


def test_without_a_plugin_any_prefix_before_the_skills_name_names_it(tmp_path: Path) -> None:
    got = sides(plugin(tmp_path, ROUTED, name=None))
    assert got["please tidy my notes file"] is True
    assert got["tidy my notes with the other tool"] is True
    assert got["sort my notes the acme way"] is False


def test_a_skill_key_with_the_plugin_prefix_keeps_the_query(tmp_path: Path) -> None:
    queries = [{"query": "tidy my notes", "skill": "acme:tidy", "should_trigger": True},
               {"query": "tidy my notes elsewhere", "skill": "other:tidy",
                "should_trigger": True},
               {"query": "bake a cake", "skill": "acme:tidy", "should_trigger": False}]
    assert sides(plugin(tmp_path, queries)) == {"tidy my notes": True, "bake a cake": False}


def test_check_reads_the_prefixed_routing_set(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(plugin(tmp_path, ROUTED))])
    assert result.exit_code == 0, result.output
    assert "5 queries: 2 should trigger, 3 should not" in result.output


def test_the_nearest_manifest_names_the_plugin(tmp_path: Path) -> None:
    skill = plugin(tmp_path, ROUTED)
    assert plugin_of(skill) == "acme"
    inner = skill.parent.parent / ".claude-plugin"
    inner.mkdir(exist_ok=True)
    (inner / "plugin.json").write_text('{"name": "acme"}')
    nested = tmp_path / "plugins" / "inner"
    (nested / ".claude-plugin").mkdir(parents=True)
    (nested / ".claude-plugin" / "plugin.json").write_text('{"name": "inner"}')
    (nested / "skills" / "x").mkdir(parents=True)
    assert plugin_of(nested / "skills" / "x") == "inner"


def test_no_manifest_or_an_unreadable_one_names_no_plugin(tmp_path: Path) -> None:
    assert plugin_of(plugin(tmp_path / "a", ROUTED, name=None)) is None
    broken = plugin(tmp_path / "b", ROUTED)
    (broken.parent.parent / ".claude-plugin" / "plugin.json").write_text("[1, 2]")
    assert plugin_of(broken) is None
    # a manifest above the repository's root is not this skill's plugin
    outer = tmp_path / "c"
    (outer / ".claude-plugin").mkdir(parents=True)
    (outer / ".claude-plugin" / "plugin.json").write_text('{"name": "outer"}')
    assert plugin_of(plugin(outer / "repo", ROUTED, name=None)) is None


def test_a_collections_routing_set_reads_prefixed_names_per_skill(tmp_path: Path) -> None:
    skill = plugin(tmp_path, [])
    (skill / "evals" / "trigger-evals.json").unlink()
    sort = skill.parent / "sort"
    sort.mkdir()
    (sort / "SKILL.md").write_text(SKILL_MD.replace("name: tidy", "name: sort")
                                   .replace("Tidies notes into", "Sorts notes into"))
    (tmp_path / "evals").mkdir()
    (tmp_path / "evals" / "routing.json").write_text(json.dumps(ROUTED))
    assert sides(skill)["please tidy my notes file"] is True
    assert sides(skill)["tidy my notes with the other tool"] is False
    by_sort = {q.prompt: q.should_trigger for q in load_trigger_set(sort, "sort").queries}
    assert by_sort["sort my notes the acme way"] is True
    assert by_sort["please tidy my notes file"] is False
