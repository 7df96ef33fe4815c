"""The upstream credential a gateway (or the runner's own grader and judge) authenticates with.

Read from the environment of the process that runs the trial: each node's own, or the
driver's when it forwards it through Ray's runtime environment (`--forward-credentials`).
Only the gateway process holds the value; the sandbox gets a per-trial throwaway token, and
reports name only the credential's kind.

    ANTHROPIC_API_KEY         an API key, sent upstream as `x-api-key` (wins when both are set,
                              as it does for claude itself in print mode)
    CLAUDE_CODE_OAUTH_TOKEN   a subscription login minted by `claude setup-token`

What the upstream expects for an OAuth token (researched, not guessed):
  - Claude Code's environment-variable reference (code.claude.com/docs/en/env-vars): an API key
    is sent as the `X-Api-Key` header; a bearer credential (`ANTHROPIC_AUTH_TOKEN`) goes in
    `Authorization: Bearer <value>`; `CLAUDE_CODE_OAUTH_TOKEN` is the OAuth token `claude
    setup-token` prints (`sk-ant-oat01-...`, valid for a year).
  - Clients that speak for a setup-token (e.g. the hexdocs `ClaudeCodeSDK.Auth.Providers.
    Anthropic` page; github.com/jahwag/claude-api-unofficial `claude-code/troubleshooting.md`;
    richyparr/tokemon `constants.ts`) send it as `Authorization: Bearer` with no `x-api-key`,
    and add `oauth-2025-04-20` to the `anthropic-beta` header: without that beta the API
    refuses OAuth authentication.
So for an OAuth token the gateway drops any `x-api-key`, sends `Authorization: Bearer`, and
appends `oauth-2025-04-20` to the `anthropic-beta` list claude already sent.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from pydantic import BaseModel, SecretStr

from runner.schema.enums import CredentialKind

API_KEY_ENV = "ANTHROPIC_API_KEY"
OAUTH_TOKEN_ENV = "CLAUDE_CODE_OAUTH_TOKEN"
OAUTH_BETA = "oauth-2025-04-20"
ENV_OF = {CredentialKind.API_KEY: API_KEY_ENV, CredentialKind.OAUTH_TOKEN: OAUTH_TOKEN_ENV}


class Credential(BaseModel):
    kind: CredentialKind
    secret: SecretStr

    def headers(self, beta: str | None = None) -> dict[str, str]:
        """The authentication headers for the upstream, `beta` being the request's own
        `anthropic-beta` value (kept, and extended for OAuth)."""
        value = self.secret.get_secret_value()
        if self.kind is CredentialKind.API_KEY:
            return {"x-api-key": value}
        betas = [b.strip() for b in (beta or "").split(",") if b.strip()]
        if OAUTH_BETA not in betas:
            betas.append(OAUTH_BETA)
        return {"authorization": f"Bearer {value}", "anthropic-beta": ",".join(betas)}

    def env(self) -> dict[str, str]:
        """The one environment variable that carries it (what is forwarded to trials)."""
        return {ENV_OF[self.kind]: self.secret.get_secret_value()}


def read_credential(env: Mapping[str, str] | None = None) -> Credential | None:
    env = os.environ if env is None else env
    for kind in (CredentialKind.API_KEY, CredentialKind.OAUTH_TOKEN):
        value = env.get(ENV_OF[kind], "").strip()
        if value:
            return Credential(kind=kind, secret=SecretStr(value))
    return None


def as_credential(given: Credential | str | None) -> Credential | None:
    """A bare string is an API key (the gateway's older callers and tests)."""
    if isinstance(given, str):
        return Credential(kind=CredentialKind.API_KEY, secret=SecretStr(given)) if given \
            else None
    return given
