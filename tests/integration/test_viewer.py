"""The run viewer in a real browser (Debian's chromium, headless): a real run made here, its
`view --html` export and the served `view` page show the verdict, the grid and a side-by-side
trial, and a transcript full of markup executes nothing and calls nowhere."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from runner.aio import HostedApp
from runner.driver.api import run_eval
from runner.schema.enums import Arm
from tests.helpers import PROBE, ROOT, free_port

pytestmark = pytest.mark.integration

ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = shutil.which("chromium")


class Beacon:
    """A loopback server that counts every request: anything the page fetches lands here."""

    def __init__(self) -> None:
        self.hits: list[str] = []
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._hit)
        self._hosted = HostedApp(app)
        self.url = self._hosted.start_tcp("127.0.0.1", 0)

    async def _hit(self, request: web.Request) -> web.Response:
        self.hits.append(request.path)
        return web.Response(text="seen")

    def stop(self) -> None:
        self._hosted.stop()


def chromium(url: str, screenshot: Path | None = None) -> tuple[str, str]:
    """The DOM after load (scripts, had any run, would have changed it) and the browser log."""
    assert CHROMIUM, "chromium is not installed: make test-deps installs it"
    profile = tempfile.mkdtemp(prefix="skill-eval-chromium-")
    try:
        return _chromium(url, screenshot, profile)
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def _chromium(url: str, screenshot: Path | None, profile: str) -> tuple[str, str]:
    assert CHROMIUM
    args = [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu",
            "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
            f"--user-data-dir={profile}"]
    if screenshot is not None:
        shot = subprocess.run([*args, f"--screenshot={screenshot}", "--window-size=1280,2000",
                               url], capture_output=True, text=True, timeout=120)
        assert screenshot.exists(), shot.stderr[-2000:]
    dom = subprocess.run([*args, "--dump-dom", url], capture_output=True, text=True,
                         timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    return dom.stdout, dom.stderr


def hostile_run(options: Any, write_script: Any, beacon: str) -> Any:
    attack = (f"<script>document.title='PWNED';console.log('PWNED-SCRIPT');"
              f"fetch('{beacon}/script')</script>"
              f"<img src=\"{beacon}/img\" onerror=\"document.title='PWNED-IMG'\">"
              "<a id=\"jslink\" href=\"javascript:document.title='PWNED-LINK'\">click</a>"
              f"<link rel=\"stylesheet\" href=\"{beacon}/css\">"
              f"<iframe src=\"{beacon}/frame\"></iframe> MAGIC")
    write = {"tool_use": {"name": "Write", "input": {
        "file_path": "/work/page.html", "content": attack}}}
    script = write_script({"scenarios": [
        {"name": "with-skill", "when": {"prompt": "magic word", "skill": "probe"},
         "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "probe:probe"}}},
                   write, {"text": attack}]},
        {"name": "plain", "when": {"prompt": "magic word"},
         "turns": [{"text": "I do not know the word."}]}]})
    return run_eval(options(case_ids=("greet",), model_script=script,
                            arms=(Arm.BASELINE, Arm.CANDIDATE), fresh=False))


def test_the_viewer_shows_the_run_and_runs_nothing_from_a_trial(
        options: Any, write_script: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    beacon = Beacon()
    try:
        # The detectors work: a page that does run script and fetch is caught by both.
        control = ARTIFACTS / "control.html"
        control.write_text(f"<script>console.log('CONTROL-SCRIPT')</script>"
                           f"<img src=\"{beacon.url}/control\">")
        _, control_log = chromium(control.as_uri())
        assert "CONTROL-SCRIPT" in control_log and "/control" in beacon.hits
        beacon.hits.clear()
        report = hostile_run(options, write_script, beacon.url)
        store = options().store_uri
        assert report.rows[0].outcome.value == "win"
        page = ARTIFACTS / "run.html"
        export = subprocess.run([sys.executable, "-m", "runner", "view", report.run_id,
                                 "--store", store, "--html", str(page)], cwd=ROOT,
                                capture_output=True, text=True, timeout=120)
        assert export.returncode == 0, export.stderr
        # The attack is in the page, as text (it really reached the viewer) ...
        assert "&lt;script&gt;document.title=&#x27;PWNED&#x27;" in page.read_text()
        dom, log = chromium(page.as_uri(), ARTIFACTS / "run-page.png")
        assert "PASS" in dom and "probe" in dom  # the verdict first, the skill
        assert dom.count('class="cell ') == 2  # the case x arm grid, one rep
        assert dom.count('class="trial"') == 2 and 'class="pair"' in dom  # side by side
        assert "skill loaded" in dom and "tool call · Write" in dom  # turns, skill load
        # ... and nothing of it ran or called out.
        assert "<title>PASS probe " in dom and "PWNED" not in dom.split("</title>")[0]
        assert "<script" not in dom.lower() and "<iframe" not in dom.lower()
        assert "PWNED-SCRIPT" not in log
        # The served page, over the same store.
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "runner", "view", report.run_id, "--store", store,
             "--port", str(port)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env={**os.environ, "COLUMNS": "200"})
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            assert line.startswith(f"serving http://127.0.0.1:{port}/run/{report.run_id}"), line
            served, _ = chromium(f"http://127.0.0.1:{port}/run/{report.run_id}",
                                 ARTIFACTS / "served-run-page.png")
            assert "PASS" in served and served.count('class="trial"') == 2
            index, _ = chromium(f"http://127.0.0.1:{port}/")
            assert report.run_id in index and "1 run(s)" in index
            cand = next(t for t in report.trials if t.arm is Arm.CANDIDATE)
            trial, _ = chromium(f"http://127.0.0.1:{port}/run/{report.run_id}/trial/"
                                f"{cand.trial_id}", ARTIFACTS / "trial-page.png")
            assert trial.count('class="trial"') == 2 and "<details open" in trial
            # each trial's phases, timed by the real trial runner in a real container
            assert trial.count('class="muted phases"') == 2, trial
            phases = re.findall(r"phases: ([^<]*)<", trial)[0]
            assert re.search(r"container \d+\.\d\ds", phases) and "session" in phases, phases
            assert "&lt;img src=" in trial and "<img" not in trial.lower()
        finally:
            server.terminate()
            server.wait(timeout=20)
        time.sleep(0.5)
        assert beacon.hits == [], f"the page called out: {beacon.hits}"
    finally:
        beacon.stop()


def test_view_refuses_an_unknown_run_and_a_missing_store(tmp_path: Path) -> None:
    missing = subprocess.run([sys.executable, "-m", "runner", "view", "--store",
                              str(tmp_path / "nope"), "--html", str(tmp_path / "x.html")],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and "no such directory" in missing.stderr
    (tmp_path / "store").mkdir()
    unknown = subprocess.run([sys.executable, "-m", "runner", "view", "r-nope", "--store",
                              str(tmp_path / "store"), "--html", str(tmp_path / "x.html")],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert unknown.returncode == 2 and "no report for run 'r-nope'" in unknown.stderr
    assert not (tmp_path / "x.html").exists()
    assert PROBE.exists()


def test_the_viewer_shows_a_comparison_and_an_evidence_card(tmp_path: Path) -> None:
    """`view AFTER --against BEFORE` served, and `view --evidence SKILL --html`, in chromium:
    the regression and the case that got worse, the card's verdict and trend; a case name
    carrying markup stays text."""
    from runner.store.local import LocalStore
    from tests.stored_runs import paired, store_receipt

    ARTIFACTS.mkdir(exist_ok=True)
    hostile = "<script>document.title='PWNED'</script>balance"
    # compare reads a drop only beyond the runs' own noise (a paired test over cases): the
    # regression is a real one, every case falling, the hostile name among them
    names = [hostile, *(f"task-{i}" for i in range(7))]
    good = {n: ([True, True], [False, True]) for n in names}
    worse = {n: ([False, False], [False, True]) for n in names}
    store = LocalStore(tmp_path / "store")
    store_receipt(store, paired("r-1", good), "v1")
    store_receipt(store, paired("r-2", worse, digest="b" * 64, minutes=5), "v2")
    card = ARTIFACTS / "evidence.html"
    export = subprocess.run([sys.executable, "-m", "runner", "view", "--evidence", "ledger",
                             "--store", str(tmp_path / "store"), "--html", str(card)],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert export.returncode == 0, export.stderr
    dom, _ = chromium(card.as_uri(), ARTIFACTS / "evidence-page.png")
    assert "evidence · ledger" in dom and "latest evidence: run r-2" in dom
    assert "trend across receipts" in dom and dom.count("<tr>") >= 4
    assert "<script" not in dom.lower()
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "runner", "view", "v2", "--against", "v1", "--store",
         str(tmp_path / "store"), "--port", str(port)], cwd=ROOT, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env={**os.environ, "COLUMNS": "200"})
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith(f"serving http://127.0.0.1:{port}/compare/v1/v2"), line
        served, log = chromium(f"http://127.0.0.1:{port}/compare/v1/v2",
                               ARTIFACTS / "compare-page.png")
        assert "REGRESSION DETECTED" in served and "tasks that got worse" in served
        assert "&lt;script&gt;document.title='PWNED'&lt;/script&gt;balance" in served
        assert "<title>REGRESSION DETECTED v1 → v2</title>" in served
        index, _ = chromium(f"http://127.0.0.1:{port}/")
        assert 'href="/evidence/ledger"' in index
        missing, _ = chromium(f"http://127.0.0.1:{port}/compare/v1/nope")
        assert "neither a saved name" in missing
    finally:
        server.terminate()
        server.wait(timeout=20)
