"""The runner's own calls through the Message Batches API (`--batch-grading`): the statement
grader's and the pairwise judge's single-turn calls, sent together at the batch rate.

Same accounting as ModelClient: a stopped run submits nothing, the submission is paced by the
run's governor, every request is retried on the endpoint's failures, and each succeeded result
is metered at the batch rate (runner.costs.pricing.BATCH_RATE) and charged to the run's ledger
when its results are read. Polls are not model work: they wait with a doubling backoff
(POLL_S up to MAX_POLL_S) and are not paced. Sandboxes never reach this API: their gateway
forwards /v1/messages and count_tokens only.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from runner import config
from runner.aio import run_sync
from runner.errors import ModelCallError, ModelStopped
from runner.gateway.client import ModelClient
from runner.gateway.credentials import Credential
from runner.gateway.models import with_api_model
from runner.pacing.governor import GovernorGuard
from runner.pacing.ledger import BudgetGuard
from runner.schema.batches import BatchResult, MessageBatch, ProcessingStatus, ResultType

log = logging.getLogger(__name__)

POLL_S = 2.0  # first wait between polls of a batch in progress, doubling
MAX_POLL_S = 60.0


@dataclass(frozen=True)
class Polling:
    """How a pending batch is polled: first wait, longest wait, and the clock to wait on."""

    poll_s: float = POLL_S
    max_poll_s: float = MAX_POLL_S
    sleep: Callable[[float], None] = time.sleep


class BatchClient(ModelClient):
    """Create, poll and read Message Batches for one grading step, metered on its own meter."""

    def __init__(self, upstream: str, api_key: Credential | str | None,
                 guard: BudgetGuard | None = None,
                 attempts: int = config.ENDPOINT_ATTEMPTS,
                 backoff_s: float = config.ENDPOINT_BACKOFF_S,
                 governor: GovernorGuard | None = None,
                 polling: Polling | None = None) -> None:
        super().__init__(upstream, api_key, guard, attempts, backoff_s, governor)
        self.batches_url = self.base + "/v1/messages/batches"
        polling = polling or Polling()
        self.poll_s, self.max_poll_s = polling.poll_s, polling.max_poll_s
        self.sleep = polling.sleep
        self.polls = 0  # retrieves made, for the report and the tests

    def submit(self, requests: dict[str, dict[str, Any]]) -> MessageBatch:
        """Create one batch of these Messages requests (custom_id -> params)."""
        body = {"requests": [{"custom_id": cid, "params": with_api_model(params)}
                             for cid, params in requests.items()]}
        return self._batch(self.call("POST", self.batches_url, body))

    def retrieve(self, batch_id: str) -> MessageBatch:
        self.polls += 1
        return self._batch(self.call("GET", f"{self.batches_url}/{batch_id}", paced=False))

    def wait(self, batch_id: str, stopped: Callable[[], str | None]) -> MessageBatch:
        """Poll until the batch has ended, waiting POLL_S, then twice as long each time up to
        MAX_POLL_S. ModelStopped when the run is stopped meanwhile (the batch is left as it
        is: a resumed run polls it again)."""
        delay = self.poll_s
        while True:
            batch = self.retrieve(batch_id)
            if batch.processing_status is ProcessingStatus.ENDED:
                return batch
            reason = stopped() or self.guard.stopped
            if reason:
                raise ModelStopped(f"run stopped while batch {batch_id} was pending: {reason}")
            counts = batch.request_counts
            log.info("batch %s: %s (%d processing, %d succeeded); next poll in %.0fs",
                     batch_id, batch.processing_status, counts.processing, counts.succeeded,
                     delay)
            self.sleep(delay)
            delay = min(delay * 2, self.max_poll_s)

    def results(self, batch: MessageBatch) -> list[BatchResult]:
        """The ended batch's results; each succeeded message is metered at the batch rate and
        charged to the run's ledger here."""
        url = batch.results_url or ""
        if not url.startswith(self.batches_url + "/"):
            # the key goes only where the runner was told to send it
            url = f"{self.batches_url}/{batch.id}/results"
        raw: bytes = self.call("GET", url, paced=False, raw=True)
        found: list[BatchResult] = []
        for number, line in enumerate(raw.decode("utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                result = BatchResult.model_validate(json.loads(line))
            except ValueError as exc:
                raise ModelCallError(f"batch {batch.id}: results line {number} cannot be "
                                     f"read: {str(exc)[:200]}") from exc
            message = result.result.message
            if result.result.type is ResultType.SUCCEEDED and message is not None:
                dollars = self.meter.record(str(message.get("model") or ""),
                                            message.get("usage") or {}, batch=True)
                run_sync(self.guard.charge(dollars))
            found.append(result)
        return found

    @staticmethod
    def _batch(data: Any) -> MessageBatch:
        try:
            return MessageBatch.model_validate(data)
        except ValueError as exc:
            raise ModelCallError(f"the batches endpoint answered in another shape: "
                                 f"{str(exc)[:200]}") from exc
