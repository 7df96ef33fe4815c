"""Publishing to a team store and reading it back, through the real CLI: publish attaches the
verified receipts of the bytes, asks before publishing bytes whose newest receipt is FAIL and
refuses off a terminal without --yes; `--incumbent team` picks the published bytes (not the
newest unpublished ones) from a real S3-compatible server; an index entry or receipt edited in
place reads "not verified", never evidence."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from runner.cli import main
from runner.driver.api import preflight
from runner.history.team import published_versions
from runner.sandbox.fake import FakeSandbox
from runner.schema.enums import Arm
from runner.schema.options import RunOptions, SandboxConfig
from runner.store.base import open_store

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "csv-summary"
SCRIPT = EXAMPLE / "model-script.yaml"
FAKE = ["--sandbox", "fake", "--executor", "inprocess", "--model-script", str(SCRIPT),
        "--case", "row-count"]


def _variant(tmp_path: Path, name: str) -> Path:
    """The example skill with different bytes (so a different digest)."""
    folder = tmp_path / name / "csv-summary"
    shutil.copytree(EXAMPLE, folder)
    with open(folder / "SKILL.md", "a", encoding="utf-8") as handle:
        handle.write(f"\n<!-- version {name} -->\n")
    return folder


def _cli(args: list[str], cwd: Path, stdin_text: str | None = None
         ) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "runner", *args], cwd=cwd, env=env,
                          input=stdin_text, capture_output=True, text=True, timeout=180)


def _on_a_terminal(args: list[str], cwd: Path, answer: str) -> tuple[int, str]:
    """The command with a pseudo-terminal as stdin and stderr (where click asks); `answer`
    typed once the question shows."""
    primary, secondary = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "runner", *args], cwd=cwd, env=env,
                            stdin=secondary, stderr=secondary, stdout=subprocess.PIPE)
    os.close(secondary)
    seen = b""
    deadline = time.monotonic() + 60
    try:
        while b"anyway?" not in seen and time.monotonic() < deadline:
            try:
                seen += os.read(primary, 4096)
            except OSError:
                break
        os.write(primary, answer.encode() + b"\n")
        while time.monotonic() < deadline:  # the rest, until the command closes the terminal
            try:
                chunk = os.read(primary, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        out, _ = proc.communicate(timeout=60)
    finally:
        os.close(primary)
    return proc.returncode, seen.decode(errors="replace") + out.decode()


def _run(folder: Path, store: list[str], *extra: str) -> subprocess.CompletedProcess[str]:
    done = _cli(["run", str(folder), *FAKE, "--store", *store, *extra], folder.parent)
    assert done.returncode == 0, done.stderr
    return done


def test_incumbent_team_picks_the_published_bytes_from_s3(
        tmp_path: Path, s3_server: str, s3_bucket: str) -> None:
    team = [f"s3://{s3_bucket}/team", "--s3-endpoint-url", s3_server]
    local = str(tmp_path / "local")
    v1, v2, v3 = (_variant(tmp_path, n) for n in ("v1", "v2", "v3"))
    first = json.loads(_run(v1, [local], "--json").stdout)
    # v1 ran in a local store: publishing it to the team attaches that receipt
    published = _cli(["publish", str(v1), "--store", *team, "--from-store", local], tmp_path)
    assert published.returncode == 0, published.stderr
    assert "1 receipt(s) attached" in published.stdout
    second = json.loads(_run(v2, team, "--json").stdout)  # newer, never published
    picked = _run(v3, team, "--json", "--incumbent", "team")
    report = json.loads(picked.stdout)
    assert f"team: published version sha256 {first['skill_digest'][:12]}" in picked.stderr
    assert {c["opponent"] for c in report["comparisons"]} == {"baseline", "incumbent"}
    # `latest` would have taken the newer unpublished bytes instead
    latest = _run(v3, team, "--json", "--incumbent", "latest", "--fresh")
    assert f"latest: run {second['run_id']}" in latest.stderr
    store = open_store(team[0], s3_server)
    versions = published_versions(store, "csv-summary")
    assert [(v.skill_digest, v.receipts) for v in versions] == [
        (first["skill_digest"], [first["run_id"]])]
    card = json.loads(_cli(["evidence", "csv-summary", "--store", *team, "--json"],
                           tmp_path).stdout)
    assert [p["skill_digest"] for p in card["published"]] == [first["skill_digest"]]
    assert card["not_verified"] == []


def test_incumbent_team_without_a_published_version_runs_baseline_only(
        tmp_path: Path) -> None:
    folder = _variant(tmp_path, "v1")
    done = _run(folder, [str(tmp_path / "team")], "--json", "--incumbent", "team")
    assert "none is published" in done.stderr and "baseline only" in done.stderr
    report = json.loads(done.stdout)
    assert [c["opponent"] for c in report["comparisons"]] == ["baseline"]
    # explicit in the JSON (and so in the report's incumbent line), not "no --incumbent given"
    assert report["incumbent_note"].startswith("team: no published version of 'csv-summary'")
    assert report["incumbent_note"].endswith("(none is published): baseline only")
    # not a refusal: a CI workflow's first run gates on the baseline comparison (0, 1 or 5)
    gated = _cli(["run", str(folder), *FAKE, "--store", str(tmp_path / "team"),
                  "--incumbent", "team", "--gate"], tmp_path)
    assert gated.returncode in (0, 1, 5), gated.stderr
    assert "incumbent: team: no published version" in gated.stdout + gated.stderr


def _failing_run(folder: Path, store: Path) -> str:
    """A completed run of `folder` whose verdict is FAIL: the baseline passes row-count, the
    candidate does not."""
    opts = RunOptions.model_validate({
        "skill_path": folder, "store_uri": str(store), "model_script": SCRIPT,
        "executor": "inprocess", "case_ids": ["row-count"],
        "sandbox": SandboxConfig(backend="fake")})
    plan = preflight(opts)
    for t in plan.trials:
        if t.arm is Arm.BASELINE:
            FakeSandbox.plan[t.trial_id] = {"reply": "sales.csv has 5 rows."}
    try:
        result = CliRunner().invoke(main, ["run", str(folder), *FAKE, "--store", str(store),
                                           "--json"])
    finally:
        FakeSandbox.plan.clear()
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["verdict"] == "FAIL" and report["run_id"] == plan.run_id
    return plan.run_id


def test_publish_asks_on_fail_and_refuses_off_a_terminal_without_yes(tmp_path: Path) -> None:
    folder, store = _variant(tmp_path, "v1"), tmp_path / "team"
    run_id = _failing_run(folder, store)
    args = ["publish", str(folder), "--store", str(store)]
    code, seen = _on_a_terminal(args, tmp_path, "n")
    assert code == 0 and f"run {run_id}) is FAIL" in seen and "not published" in seen
    assert published_versions(open_store(str(store)), "csv-summary") == []
    refused = _cli(args, tmp_path, stdin_text="y\n")  # a pipe is not a terminal
    assert refused.returncode == 2 and "--yes" in refused.stderr
    assert published_versions(open_store(str(store)), "csv-summary") == []
    code, seen = _on_a_terminal(args, tmp_path, "y")
    assert code == 0 and "published csv-summary" in seen, seen
    (version,) = published_versions(open_store(str(store)), "csv-summary")
    assert version.overridden_fail and version.newest_verdict == "FAIL"
    assert version.receipts == [run_id]
    again = _cli([*args, "--yes"], tmp_path)
    assert again.returncode == 0, again.stderr


def test_an_edited_index_entry_or_receipt_reads_not_verified(tmp_path: Path) -> None:
    folder, store = _variant(tmp_path, "v1"), tmp_path / "store"
    run_id = json.loads(_run(folder, [str(store)], "--json").stdout)["run_id"]
    before = json.loads(_cli(["evidence", "csv-summary", "--store", str(store), "--json"],
                             tmp_path).stdout)
    assert before["dry_runs"] == 1 and before["not_verified"] == [] and before["run_id"] is None
    index = store / "index" / "csv-summary.json"
    data = json.loads(index.read_text())
    data["entries"][-1]["dry_run"] = False  # a dry run passed off as evidence
    index.write_text(json.dumps(data))
    card = json.loads(_cli(["evidence", "csv-summary", "--store", str(store), "--json"],
                           tmp_path).stdout)
    assert card["run_id"] is None and card["trend"] == [] and card["dry_runs"] == 0
    (bad,) = card["not_verified"]
    assert bad["run_id"] == run_id and any("dry_run" in p for p in bad["problems"])
    text = _cli(["evidence", "csv-summary", "--store", str(store)], tmp_path).stdout
    assert f"not verified (never evidence): run {run_id}" in text
    # the receipt edited to agree with the index: the stored run still says dry run
    receipt = next((store / "receipts").rglob(f"{run_id}.json"))
    forged = json.loads(receipt.read_text())
    forged["dry_run"] = forged["report"]["dry_run"] = False
    receipt.write_text(json.dumps(forged))
    card = json.loads(_cli(["evidence", "csv-summary", "--store", str(store), "--json"],
                           tmp_path).stdout)
    assert card["run_id"] is None
    assert any("report.json" in p or "plan" in p for p in card["not_verified"][0]["problems"])
    refused = _cli(["run", str(_variant(tmp_path, "v2")), *FAKE, "--store", str(store),
                    "--incumbent", "latest"], tmp_path)
    assert refused.returncode == 2 and "--incumbent latest" in refused.stderr


def test_a_batch_file_names_the_team_incumbent(tmp_path: Path) -> None:
    import yaml

    store = tmp_path / "team"
    v1, v2 = _variant(tmp_path, "v1"), _variant(tmp_path, "v2")
    _run(v1, [str(store)])
    assert _cli(["publish", str(v1), "--store", str(store)], tmp_path).returncode == 0
    batch = tmp_path / "nightly.yaml"
    batch.write_text(yaml.safe_dump({
        "store": str(store), "executor": "inprocess", "sandbox": {"backend": "fake"},
        "model_script": str(SCRIPT),
        "evals": [{"skill": str(v2), "cases": ["row-count"], "incumbent": "team"}]}))
    done = _cli(["batch", str(batch), "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)  # one eval: its report alone
    assert {c["opponent"] for c in report["comparisons"]} == {"baseline", "incumbent"}
    assert "team: published version" in done.stderr
