"""Receipts in a store: older versions read (a stored v2 report still lists and compares),
newer ones refused with the version named, and the per-skill index read once per listing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.errors import RefusedInput
from runner.history.compare import compare_refs
from runner.history.evidence import evidence_card
from runner.schema.receipt import UnreadableRecord, read_receipt, read_report
from runner.store.keys import receipt_key
from runner.store.local import LocalStore
from runner.store.receipts import load_receipt, skill_index, token_history
from runner.store.runs import list_runs
from tests.helpers import ROOT
from tests.stored_runs import paired, store_receipt

V2 = ROOT / "tests" / "fixtures" / "report-v2.json"
CASES = {"append-row": ([True, False], [False, False]), "balance": ([True, True], [True, True])}


def old_store(tmp_path: Path) -> LocalStore:
    """A store as skill-eval left it before receipts: the v2 report is the receipt, no
    index."""
    store = LocalStore(tmp_path / "store")
    data = V2.read_bytes()
    report = json.loads(data)
    store.put(receipt_key(report["skill_digest"], report["run_id"]), data)
    return store


def test_a_v2_report_reads_migrated_and_a_newer_one_is_refused_naming_it() -> None:
    data = V2.read_bytes()
    receipt = read_receipt(data, "v2")
    assert receipt.migrated_from == 2 and receipt.report is not None
    assert receipt.report.schema_version == 3 and receipt.report.per_case == []
    assert receipt.digests.image == "sha256:old" and receipt.digests.case_set is None
    newer = json.loads(data) | {"schema_version": 99}
    with pytest.raises(UnreadableRecord, match="schema_version 99 is newer"):
        read_report(json.dumps(newer).encode(), "r")
    wrapped = receipt.model_dump(mode="json") | {"receipt_version": 7}
    with pytest.raises(UnreadableRecord, match="receipt_version 7 is newer"):
        read_receipt(json.dumps(wrapped).encode(), "r")


def test_an_old_store_is_indexed_on_first_read_and_its_run_lists_and_compares(
        tmp_path: Path) -> None:
    store = old_store(tmp_path)
    listed = list_runs(store)
    assert [r.run_id for r in listed] == ["r-0a1b2c3d4e5f6071"] and listed[0].readable
    assert listed[0].status == "completed" and listed[0].verdict == "PASS"
    assert store.exists("index/VERSION")
    store_receipt(store, paired("r-new", CASES, digest="c" * 64))
    with pytest.raises(RefusedInput, match="image differs"):
        compare_refs(store, "r-0a1b2c3d4e5f6071", "r-new")
    result = compare_refs(store, "r-0a1b2c3d4e5f6071", "r-new",
                          allowed=("image", "price_table"))
    assert not result.regression  # one case falling 2/2 -> 1/2 is inside the noise
    assert [c.label for c in result.cases_worse] == ["append-row"]
    assert "case_set" in result.not_recorded
    assert any("version 2 report" in n for n in result.notes)


def test_a_newer_receipt_is_listed_as_unreadable_not_skipped(tmp_path: Path) -> None:
    store = old_store(tmp_path)
    newer = json.loads(V2.read_bytes()) | {"schema_version": 12, "run_id": "r-future"}
    store.put(receipt_key("f" * 64, "r-future"), json.dumps(newer).encode())
    listed = {r.run_id: r for r in list_runs(store)}
    assert not listed["r-future"].readable
    assert listed["r-future"].status == "unreadable report"
    with pytest.raises(RefusedInput, match="schema_version 12 is newer"):
        load_receipt(store, "r-future")


class CountingStore(LocalStore):
    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.gets: list[str] = []

    def get(self, key: str) -> bytes:
        self.gets.append(key)
        return super().get(key)


def test_runs_history_and_estimate_read_one_index_not_each_receipt(tmp_path: Path) -> None:
    store = CountingStore(tmp_path / "store")
    for n in range(6):
        store_receipt(store, paired(f"r-{n}", CASES, minutes=n))
    store.gets.clear()
    assert len(list_runs(store, "ledger")) == 6
    assert store.gets == ["index/ledger.json"]
    store.gets.clear()
    history = token_history(store, "ledger", "sonnet")
    assert store.gets == ["index/ledger.json"]
    assert history["candidate"].sessions == 24 and history["candidate"].input_tokens == 1000
    store.gets.clear()
    card = evidence_card(store, "ledger")
    # the index, then each receipt checked against its run: receipt, pointer, plan, report
    assert len(card.trend) == 6 and len(store.gets) == 1 + 6 * 4
    assert [e.run_id for e in skill_index(store, "ledger").entries][-1] == "r-5"


def test_the_evidence_card_counts_dry_runs_but_shows_only_evidence(tmp_path: Path) -> None:
    store = LocalStore(tmp_path / "store")
    empty = evidence_card(store, "ledger")
    assert empty.run_id is None and empty.trend == [] and empty.dry_runs == 0
    store_receipt(store, paired("r-dry", CASES, dry_run=True))
    dry_only = evidence_card(store, "ledger")
    assert dry_only.run_id is None and dry_only.dry_runs == 1
    store_receipt(store, paired("r-1", CASES, minutes=1))
    better = {**CASES, "append-row": ([True, True], [False, False])}
    store_receipt(store, paired("r-2", better, minutes=2, digest="b" * 64))
    card = evidence_card(store, "ledger")
    assert card.run_id == "r-2" and card.k == 2 and card.cases == ["append-row", "balance"]
    assert card.pass_rates["candidate"] == 1.0 and card.baseline_delta == pytest.approx(0.5)
    assert [p.run_id for p in card.trend] == ["r-1", "r-2"]
    assert [p.pass_rate for p in card.trend] == [0.75, 1.0]
    assert card.opponents[0].verdict == "PASS" and card.opponents[0].firm is None


@pytest.mark.parametrize("stopped", ["the budget cap was reached", None])
def test_a_stopped_or_partial_run_is_indexed_but_files_no_receipt(
        tmp_path: Path, stopped: str | None) -> None:
    from runner.analysis.report import build_report
    from runner.driver.receipts import file_paired
    from runner.planning.plan import make_plan
    from runner.schema.options import RunOptions
    from tests.helpers import EXAMPLE

    store = LocalStore(tmp_path / "store")
    plan = make_plan(RunOptions(skill_path=EXAMPLE, save="v1"))
    report = build_report(plan, [], stopped)  # nothing finished: stopped, or partial
    assert file_paired(store, plan, report, RunOptions(skill_path=EXAMPLE, save="v1")) is None
    assert store.list("receipts/") == [] and store.list("names/") == []
    entry = skill_index(store, "csv-summary").entries[0]
    assert entry.status == ("stopped" if stopped else "partial") and entry.receipt is None
    with pytest.raises(RefusedInput, match="only a completed run files one"):
        store.put(f"runs/{plan.run_id}/plan.json", b"{}")
        load_receipt(store, plan.run_id)


def test_an_older_receipt_of_a_run_that_did_not_complete_is_not_evidence(
        tmp_path: Path) -> None:
    """skill-eval used to file a receipt for every run: a partial one lists, never compares."""
    store = LocalStore(tmp_path / "store")
    report = json.loads(V2.read_bytes()) | {"status": "partial", "run_id": "r-partial"}
    store.put(receipt_key(report["skill_digest"], "r-partial"), json.dumps(report).encode())
    listed = list_runs(store)
    assert listed[0].run_id == "r-partial" and listed[0].status == "partial"
    assert skill_index(store, "ledger").entries[0].receipt is None
    with pytest.raises(RefusedInput, match="did not complete"):
        load_receipt(store, "r-partial")
    assert evidence_card(store, "ledger").without_receipt == 1
