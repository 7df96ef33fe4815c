"""The report on a terminal (or a pipe): verdict first, then comparisons, cost, rows.

Everything that came from a user or a sandbox (skill and case names, check texts, errors,
reasons) is printed as text, never read as markup: `[/b]` in a check must print as written.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from runner.render import unpassed
from runner.render.models import futility_words
from runner.render.numbers import (
    aa,
    adaptive_line,
    arm_usd,
    budget,
    firmness,
    num,
    pct,
    rate,
    runtime_cell,
    spread,
    unanswered_note,
    votes,
)
from runner.render.table import Col, print_table
from runner.render.windows import NOTIONAL_NOTE, describe_moves
from runner.schema.enums import Verdict
from runner.schema.report import Report
from runner.schema.runs import BatchEvalState, Estimate, PowerPlan, RunSummary
from runner.schema.triggers import TriggerReport

VERDICT_STYLE = {Verdict.PASS: "bold green", Verdict.NEUTRAL: "bold yellow",
                 Verdict.FAIL: "bold red", Verdict.NO_EVIDENCE: "bold magenta"}


def render_regrade(report: Report, console: Console) -> None:
    """A regraded run: what it reused and what changed since."""
    regrade = report.regrade
    if regrade is None:
        return
    console.print(Text(
        f"regraded from {regrade.regraded_from}: {len(regrade.reused_trials)} stored "
        f"session(s) scored again, {regrade.agent_sessions} agent sessions; grader "
        f"{regrade.graded_trials} trial(s) ${regrade.grader_cost_usd:.4f}, judge "
        f"{regrade.judged_rows} row(s) ${regrade.judge_cost_usd:.4f}"))
    for change in regrade.changes:
        what = {"added": f"+ {change.after}", "removed": f"- {change.before}"}.get(
            change.change, f"{change.before} -> {change.after}")
        console.print(Text(f"  changed: {change.case} {change.kind} {change.change}: {what}"))
    for item in regrade.not_regraded:
        console.print(Text(f"  not regraded: {item.case}: {item.reason}"))
    for case in regrade.removed_cases:
        console.print(Text(f"  removed: {case}"))
    if regrade.skill_note:
        console.print(Text(f"  note: {regrade.skill_note}"))


def render(report: Report, console: Console) -> None:
    """The whole report: the headline and its notes, comparisons, cost, grading, rows."""
    render_headline(report, console)
    render_notes(report, console)
    render_holes(report, console)
    render_runtime(report, console)
    render_comparisons(report, console)
    render_unpassed(report, console)
    print_table(console, "cost per arm (turns and wall: mean per session; tokens and USD: "
                         "total, gateway-metered; CLI: claude's own estimate)", (
        Col("arm"), *(Col(name, True) for name in ("n", "pass", "turns", "wall s", "in tok",
                                                   "out tok", "USD", "USD cli"))), [
        (arm, str(a.trials), rate(a.pass_rate), num(a.turns, "{:.1f}"),
         num(a.wall_s, "{:.1f}"), num(a.input_tokens), num(a.output_tokens),
         arm_usd(a), num(a.cli_cost_usd, "{:.4f}"))
        for arm, a in report.arms.items()])
    if note := unanswered_note(report):
        console.print(Text(f"  {note}"))
    render_grading(report, console)
    render_cases(report, console)

    print_table(console, "rows", (Col("case"), Col("rep", True), Col("opponent"),
                                  Col("outcome"), Col("why", tail=True)), [
        (r.case, str(r.repetition), str(r.opponent), str(r.outcome), r.reason)
        for r in report.rows])
    render_failures(report, console)


def render_headline(report: Report, console: Console) -> None:
    """The verdict line, then what makes the run unlike a plain complete one."""
    style = VERDICT_STYLE[report.verdict]
    console.print(Text.assemble(
        (str(report.verdict), style),
        f"  {report.skill} (sha256 {report.skill_digest[:12]})  net lift "
        f"{pct(report.net_lift)}  model {report.model}  run {report.run_id}"))
    if report.isolation.startswith("none"):
        console.print(Text.assemble(("no isolation:", "bold red"), f" {report.isolation}"))
    if report.script_unmatched:
        console.print(Text.assemble(
            ("model script:", "bold red"), f" {report.script_unmatched} request(s) matched no "
            f"scenario (first prompt: {report.script_first_unmatched!r})"))
    if report.partial:
        console.print(Text.assemble(("partial run:", "yellow"),
                                    f" {report.holes} hole(s) left out of every number"))
    if report.futility is not None:
        console.print(Text.assemble(("decided:", "yellow"), f" {futility_words(report.futility)}"))
    if report.stopped:
        console.print(Text.assemble(("stopped early:", "red"), f" {report.stopped}"))
    if report.note:
        console.print(Text.assemble(("note:", "cyan"), f" {report.note}"))


def render_notes(report: Report, console: Console) -> None:
    """The credential, the incumbent, several skills' baseline and a regrade's changes."""
    if report.cost_notional:
        moved = describe_moves(report.usage_windows)
        console.print(Text.assemble(("subscription:", "cyan"), f" {NOTIONAL_NOTE}"
                                    + (f" ({moved})" if moved else "")))
    elif report.credentials:
        console.print(Text(f"credential: {', '.join(report.credentials)}", style="dim"))
    if report.incumbent_note and not report.skills:
        console.print(Text(f"incumbent: {report.incumbent_note}"))
    if report.baseline_mode == "joint":
        console.print(Text(f"joint: the candidate stages {', '.join(report.skills)}, the "
                           "baseline none; the delta is their joint contribution, not any "
                           "one skill's"))
    elif report.left_out:
        others = ", ".join(s for s in report.skills if s != report.left_out)
        console.print(Text(f"per-skill: {report.left_out}'s marginal contribution (the "
                           f"baseline stages {others}, the candidate all)"))
    if report.regrade is not None:
        render_regrade(report, console)


def render_holes(report: Report, console: Console) -> None:
    """Where the holes fell and what was retried."""
    for c in report.comparisons:
        if c.lopsided_holes:
            console.print(Text.assemble(("holes fall mostly on one arm", "yellow"), (
                f" vs {c.opponent}: " + ", ".join(f"{arm} {n}" for arm, n in
                                                  sorted(c.holes_by_arm.items()))
                + "; the scored rows may not be a fair sample")))
    causes = {arm: a.holes_by_cause for arm, a in report.arms.items() if a.holes_by_cause}
    if causes:
        console.print(Text("holes by arm and cause: " + "; ".join(
            f"{arm} " + ", ".join(f"{cause} {n}" for cause, n in sorted(by.items()))
            for arm, by in causes.items())))
    retried = {arm: a.retries for arm, a in report.arms.items() if a.retries}
    if retried:
        console.print(Text("retried after infrastructure or endpoint failures: " + ", ".join(
            f"{arm} {n}" for arm, n in retried.items())))
    for line in report.trials:  # each retried trial by name, and why each try did not stand
        if line.retried_because:
            console.print(Text(f"  {line.case} #{line.repetition} {line.arm} "
                               f"({line.trial_id[:12]}): " + "; ".join(line.retried_because)))


def render_comparisons(report: Report, console: Console) -> None:
    """Candidate vs each opponent, then the adaptive line and each verdict's firmness."""
    print_table(console, "comparisons (candidate vs ...)", (
        Col("opponent"), Col("W", True), Col("L", True), Col("T", True), Col("holes", True),
        Col("net lift", True), Col("verdict"), Col("firm"), Col("A/A (either sign)", True),
        Col("sign test p", True), Col("cases W/L/T", True), Col("case sign p", True)), [
        (str(c.opponent), str(c.wins), str(c.losses), str(c.ties), str(c.holes),
         pct(c.net_lift), Text(str(c.verdict), style=VERDICT_STYLE[c.verdict]),
         ("yes" if c.firm else "no") if c.verdict in (Verdict.PASS, Verdict.FAIL) else "-",
         aa(c.aa_rate) if c.verdict in (Verdict.PASS, Verdict.FAIL) else "-",
         num(c.sign_test_p, "{:.3f}"), votes(c), num(c.case_sign_test_p, "{:.3f}"))
        for c in report.comparisons])
    adaptive = adaptive_line(report)
    if adaptive:
        console.print(Text(adaptive, style="cyan"))
    shared = budget(report)
    if shared:
        console.print(Text(shared))
    for c in report.comparisons:
        said = firmness(c)
        if said:
            console.print(Text(f"vs {c.opponent}: {said}",
                               style="green" if c.firm else "yellow"))


def render_runtime(report: Report, console: Console) -> None:
    """The runtime table: per arm and per opponent's delta, mean ± sd over
    repetitions."""
    if not report.runtime:
        return
    arms = list(report.runtime[0].arms)
    opponents = list(report.runtime[0].deltas)
    print_table(console, "runtime (per repetition, mean ± sd over repetitions)", (
        Col("figure"), *(Col(str(a), True) for a in arms),
        *(Col(f"delta vs {o}", True) for o in opponents)), [
        (line.figure, *(runtime_cell(line.figure, line.arms[a]) for a in arms),
         *(runtime_cell(line.figure, line.deltas[o], signed=True) for o in opponents))
        for line in report.runtime])


def render_cases(report: Report, console: Console) -> None:
    """Per case and arm across the k repetitions (mean ± sample sd; no sd below two), and the
    checks that came out the same in both arms."""
    if report.k > 1 or len(report.per_case) <= 12:
        print_table(console, "per case (mean ± sd over repetitions)", (
            Col("case"), Col("arm"), *(Col(name, True) for name in (
                "n", "pass", "wall s", "tokens", "USD", "loads", "unsafe"))), [
            (c.case, str(c.arm), str(c.scored), spread(c.pass_rate, "{:.0f}%", 100),
             spread(c.wall_s, "{:.1f}"), spread(c.tokens, "{:.0f}"),
             spread(c.cost_usd, "{:.4f}"), str(c.skill_loads), str(c.safety_violations))
            for c in report.per_case])
    if report.case_deltas and (report.k > 1 or len(report.case_deltas) <= 12):
        print_table(console, "candidate minus opponent, per case (means)", (
            Col("case"), Col("vs"), *(Col(name, True) for name in (
                "success", "tools", "tokens", "USD", "loads", "unsafe"))), [
            (d.case, str(d.opponent), pct(d.success), num(d.tool_calls, "{:+.1f}"),
             num(d.tokens, "{:+,.0f}"), num(d.cost_usd, "{:+.4f}"), str(d.skill_loads),
             f"{d.safety_violations:+d}") for d in report.case_deltas])
    if report.non_discriminating:
        console.print(Text(
            f"{len(report.non_discriminating)} check(s) came out the same in both arms and "
            "measure nothing about the skill; revise them before changing the skill:",
            style="yellow"))
        for signal in report.non_discriminating[:10]:
            console.print(Text(f"  {signal.case}: always {signal.always}: {signal.check}"))


def render_unpassed(report: Report, console: Console) -> None:
    """The cases no arm passed, each with what its sessions reached for and the fix."""
    if not report.unpassed:
        return
    console.print(Text(unpassed.headline(report.unpassed), style="yellow"))
    for case in report.unpassed[:unpassed.LISTED]:
        console.print(Text(f"  {case.case} ({case.trials} sessions): {unpassed.causes(case)}"))
        console.print(Text(f"    {unpassed.fix(case)}"))
    if more := unpassed.rest(report.unpassed):
        console.print(Text(f"  {more}"))


def _mode(mode: str | None) -> str:
    """Calls made through the Message Batches API say so (they cost half)."""
    return f" ({mode}, at the batch rate)" if mode and "batch" in mode else ""


def render_grading(report: Report, console: Console) -> None:
    """The grader's and the judge's cost on their own lines, and the process figures (only
    when some case carries process items)."""
    graded = {arm: a for arm, a in report.arms.items() if a.grader_cost_usd is not None}
    if graded:
        console.print(Text(f"grader {report.grader_model}{_mode(report.grader_mode)}: "
                           + ", ".join(f"{arm} {a.grader_calls} call(s) "
                                       f"${a.grader_cost_usd:.4f}"
                                       for arm, a in graded.items())))
    if report.judge_model:
        console.print(Text(f"judge {report.judge_model}{_mode(report.judge_mode)}: "
                           f"{report.judge_calls} call(s) ${report.judge_cost_usd or 0:.4f}"))
    process = {arm: a.process for arm, a in report.arms.items() if a.process is not None}
    if not process:
        return
    print_table(console, "process (over trials whose case carries process items)", (
        Col("figure"), *(Col(str(arm), True) for arm in process)), [
        (label, *(f"{getattr(f, attr) * 100:.0f}%" for f in process.values()))
        for label, attr in (("process followed", "followed"), ("process items met", "items_met"),
                            ("strict (both)", "strict"))])


def render_failures(report: Report, console: Console) -> None:
    """Like pytest's summary: per case and arm, each failed check with what was expected and
    what was found, and each trial that did not finish with why."""
    failing = [t for t in report.trials if t.failures or t.error]
    if not failing:
        return
    console.print(Text("failures", style="bold"))
    for t in failing:
        console.print(Text(f"  {t.case} rep {t.repetition} {t.arm} ({t.status})", style="bold"))
        if t.error:
            console.print(Text(f"    {t.error}"))
        for failure in t.failures:
            console.print(Text(f"    {failure.check}: ", style="red").append(
                Text(failure.detail, style="default")))


def render_runs(runs: list[RunSummary], console: Console) -> None:
    """`skill-eval runs`: newest first, one line each, columns padded but never cut (ids must
    survive a pipe whatever its width). Runs of one eval on several models name their group
    (`m-...`) and the group gets a line of its own after them."""
    header = ("run", "skill", "model", "sha256", "verdict", "net lift", "trials", "holes",
              "USD", "finished (UTC)", "status", "group")
    lines = [header] + [(
        r.run_id, r.skill, r.model, r.skill_digest[:12], r.verdict, pct(r.net_lift),
        str(r.trials), str(r.holes), num(r.cost_usd, "{:.4f}"),
        r.finished_at.strftime("%Y-%m-%d %H:%M") if r.finished_at else "n/a", r.status,
        r.group or "") for r in runs]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    console.print(Text(f"{len(runs)} run(s), newest first", style="bold"))
    for number, line in enumerate(lines):
        text = "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True))
        console.print(Text(text.rstrip(), style="dim" if number == 0 else ""))
    groups: dict[str, list[RunSummary]] = {}
    for r in runs:
        if r.group:
            groups.setdefault(r.group, []).append(r)
    for group, members in groups.items():
        console.print(Text(f"{group}: multi-model run of {members[0].skill} on "
                           f"{', '.join(r.model for r in members)} (`skill-eval compare "
                           f"{group} m-...` compares two such runs model by model)"))


def render_batch(batch_id: str, evals: list[BatchEvalState], console: Console) -> None:
    """`skill-eval runs --batch ID`: each eval of the batch and where it stands."""
    done = sum(e.done for e in evals)
    total = sum(e.trials for e in evals)
    console.print(Text(f"batch {batch_id}: {len(evals)} eval(s), {done}/{total} trial(s) "
                       "done", style="bold"))
    header = ("run", "skill", "trials", "state", "verdict", "net lift")
    lines = [header] + [(e.run_id, e.skill, f"{e.done}/{e.trials}", e.state, e.verdict or "",
                         pct(e.net_lift) if e.verdict else "") for e in evals]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    for number, line in enumerate(lines):
        text = "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True))
        console.print(Text(text.rstrip(), style="dim" if number == 0 else ""))


def render_estimate(estimate: Estimate, console: Console, heading: str = "estimate") -> None:
    """What each arm, the grader and the judge would cost, then the total."""
    console.print(Text(f"{heading} (prices {estimate.price_table}): "
                       f"{'at most ' if any(x.upper_bound for x in estimate.lines) else ''}"
                       f"${estimate.total_usd:.4f}", style="bold"))
    for line in estimate.lines:
        unit = "session(s)" if line.what not in ("grader", "judge") else "call(s)"
        console.print(Text(
            f"  {line.what}{f' ({line.model})' if line.model else ''}: {line.calls} {unit}, "
            f"~{line.input_tokens:,} in / "
            f"{line.output_tokens:,} out tokens, {'≤ ' if line.upper_bound else ''}"
            f"${line.usd:.4f} ({line.basis})"))


def render_power(power: PowerPlan, console: Console) -> None:
    """`estimate --detect`: what catches a true net lift with a firm PASS, priced."""
    console.print(Text(
        f"to catch a true net lift of {power.detect:+.0%} with a firm PASS (alpha "
        f"{power.alpha:g}) {power.target_power:.0%} of the time, judged at an A/A tie rate of "
        f"{power.tie_rate:.0%}:", style="bold"))
    if power.note:
        console.print(Text(power.note, style="yellow"))
    if not power.can_be_firm:
        console.print(Text(f"{power.cases} case(s) x k={power.k} can never give a firm "
                           "verdict", style="yellow"))
    for option in power.options:
        if option.cases is None or option.k is None:
            limit = (f"no k up to 10 at {power.cases} case(s)" if option.label ==
                     "more repetitions" else f"no case count up to 60 at k={power.k}")
            console.print(Text(f"  {option.label}: {limit} reaches it"))
            continue
        cost = "" if option.cost is None else f", ${option.cost.total_usd:.4f}"
        sessions = "" if option.sessions is None else f", {option.sessions} session(s)"
        console.print(Text(
            f"  {option.label}: {option.cases} case(s) x k={option.k}: power "
            f"{rate(option.power)}, an A/A run reads a verdict {rate(option.aa_rate)} of the "
            f"time{sessions}{cost}"))
    console.print(Text("  (model: a share LIFT of the cases the candidate always wins; in the "
                       "rest both arms pass with the same per-case probability; "
                       "runner/analysis/confidence.py)", style="dim"))


def render_trigger(report: TriggerReport, console: Console) -> None:
    """The trigger report (docs/statistics.md#trigger-figures): the matrix, its figures, each query,
    EV010, the bill."""
    what = ("observed activation in sessions" if report.mode == "session"
            else "a model reading the catalog, not an observed activation")
    c = report.overall
    console.print(Text(f"trigger {report.skill} ({report.mode}: {what}; "
                       f"{report.runs_per_query} run(s) per query)", style="bold"))
    for label, value, figure in (
            ("fired when it should", c.fired_when_should, f"(recall    {rate(c.recall)})"),
            ("stayed quiet when it should", c.quiet_when_should_not, ""),
            ("missed", c.missed, f"(precision {rate(c.precision)})"),
            ("barged in", c.barged_in, f"(F1        {rate(c.f1)})")):
        console.print(Text(f"    {label.ljust(28)}{value:>4}   {figure}".rstrip()))
    console.print(Text(
        f"train: recall {rate(report.train.recall)}, precision "
        f"{rate(report.train.precision)}, F1 {rate(report.train.f1)} · validation: recall "
        f"{rate(report.validation.recall)}, precision {rate(report.validation.precision)}, "
        f"F1 {rate(report.validation.f1)}"))
    if report.overfit_warning:
        console.print(Text(report.overfit_warning, style="yellow"))
    for q in report.queries:
        share = "n/a " if q.fire_rate is None else f"{q.fire_rate:.2f}"
        if q.query.should_trigger:
            label = "should trigger" if q.fired == q.runs and q.runs else "did not fire"
        else:
            label = "should not trigger" if not q.fired else f"barged in {q.fired}/{q.runs}"
        holes = f" ({q.holes} hole(s))" if q.holes else ""
        console.print(Text(f"  [{share}] {label}: {q.query.prompt}{holes}"))
        if q.query.should_trigger and q.went_to:
            console.print(Text("         went to: " + ", ".join(
                f"{name} {n}/{q.runs}" for name, n in sorted(q.went_to.items(),
                                                             key=lambda x: -x[1]))))
    if report.restated:
        console.print(Text(f"EV010: {report.restated} should-trigger quer(y/ies) restate the "
                           f"description; first: {report.first_restated!r}", style="yellow"))
    bill = "n/a (a run reported no cost)" if report.cost_usd is None \
        else f"${report.cost_usd:.4f}"
    console.print(Text(f"bill: {report.runs_made} run(s), failed ones included; {bill}"))
