"""Fixtures the unit tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from runner.sandbox.fake import FakeSandbox


@pytest.fixture(autouse=True)
def no_credentials(monkeypatch: pytest.MonkeyPatch) -> None:
    """Unit tests never reach a real model: a key the shell (or an integration test earlier in
    the same process) exported must not change what they see; a test that needs one sets it."""
    for name in ("ANTHROPIC_API_KEY", "CLAUDE_CODE_OAUTH_TOKEN"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def fake_sandbox() -> Iterator[None]:
    """The fake sandbox's scripted behaviour and start counts, empty before and after."""
    FakeSandbox.plan.clear()
    FakeSandbox.starts.clear()
    FakeSandbox.sent.clear()
    FakeSandbox.held.clear()
    yield
    FakeSandbox.plan.clear()
    FakeSandbox.sent.clear()
