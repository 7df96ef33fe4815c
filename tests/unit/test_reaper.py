from pathlib import Path

from runner.sandbox.reap import reap_scratch


def test_reap_scratch_keeps_live_trials_and_bundles(tmp_path: Path) -> None:
    for name in ("aaaaaaaaaaaaaaaa-x1", "bbbbbbbbbbbbbbbb-x2", "cccccccccccccccc-x3", "bundles"):
        (tmp_path / name / "work").mkdir(parents=True)
    reaped = reap_scratch({"aaaaaaaaaaaaaaaa"}, root=tmp_path)
    assert reaped.scratch_dirs == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["aaaaaaaaaaaaaaaa-x1", "bundles"]


def test_reap_scratch_can_be_limited_to_some_trials(tmp_path: Path) -> None:
    for name in ("aaaaaaaaaaaaaaaa-x1", "bbbbbbbbbbbbbbbb-x2"):
        (tmp_path / name).mkdir()
    reap_scratch(set(), only_trials={"bbbbbbbbbbbbbbbb"}, root=tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["aaaaaaaaaaaaaaaa-x1"]
