import io
import tarfile
from pathlib import Path

import pytest

from runner.authoring.bundles import materialize, pack_fixtures, pack_skill, publish
from runner.store.keys import RunKeys
from runner.store.memory import MemoryStore
from tests.helpers import make


def test_skill_bundle_is_deterministic_and_excludes_evals(tmp_path: Path) -> None:
    skill = make(tmp_path)
    first = pack_skill(skill)
    (skill / "SKILL.md").touch()  # mtime changes, bytes do not
    assert pack_skill(skill) == first
    names = tarfile.open(fileobj=io.BytesIO(first)).getnames()
    assert sorted(names) == ["SKILL.md", "scripts/run.py"]


def test_publish_and_materialize_once(tmp_path: Path) -> None:
    skill = make(tmp_path)
    (skill / "evals" / "files").mkdir()
    (skill / "evals" / "files" / "data.csv").write_text("a,b\n")
    store = MemoryStore()
    key = publish(store, "r1", pack_fixtures(skill))
    assert key == RunKeys("r1").bundle(store.get(key))
    root = materialize(store, key, tmp_path / "cache")
    assert (root / "evals" / "files" / "data.csv").read_text() == "a,b\n"
    store.delete(key)  # a second task on the same node does not need the store
    assert materialize(store, key, tmp_path / "cache") == root


def test_tampered_bundle_refused(tmp_path: Path) -> None:
    store = MemoryStore()
    key = publish(store, "r1", pack_skill(make(tmp_path)))
    store.put(key, b"not the same bytes")
    with pytest.raises(ValueError, match="does not match its digest"):
        materialize(store, key, tmp_path / "cache")
