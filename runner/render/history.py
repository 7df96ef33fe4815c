"""A store's history on a terminal: the regression report (`compare`) and the evidence card
(`evidence`). Names and prompts come from users: printed as text, never read as markup."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from runner.render.numbers import pct, rate
from runner.schema.evidence import EvidenceCard
from runner.schema.regression import Figure, Flip, Regression, TriggerBlock

SHARES = ("task success", "process followed", "strict success", "trigger precision",
          "trigger recall")


def figure_values(f: Figure) -> tuple[str, str, str]:
    """(before, after, change) as printed, the same on the terminal and in the viewer."""
    if f.name in SHARES:
        points = "" if f.change is None else f"{f.change * 100:+.0f} pts"
        return rate(f.before), rate(f.after), points
    fmt = "{:,.0f}" if f.name.startswith("tokens") else "{:.4f}"
    before = "n/a" if f.before is None else fmt.format(f.before)
    after = "n/a" if f.after is None else fmt.format(f.after)
    return before, after, pct(f.change) if f.change is not None else ""


def figure_note(f: Figure) -> str:
    if f.noise_note:
        return f"({f.noise_note}; fixed 5-point line)"
    if f.noise is not None:
        held = "" if f.survived is None or not f.change or f.change >= 0 else \
            f", drop held in {f.survived * 100:.0f}% of redraws"
        return f"(noise ±{f.noise * 100:.0f}%{held})"
    if f.worse and not f.fails:
        return "(reported; --fail-on-cost fails it)"
    return ""


def flip_line(flip: Flip) -> str:
    what = "should trigger" if flip.should_trigger else "should no-trigger"
    return (f"[{flip.before or 0:.2f} → {flip.after or 0:.2f}] {what}: {flip.prompt}"
            + ("" if flip.worse else "  (better)"))


def _figures(figures: list[Figure], console: Console) -> None:
    for f in figures:
        before, after, change = figure_values(f)
        mark = "!" if f.worse else " "
        line = f"  {mark} {f.name:<22}{before} → {after}"
        if change:
            line += f"   {change}"
        note = figure_note(f)
        if note:
            line += f"   {note}"
        console.print(Text(line, style="red" if f.fails else ("yellow" if f.worse else "")))


def _block(block: TriggerBlock, console: Console, title: str) -> None:
    console.print(Text(f"\n  {title} ({block.before_run} → {block.after_run})"
                       + (": REGRESSION" if block.regression else ""),
                       style="bold red" if block.regression else "bold"))
    _figures(block.figures, console)
    if block.flips:
        console.print(Text("\n  trigger cases that flipped:"))
        for flip in block.flips:
            console.print(Text(f"    {flip_line(flip)}"))


def render_regression(result: Regression, console: Console) -> None:
    head = "REGRESSION DETECTED" if result.regression else "no regression"
    console.print(Text.assemble((head, "bold red" if result.regression else "bold green"),
                                f"   {result.before} → {result.after}   ({result.skill})"))
    if result.figures:
        console.print(Text(f"\n  paired runs ({result.before_run} → {result.after_run})",
                           style="bold"))
        _figures(result.figures, console)
    if result.cases_worse:
        console.print(Text("\n  tasks that got worse:"))
        for case in result.cases_worse:
            console.print(Text(f"    {case.label:<24}{rate(case.before)} → {rate(case.after)}"))
    if result.trigger is not None:
        _block(result.trigger, console, "trigger")
    for block in result.neighbours:
        _block(block, console, f"neighbour {block.skill}")
    allowed = [d for d in result.differences if d.allowed]
    if allowed:
        console.print(Text("\n  allowed to differ: " + "; ".join(
            f"{d.what} {d.digest} {d.before[:12]} → {d.after[:12]}" for d in allowed)))
    if result.not_recorded:
        console.print(Text("  not recorded on one side, not compared: "
                           + ", ".join(result.not_recorded), style="dim"))
    for note in result.notes:
        console.print(Text(f"  note: {note}", style="dim"))


def team_lines(card: EvidenceCard) -> list[str]:
    """Published versions, the latest evidence's attribution, and what did not verify: the
    same lines for the terminal and the viewer."""
    lines = []
    if card.attribution is not None:
        lines.append(f"attribution: {card.attribution}")
    if card.latest_published is not None:
        lines.append("the latest evidence is of a published version" if card.latest_published
                     else "the latest evidence is of unpublished bytes (not the team's until "
                          "`skill-eval publish` attaches it)")
    for v in card.published:
        lines.append(f"published {v.skill_digest[:12]} on {v.published_at:%Y-%m-%d %H:%M} by "
                     f"{v.published_by}: {v.receipts} verified receipt(s)"
                     + (f", newest {v.newest_verdict}" if v.newest_verdict else "")
                     + (" (published over a FAIL)" if v.overridden_fail else ""))
    lines += [f"not verified (never evidence): run {u.run_id}: {'; '.join(u.problems)}"
              for u in card.not_verified]
    return lines


def _print_team(card: EvidenceCard, console: Console) -> None:
    for line in team_lines(card):
        style = "yellow" if line.startswith("not verified") else None
        console.print(Text(f"  {line}", style=style or ""))


def render_evidence(card: EvidenceCard, console: Console) -> None:
    if card.run_id is None:
        console.print(Text(f"no evidence for {card.skill} in {card.store}: no completed run "
                           "against the real model yet.", style="bold"))
        extra = []
        if card.dry_runs:
            extra.append(f"{card.dry_runs} completed dry run(s) (scripted model): labelled, "
                         "not evidence")
        if card.without_receipt:
            extra.append(f"{card.without_receipt} run(s) stopped, partial or refused: no "
                         "receipt")
        for line in extra:
            console.print(Text(f"  {line}"))
        console.print(Text("  evidence comes from a completed `skill-eval run SKILL` (every "
                           "trial scored, not stopped)"))
        _print_team(card, console)
        return
    when = card.validated_at.strftime("%Y-%m-%d %H:%M UTC") if card.validated_at else "n/a"
    console.print(Text.assemble((f"evidence for {card.skill}", "bold"),
                                f"  (sha256 {(card.skill_digest or '')[:12]}, run "
                                f"{card.run_id})"))
    if card.these_bytes is False:
        console.print(Text("  the folder given has other bytes: this evidence is of an "
                           "earlier version", style="yellow"))
    console.print(Text(f"  validated {when}: model {card.model}, k={card.k}, "
                       f"{len(card.cases)} case(s): {', '.join(card.cases)}"))
    for o in card.opponents:
        p = "n/a" if o.sign_test_p is None else f"{o.sign_test_p:.3f}"
        firm = ""
        if o.firm is not None:
            firm = "  firm" if o.firm else "  not firm"
            if o.aa_rate is not None:
                firm += f" (A/A rate {o.aa_rate * 100:.1f}%)"
        console.print(Text(f"  vs {o.opponent:<10} {o.verdict:<11} net lift {pct(o.net_lift)}"
                           f"  W/L/T {o.wins}/{o.losses}/{o.ties}  sign test p {p}{firm}"))
    console.print(Text("  pass rate: " + ", ".join(
        f"{arm} {rate(value)}" for arm, value in card.pass_rates.items())
        + f"; baseline delta {pct(card.baseline_delta)}"))
    if len(card.trend) > 1:
        console.print(Text("\n  trend (oldest first):"))
        for point in card.trend:
            stamp = point.finished_at.strftime("%Y-%m-%d %H:%M") if point.finished_at else "n/a"
            console.print(Text(f"    {stamp}  {point.run_id}  {point.skill_digest[:12]}  "
                               f"pass {rate(point.pass_rate)}  lift {pct(point.net_lift)}  "
                               f"{point.verdict or '?'}"))
    if card.dry_runs:
        console.print(Text(f"  {card.dry_runs} dry run(s) not counted (scripted model)",
                           style="dim"))
    _print_team(card, console)
