"""The model table's good-enough answer by simulation where its test's model does not hold,
through the shipped decision code (runner.driver.passes.released_ids for what a `--k auto`
run releases, runner.analysis.models.futility for a model stopped as futile,
runner.analysis.report.build_report and runner.driver.models.with_table for the table):

- **seq**: `--k auto` (adaptive k: looks, alpha spending, stopping for success or futility,
  a model stopped once it can no longer be good enough), two models, the driver's loop;
- **family**: three and four models, the cheaper ones all at the margin's boundary: how
  often ANY of them is called good enough firmly (family-wise error), and how often
  `cheapest_good_enough` / `cheapest_firm` names a model that is not good enough;
- **cluster**: a case's repetitions correlated (per-case pass probability drawn with a wide
  spread, k=3..5);
- **holes**: trials lost to the endpoint or the machine (`TrialStatus.API_ERROR`, left out of
  every number): at random on every model, more on the cheaper models, only where the trial
  would have failed (holes that hide losses: missing not at random), and every trial of the
  cheapest model lost (its p is then missing and the table falls back from Shaffer's step to
  plain Holm, `runner.analysis.models.shaffer_good`). A model with no completed trial named good
  enough (firm or not) counts as an error too: nothing was seen of it.

A judge does not decide the model table: its test pairs the models' with-skill trial
outcomes (checks and graded statements, `TrialResult.passed`), and the stand-in comparison
keeps ties as ties; the judge only breaks ties inside one model's own comparison. So there is
no judge condition to run.

Per line: the truth (each cheaper model's gap below the best), the design, the share of runs
with the error, and its 95% Clopper-Pearson interval over the runs. An error above alpha
beyond Monte-Carlo noise is an interval whose low end is above alpha.

usage: .venv/bin/python bench/models_more.py [--runs 200] [--seed 7] [--margin 0.1]
       [--only seq,family,cluster,holes]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from scipy.stats import beta as beta_dist  # type: ignore[import-untyped]

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from runner.analysis.models import GOOD, futility  # noqa: E402
from runner.analysis.report import build_report  # noqa: E402
from runner.driver.models import with_table  # noqa: E402
from runner.driver.passes import released_ids  # noqa: E402
from runner.planning.plan import make_plan  # noqa: E402
from runner.schema.enums import Arm, TrialStatus  # noqa: E402
from runner.schema.models import ModelTable  # noqa: E402
from runner.schema.options import RunOptions  # noqa: E402
from runner.schema.plan import Plan  # noqa: E402
from runner.schema.trial import TrialResult, TrialSpec  # noqa: E402
from tests.helpers import word_skill  # noqa: E402

# dearest first: the best model is the first of a truth
MODELS = ("claude-opus-4-1", "claude-opus-4-5", "claude-sonnet-4-5", "claude-haiku-4-5")
ALPHA = 0.05
Difficulty = Callable[[random.Random, float], float]  # (rng, largest gap) -> best's chance


def spread(sd: float) -> Difficulty:
    """The best model's chance on a case around 0.8, kept at least the largest gap above 0 so
    every model's gap holds exactly on every case."""
    return lambda rng, top: min(1.0, max(top, rng.gauss(0.8, sd)))


def clustered(rng: random.Random, top: float) -> float:
    """Wide spread: Beta(1.5, 0.5) (mean 0.75, intra-case correlation 1/3 of a repetition's
    outcome) scaled into [top, 1]: most cases nearly always pass, a few rarely do."""
    return top + (1 - top) * rng.betavariate(1.5, 0.5)


@dataclass(frozen=True)
class Design:
    cases: int
    k: int
    auto: bool = False
    min_k: int = 1
    baseline: float = 0.3  # the no-skill chance on every case
    holes: tuple[float, ...] = ()  # per model (best first): the chance a trial is lost
    hide_fails: bool = False  # a trial is lost only where it would have failed

    def label(self) -> str:
        size = (f"{self.cases}x k=auto {self.min_k}..{self.k}" if self.auto
                else f"{self.cases}x k={self.k}")
        if not self.holes:
            return size
        lost = "/".join(f"{h:g}" for h in self.holes)
        return f"{size} holes {lost}{' fails' if self.hide_fails else ''}"

    def hole(self, model: int) -> float:
        return self.holes[model] if model < len(self.holes) else 0.0


@dataclass
class Tally:
    runs: int = 0
    any_firm_bad: int = 0  # some model at or beyond the margin called good enough, firm
    cheapest_bad: int = 0  # cheapest_good_enough names such a model
    cheapest_firm_bad: int = 0  # cheapest_firm names such a model
    cheapest_firm: int = 0  # the cheapest model called good enough, firm (power at gap 0)
    sessions: int = 0


def plans_for(models: Sequence[str], design: Design, margin: float) -> list[Plan]:
    with tempfile.TemporaryDirectory() as tmp:
        skill = word_skill(Path(tmp) / "words", design.cases)
        return [make_plan(RunOptions(skill_path=skill, k=design.k, k_auto=design.auto,
                                     min_k=design.min_k, model=m, store_uri="memory://",
                                     arms=(Arm.BASELINE, Arm.CANDIDATE), alpha=ALPHA))
                .model_copy(update={"margin": margin}) for m in models]


def _draw(spec: TrialSpec, chance: float, design: Design, hole: float,
          rng: random.Random) -> TrialResult:
    """One trial's outcome; lost (a hole, `passed` unset) with the model's hole chance, on
    either arm, or only where it would have failed when `design.hide_fails`."""
    p = chance if spec.arm is Arm.CANDIDATE else design.baseline
    passed = rng.random() < p
    lost = rng.random() < hole and not (design.hide_fails and passed)
    return TrialResult(trial_id=spec.trial_id, case_id=spec.case.id,
                       repetition=spec.repetition, arm=spec.arm,
                       status=TrialStatus.API_ERROR if lost else TrialStatus.COMPLETED,
                       passed=None if lost else passed)


def one_run(plans: list[Plan], gaps: Sequence[float], design: Design, difficulty: Difficulty,
            margin: float, rng: random.Random) -> tuple[ModelTable, int]:
    """One simulated multi-model run, the driver's way: released trials round by round (all
    of them at once without --k auto), then futility, the reports and the table."""
    best = {c: difficulty(rng, max(gaps)) for c in plans[0].cases}
    chance = {p.run_id: {c: best[c] - gap for c in best}
              for p, gap in zip(plans, gaps, strict=True)}
    specs = {t.trial_id: (p.run_id, t) for p in plans for t in p.trials}
    hole = {p.run_id: design.hole(i) for i, p in enumerate(plans)}
    results: dict[str, TrialResult] = {}
    while True:
        batch = [i for i in released_ids(plans, results) if i not in results]
        if not batch:
            break
        for i in sorted(batch):
            run_id, spec = specs[i]
            results[i] = _draw(spec, chance[run_id][spec.case.id], design, hole[run_id], rng)
    cut = futility(plans, results)
    reports = [build_report(p, [results[t.trial_id] for t in p.trials
                                if t.trial_id in results], futility=cut.get(p.run_id))
               for p in plans]
    _, table = with_table(plans, reports, list(results.values()), margin, ALPHA)
    return table, len(results)


def count(tally: Tally, table: ModelTable, gaps: dict[str, float], margin: float,
          sessions: int, unseen: frozenset[str] = frozenset()) -> None:
    bad = {m for m, g in gaps.items() if g >= margin - 1e-9} | unseen
    tally.runs += 1
    tally.sessions += sessions
    tally.any_firm_bad += any(r.model in bad and r.firm
                              and r.standing in GOOD
                              for r in table.models)
    tally.cheapest_bad += table.cheapest_good_enough in bad
    tally.cheapest_firm_bad += table.cheapest_firm in bad
    cheapest = min(gaps, key=lambda m: next(r.price_rank for r in table.models if r.model == m))
    tally.cheapest_firm += table.cheapest_firm == cheapest


def simulate(models: Sequence[str], gaps: Sequence[float], design: Design,
             difficulty: Difficulty, margin: float, runs: int, rng: random.Random) -> Tally:
    plans = plans_for(models, design, margin)
    unseen = frozenset(m for i, m in enumerate(models) if design.hole(i) >= 1.0)
    tally = Tally()
    for _ in range(runs):
        table, sessions = one_run(plans, gaps, design, difficulty, margin, rng)
        count(tally, table, dict(zip(models, gaps, strict=True)), margin, sessions, unseen)
    return tally


def interval(hits: int, runs: int) -> tuple[float, float]:
    """Clopper-Pearson 95%."""
    lo = 0.0 if hits == 0 else float(beta_dist.ppf(0.025, hits, runs - hits + 1))
    hi = 1.0 if hits == runs else float(beta_dist.ppf(0.975, hits + 1, runs - hits))
    return lo, hi


def cell(hits: int, runs: int) -> str:
    lo, hi = interval(hits, runs)
    flag = " !" if lo > ALPHA else "  "
    return f"{hits / runs:6.3f} [{lo:.3f},{hi:.3f}]{flag}"


HEAD = (f"{'models':>6} {'truth (gap below best)':>24} {'design':>20} "
        f"{'any firm good enough at/over margin':>36} {'cheapest_firm wrong':>27} "
        f"{'cheapest_good_enough wrong':>26} {'cheapest firm':>13} {'sessions':>8}")


def line(models: Sequence[str], gaps: Sequence[float], design: Design, tally: Tally) -> str:
    truth = " ".join(f"{g:.2f}" for g in gaps)
    n = tally.runs
    return (f"{len(models):>6} {truth:>24} {design.label():>20} "
            f"{cell(tally.any_firm_bad, n):>36} {cell(tally.cheapest_firm_bad, n):>27} "
            f"{tally.cheapest_bad / n:>26.3f} {tally.cheapest_firm / n:>13.3f} "
            f"{tally.sessions / n:>8.0f}")


def table(title: str, rows: list[tuple[Sequence[str], Sequence[float], Design, Difficulty]],
          margin: float, runs: int, rng: random.Random) -> None:
    print(f"\n{title} ({runs} runs a line; alpha {ALPHA}, margin {margin}; "
          "[95% Clopper-Pearson]; ! = above alpha beyond Monte-Carlo noise)")
    print(HEAD)
    for models, gaps, design, difficulty in rows:
        tally = simulate(models, gaps, design, difficulty, margin, runs, rng)
        print(line(models, gaps, design, tally), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--margin", type=float, default=0.1)
    parser.add_argument("--only", default="seq,family,cluster,holes")
    args = parser.parse_args()
    rng, m, runs = random.Random(args.seed), args.margin, args.runs
    only = set(args.only.split(","))
    two, three, four = MODELS[1::2], MODELS[1:], MODELS
    even = spread(0.1)
    if "seq" in only:  # the driver's loop is slow: half the runs
        table("seq: --k auto, the driver's loop (released_ids, futility)", [
            (two, (0.0, m), Design(20, 3, auto=True), even),
            (two, (0.0, m), Design(30, 4, auto=True, min_k=2, baseline=0.6), even),
            (two, (0.0, m), Design(60, 2, auto=True, baseline=0.75), even),
            (three, (0.0, m, m), Design(60, 2, auto=True, baseline=0.75), even),
            (two, (0.0, 0.0), Design(60, 2, auto=True, baseline=0.75), even),
        ], m, max(runs // 2, 1), rng)
    if "family" in only:
        table("family: three and four models, the cheaper ones at the margin's boundary", [
            (three, (0.0, m, m), Design(30, 2), even),
            (three, (0.0, m, m), Design(150, 1), even),
            (four, (0.0, m, m, m), Design(150, 1), even),
            (four, (0.0, 0.0, m, m), Design(150, 1), even),
            (three, (0.0, 0.0, 0.0), Design(150, 1), even),
            (four, (0.0, 0.0, 0.0, 0.0), Design(150, 1), even),
        ], m, runs, rng)
    if "cluster" in only:
        table("cluster: per-case chance Beta(1.5, 0.5) scaled, repetitions correlated", [
            (two, (0.0, m), Design(20, 5), clustered),
            (two, (0.0, m), Design(60, 3), clustered),
            (two, (0.0, m), Design(60, 5), clustered),
            (three, (0.0, m, m), Design(60, 4), clustered),
            (two, (0.0, 0.0), Design(60, 3), clustered),
            (two, (0.0, 0.0), Design(60, 5), clustered),
        ], m, runs, rng)
    if "holes" in only:
        table("holes: trials lost (API errors), left out of every number", [
            (three, (0.0, m, m), Design(60, 2, holes=(0.2, 0.2, 0.2)), even),
            (three, (0.0, m, m), Design(60, 2, holes=(0.0, 0.3, 0.3)), even),
            (three, (0.0, m, m), Design(60, 2, holes=(0.0, 0.3, 0.3), hide_fails=True), even),
            (four, (0.0, m, m, 0.0), Design(60, 2, holes=(0.1, 0.1, 0.1, 1.0)), even),
            (four, (0.0, m, m, 0.0), Design(60, 3, holes=(0.1, 0.1, 0.1, 1.0)), clustered),
            (two, (0.0, m), Design(20, 3, auto=True, holes=(0.2, 0.2)), even),
        ], m, runs, rng)

if __name__ == "__main__":
    main()
