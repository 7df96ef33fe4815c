"""A batch file: many evals (skills x options) for one driver, under one concurrency limit and
one budget, resumable as a whole (every id is a digest).

    concurrency: 4
    max_budget_usd: 25           # one cap across every eval in the file
    store: s3://evals/nightly    # optional; default .skill-eval
    defaults: {k: 3, model: sonnet, timeout: 600}
    evals:
      - skill: skills/csv-summary
        incumbent: skills/csv-summary-v1
      - skill: skills/ledger
        k: 5
        cases: [append-row]
        incumbent: latest        # the most recent completed run's bytes, from the store
        models: [claude-haiku-4-5, claude-sonnet-4-5]   # once per model (beside `model:`)
        save: nightly            # name the run when it completes (`skill-eval compare`)
      - skill: skills/csv-summary  # a trigger eval: does it fire, and only when it should
        trigger: {skills_dir: library, runs: 3}   # or `trigger: true`

The top level takes every pass setting `skill-eval run` has (runner.schema.options.
PassSettings), `defaults` and each eval every eval setting (EvalSettings). Relative paths are
read from the batch file's folder. A trigger eval (`trigger:`) takes `skills_dir` (the library),
`mode` (session | catalog) and `runs` (sessions per query); it runs after the paired evals,
with the same pass settings.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from runner import config
from runner.authoring.problems import describe
from runner.errors import RefusedInput
from runner.schema.enums import TriggerMode
from runner.schema.options import EvalSettings, PassSettings, RunOptions

# What an eval entry (or `defaults`) may set: EvalSettings by name or by its short alias.
EVAL_KEYS = frozenset(EvalSettings.model_fields) | {"cases", "timeout", "skill_path",
                                                     "incumbent_path", "incumbent_latest",
                                                     "incumbent_team"}


class BatchFile(PassSettings):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    defaults: dict[str, Any] = Field(default_factory=dict,
                                     description="EvalSettings every eval starts from")
    evals: list[dict[str, Any]] = Field(min_length=1,
                                        description="skill, incumbent and EvalSettings")


class TriggerSpec(BaseModel):
    """What a batch's trigger eval asks for (`trigger:` of an eval entry)."""

    model_config = ConfigDict(extra="forbid")
    skills_dir: Path | None = Field(default=None, description="The library it competes with")
    mode: TriggerMode = Field(default=TriggerMode.SESSION, description="session | catalog")
    runs: int = Field(default=config.TRIGGER_RUNS, ge=1, description="Sessions per query")


def _read(path: Path, overrides: dict[str, Any] | None) -> BatchFile:
    """The file as a model, its store read from the file's folder, the flags over it."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise RefusedInput(f"{path}: cannot read batch file: {exc}") from exc
    if not isinstance(data, dict):
        raise RefusedInput(f"{path}: a batch file is a mapping with an `evals` list")
    store = data.get("store", data.get("store_uri"))
    if isinstance(store, str) and "://" not in store and not Path(store).is_absolute():
        # like the skills: read from the file's folder, whatever the current directory
        data.pop("store", None)
        data["store_uri"] = str(path.resolve().parent / store)
    given = {k: v for k, v in (overrides or {}).items() if v is not None}
    if "store_endpoint" in given:  # --s3-endpoint-url over the file's, whichever spelling
        data.pop("s3_endpoint_url", None)
    data.update(given)
    try:
        batch = BatchFile.model_validate(data)
        EvalSettings.model_validate(batch.defaults)
    except ValidationError as exc:
        raise RefusedInput(f"{path}: invalid batch file: {describe(exc)}") from exc
    return batch


class TriggerEval(BaseModel):
    opts: RunOptions
    spec: TriggerSpec


class Batch(BaseModel):
    evals: list[RunOptions] = Field(description="Paired evals, one pass together")
    triggers: list[TriggerEval] = Field(default_factory=list)


def load_batch(path: Path, overrides: dict[str, Any] | None = None,
               eval_overrides: dict[str, Any] | None = None) -> Batch:
    """The file's paired evals and trigger evals; `overrides` (command-line flags) win over
    the file, and `eval_overrides` (eval settings given as flags, e.g. --alpha) over every
    eval's."""
    batch = _read(path, overrides)
    base = path.resolve().parent

    def anchor(p: Any) -> Any:
        return None if p is None else (Path(p) if Path(p).is_absolute() else base / p)

    shared = batch.model_dump(exclude={"defaults", "evals"})
    shared["model_script"] = anchor(batch.model_script)
    out = Batch(evals=[])
    for index, entry in enumerate(batch.evals, 1):
        if not isinstance(entry, dict) or "skill" not in entry:
            raise RefusedInput(f"{path}: eval #{index}: needs `skill: PATH`")
        entry = dict(entry)
        trigger = entry.pop("trigger", None)
        fields = {**batch.defaults, **entry,
                  **{k: v for k, v in (eval_overrides or {}).items() if v is not None}}
        fields["skill_path"] = anchor(fields.pop("skill"))
        incumbent = fields.pop("incumbent", None)
        if incumbent == "latest":  # the skill's most recent completed receipt, from the store
            fields["incumbent_latest"] = True
            incumbent = None
        if incumbent == "team":  # the team's published version (runner.history.team)
            fields["incumbent_team"] = True
            incumbent = None
        fields["incumbent_path"] = anchor(incumbent)
        bad = sorted(set(fields) - EVAL_KEYS)
        if bad:
            raise RefusedInput(f"{path}: eval #{index}: {', '.join(bad)}: not an eval setting "
                               "(pass settings such as concurrency go at the top level)")
        try:
            if trigger is None or trigger is False:
                out.evals += [RunOptions.model_validate({**shared, **one})
                              for one in per_model(fields)]
                continue
            spec = TriggerSpec.model_validate({} if trigger is True else trigger)
            spec = spec.model_copy(update={"skills_dir": anchor(spec.skills_dir)})
            fields.setdefault("timeout_s", fields.pop("timeout", config.TRIGGER_TIMEOUT_S))
            out.triggers += [TriggerEval(opts=RunOptions.model_validate(
                {**shared, **one, "k": spec.runs, "force": True}), spec=spec)
                for one in per_model(fields)]
        except ValidationError as exc:
            raise RefusedInput(f"{path}: eval #{index}: {describe(exc)}") from exc
    return out


def per_model(fields: dict[str, Any]) -> list[dict[str, Any]]:
    """`models: [A, B]` in an eval (or `defaults`): the same eval once per model, each an
    ordinary eval of the batch (its own run, named by its model in the batch's summary)."""
    models = fields.get("models") or ()
    if isinstance(models, str):
        models = [models]
    if not models:
        return [fields]
    return [{**fields, "model": model, "models": ()} for model in dict.fromkeys(models)]
