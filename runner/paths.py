"""Every storage key skill-eval writes, built in one place (local dir and S3 share them).

    runs/<run_id>/plan.json                      what was asked, digests, versions
    runs/<run_id>/tasks/<task_id>/transcript.jsonl
    runs/<run_id>/tasks/<task_id>/result.json
    runs/<run_id>/tasks/<task_id>/outputs/<relpath>
    runs/<run_id>/tasks/<task_id>/DONE           written last, create-only, holds the result
                                                 that stands: resume skips these
    runs/<run_id>/report.json
    receipts/<skill_digest>/<run_id>.json        the receipt, under the digest of the bytes
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TaskKeys:
    prefix: str

    @property
    def transcript(self) -> str:
        return f"{self.prefix}/transcript.jsonl"

    @property
    def result(self) -> str:
        return f"{self.prefix}/result.json"

    @property
    def done(self) -> str:
        return f"{self.prefix}/DONE"

    def output(self, relpath: str) -> str:
        return f"{self.prefix}/outputs/{relpath}"


@dataclass(frozen=True)
class RunKeys:
    run_id: str

    @property
    def prefix(self) -> str:
        return f"runs/{self.run_id}"

    @property
    def plan(self) -> str:
        return f"{self.prefix}/plan.json"

    @property
    def report_json(self) -> str:
        return f"{self.prefix}/report.json"

    @property
    def stop_flag(self) -> str:
        return f"{self.prefix}/STOP"

    def task(self, task_id: str) -> TaskKeys:
        return TaskKeys(f"{self.prefix}/tasks/{task_id}")


def receipt_key(skill_digest: str, run_id: str) -> str:
    return f"receipts/{skill_digest}/{run_id}.json"
