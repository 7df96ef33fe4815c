"""The authors' own pass rule (runner.authoring.pass_rules, runner.scoring.base.passed): a case
that says "at least k of its checks" or a threshold on the share passed is decided by it, not
by every check passing; a rule that says no count or share is reported, never guessed; a run
that did not finish is never forgiven by the rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from runner.authoring.caseset import load_caseset
from runner.authoring.rubric_gates import markdown_gate
from runner.cli import main
from runner.schema.case import Case, PassRule
from runner.schema.programs import GraderProgram
from runner.schema.trial import CheckResult, ProgramRun, Score
from runner.scoring.base import passed
from runner.scoring.grader_program import grade
from tests.helpers import make_skill, report_skill


def _cases(tmp_path: Path, cases: list[dict[str, Any]]) -> dict[str, Case]:
    skill = make_skill(tmp_path, cases)
    return {c.id: c for c in load_caseset(skill, "tidy-notes").evals}


def _score(name: str, *results: bool) -> Score:
    checks = [CheckResult(check=f"c{n}", passed=ok) for n, ok in enumerate(results)]
    return Score(scorer=name, passed=all(results), checks=checks)


def test_minimum_passed_assertions_is_the_cases_rule(tmp_path: Path) -> None:
    cases = _cases(tmp_path, [
        {"id": "k", "prompt": "Write a short note to notes.md.",
         "minimum_passed_assertions": 2, "assertions": ["alpha", "beta", "gamma"]}])
    rule = cases["k"].pass_rule
    assert rule is not None and rule.least == 2 and rule.of == 3
    assert "minimum_passed_assertions" not in cases["k"].extra  # applied, not kept aside


def test_a_threshold_in_0_1_is_a_share_and_k_of_n_text_a_count(tmp_path: Path) -> None:
    cases = _cases(tmp_path, [
        {"id": "t", "prompt": "Write a short note.", "threshold": 0.75,
         "assertions": ["a1", "a2", "a3", "a4"]},
        {"id": "s", "prompt": "Write a short note.", "pass_threshold": "3/4",
         "assertions": ["b1", "b2", "b3", "b4"]}])
    assert cases["t"].pass_rule is not None and cases["t"].pass_rule.fraction == 0.75
    assert cases["s"].pass_rule is not None and (cases["s"].pass_rule.least,
                                                 cases["s"].pass_rule.of) == (3, 4)


def test_a_threshold_on_no_known_scale_is_reported_not_applied(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "x", "prompt": "Write a short note.",
                                   "threshold": 7, "assertions": ["a1", "a2"]}])
    case = load_caseset(skill, "tidy-notes").evals[0]
    assert case.pass_rule is None and case.extra["threshold"] == 7
    out = CliRunner().invoke(main, ["check", str(skill)]).output
    assert "EV012" in out and "`threshold: 7` is the author's pass rule" in out


def test_the_rule_decides_the_case_across_its_scorers() -> None:
    scores = {"checks": _score("checks", True, True, False),
              "statements": _score("statements", True)}
    assert not passed(scores)  # no rule: every check must pass, as before
    assert passed(scores, PassRule(least=3, of=4, said="3 of 4"))
    assert not passed(scores, PassRule(fraction=0.8, said="threshold: 0.8"))
    assert passed(scores, PassRule(fraction=0.75, said="threshold: 0.75"))


def test_the_rule_keeps_the_authors_proportion_when_checks_are_split() -> None:
    # 2 of 3 as written, read into 6 checks: 4 must pass
    rule = PassRule(least=2, of=3, said="minimum_passed_assertions: 2")
    assert rule.needed(6) == 4 and rule.needed(3) == 2
    assert PassRule(least=5, said="min_pass: 5").needed(3) == 3  # never past every check


def test_a_trial_that_did_not_finish_still_fails_under_a_rule() -> None:
    scores = {"checks": _score("checks", True, True, True),
              "finished": _score("finished", False),
              }
    assert not passed(scores, PassRule(least=1, said="min_pass: 1"))
    unsent = {"checks": _score("checks", True), "turn 2: sent": _score("sent", False)}
    assert not passed(unsent, PassRule(least=1, said="min_pass: 1"))
    turns = {"checks": _score("checks", True), "turn 1: checks": _score("checks", False)}
    assert passed(turns, PassRule(least=1, said="min_pass: 1"))  # a turn's checks count


def test_check_v_says_the_rule_applied(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "k", "prompt": "Write a short note.",
                                   "minimum_passed_assertions": 3,
                                   "assertions": ["a1", "a2", "a3", "a4"]}])
    out = CliRunner().invoke(main, ["check", "-v", str(skill)]).output
    assert "pass rule: passes at 3 of 4 checks (minimum_passed_assertions: 3)" in out


def test_a_case_without_a_rule_digests_as_before(tmp_path: Path) -> None:
    case = Case(id="a", prompt="p", assertions=("x",))
    assert "pass_rule" not in case.model_dump()
    ruled = case.model_copy(update={"pass_rule": PassRule(least=1, said="s")})
    assert ruled.digest() != case.digest()


def _skillgrade(tmp_path: Path, bar: Any, **task: Any) -> Case:
    graders = [{"type": "deterministic", "run": "bash graders/check.sh"}]
    skill = report_skill(tmp_path, {
        "eval.yaml": {"defaults": {"trials": 3, "threshold": bar},
                      "tasks": [{"name": "weekly", "instruction": "Write report.md.",
                                 "graders": graders, **task}]},
        "graders/check.sh": "#!/bin/sh\ntest -f report.md\n"})
    (case,) = load_caseset(skill, "wr").evals
    return case


def test_skillgrade_defaults_threshold_is_the_commands_bar(tmp_path: Path) -> None:
    case = _skillgrade(tmp_path, 0.8)
    assert case.grader_program is not None and case.grader_program.threshold == 0.8
    assert case.pass_rule is None  # the command is the case's only grader: its bar decides
    own = _skillgrade(tmp_path / "own", 0.8, threshold=0.5)
    assert own.grader_program is not None and own.grader_program.threshold == 0.5
    assert "threshold" not in own.extra


def test_skillgrade_threshold_beside_a_rubric_is_the_share_of_checks(tmp_path: Path) -> None:
    rubric = {"type": "llm_rubric", "rubric": "The report counts the tickets."}
    case = _skillgrade(tmp_path, 0.5, graders=[
        {"type": "deterministic", "run": "bash graders/check.sh"}, rubric])
    assert case.pass_rule is not None and case.pass_rule.fraction == 0.5


def test_skillgrade_threshold_off_the_reward_scale_keeps_the_full_reward(
        tmp_path: Path) -> None:
    case = _skillgrade(tmp_path, 80)
    assert case.grader_program is not None and case.grader_program.threshold == 1.0


def test_a_programs_threshold_is_on_the_share_of_its_named_checks() -> None:
    out = ProgramRun(exit_code=1, stdout=json.dumps(
        {"checks": [{"name": n, "passed": n != "c"} for n in "abcd"]}))
    at = GraderProgram(path="evals/grade.py", threshold=0.75)
    assert grade(at, out)[0].passed  # 3 of 4
    assert not grade(at.model_copy(update={"threshold": 0.8}), out)[0].passed
    assert not grade(at.model_copy(update={"threshold": None}), out)[0].passed  # as before


_MD_OWN_BAR = """# Tea tests

## Test 1: Sencha

A case passes when 2 of 3 checks pass.

**Prompt:**
```
Write a note on brewing sencha.
```

**Expected:**
- Gives a water temperature below boiling
- Mentions a steeping time in seconds
- Names the leaf grade
"""


def test_a_markdown_cases_own_bar_is_its_rule(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [])
    (skill / "evals" / "evals.json").unlink()
    (skill / "evals" / "cases.md").write_text(_MD_OWN_BAR)
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.pass_rule is not None and (case.pass_rule.least, case.pass_rule.of) == (2, 3)
    plain = tmp_path / "plain"
    skill = make_skill(plain, [])
    (skill / "evals" / "evals.json").unlink()
    (skill / "evals" / "cases.md").write_text(_MD_OWN_BAR.replace(
        "A case passes when 2 of 3 checks pass.\n", ""))
    assert load_caseset(skill, "tidy-notes").evals[0].pass_rule is None


def test_a_set_level_threshold_holds_for_each_case_without_its_own(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"skill_name": "tidy-notes", "pass_threshold": 0.5, "evals": [
        {"id": "a", "prompt": "Write a note.", "assertions": ["x1", "x2"]},
        {"id": "b", "prompt": "Write a note.", "min_passed": 2,
         "assertions": ["y1", "y2", "y3"]}]})
    cases = {c.id: c for c in load_caseset(skill, "tidy-notes").evals}
    a, b = cases["a"].pass_rule, cases["b"].pass_rule
    assert a is not None and a.fraction == 0.5 and a.said.startswith("the set's")
    assert b is not None and (b.least, b.of) == (2, None)  # its own rule stands


def test_a_rubric_files_pass_gate_is_reported_with_the_fix(tmp_path: Path) -> None:
    gate = "scale: {min: 0, max: 10}\npass_gate:\n  minimum_each_dimension: 8\n"
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Write a note.", "assertions": ["x"]}],
                       files={"evals/rubric.yaml": gate})
    out = CliRunner().invoke(main, ["check", str(skill)]).output
    assert "rubric.yaml: the set's rubric (or config) states a pass gate (pass_gate: " \
           "{minimum_each_dimension: 8})" in out and "not applied" in out
    plain = make_skill(tmp_path / "plain", [{"id": "a", "prompt": "Write a note.",
                                             "assertions": ["x"]}],
                       files={"evals/rubric.yaml": "scale: {min: 0, max: 10}\n"})
    assert "pass gate" not in CliRunner().invoke(main, ["check", str(plain)]).output


def test_a_flag_under_a_rule_name_is_no_rule_and_camel_case_is_read(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "f", "prompt": "Write a note.", "pass_required": True, "assertions": ["x"]},
        {"id": "c", "prompt": "Write a note.", "minPassedChecks": 1,
         "assertions": ["x", "y"]}])
    cases = {c.id: c for c in load_caseset(skill, "tidy-notes").evals}
    assert cases["f"].pass_rule is None and cases["f"].extra["pass_required"] is True
    assert cases["c"].pass_rule is not None and cases["c"].pass_rule.least == 1
    out = CliRunner().invoke(main, ["check", str(skill)]).output
    assert "pass_required" not in out or "is the author's pass rule" not in out


_RUBRIC = {"criteria": ["The note names the water temperature for the tea",
                        "The note gives a steeping time in seconds",
                        "The note names how many infusions the leaves allow",
                        "The note warns against boiling water for green tea"],
           "threshold": 0.75}


def test_a_rubrics_own_bar_is_the_rule_when_it_is_all_the_case_holds(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "alone", "prompt": "Write a note on brewing sencha.", "rubric": _RUBRIC},
        {"id": "beside", "prompt": "Write a note on brewing sencha.", "rubric": _RUBRIC,
         "assertions": ["sencha"]}])
    cases = {c.id: c for c in load_caseset(skill, "tidy-notes").evals}
    alone = cases["alone"].pass_rule
    assert alone is not None and alone.fraction == 0.75 and alone.said.startswith("rubric.")
    assert cases["beside"].pass_rule is None  # over the criteria only: not the whole case's
    out = CliRunner().invoke(main, ["check", str(skill)]).output
    assert "is over its criteria, beside the case's other checks: not applied" in out


def test_a_markdown_rubrics_pass_sentence_is_reported(tmp_path: Path) -> None:
    rubric = ("# Rubric\n\nScore each dimension 0-2. Pass = at least 80% of max with no zero on\n"
              "a fail-closed dimension.\n\n| Dimension | Solid |\n|---|---|\n| Scope | x |\n")
    assert markdown_gate(rubric) == ("Pass = at least 80% of max with no zero on a fail-closed "
                                     "dimension")
    assert markdown_gate("Pass the notes to the reviewer.\n- Passes: when clear\n") is None
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Write a note.", "assertions": ["x"]}],
                       files={"evals/rubric.md": rubric})
    out = CliRunner().invoke(main, ["check", str(skill)]).output
    assert "rubric.md: the set's rubric (or config) states a pass gate (Pass = at least 80%" \
        in out and "not applied" in out
    # a README beside the set is no rubric, whatever it says of passing
    plain = make_skill(tmp_path / "plain", [{"id": "a", "prompt": "Write a note.",
                                             "assertions": ["x"]}],
                       files={"evals/README.md": rubric})
    assert "pass gate" not in CliRunner().invoke(main, ["check", str(plain)]).output
