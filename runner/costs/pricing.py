"""Dollar prices the gateway applies to metered tokens (USD per million tokens).

Versioned: the report names PRICE_TABLE_VERSION so a figure can be re-derived later. Figures
follow the table the Claude Code CLI itself uses. An alias (`sonnet`) is priced as the id it
resolves to (`runner.costs.aliases`), the id the calls carry, so one model has one price
whichever name a figure was made under. Unknown models are priced at the fallback and flagged.
A call made through the Message Batches API (the grader and the judge under `--batch-grading`)
is billed at BATCH_RATE of the interactive price, on every token kind (input, output, cache
reads and writes).
"""

from __future__ import annotations

from dataclasses import dataclass

from runner.costs.aliases import api_model

PRICE_TABLE_VERSION = "2026-12-cli-2.2-aliases"  # + the batch rate; an alias priced as its id
BATCH_RATE = 0.5  # Message Batches: half the interactive price


@dataclass(frozen=True)
class Price:
    input: float
    output: float
    cache_read: float

    @property
    def cache_write(self) -> float:
        return self.input * 1.25


# Ordered: first substring match on the model id wins (more specific first).
_TABLE: tuple[tuple[str, Price], ...] = (
    ("sonnet-5", Price(2.0, 10.0, 0.20)),
    ("opus-5-5", Price(4.0, 20.0, 0.40)),
    ("opus-4-5", Price(5.0, 25.0, 0.50)),
    ("opus-5", Price(5.0, 25.0, 0.50)),
    ("opus-4-1", Price(15.0, 75.0, 1.50)),
    ("opus-4", Price(15.0, 75.0, 1.50)),
    ("haiku", Price(1.0, 5.0, 0.10)),
    ("sonnet", Price(3.0, 15.0, 0.30)),
)
FALLBACK = Price(5.0, 25.0, 0.50)


def price_for(model: str) -> tuple[Price, bool]:
    """The price for a model id (an alias: for the id it resolves to) and whether it was
    known."""
    lowered = api_model(model).lower().replace(".", "-")
    for key, price in _TABLE:
        if key in lowered:
            return price, True
    return FALLBACK, False


def cost_usd(model: str, input_tokens: int, output_tokens: int, cache_read: int,
             cache_write: int, batch: bool = False) -> float:
    """Dollars for one response's tokens; `batch`: made through the Message Batches API."""
    price, _ = price_for(model)
    full = (input_tokens * price.input + output_tokens * price.output
            + cache_read * price.cache_read + cache_write * price.cache_write) / 1e6
    return full * BATCH_RATE if batch else full
