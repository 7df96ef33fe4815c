"""Drafting a case set for a skill that has none (docs/case-sets.md#drafting-a-case-set):
`skill-eval cases SKILL --generate`.

Three sources, each named in the draft beside the case it produced:

    promise       what the skill's description and body say it does (a stranger's skill
                  arrives with nothing else)
    expectation   what its author expects of it (`--expect "..."`, repeatable)
    improvement   each improvement as it lands (`--improvement "..."`): added to the existing
                  set as new cases, the cases already there kept as they are

One model call (forced `draft_cases` tool, through the runner's metered client: see
runner.driver.generate) writes the cases and the trigger queries. The draft is not a set yet:
every case's `expected_output` opens with TODO, and the one `order` process item drafted from
the body's numbered steps has a TODO per matcher (which call shows a step happened is the
author's knowledge, not the text's), so `check` refuses the set (EV009) until a person has read
and edited each one. Trigger queries open with TODO too. Nothing is overwritten without --force.

This module builds the request, turns the answer into files and writes them; it never calls a
model itself (authoring sits below the gateway).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from runner.authoring.hygiene import split_frontmatter
from runner.authoring.problems import numbered_steps
from runner.authoring.skill import load_skill
from runner.errors import ModelCallError, RefusedInput
from runner.schema.case import CASESET_RELPATH
from runner.schema.drafts import is_draft
from runner.scoring.base import forced_tool_input
from runner.scoring.checks import parse_matcher

TOOL = "draft_cases"
MAX_TOKENS = 4096
TODO = "TODO"
TRIGGER_FILES = {True: "evals/trigger/should-trigger.yaml",
                 False: "evals/trigger/should-not-trigger.yaml"}
BODY_CHARS = 12_000  # the body as the model reads it

SYSTEM = """You draft an evaluation case set for an agent skill: tasks run by an agent with the
skill and without it, each graded by checks. Write realistic requests the way users send them,
with context, never restating the skill's description. Each case tests one promise of the
skill, one expectation of its author, or one improvement, and names which.
checks are deterministic: a short literal (three words or fewer) that must appear in the
agent's answer, `re:<regex>` for a regular expression, `not:<text>` for a text that must not
appear. statements are sentences a grader model checks against the agent's work ("The summary
states the number of rows."). Prefer checks where a literal or pattern proves the point.
Also write trigger queries: requests where the skill should fire, and near misses (a neighbour's
work, similar wording) where it should not. Answer with the draft_cases tool, once."""

DRAFT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "cases": {"type": "array", "items": {
            "type": "object",
            "properties": {
                "id": {"type": "string", "description": "short kebab-case name"},
                "source": {"type": "string", "enum": ["promise", "expectation", "improvement"]},
                "from": {"type": "string", "description": "The promise, expectation or "
                                                          "improvement it tests, verbatim"},
                "prompt": {"type": "string", "description": "The user's request"},
                "expected_output": {"type": "string"},
                "checks": {"type": "array", "items": {"type": "string"}},
                "statements": {"type": "array", "items": {"type": "string"}}},
            "required": ["id", "source", "from", "prompt", "expected_output"]}},
        "should_trigger": {"type": "array", "items": {"type": "string"}},
        "should_not_trigger": {"type": "array", "items": {"type": "string"}}},
    "required": ["cases"],
}


class DraftRequest(BaseModel):
    """What `cases --generate` was asked for."""

    model_config = ConfigDict(frozen=True)
    skill_dir: Path
    expectations: tuple[str, ...] = Field(default=(), description="--expect, in order")
    improvements: tuple[str, ...] = Field(default=(), description="--improvement, in order")
    force: bool = Field(default=False, description="Replace an existing set and triggers")
    source: Path | None = Field(default=None, description="--from: a prose or Markdown case "
                                "set the draft is read from, one case per case it describes")
    model: str = Field(default="", description="The model that drafts (as given)")


class Draft(BaseModel):
    """The files a draft writes, before they are written."""

    model_config = ConfigDict(frozen=True)
    caseset: dict[str, Any]
    added: int = Field(description="Cases drafted by this call")
    todos: int = Field(description="TODO markers left for a person")
    triggers: dict[str, list[dict[str, str]]] = Field(default_factory=dict,
                                                      description="relpath -> queries")
    kept_triggers: bool = Field(default=False, description="A trigger set exists: untouched")


def plan_draft(request: DraftRequest) -> tuple[str, str, dict[str, Any] | None]:
    """(name, body, existing set or None); refuses what would overwrite without --force,
    before anything is spent."""
    skill = load_skill(request.skill_dir)
    text = (skill.path / "SKILL.md").read_text(encoding="utf-8")
    body = split_frontmatter(text.removeprefix("\ufeff"))[1]
    target = skill.path / CASESET_RELPATH
    existing: dict[str, Any] | None = None
    if target.exists() and not request.force:
        if not request.improvements:
            raise RefusedInput(
                f"{target}: a case set is already there and is never overwritten: pass --force "
                "to replace it with a new draft, or --improvement \"...\" to add cases for a "
                "change to it")
        try:
            raw = json.loads(target.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RefusedInput(f"{target}: not valid JSON ({exc}); fix it before adding "
                               "cases to it") from exc
        existing = {"evals": raw} if isinstance(raw, list) else raw
        if not isinstance(existing, dict) or not isinstance(
                existing.get("evals", existing.get("cases")), list):
            raise RefusedInput(f"{target}: no `evals` list to add the improvement's cases to")
    return skill.name, body, existing


def source_text(source: Path) -> str:
    """The author's prose set as one text: a file, or a folder of case folders written in
    prose (`cases/01-x/scenario.md`, `grading-notes.md`), each file headed by its path."""
    if not source.is_dir():
        return source.read_text(encoding="utf-8", errors="replace")
    files = sorted(p for p in source.rglob("*") if p.is_file() and p.suffix.lower() in
                   (".md", ".markdown", ".txt"))
    return "\n\n".join(f"== {p.relative_to(source)} ==\n"
                       + p.read_text(encoding="utf-8", errors="replace") for p in files)


def draft_request(name: str, description: str, body: str, request: DraftRequest,
                  model: str, existing_ids: list[str]) -> dict[str, Any]:
    """The Messages request for one draft (forced `draft_cases`)."""
    parts = [f"<skill name=\"{name}\">\n<description>\n{description}\n</description>\n"
             f"<body>\n{body[:BODY_CHARS]}\n</body>\n</skill>"]
    only_improvements = bool(existing_ids)
    if not only_improvements:
        parts.append("Draft two or three cases from the skill's own promises (source "
                     "\"promise\").")
    if request.expectations and not only_improvements:
        listed = "\n".join(f"- {e}" for e in request.expectations)
        parts.append(f"The author expects (one case each, source \"expectation\"):\n{listed}")
    if request.source is not None and not only_improvements:
        text = source_text(request.source)[:SOURCE_CHARS]
        parts.append(f"The author's own case set, written in prose ({request.source.name}), "
                     "between the tags below. Draft one case per case it describes (source "
                     "\"expectation\", `from` its title), keeping its prompt and what it "
                     "expects in the author's words; add no case of your own.\n"
                     f"<author_cases>\n{text}\n</author_cases>")
    if request.improvements:
        listed = "\n".join(f"- {i}" for i in request.improvements)
        parts.append(f"Improvements that just landed (one case each, source \"improvement\", "
                     f"a request the skill could not serve before):\n{listed}")
    if only_improvements:
        parts.append("The set already has cases " + ", ".join(existing_ids) + "; draft only "
                     "the improvements' cases, with new ids, and no trigger queries.")
    else:
        parts.append("Write about six should-trigger and six should-not-trigger queries.")
    return {"model": model, "max_tokens": MAX_TOKENS, "system": SYSTEM,
            "messages": [{"role": "user", "content": "\n\n".join(parts)}],
            "tools": [{"name": TOOL, "description": "Record the drafted cases and queries.",
                       "input_schema": DRAFT_SCHEMA}],
            "tool_choice": {"type": "tool", "name": TOOL}}


SOURCE_CHARS = 40_000  # a prose set beyond this is cut (one call drafts it)


def _slug(text: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "case"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    taken.add(slug)
    return slug


def _strings(value: Any) -> list[str]:
    return [v.strip() for v in value if isinstance(v, str) and v.strip()] \
        if isinstance(value, list) else []


def _check(text: str) -> str:
    """A drafted check as written when it parses; a TODO for a person otherwise."""
    try:
        parse_matcher(text)
    except ValueError as exc:
        return f"{TODO}: fix this check ({exc}): {text}"
    return text


def process_item(steps: list[str]) -> dict[str, Any]:
    """One `order` item from the body's numbered steps, a TODO per matcher: the author names
    the call that shows each step happened (`Read:ledger.csv`, `Bash:re:summarize\\.py`)."""
    return {"id": "steps-in-order",
            "order": [f"{TODO}: Tool:<assertion> showing step {n}: {step[:100]}"
                      for n, step in enumerate(steps, 1)]}


def build_draft(answer: dict[str, Any], name: str, body: str, request: DraftRequest,
                existing: dict[str, Any] | None, has_triggers: bool) -> Draft:
    """The draft's files from the model's answer; TODO markers where a person must decide."""
    prior = list(existing.get("evals", existing.get("cases", []))) if existing else []
    taken = {str(c.get("id")) for c in prior if isinstance(c, dict)}
    cases: list[dict[str, Any]] = []
    for item in answer.get("cases") or []:
        if not isinstance(item, dict) or not str(item.get("prompt") or "").strip():
            continue
        source = str(item.get("source") or "promise")
        checks = [_check(c) for c in _strings(item.get("checks"))]
        case: dict[str, Any] = {
            "id": _slug(str(item.get("id") or item["prompt"]), taken),
            "prompt": str(item["prompt"]).strip(),
            "expected_output": f"{TODO}: read this draft, fix it, then delete this marker. "
                               + str(item.get("expected_output") or "").strip()}
        if checks:
            case["assertions"] = checks
        statements = _strings(item.get("statements"))
        if statements:
            case["expectations"] = statements
        case["drafted_from"] = f"{source}: {str(item.get('from') or '').strip()}"
        cases.append(case)
    if not cases:
        raise ModelCallError(f"the model drafted no case (answer: {json.dumps(answer)[:200]})")
    steps = numbered_steps(body)
    has_process = any(isinstance(c, dict) and c.get("process") for c in prior)
    if len(steps) >= 2 and not has_process:
        first = next((c for c in cases if c["drafted_from"].startswith("promise")), cases[0])
        first["process"] = [process_item(steps)]
    if existing is not None:
        key = "evals" if "evals" in existing else "cases"
        caseset = {**existing, key: [*prior, *cases]}
    else:
        sources = ["the skill's description and body"]
        if request.expectations:
            sources.append(f"{len(request.expectations)} expectation(s) (--expect)")
        if request.improvements:
            sources.append(f"{len(request.improvements)} improvement(s) (--improvement)")
        caseset = {"skill_name": name,
                   "notes": f"Drafted by `skill-eval cases --generate` (model "
                            f"{request.model}) from {', '.join(sources)}. Every case is a "
                            "draft: read it, fix it, then delete each TODO marker; `skill-eval "
                            "check` refuses the set while one is left (EV009).",
                   "evals": cases}
    triggers: dict[str, list[dict[str, str]]] = {}
    if existing is None and (request.force or not has_triggers):
        for fires, relpath in TRIGGER_FILES.items():
            key = "should_trigger" if fires else "should_not_trigger"
            triggers[relpath] = [
                {"prompt": f"{TODO}: {q}", "expected": "trigger" if fires else "no-trigger"}
                for q in _strings(answer.get(key))]
        triggers = {k: v for k, v in triggers.items() if v}
    todos = count_todos(caseset) + sum(len(v) for v in triggers.values())
    return Draft(caseset=caseset, added=len(cases), todos=todos, triggers=triggers,
                 kept_triggers=has_triggers and not triggers and existing is None)


def count_todos(value: Any) -> int:
    if isinstance(value, str):
        return int(is_draft(value))
    if isinstance(value, dict):
        return sum(count_todos(v) for v in value.values())
    if isinstance(value, list):
        return sum(count_todos(v) for v in value)
    return 0


def write_draft(skill_dir: Path, draft: Draft) -> list[Path]:
    """Write the set (and trigger queries); the files written."""
    written: list[Path] = []
    target = skill_dir / CASESET_RELPATH
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(draft.caseset, indent=2, ensure_ascii=False) + "\n",
                      encoding="utf-8")
    written.append(target)
    for relpath, queries in draft.triggers.items():
        path = skill_dir / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("# Drafted by skill-eval cases --generate: delete each TODO once read\n"
                        + yaml.safe_dump(queries, sort_keys=False, allow_unicode=True,
                                         width=1000), encoding="utf-8")
        written.append(path)
    return written


def generate(request: DraftRequest, ask: Callable[[dict[str, Any]], dict[str, Any]],
             model: str, has_triggers: bool) -> tuple[Draft, list[Path]]:
    """Plan (refusing an overwrite before spending), ask the model once, write the draft."""
    name, body, existing = plan_draft(request)
    skill = load_skill(request.skill_dir)
    prior = (existing or {}).get("evals", (existing or {}).get("cases", []))
    ids = [str(c.get("id")) for c in prior if isinstance(c, dict)]
    response = ask(draft_request(name, skill.description, body, request, model, ids))
    answer = forced_tool_input(response, TOOL)
    if answer is None:
        raise ModelCallError(f"the model did not answer with {TOOL} "
                             f"(got {json.dumps(response.get('content'))[:200]})")
    draft = build_draft(answer, name, body, request, existing, has_triggers)
    return draft, write_draft(skill.path, draft)
