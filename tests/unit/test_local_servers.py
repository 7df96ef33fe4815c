"""A prompt reading a server on the user's machine ("check my dev project at localhost:3000")
needs what the sandbox does not have: EV014 names the address. A prompt asking the agent to
start the server itself ("start the app and check localhost:3000") needs nothing."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_verbose, write_data, write_skill_md


def _shown(tmp_path: Path, prompt: str) -> str:
    skill = write_skill_md(tmp_path / "green", "green", "Audits a web app's energy use.")
    write_data(skill / "evals" / "evals.json", {"evals": [
        {"id": 1, "prompt": prompt, "expectations": ["Reports the bundle size"]}]})
    return check_verbose(skill)


def test_the_users_local_server_is_flagged(tmp_path: Path) -> None:
    shown = _shown(tmp_path, "Check the sustainability of my dev project at localhost:3000")
    assert "EV014" in shown
    assert "'localhost:3000': a server running on the user's machine" in shown


def test_a_server_the_agent_starts_is_no_need(tmp_path: Path) -> None:
    shown = _shown(tmp_path, "Write a tiny Flask app, start it and check localhost:5000")
    assert "localhost:5000': a server running" not in shown


def test_a_start_verb_in_another_sentence_starts_no_server(tmp_path: Path) -> None:
    shown = _shown(tmp_path, "I need to set up a story map for our app. The test environment "
                             "is at http://localhost:3000. Scaffold the folders.")
    assert "'http://localhost:3000': a server running on the user's machine" in shown


def test_the_users_codebase_at_an_absolute_path_is_flagged(tmp_path: Path) -> None:
    shown = _shown(tmp_path, "Audit our app. The codebase is at /projects/grants-app and uses "
                             "Vue Router.")
    assert "'/projects/grants-app': the user's own machine" in shown
    shown = _shown(tmp_path, "Write a script that saves the report under /tmp/out.")
    assert "the user's own machine" not in shown
