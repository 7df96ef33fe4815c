"""A grader program whose usage the set's notes give as a command line (issue 26, "Authors'
grader programs"): run with the case id and the work directory where the line puts them; a
line whose placeholders are neither, or that takes no work, gets one EV012 line with the fix;
a program that does not grade says nothing."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from runner.authoring.caseset import load_caseset
from runner.authoring.usage_lines import parse
from runner.cli import main
from runner.schema.case import Case, CaseSet, OutputCheck
from runner.schema.programs import Found
from tests.helpers import make_skill

_CASES = [{"id": "first", "prompt": "Tidy the notes in this folder.",
           "expectations": ["Names the two layers of the model"]},
          {"id": "second one", "prompt": "Tidy the notes again.",
           "expectations": ["Says what was merged"]}]
# reads the set: a program that grades it, whatever its name
_ASSESS = 'import json, sys\ncases = json.load(open("evals/evals.json"))\nprint(sys.argv)\n'


def _load(tmp_path: Path, files: dict[str, str], cases: object = None) -> CaseSet:
    return load_caseset(make_skill(tmp_path, _CASES if cases is None else cases, files=files),
                        "tidy-notes")


def _usage_lines(caseset: CaseSet) -> list[str]:
    return [f.message for f in caseset.findings if "give its usage" in f.message]


def test_positions_of_a_readme_usage_line_take_the_case_id_and_the_work(tmp_path: Path) -> None:
    caseset = _load(tmp_path, {"evals/assess_work.py": _ASSESS, "evals/README.md":
                               "# Evals\n\nRun:\n\n```\npython evals/assess_work.py <case-id> "
                               "<repo-path> [notes.md]\n```\n"})
    commands = [c.grader_program.command for c in caseset.evals if c.grader_program]
    assert commands == ["python3 evals/assess_work.py first .",
                        "python3 evals/assess_work.py 'second one' ."]
    assert all(c.grader_program and c.grader_program.found is Found.USAGE
               for c in caseset.evals)


def test_options_of_a_usage_line_in_the_set_description_map_too(tmp_path: Path) -> None:
    # a program named like a grader, whose own command line is options: run as its notes say
    source = ('import argparse\np = argparse.ArgumentParser()\np.add_argument("--case", '
              'required=True)\np.add_argument("--workdir", required=True)\np.parse_args()\n')
    caseset = _load(tmp_path, {"evals/check.py": source}, cases={
        "description": "Graded by `python check.py --case ID --workdir DIR` after each run.",
        "evals": _CASES})
    program = caseset.evals[0].grader_program
    assert program is not None and program.command == \
        "python3 evals/check.py --case first --workdir ."  # named from the skill's root
    assert program.path == "evals/check.py"


def test_a_docstring_usage_of_a_program_in_evals_is_read(tmp_path: Path) -> None:
    source = ('"""Rates one run.\n\nUsage:\n    python3 evals/rate.py <workspace> <eval_id>\n'
              f'"""\n{_ASSESS}')
    caseset = _load(tmp_path, {"evals/rate.py": source})
    program = caseset.evals[0].grader_program
    assert program is not None and program.command == "python3 evals/rate.py . first"


def test_a_line_with_a_placeholder_that_is_neither_is_reported_not_run(tmp_path: Path) -> None:
    caseset = _load(tmp_path, {"evals/assess_work.py": _ASSESS, "evals/README.md":
                               "Release gate: `python3 evals/assess_work.py --runs "
                               "runs/<release> --gate`\n"})
    assert all(c.grader_program is None for c in caseset.evals)
    lines = _usage_lines(caseset)
    assert len(lines) == 1 and "runs/<release> (neither the case nor the work)" in lines[0]


def test_a_scorer_of_the_skill_reading_a_responses_file_is_reported(tmp_path: Path) -> None:
    source = ('/**\n * Usage: node scripts/evaluate.mjs --responses FILE\n */\n'
              'const cases = JSON.parse(read("evals/evals.json"));\n')
    caseset = _load(tmp_path, {"scripts/evaluate.mjs": source})
    lines = _usage_lines(caseset)
    assert len(lines) == 1 and "scripts/evaluate.mjs" in lines[0] and "answers" in lines[0]
    assert all(c.grader_program is None for c in caseset.evals)


def test_a_program_that_does_not_grade_says_nothing_and_runs_nothing(tmp_path: Path) -> None:
    caseset = _load(tmp_path, {"evals/install_tools.py": "print('ok')\n", "evals/README.md":
                               "Set up: `python3 evals/install_tools.py <workdir>`\n"})
    assert _usage_lines(caseset) == []
    assert all(c.grader_program is None for c in caseset.evals)


def test_the_command_built_leaves_optional_arguments_out() -> None:
    usage = parse("$ bash tools/judge.sh <case> <workdir> [report.md] ...", "tools/judge.sh")
    assert usage is not None and usage.problem is None
    assert usage.command(Case(id="c 1", prompt="p")) == ("bash tools/judge.sh 'c 1' .", None)
    assert parse("python3 other.py <case> <workdir>", "tools/judge.sh") is None
    bare = parse("python3 tools/judge.sh --self-test", "tools/judge.sh")
    assert bare is not None and bare.problem is not None and "neither" in bare.problem


def test_a_tool_of_the_skill_or_a_bare_mention_says_nothing(tmp_path: Path) -> None:
    # a checker the skill ships for its users reads no set; a path alone is no usage line
    caseset = _load(tmp_path, {
        "scripts/link_checker.py": '"""Usage: python3 scripts/link_checker.py <dir>"""\n',
        "evals/assess_work.py": _ASSESS,
        "evals/README.md": "The set is graded by `evals/assess_work.py` after review.\n"})
    assert _usage_lines(caseset) == []
    assert all(c.grader_program is None for c in caseset.evals)


_STAGED = Case(id="0", prompt="Tidy data.csv.", files=("evals/files/data.csv",),
               outputs=(OutputCheck(path="report.md"),))


def test_each_placeholder_gets_what_it_names_the_most_specific_word_deciding() -> None:
    # `<run-dir>` is the work, `<fixture>`/`<fixture-dir>` the case's fixture as staged (never
    # the work, though "dir" is a word of it), `<case-id>` the id, `<output-file>` its output
    for line, want in [("grade.py <run-dir> <fixture> <case-id>", "grade.py . data.csv 0"),
                       ("grade.py <run-dir> <fixture-dir> <case-id>", "grade.py . data.csv 0"),
                       ("grade.py <output-file> <case-index>", "grade.py report.md 0")]:
        usage = parse(line, "evals/grade.py")
        assert usage is not None and usage.problem is None, line
        assert usage.command(_STAGED) == (want, None)


def test_what_a_graders_container_is_not_given_cannot_be_mapped() -> None:
    for line, said in [("grade.py <workdir> <transcript>", "transcript"),
                       ("grade.py <workdir> <case.json>", "$SKILL_EVAL_CASE")]:
        usage = parse(line, "evals/grade.py")
        assert usage is not None and usage.problem is not None and said in usage.problem


def test_a_case_without_the_one_fixture_the_line_takes_is_said_and_not_run(
        tmp_path: Path) -> None:
    source = '"""Usage: python3 evals/grade.py <workdir> <input-file>"""\nprint("{}")\n'
    cases = [{"id": "one", "prompt": "Tidy data.csv.", "files": ["evals/files/data.csv"],
              "expectations": ["Says what was merged"]},
             {"id": "none", "prompt": "Tidy the notes.", "expectations": ["Says what"]}]
    caseset = _load(tmp_path, {"evals/grade.py": source, "evals/files/data.csv": "a,b\n"},
                    cases=cases)
    first, second = caseset.evals
    assert first.grader_program is not None and \
        first.grader_program.command == "python3 evals/grade.py . data.csv"
    assert second.grader_program is None
    said = [f for f in caseset.findings if f.case == "none" and "cannot run for this case" in
            f.message]
    assert len(said) == 1 and "stages no fixture" in said[0].message


def test_a_program_naming_its_positional_arguments_in_its_source_is_called_so(
        tmp_path: Path) -> None:
    argv = 'import sys\nrun_dir, fixture, case_id = sys.argv[1], sys.argv[2], sys.argv[3]\n'
    argparse = ('import argparse\np = argparse.ArgumentParser()\np.add_argument("work_dir")\n'
                'p.add_argument("case_id")\np.add_argument("--strict", action="store_true")\n')
    cases = [{"id": 3, "prompt": "Tidy data.csv.", "files": ["evals/files/data.csv"],
              "expectations": ["Says what was merged"]}]
    for source, want in [(argv, "evals/grade.py . data.csv 3"),
                         (argparse, "evals/grade.py . 3")]:
        caseset = _load(tmp_path / str(len(want)), {"evals/grade.py": source,
                                                    "evals/files/data.csv": "a,b\n"},
                        cases=cases)
        program = caseset.evals[0].grader_program
        assert program is not None and program.command == want
        assert program.found is Found.USAGE


def test_a_program_whose_own_arguments_cannot_be_mapped_is_said_not_run(
        tmp_path: Path) -> None:
    source = ('import argparse\np = argparse.ArgumentParser()\np.add_argument("workdir")\n'
              'p.add_argument("transcript")\n')
    caseset = _load(tmp_path, {"evals/grade.py": source})
    assert all(c.grader_program is None for c in caseset.evals)
    lines = [f.message for f in caseset.findings if "its own source gives its usage" in
             f.message]
    assert len(lines) == 1 and "<transcript> (the session's transcript" in lines[0]


def test_check_prints_the_mapped_usage_through_the_cli(tmp_path: Path) -> None:
    source = '"""usage: grade.py <run-dir> <fixture> <case-id>"""\nprint("{}")\n'
    skill = make_skill(tmp_path, [{"id": 7, "prompt": "Tidy data.csv.",
                                   "files": ["evals/files/data.csv"],
                                   "expectations": ["Says what was merged"]}],
                       files={"evals/grade.py": source, "evals/files/data.csv": "a,b\n"})
    result = CliRunner().invoke(main, ["check", str(skill), "-v"], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "grade.py . data.csv 7" in result.output


def test_a_placeholder_naming_a_file_is_the_output_file_never_the_work() -> None:
    usage = parse("python check_rating.py <path-to-rating.md>", "scripts/check_rating.py")
    assert usage is not None and usage.problem is None
    assert usage.command(_STAGED) == ("python3 check_rating.py report.md", None)
    # a case naming no output file answers in its reply: the file is that reply's
    bare = Case(id="1", prompt="Rate it.")
    assert usage.command(bare) == ("python3 check_rating.py '$SKILL_EVAL_REPLY'", None)


def test_a_fixture_that_is_the_workspace_is_not_the_original_a_program_compares_with() -> None:
    usage = parse("grade.py <run-dir> <fixture-dir> <eval-name>", "evals/grade.py")
    workspace = Case(id="0", prompt="Wire the agents.", files=("evals/fixtures/rich-repo",),
                     root_fixtures=("evals/fixtures/rich-repo",))
    assert usage is not None and usage.problem is None
    command, problem = usage.command(workspace)
    assert problem is not None and "its workspace" in problem and "original" in problem


# An example line run on one case (`--eval first`): the id written in is the case's slot.
_EXAMPLE = ("# Evals\n\nGrade one run:\n\n`python3 evals/assess_work.py <dir> --eval first`\n")


def test_a_case_id_written_into_the_line_is_each_cases_own(tmp_path: Path) -> None:
    caseset = _load(tmp_path, {"evals/assess_work.py": _ASSESS, "evals/README.md": _EXAMPLE})
    commands = [c.grader_program.command for c in caseset.evals if c.grader_program]
    assert commands == ["python3 evals/assess_work.py . --eval first",
                        "python3 evals/assess_work.py . --eval 'second one'"]


def test_a_literal_that_is_no_case_id_stays_as_written() -> None:
    from runner.authoring.usage_lines import with_case_slot

    usage = parse("python3 evals/g.py <dir> --mode strict", "evals/g.py")
    assert usage is not None
    assert with_case_slot(usage, ["first", "second"]) == usage
    numbered = parse("python3 evals/g.py <dir> --retries 3", "evals/g.py")
    assert numbered is not None and with_case_slot(numbered, ["1", "3"]) == numbered
    by_option = parse("python3 evals/g.py <dir> --case 3", "evals/g.py")
    assert by_option is not None and "case" in with_case_slot(by_option, ["1", "3"]).takes


def test_check_prints_each_cases_own_id_through_the_cli(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, _CASES, files={"evals/assess_work.py": _ASSESS,
                                                "evals/README.md": _EXAMPLE})
    result = CliRunner().invoke(main, ["check", str(skill), "-v"], terminal_width=400)
    assert result.exit_code == 0, result.output
    assert "assess_work.py . --eval 'second one'" in result.output
    assert "--eval first" in result.output


# Two example lines, each written for one case: a file to check, and a directory to check.
_TWO = ("# Evals\n\nCheck one output:\n\n```\npython3 evals/assess_work.py path/to/notes.md "
        "--eval first\n```\n\nThe action case grades the work itself:\n\n```\npython3 "
        "evals/assess_work.py <dir> --eval 'second one'\n```\n")


def test_a_case_runs_the_example_line_written_for_it(tmp_path: Path) -> None:
    cases = [{**_CASES[0], "outputs": [{"path": "notes.md"}]}, _CASES[1],
             {"id": "third", "prompt": "Tidy once more.", "expectations": ["Says so"]}]
    caseset = _load(tmp_path, {"evals/assess_work.py": _ASSESS, "evals/README.md": _TWO},
                    cases)
    commands = {c.id: c.grader_program.command if c.grader_program else None
                for c in caseset.evals}
    assert commands == {"first": "python3 evals/assess_work.py notes.md --eval first",
                        "second one": "python3 evals/assess_work.py . --eval 'second one'",
                        # no output file: the file it checks is the case's reply
                        "third": "python3 evals/assess_work.py '$SKILL_EVAL_REPLY' --eval third"}
    assert not any("names no output file" in f.message for f in caseset.findings)


def test_a_line_taking_the_reply_as_a_file_gets_the_reply_file() -> None:
    """`--response FILE`, a positional `response.md`, `<reply>`: the agent's final reply,
    given to every grader program as a file ($SKILL_EVAL_REPLY), whatever the case's outputs;
    a file of responses collected across cases stays what no trial has."""
    for line, want in [
            ("python3 evals/grade.py --response FILE --eval ID",
             "python3 evals/grade.py --response '$SKILL_EVAL_REPLY' --eval 0"),
            ("python3 evals/grade.py response.md <case-id>",
             "python3 evals/grade.py '$SKILL_EVAL_REPLY' 0"),
            ("grade.py <workdir> <reply>", "grade.py . '$SKILL_EVAL_REPLY'")]:
        usage = parse(line, "evals/grade.py")
        assert usage is not None and usage.problem is None, (line, usage)
        assert usage.command(_STAGED) == (want, None)
    plural = parse("grade.py --responses FILE", "evals/grade.py")
    assert plural is not None and plural.problem is not None and "answers" in plural.problem
    notes = parse("grade.py notes.md <workdir>", "evals/grade.py")
    assert notes is not None and notes.args[0] == "notes.md"  # a file named otherwise stays


def test_an_example_line_on_a_reply_file_runs_per_case_with_each_cases_id(
        tmp_path: Path) -> None:
    """The notes' one example (`checks.py path/to/answer.md --eval <one case's name>`) runs
    for every case that names no output file, on its reply and with its own id."""
    readme = "Check one output:\n\n    python3 checks.py path/to/answer.md --eval second-one\n"
    source = ('import argparse, json\np = argparse.ArgumentParser()\np.add_argument("out")\n'
              'p.add_argument("--eval")\ncases = json.load(open("evals.json"))\n')
    cases = [{**c, "name": c["id"].replace(" ", "-")} for c in _CASES]
    caseset = _load(tmp_path, {"evals/checks.py": source, "evals/README.md": readme},
                    cases=cases)
    commands = [c.grader_program.command if c.grader_program else None for c in caseset.evals]
    assert commands == ["python3 evals/checks.py '$SKILL_EVAL_REPLY' --eval first",
                        "python3 evals/checks.py '$SKILL_EVAL_REPLY' --eval 'second one'"]
