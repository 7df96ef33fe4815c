"""`skill-eval cases SKILL --generate`: the one model call that drafts a case set
(runner.authoring.generate), through the same metered, capped client as the grader: the
budget ledger under --max-budget-usd, the rate governor, the endpoint retries; a model script
plays the model in a dry run (`when: {purpose: generator}`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from runner import config
from runner.authoring.generate import MAX_TOKENS, Draft, DraftRequest, generate, plan_draft
from runner.costs.pricing import cost_usd
from runner.driver.wave import Wave
from runner.errors import RefusedInput
from runner.gateway.models import api_model
from runner.pacing.governor import GovernorGuard, LocalGovernor
from runner.schema.options import WaveSettings
from runner.schema.trial import Usage
from runner.store.memory import MemoryStore
from runner.triggers.queries import trigger_files

CHARS_PER_TOKEN = 3.0  # a generous reading: the estimate errs high


@dataclass(frozen=True)
class Generated:
    draft: Draft
    written: list[Path]
    usage: Usage
    model: str


def has_triggers(skill_dir: Path) -> bool:
    return bool(trigger_files(skill_dir))


def worst_case_usd(model: str, skill_dir: Path) -> float:
    """The most the one call can cost: the whole skill text in, MAX_TOKENS out."""
    text = (skill_dir / "SKILL.md").read_text(encoding="utf-8", errors="replace")
    return cost_usd(model, int(len(text) / CHARS_PER_TOKEN) + 2000, MAX_TOKENS, 0, 0)


def run_generate(request: DraftRequest, model_script: Path | None = None,
                 upstream: str | None = None, max_budget_usd: float | None = None,
                 attempts: int = config.ENDPOINT_ATTEMPTS,
                 backoff_s: float = config.ENDPOINT_BACKOFF_S) -> Generated:
    """Refuse what would overwrite or overspend before anything is spent, then draft."""
    plan_draft(request)  # an existing set without --force is refused here, for free
    model = api_model(request.model or config.MODEL)
    settings = WaveSettings(model_script=model_script, upstream_url=upstream,
                            max_budget_usd=max_budget_usd, endpoint_attempts=attempts,
                            endpoint_backoff_s=backoff_s)
    # a draft writes to the skill's folder, not to a store: its wave's store is its own
    with Wave("draft", MemoryStore(), settings) as wave:
        if not wave.scripted and wave.credential() is None:
            raise RefusedInput("ANTHROPIC_API_KEY is not set: export it (or "
                               "CLAUDE_CODE_OAUTH_TOKEN) to draft with the model, or give "
                               "--model-script FILE for an offline dry run")
        worst = worst_case_usd(model, request.skill_dir)
        if max_budget_usd is not None and worst > max_budget_usd:
            raise RefusedInput(f"--max-budget-usd {max_budget_usd}: drafting may cost up to "
                               f"${worst:.3f} (one call to {model}); raise the cap (nothing "
                               "was spent)")
        client = wave.access(0.0, GovernorGuard(LocalGovernor())).client()
        draft, written = generate(request, client.create, model, has_triggers(
            request.skill_dir))
    return Generated(draft, written, client.usage(), model)


def summary(result: Generated) -> dict[str, object]:
    """What `cases --generate --json` prints."""
    return {"written": [str(p) for p in result.written], "cases_added": result.draft.added,
            "todos": result.draft.todos, "kept_triggers": result.draft.kept_triggers,
            "model": result.model, "requests": result.usage.requests,
            "input_tokens": result.usage.input_tokens,
            "output_tokens": result.usage.output_tokens, "cost_usd": result.usage.cost_usd}
