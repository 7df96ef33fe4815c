"""Case-set reading rules from sample N's tune half (issue 26), each by a small set of its own
through the real `skill-eval check`: a list of `patterns` holding one that is no regular
expression (`text(`) is its author's texts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

DESCRIPTION = 'Writes a small TypeScript module. Use when asked to "add a module".'


def _skill(folder: Path) -> Path:
    return write_skill_md(folder, "add-module", DESCRIPTION, "Write the module under src/.\n")


def _checks(got: dict[str, Any], case: str) -> list[str]:
    found = next(c for c in got["cases"] if c["id"] == case)
    return [str(c["entry"]) for c in found["checks"]]


def test_patterns_holding_one_that_does_not_compile_are_texts(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "add-module")
    _write(skill / "evals" / "evals.json", {"test_cases": [
        {"name": "calls", "prompt": "Write a module that parses a price and logs it.",
         "assertions": [
             {"type": "text_contains", "patterns": ["parse(", "log.info"]},
             {"type": "text_not_contains", "patterns": [".catch(() =>"]},
             # a call written as code compiles, but as a regex would never match itself
             {"type": "text_contains", "patterns": ["goto('/admin')", "status()"]},
             # every item compiles: a regular expression, as before
             {"type": "text_contains", "patterns": ["price\\w*", "Fri(day)?"]}]}]})
    got = report(skill)
    assert _checks(got, "calls") == ["parse(", "log.info", "not:.catch(() =>", "goto('/admin')",
                                     "status()", "re:price\\w*", "re:Fri(day)?"]
    said = [f["message"] for f in got["findings"] if f["code"] == "EV012"]
    assert any("2 term(s) read as text" in m and "'parse('" in m for m in said), said


def test_a_type_that_says_regex_keeps_its_broken_pattern_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "add-module")
    _write(skill / "evals" / "evals.json", {"test_cases": [
        {"name": "calls", "prompt": "Write a module that parses a price.",
         "assertions": [{"type": "regex_match", "patterns": ["parse("]}]}]})
    result = check(str(skill))
    assert result.exit_code != 0 and "does not compile" in result.output, result.output


def test_a_note_to_whoever_runs_the_case_naming_its_working_directory_is_ev014(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "add-module")
    _write(skill / "evals" / "evals.json", {"test_cases": [
        {"name": "in-repo", "prompt": "Add the module. (Run in a repo with an approved "
                                      "plan.md and a src/ folder.)",
         "assertions": ["Names the plan's module"]},
        {"name": "state", "prompt": "Add the module. (Run twice: once with no plan, once "
                                    "where plan.md has status: draft.)",
         "assertions": ["Names the plan's status"]},
        # asking for nothing the sandbox lacks, or no direction at all: not flagged
        {"name": "empty", "prompt": "Add the module. (Run with no target: an empty "
                                    "directory.)", "assertions": ["Asks what to build"]},
        {"name": "plain", "prompt": "Add a module (in TypeScript) that adds two numbers.",
         "assertions": ["export"]}]})
    got = report(skill)
    flagged = {f["case"]: f["message"] for f in got["findings"] if f["code"] == "EV014"}
    assert set(flagged) == {"in-repo", "state"}, flagged
    assert "'(Run in a repo with an approved plan.md" in flagged["in-repo"], flagged


def test_a_tool_check_s_pattern_is_a_regex_over_that_tool_s_input(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "add-module")
    _write(skill / "evals" / "evals.json", [
        {"name": "lint", "prompt": "Add the module and lint it with eslint.",
         "assertions": [{"type": "tool_use", "tool": "Bash", "pattern": "eslint (src|\\.)"},
                        {"type": "tool_use", "tool": "Write"}]}])
    got = report(skill)
    tools = [str(c["entry"]) for c in got["cases"][0]["checks"] if c["kind"] == "tool_call"]
    assert tools == ["Bash:re:eslint (src|\\.)", "Write"], got["cases"][0]["checks"]


def test_a_website_named_by_its_bare_domain_to_audit_is_ev014(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "add-module")
    _write(skill / "evals" / "evals.json", [
        {"name": "audit", "prompt": "run a tracking audit on shoplane.com",
         "assertions": ["Lists the pixels found"]},
        {"name": "pixels", "prompt": "can you check what pixels are on shoplane.com?",
         "assertions": ["Lists the pixels found"]},
        # the user's own scraping asked about, a name of a standard, a mail address, a link
        # to write: no site to read
        {"name": "advice", "prompt": "i'm trying to scrape shoplane.com but my script gets "
                                     "blocked. what should I change?",
         "assertions": ["Suggests a slower rate"]},
        {"name": "names", "prompt": "Review this markup against the Schema.org types and "
                                    "mail the result to ops@shoplane.com.",
         "assertions": ["Names the type"]},
        {"name": "link", "prompt": "Add a footer link to shoplane.com in the module.",
         "assertions": ["shoplane.com"]}])
    got = report(skill)
    flagged = {f["case"]: f["message"] for f in got["findings"] if f["code"] == "EV014"}
    assert set(flagged) == {"audit", "pixels"}, flagged
    assert "'shoplane.com': a live website to read" in flagged["audit"], flagged


def test_material_placed_at_a_relative_path_the_case_does_not_stage_is_refused(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "add-module")
    _write(skill / "evals" / "evals.json", [
        {"name": "paper", "prompt": "I have a paper at ./papers/survey.pdf. Pull out its "
                                    "abstract.", "assertions": ["Abstract"]},
        {"name": "repo", "prompt": "npm test fails after I cloned it. Fix it? The repo is "
                                   "at ./my-project.", "assertions": ["Fixed"]},
        # a folder the prompt makes, or writes into: its output, never refused
        {"name": "new", "prompt": "Scaffold a new project at ./app with one module.",
         "assertions": ["export"]},
        {"name": "into", "prompt": "Write the module in ./src and export add().",
         "assertions": ["export"]}])
    result = check(str(skill), "--strict")
    assert result.exit_code != 0
    refused = [line for line in result.output.splitlines() if "EV009" in line]
    assert any("'paper'" in r and "'papers/survey.pdf'" in r for r in refused), refused
    assert any("'repo'" in r and "repo is at ./my-project" in r for r in refused), refused
    assert not [r for r in refused if "'new'" in r or "'into'" in r], refused


def test_one_structured_file_among_per_case_prose_files_is_not_the_set(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "add-module")
    structured = ("# Eval: adds\n\n## Case 1\n\n**Prompt:** Add a module that adds two "
                  "numbers.\n\n**Expected:**\n- Exports an add function\n")
    _write(skill / "evals" / "eval-adds.md", structured)
    for n in range(2):
        _write(skill / "evals" / f"eval-story-{n}.md", "# Eval\n\nGiven a project, when the "
                                                        "module is added, then it works.\n")
    result = check(str(skill))
    assert result.exit_code != 0, result.output
    assert "one of a family of per-case files" in result.output, result.output
    # alone in its folder, the structured file is the set, as before
    for n in range(2):
        (skill / "evals" / f"eval-story-{n}.md").unlink()
    assert check(str(skill)).exit_code == 0


def test_a_glob_key_is_the_operand_of_a_file_matching_check(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "add-module")
    _write(skill / "evals" / "evals.json", [
        {"name": "files", "prompt": "Add two modules under src/.",
         "assertions": [{"type": "file_matches_glob", "glob": "src/*.ts", "min_count": 2},
                        {"type": "file_matches_glob", "glob": "src/index.ts"}]}])
    got = report(skill)
    entries = _checks(got, "files")
    assert "At least 2 files match `src/*.ts` (a glob) in the working directory" in entries, \
        entries


def test_a_document_for_a_project_told_in_words_needs_no_checkout(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "add-module")
    _write(skill / "evals" / "evals.json", [
        {"name": "told", "prompt": "Create a CLAUDE.md for this repo. It is a FastAPI API on "
                                   "PostgreSQL. Tests run with pytest under tests/.",
         "assertions": ["pytest"]},
        {"name": "told-ja", "prompt": "このプロジェクトの CLAUDE.md を作って。FastAPI の API で、"
                                      "DB は PostgreSQL。テストは pytest で tests/ にある。",
         "assertions": ["pytest"]},
        # told nothing, or worked on rather than written for: still the user's checkout
        {"name": "bare", "prompt": "Create a CLAUDE.md for this repo.",
         "assertions": ["pytest"]}])
    result = check(str(skill))
    refused = [line for line in result.output.splitlines() if "EV009" in line]
    assert [r for r in refused if "'bare'" in r], result.output
    assert not [r for r in refused if "'told'" in r or "'told-ja'" in r], refused


def test_a_shell_check_beside_its_sentence_grades_the_sentence(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "add-module")
    _write(skill / "evals" / "evals.json", [
        {"name": "sections", "prompt": "Write the module's README.md with a Usage section.",
         "assertions": [{"text": "No Permissions section in the README",
                         "check": "! grep -q '## Permissions' README.md"},
                        {"text": "A Usage section is present",
                         "check": "grep -qi 'usage' README.md"}]}])
    got = report(skill)
    assert _checks(got, "sections") == ["No Permissions section in the README",
                                        "A Usage section is present"], got["cases"]
    said = [f["message"] for f in got["findings"] if f["code"] == "EV012"]
    assert any("checks written as a shell line" in m and "(2 items)" in m for m in said), said
