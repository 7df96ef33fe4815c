"""A denial whose object is a tool call ("Does not call the Write tool", "must not run `git
push`", "no Bash call to rm") is read on the tool calls, never on the reply: a negated
tool-call check when it names a tool or a command, else the grader's on the tool calls only,
where a reply saying it will not run the thing breaks nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.call_denials import calls_only, denied_call
from runner.schema.case import Case
from runner.schema.trial import ToolCall
from runner.scoring.absence import states_absence
from runner.scoring.material import Material, Source
from runner.scoring.process import parse_call_matcher
from runner.scoring.statements import decide
from tests.helpers import check_json, check_verbose, make_skill


@pytest.mark.parametrize(("statement", "check"), [
    ("Does not call the Write tool", "!Write"),
    ("Does not use the Bash tool", "!Bash"),
    ("The agent must not invoke `Edit`", "!Edit"),
    ("No Write calls", "!Write"),
    ("No tool calls", "!*"),
])
def test_a_denied_tool_is_a_negated_tool_call_check(statement: str, check: str) -> None:
    assert denied_call(statement) == check


@pytest.mark.parametrize(("statement", "command", "other"), [
    ("must not run `git push`", "git push origin main", "git status"),
    ("Never runs `rm -rf`", "rm -rf build/", "rm build/a.txt"),
    ("Does NOT run terraform apply", "terraform apply -auto-approve", "terraform plan"),
    ("Does NOT run or execute terraform apply.", "cd infra && terraform apply", "terraform init"),
    ("no Bash call to rm", "rm notes.txt", "ls -la"),
])
def test_a_denied_command_is_no_bash_call_holding_its_words(statement: str, command: str,
                                                            other: str) -> None:
    check = denied_call(statement)
    assert check is not None and check.startswith("!Bash:re:"), check
    matcher = parse_call_matcher(check)
    assert matcher.negate
    assert matcher.matches(ToolCall(name="Bash", input=json.dumps({"command": command})))
    assert not matcher.matches(ToolCall(name="Bash", input=json.dumps({"command": other})))


@pytest.mark.parametrize("statement", [
    "Does not call the user by name",             # "call" as naming
    "Never runs over 300 words",                  # "run over": a length
    "Does not use a table",                       # the answer's shape, not a tool
    "Does NOT run terraform apply; explains why",  # a positive clause besides
    "Does not contain 'git push'",                # the text, not the run
    "Does NOT invoke deep-exploration",           # no tool nor command named: the grader's
])
def test_other_statements_are_no_tool_call_check(statement: str) -> None:
    assert denied_call(statement) is None


def test_a_denied_run_of_anything_else_is_the_graders_on_the_calls() -> None:
    assert calls_only("Does NOT invoke deep-exploration (opt-out honored)")
    assert calls_only("The agent must not run the migration script")
    # a verb of trying before the run verb denies the run all the same
    assert calls_only("Does NOT attempt to execute the deploy step via any tool")
    assert denied_call("Never tries to run `git push --force`") is not None
    assert not calls_only("Does not call the user by name")
    assert not calls_only("Never runs over 300 words")
    assert not calls_only("Does not mention git push")  # about the reply
    assert not calls_only("The output does not run or offer graphify.")  # offering: a reply
    assert states_absence("[tool calls] Does NOT invoke deep-exploration")


def _material() -> Material:
    final = "I will not run `git push` myself: push the branch when you are ready."
    call = "Bash {'command': 'git status'}\n-> result: On branch main"
    return Material(final + "\n" + call, "n1", (
        Source(name="final text", text=final),
        Source(name="call 1 Bash", text=call, call_input="{'command': 'git status'}",
               call_result="On branch main")))


def _failed(quote: str, source: str) -> dict[str, Any]:
    return {"content": [{"type": "tool_use", "name": "record_grades", "input": {"grades": [
        {"statement": 1, "passed": False, "evidence": quote, "source": source,
         "reason": "it mentions the push"}]}}]}


def test_a_reply_saying_it_will_not_run_it_breaks_no_denial_of_the_run() -> None:
    case = Case(id="c", prompt="Commit the fix.",
                statements=["[tool calls] Does NOT invoke the release pipeline"])
    said = _failed("I will not run `git push` myself", "final text")
    [result] = decide(case, said, _material())
    assert result.passed and "no call" in (result.evidence or "")
    ran = _failed("Bash {'command': 'git status'}", "call 1 Bash")
    [result] = decide(case, ran, _material())
    assert not result.passed  # a call quoted: the fail stands
    plain = Case(id="c", prompt="Commit the fix.", statements=["Does not mention pushing"])
    [result] = decide(plain, said, _material())
    assert not result.passed  # an absence in the reply is the reply's


def test_check_reads_denied_calls_on_the_calls(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "fix", "prompt": "Fix the typo in README.md.",
                                   "files": ["README.md"],
                                   "expectations": ["Does not call the Write tool",
                                                    "must not run `git push`",
                                                    "Does NOT invoke the release pipeline"]}],
                       files={"evals/files/README.md": "Helo\n"})
    checks = check_json(skill)["cases"][0]["checks"]
    entries = {c["entry"]: c["reads"] for c in checks}
    assert "!Write" in entries
    assert any(e.startswith("!Bash:re:") for e in entries)
    marked = [r for e, r in entries.items() if "release pipeline" in e]
    assert marked and "tool calls with their results only" in marked[0]
    shown = check_verbose(skill)
    assert "2 statement(s) denying a tool call read as tool-call checks" in shown
    assert "1 statement(s) denying a run graded on the tool calls only" in shown
