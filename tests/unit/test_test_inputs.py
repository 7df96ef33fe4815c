"""A list of prompts with nothing to grade, in a folder of the authors' tests of the skill's
own code (`tests/prompts.json` beside `tests/test_generator.py`), is their material: `check`
says it is not a case set, never refuses it as a set whose cases would all tie (EV008)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli as check
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

PROMPTS = {"prompts": [
    {"id": "flow", "name": "Flow", "description": "A login flow",
     "prompt": "Draw a login flowchart. Save as 'login.excalidraw'."},
    {"id": "arch", "name": "Arch", "description": "Three services",
     "prompt": "Draw three services and a database."}]}


def _skill(tmp_path: Path, with_tests: bool) -> Path:
    skill = write_skill_md(tmp_path / "diagrams", "diagrams", "Draws diagrams. Use when "
                           "asked for a diagram.", "Run scripts/gen.py.\n")
    _write(skill / "tests" / "prompts.json", PROMPTS)
    if with_tests:
        (skill / "tests" / "test_generator.py").write_text("def test_flow():\n    assert 1\n")
    return skill


def test_prompts_beside_test_modules_are_their_material_not_a_set(tmp_path: Path) -> None:
    result = check(str(_skill(tmp_path, with_tests=True)))
    assert "EV008" not in result.output, result.output
    assert "tests/prompts.json (not a case set: prompts with nothing to grade, in a folder of " \
        "the authors' tests of the skill's own code (tests/test_generator.py" in result.output


def test_the_same_prompts_alone_stay_a_set_refused_for_nothing_to_grade(
        tmp_path: Path) -> None:
    result = check(str(_skill(tmp_path, with_tests=False)))
    assert result.exit_code != 0 and "EV008" in result.output, result.output


# A record of bad prompts and their repairs, opened by a test module beside it from its own
# folder: items with a prompt and an expected field, still the test's data.
REGRESSIONS = {"bad_cases": [
    {"prompt": "Which sofa fabric lasts longest?", "why_it_fails": "names no brand",
     "expected_repair": "Ask which sofa brands to compare."},
    {"prompt": "Is leather good?", "why_it_fails": "a yes/no question",
     "expected_repair": "Ask for a brand choice."}]}
_TEST_MODULE = ("import json\nfrom pathlib import Path\n\nHERE = Path(__file__).parent\n\n"
                "def test_regressions():\n"
                "    data = json.loads((HERE / 'regressions.json').read_text())\n"
                "    assert data['bad_cases']\n")


def _recorded(tmp_path: Path, module: str) -> Path:
    skill = write_skill_md(tmp_path / "asks", "asks", "Writes buyer questions. Use when "
                           "asked for a question bank.", "Write questions.\n")
    _write(skill / "evals" / "regressions.json", REGRESSIONS)
    (skill / "evals" / "test_validator.py").write_text(module)
    return skill


def test_a_record_a_test_module_opens_beside_itself_is_its_data_not_a_set(
        tmp_path: Path) -> None:
    result = check(str(_recorded(tmp_path, _TEST_MODULE)))
    assert "regressions.json (not a case set: the data of the authors' test of the skill's own " \
        "code (evals/test_validator.py opens it from its own folder and runs no agent))" \
        in result.output, result.output
    assert "expected_repair" not in result.output


def test_a_test_module_that_runs_claude_on_it_leaves_it_a_set(tmp_path: Path) -> None:
    runs = _TEST_MODULE + ("\nimport subprocess\n\ndef test_agent():\n"
                           "    subprocess.run(['claude', '-p', 'x'])\n")
    result = check(str(_recorded(tmp_path, runs)))
    assert "the data of the authors' test" not in result.output
    assert "expected_repair" in result.output, result.output


def test_a_set_by_its_name_or_its_graded_cases_is_never_a_tests_data(tmp_path: Path) -> None:
    # a schema test opening evals.json beside it: the set stays the set
    skill = write_skill_md(tmp_path / "asks", "asks", "Writes buyer questions. Use when asked.",
                           "Write questions.\n")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "1", "prompt": "Write five buyer questions about sofas.",
         "expectations": ["Each question names a brand choice"]}]})
    (skill / "evals" / "test_evals_schema.py").write_text(
        "import json\nfrom pathlib import Path\n\ndef test_schema():\n"
        "    data = json.loads((Path(__file__).parent / 'evals.json').read_text())\n"
        "    assert data['evals']\n")
    result = check(str(skill))
    assert result.exit_code == 0 and "1 case(s): 1" in result.output, result.output


def test_a_runner_in_a_conftest_above_keeps_the_suite(tmp_path: Path) -> None:
    skill = _recorded(tmp_path, _TEST_MODULE)
    (skill / "conftest.py").write_text("import subprocess\n\ndef run(prompt):\n    return "
                                       "subprocess.run(['npx', '@anthropic-ai/claude-code', "
                                       "'--print', prompt])\n")
    result = check(str(skill))
    assert "the data of the authors' test" not in result.output, result.output


def test_a_docs_link_naming_claude_code_runs_no_agent(tmp_path: Path) -> None:
    cited = '"""See https://docs.anthropic.com/en/docs/claude-code/skills."""\n' + _TEST_MODULE
    result = check(str(_recorded(tmp_path, cited)))
    assert "the data of the authors' test" in result.output, result.output
