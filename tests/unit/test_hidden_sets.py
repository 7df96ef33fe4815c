"""A case set under a hidden, nested folder of vendored skills (`agents/.agents/skills/x/
evals/`) is not read with the collection, and never dropped in silence: `check` on the
collection says it found it and whether its skill is one of those checked."""

from __future__ import annotations

import json
from pathlib import Path

from runner.authoring.collections import read_collection
from tests.helpers import careful_skill_md, check_cli


def _set(folder: Path, skill: str, prompt: str) -> None:
    (folder / "evals").mkdir(parents=True)
    (folder / "evals" / "evals.json").write_text(json.dumps(
        {"skill_name": skill, "evals": [{"id": "a", "prompt": prompt,
                                         "assertions": ["done"]}]}))


def repo_with_vendored(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for name in ("tidy-notes", "draft-mail"):
        careful_skill_md(repo / "skills" / name, name)
        _set(repo / "skills" / name, name, f"Please {name.replace('-', ' ')}: ship Friday.")
    vendored = repo / "agents" / ".agents" / "skills"
    careful_skill_md(vendored / "plan-trip", "plan-trip")
    _set(vendored / "plan-trip", "plan-trip", "Plan a trip to Lisbon for two days.")
    careful_skill_md(vendored / "tidy-notes", "tidy-notes")  # a copy of a member
    _set(vendored / "tidy-notes", "tidy-notes", "Please tidy notes: ship Monday.")
    return repo


def test_a_vendored_set_is_said_with_whose_it_is(tmp_path: Path) -> None:
    repo = repo_with_vendored(tmp_path)
    found = read_collection(repo)
    assert found is not None
    assert sorted(m.name for m in found.running) == ["draft-mail", "tidy-notes"]
    lines = [n for n in found.notes if "hidden folder" in n]
    assert len(lines) == 2, found.notes
    (other,) = [n for n in lines if "plan-trip/evals/evals.json" in n]
    assert "none of the skills checked here" in other
    assert "skill-eval check " in other
    (copy,) = [n for n in lines if ".agents/skills/tidy-notes/evals" in n]
    assert "a copy of this collection's skill 'tidy-notes'" in copy
    assert str(repo / "skills" / "tidy-notes" / "evals" / "evals.json") in copy
    shown = check_cli(str(repo)).output
    assert "a case set under a hidden folder, not read" in shown


def test_no_hidden_set_no_line(tmp_path: Path) -> None:
    """Negative: a vendored skill with no set, and a collection without any, say nothing."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for name in ("tidy-notes", "draft-mail"):
        careful_skill_md(repo / "skills" / name, name)
        _set(repo / "skills" / name, name, f"Please {name.replace('-', ' ')}: ship Friday.")
    careful_skill_md(repo / "agents" / ".agents" / "skills" / "plan-trip", "plan-trip")
    found = read_collection(repo)
    assert found is not None and not any("hidden folder" in n for n in found.notes)


def test_check_of_one_skill_says_the_repositorys_hidden_sets(tmp_path: Path) -> None:
    repo = repo_with_vendored(tmp_path)
    mail = check_cli(str(repo / "skills" / "draft-mail"), "-v").output
    lines = [line for line in mail.splitlines() if "hidden folder of the repository" in line]
    assert len(lines) == 2, mail
    assert any("plan-trip/evals/evals.json (the skill 'plan-trip', not this one)" in line
               for line in lines)
    notes = check_cli(str(repo / "skills" / "tidy-notes"), "-v").output
    assert "(a vendored copy of this skill ('tidy-notes'): not read" in notes


def test_a_skill_outside_a_known_repository_looks_no_further(tmp_path: Path) -> None:
    """Negative: no `.git` and no `skills/` folder: the folders above are not searched (they
    may hold other people's repositories)."""
    careful_skill_md(tmp_path / "other" / ".agents" / "skills" / "plan-trip", "plan-trip")
    _set(tmp_path / "other" / ".agents" / "skills" / "plan-trip", "plan-trip",
         "Plan a trip to Lisbon for two days.")
    skill = careful_skill_md(tmp_path / "mine" / "tidy-notes", "tidy-notes")
    _set(skill, "tidy-notes", "Please tidy notes: ship Friday.")
    assert "hidden folder" not in check_cli(str(skill), "-v").output
