"""One quote-aware reading of a shell command line (runner.authoring.shell_words): its commands,
their words, redirections and programs, as setups, setup_writes and shell_lines all read it."""

from __future__ import annotations

import pytest

from runner.authoring.shell_words import Redirect, commands, programs


def test_an_operator_inside_quotes_is_no_split() -> None:
    found = commands('echo "a && b" > out.md; echo \'c | d\' && echo e\\;f')
    assert [c.words for c in found] == [("echo", "a && b"), ("echo", "c | d"),
                                        ("echo", "e;f")]
    assert found[0].written == ("out.md",)


@pytest.mark.parametrize(("line", "expected"), [
    ("cd dir && npm test", ["cd", "npm"]),
    ("grep -c TOTAL out.md | wc -l", ["grep", "wc"]),
    ("make || exit 1", ["make", "exit"]),
    ("sleep 1 & wait", ["sleep", "wait"]),
    ("git init\ngit add -A", ["git", "git"]),
    ("( cd sub && make )", ["cd", "make"]),
    ("python x.py \\\n  --fast", ["python"]),
])
def test_commands_split_on_the_shells_operators_and_newlines(line: str,
                                                             expected: list[str]) -> None:
    assert programs(line) == expected


@pytest.mark.parametrize(("line", "program", "wrappers"), [
    ("FOO=1 BAR=2 python x.py", "python", ()),
    ("sudo apt-get install -y jq", "apt-get", ("sudo",)),
    ("sudo -u app make", "make", ("sudo",)),
    ("env -i A=1 node x.js", "node", ("env",)),
    ("time pytest -q", "pytest", ()),
    ("time -p make", "make", ()),
    ("if grep -q x f", "grep", ()),
    ("! test -f report.pdf", "test", ()),
    ("nohup server &", "server", ("nohup",)),
])
def test_the_program_is_past_assignments_keywords_and_wrappers(
        line: str, program: str, wrappers: tuple[str, ...]) -> None:
    command = commands(line)[0]
    assert (command.program, command.wrappers) == (program, wrappers)


@pytest.mark.parametrize("line", ["fi", "done", "for f in *.md", "case $x in", "$PY x.py",
                                  "A=1", "command -v jq"])
def test_a_command_that_runs_no_known_program_has_none(line: str) -> None:
    assert commands(line)[0].program is None


def test_a_heredocs_body_is_its_input_never_commands() -> None:
    line = "cat > notes.md <<'EOF'\nrm -rf everything\n## Terms\nEOF\nmkdir -p src"
    found = commands(line)
    assert [c.program for c in found] == ["cat", "mkdir"]
    assert found[0].redirects == (Redirect(">", "notes.md"), Redirect("<<", "EOF"))
    assert found[0].written == ("notes.md",)
    tabbed = commands("cat <<-END > f\n\tjq .x\n\tEND\nls")
    assert [c.program for c in tabbed] == ["cat", "ls"]


def test_a_redirections_descriptor_and_target_are_no_words() -> None:
    logged, piped = commands("python x.py 2>&1 | tee log.txt")
    assert logged.words == ("python", "x.py")
    assert logged.written == ()  # stdout to stderr's place, no file
    assert piped.args == ("log.txt",)
    assert commands("echo hi 2> err.log")[0].written == ()  # an error log
    assert commands("echo 2 > two.txt")[0].words == ("echo", "2")
    assert commands("echo 2 > two.txt")[0].written == ("two.txt",)
    assert commands("make &> build.log")[0].written == ("build.log",)
    assert commands("make > /dev/null")[0].written == ()


def test_a_command_substitution_runs_its_commands() -> None:
    found = commands('test "$(jq .total out.json)" = 3 && echo `date` > stamp')
    assert [c.program for c in found] == ["test", "echo", "jq", "date"]
    assert found[0].words == ("test", "$(...)", "=", "3")
    assert programs("echo $((1 + 2)) > n") == ["echo"]  # arithmetic runs nothing


def test_a_comment_starts_only_at_a_words_start() -> None:
    assert [c.words for c in commands("echo a#b # jq here\nls")] == [("echo", "a#b"), ("ls",)]


def test_an_unclosed_quote_is_read_to_the_end() -> None:
    assert commands('echo "unclosed && x')[0].words == ("echo", "unclosed && x")
    assert commands("echo 'it''s && x")[0].words == ("echo", "its && x")


def test_a_case_arms_pattern_and_a_process_substitution() -> None:
    line = 'case "$1" in\n  a|b) make one;;\n  *) touch x ;;\nesac\ndiff <(sort a) b'
    assert programs(line) == ["make", "touch", "diff", "sort"]
    assert commands("diff <(sort a) b")[0].words == ("diff", "<(...)", "b")
    assert programs("case $x in a) echo a;; esac") == ["echo"]
