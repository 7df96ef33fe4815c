"""The run's rate governor against a rate-limited upstream, with real claude in containers."""

from __future__ import annotations

from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.schema.enums import Arm
from tests.helpers import MAGIC_WITH_SKILL

pytestmark = pytest.mark.integration


def test_pushback_is_held_run_wide_and_held_time_is_not_charged_to_the_timeout(
        options: Any, write_script: Any) -> None:
    # 2 requests per 12 s; 4 trials need 6 requests: most of them must wait out the window,
    # longer than a session's 10 s timeout.
    script = write_script({"rate_limit": {"rpm": 2, "window_s": 12},
                           "scenarios": [MAGIC_WITH_SKILL,
                                         {"name": "plain", "turns": [{"text": "MAGIC"}]}]})
    report = run_eval(options(case_ids=("greet",), k=2, model_script=script, timeout_s=10,
                              arms=(Arm.BASELINE, Arm.CANDIDATE), concurrency=2))
    assert report.holes == 0 and all(t.passed for t in report.trials)
    usages = [a for a in report.arms.values()]
    assert all(a.holes == 0 for a in usages)
    # the sessions really were held past their own timeout, and were not killed for it
    assert report.arms["candidate"].wall_s is not None
    assert max(a.wall_s or 0 for a in usages) > 10
