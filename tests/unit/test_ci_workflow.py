"""The shipped CI workflow (deploy/ci/) is valid for GitHub Actions as actionlint reads it, and
every skill-eval command it runs uses flags the command has."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml
from click.testing import CliRunner

from runner.cli import main

CI = Path(__file__).resolve().parents[2] / "deploy" / "ci"
WORKFLOW = CI / "skill-eval.yml"


def _actionlint() -> str:
    found = shutil.which("actionlint") or shutil.which(
        "actionlint", path=str(Path(sys.executable).parent))
    assert found, "actionlint is missing: `pip install -e '.[dev]'` installs it"
    return found


def _lint(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([_actionlint(), "-no-color", "-config-file",
                           str(CI / "actionlint.yaml"), str(path)],
                          capture_output=True, text=True, timeout=60)


def test_actionlint_accepts_the_workflow_and_catches_a_planted_error(tmp_path: Path) -> None:
    clean = _lint(WORKFLOW)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOW.read_text().replace("needs.eval.result", "needs.evals.result"))
    caught = _lint(broken)
    assert caught.returncode == 1 and "evals" in caught.stdout


def _commands() -> list[list[str]]:
    jobs = yaml.safe_load(WORKFLOW.read_text())["jobs"]
    scripts = [step["run"] for job in jobs.values() for step in job["steps"] if "run" in step]
    joined = "\n".join(s.replace("\\\n", " ") for s in scripts)
    return [line.split() for line in
            (m.group(0) for m in re.finditer(r"skill-eval [a-z-]+[^\n]*", joined))]


def test_the_workflow_gates_a_pull_request_against_the_published_version() -> None:
    commands = _commands()
    by_name = {words[1]: words for words in commands}
    assert "--incumbent" in by_name["run"] and "team" in by_name["run"]
    merged = by_name["batch"]  # the shards merged by `batch --merge` (same as `merge`)
    assert {"--merge", "--junit", "--gate"} <= set(merged)
    assert "--yes" in by_name["publish"]
    for words in commands:
        usage = CliRunner().invoke(main, [words[1], "--help"], terminal_width=200).output
        for flag in (w for w in words if w.startswith("--")):
            assert re.search(rf"{re.escape(flag)}\b", usage), f"{words[1]} has no {flag}"
