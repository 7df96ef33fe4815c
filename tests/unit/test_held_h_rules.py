"""Rules from the held half of sample H that judges found clear but `check` refused (issue 26):
each through the real CLI, on small sets of our own, with what must stay refused."""

from __future__ import annotations

from pathlib import Path

from click.testing import Result

from tests.helpers import check_cli as check
from tests.helpers import check_verbose, make_skill

SKILL_MD = ("---\nname: release-advisor\ndescription: Advises whether a release chore should "
            "run as an automated loop.\n---\nWeigh the risk, answer with a verdict.\n")


def refusals(result: Result, code: str) -> str:
    return "\n".join(x for x in result.output.splitlines() if f"{code}" in x)


# -- a branch or repository named as where work lands is no input ----------------------------

def test_a_branch_named_as_the_destination_is_no_missing_input(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "merge", "prompt": "A nightly job formats the code and merges the result to our "
         "release branch. Should that be automated?", "assertions": ["verdict"]},
        {"id": "push", "prompt": "Each fix is pushed into my repo by a bot. Is that wise?",
         "assertions": ["verdict"]},
        # the material itself: still refused, the session would not have it
        {"id": "review", "prompt": "Review this branch before it ships.",
         "assertions": ["verdict"]},
        {"id": "inside", "prompt": "Find the flaky test in our repository.",
         "assertions": ["verdict"]}],
        name="release-advisor", skill_md=SKILL_MD)
    result = check(str(skill))
    refused = refusals(result, "EV009")
    assert "'merge'" not in refused and "'push'" not in refused, result.output
    assert "'review'" in refused and "'inside'" in refused, result.output


# -- a symlink out of the skill: never staged nor followed, refusing only the cases needing it --

def _with_hostile_link(tmp_path: Path, skill_md: str = SKILL_MD) -> Path:
    outside = tmp_path / "host-secret.txt"
    outside.write_text("not the skill's\n")
    skill = make_skill(tmp_path, [
        {"id": "plain", "prompt": "Should the nightly formatter be automated?",
         "assertions": ["verdict"]},
        {"id": "stages-it", "prompt": "Audit the fixtures in probes/ for escapes.",
         "files": ["tests/probes"], "assertions": ["escape"]}],
        {"tests/probes/ok.txt": "fine\n"}, name="release-advisor", skill_md=skill_md)
    (skill / "tests" / "probes" / "escape-link").symlink_to(outside)
    return skill


def test_a_link_out_refuses_only_the_case_staging_it(tmp_path: Path) -> None:
    skill = _with_hostile_link(tmp_path)
    result = check(str(skill))
    assert "hygiene error" not in result.output, result.output
    refused = refusals(result, "EV009")
    assert "'stages-it'" in refused and "symlink out of the skill" in refused, result.output
    assert "'plain'" not in refused
    (skill / "evals" / "evals.json").write_text(
        '{"skill_name": "release-advisor", "evals": [{"id": "plain", "prompt": "Should the '
        'nightly formatter be automated?", "assertions": ["verdict"]}]}')
    result = check(str(skill))  # the others run; the link is never staged, and said
    assert result.exit_code == 0 and "left out of what every arm receives" in result.output


def test_a_link_out_that_skill_md_names_still_refuses_the_skill(tmp_path: Path) -> None:
    skill = _with_hostile_link(tmp_path, SKILL_MD + "Read tests/probes/escape-link first.\n")
    result = check(str(skill))
    assert result.exit_code == 2 and "HY005" in result.output and "SKILL.md names it" in \
        result.output, result.output


# -- a documented example credential is no secret; a real-shaped one still is ----------------

def test_example_credentials_in_a_scanners_tests_are_no_secret(tmp_path: Path) -> None:
    fake_key = "AKIA" + "IOSFODNN7" + "EXAMPLE"
    header = "-----BEGIN " + "PRIVATE KEY-----"
    skill = make_skill(tmp_path, [{"id": "c", "prompt": "Should the formatter be automated?",
                                   "assertions": ["verdict"]}],
                       {"tests/test_scan.py": f'KEY = "{fake_key}"\n'
                                              f'PEM = "{header}\\nMII\\n"\n'},
                       name="release-advisor", skill_md=SKILL_MD)
    assert check(str(skill)).exit_code == 0
    real = "AKIA" + "QWERTYUIOPASDFGH"
    (skill / "tests" / "leak.py").write_text(f'KEY = "{real}"\n')
    result = check(str(skill))
    assert result.exit_code == 2 and "HY007" in result.output, result.output


# -- a rule judge's files_exist: files the work must create ---------------------------------

def test_files_exist_under_expect_and_a_rule_judge_are_outputs(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{
        "id": "init", "prompt": "Create the plan files for task t1 and report its state.",
        "expect": {"must_contain": ["PLAN_READY"], "files_exist": ["tasks/t1/plan.md"]},
        "judge": {"type": "rule_based", "success": [
            {"output_contains": {"all": ["PLAN_READY"]}},
            {"files_exist": ["tasks/t1/plan.md", "tasks/t1/control.md"]}],
            "failure": [{"files_exist": ["tasks/t1/broken.md"]}]}}],
        name="release-advisor", skill_md=SKILL_MD)
    shown = check_verbose(skill)
    for path in ("tasks/t1/plan.md", "tasks/t1/control.md"):
        assert f"output {path}: must exist" in shown, shown
    assert "tasks/t1/broken.md: must exist" not in shown  # a failure one: kept, said
    assert "ignored: judge" in shown


# -- a field naming checks the set's own grader program defines -----------------------------

GATES = '''"""Deterministic gates: python3 gates.py <workspace> [rule ...]."""
import sys
from pathlib import Path


def check_heading(workspace):
    return [] if any("# " in p.read_text() for p in Path(workspace).rglob("*.md")) else ["x"]


RULES = {"has-heading": check_heading, "no-todo": lambda w: []}


def main(argv):
    names = argv[2:] or sorted(RULES)
    return 1 if any(RULES[n](argv[1]) for n in names) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
'''


def _repo_with_gates(tmp_path: Path, rules: list[str], field: str = "rules") -> Path:
    import json
    repo = tmp_path / "repo"
    skill = repo / "skills" / "release-advisor"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (repo / "evals" / "cases" / "c1").mkdir(parents=True)
    (repo / "evals" / "cases" / "c1" / "prompt.md").write_text("Write notes.md with a heading.\n")
    (repo / "evals" / "gates.py").write_text(GATES)
    (repo / "evals" / "scaffold.py").write_text("import sys\nprint(sys.argv)\n")
    (repo / "evals" / "README.md").write_text("`scaffold.py` builds the workspace; "
                                               "`gates.py` grades it.\n")
    (repo / "evals" / "suite.json").write_text(json.dumps({"cases": [
        {"id": "c1", "prompt": "cases/c1/prompt.md", field: rules,
         "tags": ["release-advisor", "docs"]}]}))
    return skill


def test_a_field_naming_checks_of_the_sets_grader_program_is_read_from_it(
        tmp_path: Path) -> None:
    result = check(str(_repo_with_gates(tmp_path, ["has-heading"])))
    assert result.exit_code == 0, result.output
    assert "`rules` names checks gates.py defines (has-heading)" in result.output
    assert "scaffold.py builds the workspace" in result.output  # the setup: said, with the fix
    # the case starts without the workspace it builds: flagged, no arm can do it as meant
    assert any(line.startswith("EV014") and "case 'c1'" in line and "scaffold.py builds" in line
               for line in result.output.splitlines()), result.output
    shown = check_verbose(_repo_with_gates(tmp_path / "v", ["has-heading"]))
    assert "python3 gates.py . has-heading" in shown, shown


def test_a_field_naming_what_no_program_defines_stays_ungraded(tmp_path: Path) -> None:
    result = check(str(_repo_with_gates(tmp_path, ["no-such-gate"])))
    assert result.exit_code == 2 and "EV008" in result.output, result.output
    # a label naming one of its checks is still a label, never a check
    result = check(str(_repo_with_gates(tmp_path / "t", ["has-heading"], field="tags")))
    assert result.exit_code == 2 and "EV008" in result.output, result.output


# -- expectations keyed to input files, with no prompt: said what they are -------------------

def test_expectations_keyed_to_inputs_without_a_prompt_are_said(tmp_path: Path) -> None:
    import json
    skill = tmp_path / "release-advisor"
    (skill / "evals" / "fixtures").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    for name in ("calm.md", "risky.md"):
        (skill / "evals" / "fixtures" / name).write_text("a plan\n")
    (skill / "evals" / "expectations.json").write_text(json.dumps({"items": [
        {"name": "calm-ok", "fixture": "fixtures/calm.md", "expected_verdict": "AUTOMATE"},
        {"name": "risky-no", "fixture": "fixtures/risky.md", "expected_verdict": "GATE"},
        {"name": "spread", "fixture": "all", "min": 2}]}))
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "3 expectation(s) (expected_verdict, min) keyed to 2 input file(s)" in \
        result.output, result.output
    assert "with no prompt" in result.output
    # items that carry their prompt are cases, never described as prompt-less expectations
    from runner.authoring.harnessed import keyed_to_inputs
    (skill / "evals" / "expectations.json").write_text(json.dumps({"items": [
        {"prompt": "Judge the plan in calm.md", "fixture": "fixtures/calm.md",
         "expected_verdict": "AUTOMATE"}]}))
    assert keyed_to_inputs(skill / "evals" / "expectations.json") is None
