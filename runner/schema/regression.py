"""`skill-eval compare A B`: the regression report (docs/statistics.md#the-regression-gate), as data
(printed by runner.render, emitted as JSON with --json, shown by the viewer)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from runner.schema.enums import Regressed


class Figure(BaseModel):
    """One figure before and after: marked worse when it moved the wrong way past its line,
    failing the gate when that figure is quality (or cost, under --fail-on-cost)."""

    name: str = Field(description="task success, process followed, strict success, trigger "
                                  "precision, trigger recall, tokens per session, cost per "
                                  "session, trigger cost per run")
    before: float | None
    after: float | None
    change: float | None = Field(description="after - before (points for shares, relative "
                                             "for tokens and cost)")
    relative: bool = Field(default=False, description="change is a ratio (tokens, cost)")
    noise: float | None = Field(default=None, description="Half the 95% spread of the change "
                                                          "over bootstrap redraws")
    noise_note: str | None = Field(default=None, description="`noise not measured` at one "
                                                             "run per query")
    survived: float | None = Field(default=None, description="Share of redraws in which the "
                                                             "drop held")
    worse: bool = False
    fails: bool = False


class CaseChange(BaseModel):
    """A case whose candidate got worse: its task (pass rate) or its process (followed)."""

    case: str
    what: Regressed = Field(description="task | process")
    before: float | None
    after: float | None

    @property
    def label(self) -> str:
        return self.case if self.what == "task" else f"{self.case} (process)"


class Flip(BaseModel):
    """A trigger query whose outcome flipped (its fire rate crossed one half)."""

    prompt: str
    should_trigger: bool
    before: float | None
    after: float | None
    worse: bool = Field(description="Moved away from what it should do")


class TriggerBlock(BaseModel):
    """The trigger figures of one skill (the one under test, or a neighbour)."""

    skill: str
    before_run: str
    after_run: str
    figures: list[Figure]
    flips: list[Flip]
    regression: bool


class Difference(BaseModel):
    """A digest the two runs do not share."""

    what: str = Field(description="Which run pair: paired, trigger, or a neighbour's name")
    digest: str
    before: str
    after: str
    allowed: bool = Field(description="--allow-different named it")


class Regression(BaseModel):
    """The whole comparison of B (after) against A (before)."""

    before: str = Field(description="As asked: a saved name or a run id")
    after: str
    skill: str
    regression: bool
    fail_on_cost: bool = False
    before_run: str | None = Field(default=None, description="Paired run ids compared")
    after_run: str | None = None
    figures: list[Figure] = Field(default_factory=list, description="Paired-run figures")
    cases_worse: list[CaseChange] = Field(default_factory=list)
    trigger: TriggerBlock | None = None
    neighbours: list[TriggerBlock] = Field(default_factory=list)
    differences: list[Difference] = Field(default_factory=list, description="Allowed ones")
    not_recorded: list[str] = Field(default_factory=list, description="Digests one side did "
                                                                      "not record: not "
                                                                      "compared")
    notes: list[str] = Field(default_factory=list)
