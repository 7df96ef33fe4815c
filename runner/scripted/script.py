"""The script a scripted model endpoint follows (YAML or JSON).

    usage: {input_tokens: 900, output_tokens: 60}   # default per-response usage (optional)
    latency_s: 0.0                                   # default delay before each response
    scenarios:                                       # first whose `when` matches wins
      - name: with-skill
        when:
          prompt: "sales.csv"          # assertion grammar on the task prompt (first user turn)
          skill: csv-summary           # this skill is offered to the model
          # last_prompt: "add a title"  # the latest user turn (a follow-up); list it first
        turns:                         # turn N answers the request with N assistant turns so far
          - tool_use: {name: Skill, input: {skill: "csv-summary:csv-summary"}}
          - tool_use: {name: Bash, input: {command: "wc -l sales.csv"}}
          - text: "Total: 42"
      - name: fallback
        turns: [{text: "I cannot do that."}]

`outage: {seconds: 20, status: 529}` answers every Messages request with that error for the
first N seconds after the endpoint starts (an upstream overload spell). `rate_limit: {rpm: 30}`
answers 429 with retry-after above 30 Messages requests per sliding minute.

Grader and judge requests (the runner's own model calls) match only scenarios with
`when: {purpose: grader}` or `{purpose: judge}`; `prompt` is then matched against the whole
request text (task, material, statements or the two responses). Their answer is a `tool_use`
of `record_grades` / `record_judgement`. `cases --generate` asks as `{purpose: generator}` and
is answered with a `draft_cases` tool_use. The live preflight before a run asks as
`{purpose: preflight}`; with no such scenario it is answered OK (so a script need not know it),
and a scenario can answer it an error (`error: {status: 401}`, or 404 `when: {model: ...}`).

`batches:` shapes the Message Batches API (`/v1/messages/batches`, the runner's own grader and
judge calls under `--batch-grading`); each item is answered as the same request to
`/v1/messages` would be:

    batches:
      pending_polls: 2      # each batch answers in_progress to its first 2 retrieves
      pending_s: 0          # ... and for this long after its creation
      expires_s: 86400      # still pending then: it ends, its items `expired`
      fail:                 # items whose request text matches end `errored` (or expired,
        - prompt: "refund"  #   canceled) in their first `times` batches, then are answered
          times: 1

A turn can also be `error: {status: 529, retry_after: 0}` (answered as the Messages API would)
or carry `sleep_s` (injected latency) and `usage`. Requests with no tools (claude's side queries,
e.g. titles) get `side_reply`. Past its last turn a scenario ends with `final_text`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from runner.authoring.problems import describe
from runner.errors import RefusedInput
from runner.scoring.checks import parse_matcher


class Usage(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0


class ToolUse(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    input: dict[str, Any] = Field(default_factory=dict)


class ErrorReply(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    status: int = Field(ge=400, le=599)
    type: str = "api_error"
    message: str = "scripted error"
    retry_after: float | None = None


class Outage(BaseModel):
    """A spell during which the endpoint answers every Messages request with an error."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    seconds: float = Field(gt=0, description="From the endpoint's start")
    status: int = Field(default=529, ge=400, le=599)
    type: str = "overloaded_error"
    message: str = "Overloaded (scripted outage)"


class RateLimit(BaseModel):
    """An upstream with a request rate limit: above `rpm` Messages requests in the current
    window it answers 429 with `retry-after` (seconds until the window frees a slot); with
    `headers`, every answer carries anthropic-ratelimit-requests-* headers (limit per minute,
    remaining, reset), as Anthropic's do."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    rpm: int = Field(gt=0, description="Messages requests allowed per window (sliding)")
    window_s: float = Field(default=60.0, gt=0, description="The window (tests shorten it)")
    headers: bool = Field(default=True, description="State the limit on every answer, the "
                                                    "429 too (false: a 429 with retry-after "
                                                    "is all it says)")


class BatchFailure(BaseModel):
    """Batch items that do not succeed: each item whose request text matches `prompt`
    (assertion grammar; none: every item) ends `result` in its first `times` batches."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    prompt: str | None = None
    times: int = Field(default=1, ge=1)
    result: Literal["errored", "expired", "canceled"] = "errored"
    type: str = Field(default="api_error", description="The error's type when errored")
    message: str = "scripted batch item failure"

    @model_validator(mode="after")
    def _grammar(self) -> BatchFailure:
        if self.prompt is not None:
            parse_matcher(self.prompt)
        return self


class Batches(BaseModel):
    """How the scripted Message Batches API behaves."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    pending_polls: int = Field(default=0, ge=0, description="Retrieves answered in_progress")
    pending_s: float = Field(default=0.0, ge=0, description="Seconds in_progress after creation")
    expires_s: float = Field(default=86400.0, gt=0, description="A batch still pending this "
                                                               "long after creation expires")
    fail: tuple[BatchFailure, ...] = ()


class Turn(BaseModel):
    """One model response: text and/or one tool call, or an error status."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    text: str | None = None
    tool_use: ToolUse | None = None
    error: ErrorReply | None = None
    sleep_s: float | None = Field(default=None, ge=0)
    usage: Usage | None = None

    @model_validator(mode="after")
    def _not_empty(self) -> Turn:
        if self.error is None and self.text is None and self.tool_use is None:
            raise ValueError("a turn needs text, tool_use or error")
        return self


class When(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    prompt: str | None = Field(default=None, description="Assertion on the task prompt")
    skill: str | None = Field(default=None, description="Skill that must be offered")
    no_skill: str | None = Field(default=None, description="Skill that must NOT be offered")
    model: str | None = Field(default=None, description="Assertion on the requested model id")
    last_prompt: str | None = Field(default=None, description="Assertion on the latest user "
                                    "turn (a follow-up of a multi-turn case); the scenario's "
                                    "turns count from it")
    purpose: Literal["agent", "grader", "judge", "router", "generator", "preflight"] = Field(
        default="agent", description="Who asks: the agent (a claude session), the statement "
                                     "grader, the pairwise judge, the catalog router, the case "
                                     "generator or the live preflight (their forced tool names "
                                     "it)")

    @model_validator(mode="after")
    def _grammar(self) -> When:
        for value in (self.prompt, self.model, self.last_prompt):
            if value is not None:
                parse_matcher(value)
        return self


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    when: When = Field(default_factory=When)
    turns: tuple[Turn, ...] = Field(min_length=1)
    final_text: str = "Done."


class Script(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    usage: Usage = Usage(input_tokens=1000, output_tokens=50)
    latency_s: float = Field(default=0.0, ge=0)
    side_reply: str = "OK"
    outage: Outage | None = None
    rate_limit: RateLimit | None = None
    require_headers: dict[str, str] = Field(default_factory=dict, description="Header -> text "
                                            "its value must contain; a request without it is "
                                            "refused (401): what a test expects the gateway "
                                            "to send upstream")
    forbid_headers: tuple[str, ...] = Field(default=(), description="Headers a request must "
                                            "not carry (401 when it does)")
    batches: Batches = Field(default_factory=Batches)
    scenarios: tuple[Scenario, ...] = Field(min_length=1)


def load_script(path: Path) -> Script:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise RefusedInput(f"{path}: cannot read model script: {exc}") from exc
    try:
        return Script.model_validate(data)
    except ValidationError as exc:
        raise RefusedInput(f"{path}: invalid model script: {describe(exc)}") from exc
