"""The checks a pass makes of a cluster and of its store's place, without a cluster: which
nodes are asked, what a node reports lacking, and the local-store refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.driver.api import check_model_access
from runner.driver.cluster import NO_CREDENTIAL, check_store_shared, probe_node, trial_nodes
from runner.driver.preflight import check_store_place, ray_working_dir
from runner.errors import RefusedInput
from runner.schema.options import RunOptions, SandboxConfig
from runner.store.local import LocalStore
from runner.store.memory import MemoryStore


def node(number: int, sandbox: float = 0) -> dict[str, object]:
    return {"NodeID": f"{number:02d}" * 20, "NodeManagerAddress": f"10.0.0.{number}",
            "Alive": True, "Resources": {"CPU": 2.0, **({"sandbox": sandbox} if sandbox else {})}}


def test_only_nodes_declaring_sandboxes_are_asked() -> None:
    head, one, two = node(1), node(2, 4), node(3, 4)
    dead = {**node(4, 4), "Alive": False}
    asked, findings = trial_nodes([head, one, two, dead])
    assert asked == [one, two] and findings == []


def test_a_cluster_where_no_node_declares_sandboxes_is_named_node_by_node() -> None:
    asked, findings = trial_nodes([node(1), node(2)])
    assert len(asked) == 2
    assert [f.node for f in findings] == ["10.0.0.1/010101010101", "10.0.0.2/020202020202"]
    assert "--resources" in findings[0].problems[0]


def test_a_local_store_across_nodes_is_refused(tmp_path: Path) -> None:
    store = LocalStore(tmp_path / "store")
    check_store_shared(store, 1, shared_store=False)
    check_store_shared(store, 2, shared_store=True)
    check_store_shared(MemoryStore(), 2, shared_store=False)
    with pytest.raises(RefusedInput, match=r"spans 2 Ray nodes.*s3://.*--shared-store"):
        check_store_shared(store, 2, shared_store=False)
    assert not (tmp_path / "store").exists()  # refused before anything was written


def test_a_node_says_what_it_lacks_and_never_the_credential(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sandbox = SandboxConfig(backend="fake", scratch_root=tmp_path / "scratch")
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("CLAUDE_CODE_OAUTH_TOKEN", raising=False)
    assert probe_node(sandbox, None, needs_credential=False) == []
    assert probe_node(sandbox, None, needs_credential=True) == [NO_CREDENTIAL]
    monkeypatch.setenv("CLAUDE_CODE_OAUTH_TOKEN", "sk-ant-oat01-secret")
    assert probe_node(sandbox, None, needs_credential=True) == []
    full = probe_node(sandbox, None, needs_credential=True, min_free_bytes=2**62)
    assert len(full) == 1 and "GiB free under" in full[0]
    assert not any("secret" in p for p in full)


def test_a_store_inside_a_ray_jobs_working_directory_copy_is_refused(tmp_path: Path) -> None:
    copy = tmp_path / "session/runtime_resources/working_dir_files/_ray_pkg_0123abcd"
    (copy / "evals").mkdir(parents=True)
    assert ray_working_dir(copy / "evals") == copy
    assert ray_working_dir(tmp_path) is None
    check_store_place(LocalStore(tmp_path / "elsewhere"), cwd=copy)  # absolute: fine
    check_store_place(LocalStore(copy / "store"), cwd=tmp_path)      # not in a job
    with pytest.raises(RefusedInput, match=r"Ray deletes.*absolute path.*s3://"):
        check_store_place(LocalStore(copy / "nightly-store"), cwd=copy / "evals")


def test_model_access_on_a_cluster_defers_to_the_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("CLAUDE_CODE_OAUTH_TOKEN", raising=False)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    opts = RunOptions(skill_path=Path("s"))
    with pytest.raises(RefusedInput, match="CLAUDE_CODE_OAUTH_TOKEN"):
        check_model_access(opts)
    check_model_access(opts.model_copy(update={"ray_address": "10.0.0.1:6379"}))
    with pytest.raises(RefusedInput, match="--forward-credentials: neither"):
        check_model_access(opts.model_copy(update={"ray_address": "10.0.0.1:6379",
                                                   "forward_credentials": True}))
    monkeypatch.setenv("CLAUDE_CODE_OAUTH_TOKEN", "sk-ant-oat01-x")
    check_model_access(opts)
