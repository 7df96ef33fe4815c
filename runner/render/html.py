"""The run as one self-contained HTML page: `skill-eval view` serves it, `view --html` writes it.

Everything a trial produced is untrusted. Every value goes through `esc` (html.escape, quotes
included); the page has no script at all, loads nothing (styles inline, charts inline SVG), and
its Content-Security-Policy forbids scripts, frames and every fetch, so a transcript carrying
`<script>` or `<img onerror>` can neither run nor call out even if an escape were missed.
"""

from __future__ import annotations

import difflib
import html
from collections.abc import Iterable
from urllib.parse import quote

from runner.render import unpassed
from runner.render.models import table_html
from runner.render.numbers import (
    aa,
    adaptive_line,
    arm_usd,
    budget,
    firmness,
    pct,
    rate,
    runtime_cell,
    spread,
    unanswered_note,
    votes,
)
from runner.schema.enums import Arm, Outcome, Verdict
from runner.schema.report import Report, Row, TrialLine
from runner.schema.runs import RunSummary
from runner.schema.triggers import TriggerReport
from runner.schema.view import TrialView, Turn

CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; "
       "frame-ancestors 'none'; base-uri 'none'")

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:16px;color:#222}
h1{font-size:22px;margin:0 0 4px} h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ddd}
h3{font-size:15px;margin:14px 0 6px}
table{border-collapse:collapse;margin:6px 0;max-width:100%}
td,th{border:1px solid #ddd;padding:3px 8px;
text-align:left;vertical-align:top;overflow-wrap:break-word} th{background:#f4f4f4}
.PASS{color:#0a7a2f}.FAIL{color:#b3261e}.NEUTRAL{color:#8a6d00}.NOEVIDENCE{color:#7b2d8b}
.verdict{font-weight:700;font-size:26px}
.pass{background:#d9f2df}.fail{background:#f9d9d6}.hole{background:#e8e8e8}
.cell a{display:block;text-decoration:none;color:inherit}
pre{background:#f6f6f6;padding:6px;white-space:pre-wrap;word-break:break-word;margin:4px 0;
max-height:420px;overflow:auto}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.trial{border:1px solid #ddd;padding:8px;border-radius:4px;min-width:0}
.turn{margin:4px 0}.turn .k{font-size:12px;color:#666}
.user_turn{border-top:2px solid #888;padding-top:4px}
.skill_load{border-left:4px solid #6a4bc4;padding-left:6px}
.tool_result.err pre{background:#fbecea}
.check-ok{color:#0a7a2f}.check-no{color:#b3261e}
.muted{color:#666}
mark{background:#fff2a8}
"""


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def _usd(value: float | None) -> str:
    return "n/a" if value is None else f"${value:.4f}"


def _table(head: Iterable[str], rows: Iterable[Iterable[object]], raw: bool = False) -> str:
    """A table; cells are escaped unless `raw` (cells this module built itself)."""
    cells = str if raw else esc
    body = "".join("<tr>" + "".join(f"<td>{cells(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    return ("<table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr>" + body
            + "</table>")


def _bars(title: str, items: list[tuple[str, float, str]], scale: float, unit: str) -> str:
    """A horizontal bar chart as inline SVG: (label, value, note) per bar."""
    width, row = 640, 22
    height = row * len(items) + 24
    parts = [f'<svg role="img" aria-label="{esc(title)}" width="{width}" height="{height}" '
             f'xmlns="http://www.w3.org/2000/svg"><text x="0" y="14" font-size="13">'
             f"{esc(title)}</text>"]
    for i, (label, value, note) in enumerate(items):
        y = 22 + i * row
        length = 0 if scale <= 0 else max(0.0, min(1.0, value / scale)) * 300
        parts.append(f'<text x="0" y="{y + 14}" font-size="12">{esc(label[:34])}</text>'
                     f'<rect x="230" y="{y + 3}" width="{length:.1f}" height="14" '
                     f'fill="#5b7fd6"/><text x="{236 + length:.1f}" y="{y + 14}" '
                     f'font-size="12">{esc(f"{value:.2f}{unit} {note}".strip())}</text>')
    return "".join(parts) + "</svg>"


def _charts(report: Report) -> str:
    rates = [(f"{c.case} · {c.arm}", (c.pass_rate.mean or 0.0) * 100,
              f"±{c.pass_rate.sd * 100:.0f}" if c.pass_rate.sd is not None else "")
             for c in report.per_case]
    costs = [(arm, a.cost_usd or 0.0, "") for arm, a in report.arms.items()]
    walls = [(arm, a.wall_s or 0.0, "") for arm, a in report.arms.items()]
    out = _bars("pass rate per case and arm (%)", rates, 100, "%") if rates else ""
    top = max((c for _, c, _ in costs), default=0.0)
    out += _bars("cost per arm (USD, metered)", costs, top, "")
    out += _bars("mean wall time per session (s)", walls, max((w for _, w, _ in walls),
                                                               default=0.0), "s")
    return out


def _cell(line: TrialLine | None) -> str:
    if line is None:
        return "<td>·</td>"
    state = "hole" if line.passed is None else "pass" if line.passed else "fail"
    return (f'<td class="cell {state}"><a href="#t-{esc(line.trial_id)}" '
            f'title="{esc(line.status)}">{state}</a></td>')


def _grid(report: Report) -> str:
    by = {(t.case, t.repetition, str(t.arm)): t for t in report.trials}
    arms = list(report.arms)
    head = "<tr><th>case</th><th>rep</th>" + "".join(f"<th>{esc(a)}</th>" for a in arms)
    body = ""
    for case in report.cases:
        for rep in range(report.k):
            body += (f"<tr><td>{esc(case)}</td><td>{rep}</td>"
                     + "".join(_cell(by.get((case, rep, a))) for a in arms) + "</tr>")
    return f"<table>{head}</tr>{body}</table>"


def _turn(turn: Turn) -> str:
    label = {"text": "assistant", "tool_use": f"tool call · {turn.tool}",
             "tool_result": "result" + (" (error)" if turn.is_error else ""),
             "skill_load": "skill loaded",
             "user_turn": "user"}.get(turn.kind, turn.kind)
    klass = f"turn {esc(turn.kind)}" + (" err" if turn.is_error else "")
    return (f'<div class="{klass}"><div class="k">{esc(label)}</div>'
            f"<pre>{esc(turn.text)}</pre></div>")


def _highlight(text: str, needle: str) -> str:
    """The text escaped, with the first occurrence of `needle` marked (evidence in place)."""
    at = text.find(needle) if needle else -1
    if at < 0:
        return esc(text)
    end = at + len(needle)
    return esc(text[:at]) + "<mark>" + esc(text[at:end]) + "</mark>" + esc(text[end:])


def _checks(view: TrialView) -> str:
    rows = []
    for name, score in view.result.scores.items():
        for check in score.checks:
            mark = '<span class="check-ok">pass</span>' if check.passed else \
                '<span class="check-no">fail</span>'
            said = check.evidence if check.passed else check.detail
            rows.append((esc(name), esc(check.check), mark, esc(said)))
    if not rows:
        return '<p class="muted">no checks graded</p>'
    return _table(("scorer", "check", "", "evidence / why"), rows, raw=True)


def _evidence_in_text(view: TrialView) -> str:
    """The final text with each verified statement quote highlighted where it was found."""
    quotes = [c.evidence for s in view.result.scores.values() if s.model for c in s.checks
              if c.passed and c.evidence]
    texts = [t.text for t in view.turns if t.kind == "text"]
    if not quotes or not texts:
        return ""
    text = "\n".join(texts)
    marked = _highlight(text, quotes[0])
    return f"<h3>grader evidence in the agent's text</h3><pre>{marked}</pre>"


def _trial(view: TrialView | None, line: TrialLine, open_session: bool = False,
           run_id: str | None = None) -> str:
    state = "hole" if line.passed is None else "pass" if line.passed else "fail"
    head = (f'<div class="trial" id="t-{esc(line.trial_id)}"><h3>{esc(line.arm)} · '
            f"{esc(line.status)} · {state}"
            f"</h3><div class='muted'>trial {esc(line.trial_id)} · attempt {line.attempt}/"
            f"{line.attempts}{' · ' + esc(line.error) if line.error else ''}</div>")
    if line.safety:
        head += ('<p class="check-no">unsafe commands: '
                 + "; ".join(esc(v) for v in line.safety) + "</p>")
    if view is None and run_id is not None:  # a large run: its material is on its own page
        return head + (f'<p class="muted">material on its own page (`skill-eval view`): <a '
                       f'href="/run/{esc(run_id)}/trial/{esc(line.trial_id)}">open</a></p></div>')
    if view is None:
        return head + '<p class="muted">no stored artifacts</p></div>'
    if view.result.phases:
        head += ('<p class="muted phases">phases: ' + " · ".join(
            f"{esc(phase)} {seconds:.2f}s" for phase, seconds in view.result.phases.items())
            + "</p>")
    outputs = "".join(
        f"<details><summary>{esc(o.path)} ({o.size} bytes)</summary><pre>"
        f"{esc(o.text) if o.text is not None else '(binary)'}</pre></details>"
        for o in view.outputs) or '<p class="muted">no output files</p>'
    session = "".join(_turn(t) for t in view.turns) or '<p class="muted">no transcript</p>'
    return (head + "<h3>checks</h3>" + _checks(view) + _evidence_in_text(view)
            + "<h3>output files</h3>" + outputs
            + f"<details{' open' if open_session else ''}><summary>session "
              f"({len(view.turns)} steps)</summary>{session}</details></div>")


def _diff(left: TrialView | None, right: TrialView | None) -> str:
    if left is None or right is None:
        return ""
    a = {o.path: o.text or "" for o in left.outputs}
    b = {o.path: o.text or "" for o in right.outputs}
    parts = []
    for path in sorted(set(a) | set(b)):
        lines = list(difflib.unified_diff(a.get(path, "").splitlines(),
                                          b.get(path, "").splitlines(),
                                          f"candidate/{path}", f"opponent/{path}", lineterm=""))
        if lines:
            parts.append(f"<pre>{esc(chr(10).join(lines[:400]))}</pre>")
    if not parts:
        return ""
    return "<details><summary>output files, candidate vs opponent (diff)</summary>" \
        + "".join(parts) + "</details>"


def _row_section(row: Row, report: Report, views: dict[str, TrialView],
                 open_sessions: bool = False, by: TrialIndex | None = None) -> str:
    by = by if by is not None else trial_index(report)
    linked = None if all_material(report) else report.run_id
    cand = by.get((row.case, row.repetition, Arm.CANDIDATE))
    other = by.get((row.case, row.repetition, row.opponent))
    judge = ""
    if row.judge:
        judge = _table(("order", "preferred", "reasons"),
                       [(c.order, c.preferred, c.reasons) for c in row.judge])
    pair = "".join(_trial(views.get(t.trial_id), t, open_sessions,
                          linked if t.trial_id not in views else None)
                   for t in (cand, other) if t is not None)
    tone = {Outcome.WIN: "PASS", Outcome.LOSS: "FAIL"}.get(row.outcome, "NEUTRAL")
    diff = _diff(views.get(cand.trial_id) if cand else None,
                 views.get(other.trial_id) if other else None)
    return (f"<section><h2>{esc(row.case)} · rep {row.repetition} · vs {esc(row.opponent)}: "
            f'<span class="{tone}">{esc(row.outcome)}</span></h2><p>{esc(row.reason)}</p>'
            f'{judge}<div class="pair">{pair}</div>{diff}</section>')


TrialIndex = dict[tuple[str, int, Arm], TrialLine]
# A run page carries every trial's material (transcript, outputs) up to this many trials; a
# larger run's page carries that of its first MATERIAL_ROWS rows and links the rest to their
# own pages, so a run of thousands of trials neither reads nor renders thousands of sessions.
MATERIAL_TRIALS = 200
MATERIAL_ROWS = 100


def trial_index(report: Report) -> TrialIndex:
    return {(t.case, t.repetition, t.arm): t for t in report.trials}


def all_material(report: Report) -> bool:
    return len(report.trials) <= MATERIAL_TRIALS


def material_trials(report: Report) -> set[str] | None:
    """The trials whose material a run page shows; None: every trial."""
    if all_material(report):
        return None
    by = trial_index(report)
    return {t.trial_id for r in report.rows[:MATERIAL_ROWS]
            for t in (by.get((r.case, r.repetition, Arm.CANDIDATE)),
                      by.get((r.case, r.repetition, r.opponent))) if t is not None}


def _material_note(report: Report) -> str:
    if all_material(report):
        return ""
    return (f'<p class="muted">{len(report.trials):,} trials: the sessions and output files of '
            f"the first {MATERIAL_ROWS} rows are on this page; every other trial links to its "
            "own page.</p>")


def row_trials(report: Report, trial_id: str) -> set[str]:
    """A trial and the trials it is compared with: what its own page shows."""
    line = next((t for t in report.trials if t.trial_id == trial_id), None)
    if line is None:
        return set()
    return {t.trial_id for t in report.trials
            if t.case == line.case and t.repetition == line.repetition}


def _history(runs: list[RunSummary]) -> str:
    if len(runs) < 2:
        return ""
    return "<h2>this skill's runs</h2>" + _table(
        ("run", "version (sha256)", "verdict", "net lift", "USD", "finished"),
        [(r.run_id, r.skill_digest[:12], r.verdict, pct(r.net_lift), _usd(r.cost_usd),
          r.finished_at.strftime("%Y-%m-%d %H:%M") if r.finished_at else "n/a") for r in runs])


def page(title: str, body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
            f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>{body}</body></html>")


def run_page(report: Report, views: dict[str, TrialView], history: list[RunSummary]) -> str:
    verdict = str(report.verdict)
    head = (f'<h1><span class="verdict {esc(verdict.replace(" ", ""))}">{esc(verdict)}</span> '
            f"{esc(report.skill)}</h1><p>net lift {pct(report.net_lift)} · W/L/T "
            f"{report.wins}/{report.losses}/{report.ties} · holes {report.holes} · model "
            f"{esc(report.model)} · run {esc(report.run_id)} · {esc(report.status)} · sha256 "
            f"{esc(report.skill_digest[:12])}</p>")
    notes = "".join(f'<p class="muted">{esc(n)}</p>' for n in (
        report.note, report.incumbent_note, report.stopped and f"stopped: {report.stopped}")
        if n)
    judge = (f"<p>judge {esc(report.judge_model)}: {report.judge_calls} call(s) "
             f"{_usd(report.judge_cost_usd)}</p>" if report.judge_model else "")
    by = trial_index(report)
    rows = "".join(_row_section(r, report, views, by=by) for r in report.rows)
    body = (head + notes + table_html(report.model_table) + _runtime(report)
            + "<h2>comparisons</h2>" + _comparisons(report)
            + "<h2>cost per arm</h2>" + _cost(report) + judge + "<h2>charts</h2>"
            + _charts(report) + "<h2>trials (case × repetition × arm)</h2>" + _grid(report)
            + _per_case(report) + _unpassed(report) + _weak(report) + _history(history)
            + "<h2>rows, side by side</h2>" + _material_note(report) + rows)
    return page(f"{verdict} {report.skill} {report.run_id}", body)


def _comparisons(report: Report) -> str:
    comparisons = _table(
        ("opponent", "W", "L", "T", "holes", "net lift", "verdict", "firm", "A/A (either sign)",
         "sign test p", "cases W/L/T", "case sign p"),
        [(c.opponent, c.wins, c.losses, c.ties, c.holes, pct(c.net_lift), c.verdict,
          ("yes" if c.firm else "no") if c.verdict in (Verdict.PASS, Verdict.FAIL) else "-",
          aa(c.aa_rate) if c.verdict in (Verdict.PASS, Verdict.FAIL) else "-",
          "n/a" if c.sign_test_p is None else f"{c.sign_test_p:.3f}", votes(c),
          "n/a" if c.case_sign_test_p is None else f"{c.case_sign_test_p:.3f}")
         for c in report.comparisons]) + "".join(
        f'<p class="muted">vs {esc(c.opponent)}: {esc(said)}</p>'
        for c in report.comparisons if (said := firmness(c))) + (
        f'<p class="muted">{esc(line)}</p>' if (line := adaptive_line(report)) else "") + (
        f'<p class="muted">{esc(shared)}</p>' if (shared := budget(report)) else "")
    return comparisons


def _runtime(report: Report) -> str:
    runtime = ""
    if report.runtime:
        arms, opponents = list(report.runtime[0].arms), list(report.runtime[0].deltas)
        runtime = "<h2>runtime (per repetition, mean ± sd over repetitions)</h2>" + _table(
            ("", *arms, *(f"delta vs {o}" for o in opponents)),
            [(line.figure, *(runtime_cell(line.figure, line.arms[a], sep=" ± ") for a in arms),
              *(runtime_cell(line.figure, line.deltas[o], True, " ± ") for o in opponents))
             for line in report.runtime])
    return runtime


def _cost(report: Report) -> str:
    cost = _table(
        ("arm", "trials", "pass", "turns", "wall s", "in tok", "out tok", "USD", "grader USD"),
        [(arm, a.trials, rate(a.pass_rate),
          "n/a" if a.turns is None else f"{a.turns:.1f}",
          "n/a" if a.wall_s is None else f"{a.wall_s:.1f}",
          a.input_tokens if a.input_tokens is not None else "n/a",
          a.output_tokens if a.output_tokens is not None else "n/a", arm_usd(a, "${:.4f}"),
          _usd(a.grader_cost_usd)) for arm, a in report.arms.items()])
    note = unanswered_note(report)
    return cost + (f'<p class="muted">{esc(note)}</p>' if note else "")


def _per_case(report: Report) -> str:
    per_case = ""
    if report.per_case:
        per_case = "<h2>per case (mean ± sd over repetitions)</h2>" + _table(
            ("case", "arm", "n", "holes", "pass", "wall s", "tokens", "USD", "tool calls",
             "skill loads", "unsafe"),
            [(c.case, c.arm, c.scored, c.holes, spread(c.pass_rate, "{:.0f}%", 100, " ± "),
              spread(c.wall_s, "{:.1f}", sep=" ± "), spread(c.tokens, "{:.0f}", sep=" ± "),
              spread(c.cost_usd, "{:.4f}", sep=" ± "),
              spread(c.tool_calls, "{:.1f}", sep=" ± "), c.skill_loads,
              c.safety_violations) for c in report.per_case])
    return per_case


def _unpassed(report: Report) -> str:
    """The cases no arm passed: what their sessions reached for, and the fix."""
    if not report.unpassed:
        return ""
    more = unpassed.rest(report.unpassed)
    return (f"<h2>cases no arm passed</h2><p>{esc(unpassed.headline(report.unpassed))}</p>"
            + _table(("case", "sessions", "arms", "what the sessions reached for", "fix"),
                     [(c.case, c.trials, ", ".join(c.arms), unpassed.causes(c),
                       unpassed.fix(c)) for c in report.unpassed[:unpassed.LISTED]])
            + (f'<p class="muted">{esc(more)}</p>' if more else ""))


def _weak(report: Report) -> str:
    weak = ""
    if report.non_discriminating:
        weak = ("<h2>checks that measure nothing</h2><p>These came out the same in both arms; "
                "revise them before changing the skill.</p>" + _table(
                    ("case", "always", "check"),
                    [(s.case, s.always, s.check) for s in report.non_discriminating]))
    return weak


def trial_page(report: Report, views: dict[str, TrialView], trial_id: str) -> str | None:
    """One trial beside its opponent(s): the rows it is part of, sessions unfolded."""
    line = next((t for t in report.trials if t.trial_id == trial_id), None)
    if line is None:
        return None
    rows = [r for r in report.rows if r.case == line.case and r.repetition == line.repetition
            and line.arm in (Arm.CANDIDATE, r.opponent)]
    back = f'<p><a href="/run/{esc(report.run_id)}">back to run {esc(report.run_id)}</a></p>'
    by = trial_index(report)
    body = back + "".join(_row_section(r, report, views, open_sessions=True, by=by)
                          for r in rows)
    if not rows:  # an arm with no row (a lone trial): show it alone
        body += _trial(views.get(trial_id), line, open_session=True)
    return page(f"{line.case} {line.arm} {report.run_id}", body)


def index_page(runs: list[RunSummary], link: str = "/run/",
               triggers: list[tuple[str, TriggerReport]] | None = None,
               skills: list[str] | None = None) -> str:
    rows = [(f'<a href="{esc(link + r.run_id)}">{esc(r.run_id)}</a>', esc(r.skill),
             esc(r.verdict), esc(pct(r.net_lift)), str(r.trials), str(r.holes),
             esc(_usd(r.cost_usd)), esc(r.status)) for r in runs]
    body = f"<h1>{len(runs)} run(s)</h1>" + _table(
        ("run", "skill", "verdict", "net lift", "trials", "holes", "USD", "status"), rows,
        raw=True)
    if triggers:
        body += "<h2>trigger runs</h2>" + _table(
            ("run", "skill", "mode", "recall", "precision", "F1"),
            [(f'<a href="/trigger/{esc(run_id)}">{esc(run_id)}</a>', esc(t.skill),
              esc(t.mode), rate(t.overall.recall), rate(t.overall.precision),
              rate(t.overall.f1)) for run_id, t in triggers], raw=True)
    if skills:
        body += "<h2>evidence</h2><p>" + " · ".join(
            f'<a href="/evidence/{esc(quote(s, safe=""))}">{esc(s)}</a>' for s in skills) + "</p>"
    return page("skill-eval runs", body)


def trigger_page(report: TriggerReport, run_id: str = "") -> str:
    """A trigger run: the matrix and its figures, train/validation, each query, EV010, bill."""
    c = report.overall
    what = ("observed activation in sessions" if report.mode == "session"
            else "a model reading the catalog, not an observed activation")
    matrix = _table(("", "runs", ""), [
        ("fired when it should", c.fired_when_should, f"recall {rate(c.recall)}"),
        ("stayed quiet when it should", c.quiet_when_should_not, ""),
        ("missed", c.missed, f"precision {rate(c.precision)}"),
        ("barged in", c.barged_in, f"F1 {rate(c.f1)}")])
    splits = _table(("set", "recall", "precision", "F1"), [
        (name, rate(cell.recall), rate(cell.precision), rate(cell.f1))
        for name, cell in (("train", report.train), ("validation", report.validation))])
    rows = []
    for q in report.queries:
        went = ", ".join(f"{name} {n}/{q.runs}" for name, n in sorted(q.went_to.items()))
        rows.append((q.query.prompt, "should fire" if q.query.should_trigger else
                     "should stay quiet", "n/a" if q.fire_rate is None
                     else f"{q.fire_rate:.2f}", f"{q.fired}/{q.runs}", q.holes, went,
                     q.split))
    queries = _table(("query", "expected", "fire rate", "fired", "holes", "went to",
                      "split"), rows)
    notes = "".join(f'<p class="muted">{esc(n)}</p>' for n in (
        report.overfit_warning,
        report.restated and f"EV010: {report.restated} should-trigger quer(y/ies) restate the "
                            f"description; first: {report.first_restated}") if n)
    bill = "n/a (a run reported no cost)" if report.cost_usd is None \
        else f"${report.cost_usd:.4f}"
    body = (f"<h1>trigger · {esc(report.skill)}</h1><p>{esc(report.mode)}: {esc(what)}; "
            f"{report.runs_per_query} run(s) per query · {esc(run_id)}</p>"
            f"<p class=\"muted\">read from {esc(', '.join(report.files))}</p>"
            f"<h2>confusion matrix</h2>{matrix}<h2>train and validation</h2>{splits}{notes}"
            f"<h2>queries</h2>{queries}<p>bill: {report.runs_made} run(s), failed ones "
            f"included; {esc(bill)}</p>")
    return page(f"trigger {report.skill} {run_id}", body)
