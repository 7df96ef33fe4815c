from pathlib import Path

import pytest

from runner.errors import RefusedInput
from runner.models import Arm
from runner.plan import RunOptions, make_plan

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "csv-summary"


def copy_skill(tmp_path: Path, name: str, change: str = "") -> Path:
    import shutil

    dest = tmp_path / name
    shutil.copytree(EXAMPLE, dest)
    if change:
        (dest / "SKILL.md").write_text((dest / "SKILL.md").read_text() + change)
    return dest


def test_task_ids_are_deterministic_and_resumable() -> None:
    a = make_plan(RunOptions(skill_path=EXAMPLE, k=2))
    b = make_plan(RunOptions(skill_path=EXAMPLE, k=2))
    assert a.run_id == b.run_id
    assert [t.task_id for t in a.tasks] == [t.task_id for t in b.tasks]
    assert len(a.tasks) == 3 * 2 * 2 and len({t.task_id for t in a.tasks}) == 12
    fresh = make_plan(RunOptions(skill_path=EXAMPLE, k=2, fresh=True))
    assert fresh.run_id != a.run_id
    other_model = make_plan(RunOptions(skill_path=EXAMPLE, k=2, model="opus"))
    assert not {t.task_id for t in other_model.tasks} & {t.task_id for t in a.tasks}


def test_incumbent_runs_only_when_its_bytes_differ(tmp_path: Path) -> None:
    same = make_plan(RunOptions(skill_path=EXAMPLE,
                                incumbent_path=copy_skill(tmp_path, "same")))
    assert Arm.INCUMBENT not in same.arms and "identical" in (same.incumbent_note or "")
    older = make_plan(RunOptions(skill_path=EXAMPLE,
                                 incumbent_path=copy_skill(tmp_path, "old", "\nOld text.\n")))
    assert older.arms == [Arm.BASELINE, Arm.CANDIDATE, Arm.INCUMBENT]
    assert older.incumbent_note is None
    bundles = {t.arm: t.skill_bundle for t in older.tasks}
    assert bundles[Arm.BASELINE] is None
    assert bundles[Arm.CANDIDATE] != bundles[Arm.INCUMBENT]
    assert make_plan(RunOptions(skill_path=EXAMPLE)).incumbent_note == "no --incumbent given"


@pytest.mark.parametrize(("arms", "problem"), [
    ((Arm.BASELINE, Arm.INCUMBENT), "must include candidate"),
    ((Arm.CANDIDATE,), "nothing to compare"),
])
def test_bad_arms_refused(arms: tuple[Arm, ...], problem: str) -> None:
    with pytest.raises(RefusedInput, match=problem):
        make_plan(RunOptions(skill_path=EXAMPLE, arms=arms))


def test_mismatched_names_refused(tmp_path: Path) -> None:
    skill = copy_skill(tmp_path, "renamed")
    md = skill / "SKILL.md"
    md.write_text(md.read_text().replace("name: csv-summary", "name: other"))
    with pytest.raises(RefusedInput, match="does not match SKILL.md name"):
        make_plan(RunOptions(skill_path=skill))
