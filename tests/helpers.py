"""Helpers and constants shared by tests (test modules never import each other)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from click.testing import CliRunner, Result

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "tests" / "fixtures" / "skills" / "probe"
EXAMPLE = ROOT / "examples" / "csv-summary"
# A stand-in for the real key: the gateway injects it upstream; it must never reach a sandbox.
REAL_KEY = "sk-ant-api03-INTEGRATION-" + secrets.token_hex(16)

MAGIC_WITH_SKILL = {"name": "with-skill", "when": {"prompt": "magic word", "skill": "probe"},
                    "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "probe:probe"}}},
                              {"text": "The magic word is MAGIC."}]}


# A Bash command that hangs the agent: claude refuses a standalone `sleep N` outright.
HANG = "python3 -c 'import time; time.sleep(300)'"


_GIVEN: set[int] = set()  # ports free_port handed out in this process


def free_port() -> int:
    """A port free now and never handed out before in this process: the OS may return the
    same port to two binds in a row once the first socket closes, and a cluster given one
    port for two of its components refuses to start (Ray: "used by other components")."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        if port not in _GIVEN:
            _GIVEN.add(port)
            return port


def cmdlines() -> Iterator[tuple[int, bytes]]:
    """(pid, raw NUL-separated command line) of every process we may read."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                yield int(entry.name), (entry / "cmdline").read_bytes()
            except OSError:
                continue


def runsc_available() -> bool:
    try:
        out = subprocess.run(["docker", "info", "--format", "{{json .Runtimes}}"],
                             capture_output=True, text=True, timeout=30)
    except OSError:
        return False
    return out.returncode == 0 and "runsc" in json.loads(out.stdout or "{}")


RUNTIMES = ["runc", pytest.param("runsc", marks=pytest.mark.skipif(
    not runsc_available(), reason="gVisor (runsc) is not registered with Docker"))]


def call(socket_path: Path, method: str, path: str, token: str | None,
         payload: dict[str, Any] | None = None,
         raw: bytes | None = None) -> tuple[int, bytes]:
    async def go() -> tuple[int, bytes]:
        headers = {"x-api-key": token} if token else {}
        async with aiohttp.ClientSession(connector=aiohttp.UnixConnector(str(socket_path))) as s:
            data = raw if raw is not None else (json.dumps(payload).encode() if payload else None)
            async with s.request(method, f"http://127.0.0.1:8080{path}", data=data,
                                 headers=headers) as r:
                return r.status, await r.read()
    return asyncio.run(go())


def message(stream: bool = False, **extra: Any) -> dict[str, Any]:
    return {"model": "claude-sonnet-4-5", "max_tokens": 10, "stream": stream,
            "messages": [{"role": "user", "content": "hi"}],
            "tools": [{"name": "Bash", "input_schema": {}}], **extra}


def make(tmp_path: Path, body: str = "body") -> Path:
    skill = tmp_path / "s"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(f"---\nname: demo\ndescription: Does things.\n---\n{body}\n")
    (skill / "evals" / "evals.json").write_text("{}")
    (skill / "scripts").mkdir()
    (skill / "scripts" / "run.py").write_text("print(1)")
    return skill


class Inbox:
    """A loopback HTTP server that keeps every JSON body POSTed to it (notifications);
    `fail_first` answers that many 503s first."""

    def __init__(self) -> None:
        self.posts: list[dict[str, Any]] = []
        self.fail_first = 0
        self.url = ""


@contextlib.contextmanager
def inbox() -> Iterator[Inbox]:
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    box = Inbox()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            body = self.rfile.read(int(self.headers["content-length"]))
            if box.fail_first:
                box.fail_first -= 1
                self.send_response(503)
            else:
                box.posts.append(json.loads(body))
                self.send_response(200)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    box.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    try:
        yield box
    finally:
        server.shutdown()
        server.server_close()


def s3_of(request: pytest.FixtureRequest) -> tuple[str, str] | None:
    """(server, bucket) of a test that uses an S3 bucket. Called while the calling fixture
    is set up, so the bucket outlives that fixture's teardown."""
    if "s3_bucket" not in request.fixturenames:
        return None
    return request.getfixturevalue("s3_server"), request.getfixturevalue("s3_bucket")


def own_runs(tmp_path: Path, s3: tuple[str, str] | None = None) -> set[str]:
    """The run ids this test made: runs in any local store under its tmp_path, and in its S3
    bucket when it has one (`s3_of`). Only those are checked, so a test never blames (or waits
    on) what other processes on the machine are running."""
    found = {p.name for p in tmp_path.rglob("runs/*") if p.is_dir()}
    if s3 is not None:
        import boto3

        server, bucket = s3
        pages = boto3.client("s3", endpoint_url=server).get_paginator(
            "list_objects_v2").paginate(Bucket=bucket)
        for page in pages:
            for item in page.get("Contents", []):
                parts = item["Key"].split("/")
                found.update(parts[i + 1] for i, part in enumerate(parts[:-1])
                             if part == "runs")
    return found


# --- checks scoped to a test's own runs -------------------------------------------------
# The machine is shared: other evals (a demo, another engineer's suite) run containers, mounts,
# scratch dirs and Ray workers beside a test. Every leftover, container or process check below
# looks only at what the test's own runs (their run ids) or its own processes made.

LABEL_RUN = "skill-eval.run"


def own_containers(client: Any, run_ids: set[str], running: bool = False) -> list[Any]:
    """The containers of these runs (every container carries its run's id as a label),
    asked of the engine by label value: other runs' containers are never even inspected,
    so one of them going away mid-listing cannot fail this test."""
    import docker

    found: list[Any] = []
    for run_id in sorted(run_ids):
        filters: dict[str, Any] = {"label": f"{LABEL_RUN}={run_id}"}
        if running:
            filters["status"] = "running"
        for _ in range(10):
            try:  # listing inspects each container: one removed meanwhile answers 404
                found += client.containers.list(all=not running, filters=filters)
                break
            except docker.errors.NotFound:
                continue
    return found


def remove_own_containers(client: Any, run_ids: set[str]) -> None:
    """What `skill-eval gc --run` does for a killed driver, for these runs only."""
    for container in own_containers(client, run_ids):
        container.remove(force=True)


def work_mounts() -> set[str]:
    return {line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()
            if "skill-eval-work" in line}


def scratch_dirs(root: Path) -> set[Path]:
    return set(root.iterdir()) if root.is_dir() else set()


@contextlib.contextmanager
def no_leftovers_of(runs: Any, scratch_root: Path) -> Iterator[None]:
    """Around a block: the workspace mounts and scratch dirs created meanwhile by `runs()`
    (a callable giving the block's run ids once it is done), or by no run, are gone after it.
    What other processes mount, stage or remove meanwhile is theirs."""
    from runner.sandbox.reap import scratch_run

    mounts, scratch = work_mounts(), scratch_dirs(scratch_root)
    yield
    mine = set(runs()) | {None}

    def ours(folder: Path) -> bool:
        if scratch_run(folder) is None and folder.exists():
            time.sleep(0.5)  # another run's trial marks its dir just after creating it
        return scratch_run(folder) in mine

    new_mounts = {m for m in work_mounts() - mounts if ours(Path(m).parent)}
    assert new_mounts == set(), f"workspace mounts left behind: {new_mounts}"
    left = {p.name for p in scratch_dirs(scratch_root) - scratch if ours(p)}
    assert left <= {"bundles"}, f"scratch dirs left behind: {left}"


def parent_pid(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])  # the command may hold spaces and ')'


def descends_from(pid: int, ancestor: int) -> bool:
    """Whether `pid` is `ancestor` or one of its descendants (by walking parent ids)."""
    seen = 0
    current: int | None = pid
    while current and seen < 64:
        if current == ancestor:
            return True
        current = parent_pid(current)
        seen += 1
    return False


def own_processes(prefix: bytes, ancestor: int) -> list[int]:
    """Processes whose command line starts with `prefix` and that this test's process tree
    started (e.g. the workers of the embedded Ray cluster this pytest process runs)."""
    return [pid for pid, cmdline in cmdlines()
            if cmdline.startswith(prefix) and descends_from(pid, ancestor)]


def word_skill(folder: Path, cases: int, name: str = "words") -> Path:
    """A skill folder whose every case asks for the word and checks the answer says WORD."""
    (folder / "evals").mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: Says the word. Use "
                                     "when asked for the word.\n---\n\nAnswer WORD.\n")
    (folder / "evals" / "evals.json").write_text(json.dumps({"skill_name": name, "evals": [
        {"id": f"c{n}", "prompt": f"Question {n}: say the word.", "assertions": ["WORD"]}
        for n in range(cases)]}))
    return folder


# -- a throwaway skill with a case set, read by the real `skill-eval check` ------------------


def make_skill(tmp_path: Path, cases: Any, files: dict[str, str] | None = None, *,
               name: str = "tidy-notes", skill_md: str | None = None) -> Path:
    """The skill `tmp_path/name`: its SKILL.md (`skill_md`, or a plain one naming it), `files`
    (a path in the skill -> its text) and its set evals/evals.json: `cases` a list of cases,
    or the whole set as written (an object, or the file's text)."""
    skill = tmp_path / name
    skill.mkdir(parents=True, exist_ok=True)
    (skill / "SKILL.md").write_text(skill_md if skill_md is not None else (
        f"---\nname: {name}\ndescription: Use when the user asks to "
        f"{name.replace('-', ' ')} carefully.\n---\nbody\n"))
    for rel, text in (files or {}).items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    (skill / "evals").mkdir(exist_ok=True)
    written = {"evals": cases} if isinstance(cases, list) else cases
    (skill / "evals" / "evals.json").write_text(
        written if isinstance(written, str) else json.dumps(written))
    return skill


def write_skill_md(folder: Path, name: str, description: str, body: str = "body\n") -> Path:
    """`folder` as a skill: its SKILL.md with that name and description, and no set."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: {description}\n---\n{body}")
    return folder


def careful_skill_md(folder: Path, name: str) -> Path:
    """`folder` as the skill `name`, described as asked for "<name> in a careful way", no set."""
    return write_skill_md(folder, name, f"Use when the user asks to {name.replace('-', ' ')} "
                          "in a careful way.", "Do it well.\n")


def write_data(path: Path, data: Any) -> Path:
    """A set's file as written: text as it is, else JSON (a .json file) or YAML."""
    import yaml  # only here: most users of these helpers write JSON

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else
                    json.dumps(data) if path.suffix == ".json" else yaml.safe_dump(data))
    return path


def report_skill(tmp_path: Path, files: dict[str, Any]) -> Path:
    """The weekly-report skill `wr` under `tmp_path`, with `files` (relpath -> data, written
    by `write_data`) inside it."""
    skill = write_skill_md(tmp_path / "wr", "wr", "Writes weekly reports. Use when asked for "
                                                  "a weekly report.")
    for rel, data in files.items():
        write_data(skill / rel, data)
    return skill


def check_cli(*args: str) -> Result:
    """`skill-eval check ARGS` in process, as a user runs it."""
    from runner.cli import main  # only here: most users of these helpers never load the CLI

    return CliRunner().invoke(main, ["check", *args])


def check_json(target: Path, *args: str) -> dict[str, Any]:
    """What `check TARGET --json` reports (it must accept the set)."""
    result = check_cli(str(target), "--json", *args)
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.output))


def statement_case(cid: str, prompt: str, statements: list[str],
                   files: list[str] | None = None) -> dict[str, Any]:
    """A case of statements (`expectations`), with its fixtures."""
    return {"id": cid, "prompt": prompt, "expectations": statements, "files": files or []}


def case_findings(skill: Path, code: str) -> dict[str, str]:
    """Each case's finding of one code, as `check --json` reports it: case id -> message."""
    return {f["case"]: f["message"] for f in check_json(skill)["findings"]
            if f["code"] == code and f["case"]}


def check_verbose(target: Path, *args: str) -> str:
    """What `check TARGET -v` prints, accepted or not."""
    return check_cli(str(target), "-v", *args).output


# -- the same skill end to end: real claude in a real container, played by a model script ----

COUNTER_MD = """---
name: counter
description: Counts the lines of meeting notes. Use when asked to "count the notes".
---
Count the lines of the notes with wc -l and write the number to count.txt.
"""


def bash_turn(command: str) -> dict[str, Any]:
    """A scripted turn: the agent runs `command` with its Bash tool."""
    return {"tool_use": {"name": "Bash", "input": {"command": command}}}


def arms_script(skill: str, prompt: str, skilled: list[dict[str, Any]],
                bare: list[dict[str, Any]]) -> dict[str, Any]:
    """A model script for both arms: on a prompt holding `prompt`, with `skill` offered, the
    agent loads it and plays `skilled`; without it, `bare`."""
    load = {"tool_use": {"name": "Skill", "input": {"skill": f"{skill}:{skill}"}}}
    return {"scenarios": [
        {"name": "skilled", "when": {"prompt": prompt, "skill": skill},
         "turns": [load, *skilled]},
        {"name": "bare", "when": {"prompt": prompt}, "turns": bare}]}


def run_both_arms(options: Any, skill: Path, script: Path) -> tuple[Any, dict[Any, Any]]:
    """The report of a run of both arms, and its trials by arm (one case, k=1)."""
    from runner.driver.api import run_eval  # only here: Ray and Docker are integration's
    from runner.schema.enums import Arm

    report = run_eval(options(skill=skill, model_script=script,
                              arms=(Arm.BASELINE, Arm.CANDIDATE)))
    return report, {t.arm: t for t in report.trials}


def written_run(tmp_path: Path, options: Any, write_script: Any, caseset: Any, *,
                name: str, skill_md: str, prompt: str, good: str, bad: str
                ) -> tuple[Any, dict[Any, Any]]:
    """A run of both arms of the skill `name` holding `caseset`: on a prompt holding `prompt`
    the skilled agent runs the shell line `good`, the bare one `bad`, each then says done."""
    skill = make_skill(tmp_path, caseset, name=name, skill_md=skill_md)
    script = write_script(arms_script(name, prompt, [bash_turn(good), {"text": "Done."}],
                                      [bash_turn(bad), {"text": "Done."}]))
    return run_both_arms(options, skill, script)


def assert_checks_decided(report: Any, by: dict[Any, Any], words: tuple[str, ...]) -> None:
    """The candidate passed, the baseline failed on checks naming each of `words`, and no
    statement went to a grader: deterministic checks decided the row, a win."""
    from runner.schema.enums import Arm, Outcome

    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    said = " ".join(f"{f.check} {f.detail}" for f in by[Arm.BASELINE].failures)
    assert all(word in said for word in words), said
    assert not [c for c in by[Arm.BASELINE].failed_checks if c.startswith("statement")]
    assert report.rows[0].outcome is Outcome.WIN


REPORTER_MD = """---
name: {name}
description: Writes folder reports. Use when asked for a report on a folder.
---
Write report.txt holding the word DONE.
"""


def report_script(root: Path, skill: str, command: str = "echo DONE > report.txt") -> Path:
    """The model script of the report tests: with `skill` offered, the agent loads it and runs
    `command`; without it, writes `later` to report.txt."""
    import yaml

    path = root / "script.yaml"
    path.write_text(yaml.safe_dump({"scenarios": [
        {"name": "skilled", "when": {"skill": skill}, "turns": [
            {"tool_use": {"name": "Skill", "input": {"skill": f"{skill}:{skill}"}}},
            bash_turn(command), {"text": "Wrote report.txt."}]},
        {"name": "bare", "turns": [
            bash_turn("echo later > report.txt"), {"text": "Wrote report.txt."}]}]}))
    return path


def fake_pass_options(tmp_path: Path, script: Path, **changes: Any) -> Any:
    """RunOptions for the example skill's `sales-totals` at k=3, one at a time, in process on
    the fake sandbox, into a local store under `tmp_path`; `changes` override any field."""
    from runner.schema.enums import Backend
    from runner.schema.options import RunOptions, SandboxConfig

    base: dict[str, Any] = dict(
        skill_path=EXAMPLE, case_ids=("sales-totals",), k=3, store_uri=str(tmp_path / "store"),
        model_script=script, executor="inprocess", concurrency=1,
        sandbox=SandboxConfig(backend=Backend.FAKE, scratch_root=tmp_path / "scratch"))
    base.update(changes)
    return RunOptions.model_validate(base)


def fake_starts() -> int:
    """How many sandboxes the fake backend has started in this process."""
    from runner.sandbox.fake import FakeSandbox

    return sum(FakeSandbox.starts.values())


def runner_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m runner ARGS` from the repository, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "runner", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=600, env={**os.environ})


def run_and_read(skill: Path, script: Path, store: Path) -> tuple[Any, Any, list[Any]]:
    """`run SKILL` played by a model script into a fresh local store, in process: the store,
    the run's keys and every trial's stored result (its done record, one per trial)."""
    from runner.store.keys import RunKeys
    from runner.store.local import LocalStore

    done = runner_cli("run", str(skill), "--model-script", str(script), "--store", str(store),
                      "--executor", "inprocess", "--fresh")
    assert done.returncode in (0, 1), done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    local = LocalStore(store)
    (run_id,) = [p.name for p in (store / "runs").iterdir()]
    keys = RunKeys(run_id)
    results = [json.loads(local.get(key)) for key in local.list(f"runs/{run_id}/trials/")
               if key == keys.trial(key.split("/")[3]).done]
    return local, keys, results
