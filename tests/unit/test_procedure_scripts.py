"""A skill whose SKILL.md runs a script of its own that calls a live service (issue 26,
"cases that need the network ... get a finding of their own"), the service named by a URL or
by its client library (`import yfinance`): a case that gives the procedure nothing to work
from (no staged file, no pasted material) gets EV014 naming the script and the service; a
staged file, or a script SKILL.md never runs, leaves the case silent."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli as check
from tests.helpers import write_data, write_skill_md

BODY = ("# Spread check\n\nRun `check_spread.py` from this folder:\n\n"
        "    python3 check_spread.py T\n")
CASE = {"id": 1, "prompt": "Check my AAPL 260/270 call spread, sold for $1.50.",
        "expected_output": "A status card with the buffer to the short strike"}


def _skill(tmp_path: Path, body: str = BODY, **case: object) -> Path:
    skill = write_skill_md(tmp_path / "spread", "spread", "Checks option spreads.", body)
    (skill / "check_spread.py").write_text("import yfinance as yf\nprint(yf.Ticker('T'))\n")
    write_data(skill / "evals" / "evals.json", {"evals": [{**CASE, **case}]})
    return skill


def test_a_case_with_nothing_staged_needs_what_the_procedure_fetches(tmp_path: Path) -> None:
    got = check(str(_skill(tmp_path)))
    assert got.exit_code == 0, got.output
    assert "'check_spread.py': the skill's procedure runs it (SKILL.md) and it calls Yahoo " \
           "Finance" in got.output


def test_a_staged_file_or_a_script_never_run_leaves_the_case_silent(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "a", files=["evals/files/quotes.csv"])
    (skill / "evals" / "files").mkdir()
    (skill / "evals" / "files" / "quotes.csv").write_text("AAPL,255\n")
    assert "the skill's procedure runs it" not in check(str(skill)).output
    quiet = _skill(tmp_path / "b", body="# Spread check\n\nExplain the spread's risk.\n")
    assert "the skill's procedure runs it" not in check(str(quiet)).output
