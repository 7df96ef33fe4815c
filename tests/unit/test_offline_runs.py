"""Issue 26, rule 6 (EV014): steps a case needs that the offline sandbox cannot take get a
line of their own for that case, and the set still runs: a remote machine the skill works on
over ssh/kubectl, a package fetched from its registry at run time (npx, dlx, `shadcn add`), a
test suite whose project's dependencies come without node_modules, a file only a sibling
skill of the collection holds. Through the real `skill-eval check`; look-alikes stay silent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.authoring.offline_runs import fetch_needs, ran, remote_hosts, skill_fetches
from tests.helpers import check_cli, check_json, make_skill

REMOTE_MD = ("---\nname: pod-doctor\ndescription: Use when a pod on the home cluster is "
             "unhealthy and needs a diagnosis.\n---\nRun every step on the cluster:\n\n"
             "```bash\nssh ops@10.0.0.7 'kubectl describe pod $POD -n $NS'\n```\n")


def _ev014(target: Path) -> dict[str, str]:
    return {f["case"]: f["message"] for f in check_json(target)["findings"]
            if f["code"] == "EV014"}


def test_a_case_acting_on_the_skills_remote_machine(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "stuck", "prompt": "The api pod in the shop namespace is stuck in Init. Fix it.",
         "expected_output": "Finds the failing init container and fixes it"},
        {"id": "sshes", "prompt": "Something is off with the deploy, look into it",
         "expected_output": "Claude SSHes to the cluster and reads the events"},
        {"id": "advice", "prompt": "How should I size a pod's memory limit?",
         "expected_output": "Explains requests and limits"},
        {"id": "manifests", "prompt": "Scaffold the deployment and namespace manifests for "
                                      "a new app", "expected_output": "Writes namespace.yaml"}],
        name="pod-doctor",
        skill_md=REMOTE_MD)
    found = _ev014(skill)
    assert set(found) == {"stuck", "sshes"}
    assert "'pod':" in found["stuck"] and "`ssh ops@10.0.0.7`" in found["stuck"]
    assert "'SSHes to the cluster'" in found["sshes"]
    assert remote_hosts(skill) == ["ssh ops@10.0.0.7", "kubectl"]


def test_a_criterion_running_the_steps_of_a_skill_on_a_remote(tmp_path: Path) -> None:
    # the skill's steps run kubectl against the cluster: a criterion saying the agent runs
    # them reaches it, even for a question; telling the steps, or a local skill, is silent
    skill = make_skill(tmp_path, [
        {"id": "pt", "prompt": "apareceu um erro no deploy, o que fazer?",
         "expected_output": "A skill deve executar as 4 etapas e mostrar a tabela."},
        {"id": "en", "prompt": "check that the shop is healthy",
         "expected_output": "Runs all the steps; each returns OK."},
        {"id": "told", "prompt": "what does the check do?",
         "expected_output": "Explains the 4 steps it would run."},
        {"id": "one", "prompt": "write a helper", "expected_output": "Runs the step function."}],
        name="pod-doctor", skill_md=REMOTE_MD)
    found = _ev014(skill)
    assert set(found) == {"pt", "en"}, found
    assert "'executar as 4 etapas'" in found["pt"]
    local = make_skill(tmp_path / "local", [
        {"id": "pt", "prompt": "o que fazer?",
         "expected_output": "A skill deve executar as 4 etapas."}],
        name="notes", skill_md="---\nname: notes\ndescription: Tidies notes.\n---\nBe brief.\n")
    assert _ev014(local) == {}


def test_a_package_fetched_at_run_time(tmp_path: Path) -> None:
    md = ("---\nname: ui-kit\ndescription: Use when adding UI components to the app with "
          "the component CLI.\n---\nAdd a component: `pnpm dlx shadcn@latest add <name>`.\n")
    skill = make_skill(tmp_path, [
        {"id": "dialog", "prompt": "Add a settings dialog",
         "expectations": ["Added the Dialog component via the shadcn CLI"]},
        {"id": "direct", "prompt": "Scaffold the schema client",
         "expectations": ["Runs npx prisma generate"]},
        {"id": "told", "prompt": "Write the setup notes",
         "expectations": ["Tells the user to run npm install"]}], name="ui-kit", skill_md=md)
    found = _ev014(skill)
    assert set(found) == {"", "dialog", "direct"}  # the set's line, said once, and two cases
    assert "SKILL.md runs `pnpm dlx shadcn@latest add`" in found[""]
    assert "'shadcn CLI' (SKILL.md runs it as `pnpm dlx shadcn@latest add`)" in found["dialog"]
    assert "'npx prisma generate'" in found["direct"] and "registry" in found["direct"]


def test_a_test_suite_whose_dependencies_are_not_staged(tmp_path: Path) -> None:
    project = tmp_path / "shop"
    (project / "web").mkdir(parents=True)
    (project / "web" / "package.json").write_text(json.dumps(
        {"name": "web", "devDependencies": {"vitest": "1", "react": "18"}}))
    (project / "README.md").write_text("# shop\n")
    skill = make_skill(project / ".claude" / "skills", [
        {"id": "cov", "prompt": "カバレッジを出して",
         "expectations": ["npm test -- --coverage を実行している"]},
        {"id": "plain", "prompt": "Summarise the README", "expectations": ["shop"]},
        {"id": "ci", "prompt": "Write a GitHub Actions workflow that runs npm test on every "
                               "push", "expectations": ["workflow"]},
        {"id": "log", "prompt": "Why did this fail?\n```\n$ npm test\nFAIL src/a.test.ts\n```",
         "expectations": ["a.test.ts"]}],
        name="coverage")
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if "EV014" in x)
    assert "'cov'" in line and "'npm test -- --coverage'" in line
    assert "web/package.json declares 2 dependencies (vitest, react)" in line
    assert "no node_modules" in line and "offline" in line
    assert "graded without running them" in line  # the fix
    assert [x for x in result.output.splitlines() if "EV014" in x] == [line]


def test_a_file_only_a_sibling_skill_holds(tmp_path: Path) -> None:
    skills = tmp_path / "skills"
    make_skill(skills, [{"id": "x", "prompt": "Sketch the engine", "assertions": ["engine"]}],
               {"references/dispatch.md": "# dispatch\n"}, name="architecture")
    (skills / "architecture" / "evals" / "files").mkdir(parents=True)
    (skills / "architecture" / "evals" / "files" / "plan.md").write_text("its fixture\n")
    (skills / "architecture" / "references" / "spec.md").write_text("# spec\n")
    skill = make_skill(skills, [
        {"id": "record", "prompt": "Record the decision to use a 5ms timeout",
         "assertions": ["architecture's dispatch.md is updated to the 5ms state",
                        "notes.md lists the decision"]},
        {"id": "own", "prompt": "Write the plan",
         "assertions": ["spec.md is written", "the architecture plan.md is linked"]},
        {"id": "cite", "prompt": "Spell out the dispatch rules inline",
         "assertions": ["Refuses to restate dispatch.md: it is the architecture skill's"]}],
        {"references/notes.md": "# notes\n"}, name="decisions")
    found = _ev014(skill)
    assert list(found) == ["record"]  # a file the skill writes; a sibling's own fixture
    assert "'dispatch.md': a file of the sibling skill 'architecture'" in found["record"]
    assert "notes.md'" not in found["record"]  # the skill's own file


@pytest.mark.parametrize(("text", "expected"), [
    ("Runs npx prisma generate", True),
    ("npm test -- --coverage を実行している", True),
    ("Tells the user to run npm install", False),
    ("Mentions npx in the docs", False),
])
def test_a_criterion_says_the_agent_ran_the_command(text: str, expected: bool) -> None:
    from runner.authoring.offline_runs import _FETCH, _TEST_RUN

    match = _FETCH.search(text) or _TEST_RUN.search(text)
    assert match is not None and ran(text, match.start(), match.end()) is expected


def test_a_skill_that_fetches_nothing_adds_no_tool(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "x", "assertions": ["x"]}],
                       skill_md="---\nname: tidy-notes\ndescription: Use when notes need "
                                "tidying up carefully.\n---\nUse the shadcn CLI docs.\n")
    assert skill_fetches(skill) == {}
    assert fetch_needs("Explain the shadcn CLI", ["Explains the shadcn CLI"], {}) == []


def test_a_script_of_the_skills_that_calls_a_live_service(tmp_path: Path) -> None:
    lib = ("export const BASE = process.env.BASE || 'https://api.acme-metrics.io';\n"
           "export async function call(path) { return (await fetch(`${BASE}${path}`)).json(); }\n")
    skill = make_skill(tmp_path, [
        {"id": "run", "prompt": "Add 'agents' to the tracked terms and check its volume",
         "expected_output": "Edits config.json, then runs volumes.mjs for the new terms"},
        {"id": "all", "prompt": "Run this month's pulse",
         "expected_output": "Executes the 2 scripts in order and writes the report"},
        {"id": "explain", "prompt": "What does the pulse measure?",
         "expected_output": "Explains what volumes.mjs does"},
        {"id": "format", "prompt": "Tidy the last report",
         "expected_output": "Runs format.py on the report"}],
        {"scripts/_lib.mjs": lib,
         "scripts/volumes.mjs": "import { call } from './_lib.mjs';\nawait call('/v');\n",
         "scripts/format.py": "print('tidy')  # see https://docs.acme-metrics.io\n"},
        name="pulse")
    found = _ev014(skill)
    assert set(found) == {"run", "all"}
    assert "'volumes.mjs': the skill's script(s) calling api.acme-metrics.io" in found["run"]
    assert "'volumes.mjs'" in found["all"] and "_lib.mjs" not in found["all"]


def test_the_real_thing_a_network_script_of_the_skills_fetches(tmp_path: Path) -> None:
    """A criterion expecting the real thing read ("Measures the real match first") whose only
    copy is what the skill's network script fetches (`review_match.py` -> match): EV014,
    unless a staged data file holds it or the criterion reads something else."""
    script = ("import urllib.request\n"
              "def load(mid):\n"
              "    url = f'https://api.scoreboard-live.io/matches/{mid}'\n"
              "    return urllib.request.urlopen(url).read()\n")
    skill = make_skill(tmp_path, [
        {"id": "real", "prompt": "Our last match felt one-sided. Fix the rules?",
         "expected_output": "Measures the real match first, then proposes a rule change"},
        {"id": "staged", "prompt": "This match felt one-sided. Fix the rules?",
         "files": ["evals/files/match-12.json"],
         "expected_output": "Measures the real match first, then proposes a rule change"},
        {"id": "other", "prompt": "Make the rules fairer",
         "expected_output": "Reads the real rulebook, then proposes a rule change"}],
        {"scripts/review_match.py": script, "evals/files/match-12.json": '{"turns": []}\n'},
        name="match-design")
    found = _ev014(skill)
    assert set(found) == {"real"}, found
    assert "'Measures the real match': the match that the skill's review_match.py fetches " \
           "from api.scoreboard-live.io" in found["real"]
