"""Every option the commands share, declared once, with its default read from the options
models (runner/schema/options.py), and the one place click's parameters become a `RunOptions`.

A command picks options by name (`use("k", "model", ...)` or a whole group: `EVAL`, `PASS`,
`SANDBOX`, `STORE`, `OUTPUT`) and receives them as keyword arguments named after the model
fields they fill, so `run_options` can build the model without a hand-written copy per command.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar, cast

import click

from runner import config
from runner.errors import RefusedInput
from runner.schema.enums import Arm, Backend, BaselineMode, Executor, TriggerMode
from runner.schema.options import EvalSettings, PassSettings, SandboxConfig
from runner.schema.options import RunOptions as RunOptions  # the commands' type of it
from runner.store.base import Store

F = TypeVar("F", bound=Callable[..., Any])
Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def default(model: type[EvalSettings] | type[PassSettings] | type[SandboxConfig],
            name: str) -> Any:
    """A field's default as the model declares it: the CLI never spells one of its own. An
    enum member is given as its string, the form click.Choice compares and shows."""
    value = model.model_fields[name].get_default(call_default_factory=True)
    return value.value if isinstance(value, Enum) else value


def _arms(ctx: click.Context, param: click.Parameter, value: str) -> tuple[Arm, ...]:
    try:
        return tuple(Arm(a.strip()) for a in value.split(",") if a.strip())
    except ValueError as exc:
        raise click.BadParameter(f"{exc}; arms are baseline, candidate, incumbent",
                                 param_hint="--arms") from exc


class RepetitionsType(click.ParamType):  # type: ignore[type-arg]
    """--k: a whole number of at least 1, or `auto` (adaptive k)."""

    name = "N|auto"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int | str:
        text = str(value).strip().lower()
        if text == "auto":
            return "auto"
        try:
            number = int(text)
        except ValueError:
            number = 0
        if number < 1:
            self.fail(f"{value!r}: give a number of repetitions (1 or more) or `auto`", param,
                      ctx)
        return number


def _store_default() -> str:
    return os.environ.get(config.STORE_ENV, config.STORE)


def _url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not value.startswith(("http://", "https://")):
        raise click.BadParameter(f"{value!r}: expected an http:// or https:// URL (e.g. a "
                                 "Slack incoming webhook)", param_hint="--notify")
    return value


PATH = click.Path(path_type=Path)
FILE = click.Path(exists=True, dir_okay=False, path_type=Path)
POSITIVE = click.FloatRange(min=0, min_open=True)

# name (the field or parameter it fills) -> its one declaration
OPTIONS: dict[str, Decorator] = {
    # what may differ per eval (EvalSettings)
    "k": click.option("--k", "k", default=str(default(EvalSettings, "k")), show_default=True,
                      type=RepetitionsType(), metavar="N|auto",
                      help="Repetitions per case and arm; `auto`: a sequential run, trials "
                           "in stages (seeded case order, --min-k up to --max-k), stopping "
                           "once the comparison is firm or cannot become firm (alpha spent "
                           "across the looks)."),
    "max_k": click.option("--max-k", default=default(EvalSettings, "max_k"), show_default=True,
                          type=click.IntRange(min=1),
                          help="With --k auto: the most repetitions a case gets."),
    "min_k": click.option("--min-k", default=default(EvalSettings, "min_k"), show_default=True,
                          type=click.IntRange(min=1),
                          help="With --k auto: the repetitions every case starts with."),
    "alpha": click.option("--alpha", default=default(EvalSettings, "alpha"), show_default=True,
                          type=click.FloatRange(0, 1, min_open=True, max_open=True),
                          help="The run's one error budget: a PASS or FAIL is firm when an A/A "
                               "run of this design reads one at most this often (the report's "
                               "aa_rate, Holm over its opponents)."),
    "model": click.option("--model", default=default(EvalSettings, "model"), show_default=True,
                          help="Model passed to claude."),
    # run, trigger, batch: repeatable; two or more make a multi-model run (run_options)
    "models": click.option("--model", "model", multiple=True,
                           help="Model passed to claude [default: "
                                f"{default(EvalSettings, 'model')}]. Repeat it to compare "
                                "models: one run per model, the same "
                                "cases x k in each, read together in the model table."),
    "margin": click.option("--margin", type=click.FloatRange(0, 1, min_open=True,
                                                             max_open=True),
                           default=default(EvalSettings, "margin"), show_default=True,
                           help="Several --model: how far (a share, 0.1 = 10 points) a model's "
                                "with-skill pass rate may trail the best model's and still be "
                                "good enough (the non-inferiority margin)."),
    "case_ids": click.option("--case", "case_ids", multiple=True,
                             help="Run only this case id (repeatable)."),
    "cases_file": click.option("--cases", "cases_file", type=PATH, metavar="FILE",
                               help="The case set to read (any set file: JSON, YAML or a "
                                    "folder of case files), in place of the one found in "
                                    "the skill's layout."),
    "strict": click.option("--strict", is_flag=True,
                           help="Refuse a case set any of whose cases cannot run as written "
                                "(EV009: a placeholder, an input no case stages) instead of "
                                "leaving those cases out and running the others."),
    "skill_name": click.option("--skill-name", "skill_name", default=None, metavar="NAME",
                               help="On a collection of skills: only the skill named NAME "
                                    "(its SKILL.md or folder name)."),
    "incumbent_path": click.option("--incumbent", "incumbent_path", type=PATH,
                                   help="Folder of the version you already have (third arm); "
                                        "`latest`: the bytes of the skill's most recent "
                                        "completed run whose bytes differ, from the store "
                                        "(write ./latest for a folder of that name); `team`: "
                                        "the team's published version with the most recent "
                                        "verified receipt (`skill-eval publish`)."),
    "save": click.option("--save", default=None, metavar="NAME",
                         help="Name the run when it completes (`skill-eval compare NAME "
                              "OTHER`); a run that does not complete is not named."),
    "arms": click.option("--arms", default=",".join(default(EvalSettings, "arms")),
                         show_default=True, callback=_arms,
                         help="Arms to run (comma-separated)."),
    "timeout_s": click.option("--timeout", "timeout_s", default=default(EvalSettings,
                                                                        "timeout_s"),
                              show_default=True, type=click.FloatRange(min=1),
                              help="Per-trial wall-clock limit, seconds."),
    "max_turns": click.option("--max-turns", type=click.IntRange(min=1),
                              help="Passed to claude; covers a multi-turn case's whole "
                                   "conversation."),
    "session_budget_usd": click.option("--session-budget-usd", type=POSITIVE,
                                       help="Per-trial --max-budget-usd passed to claude; "
                                            "covers a multi-turn case's whole conversation."),
    "allow_server_tools": click.option("--allow-server-tools", is_flag=True,
                                       help="Let server-side tools (web search/fetch, code "
                                            "execution, MCP) through the gateway."),
    "grader_model": click.option("--grader-model", default=None,
                                 help="Model grading statements (default: the run's model)."),
    "judge_model": click.option("--judge-model", default=None,
                                help="Model of the pairwise judge (default: the grader's)."),
    "no_judge": click.option("--no-judge", is_flag=True,
                             help="Do not let the judge break ties: they stay ties."),
    "judge_all": click.option("--judge-all", is_flag=True,
                              help="Blind A/B of every case: the judge reads every scored row "
                                   "(it still decides only ties)."),
    "baseline_mode": click.option("--baseline-mode",
                                  type=click.Choice([m.value for m in BaselineMode]),
                                  default=None,
                                  help="With several skills: joint (default; one without-arm, "
                                       "no skill: the delta is the set's joint contribution) "
                                       "or per-skill (one without-arm per skill, staging the "
                                       "others: N+1 arms, each skill's marginal "
                                       "contribution)."),
    "mode": click.option("--mode", type=click.Choice([m.value for m in TriggerMode]),
                         default=TriggerMode.SESSION.value, show_default=True,
                         help="session: real sessions in containers (observed activation); "
                              "catalog: one model call per query"),
    "trust_target": click.option("--trust-target", is_flag=True,
                                 help="The skill is yours or has been read: with --sandbox "
                                      "local (no isolation) run it even when the static scan "
                                      "flags its files."),
    # what one scheduling pass shares (PassSettings)
    "concurrency": click.option("--concurrency", default=default(PassSettings, "concurrency"),
                                show_default=True, type=click.IntRange(min=1),
                                help="claude sessions running at once."),
    "prefetch": click.option("--prefetch", type=click.IntRange(min=0),
                             help="Trials prepared ahead of a free session slot (container "
                                  "started, waiting at its start gate); default half "
                                  "--concurrency, at least 1; 0: none."),
    "max_budget_usd": click.option("--max-budget-usd", type=POSITIVE,
                                   help="Run-level spend cap (USD), enforced at every gateway."),
    "store_budget_usd": click.option("--store-budget-usd", type=POSITIVE,
                                     help="Cap (USD) on what every run of the store spends "
                                          "per UTC day, refused before spending (the lower of "
                                          "this and daily_budget_usd in the store's "
                                          "store.json)."),
    "force": click.option("--force", is_flag=True,
                          help="Run even when the cost estimate exceeds the cap."),
    "rpm": click.option("--rpm", type=click.IntRange(min=1),
                        help="Model requests per minute, whole run (the rate governor)."),
    "itpm": click.option("--itpm", type=click.IntRange(min=1),
                         help="Input tokens per minute, whole run."),
    "otpm": click.option("--otpm", type=click.IntRange(min=1),
                         help="Output tokens per minute, whole run."),
    "batch_grading": click.option("--batch-grading", is_flag=True, default=None,
                                  help="Send the statement grader's and the judge's calls "
                                       "through the Message Batches API: half price, answers "
                                       "within 24 h (the run waits, resumable); agent "
                                       "sessions stay interactive."),
    "metrics_port": click.option("--metrics-port", type=click.IntRange(0, 65535),
                                 help="Serve Prometheus metrics on HOST:PORT/metrics while "
                                      "running."),
    "metrics_host": click.option("--metrics-host", default=default(PassSettings,
                                                                   "metrics_host"),
                                 show_default=True,
                                 help="Address the metrics server binds (0.0.0.0: scrapable "
                                      "from containers and other hosts)."),
    "metrics_linger_s": click.option("--metrics-linger", "metrics_linger_s",
                                     default=default(PassSettings, "metrics_linger_s"),
                                     show_default=True, type=click.FloatRange(min=0),
                                     help="Keep serving the final metrics this many seconds."),
    "model_script": click.option("--model-script", type=FILE,
                                 help="Scripted model endpoint for an offline dry run (no "
                                      "API key, no cost)."),
    "ray_address": click.option("--ray-address", default=None,
                                help="Existing Ray cluster (default: local)."),
    "executor": click.option("--executor", type=click.Choice([e.value for e in Executor]),
                             default=default(PassSettings, "executor"), show_default=True,
                             help="inprocess = threads in this process, no Ray."),
    "shared_store": click.option("--shared-store", is_flag=True,
                                 help="The local --store path is a shared filesystem mounted at "
                                      "the same path on every Ray node (else a run on several "
                                      "nodes needs s3://)."),
    "forward_credentials": click.option("--forward-credentials", is_flag=True,
                                        help="Send this shell's ANTHROPIC_API_KEY (or "
                                             "CLAUDE_CODE_OAUTH_TOKEN) to the trials through "
                                             "Ray's runtime environment, instead of each "
                                             "node's own (docs/cluster.md: who can read it)."),
    "notify": click.option("--notify", metavar="URL", callback=_url,
                           help="POST a JSON summary here when the run completes, stops or "
                                "fails (has a Slack-style `text` field); retried, never fails "
                                "the run."),
    "fresh": click.option("--fresh", is_flag=True,
                          help="New run id; default resumes an identical run."),
    "wait": click.option("--wait", is_flag=True,
                         help="If another driver is running this run, wait for it instead of "
                              "refusing."),
    # where sessions run (SandboxConfig)
    "image": click.option("--image", default=default(SandboxConfig, "image"), show_default=True,
                          help="Sandbox image (built by `make image`)."),
    "runtime": click.option("--runtime", help="Docker runtime for sandboxes, e.g. runsc "
                                              "(gVisor)."),
    "backend": click.option("--sandbox", "backend",
                            type=click.Choice([b.value for b in Backend]),
                            default=default(SandboxConfig, "backend"), show_default=True,
                            help="Where sessions run (local: no isolation; fake: tests)."),
    # the store (PassSettings.store_uri / store_endpoint)
    "store_uri": click.option("--store", "store_uri", default=_store_default,
                              show_default=config.STORE,
                              help="Where runs are kept: a directory or s3://bucket/prefix "
                                   f"(or ${config.STORE_ENV})."),
    "store_endpoint": click.option("--s3-endpoint-url", "store_endpoint",
                                   envvar="AWS_ENDPOINT_URL_S3",
                                   help="S3-compatible endpoint for an s3:// store (MinIO, "
                                        "...)."),
    # what a command prints and how it exits
    "report_json": click.option("--report-json", type=click.Path(dir_okay=False,
                                                                 path_type=Path),
                                help="Also write the report here (checked before the run)."),
    "as_json": click.option("--json", "as_json", is_flag=True,
                            help="Print the result as JSON on stdout instead of the tables "
                                 "and text (for tools and CI)."),
    "quiet": click.option("--quiet", "-q", is_flag=True,
                          help="No progress or notes on stderr: only errors, and the report."),
    "gate": click.option("--gate", is_flag=True,
                         help="Exit 1 on a firm FAIL against any opponent, 5 when the run "
                              "cannot decide (a FAIL not firm, no evidence), else 0."),
    "gate_max_p": click.option("--gate-max-p", type=click.FloatRange(0, 1), default=None,
                               help="With --gate: also exit 5 (inconclusive) unless every "
                                    "comparison's A/A rate, Holm-adjusted (the test firm "
                                    "reads), is below P."),
    # what CI reads (runner/driver/ci.py)
    "junit": click.option("--junit", type=click.Path(dir_okay=False, path_type=Path),
                          help="Also write JUnit XML here: one test case per case x opponent "
                               "x model; a lost case is a failure, an inconclusive one is "
                               "skipped (checked before the run)."),
}

EVAL = ("k", "max_k", "min_k", "alpha", "model", "case_ids", "cases_file", "strict",
        "incumbent_path",
        "arms",
        "timeout_s", "max_turns", "session_budget_usd", "allow_server_tools", "grader_model",
        "judge_model", "no_judge", "judge_all")
STORE = ("store_uri", "store_endpoint")
PASS = ("concurrency", "prefetch", "model_script", *STORE, "max_budget_usd",
        "store_budget_usd", "force", "rpm", "itpm", "otpm", "batch_grading", "metrics_port",
        "metrics_host", "metrics_linger_s", "executor", "fresh", "wait", "ray_address",
        "shared_store", "forward_credentials", "notify")
SANDBOX = ("image", "runtime", "backend")
OUTPUT = ("report_json", "as_json", "quiet", "gate", "gate_max_p")
CI = ("junit",)


def use(*names: str, **overrides: Decorator) -> Callable[[F], F]:
    """Apply the named options in order (first name = first in --help); `overrides` swaps a
    declaration where a command means something narrower (e.g. trigger's --timeout default)."""
    def apply(fn: F) -> F:
        decorated: Callable[..., Any] = fn
        for name in reversed(names):
            decorated = overrides.get(name, OPTIONS[name])(decorated)
        return cast(F, decorated)
    return apply


SANDBOX_FIELDS = ("backend", "image", "runtime")


def run_options(skill: Path, params: dict[str, Any], **fixed: Any) -> RunOptions:
    """The one translation from a command's parameters to `RunOptions`: every parameter named
    after a field fills it, the sandbox group fills `sandbox`, `--no-judge` turns the judge off,
    and the upstream is read from ANTHROPIC_BASE_URL. `fixed` is what the command decides
    itself (e.g. trigger's runs per query as k)."""
    fields = RunOptions.model_fields
    values: dict[str, Any] = {name: value for name, value in params.items()
                              if name in fields and value is not None}
    if "no_judge" in params:
        values["judge"] = not params["no_judge"]
    values["sandbox"] = SandboxConfig(**{name: params[name] for name in SANDBOX_FIELDS
                                         if params.get(name) is not None})
    if str(values.get("incumbent_path")) == LATEST:  # --incumbent latest, not ./latest
        values.pop("incumbent_path")
        values["incumbent_latest"] = True
    if str(values.get("incumbent_path")) == TEAM:  # --incumbent team, not ./team
        values.pop("incumbent_path")
        values["incumbent_team"] = True
    models = values.pop("model", None)
    if isinstance(models, tuple):  # the repeatable --model: one is a plain run
        models = tuple(dict.fromkeys(models))
        if len(models) > 1:
            values["models"] = models
        if models:
            values["model"] = models[0]
    elif models is not None:
        values["model"] = models
    values.update(fixed)
    return RunOptions(skill_path=skill, **values)


LATEST = "latest"
TEAM = "team"


def read_store(store_uri: str, store_endpoint: str | None) -> Store:
    """The store a read-only command reads (runs, view, compare, evidence): a local one must
    exist (nothing is created by reading), an S3 bucket must answer."""
    from runner.store.base import open_store  # noqa: PLC0415 - boto3 only when used

    if "://" not in store_uri and not Path(store_uri).is_dir():
        raise RefusedInput(f"--store {store_uri}: no such directory, so no runs there; name "
                           "the store the runs were made with (run --store)")
    store = open_store(store_uri, store_endpoint)
    if "://" in store_uri:
        store.preflight()
    return store
