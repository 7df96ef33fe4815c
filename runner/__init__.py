"""skill-eval: does the agent do the job better with this skill than without it?

The Python API, for scripts and notebooks (the CLI is a thin shell over it):

    from runner import RunOptions, run_eval
    report = run_eval(RunOptions(skill_path="skills/csv-summary", k=3))
    print(report.verdict, report.net_lift)
"""

from runner.driver.api import request_stop, run_eval
from runner.driver.batch import run_batch
from runner.planning.plan import make_plan
from runner.schema.enums import Arm, Outcome, RunStatus, TrialStatus, Verdict
from runner.schema.options import EvalSettings, PassSettings, RunOptions, SandboxConfig
from runner.schema.report import Report
from runner.schema.trial import TrialResult, TrialSpec

__all__ = ["Arm", "EvalSettings", "Outcome", "PassSettings", "Report", "RunOptions",
           "RunStatus", "SandboxConfig", "TrialResult", "TrialSpec", "TrialStatus", "Verdict",
           "make_plan", "request_stop", "run_batch", "run_eval"]
