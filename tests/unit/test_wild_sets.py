"""Case sets as authors in the wild write them, each rule by a small set of its own, through
the real `skill-eval check` (issue 26): nothing read in silence, scalars are one item,
check-shaped lists under unknown names are graded, a typed statement keeps its instruction."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from runner.cli import main

SKILL_MD = ("---\nname: tidy-notes\ndescription: Tidies meeting notes into a summary with "
            "decisions and owners.\n---\nRead the notes, write summary.md.\n")


def skill_with(tmp_path: Path, evals: Any, files: dict[str, str] | None = None,
               where: str = "evals/evals.json") -> Path:
    skill = tmp_path / "tidy-notes"
    skill.mkdir(parents=True, exist_ok=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    for rel, text in (files or {}).items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    target = skill / where
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(evals))
    return skill


def check(*args: str) -> Result:
    return CliRunner().invoke(main, ["check", *args])


def checks_of(result: Result) -> list[dict[str, Any]]:
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    return [c for case in report["cases"] for c in case["checks"]]


def test_a_string_of_assertions_is_one_statement_never_its_characters(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "one", "prompt": "Tidy the notes I pasted: we agreed to ship on Friday.",
        "assertions": "The summary records the decision to ship on Friday"}]})
    checks = checks_of(check(str(skill), "--json"))
    assert [c["entry"] for c in checks] == ["The summary records the decision to ship on Friday"]
    plain = check(str(skill))
    assert "EV012" in plain.output and "one str, not a list" in plain.output


def test_graders_and_anti_graders_are_graded_as_checks(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "g", "prompt": "Tidy these notes: Ana owns the budget.",
        "graders": [{"type": "regex", "pattern": "(?i)owner"},
                    {"type": "contains", "value": "Ana"}],
        "anti_graders": [{"type": "regex", "pattern": "(?i)lorem"},
                         {"type": "contains", "value": "TODO"}]}]})
    entries = [c["entry"] for c in checks_of(check(str(skill), "--json"))]
    assert sorted(entries) == sorted(["re:(?i)owner", "Ana", "not:re:(?i)lorem", "not:TODO"])


def test_a_semantic_object_keeps_its_own_instruction(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "s", "prompt": "Tidy these notes: Ana, Bo and Cy each own one action.",
        "assertions": [{"type": "semantic", "description": "Owners are listed",
                        "instruction": "Pass only if at least 3 owners appear by name"}]}]})
    (entry,) = [c["entry"] for c in checks_of(check(str(skill), "--json"))]
    assert "Pass only if at least 3 owners appear by name" in entry


def test_plain_check_counts_what_it_keeps_and_does_not_grade(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "a", "prompt": "Tidy these notes: ship Friday.", "difficulty": "easy",
         "assertions": [{"type": "contains", "value": "Friday", "hint": "x"}]},
        {"id": "b", "prompt": "Tidy these notes: ship Monday.", "difficulty": "hard",
         "assertions": ["Monday"]}]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.startswith("ignored"))
    assert "difficulty in 2 case(s)" in line and "'hint' x1" in line


def test_the_baseline_never_receives_the_skill(tmp_path: Path) -> None:
    """A file of the skill listed beside an input the prompt does not hand over is refused
    (staged, the baseline would have the skill): the list mixes the two."""
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "own", "prompt": "Tidy the meeting notes I gave you.",
        "files": ["references/style.md", "evals/files/notes.txt"],
        "assertions": ["Decisions"]}]},
        files={"SKILL.md": SKILL_MD + "Follow references/style.md.\n",
               "references/style.md": "Bullets, owners first.\n",
               "evals/files/notes.txt": "we ship Friday\n"})
    result = check(str(skill))
    assert result.exit_code == 2
    assert "is a file of the skill" in result.output and "baseline" in result.output


def test_a_files_list_of_the_skills_own_files_is_what_the_case_exercises(
        tmp_path: Path) -> None:
    """`files: ["SKILL.md", "references/gate.md"]` (or only files of the skill its SKILL.md
    names) says what of the skill the case exercises: the candidate arm has them with the
    skill, so none is staged (the baseline never gets the skill); a path SKILL.md links that
    the skill lacks is named."""
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "listed", "prompt": "Tidy these notes: we ship Friday, Ana owns it.",
         "files": ["SKILL.md", "references/gate.md"], "expected_output": "Names Ana"},
        {"id": "scripts", "prompt": "Tidy these notes: Bo owns the budget.",
         "files": ["references/style.md"], "expected_output": "Names Bo"}]},
        files={"SKILL.md": SKILL_MD + "Follow references/style.md and references/gate.md.\n",
               "references/style.md": "Bullets, owners first.\n"})
    result = check(str(skill), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [c["fixtures"] for c in report["cases"]] == [[], []]
    plain = check(str(skill)).output
    lines = [x for x in plain.splitlines() if "names the skill's own files" in x]
    assert any("'listed'" in x and "lacks references/gate.md" in x for x in lines), plain
    assert any("'scripts'" in x and "references/style.md" in x for x in lines), plain


def test_an_answer_key_fixture_is_reported(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "leaky", "prompt": "Summarize evals/files/notes.txt into summary.md",
         "files": ["evals/files/notes.txt"],
         "assertions": ["owner=Ana.Lopez/budget"]},
        {"id": "planted", "prompt": "Review evals/files/app.py for bugs",
         "files": ["evals/files/app.py"], "assertions": ["off-by-one"]}]},
        files={"evals/files/notes.txt": "Minutes.\nowner=Ana.Lopez/budget\n",
               "evals/files/app.py": "def last(xs):\n    # BUG: off-by-one below\n"
                                     "    return xs[len(xs)]\n"})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    lines = [x for x in result.output.splitlines() if x.startswith("EV013")]
    assert any("'leaky'" in x and "operand" in x for x in lines), result.output
    assert any("'planted'" in x and "answer comment" in x for x in lines), result.output


def test_a_data_fixture_carrying_the_expected_answer_field_is_an_answer_key(
        tmp_path: Path) -> None:
    """{"expected_verdict": "REJECT", ...} staged as the case's input tells the agent what to
    answer: reported (EV013); a field that only shapes the answer (`answer_format`) is not."""
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "keyed", "prompt": "Decide on the request in evals/files/req.json.",
         "files": ["evals/files/req.json"], "expectations": ["Rejects the request"]},
        {"id": "shaped", "prompt": "Answer the question in evals/files/q.json.",
         "files": ["evals/files/q.json"], "expectations": ["Answers in one word"]}]},
        files={"evals/files/req.json": json.dumps(
                   {"request": "refund 900 EUR", "expected_verdict": "REJECT: over limit"}),
               "evals/files/q.json": json.dumps({"question": "Capital of Peru?",
                                                 "answer_format": "one word"})})
    result = check(str(skill))
    lines = [x for x in result.output.splitlines() if x.startswith("EV013")]
    assert any("'keyed'" in x and "answer field ('expected_verdict')" in x for x in lines), \
        result.output
    assert not any("'shaped'" in x for x in lines), result.output


def test_files_the_notes_mark_as_references_are_not_staged(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "ref", "prompt": "Tidy these notes: ship Friday, Ana owns it.",
        "files": ["evals/files/good-summary.md"],
        "notes": "The files are references for the grader, not inputs.",
        "expected_output": "A summary naming Ana as owner", "assertions": ["Ana"]}]},
        files={"evals/files/good-summary.md": "# Summary\nAna owns shipping.\n"})
    report = json.loads(check(str(skill), "--json").output)
    assert report["cases"][0]["fixtures"] == []
    assert any(f["code"] == "EV013" and "references" in f["message"]
               for f in report["findings"])


def test_placeholders_and_unstaged_inputs_in_a_prompt_are_refused(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "blank", "prompt": "Tidy the notes in <NOTES_FILE> and save to /path/to/out",
         "assertions": ["Decisions"]},
        {"id": "unstaged", "prompt": "Summarize minutes.txt for the team",
         "assertions": ["Decisions"]},
        {"id": "fine", "prompt": "Summarize minutes.txt and write summary.md",
         "files": ["evals/files/minutes.txt"], "assertions": ["Decisions"]}]},
        files={"evals/files/minutes.txt": "We decided to ship.\n"})
    strict = check(str(skill), "--strict")
    assert strict.exit_code == 2
    assert "'blank'" in strict.output and "<NOTES_FILE>" in strict.output
    assert "/path/to/out" in strict.output
    assert "'unstaged'" in strict.output and "add 'evals/files/minutes.txt' to files" \
        in strict.output
    assert "'fine'" not in strict.output
    # without --strict the two cases are left out, each said with its fix; 'fine' runs
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert "1 case(s): fine;" in first and "left out" in first and "blank, unstaged" in first
    ev009 = [line for line in result.output.splitlines() if line.startswith("EV009")]
    assert len(ev009) == 2 and all("left out of the run" in line for line in ev009)
    assert any("<NOTES_FILE>" in line for line in ev009)


def test_a_set_whose_every_case_lacks_its_input_is_refused(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "blank", "prompt": "Tidy the notes in <NOTES_FILE>", "assertions": ["Decisions"]},
        {"id": "unstaged", "prompt": "Summarize minutes.txt for the team",
         "assertions": ["Decisions"]}]})
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "'blank'" in result.output and "'unstaged'" in result.output
    assert "left out" not in result.output  # nothing would be left to run


def test_a_left_out_case_never_runs_and_cannot_be_asked_for(tmp_path: Path) -> None:
    from runner.authoring.caseset import load_caseset
    from runner.errors import CaseSetError

    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "blank", "prompt": "Tidy the notes in <NOTES_FILE>", "assertions": ["Decisions"]},
        {"id": "fine", "prompt": "Summarize minutes.txt", "files": ["evals/files/minutes.txt"],
         "assertions": ["Decisions"]}]}, files={"evals/files/minutes.txt": "We decided to ship.\n"})
    caseset = load_caseset(skill, "tidy-notes")
    assert [c.id for c in caseset.evals] == ["fine"] and caseset.left_out == ("blank",)
    with pytest.raises(CaseSetError, match="left out"):
        caseset.select(("blank",))
    as_json = json.loads(check(str(skill), "--json").output)
    assert as_json["left_out"] == ["blank"]


def test_a_case_building_on_a_left_out_case_refuses_the_set(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "blank", "prompt": "Tidy the notes in <NOTES_FILE>", "assertions": ["Decisions"]},
        {"id": "next", "prompt": "Now add a title to the tidy notes", "depends_on": ["blank"],
         "assertions": ["Title"]},
        {"id": "fine", "prompt": "Summarize minutes.txt", "files": ["evals/files/minutes.txt"],
         "assertions": ["Decisions"]}]}, files={"evals/files/minutes.txt": "We decided.\n"})
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "'blank'" in result.output and "<NOTES_FILE>" in result.output


def test_a_case_that_needs_the_network_is_reported(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "web", "prompt": "Download the minutes from https://intranet.example/minutes "
                               "and tidy them", "assertions": ["Decisions"]}]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert any(x.startswith("EV014") and "'web'" in x and "no network" in x
               for x in result.output.splitlines()), result.output


def test_trigger_expectations_in_a_runtime_set_are_offered_as_trigger_queries(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "off-topic", "prompt": "What is the capital of Peru?", "should_trigger": False,
         "expectations": ["Answers Lima"]},
        {"id": "on-topic", "prompt": "Tidy these notes: ship Friday, Ana owns it.",
         "expectations": ["The tidy-notes skill is invoked",
                          "The summary names Ana as the owner"]}]})
    report = json.loads(check(str(skill), "--json").output)
    graded = {c["id"]: [x["entry"] for x in c["checks"]] for c in report["cases"]}
    assert graded["on-topic"] == ["The summary names Ana as the owner"]
    offered = [f["message"] for f in report["findings"] if f["code"] == "EV012"]
    assert any("trigger expectation" in m and "capital of Peru" in m for m in offered)
    assert any("whether the skill fires" in m for m in offered)


def test_check_reads_the_trigger_set_and_reports_a_broken_one(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "a", "prompt": "Tidy these notes: ship Friday.", "assertions": ["Friday"]}]},
        files={"evals/trigger/should-trigger.yaml": "- prompt: tidy: my notes\n  - oops\n"})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert any(x.startswith("EV010") and "trigger set cannot be read" in x
               for x in result.output.splitlines()), result.output


def _skill_md(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(SKILL_MD.replace("tidy-notes", name))
    return folder


def test_a_root_evals_folder_beside_a_skill_subfolder_is_found(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    _skill_md(repo / "skills" / "tidy-notes", "tidy-notes")
    (repo / "evals").mkdir()
    (repo / "evals" / "cases.yaml").write_text(
        "skill: tidy-notes\ncases:\n  - id: y\n    prompt: 'Tidy these notes: ship Friday.'\n"
        "    expectations: ['The summary says the team ships on Friday']\n")
    result = check(str(repo), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["cases"][0]["id"] == "y"


def test_a_collection_is_listed_and_its_shared_set_read_per_skill(tmp_path: Path) -> None:
    repo = tmp_path / "collection"
    (repo / ".git").mkdir(parents=True)
    for name in ("tidy-notes", "draft-mail"):
        _skill_md(repo / "skills" / name, name)
    (repo / "evals").mkdir()
    (repo / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "n", "skill": "tidy-notes", "prompt": "Tidy: ship Friday.",
         "assertions": ["Friday"]},
        {"id": "m", "skill": "draft-mail", "prompt": "Draft a mail to Ana.",
         "assertions": ["Ana"]}]}))
    listed = check(str(repo))
    assert listed.exit_code == 0, listed.output
    assert "a collection of 2 skill(s)" in listed.output and "draft-mail" in listed.output
    one = json.loads(check(str(repo / "skills" / "draft-mail"), "--json").output)
    assert [c["id"] for c in one["cases"]] == ["m"]


def test_cases_file_reads_any_set_file(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "default", "prompt": "Tidy: ship Friday.", "assertions": ["Friday"]}]})
    other = tmp_path / "functional.yaml"
    other.write_text("- id: other\n  prompt: 'Tidy: ship Monday.'\n  assertions: [Monday]\n")
    report = json.loads(check(str(skill), "--cases", str(other), "--json").output)
    assert [c["id"] for c in report["cases"]] == ["other"]


def _draft_script(tmp_path: Path) -> Path:
    import yaml

    answer = {"cases": [{"id": "from-prose", "source": "expectation", "from": "Case 1",
                         "prompt": "Tidy these notes: ship Friday.",
                         "expected_output": "A summary with the decision",
                         "statements": ["The summary records the decision to ship Friday"]}]}
    path = tmp_path / "draft.yaml"
    path.write_text(yaml.safe_dump({"scenarios": [{
        "name": "drafter", "when": {"purpose": "generator"},
        "turns": [{"tool_use": {"name": "draft_cases", "input": answer}}]}]}))
    return path


def test_a_markdown_set_is_refused_then_drafted_into_evals_json(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes", "tidy-notes")
    (skill / "evals").mkdir()
    prose = skill / "evals" / "evals.md"
    prose.write_text("# Case 1\nAsk it to tidy notes about shipping Friday; the summary "
                     "must record the decision.\n")
    refused = check(str(skill))
    assert refused.exit_code == 2 and "--generate --from" in refused.output
    drafted = CliRunner().invoke(main, ["cases", str(skill), "--generate", "--from",
                                        str(prose), "--model-script",
                                        str(_draft_script(tmp_path))])
    assert drafted.exit_code == 0, drafted.output
    data = json.loads((skill / "evals" / "evals.json").read_text())
    assert data["evals"][0]["id"] == "from-prose"


def test_run_on_a_skill_without_a_set_drafts_one_and_stops(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes", "tidy-notes")
    result = CliRunner().invoke(main, ["run", str(skill), "--model-script",
                                       str(_draft_script(tmp_path)),
                                       "--store", str(tmp_path / "store")])
    assert result.exit_code == 2, result.output
    assert (skill / "evals" / "evals.json").is_file()
    assert "no case set, so one was drafted" in result.output
    assert not (tmp_path / "store").exists()  # nothing else spent


def test_the_draft_request_carries_the_authors_prose(tmp_path: Path) -> None:
    from runner.authoring.generate import DraftRequest, draft_request

    prose = tmp_path / "evals.md"
    prose.write_text("# Case 1\nThe summary must record the decision to ship Friday.\n")
    body = draft_request("tidy-notes", "Tidies notes.", "body", DraftRequest(
        skill_dir=tmp_path, source=prose), "m", [])["messages"][0]["content"]
    assert "<author_cases>" in body and "ship Friday" in body


def test_a_multi_turn_case_is_sent_whole_never_graded_on_its_first_turn_in_silence(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "two", "turns": [{"role": "user", "content": "Tidy: ship Friday."},
                               {"role": "user", "content": "Now add Ana as the owner."}],
        "assertions": ["Friday"]}]})
    report = json.loads(check(str(skill), "--json").output)
    assert report["cases"][0]["id"] == "two" and report["cases"][0]["turns"] == 2
    assert not [f for f in report["findings"] if f["code"] == "EV015"]
    assert "case(s): two (2 turns)" in check(str(skill)).output


def test_regex_objects_in_a_literal_list_and_described_criteria(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "mix", "prompt": "Tidy these notes: ship Friday.",
        "must_include": ["Friday", {"regex": "(?i)ship(s|ping)?"}],
        "must_avoid": [{"regex": "lorem"}],
        "assertions": ["Includes the decision", "Owner"]}]})
    entries = {c["entry"]: c["kind"] for c in checks_of(check(str(skill), "--json"))}
    assert entries["Friday"] == "assertion" and entries["re:(?i)ship(s|ping)?"] == "assertion"
    assert entries["not:re:lorem"] == "assertion"
    assert entries["Includes the decision"] == "statement" and entries["Owner"] == "assertion"


def test_an_evals_folder_of_topic_case_lists_is_one_set(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"query": "Tidy: ship Friday.",
                                   "expected_behavior": "Records the Friday decision"}],
                       where="evals/decisions.json")
    (skill / "evals" / "owners.json").write_text(json.dumps([
        {"query": "Tidy: Ana owns it.", "expected_behavior": "Names Ana as the owner"}]))
    report = json.loads(check(str(skill), "--json").output)
    assert sorted(c["id"] for c in report["cases"]) == ["decisions-1", "owners-1"]


def test_a_run_runs_the_cases_that_can_run_and_says_which_were_left_out(tmp_path: Path) -> None:
    """Through `run` (fake sandbox, scripted model): the left-out case is said with its fix and
    no trial of it exists; `--strict` refuses before anything is written."""
    import yaml

    from runner.store.local import LocalStore

    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "blank", "prompt": "Tidy the notes in <NOTES_FILE>", "assertions": ["Decisions"]},
        {"id": "fine", "prompt": "Summarize minutes.txt", "files": ["evals/files/minutes.txt"],
         "assertions": ["ok"]}]}, files={"evals/files/minutes.txt": "We decided to ship.\n"})
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump({"scenarios": [{"name": "any", "turns": [{"text": "ok"}]}]}))
    args = ["run", str(skill), "--executor", "inprocess", "--sandbox", "fake", "--fresh",
            "--model-script", str(script), "--store", str(tmp_path / "store")]
    strict = CliRunner().invoke(main, [*args, "--strict"])
    assert strict.exit_code == 2, strict.output
    assert not (tmp_path / "store").exists() or not LocalStore(tmp_path / "store").list("runs/")
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output
    assert "EV009" in result.output and "left out of the run" in result.output
    assert "1 case(s) x k=" in result.output
    store = LocalStore(tmp_path / "store")
    (plan,) = [json.loads(store.get(k)) for k in store.list("runs/") if k.endswith("/plan.json")]
    assert plan["cases"] == ["fine"], plan["cases"]
