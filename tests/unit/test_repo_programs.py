"""A program of the skill's repository that SKILL.md runs (`lilygo-skills context`, shipped as
the repository's `bin/lilygo-skills.mjs`, a package.json `bin`, a pyproject script) lies outside
the skill's folder: a trial installs the skill alone, so `check` says no arm has it (EV014).
A program the skill ships itself, or one the repository does not declare, is no such need."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import check_json, make_skill

BODY = "1. Run `facts context --json` to get the board's capsule.\n2. Answer from it.\n"


def _flags(skill: Path) -> list[str]:
    return [f["message"] for f in check_json(skill)["findings"]
            if f["code"] == "EV014" and "a program of the skill's repository" in f["message"]]


def _skill(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    return make_skill(repo / "skills", [{"id": "pins", "prompt": "Which pin drives the LED?",
                                         "expectations": ["Names GPIO 18"]}],
                      name="facts-router", skill_md="---\nname: facts-router\ndescription: "
                      "Answers board questions. Use when asked about a board.\n---\n" + BODY)


@pytest.mark.parametrize("declare", ["bin", "package", "pyproject"])
def test_a_command_the_repository_declares_is_flagged(tmp_path: Path, declare: str) -> None:
    skill = _skill(tmp_path)
    repo = tmp_path / "repo"
    if declare == "bin":
        (repo / "bin").mkdir()
        (repo / "bin" / "facts.mjs").write_text("#!/usr/bin/env node\nconsole.log('x')\n")
        (repo / "bin" / "find.mjs").write_text("export const find = 1;\n")  # a module, no command
        (skill / "SKILL.md").write_text((skill / "SKILL.md").read_text()
                                        + "```\nfind . -name '*.ino'\n```\n")
    elif declare == "package":
        (repo / "package.json").write_text(json.dumps({"name": "x", "bin": {"facts": "a.js"}}))
    else:
        (repo / "pyproject.toml").write_text('[project]\nname = "x"\n[project.scripts]\n'
                                             'facts = "x:main"\n')
    flags = _flags(skill)
    assert len(flags) == 1 and "SKILL.md runs `facts`" in flags[0], flags


def test_a_program_the_skill_ships_or_no_one_declares_is_none(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    assert _flags(skill) == []
    (tmp_path / "repo" / "bin").mkdir()
    (tmp_path / "repo" / "bin" / "facts.mjs").write_text("#!/usr/bin/env node\n")
    (skill / "scripts").mkdir()
    (skill / "scripts" / "facts.mjs").write_text("console.log('x')\n")
    assert _flags(skill) == []


def test_a_script_importing_the_repositorys_modules_is_flagged(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir()
    (repo / "lib").mkdir()
    (repo / "lib" / "utility.js").write_text("export const u = 1;\n")
    (repo / "scripts" / "calc.js").write_text(
        "import { u } from '../lib/utility.js';\nimport { v } from './local.js';\n")
    (repo / "scripts" / "local.js").write_text("export const v = 2;\n")
    (skill / "scripts").symlink_to(repo / "scripts")  # linked in, as the authors did
    (skill / "loop").symlink_to(skill)  # a link back up is walked once
    flags = [f["message"] for f in check_json(skill)["findings"]
             if f["code"] == "EV014" and "import(s)" in f["message"]]
    assert len(flags) == 1 and "scripts/calc.js import(s) ../lib/utility.js," in flags[0], flags
    (skill / "lib").mkdir()
    (skill / "lib" / "utility.js").write_text("export const u = 1;\n")
    assert not any("import(s)" in f["message"] for f in check_json(skill)["findings"])


def test_no_repository_above_means_nothing_above_is_read(tmp_path: Path) -> None:
    # an unpacked skill: the folders above are the user's (up to the system's /bin), no
    # repository's
    skill = make_skill(tmp_path / "loose", [{"id": "a", "prompt": "Which pin?",
                                             "expectations": ["Names GPIO 18"]}],
                       name="facts-router", skill_md="---\nname: facts-router\ndescription: "
                       "Answers board questions. Use when asked.\n---\n" + BODY)
    (tmp_path / "loose" / "bin").mkdir()
    (tmp_path / "loose" / "bin" / "facts").write_text("#!/bin/sh\n")
    assert _flags(skill) == []


def test_a_prose_term_in_code_and_a_typescript_source_are_no_needs(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    repo = tmp_path / "repo"
    (repo / "bin").mkdir()
    (repo / "bin" / "dev").write_text("#!/bin/sh\n")
    (skill / "SKILL.md").write_text((skill / "SKILL.md").read_text() + "Use `dev` mode.\n")
    assert _flags(skill) == []
    (skill / "scripts").mkdir()
    (skill / "scripts" / "main.ts").write_text("import { parse } from './parse.js';\n")
    (skill / "scripts" / "parse.ts").write_text("export const parse = 1;\n")
    assert not any("import(s)" in f["message"] for f in check_json(skill)["findings"])
