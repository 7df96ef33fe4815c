"""Fixtures the unit tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from runner.sandbox.fake import FakeSandbox


@pytest.fixture
def fake_sandbox() -> Iterator[None]:
    """The fake sandbox's scripted behaviour and start counts, empty before and after."""
    FakeSandbox.plan.clear()
    FakeSandbox.starts.clear()
    yield
    FakeSandbox.plan.clear()
