"""A case's setup (issue 26): the commands the authors' harness runs in the working directory
before the agent starts are read from the case (`setup`: argv lists or shell lines), shown by
`check -v`, and run before the session, after the fixtures are staged (on a sandbox that cannot
contain them, only under --trust-target, as the skill's other programs). A setup that cannot
run offline in the sandbox (network, a path on the author's machine, a blank) flags the case
(EV014) and is not run; a `setup` that is prose stays the author's note."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from runner.authoring.caseset import load_caseset
from runner.cli import main
from runner.schema.case import Case
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from tests.helpers import check_json, check_verbose, make_skill

pytestmark = pytest.mark.usefixtures("fake_sandbox")

SHOP = {"evals/files/shop/app.py": "def total(xs):\n    return sum(xs) + 1\n"}
PROMPT = "Fix the off-by-one in total() in app.py and commit it."


def _skill(tmp_path: Path, setup: Any) -> Path:
    return make_skill(tmp_path, [{"id": "fix", "prompt": PROMPT, "assertions": ["sum(xs)"],
                                  "fixture": "evals/files/shop", "setup": setup}], SHOP)


@pytest.mark.parametrize("setup", [
    [["git", "init", "-b", "main"], ["git", "add", "-A"], ["python", "gen_log.py"]],
    "git init -b main\n# the seed commit\ngit add -A\npython gen_log.py\n",
])
def test_a_setup_is_read_as_the_lines_run_before_the_session(tmp_path: Path,
                                                             setup: Any) -> None:
    skill = _skill(tmp_path, setup)
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.setup_run == ("git init -b main", "git add -A", "python gen_log.py")
    assert "setup" not in case.extra
    out = check_verbose(skill)
    assert "setup: `git init -b main` runs in the working directory before the agent " \
           "starts" in out, out
    assert "`setup` read as the case's setup: 3 command(s)" in out
    assert "ignored: setup" not in out


@pytest.mark.parametrize(("setup", "why"), [
    (["git clone https://example.com/shop.git ."], "needs the network"),
    (["npm install"], "needs the network"),
    (["cp -r /Users/ana/shop-template/. ."], "a path on the author's machine"),
    (["git remote add origin <REPO_URL>"], "a blank the author's harness fills in"),
    ("cd /tmp && mkdir repo && cd repo && git init", "outside the working directory"),
])
def test_a_setup_that_cannot_run_offline_flags_the_case(tmp_path: Path, setup: Any,
                                                       why: str) -> None:
    skill = _skill(tmp_path, setup)
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.setup_run == ()
    flagged = [f for f in check_json(skill)["findings"] if f["code"] == "EV014"]
    assert len(flagged) == 1 and why in flagged[0]["message"], flagged
    assert "no arm can do it as written" in flagged[0]["message"]


@pytest.mark.parametrize("setup", ["The user has a repo with two commits on main.",
                                   {"branch": "main"}])
def test_a_setup_that_is_no_command_stays_the_authors_note(tmp_path: Path, setup: Any) -> None:
    skill = _skill(tmp_path, setup)
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.setup_run == () and case.extra["setup"] == setup
    assert not [f for f in check_json(skill)["findings"] if f["code"] == "EV014"]


def test_a_case_without_a_setup_digests_as_before() -> None:
    case = Case(id="c", prompt="p", assertions=("x",))
    assert "setup_run" not in case.model_dump()
    assert case.model_copy(update={"setup_run": ("git init",)}).digest() != case.digest()


def _run(tmp_path: Path, skill: Path, *args: str) -> Result:
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump({"scenarios": [{"name": "any", "turns": [{"text": "ok"}]}]}))
    return CliRunner().invoke(main, [
        "run", str(skill), "--executor", "inprocess", "--sandbox", "fake", "--fresh",
        "--model-script", str(script), "--store", str(tmp_path / "store"), *args])


def test_the_setup_runs_before_the_session_and_only_when_trusted_off_a_container(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    markers = tmp_path / "markers"
    markers.mkdir()
    monkeypatch.setenv("MARKER_DIR", str(markers))
    skill = _skill(tmp_path, ['touch "$MARKER_DIR/ran"', "echo seeded > seed.txt",
                              "git init -q && git add -A && git commit -qm seed"])

    refused = _run(tmp_path, skill)  # the fake sandbox runs programs on the host
    assert refused.exit_code == 2, refused.output
    assert "--trust-target" in refused.output and list(markers.iterdir()) == []

    trusted = _run(tmp_path, skill, "--trust-target")
    assert trusted.exit_code in (0, 1), trusted.output
    assert (markers / "ran").exists()
    assert "setup" not in trusted.output.lower() or "exited" not in trusted.output, trusted.output
    store = LocalStore(tmp_path / "store")
    (run_id,) = [k.split("/")[1] for k in store.list("runs/") if k.endswith("/plan.json")]
    keys = RunKeys(run_id)
    done = [json.loads(store.get(k)) for k in store.list(f"runs/{run_id}/trials/")
            if k == keys.trial(k.split("/")[3]).done]
    assert done and all(d["status"] != "infra_error" for d in done), done
    # what the setup built is the starting point (the trial's inputs), never the agent's work
    assert all({"app.py", "seed.txt"} <= set(d["inputs"]) for d in done), done


def test_only_a_setup_has_the_working_directory_writable(tmp_path: Path) -> None:
    from runner.sandbox.base import ProgramSpec
    from runner.sandbox.docker import DockerSandbox

    def work_mount(writable: bool) -> Any:
        spec = ProgramSpec(trial_id="t", run_id="r", workdir=tmp_path, program=tmp_path,
                           timeout_s=10, shell="git init", writable=writable)
        kwargs = DockerSandbox()._program_kwargs(spec)  # no daemon: the settings only
        assert kwargs["network_mode"] == "none"
        return kwargs["mounts"][0]

    assert work_mount(True)["ReadOnly"] is False
    assert work_mount(False)["ReadOnly"] is True  # a grader reads the work, never writes it


SEED = "git init -q -b main\ngit add -A\ngit -c user.name=e -c user.email=e@x commit -qm seed\n"


def _folder_skill(tmp_path: Path, files: dict[str, str]) -> Path:
    return make_skill(tmp_path, [{"id": "fix", "prompt": PROMPT, "assertions": ["sum(xs)"],
                                  "fixture": "evals/fixtures/repo"}],
                      {**{f"evals/fixtures/repo/{k}": v for k, v in files.items()},
                       "evals/fixtures/repo/app.py": SHOP["evals/files/shop/app.py"]})


@pytest.mark.parametrize("files", [
    {"setup.sh": "#!/bin/sh\n# Fixture setup: run by the harness inside the copy.\n" + SEED},
    {"setup.sh": SEED, "README.md": "The harness runs setup.sh in the copy before each case.\n"},
])
def test_a_workspace_folders_setup_script_its_notes_say_the_harness_runs_is_its_setup(
        tmp_path: Path, files: dict[str, str]) -> None:
    skill = _folder_skill(tmp_path, files)
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.setup_run == ("sh setup.sh",)
    assert "the workspace's setup script (its notes say the harness runs it)" in \
        check_verbose(skill)


def test_a_setup_script_no_note_calls_so_is_a_project_file(tmp_path: Path) -> None:
    skill = _folder_skill(tmp_path, {"setup.sh": SEED, "README.md": "A tiny shop.\n"})
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.setup_run == ()


def test_a_workspace_setup_script_needing_the_network_flags_the_case(tmp_path: Path) -> None:
    skill = _folder_skill(tmp_path, {"setup.sh": "# run by the harness before the case\n"
                                                 "git clone https://example.com/shop.git .\n"})
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.setup_run == ()
    flagged = [f for f in check_json(skill)["findings"] if f["code"] == "EV014"]
    assert len(flagged) == 1 and "needs the network" in flagged[0]["message"], flagged


def test_a_setup_supplies_what_the_prompt_works_on(tmp_path: Path) -> None:
    """The repository "this repository" points at, and a file a setup line writes, are what
    the setup builds: no EV009 for material the case does not stage. Without the setup the
    same prompt stays refused."""
    prompt = "Count the commits of this repository and read notes.md into count.txt."
    seeded = make_skill(tmp_path / "a", [{"id": "c", "prompt": prompt, "assertions": ["1"],
                                          "setup": ["git init -q && echo a > notes.md && "
                                                    "git add -A && git commit -qm seed"]}])
    assert load_caseset(seeded, "tidy-notes").evals[0].setup_run
    bare = make_skill(tmp_path / "b", [{"id": "c", "prompt": prompt, "assertions": ["1"]}])
    refused = check_verbose(bare)
    assert "EV009" in refused and "this repository" in refused, refused
    assert "notes.md" in refused


def test_a_setup_naming_the_authors_script_flags_the_case(tmp_path: Path) -> None:
    skill = _skill(tmp_path, "tools/evals/scripts/plant-bug.sh")
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.setup_run == () and "setup" not in case.extra
    flagged = [f for f in check_json(skill)["findings"] if f["code"] == "EV014"]
    assert len(flagged) == 1, flagged
    assert "names the authors' script tools/evals/scripts/plant-bug.sh" in flagged[0]["message"]
    assert "ignored: setup" not in check_verbose(skill)


def test_an_operator_inside_quotes_is_part_of_the_command(tmp_path: Path) -> None:
    skill = _skill(tmp_path, "echo 'export const A = 1; export type B = 2;' > stub.ts")
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.setup_run == ("echo 'export const A = 1; export type B = 2;' > stub.ts",)


def test_a_setup_script_keeps_a_heredoc_with_its_command(tmp_path: Path) -> None:
    """One string of setup lines is read as the shell reads a script: a heredoc's body (prose
    of the file it writes) stays with its line and is neither a command nor a sentence, and
    the file it writes is the input the prompt names (check prints no EV009 for it)."""
    script = "git init -q\ncat > notes.md <<'EOF'\n# Terms\nThe term: A thing.\nEOF\ngit add -A\n"
    skill = make_skill(tmp_path, [{"id": "c", "prompt": "Summarise notes.md into out.md.",
                                   "assertions": ["Terms"], "setup": script}])
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.setup_run == ("git init -q", "cat > notes.md <<'EOF'\n# Terms\nThe term: A "
                              "thing.\nEOF", "git add -A")
    out = check_verbose(skill)
    assert "`setup` read as the case's setup: 3 command(s)" in out, out
    assert "EV009" not in out and "EV014" not in out, out


@pytest.mark.parametrize("line", ["python gen_log.py 2>&1 | tee gen.log", "command -v git",
                                  "for f in a b; do touch $f.md; done"])
def test_a_setup_line_read_by_the_shells_grammar_runs(line: str) -> None:
    """An fd redirection (`2>&1`), an option after `command` and a `for` header start no
    program: nothing the image lacks."""
    from runner.authoring.setups import why_not_runnable
    assert why_not_runnable(line) is None


@pytest.mark.parametrize(("line", "program"), [
    ('test -n "$(jq .name package.json)"', "jq"), ("env CI=1 jq . a.json", "jq"),
    ("x=`node -v`", "node")])
def test_a_program_a_setup_starts_anywhere_is_read(line: str, program: str) -> None:
    """A command substitution's program (inside double quotes too), and the program after
    `env`, are programs the line starts."""
    from runner.authoring.setups import why_not_runnable
    assert why_not_runnable(line) == f"it starts {program!r}, which the sandbox image lacks"


def test_check_reads_a_setups_fd_redirection_as_no_program(tmp_path: Path) -> None:
    """Through `check`: `2>&1` starts nothing (it was read as a command `1` the image lacks,
    EV014), while a command substitution's program the image lacks flags the case."""
    quiet = _skill(tmp_path / "a", ["git init -q 2>&1", "python gen_log.py 2>&1 | tee gen.log"])
    assert not [f for f in check_json(quiet)["findings"] if f["code"] == "EV014"]
    lacking = _skill(tmp_path / "b", ['echo "$(jq -r .name app.json)" > NAME'])
    flagged = [f for f in check_json(lacking)["findings"] if f["code"] == "EV014"]
    assert len(flagged) == 1 and "it starts 'jq'" in flagged[0]["message"], flagged


def test_a_setup_that_makes_and_enters_a_scratch_folder_runs_in_the_working_directory(
        tmp_path: Path) -> None:
    """`mkdir -p /tmp/x/src && cd /tmp/x && ...`: the harness's fresh workspace is the working
    directory (its paths made relative), no place outside it; printf's text is a file's words:
    neither its `npm` nor its markup's `/b` is a need. Through `check`: EV012 names the folder."""
    line = ("mkdir -p /tmp/eval-x/src && cd /tmp/eval-x && git init && printf "
            "'<a><b>1</b></a>\\nnpm install -g tool\\n' > README.md && touch src/a.py")
    skill = _skill(tmp_path, line)
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.setup_run == (line.replace("/tmp/eval-x/src", "./src")
                              .replace("/tmp/eval-x", "."),)
    found = check_json(skill)["findings"]
    assert not [f for f in found if f["code"] == "EV014"], found
    assert any("the scratch folder it makes and enters (/tmp/eval-x) is the working "
               "directory" in f["message"] for f in found), found


@pytest.mark.parametrize("line", [
    "mkdir -p /tmp/x && cd /tmp/y && git init",     # enters a folder it did not make
    "git init && cd /tmp/x && touch a",             # enters without making it
    "mkdir -p /tmp/x && cd /tmp/x && cp /srv/seed/a .",  # reaches elsewhere besides
    "echo ok && npm install"])                      # npm as a command, after a printer
def test_a_scratch_folder_is_only_one_the_line_makes_then_enters(line: str) -> None:
    from runner.authoring.setups import in_working_directory, why_not_runnable
    assert why_not_runnable(in_working_directory(line)) is not None
