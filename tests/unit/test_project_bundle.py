"""A project-level skill's project is stored once per run, not once per trial (issue 26): the
planner moves the project's files out of each case into one content-addressed bundle, the case
keeps its digest, the worker stages it at the working directory's root; a plan made before the
field existed loads and stages as it did."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from runner.authoring.bundles import hoist_projects, pack_texts
from runner.authoring.caseset import load_caseset
from runner.cli import main
from runner.planning.plan import make_plan
from runner.sandbox.fake import FakeSandbox
from runner.schema.case import Case
from runner.schema.options import RunOptions
from runner.schema.plan import Plan
from runner.store.keys import RunKeys
from runner.trial.session import stage_fixtures
from tests.helpers import make_skill

SKILL_MD = ("---\nname: testing\ndescription: Writes tests in this project's style. Use when "
            "adding or updating tests.\n---\nExtend the project's base test classes.\n")
MARKER = "class TaskDaoTest : DaoTest() { /* the project's own text */ }\n"
CASES: list[dict[str, Any]] = [
    {"id": "coverage", "prompt": "Update `TaskDaoTest` coverage for findTodayTasks().",
     "assertions": ["DaoTest"]},
    {"id": "naming", "prompt": "Rename the test methods of `TaskDaoTest` to the house style.",
     "assertions": ["DaoTest"]}]


def project(tmp_path: Path, cases: list[dict[str, Any]] = CASES) -> Path:
    root = tmp_path / "app"
    (root / "src" / "test").mkdir(parents=True)
    (root / "src" / "test" / "TaskDaoTest.kt").write_text(MARKER)
    (root / "README.md").write_text("# app\n")
    return make_skill(root / ".claude" / "skills", cases, name="testing", skill_md=SKILL_MD)


def test_two_cases_k3_two_arms_store_the_project_once(tmp_path: Path) -> None:
    skill = project(tmp_path)
    plan = make_plan(RunOptions(skill_path=skill, k=3))
    assert len(plan.trials) == 2 * 3 * 2
    digests = {t.case.project_bundle for t in plan.trials}
    assert len(digests) == 1 and None not in digests  # both cases share one bundle
    (digest,) = digests
    key = RunKeys(plan.run_id).bundle_of(digest)
    assert key in plan.bundles
    with tarfile.open(fileobj=io.BytesIO(plan.bundles[key])) as tar:
        assert sorted(tar.getnames()) == ["README.md", "src/test/TaskDaoTest.kt"]
    stored = plan.model_dump_json()
    assert "the project's own text" not in stored  # plan.json holds only the digest
    assert not any(t.case.inline_files for t in plan.trials)


def test_the_case_digest_changes_when_a_project_file_changes(tmp_path: Path) -> None:
    skill = project(tmp_path)
    before = make_plan(RunOptions(skill_path=skill)).trials[0]
    (tmp_path / "app" / "README.md").write_text("# app, edited\n")
    from runner.authoring import whole_project
    whole_project._walk.cache_clear()
    after = make_plan(RunOptions(skill_path=skill)).trials[0]
    whole_project._walk.cache_clear()
    assert before.case.project_bundle != after.case.project_bundle
    assert before.case.digest() != after.case.digest() and before.trial_id != after.trial_id


def test_a_case_keeps_its_own_inline_files_beside_the_bundle(tmp_path: Path) -> None:
    skill = project(tmp_path)
    case = load_caseset(skill, "testing").evals[0]
    own = case.model_copy(update={"inline_files": {**case.inline_files, "notes.txt": "mine\n"}})
    (hoisted,), tars = hoist_projects(skill, [own])
    assert hoisted.inline_files == {"notes.txt": "mine\n"}
    assert set(tars) == {hoisted.project_bundle}


def test_a_skill_that_is_no_projects_is_left_as_it_is(tmp_path: Path) -> None:
    skill = make_skill(tmp_path / "skills", CASES, name="testing", skill_md=SKILL_MD)
    case = Case(id="c", prompt="p", inline_files={"a.txt": "x\n"})
    assert hoist_projects(skill, [case]) == ([case], {})


def test_stage_fixtures_puts_the_project_before_the_cases_own_files(tmp_path: Path) -> None:
    bundle = tmp_path / "bundle"
    with tarfile.open(fileobj=io.BytesIO(pack_texts({"a/b.txt": "project\n",
                                                     "c.txt": "project\n"}))) as tar:
        tar.extractall(bundle, filter="data")
    case = Case(id="c", prompt="p", inline_files={"c.txt": "the case's own\n"},
                project_bundle="0" * 64)
    work = tmp_path / "work"
    stage_fixtures(case, tmp_path / "none", work, bundle)
    assert (work / "a/b.txt").read_text() == "project\n"
    assert (work / "c.txt").read_text() == "the case's own\n"


def test_an_old_plan_without_the_field_loads_and_stages_inline(tmp_path: Path) -> None:
    """A stored run made before Case.project_bundle: its cases carry the project inline."""
    skill = project(tmp_path)
    plan = make_plan(RunOptions(skill_path=skill))
    data = json.loads(plan.model_dump_json())
    for trial in data["trials"]:
        trial["case"].pop("project_bundle")
        trial["case"]["inline_files"] = {"src/test/TaskDaoTest.kt": MARKER}
    old = Plan.model_validate(data)
    case = old.trials[0].case
    assert case.project_bundle is None
    assert "project_bundle" not in case.model_dump()  # digests as it did then
    work = tmp_path / "work"
    stage_fixtures(case, tmp_path / "none", work)
    assert (work / "src/test/TaskDaoTest.kt").read_text() == MARKER


@pytest.mark.usefixtures("fake_sandbox")
def test_a_run_stages_the_bundle_and_its_plan_json_holds_no_project(tmp_path: Path) -> None:
    """Through `run --sandbox fake`: each session's working directory holds the project's
    files, staged from the one bundle the run published; plan.json names only its digest."""
    skill = project(tmp_path)
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump({"scenarios": [{"name": "any",
                                                     "turns": [{"text": "ok"}]}]}))
    store = tmp_path / "store"
    result = CliRunner().invoke(main, [
        "run", str(skill), "--executor", "inprocess", "--sandbox", "fake", "--fresh",
        "--model-script", str(script), "--store", str(store)])
    assert result.exit_code in (0, 1), result.output
    assert len(FakeSandbox.held) == 4, FakeSandbox.held  # two cases, two arms
    for held in FakeSandbox.held.values():
        assert "src/test/TaskDaoTest.kt" in held and "README.md" in held, held
    (plan_json,) = store.rglob("plan.json")
    assert "the project's own text" not in plan_json.read_text()
    bundles = [p for p in store.rglob("bundles/*.tar") if "TaskDaoTest" in p.read_bytes().decode(
        "utf-8", "replace")]
    assert len(bundles) == 1, bundles
    results = list(store.rglob("result.json"))
    assert len(results) == 4, results
    for result in results:  # the project is input, never the trial's work
        assert "src/test/TaskDaoTest.kt" in json.loads(result.read_text())["inputs"]


def test_several_skills_of_one_project_share_its_bundle(tmp_path: Path) -> None:
    """A group run (`run --skill A --skill B`): each skill's cases hold the same digest."""
    from runner.planning.group import make_group_plans
    skill = project(tmp_path, CASES[:1])
    other = make_skill(tmp_path / "app" / ".claude" / "skills", [{**CASES[1], "id": "other"}],
                       name="naming", skill_md=SKILL_MD.replace("name: testing",
                                                                 "name: naming"))
    (plan,) = make_group_plans(RunOptions(skill_path=skill, skill_paths=(skill, other)))
    digests = {t.case.project_bundle for t in plan.trials}
    assert len(digests) == 1 and None not in digests
    (digest,) = digests
    assert digest is not None and RunKeys(plan.run_id).bundle_of(digest) in plan.bundles
    assert "the project's own text" not in plan.model_dump_json()


def test_a_regrade_does_not_stand_for_a_case_whose_project_changed(tmp_path: Path) -> None:
    from runner.planning.regrade import why_not
    before = Case(id="c", prompt="p", project_bundle="a" * 64)
    assert why_not(before, before, {}, tmp_path) is None
    changed = before.model_copy(update={"project_bundle": "b" * 64})
    assert "the project it runs in changed" in (why_not(before, changed, {}, tmp_path) or "")
    old_plan = before.model_copy(update={"project_bundle": None})  # the project was inline
    assert why_not(old_plan, before, {}, tmp_path) is None


@pytest.mark.usefixtures("fake_sandbox")
def test_a_project_run_regrades_until_its_project_changes(tmp_path: Path) -> None:
    """`regrade` of a run whose cases ran in their project: scored again while the project is
    the same; once a project file changed, the case is named, not regraded."""
    from runner.authoring import whole_project
    skill = project(tmp_path)
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump({"scenarios": [{"name": "any",
                                                     "turns": [{"text": "DaoTest"}]}]}))
    store = tmp_path / "store"
    ran = CliRunner().invoke(main, [
        "run", str(skill), "--executor", "inprocess", "--sandbox", "fake", "--fresh",
        "--model-script", str(script), "--store", str(store)])
    assert ran.exit_code in (0, 1), ran.output
    (run_id,) = [p.name for p in (store / "runs").iterdir()]
    again = CliRunner().invoke(main, ["regrade", run_id, "--store", str(store), "--json"])
    assert again.exit_code in (0, 1), again.output
    report = json.loads(again.stdout)
    assert report["regraded_from"] == run_id and not report["regrade"]["not_regraded"]
    (tmp_path / "app" / "README.md").write_text("# app, edited\n")
    whole_project._walk.cache_clear()
    changed = CliRunner().invoke(main, ["regrade", run_id, "--store", str(store)])
    whole_project._walk.cache_clear()
    assert changed.exit_code == 2, changed.output
    assert "the project it runs in changed" in changed.output, changed.output
