"""The skill's own programs (issue 28.1): a case's judge program and an author's grader
program are the skill's code. Attack: the judge program writes a marker on the host and
connects to a listener on the host's loopback. Shown first that the attack runs where nothing
holds it (--sandbox local --trust-target: the marker is written, the listener is reached);
then that without --trust-target the same run is refused before anything starts (exit 2, the
reason named, the marker never written); and that in the default container sandbox the program
ran (its output says what it tried) and reached neither the host's files nor its network."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from tests.helpers import ROOT
from tests.security.test_network import Listener

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: judged
description: Answers questions in answer.txt. Use when asked to answer in a file.
---
Write the answer to answer.txt.
"""
JUDGE = """import pathlib, socket, sys
marker = pathlib.Path(MARKER)
try:
    marker.write_text("the judge program ran here")
    print("MARKER WRITTEN")
except OSError as exc:
    print(f"no marker: {exc}")
try:
    socket.create_connection(("127.0.0.1", PORT), timeout=3).close()
    print("LISTENER REACHED")
except OSError as exc:
    print(f"offline: {exc}")
sys.exit(0)
"""


@pytest.fixture(scope="module")
def host_claude(tmp_path_factory: pytest.TempPathFactory, docker_client: Any) -> Iterator[Path]:
    """The image's own claude, copied out to run on the host (--sandbox local)."""
    folder = tmp_path_factory.mktemp("claude-bin")
    container = docker_client.containers.create("skill-eval-sandbox:latest",
                                                labels={"skill-eval.test": "programs"})
    try:
        bits, _ = container.get_archive("/usr/local/bin/claude")
        archive = folder / "claude.tar"
        with archive.open("wb") as out:
            for chunk in bits:
                out.write(chunk)
        shutil.unpack_archive(archive, folder)
        archive.unlink()
    finally:
        container.remove(force=True)
    yield folder / "claude"


def make_skill(root: Path, marker: Path, port: int) -> Path:
    skill = root / "judged"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    program = JUDGE.replace("MARKER", repr(str(marker))).replace("PORT", str(port))
    (skill / "evals" / "check.py").write_text(program)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "judged", "evals": [
        {"id": "answer", "prompt": "Write the answer to answer.txt.",
         "judge": "evals/check.py"}]}))
    (root / "script.yaml").write_text(yaml.safe_dump({"scenarios": [{"name": "any", "turns": [
        {"tool_use": {"name": "Bash", "input": {"command": "echo 42 > answer.txt"}}},
        {"text": "Done."}]}]}))
    return skill


def cli(root: Path, skill: Path, *args: str, env: dict[str, str] | None = None
        ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "runner", "run", str(skill), "--model-script",
         str(root / "script.yaml"), "--store", str(root / "store"), "--executor", "inprocess",
         "--fresh", *args], cwd=ROOT, text=True, capture_output=True,
        timeout=600, env={**os.environ, **(env or {})})


def program_output(root: Path) -> str:
    store = LocalStore(root / "store")
    (run_id,) = [p.name for p in (root / "store" / "runs").iterdir()]
    keys = RunKeys(run_id)
    said = []
    for key in store.list(f"runs/{run_id}/trials/"):
        if key == keys.trial(key.split("/")[3]).done:
            (check,) = json.loads(store.get(key))["scores"]["program"]["checks"]
            said.append(check["evidence"] or check["detail"])
    return " ".join(said)


def test_a_judge_program_runs_on_the_host_only_with_trust_target(
        tmp_path: Path, host_claude: Path) -> None:
    listener = Listener()
    try:
        marker = tmp_path / "host-marker"
        skill = make_skill(tmp_path, marker, listener.port)
        env = {"SKILL_EVAL_CLAUDE": str(host_claude)}

        # the attack works where nothing holds it: vouched for, on the host
        trusted = cli(tmp_path, skill, "--sandbox", "local", "--trust-target", env=env)
        assert trusted.returncode in (0, 1), trusted.stderr[-3000:]
        assert marker.read_text() == "the judge program ran here"
        assert listener.accepted >= 1 and "LISTENER REACHED" in program_output(tmp_path)

        # not vouched for: refused before anything starts, the marker never written
        marker.unlink()
        shutil.rmtree(tmp_path / "store")
        reached = listener.accepted
        refused = cli(tmp_path, skill, "--sandbox", "local", env=env)
        assert refused.returncode == 2, refused.stderr[-3000:]
        text = " ".join(refused.stderr.split())
        assert "--trust-target" in text and "evals/check.py" in text, text
        assert "Traceback" not in refused.stderr
        assert not marker.exists() and listener.accepted == reached
        assert not (tmp_path / "store").exists()  # nothing written, nothing started
    finally:
        listener.close()


def test_in_the_container_sandbox_the_judge_program_reaches_neither_host_nor_network(
        tmp_path: Path, docker_client: Any) -> None:
    listener = Listener()
    try:
        marker = tmp_path / "host-marker"
        skill = make_skill(tmp_path, marker, listener.port)
        done = cli(tmp_path, skill)  # the default: docker, no --trust-target needed
        assert done.returncode in (0, 1), done.stderr[-3000:]
        said = program_output(tmp_path)
        assert "no marker:" in said and "offline:" in said, said  # it ran, and tried both
        assert "MARKER WRITTEN" not in said and "LISTENER REACHED" not in said, said
        assert not marker.exists() and listener.accepted == 0
    finally:
        listener.close()
