from typing import Any

import pytest

from runner.schema.case import Case, OutputCheck
from runner.scoring.base import Evidence
from runner.scoring.checks import check_text, parse_matcher
from runner.scoring.deterministic import grade
from runner.trial.collect import Collected


@pytest.mark.parametrize(
    ("assertion", "text", "passes"),
    [
        ("Total", "Grand Total: 5", True),
        ("Total", "grand total: 5", False),  # substrings are case-sensitive
        ("re:\\d+ rows", "there are 12 rows", True),
        ("re:\\d+ rows", "there are many rows", False),
        ("re:^## Totals$", "x\n## Totals\ny", True),  # MULTILINE
        ("not:I cannot", "Here you go", True),
        ("not:I cannot", "I cannot do that", False),
        ("not:re:error \\d+", "error 42", False),
        ("not:re:error \\d+", "no errors", True),
    ],
)
def test_assertion_grammar(assertion: str, text: str, passes: bool) -> None:
    assert check_text(assertion, text).passed is passes


def test_failure_details_say_why() -> None:
    assert "not found" in check_text("Total", "nothing").detail
    assert "prohibited" in check_text("not:oops", "oops").detail


@pytest.mark.parametrize("bad", ["", "re:", "not:", "re:(", "not:re:[z-a]"])
def test_bad_assertions_raise(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_matcher(bad)


def test_grade_outputs_existence_and_contains() -> None:
    case = Case(id="c", prompt="p", assertions=("done",),
                outputs=(OutputCheck(path="summary.md", contains=("## Totals", "re:Total: \\d+")),
                         OutputCheck(path="chart.png")))
    collected = Collected(files={"summary.md": b"# S\n## Totals\nTotal: 9\n"})
    results = grade(case, Evidence("all done", collected.files, collected.skipped))
    by_check = {r.check: r.passed for r in results}
    assert by_check == {
        "work: done": True,
        "file summary.md": True,
        "file summary.md: ## Totals": True,
        "file summary.md: re:Total: \\d+": True,
        "file chart.png": False,
    }


def test_grade_missing_output_fails_its_contains_too() -> None:
    case = Case(id="c", prompt="p", outputs=(OutputCheck(path="a.md", contains=("x",)),))
    results = grade(case, Evidence("", {}, {"a.md": "symlink"}))
    assert [r.passed for r in results] == [False, False]
    assert "symlink" in results[0].detail


def test_a_failed_check_shows_where_to_look() -> None:
    text = "# Summary\nrows: 5\nTotal 600\nI cannot compute the mean\n"
    missing = check_text("Total: 600", text).detail
    assert "'Total: 600' not found" in missing and "line 3: 'Total 600'" in missing
    banned = check_text("not:I cannot", text).detail
    assert "prohibited" in banned and "line 4: 'I cannot compute the mean'" in banned
    regex = check_text("re:^Total: \\d+$", text).detail
    assert "text starts: '# Summary" in regex
    assert "the text is empty" in check_text("x", "").detail


def test_tool_call_and_json_checks_keep_their_evidence() -> None:
    from runner.schema.case import JsonCheck
    from runner.schema.trial import ToolCall

    case = Case(id="c", prompt="p", tool_calls=("Read:sales.csv", "WebFetch"),
                json_checks=(JsonCheck(file="o.json", path="items[1].n", equals=2),
                             JsonCheck(file="o.json", path="meta.title", contains="re:^Q\\d"),
                             JsonCheck(file="o.json", path="secret", exists=False)))
    evidence = Evidence("", {"o.json": b'{"items": [{"n": 1}, {"n": 2}], "meta": {"title": "Q3"}}'},
                        calls=(ToolCall(name="Read", input='{"file_path": "sales.csv"}'),))
    results = grade(case, evidence)
    by = {r.check: r for r in results}
    assert by["tool call: Read:sales.csv"].passed
    assert "call #1 Read" in by["tool call: Read:sales.csv"].evidence
    assert not by["tool call: WebFetch"].passed and "Read" in by["tool call: WebFetch"].detail
    assert by["json o.json: items[1].n"].evidence == "items[1].n = 2"
    assert by["json o.json: meta.title"].passed
    assert by["json o.json: secret absent"].passed


def test_assertions_read_the_work_final_text_and_files_written_unless_in_says_otherwise(
        ) -> None:
    """An arm that writes the file the case asks for passes a check on its content; an arm
    that prints the code inline passes too; `in` narrows what is read."""
    from runner.schema.case import Reading
    from runner.scoring.base import digests

    files = {"parse.py": b"def parse(line):\n    return line.split(',')\n",
             "data.csv": b"def parse staged\n"}
    wrote = Evidence("Wrote parse.py.", files, staged=digests({"data.csv": b"def parse staged\n"}))
    inline = Evidence("```python\ndef parse(line):\n    ...\n```")
    untouched = Evidence("Done.", {"data.csv": b"def parse staged\n"},
                         staged=digests({"data.csv": b"def parse staged\n"}))

    def run(reads: Reading, evidence: Evidence, assertion: str = "re:def parse\\(") -> Any:
        (result,) = grade(Case(id="c", prompt="p", assertions=(assertion,), reads=reads),
                          evidence)
        return result

    work = run(Reading.WORK, wrote)
    assert work.passed and work.check == "work: re:def parse\\("
    assert work.evidence.startswith("file parse.py line 1")
    assert run(Reading.WORK, inline).passed
    assert run(Reading.WORK, inline).evidence.startswith("final text line 2")
    assert not run(Reading.TEXT, wrote).passed  # the chat text alone does not hold it
    assert run(Reading.FILES, wrote).passed
    assert not run(Reading.FILES, inline).passed
    # A fixture left as staged is not the agent's work.
    left = run(Reading.WORK, untouched, "def parse staged")
    assert not left.passed and "not found in final text" in left.detail
    # A prohibition holds only when no source has it, and says where it was found.
    banned = run(Reading.WORK, wrote, "not:return line")
    assert not banned.passed and "present in file parse.py" in banned.detail
    assert run(Reading.TEXT, wrote, "not:return line").passed
