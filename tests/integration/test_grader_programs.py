"""An author's grader program through the real CLI (issue 26.1): a small set of our own names
checks its grader program computes; the real claude runs each session in its container, the
program then runs in a container of its own (no network, the work read-only) with the case and
the work as its input, and its JSON output decides: a pass, a fail, and an output that cannot
be mapped (refused as a verdict, with the fix)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import REPORTER_MD, report_script, run_and_read, runner_cli

pytestmark = pytest.mark.integration

SKILL_MD = REPORTER_MD.format(name="reporter")
GRADE = """import json, os, pathlib, socket, sys
work = pathlib.Path(sys.argv[1])
case = json.loads(pathlib.Path(os.environ["SKILL_EVAL_CASE"]).read_text())
text = (work / "report.txt").read_text() if (work / "report.txt").exists() else ""
try:
    socket.create_connection(("1.1.1.1", 53), timeout=3).close()
    reached = "NETWORK REACHED"
except OSError as exc:
    reached = f"offline: {exc}"
try:
    (work / "tampered.txt").write_text("x")
    wrote = "WROTE INTO THE WORK"
except OSError as exc:
    wrote = f"read-only: {exc}"
print(f"tried: {reached}; {wrote}", file=sys.stderr)
if case["id"] == "garbled":
    print("looks fine to me")
else:
    print(json.dumps({"checks": {
        "report_written": bool(text), "says_done": "DONE" in text,
        "ran_sandboxed": {"passed": reached.startswith("offline") and wrote.startswith("read-only"),
                      "detail": f"{reached}; {wrote}"}}}))
"""


def make_skill(root: Path) -> Path:
    skill = root / "reporter"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "grade.py").write_text(GRADE)
    (skill / "evals" / "evals.json").write_text(json.dumps({
        "skill_name": "reporter", "grader_program": "evals/grade.py", "evals": [
            {"id": "report", "prompt": "Write a report on this folder to report.txt.",
             "assertions": ["report_written", "says_done", "ran_sandboxed"]},
            {"id": "garbled", "prompt": "Write a garbled report to report.txt.",
             "assertions": ["report_written"]}]}))
    return skill


cli = runner_cli


def test_a_set_naming_checks_of_its_grader_program_is_graded_by_it_in_its_container(
        tmp_path: Path, docker_client: object) -> None:
    skill = make_skill(tmp_path)
    checked = cli("check", str(skill), "-v")
    assert checked.returncode == 0, checked.stderr
    assert "grader_program evals/grade.py: says_done" in checked.stdout
    assert "runs after each trial in its own container" in checked.stdout

    store = tmp_path / "store"
    local, keys, results = run_and_read(skill, report_script(tmp_path, "reporter"), store)
    checks: dict[tuple[str, str, str], dict[str, object]] = {}
    for result in results:
        for check in result["scores"]["program"]["checks"]:
            checks[(result["case_id"], result["arm"], str(check["check"]))] = check
    label = "grader program evals/grade.py"
    # pass and fail, each read from the program's own named check
    assert checks[("report", "candidate", f"{label}: says_done")]["passed"] is True
    assert checks[("report", "baseline", f"{label}: says_done")]["passed"] is False
    assert checks[("report", "baseline", f"{label}: report_written")]["passed"] is True
    # it tried the network and a write in its container, and both were refused
    for arm in ("baseline", "candidate"):
        sandboxed = checks[("report", arm, f"{label}: ran_sandboxed")]
        assert sandboxed["passed"] is True, sandboxed
        assert "offline:" in str(sandboxed["evidence"]), sandboxed
        garbled = checks[("garbled", arm, label)]
        assert garbled["passed"] is False
        assert str(garbled["detail"]).startswith("unmappable:") and "fix:" in \
            str(garbled["detail"])
    report = json.loads(local.get(keys.report_json))
    rows = {(r["case"], r["outcome"]) for r in report["rows"]}
    assert ("report", "win") in rows and ("garbled", "tie") in rows


# its usage takes the reply as a file, and it reads its own set beside it to find the case
REPLY = '''"""Usage: python3 evals/check_reply.py --response FILE --eval ID"""
import argparse, json, os, pathlib
p = argparse.ArgumentParser()
p.add_argument("--response")
p.add_argument("--eval")
args = p.parse_args()
cases = json.load(open(pathlib.Path(__file__).parent / "evals.json"))["evals"]
want = next(c["want"] for c in cases if c["id"] == args.eval)
print(json.dumps({"checks": {
    "says_it": want in pathlib.Path(args.response).read_text(),
    "same_file": os.environ["SKILL_EVAL_REPLY"] == args.response}}))
'''


def test_a_grader_program_taking_the_reply_file_runs_on_it_in_its_container(
        tmp_path: Path, docker_client: object) -> None:
    import yaml

    skill = tmp_path / "reporter"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "check_reply.py").write_text(REPLY)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "reporter", "evals": [
        {"id": "answer", "prompt": "Tell me whether the folder is done.", "want": "DONE",
         "assertions": ["says_it", "same_file"]}]}))
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump({"scenarios": [
        {"name": "skilled", "when": {"skill": "reporter"}, "turns": [
            {"tool_use": {"name": "Skill", "input": {"skill": "reporter:reporter"}}},
            {"text": "It is DONE."}]},
        {"name": "bare", "turns": [{"text": "Not sure."}]}]}))
    checked = cli("check", str(skill), "-v")
    assert checked.returncode == 0, checked.stderr
    assert "check_reply.py --response '$SKILL_EVAL_REPLY' --eval answer" in checked.stdout
    _, _, results = run_and_read(skill, script, tmp_path / "store")
    checks = {(r["arm"], str(c["check"]).rsplit(": ", 1)[-1]): c["passed"]
              for r in results for c in r["scores"]["program"]["checks"]}
    assert checks == {("candidate", "says_it"): True, ("candidate", "same_file"): True,
                      ("baseline", "says_it"): False, ("baseline", "same_file"): True}, checks
