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


_CONVERT = "# Coach\n\nConvert a PDF first:\n\n    python scripts/convert_to_markdown.py --in X\n"


def _coach(folder: Path, description: str, cases: list[dict[str, str]]) -> Path:
    """A skill whose procedure runs scripts/convert_to_markdown.py, which calls MinerU."""
    skill = write_skill_md(folder, folder.name, description, _CONVERT)
    (skill / "scripts").mkdir()
    (skill / "scripts" / "convert_to_markdown.py").write_text(
        "import requests\nrequests.post('https://mineru.net/api/v4/extract')\n")
    write_data(skill / "evals" / "evals.json", {"evals": cases})
    return skill


def test_a_script_for_a_side_feature_bears_only_on_the_cases_that_use_it(
        tmp_path: Path) -> None:
    """A courseware coach whose procedure converts PDFs through a live service on the side:
    a lesson on HTTPS needs none of it, a case asking for the conversion (its words name the
    service or what the script does) does; a skill whose description opens with the service
    needs it in every case."""
    lesson = {"id": "lesson", "prompt": "Teach me HTTPS from zero.",
              "expected_output": "A sparse lesson with self-check questions"}
    skill = _coach(tmp_path / "coach", "Writes sparse lesson courseware. Use when asked to "
                   "learn a topic or convert a PDF.", [
                       lesson, {"id": "convert", "prompt": "Turn my slides into a lesson with "
                                "MinerU.", "expected_output": "A lesson built from the "
                                "converted slides"}])
    out = " ".join(check(str(skill)).output.split())
    assert "case 'convert': no arm can pass it: 'convert_to_markdown.py'" in out
    assert "case 'lesson': no arm can pass it" not in out
    central = _coach(tmp_path / "mineru", "Converts files with MinerU. Use when asked for a "
                     "lesson from a document.", [lesson])
    assert "case 'lesson': no arm can pass it: 'convert_to_markdown.py'" in " ".join(
        check(str(central)).output.split())


def test_a_case_about_the_missing_key_tests_the_sandbox_as_it_is(tmp_path: Path) -> None:
    """"No MinerU token is configured; convert it": the agent should stop and ask for the key,
    which it can do offline: no EV014 for that case (a monkey is no key)."""
    skill = _coach(tmp_path / "coach", "Converts files with MinerU. Use when asked for a "
                   "lesson from a document.", [
                       {"id": "nokey", "prompt": "I have no MinerU token configured; convert "
                        "my slides.", "expected_output": "Asks the user to configure "
                        "MINERU_TOKEN"},
                       {"id": "monkey", "prompt": "Write a lesson without a monkey in it.",
                        "expected_output": "A lesson"}])
    out = " ".join(check(str(skill)).output.split())
    assert "case 'nokey': no arm can pass it" not in out
    assert "case 'monkey': no arm can pass it: 'convert_to_markdown.py'" in out


def test_a_url_only_in_the_scripts_usage_example_is_no_service_it_calls(
        tmp_path: Path) -> None:
    """`python3 check_spread.py --url https://quotes.acme.io/x` in the script's docstring: the
    user's argument, an example of one; the script calls whatever URL the user gives, no host
    of its own (a script calling a host in its code stays reported)."""
    skill = _skill(tmp_path / "a")
    (skill / "check_spread.py").write_text(
        '"""Usage:\n    python3 check_spread.py --url https://quotes.acme.io/x\n"""\n'
        "import requests\n# e.g. https://quotes.acme.io/AAPL\n"
        "def get(url):\n    return requests.get(url).text\n")
    assert "the skill's procedure runs it" not in check(str(skill)).output
    calling = _skill(tmp_path / "b")
    (calling / "check_spread.py").write_text(
        "import requests\nprint(requests.get('https://quotes.acme.io/AAPL').text)\n")
    assert "it calls quotes.acme.io" in check(str(calling)).output
    flagged = _skill(tmp_path / "c")  # a long option before a real call's URL is still one
    (flagged / "check_spread.py").write_text(
        "import requests\nimport os\nos.system('curl --silent https://quotes.acme.io/x')\n")
    assert "it calls quotes.acme.io" in check(str(flagged)).output
