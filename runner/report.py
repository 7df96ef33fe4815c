"""The report: a pydantic model (stored, --report-json) and its terminal rendering."""

from __future__ import annotations

from pydantic import BaseModel, Field
from rich import box
from rich.console import Console
from rich.table import Table

from runner.aggregate import ArmCost, Comparison, Row, arm_cost, build_rows, compare
from runner.gateway.pricing import PRICE_TABLE_VERSION
from runner.models import Arm, Outcome, Verdict
from runner.plan import Plan
from runner.task import TaskResult

DRY_RUN_NOTE = ("dry run against a scripted model endpoint: no model was called and nothing "
                "was spent; dollar figures price the scripted token counts")


class TaskLine(BaseModel):
    task_id: str
    case: str
    repetition: int
    arm: Arm
    status: str
    passed: bool | None
    failed_checks: list[str] = Field(default_factory=list)
    skills_loaded: list[str] = Field(default_factory=list)
    error: str | None = None
    node: str = ""


class Report(BaseModel):
    """Machine-readable report; the top-level numbers are candidate vs baseline (or vs
    incumbent when no baseline arm ran)."""

    run_id: str
    skill: str
    skill_digest: str
    model: str
    dry_run: bool
    note: str | None = None
    verdict: Verdict
    net_lift: float | None
    wins: int
    losses: int
    ties: int
    holes: int
    partial: bool = Field(description="Some arm crashed or timed out: its rows are holes")
    sign_test_p: float | None
    comparisons: list[Comparison]
    arms: dict[str, ArmCost]
    rows: list[Row]
    tasks: list[TaskLine]
    incumbent_note: str | None = None
    stopped: str | None = Field(default=None, description="Why the run stopped early, if it did")
    price_table: str = PRICE_TABLE_VERSION
    k: int
    cases: list[str]


def build_report(plan: Plan, results: list[TaskResult], stopped: str | None = None) -> Report:
    ordered = sorted(results, key=lambda r: (r.case_id, r.repetition, r.arm))
    rows = build_rows(ordered)
    opponents = [a for a in (Arm.BASELINE, Arm.INCUMBENT) if a in plan.arms]
    comparisons = [compare(rows, o) for o in opponents]
    head = comparisons[0]
    expected = len(plan.tasks)
    incomplete = len(results) < expected
    return Report(
        run_id=plan.run_id, skill=plan.skill.name, skill_digest=plan.skill.digest,
        model=plan.model, dry_run=plan.dry_run, note=DRY_RUN_NOTE if plan.dry_run else None,
        verdict=head.verdict, net_lift=head.net_lift, wins=head.wins, losses=head.losses,
        ties=head.ties, holes=head.holes,
        partial=incomplete or any(r.outcome is Outcome.HOLE for r in rows),
        sign_test_p=head.sign_test_p, comparisons=comparisons,
        arms={str(a): arm_cost(ordered, a) for a in plan.arms}, rows=rows,
        tasks=[TaskLine(task_id=r.task_id, case=r.case_id, repetition=r.repetition, arm=r.arm,
                        status=str(r.status), passed=r.passed,
                        failed_checks=[c.check for c in r.checks if not c.passed],
                        skills_loaded=r.skills_loaded, error=r.error, node=r.node)
               for r in ordered],
        incumbent_note=plan.incumbent_note, stopped=stopped, k=plan.k, cases=plan.cases)


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:+.1f}%"


def _num(value: float | int | None, fmt: str = "{:,.0f}") -> str:
    return "n/a" if value is None else fmt.format(value)


VERDICT_STYLE = {Verdict.PASS: "bold green", Verdict.NEUTRAL: "bold yellow",
                 Verdict.FAIL: "bold red"}


def render(report: Report, console: Console) -> None:
    style = VERDICT_STYLE[report.verdict]
    console.print(f"[{style}]{report.verdict}[/]  {report.skill} "
                  f"(sha256 {report.skill_digest[:12]})  net lift {_pct(report.net_lift)}  "
                  f"model {report.model}  run {report.run_id}")
    if report.partial:
        console.print(f"[yellow]partial run:[/] {report.holes} hole(s) left out of every number")
    if report.stopped:
        console.print(f"[red]stopped early:[/] {report.stopped}")
    if report.note:
        console.print(f"[cyan]note:[/] {report.note}")
    if report.incumbent_note:
        console.print(f"incumbent: {report.incumbent_note}")

    table = Table(box=box.SIMPLE_HEAD, title="comparisons (candidate vs ...)", title_justify="left")
    for col in ("opponent", "W", "L", "T", "holes", "net lift", "verdict", "sign test p"):
        table.add_column(col, justify="right" if col not in ("opponent", "verdict") else "left")
    for c in report.comparisons:
        table.add_row(str(c.opponent), str(c.wins), str(c.losses), str(c.ties), str(c.holes),
                      _pct(c.net_lift), f"[{VERDICT_STYLE[c.verdict]}]{c.verdict}[/]",
                      _num(c.sign_test_p, "{:.3f}"))
    console.print(table)

    cost = Table(box=box.SIMPLE_HEAD, title_justify="left",
                 title="cost per arm (turns and wall: mean per session; tokens and USD: "
                       "total, gateway-metered; CLI: claude's own estimate)")
    for col in ("arm", "n", "pass", "turns", "wall s", "in tok", "out tok", "USD",
                "USD cli"):
        cost.add_column(col, justify="left" if col == "arm" else "right", no_wrap=True)
    for arm, a in report.arms.items():
        rate = None if a.pass_rate is None else a.pass_rate * 100
        cost.add_row(arm, str(a.sessions), _num(rate, "{:.0f}%"), _num(a.turns, "{:.1f}"),
                     _num(a.wall_s, "{:.1f}"), _num(a.input_tokens), _num(a.output_tokens),
                     _num(a.cost_usd, "{:.4f}"), _num(a.cli_cost_usd, "{:.4f}"))
    console.print(cost)

    rows = Table(box=box.SIMPLE_HEAD, title="rows", title_justify="left")
    for col in ("case", "rep", "opponent", "outcome", "why"):
        rows.add_column(col)
    for r in report.rows:
        rows.add_row(r.case, str(r.repetition), str(r.opponent), str(r.outcome), r.reason)
    console.print(rows)
    failures = [t for t in report.tasks if t.failed_checks or t.error]
    for t in failures:
        what = t.error or ", ".join(t.failed_checks)
        console.print(f"  [dim]{t.case} rep {t.repetition} {t.arm}: {what}[/]")
