"""skill-eval: does the agent do the job better with this skill than without it?

The Python API, for scripts and notebooks (the CLI is a thin shell over it):

    from runner import RunOptions, run_eval
    report = run_eval(RunOptions(skill_path="skills/csv-summary", k=3))
    print(report.verdict, report.net_lift)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from runner.driver.api import request_stop, run_eval
    from runner.driver.batch import run_batch
    from runner.planning.plan import make_plan
    from runner.schema.enums import Arm, Outcome, RunStatus, TrialStatus, Verdict
    from runner.schema.options import EvalSettings, PassSettings, RunOptions, SandboxConfig
    from runner.schema.report import Report
    from runner.schema.trial import TrialResult, TrialSpec

# Loaded on first use, not on `import runner`: every `skill-eval` command imports this package
# first, and the driver behind run_eval (Ray, docker, aiohttp) took ~1.2 s of each start.
_HOMES = {
    "request_stop": "runner.driver.api", "run_eval": "runner.driver.api",
    "run_batch": "runner.driver.batch", "make_plan": "runner.planning.plan",
    **dict.fromkeys(("Arm", "Outcome", "RunStatus", "TrialStatus", "Verdict"),
                    "runner.schema.enums"),
    **dict.fromkeys(("EvalSettings", "PassSettings", "RunOptions", "SandboxConfig"),
                    "runner.schema.options"),
    "Report": "runner.schema.report",
    "TrialResult": "runner.schema.trial", "TrialSpec": "runner.schema.trial",
}

__all__ = ["Arm", "EvalSettings", "Outcome", "PassSettings", "Report", "RunOptions",
           "RunStatus", "SandboxConfig", "TrialResult", "TrialSpec", "TrialStatus", "Verdict",
           "make_plan", "request_stop", "run_batch", "run_eval"]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'runner' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
