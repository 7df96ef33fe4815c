"""Issue 26, rule 6: a prompt relying on state another case creates ("continue from the
previous task", "the project you set up in the last step", "the configured profile") gets a
finding of its own (EV017, the code for cross-case references): each case runs alone in a
fresh working directory and runs carry nothing over. Reported when the case stages something;
refused (EV009) when it stages nothing; silent when `depends_on` runs the other case first.
Through the real `skill-eval check`; look-alikes stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.crosscase import asked_rerun, earlier_session, earlier_state
from tests.helpers import check_cli, check_json, make_skill

FILES = {"evals/files/profile.json": '{"theme": "light"}\n'}


def test_state_of_another_case_is_reported_or_refused_by_what_is_staged(
        tmp_path: Path) -> None:
    staged = make_skill(tmp_path / "a", [
        {"id": "setup", "prompt": "Create a profile.json with theme light",
         "assertions": ["theme"]},
        {"id": "switch", "prompt": "Switch the configured profile to dark mode",
         "files": ["evals/files/profile.json"], "assertions": ["dark"]},
        {"id": "chained", "prompt": "Continue from the previous task and set the theme to dark",
         "depends_on": "setup", "assertions": ["dark"]}], FILES)
    found = [f for f in check_json(staged)["findings"] if f["code"] == "EV017"]
    assert [f["case"] for f in found] == ["switch"]  # depends_on carries the state: silent
    assert "'the configured profile'" in found[0]["message"]
    assert "runs carry nothing over" in found[0]["message"]

    bare = make_skill(tmp_path / "b", [
        {"id": "next", "prompt": "Open the project you set up in the last step and add a "
                                 "README", "assertions": ["README"]}], FILES)
    result = check_cli(str(bare))
    assert result.exit_code == 2
    assert "EV009" in result.output and "'you set up in the last step'" in result.output
    assert "stages nothing" in result.output and "depends_on" in result.output


@pytest.mark.parametrize("prompt", [
    "Continue from the previous task and add tests",
    "Pick up where we left off and finish the report",
    "Take the output from the last step and chart it",
    "Use the already-configured database to add a users table",
    "继续上一个任务，补上测试",                                    # zh
    "在上一步创建的项目里加一个 README",                            # zh
    "前のステップで作成したプロジェクトにREADMEを追加して",          # ja
    "Continúa con la tarea anterior y añade pruebas",              # es
    "Continue a tarefa anterior e adicione testes",               # pt
    "Continue la tâche précédente et ajoute des tests",           # fr
    "Mach mit der vorherigen Aufgabe weiter",                     # de
    "Продолжи предыдущую задачу и добавь тесты",                  # ru
])
def test_each_language_names_state_of_another_case(prompt: str) -> None:
    assert earlier_state(prompt) is not None


@pytest.mark.parametrize("prompt", [
    "Explain the last step of a TCP handshake",
    "Compare the previous version of this API with the new one",
    "Write a guide: each step builds on the previous step's output",
    "Set up a new profile with a dark theme",
    "Review this config:\n```\nuse the configured profile\n```",
])
def test_a_look_alike_relies_on_no_other_case(prompt: str) -> None:
    assert earlier_state(prompt) is None


def test_an_earlier_session_of_the_users_is_a_case_no_arm_can_pass(tmp_path: Path) -> None:
    """"Pick up where we left off" resumes a session no case of the set is: that case gets
    EV014 with the quote, the set is not refused (its other cases run)."""
    skill = make_skill(tmp_path / "s", [
        {"id": "fresh", "prompt": "Start a launch plan for acme", "assertions": ["launch"]},
        {"id": "resume", "prompt": "/plan acme — pick up where we left off",
         "assertions": ["Resumes from the next unfinished section"]}], FILES)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if "EV014" in x)
    assert "resume" in line and "'pick up where we left off'" in line
    assert "earlier session" in line and "EV009" not in result.output
    found = [f for f in check_json(skill)["findings"] if f["code"] in ("EV014", "EV017")]
    assert [(f["code"], f["case"]) for f in found] == [("EV014", "resume")]


@pytest.mark.parametrize("prompt", [
    "Continue from last session and finish the outline",
    "Resume where I stopped yesterday",
    "As we agreed in our previous conversation, drop the beta flag",
])
def test_an_earlier_session_is_read_by_its_grammar(prompt: str) -> None:
    assert earlier_session(prompt) is not None


@pytest.mark.parametrize("prompt", [
    "Explain the last session of parliament",
    "Continue from the previous task and add tests",   # another case's state: EV017/EV009
    "Recap: this session picked up from the previous session's handoff; write the next one",
])
def test_a_look_alike_names_no_earlier_session(prompt: str) -> None:
    assert earlier_session(prompt) is None


def test_a_redo_of_an_earlier_run_is_a_case_no_arm_can_pass(tmp_path: Path) -> None:
    """A prompt opening with "run ... again" redoes a run no fresh session holds: that case
    gets EV014 with the quote, the set is not refused (its first run is a case that runs)."""
    skill = make_skill(tmp_path / "s", [
        {"id": "first", "prompt": "Set up the audit workflow", "assertions": ["workflow"]},
        {"id": "again", "prompt": "再執行一次 audit 設定（應該不會有變化）",
         "assertions": ["Reports no change against the existing workflow"]}], FILES)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if "EV014" in x)
    assert "again" in line and "'再執行一次'" in line and "redo an earlier run" in line
    found = [f for f in check_json(skill)["findings"] if f["code"] in ("EV014", "EV009")]
    assert [(f["code"], f["case"]) for f in found] == [("EV014", "again")]
    # staging something (it may hold the first run's result): EV017, graded on what is staged
    staged = make_skill(tmp_path / "t", [
        {"id": "again", "prompt": "Run the profile setup again", "assertions": ["no change"],
         "files": ["evals/files/profile.json"]},
        {"id": "chained", "prompt": "Run the profile setup again", "assertions": ["no change"],
         "depends_on": "again"}], FILES)
    found = [f for f in check_json(staged)["findings"] if f["code"] in ("EV014", "EV017")]
    assert [(f["code"], f["case"]) for f in found] == [("EV017", "again")]
    assert "graded on what the case stages" in found[0]["message"]


@pytest.mark.parametrize("prompt", [
    "Run the HN monitor again",
    "set up the same lint CI as before - should be a no-op",
    "Rerun the security-scan setup",
    "再幫我建一次相同的 workflow",
    "もう一度デプロイチェックを実行して",
])
def test_a_redo_is_read_at_the_prompts_opening(prompt: str) -> None:
    assert asked_rerun(prompt) is not None


@pytest.mark.parametrize("prompt", [
    "Fix the failing test and run the suite again",
    "Add a retry so the job runs again on failure",
    "Create a button to run it again",
    "Build a cron job that runs again every hour",
    "重新设计这个页面",
])
def test_a_look_alike_redoes_nothing(prompt: str) -> None:
    assert asked_rerun(prompt) is None
