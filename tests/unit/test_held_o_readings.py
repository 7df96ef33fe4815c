"""O held's misreadings (issue 26): a negative substring list read as its negation, a
Portuguese contraction read as "no", other case sets of a skill left out without a line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.analysis.wording_i18n import denies, portuguese
from runner.authoring.other_sets import other_set_lines
from runner.authoring.reach import criteria_reach_site
from runner.schema.case import Case
from runner.scoring.absence import states_absence
from tests.helpers import check_cli, check_verbose, make_skill


@pytest.mark.parametrize("field", ["expected_not_contains", "should_not_contain",
                                   "expect_not_include", "must_not_include"])
def test_a_negative_containment_list_is_a_not_contains_check(tmp_path: Path,
                                                             field: str) -> None:
    skill = make_skill(tmp_path, [{"id": "run", "prompt": "Write a haiku about rain.",
                                   field: ["Traceback", '"error"']}])
    shown = check_verbose(skill)
    assert "assertion not:Traceback: must not contain" in shown
    assert "not contains include" not in shown
    assert "The work's" not in shown


def test_a_positive_containment_list_is_texts_the_work_holds(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "run", "prompt": "Write a haiku about rain.",
                                   "expected_contains": ["risk_level"],
                                   "expected_not_contains": ["Traceback"]}])
    shown = check_verbose(skill)
    assert "assertion risk_level: must contain" in shown
    assert "assertion not:Traceback: must not contain" in shown
    assert "`expected_not_contains` read as must_avoid" in shown


@pytest.mark.parametrize("statement", [
    "OrderItem armazena preco no momento da compra (snapshot)",
    "No momento da compra, o preço é salvo",
    "Salva o token na sessão do usuário",
])
def test_a_portuguese_contraction_is_no_negation(statement: str) -> None:
    assert portuguese(statement)
    assert not states_absence(statement)


@pytest.mark.parametrize("statement", [
    "A resposta não contém dados pessoais",
    "O script nao usa sudo com a senha",
    "La respuesta no contiene datos personales",
    "No usa emojis",
    "No links to example.com",
    "No em dash",
])
def test_a_denial_stays_a_denial_in_each_language(statement: str) -> None:
    assert states_absence(statement)


def test_spanish_no_is_still_read_where_the_text_is_not_portuguese() -> None:
    assert not portuguese("La respuesta no usa la API")
    assert denies("La respuesta no usa la API")


def _trigger_set(skill: Path) -> None:
    (skill / "evals").mkdir(parents=True, exist_ok=True)
    (skill / "evals" / "evals.json").write_text(json.dumps([
        {"query": "tidy my notes please", "should_trigger": True},
        {"query": "what is the weather", "should_trigger": False}]))


def test_a_set_inside_the_skill_outside_its_set_folder_is_named(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Write a haiku about rain.",
                                   "must_include": ["rain"]}], {
        "assets/eval-cases.json": json.dumps({"skill_id": "tidy-notes", "cases": [
            {"id": "x", "task_zh": "整理笔记", "acceptance_criteria": ["a"]},
            {"id": "y", "task_zh": "别整理", "acceptance_criteria": ["b"]}]}),
        "assets/palette.json": json.dumps({"colors": ["red", "blue"]})})
    shown = check_cli(str(skill)).output
    assert "other case sets of this skill, where no layout looks, not read: " in shown
    assert f"--cases {skill / 'assets' / 'eval-cases.json'}" in shown
    assert "palette.json" not in shown


def test_a_set_in_a_folder_named_for_the_skill_below_the_repository_evals(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path / "repo" / "skills", [], name="tidy-notes")
    (skill / "evals" / "evals.json").unlink()
    _trigger_set(skill)
    golden = tmp_path / "repo" / "evals" / "golden" / "tidy-notes" / "cases.json"
    golden.parent.mkdir(parents=True)
    golden.write_text(json.dumps({"cases": [
        {"id": "t1", "kind": "trigger", "prompt": "tidy these notes"},
        {"id": "n1", "kind": "not-trigger", "prompt": "book a flight"}]}))
    (tmp_path / "repo" / ".git").mkdir()
    shown = check_cli(str(skill)).output
    assert "trigger set only" in shown
    assert f"not read: {golden} (check one with: skill-eval check {skill} --cases {golden})" \
        in shown


def test_the_authors_harness_beside_the_set_is_named(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [], files={"evals/run_all.mjs": (
        "const results = []\nresults.push({id: 'C1', passed: true})\n"
        "console.log('PASS C1')\nprocess.exit(0)\n"),
        "evals/helpers.mjs": "export const x = 1\n"})
    (skill / "evals" / "evals.json").unlink()
    _trigger_set(skill)
    shown = check_cli(str(skill)).output
    assert "the authors' eval harness, not run: evals/run_all.mjs" in shown
    assert "helpers.mjs" not in shown


def test_no_line_for_runs_schemas_or_a_skills_own_data(tmp_path: Path) -> None:
    entries = [{"id": "a", "prompt": "x"}, {"id": "b", "prompt": "y"}]
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Write a haiku about rain."}], {
        "notes-workspace/iteration-1/eval-cases.json": json.dumps(entries),
        "assets/eval-cases.schema.json": json.dumps({"cases": entries}),
        "assets/prompts.json": json.dumps(entries)})
    assert other_set_lines(skill, "tidy-notes", [str(skill / "evals" / "evals.json")]) == []


@pytest.mark.parametrize(("prompt", "criterion", "site"), [
    ("I'm about to launch https://shop.example.app tomorrow. Am I ready?",
     "The site check script is run against the URL", "https://shop.example.app"),
    ("My site shopfront.io isn't showing up on Google. Help?",
     "The agent fetches the site's robots.txt and sitemap", "shopfront.io"),
])
def test_a_site_the_criteria_expect_checked_is_live(prompt: str, criterion: str,
                                                   site: str) -> None:
    case = Case(id="c", prompt=prompt, statements=[criterion])
    assert criteria_reach_site(case) == [site]


def test_a_site_no_criterion_reaches_is_no_need() -> None:
    case = Case(id="c", prompt="I'm about to launch https://shop.example.app tomorrow.",
                statements=["A launch verdict is given"])
    assert criteria_reach_site(case) == []


def test_check_flags_a_case_whose_criteria_check_the_live_site(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "launch", "prompt": "I'm about to launch https://shop.example.app tomorrow. "
         "Can you check if I'm ready?",
         "assertions": ["The automated site check script is run against the URL"]}])
    shown = check_cli(str(skill)).output
    assert ("case 'launch': no arm can pass it: 'https://shop.example.app': a live site its "
            "criteria expect checked or fetched") in shown
