"""A plugin's layout, `evals/cases/<skill>/*.json|yaml` (one folder of case files per skill or
command), read as the set of the skill the folder names; and a collection's shared root cases
naming a skill that has its own set, read beside it with unique ids, each finding naming its
file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from runner.cli import main


def _skill(root: Path, name: str) -> Path:
    skill = root / "skills" / name
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(f"---\nname: {name}\ndescription: Formats {name} tables "
                                    f"for reports. Use when asked for a {name} table.\n---\n"
                                    "Keep columns aligned.\n")
    return skill


def _plugin(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    for name in ("ledger", "invoice"):
        _skill(tmp_path, name)
    cases = tmp_path / "evals" / "cases"
    (cases / "ledger").mkdir(parents=True)
    (cases / "invoice").mkdir(parents=True)
    (cases / "ledger" / "totals.json").write_text(json.dumps(
        {"id": "totals", "prompt": "Format the ledger with a totals row.",
         "assertions": ["Total"]}))
    (cases / "ledger" / "more.yaml").write_text(
        "- id: dates\n  prompt: Format the ledger sorted by date.\n  assertions: [Date]\n")
    (cases / "invoice" / "one.json").write_text(json.dumps(
        {"id": "vat", "prompt": "Format the invoice with VAT shown.", "assertions": ["VAT"]}))
    return tmp_path


def check(*args: str) -> Result:
    return CliRunner().invoke(main, ["check", *args])


def report(path: Path) -> Any:
    result = check(str(path), "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_skill_reads_the_case_folder_named_for_it(tmp_path: Path) -> None:
    root = _plugin(tmp_path)
    found = report(root / "skills" / "ledger")
    assert sorted(c["id"] for c in found["cases"]) == ["dates", "totals"]
    assert {e["entry"] for c in found["cases"] for e in c["checks"]} == {"Total", "Date"}


def test_a_plugin_collection_runs_each_skill_on_its_folder(tmp_path: Path) -> None:
    root = _plugin(tmp_path)
    found = {r["skill"]: sorted(c["id"] for c in r["cases"]) for r in report(root)}
    assert found == {"ledger": ["dates", "totals"], "invoice": ["vat"]}


def test_a_case_folder_named_for_another_skill_is_not_read(tmp_path: Path) -> None:
    """Negative: a skill with no folder of its own under evals/cases/ gets no set from it."""
    root = _plugin(tmp_path)
    other = _skill(root, "receipt")
    result = check(str(other))
    assert result.exit_code == 2, result.output
    assert "no case set" in result.output


def _case(n: int, **extra: Any) -> dict[str, Any]:
    return {"id": f"c{n}", "prompt": f"Format table {n} with aligned columns please.",
            "assertions": ["Total"], **extra}


def _with_shared(tmp_path: Path, shared: list[dict[str, Any]]) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "evals").mkdir()
    (tmp_path / "evals" / "evals.json").write_text(json.dumps({"evals": shared}))
    ledger = _skill(tmp_path, "ledger")
    _skill(tmp_path, "invoice")
    (ledger / "evals").mkdir()
    (ledger / "evals" / "evals.json").write_text(json.dumps({"evals": [_case(1)]}))
    return ledger


def test_shared_cases_naming_the_skill_are_read_beside_its_own(tmp_path: Path) -> None:
    ledger = _with_shared(tmp_path, [_case(1, skill="ledger"), _case(2, skill="ledger"),
                                     _case(3, skill="invoice")])
    found = report(ledger)
    assert [c["id"] for c in found["cases"]] == ["c1", "shared-c1", "c2"]  # ids kept unique
    plain = check(str(ledger)).output
    assert "2 of its 3 case(s) name this skill: read beside its own set" in plain


def test_a_finding_on_a_shared_case_names_the_shared_file(tmp_path: Path) -> None:
    ledger = _with_shared(tmp_path, [_case(2, skill="ledger", assertions=["re:(unclosed"])])
    result = check(str(ledger))
    assert result.exit_code == 2, result.output
    shared = tmp_path / "evals" / "evals.json"
    line = next(x for x in result.output.splitlines() if "unclosed" in x)
    assert str(shared) in line and "c2" in line


def test_shared_cases_naming_other_skills_stay_out(tmp_path: Path) -> None:
    """Negative: only the cases that name this skill are read beside its own."""
    ledger = _with_shared(tmp_path, [_case(3, skill="invoice")])
    found = report(ledger)
    assert [c["id"] for c in found["cases"]] == ["c1"]
    assert "read beside" not in check(str(ledger)).output
