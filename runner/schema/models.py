"""The model axis of a run (`run --model A --model B`): one run per model, and the table that
reads them together (docs/statistics.md#the-model-table)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field

from runner.schema.report import Comparison


class Standing(StrEnum):
    """How a model's with-skill pass rate stands against the best model's, at the margin."""

    BEST = "best"
    GOOD_ENOUGH = "good enough"
    NOT_GOOD_ENOUGH = "not good enough"
    # no completed trial paired with the reference's (every trial a hole): nothing to stand on,
    # so never named good enough, however cheap
    UNTESTED = "untested"


class NonInferiority(BaseModel):
    """Tango's score test of best minus this model's pass rate against the margin, paired by
    case x repetition, its counts deflated by k (a case's repetitions count as one case)."""

    test: str = Field(description="Which test, in words")
    pairs: int = Field(description="Scored case x repetition pairs")
    difference: float = Field(description="Reference pass rate minus this one, over the pairs")
    margin: float
    z: float | None = Field(description="The score statistic at the margin (None: no pairs)")
    p_good: float | None = Field(description="One-sided p of 'worse by at least the margin' "
                                             "(small: good enough, firmly)")
    p_bad: float | None = Field(description="One-sided p of 'worse by at most the margin' "
                                            "(small: not good enough, firmly)")
    upper_bound: float | None = Field(description="One-sided (1 - alpha) upper confidence "
                                                  "bound on the difference")


class Futility(BaseModel):
    """`--k auto` with several models: the model stopped getting work because it could no
    longer be good enough (docs/statistics.md#the-model-table). A decision about the model,
    not a hole: its run is read at the last look it completed."""

    trails: str = Field(description="The model it can no longer come within the margin of")
    at_most: float = Field(description="Its with-skill pass rate over its whole design had "
                                       "every candidate trial it did not run passed")
    other_at_least: float = Field(description="`trails`' with-skill pass rate over its whole "
                                              "design had every trial it did not run failed")
    margin: float


class ModelRow(BaseModel):
    """One model's line of the table: its own run (candidate vs baseline), priced."""

    model: str
    run_id: str
    price_rank: int = Field(description="0 = the cheapest by the price table's output price")
    known_price: bool = Field(description="False: priced at the table's fallback")
    sessions: int
    pass_with: float | None = Field(description="Candidate arm's pass rate")
    pass_without: float | None = Field(description="Baseline arm's pass rate")
    comparison: Comparison | None = Field(description="Candidate vs baseline on this model, "
                                                      "firmness from the table's Holm family")
    cost_per_session: float | None = Field(description="Candidate arm's metered USD per "
                                                       "session (None: not measured)")
    cost_per_pass: float | None = Field(description="Candidate arm's USD per passing "
                                                    "case x repetition (None: none passed)")
    standing: Standing
    firm: bool = Field(description="The standing holds at alpha: `firm_p_adjusted` is at "
                                   "most alpha")
    firm_p: float | None = Field(default=None, description="The one-sided p of the test that "
                                 "matches the standing (p_good or p_bad), unadjusted")
    firm_p_adjusted: float | None = Field(default=None, description="Good enough: p_good "
                                          "adjusted over the table's models (Holm, Shaffer's "
                                          "first step; plain Holm when a p is missing); not "
                                          "good enough: p_bad as it is")
    test: NonInferiority | None = Field(default=None, description="Against the best of the "
                                        "other models (the best model: against the runner-up)")
    reference: str | None = Field(default=None, description="The model `test` is against")
    stopped_early: bool = Field(default=False, description="--k auto: stopped getting work "
                                                           "once it could not be good enough")


class StandIn(BaseModel):
    """The skill on a smaller model against no skill on a bigger one."""

    smaller: str
    bigger: str
    comparison: Comparison = Field(description="Candidate on `smaller` vs baseline on "
                                               "`bigger`, rows paired by case x repetition")
    pass_smaller_with: float | None
    pass_bigger_without: float | None
    test: NonInferiority
    stands_in: bool = Field(description="Not a FAIL, and within the margin of the bigger "
                                        "model's pass rate")
    firm: bool = Field(description="stands_in: the non-inferiority test is firm; not: the "
                                   "FAIL is firm or inferiority is")


class ModelTable(BaseModel):
    """Every model of a multi-model run side by side, and the two answers."""

    models: list[ModelRow]
    best: str = Field(description="Highest with-skill pass rate (ties: the bigger model)")
    margin: float = Field(description="Points (as a share) a model may trail the best by")
    alpha: float
    cheapest_good_enough: str | None = Field(description="The cheapest model whose pass rate "
                                                         "is within the margin (point "
                                                         "estimate)")
    cheapest_firm: str | None = Field(description="The cheapest model shown within the "
                                                  "margin of the best other model at alpha")
    stand_ins: list[StandIn] = Field(default_factory=list)
    correction: str = Field(description="How the table's comparisons share alpha")
    test: str = Field(description="The non-inferiority test, in words")
    group_id: str | None = Field(default=None, description="The runs' group (`m-...`): "
                                 "`skill-eval compare m-A m-B`, `skill-eval runs` lists it")
