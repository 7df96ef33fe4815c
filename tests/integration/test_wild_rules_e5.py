"""Check types that name their material, end to end (issue 26): a `behavior_not_contains`
reads what real claude did in its container (its tool calls), so the arm whose session ran
the forbidden command fails it and the other passes; the answer alone could not tell them
apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.schema.enums import Arm
from tests.helpers import arms_script, bash_turn, make_skill, run_both_arms

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: notes-count
description: Counts the lines of notes. Use when asked to "count the notes".
---
Count the lines with wc -l (never cat the whole file) and write the number to count.txt.
"""


def test_a_behaviour_typed_negative_fails_the_arm_that_ran_the_command(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = make_skill(tmp_path, {"skill_name": "notes-count", "evals": [
        {"id": "count", "prompt": "Count the notes: write 3 to count.txt.",
         "assertions": [
             {"type": "behavior_not_contains", "value": "cat ",
              "text": "never prints the whole file"},
             {"type": "trajectory_regex", "pattern": "count\\.txt"}]}]},
        name="notes-count", skill_md=SKILL_MD)
    script = write_script(arms_script(
        "notes-count", "Count the notes",
        [bash_turn("printf '3\\n' > count.txt"), {"text": "Done: 3."}],
        [bash_turn("cat /etc/hostname; printf '3\\n' > count.txt"), {"text": "Done: 3."}]))
    _, by = run_both_arms(options, skill, script)
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    said = " ".join(f"{f.check} {f.detail}" for f in by[Arm.BASELINE].failures)
    assert "!*:cat " in said and "Bash" in said, said


CARD_MD = """---
name: contact-card
description: Writes contact cards. Use when asked to "write a contact card".
---
Write out.json with the person's name and phone.
"""
# The set's own program: it implements the `field_exists` type and reads the checks it is to
# decide from the case it is given.
GRADE = """import json, os, sys
case = json.load(open(os.environ["SKILL_EVAL_CASE"]))
try:
    data = json.load(open(os.path.join(sys.argv[1], "out.json")))
except (OSError, ValueError):
    data = {}
results = {}
for check in case["grader_program"]["typed"]:
    if check["type"] == "field_exists":
        results[check["id"]] = check["field"] in data
print(json.dumps({"checks": results}))
"""


def test_a_type_the_sets_program_implements_is_decided_by_it(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = make_skill(tmp_path, {"skill_name": "contact-card", "evals": [
        {"id": "card", "prompt": "Write a contact card for Ana as JSON to out.json.",
         "assertions": [{"id": "has_name", "type": "field_exists", "field": "name"}]}]},
        {"evals/grade.py": GRADE}, name="contact-card", skill_md=CARD_MD)
    script = write_script(arms_script(
        "contact-card", "contact card",
        [bash_turn("""printf '{"name": "Ana"}' > out.json"""), {"text": "Done."}],
        [bash_turn("""printf '{"phone": "1"}' > out.json"""), {"text": "Done."}]))
    _, by = run_both_arms(options, skill, script)
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    said = " ".join(f"{f.check} {f.detail}" for f in by[Arm.BASELINE].failures)
    assert "has_name" in said, said
