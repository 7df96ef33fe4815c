"""What a session reached for and could not have (runner.scoring.reach), read from small
synthetic stream-json transcripts: each signal, and what is none."""

import json

import pytest

from runner.schema.reach import REACH_CAP, Reach, ReachKind
from runner.schema.trial import TrialResult
from runner.scoring.reach import asks_user, reached
from runner.trial.transcript import parse_transcript


def session(*steps: tuple[str, object]) -> bytes:
    """A stream-json session: ("text", str) an assistant text block; ("call", (name, input,
    result, is_error)) a tool call and its result."""
    lines: list[dict[str, object]] = [{"type": "system", "subtype": "init", "skills": []}]
    for n, (kind, value) in enumerate(steps):
        if kind == "text":
            lines.append({"type": "assistant", "message": {"content": [
                {"type": "text", "text": value}]}})
        else:
            name, tool_input, result, is_error = value  # type: ignore[misc]
            lines.append({"type": "assistant", "message": {"content": [
                {"type": "tool_use", "id": f"t{n}", "name": name, "input": tool_input}]}})
            lines.append({"type": "user", "message": {"content": [
                {"type": "tool_result", "tool_use_id": f"t{n}", "content": result,
                 "is_error": is_error}]}})
    lines.append({"type": "result", "subtype": "success", "is_error": False, "num_turns": 2})
    return "\n".join(json.dumps(line) for line in lines).encode()


def of(raw: bytes) -> list[Reach]:
    t = parse_transcript(raw)
    return reached(t.calls, t.final_text)


def bash(command: str, result: str, error: bool = True) -> tuple[str, object]:
    return ("call", ("Bash", {"command": command}, result, error))


@pytest.mark.parametrize("result", [
    "Exit code 127\n/bin/bash: line 1: kubectl: command not found",
    "kubectl: command not found",
    "Exit code 127\nsh: 1: kubectl: not found",
])
def test_a_program_the_shell_did_not_find(result: str) -> None:
    assert of(session(bash("kubectl get pods", result))) == [
        Reach(kind=ReachKind.MISSING_PROGRAM, what="kubectl")]


def test_a_python_module_not_installed() -> None:
    got = of(session(bash("python3 x.py", "Traceback ...\nModuleNotFoundError: No module "
                                          "named 'pandas.core'")))
    assert got == [Reach(kind=ReachKind.MISSING_PROGRAM, what="python module pandas")]


@pytest.mark.parametrize(("result", "what"), [
    ("curl: (6) Could not resolve host: api.github.com", "api.github.com"),
    ("fatal: unable to access 'https://github.com/a/b.git/': Could not resolve host: "
     "github.com", "github.com"),
    ("requests.exceptions.ConnectionError: NameResolutionError", "pip"),
    ("curl: (7) Failed to connect to localhost port 8080: Connection refused", "localhost"),
])
def test_the_network(result: str, what: str) -> None:
    got = of(session(bash("pip install x" if what == "pip" else "curl x", result)))
    assert got == [Reach(kind=ReachKind.NETWORK, what=what)]


def test_web_tools_failing_or_denied_and_not_when_they_answered() -> None:
    failed = ("call", ("WebFetch", {"url": "https://docs.example.com/x"}, "Unable to fetch",
                       True))
    denied = ("call", ("WebSearch", {"query": "helm chart"}, "Permission denied", True))
    fine = ("call", ("WebFetch", {"url": "https://ok.example.com"}, "<html>", False))
    assert of(session(failed, denied, fine)) == [
        Reach(kind=ReachKind.NETWORK, what="WebFetch docs.example.com"),
        Reach(kind=ReachKind.NETWORK, what="WebSearch helm chart")]


def test_a_tool_that_does_not_exist() -> None:
    missing = ("call", ("mcp__github__create_issue", {"title": "x"},
                        "<tool_use_error>Error: No such tool available: "
                        "mcp__github__create_issue</tool_use_error>", True))
    assert of(session(missing)) == [Reach(kind=ReachKind.MISSING_TOOL,
                                          what="mcp__github__create_issue")]


def test_a_question_to_the_user_at_the_end_and_the_ask_tool() -> None:
    asked = session(bash("ls", "a.txt", False),
                    ("text", "Before I start: which namespace should I deploy to?\n"
                             "1. staging\n2. production"))
    assert of(asked) == [Reach(kind=ReachKind.ASKED_USER)]
    tool = ("call", ("AskUserQuestion", {"questions": []}, "no answer", True))
    assert of(session(tool)) == [Reach(kind=ReachKind.ASKED_USER, what="AskUserQuestion")]


@pytest.mark.parametrize("raw", [
    # grep finding nothing exits 1: an ordinary answer, no missing program
    session(bash("grep -r TODO .", "Exit code 1")),
    # a missing file or a failing test is the work's own outcome
    session(bash("cat nope.txt", "cat: nope.txt: No such file or directory")),
    session(bash("pytest", "Exit code 1\nFAILED test_x.py::test_a - assert 1 == 2")),
    # a log file read that holds the words is the file's text, not the session's reach
    session(("call", ("Read", {"file_path": "app.log"},
                      "ERROR Connection refused\nbash: foo: command not found", False))),
    # a question in the middle, then work: no stop
    session(("text", "Which file should I read? I'll start with the README."),
            bash("cat README.md", "# hi", False), ("text", "Done: summary written.")),
    # an offer of more help after finished work
    session(bash("echo ok > out.txt", "", False),
            ("text", "I wrote out.txt. Would you like me to add anything else?")),
    # a rhetorical question answered in the same message
    session(("text", "Why does it fail? Because the path is wrong. Fixed it.")),
])
def test_ordinary_results_are_no_reach(raw: bytes) -> None:
    assert of(raw) == []


def test_a_trial_keeps_few_signals_one_each_and_the_stop_last() -> None:
    programs = [bash(f"p{n}", f"p{n}: command not found") for n in range(6)]
    raw = session(*programs, bash("p0", "p0: command not found"),
                  ("text", "Could you install these for me?"))
    got = of(raw)
    assert len(got) == REACH_CAP and got[-1] == Reach(kind=ReachKind.ASKED_USER)
    assert [r.what for r in got[:-1]] == ["p0", "p1", "p2"]


def test_asks_user_reads_only_the_last_words() -> None:
    assert asks_user("Done.\n\nWhat is your cluster's API endpoint?")
    assert not asks_user("What is your cluster's API endpoint? I used the default.")
    assert not asks_user("")


@pytest.mark.parametrize(("text", "asks"), [
    ("已完成分析。请问您的集群地址是什么？", True),
    ("報告を書きました。どちらの形式がよろしいでしょうか？", True),
    ("분석했습니다. 어떤 형식을 원하시나요?", True),
    ("summary.md に書きました。他に何かありますか？", False),  # an offer after the work
    ("已写入 summary.md。还有其他需要帮忙的吗？", False),
    ("为什么失败？因为路径错了。已修复。", False),  # answered in the same message
])
def test_asks_user_in_chinese_japanese_and_korean(text: str, asks: bool) -> None:
    assert asks_user(text) is asks


def test_a_result_stored_before_the_signals_still_loads() -> None:
    old = {"trial_id": "t", "case_id": "c", "repetition": 0, "arm": "candidate",
           "status": "completed", "passed": False}
    assert TrialResult.model_validate(old).reached == []
