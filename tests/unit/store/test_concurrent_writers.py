"""Concurrent writers: a compare-and-swap per backend, and two (or many) drivers recording runs
of one skill at the same instant keep every entry. S3 runs against a real server over HTTP;
the local store is raced from separate processes too."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from runner.schema.enums import ReceiptKind
from runner.schema.receipt import Digests, IndexEntry, Receipt
from runner.store.base import Store
from runner.store.cas import update
from runner.store.keys import INDEX_MARKER, index_key
from runner.store.local import LocalStore
from runner.store.memory import MemoryStore
from runner.store.receipts import record_run, repair_index, skill_index
from runner.store.s3 import S3Store

WRITERS = 8


@pytest.fixture(params=["local", "memory", "s3"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Store]]:
    """A way to open the same store again: each racing writer has its own client."""
    if request.param == "local":
        yield lambda: LocalStore(tmp_path / "store")
    elif request.param == "memory":
        shared = MemoryStore()
        yield lambda: shared
    else:
        bucket = request.getfixturevalue("s3_bucket")
        server = request.getfixturevalue("s3_server")
        yield lambda: S3Store(f"s3://{bucket}/p", server)


def _entry(run_id: str) -> IndexEntry:
    return IndexEntry(run_id=run_id, kind=ReceiptKind.PAIRED, skill_digest="d" * 64,
                      status="stopped", receipt=None)


def test_put_if_match_swaps_only_the_version_read(opener: Callable[[], Store]) -> None:
    store = opener()
    assert store.put_if_match("k", b"one", None)
    assert not store.put_if_match("k", b"two", None)  # no longer absent
    data, version = store.get_versioned("k")
    assert data == b"one"
    assert store.put_if_match("k", b"two", version)
    assert not store.put_if_match("k", b"three", version)  # that version is gone
    assert store.get("k") == b"two"
    with pytest.raises(KeyError):
        store.get_versioned("absent")


def test_racing_threads_keep_every_index_entry(opener: Callable[[], Store]) -> None:
    record_run(opener(), "skill", _entry("r-first"))  # the index exists before the race
    barrier = threading.Barrier(WRITERS)
    failures: list[BaseException] = []

    def driver(number: int) -> None:
        store = opener()
        barrier.wait()
        try:
            record_run(store, "skill", _entry(f"r-{number}"))
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)

    threads = [threading.Thread(target=driver, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    runs = {e.run_id for e in skill_index(opener(), "skill").entries}
    assert runs == {"r-first", *(f"r-{n}" for n in range(WRITERS))}


def _record_in_process(root: str, number: int, start: threading.Event) -> None:
    start.wait()
    record_run(LocalStore(Path(root)), "skill", _entry(f"r-{number}"))


def test_racing_processes_keep_every_entry_of_a_local_index(tmp_path: Path) -> None:
    root = tmp_path / "store"
    record_run(LocalStore(root), "skill", _entry("r-first"))
    context = multiprocessing.get_context("spawn")  # separate interpreters, no shared lock
    start = context.Event()
    procs = [context.Process(target=_record_in_process, args=(str(root), n, start))
             for n in range(4)]
    for proc in procs:
        proc.start()
    start.set()
    for proc in procs:
        proc.join(timeout=120)
        assert proc.exitcode == 0
    runs = {e.run_id for e in skill_index(LocalStore(root), "skill").entries}
    assert runs == {"r-first", "r-0", "r-1", "r-2", "r-3"}
    assert LocalStore(root).list("index") == ["index/VERSION", index_key("skill")]


def test_update_leaves_a_key_alone_when_told(opener: Callable[[], Store]) -> None:
    store = opener()
    assert update(store, "k", lambda current: None) is None
    assert not store.exists("k")


def test_a_stale_index_is_repaired_on_read(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from runner.store.receipts import file_receipt
    from runner.store.runs import list_runs

    store = LocalStore(tmp_path / "store")
    record_run(store, "skill", _entry("r-stopped"))
    store.put(INDEX_MARKER, b"1\n")  # the store is indexed
    receipt = Receipt(kind=ReceiptKind.TRIGGER, run_id="r-lost", skill="skill",
                      skill_digest="d" * 64, k=1, model="m", dry_run=True,
                      finished_at=datetime.now(UTC), digests=Digests())
    file_receipt(store, receipt)  # a receipt whose index entry was lost (an old race, a crash)
    assert {e.run_id for e in skill_index(store, "skill").entries} == {"r-stopped"}
    list_runs(store)  # `runs` reads: the index is repaired first
    assert {e.run_id for e in skill_index(store, "skill").entries} == {"r-stopped", "r-lost"}
    assert not repair_index(store)  # and once repaired, reading costs one listing, no rebuild
