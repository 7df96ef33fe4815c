"""What holds across every run of a store: the kill switch and the daily budget.

    control/STOP                              `skill-eval stop --all`: every running pass stops
                                              (like `stop RUN_ID`) and no run, batch or regrade
                                              starts, resumes included, until `stop --lift`
    store.json                                the store's own settings: {"daily_budget_usd": X}
    control/spend/<YYYY-MM-DD>/<pass>.json    what each pass spent that UTC day (its own key,
                                              rewritten as it spends: no shared counter to race)

A daily budget (`--store-budget-usd X`, or `daily_budget_usd` in store.json: the lower applies)
refuses a run before anything is spent when the day's spend is already at the cap, or when the
estimate would pass it (unless --force), and stops a pass in flight like the run's own cap: its
ledger's cap is what the store has left, so the gateways refuse once it is spent, and other
passes' spend is read while it runs.
"""

from __future__ import annotations

import json
import logging
import socket
import time
from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from runner.driver.stops import StopReason
from runner.errors import RefusedInput
from runner.store.base import Store
from runner.store.keys import STORE_CONFIG, STORE_STOP, spend_key, spend_prefix

log = logging.getLogger(__name__)
STOPPED_ALL = StopReason.ALL
OTHERS_EVERY_S = 5.0  # how often a running pass reads other passes' spend


class StoreConfig(BaseModel):
    """store.json at the store's root."""

    model_config = ConfigDict(extra="forbid")
    daily_budget_usd: float | None = Field(default=None, gt=0, description="Cap on what every "
                                                                           "run of the store "
                                                                           "spends per UTC day")


class KillSwitch(BaseModel):
    at: datetime
    host: str
    reason: str = ""


class SpendRecord(BaseModel):
    pass_id: str
    day: str
    usd: float
    updated_at: datetime


def today() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d")


def kill_switch(store: Store) -> KillSwitch | None:
    try:
        raw = store.get(STORE_STOP)
    except KeyError:
        return None
    try:
        return KillSwitch.model_validate_json(raw)
    except ValidationError:  # written by hand: still a kill switch
        return KillSwitch(at=datetime.now(UTC), host="?", reason=raw.decode(errors="replace"))


def engage(store: Store, reason: str = "") -> None:
    store.put(STORE_STOP, KillSwitch(at=datetime.now(UTC), host=socket.gethostname(),
                                     reason=reason).model_dump_json().encode())


def lift(store: Store) -> bool:
    """Lift the kill switch; False when it was not on."""
    if not store.exists(STORE_STOP):
        return False
    store.delete(STORE_STOP)
    return True


def refuse_if_stopped(store: Store) -> None:
    """Nothing starts (or resumes) on a store whose kill switch is on."""
    switch = kill_switch(store)
    if switch is not None:
        raise RefusedInput(
            f"store {store.uri}: every run is stopped (`skill-eval stop --all` at "
            f"{switch.at:%Y-%m-%d %H:%M:%S} UTC from {switch.host}); nothing was started. "
            "Lift it with `skill-eval stop --lift` first")


def store_config(store: Store) -> StoreConfig:
    try:
        raw = store.get(STORE_CONFIG)
    except KeyError:
        return StoreConfig()
    try:
        return StoreConfig.model_validate_json(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(the file)"
        raise RefusedInput(f"{store.uri}/{STORE_CONFIG}: {where}: {first['msg']}; expected "
                           '{"daily_budget_usd": 25.0} (a positive number, or remove the '
                           "file)") from exc


def daily_cap(store: Store, flag: float | None) -> float | None:
    """The store's daily cap: the flag and store.json together, the lower applying."""
    caps = [c for c in (flag, store_config(store).daily_budget_usd) if c is not None]
    return min(caps) if caps else None


def spent_today(store: Store, exclude: str | None = None, day: str | None = None) -> float:
    """What the store's passes spent on `day` (default today, UTC), but `exclude`'s own."""
    total = 0.0
    for key in store.list(spend_prefix(day or today())):
        try:
            record = SpendRecord.model_validate_json(store.get(key))
        except (KeyError, ValidationError, json.JSONDecodeError):
            log.warning("unreadable spend record %s: left out of the day's spend", key)
            continue
        if record.pass_id != exclude:
            total += record.usd
    return total


def check_store_budget(store: Store, cap: float | None, estimate_usd: float,
                       force: bool) -> float | None:
    """Refuse before spending; returns what the store has left today (None: no cap)."""
    if cap is None:
        return None
    spent = spent_today(store)
    if spent >= cap:
        raise RefusedInput(f"store {store.uri}: ${spent:.2f} spent today (UTC) of the "
                           f"${cap:g} daily store budget; nothing was started. Wait for "
                           "tomorrow or raise it (--store-budget-usd, or daily_budget_usd in "
                           f"{STORE_CONFIG})")
    if spent + estimate_usd > cap and not force:
        raise RefusedInput(f"store {store.uri}: estimated ${estimate_usd:.2f} on top of "
                           f"${spent:.2f} spent today exceeds the ${cap:g} daily store budget; "
                           "run fewer cases (--case, --k), raise the budget, or pass --force to "
                           "run until the budget stops it")
    return cap - spent


class StoreSpend:
    """One pass's share of the store's day: it records what the pass spends under its own key
    and says when the store's cap is reached by all passes together."""

    def __init__(self, store: Store, pass_id: str, cap: float | None) -> None:
        self.store, self.pass_id, self.cap = store, pass_id, cap
        self.day = today()
        self.base = 0.0  # the pass's spend when its current day began
        self.recorded: float | None = None
        self._others = 0.0
        self._others_read = float("-inf")

    def record(self, pass_spent: float) -> None:
        """`pass_spent`: what this pass has spent so far (not what a resumed run spent before)."""
        day = today()
        if day != self.day:
            self.base, self.day, self.recorded = self.recorded or self.base, day, None
            self._others_read = float("-inf")
        usd = max(0.0, pass_spent - self.base)
        if usd == self.recorded or (usd == 0 and self.recorded is None):
            return
        self.recorded = usd
        try:
            self.store.put(spend_key(day, self.pass_id), SpendRecord(
                pass_id=self.pass_id, day=day, usd=usd,
                updated_at=datetime.now(UTC)).model_dump_json().encode())
        except Exception as exc:  # noqa: BLE001 - the run's own cap still holds
            log.warning("store spend not recorded: %s", exc)

    def exceeded(self, pass_spent: float) -> str | None:
        """Why the pass must stop for the store's cap, read with the other passes' spend."""
        self.record(pass_spent)
        if self.cap is None:
            return None
        now = time.monotonic()
        if now - self._others_read >= OTHERS_EVERY_S:
            self._others_read = now
            try:
                self._others = spent_today(self.store, exclude=self.pass_id, day=self.day)
            except Exception as exc:  # noqa: BLE001 - read again at the next check
                log.warning("store spend not read: %s", exc)
        total = self._others + (self.recorded or 0.0)
        if total >= self.cap:
            return (f"store budget: ${total:.4f} spent today (UTC) by this store's runs, of "
                    f"the ${self.cap:g} daily cap")
        return None
