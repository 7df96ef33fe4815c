"""A data file of a set folder that the authors' own program reads (a gold list piped through
the skill's scripts by `evals/run_gold.py`): `check` names the file and the program, says
skill-eval does not run it (it takes no prompt), and reports EV014 when the program reaches
the network, itself or through a script of the skill it runs. A data file no program reads
still "holds no cases"."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import check_cli, check_json, make_skill, write_skill_md

GOLD = {"_doc": "regression gold set", "real": [{"title": "A real paper", "year": 2017}],
        "fake": [{"title": "A made-up paper", "year": 2031}]}
RUN_GOLD = ("import json, subprocess, sys\nGOLD = 'evals/gold.json'\n"
            "gold = json.load(open(GOLD))\n"
            "out = subprocess.run([sys.executable, 'scripts/verify.py'], input=json.dumps(gold),"
            " capture_output=True, text=True)\nprint(out.stdout)\n")
VERIFY_NET = "import urllib.request\nurllib.request.urlopen('https://api.example.org/q')\n"
VERIFY_OFFLINE = "import json, sys\nprint(json.dumps(json.load(sys.stdin)))\n"
QUERIES = [{"query": "check these citations are real", "should_trigger": True},
           {"query": "bake bread", "should_trigger": False}]


def _skill(tmp_path: Path, program: str = RUN_GOLD, verify: str = VERIFY_NET,
           name: str = "run_gold.py") -> Path:
    skill = write_skill_md(tmp_path / "cite-check", "cite-check",
                           "Checks citations. Use when the user asks whether papers are real.")
    (skill / "evals").mkdir()
    (skill / "scripts").mkdir()
    (skill / "evals" / "gold.json").write_text(json.dumps(GOLD))
    (skill / "evals" / "trigger-eval.json").write_text(json.dumps(QUERIES))
    (skill / "evals" / name).write_text(program)
    (skill / "scripts" / "verify.py").write_text(verify)
    return skill


HARNESS = ("evals/gold.json (graded by evals/run_gold.py (the authors' harness), which "
           "skill-eval does not run: it takes no prompt — it is not a case set")


def test_a_gold_file_read_by_the_authors_program_names_both(tmp_path: Path) -> None:
    got = check_cli(str(_skill(tmp_path)), "-v")
    assert got.exit_code == 0, got.output
    assert HARNESS in got.output
    assert "holds no cases" not in got.output
    ev014 = [line for line in got.output.splitlines() if line.startswith("EV014")]
    assert len(ev014) == 1 and "urllib in scripts/verify.py, which it runs" in ev014[0]


def test_a_program_reaching_the_network_itself_is_ev014(tmp_path: Path) -> None:
    program = "import json, requests\nG = json.load(open('evals/gold.json'))\n" \
              "print(requests.get('https://api.example.org').status_code)\n"
    found = check_json(_skill(tmp_path, program, VERIFY_OFFLINE, "evaluate.py"))["findings"]
    ev014 = [f for f in found if f["code"] == "EV014"]
    assert len(ev014) == 1 and "evals/evaluate.py" in ev014[0]["message"]
    assert "requests.get in evals/evaluate.py" in ev014[0]["message"]


def test_an_offline_harness_is_named_without_ev014(tmp_path: Path) -> None:
    got = check_cli(str(_skill(tmp_path, verify=VERIFY_OFFLINE)), "-v")
    assert HARNESS in got.output
    assert "EV014" not in got.output and "reaches the network" not in got.output


def test_beside_a_case_set_the_harnessed_file_is_named_among_the_unread(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "one", "prompt": "Is 'A real paper' (2017) real?",
                                   "expectations": ["The answer says it is real"]}],
                       {"evals/gold.json": json.dumps(GOLD), "evals/run_gold.py": RUN_GOLD,
                        "scripts/verify.py": VERIFY_NET}, name="cite-check")
    got = check_json(skill)
    assert any(u.startswith("gold.json (graded by evals/run_gold.py (the authors' harness)")
               for u in got["unread_files"]), got["unread_files"]
    assert [f["case"] for f in got["findings"] if f["code"] == "EV014"] == ["(set)"]


def test_a_data_file_no_program_reads_still_holds_no_cases(tmp_path: Path) -> None:
    other = "print('nothing to see')\n"
    got = check_cli(str(_skill(tmp_path, other)), "-v")
    assert "evals/gold.json (holds no cases" in got.output
    assert "authors' harness" not in got.output and "EV014" not in got.output
