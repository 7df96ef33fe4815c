"""Trigger evaluation data: the query set, and what the runs observed.

    TriggerQuery    one request and whether the skill should fire on it
    TriggerSet      a skill's queries, and the files they were read from
    QueryResult     one query over its N runs: how often it fired and where the misses went
    TriggerReport   the confusion matrix and its figures, train/validation, the bill
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from runner.schema.case import Finding
from runner.schema.enums import Split, TriggerMode


class TriggerQuery(BaseModel):
    id: str
    prompt: str
    should_trigger: bool
    source: str = Field(description="The file it was read from")


class TriggerSet(BaseModel):
    skill_name: str
    queries: list[TriggerQuery]
    files: list[str] = Field(description="Every file read, in order")
    # what reading a runtime set holding them reported (a format's settings not applied)
    findings: list[Finding] = Field(default_factory=list, exclude=True)


class QueryResult(BaseModel):
    query: TriggerQuery
    runs: int = Field(description="Runs that reached a routing decision (holes excluded)")
    fired: int = Field(description="Runs whose first skill loaded was this one")
    holes: int = 0
    went_to: dict[str, int] = Field(default_factory=dict, description="First skill loaded per "
                                                                      "run that did not fire "
                                                                      "this one ('nothing' "
                                                                      "when none)")
    split: Split = Field(default=Split.TRAIN, description="train | validation")
    cost_usd: float | None = None

    @property
    def fire_rate(self) -> float | None:
        return self.fired / self.runs if self.runs else None


class Confusion(BaseModel):
    """Counts over runs, the confusion matrix's four cells, and the figures read from them."""

    fired_when_should: int = 0
    quiet_when_should_not: int = 0
    missed: int = 0
    barged_in: int = 0

    @property
    def recall(self) -> float | None:
        total = self.fired_when_should + self.missed
        return self.fired_when_should / total if total else None

    @property
    def precision(self) -> float | None:
        total = self.fired_when_should + self.barged_in
        return self.fired_when_should / total if total else None

    @property
    def f1(self) -> float | None:
        """2TP / (2TP + FP + FN): 0 when nothing fired correctly but something was measured,
        None when there is nothing to measure."""
        tp, fp, fn = self.fired_when_should, self.barged_in, self.missed
        return None if tp + fp + fn == 0 else 2 * tp / (2 * tp + fp + fn)


class TriggerReport(BaseModel):
    skill: str
    run_id: str | None = Field(default=None, description="The trigger run (session mode)")
    mode: TriggerMode = Field(description="session (observed activation) | catalog (a model "
                                         "reading the descriptions)")
    runs_per_query: int
    files: list[str]
    queries: list[QueryResult]
    overall: Confusion
    train: Confusion
    validation: Confusion
    overfit_warning: str | None = None
    restated: int = Field(default=0, description="EV010: queries restating the description")
    first_restated: str | None = None
    runs_made: int = Field(description="Every run, failed ones included")
    cost_usd: float | None = Field(description="None (n/a) when any run reported no cost")
