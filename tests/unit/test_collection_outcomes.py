"""`check COLLECTION` reports each skill's outcome: one skill's refusal (a hygiene error) is
listed in its place, the others are still checked, and the collection is refused (exit 2) as
a run on it would be (docs/case-sets.md#collections)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from runner.authoring.collections import read_collection
from runner.cli import main
from runner.driver.collection import check_collection, refused_members
from runner.errors import RefusedInput
from runner.schema.options import RunOptions
from tests.helpers import check_cli as check
from tests.helpers import write_data, write_skill_md


def _member(root: Path, name: str, body: str = "Do the task.\n") -> Path:
    skill = write_skill_md(root / "skills" / name, name,
                           f'Writes {name} notes. Use when asked for "{name} notes".', body)
    write_data(skill / "evals/evals.json", {"skill_name": name, "evals": [
        {"id": f"{name}-1", "prompt": f"write {name}.txt holding the word READY",
         "assertions": ["READY"]}]})
    return skill


def _collection(tmp_path: Path) -> Path:
    """Three skills; `beta` ships a symlink out of itself that its SKILL.md names (HY005, an
    error: the skill would run without it)."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    _member(root, "alpha")
    beta = _member(root, "beta", "Read guide.md first.\n")
    (tmp_path / "outside.md").write_text("the guide\n")
    (beta / "guide.md").symlink_to(tmp_path / "outside.md")
    _member(root, "gamma")
    return root


def test_each_member_has_its_outcome_and_a_refused_one_refuses_the_collection(
        tmp_path: Path) -> None:
    root = _collection(tmp_path)
    coll = read_collection(root)
    assert coll is not None
    checked = check_collection(RunOptions(skill_path=root), coll)
    outcomes = {m.name: isinstance(c, RefusedInput) for m, c in checked}
    assert outcomes == {"alpha": False, "beta": True, "gamma": False}
    refusal = refused_members(checked)
    assert refusal is not None and "1 of the collection's 3 checked skill(s) refused: beta" \
        in str(refusal)
    assert refused_members([(m, c) for m, c in checked if m.name != "beta"]) is None


def test_check_lists_every_skill_and_exits_2(tmp_path: Path) -> None:
    root = _collection(tmp_path)
    result = check(str(root))
    assert result.exit_code == 2, result.output
    out = result.output
    assert "beta:\n  refused: " in out and "HY005 guide.md" in out
    assert "ok: alpha (sha256" in out and "ok: gamma (sha256" in out
    assert out.index("alpha:") < out.index("beta:") < out.index("gamma:")
    assert "1 of the collection's 3 checked skill(s) refused: beta" in out


def test_check_json_lists_every_report_and_exits_2(tmp_path: Path) -> None:
    root = _collection(tmp_path)
    result = check(str(root), "--json")
    assert result.exit_code == 2, result.output
    reports = json.loads(result.output)
    assert [(r["skill"], r["ok"]) for r in reports] == [
        ("alpha", True), ("beta", False), ("gamma", True)]
    assert any("HY005" in p["message"] for p in reports[1]["problems"])


def _two_refused(tmp_path: Path) -> Path:
    """The collection above with a second refused skill (`gamma` ships its own symlink out)."""
    root = _collection(tmp_path)
    (tmp_path / "elsewhere.md").write_text("the notes\n")
    (root / "skills" / "gamma" / "notes.md").symlink_to(tmp_path / "elsewhere.md")
    (root / "skills" / "gamma" / "SKILL.md").write_text(
        (root / "skills" / "gamma" / "SKILL.md").read_text() + "Read notes.md first.\n")
    return root


@pytest.mark.parametrize("command", ["run", "estimate"])
def test_run_and_estimate_list_every_refused_skill_and_spend_nothing(
        tmp_path: Path, command: str) -> None:
    """`run` and `estimate` refuse a collection as `check` does (the same check of every skill):
    each refused skill named with its own refusal, exit 2, no store written; never only the
    first one met."""
    root = _two_refused(tmp_path)
    script = tmp_path / "script.yaml"
    script.write_text("scenarios:\n  - name: any\n    turns:\n      - text: done\n")
    store = tmp_path / "store"
    scripted = ["--model-script", str(script)] if command == "run" else []
    result = CliRunner().invoke(main, [command, str(root), *scripted, "--store", str(store)])
    assert result.exit_code == 2, result.output
    out = result.output
    assert "beta (" in out and "HY005 guide.md" in out
    assert "gamma (" in out and "HY005 notes.md" in out
    assert "2 of the collection's 3 checked skill(s) refused: beta, gamma" in out
    assert not store.exists()
    assert not list(root.rglob("*.pyc")) and not (root / "runs").exists()


def _one_broken_set(tmp_path: Path) -> Path:
    """Three sound skills but `beta`, whose own set is a draft that does not parse."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    _member(root, "alpha")
    beta = _member(root, "beta")
    (beta / "evals/evals.json").write_text('{"skill_name": "beta", "evals": [{"id": "b-1",,]}')
    _member(root, "gamma")
    return root


def test_a_refused_set_is_said_and_the_other_skills_run(tmp_path: Path) -> None:
    """One skill's broken set no longer refuses a collection whose other skills are sound:
    it is listed as not run with its refusal (exit 0); `--strict` refuses the collection."""
    root = _one_broken_set(tmp_path)
    result = check(str(root))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "beta:\n  not run: its case set is refused, the collection's other skills run:" \
        in out and "not valid JSON" in out
    assert "ok: alpha (sha256" in out and "ok: gamma (sha256" in out
    strict = check(str(root), "--strict")
    assert strict.exit_code == 2, strict.output
    assert "1 of the collection's 3 checked skill(s) refused: beta" in strict.output


def test_estimate_prices_the_other_skills_of_a_refused_set(tmp_path: Path) -> None:
    root = _one_broken_set(tmp_path)
    result = CliRunner().invoke(main, ["estimate", str(root), "--store", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    assert "alpha" in result.output and "gamma" in result.output


def test_a_collection_every_set_of_which_is_refused_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    for name in ("alpha", "beta"):
        (_member(root, name) / "evals/evals.json").write_text("[{,]")
    result = check(str(root))
    assert result.exit_code == 2, result.output
    assert "no skill of the collection has a case that can run as written" in result.output
