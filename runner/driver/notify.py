"""`--notify URL`: one JSON summary posted when a run, trigger run or batch completes, stops
or fails, for the overnight queue nobody watches. The payload carries structured fields
(event, verdicts, lift, cost, run ids) and a Slack-style `text` line beside them, so an
incoming-webhook URL shows it as is. Posting is retried a few times and never fails the run:
a notification endpoint that is down costs a warning on stderr, not the results.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from enum import StrEnum

from pydantic import BaseModel, Field

from runner.errors import SkillEvalError
from runner.schema.report import Report
from runner.schema.triggers import TriggerReport
from runner.store.receipts import report_cost

log = logging.getLogger(__name__)
ATTEMPTS = 3
BACKOFF_S = 2.0
TIMEOUT_S = 10.0


class Event(StrEnum):
    COMPLETED = "completed"
    STOPPED = "stopped"
    FAILED = "failed"


class RunLine(BaseModel):
    run_id: str
    skill: str
    verdict: str
    net_lift: float | None = None
    cost_usd: float | None = None
    status: str


class Notice(BaseModel):
    """What one notification says."""

    source: str = "skill-eval"
    event: Event
    command: str = Field(description="run | trigger | batch")
    id: str | None = Field(default=None, description="The run, trigger run or batch id")
    runs: list[RunLine] = Field(default_factory=list)
    cost_usd: float | None = Field(default=None, description="Metered, every run together")
    cost_notional: bool = Field(default=False, description="A subscription paid")
    stopped: str | None = None
    error: str | None = None
    trigger: dict[str, float | None] | None = Field(default=None, description="recall, "
                                                    "precision, f1 of a trigger run")
    text: str = Field(default="", description="One line for chat webhooks (Slack's `text`)")


def for_reports(command: str, ident: str | None, reports: list[Report],
                stopped: str | None = None) -> Notice:
    stopped = stopped or next((r.stopped for r in reports if r.stopped), None)
    lines = [RunLine(run_id=r.run_id, skill=r.skill, verdict=str(r.verdict),
                     net_lift=r.net_lift, cost_usd=report_cost(r), status=str(r.status))
             for r in reports]
    costs = [line.cost_usd for line in lines]
    notice = Notice(event=Event.STOPPED if stopped else Event.COMPLETED, command=command,
                    id=ident or (reports[0].run_id if len(reports) == 1 else None), runs=lines,
                    cost_usd=None if any(c is None for c in costs) else sum(
                        c for c in costs if c is not None),
                    cost_notional=any(r.cost_notional for r in reports), stopped=stopped)
    return notice.model_copy(update={"text": text_of(notice)})


def for_batch(batch_id: str, reports: list[Report], stopped: str | None,
              trigger_runs: list[dict[str, object]]) -> Notice:
    """A batch: its paired evals' reports, and its trigger evals' lines from the summary."""
    notice = for_reports("batch", batch_id, reports, stopped)
    extra = [RunLine.model_validate({"run_id": t.get("run_id") or "", "skill": t["skill"],
                                     "verdict": "trigger", "cost_usd": t.get("cost_usd"),
                                     "status": t.get("status", "completed")})
             for t in trigger_runs]
    notice = notice.model_copy(update={"runs": notice.runs + extra})
    return notice.model_copy(update={"text": text_of(notice)})


def for_trigger(reports: list[TriggerReport]) -> Notice:
    head = reports[0]
    figures = {"recall": head.overall.recall, "precision": head.overall.precision,
               "f1": head.overall.f1}
    notice = Notice(event=Event.COMPLETED, command="trigger", id=head.run_id,
                    cost_usd=head.cost_usd, trigger=figures,
                    runs=[RunLine(run_id=r.run_id or "", skill=r.skill, verdict="n/a",
                                  cost_usd=r.cost_usd, status="completed") for r in reports])
    return notice.model_copy(update={"text": text_of(notice)})


def failed(command: str, error: str, stopped: bool = False) -> Notice:
    notice = Notice(event=Event.STOPPED if stopped else Event.FAILED, command=command,
                    error=error, stopped=error if stopped else None)
    return notice.model_copy(update={"text": text_of(notice)})


def text_of(notice: Notice) -> str:
    head = f"skill-eval {notice.command} {notice.event}"
    if notice.id:
        head += f" ({notice.id})"
    parts = []
    for line in notice.runs:
        lift = "" if line.net_lift is None else f" {line.net_lift:+.0%}"
        parts.append(f"{line.skill} {line.verdict}{lift}" if notice.command != "trigger"
                     else line.skill)
    if notice.trigger is not None:
        parts.append(", ".join(f"{k} {v:.0%}" for k, v in notice.trigger.items()
                               if v is not None) or "no figures")
    if notice.cost_usd is not None:
        parts.append(f"${notice.cost_usd:.2f}" + (" (notional: subscription)"
                                                   if notice.cost_notional else ""))
    if notice.stopped:
        parts.append(f"stopped: {notice.stopped}")
    if notice.error and not notice.stopped:
        parts.append(f"error: {notice.error}")
    return head + (": " + "; ".join(parts) if parts else "")


def send(url: str, notice: Notice, attempts: int | None = None,
         backoff_s: float | None = None) -> bool:
    """POST the notice; True when the endpoint took it. Never raises."""
    attempts = ATTEMPTS if attempts is None else attempts
    backoff_s = BACKOFF_S if backoff_s is None else backoff_s
    data = json.dumps(notice.model_dump(mode="json")).encode()
    for attempt in range(1, attempts + 1):
        request = urllib.request.Request(url, data=data, method="POST", headers={
            "content-type": "application/json", "user-agent": "skill-eval"})
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_S) as answer:  # noqa: S310
                if answer.status < 300:
                    return True
                why = f"HTTP {answer.status}"
        except urllib.error.HTTPError as exc:
            why = f"HTTP {exc.code}"
            if exc.code < 500 and exc.code != 429:
                attempts = attempt  # the endpoint refused this payload: asking again won't help
        except (OSError, ValueError) as exc:
            why = f"{type(exc).__name__}: {exc}"
        if attempt < attempts:
            log.info("notification to %s failed (%s); retrying", url, why)
            time.sleep(backoff_s * 2 ** (attempt - 1))
        else:
            log.warning("notification to %s not delivered after %d attempt(s): %s", url,
                        attempt, why)
    return False


class Notifier:
    """What a command sets as it finishes; `notifying` posts it on every exit path."""

    def __init__(self) -> None:
        self.notice: Notice | None = None


@contextlib.contextmanager
def notifying(url: str | None, command: str) -> Iterator[Notifier]:
    """Around a command: what it set is posted when it ends; an error posts `failed` (an
    interrupt: `stopped`) and is re-raised unchanged."""
    notifier = Notifier()
    if not url:
        yield notifier
        return
    try:
        yield notifier
    except KeyboardInterrupt:
        send(url, failed(command, "interrupted (Ctrl-C or SIGTERM)", stopped=True))
        raise
    except SkillEvalError as exc:
        # after the reports too: a run whose trials were all holes, a script that missed
        send(url, failed(command, str(exc)) if notifier.notice is None else
             notifier.notice.model_copy(update={"event": Event.FAILED, "error": str(exc)}))
        raise
    except SystemExit:  # the verdict's exit code (--gate): the run itself completed
        if notifier.notice is not None:
            send(url, notifier.notice)
        raise
    except Exception as exc:
        send(url, failed(command, f"internal error: {type(exc).__name__}: {exc}"))
        raise
    if notifier.notice is not None:
        send(url, notifier.notice)
