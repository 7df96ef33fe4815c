"""A case whose criteria expect the agent to hold off what the sandbox lacks ("未执行 docker
compose 部署": did not run the deploy; "asks for permission before reading my email") is
passable without it: EV012 says so, never "no arm can pass it" (EV014). A hold-off about
something else ("未执行 rm -rf") leaves the need reported."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_verbose, write_data, write_skill_md


def _skill(tmp_path: Path, assertions: list[str]) -> Path:
    skill = write_skill_md(tmp_path / "ship", "ship", "Ships services with docker compose.")
    write_data(skill / "evals" / "evals.json", {"evals": [
        {"id": "deploy", "prompt": "连上服务器后帮我 docker compose up 部署",
         "assertions": assertions}]})
    return skill


def test_a_case_meant_to_hold_off_is_passable(tmp_path: Path) -> None:
    shown = check_verbose(_skill(tmp_path, ["未执行 docker compose 部署", "明确引导到 deploy-ops"]))
    assert "but its criteria expect the agent to hold off" in shown
    assert "no arm can pass it" not in shown


def test_a_hold_off_about_something_else_leaves_the_need(tmp_path: Path) -> None:
    shown = check_verbose(_skill(tmp_path, ["执行 docker compose up 部署", "未执行 rm -rf"]))
    assert "EV014" in shown and "no arm can pass it" in shown and "docker" in shown
    assert "hold off" not in shown
