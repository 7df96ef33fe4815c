"""The fault schedule (issue #28, item 5): one eval on a 2-node local Ray cluster with the
S3-compatible server as its store, and during it, each fault triggered on observed progress
(DONE markers, a running container, a pending batch), never on a sleep alone:

    1. a sandbox container killed mid-session (`docker kill`, found by this run's label)
    2. the scratch disk full, from just before that kill (trials stage well ahead of their
       turn, so the killed trial's retry is the likeliest to meet it): every trial's scratch
       root (SKILL_EVAL_SCRATCH) is a size-capped tmpfs this schedule mounts and unmounts; it
       is filled to ENOSPC and held full until a trial's attempt has recorded ENOSPC (at most
       60 s: a trial staged before the fill never meets it). On a
       one-machine cluster both nodes share that disk.
    3. the S3 server unresponsive for 30 s: moto keeps its buckets in memory, so a restart
       would lose them; SIGSTOP / SIGCONT of its process is what "down" can mean here
       (connections are accepted by the kernel and never answered)
    4. the worker node's Ray stopped and brought back: SIGTERM to that node's blocking
       `ray start` process group, which stops that node's Ray processes as `ray stop` would,
       without touching other Ray sessions on the machine; then the same `ray start` again
    5. the driver SIGKILLed while the grader's Message Batch is pending (--batch-grading),
       then the same command run again

Used by tests/integration/test_chaos.py (asserts the invariants) and bench/chaos.py (prints
the figures, against a fault-free run of the same eval). Everything checked is this
schedule's own: its bucket, its run id's containers, mounts under its own scratch mount, the
processes it started.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from runner.driver.cluster import MIN_FREE_BYTES
from runner.schema.trial import TrialResult
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint
from tests.helpers import ROOT, free_port, own_containers
from tests.raycluster import RAY, Cluster

# The test S3 server's credentials (any value does); the cluster's nodes inherit them.
for _name, _value in (("AWS_ACCESS_KEY_ID", "testing"), ("AWS_SECRET_ACCESS_KEY", "testing"),
                      ("AWS_DEFAULT_REGION", "us-east-1")):
    os.environ.setdefault(_name, _value)

S3_DOWN_S = 30.0
# How long the disk stays full at most: a trial staged before the fill never meets it (trials
# stage well ahead of their turn), so a hit is recorded when one happens, not required.
HOLD_FULL_S = 60.0
KEY = "sk-ant-api03-CHAOS-" + secrets.token_hex(8)
SESSION = "session"  # the scripted scenario every agent request matches
GRADER = "grader"
# Above the node check's floor for scratch, so the run is allowed to start on it.
SCRATCH_BYTES = MIN_FREE_BYTES + 96 * 1024 * 1024
Say = Callable[[str], None]


@dataclass
class Fault:
    name: str
    proof: str  # what was observed that shows the fault really happened
    at_s: float  # seconds into the schedule


@dataclass
class Outcome:
    """What one schedule left: the report, the store's DONE markers, what the endpoint served
    and what the trials billed, each fault with its proof, and what was left behind."""

    run_id: str
    wall_s: float
    exit_codes: list[int]
    planned: set[str]
    reported: list[str]
    done: dict[str, TrialResult]
    served: int  # agent responses the endpoint answered
    billed: int  # agent requests the trials' gateways metered (every attempt)
    # requests sent by attempts killed before their answer was metered: billed or not
    unanswered: int = 0
    attempts: dict[str, int | None] = field(default_factory=dict)  # attempt -> metered
    faults: list[Fault] = field(default_factory=list)
    containers_left: list[str] = field(default_factory=list)
    mounts_left: list[str] = field(default_factory=list)
    report: dict[str, Any] = field(default_factory=dict)
    stderr: str = ""

    @property
    def lost(self) -> int:
        return len(self.planned - set(self.done) - set(self.reported))

    @property
    def doubled(self) -> int:
        return len(self.reported) - len(set(self.reported))

    @property
    def unbilled(self) -> int:
        """Answers the endpoint served that no attempt metered nor kept as sent: each
        request is kept as sent before it goes, so this is 0 whatever was killed when."""
        return max(0, self.served - self.billed - self.unanswered)

    @property
    def overbilled(self) -> int:
        """Requests metered beyond what was served (a request metered twice)."""
        return max(0, self.billed - self.served)

    @property
    def retried(self) -> dict[str, list[str]]:
        return {t["trial_id"]: t.get("retried_because", [])
                for t in self.report.get("trials", []) if t.get("attempts", 1) > 1}

    @property
    def sessions_retried(self) -> int:
        return sum(t.get("attempts", 1) - 1 for t in self.report.get("trials", []))


def make_skill(root: Path, cases: int) -> Path:
    """A skill whose cases carry a statement for the grader (graded in a Message Batch) and a
    check; a nonce in SKILL.md gives every schedule its own run id."""
    skill = root / "chaos"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: chaos\ndescription: Answers chaos questions. Use when asked a chaos "
        f"question.\n---\n\nAnswer with the chaos word ({secrets.token_hex(4)}).\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "chaos", "evals": [
        {"id": f"case-{n}", "prompt": f"Chaos question {n}: what is the chaos word?",
         "assertions": ["CHAOS"], "expectations": ["The response names the chaos word"]}
        for n in range(cases)]}))
    return skill


def make_script(batch_pending_s: float) -> Script:
    """Every session: one shell command that takes a few seconds (a window to kill its
    container in), then the answer; the grader's answers come through a batch that stays
    pending long enough to kill the driver under it."""
    return Script.model_validate({
        "latency_s": 0.3, "batches": {"pending_s": batch_pending_s},
        "scenarios": [
            {"name": GRADER, "when": {"purpose": "grader"}, "turns": [{"tool_use": {
                "name": "record_grades", "input": {"grades": [
                    {"statement": 1, "passed": True, "evidence": "The chaos word is CHAOS",
                     "reason": "quoted"}]}}}]},
            {"name": SESSION, "turns": [
                {"tool_use": {"name": "Bash", "input": {
                    "command": "python3 -c 'import time; time.sleep(4)'"}}},
                {"text": "The chaos word is CHAOS."}]}]})


class Moto:
    """moto's S3 server, started (and paused, resumed, stopped) by pid."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "moto_server"), "-H", "127.0.0.1", "-p",
             str(self.port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        deadline = time.monotonic() + 30
        while not self.answers():
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("moto_server did not start")
            time.sleep(0.2)

    def client(self, timeout: float = 5.0) -> Any:
        import boto3
        from botocore.config import Config

        return boto3.client("s3", endpoint_url=self.url, config=Config(
            connect_timeout=timeout, read_timeout=timeout, retries={"max_attempts": 1}))

    def answers(self, timeout: float = 2.0) -> bool:
        try:
            self.client(timeout).list_buckets()
            return True
        except Exception:  # noqa: BLE001 - any failure to answer is "not answering"
            return False

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            os.kill(self.proc.pid, signal.SIGCONT)
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@contextlib.contextmanager
def scratch_disk(path: Path, size: int | None) -> Iterator[Path]:
    """A size-capped tmpfs at `path` (None: a plain folder), unmounted after: the umount
    fails while anything (a trial's workspace mount) is still mounted inside it."""
    path.mkdir(parents=True)
    if size is not None:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "chaos-scratch",
                        str(path)], check=True, capture_output=True)
    try:
        yield path
    finally:
        if size is not None:
            subprocess.run(["umount", str(path)], capture_output=True)
            if os.path.ismount(path):  # never leave the schedule's own mount behind
                subprocess.run(["umount", "-l", str(path)], capture_output=True)


def mounts_under(path: Path) -> list[str]:
    prefix = str(path) + "/"
    return [line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()
            if line.split()[1].startswith(prefix)]


def fill(path: Path) -> int:
    """Write to `path` until the disk says ENOSPC; the bytes written."""
    written = 0
    chunk = b"\0" * (1 << 20)
    with open(path / "filler", "wb", buffering=0) as out:
        try:
            while True:
                written += out.write(chunk)
        except OSError as exc:
            if exc.errno != errno.ENOSPC:
                raise
    return written


class PatientCluster(Cluster):
    """The shared cluster helper, waiting longer for its nodes: on a loaded 2-core machine a
    second node can take more than the helper's 90 s to register."""

    def _wait_nodes(self, count: int) -> None:
        for _ in range(3):
            try:
                return super()._wait_nodes(count)
            except RuntimeError:
                continue
        raise RuntimeError(f"cluster did not reach {count} node(s) in 270 s")


class Schedule:
    """One eval (`cases` x k x 2 arms) run through the fault schedule (or none of it)."""

    def __init__(self, root: Path, cases: int = 3, k: int = 2, faults: bool = True,
                 say: Say = lambda _: None) -> None:
        self.root, self.cases, self.k, self.faults, self.say = root, cases, k, faults, say
        self.started = time.monotonic()
        self.events: list[Fault] = []
        self.bucket = f"chaos-{secrets.token_hex(6)}"
        self.run_id = ""
        self.drivers = 0
        self.moto_s3: Any = None
        self.driver: subprocess.Popen[str] | None = None

    def note(self, name: str, proof: str) -> None:
        self.events.append(Fault(name, proof, round(time.monotonic() - self.started, 1)))
        self.say(f"[{self.events[-1].at_s:6.1f}s] {name}: {proof}")

    # --- what the schedule watches --------------------------------------------------------

    def keys(self, s3: Any, prefix: str) -> list[str]:
        found: list[str] = []
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=self.bucket,
                                                                 Prefix=prefix):
            found += [item["Key"] for item in page.get("Contents", [])]
        return found

    def dones(self, s3: Any) -> int:
        return sum(k.endswith("/DONE")
                   for k in self.keys(s3, f"chaos/runs/{self.run_id}/trials/"))

    def wait(self, what: str, ready: Callable[[], bool], driver: subprocess.Popen[str],
             timeout: float = 360) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            if driver.poll() is not None:
                tail = self.driver_log()[-3000:]
                raise RuntimeError(f"the driver ended (exit {driver.returncode}) before "
                                   f"{what}: {tail}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"timed out waiting for {what}: "
                                   f"{self.driver_log()[-3000:]}")
            time.sleep(0.3)

    # --- the run --------------------------------------------------------------------------

    def run(self) -> Outcome:
        import docker

        client = docker.from_env()
        moto = Moto()
        cluster = PatientCluster(self.root / "rc")
        (self.root / "rc").mkdir()
        endpoint = ScriptedEndpoint(make_script(batch_pending_s=90.0 if self.faults else 1.0))
        scratch = self.root / "scratch"
        size = SCRATCH_BYTES if self.faults else None
        codes: list[int] = []
        try:
            with endpoint as url, scratch_disk(scratch, size):
                moto.client().create_bucket(Bucket=self.bucket)
                cluster.start()
                env = {**cluster.env, "ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": KEY,
                       "SKILL_EVAL_SCRATCH": str(scratch),
                       "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
                       "AWS_DEFAULT_REGION": "us-east-1"}
                skill = make_skill(self.root, self.cases)
                report = self.root / "report.json"
                command = [sys.executable, "-m", "runner", "run", str(skill), "--k",
                           str(self.k), "--ray-address", cluster.address, "--store",
                           f"s3://{self.bucket}/chaos", "--s3-endpoint-url", moto.url,
                           "--batch-grading", "--forward-credentials", "--timeout", "120",
                           "--report-json", str(report)]
                driver = self._start(command, env)
                if self.faults:
                    self._faults(driver, moto, cluster, client, endpoint, scratch)
                    codes.append(driver.wait())
                    driver = self._start(command, env)  # the same command: resume
                    self.note("resumed", "the same command started again")
                codes.append(driver.wait(timeout=1200))
                stderr = self.driver_log()
                outcome = self._outcome(moto, client, endpoint, report, codes, stderr,
                                        scratch)
        finally:
            if self.driver is not None and self.driver.poll() is None:  # the schedule failed
                os.killpg(self.driver.pid, signal.SIGKILL)
                self.driver.wait()
            cluster.stop()
            moto.stop()
            shutil.rmtree(self.root / "rc", ignore_errors=True)
        return outcome

    def _start(self, command: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
        self.drivers += 1
        with open(self.root / f"driver-{self.drivers}.log", "w") as log:
            self.driver = subprocess.Popen(command, cwd=ROOT, env=env, text=True,
                                           stdout=subprocess.DEVNULL, stderr=log,
                                           start_new_session=True)
        return self.driver

    def driver_log(self) -> str:
        return "".join((self.root / f"driver-{n}.log").read_text()
                       for n in range(1, self.drivers + 1))

    def _faults(self, driver: subprocess.Popen[str], moto: Moto, cluster: Cluster,
                client: Any, endpoint: ScriptedEndpoint, scratch: Path) -> None:
        s3 = self.moto_s3 = moto.client()

        def planned() -> bool:
            runs = {k.split("/")[2] for k in self.keys(s3, "chaos/runs/")
                    if k.endswith("/plan.json")}
            self.run_id = next(iter(runs), "")
            return bool(self.run_id)

        self.wait("the plan", planned, driver)
        self.note("planned", f"run {self.run_id}")
        # The disk fills right after the kill: the killed trial's retry (and any trial staged
        # after it) meets the full disk.
        filled = self._kill_container(driver, client, endpoint, lambda: self._fill(scratch))
        self._disk_full(driver, s3, scratch, filled)
        self.wait("2 trials done", lambda: self.dones(s3) >= 2, driver)
        self._s3_down(moto)
        self.wait("4 trials done", lambda: self.dones(s3) >= 4, driver)
        self._node_down(cluster)
        self._kill_driver(driver, s3, endpoint)

    def _kill_container(self, driver: subprocess.Popen[str], client: Any,
                        endpoint: ScriptedEndpoint, before: Callable[[], set[str]]) -> set[str]:
        """Kill a container whose session is talking to the model: it is running, and the
        endpoint has answered an agent request since it was seen running."""
        seen: dict[str, tuple[Any, int]] = {}
        # a candidate's: its retry copies the skill into its scratch, so meets a full disk
        plan = json.loads(self.moto_s3.get_object(
            Bucket=self.bucket, Key=f"chaos/runs/{self.run_id}/plan.json")["Body"].read())
        candidates = {t["trial_id"] for t in plan["trials"] if t["arm"] == "candidate"}

        def talking() -> bool:
            for container in own_containers(client, {self.run_id}, running=True):
                if container.labels.get("skill-eval.trial") not in candidates:
                    continue
                seen.setdefault(container.id, (container, served(endpoint)))
            return any(served(endpoint) > n for _, n in seen.values())

        self.wait("a container mid-session", talking, driver)
        # Its first answer has arrived and the session is running its 4-second command. The
        # kill comes first and the disk fills after it: filling takes seconds, long enough for
        # the seen sessions to end, and a full disk lets no new one start. Any candidate's
        # container still running then is a session in progress (one exists per `claude -p`).
        time.sleep(1.5)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            running = [c for c in own_containers(client, {self.run_id}, running=True)
                       if c.labels.get("skill-eval.trial") in candidates]
            for container in [c for c, _ in seen.values()] + running:
                try:
                    container.kill()  # answers 409 when the container is no longer running
                except Exception:  # noqa: BLE001 - it ended meanwhile: try the next one
                    continue
                self.note("container killed", f"{container.name} (trial "
                          f"{container.labels.get('skill-eval.trial', '')[:12]}) was running "
                          "mid-session and `docker kill` took it")
                return before()
            if driver.poll() is not None:
                break
            time.sleep(0.2)
        raise RuntimeError("no container of the run was still running to kill")

    def _s3_down(self, moto: Moto) -> None:
        os.kill(moto.proc.pid, signal.SIGSTOP)
        try:
            time.sleep(2)
            if moto.answers(timeout=3):
                raise RuntimeError("the S3 server answered while stopped")
            self.note("S3 down", f"moto (pid {moto.proc.pid}) SIGSTOPped; a list_buckets "
                      "got no answer in 3 s")
            time.sleep(S3_DOWN_S - 5)
        finally:
            os.kill(moto.proc.pid, signal.SIGCONT)
        self.note("S3 back", "SIGCONT after 30 s; answering: " + str(moto.answers()))

    def _node_down(self, cluster: Cluster) -> None:
        worker = cluster.procs[1]
        os.killpg(worker.pid, signal.SIGTERM)  # what `ray stop` does, on that node only
        worker.wait(timeout=60)
        deadline = time.monotonic() + 120
        while "/2.0 sandbox" in (status := ray_status(cluster)):
            if time.monotonic() > deadline:
                raise RuntimeError("the worker node did not leave the cluster")
            time.sleep(1)
        self.note("worker node stopped", "its `ray start` ended (exit "
                  f"{worker.returncode}); the cluster shows "
                  f"{sandboxes(status)} sandbox(es)")
        cluster._start([f"--address={cluster.address}"], "worker-2-again.log")
        deadline = time.monotonic() + 120
        while "/2.0 sandbox" not in (status := ray_status(cluster)):
            if time.monotonic() > deadline:
                raise RuntimeError("the worker node did not come back")
            time.sleep(1)
        self.note("worker node back", f"the cluster shows {sandboxes(status)} sandbox(es)")

    def _fill(self, scratch: Path) -> set[str]:
        written = fill(scratch)
        self.note("scratch disk full", f"{written >> 20} MiB written until ENOSPC; "
                  f"{shutil.disk_usage(scratch).free} bytes free")
        return set()

    def _disk_full(self, driver: subprocess.Popen[str], s3: Any, scratch: Path,
                   before: set[str]) -> None:
        """Hold the full scratch disk until a trial's attempt has recorded it (ENOSPC in its
        stored result); then free it."""
        prefix = f"chaos/runs/{self.run_id}/trials/"
        hit: list[str] = []

        def recorded() -> bool:
            for key in {k for k in self.keys(s3, prefix) if k.endswith("/result.json")} - before:
                before.add(key)
                error = json.loads(s3.get_object(Bucket=self.bucket, Key=key)["Body"].read()
                                   ).get("error") or ""
                if "No space left" in error:
                    hit.append(f"{key[len(prefix):][:12]}: {error}")
            return bool(hit)

        deadline = time.monotonic() + HOLD_FULL_S
        try:
            while not recorded() and time.monotonic() < deadline and driver.poll() is None:
                time.sleep(0.5)
        finally:
            (scratch / "filler").unlink()
        met = f"after a trial met it ({hit[0]})" if hit else \
            f"no trial recorded ENOSPC in {HOLD_FULL_S:.0f} s"
        self.note("scratch disk freed", f"{met}; "
                  f"{shutil.disk_usage(scratch).free >> 20} MiB free now")

    def _kill_driver(self, driver: subprocess.Popen[str], s3: Any,
                     endpoint: ScriptedEndpoint) -> None:
        record = f"chaos/runs/{self.run_id}/batches/{GRADER}.json"
        self.wait("the grader's batch", lambda: record in self.keys(s3, record), driver)
        batches = list(endpoint.model.batches.batches.values())
        pending = [b.id for b in batches if b.ended is None]
        if not pending:
            raise RuntimeError("the grader's batch ended before the driver could be killed")
        os.killpg(driver.pid, signal.SIGKILL)
        driver.wait()
        self.note("driver SIGKILLed", f"exit {driver.returncode} while batch "
                  f"{pending[0]} was in_progress ({len(batches)} batch(es) made)")

    # --- what it left ---------------------------------------------------------------------

    def _outcome(self, moto: Moto, client: Any, endpoint: ScriptedEndpoint, report_path: Path,
                 codes: list[int], stderr: str, scratch: Path) -> Outcome:
        s3 = moto.client()
        report = json.loads(report_path.read_text()) if report_path.exists() else {}
        self.run_id = self.run_id or report.get("run_id", "")
        prefix = f"chaos/runs/{self.run_id}/"
        plan = json.loads(s3.get_object(Bucket=self.bucket, Key=prefix + "plan.json")
                          ["Body"].read())
        done: dict[str, TrialResult] = {}
        for key in self.keys(s3, prefix + "trials/"):
            if key.endswith("/DONE"):
                body = s3.get_object(Bucket=self.bucket, Key=key)["Body"].read()
                result = TrialResult.model_validate_json(body)
                done[result.trial_id] = result
        billed = sum(r.usage.requests for r in done.values() if r.usage is not None)
        unanswered = sum(r.usage.unanswered for r in done.values() if r.usage is not None)
        attempts: dict[str, int | None] = {}  # attempt -> requests its usage.json metered
        listed = self.keys(s3, prefix + "trials/")
        for key in listed:
            if key.endswith("/CLAIM"):
                attempt = key[len(prefix + "trials/"):-len("/CLAIM")]
                usage = key[:-len("CLAIM")] + "usage.json"
                attempts[attempt] = json.loads(s3.get_object(
                    Bucket=self.bucket, Key=usage)["Body"].read())["requests"] \
                    if usage in listed else None
        return Outcome(
            run_id=self.run_id, wall_s=round(time.monotonic() - self.started, 1),
            exit_codes=codes, planned={t["trial_id"] for t in plan["trials"]},
            reported=[t["trial_id"] for t in report.get("trials", [])], done=done,
            served=served(endpoint), billed=billed, unanswered=unanswered,
            attempts=attempts, faults=self.events,
            containers_left=[c.name for c in own_containers(client, {self.run_id})],
            mounts_left=mounts_under(scratch), report=report, stderr=stderr)


def served(endpoint: ScriptedEndpoint) -> int:
    """Agent responses the endpoint answered (the grader's and the runner's own checks
    aside)."""
    return sum(n for name, n in endpoint.model.counts.items()
               if name not in (GRADER, "preflight") and not name.startswith("batch"))


def ray_status(cluster: Cluster) -> str:
    return subprocess.run([RAY, "status", "--address", cluster.address], env=cluster.env,
                          capture_output=True, text=True).stdout


def sandboxes(status: str) -> str:
    line = next((ln for ln in status.splitlines() if "sandbox" in ln), "")
    return line.strip().split(" ")[0].split("/")[-1] if line else "?"


def scratch_root() -> Path:
    """A short folder for one schedule (Ray's socket paths must stay short)."""
    return Path(tempfile.mkdtemp(prefix="chaos", dir="/tmp"))
