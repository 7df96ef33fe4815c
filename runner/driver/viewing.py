"""`skill-eval view` below the command line: which page it shows (a run, a trigger run, a
comparison, an evidence card), as one static HTML page or as the path the viewer serves. An
unknown run or saved name is refused here, not in the browser."""

from __future__ import annotations

from urllib.parse import quote

from runner.history.compare import compare_refs
from runner.history.evidence import evidence_card
from runner.render.history_html import compare_page, evidence_page
from runner.render.html import run_page, trigger_page
from runner.store.base import Store
from runner.view.load import latest_run, load_run, load_trigger


def history_page(store: Store, against: str | None, run_id: str | None,
                 allowed: tuple[str, ...], evidence_of: str | None) -> tuple[str, str]:
    """RUN_ID compared against BEFORE (`against`), or SKILL's evidence card: the page and
    the path the viewer serves it at."""
    if against is not None and run_id is not None:
        text = compare_page(compare_refs(store, against, run_id, allowed))
        path = f"/compare/{quote(against, safe='')}/{quote(run_id, safe='')}" + (
            f"?allow={quote(','.join(allowed))}" if allowed else "")
        return text, path
    assert evidence_of is not None
    return (evidence_page(evidence_card(store, evidence_of)),
            f"/evidence/{quote(evidence_of, safe='')}")


def run_html(store: Store, run_id: str | None) -> tuple[str, str]:
    """The page of `run_id` (default: the newest run), and the run it shows."""
    chosen = run_id or latest_run(store)
    if chosen.startswith("t-"):  # a trigger run
        return trigger_page(load_trigger(store, chosen), chosen), chosen
    report, views, history = load_run(store, chosen)
    return run_page(report, views, history), chosen


def run_path(store: Store, run_id: str | None) -> str:
    """Where the viewer shows `run_id` (None: the list of runs); an unknown run is refused."""
    if run_id is None:
        return "/"
    (load_trigger if run_id.startswith("t-") else load_run)(store, run_id)
    kind = "trigger" if run_id.startswith("t-") else "run"
    return f"/{kind}/{run_id}"
