"""A project-level skill's case that stages nothing of its own runs in its project (issue 26):
the project's files land at the working directory's root, never a skill (any agent folder's
`skills/`, any folder holding a SKILL.md), `.claude/`, a `*-workspace/`, `.git`, dependencies,
a symlink, a binary or a secrets file; past the cap it runs without the project and the line
names the largest folders."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from runner.authoring import whole_project
from runner.authoring.caseset import load_caseset
from runner.authoring.whole_project import project_staging
from runner.cli import main
from runner.sandbox.fake import FakeSandbox
from runner.trial.session import stage_fixtures
from tests.helpers import check_cli as check
from tests.helpers import make_skill

SKILL_MD = ("---\nname: testing\ndescription: Writes tests in this project's style. Use when "
            "adding or updating tests.\n---\nExtend the project's base test classes.\n")
DAO_TEST = "class TaskDaoTest : DaoTest() {}\n"
COVERAGE = {"id": "coverage", "prompt": "Update `TaskDaoTest` coverage for findTodayTasks().",
            "expectations": ["The test still extends `DaoTest`."]}


def project(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    """A small Kotlin-like project with its testing skill under .agents/skills/, and what a
    checkout also holds that must never reach the session."""
    root = tmp_path / "app"
    (root / "src" / "test").mkdir(parents=True)
    (root / "src" / "test" / "TaskDaoTest.kt").write_text(DAO_TEST)
    (root / "README.md").write_text("# app\n")
    (root / ".github" / "workflows").mkdir(parents=True)
    (root / ".github" / "workflows" / "ci.yml").write_text("on: push\n")
    # another agent's instructions, restating the skill's rules: never the session's
    (root / ".github" / "copilot-instructions.md").write_text("Extend DaoTest.\n")
    (root / ".github" / "instructions").mkdir()
    (root / ".github" / "instructions" / "tests.md").write_text("Extend DaoTest.\n")
    (root / ".cursor" / "rules").mkdir(parents=True)
    (root / ".cursor" / "rules" / "testing.mdc").write_text("Extend DaoTest.\n")
    # ... and a renamed copy of them, or rules in Cursor's format elsewhere: by name, format
    (root / ".github-copy").mkdir()
    (root / ".github-copy" / "copilot-instructions.md").write_text("Extend DaoTest.\n")
    (root / "notes" / "agent").mkdir(parents=True)
    (root / "notes" / "agent" / "testing.mdc").write_text("Extend DaoTest.\n")
    skill = make_skill(root / ".agents" / "skills", cases, name="testing", skill_md=SKILL_MD)
    make_skill(root / ".agents" / "skills", [], name="sibling")
    (root / ".claude").mkdir()
    (root / ".claude" / "settings.json").write_text("{}\n")
    (root / "node_modules" / "x").mkdir(parents=True)
    (root / "node_modules" / "x" / "index.js").write_text("module.exports = 1\n")
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (root / "vendored").mkdir()
    (root / "vendored" / ".git").write_text("gitdir: ../.git/modules/vendored\n")
    (root / "testing-workspace" / "iteration-1").mkdir(parents=True)
    (root / "testing-workspace" / "iteration-1" / "output.md").write_text("the answer\n")
    (root / "mirror" / "reviewing").mkdir(parents=True)  # another skill's folder elsewhere
    (root / "mirror" / "reviewing" / "SKILL.md").write_text(
        SKILL_MD.replace("name: testing", "name: reviewing"))
    (root / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    (root / ".env").write_text("TOKEN=secret\n")
    (root / ".env.example").write_text("TOKEN=\n")
    (root / "linked.md").symlink_to(tmp_path / "outside.md")
    (tmp_path / "outside.md").write_text("host file\n")
    return skill


def test_the_project_is_staged_without_skills_settings_answers_or_tooling(
        tmp_path: Path) -> None:
    skill = project(tmp_path, [COVERAGE])
    staging = project_staging(skill)
    assert staging is not None and not staging.too_large
    assert sorted(staging.files) == [".env.example", ".github/workflows/ci.yml", "README.md",
                                     "src/test/TaskDaoTest.kt"]
    left = staging.left_out_text()
    for reason in (".agents/skills/", ".claude/", "node_modules/", ".git/", "*-workspace/",
                   "skill folders", "binary files", "secrets files", "symlinks",
                   "other agents' instructions (5)"):
        assert reason in left, left


def test_a_case_that_stages_nothing_runs_in_the_project(tmp_path: Path) -> None:
    """Through the real `check`: one EV012 line, and a trial's working directory holds the
    project's file and no skill."""
    skill = project(tmp_path, [COVERAGE])
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert (f"case 'coverage': runs in the project {(tmp_path / 'app').resolve()}, as its "
            "author ran it: 4 file(s) staged at the working directory's root (left out: "
            ) in result.output, result.output
    case = load_caseset(skill, "testing").evals[0]
    work = tmp_path / "work"
    stage_fixtures(case, skill, work)  # what a trial's working directory starts with
    assert (work / "src/test/TaskDaoTest.kt").read_text() == DAO_TEST
    assert not (work / ".agents").exists() and not (work / ".claude").exists()
    assert not (work / "SKILL.md").exists() and not (work / "mirror").exists()
    assert not (work / "linked.md").exists() and not (work / ".env").exists()


@pytest.mark.parametrize(("lock", "text", "vendored"), [
    ("skills-lock.json", '{"version": 1, "skills": {"testing": {"source": "acme/skills", '
     '"sourceType": "github", "computedHash": "ab"}}}', True),
    ("skills.lock", '{"version": 1, "skills": {"testing": {"source": '
     '"https://github.com/acme/skills.git", "path": "skills/testing", "ref": "ab"}}}', True),
    ("skills-lock.json", '{"version": 1, "skills": {"testing": {"source": ".", '
     '"sourceType": "local"}}}', False),
    ("skills-lock.json", '{"version": 1, "skills": {"other": {"source": "acme/skills", '
     '"sourceType": "github"}}}', False),
    ("skills-lock.json", "{not json", False)])
def test_a_skill_installed_from_upstream_never_runs_in_the_host_project(
        tmp_path: Path, lock: str, text: str, vendored: bool) -> None:
    """A skill the project's skills lock file records as installed from elsewhere (`npx
    skills add`) brought its set from there: its cases run with what they stage, said; a
    local entry, another skill's, or a lock file that does not parse leave it the project's."""
    skill = project(tmp_path, [COVERAGE])
    (tmp_path / "app" / lock).write_text(text)
    flat = " ".join(check(str(skill)).output.split())
    assert ("records this skill as installed from acme/skills" in flat
            or "installed from https://github.com/acme/skills.git" in flat) == vendored, flat
    assert ("runs in the project" in flat) != vendored, flat
    case = load_caseset(skill, "testing").evals[0]
    assert bool(case.inline_files) != vendored


def test_a_case_with_files_of_its_own_stages_only_those(tmp_path: Path) -> None:
    skill = project(tmp_path, [{**COVERAGE, "files": ["src/test/TaskDaoTest.kt"]}])
    case = load_caseset(skill, "testing").evals[0]
    assert case.inline_files == {"src/test/TaskDaoTest.kt": DAO_TEST}


def test_a_skill_that_is_no_projects_runs_in_an_empty_directory(tmp_path: Path) -> None:
    skill = make_skill(tmp_path / "repo" / "skills", [COVERAGE], name="testing",
                       skill_md=SKILL_MD)
    (tmp_path / "repo" / "README.md").write_text("# collection\n")
    assert project_staging(skill) is None
    assert load_caseset(skill, "testing").evals[0].inline_files == {}


def test_a_project_past_the_cap_is_not_staged_and_the_line_names_its_largest_folders(
        tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(whole_project, "TOTAL_FILES", 3)
    whole_project._walk.cache_clear()
    skill = project(tmp_path, [COVERAGE])
    for n in range(3):
        (tmp_path / "app" / "src" / f"Big{n}.kt").write_text("x" * 2048)
    result = check(str(skill))
    whole_project._walk.cache_clear()
    assert result.exit_code == 0, result.output
    assert "runs without the project it lives in" in result.output, result.output
    assert "too large to stage whole" in result.output, result.output
    assert "it runs in an empty working directory" in result.output, result.output
    assert "largest: src/ (4 file(s), 6 KiB)" in result.output, result.output
    assert "list the project's files the case works on under `files`" in result.output


@pytest.mark.usefixtures("fake_sandbox")
def test_a_trial_starts_in_the_project_without_its_skills(tmp_path: Path) -> None:
    """The staging path end to end (`run` on the fake sandbox): each session's working
    directory holds the project's files and no agent folder's skills/, .claude/ or .git."""
    skill = project(tmp_path, [{"id": "coverage", "prompt": COVERAGE["prompt"],
                                "assertions": ["DaoTest"]}])  # graded without a model
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump({"scenarios": [{"name": "any",
                                                     "turns": [{"text": "ok"}]}]}))
    result = CliRunner().invoke(main, [
        "run", str(skill), "--executor", "inprocess", "--sandbox", "fake", "--fresh",
        "--model-script", str(script), "--store", str(tmp_path / "store")])
    assert result.exit_code in (0, 1), result.output
    assert len(FakeSandbox.held) == 2, FakeSandbox.held  # baseline and candidate
    for held in FakeSandbox.held.values():
        assert "src/test/TaskDaoTest.kt" in held and "README.md" in held, held
        assert not [p for p in held if p.startswith((".agents/", ".claude/", ".git/"))
                    or p.endswith("SKILL.md")], held


def test_past_the_cap_a_case_keeps_the_project_files_its_prompt_names(
        tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(whole_project, "TOTAL_FILES", 3)
    whole_project._walk.cache_clear()
    skill = project(tmp_path, [{**COVERAGE, "prompt": "Extend the tests in "
                                "src/test/TaskDaoTest.kt to cover findTodayTasks()."}])
    for n in range(3):
        (tmp_path / "app" / "src" / f"Big{n}.kt").write_text("x" * 2048)
    result = check(str(skill))
    case = load_caseset(skill, "testing").evals[0]
    whole_project._walk.cache_clear()
    assert result.exit_code == 0, result.output
    assert "too large to stage whole" in result.output, result.output
    assert "largest: src/ (4 file(s), 6 KiB)" in result.output, result.output
    assert "only the project's files it names are staged (1)" in result.output, result.output
    assert case.inline_files == {"src/test/TaskDaoTest.kt": DAO_TEST}


def test_check_v_lists_a_few_of_the_projects_files_and_counts_the_rest(tmp_path: Path) -> None:
    skill = project(tmp_path, [COVERAGE])
    for n in range(20):
        (tmp_path / "app" / "src" / f"M{n}.kt").write_text(f"class M{n}\n")
    result = check("-v", str(skill))
    assert result.exit_code == 0, result.output
    assert result.output.count("  fixture ") == 11, result.output
    assert "  ... and 13 more fixture(s)" in result.output, result.output


def test_a_folder_holding_the_home_folder_is_the_host_never_staged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    skill = project(tmp_path, [COVERAGE])
    (tmp_path / "app" / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "app" / "home"))
    assert project_staging(skill) is None


def test_the_projects_own_files_are_material_never_answer_keys(tmp_path: Path) -> None:
    """A class the check names, a config's answer-like field and a script's comment are the
    project the author worked on: no EV013 for them (one made for the set still gets it)."""
    skill = project(tmp_path, [{**COVERAGE, "assertions": ["class TaskDaoTest : DaoTest"]}])
    (tmp_path / "app" / "deploy").mkdir()
    (tmp_path / "app" / "deploy" / "values.yaml").write_text("target_label: instance\n")
    (tmp_path / "app" / "deploy" / "run.sh").write_text("# expected: stdout is empty\nls\n")
    read = load_caseset(skill, "testing")
    assert "deploy/values.yaml" in read.evals[0].inline_files
    assert not [f for f in read.findings if f.code == "EV013"], read.findings


@pytest.mark.parametrize(("comment", "planted"), [
    ("# expected-output-substring empty means stdout must be empty", False),  # a compound word
    ("# expected - stdout is empty", True),
])
def test_a_dash_states_an_answer_only_as_a_separator(comment: str, planted: bool) -> None:
    from runner.authoring.answers import planted_comment
    assert (planted_comment(f"ls\n{comment}\n") is not None) is planted


def test_past_the_cap_a_pointer_to_our_codebase_is_the_project_not_a_refusal(
        tmp_path: Path, monkeypatch: Any) -> None:
    """'our existing codebase' in a project-level skill is the project: past the cap the case
    runs without it (EV012) and the pointer is a need no arm meets (EV014), not EV009."""
    monkeypatch.setattr(whole_project, "TOTAL_FILES", 3)
    whole_project._walk.cache_clear()
    skill = project(tmp_path, [{**COVERAGE, "prompt": "Look at our existing codebase and "
                                "summarise how the tests are organised."}])
    for n in range(3):
        (tmp_path / "app" / "src" / f"Big{n}.kt").write_text("x" * 2048)
    result = check(str(skill))
    whole_project._walk.cache_clear()
    assert result.exit_code == 0, result.output
    assert "too large to stage whole" in result.output, result.output
    assert "EV014" in result.output and "'our existing codebase': read as the project this " \
        "skill lives in" in result.output, result.output
    assert "neither stages nor quotes" not in result.output, result.output


def test_past_the_cap_a_pointer_to_a_part_of_the_project_stays_refused(
        tmp_path: Path, monkeypatch: Any) -> None:
    """'my changes' is a state of the project (a diff), not the project: still EV009."""
    monkeypatch.setattr(whole_project, "TOTAL_FILES", 3)
    whole_project._walk.cache_clear()
    skill = project(tmp_path, [{**COVERAGE, "prompt": "Review my changes and tell me if the "
                                "tests still hold."}])
    for n in range(3):
        (tmp_path / "app" / "src" / f"Big{n}.kt").write_text("x" * 2048)
    result = check(str(skill))
    whole_project._walk.cache_clear()
    assert "read as the project this skill lives in" not in result.output, result.output
    assert "EV009" in result.output, result.output


def test_a_case_file_is_the_projects_by_its_path_from_the_root(tmp_path: Path) -> None:
    """One answer to "is this staged file the project's?" (answer keys and running in the
    project both ask it): a root file is read at the root even when a deeper file shares its
    name; a path through a link, or a name the project holds only deeper down, is not."""
    from runner.authoring.caseset import _project_paths
    from runner.schema.case import Case
    skill = project(tmp_path, [COVERAGE])
    (tmp_path / "app" / "docs").mkdir()
    (tmp_path / "app" / "docs" / "README.md").write_text("# docs\n")
    staged = {at: "x" for at in ("README.md", "src/test/TaskDaoTest.kt", "linked.md",
                                 "TaskDaoTest.kt", ".agents/skills/testing/SKILL.md")}
    case = Case(id="c", prompt="p", inline_files=staged)
    assert _project_paths(skill, case) == {"README.md", "src/test/TaskDaoTest.kt"}


def big_project(tmp_path: Path, prompt: str, monkeypatch: Any) -> Path:
    """The project of `project`, past a cap of 3 files, with a `services/api` folder."""
    monkeypatch.setattr(whole_project, "TOTAL_FILES", 3)
    whole_project._walk.cache_clear()
    skill = project(tmp_path, [{**COVERAGE, "prompt": prompt}])
    for n in range(3):
        (tmp_path / "app" / "src" / f"Big{n}.kt").write_text("x" * 2048)
    api = tmp_path / "app" / "services" / "api"
    api.mkdir(parents=True)
    (api / "handler.py").write_text("def handle(): ...\n")
    (api / "routes.py").write_text("ROUTES = []\n")
    (api / "node_modules").mkdir()
    (api / "node_modules" / "dep.js").write_text("x\n")
    return skill


def test_past_the_cap_a_case_gets_the_project_folder_it_names(
        tmp_path: Path, monkeypatch: Any) -> None:
    """Through the real `check`: the named folder, at its path from the project's root,
    without its tooling; the line names what was left out."""
    skill = big_project(tmp_path, "Add input validation to the handlers in services/api.",
                        monkeypatch)
    result = check(str(skill))
    case = load_caseset(skill, "testing").evals[0]
    whole_project._walk.cache_clear()
    assert result.exit_code == 0, result.output
    assert "runs in the folder(s) it names of the project it lives in" in result.output
    assert "services/api/ (2 file(s) staged at their path from the project's root)" in \
        result.output, result.output
    assert "largest: src/" in result.output, result.output
    assert case.inline_files == {"services/api/handler.py": "def handle(): ...\n",
                                 "services/api/routes.py": "ROUTES = []\n"}


def test_past_the_cap_a_folder_named_in_words_or_too_large_or_a_skill_is_not_carried(
        tmp_path: Path, monkeypatch: Any) -> None:
    skill = big_project(tmp_path, "Tidy the `api` folder.", monkeypatch)
    staging = whole_project.project_staging(skill)
    assert staging is not None and staging.too_large
    # a bare name is read from the project's root: `api` is services/api, not named so
    assert whole_project.named_folders(staging, ["Tidy the `api` folder."]) == []
    assert whole_project.named_folders(staging, ["Look at services/ and services/api/"]) == \
        ["services"]
    assert whole_project.named_folders(staging, [".agents/skills/testing and .claude/"]) == []
    assert whole_project.named_folders(staging, ["the src folder"]) == ["src"]
    assert whole_project.folder_staging(staging, "src").too_large  # 4 files past a cap of 3
    whole_project._walk.cache_clear()


def test_staging_and_the_bare_name_search_skip_the_same_folders(tmp_path: Path) -> None:
    """One skip list: a file under a dependency folder is neither staged nor found by name."""
    from runner.authoring.project_skill import project_file
    skill = project(tmp_path, [COVERAGE])
    (tmp_path / "app" / "vendor" / "lib").mkdir(parents=True)
    (tmp_path / "app" / "vendor" / "lib" / "Only.kt").write_text("class Only\n")
    (tmp_path / "app" / "coverage").mkdir()
    (tmp_path / "app" / "coverage" / "Report.kt").write_text("class Report\n")
    whole_project._walk.cache_clear()
    staging = project_staging(skill)
    assert staging is not None
    assert not [at for at in staging.files if at.startswith(("vendor/", "coverage/"))]
    assert project_file(skill, "Only.kt") is None and project_file(skill, "Report.kt") is None
    assert project_file(skill, "TaskDaoTest.kt") is not None


def test_a_file_through_a_linked_folder_or_inside_the_skill_is_never_the_projects(
        tmp_path: Path) -> None:
    """project_paths answers on strings for thousands of files: a folder that is a link (or
    under one) and the skill's own folder are still never the project's."""
    from runner.authoring.project_skill import project_paths
    from runner.schema.case import Case
    skill = project(tmp_path, [COVERAGE])
    (tmp_path / "elsewhere" / "deep").mkdir(parents=True)
    (tmp_path / "elsewhere" / "deep" / "x.md").write_text("host\n")
    (tmp_path / "app" / "shared").symlink_to(tmp_path / "elsewhere")
    staged = {at: "x" for at in ("shared/deep/x.md", "src/test/TaskDaoTest.kt",
                                 "./src/test/TaskDaoTest.kt", ".agents/skills/testing/SKILL.md")}
    assert project_paths(skill, Case(id="c", prompt="p", inline_files=staged)) == {
        "src/test/TaskDaoTest.kt", "./src/test/TaskDaoTest.kt"}


def test_a_file_the_criteria_create_already_in_the_project_is_an_answer_key(
        tmp_path: Path) -> None:
    """A case asking for a file the project already holds (the repository after the author
    made it) hands both arms the answer: EV013, by path or by its one name in the project;
    a file the project does not hold, or one the work edits ("adds a test to X"), is none."""
    cases = [{"id": "dao", "prompt": "Add tests for the task DAO.",
              "expected_output": "Creates src/test/TaskDaoTest.kt extending DaoTest."},
             {"id": "named", "prompt": "Add tests for the task DAO.",
              "assertions": ["Creates a single file TaskDaoTest.kt under src/test/"]},
             {"id": "new", "prompt": "Add tests for the user DAO.",
              "expected_output": "Creates src/test/UserDaoTest.kt extending DaoTest, as "
                                 "TaskDaoTest.kt does."},
             {"id": "edit", "prompt": "Cover findTodayTasks().",
              "assertions": ["Adds a test to TaskDaoTest.kt for findTodayTasks()"]}]
    result = check(str(project(tmp_path, cases)))
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "EV013" in line]
    assert len(lines) == 2, result.output
    assert all("src/test/TaskDaoTest.kt is a file the case's criteria say the work creates"
               in line and "already in the staged project" in line for line in lines)
    assert not any("'new'" in line or "'edit'" in line for line in lines)


def test_a_copy_installed_into_the_skills_own_repository_never_runs_in_it(
        tmp_path: Path) -> None:
    """The project holds the skill itself outside the agents' folders (`packer/skills/packer/`
    beside `.agents/skills/packer/`): it is the skill's own repository, whose README documents
    the skill. Staging it would hand the baseline the skill: the case runs with what it
    stages, and the line says why."""
    root = tmp_path / "packer-skill"
    packer_md = ("---\nname: packer\ndescription: Packages a skill for every agent. Use when "
                 "publishing a skill.\n---\nWrite a manifest per agent.\n")
    source = make_skill(root / "packer" / "skills", [], name="packer", skill_md=packer_md)
    (root / "README.md").write_text("# packer\nPackages a skill: writes plugin.json, then a "
                                    "marketplace entry.\n")
    (root / "docs").mkdir()
    (root / "docs" / "manifests.md").write_text("Each agent's manifest, field by field.\n")
    copy = make_skill(root / ".agents" / "skills", [
        {"id": "pack",
         "prompt": "Write a plugin.json for a skill named datefmt that formats dates.",
         "expectations": ["A plugin.json is written."]}], name="packer", skill_md=packer_md)
    assert (source / "SKILL.md").read_text() == (copy / "SKILL.md").read_text()
    out = check(str(copy), "-v")
    assert out.exit_code == 0, out.output
    flat = " ".join(out.output.split())
    assert "does not run in the project" in flat and "packer/skills/packer/" in flat, flat
    assert "README.md" not in flat and "manifests.md" not in flat
    (case,) = load_caseset(copy, "packer").evals
    assert not case.inline_files
    # the same project holding another skill only (no copy of this one) still runs in it
    (root / "packer").rename(root / "unrelated")
    (root / "unrelated" / "skills" / "packer").rename(root / "unrelated" / "skills" / "other")
    whole_project.skill_source.cache_clear()
    whole_project._walk.cache_clear()
    (case,) = load_caseset(copy, "packer").evals
    assert "README.md" in case.inline_files


def test_a_skills_past_runs_under_a_workspace_folder_are_never_staged(tmp_path: Path) -> None:
    """`workspace/<skill>/outputs/` beside the author's notes on those runs: the skill's past
    answers (an answer key in both arms) and its development notes; the folder is left out
    whole, and the line says why."""
    skill = project(tmp_path, [COVERAGE])
    runs = tmp_path / "app" / "workspace" / "testing"
    (runs / "outputs").mkdir(parents=True)
    (runs / "outputs" / "TaskDaoTest-coverage.kt").write_text("the answer\n")
    (runs / "how-it-was-built.md").write_text("Extend DaoTest; we tuned the skill for it.\n")
    whole_project._walk.cache_clear()
    staging = project_staging(skill)
    assert staging is not None
    assert not any(at.startswith("workspace/") for at in staging.files), staging.files
    assert "workspace/<name>/ holding outputs/ (past outputs)" in staging.left_out_text()


def test_a_project_file_documenting_the_skill_never_reaches_the_session(tmp_path: Path) -> None:
    """A project file naming the skill under test (a README listing `deploy-helper`, its
    usage, its past benchmark) documents it: the baseline would read the skill; left out and
    said, unless the case's own words name that file."""
    coverage = {**COVERAGE}
    skill = project(tmp_path, [coverage])
    (skill / "SKILL.md").write_text(SKILL_MD.replace("name: testing", "name: deploy-helper"))
    (tmp_path / "app" / "README.md").write_text("# app\nRun the deploy-helper skill: "
                                                "`/deploy-helper --env prod` (100% pass)\n")
    result = check(str(skill))
    flat = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "3 file(s) staged" in flat and "files naming this skill (they document it: the " \
        "baseline would read it)" in flat, flat
    case = load_caseset(skill, "deploy-helper").evals[0]
    assert "README.md" not in case.inline_files and "src/test/TaskDaoTest.kt" in \
        case.inline_files
    named = project(tmp_path / "again", [{**COVERAGE, "prompt": "Fix the typo in README.md."}])
    (named / "SKILL.md").write_text(SKILL_MD.replace("name: testing", "name: deploy-helper"))
    (tmp_path / "again" / "app" / "README.md").write_text("Run the deploy-helper skill.\n")
    kept = load_caseset(named, "deploy-helper").evals[0]
    assert "README.md" in kept.inline_files


def test_a_copy_of_the_set_elsewhere_in_the_project_is_never_staged(tmp_path: Path) -> None:
    """`testing/evals/evals.json` at the project's root, byte for byte the set the skill's
    cases come from: its answers, which the baseline would read; a file that only resembles
    it is the project's."""
    skill = project(tmp_path, [COVERAGE])
    root = tmp_path / "app"
    (root / "testing" / "evals").mkdir(parents=True)
    (root / "testing" / "evals" / "evals.json").write_bytes(
        (skill / "evals" / "evals.json").read_bytes())
    (root / "testing" / "notes.json").write_text('{"evals": []}\n')
    whole_project._walk.cache_clear()
    staging = project_staging(skill, skill / "evals")
    assert staging is not None
    assert "testing/evals/evals.json" not in staging.files
    assert "testing/notes.json" in staging.files
    assert "copies of the case set" in staging.left_out_text()
