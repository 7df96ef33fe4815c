"""`skill-eval evidence SKILL`: the evidence card."""

from __future__ import annotations

import click

from runner import console
from runner.cli.app import CHECK_EXIT_CODES, guarded, main
from runner.cli.options import STORE, read_store, use


@main.command(epilog=CHECK_EXIT_CODES, short_help="What the store shows about a skill.")
@click.argument("skill")
@use(*STORE)
@use("as_json")
@guarded
def evidence(skill: str, store_uri: str, store_endpoint: str | None, as_json: bool) -> None:
    """The evidence card of SKILL (a skill name, or its folder): the latest completed run
    against the real model (verdicts, pass rate per arm, baseline delta, when and how it was
    validated: model, k, cases), and the trend of pass rate and lift across its receipts.
    Dry runs and runs that did not complete are counted, never shown as evidence; with none,
    it says so.

    \b
    Examples:
      skill-eval evidence csv-summary
      skill-eval evidence ./my-skill --store s3://evals/nightly --json
    """
    from runner.driver.api import evidence_card
    from runner.render.history import render_evidence

    card = evidence_card(read_store(store_uri, store_endpoint), skill)
    if as_json:
        console.out().print_json(card.model_dump_json())
        return
    render_evidence(card, console.out())
