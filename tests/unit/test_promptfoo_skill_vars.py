"""A promptfoo template var that inserts a file of the skill (`skill: file://../skills/x/
SKILL.md`) would hand the skill to the baseline arm: refused (EV009) naming the vars, with the
fix; a var naming a fixture of the set is the task's material, inserted as before."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, write_skill_md

CONFIG = """prompts:
  - file://prompt.txt
defaultTest:
  vars:
    {var}
tests:
  - vars:
      task: Draft a short note to the team about Friday's release.
    assert:
      - type: not-contains
        value: "—"
"""


def _repo(tmp_path: Path, var: str) -> Path:
    skill = write_skill_md(tmp_path / "skills" / "voice", "voice", "Writes in Calvin's voice. "
                           "Use when drafting prose for Calvin.")
    (skill / "references").mkdir()
    (skill / "references" / "exemplars.md").write_text("Short. Plain.\n", encoding="utf-8")
    suite = skill / "evals"
    suite.mkdir()
    (suite / "notes.md").write_text("Release is Friday.\n", encoding="utf-8")
    (suite / "prompt.txt").write_text("Follow this skill:\n{{extra}}\nRequest: {{task}}\n",
                                      encoding="utf-8")
    (suite / "promptfooconfig.yaml").write_text(CONFIG.format(var=var), encoding="utf-8")
    return skill


def test_a_var_inserting_the_skill_is_refused(tmp_path: Path) -> None:
    skill = _repo(tmp_path, "extra: file://../SKILL.md")
    result = check_cli(str(skill))
    assert result.exit_code == 2, result.output
    assert "EV009" in result.output and "{{extra}} (../SKILL.md)" in result.output
    assert "baseline" in result.output


def test_a_var_inserting_a_reference_of_the_skill_is_refused(tmp_path: Path) -> None:
    result = check_cli(str(_repo(tmp_path, "extra: file://../references/exemplars.md")))
    assert result.exit_code == 2 and "{{extra}}" in result.output, result.output


def test_a_var_inserting_the_sets_own_material_is_sent(tmp_path: Path) -> None:
    skill = _repo(tmp_path, "extra: file://notes.md")
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output


def test_the_authors_baseline_config_gives_the_request_without_the_skill(
        tmp_path: Path) -> None:
    """`promptfooconfig.baseline.yaml` beside the config, its template using only some of the
    config's vars (`{{task}}` without `{{extra}}`, the skill's text): its template is the
    user's request, sent in both arms; the skill's text never reaches the baseline."""
    skill = _repo(tmp_path, "extra: file://../SKILL.md")
    (skill / "evals" / "promptfooconfig.baseline.yaml").write_text(
        "prompts:\n  - id: bare\n    raw: 'Request: {{task}}'\ntests: []\n", encoding="utf-8")
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "the prompt is the authors' baseline config's (promptfooconfig.baseline.yaml)" in flat
    assert "Follow this skill" not in flat
