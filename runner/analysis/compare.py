"""The regression gate (docs/statistics.md#the-regression-gate): B (after) against A (before),
from their receipts. Pure.

- Quality falling fails: task success, process followed and strict success (the candidate
  arm), each only when the drop is larger than the runs' own noise at 95%: a stratified
  permutation test over the cases both ran (runner.analysis.noise); where nothing can be
  redrawn (no case's trials in both reports) a fixed line of LINE (5 points) stands in and says
  "noise not measured". The cases whose candidate got worse are named either way, a case
  whose process stopped being followed as `<id> (process)`.
- Trigger precision and recall falling fail by the same test, each query a stratum (its runs
  shuffled between the two trigger runs); at one run per query there is no spread to read
  ("noise not measured") and the fixed line applies.
- Tokens and cost rising past LINE (relative) are marked, failing only with fail_on_cost.
- A neighbour whose recall fell (by the same rule) is a regression.

Runs are compared only when every digest both recorded is the same (`differences`), unless the
caller allows the ones that differ.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from runner.analysis import noise
from runner.schema.enums import Arm, Regressed, TrialStatus
from runner.schema.receipt import Receipt
from runner.schema.regression import CaseChange, Difference, Figure, Flip, Regression, TriggerBlock
from runner.schema.report import Report
from runner.schema.triggers import TriggerReport

LINE = 0.05
REDRAWS = noise.REDRAWS
CONFIDENCE = noise.CONFIDENCE
SEED = noise.SEED
HOLES = frozenset(str(s) for s in TrialStatus if s.is_hole)


def differences(what: str, before: Receipt, after: Receipt,
                allowed: frozenset[str]) -> list[Difference]:
    """Every digest both receipts recorded that differs (the skill's name too)."""
    found = [Difference(what=what, digest=name, before=mine, after=theirs,
                        allowed=name in allowed)
             for name, mine, theirs in before.digests.differences(after.digests)]
    if before.skill != after.skill:
        found.append(Difference(what=what, digest="skill", before=before.skill,
                                after=after.skill, allowed="skill" in allowed))
    return found


# --- paired runs -------------------------------------------------------------------------


def _share_figure(name: str, before: float | None, after: float | None,
                  strata: Sequence[noise.Stratum] = ()) -> Figure:
    """A quality share: worse only past the runs' own noise (the permutation test over the
    strata), the fixed line where nothing can be redrawn."""
    change = None if before is None or after is None else after - before
    tested = noise.drop_test(strata, redraws=REDRAWS) if strata and change is not None else None
    if change is None or tested is None:
        # "more than 5 points": compared after rounding away float noise (0.75 - 0.80 is
        # -0.05000000000000004, exactly the line, which does not fail)
        worse = change is not None and round(change, 9) < -LINE
        return Figure(name=name, before=before, after=after, change=change, worse=worse,
                      fails=worse, noise_note=None if change is None else "noise not measured")
    survived, spread = tested
    worse = change < 0 and noise.beyond_noise(survived)
    return Figure(name=name, before=before, after=after, change=change, noise=spread,
                  survived=survived, worse=worse, fails=worse)


def _rise_figure(name: str, before: float | None, after: float | None,
                 fail_on_cost: bool) -> Figure:
    change = None if before is None or after is None or before <= 0 else after / before - 1
    worse = change is not None and round(change, 9) > LINE
    return Figure(name=name, before=before, after=after, change=change, relative=True,
                  worse=worse, fails=worse and fail_on_cost)


def _per_session(report: Report, arm: Arm) -> tuple[float | None, float | None]:
    cost = report.arms.get(str(arm))
    if cost is None or not cost.trials:
        return None, None
    tokens = (None if cost.input_tokens is None or cost.output_tokens is None
              else (cost.input_tokens + cost.output_tokens) / cost.trials)
    usd = None if cost.cost_usd is None else cost.cost_usd / cost.trials
    return tokens, usd


def paired_figures(before: Report, after: Report, fail_on_cost: bool) -> list[Figure]:
    a, b = before.arms.get(str(Arm.CANDIDATE)), after.arms.get(str(Arm.CANDIDATE))
    figures = [_share_figure("task success", a.pass_rate if a else None,
                             b.pass_rate if b else None,
                             strata(before, after, lambda passed, _: passed))]
    pa, pb = (a.process if a else None), (b.process if b else None)
    if pa is not None or pb is not None:
        figures.append(_share_figure("process followed", pa.followed if pa else None,
                                     pb.followed if pb else None,
                                     strata(before, after, lambda _, followed: followed)))
        figures.append(_share_figure("strict success", pa.strict if pa else None,
                                     pb.strict if pb else None,
                                     strata(before, after, _strict)))
    tokens_a, usd_a = _per_session(before, Arm.CANDIDATE)
    tokens_b, usd_b = _per_session(after, Arm.CANDIDATE)
    figures.append(_rise_figure("tokens per session", tokens_a, tokens_b, fail_on_cost))
    figures.append(_rise_figure("cost per session", usd_a, usd_b, fail_on_cost))
    return figures


Field_ = Callable[[bool | None, bool | None], bool | None]


def _strict(passed: bool | None, followed: bool | None) -> bool | None:
    return None if passed is None or followed is None else passed and followed


def _case_values(report: Report, field: Field_) -> dict[str, list[bool]]:
    seen: dict[str, list[bool]] = {}
    for t in report.trials:
        if t.arm is not Arm.CANDIDATE or t.status in HOLES:
            continue
        value = field(t.passed, t.process_followed)
        if value is not None:
            seen.setdefault(t.case, []).append(value)
    return seen


def strata(before: Report, after: Report, field: Field_) -> list[noise.Stratum]:
    """Per case both runs scored: (trials, successes) before and after, the candidate arm."""
    a, b = _case_values(before, field), _case_values(after, field)
    return [(len(a[c]), sum(a[c]), len(b[c]), sum(b[c])) for c in sorted(a) if c in b]


def _case_rates(report: Report, field: Field_) -> dict[str, float]:
    """Per case, the candidate's share of scored trials for which `field` is true."""
    return {case: sum(v) / len(v) for case, v in _case_values(report, field).items() if v}


def cases_worse(before: Report, after: Report) -> list[CaseChange]:
    """Cases (in both runs) whose candidate passed less often, or followed the process less
    often, in the later run: the regression report's "tasks that got worse"."""
    out: list[CaseChange] = []
    for what, field in ((Regressed.TASK, lambda passed, _: passed),
                        (Regressed.PROCESS, lambda _, followed: followed)):
        a, b = _case_rates(before, field), _case_rates(after, field)
        out.extend(CaseChange(case=case, what=what, before=a[case], after=b[case])
                   for case in a if case in b and b[case] < a[case])
    order = {c: i for i, c in enumerate(after.cases)}
    return sorted(out, key=lambda c: (order.get(c.case, len(order)), c.what is not Regressed.TASK))


# --- trigger runs ------------------------------------------------------------------------


def bootstrap_drops(before: TriggerReport, after: TriggerReport, redraws: int | None = None,
                    seed: int = SEED) -> dict[str, tuple[float, float]]:
    """For precision and recall: (survived, half the 95% spread of the null changes), from the
    permutation test of runner.analysis.noise, each query (matched by prompt) a stratum."""
    was = {q.query.prompt: q for q in before.queries if q.runs}
    pairs = [(was[q.query.prompt], q) for q in after.queries
             if q.runs and q.query.prompt in was]
    tags = [q.query.should_trigger for _, q in pairs]
    rows: list[noise.Stratum] = [(a.runs, a.fired, b.runs, b.fired) for a, b in pairs]

    def recall(s: Sequence[noise.Stratum]) -> float | None:
        return noise.pooled_change([x for x, t in zip(s, tags, strict=True) if t])

    def precision(s: Sequence[noise.Stratum]) -> float | None:
        tp_a = sum(x[1] for x, t in zip(s, tags, strict=True) if t)
        tp_b = sum(x[3] for x, t in zip(s, tags, strict=True) if t)
        fired_a, fired_b = sum(x[1] for x in s), sum(x[3] for x in s)
        return None if not fired_a or not fired_b else tp_b / fired_b - tp_a / fired_a

    out = {}
    for name, change in (("precision", precision), ("recall", recall)):
        tested = noise.drop_test(rows, change, redraws or REDRAWS, seed)
        if tested is not None:
            out[name] = tested
    return out


def _trigger_figure(name: str, before: float | None, after: float | None,
                    drop: tuple[float, float] | None, measured: bool) -> Figure:
    change = None if before is None or after is None else after - before
    if change is None:
        return Figure(name=name, before=before, after=after, change=None)
    if not measured or drop is None:
        worse = round(change, 9) < -LINE
        return Figure(name=name, before=before, after=after, change=change, worse=worse,
                      fails=worse, noise_note="noise not measured")
    survived, spread = drop
    worse = change < 0 and noise.beyond_noise(survived)
    return Figure(name=name, before=before, after=after, change=change, noise=spread,
                  survived=survived, worse=worse, fails=worse)


def flips(before: TriggerReport, after: TriggerReport) -> list[Flip]:
    """Queries (matched by prompt) whose fire rate crossed one half."""
    rates = {q.query.prompt: q.fire_rate for q in before.queries}
    out = []
    for q in after.queries:
        was, now = rates.get(q.query.prompt), q.fire_rate
        if was is None or now is None or (was >= 0.5) == (now >= 0.5):
            continue
        fired_now = now >= 0.5
        out.append(Flip(prompt=q.query.prompt, should_trigger=q.query.should_trigger,
                        before=was, after=now, worse=fired_now != q.query.should_trigger))
    return out


def _bill(report: TriggerReport) -> float | None:
    return None if report.cost_usd is None or not report.runs_made else \
        report.cost_usd / report.runs_made


def trigger_block(skill: str, before: Receipt, after: Receipt, fail_on_cost: bool,
                  neighbour: bool = False) -> TriggerBlock:
    """One skill's trigger figures. For a neighbour only recall decides (its requests taken
    by the edited skill); precision is shown."""
    a, b = before.trigger, after.trigger
    assert a is not None and b is not None
    measured = a.runs_per_query > 1 and b.runs_per_query > 1
    drops = bootstrap_drops(a, b) if measured else {}
    precision = _trigger_figure("trigger precision", a.overall.precision,
                                b.overall.precision, drops.get("precision"), measured)
    recall = _trigger_figure("trigger recall", a.overall.recall, b.overall.recall,
                             drops.get("recall"), measured)
    if neighbour:
        precision = precision.model_copy(update={"fails": False})
    cost = _rise_figure("trigger cost per run", _bill(a), _bill(b), fail_on_cost)
    figures = [precision, recall, cost]
    return TriggerBlock(skill=skill, before_run=before.run_id, after_run=after.run_id,
                        figures=figures, flips=flips(a, b),
                        regression=any(f.fails for f in figures))


# --- the whole comparison ----------------------------------------------------------------


def compare(before_name: str, after_name: str, skill: str,
            paired: tuple[Receipt, Receipt] | None,
            trigger: tuple[Receipt, Receipt] | None,
            neighbours: dict[str, tuple[Receipt, Receipt]],
            fail_on_cost: bool = False) -> Regression:
    """B against A: the receipts already checked comparable (runner.analysis.compare.
    differences) and paired up by the caller."""
    figures: list[Figure] = []
    worse: list[CaseChange] = []
    notes: list[str] = []
    if paired is not None:
        a, b = paired
        assert a.report is not None and b.report is not None
        figures = paired_figures(a.report, b.report, fail_on_cost)
        worse = cases_worse(a.report, b.report)
        for receipt in (a, b):
            if receipt.dry_run:
                notes.append(f"{receipt.run_id} is a dry run (scripted model): not evidence")
            if receipt.migrated_from is not None:
                notes.append(f"{receipt.run_id} was read from a version {receipt.migrated_from} "
                             "report (migrated): digests it did not record are not compared")
        if a.k != b.k:
            notes.append(f"k differs: {a.k} → {b.k} (rates are per session)")
    block = None
    if trigger is not None:
        block = trigger_block(skill, trigger[0], trigger[1], fail_on_cost)
    blocks = [trigger_block(name, a, b, fail_on_cost, neighbour=True)
              for name, (a, b) in sorted(neighbours.items())]
    regression = (any(f.fails for f in figures) or (block is not None and block.regression)
                  or any(n.regression for n in blocks))
    return Regression(before=before_name, after=after_name, skill=skill, regression=regression,
                      fail_on_cost=fail_on_cost,
                      before_run=paired[0].run_id if paired else None,
                      after_run=paired[1].run_id if paired else None, figures=figures,
                      cases_worse=worse, trigger=block, neighbours=blocks, notes=notes)

