"""EV014 on a case about the user's own existing project ("our billing service", "I've got a
Flask app", "this Go worker") that stages nothing while its criteria expect the project's files
edited, read or built: the session's working directory holds only what the case stages, so no
arm can do what the author meant. Reported, never refused. Advice questions, new projects,
prompts that paste their code and criteria describing advice stay silent. Through the real
`skill-eval check`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import check_json, make_skill

SKILL_MD = ("---\nname: ship-helper\ndescription: Sets up builds, CI and deploys for web "
            "services. Use when the user asks to ship or build a service.\n---\nBe brief.\n")


def findings(tmp_path: Path, cases: list[dict[str, Any]]) -> dict[str, str]:
    skill = make_skill(tmp_path, cases, {"evals/files/app.py": "print('hi')\n"},
                       name="ship-helper", skill_md=SKILL_MD)
    got = check_json(skill)
    assert not any(f["code"] == "EV009" for f in got["findings"]), got["findings"]
    return {f["case"]: f["message"] for f in got["findings"] if f["code"] == "EV014"}


def case(cid: str, prompt: str, *expectations: str, **more: Any) -> dict[str, Any]:
    return {"id": cid, "prompt": prompt, "expectations": list(expectations), **more}


def test_the_users_project_worked_on_but_never_staged(tmp_path: Path) -> None:
    got = findings(tmp_path, [
        case("built", "I've got a Quarkus 3 app (Java 17, Gradle) called ledger-sync on a "
                      "small VPS. Set up a GitHub Actions release for it.",
             "Writes a release workflow triggered on tags", "Verifies with a local build"),
        case("edited", "Add the jacoco coverage report to our payments service.",
             "Modifies pom.xml to add the jacoco plugin"),
        case("added", "Wire a lint step into my Rust crate's CI.",
             "Adds the clippy job to the existing workflow file"),
        case("read", "Document the environment variables this Go worker needs.",
             "Reads the worker's config files before listing the variables"),
        case("tests", "Upgrade our Django backend to the next LTS.",
             "Runs the existing test suite after the upgrade"),
        case("applied", "Throttle the /export endpoint in our Koa app to 5 calls a minute.",
             "Throttling middleware is applied to the /export route in the application code")])
    assert set(got) == {"built", "edited", "added", "read", "tests", "applied"}, got
    assert "'I've got a Quarkus 3 app'" in got["built"]
    assert "user's own existing project" in got["built"]
    assert "Verifies with a local build" in got["built"]
    assert "our payments service" in got["edited"] and "pom.xml" in got["edited"]
    assert "this Go worker" in got["read"]


def test_the_fix_names_the_projects_files(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [case("edited", "Add the jacoco coverage report to our "
                                                 "payments service.",
                                       "Modifies pom.xml to add the jacoco plugin")],
                       name="ship-helper", skill_md=SKILL_MD)
    line = next(f for f in check_json(skill)["findings"] if f["code"] == "EV014")
    assert "the project's files" in line["fix"] and "drop the case" in line["fix"]


def test_advice_new_projects_pasted_code_and_words_stay_silent(tmp_path: Path) -> None:
    got = findings(tmp_path, [
        # a question asking advice: graded on the words of the answer
        case("advice", "How do I set up CI for my Spring app?",
             "Explains how to modify pom.xml for the surefire plugin",
             "Verifies with a build before deploying"),
        # a new project: its files are the agent's to write
        case("new", "I'm starting a new Flask app for our team. Set up linting for it.",
             "Updates package.json with lint scripts", "Verifies with a build"),
        # the code is in the prompt
        case("pasted", "Refactor our billing service's handler:\n```python\ndef pay(x):\n"
                       "    return x\n```", "Modifies the existing handler in place"),
        # the project is named but the criteria grade advice or new files only
        case("words", "Can you add husky to our project so bad commits are blocked?",
             "A .husky/pre-commit file is created or mentioned",
             "Suggests modifying package.json to add a prepare script"),
        # a new file of the agent's own
        case("own", "Add request logging to our Koa app.",
             "The logger is implemented in its own file, logger.js"),
        # no project of the user's at all
        case("generic", "Write a Dockerfile for a Spring Boot service.",
             "Uses a multi-stage build with a slim runtime image")])
    assert got == {}, got


def test_a_staged_project_is_no_need(tmp_path: Path) -> None:
    got = findings(tmp_path, [
        case("staged", "Add a health check to our Flask service.",
             "Modifies the existing app.py to add /health", files=["evals/files/app.py"]),
        case("setup", "Add a health check to our Flask service.",
             "Runs the existing test suite", setup=["git init -q"])])
    assert "staged" not in got and "setup" not in got, got


def test_a_new_projects_files_are_the_agents_to_write(tmp_path: Path) -> None:
    # "Update to package.json" in a project the prompt starts is no checkout of the user's
    got = findings(tmp_path, [
        case("new", "I'm starting a new Svelte project. Set up Prettier for it.",
             "Creates .prettierrc", "Update to package.json with a format script"),
        case("old", "Set up Prettier in our Svelte dashboard.",
             "Creates .prettierrc", "package.json is updated with a format script")])
    assert set(got) == {"old"}, got
    assert "package.json" in got["old"]
