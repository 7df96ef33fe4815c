"""One options model for every surface: CLI flags, the Python API and batch files.

    EvalSettings   what may differ per eval (k, model, cases, arms, limits of a session)
    PassSettings   what one scheduling pass shares (concurrency, budget, store, Ray, sandbox)
    RunOptions     one eval: the skill, its incumbent, EvalSettings + PassSettings

A batch file is PassSettings plus `defaults` (EvalSettings) and one entry per eval (a skill and
EvalSettings overrides), so a batch can set everything a `run` can. Every default comes from
runner.config.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, model_validator

from runner import config
from runner.schema.enums import Arm, Backend, BaselineMode, Executor

ALL_ARMS = (Arm.BASELINE, Arm.CANDIDATE, Arm.INCUMBENT)


class Limits(BaseModel):
    """Resource limits of one sandbox; defaults are safe for a 2-core, 24 GiB node."""

    model_config = ConfigDict(extra="forbid")
    memory: str = Field(default="2g", description="Memory limit (docker syntax)")
    cpus: float = Field(default=1.0, gt=0, description="CPU quota in cores")
    pids: int = Field(default=512, gt=0, description="Max processes/threads")
    nofile: int = Field(default=4096, gt=0, description="Open-file limit")
    tmpfs_size: str = Field(default="256m", description="Size of /tmp and $HOME tmpfs each")
    workspace_size: str = Field(default="512m",
                                description="Size cap of the working directory (tmpfs)")
    log_max_size: str = Field(default="64m", description="Container log cap (transcript)")


class SandboxConfig(BaseModel):
    """Which sandbox backend runs trials, and how."""

    model_config = ConfigDict(extra="forbid")
    backend: Backend = Field(default=Backend.DOCKER, description="A registered backend: docker "
                             "| local | fake (runner.sandbox.registry)")
    image: str = Field(default=config.IMAGE, description="Sandbox image (docker)")
    image_id: str | None = Field(default=None, description="The image's content id, filled in "
                                                           "by preflight; part of every id")
    runtime: str | None = Field(default=None, description="Docker runtime, e.g. runsc")
    limits: Limits = Field(default_factory=Limits)
    scratch_root: Path = Field(default=config.SCRATCH_ROOT,
                               description="Host folder for trials' working directories, "
                                           "gateway sockets and the bundle cache")
    trust_programs: bool = Field(default=False, description="--trust-target: a backend that "
                                                            "cannot contain the skill's judge "
                                                            "and grader programs may run them "
                                                            "on the host (set by the driver)")


class SessionFields(BaseModel):
    """What bounds one claude session (declared once: `SessionLimits` and `EvalSettings` both
    hold these fields)."""

    timeout_s: float = Field(default=config.TIMEOUT_S, gt=0, validation_alias=AliasChoices(
        "timeout_s", "timeout"), description="Per-trial wall-clock limit, seconds")
    max_turns: int | None = Field(default=None, ge=1, description="Passed to claude")
    session_budget_usd: float | None = Field(default=None, gt=0,
                                             description="Per-trial --max-budget-usd for claude")
    allow_server_tools: bool = Field(default=False, description="Let server-side tools through")


class SessionLimits(SessionFields):
    """What bounds one claude session: set per eval, shared by reference by its trials."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class StoreSettings(BaseModel):
    """Where results go."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    store_uri: str = Field(default=config.STORE, validation_alias=AliasChoices(
        "store_uri", "store"), description="A directory or s3://bucket/prefix")
    store_endpoint: str | None = Field(default=None, validation_alias=AliasChoices(
        "store_endpoint", "s3_endpoint_url"), description="S3 endpoint URL")


class BudgetSettings(BaseModel):
    """What a run may spend: its own cap and the store's daily cap (the lower applies)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    max_budget_usd: float | None = Field(default=None, gt=0, description="Cap on what the "
                                                                         "run spends, every "
                                                                         "wave of it")
    store_budget_usd: float | None = Field(default=None, gt=0,
                                           description="Cap on what every run of the store "
                                                       "spends per UTC day (with the store's "
                                                       "store.json: the lower applies)")
    force: bool = Field(default=False, description="Run even if the estimate exceeds the cap "
                                                   "(the cap still stops it)")


class ModelSettings(BaseModel):
    """How the runner reaches the model: the endpoint (or a model script) and its retries."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    upstream_url: str | None = Field(default=None, description="Messages API endpoint "
                                     "(default: ANTHROPIC_BASE_URL, as claude reads it, "
                                     "else the API); the wave chooses (runner.driver.wave)")
    model_script: Path | None = Field(default=None, description="Offline scripted model")
    endpoint_attempts: int = Field(default=config.ENDPOINT_ATTEMPTS, ge=1,
                                   description="Tries of a call (or a trial) whose model "
                                               "endpoint kept failing (or never answered)")
    endpoint_backoff_s: float = Field(default=config.ENDPOINT_BACKOFF_S, ge=0,
                                      description="First wait before such a retry, doubling")


class WaveSettings(StoreSettings, BudgetSettings, ModelSettings):
    """What every wave needs, whatever it runs (trials, a regrade, catalog triggers, a
    draft): the store, the budget, the model; `wait` for another driver's lease."""

    wait: bool = Field(default=False, description="Wait for another driver's lease to end")


class RateSettings(BaseModel):
    """The rate governor's limits (runner.pacing.governor): every model call of a run's waves
    (the trials, the grader, the judge, a regrade's, catalog triggers) goes through it."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    rpm: int | None = Field(default=None, gt=0, description="Model requests per minute, whole "
                                                           "run (the rate governor)")
    itpm: int | None = Field(default=None, gt=0, description="Input tokens per minute")
    otpm: int | None = Field(default=None, gt=0, description="Output tokens per minute")


class RetryPolicy(BaseModel):
    """How often a trial is tried again, and how long it waits between tries."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    infra_attempts: int = Field(default=config.INFRA_ATTEMPTS, ge=1,
                                description="Tries when the machinery or the endpoint fails")
    infra_backoff_s: float = Field(default=config.INFRA_BACKOFF_S, ge=0,
                                   description="First retry delay after an infrastructure "
                                               "failure, doubling")
    endpoint_attempts: int = Field(default=config.ENDPOINT_ATTEMPTS, ge=1,
                                   description="Tries when the model endpoint kept failing")
    endpoint_backoff_s: float = Field(default=config.ENDPOINT_BACKOFF_S, ge=0,
                                      description="First retry delay after the model endpoint "
                                                  "kept failing, doubling")


class EvalSettings(SessionFields):
    """What may differ from one eval to the next."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    k: int = Field(default=config.K, ge=1, description="Repetitions per case and arm")
    alpha: float = Field(default=config.ALPHA, gt=0, lt=1, description="A verdict is firm when "
                         "an A/A run of its design reads it at most this often")
    k_auto: bool = Field(default=False, description="`k: auto`: adaptive k, every case from "
                         "min_k up to max_k repetitions (runner.analysis.adaptive); k is max_k")
    max_k: int = Field(default=config.MAX_K, ge=1, description="`k: auto`: the most "
                                                               "repetitions a case gets")
    min_k: int = Field(default=config.MIN_K, ge=1, description="`k: auto`: the repetitions "
                                                               "every case starts with")

    @model_validator(mode="before")
    @classmethod
    def _auto(cls, data: Any) -> Any:
        """`k: auto` (batch files, `--k auto`) is adaptive k up to max_k."""
        if isinstance(data, dict) and str(data.get("k", "")).strip().lower() == "auto":
            data = {**data, "k_auto": True,
                    "k": data.get("max_k") or config.MAX_K}
        return data
    model: str = Field(default=config.MODEL, description="Model passed to claude")
    models: tuple[str, ...] = Field(default=(), description="Several models (`--model A "
                                    "--model B`, `models:`): one run per model, read "
                                    "together in the model table; `model` is then the first")
    margin: float = Field(default=config.MARGIN, gt=0, lt=1, description="How far (a share "
                          "of cases) a model's pass rate may trail the best model's and still "
                          "be good enough")
    case_ids: tuple[str, ...] = Field(default=(), validation_alias=AliasChoices(
        "case_ids", "cases"), description="Only these cases (default: all)")
    strict: bool = Field(default=False, description="Refuse a set any of whose cases "
                         "cannot run as written (EV009: a placeholder, an input no case "
                         "stages) instead of leaving those cases out")
    cases_file: Path | None = Field(default=None, description="The case set file to read "
                                    "(--cases FILE), in place of the one found in the skill's "
                                    "layout")
    arms: tuple[Arm, ...] = Field(default=ALL_ARMS, description="Arms to run")
    grader_model: str | None = Field(default=None, description="Model grading statements "
                                                               "(default: the run's model)")
    judge: bool = Field(default=True, description="Let the pairwise judge break ties")
    judge_model: str | None = Field(default=None, description="The judge's model (default: "
                                                              "the grader's)")
    save: str | None = Field(default=None, min_length=1, description="Name the run when it "
                                                                    "completes (`compare` "
                                                                    "reads it)")
    judge_all: bool = Field(default=False, description="Blind A/B of every case: the judge "
                                                       "reads every scored row (it still "
                                                       "decides only ties)")
    trust_target: bool = Field(default=False, description="The skill is yours or has been "
                                                          "read: --sandbox local runs it even "
                                                          "when the static scan flags it")

    @property
    def grader(self) -> str:
        return self.grader_model or self.model

    @property
    def limits(self) -> SessionLimits:
        """This eval's session limits, as its trials carry them."""
        return SessionLimits.model_validate(
            {name: getattr(self, name) for name in SessionFields.model_fields})

    @property
    def judge_by(self) -> str:
        return self.judge_model or self.grader


class PassSettings(WaveSettings, RateSettings):
    """What every eval of one scheduling pass (a run, or a batch) shares."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    concurrency: int = Field(default=config.CONCURRENCY, ge=1,
                             description="claude sessions running at once")
    prefetch: int | None = Field(default=None, ge=0,
                                 description="Trials prepared ahead of a free session slot "
                                             "(container started, waiting at its start "
                                             "gate); default half --concurrency (at least "
                                             "1), 0: none")
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    metrics_host: str = Field(default="127.0.0.1", description="Address the metrics server "
                                                               "binds (0.0.0.0: scrapable from "
                                                               "containers and other hosts)")
    metrics_linger_s: float = Field(default=0.0, ge=0, description="Serve final metrics longer")
    sandbox: SandboxConfig = Field(default_factory=SandboxConfig)
    ray_address: str | None = None
    executor: Executor = Field(default=Executor.RAY, description="ray | inprocess (tests, "
                                                                 "debugging)")
    governor: bool = Field(default=True, description="Pace and hold model requests run-wide "
                                                     "(off only to measure what it buys)")
    shared_store: bool = Field(default=False, description="The local store path is a shared "
                                                          "filesystem mounted at the same path "
                                                          "on every node")
    forward_credentials: bool = Field(default=False, description="Send the driver's "
                                      "ANTHROPIC_API_KEY (or CLAUDE_CODE_OAUTH_TOKEN) to the "
                                      "trials it starts, through Ray's runtime environment")
    notify: str | None = Field(default=None, description="POST a JSON summary here when the "
                                                         "pass completes, stops or fails")
    batch_grading: bool = Field(default=False, description="Send the statement grader's and "
                                                           "the judge's calls through the "
                                                           "Message Batches API (half price, "
                                                           "answers within 24 h); agent "
                                                           "sessions stay interactive")
    fresh: bool = Field(default=False, description="New run id instead of resuming")

    @property
    def retry(self) -> RetryPolicy:
        return RetryPolicy(endpoint_attempts=self.endpoint_attempts,
                           endpoint_backoff_s=self.endpoint_backoff_s)

    @property
    def ahead(self) -> int:
        """Trials in flight beyond the running sessions. The default, half the concurrency
        (at least one), hides container starts where the node has CPU to spare, and does not
        crowd a node that has none (measured in bench/overhead.py and bench/scale.py)."""
        return max(1, self.concurrency // 2) if self.prefetch is None else self.prefetch


class RunOptions(PassSettings, EvalSettings):
    """Everything `skill-eval run` accepts, as one validated object."""

    skill_path: Path
    incumbent_path: Path | None = None
    skill_paths: tuple[Path, ...] = Field(default=(), description="Several skills at once "
                                                                  "(two or more): the "
                                                                  "candidate arm stages them "
                                                                  "all")
    baseline_mode: BaselineMode = Field(default=BaselineMode.JOINT,
                                        description="Several skills: joint (one without-arm) "
                                                    "or per-skill (one per skill)")
    incumbent_latest: bool = Field(default=False, description="--incumbent latest: the bytes "
                                                              "of the skill's most recent "
                                                              "completed receipt whose bytes "
                                                              "differ, from the store")
    incumbent_team: bool = Field(default=False, description="--incumbent team: the team's "
                                                            "published version (other bytes) "
                                                            "with the most recent verified "
                                                            "receipt, from the store")
    incumbent_note: str | None = Field(default=None, description="Why the incumbent asked "
                                       "for does not run (--incumbent team before any "
                                       "published version of other bytes): the report's "
                                       "incumbent line; set by the driver, not a flag")

    @model_validator(mode="after")
    def _trust_reaches_the_trials(self) -> RunOptions:
        """--trust-target travels to the trials with the sandbox: a backend that cannot
        contain the skill's programs runs them on the host only then."""
        if self.trust_target and not self.sandbox.trust_programs:
            self.sandbox = self.sandbox.model_copy(update={"trust_programs": True})
        return self

    def settings(self) -> PassSettings:
        return PassSettings.model_validate(
            {name: getattr(self, name) for name in PassSettings.model_fields})


class RegradeOptions(WaveSettings, RateSettings):
    """`skill-eval regrade RUN_ID`: re-score a stored run's sessions against the case set as it
    is now; no session runs. Model calls (grader, judge) are metered and capped as in a run."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    run_id: str = Field(description="The stored run whose sessions are re-scored")
    skill_path: Path | None = Field(default=None, description="Where to read the case set "
                                                              "(default: the folder the run "
                                                              "was made from, in its plan)")
