"""Case-set reading rules from sample E's tune part (issue 26, branch tuneEt), each by a small
set of its own through the real `skill-eval check`: a before/after pair and a set's notes that
call its files references compose (the pair decides for its two sides, the notes for the rest,
so the skill's own SKILL.md listed beside a pair is a reference, never a fixture)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _guide_skill(folder: Path) -> Path:
    """A skill whose own files (SKILL.md, a reference, an example pair) a set lists."""
    skill = write_skill_md(folder, "doc-sorter", 'Sorts documentation pages by kind. Use when '
                           'asked to "sort these docs".', "Read references/kinds.md first.\n")
    for rel, text in {"references/kinds.md": "tutorial, how-to, reference\n",
                      "examples/mixed/before.md": "# Setup\nWhy we chose X\n",
                      "examples/mixed/after/01-how-to.md": "# Setup\n",
                      "examples/glossary.md": "how-to: a recipe\n",
                      "examples/mixed/original_notes.txt": "ids: a b\n",
                      "examples/mixed/fixed_notes.txt": "ids: a, b\n"}.items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    return skill


def _staged(got: dict[str, Any], case_id: str) -> list[str]:
    case = next(c for c in got["cases"] if c["id"] == case_id)
    return sorted(f["staged_at"] for f in case["fixtures"])


PAIR = ["SKILL.md", "references/kinds.md", "examples/mixed/before.md",
        "examples/mixed/after/01-how-to.md"]


def test_notes_calling_files_references_still_decide_beside_a_pair(tmp_path: Path) -> None:
    skill = _guide_skill(tmp_path / "doc-sorter")
    _write(skill / "evals" / "evals.json", {
        "description": "The `files` field lists the references in this repo that back the "
                       "expected output.",
        "evals": [
            {"id": "mixed", "prompt": "Review this draft page and say which parts belong "
             "in other documents.", "files": PAIR,
             "expected_output": "Names the why-section as explanation, not how-to."},
            {"id": "notes", "prompt": "Tidy the id list in these notes.",
             "files": ["SKILL.md", "examples/mixed/original_notes.txt",
                       "examples/mixed/fixed_notes.txt"],
             "expected_output": "A comma-separated id list."},
            {"id": "plain", "prompt": "Sort our docs into tutorial and how-to pages.",
             "files": ["SKILL.md", "references/kinds.md"],
             "expected_output": "Two groups of pages."}]})
    got = report(skill)
    # the pair's before side stays the input; SKILL.md and the reference are never staged
    assert _staged(got, "mixed") == ["examples/mixed/before.md"], got
    assert _staged(got, "notes") == ["examples/mixed/original_notes.txt"], got
    assert _staged(got, "plain") == [], got
    keys = [f["message"] for f in got["findings"] if f["code"] == "EV013"]
    assert any("before/after pair" in m and "01-how-to.md" in m for m in keys), keys
    assert any("(SKILL.md, references/kinds.md)" in m and "before.md staged" in m
               for m in keys), keys
    shown = check(str(skill))
    assert shown.exit_code == 0, shown.output
    assert "the skill under test" not in shown.output, shown.output


def test_a_pair_without_notes_never_stages_the_skills_own_skill_md(tmp_path: Path) -> None:
    # no note marks the files as references, but the list holds the skill's own SKILL.md: it
    # and the reference SKILL.md names are what the case exercises (never staged, EV012);
    # the pair still decides for its two sides
    skill = _guide_skill(tmp_path / "doc-sorter")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "mixed", "prompt": "Review this draft page.", "files": PAIR,
         "expected_output": "Names the why-section as explanation."}]})
    shown = check(str(skill))
    assert shown.exit_code == 0, shown.output
    assert "names the skill's own files (SKILL.md, references/kinds.md)" in shown.output
    assert _staged(report(skill), "mixed") == ["examples/mixed/before.md"]


def test_notes_do_not_take_back_a_file_the_prompt_hands_over_beside_a_pair(
        tmp_path: Path) -> None:
    # near-miss: the prompt names the reference to use; it stays an input with the before side
    skill = _guide_skill(tmp_path / "doc-sorter")
    _write(skill / "evals" / "evals.json", {
        "notes": "Files are references for the grader.",
        "evals": [{"id": "mixed", "prompt": "Using glossary.md, review this draft page.",
                   "files": ["examples/glossary.md", *PAIR],
                   "expected_output": "Names the why-section."}]})
    got = report(skill)
    assert _staged(got, "mixed") == ["examples/glossary.md", "examples/mixed/before.md"], got


# -- `expected_primary`: a router's pick only in a set that routes by it ------------------------

def _picker(folder: Path, cases: list[dict[str, Any]]) -> Path:
    skill = write_skill_md(folder, "shape-picker", 'Says what shape a tool should take. Use '
                           'when asked "should this be a script or a skill".',
                           "End with a line `Primary: <shape>` (script, library, skill).\n")
    _write(skill / "evals" / "evals.json", {"evals": cases})
    return skill


def _routed(got: dict[str, Any]) -> list[str]:
    return [f["message"] for f in got["findings"] if "is a trigger expectation" in f["message"]]


def test_a_primary_verdict_label_is_no_routing_when_the_set_never_names_the_skill(
        tmp_path: Path) -> None:
    skill = _picker(tmp_path / "shape-picker", [
        {"id": "resize", "prompt": "I resize photos to 800px every day. Script or skill?",
         "expected_primary": "cli-script", "expectations": ["Recommends a plain script"]},
        {"id": "advisor", "prompt": "Quiero un asesor de diseño que haga preguntas. ¿Qué "
         "construyo?", "expected_primary": "skill", "expectations": ["Recomienda una skill"]},
        {"id": "none-word", "prompt": "Nothing to build here?", "expected_primary": "none",
         "expectations": ["Says nothing needs building"]}])
    got = report(skill)
    assert _routed(got) == [], got["findings"]
    assert [c["id"] for c in got["cases"]] == ["resize", "advisor", "none-word"], got["cases"]
    # kept and said, never dropped in silence
    assert "expected_primary" in check(str(skill)).output


def test_a_set_that_names_the_skill_under_expected_primary_still_routes_by_it(
        tmp_path: Path) -> None:
    # what must not change: one case names this skill, so the others' slugs are other skills
    skill = _picker(tmp_path / "shape-picker", [
        {"id": "mine", "prompt": "Script or skill for my resize job?",
         "expected_primary": "shape-picker"},
        {"id": "other", "prompt": "Name these colour tokens.",
         "expected_primary": "design-tokens"},
        {"id": "graded", "prompt": "Script or skill for PDF merging?",
         "expectations": ["Recommends a script"], "expectedPrimary": "none"}])
    got = report(skill)
    routed = _routed(got)
    # any spelling of the key the set routes by routes: "none" is no skill
    assert len(routed) == 3 and "should-trigger" in routed[0], routed
    assert all("should-not-trigger" in m for m in routed[1:]), routed
    assert [c["id"] for c in got["cases"]] == ["graded"], got["cases"]
