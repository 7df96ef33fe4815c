"""Case inputs, prompts and fields: nothing in silence (issue 26, points 3, 5, 6), each rule
by a small set of its own through the real `skill-eval check`: a field naming a file of the
skill is staged, a fixture described in words and a prompt pointing at an input nobody
stages are refused, a case without a prompt is refused with its fields and the fix, prose
and metadata fields are counted and never graded, and a case needing an MCP tool is
reported (EV016)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from click.testing import Result

from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import check_verbose, make_skill

SKILL_MD = ("---\nname: ledger-audit\ndescription: Audits a ledger export for duplicate "
            "payments and writes findings.md.\n---\nRead the ledger, list duplicates.\n")


def skill_with(tmp_path: Path, cases: list[dict[str, Any]],
               files: dict[str, str] | None = None, skill_md: str = SKILL_MD) -> Path:
    return make_skill(tmp_path, cases, files, name="ledger-audit", skill_md=skill_md)


def lines(result: Result, code: str) -> list[str]:
    """The output's lines of one problem code (a lone refusal is one `error:` line)."""
    return [x for x in result.output.splitlines() if x.strip().startswith(code) or f"{code}:" in x]


LEDGER = {"evals/files/ledger.csv": "id,payee,amount\n1,Acme,10\n2,Acme,10\n"}


# -- 1. an input the case names is given, or flagged ------------------------------------------

def test_a_field_naming_a_file_of_the_set_is_staged_as_a_fixture(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "named", "prompt": "Audit ledger.csv for duplicate payments.",
         "input_file": "files/ledger.csv", "assertions": ["Acme"]},
        # a field whose name says nothing, holding an existing file's path: still the input
        {"id": "unnamed", "prompt": "Audit ledger.csv for duplicate payments.",
         "xyz": "evals/files/ledger.csv", "assertions": ["Acme"]},
        # a list of them, under a name seen nowhere before
        {"id": "listed", "prompt": "Audit ledger.csv and notes.md for duplicate payments.",
         "attachments": ["ledger.csv", "notes.md"], "assertions": ["Acme"]},
        # beside a prompt, `input` and `document` holding a path name the input file
        {"id": "input", "prompt": "Audit the ledger for duplicate payments.",
         "input": "evals/files/ledger.csv", "document": "notes.md", "assertions": ["Acme"]}],
        files={**LEDGER, "evals/files/notes.md": "Acme was paid twice?\n"})
    found = report(skill)
    staged = {c["id"]: [f["staged_at"] for f in c["fixtures"]] for c in found["cases"]}
    assert staged == {"named": ["ledger.csv"], "unnamed": ["ledger.csv"],
                      "listed": ["ledger.csv", "notes.md"],
                      "input": ["notes.md", "ledger.csv"]}
    ignored = {c["id"]: c["ignored"] for c in found["cases"]}
    assert ignored == {"named": [], "unnamed": [], "listed": [], "input": []}
    said = [f["message"] for f in found["findings"] if f["code"] == "EV012"]
    assert any("`input_file` names files/ledger.csv" in m and "staged" in m for m in said)


def test_a_label_or_an_answer_field_is_never_staged(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "a", "prompt": "Audit ledger.csv for duplicate payments.",
         "files": ["evals/files/ledger.csv"], "assertions": ["Acme"],
         # a folder's name as a label, and the answer the work is graded against
         "area": "scripts", "expected_file": "evals/answers/findings.md"}],
        files={**LEDGER, "scripts/x.py": "", "evals/answers/findings.md": "Acme twice"})
    found = report(skill)
    case = found["cases"][0]
    assert [f["staged_at"] for f in case["fixtures"]] == ["ledger.csv"]
    assert any(f["code"] == "EV013" and "`expected_file`" in f["message"]
               for f in found["findings"])


def test_an_input_field_holding_the_answer_is_an_answer_key(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "leaky", "prompt": "Audit ledger.csv for duplicate payments.",
         "input_file": "files/ledger.csv", "assertions": ["dup:ACME-2024-03-01"]}],
        files={"evals/files/ledger.csv": "id,payee\n1,Acme\n"
                                        "2,dup:ACME-2024-03-01\n"})
    found = report(skill)
    assert any(f["code"] == "EV013" and f["case"] == "leaky" and "operand" in f["message"]
               for f in found["findings"]), found["findings"]


def test_a_field_naming_the_skills_own_file_never_reaches_the_baseline(tmp_path: Path) -> None:
    md = SKILL_MD + "See references/rules.md for the rules.\n"
    cases = [{"id": "a", "prompt": "Audit ledger.csv for duplicate payments.",
              "files": ["evals/files/ledger.csv"], "assertions": ["Acme"],
              "see_also": "references/rules.md"}]
    skill = skill_with(tmp_path, cases, {**LEDGER, "references/rules.md": "rules"}, md)
    found = report(skill)
    assert [f["staged_at"] for f in found["cases"][0]["fixtures"]] == ["ledger.csv"]
    assert any("not staged, the baseline arm must not have the skill" in f["message"]
               for f in found["findings"])
    # even named as the case's input: only `files` can name the skill, and is refused there
    cases[0]["input_file"] = "SKILL.md"
    found = report(skill_with(tmp_path, cases, {}, md))
    assert [f["staged_at"] for f in found["cases"][0]["fixtures"]] == ["ledger.csv"]
    assert any("`input_file`: fixture 'SKILL.md' is the skill under test" in f["message"]
               for f in found["findings"])


def test_a_field_naming_a_skill_the_skill_ships_never_reaches_the_baseline(
        tmp_path: Path) -> None:
    """A router's case naming the sub-skill it exercises (`skill_path:
    skills/dedupe/SKILL.md`, a skill inside the skill under test): its instructions, never
    the case's input (the candidate arm has them with the skill)."""
    cases = [{"id": "a", "prompt": "Audit ledger.csv for duplicate payments.",
              "files": ["evals/files/ledger.csv"], "assertions": ["Acme"],
              "skill_path": "skills/dedupe/SKILL.md"}]
    skill = skill_with(tmp_path, cases, {**LEDGER, "skills/dedupe/SKILL.md": SKILL_MD})
    found = report(skill)
    assert [f["staged_at"] for f in found["cases"][0]["fixtures"]] == ["ledger.csv"]
    assert any("is a skill's instructions inside the skill under test: not staged"
               in f["message"] for f in found["findings"]), found["findings"]


def test_a_fixture_described_in_words_is_refused_with_the_fix(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "told", "prompt": "Review the staged ledger change before commit.",
         "fixture": "A staged diff that adds a second payment to Acme.",
         "assertions": ["duplicate"]}])
    result = check(str(skill))
    assert result.exit_code == 2
    line = next(x for x in lines(result, "EV009") if "'told'" in x)
    assert "`fixture` describes the input instead of giving it" in line
    assert "evals/files/" in result.output and "`files`" in result.output


def _repo_set(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    """A repository whose skill sits in skills/ and whose set is the root's evals/cases.json,
    with evals/fixtures/ledger.csv beside it (paths there start from the set or the root)."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    shutil.rmtree(skill_with(repo / "skills", []) / "evals")  # its set is the repository's
    (repo / "evals" / "fixtures").mkdir(parents=True)
    (repo / "evals" / "fixtures" / "ledger.csv").write_text(LEDGER["evals/files/ledger.csv"])
    (repo / "evals" / "fixtures" / "answer.md").write_text("Acme paid twice (ids 1, 2).\n")
    (repo / "evals" / "cases.json").write_text(json.dumps({"skill": "ledger-audit",
                                                           "cases": cases}))
    return repo


def test_an_input_beside_a_set_outside_the_skill_is_staged_from_there(tmp_path: Path) -> None:
    """A field naming a file where the set's own paths point (its folder, the repository
    root) is staged as `files` there are, never refused as missing (the session is given
    it, as the fixtures a `files` entry names from there)."""
    repo = _repo_set(tmp_path, [
        {"id": "beside", "prompt": "Audit ledger.csv for duplicate payments.",
         "fixture_path": "fixtures/ledger.csv", "assertions": ["Acme"]},
        # a list under another name, written from the repository's root, as the prompt says
        {"id": "rooted", "prompt": "I dropped the export in evals/fixtures/ledger.csv: audit "
         "it for duplicate payments.", "context_files": ["evals/fixtures/ledger.csv"],
         "assertions": ["Acme"]}])
    result = check(str(repo))
    assert result.exit_code == 0, result.output
    found = report(repo)
    staged = {c["id"]: [f["staged_at"] for f in c["fixtures"]] for c in found["cases"]}
    # where the prompt names it: at ./ledger.csv, at ./evals/fixtures/ledger.csv
    assert staged == {"beside": ["ledger.csv"], "rooted": ["evals/fixtures/ledger.csv"]}
    said = [f["message"] for f in found["findings"] if f["code"] == "EV012"]
    assert any("`context_files` names evals/fixtures/ledger.csv" in m and "staged" in m
               for m in said)


def test_beside_an_outside_set_answers_and_missing_paths_are_never_staged(
        tmp_path: Path) -> None:
    repo = _repo_set(tmp_path, [
        {"id": "answer", "prompt": "Audit ledger.csv for duplicate payments.",
         "files": ["fixtures/ledger.csv"], "expected_file": "fixtures/answer.md",
         "assertions": ["Acme"]},
        {"id": "missing", "prompt": "Prüfe die Buchungen auf doppelte Zahlungen.",
         "files": ["fixtures/ledger.csv"], "context_files": ["fixtures/absent.csv"],
         "assertions": ["Acme"]},
        {"id": "escape", "prompt": "Audite les paiements en double.",
         "files": ["fixtures/ledger.csv"], "source_files": ["../../etc/passwd.txt"],
         "assertions": ["Acme"]}])
    found = report(repo)
    staged = {c["id"]: [f["staged_at"] for f in c["fixtures"]] for c in found["cases"]}
    assert staged == {"answer": ["ledger.csv"], "missing": ["fixtures/ledger.csv"],
                      "escape": ["fixtures/ledger.csv"]}
    answers = [f["message"] for f in found["findings"] if f["code"] == "EV013"]
    assert any("`expected_file` names fixtures/answer.md" in m for m in answers)


def test_a_prompt_pointing_at_an_input_nobody_stages_is_refused(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "diff", "prompt": "Review this staged ledger diff before I commit it.",
         "assertions": ["duplicate"]},
        {"id": "attached", "prompt": "Audit the attached `ledger.csv` for duplicates.",
         "assertions": ["duplicate"]},
        {"id": "repo", "prompt": "Find duplicate payments in my repository.",
         "assertions": ["duplicate"]},
        {"id": "node", "prompt": "Review this internal Node.js API repository for leaks.",
         "assertions": ["duplicate"]},
        # given in the prompt itself, staged, or something the task makes: all fine
        {"id": "pasted", "prompt": "Review this diff:\n+2,Acme,10\n",
         "assertions": ["duplicate"]},
        {"id": "inline", "prompt": "Explain this code: `total = sum(set(amounts))` please",
         "assertions": ["duplicate"]},
        {"id": "staged", "prompt": "Review this ledger diff.", "files": ["evals/files/x.diff"],
         "assertions": ["duplicate"]},
        {"id": "made", "prompt": "Write my report on duplicate payments to findings.md.",
         "assertions": ["duplicate"]}],
        files={"evals/files/x.diff": "+2,Acme,10\n"})
    result = check(str(skill), "--strict")
    assert result.exit_code == 2
    refused = "\n".join(lines(result, "EV009"))
    for case in ("'diff'", "'attached'", "'repo'", "'node'"):
        assert case in refused, result.output
    assert "'ledger.csv'" in refused and "this staged ledger diff" in refused
    for case in ("'pasted'", "'inline'", "'staged'", "'made'"):
        assert case not in refused, result.output


def test_material_the_prompt_states_in_words_is_no_missing_input(tmp_path: Path) -> None:
    """"The supplied figures" after the figures themselves, a quote right after the pointer,
    and a noun used as a modifier ("our PR team" is people, not a pull request) point at
    nothing missing; the bare pointers beside them stay refused."""
    figures = ("Payments this week: 41 to Acme for 10.00, 3 to Bolt for 12.50, 2 to Acme for "
               "10.00 on the same day, 1 refund of 12.50 to Bolt, and 5 transfers to Crane for "
               "7.25 each. Using only the supplied figures, say which look like duplicates.")
    skill = skill_with(tmp_path, [
        {"id": "figures", "prompt": figures, "assertions": ["duplicate"]},
        {"id": "quoted", "prompt": "The supplied entry is '2,Acme,10'. Is it a duplicate?",
         "assertions": ["duplicate"]},
        {"id": "team", "prompt": "Our PR team asks whether duplicate refunds need a note.",
         "assertions": ["duplicate"]},
        {"id": "bare", "prompt": "Check the supplied ledger for duplicates.",
         "assertions": ["duplicate"]},
        {"id": "pr", "prompt": "Review our PR for duplicate payment handling.",
         "assertions": ["duplicate"]},
        {"id": "told", "prompt": "The provided export says Acme was paid twice on May 3. "
                                 "Is that a duplicate?", "assertions": ["duplicate"]},
        # long, but only instructions around the pointer: the report itself is missing
        {"id": "long", "prompt": "Check the attached ledger for duplicates. Focus on repeated "
                                 "payees, same-day amounts and refunds that cancel a payment; "
                                 "say which look deliberate and which look like mistakes, in "
                                 "plain words the finance team can act on before the audit.",
         "assertions": ["duplicate"]}])
    result = check(str(skill))
    refused = "\n".join(lines(result, "EV009"))
    assert "'told'" not in refused, result.output
    for case in ("'bare'", "'pr'", "'long'"):
        assert case in refused, result.output
    for case in ("'figures'", "'quoted'", "'team'"):
        assert case not in refused, result.output


# -- 2. a set without a prompt ----------------------------------------------------------------

def test_a_case_without_a_prompt_names_its_fields_and_the_fix(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "no-ask", "repo": "acme/ledger", "description": "A small ledger",
         "expected": {"level": "quick"}},
        {"id": "ask-in-a-field", "scenario_text": "Audit the ledger for duplicate payments",
         "assertions": ["Acme"]}])
    result = check(str(skill))
    assert result.exit_code == 2
    out = result.output
    assert "Field required" not in out and "valid string" not in out
    assert str(skill / "evals" / "evals.json") in out
    first = next(x for x in lines(result, "EV009") if "'no-ask'" in x)
    assert "no prompt" in first and "`repo`" in first and "`expected`" in first
    assert 'add "prompt"' in first
    second = next(x for x in lines(result, "EV009") if "'ask-in-a-field'" in x)
    assert "rename it to `prompt`" in second and "`scenario_text`" in second


# -- 3. prose and metadata fields are counted, never graded -----------------------------------

def test_prose_is_never_a_process_item_and_metadata_is_counted(tmp_path: Path) -> None:
    probes = ("The hard gate: a payment listed twice under two ids must still be found, "
              "which is exactly where agents stop early.")
    skill = skill_with(tmp_path, [
        {"id": "a", "prompt": "Audit this ledger: 1,Acme,10 and 2,Acme,10.", "probes": probes,
         "tier": "core", "difficulty": 3, "tags": ["money", "dupes"],
         "expected_behavior": ["Names Acme as paid twice"]},
        {"id": "b", "prompt": "Audit this ledger: 1,Bolt,5 and 2,Bolt,5.", "probes": probes,
         "tier": "edge", "rationale": "Same shape, another payee, so the rule is general.",
         "expected_behavior": ["Names Bolt as paid twice"]}])
    found = report(skill)
    kinds = [c["kind"] for case in found["cases"] for c in case["checks"]]
    assert kinds == ["statement", "statement"]  # no process item, no check from prose
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.startswith("ignored"))
    assert "prose probes in 2 case(s)" in line and "prose rationale in 1 case(s)" in line
    assert "metadata tier in 2 case(s)" in line and "metadata difficulty in 1 case(s)" in line
    assert "metadata tags in 1 case(s)" in line
    verbose = check_verbose(skill)
    assert "ignored: probes (prose, not graded)" in verbose
    assert "ignored: tier (metadata, not graded)" in verbose


def test_a_field_near_a_grading_name_still_maps_when_it_is_one(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": "Audit this ledger: 1,Acme,10.",
                                   "asertions": ["Acme"]}])
    found = report(skill)
    assert [c["entry"] for c in found["cases"][0]["checks"]] == ["Acme"]


# -- 4. a case needing an MCP tool ------------------------------------------------------------

def test_a_case_needing_an_mcp_tool_gets_a_finding_of_its_own(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "named-tool", "prompt": "Audit the ledger with mcp__ledger-db__query first.",
         "assertions": ["Acme"]},
        {"id": "server", "prompt": "Look the payments up in ledger-db and list duplicates.",
         "assertions": ["Acme"]},
        {"id": "call", "prompt": "List duplicate payments.", "tool_calls": ["find_payments"],
         "assertions": ["Acme"]},
        {"id": "plain", "prompt": "Audit this ledger: 1,Acme,10 and 2,Acme,10.",
         "tool_calls": ["Read"], "assertions": ["Acme"]},
        # a server called by a plain word: that word alone is not the server
        {"id": "word", "prompt": "Audit this ledger: 1,Acme,10. Then draft a GitHub issue.",
         "assertions": ["Acme"]}])
    (skill / ".mcp.json").write_text(json.dumps({"mcpServers": {"ledger-db": {
        "command": "ledger-mcp"}, "github": {"command": "gh-mcp"}}}))
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    found = lines(result, "EV016")
    assert any("'named-tool'" in x and "mcp__ledger-db__query" in x for x in found), found
    assert any("'server'" in x and "'ledger-db'" in x for x in found), found
    assert any("'call'" in x and "'find_payments'" in x for x in found), found
    assert not any("'plain'" in x or "'word'" in x for x in found), found
    assert all("no MCP server" in x for x in found)


def test_a_skill_relying_on_an_mcp_server_is_reported_once(tmp_path: Path) -> None:
    md = SKILL_MD + "Query the ledger through the MCP tools, never from memory.\n"
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / ".mcp.json").write_text(json.dumps({"mcpServers": {"ledger-db": {}}}))
    skill = skill_with(repo / "skills", [{"id": "a", "prompt": "Audit this ledger: 1,Acme,10.",
                                          "assertions": ["Acme"]}], {}, md)
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    found = lines(result, "EV016")
    assert len(found) == 1 and "'ledger-db'" in found[0] and ".mcp.json" in found[0]
    assert "case ''" not in result.output  # the skill's finding, no case's: none named
    # without a declared server, a word about MCP in SKILL.md needs nothing
    (repo / ".mcp.json").unlink()
    assert not lines(check(str(skill)), "EV016")


def test_a_finding_of_no_case_is_located_at_its_file_alone() -> None:
    from runner.authoring.reading import located
    from runner.schema.case import Finding

    plain = Finding(code="EV016", file="evals.json", case="", message="m", fix="f")
    assert located(plain) == "evals.json:"
    named = plain.model_copy(update={"case": "a"})
    assert located(named) == "evals.json: case 'a':"


def test_a_path_skill_md_only_names_is_not_called_a_file_of_the_skill(tmp_path: Path) -> None:
    """SKILL.md shows `src/db.ts:45` in an example of its output: a fixture of that path that
    the skill does not hold is the project's, not the skill's (it is refused as not found, not
    as handing the baseline the skill); one the skill does hold still is the skill's."""
    md = SKILL_MD + "Example: [HIGH] src/db.ts:45 concatenated query; see scripts/dedupe.py\n"
    skill = skill_with(tmp_path, [
        {"id": "named", "prompt": "Audit src/db.ts for duplicate inserts.",
         "files": ["src/db.ts"], "assertions": ["duplicate"]},
        {"id": "held", "prompt": "Run scripts/dedupe.py on the ledger.",
         "files": ["scripts/dedupe.py"], "assertions": ["duplicate"]}],
        {"scripts/dedupe.py": "print('dedupe')\n"}, skill_md=md)
    out = check(str(skill)).output
    named = [x for x in out.splitlines() if "'named'" in x or "src/db.ts" in x]
    assert named and not any("is a file of the skill" in x for x in named), out
    assert "fixture 'scripts/dedupe.py' is a file of the skill that its SKILL.md names" in out


def test_a_fixture_written_from_the_set_folder_with_a_climb_is_the_skills_file(
        tmp_path: Path) -> None:
    """`../data/ledger.csv` in evals/evals.json names the skill's data/ledger.csv: found and
    staged; a climb that lands on SKILL.md is still the skill under test, and one out of the
    skill stays refused."""
    skill = skill_with(tmp_path, [
        {"id": "up", "prompt": "Audit ledger.csv for duplicates.",
         "files": ["../data/ledger.csv"], "assertions": ["duplicate"]}],
        {"data/ledger.csv": "id,payee,amount\n1,Acme,10\n2,Acme,10\n"})
    got = report(skill)
    assert [f["file"] for f in got["cases"][0]["fixtures"]] == ["data/ledger.csv"], got
    assert got["cases"][0]["fixtures"][0]["staged_at"] == "data/ledger.csv"
    for n, (file, said) in enumerate((("../SKILL.md", "skill under test"),
                                      ("../../elsewhere.csv", "relative path inside"))):
        bad = skill_with(tmp_path / f"b{n}", [
            {"id": "up", "prompt": "Audit the ledger for duplicates.", "files": [file],
             "assertions": ["duplicate"]}])
        (tmp_path / f"b{n}" / "elsewhere.csv").write_text("x\n")
        result = check(str(bad))
        assert result.exit_code == 2 and said in result.output, result.output


def test_a_file_skill_md_presents_as_sample_input_may_be_staged(tmp_path: Path) -> None:
    """SKILL.md says "`assets/demo-ledger.csv` is a synthetic ledger export: run the skill
    against it first": that file is input the skill runs on, so a case stages it (the baseline
    gets the ledger, not the skill). A file named only in passing (`see references/rules.md`)
    or presented as a sample output stays the skill's: refused beside an input, never staged
    alone."""
    md = SKILL_MD + ("\n## Sample data\n\n`assets/demo-ledger.csv` is a synthetic ledger export"
                     " with two duplicates. Run the skill against it first.\n\n"
                     "`assets/a.csv` and `assets/b.csv` are two mock exports, in order.\n\n"
                     "`assets/c.csv` — synthetic batch of new-business registration records, "
                     "for CSV mode.\n\n"
                     "Apply the rules in references/rules.md to every row.\n\n"
                     "`assets/report.md` is an example report for the demo ledger.\n")
    held = {"assets/demo-ledger.csv": "id,payee\n1,Acme\n1,Acme\n", "assets/a.csv": "x\n",
            "assets/b.csv": "y\n", "assets/c.csv": "z\n", "references/rules.md": "Flag repeats.\n",
            "assets/report.md": "2 duplicates\n"}
    ok = skill_with(tmp_path / "ok", [
        {"id": "demo", "prompt": "Audit assets/demo-ledger.csv for duplicates.",
         "files": ["assets/demo-ledger.csv", "assets/a.csv", "assets/b.csv", "assets/c.csv"],
         "assertions": ["duplicate"]}], held, skill_md=md)
    result = check(str(ok))
    assert result.exit_code == 0, result.output
    for file in ("references/rules.md", "assets/report.md"):
        # beside an input the prompt does not hand over: refused (the list mixes the two);
        # alone, the skill's own file is what the case exercises: never staged (EV012)
        bad = skill_with(tmp_path / file.replace("/", "_"), [
            {"id": "demo", "prompt": "Audit the ledger for duplicates.",
             "files": [file, "assets/demo-ledger.csv"], "assertions": ["duplicate"]}],
            held, skill_md=md)
        result = check(str(bad))
        assert result.exit_code == 2, result.output
        assert f"fixture {file!r} is a file of the skill that its SKILL.md names" in \
            result.output
        alone = skill_with(tmp_path / ("a_" + file.replace("/", "_")), [
            {"id": "demo", "prompt": "Audit the ledger for duplicates.", "files": [file],
             "assertions": ["duplicate"]}], held, skill_md=md)
        assert [c["fixtures"] for c in report(alone)["cases"]] == [[]]


def test_a_fixture_climbing_to_a_sibling_skills_file_is_staged_from_there(
        tmp_path: Path) -> None:
    """In a collection (`skills/<name>/`), a case of one skill that stages
    `../ledger-export/assets/pipeline.csv` (written from its skill folder) means the sibling
    skill's sample: carried from there, landing where the prompt names it; a climb to a folder
    that is no skill, or to nothing, stays refused."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    make_skill(repo / "skills", [{"id": "x", "prompt": "p", "assertions": ["a"]}],
               {"assets/pipeline.csv": "deal,value\nAcme,10\n"}, name="ledger-export")
    (repo / "skills" / "notes").mkdir()
    (repo / "skills" / "notes" / "pipeline.csv").write_text("deal,value\n")
    for n, (file, ok) in enumerate((("../ledger-export/assets/pipeline.csv", True),
                                    ("../notes/pipeline.csv", False),
                                    ("../ledger-export/assets/none.csv", False))):
        skill = skill_with(repo / "skills" / f"s{n}", [
            {"id": "csv", "prompt": "Audit skills/ledger-export/assets/pipeline.csv for "
             "duplicate deals.", "files": [file], "assertions": ["duplicate"]}])
        # the skill sits in the collection itself, beside ledger-export
        moved = repo / "skills" / f"audit-{n}"
        shutil.move(str(skill), str(moved))
        result = check(str(moved))
        assert (result.exit_code == 0) is ok, result.output
        if ok:
            got = report(moved)
            staged = got["cases"][0]["fixtures"][0]
            assert staged["staged_at"] == "skills/ledger-export/assets/pipeline.csv", got
