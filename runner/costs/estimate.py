"""What a run is expected to cost, before anything runs: `skill-eval estimate`, the first lines
of `run`, and the pre-run budget check.

Per session the figures are the skill's own history when there is one (mean metered tokens per
session of each arm in its past receipts), else a deliberately generous default: an agent
session re-sends its context every turn, so input dominates. The grader makes one call per
trial whose case has statements; the judge at most two per tied row whose case it may judge.

A multi-turn case is one trial but N claude invocations, and each follow-up resumes the
conversation: every model call of turn j re-sends what the turns before it left in the context
(their answers, tool calls and results) on top of what any session sends (system prompt, tools,
its own work). The default figure counts each earlier turn as adding half a session's input to
each follow-up, so turn j costs (1 + (j-1)/2) sessions' input and one session's output: a
two-turn case is 2.5 sessions' input, a three-turn one 4.5 (`conversation_weight`). A skill's
history is already per trial (a past conversation metered whole), so it is used as it is.
"""

from __future__ import annotations

from runner.costs.pricing import PRICE_TABLE_VERSION, cost_usd
from runner.schema.enums import Arm, CostLine
from runner.schema.plan import Plan
from runner.schema.runs import Estimate, Line, TokenMeans

EST_INPUT_TOKENS = 60_000
EST_OUTPUT_TOKENS = 3_000
GRADER_INPUT_TOKENS = 10_000  # the material is capped near 40k characters
GRADER_OUTPUT_TOKENS = 800
JUDGE_INPUT_TOKENS = 20_000  # two trials' material
JUDGE_OUTPUT_TOKENS = 400


FOLLOW_UP_GROWTH = 0.5  # of a session's input, added to each follow-up per earlier turn


def conversation_weight(turns: int) -> float:
    """A conversation of `turns` user turns in sessions' worth of input tokens."""
    return sum(1 + FOLLOW_UP_GROWTH * (j - 1) for j in range(1, turns + 1))


def estimate_usd(model: str, sessions: int, turns: int = 1) -> float:
    """`sessions` trials at the default figure, each a conversation of `turns` user turns."""
    return sessions * cost_usd(model, round(EST_INPUT_TOKENS * conversation_weight(turns)),
                               EST_OUTPUT_TOKENS * turns, 0, 0)


def _line(what: str, calls: int, model: str, per_in: float, per_out: float, basis: str,
          upper_bound: bool = False, batch: bool = False) -> Line:
    tokens_in, tokens_out = int(calls * per_in), int(calls * per_out)
    return Line(what=CostLine(what), calls=calls, input_tokens=tokens_in, output_tokens=tokens_out,
                usd=cost_usd(model, tokens_in, tokens_out, 0, 0, batch),
                basis=basis + (", batch rate" if batch else ""), upper_bound=upper_bound)


def _default_line(arm: Arm, plan: Plan, sessions: int, adaptive: bool) -> Line:
    """An arm at the default per-session figure, each multi-turn trial weighted by its turns
    (`conversation_weight`); the basis says how many were."""
    turns = [len(t.case.prompts) for t in plan.trials if t.arm is arm]
    many = [n for n in turns if n > 1]
    if not many:
        return _line(str(arm), sessions, plan.model, EST_INPUT_TOKENS, EST_OUTPUT_TOKENS,
                     "default per-session figure", upper_bound=adaptive)
    weight = sum(conversation_weight(n) for n in turns)
    tokens_in, tokens_out = round(weight * EST_INPUT_TOKENS), sum(turns) * EST_OUTPUT_TOKENS
    span = f"{min(many)}" if min(many) == max(many) else f"{min(many)}-{max(many)}"
    basis = (f"default per-session figure; {len(many)} multi-turn trial(s) of {span} turns: "
             f"{sum(turns)} turns priced as {weight:g} sessions' input (each follow-up "
             "re-sends the conversation before it)")
    return Line(what=CostLine(str(arm)), calls=sessions, input_tokens=tokens_in,
                output_tokens=tokens_out, usd=cost_usd(plan.model, tokens_in, tokens_out, 0, 0),
                basis=basis, upper_bound=adaptive)


def estimate_plan(plan: Plan, history: dict[Arm, TokenMeans] | None = None,
                  batch_grading: bool = False) -> Estimate:
    """`batch_grading`: the grader's and the judge's calls priced at the batch rate."""
    history = history or {}
    lines: list[Line] = []
    for arm in plan.arms:
        sessions = sum(1 for t in plan.trials if t.arm is arm)
        past = history.get(arm)
        adaptive = plan.adaptive is not None  # --k auto: up to max_k repetitions
        if past is not None and past.sessions:
            lines.append(_line(str(arm), sessions, plan.model, past.input_tokens,
                               past.output_tokens, f"history: {past.sessions} past session(s)",
                               upper_bound=adaptive))
        else:
            lines.append(_default_line(arm, plan, sessions, adaptive))
    graded = sum(1 for t in plan.trials if t.case.statements)
    if graded:
        lines.append(_line("grader", graded, plan.grader_model or plan.model,
                           GRADER_INPUT_TOKENS, GRADER_OUTPUT_TOKENS, "one call per trial",
                           batch=batch_grading))
    if plan.judge_model:
        opponents = [a for a in plan.arms if a is not Arm.CANDIDATE]
        judged = {t.case.id for t in plan.trials if plan.judge_all or t.case.rubric or (
            plan.judge_expected_output and t.case.expected_output)}
        calls = 2 * len(judged) * plan.k * len(opponents)
        if calls:
            lines.append(_line("judge", calls, plan.judge_model, JUDGE_INPUT_TOKENS,
                               JUDGE_OUTPUT_TOKENS, "two calls per row it reads",
                               upper_bound=not plan.judge_all, batch=batch_grading))
    return Estimate(lines=lines, total_usd=sum(line.usd for line in lines),
                    price_table=PRICE_TABLE_VERSION)


def scaled(estimate: Estimate, factor: float) -> Estimate:
    """The same run at `factor` times the sessions (more cases or more repetitions): every
    line (arms, grader, judge) grows with the trials."""
    lines = [line.model_copy(update={
        "calls": round(line.calls * factor), "input_tokens": round(line.input_tokens * factor),
        "output_tokens": round(line.output_tokens * factor), "usd": line.usd * factor})
        for line in estimate.lines]
    return estimate.model_copy(update={"lines": lines,
                                       "total_usd": sum(line.usd for line in lines)})


def per_model(parts: list[tuple[str, Estimate]]) -> Estimate:
    """Several models' estimates as one: every line tagged with its model, each priced at
    that model's price (`run --model A --model B`, `estimate --model A --model B`)."""
    lines = [line.model_copy(update={"model": model}) for model, part in parts
             for line in part.lines]
    return parts[0][1].model_copy(update={"lines": lines,
                                          "total_usd": sum(line.usd for line in lines)})
