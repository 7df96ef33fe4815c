"""A file the user says they have, named while the task makes something else, is context, not
an input (issue 26, item 4: runner.authoring.had_context); counted files told as the subject
of the situation a question asks about are the user's telling (runner.authoring.kinds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.had_context import had_as_context
from runner.authoring.kinds import told_subject
from runner.authoring.prompts import told_in_a_question
from tests.helpers import check_cli, make_skill

MAKE = ("Write a skill for our billing export. We have a Ruby tool at tools/export_bills.rb "
        "that does the export. The skill should retry on timeouts. Save it in skills/.")


@pytest.mark.parametrize(("prompt", "name", "context"), [
    (MAKE, "tools/export_bills.rb", True),
    ("Draft a runbook for on-call. There is a health check at ops/probe.sh that pings the "
     "API.", "ops/probe.sh", True),
    # the task's verb acts on the file: an input
    ("We have a Ruby tool at tools/export_bills.rb that does the export. Review it for "
     "bugs.", "tools/export_bills.rb", False),
    ("We have a Ruby tool at tools/export_bills.rb. Fix the tool's timeout handling.",
     "tools/export_bills.rb", False),
    ("We have a Ruby tool at tools/export_bills.rb. Write tests for it.",
     "tools/export_bills.rb", False),
    ("We have a Ruby tool at tools/export_bills.rb. Create a skill that wraps the tool.",
     "tools/export_bills.rb", False),
    # not told as something had
    ("Create a skill from tools/export_bills.rb.", "tools/export_bills.rb", False),
    # no request at all: another rule's
    ("We have a Ruby tool at tools/export_bills.rb.", "tools/export_bills.rb", False),
])
def test_a_file_had_while_the_task_makes_something_else(prompt: str, name: str,
                                                         context: bool) -> None:
    assert had_as_context(prompt, name) is context


ADVICE = ("My lint skill has two guide files: guides/a.md and guides/b.md. Every run, both "
          "files get read together. Should I merge them?")


@pytest.mark.parametrize(("prompt", "phrase", "told"), [
    (ADVICE, "both files", True),
    # the files handed over for the answer to read: still an input
    ("I have these two CSV files with sales. Which region grew most?", "these two CSV files",
     False),
])
def test_counted_files_told_as_the_subject_of_the_situation(prompt: str, phrase: str,
                                                            told: bool) -> None:
    assert told_subject(prompt, phrase, told_in_a_question) is told


def test_check_reads_a_file_had_as_context_and_keeps_one_to_review(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "make", "prompt": MAKE,
         "assertions": ["The SKILL.md cites tools/export_bills.rb"]},
        {"id": "advise", "prompt": ADVICE, "assertions": ["Recommends merging"]}])
    result = check_cli("-v", str(skill))
    assert result.exit_code == 0, result.output
    assert "case 'make': the prompt names 'tools/export_bills.rb' as something the user " \
           "already has" in result.output
    reviewed = make_skill(tmp_path / "r", [
        {"id": "review", "prompt": "We have a Ruby tool at tools/export_bills.rb. Review it.",
         "assertions": ["Names the timeout bug"]}])
    result = check_cli(str(reviewed))
    assert result.exit_code != 0
    assert "EV009" in result.output and "tools/export_bills.rb" in result.output
