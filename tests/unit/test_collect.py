import os
from pathlib import Path

from runner.trial.collect import CollectLimits, collect_outputs


def test_regular_files_collected_with_relative_paths(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("A")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.txt").write_text("B")
    got = collect_outputs(tmp_path)
    assert got.files == {"a.txt": b"A", "sub/b.txt": b"B"}
    assert got.skipped == {}


def test_links_and_special_files_are_never_followed(tmp_path: Path) -> None:
    secret = tmp_path.parent / "host-secret.txt"
    secret.write_text("host secret")
    work = tmp_path / "work"
    work.mkdir()
    (work / "link.txt").symlink_to(secret)
    (work / "linkdir").symlink_to(tmp_path.parent)
    (work / "real.txt").write_text("x")
    os.link(work / "real.txt", work / "hard.txt")
    os.mkfifo(work / "fifo")
    got = collect_outputs(work)
    assert got.files == {}
    assert got.skipped == {"link.txt": "symlink", "linkdir": "symlink", "real.txt": "hardlink",
                           "hard.txt": "hardlink", "fifo": "not a regular file"}
    assert b"host secret" not in b"".join(got.files.values())


def test_caps_on_size_and_count(tmp_path: Path) -> None:
    for i in range(5):
        (tmp_path / f"f{i}.txt").write_bytes(b"x" * 10)
    (tmp_path / "big.bin").write_bytes(b"y" * 100)
    got = collect_outputs(tmp_path, CollectLimits(max_files=3, max_file_bytes=50,
                                                 max_total_bytes=1000))
    assert len(got.files) == 3
    assert got.skipped["big.bin"].startswith("size cap")
    assert sum(1 for why in got.skipped.values() if why == "file count cap") == 2
    total = collect_outputs(tmp_path, CollectLimits(max_total_bytes=25))
    assert sum(len(v) for v in total.files.values()) <= 25
