"""`compare`, `evidence`, `--save` and `--incumbent latest` through the real CLI: stored runs of
known answers, and real runs (fake sandbox, scripted model) that file their own receipts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from runner.cli import main
from runner.store.local import LocalStore
from runner.store.receipts import load_receipt, skill_index
from tests.helpers import EXAMPLE
from tests.stored_runs import paired, store_receipt, trigger

SCRIPT = EXAMPLE / "model-script.yaml"
GOOD = {"append-row": ([True, True], [False, False]), "balance": ([True, True], [False, True])}


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def real_run(skill: Path, store: str, *extra: str) -> dict[str, object]:
    """A real run of `skill` (its cases, sessions in the fake sandbox, the scripted model)."""
    result = cli("run", str(skill), "--case", "row-count", "--sandbox", "fake", "--executor",
                 "inprocess", "--model-script", str(SCRIPT), "--store", store, "--json",
                 "--quiet", *extra)
    assert result.exit_code == 0, result.output
    report: dict[str, object] = json.loads(result.stdout)
    return report


def test_compare_names_a_real_regression_and_exits_1(tmp_path: Path) -> None:
    store = LocalStore(tmp_path / "s")
    big = {f"case-{i}": ([True, True], [False, False]) for i in range(8)}
    worse = {**big, **{f"case-{i}": ([False, False], [False, False]) for i in range(6)}}
    store_receipt(store, paired("r-1", big), "v1")
    store_receipt(store, paired("r-2", worse, digest="b" * 64, minutes=5), "v2")
    result = cli("compare", "v1", "v2", "--store", str(tmp_path / "s"))
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("REGRESSION DETECTED   v1 → v2")
    assert any(line.startswith("  ! task success") and "100% → 25%" in line for line in lines)
    worse_at = lines.index("  tasks that got worse:")
    assert lines[worse_at + 1].split() == ["case-0", "100%", "→", "0%"]
    as_json = cli("compare", "v1", "v2", "--store", str(tmp_path / "s"), "--json")
    assert as_json.exit_code == 1
    data = json.loads(as_json.stdout)
    assert data["regression"] is True and data["cases_worse"][0]["case"] == "case-0"
    noisy = {**big, "case-0": ([False, False], [False, False])}  # one case: inside the noise
    store_receipt(store, paired("r-3", noisy, digest="c" * 64, minutes=6), "v3")
    clean = cli("compare", "v1", "v3", "--store", str(tmp_path / "s"))
    assert clean.exit_code == 0 and clean.stdout.startswith("no regression")
    assert "    case-0" in clean.stdout  # still listed
    same = cli("compare", "v1", "r-1", "--store", str(tmp_path / "s"))
    assert same.exit_code == 0 and same.stdout.startswith("no regression")


def test_a_process_regression_is_listed_as_process(tmp_path: Path) -> None:
    store = LocalStore(tmp_path / "s")
    big = {f"case-{i}": ([True, True], [False, False]) for i in range(8)}
    followed = {c: [True, True] for c in big}
    store_receipt(store, paired("r-1", big, process=followed), "v1")
    store_receipt(store, paired("r-2", big, digest="b" * 64, minutes=5, process={
        **followed, **{f"case-{i}": [False, False] for i in range(6)}}), "v2")
    result = cli("compare", "v1", "v2", "--store", str(tmp_path / "s"))
    assert result.exit_code == 1
    assert "    case-0 (process)" in result.stdout
    assert "! process followed" in result.stdout and "! task success" not in result.stdout


def test_a_cost_rise_is_reported_and_fails_only_with_the_flag(tmp_path: Path) -> None:
    store = LocalStore(tmp_path / "s")
    store_receipt(store, paired("r-1", GOOD), "v1")
    store_receipt(store, paired("r-2", GOOD, digest="b" * 64, minutes=5,
                                per_session=(1960, 850, 0.0162)), "v2")
    plain = cli("compare", "v1", "v2", "--store", str(tmp_path / "s"))
    assert plain.exit_code == 0, plain.output
    assert plain.stdout.startswith("no regression")
    cost = next(line for line in plain.stdout.splitlines() if "cost per session" in line)
    assert cost.startswith("  !") and "+62.0%" in cost and "--fail-on-cost fails it" in cost
    flagged = cli("compare", "v1", "v2", "--store", str(tmp_path / "s"), "--fail-on-cost")
    assert flagged.exit_code == 1 and flagged.stdout.startswith("REGRESSION DETECTED")


def test_a_trigger_flip_inside_the_noise_is_listed_and_does_not_fail(tmp_path: Path) -> None:
    store = LocalStore(tmp_path / "s")
    before = [("Convert this PDF into an Excel sheet", True, 3, 3),
              ("Turn the invoice scan into a spreadsheet", True, 3, 3),
              ("Rename every receipt photo in this folder by date", False, 3, 0)]
    after = [*before[:2], (before[2][0], False, 3, 3)]
    store_receipt(store, trigger("t-1", before), "v1")
    store_receipt(store, trigger("t-2", after, digest="b" * 64, minutes=5), "v2")
    result = cli("compare", "v1", "v2", "--store", str(tmp_path / "s"))
    assert result.exit_code == 0, result.output
    assert ("[0.00 → 1.00] should no-trigger: Rename every receipt photo in this folder by "
            "date") in result.stdout
    precision = next(line for line in result.stdout.splitlines() if "trigger precision" in line)
    assert "100% → 67%" in precision and "noise ±" in precision


def test_identical_bytes_at_two_paths_file_the_same_receipt_and_a_changed_fixture_differs(
        tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    one, two, edited = tmp_path / "one" / "csv", tmp_path / "two" / "csv", tmp_path / "e" / "csv"
    for folder in (one, two, edited):
        shutil.copytree(EXAMPLE, folder)
    fixture = edited / "evals" / "files" / "sales.csv"
    fixture.write_text(fixture.read_text() + "\n")
    first = real_run(one, store, "--save", "one")
    second = real_run(two, store, "--fresh", "--save", "two")
    third = real_run(edited, store, "--fresh", "--save", "three")
    opened = LocalStore(tmp_path / "store")
    receipts = [load_receipt(opened, str(r["run_id"])) for r in (first, second, third)]
    assert receipts[0].run_id != receipts[1].run_id
    assert receipts[0].skill_digest == receipts[1].skill_digest == receipts[2].skill_digest
    assert receipts[0].digests == receipts[1].digests
    assert receipts[0].dry_run and receipts[0].digests.model_script
    assert receipts[2].digests.fixtures != receipts[0].digests.fixtures
    assert receipts[2].digests.case_set == receipts[0].digests.case_set
    assert cli("compare", "one", "two", "--store", store).exit_code == 0
    refused = cli("compare", "one", "three", "--store", store)
    assert refused.exit_code == 2
    said = " ".join(refused.output.split())
    assert "fixtures differs" in said and "--allow-different fixtures" in said
    allowed = cli("compare", "one", "three", "--store", store, "--allow-different", "fixtures")
    assert allowed.exit_code in (0, 1), allowed.output
    assert "allowed to differ: paired fixtures" in allowed.stdout


def test_a_run_that_does_not_complete_files_no_receipt_and_no_name(tmp_path: Path) -> None:
    from runner.sandbox.fake import FakeSandbox

    store = tmp_path / "store"
    batch = tmp_path / "batch.yaml"
    batch.write_text(yaml.safe_dump({
        "store": str(store), "executor": "inprocess", "endpoint_attempts": 1,
        "sandbox": {"backend": "fake"}, "model_script": str(SCRIPT),
        "evals": [{"skill": str(EXAMPLE), "cases": ["row-count"], "save": "broken"}]}))
    FakeSandbox.plan["*"] = {"api_error_starts": 99}
    try:
        result = cli("batch", str(batch), "--json")
    finally:
        FakeSandbox.plan.clear()
    assert result.exit_code == 3, result.output
    run_id = json.loads(result.stdout)["run_id"]  # one eval: one report
    assert "not saved as 'broken'" in " ".join(result.stderr.split())
    assert not (store / "receipts").exists() and not (store / "names").exists()
    entry = skill_index(LocalStore(store), "csv-summary").entries[0]
    assert entry.run_id == run_id and entry.status == "partial" and entry.receipt is None
    listed = cli("runs", "--store", str(store))
    assert run_id in listed.stdout and "partial" in listed.stdout
    refused = cli("compare", run_id, run_id, "--store", str(store))
    assert refused.exit_code == 2 and "no receipt" in refused.output
    assert "only a completed run files one" in " ".join(refused.output.split())
    empty = cli("evidence", "csv-summary", "--store", str(store))
    assert empty.exit_code == 0 and empty.stdout.startswith("no evidence for csv-summary")
    assert "1 run(s) stopped, partial or refused" in empty.stdout


def test_evidence_shows_the_latest_receipt_and_the_trend(tmp_path: Path) -> None:
    store = LocalStore(tmp_path / "s")
    store_receipt(store, paired("r-dry", GOOD, dry_run=True, minutes=9))
    empty = cli("evidence", "ledger", "--store", str(tmp_path / "s"))
    assert "no evidence for ledger" in empty.stdout
    assert "1 completed dry run(s) (scripted model): labelled, not evidence" in empty.stdout
    store_receipt(store, paired("r-1", {"append-row": ([True, False], [False, False])}))
    store_receipt(store, paired("r-2", GOOD, digest="b" * 64, minutes=5))
    result = cli("evidence", "ledger", "--store", str(tmp_path / "s"))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("evidence for ledger  (sha256 bbbbbbbbbbbb, run r-2)")
    assert "model sonnet, k=2, 2 case(s): append-row, balance" in out
    assert "vs baseline" in out and "PASS" in out
    assert "pass rate: baseline 25%, candidate 100%; baseline delta +75.0%" in out
    trend = out[out.index("trend"):].splitlines()[1:3]
    assert "r-1" in trend[0] and "pass 50%" in trend[0] and "r-2" in trend[1]
    card = json.loads(cli("evidence", "ledger", "--store", str(tmp_path / "s"),
                          "--json").stdout)
    assert card["run_id"] == "r-2" and card["dry_runs"] == 1
    assert card["opponents"][0]["firm"] is None  # no A/A rate: firmness not known
    firm = paired("r-3", GOOD, digest="b" * 64, minutes=7)
    assert firm.report is not None
    firm.report.comparisons[0].aa_rate, firm.report.comparisons[0].firm = 0.012, True
    store_receipt(store, firm)
    shown = cli("evidence", "ledger", "--store", str(tmp_path / "s")).stdout
    assert "firm (A/A rate 1.2%)" in shown


def test_an_old_version_report_still_lists_and_compares(tmp_path: Path) -> None:
    from tests.helpers import ROOT

    store = tmp_path / "s"
    v2 = json.loads((ROOT / "tests" / "fixtures" / "report-v2.json").read_text())
    path = store / "receipts" / v2["skill_digest"] / f"{v2['run_id']}.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(v2))
    listed = cli("runs", "--store", str(store))
    assert listed.exit_code == 0 and v2["run_id"] in listed.stdout
    store_receipt(LocalStore(store), paired("r-new", {
        "append-row": ([True, False], [False, False]), "balance": ([True, True], [True, True])},
        digest="c" * 64))
    refused = cli("compare", v2["run_id"], "r-new", "--store", str(store))
    assert refused.exit_code == 2 and "image differs" in refused.output
    result = cli("compare", v2["run_id"], "r-new", "--store", str(store),
                 "--allow-different", "image,price_table")
    # one case of two fell 2/2 -> 1/2: inside the runs' noise, still named
    assert result.exit_code == 0, result.output
    assert "append-row" in result.stdout and "version 2 report" in result.stdout


@pytest.mark.parametrize("backend", ["s3"])
def test_incumbent_latest_picks_the_previous_bytes_from_an_s3_store(
        tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> None:
    bucket = request.getfixturevalue("s3_bucket")
    endpoint = ["--s3-endpoint-url", request.getfixturevalue("s3_server")]
    store = f"s3://{bucket}/evals"
    skill = tmp_path / "csv-summary"
    shutil.copytree(EXAMPLE, skill)
    none = cli("run", str(skill), "--case", "row-count", "--sandbox", "fake", "--executor",
               "inprocess", "--model-script", str(SCRIPT), "--store", store, *endpoint,
               "--incumbent", "latest")
    assert none.exit_code == 2
    assert "--incumbent latest: no completed run of skill 'csv-summary'" in " ".join(
        none.output.split())
    first = real_run(skill, store, *endpoint)
    skill_md = skill / "SKILL.md"
    skill_md.write_text(skill_md.read_text() + "\nRead the file before answering.\n")
    second = real_run(skill, store, *endpoint, "--incumbent", "latest")
    assert second["skill_digest"] != first["skill_digest"]
    arms = second["arms"]
    assert isinstance(arms, dict) and "incumbent" in arms
    assert "incumbent" in {c["opponent"] for c in second["comparisons"]}  # type: ignore[attr-defined]
    from runner.store.base import open_store

    opened = open_store(store, endpoint[1])
    plan = json.loads(opened.get(f"runs/{second['run_id']}/plan.json"))
    assert plan["incumbent"]["digest"] == first["skill_digest"]
    third = real_run(skill, store, *endpoint, "--incumbent", "latest", "--fresh")
    plan = json.loads(opened.get(f"runs/{third['run_id']}/plan.json"))
    assert plan["incumbent"]["digest"] == first["skill_digest"]  # not its own bytes
    compared = cli("compare", str(first["run_id"]), str(second["run_id"]), "--store", store,
                   *endpoint)
    assert compared.exit_code == 0, compared.output
    card = cli("evidence", "csv-summary", "--store", store, *endpoint)
    assert card.exit_code == 0 and "3 completed dry run(s)" in card.stdout


def test_a_trigger_run_saved_by_name_files_a_receipt_and_compares(tmp_path: Path) -> None:
    skill = tmp_path / "csv-summary"
    shutil.copytree(EXAMPLE, skill)
    trig = skill / "evals" / "trigger"
    trig.mkdir()
    (trig / "should-trigger.yaml").write_text(
        "- prompt: Summarise this CSV into a totals table\n  expected: trigger\n")
    (trig / "should-not-trigger.yaml").write_text(
        "- prompt: Write a Python HTTP server\n  expected: no-trigger\n")
    store = str(tmp_path / "store")
    args = ["trigger", str(skill), "--sandbox", "fake", "--executor", "inprocess",
            "--model-script", str(SCRIPT), "--store", store, "--k", "2"]
    first = cli(*args, "--save", "t1")
    assert first.exit_code == 0, first.output
    second = cli(*args, "--fresh", "--save", "t2")
    assert second.exit_code == 0, second.output
    entries = skill_index(LocalStore(tmp_path / "store"), "csv-summary").entries
    assert [e.kind for e in entries] == ["trigger", "trigger"]
    assert all(e.receipt and e.names for e in entries)
    result = cli("compare", "t1", "t2", "--store", store)
    assert result.exit_code == 0, result.output
    assert "trigger recall" in result.stdout and "paired runs" not in result.stdout
    mixed = cli("compare", "t1", str(entries[0].run_id), "--store", store)
    assert mixed.exit_code == 0


def test_incumbent_latest_outside_a_run_is_refused_naming_where_it_works() -> None:
    for command in ("check", "estimate"):
        result = cli(command, str(EXAMPLE), "--incumbent", "latest")
        assert result.exit_code == 2, result.output
        assert "read from the store when a run starts" in " ".join(result.output.split())


def test_a_regraded_run_compares_with_its_source_despite_the_edited_case_set(
        tmp_path: Path) -> None:
    skill = tmp_path / "csv-summary"
    shutil.copytree(EXAMPLE, skill)
    store = str(tmp_path / "store")
    source = real_run(skill, store, "--save", "v1")
    cases = skill / "evals" / "evals.json"
    data = json.loads(cases.read_text())
    next(c for c in data["evals"] if c["id"] == "row-count")["assertions"] = ["ok"]
    cases.write_text(json.dumps(data))
    regraded = cli("regrade", str(source["run_id"]), "--store", store, "--model-script",
                   str(SCRIPT), "--json")
    assert regraded.exit_code == 0, regraded.output
    run_id = json.loads(regraded.stdout)["run_id"]
    receipt = load_receipt(LocalStore(tmp_path / "store"), run_id)
    assert receipt.source_run == source["run_id"]
    result = cli("compare", "v1", run_id, "--store", store)
    assert result.exit_code == 0, result.output
    assert "allowed to differ: paired case_set" in result.stdout
    assert f"re-scored the trials of {source['run_id']}" in " ".join(result.stdout.split())
    other = real_run(skill, store, "--fresh")  # a new run of the edited set: not a regrade
    refused = cli("compare", "v1", str(other["run_id"]), "--store", store)
    assert refused.exit_code == 2 and "case_set differs" in refused.output
