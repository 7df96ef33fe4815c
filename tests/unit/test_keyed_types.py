"""A check written as one key naming its type (`- contains: "Incident Commander"`, `- judge:
"States that ..."`), the YAML shorthand of several harnesses: read as that typed check, its
value the operand; a key that names no type stays what it was."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, check_verbose, write_skill_md


def _skill(tmp_path: Path, expect: str) -> Path:
    skill = write_skill_md(tmp_path / "incident", "incident", "Runs an incident. Use when an "
                           "outage is happening.")
    (skill / "evals").mkdir()
    (skill / "evals" / "triage.yaml").write_text(
        "skill: incident\ncases:\n  - name: one\n    prompt: Checkout returns 500s. What now?\n"
        f"    expect:\n{expect}", encoding="utf-8")
    return skill


def test_one_key_typed_checks(tmp_path: Path) -> None:
    skill = _skill(tmp_path, '      - contains: "Incident Commander"\n'
                             '      - not_contains: "I cannot help"\n'
                             '      - contains_any: ["SEV1", "SEV2"]\n'
                             '      - judge: "Tells the responder to assess severity first"\n')
    shown = check_verbose(skill)
    assert "must contain substring `Incident Commander`" in shown
    assert "must not contain substring `I cannot help`" in shown
    assert "SEV1" in shown and "SEV2" in shown
    assert "statement Tells the responder to assess severity first: grader model" in shown


def test_a_one_key_object_naming_no_type_is_not_a_typed_check(tmp_path: Path) -> None:
    skill = _skill(tmp_path, '      - contains: "Incident Commander"\n'
                             '      - tone: ""\n')
    result = check_cli(str(skill))
    assert result.exit_code == 2, result.output  # an empty, unnamed check is still refused
    assert "expectations[1]" in result.output and "expectations[0]" not in result.output
