"""One wave: one opening of the scheduling machinery, whatever runs in it (a run's or a
batch's trials, a regrade, catalog triggers, a case draft).

    Wave(...)           the store's kill switch checked (nothing starts on a stopped store)
    wave.price(...)     the caps: the run's own, or what the store has left today when that is
                        lower (one rule, here); refused before anything is spent when the
                        estimate passes one (unless --force: the estimate's question is skipped,
                        never the cap)
    wave.opened(...)    the leases and the run logs, the stop flag cleared
    wave.upstream()     the model endpoint: a model script's scripted endpoint (started once,
                        on first need) or the real one
    wave.access(...)    how the driver's own calls reach the model (runner.gateway.access)
    wave.ledger(...)    the budget ledger, the rate governor and the metrics of a wave with
    wave.governor(...)  trials, closed with the wave
    wave.metrics(...)
    wave.paced(...)     the governor of a wave whose only calls are the driver's own (a
                        regrade, catalog triggers), in this process
    wave.charge(...)    spend outside a ledger (the live check): the run's, and the store's day
    wave.stop_reason()  a stop someone asked for (StopReason)

In a wave: the trials (runner.driver.passes), then `after_trials(wave, ...)`: grades owed,
then the judge (runner.driver.after), through `wave.access`.

A run's waves share one `RunBudget`: `run --with-triggers` spends its cap once, across each
wave's live check, the paired trials, their grading and judging, and the trigger sessions.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from types import TracebackType

from runner import config
from runner.driver.lease import leases
from runner.driver.metrics import RunMetrics
from runner.driver.stops import StopReason, requested
from runner.driver.storewide import StoreSpend, check_store_budget, daily_cap, refuse_if_stopped
from runner.errors import RefusedInput
from runner.gateway.access import ModelAccess, Retry
from runner.gateway.credentials import Credential, read_credential
from runner.logs import run_log
from runner.pacing.governor import Governor, GovernorGuard, find_governor, start_governor
from runner.pacing.ledger import Ledger, start_ledger
from runner.schema.options import RateSettings, WaveSettings
from runner.scripted.script import load_script
from runner.scripted.server import ScriptedEndpoint
from runner.store.base import Store
from runner.store.keys import RunKeys

log = logging.getLogger(__name__)
BASE_URL_ENV = "ANTHROPIC_BASE_URL"  # the real upstream, read where claude reads it


@dataclass
class RunBudget:
    """What the earlier waves of one run spent (all of it, resumed spend included): the next
    wave's ledger starts there, under the same cap."""

    spent_usd: float = 0.0


@dataclass(frozen=True)
class Caps:
    cap: float | None  # the wave's cap: the run's, or the store's when lower
    label: str  # what the cap is called in a stop reason
    store_cap: float | None  # the store's daily cap


def run_cap_check(cap: float | None, force: bool, estimate: float, spent: float,
                  what: str) -> None:
    """Refuse an estimate that would pass the run's cap, unless --force."""
    if cap is None or force:
        return
    if spent + estimate > cap:
        already = f" on top of ${spent:.2f} already spent" if spent else ""
        raise RefusedInput(
            f"estimated cost ${estimate:.2f} for {what}{already} exceeds "
            f"--max-budget-usd {cap:g}; raise the cap, run fewer cases "
            "(--case, --k), or pass --force to run until the cap stops it")


class Wave:
    """See the module docstring. A context manager: leaving it stops what it started."""

    def __init__(self, wave_id: str, store: Store, settings: WaveSettings,
                 budget: RunBudget | None = None) -> None:
        refuse_if_stopped(store)  # nothing starts (or resumes) on a stopped store
        self.wave_id, self.store, self.settings = wave_id, store, settings
        self.budget = budget or RunBudget()
        self.prior = self.budget.spent_usd  # what the run's earlier waves spent
        self.caps = Caps(settings.max_budget_usd, "budget", None)
        self.unmatched: tuple[int, str | None] = (0, None)
        self._stack = contextlib.ExitStack()
        self._endpoint: ScriptedEndpoint | None = None
        self._url: str | None = None
        self._credential: Credential | None = None
        self._credential_read = False
        self.run_metrics: RunMetrics | None = None
        if settings.model_script is not None:
            load_script(settings.model_script)  # a bad script refuses before anything starts

    def __enter__(self) -> Wave:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self._stack.close()
        if self._endpoint is not None:
            model = self._endpoint.model
            self.unmatched = (model.unmatched, model.first_unmatched)

    # the caps --------------------------------------------------------------------------
    def price(self, estimate: float, spent: float, what: str, needed: bool = True) -> Caps:
        """Refuse before spending, and set the wave's caps. `spent`: what this wave's own
        records already cost (a resume), the run's earlier waves added here. `needed`: the
        wave will call the model (else the store's budget has nothing to refuse)."""
        spent += self.prior
        settings = self.settings
        run_cap_check(settings.max_budget_usd, settings.force, estimate, spent, what)
        store_cap = daily_cap(self.store, settings.store_budget_usd)
        left = check_store_budget(self.store, store_cap, estimate, settings.force) \
            if needed else None
        self.caps = Caps(settings.max_budget_usd, "budget", store_cap)
        if left is not None and (settings.max_budget_usd is None
                                 or spent + left < settings.max_budget_usd):
            self.caps = Caps(spent + left, f"store budget (${store_cap:g} a day)", store_cap)
        return self.caps

    def charge(self, usd: float, what: str) -> None:
        """Spend made outside a ledger (the live check): the run's from here on (a later
        ledger of the wave starts there, under the same cap) and the store's day, under its
        own record (`what` names it: a resume's check adds a record, it does not overwrite)."""
        if usd <= 0:
            return
        self.prior += usd
        self.budget.spent_usd = max(self.budget.spent_usd, self.prior)
        name = f"{self.wave_id}.{what}.{time.time_ns()}"
        StoreSpend(self.store, name, self.caps.store_cap).record(usd)

    def cap_spent(self, spent: float) -> bool:
        """The wave's cap is already spent at `spent` (the run's, every wave): nothing more
        may call the model (a later wave of a run that spent its cap starts stopped)."""
        return self.caps.cap is not None and self.prior + spent >= self.caps.cap

    def store_spend(self) -> StoreSpend:
        """The wave's record in the store's day (runner.driver.storewide)."""
        return StoreSpend(self.store, self.wave_id, self.caps.store_cap)

    # the leases, the logs, the stop flag -----------------------------------------------
    @contextlib.contextmanager
    def opened(self, run_ids: list[str]) -> Iterator[None]:
        ids = list(dict.fromkeys([self.wave_id, *run_ids]))
        with leases(self.store, ids, self.settings.wait), \
                run_log(self.store, [RunKeys(r).log for r in ids]):
            self.store.delete(RunKeys(self.wave_id).stop_flag)  # a resume starts un-stopped
            yield

    def stop_reason(self) -> StopReason | None:
        return requested(self.store, self.wave_id)

    # the model ---------------------------------------------------------------------------
    def upstream(self) -> str:
        """The endpoint every model call of the wave goes to: the model script's scripted
        endpoint, started once, on first need, and stopped with the wave; else the real one.
        The one place that chooses."""
        if self._url is None:
            script = self.settings.model_script
            if script is None:
                self._url = self.settings.upstream_url or os.environ.get(
                    BASE_URL_ENV) or config.UPSTREAM
            else:
                self._endpoint = ScriptedEndpoint(load_script(script))
                self._url = self._stack.enter_context(self._endpoint)
        return self._url

    @property
    def scripted(self) -> bool:
        return self.settings.model_script is not None

    def credential(self) -> Credential | None:
        """Read once per wave, from this process's environment."""
        if not self._credential_read:
            self._credential, self._credential_read = read_credential(), True
        return self._credential

    def access(self, spent: float | None = None, governor: GovernorGuard | None = None,
               retry: Retry | None = None) -> ModelAccess:
        """The driver's own model calls, capped at the wave's cap from `spent` (what the run
        has spent so far, every wave; None: no cap)."""
        retry = retry or Retry(self.settings.endpoint_attempts,
                               self.settings.endpoint_backoff_s)
        url = self.upstream()
        label = "(model script)" if self.scripted else url
        access = ModelAccess(url, self.credential(), retry, None, governor, label)
        if spent is None:
            return access
        return access.capped(self.caps.cap, spent, self.caps.label)

    def governor_guard(self) -> GovernorGuard:
        """The driver's calls under the wave's governor (`wave.governor` started it)."""
        return GovernorGuard(find_governor(self.wave_id))

    def paced(self, rates: RateSettings) -> tuple[Governor, GovernorGuard]:
        """A wave whose only model calls are the driver's own (a regrade, catalog triggers):
        its governor in this process, under --rpm / --itpm / --otpm like a run's."""
        governor = self.governor(rates, in_process=True)
        return governor, self.governor_guard()

    # the actors of a wave with trials ---------------------------------------------------
    def ledger(self, spent: float, in_process: bool) -> Ledger | None:
        if self.caps.cap is None:
            return None
        ledger = start_ledger(self.wave_id, self.caps.cap, spent, in_process, self.caps.label)
        self._stack.callback(ledger.close)
        return ledger

    def governor(self, rates: RateSettings, in_process: bool) -> Governor:
        governor = start_governor(self.wave_id, rates.rpm, rates.itpm, rates.otpm, in_process)
        self._stack.callback(governor.close)
        return governor

    def metrics(self, cap: float | None) -> RunMetrics:
        """The wave's metrics, made on first call."""
        if self.run_metrics is not None:
            return self.run_metrics
        metrics = self.run_metrics = RunMetrics(self.wave_id, cap)
        self._stack.callback(metrics.close)
        return metrics
