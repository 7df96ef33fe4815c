"""The model table of a multi-model run on the terminal (docs/statistics.md#the-model-table);
the words of each answer are shared with the viewer."""

from __future__ import annotations

import html
import json

from rich.console import Console
from rich.text import Text

from runner.render.history import render_regression
from runner.render.numbers import num, pct, rate
from runner.render.table import Col, print_table
from runner.schema.enums import Verdict
from runner.schema.models import (
    Futility,
    ModelRow,
    ModelTable,
    NonInferiority,
    StandIn,
    Standing,
)
from runner.schema.regression import Regression


def _p(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3g}"


def standing_words(row: ModelRow) -> str:
    if row.standing is Standing.UNTESTED:
        return f"{row.standing} (every trial a hole)"
    return f"{row.standing}{'' if row.firm else ', not firm'}"


def _verdict(row: ModelRow | StandIn) -> str:
    c = row.comparison
    if c is None:
        return "n/a"
    if c.verdict in (Verdict.PASS, Verdict.FAIL):
        return f"{c.verdict} {'firm' if c.firm else 'not firm'}"
    return str(c.verdict)


def test_words(test: NonInferiority, alpha: float) -> str:
    """p of each direction and the upper bound, as one line."""
    return (f"difference {pct(test.difference)} over {test.pairs} pair(s); upper "
            f"{1 - alpha:.0%} bound {pct(test.upper_bound)} vs margin {test.margin:.0%}: "
            f"p(good enough) {_p(test.p_good)}, p(not good enough) {_p(test.p_bad)}")


def cheapest_words(table: ModelTable) -> str:
    """The first answer: the cheapest model that does the task well enough."""
    firm = (f"; shown at alpha {table.alpha:g}: {table.cheapest_firm}"
            if table.cheapest_firm else "")
    if table.cheapest_good_enough is None:
        return "no model is within the margin of the best"
    return (f"cheapest good enough: {table.cheapest_good_enough} (within {table.margin:.0%} "
            f"of the best, {table.best}){firm}")


def stand_in_words(s: StandIn) -> str:
    """The second answer, for one pair of models."""
    yes = "stands in" if s.stands_in else "does not stand in"
    firm = "shown at alpha" if s.firm else "not shown at alpha"
    return (f"the skill on {s.smaller} {yes} for {s.bigger} without it ({firm}): "
            f"{rate(s.pass_smaller_with)} vs {rate(s.pass_bigger_without)}, W{s.comparison.wins}"
            f" L{s.comparison.losses} T{s.comparison.ties}, net lift "
            f"{pct(s.comparison.net_lift)}, {_verdict(s)}")


def futility_words(f: Futility) -> str:
    """Why a model of a `--k auto` multi-model run stopped getting work, as a decision."""
    return (f"stopped for futility: not good enough, decided: even if every candidate trial it "
            f"did not run passed, its with-skill pass rate ({f.at_most:.0%} at most) would "
            f"trail {f.trails}'s ({f.other_at_least:.0%} at least) by the margin "
            f"({f.margin:.0%}) or more")


def render_model_table(table: ModelTable, console: Console) -> None:
    print_table(console, f"models (cheapest first; margin {table.margin:.0%}, alpha "
                         f"{table.alpha:g}, {table.correction})", (
        Col("model"), Col("with", True), Col("without", True), Col("net lift", True),
        Col("verdict"), Col("USD/session", True), Col("USD/pass", True),
        Col("vs best", tail=True)), [
        (r.model + ("" if r.known_price else " (price n/a: fallback)"), rate(r.pass_with),
         rate(r.pass_without), pct(r.comparison.net_lift if r.comparison else None),
         _verdict(r), num(r.cost_per_session, "{:.4f}"), num(r.cost_per_pass, "{:.4f}"),
         standing_words(r) + (" (stopped early)" if r.stopped_early else ""))
        for r in table.models])
    console.print(Text(cheapest_words(table), style="bold"))
    for row in table.models:
        if row.test is not None:
            console.print(Text(f"  {row.model}: {standing_words(row)}: vs {row.reference}: "
                               f"{test_words(row.test, table.alpha)}"))
    for s in table.stand_ins:
        console.print(Text(stand_in_words(s), style="green" if s.stands_in else "yellow"))
    console.print(Text(f"test: {table.test}", style="dim"))


def render_regressions(results: dict[str, Regression], console: Console) -> None:
    """`compare` of two multi-model runs: each model's regression report under its name."""
    for model, result in results.items():
        console.print(Text(f"model {model}:", style="bold"))
        render_regression(result, console)


def regressions_json(results: dict[str, Regression]) -> str:
    return json.dumps({m: r.model_dump(mode="json") for m, r in results.items()}, indent=1)


def table_html(table: ModelTable | None) -> str:
    """The viewer's model block (a multi-model run's report; empty otherwise): the same
    columns and answers as the terminal."""
    if table is None:
        return ""
    def esc(value: object) -> str:
        return html.escape(str(value), quote=True)
    head = ("model", "with skill", "without", "net lift", "verdict", "USD/session",
            "USD/pass", "vs best")
    rows = "".join(
        "<tr>" + "".join(f"<td>{esc(c)}</td>" for c in (
            r.model, rate(r.pass_with), rate(r.pass_without),
            pct(r.comparison.net_lift if r.comparison else None), _verdict(r),
            num(r.cost_per_session, "{:.4f}"), num(r.cost_per_pass, "{:.4f}"),
            standing_words(r))) + "</tr>" for r in table.models)
    answers = [cheapest_words(table),
               *(f"{r.model}: {standing_words(r)}: vs {r.reference}: "
                 f"{test_words(r.test, table.alpha)}"
                 for r in table.models if r.test is not None),
               *(stand_in_words(s) for s in table.stand_ins), f"test: {table.test}"]
    return (f"<h2>models (cheapest first; margin {table.margin:.0%}, alpha {table.alpha:g}, "
            f"{esc(table.correction)})</h2><table><tr>"
            + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr>" + rows + "</table>"
            + "".join(f"<p>{esc(a)}</p>" for a in answers))
