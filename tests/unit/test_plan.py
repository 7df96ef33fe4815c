from pathlib import Path

import pytest

from runner import config
from runner.errors import RefusedInput
from runner.planning.plan import make_plan
from runner.schema.enums import Arm
from runner.schema.options import RunOptions, SandboxConfig
from runner.schema.plan import Plan

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "csv-summary"


def copy_skill(tmp_path: Path, name: str, change: str = "") -> Path:
    import shutil

    dest = tmp_path / name
    shutil.copytree(EXAMPLE, dest)
    if change:
        (dest / "SKILL.md").write_text((dest / "SKILL.md").read_text() + change)
    return dest


def test_trial_ids_are_deterministic_and_resumable() -> None:
    a = make_plan(RunOptions(skill_path=EXAMPLE, k=2))
    b = make_plan(RunOptions(skill_path=EXAMPLE, k=2))
    assert a.run_id == b.run_id
    assert [t.trial_id for t in a.trials] == [t.trial_id for t in b.trials]
    assert len(a.trials) == 3 * 2 * 2 and len({t.trial_id for t in a.trials}) == 12
    fresh = make_plan(RunOptions(skill_path=EXAMPLE, k=2, fresh=True))
    assert fresh.run_id != a.run_id
    other_model = make_plan(RunOptions(skill_path=EXAMPLE, k=2, model="opus"))
    assert not {t.trial_id for t in other_model.trials} & {t.trial_id for t in a.trials}


def test_incumbent_runs_only_when_its_bytes_differ(tmp_path: Path) -> None:
    same = make_plan(RunOptions(skill_path=EXAMPLE,
                                incumbent_path=copy_skill(tmp_path, "same")))
    assert Arm.INCUMBENT not in same.arms and "identical" in (same.incumbent_note or "")
    older = make_plan(RunOptions(skill_path=EXAMPLE,
                                 incumbent_path=copy_skill(tmp_path, "old", "\nOld text.\n")))
    assert older.arms == [Arm.BASELINE, Arm.CANDIDATE, Arm.INCUMBENT]
    assert older.incumbent_note is None
    bundles = {t.arm: t.skill_bundle for t in older.trials}
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


def test_a_skill_name_differing_from_skill_md_is_read_as_this_skills_and_reported(
        tmp_path: Path) -> None:
    """Often the repository's name: the set in the folder is the skill's, reported (EV012)."""
    skill = copy_skill(tmp_path, "renamed")
    md = skill / "SKILL.md"
    md.write_text(md.read_text().replace("name: csv-summary", "name: other"))
    plan = make_plan(RunOptions(skill_path=skill))
    assert plan.skill.name == "other" and plan.trials[0].skill_name == "other"
    (finding,) = [f for f in plan.findings if f.code == "EV012"]
    assert "'csv-summary' differs from the SKILL.md name 'other'" in finding.message


def test_ids_follow_the_image_content_not_its_name() -> None:
    """A rebuilt image under the same name is a different experiment: new run and trial ids."""
    def plan(image_id: str | None) -> Plan:
        return make_plan(RunOptions(skill_path=EXAMPLE,
                                    sandbox=SandboxConfig(image_id=image_id)))

    old, rebuilt, again = plan("sha256:aaaa"), plan("sha256:bbbb"), plan("sha256:aaaa")
    assert old.run_id != rebuilt.run_id and old.run_id == again.run_id
    assert not {t.trial_id for t in old.trials} & {t.trial_id for t in rebuilt.trials}
    assert old.image_id == "sha256:aaaa"


def test_the_claude_version_is_known_without_a_source_checkout() -> None:
    # The installed package carries it (runner.config); the image build reads the file.
    pinned = (Path(__file__).resolve().parents[2] / "images" / "CLAUDE_SDK_VERSION").read_text()
    assert pinned.strip() == config.CLAUDE_SDK_VERSION
    plan = make_plan(RunOptions(skill_path=EXAMPLE))
    assert plan.versions["claude-agent-sdk"] == config.CLAUDE_SDK_VERSION
