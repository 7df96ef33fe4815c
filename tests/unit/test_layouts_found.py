"""Layouts where a set sits under a name or in a folder the finder did not know (docs/case-sets.md,
"Layouts"): a structured Markdown set at a repository's `evals/` under any file name is read
(by `check` and by the bench's `collection`, alike); what an eval folder organised by kind holds
instead of a set (rubrics, an answer key, case folders with no prompt file, an empty `cases/`
scaffold) is named in the refusal, never passed over with a bare "no case set". A `tests/`
folder's subfolders (a software suite's data) are not. Sets of our own, never a public skill's."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.layouts import collection
from runner.authoring.mdtasks import markdown_cases
from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data, write_skill_md

DESCRIPTION = "Keeps a garden journal of sowings and harvests. Use when logging the garden."

# sections numbered in two parts (`Case 1.2`), each a prompt with pass and fail lines
_NUMBERED = """# Garden journal checks

Each case sends its prompt and checks the entry written.

## Group 1: Sowing

### Case 1.1: Logs a sowing
**Prompt:** "I sowed two rows of carrots today"
**Pass:** The entry records carrots, two rows and today's date
**Fail:** Nothing is written

### Case 1.2: Asks for the bed when none is said
**Prompt:** "Put the beans in"
**Pass:** The reply asks which bed the beans went into
**Fail:** A bed is invented

## Group 2: Harvest

### Case 2.1: Logs a harvest weight
**Prompt:** "Picked 3 kg of tomatoes"
**Pass:** The entry records 3 kg of tomatoes
**Fail:** The weight is changed
"""

# a grader's rubric: what a deliverable must meet, no prompt to send
_RUBRIC_MD = """# EVAL: journal voice

## Hard fails (any one = FAIL)

1. **Passive voice.** "Seeds were sown" where "I sowed" is meant.
2. **No date.** An entry without its day.

## Output

PASS or FAIL with one line per failed rule.
"""


def _repo(tmp_path: Path, skills: tuple[str, ...] = ("garden-journal",)) -> Path:
    root = tmp_path / "repo"
    for name in skills:
        write_skill_md(root / "skills" / name, name, DESCRIPTION)
    return root


def test_a_markdown_set_under_any_name_at_the_repository_root_is_read(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / "evals").mkdir()
    (root / "evals" / "journal_checks.md").write_text(_NUMBERED)
    got = check(str(root / "skills" / "garden-journal"))
    assert got.exit_code == 0, got.output
    assert "3 case(s): Case-1.1, Case-1.2, Case-2.1" in got.output
    assert f"set: {root / 'evals' / 'journal_checks.md'}" in got.output
    # the bench finds the same set for the skill as `check` reads
    assert collection(root) == [(root / "skills" / "garden-journal",
                                 root / "evals" / "journal_checks.md")]


def test_section_numbers_in_two_parts_are_ids_of_their_own() -> None:
    cases = markdown_cases(_NUMBERED)
    assert cases is not None
    assert [c["id"] for c in cases] == ["Case-1.1", "Case-1.2", "Case-2.1"]
    one = markdown_cases("## Case 1. Logs a sowing\n**Prompt:** sow\n**Pass:** logged\n")
    assert one is not None and one[0]["id"] == "Case-1"  # `1.` then words: still case 1


def test_a_rubric_under_any_name_stays_refused_as_prose(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / "evals").mkdir()
    (root / "evals" / "voice-eval.md").write_text(_RUBRIC_MD)
    got = check(str(root / "skills" / "garden-journal"))
    assert got.exit_code != 0 and "no case set" in got.output
    assert "1 Markdown file(s): evals/voice-eval.md (prose" in got.output
    assert collection(root) == [(root / "skills" / "garden-journal", None)]


def test_several_markdown_sets_in_one_folder_are_read_as_one(tmp_path: Path) -> None:
    # (as several JSON files of one shape are: none is chosen over the others, none dropped;
    # until stop 51 they were named and the skill refused, `--cases` choosing one)
    root = _repo(tmp_path)
    (root / "evals").mkdir()
    (root / "evals" / "journal_a.md").write_text(_NUMBERED)
    (root / "evals" / "journal_b.md").write_text(_NUMBERED.replace("carrots", "leeks"))
    got = check(str(root / "skills" / "garden-journal"))
    assert got.exit_code == 0, got.output
    assert "2 files of one shape in" in got.output and "journal_a.md (" in got.output \
        and "journal_b.md (" in got.output, got.output
    assert "a Markdown set of 2 files read as one" in got.output, got.output


def test_rubric_files_in_a_subfolder_of_evals_are_named_with_what_they_hold(
        tmp_path: Path) -> None:
    root = _repo(tmp_path)
    write_data(root / "evals" / "rubrics" / "accuracy.yaml",
               {"name": "accuracy", "checks": [{"id": "dated", "severity": "error"},
                                               {"id": "weighed", "severity": "warning"}]})
    got = check(str(root / "skills" / "garden-journal"))
    assert got.exit_code != 0 and "no case set" in got.output
    assert "found instead: evals/rubrics/ (1 data file(s), none a case set: accuracy.yaml: " \
           "holds no cases" in got.output
    assert "checks (2 objects: id, severity)" in got.output


def test_an_empty_cases_scaffold_is_said(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / "evals" / "cases").mkdir(parents=True)
    (root / "evals" / "cases" / "README.md").write_text("# Cases\n\nPut the cases here.\n")
    got = check(str(root / "skills" / "garden-journal"))
    assert got.exit_code != 0
    assert "evals/cases/ (a case folder holding no case: only README.md)" in got.output


def test_case_folders_with_no_prompt_file_are_named_with_the_fix(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    for case in ("01-spring", "02-autumn"):
        folder = root / "evals" / "journal" / "fixtures" / case
        folder.mkdir(parents=True)
        (folder / "brief.md").write_text(f"Log the {case} sowings.\n")
        (folder / "expected.md").write_text("- an entry per row\n")
    got = check(str(root / "skills" / "garden-journal"))
    assert got.exit_code != 0
    assert "evals/journal/fixtures/ (2 folder(s) shaped as one per case (01-spring, " \
           "02-autumn), each with an expected file and no prompt file" in got.output
    assert "name each one's prompt prompt.md" in got.output


def test_case_folders_with_a_prompt_file_are_still_read(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    for case in ("01-spring", "02-autumn"):
        folder = root / "evals" / "scenarios" / case
        folder.mkdir(parents=True)
        (folder / "prompt.md").write_text(f"Log the {case} sowings.\n")
        (folder / "expected.md").write_text("- an entry per row\n")
    got = check(str(root / "skills" / "garden-journal"))
    assert got.exit_code == 0, got.output
    assert "shaped as one per case" not in got.output


def test_a_test_suites_data_folders_are_not_named(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    write_data(root / "tests" / "data" / "rows.json", {"rows": [{"bed": 1, "crop": "kale"}]})
    (root / "tests" / "test_rows.py").write_text("def test_rows():\n    assert True\n")
    got = check(str(root / "skills" / "garden-journal"))
    assert got.exit_code != 0 and "no case set" in got.output
    assert "rows.json" not in got.output and "tests/data" not in got.output


def test_a_collection_says_what_its_evals_hold_once_for_its_skills(tmp_path: Path) -> None:
    root = _repo(tmp_path, ("garden-journal", "seed-catalog"))
    write_data(root / "evals" / "data" / "answers.json",
               {"flaws": [{"id": "F1", "location": "row 2"}]})
    got = check(str(root))
    assert got.exit_code != 0
    said = [line for line in got.output.splitlines() if "found instead" in line]
    assert len(said) == 1, got.output
    assert said[0].startswith("  no case set for garden-journal, seed-catalog; found instead: "
                              "evals/data/ (1 data file(s), none a case set: answers.json")


_CRITERIA = {"criteria": [
    {"name": "Dated", "description": "Every entry written carries the day it was made.",
     "weight": 60},
    {"name": "Weighed", "description": "A harvest entry records the weight the user gave.",
     "weight": 40}]}


def _case_folder(folder: Path, prompt: str) -> None:
    folder.mkdir(parents=True)
    (folder / "task.md").write_text(prompt)
    write_data(folder / "criteria.json", _CRITERIA)
    (folder / "garden" / "beds.txt").parent.mkdir()
    (folder / "garden" / "beds.txt").write_text("bed 1: kale\nbed 2: empty\n")


def test_a_skills_set_folder_under_evals_skills_holds_its_case_folders(tmp_path: Path) -> None:
    root = _repo(tmp_path, ("garden-journal", "seed-catalog"))
    _case_folder(root / "evals" / "skills" / "garden-journal" / "log-harvest",
                 "Log today's harvest of 3 kg of tomatoes from bed 2.\n")
    got = report(root / "skills" / "garden-journal")
    assert got["ok"], got
    (case,) = got["cases"]
    assert case["id"] == "log-harvest"
    statements = [str(c["entry"]) for c in case["checks"] if c["kind"] == "statement"]
    assert statements == ["Every entry written carries the day it was made.",
                          "A harvest entry records the weight the user gave."]
    staged = " ".join(str(f["file"]) for f in case["fixtures"])
    assert "beds.txt" in staged and "criteria.json" not in staged  # the grader's, not staged
    # carried from outside the skill, it lands where it sits in the case folder
    assert [f["staged_at"] for f in case["fixtures"]] == ["garden/beds.txt"]
    # the other skill has no set there: `evals/skills/<skill>/` is that skill's only
    other = check(str(root / "skills" / "seed-catalog"))
    assert other.exit_code != 0 and "no case set" in other.output


def test_a_skills_own_folder_that_is_one_case_is_read_as_that_case(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    _case_folder(root / "evals" / "skills" / "garden-journal",
                 "Log today's harvest of 3 kg of tomatoes from bed 2.\n")
    got = report(root / "skills" / "garden-journal")
    assert got["ok"], got
    assert [c["id"] for c in got["cases"]] == ["garden-journal"]


def test_a_folder_with_a_case_file_beside_a_prompt_file_is_read_by_its_case_file(
        tmp_path: Path) -> None:
    root = _repo(tmp_path)
    own = root / "evals" / "skills" / "garden-journal"
    _case_folder(own, "Log today's harvest.\n")
    write_data(own / "evals.json", {"evals": [{"id": "sow", "prompt": "I sowed leeks",
                                               "expectations": ["The entry names leeks"]}]})
    got = report(root / "skills" / "garden-journal")
    assert got["ok"], got
    assert [c["id"] for c in got["cases"]] == ["sow"]


def test_a_cases_folder_holding_its_cases_one_folder_down_names_them_and_cases(
        tmp_path: Path) -> None:
    root = _repo(tmp_path)
    cases = root / "evals" / "cases"
    (cases / "README.md").parent.mkdir(parents=True)
    (cases / "README.md").write_text("# Cases, one folder per category\n")
    write_data(cases / "writing" / "entry.yaml",
               {"id": "entry", "skill": "other-skill", "task": "Write today's entry.",
                "expected": {"must_include": ["a date line"]}})
    got = check(str(root / "skills" / "garden-journal"))
    assert got.exit_code != 0
    assert "evals/cases/ (case files in its subfolders, one per group: writing/ (1: " \
           f"entry.yaml); to grade a skill on them, --cases {cases / 'writing' / 'entry.yaml'})" \
        in got.output
