"""`skill-eval view`: the run pages served read-only over a store, on loopback by default."""

from __future__ import annotations

import asyncio

from aiohttp import web

from runner.errors import RefusedInput
from runner.history.compare import compare_refs
from runner.history.evidence import evidence_card
from runner.render.history_html import compare_page, evidence_page
from runner.render.html import (
    CSP,
    esc,
    index_page,
    page,
    run_page,
    trial_page,
    trigger_page,
)
from runner.store.base import Store
from runner.store.runs import list_runs, list_trigger_runs
from runner.view.load import load_run, load_trigger

HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}


def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", headers=HEADERS)


class Viewer:
    """The aiohttp application: `/` lists the store's runs, `/run/<id>` is one run's page."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/", self.index)
        app.router.add_get("/run/{run_id}", self.run)
        app.router.add_get("/run/{run_id}/trial/{trial_id}", self.trial)
        app.router.add_get("/trigger/{run_id}", self.trigger)
        app.router.add_get("/compare/{before}/{after}", self.compare)
        app.router.add_get("/evidence/{skill}", self.evidence)
        return app

    async def compare(self, request: web.Request) -> web.Response:
        """/compare/A/B[?allow=image,runner]: B against A, as `skill-eval compare` says it."""
        before, after = request.match_info["before"], request.match_info["after"]
        allowed = tuple(a for a in request.query.get("allow", "").split(",") if a)
        try:
            result = await asyncio.to_thread(compare_refs, self.store, before, after, allowed,
                                             request.query.get("skill"))
        except RefusedInput as exc:
            return _not_found(exc)
        return _html(compare_page(result))

    async def evidence(self, request: web.Request) -> web.Response:
        card = await asyncio.to_thread(evidence_card, self.store, request.match_info["skill"])
        return _html(evidence_page(card))

    async def index(self, request: web.Request) -> web.Response:
        runs = await asyncio.to_thread(list_runs, self.store)
        triggers = await asyncio.to_thread(list_trigger_runs, self.store)
        return _html(index_page(runs, triggers=triggers,
                                skills=sorted({r.skill for r in runs if r.readable})))

    async def run(self, request: web.Request) -> web.Response:
        run_id = request.match_info["run_id"]
        try:
            report, views, history = await asyncio.to_thread(load_run, self.store, run_id)
        except RefusedInput as exc:
            return _not_found(exc)
        return _html(run_page(report, views, history))

    async def trigger(self, request: web.Request) -> web.Response:
        run_id = request.match_info["run_id"]
        try:
            report = await asyncio.to_thread(load_trigger, self.store, run_id)
        except RefusedInput as exc:
            return _not_found(exc)
        return _html(trigger_page(report, run_id))

    async def trial(self, request: web.Request) -> web.Response:
        run_id, trial_id = request.match_info["run_id"], request.match_info["trial_id"]
        try:
            report, views, _ = await asyncio.to_thread(load_run, self.store, run_id, trial_id)
        except RefusedInput as exc:
            return _not_found(exc)
        found = trial_page(report, views, trial_id)
        return _html(found) if found else _not_found(f"no trial {trial_id!r} in {run_id}")


def _not_found(why: object) -> web.Response:
    return _html(page("not found", f'<h1>not found</h1><p>{esc(why)}</p><p><a href="/">all '
                                   "runs</a></p>"), status=404)
