"""What an upstream said of its rate limits (Anthropic's `anthropic-ratelimit-*` headers)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Budget(BaseModel):
    """One limit: requests, input tokens or output tokens per minute."""

    limit: int | None = Field(default=None, description="Per minute, as the upstream states it")
    remaining: int | None = None
    reset_in_s: float | None = Field(default=None, description="Seconds until it is full again")


class UpstreamLimits(BaseModel):
    requests: Budget = Field(default_factory=Budget)
    input_tokens: Budget = Field(default_factory=Budget)
    output_tokens: Budget = Field(default_factory=Budget)

    @property
    def stated(self) -> bool:
        return any(b.limit is not None or b.remaining is not None
                   for b in (self.requests, self.input_tokens, self.output_tokens))
