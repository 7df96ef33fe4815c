"""Git submodules the repository declares and the snapshot lacks (runner.authoring.submodules):
a case that names one (its folder's name, its path, an alias SKILL.md gives it) and stages
nothing needs the network to fetch it (EV014); a submodule checked out, or a case naming none,
stays silent."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.submodules import absent_submodules, submodule_needs
from runner.schema.case import Case
from tests.helpers import check_json, make_skill

GITMODULES = ('[submodule "upstream/widget-kit"]\n\tpath = upstream/widget-kit\n'
              '\turl = https://example.invalid/widget-kit.git\n'
              '[submodule "upstream/present-lib"]\n\tpath = upstream/present-lib\n'
              '\turl = https://example.invalid/present-lib.git\n')
SKILL_MD = ("---\nname: picker\ndescription: Use when vendoring components from upstream "
            "(WDK = widget-kit) into this repo.\n---\n| Alias | Path |\n|---|---|\n"
            "| PL | `upstream/present-lib/` |\n\nRun `ls upstream/<alias>/`.\n")


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "upstream" / "present-lib").mkdir(parents=True)
    (root / ".gitmodules").write_text(GITMODULES)
    (root / "upstream" / "present-lib" / "README").write_text("checked out\n")
    return root


def test_absent_submodules_are_named_by_folder_path_and_alias(tmp_path: Path) -> None:
    skill = make_skill(_repo(tmp_path), [], name="picker", skill_md=SKILL_MD)
    names = absent_submodules(skill)
    # present-lib is checked out: no need; widget-kit is absent, by its name, path and alias
    assert names == {"upstream/widget-kit": "upstream/widget-kit",
                     "widget-kit": "upstream/widget-kit", "WDK": "upstream/widget-kit"}
    asks = Case(id="a", prompt="pick the button component from WDK and add it")
    staged = Case(id="b", prompt="pick the button component from WDK", files=("kit/a.md",))
    other = Case(id="c", prompt="add the button component to the preset")
    assert submodule_needs(asks, names) == ["WDK (upstream/widget-kit)"]
    assert not submodule_needs(staged, names) and not submodule_needs(other, names)
    assert absent_submodules(make_skill(tmp_path / "alone", [])) == {}  # no .gitmodules
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / ".gitmodules").write_text('[submodule "docs"]\n\tpath = docs\n')
    # a plain word at the root is no name of it (`docs` is too common a word)
    assert absent_submodules(make_skill(plain, [])) == {}


def test_check_says_a_case_on_an_absent_submodule_needs_the_network(tmp_path: Path) -> None:
    skill = make_skill(_repo(tmp_path), [
        {"id": "vendor", "prompt": "vendor the dialog skill from widget-kit into our kit",
         "expected_output": "Copies it and writes SOURCE.yaml."},
        {"id": "plain", "prompt": "write a SOURCE.yaml for a dialog skill",
         "expected_output": "A SOURCE.yaml with its fields."}], name="picker", skill_md=SKILL_MD)
    got = {f["case"]: f["message"] for f in check_json(skill)["findings"]
           if f["code"] == "EV014" and f["case"]}
    assert "vendor" in got and "a git submodule of the repository" in got["vendor"]
    assert "plain" not in got
