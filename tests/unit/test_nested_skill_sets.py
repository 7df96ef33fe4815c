"""A skill nested in another skill's folder (`skills/cli/plugin-dev/` under `skills/cli/`) never
reads the outer skill's sets: `skills/cli/evals/` holds what the outer skill should and should
not fire on, and read for the nested skill its sides would be reversed (the outer skill's
negative, "create a plugin project", is the nested one's very job)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, write_data, write_skill_md

TRIGGERS = {"cases": [
    {"id": "pos-1", "type": "positive", "prompt": "show me this work item's details"},
    {"id": "pos-2", "type": "positive", "prompt": "list the items in my fixed view"},
    {"id": "neg-1", "type": "negative", "prompt": "create a plugin project"}]}


def _repo(tmp_path: Path) -> tuple[Path, Path]:
    outer = write_skill_md(tmp_path / "repo" / "skills" / "cli", "cli", "Reads work items with "
                           "the CLI. Use when asked about work items.")
    inner = write_skill_md(outer / "plugin-dev", "plugin-dev", "Builds plugins. Use when asked "
                           "to create a plugin project.")
    write_data(outer / "evals" / "trigger-cases.json", TRIGGERS)
    return outer, inner


def test_the_outer_skill_reads_its_trigger_set(tmp_path: Path) -> None:
    outer, _ = _repo(tmp_path)
    out = check_cli(str(outer)).output
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in out, out


def test_the_nested_skill_never_reads_the_outer_skills_set(tmp_path: Path) -> None:
    _, inner = _repo(tmp_path)
    result = check_cli(str(inner))
    assert "trigger set only" not in result.output, result.output
    assert "no case set" in result.output


def test_a_routers_set_naming_its_sub_skill_is_still_read_for_it(tmp_path: Path) -> None:
    router = write_skill_md(tmp_path / "repo" / "router", "router", "Routes office files. Use "
                            "for any office document.")
    docx = write_skill_md(router / "skills" / "docx", "docx", "Edits Word files. Use for .docx.")
    write_data(router / "evals" / "evals.json", {"evals": [
        {"id": "d1", "skill": "docx", "prompt": "Make the title bold in a new report.docx",
         "expectations": ["The title is bold"]},
        {"id": "x1", "skill": "xlsx", "prompt": "Sum column B of a new sheet",
         "expectations": ["The sum is shown"]}]})
    out = check_cli(str(docx)).output
    assert "1 case(s): d1" in out, out
