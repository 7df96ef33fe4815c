"""`batch --s3-endpoint-url URL`: like `merge`, `batch --merge` reads s3:// shards through the
endpoint the flag names (before, only AWS_ENDPOINT_URL_S3 reached it); a batch run takes it
over the file's own endpoint, whichever spelling the file used."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from runner.authoring.batch import load_batch
from runner.cli import main
from runner.driver.batchflags import BatchFlags

SOURCES = ["s3://evals/pr-1/shard-1", "s3://evals/pr-1/shard-2"]


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[str], str | None]]:
    """The sources and endpoint each merge was asked to read (no S3 here: nothing to read)."""
    calls: list[tuple[list[str], str | None]] = []

    def merge_shards(sources: list[str], endpoint: str | None) -> list[Any]:
        calls.append((sources, endpoint))
        return []

    monkeypatch.setattr("runner.driver.api.merge_shards", merge_shards)
    monkeypatch.delenv("AWS_ENDPOINT_URL_S3", raising=False)
    return calls


def test_batch_merge_reads_shards_through_the_flags_endpoint(
        asked: list[tuple[list[str], str | None]]) -> None:
    done = CliRunner().invoke(main, ["batch", "--merge", *SOURCES, "--s3-endpoint-url",
                                     "http://minio:9000", "--json"])
    assert done.exit_code == 0, done.output
    assert asked == [(SOURCES, "http://minio:9000")]
    same = CliRunner().invoke(main, ["merge", *SOURCES, "--s3-endpoint-url",
                                     "http://minio:9000", "--json"])
    assert same.exit_code == 0, same.output
    assert asked[1] == asked[0]  # `merge` and `batch --merge` read alike


def test_batch_merge_still_reads_the_environment(
        asked: list[tuple[list[str], str | None]], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL_S3", "http://from-env:9000")
    done = CliRunner().invoke(main, ["batch", "--merge", *SOURCES, "--json"])
    assert done.exit_code == 0, done.output
    assert asked == [(SOURCES, "http://from-env:9000")]


@pytest.mark.parametrize("spelling", ["s3_endpoint_url", "store_endpoint"])
def test_a_batch_run_takes_the_flag_over_the_files_endpoint(tmp_path: Path,
                                                           spelling: str) -> None:
    path = tmp_path / "nightly.yaml"
    path.write_text(yaml.safe_dump({"store": "s3://evals/nightly", spelling: "http://file:9000",
                                    "evals": [{"skill": "skill"}]}))
    (tmp_path / "skill").mkdir()
    assert load_batch(path).evals[0].store_endpoint == "http://file:9000"
    flags = BatchFlags(store_endpoint="http://flag:9000")
    assert load_batch(path, flags.overrides()).evals[0].store_endpoint == "http://flag:9000"
