"""The Message Batches API as the runner reads it, and what a run keeps of a batch in flight.

    POST /v1/messages/batches            {"requests": [{"custom_id", "params"}]} -> MessageBatch
    GET  /v1/messages/batches/{id}       MessageBatch (poll until processing_status is ended)
    GET  /v1/messages/batches/{id}/results   JSONL, one BatchResult per request, any order

    BatchRecord (runs/<pass>/batches/<purpose>.json)   the batch a driver is waiting on, so a
                                                       resumed driver polls it, never a new one
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

CUSTOM_ID_PATTERN = r"^[a-zA-Z0-9_-]{1,64}$"


class ProcessingStatus(StrEnum):
    IN_PROGRESS = "in_progress"
    CANCELING = "canceling"
    ENDED = "ended"


class ResultType(StrEnum):
    SUCCEEDED = "succeeded"
    ERRORED = "errored"
    CANCELED = "canceled"
    EXPIRED = "expired"


class RequestCounts(BaseModel):
    model_config = ConfigDict(extra="ignore")
    processing: int = 0
    succeeded: int = 0
    errored: int = 0
    canceled: int = 0
    expired: int = 0


class MessageBatch(BaseModel):
    """A `message_batch` object (create, retrieve, cancel answer with one)."""

    model_config = ConfigDict(extra="ignore")
    id: str
    type: str = "message_batch"
    processing_status: ProcessingStatus
    request_counts: RequestCounts = Field(default_factory=RequestCounts)
    created_at: datetime | None = None
    expires_at: datetime | None = None
    ended_at: datetime | None = None
    cancel_initiated_at: datetime | None = None
    archived_at: datetime | None = None
    results_url: str | None = Field(default=None, description="Set once processing ended")


class ResultBody(BaseModel):
    model_config = ConfigDict(extra="ignore")
    type: ResultType
    message: dict[str, Any] | None = Field(default=None, description="When succeeded")
    error: dict[str, Any] | None = Field(default=None, description="When errored")


class BatchResult(BaseModel):
    """One line of a batch's results file."""

    model_config = ConfigDict(extra="ignore")
    custom_id: str
    result: ResultBody

    @property
    def why(self) -> str:
        """What went wrong with an item that did not succeed, in a line."""
        if self.result.type is ResultType.ERRORED:
            error = self.result.error or {}
            nested = error.get("error")
            inner: dict[str, Any] = nested if isinstance(nested, dict) else error
            return f"errored: {inner.get('type', '')}: {str(inner.get('message', ''))[:200]}"
        return str(self.result.type)


class BatchRecord(BaseModel):
    """The batch a driver submitted and has not finished reading: a resumed driver polls the
    same batch for these custom_ids instead of paying for a new one."""

    batch_id: str
    custom_ids: list[str]
    round: int = Field(default=1, description="1: the first batch; more: a retry of the "
                                              "items that failed, alone")
    submitted_at: datetime
