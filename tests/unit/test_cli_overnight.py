"""The overnight queue through the CLI (fake sandbox, no Ray): --notify for a completed, a
stopped and a failed run and with the endpoint down; a batch holding a trigger eval; `runs
--batch` showing a batch's evals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from runner.cli import main
from runner.driver import notify
from tests.helpers import EXAMPLE, free_port, inbox

FAKE = ["--sandbox", "fake", "--executor", "inprocess", "--model-script",
        str(EXAMPLE / "model-script.yaml"), "--quiet"]


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notify, "BACKOFF_S", 0.01)


def run(tmp_path: Path, *extra: str, skill: Path = EXAMPLE) -> Result:
    return CliRunner().invoke(main, ["run", str(skill), "--case", "row-count", "--store",
                                     str(tmp_path / "store"), "--json", *FAKE, *extra])


def test_a_completed_a_stopped_and_a_failed_run_each_notify(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from runner.sandbox.fake import FakeSandbox

    with inbox() as box:
        done = run(tmp_path, "--notify", box.url)
        assert done.exit_code == 0, done.output
        # each session makes one metered model call: the first crosses the cap
        monkeypatch.setitem(FakeSandbox.plan, "*", {"model_calls": 1})
        stopped = run(tmp_path, "--notify", box.url, "--fresh", "--concurrency", "1",
                      "--k", "2", "--max-budget-usd", "0.000001", "--force")
        assert stopped.exit_code == 0, stopped.output
        failed = run(tmp_path, "--notify", box.url, skill=tmp_path / "no-such-skill")
        assert failed.exit_code == 2
    report = json.loads(done.stdout)
    completed, halted, refused = box.posts
    assert completed["event"] == "completed" and completed["command"] == "run"
    assert completed["id"] == report["run_id"]
    assert completed["runs"] == [{"run_id": report["run_id"], "skill": "csv-summary",
                                  "verdict": report["verdict"], "net_lift": report["net_lift"],
                                  "cost_usd": completed["runs"][0]["cost_usd"],
                                  "status": report["status"]}]
    assert completed["text"].startswith(f"skill-eval run completed ({report['run_id']}): "
                                        "csv-summary ")
    assert halted["event"] == "stopped" and "budget" in halted["stopped"]
    assert json.loads(stopped.stdout)["stopped"] == halted["stopped"]
    assert refused["event"] == "failed" and "no-such-skill" in refused["error"]


def test_a_run_completes_while_the_notification_endpoint_is_down(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    down = f"http://127.0.0.1:{free_port()}/hook"
    result = run(tmp_path, "--notify", down)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["verdict"]
    assert "not delivered after 3 attempt(s)" in caplog.text


def test_notify_must_be_a_url(tmp_path: Path) -> None:
    result = run(tmp_path, "--notify", "slack")
    assert result.exit_code == 2 and "http:// or https:// URL" in result.output


def library(root: Path) -> Path:
    lib = root / "library"
    for name, description in (("pdf", "Converts PDF files."), ("bread", "Bakes bread.")):
        folder = lib / name
        (folder / "evals").mkdir(parents=True)
        (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: {description}\n"
                                         "---\nbody\n")
    (lib / "pdf/evals/trigger-evals.json").write_text(json.dumps([
        {"query": "convert my pdf", "should_trigger": True},
        {"query": "bake bread", "should_trigger": False}]))
    return lib


def test_a_batch_holds_a_trigger_eval_notifies_and_lists_its_evals(tmp_path: Path) -> None:
    lib = library(tmp_path)
    script = tmp_path / "script.yaml"
    data: dict[str, Any] = yaml.safe_load((EXAMPLE / "model-script.yaml").read_text())
    data["scenarios"] = [
        {"name": "router", "when": {"purpose": "router", "prompt": "pdf"},
         "turns": [{"tool_use": {"name": "choose_skill", "input": {"skill": "pdf"}}}]},
        {"name": "router-none", "when": {"purpose": "router"},
         "turns": [{"tool_use": {"name": "choose_skill", "input": {"skill": "none"}}}]},
        *data["scenarios"]]
    script.write_text(yaml.safe_dump(data))
    batch = tmp_path / "nightly.yaml"
    batch.write_text(yaml.safe_dump({
        "store": "store", "executor": "inprocess", "sandbox": {"backend": "fake"},
        "model_script": str(script), "evals": [
            {"skill": str(EXAMPLE), "cases": ["row-count"], "k": 1},
            {"skill": str(lib / "pdf"),
             "trigger": {"skills_dir": str(lib), "mode": "catalog"}}]}))
    with inbox() as box:
        result = CliRunner().invoke(main, ["batch", str(batch), "--notify", box.url,
                                           "--quiet", "--json"])
    assert result.exit_code == 0, result.output
    (notice,) = box.posts
    assert notice["command"] == "batch" and notice["event"] == "completed"
    assert [r["skill"] for r in notice["runs"]] == ["csv-summary", "pdf"]
    assert notice["runs"][1]["verdict"] == "trigger"
    batch_id = notice["id"]
    summary = json.loads((tmp_path / f"store/runs/{batch_id}/report.json").read_text())
    trigger = summary["runs"][1]
    assert trigger["kind"] == "trigger" and trigger["recall"] == 1.0
    listed = CliRunner().invoke(main, ["runs", "--store", str(tmp_path / "store"), "--batch",
                                       batch_id])
    assert listed.exit_code == 0, listed.output
    lines = listed.stdout.splitlines()
    assert lines[0].startswith(f"batch {batch_id}: 2 eval(s)")
    assert "csv-summary" in lines[2] and "completed" in lines[2]
    unknown = CliRunner().invoke(main, ["runs", "--store", str(tmp_path / "store"),
                                        "--batch", "b-nope"])
    assert unknown.exit_code == 2 and "no such batch" in unknown.output
