"""The live preflight through the real CLI, the real scripted endpoint and the runner's own
client: a 401 and a 404 for the model are each one clear refusal (exit 2) with no trial started
and nothing written; an endpoint nobody answers is exit 3; pushback and an alias the endpoint
does not know are warnings, and the run goes on."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result
from rich.console import Console

from runner.cli import main
from runner.driver.preflight import check_live, check_models
from runner.errors import InfraError
from runner.gateway.access import ModelAccess
from runner.sandbox.fake import FakeSandbox
from runner.schema.options import PassSettings, SandboxConfig
from tests.helpers import EXAMPLE, free_port

AGENT = {"name": "agent", "turns": [{"text": "5 rows, Total: 600"}]}


pytestmark = pytest.mark.usefixtures("fake_sandbox")


def script(tmp_path: Path, *scenarios: dict[str, Any]) -> Path:
    path = tmp_path / "script.yaml"
    path.write_text(yaml.safe_dump({"scenarios": [*scenarios, AGENT]}))
    return path


def run(tmp_path: Path, *args: str) -> Result:
    return CliRunner().invoke(main, [
        "run", str(EXAMPLE), "--case", "sales-totals", "--sandbox", "fake",
        "--executor", "inprocess", "--store", str(tmp_path / "store"), *args])


def left_behind(tmp_path: Path) -> list[Path]:
    store = tmp_path / "store"
    return [p for p in store.rglob("*") if p.is_file()] if store.exists() else []


def test_a_bad_key_is_one_clear_refusal(tmp_path: Path) -> None:
    path = script(tmp_path, {"name": "bad-key", "when": {"purpose": "preflight"}, "turns": [
        {"error": {"status": 401, "type": "authentication_error",
                   "message": "invalid x-api-key"}}]})
    result = run(tmp_path, "--model-script", str(path))
    assert result.exit_code == 2, result.output
    assert "refused the key" in result.output and "invalid x-api-key" in result.output
    assert "ANTHROPIC_API_KEY" in result.output
    assert not FakeSandbox.starts  # zero trials started
    assert left_behind(tmp_path) == []


def test_an_unknown_model_is_one_clear_refusal(tmp_path: Path) -> None:
    path = script(tmp_path, {"name": "no-model", "when": {"purpose": "preflight",
                                                          "model": "claude-nope"},
                             "turns": [{"error": {"status": 404, "type": "not_found_error",
                                                  "message": "model: claude-nope-9"}}]})
    result = run(tmp_path, "--model-script", str(path), "--model", "claude-nope-9")
    assert result.exit_code == 2, result.output
    assert "'claude-nope-9'" in result.output and "does not know it" in result.output
    assert result.output.count("Error") <= 1
    assert not FakeSandbox.starts
    assert left_behind(tmp_path) == []


def test_an_endpoint_nobody_answers_is_exit_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against a real upstream (here a closed port): one refusal, infrastructure (exit 3)."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    url = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(InfraError) as refused:
        check_models(["claude-sonnet-5"], ModelAccess.reading(url),
                     Console(file=io.StringIO()))
    assert refused.value.exit_code == 3 and "cannot be reached" in str(refused.value)
    assert url in str(refused.value)


def test_the_fake_backend_against_a_real_upstream_asks_nothing(tmp_path: Path) -> None:
    """Tests point the fake backend (no agent) at upstreams that do not exist."""
    settings = PassSettings(sandbox=SandboxConfig(backend="fake"))
    assert check_live([], settings, ModelAccess.reading(f"http://127.0.0.1:{free_port()}"),
                      Console(file=io.StringIO())) == []


def test_a_script_that_never_mentions_the_preflight_is_answered_ok(tmp_path: Path) -> None:
    result = run(tmp_path, "--model-script", str(script(tmp_path)))
    assert result.exit_code == 0, result.output
    assert "preflight: 1 model call(s) answered (sonnet)" in result.output
    assert FakeSandbox.starts  # the run went on


def test_pushback_and_an_unknown_alias_guess_are_warnings(tmp_path: Path) -> None:
    path = script(tmp_path, {"name": "guess", "when": {"purpose": "preflight",
                                                       "model": "claude-sonnet"},
                             "turns": [{"error": {"status": 404, "type": "not_found_error",
                                                  "message": "model: claude-sonnet-5"}}]})
    result = run(tmp_path, "--model-script", str(path))  # --model sonnet, claude's alias
    assert result.exit_code == 0, result.output
    assert "guessed for the alias 'sonnet'" in result.output
    busy = script(tmp_path, {"name": "busy", "when": {"purpose": "preflight"}, "turns": [
        {"error": {"status": 529, "type": "overloaded_error", "retry_after": 0}}]})
    result = run(tmp_path, "--model-script", str(busy), "--fresh")
    assert result.exit_code == 0, result.output
    assert "pushes back (HTTP 529)" in result.output
