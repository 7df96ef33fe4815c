"""The live check (docs/glossary.md#checks-before-trials): one tiny real model call per model a wave
will ask for, through the runner's metered client, before the first trial. A bad key, an unknown
model or an endpoint that cannot be reached is then one clear refusal with nothing else spent, not a
run of holes.

    401 / 403                       RefusedInput (exit 2): the key
    404, or 400 naming the model    RefusedInput (exit 2): the model (for an alias claude
                                    resolves itself, a warning: the runner's guess may be off)
    other 4xx                       RefusedInput (exit 2): what the endpoint said
    unreachable, 5xx after a retry  InfraError (exit 3): the endpoint
    429 / 529                       a warning: it answered and pushes back; the run's governor
                                    and retries take it from there

The call is a forced `preflight` tool with an empty input and max_tokens 16: the scripted
endpoint recognises it (`when: {purpose: preflight}`) and answers it OK when no scenario says
otherwise.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from runner.errors import InfraError, ModelCallError, RefusedInput
from runner.gateway.client import ModelClient
from runner.gateway.models import api_model, is_alias
from runner.pacing.pushback import PUSHBACK
from runner.schema.trial import Usage

log = logging.getLogger(__name__)

TOOL = "preflight"
MAX_TOKENS = 16
KEY_STATUSES = frozenset({401, 403})


@dataclass(frozen=True)
class PreflightResult:
    model: str
    sent: str  # the id the call carried
    usage: Usage
    warning: str | None = None


def preflight_request(model: str) -> dict[str, Any]:
    return {"model": model, "max_tokens": MAX_TOKENS,
            "messages": [{"role": "user", "content": "Call the preflight tool."}],
            "tools": [{"name": TOOL, "description": "Confirms the endpoint answers.",
                       "input_schema": {"type": "object", "properties": {}}}],
            "tool_choice": {"type": "tool", "name": TOOL}}


def check_model(client: ModelClient, model: str, upstream: str) -> PreflightResult:
    """One tiny call for `model`; raises the refusal, or returns what it cost (and a warning
    when the endpoint pushed back or an alias guess was not known)."""
    sent = api_model(model)
    try:
        client.create(preflight_request(sent))
    except ModelCallError as exc:
        status = exc.status
        detail = str(exc)
        if status is None:
            raise InfraError(f"model endpoint {upstream}: cannot be reached ({detail}); check "
                             "ANTHROPIC_BASE_URL and the network, then re-run (nothing was "
                             "spent)") from exc
        if status in KEY_STATUSES:
            raise RefusedInput(f"model endpoint {upstream} refused the key ({detail}): check "
                               "ANTHROPIC_API_KEY or CLAUDE_CODE_OAUTH_TOKEN (nothing was "
                               "spent)") from exc
        model_problem = status == 404 or (status == 400 and "model" in detail.lower())
        if model_problem and is_alias(model):
            warning = (f"preflight: the endpoint does not know {sent!r}, the id guessed for "
                       f"the alias {model!r} (claude resolves it itself); key and endpoint "
                       "answered")
            return PreflightResult(model, sent, client.usage(), warning)
        if model_problem:
            raise RefusedInput(f"model {model!r}: the endpoint {upstream} does not know it "
                               f"({detail}); pass --model with a model id it serves (nothing "
                               "was spent)") from exc
        if status in PUSHBACK:
            return PreflightResult(model, sent, client.usage(),
                                   f"preflight: the endpoint pushes back (HTTP {status}); the "
                                   "run's governor and retries take it from here")
        if status < 500:
            raise RefusedInput(f"model endpoint {upstream} refused the preflight call "
                               f"({detail}) (nothing was spent)") from exc
        raise InfraError(f"model endpoint {upstream} is failing ({detail}); re-run once it "
                         "answers (nothing was spent)") from exc
    return PreflightResult(model, sent, client.usage())


def live_preflight(clients: dict[str, ModelClient], upstream: str) -> list[PreflightResult]:
    """One call per model (`clients`: model -> its client), in order; the first refusal
    raises."""
    results = []
    for model, client in clients.items():
        result = check_model(client, model, upstream)
        log.info("preflight %s (sent %s): %s", model, result.sent, result.warning or "ok")
        results.append(result)
    return results
