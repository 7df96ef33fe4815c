import pytest

from runner.schema.case import Case, OutputCheck
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
    results = grade(case, "all done", collected.files, collected.skipped)
    by_check = {r.check: r.passed for r in results}
    assert by_check == {
        "text: done": True,
        "file summary.md": True,
        "file summary.md: ## Totals": True,
        "file summary.md: re:Total: \\d+": True,
        "file chart.png": False,
    }


def test_grade_missing_output_fails_its_contains_too() -> None:
    case = Case(id="c", prompt="p", outputs=(OutputCheck(path="a.md", contains=("x",)),))
    results = grade(case, "", {}, {"a.md": "symlink"})
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
