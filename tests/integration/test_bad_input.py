"""Bad input and misuse through the real entry point, output captured through a pipe (not a
TTY), in a deliberately long working path. Every row asserts the exit code, that the message
names the problem and the fix, that no traceback is printed, and that nothing was left behind:
no store folder, no containers (the autouse fixture), no workspace mounts, no scratch."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from runner.config import SCRATCH_ROOT
from runner.sandbox.reap import scratch_run
from tests.helpers import EXAMPLE, PROBE, ROOT, own_runs

pytestmark = pytest.mark.integration
SCRIPT = EXAMPLE / "model-script.yaml"


@dataclass
class Outcome:
    code: int
    out: str
    err: str
    seconds: float


@pytest.fixture
def deep(tmp_path: Path) -> Path:
    """A working folder with a long path: nothing may be wrapped or cut."""
    folder = tmp_path / ("a-long-folder-name-that-a-terminal-would-wrap-" * 3) / "work"
    folder.mkdir(parents=True)
    return folder


def work_mounts() -> set[str]:
    return {line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()
            if "skill-eval-work" in line}


@pytest.fixture(autouse=True)
def nothing_left_behind(docker_client: Any, tmp_path: Path) -> Iterator[None]:
    """What this test made and left (new mounts, new scratch dirs of its own runs or of no
    run); what other processes on the machine mount, stage or remove meanwhile is theirs."""
    mounts = work_mounts()
    scratch = set(SCRATCH_ROOT.iterdir()) if SCRATCH_ROOT.is_dir() else set()
    yield
    mine = own_runs(tmp_path)
    new_mounts = {m for m in work_mounts() - mounts
                  if scratch_run(Path(m).parent) in mine | {None}}
    assert new_mounts == set()
    after = set(SCRATCH_ROOT.iterdir()) if SCRATCH_ROOT.is_dir() else set()
    assert {p.name for p in after - scratch
            if scratch_run(p) in mine | {None}} <= {"bundles"}


def cli(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None,
        timeout: float = 300) -> Outcome:
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "runner", *args], cwd=cwd, text=True,
                          capture_output=True, timeout=timeout,
                          env={**os.environ, **(env or {})})
    outcome = Outcome(proc.returncode, proc.stdout, proc.stderr, time.monotonic() - started)
    assert "Traceback" not in outcome.err + outcome.out, outcome.err[-3000:]
    return outcome


def refused(outcome: Outcome, code: int, *phrases: str) -> None:
    assert outcome.code == code, (outcome.code, outcome.err[-3000:])
    text = " ".join(outcome.err.split("\n"))
    for phrase in phrases:
        assert phrase in text, (phrase, outcome.err[-3000:])


def run_args(store: Path | str, *extra: str, skill: Path = EXAMPLE) -> list[str]:
    return ["run", str(skill), "--model-script", str(SCRIPT), "--store", str(store), *extra]


def test_s3_store_without_a_bucket(deep: Path) -> None:
    refused(cli(*run_args("s3://"), cwd=deep), 2, "--store s3://", "no bucket given")
    refused(cli("stop", "r-x", "--store", "s3://", cwd=deep), 2, "no bucket given")


def test_store_with_an_unknown_scheme_creates_nothing(deep: Path) -> None:
    refused(cli(*run_args("gs://b/p"), cwd=deep), 2, "unsupported scheme gs://",
            "s3://BUCKET")
    assert list(deep.iterdir()) == []  # no local folder named gs:


def test_store_that_is_a_file_or_unwritable(deep: Path) -> None:
    blocker = deep / "store.txt"
    blocker.write_text("x")
    refused(cli(*run_args(blocker), cwd=deep), 2, f"--store {blocker}: is a file")
    refused(cli(*run_args("/proc/skill-eval-store"), cwd=deep), 2,
            "--store /proc/skill-eval-store: cannot write there", "pick a writable directory")


def test_report_path_in_a_missing_folder_is_refused_before_the_run(deep: Path) -> None:
    report = deep / "missing" / "report.json"
    refused(cli(*run_args(deep / "store", "--report-json", str(report)), cwd=deep), 2,
            f"--report-json {report}: cannot write there")
    assert not (deep / "store").exists()


def test_metrics_port_in_use(deep: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        refused(cli(*run_args(deep / "store", "--metrics-port", str(port)), cwd=deep), 2,
                f"--metrics-port {port}: cannot listen", "pick a free port")
    assert not (deep / "store").exists()


def test_ray_address_garbage_and_unreachable(deep: Path) -> None:
    refused(cli(*run_args(deep / "store", "--ray-address", "garbage"), cwd=deep), 2,
            "--ray-address garbage: expected HOST:PORT")
    dead = cli(*run_args(deep / "store", "--ray-address", "127.0.0.1:1"), cwd=deep)
    refused(dead, 3, "cannot reach the Ray cluster at 127.0.0.1:1", "ray start --head")
    assert dead.seconds < 60  # it used to hang for minutes


def test_runtime_not_registered(deep: Path) -> None:
    refused(cli(*run_args(deep / "store", "--runtime", "no-such-runtime"), cwd=deep), 3,
            "Docker runtime 'no-such-runtime' is not registered")
    assert not (deep / "store").exists()


def test_serve_model_on_an_address_it_cannot_bind() -> None:
    refused(cli("serve-model", str(SCRIPT), "--host", "203.0.113.7", timeout=60), 2,
            "--host 203.0.113.7", "cannot listen there")


def copy_example(deep: Path) -> Path:
    skill = deep / "csv-summary"
    shutil.copytree(EXAMPLE, skill)
    return skill


def test_markup_in_an_assertion_is_printed_as_written(deep: Path) -> None:
    skill = copy_example(deep)
    data = json.loads((skill / "evals/evals.json").read_text())
    data["evals"][0]["assertions"] = ["re:[/b]("]
    (skill / "evals/evals.json").write_text(json.dumps(data))
    refused(cli(*run_args(deep / "store", skill=skill), cwd=deep), 2,
            str(skill / "evals/evals.json"), "'sales-totals'", "re:[/b](", "does not compile")


def test_a_fixture_larger_than_the_workspace_cap(deep: Path) -> None:
    skill = copy_example(deep)
    with open(skill / "evals/files/sales.csv", "r+b") as handle:
        handle.truncate(600 * 1024 * 1024)  # sparse: costs no disk
    refused(cli(*run_args(deep / "store", skill=skill), cwd=deep), 2, "'sales-totals'",
            "more than the 512m working-directory cap")
    assert not (deep / "store").exists()


def test_an_invalid_model_script(deep: Path) -> None:
    script = deep / "script.yaml"
    script.write_text("scenarios: [{name: x, turns: [{}]}]\nbogus: 1\n")
    outcome = cli("run", str(EXAMPLE), "--model-script", str(script), "--store",
                  str(deep / "store"), cwd=deep)
    refused(outcome, 2, f"{script}: invalid model script", "bogus: unknown field")
    assert "errors.pydantic.dev" not in outcome.err
    assert not (deep / "store").exists()
    refused(cli("check", str(EXAMPLE), "--model-script", str(script), cwd=deep), 2,
            "invalid model script")


def test_no_key_names_the_way_out_for_run_and_batch(deep: Path) -> None:
    env = {"ANTHROPIC_API_KEY": ""}
    refused(cli("run", str(EXAMPLE), "--store", str(deep / "store"), cwd=deep, env=env), 2,
            "ANTHROPIC_API_KEY is not set", "--model-script FILE")
    batch = deep / "batch.yaml"
    batch.write_text(json.dumps({"evals": [{"skill": str(EXAMPLE)}]}))
    refused(cli("batch", str(batch), cwd=deep, env=env), 2, "`model_script:` in a batch file")
    assert not (deep / ".skill-eval").exists()


def test_a_model_script_that_matches_nothing_is_reported(deep: Path) -> None:
    script = deep / "narrow.yaml"
    script.write_text(json.dumps({"scenarios": [
        {"name": "elsewhere", "when": {"prompt": "no case says this"},
         "turns": [{"text": "ok"}]}]}))
    outcome = cli("run", str(EXAMPLE), "--model-script", str(script), "--store",
                  str(deep / "store"), "--case", "sales-totals", "--case", "row-count",
                  cwd=deep)
    refused(outcome, 2, "matched no scenario", "first prompt:", "fallback scenario")
    assert "model script:" in outcome.out  # and the report itself says so
    again = cli("run", str(EXAMPLE), "--model-script", str(script), "--store",
                str(deep / "store"), "--case", "sales-totals", "--case", "row-count", cwd=deep)
    refused(again, 2, "matched no scenario")  # a resume that ran nothing does not forget it


def test_bad_flags_and_paths(deep: Path) -> None:
    refused(cli("run", str(deep / "nope"), "--model-script", str(SCRIPT), cwd=deep), 2,
            "not a folder")
    refused(cli(*run_args(deep / "store", "--arms", "baseline,sideways"), cwd=deep), 2,
            "sideways")
    refused(cli("run", "--k", "0", str(EXAMPLE), cwd=deep), 2, "--k")


def test_long_paths_and_ids_are_never_wrapped(deep: Path) -> None:
    store = deep / "store"
    outcome = cli("run", str(PROBE), "--case", "greet", "--model-script", str(SCRIPT),
                  "--store", str(store), "--arms", "baseline,candidate", cwd=deep)
    assert outcome.code in (0, 2), outcome.err[-2000:]  # the probe has no matching scenario
    run_id = next(p.name for p in (store / "runs").iterdir())
    assert f"stored under {store}/runs/{run_id}" in outcome.err
    assert "Token authentication" not in outcome.err  # Ray's banners go to the run's log
    for line in outcome.err.splitlines():
        if line.startswith("[") and "/" in line:
            assert line.split("] ", 1)[1].split(" ")[0] == "greet"  # one line per trial
