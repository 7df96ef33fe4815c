"""--notify: one JSON summary per run, batch or trigger run, received by a loopback HTTP server
for a completed, a stopped and a failed run; an endpoint that is down never fails the run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from runner.driver import notify
from runner.driver.notify import Event, Notice, for_reports, notifying, send
from runner.errors import InfraError
from tests.helpers import Inbox, free_port
from tests.helpers import inbox as loopback_inbox


@pytest.fixture
def inbox() -> Iterator[tuple[str, Inbox]]:
    with loopback_inbox() as box:
        yield box.url, box


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notify, "BACKOFF_S", 0.01)
    monkeypatch.setattr(notify, "TIMEOUT_S", 2.0)


def notice(event: Event = Event.COMPLETED) -> Notice:
    return Notice(event=event, command="run", id="r-1", text="skill-eval run completed")


def test_completed_stopped_and_failed_each_post_one_summary(inbox: tuple[str, Inbox]) -> None:
    url, box = inbox
    with notifying(url, "run") as done:
        done.notice = notice()
    with notifying(url, "batch") as done:
        done.notice = notice(Event.STOPPED)
    with pytest.raises(InfraError), notifying(url, "run"):
        raise InfraError("cannot reach the Docker engine")
    with pytest.raises(KeyboardInterrupt), notifying(url, "trigger"):
        raise KeyboardInterrupt
    assert [(p["event"], p["command"]) for p in box.posts] == [
        ("completed", "run"), ("stopped", "run"), ("failed", "run"), ("stopped", "trigger")]
    failed = box.posts[2]
    assert failed["error"] == "cannot reach the Docker engine"
    assert failed["text"] == "skill-eval run failed: error: cannot reach the Docker engine"


def test_a_run_whose_verdict_exits_nonzero_still_notifies(inbox: tuple[str, Inbox]) -> None:
    url, box = inbox
    with pytest.raises(SystemExit), notifying(url, "run") as done:
        done.notice = notice()
        raise SystemExit(1)  # --gate failed: the run itself completed
    assert [p["event"] for p in box.posts] == ["completed"]


def test_posting_is_retried_and_an_endpoint_that_is_down_never_fails_the_run(
        inbox: tuple[str, Inbox]) -> None:
    url, box = inbox
    box.fail_first = 2
    assert send(url, notice()) is True and len(box.posts) == 1  # third try landed
    down = f"http://127.0.0.1:{free_port()}/hook"
    assert send(down, notice()) is False
    with notifying(down, "run") as done:  # completes: nothing raised
        done.notice = notice()
    assert notifying(None, "run").__enter__().notice is None  # no URL: nothing posted


def test_the_summary_carries_verdicts_lift_cost_and_ids() -> None:
    from runner.schema.report import ArmCost, Report

    arm = ArmCost.model_construct(sessions=2, holes=0, turns=2.0, wall_s=3.0, input_tokens=10,
                                  output_tokens=5, cost_usd=0.25, cli_cost_usd=None,
                                  grader_cost_usd=0.0)
    report = Report.model_construct(run_id="r-abc", skill="csv-summary", verdict="PASS",
                                    net_lift=0.5, status="completed", stopped=None,
                                    arms={"baseline": arm, "candidate": arm},
                                    judge_cost_usd=0.1, cost_notional=True)
    summary = for_reports("batch", "b-1", [report, report])
    assert summary.event is Event.COMPLETED and summary.id == "b-1"
    assert [(r.run_id, r.verdict, r.net_lift) for r in summary.runs] == [
        ("r-abc", "PASS", 0.5)] * 2
    assert summary.cost_usd == pytest.approx(1.2)
    assert summary.text == ("skill-eval batch completed (b-1): csv-summary PASS +50%; "
                            "csv-summary PASS +50%; $1.20 (notional: subscription)")
