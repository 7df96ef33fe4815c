"""The driver's public API for the command line: every command module imports from here (or
runner.driver), never the layers below.

Each name is imported on first use, not when this module is: a command imports only what it
calls, so `runs` and `view` (which read the store) do not load Ray, docker and the trial
machinery `run` needs (that took ~1.2 s of every command's start). `EXPORTS` says where each
name lives; the imports under TYPE_CHECKING say the same to the type checker
(tests/unit/driver/test_api_exports.py holds the two equal)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from runner.authoring.batch import load_batch as load_batch
    from runner.authoring.bundles import pack_skill as pack_skill
    from runner.authoring.collections import Collection as Collection
    from runner.authoring.generate import DraftRequest as DraftRequest
    from runner.authoring.read_once import read_once as read_once
    from runner.authoring.skill import load_skill as load_skill
    from runner.driver.batch import batch_status as batch_status
    from runner.driver.batch import run_batch as run_batch
    from runner.driver.batchflags import BatchFlags as BatchFlags
    from runner.driver.batchflags import batch_line as batch_line
    from runner.driver.batchflags import batch_notify as batch_notify
    from runner.driver.batchflags import run_batch_file as run_batch_file
    from runner.driver.batchflags import trigger_runs as trigger_runs
    from runner.driver.checking import check_skill as check_skill
    from runner.driver.checking import check_target as check_target
    from runner.driver.checking import refused_report as refused_report
    from runner.driver.ci import batch_folders as batch_folders
    from runner.driver.ci import ci_outputs as ci_outputs
    from runner.driver.ci import folders_of as folders_of
    from runner.driver.collection import PassedOver as PassedOver
    from runner.driver.collection import check_collection as check_collection
    from runner.driver.collection import collection_at as collection_at
    from runner.driver.collection import estimate_collection as estimate_collection
    from runner.driver.collection import refused_members as refused_members
    from runner.driver.collection import run_collection as run_collection
    from runner.driver.collection import total as total
    from runner.driver.drafting import draft_when_missing as draft_when_missing
    from runner.driver.drafting import one_skill as one_skill
    from runner.driver.estimating import estimate_eval as estimate_eval
    from runner.driver.evaluate import check_model_access as check_model_access
    from runner.driver.evaluate import estimate_run as estimate_run
    from runner.driver.evaluate import finish as finish
    from runner.driver.evaluate import keep_report as keep_report
    from runner.driver.evaluate import make_report as make_report
    from runner.driver.evaluate import note_unsaved as note_unsaved
    from runner.driver.evaluate import preflight as preflight
    from runner.driver.evaluate import request_stop as request_stop
    from runner.driver.evaluate import require_scored as require_scored
    from runner.driver.evaluate import require_script_coverage as require_script_coverage
    from runner.driver.evaluate import run_eval as run_eval
    from runner.driver.evaluate import store_at as store_at
    from runner.driver.evaluate import stored_feedback as stored_feedback
    from runner.driver.evaluate import stored_unmatched as stored_unmatched
    from runner.driver.evaluate import with_incumbent as with_incumbent
    from runner.driver.generate import run_generate as run_generate
    from runner.driver.generate import summary as _draft_summary
    from runner.driver.group import run_group as run_group
    from runner.driver.local import reap_leftovers as reap_leftovers
    from runner.driver.local import route_prompt as route_prompt
    from runner.driver.local import serve_viewer as serve_viewer
    from runner.driver.models import run_models as run_models
    from runner.driver.notify import for_batch as for_batch
    from runner.driver.notify import for_reports as for_reports
    from runner.driver.notify import for_trigger as for_trigger
    from runner.driver.notify import notifying as notifying
    from runner.driver.publishing import publish_skill as publish_skill
    from runner.driver.regrade import regrade_run as regrade_run
    from runner.driver.storewide import engage as engage
    from runner.driver.storewide import lift as lift
    from runner.driver.triggers import run_trigger as run_trigger
    from runner.driver.triggers import run_with_neighbours as run_with_neighbours
    from runner.driver.viewing import history_page as history_page
    from runner.driver.viewing import run_html as run_html
    from runner.driver.viewing import run_path as run_path
    from runner.driver.wave import RunBudget as RunBudget
    from runner.history.compare import compare_refs as compare_refs
    from runner.history.evidence import evidence_card as evidence_card
    from runner.history.models import compare_models as compare_models
    from runner.history.models import is_models_ref as is_models_ref
    from runner.history.shards import merge as _merge_shards
    from runner.schema.options import RegradeOptions as RegradeOptions
    from runner.schema.report import Report as Report
    from runner.scripted.serve import serve_script as serve_script
    from runner.store.runs import list_runs as list_runs

    draft_summary = _draft_summary  # `cases --generate --json`: what was written
    merge_shards = _merge_shards  # `merge`: the shards of one eval as one report each

# name -> "module" (the same name there) or "module:name"
EXPORTS: dict[str, str] = {
    "BatchFlags": "runner.driver.batchflags",
    "Collection": "runner.authoring.collections",
    "DraftRequest": "runner.authoring.generate",
    "RegradeOptions": "runner.schema.options",
    "Report": "runner.schema.report",
    "RunBudget": "runner.driver.wave",
    "batch_folders": "runner.driver.ci",
    "batch_line": "runner.driver.batchflags",
    "batch_notify": "runner.driver.batchflags",
    "batch_status": "runner.driver.batch",
    "check_collection": "runner.driver.collection",
    "PassedOver": "runner.driver.collection",
    "check_model_access": "runner.driver.evaluate",
    "check_skill": "runner.driver.checking",
    "check_target": "runner.driver.checking",
    "ci_outputs": "runner.driver.ci",
    "collection_at": "runner.driver.collection",
    "refused_members": "runner.driver.collection",
    "compare_models": "runner.history.models",
    "compare_refs": "runner.history.compare",
    "draft_summary": "runner.driver.generate:summary",
    "draft_when_missing": "runner.driver.drafting",
    "engage": "runner.driver.storewide",
    "estimate_collection": "runner.driver.collection",
    "estimate_eval": "runner.driver.estimating",
    "estimate_run": "runner.driver.evaluate",
    "evidence_card": "runner.history.evidence",
    "finish": "runner.driver.evaluate",
    "folders_of": "runner.driver.ci",
    "for_batch": "runner.driver.notify",
    "for_reports": "runner.driver.notify",
    "for_trigger": "runner.driver.notify",
    "history_page": "runner.driver.viewing",
    "is_models_ref": "runner.history.models",
    "keep_report": "runner.driver.evaluate",
    "lift": "runner.driver.storewide",
    "list_runs": "runner.store.runs",
    "load_batch": "runner.authoring.batch",
    "load_skill": "runner.authoring.skill",
    "make_report": "runner.driver.evaluate",
    "merge_shards": "runner.history.shards:merge",
    "note_unsaved": "runner.driver.evaluate",
    "notifying": "runner.driver.notify",
    "one_skill": "runner.driver.drafting",
    "pack_skill": "runner.authoring.bundles",
    "preflight": "runner.driver.evaluate",
    "publish_skill": "runner.driver.publishing",
    "read_once": "runner.authoring.read_once",
    "reap_leftovers": "runner.driver.local",
    "refused_report": "runner.driver.checking",
    "regrade_run": "runner.driver.regrade",
    "request_stop": "runner.driver.evaluate",
    "require_scored": "runner.driver.evaluate",
    "require_script_coverage": "runner.driver.evaluate",
    "route_prompt": "runner.driver.local",
    "run_batch": "runner.driver.batch",
    "run_batch_file": "runner.driver.batchflags",
    "run_collection": "runner.driver.collection",
    "run_eval": "runner.driver.evaluate",
    "run_generate": "runner.driver.generate",
    "run_group": "runner.driver.group",
    "run_html": "runner.driver.viewing",
    "run_models": "runner.driver.models",
    "run_path": "runner.driver.viewing",
    "run_trigger": "runner.driver.triggers",
    "run_with_neighbours": "runner.driver.triggers",
    "serve_script": "runner.scripted.serve",
    "serve_viewer": "runner.driver.local",
    "store_at": "runner.driver.evaluate",
    "stored_feedback": "runner.driver.evaluate",
    "stored_unmatched": "runner.driver.evaluate",
    "total": "runner.driver.collection",
    "trigger_runs": "runner.driver.batchflags",
    "with_incumbent": "runner.driver.evaluate",
}


def __getattr__(name: str) -> Any:
    where = EXPORTS.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, _, attr = where.partition(":")
    value = getattr(importlib.import_module(module), attr or name)
    globals()[name] = value  # once: later reads are plain attribute reads
    return value
