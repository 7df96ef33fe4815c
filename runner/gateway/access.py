"""One way for the runner itself to reach a model (the statement grader, the judge, catalog
triggers, regrade, the live check, case drafting): a `ModelAccess` holds the upstream (the
scripted endpoint's address in a dry run, chosen once by the wave), the credential (read
once), the retry policy, the budget guard and the governor, and is the one place that makes
model clients.

    access.client()          a metered ModelClient (one meter per client)
    access.batch_client()    a BatchClient for Message Batches (--batch-grading)
    access.capped(cap, spent)  the same access under a cap, starting from what is spent
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from runner import config
from runner.gateway.batches import BatchClient
from runner.gateway.client import ModelClient
from runner.gateway.credentials import Credential, read_credential
from runner.pacing.governor import GovernorGuard
from runner.pacing.ledger import BudgetGuard, LocalLedger


@dataclass(frozen=True)
class Retry:
    """How often a call to the endpoint is tried, and the first wait between tries."""

    attempts: int = config.ENDPOINT_ATTEMPTS
    backoff_s: float = config.ENDPOINT_BACKOFF_S


@dataclass(frozen=True)
class ModelAccess:
    upstream: str
    credential: Credential | None = None
    retry: Retry = field(default_factory=Retry)
    guard: BudgetGuard | None = None
    governor: GovernorGuard | None = None
    label: str = "the model endpoint"  # how refusals name the upstream

    @classmethod
    def reading(cls, upstream: str, retry: Retry | None = None,
                governor: GovernorGuard | None = None, label: str | None = None
                ) -> ModelAccess:
        """Access with the credential of this process's environment, read here, once."""
        return cls(upstream, read_credential(), retry or Retry(), None, governor,
                   label or upstream)

    def capped(self, cap_usd: float | None, spent_usd: float = 0.0,
               label: str = "budget") -> ModelAccess:
        """This access under `cap_usd` (None: no cap), its ledger starting at `spent_usd`."""
        guard = BudgetGuard(LocalLedger(cap_usd, spent_usd, label)) \
            if cap_usd is not None else None
        return dataclasses.replace(self, guard=guard)

    def paced(self, governor: GovernorGuard | None) -> ModelAccess:
        return dataclasses.replace(self, governor=governor)

    def retrying(self, retry: Retry) -> ModelAccess:
        return dataclasses.replace(self, retry=retry)

    def client(self) -> ModelClient:
        return ModelClient(self.upstream, self.credential, self.guard, self.retry.attempts,
                           self.retry.backoff_s, self.governor)

    def batch_client(self) -> BatchClient:
        return BatchClient(self.upstream, self.credential, self.guard, self.retry.attempts,
                           self.retry.backoff_s, self.governor)
