"""The viewer's history pages: a comparison (`view A --against B`, /compare/A/B) and a skill's
evidence card (/evidence/<skill>). Same rules as runner.render.html: every value escaped, no
script, nothing loaded."""

from __future__ import annotations

from runner.render.history import figure_note, figure_values, flip_line, team_lines
from runner.render.html import _bars, _table, esc, page
from runner.render.numbers import pct, rate
from runner.schema.evidence import EvidenceCard
from runner.schema.regression import Figure, Regression, TriggerBlock


def _figures(figures: list[Figure]) -> str:
    rows = []
    for f in figures:
        before, after, change = figure_values(f)
        tone = "FAIL" if f.fails else ("NEUTRAL" if f.worse else "")
        rows.append((f'<span class="{tone}">{"! " if f.worse else ""}{esc(f.name)}</span>',
                     esc(before), esc(after), esc(change), esc(figure_note(f))))
    return _table(("figure", "before", "after", "change", ""), rows, raw=True)


def _block(block: TriggerBlock, title: str) -> str:
    head = (f"<h2>{esc(title)} <span class=\"muted\">{esc(block.before_run)} → "
            f"{esc(block.after_run)}</span>"
            + (' <span class="FAIL">regression</span>' if block.regression else "") + "</h2>")
    flips = ""
    if block.flips:
        flips = "<h3>trigger cases that flipped</h3><ul>" + "".join(
            f"<li>{esc(flip_line(f))}</li>" for f in block.flips) + "</ul>"
    return head + _figures(block.figures) + flips


def compare_page(result: Regression) -> str:
    head = "REGRESSION DETECTED" if result.regression else "no regression"
    body = (f'<h1><span class="verdict {"FAIL" if result.regression else "PASS"}">'
            f"{esc(head)}</span> {esc(result.before)} → {esc(result.after)}</h1>"
            f"<p>{esc(result.skill)}</p>")
    if result.figures:
        body += (f"<h2>paired runs <span class=\"muted\">{esc(result.before_run)} → "
                 f"{esc(result.after_run)}</span></h2>" + _figures(result.figures))
    if result.cases_worse:
        body += "<h2>tasks that got worse</h2>" + _table(
            ("case", "before", "after"),
            [(c.label, rate(c.before), rate(c.after)) for c in result.cases_worse])
    if result.trigger is not None:
        body += _block(result.trigger, "trigger")
    for block in result.neighbours:
        body += _block(block, f"neighbour {block.skill}")
    allowed = [d for d in result.differences if d.allowed]
    if allowed:
        body += "<h2>allowed to differ</h2>" + _table(
            ("runs", "digest", "before", "after"),
            [(d.what, d.digest, d.before, d.after) for d in allowed])
    notes = [*result.notes]
    if result.not_recorded:
        notes.append("not recorded on one side, not compared: "
                     + ", ".join(result.not_recorded))
    body += "".join(f'<p class="muted">{esc(n)}</p>' for n in notes)
    return page(f"{head} {result.before} → {result.after}", body)


def evidence_page(card: EvidenceCard) -> str:
    title = f"evidence · {card.skill}"
    if card.run_id is None:
        lines = [f"No completed run of {card.skill} against the real model in {card.store}: "
                 "there is no evidence to show yet."]
        if card.dry_runs:
            lines.append(f"{card.dry_runs} completed dry run(s) (scripted model): labelled, "
                         "not evidence.")
        if card.without_receipt:
            lines.append(f"{card.without_receipt} run(s) stopped, partial or refused: no "
                         "receipt.")
        lines.append("Evidence comes from a completed `skill-eval run SKILL`.")
        lines += team_lines(card)
        body = f"<h1>{esc(title)}</h1>" + "".join(f"<p>{esc(x)}</p>" for x in lines)
        return page(title, body)
    when = card.validated_at.strftime("%Y-%m-%d %H:%M UTC") if card.validated_at else "n/a"
    opponents = _table(
        ("opponent", "verdict", "net lift", "W/L/T", "sign test p", "firm", "A/A rate"),
        [(o.opponent, o.verdict, pct(o.net_lift), f"{o.wins}/{o.losses}/{o.ties}",
          "n/a" if o.sign_test_p is None else f"{o.sign_test_p:.3f}",
          "n/a" if o.firm is None else ("yes" if o.firm else "no"),
          "n/a" if o.aa_rate is None else f"{o.aa_rate * 100:.1f}%")
         for o in card.opponents])
    arms = _table(("arm", "pass rate"), [(a, rate(v)) for a, v in card.pass_rates.items()])
    trend = ""
    if card.trend:
        trend = "<h2>trend across receipts</h2>" + _table(
            ("finished", "run", "sha256", "model", "k", "pass rate", "baseline", "net lift",
             "verdict"),
            [(p.finished_at.strftime("%Y-%m-%d %H:%M") if p.finished_at else "n/a",
              p.run_id, p.skill_digest[:12], p.model, p.k, rate(p.pass_rate),
              rate(p.baseline_pass_rate), pct(p.net_lift), p.verdict or "?")
             for p in card.trend])
        trend += _bars("candidate pass rate per receipt",
                       [(p.run_id, (p.pass_rate or 0.0) * 100, "") for p in card.trend],
                       100.0, "%")
    older = ('<p class="NEUTRAL">the folder given has other bytes: this evidence is of an '
             "earlier version</p>" if card.these_bytes is False else "")
    dry = (f'<p class="muted">{card.dry_runs} dry run(s) not counted (scripted model)</p>'
           if card.dry_runs else "")
    body = (f"<h1>{esc(title)}</h1><p>latest evidence: run {esc(card.run_id)} · sha256 "
            f"{esc((card.skill_digest or '')[:12])} · validated {esc(when)} · model "
            f"{esc(card.model)} · k={card.k} · {len(card.cases)} case(s): "
            f"{esc(', '.join(card.cases))}</p>{older}<h2>verdicts</h2>{opponents}"
            f"<h2>pass rate per arm</h2>{arms}<p>baseline delta {esc(pct(card.baseline_delta))}"
            f"</p>{trend}{dry}<h2>team</h2>"
            + "".join(f"<p>{esc(x)}</p>" for x in team_lines(card)))
    return page(title, body)
