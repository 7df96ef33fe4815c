"""A harness's typed transcript checks and case setup, read as their authors meant: a check
of which skill loaded (`skill_invoked`), an order of loads or calls (`chain_order`), the
report-only tier (`tier: diagnostic`), regex `flags`, decoy files placed beside the task
(`scratch_decoy`), and inputs the case's own setup writes (runner.authoring.routing_types,
ordered_calls, tiers, regex_flags, inline, setup_writes)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from runner.authoring.described_changes import described_change_files
from runner.authoring.inline import decoy_fields, split_inline
from runner.authoring.ordered_calls import ordered_calls
from runner.authoring.regex_flags import inline_flags, with_flags
from runner.authoring.routing_types import loaded_skill, loaded_type
from runner.authoring.setup_writes import setup_writes
from runner.authoring.tiers import hard_tier_keys, soft_marking, tier_marking
from tests.helpers import check_cli, make_skill

SKILL_MD = ("---\nname: notes-glossary\ndescription: Keeps a project glossary of terms "
            "for the team. Use when asked to record or check a term.\n---\nRecord terms.\n")
PROMPT = "Record the term Customer: a business buying from us; avoid Account."
DECOY_PROMPT = ("Run the end-of-skill glossary hook per step 6: check ./CONTEXT.md and "
                "surface any conflicts before I hand off.")


def skill_with(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    return make_skill(tmp_path, {"evals": cases}, name="notes-glossary", skill_md=SKILL_MD)


check = check_cli


def report(skill: Path) -> dict[str, Any]:
    result = check(str(skill), "--json")
    assert result.exit_code == 0, result.output
    found: dict[str, Any] = json.loads(result.output)
    return found


# -- rule: a check of which skill loaded ------------------------------------------------------

def test_load_types_are_read_by_their_words() -> None:
    for name in ("skill_invoked", "skill_loaded", "skill_triggered", "uses_skill",
                 "skillInvoked", "skill_invoked_in_turn"):
        assert loaded_type(name) is True, name
    assert loaded_type("not_skill_invoked") is False
    for name in ("tool_called", "skill_count", "invoked", "contains"):
        assert loaded_type(name) is None, name
    assert loaded_skill({"type": "skill_invoked", "skill": "adr"}) == "adr"
    assert loaded_skill({"type": "skill_invoked", "skill": "two words"}) is None


def test_own_skill_load_is_a_trigger_expectation_another_a_skill_call(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"name": "a", "prompt": PROMPT, "assertions": [
        {"type": "skill_invoked", "skill": "notes-glossary"},
        {"type": "skill_loaded", "skill": "define-the-problem"},
        {"type": "not_skill_invoked", "skill": "other-skill"},
        {"type": "contains", "value": "Account"}]}])
    checks = [(c["kind"], c["entry"]) for c in report(skill)["cases"][0]["checks"]]
    assert ("tool_call", "Skill:define-the-problem") in checks
    assert ("tool_call", "!Skill:other-skill") in checks
    assert not any("notes-glossary" in entry for _, entry in checks)  # not graded as behaviour
    plain = check(str(skill)).output
    assert "'Skill(notes-glossary)' is a trigger expectation" in plain
    assert "read as 'tool_call'" not in plain


# -- rule: an order of the run's loads or calls -----------------------------------------------

def test_order_types_read_as_order_matchers() -> None:
    assert ordered_calls({"type": "chain_order", "skills": ["a", "b"]}) == ["Skill:a",
                                                                          "Skill:b"]
    assert ordered_calls({"type": "tool_order", "tools": ["Read", "Edit"]}) == ["Read", "Edit"]
    assert ordered_calls({"type": "ordered_content", "terms": ["x", "y"]}) is None
    assert ordered_calls({"type": "chain_order", "skills": ["a"]}) is None


def test_chain_order_is_a_process_item_reported_not_deciding(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"name": "a", "prompt": PROMPT, "assertions": [
        {"type": "contains", "value": "Account"},
        {"type": "chain_order", "skills": ["define-the-problem", "notes-glossary"],
         "tier": "diagnostic"}]}])
    checks = report(skill)["cases"][0]["checks"]
    process = [c for c in checks if c["kind"] == "process"]
    assert len(process) == 1 and not process[0]["decides"]
    assert "Skill:define-the-problem, Skill:notes-glossary" in process[0]["graded"]
    assert "an `order` process item" in check(str(skill)).output


# -- rule: the report-only tier ---------------------------------------------------------------

def test_tier_markings() -> None:
    assert tier_marking({"tier": "diagnostic"}) == "tier: 'diagnostic'"
    assert soft_marking({"level": "informational"}) == "level: 'informational'"
    assert soft_marking({"diagnostic": True}) == "diagnostic: true"
    assert soft_marking({"tier": "required"}) is None
    assert hard_tier_keys({"tier": "required"}) == {"tier"}
    assert hard_tier_keys({"tier": "gold"}) == set()


def test_diagnostic_checks_are_said_not_ignored_and_required_tier_is_read(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"name": "a", "prompt": PROMPT, "assertions": [
        {"type": "regex", "pattern": "Customer", "tier": "required"},
        {"type": "regex", "pattern": "Vendor", "tier": "diagnostic"},
        {"type": "regex", "pattern": "Seller", "tier": "diagnostic"}]}])
    checks = report(skill)["cases"][0]["checks"]
    assert [c["entry"] for c in checks] == ["re:Customer"]
    assert "ignored" not in checks[0]["origin"]  # `tier: required` is read
    plain = check(str(skill)).output
    assert re.search(r"EV012 .*report-only tier \(tier: 'diagnostic'\).*\(2 items\)", plain)
    assert "ignored (kept, not graded)" not in plain


# -- rule: regex flags ------------------------------------------------------------------------

def test_flags_read_into_the_pattern() -> None:
    assert inline_flags("is") == "(?is)"
    assert inline_flags("g") == ""
    assert inline_flags("q") is None
    assert with_flags({"pattern": "adr", "flags": "i"}, ("pattern",)) == {"pattern": "(?i)adr"}
    assert with_flags({"pattern": "adr", "flags": "q"}, ("pattern",))["flags"] == "q"


def test_regex_flags_reach_the_graded_check(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"name": "a", "prompt": PROMPT, "assertions": [
        {"type": "regex", "pattern": "account.{0,20}customer", "flags": "is"}]}])
    (entry,) = [c["entry"] for c in report(skill)["cases"][0]["checks"]]
    assert entry == "re:(?is)account.{0,20}customer"
    assert "'flags'" not in check(str(skill)).output  # read, not listed as ignored


# -- rule: decoy files placed beside the task -------------------------------------------------

def test_decoy_fields_are_inline_fixtures() -> None:
    item = {"prompt": PROMPT, "scratch_decoy": {"CONTEXT.md": "# Terms\n"},
            "extra_files": [{"path": "docs/a.md", "content": "A"}]}
    assert decoy_fields(item) == ["scratch_decoy", "extra_files"]
    rest, inline, wrong = split_inline(item)
    assert inline == {"CONTEXT.md": "# Terms\n", "docs/a.md": "A"} and not wrong
    assert "scratch_decoy" not in rest and "extra_files" not in rest


def test_scratch_decoy_stages_the_input_the_prompt_names(tmp_path: Path) -> None:
    case = {"name": "a", "prompt": DECOY_PROMPT, "assertions": [{"type": "contains",
                                                                 "value": "Customer"}]}
    refused = check(str(skill_with(tmp_path / "r", [case])))
    assert refused.exit_code != 0 and "names the input 'CONTEXT.md'" in refused.output
    skill = skill_with(tmp_path / "ok", [{**case, "scratch_decoy": {
        "CONTEXT.md": "**Customer**\n_Avoid_: Account\n"}}])
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "`scratch_decoy`: files placed beside the task" in result.output
    fixtures = report(skill)["cases"][0]["fixtures"]
    assert [f["staged_at"] for f in fixtures] == ["CONTEXT.md"]


# -- rule: inputs the case's setup writes -----------------------------------------------------

def test_setup_writes_by_the_shell_grammar() -> None:
    written = setup_writes(["echo '# Terms' > CONTEXT.md",
                            "mkdir -p src/core && touch src/core/theme.ts",
                            "cp tests/fixtures/m.json manifest.json",
                            "cat > notes/a.md <<'EOF'", "echo x | tee -a log.txt",
                            "echo oops 2> err.log"])
    for name in ("CONTEXT.md", "src/core/theme.ts", "manifest.json", "notes/a.md", "log.txt"):
        assert written.covers(name), name
    assert not written.covers("err.log") and not written.covers("src/core/other.ts")
    assert setup_writes(["cp -r fixtures/proj/. ."]).covers("anything/at/all.ts")
    assert setup_writes(["cp -r fixtures/proj work"]).covers("work/src/a.ts")
    assert not setup_writes(["cp a.json /tmp/manifest.json"]).covers("manifest.json")


def test_setup_writes_reads_quotes_heredoc_bodies_and_descriptors() -> None:
    """A `>` inside quotes writes nothing, a heredoc's body is the file's text (its `>` no
    redirection), `&>` writes its file, and `sudo` / `env` run the program after them."""
    written = setup_writes(['echo "x > y.md" > f.md',
                            "cat > a.md <<'EOF'\nuse > b.md\nEOF",
                            "make &> build.log", "sudo env HOME=. touch made.txt"])
    for name in ("f.md", "a.md", "build.log", "made.txt"):
        assert written.covers(name), name
    assert not written.covers("y.md") and not written.covers("b.md")


def test_an_input_a_setup_copies_in_with_its_folder_is_not_refused(tmp_path: Path) -> None:
    # the prompt names a file inside a folder the setup copies in whole: no line names it
    case = {"name": "a", "prompt": "Review the listener in src/core/theme.ts for leaks.",
            "assertions": [{"type": "contains", "value": "listener"}]}
    refused = check(str(skill_with(tmp_path / "r", [case])))
    assert "names the input 'src/core/theme.ts'" in refused.output
    skill = skill_with(tmp_path / "ok", [{**case, "setup": ["mkdir -p src",
                                                            "cp -r seed/core src/"]}])
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "which the case's setup writes into the working directory" in result.output


# -- rule: files of a change the prompt describes ---------------------------------------------

def test_files_of_a_described_change_by_grammar() -> None:
    prompt = ("Run a tiered review on PR #168 in acme/reader. The PR adds 4 icon files and a "
              "single line in manifest.json pointing at them.")
    assert described_change_files(prompt, ["manifest.json"]) == ["manifest.json"]
    # no handle of a change: the file is the task's input
    assert described_change_files("The diff adds a line in manifest.json.",
                                  ["manifest.json"]) == []
    # a sentence asking the agent to work on the file is no description of the change
    assert described_change_files("Review PR #12. Fix the bug in app.ts it left.",
                                  ["app.ts"]) == []


def test_a_described_change_is_not_refused_as_an_unstaged_input(tmp_path: Path) -> None:
    prompt = ("Tiered review on PR #170 in acme/reader. The PR is 2 files, 18 LOC: adds a "
              "listener on the media query in src/core/theme.ts and a matching test.")
    skill = skill_with(tmp_path, [{"name": "a", "prompt": prompt, "assertions": [
        {"type": "regex", "pattern": "surgical", "flags": "i"}]}])
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "names 'src/core/theme.ts' as part of the change it describes" in result.output


def test_a_teardown_of_commands_is_said_not_ignored(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"name": "a", "prompt": PROMPT,
                                   "teardown": "rm -rf scratch-dir",
                                   "assertions": [{"type": "contains", "value": "Customer"}]}])
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "`teardown`: the harness's clean-up after a case; not run" in result.output
    assert "ignored (kept, not graded)" not in result.output
