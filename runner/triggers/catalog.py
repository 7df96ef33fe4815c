"""Catalog mode (docs/running.md, triggers): each query goes once to a model with the
library's catalog (names and descriptions), through the runner's metered client, and the model
names the skill it would pick, or none. No sandbox and no agent: cheap, and a reading of the
descriptions, not an observed activation (the report says which mode it is)."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from runner.errors import ModelCallError, ModelStopped
from runner.gateway.access import ModelAccess
from runner.gateway.client import ModelClient
from runner.schema.enums import Arm, TrialStatus
from runner.schema.skill import Skill
from runner.schema.trial import TrialResult
from runner.schema.triggers import TriggerSet
from runner.scoring.base import forced_tool_input

TOOL = "choose_skill"
SYSTEM = """You route a user's request to at most one skill from a catalog. Pick the skill
whose description says it handles this request; pick none when no skill fits. Answer with the
choose_skill tool."""


def catalog_request(query: str, library: list[Skill], model: str) -> dict[str, Any]:
    catalog = "\n".join(f"- {s.name}: {s.description}" for s in library)
    names = [s.name for s in library] + ["none"]
    return {"model": model, "max_tokens": 256, "system": SYSTEM,
            "messages": [{"role": "user", "content": f"<catalog>\n{catalog}\n</catalog>\n\n"
                                                     f"<request>\n{query}\n</request>"}],
            "tools": [{"name": TOOL, "description": "Name the skill to use, or none.",
                       "input_schema": {"type": "object", "properties": {
                           "skill": {"type": "string", "enum": names}},
                           "required": ["skill"]}}],
            "tool_choice": {"type": "tool", "name": TOOL}}


def _ask(client: ModelClient, query_id: str, prompt: str, library: list[Skill],
         model: str) -> TrialResult:
    base = TrialResult(trial_id=f"catalog-{query_id}", case_id=query_id, repetition=0,
                       arm=Arm.CANDIDATE, status=TrialStatus.COMPLETED, passed=None, turns=1)
    try:
        answer = forced_tool_input(client.create(catalog_request(prompt, library, model)),
                                   TOOL) or {}
    except ModelStopped as exc:
        return base.model_copy(update={"status": TrialStatus.STOPPED, "error": str(exc),
                                       "usage": client.usage()})
    except ModelCallError as exc:
        return base.model_copy(update={"status": TrialStatus.API_ERROR, "error": str(exc),
                                       "usage": client.usage()})
    chosen = str(answer.get("skill", "none"))
    known = {s.name for s in library}
    return base.model_copy(update={"skills_loaded": [chosen] if chosen in known else [],
                                   "usage": client.usage()})


def run_catalog(access: ModelAccess, library: list[Skill], queries: TriggerSet, model: str,
                console: Console) -> list[TrialResult]:
    """One call per query through `access` (the wave's: a scripted endpoint in a dry run,
    capped like every wave of the run)."""
    results = []
    for number, query in enumerate(queries.queries, 1):
        results.append(_ask(access.client(), query.id, query.prompt, library, model))
        chosen = results[-1].skills_loaded[0] if results[-1].skills_loaded else "none"
        console.print(f"[{number}/{len(queries.queries)}] {query.id}: {chosen}", markup=False)
    return results
