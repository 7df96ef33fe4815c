"""Read what the viewer shows from a store: the report, each trial's standing attempt
(transcript turns and output files) and the skill's other runs."""

from __future__ import annotations

from pydantic import ValidationError

from runner.errors import RefusedInput
from runner.render.html import material_trials, row_trials
from runner.schema.receipt import read_report
from runner.schema.report import Report
from runner.schema.runs import RunSummary
from runner.schema.triggers import TriggerReport
from runner.schema.view import OutputFile, TrialView
from runner.store.base import Store
from runner.store.keys import RunKeys
from runner.store.runs import list_runs
from runner.store.trials import read_done
from runner.trial.transcript import turns

FILE_CAP = 64 * 1024


def load_report(store: Store, run_id: str) -> Report:
    """A run's report, of any older schema version (migrated); a newer one is refused with
    its version named."""
    try:
        data = store.get(RunKeys(run_id).report_json)
    except KeyError:
        raise RefusedInput(f"no report for run {run_id!r} in {store.uri} (`skill-eval runs` "
                           "lists the runs there)") from None
    return read_report(data, f"run {run_id!r}")


def latest_run(store: Store) -> str:
    found = list_runs(store)
    if not found:
        raise RefusedInput(f"no runs in {store.uri}: run `skill-eval run` first")
    return found[0].run_id


def load_trial(store: Store, run_id: str, trial_id: str) -> TrialView | None:
    keys = RunKeys(run_id).trial(trial_id)
    result = read_done(store, keys)
    if result is None:
        return None
    attempt = keys.attempt(result.attempt)
    try:
        steps = turns(store.get(attempt.transcript))
    except KeyError:
        steps = []
    prefix = attempt.output("")
    outputs = []
    for key in store.list(prefix):
        data = store.get(key)
        try:
            text: str | None = data[:FILE_CAP].decode("utf-8")
        except UnicodeDecodeError:
            text = None
        outputs.append(OutputFile(path=key[len(prefix):], text=text, size=len(data)))
    return TrialView(result=result, turns=steps, outputs=outputs)


def load_run(store: Store, run_id: str, trial_id: str | None = None
             ) -> tuple[Report, dict[str, TrialView], list[RunSummary]]:
    """A run's report, the material its page shows and the skill's other runs. With
    `trial_id`: the material of that trial's page only (it and its opponents). A large run's
    page shows only some trials' material (`material_trials`): one store read per trial
    shown, never one per trial of the run."""
    report = load_report(store, run_id)
    wanted = row_trials(report, trial_id) if trial_id is not None else material_trials(report)
    trials = {}
    for line in report.trials:
        if wanted is not None and line.trial_id not in wanted:
            continue
        view = load_trial(store, run_id, line.trial_id)
        if view is not None:
            trials[line.trial_id] = view
    history = [r for r in list_runs(store, report.skill) if r.readable]
    return report, trials, history


def load_trigger(store: Store, run_id: str) -> TriggerReport:
    try:
        return TriggerReport.model_validate_json(store.get(f"{RunKeys(run_id).prefix}/"
                                                           "trigger.json"))
    except KeyError:
        raise RefusedInput(f"no trigger report for run {run_id!r} in {store.uri}") from None
    except (ValidationError, ValueError) as exc:
        raise RefusedInput(f"run {run_id!r}: its trigger report cannot be read "
                           f"({str(exc)[:200]})") from exc
