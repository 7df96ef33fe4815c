"""Trigger evaluation in real sessions: fresh containers, the skill among a library, the
scripted endpoint routing on the catalog claude offers it."""

from __future__ import annotations

import json
import secrets
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from runner.driver.triggers import run_trigger
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from tests.helpers import ROOT

pytestmark = pytest.mark.integration


def skill(root: Path, name: str, description: str) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: {description}\n---\n"
                                     f"You are the {name} skill.\n")
    return folder


def load(name: str) -> dict[str, Any]:
    return {"tool_use": {"name": "Skill", "input": {"skill": f"library:{name}"}}}


def test_trigger_sessions_fire_miss_barge_in_cap_and_hole(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    library = tmp_path / "library"
    pdf = skill(library, "pdf", "Converts PDF files into spreadsheets and text.")
    skill(library, "ledger-lite", "Keeps a ledger of receipts and archives them.")
    (pdf / "evals" / "trigger").mkdir(parents=True)
    (pdf / "evals/trigger/should-trigger.yaml").write_text(yaml.safe_dump([
        {"prompt": "Convert this PDF into an Excel spreadsheet", "expected": "trigger"},
        {"prompt": "Archive receipt number 2 from March", "expected": "trigger"},
        {"prompt": "Turn the scanned invoice PDF into CSV (capped)", "expected": "trigger"},
        {"prompt": "Extract the tables from report.pdf (silent)", "expected": "trigger"}]))
    (pdf / "evals/trigger/should-not-trigger.yaml").write_text(yaml.safe_dump([
        {"prompt": "Write a Python HTTP server", "expected": "no-trigger"},
        {"prompt": "Bake a loaf of bread", "expected": "no-trigger"}]))
    script = write_script({"scenarios": [
        {"name": "fires", "when": {"prompt": "Excel spreadsheet", "skill": "pdf"},
         "turns": [load("pdf"), {"text": "Converted."}]},
        {"name": "neighbour", "when": {"prompt": "receipt", "skill": "ledger-lite"},
         "turns": [load("ledger-lite"), {"text": "Archived."}]},
        # a decision, then the per-session budget runs out: the cap doing its job
        {"name": "capped", "when": {"prompt": "(capped)"},
         "turns": [{**load("pdf"), "usage": {"input_tokens": 400_000, "output_tokens": 10}},
                   {"text": "never reached"}]},
        # no answer before the session's time runs out: no decision, a hole
        {"name": "silent", "when": {"prompt": "(silent)"},
         "turns": [{"text": "too late", "sleep_s": 60}]},
        {"name": "barges", "when": {"prompt": "HTTP server"},
         "turns": [load("pdf"), {"text": "Here is a server."}]},
        {"name": "quiet", "turns": [{"text": "Knead, rise, bake."}]}]})
    host_skill = Path.home() / ".claude" / "skills" / f"host-only-{secrets.token_hex(4)}"
    host_skill.mkdir(parents=True)
    (host_skill / "SKILL.md").write_text(f"---\nname: {host_skill.name}\ndescription: Converts "
                                         "PDF files.\n---\nbody\n")
    try:
        opts = options(skill=pdf, k=2, model_script=script, timeout_s=25,
                       endpoint_attempts=1, session_budget_usd=0.25)
        report = run_trigger(opts, library)
    finally:
        shutil.rmtree(host_skill)
    by = {q.query.prompt: q for q in report.queries}
    assert by["Convert this PDF into an Excel spreadsheet"].fired == 2
    missed = by["Archive receipt number 2 from March"]
    assert missed.fired == 0 and missed.went_to == {"ledger-lite": 2}
    capped = by["Turn the scanned invoice PDF into CSV (capped)"]
    assert capped.fired == 2 and capped.holes == 0  # capped after deciding: not a failure
    silent = by["Extract the tables from report.pdf (silent)"]
    assert silent.holes == 2 and silent.runs == 0  # cut off before any decision: holes
    assert by["Write a Python HTTP server"].fired == 2  # barged in
    assert by["Bake a loaf of bread"].fired == 0
    c = report.overall
    assert (c.fired_when_should, c.missed, c.barged_in, c.quiet_when_should_not) == (4, 2, 2, 2)
    assert c.recall == pytest.approx(4 / 6) and c.precision == pytest.approx(4 / 6)
    assert report.runs_made >= 12 and report.mode == "session"
    # Every session saw exactly the library, never the skill installed on this host.
    store = LocalStore(Path(opts.store_uri))
    run_id = next(k.split("/")[1] for k in store.list("runs/") if k.startswith("runs/t-"))
    done = [json.loads(store.get(k)) for k in store.list(RunKeys(run_id).trials)
            if k.endswith("/DONE")]
    seen = {s for d in done for s in d["skills_seen"]}
    assert {"library:pdf", "library:ledger-lite"} <= seen
    assert not any(host_skill.name in s for s in seen)
    assert store.exists(f"{RunKeys(run_id).prefix}/trigger.json")
    capped_runs = [d for d in done if d["case_id"] == capped.query.id]
    assert [d["error"] for d in capped_runs] == ["error_max_budget_usd"] * 2  # it did cap
    # The viewer shows it (escaped, no script): `view t-... --html`.
    page = tmp_path / "trigger.html"
    shown = subprocess.run([sys.executable, "-m", "runner", "view", run_id, "--store",
                            opts.store_uri, "--html", str(page)], cwd=ROOT,
                           capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stderr
    html = page.read_text()
    assert "confusion matrix" in html and "ledger-lite 2/2" in html and "<script" not in html


def test_catalog_mode_asks_a_model_once_per_query(tmp_path: Path, options: Any,
                                                   write_script: Any) -> None:
    library = tmp_path / "library"
    pdf = skill(library, "pdf", "Converts PDF files.")
    skill(library, "ledger-lite", "Keeps a ledger.")
    (pdf / "evals").mkdir()
    (pdf / "evals" / "trigger-evals.json").write_text(json.dumps([
        {"query": "convert my pdf", "should_trigger": True},
        {"query": "archive my receipts", "should_trigger": True},
        {"query": "bake bread", "should_trigger": False}]))
    script = write_script({"scenarios": [
        {"name": "to-pdf", "when": {"purpose": "router", "prompt": "convert my pdf"},
         "turns": [{"tool_use": {"name": "choose_skill", "input": {"skill": "pdf"}}}]},
        {"name": "to-ledger", "when": {"purpose": "router", "prompt": "receipts"},
         "turns": [{"tool_use": {"name": "choose_skill", "input": {"skill": "ledger-lite"}}}]},
        {"name": "none", "when": {"purpose": "router"},
         "turns": [{"tool_use": {"name": "choose_skill", "input": {"skill": "none"}}}]}]})
    report = run_trigger(options(skill=pdf, model_script=script), library, mode="catalog")
    by = {q.query.prompt: q for q in report.queries}
    assert report.mode == "catalog" and report.runs_made == 3
    assert by["convert my pdf"].fired == 1
    assert by["archive my receipts"].went_to == {"ledger-lite": 1}
    assert by["bake bread"].fired == 0 and report.cost_usd is not None


def test_twenty_queries_times_three_run_on_the_cluster_path_and_resume(
        tmp_path: Path, options: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Scale and resume through Ray, with the fake backend (no model is called)."""
    from runner.schema.options import SandboxConfig

    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-unused-by-the-fake-backend")
    pdf = skill(tmp_path / "library", "pdf", "Converts PDF files.")
    (pdf / "evals").mkdir()
    (pdf / "evals" / "trigger-evals.json").write_text(json.dumps(
        [{"query": f"convert pdf number {i}", "should_trigger": i % 2 == 0}
         for i in range(20)]))
    opts = options(skill=pdf, k=3, fresh=False, concurrency=4,
                   model_script=None, sandbox=SandboxConfig(backend="fake"))
    first = run_trigger(opts.model_copy(update={"upstream_url": "http://127.0.0.1:9"}))
    assert first.runs_made == 60 and sum(q.runs for q in first.queries) == 60
    store = LocalStore(Path(opts.store_uri))
    run_id = next(k.split("/")[1] for k in store.list("runs/") if k.startswith("runs/t-"))
    claims = [k for k in store.list(RunKeys(run_id).trials) if k.endswith("/CLAIM")]
    again = run_trigger(opts.model_copy(update={"upstream_url": "http://127.0.0.1:9"}))
    assert again.overall == first.overall and again.runs_made == 60
    assert [k for k in store.list(RunKeys(run_id).trials) if k.endswith("/CLAIM")] == claims


def test_with_neighbours_measures_the_closest_skills_that_have_trigger_sets(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    from runner.driver.triggers import run_with_neighbours

    library = tmp_path / "library"
    pdf = skill(library, "pdf", "Converts PDF files into spreadsheets.")
    close = skill(library, "pdf-forms", "Fills PDF files and forms.")
    skill(library, "bread", "Bakes bread.")  # no trigger set: never a neighbour
    skill(library, "pdf-far", "Converts PDF files into spreadsheets.")  # no trigger set
    for folder, query in ((pdf, "convert my pdf"), (close, "fill this pdf form")):
        (folder / "evals").mkdir()
        (folder / "evals" / "trigger-evals.json").write_text(json.dumps(
            [{"query": query, "should_trigger": True}]))
    script = write_script({"scenarios": [
        {"name": "all-to-pdf", "when": {"purpose": "router"},
         "turns": [{"tool_use": {"name": "choose_skill", "input": {"skill": "pdf"}}}]}]})
    reports = run_with_neighbours(options(skill=pdf, model_script=script), library,
                                  "catalog", 1)
    assert [r.skill for r in reports] == ["pdf", "pdf-forms"]
    # the edit took the neighbour's request: its query went to the skill under test
    assert reports[1].queries[0].went_to == {"pdf": 1}
