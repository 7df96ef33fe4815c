"""The same contract for every Store backend; S3 runs against a real server over HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from runner.store.base import Store, open_store
from runner.store.local import LocalStore
from runner.store.memory import MemoryStore
from runner.store.s3 import MULTIPART_THRESHOLD, S3Store


@pytest.fixture(params=["local", "memory", "s3"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "local":
        yield LocalStore(tmp_path / "store")
    elif request.param == "memory":
        yield MemoryStore()
    else:
        bucket = request.getfixturevalue("s3_bucket")
        server = request.getfixturevalue("s3_server")
        yield S3Store(f"s3://{bucket}/some/prefix", server)


def test_put_get_exists_list_delete(store: Store) -> None:
    store.put("runs/r1/plan.json", b"{}")
    store.put("runs/r1/tasks/t1/result.json", b"1")
    store.put("runs/r2/plan.json", b"2")
    assert store.get("runs/r1/plan.json") == b"{}"
    assert store.exists("runs/r1/plan.json") and not store.exists("runs/r1/nope")
    assert store.list("runs/r1/") == ["runs/r1/plan.json", "runs/r1/tasks/t1/result.json"]
    store.put("runs/r1/plan.json", b"overwritten")
    assert store.get("runs/r1/plan.json") == b"overwritten"
    store.delete("runs/r1/plan.json")
    store.delete("runs/r1/never-there")
    assert not store.exists("runs/r1/plan.json")
    with pytest.raises(KeyError):
        store.get("runs/r1/plan.json")


def test_put_if_absent_is_create_only(store: Store) -> None:
    assert store.put_if_absent("runs/r/tasks/t/DONE", b"first") is True
    assert store.put_if_absent("runs/r/tasks/t/DONE", b"second") is False
    assert store.get("runs/r/tasks/t/DONE") == b"first"


def test_large_objects_round_trip(store: Store) -> None:
    data = bytes(range(256)) * (MULTIPART_THRESHOLD // 256 + 4096)
    store.put("runs/r/tasks/t/outputs/big.bin", data)
    assert store.get("runs/r/tasks/t/outputs/big.bin") == data


def test_s3_large_objects_go_up_as_multipart(s3_bucket: str, s3_server: str) -> None:
    s3 = S3Store(f"s3://{s3_bucket}", s3_server)
    s3.put("big.bin", b"x" * (MULTIPART_THRESHOLD + 1))
    head: dict[str, Any] = s3._client.head_object(Bucket=s3_bucket, Key="big.bin")
    assert "-" in head["ETag"]  # multipart ETags are "<md5>-<parts>"


def test_local_store_refuses_keys_that_escape(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="escapes"):
        LocalStore(tmp_path).put("../outside", b"x")


def test_open_store_picks_backend_by_scheme(tmp_path: Path, s3_bucket: str,
                                            s3_server: str) -> None:
    assert isinstance(open_store(str(tmp_path)), LocalStore)
    assert isinstance(open_store("memory://"), MemoryStore)
    assert isinstance(open_store(f"s3://{s3_bucket}/p", s3_server), S3Store)


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 256 KiB filesystem (tmpfs), nearly full."""
    import os
    import subprocess

    if os.geteuid() != 0:
        pytest.skip("mounting a small filesystem needs root (CI runs as root)")
    root = tmp_path / "small"
    root.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(root)], check=True)
    try:
        (root / "filler").write_bytes(b"x" * 200 * 1024)
        yield root
    finally:
        subprocess.run(["umount", "-l", str(root)], check=True)


def test_a_full_disk_leaves_no_partial_key(full_disk: Path) -> None:
    """Bug: a full disk left a 0-byte DONE that every later resume crashed on."""
    from runner.errors import StoreError

    store = LocalStore(full_disk / "store")
    big = b"r" * 128 * 1024
    with pytest.raises(StoreError, match="No space left"):
        store.put_if_absent("runs/r/trials/t/DONE", big)
    assert not store.exists("runs/r/trials/t/DONE")
    with pytest.raises(StoreError, match="No space left"):
        store.put("runs/r/trials/t/attempts/1/result.json", big)
    assert not store.exists("runs/r/trials/t/attempts/1/result.json")
    assert [p.name for p in (full_disk / "store").rglob(".tmp-*")] == []  # nothing left behind
    store.put_if_absent("runs/r/trials/t/DONE", b"small")  # room for what fits
    assert store.get("runs/r/trials/t/DONE") == b"small"
