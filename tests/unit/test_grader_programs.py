"""Authors' grader programs in a case set (issue 26.1) and the trust line around the skill's
programs (28.1): the program a set names, points at or keeps by convention in evals/ is found
and reported; assertions naming its checks read its results; what cannot be mapped is refused
with the fix; and under a sandbox that cannot contain it (here the fake one, as --sandbox
local) it runs only with --trust-target, through the real CLI."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from runner.authoring.caseset import load_caseset
from runner.authoring.problems import CaseSetRefused
from runner.cli import main
from runner.sandbox.fake import FakeSandbox
from runner.schema.case import Case
from runner.schema.programs import Found
from runner.store.keys import RunKeys
from runner.store.local import LocalStore

pytestmark = pytest.mark.usefixtures("fake_sandbox")

SKILL_MD = """---
name: gp
description: Writes reports. Use when asked for a report on a folder.
---
Write report.txt with the word DONE.
"""
GRADER = """import json, os, pathlib, sys
work = pathlib.Path(sys.argv[1])
case = json.loads(pathlib.Path(os.environ["SKILL_EVAL_CASE"]).read_text())
pathlib.Path(os.environ["MARKER_DIR"], case["id"]).write_text(str(work))
text = (work / "report.txt").read_text() if (work / "report.txt").exists() else ""
if case["id"] == "garbled":
    print("all good, I think")
else:
    print(json.dumps({"checks": {"report_written": bool(text), "says_done": "DONE" in text}}))
"""


def make_skill(root: Path, caseset: dict[str, Any], files: dict[str, str]) -> Path:
    skill = root / "gp"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps(caseset))
    for rel, text in files.items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    return skill


def case(prompt: str = "Write a report on the folder to report.txt.",
         **fields: Any) -> dict[str, Any]:
    return {"id": fields.pop("id", "report"), "prompt": prompt, **fields}


def test_a_named_program_takes_the_assertions_that_name_its_checks(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"skill_name": "gp", "grader_program": "evals/grade.py",
                                  "evals": [case(assertions=["report_written", "says_done",
                                                             "re:DONE"])]},
                       {"evals/grade.py": GRADER})
    caseset = load_caseset(skill)
    (only,) = caseset.evals
    assert only.grader_program is not None and only.grader_program.found is Found.NAMED
    assert only.grader_program.checks == ("report_written", "says_done")
    assert only.assertions == ("re:DONE",)  # a text check stays one
    assert "evals/grade.py" in caseset.fixture_files()
    assert any(f.code == "EV012" and "own container" in f.message for f in caseset.findings)


def test_a_conventional_program_is_found_by_the_checks_its_source_names(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"skill_name": "gp", "evals": [
        case(assertions=["report_written", "DONE"])]},
        {"evals/scorer.py": GRADER, "evals/files/helper.py": "print(1)\n"})
    (only,) = load_caseset(skill).evals
    assert only.grader_program is not None and only.grader_program.path == "evals/scorer.py"
    assert only.grader_program.found is Found.CONVENTIONAL
    assert only.grader_program.checks == ("report_written",) and only.assertions == ("DONE",)


def test_a_criterion_naming_the_program_reads_its_whole_verdict(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"skill_name": "gp", "evals": [
        case(id="features", statements=["evals/check_features.py reports 10/10"],
             assertions=["DONE"])]}, {"evals/check_features.py": GRADER})
    (features,) = load_caseset(skill).evals
    assert features.statements == () and features.grader_program is not None
    assert features.grader_program.found is Found.POINTED
    assert features.grader_program.checks == ()  # its whole verdict decides


def test_a_program_read_by_no_case_is_reported_not_run(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"skill_name": "gp", "evals": [case(assertions=["DONE"])]},
                       {"evals/grade.py": GRADER})
    caseset = load_caseset(skill)
    assert caseset.evals[0].grader_program is None
    assert any("read by no case: not run" in f.message for f in caseset.findings)


def test_a_judge_program_is_not_taken_for_a_grader_program(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"skill_name": "gp", "evals": [
        case(judge="evals/check_answer.py")]}, {"evals/check_answer.py": "import sys\n"})
    caseset = load_caseset(skill)
    assert caseset.evals[0].grader_program is None
    assert caseset.evals[0].judge_program == "evals/check_answer.py"
    assert not any("grader program" in f.message for f in caseset.findings)


@pytest.mark.parametrize(("changes", "phrase"), [
    ({"grader_program": "scripts/grade.py"}, "inside the skill's evals/ folder"),
    ({"grader_program": "evals/missing.py"}, "is not a file of the skill"),
    ({"grader_program": {"path": "evals/grade.py", "threshold": "high"}}, "threshold"),
])
def test_what_cannot_be_mapped_is_refused_with_the_fix(tmp_path: Path, changes: dict[str, Any],
                                                       phrase: str) -> None:
    skill = make_skill(tmp_path, {"skill_name": "gp", **changes,
                                  "evals": [case(assertions=["report_written"])]},
                       {"evals/grade.py": GRADER, "scripts/grade.py": GRADER})
    with pytest.raises(CaseSetRefused) as refused:
        load_caseset(skill)
    (problem,) = refused.value.problems
    assert problem.code == "EV009" and phrase in problem.message and problem.fix


def test_a_prefixed_check_the_program_never_mentions_is_refused(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"skill_name": "gp", "grader_program": "evals/grade.py",
                                  "evals": [case(assertions=["program:pdf_written"])]},
                       {"evals/grade.py": GRADER})
    with pytest.raises(CaseSetRefused, match="names no check"):
        load_caseset(skill)


def test_a_case_without_a_program_keeps_its_digest() -> None:
    plain = Case(id="a", prompt="p", assertions=("x",))
    dumped = json.loads(plain.model_dump_json())
    assert dumped.pop("grader_program") is None
    # nor follow-up turns: a single-turn case digests as before they existed too
    assert dumped.pop("follow_ups") == [] and dumped.pop("first_turn") is None
    before = json.dumps(dumped, separators=(",", ":"), ensure_ascii=False)
    assert plain.digest() == hashlib.sha256(before.encode()).hexdigest()


def run(tmp_path: Path, skill: Path, *args: str) -> Result:
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump({"scenarios": [{"name": "any", "turns": [{"text": "ok"}]}]}))
    return CliRunner().invoke(main, [
        "run", str(skill), "--executor", "inprocess", "--sandbox", "fake", "--fresh",
        "--model-script", str(script), "--store", str(tmp_path / "store"), *args])


def test_on_a_sandbox_that_cannot_contain_it_the_program_runs_only_when_trusted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    markers = tmp_path / "markers"
    markers.mkdir()
    monkeypatch.setenv("MARKER_DIR", str(markers))
    skill = make_skill(tmp_path, {"skill_name": "gp", "grader_program": "evals/grade.py",
                                  "evals": [case(assertions=["report_written", "says_done"]),
                                            case(id="garbled", assertions=["report_written"])]},
                       {"evals/grade.py": GRADER})
    FakeSandbox.plan["*"] = {"write": {"report.txt": "DONE\n"}}

    refused = run(tmp_path, skill)
    assert refused.exit_code == 2, refused.output
    assert "--trust-target" in refused.output and "evals/grade.py" in refused.output
    assert list(markers.iterdir()) == [] and FakeSandbox.starts == {}
    assert not (tmp_path / "store").exists()  # nothing written

    trusted = run(tmp_path, skill, "--trust-target")
    assert trusted.exit_code in (0, 1), trusted.output
    assert sorted(p.name for p in markers.iterdir()) == ["garbled", "report"]  # on the host
    store = LocalStore(tmp_path / "store")
    (run_id,) = [k.split("/")[1] for k in store.list("runs/") if k.endswith("/plan.json")]
    keys = RunKeys(run_id)
    done = [json.loads(store.get(k)) for k in store.list(f"runs/{run_id}/trials/")
            if k == keys.trial(k.split("/")[3]).done]
    checks = {(d["case_id"], c["check"]): c for d in done
              for c in d["scores"]["program"]["checks"]}
    assert checks[("report", "grader program evals/grade.py: says_done")]["passed"] is True
    garbled = checks[("garbled", "grader program evals/grade.py")]
    assert garbled["passed"] is False and garbled["detail"].startswith("unmappable:")


# reads the reply two ways: the file its usage takes (`--response FILE`), and $SKILL_EVAL_REPLY
REPLY_GRADER = '''"""Usage: python3 evals/grade.py --response FILE --eval ID"""
import argparse, json, os, pathlib
p = argparse.ArgumentParser()
p.add_argument("--response")
p.add_argument("--eval")
args = p.parse_args()
# its own set beside it, as its authors' harness has it (runner.authoring.program_files)
ids = [c["id"] for c in json.load(open(pathlib.Path(__file__).parent / "evals.json"))["evals"]]
given = pathlib.Path(args.response).read_text()
print(json.dumps({"checks": {
    "says_done": "DONE" in given,
    "same_file": os.environ["SKILL_EVAL_REPLY"] == args.response,
    "own_case": args.eval in ids and args.eval == json.loads(
        pathlib.Path(os.environ["SKILL_EVAL_CASE"]).read_text())["id"]}}))
'''


def test_every_grader_program_is_given_the_final_reply_as_a_file(tmp_path: Path) -> None:
    """The session's final reply lands beside the case (reply.md, $SKILL_EVAL_REPLY); a usage
    taking it (`--response FILE`) runs with its path, each case with its own id."""
    skill = make_skill(tmp_path, {"skill_name": "gp", "evals": [
        case(prompt="Say DONE.", id=name, assertions=["says_done", "same_file", "own_case"])
        for name in ("one", "two")]}, {"evals/grade.py": REPLY_GRADER})
    FakeSandbox.plan["*"] = {"reply": "All DONE here."}
    result = run(tmp_path, skill, "--trust-target")
    assert result.exit_code in (0, 1), result.output
    store = LocalStore(tmp_path / "store")
    (run_id,) = [k.split("/")[1] for k in store.list("runs/") if k.endswith("/plan.json")]
    keys = RunKeys(run_id)
    done = [json.loads(store.get(k)) for k in store.list(f"runs/{run_id}/trials/")
            if k == keys.trial(k.split("/")[3]).done]
    checks = {(d["case_id"], c["check"]): c["passed"] for d in done
              for c in d["scores"]["program"]["checks"]}
    assert {k[0] for k in checks} == {"one", "two"}
    assert all(checks.values()), [c for d in done for c in d["scores"]["program"]["checks"]]


def test_the_files_a_grader_program_reads_beside_it_travel_with_it(tmp_path: Path) -> None:
    """Its set (a quoted file name) and a module it imports go into the fixtures bundle with
    the program; a file of its folder its source never names does not."""
    from runner.authoring.caseset import load_caseset
    from runner.authoring.program_files import program_files

    source = REPLY_GRADER.replace("import argparse", "import helpers\nimport argparse")
    skill = make_skill(tmp_path, {"skill_name": "gp", "evals": [
        case(prompt="Say DONE.", id="one", assertions=["says_done"])]},
                       {"evals/grade.py": source, "evals/helpers.py": "X = 1\n",
                        "evals/notes.md": "# notes\n"})
    caseset = load_caseset(skill, "gp")
    assert program_files(skill, caseset)[-3:] == ["evals/grade.py", "evals/evals.json",
                                                  "evals/helpers.py"]
