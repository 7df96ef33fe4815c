"""A collection of skills (docs/running.md#a-collection-of-skills): what `check`, `estimate`
and `run` say they would run agree, and every refusal comes before anything is written or
spent, naming the fix; through the real command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from runner.authoring.collections import read_collection
from runner.cli import main
from tests.helpers import careful_skill_md

skill_md = careful_skill_md


def collection(tmp_path: Path, cases: list[dict[str, Any]] | None = None,
               names: tuple[str, ...] = ("tidy-notes", "draft-mail", "plan-trip")) -> Path:
    repo = tmp_path / "skills-repo"
    (repo / ".git").mkdir(parents=True)
    for name in names:
        skill_md(repo / "skills" / name, name)
    if cases is not None:
        (repo / "evals").mkdir()
        (repo / "evals" / "evals.json").write_text(json.dumps({"evals": cases}))
    return repo


CASES = [{"id": "n", "skill": "tidy-notes", "prompt": "Tidy: ship Friday.",
          "assertions": ["Friday"]},
         {"id": "m", "skill": "draft-mail", "prompt": "Draft a mail to Ana.",
          "assertions": ["Ana"]},
         {"id": "m2", "skill": "draft-mail", "prompt": "Draft a mail to Bo.",
          "assertions": ["Bo"]}]


def script(tmp_path: Path) -> str:
    path = tmp_path / "script.yaml"
    path.write_text("scenarios:\n  - name: any\n    turns:\n      - text: done\n")
    return str(path)


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_each_case_goes_to_the_skill_it_names_and_the_rest_are_said(tmp_path: Path) -> None:
    found = read_collection(collection(tmp_path, CASES))
    assert found is not None
    assert sorted(m.name for m in found.running) == ["draft-mail", "tidy-notes"]
    idle = [m for m in found.members if not m.runs]
    assert [m.name for m in idle] == ["plan-trip"] and "names it" in idle[0].why_not


def test_check_checks_each_skill_a_run_would_run(tmp_path: Path) -> None:
    repo = collection(tmp_path, CASES)
    plain = cli("check", str(repo))
    assert plain.exit_code == 0, plain.output
    assert "2 run(s), one per skill with cases" in plain.output
    assert "plan-trip" in plain.output and "not run" in plain.output
    reports = json.loads(cli("check", str(repo), "--json").output)
    assert {r["skill"]: [c["id"] for c in r["cases"]] for r in reports} == {
        "draft-mail": ["m", "m2"], "tidy-notes": ["n"]}


def test_estimate_prices_the_same_runs_and_sums_them(tmp_path: Path) -> None:
    repo = collection(tmp_path, CASES)
    result = cli("estimate", str(repo), "--store", str(tmp_path / "none"))
    assert result.exit_code == 0, result.output
    assert "draft-mail: 4 trial(s)" in result.output and "tidy-notes: 2 trial(s)" in \
        result.output and "the collection: 6 trial(s)" in result.output
    total = json.loads(cli("estimate", str(repo), "--json", "--store",
                           str(tmp_path / "none")).output)
    assert {line["what"]: line["calls"] for line in total["lines"]} == {
        "baseline": 3, "candidate": 3}


def test_skill_name_narrows_every_command_to_one_skill(tmp_path: Path) -> None:
    repo = collection(tmp_path, CASES)
    reports = json.loads(cli("check", str(repo), "--skill-name", "tidy-notes", "--json").output)
    assert [r["skill"] for r in reports] == ["tidy-notes"]
    priced = cli("estimate", str(repo), "--skill-name", "tidy-notes")
    assert "tidy-notes: 2 trial(s)" in priced.output and "draft-mail:" not in priced.output


def test_a_case_naming_a_skill_outside_the_collection_is_refused(tmp_path: Path) -> None:
    repo = collection(tmp_path, [*CASES, {"id": "x", "skill": "tidy-notse",
                                          "prompt": "Tidy: ship Monday.",
                                          "assertions": ["Monday"]}])
    for command in ("check", "estimate", "run"):
        result = cli(command, str(repo), "--store", str(tmp_path / "store")) \
            if command != "check" else cli(command, str(repo))
        assert result.exit_code == 2, (command, result.output)
        assert "tidy-notse" in result.output and "does not hold" in result.output
        assert "fix: name one of its skills" in result.output
    assert not (tmp_path / "store").exists()  # nothing written, nothing spent


@pytest.mark.parametrize("args,words", [
    (("--skill-name", "nope"), "no such skill in the collection"),
    (("--incumbent", "elsewhere"), "--incumbent PATH is one skill's previous version"),
    (("--save", "v1"), "--save names one run"),
    (("--with-triggers",), "trigger runs measure one skill at a time"),
    (("--add-skill", "elsewhere"), "a collection of skills runs alone"),
])
def test_run_refuses_what_a_collection_cannot_mean(tmp_path: Path, args: tuple[str, ...],
                                                   words: str) -> None:
    repo = collection(tmp_path, CASES)
    result = cli("run", str(repo), "--model-script", script(tmp_path),
                 "--store", str(tmp_path / "store"), *args)
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert not (tmp_path / "store").exists()


def test_a_shared_set_whose_cases_name_no_skill_is_refused(tmp_path: Path) -> None:
    repo = collection(tmp_path, [{"id": "n", "prompt": "Tidy: ship Friday.",
                                  "assertions": ["Friday"]}])
    result = cli("check", str(repo))
    assert result.exit_code == 2 and 'give each case `"skill"' in result.output


def test_a_collection_without_sets_is_not_drafted_by_run(tmp_path: Path) -> None:
    """Decided: `run` drafts for one skill, never for a collection (a drafting call per skill,
    each to review): it stops with exit 2, names the command per skill, and writes nothing."""
    repo = collection(tmp_path, None)
    result = cli("run", str(repo), "--model-script", script(tmp_path),
                 "--store", str(tmp_path / "store"))
    assert result.exit_code == 2, result.output
    assert "A run does not draft sets for a collection" in result.output
    assert "skill-eval run" in result.output and "draft-mail" in result.output
    assert not list(repo.rglob("evals.json")) and not (tmp_path / "store").exists()


def test_a_skill_name_outside_a_collection_is_refused(tmp_path: Path) -> None:
    skill = skill_md(tmp_path / "tidy-notes", "tidy-notes")
    result = cli("check", str(skill), "--skill-name", "tidy-notes")
    assert result.exit_code == 2 and "is not a collection of skills" in result.output


def test_a_repository_with_one_skill_is_still_that_skill(tmp_path: Path) -> None:
    repo = collection(tmp_path, [CASES[0]], names=("tidy-notes",))
    assert read_collection(repo) is None
    result = cli("check", str(repo), "--json")
    assert result.exit_code == 0 and json.loads(result.output)["skill"] == "tidy-notes"


@pytest.mark.parametrize(("text", "lacks"), [
    ("\n", "no frontmatter"), ("---\nname: plan-trip\n---\n", "no description")])
def test_a_skill_without_a_description_is_left_out_of_its_collection_said_why(
        tmp_path: Path, text: str, lacks: str) -> None:
    """No description and an empty body: no loader gets a description (Claude Code takes the
    body's first line), so that one is left out, the others checked; on its own it stays
    refused. With a line in its body, it runs with that line as its description."""
    cases = [*CASES, {"id": "t", "skill": "plan-trip", "prompt": "Plan Lisbon.",
                      "assertions": ["Lisbon"]}]
    repo = collection(tmp_path, cases)
    (repo / "skills" / "plan-trip" / "SKILL.md").write_text(text)
    plain = cli("check", str(repo))
    assert plain.exit_code == 0, plain.output
    assert f"plan-trip): not run: its SKILL.md has {lacks} and no line in its body" \
        in " ".join(plain.output.split()), plain.output
    reports = json.loads(cli("check", str(repo), "--json").output)
    assert sorted(r["skill"] for r in reports) == ["draft-mail", "tidy-notes"]
    alone = cli("check", str(repo / "skills" / "plan-trip"))
    assert alone.exit_code == 2, alone.output
    (repo / "skills" / "plan-trip" / "SKILL.md").write_text(text + "# Plan trip\n\nPlans.\n")
    reports = json.loads(cli("check", str(repo), "--json").output)
    assert sorted(r["skill"] for r in reports) == ["draft-mail", "plan-trip", "tidy-notes"]


def test_a_collection_none_of_whose_skills_has_a_description_says_so(tmp_path: Path) -> None:
    repo = collection(tmp_path, CASES, names=("tidy-notes", "draft-mail"))
    for name in ("tidy-notes", "draft-mail"):
        (repo / "skills" / name / "SKILL.md").write_text(f"---\nname: {name}\n---\n")
    refused = cli("check", str(repo))
    assert refused.exit_code == 2, refused.output
    assert "nothing to run: no SKILL.md of the collection has a `description`" in refused.output


def _own_sets(tmp_path: Path, empty: Any) -> Path:
    """Each skill its own set; draft-mail's an empty case list (`empty`)."""
    repo = collection(tmp_path)
    for name in ("tidy-notes", "plan-trip"):
        (repo / "skills" / name / "evals").mkdir()
        (repo / "skills" / name / "evals" / "evals.json").write_text(json.dumps({"evals": [
            {"id": "a", "prompt": f"Use {name} on: ship Friday.", "assertions": ["Friday"]}]}))
    (repo / "skills" / "draft-mail" / "evals").mkdir()
    (repo / "skills" / "draft-mail" / "evals" / "evals.json").write_text(json.dumps(empty))
    return repo


@pytest.mark.parametrize("empty", [[], {"skill_name": "draft-mail", "evals": []},
                                   {"_comment": "cases lost; to be written", "rubric":
                                    "rubric.yaml", "_gap": "owner backfill", "evals": []}])
def test_a_skill_whose_own_set_is_an_empty_list_is_not_run_the_rest_checked(
        tmp_path: Path, empty: Any) -> None:
    repo = _own_sets(tmp_path, empty)
    found = read_collection(repo)
    assert found is not None
    assert sorted(m.name for m in found.running) == ["plan-trip", "tidy-notes"]
    idle = next(m for m in found.members if m.name == "draft-mail")
    assert not idle.runs and "holds no case (an empty list)" in idle.why_not
    result = cli("check", str(repo))
    assert result.exit_code == 0, result.output
    assert "draft-mail (" in result.output and "not run: its set" in result.output
    alone = cli("check", str(repo / "skills" / "draft-mail"))  # a lone skill: nothing to run
    assert alone.exit_code != 0 and "a non-empty list of cases" in alone.output, alone.output


def test_an_empty_evals_beside_other_lists_is_no_empty_set(tmp_path: Path) -> None:
    """Cases under another key are another reader's: the skill is not set aside as empty."""
    repo = _own_sets(tmp_path, {"evals": [], "scenarios": [{"prompt": "Draft to Ana."}]})
    found = read_collection(repo)
    assert found is not None
    idle = next(m for m in found.members if m.name == "draft-mail")
    assert "empty list" not in idle.why_not


def test_a_skill_none_of_whose_cases_can_run_is_passed_over(tmp_path: Path) -> None:
    """A skill whose every case needs a file on its author's machine (each left out) has
    nothing to run: `check`, `estimate` list it as not run and go on with the others; `--strict`
    refuses it and the collection; a collection where no skill can run is refused."""
    repo = collection(tmp_path, names=("tidy-notes", "draft-mail"))
    (repo / "skills" / "tidy-notes" / "evals").mkdir()
    (repo / "skills" / "tidy-notes" / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "n", "prompt": "Tidy: ship Friday.", "assertions": ["Friday"]}]}))
    (repo / "skills" / "draft-mail" / "evals").mkdir()
    (repo / "skills" / "draft-mail" / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "m", "prompt": "Draft a reply to the mail in inbox.eml.",
         "files": ["/home/ana/inbox.eml"], "assertions": ["Ana"]}]}))
    checked = cli("check", str(repo))
    assert checked.exit_code == 0, checked.output
    flat = " ".join(checked.output.split())
    assert "draft-mail: not run: every case is left out, none can run as written" in flat, flat
    assert "ok: tidy-notes" in flat, flat
    priced = cli("estimate", str(repo), "--store", str(tmp_path / "none"))
    assert priced.exit_code == 0 and "tidy-notes: 2 trial(s)" in priced.output, priced.output
    assert "draft-mail: " not in priced.output.replace("draft-mail: not run", "")
    strict = cli("check", str(repo), "--strict")
    assert strict.exit_code == 2 and "draft-mail" in strict.output, strict.output
    (repo / "skills" / "tidy-notes" / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "n", "prompt": "Tidy the notes in notes.md.", "files": ["/home/ana/notes.md"],
         "assertions": ["Friday"]}]}))
    none = cli("check", str(repo))
    assert none.exit_code == 2 and "no skill of the collection has a case that can run" in \
        none.output, none.output
    unpriced = cli("estimate", str(repo), "--store", str(tmp_path / "none"))
    assert unpriced.exit_code == 2, unpriced.output
    assert "tidy-notes (" in unpriced.output and "draft-mail (" in unpriced.output
    assert "not run: every case is left out" in unpriced.output, unpriced.output


def test_a_case_of_a_skill_passed_over_is_named_with_its_reason(tmp_path: Path) -> None:
    """`--case` naming a case of a skill passed over (every case left out) says whose case it
    is and why it does not run, instead of "no such case"; nothing is spent."""
    repo = collection(tmp_path, names=("tidy-notes", "draft-mail"))
    for name, case in (("tidy-notes", {"id": "n", "prompt": "Tidy: ship Friday.",
                                       "assertions": ["Friday"]}),
                       ("draft-mail", {"id": "m", "prompt": "Draft a reply to inbox.eml.",
                                       "files": ["/home/ana/inbox.eml"], "assertions": ["Ana"]})):
        (repo / "skills" / name / "evals").mkdir()
        (repo / "skills" / name / "evals" / "evals.json").write_text(json.dumps({"evals": [case]}))
    store = tmp_path / "store"
    for command in ("estimate", "run"):
        result = cli(command, str(repo), "--case", "m", "--store", str(store))
        flat = " ".join(result.output.split())
        assert result.exit_code == 2, result.output
        assert "--case m: a case of draft-mail, which is not run" in flat, flat
        assert "no such case" not in flat, flat
    assert not store.exists() or not any(store.rglob("*.json"))
    missing = cli("estimate", str(repo), "--case", "zz", "--store", str(store))
    assert missing.exit_code == 2 and "no such case" in missing.output, missing.output


def test_a_skill_whose_set_is_structured_markdown_runs_in_its_collection(
        tmp_path: Path) -> None:
    """A collection's skill whose set is a Markdown set a reader grades (its sections cases)
    runs as `check SKILL` reads it, never listed as a prose set to draft; a prose one is."""
    repo = collection(tmp_path, names=("tidy-notes", "draft-mail"))
    (repo / "skills" / "tidy-notes" / "evals").mkdir()
    (repo / "skills" / "tidy-notes" / "evals" / "evals.md").write_text(
        "## Case 1\n**Prompt:** Tidy: ship Friday.\n**Expected:**\n- Mentions Friday\n")
    (repo / "skills" / "draft-mail" / "evals").mkdir()
    (repo / "skills" / "draft-mail" / "evals" / "evals.md").write_text(
        "We test that mails are polite and short, and that they greet the reader.\n")
    checked = cli("check", str(repo))
    flat = " ".join(checked.output.split())
    assert checked.exit_code == 0, checked.output
    assert "ok: tidy-notes" in flat and "draft-mail" in flat and "not run: prose set" in flat


def test_a_catalog_set_beside_the_skills_folder_names_them_by_slug(tmp_path: Path) -> None:
    """A catalog's one set file beside its `skills/` folder (`catalog/evals.json` over
    `catalog/skills/<slug>/`), each case naming its skill by `slug`: each skill runs its own
    cases, its `acceptance` list graded as statements, nothing said to be ignored; a slug
    that is no skill's name names none (a case's id, never a refusal)."""
    repo = tmp_path / "hub"
    (repo / ".git").mkdir(parents=True)
    for name in ("tidy-notes", "draft-mail"):
        skill_md(repo / "catalog" / "skills" / name, name)
    (repo / "catalog" / "evals.json").write_text(json.dumps({"schemaVersion": 1, "cases": [
        {"slug": "tidy-notes", "prompt": "Tidy: ship Friday.",
         "acceptance": ["Lists the Friday ship date as an action item"],
         "forbidden": ["Inventing a date that is not in the notes"]},
        {"slug": "draft-mail", "prompt": "Draft a mail to Ana.",
         "acceptance": ["Greets Ana by name"]}]}))
    checked = cli("check", str(repo))
    flat = " ".join(checked.output.split())
    assert checked.exit_code == 0, checked.output
    assert "ok: tidy-notes" in flat and "ok: draft-mail" in flat, flat
    assert "ignored" not in flat, flat
    shown = cli("check", str(repo / "catalog" / "skills" / "tidy-notes"), "-v")
    assert shown.exit_code == 0, shown.output
    assert "Friday ship date" in shown.output and "Inventing a date" in shown.output
    (repo / "catalog" / "evals.json").write_text(json.dumps({"cases": [
        {"slug": "case-one", "prompt": "Tidy: ship Friday.", "acceptance": ["Friday"]}]}))
    none = cli("check", str(repo))
    flat = " ".join(none.output.split())
    assert none.exit_code == 2 and "no case set" in flat, none.output
    assert "does not hold" not in flat, flat


def test_a_set_above_a_folder_of_skills_names_each_in_its_expected_output(
        tmp_path: Path) -> None:
    """`python/evals/evals.json` over `python/<skill>/` (the folder no skill itself), its
    `skill_name` the group's, each case naming its skill in its expected output ("Uses the
    tidy-notes skill and ..."): each skill reads the cases naming it; one naming two is not
    run, said."""
    repo = tmp_path / "hub"
    (repo / ".git").mkdir(parents=True)
    for name in ("tidy-notes", "draft-mail"):
        skill_md(repo / "group" / name, name)
    (repo / "group" / "evals").mkdir()
    (repo / "group" / "evals" / "evals.json").write_text(json.dumps({
        "skill_name": "group-skills", "evals": [
            {"id": 1, "prompt": "Tidy: ship Friday.",
             "expected_output": "Uses the tidy-notes skill and lists Friday as an action."},
            {"id": 2, "prompt": "Draft a mail to Ana.",
             "expected_output": "Uses the draft-mail skill and greets Ana by name."},
            {"id": 3, "prompt": "Tidy and mail.",
             "expected_output": "Uses the tidy-notes and draft-mail skills together."}]}))
    checked = cli("check", str(repo))
    flat = " ".join(checked.output.split())
    assert checked.exit_code == 0, checked.output
    assert "ok: tidy-notes" in flat and "ok: draft-mail" in flat, flat
    assert "case 3 of" in flat and "names no skill: not run" in flat, flat


def test_a_routing_set_naming_each_prompts_skill_is_the_skills_trigger_queries(
        tmp_path: Path) -> None:
    """`tests/routing-evals.json` at a repository's root: each prompt names the skill that
    should reach it under `should_trigger` (a name, not a flag) and its confusable neighbours
    under `should_not_trigger`. Each skill reads it as its own trigger queries (trigger set
    only, exit 0); before, every skill refused it as a shared set whose cases name no skill."""
    from tests.helpers import check_cli, write_data, write_skill_md

    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    for name in ("loss-debugger", "stats-planner", "run-monitor"):
        write_skill_md(root / "skills" / name, name, f"Handles {name} work.")
    write_data(root / "tests" / "routing-evals.json", {"evals": [
        {"id": "R1", "prompt": "My training loss became NaN after 500 steps.",
         "expected_path": ["router", "loss-debugger"], "should_trigger": "loss-debugger",
         "should_not_trigger": ["run-monitor"], "rationale": "an engineering failure"},
        {"id": "R2", "prompt": "Is a 2% gain over the baseline just noise?",
         "should_trigger": "stats-planner", "should_not_trigger": ["loss-debugger"]}]})
    got = check_cli(str(root / "skills" / "loss-debugger"))
    assert got.exit_code == 0, got.output
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in got.output
    # the collection: each skill a prompt should reach is trigger-only; one only kept from
    # others has nothing that fires it, so no set of its own, said
    whole = check_cli(str(root))
    assert whole.exit_code == 0, whole.output
    assert "stats-planner: trigger set only (1 queries: 1 should trigger, 0 should not)" \
        in whole.output, whole.output
    assert "run-monitor (" in whole.output and "not run: no case set" in whole.output


def test_a_routing_file_beside_the_behaviour_cases_is_each_skills_trigger_set(
        tmp_path: Path) -> None:
    """`evals/cases/routing.json` beside `evals/cases/behavior.json`, both `{"cases": [...]}`:
    the routing file (each prompt's `expected_primary`, `negative_for` its neighbours,
    `expected_supporting`, `language`, `top_k`) is the skills' trigger queries, never cases
    joined to the behaviour set; `provided_facts` is material sent with the prompt."""
    from tests.helpers import check_cli, check_verbose, write_data, write_skill_md

    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    for name in ("paper-writing", "asset-pricing"):
        write_skill_md(root / "skills" / name, name, f"Handles {name} work.")
    write_data(root / "evals" / "cases" / "routing.json", {"kind": "routing", "cases": [
        {"id": "r1", "prompt": "Polish the introduction of my cash-holdings paper.",
         "language": "en", "expected_primary": "paper-writing", "expected_supporting": [],
         "negative_for": ["asset-pricing"], "top_k": 1, "tags": ["core"]},
        {"id": "r2", "prompt": "Explain how to compute WACC for my company.",
         "expected_primary": None, "expected_supporting": [],
         "negative_for": ["paper-writing", "asset-pricing"]}]})
    write_data(root / "evals" / "cases" / "behavior.json", {"kind": "behavior", "cases": [
        {"id": "b1", "skill": "paper-writing", "prompt": "Draft an abstract from these notes.",
         "provided_facts": ["Cash rises with supplier concentration."],
         "expectations": ["States the association without causal words"]},
        {"id": "b2", "skill": "asset-pricing", "prompt": "Draft the risk story.",
         "expectations": ["Names the risk factor"]}]})
    got = check_cli(str(root / "skills" / "paper-writing"))
    assert got.exit_code == 0, got.output
    assert "1 case(s): b1" in " ".join(got.output.split()), got.output
    assert "routing.json (prompts each with only a routing expectation" in got.output
    shown = check_verbose(root / "skills" / "paper-writing")
    assert "`provided_facts` sent with the prompt" in shown, shown
    assert "names no skill" not in check_cli(str(root)).output
    from runner.triggers.queries import load_trigger_set

    queries = load_trigger_set(root / "skills" / "paper-writing", "paper-writing").queries
    assert [(q.prompt[:6], q.should_trigger) for q in queries] == [("Polish", True),
                                                                  ("Explai", False)]


def test_a_repository_whose_only_skills_are_its_tests_fixtures_measures_those(
        tmp_path: Path) -> None:
    """A harness's repository whose only skills sit under `tests/` with sets of their own
    (`tests/integration/skills/x/evals/`): those are the sets its authors wrote, measured as
    an SDK's `examples/` are; beside a skill of its own, test fixtures stay test material."""
    from tests.helpers import check_cli, write_data, write_skill_md

    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    fixture = write_skill_md(root / "tests" / "integration" / "skills" / "math-helper",
                             "math-helper", "Does arithmetic. Use when asked to add numbers.")
    write_data(fixture / "evals" / "evals.json", [
        {"id": 1, "prompt": "What is 2 + 3?", "expectations": ["Answers 5"]}])
    got = check_cli(str(root))
    assert got.exit_code == 0, got.output
    assert "ok: math-helper" in got.output, got.output
    own = write_skill_md(root / "skills" / "tidy-notes", "tidy-notes",
                         "Tidies notes. Use when asked to tidy notes.")
    write_data(own / "evals" / "evals.json", [
        {"id": 1, "prompt": "Tidy: ship Friday.", "expectations": ["Names Friday"]}])
    got = check_cli(str(root))
    assert "ok: tidy-notes" in got.output and "math-helper" not in got.output, got.output


def test_skills_under_a_hidden_folder_named_for_skills_are_the_collection(
        tmp_path: Path) -> None:
    """`.agent-skills/<skill>/` (a hidden folder named for skills, as `.skills/` is), each
    with its set, in a repository with no other skill: those are its skills."""
    from tests.helpers import check_cli, write_data, write_skill_md

    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    for name in ("tidy-notes", "plan-trip"):
        skill = write_skill_md(root / ".agent-skills" / name, name, f"Does {name}. Use when "
                               "asked.")
        write_data(skill / "evals" / "evals.json", [
            {"id": 1, "prompt": f"Please {name.replace('-', ' ')} for Friday.",
             "expectations": ["Names Friday"]}])
    got = check_cli(str(root))
    assert got.exit_code == 0, got.output
    assert "ok: tidy-notes" in got.output and "ok: plan-trip" in got.output, got.output
