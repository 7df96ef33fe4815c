"""A structured Markdown set's labels in other words: "Raw input" (a qualified prompt label),
"Expected moves" and "Pass conditions" (what passes), "Failure modes" (what the run avoids)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_verbose, write_skill_md

CASES = """# Pressure cases

## Case 1: Method first

**Raw input:**
I want to use a transformer on satellite images to estimate crop yield.

**Expected moves:**
Turn the method into the uncertainty it could resolve.

**Pass conditions:**
- Names a simpler baseline.
- Includes a falsifier.

**Failure modes:**
- Treats novelty of the model as enough.

## Case 2: Gap without stake

**Raw input:**
There are few studies on rooftop garden microbes. Make this a paper.

**Pass conditions:**
- Asks why rooftop gardens matter beyond being understudied.
"""


def test_qualified_labels_are_read(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "questions", "questions", "Sharpens research questions.")
    (skill / "evals").mkdir()
    (skill / "evals" / "evals.md").write_text(CASES)
    shown = check_verbose(skill)
    assert "statement Names a simpler baseline." in shown
    assert "statement Turn the method into the uncertainty it could resolve." in shown
    assert "Treats novelty of the model as enough." in shown
    assert "statement Asks why rooftop gardens matter" in shown


ATTACHED = """# Frame checks

## Case 1: a flawed first frame

**Input** (with a screenshot of a frame whose hands have six fingers):
> Make her turn to the window

**Pass criteria**:
- [ ] **Does not** write the prompt yet
- [ ] Names the flaw in the hands

## Case 2: 首帧达标

**输入**（带一张干净的便利店分镜图）：
> 她要转头

**通过标准**：
- [ ] 副导演**没有直接出 prompt**

## Case 3: words only

**Input**:
> Describe a slow push-in on a rainy street

**Pass criteria**:
- [ ] Names the camera move
"""


def test_an_input_note_describing_an_image_is_material_no_arm_has(tmp_path: Path) -> None:
    """"**Input** (with a screenshot ...)": the page only describes the image, which no case
    stages, so the criteria read what no arm has (EV014, the note named); a case with no such
    note is not flagged; a denial in bold is still a denial."""
    skill = write_skill_md(tmp_path / "frames", "frames", "Writes video prompts from frames.")
    (skill / "evals").mkdir()
    (skill / "evals" / "cases.md").write_text(ATTACHED)
    shown = check_verbose(skill)
    flagged = [line for line in shown.splitlines() if line.startswith("EV014")]
    assert any("case 'Case-1'" in x and "its input's note describes its fixture in words "
               "('attached: with a screenshot of a frame" in x for x in flagged), shown
    assert any("case 'Case-2'" in x and "带一张干净的便利店分镜图" in x for x in flagged), shown
    assert not any("case 'Case-3'" in x for x in flagged), shown
    assert "statement **Does not** write the prompt yet: grader model, an absence" in shown
    assert "statement 副导演**没有直接出 prompt**: grader model, an absence" in shown


PAGE = """# {ident} — {title}

- ID: `{ident}`

## User Instruction

```text
{ask}
```

## Input

```text
{text}
```

## Must Change

- [ ] Cuts the filler opening.

## Must Preserve

- [ ] Keeps the Monday send-out.

## Forbidden

- [ ] Adds no new commitments.
"""


def test_case_pages_with_an_instruction_and_its_input_beside_a_template(tmp_path: Path) -> None:
    """`evals/cases/*.md` pages: "User Instruction" is the prompt and "Input" its material
    (joined, the instruction first); "Must Change" and "Must Preserve" bullets are statements,
    "Forbidden" what the run avoids. `evals/case-template.md`, its blanks `<exact
    instruction>`, is the form, never the set."""
    skill = write_skill_md(tmp_path / "editor", "editor", "Edits marketing copy.")
    cases = skill / "evals" / "cases"
    cases.mkdir(parents=True)
    for n in (1, 2):
        (cases / f"edit-00{n}.md").write_text(PAGE.format(
            ident=f"edit-00{n}", title="Standard edit", ask="Tighten this text.",
            text=f"At this point in time our team number {n} sends the report on Mondays."))
    (skill / "evals" / "case-template.md").write_text(PAGE.format(
        ident="<id>", title="<name>", ask="<exact instruction>", text="<complete text>"))
    shown = check_verbose(skill)
    assert "2 case(s)" in shown and "case-template" not in shown.split("set:")[0], shown
    assert "statement Keeps the Monday send-out." in shown
    assert "Adds no new commitments." in shown
    from runner.authoring.caseset import load_caseset

    prompt = load_caseset(skill, "editor").evals[0].prompt
    assert prompt.startswith("Tighten this text.\n\nAt this point in time"), prompt
