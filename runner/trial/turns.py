"""A multi-turn case's conversation (docs/case-sets.md#multi-turn-cases): the first prompt,
then each follow-up sent in the same claude session with claude's own `--resume`, in the same
sandbox and working directory, so what one turn wrote is there for the next.

    turn 1   claude -p --session-id <id> -- <prompt>        (state kept in a per-trial dir)
    turn i   claude -p --resume <id> -- <follow-up i>       files after turn i-1 are there
             ... stopped at the first turn that does not end normally (later ones not sent)

Each turn is graded on its own material: that turn's final answer and tool calls (its own
transcript) and the files as they stand after it. The session timeout, `--max-turns` and
`--session-budget-usd` cover the whole conversation: each turn gets what the turns before it
left of them (model turns and dollars as the CLI counted them in each turn's result event: a
resumed turn's `num_turns` is its own, its `total_cost_usd` the conversation's running total,
while its --max-turns and --max-budget-usd bound that invocation alone). A follow-up with no
model turn or no dollar left is not sent: the conversation stopped there, and the trial says
at which turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from runner.sandbox.base import SessionRun
from runner.schema.case import Case
from runner.schema.trial import CheckResult, ProgramRun, Score
from runner.scoring.base import Evidence, Grading, score_all
from runner.trial.collect import Collected
from runner.trial.transcript import Transcript, parse_transcript

# A follow-up sent when the conversation has (almost) used its time still gets this long, so
# it ends as a timeout of its own rather than never being sent.
MIN_TURN_S = 1.0
NOT_SENT = "sent"


@dataclass(frozen=True)
class Left:
    """What the conversation has left when a turn is sent (None: no limit)."""

    seconds: float
    turns: int | None = None
    usd: float | None = None


@dataclass(frozen=True)
class Bounds:
    """The case's limits, for the whole conversation (`SessionLimits`)."""

    timeout_s: float
    max_turns: int | None = None
    budget_usd: float | None = None


@dataclass(frozen=True)
class TurnRun:
    """One turn that was not the last sent: its session, the files as they stood after it,
    and its own judge and grader programs' runs (right after it, on those files)."""

    run: SessionRun
    collected: Collected
    program: ProgramRun | None = None
    grader: ProgramRun | None = None


@dataclass(frozen=True)
class Conversation:
    """Every turn sent: the earlier ones with their files, then the last one (whose files the
    trial collects as its work)."""

    earlier: tuple[TurnRun, ...]
    last: SessionRun
    unsent: str | None = None  # why follow-ups were left unsent though the last one went on
    after_last: TurnRun | None = None  # what ran after the last, when a follow-up was due

    @property
    def sent(self) -> int:
        return len(self.earlier) + 1

    @property
    def transcripts(self) -> tuple[bytes, ...]:
        return (*(t.run.transcript for t in self.earlier), self.last.transcript)

    @property
    def wall_s(self) -> float:
        return sum(t.run.wall_s for t in self.earlier) + self.last.wall_s


def _went_on(run: SessionRun) -> bool:
    """The turn ended normally, so the next may be sent."""
    transcript = parse_transcript(run.transcript)
    return not run.timed_out and transcript.finished and not transcript.is_error


def converse(prompts: tuple[str, ...], bounds: Bounds,
             run_turn: Callable[[str, int, Left], SessionRun],
             after: Callable[[int, SessionRun], TurnRun]) -> Conversation:
    """Send each prompt in turn (`run_turn(prompt, number, what is left)`), `after` every turn
    but the last (its files collected, its own programs run); stop at the first turn that
    does not end normally, or before a follow-up the limits leave nothing for."""
    earlier: list[TurnRun] = []
    seconds, turns, usd = 0.0, 0, 0.0
    for number, prompt in enumerate(prompts, 1):
        left = Left(max(bounds.timeout_s - seconds, MIN_TURN_S),
                    None if bounds.max_turns is None else bounds.max_turns - turns,
                    None if bounds.budget_usd is None else bounds.budget_usd - usd)
        if earlier and (left.turns is not None and left.turns <= 0
                        or left.usd is not None and left.usd <= 0):
            last = earlier.pop()
            return Conversation(tuple(earlier), last.run, _used_up(bounds, left, number,
                                                                   len(prompts)), last)
        run = run_turn(prompt, number, left)
        seconds += run.wall_s
        if number == len(prompts) or not _went_on(run):
            return Conversation(tuple(earlier), run)
        spent = parse_transcript(run.transcript)
        turns += spent.num_turns or 0
        # a resumed session's total_cost_usd is the conversation's running total (measured
        # with claude 2.1: 0.005 after turn 1, 0.01 after an equal turn 2), its num_turns and
        # --max-budget-usd the invocation's own
        usd = spent.cli_cost_usd if spent.cli_cost_usd is not None else usd
        earlier.append(after(number, run))
    raise ValueError("a conversation needs a prompt")


def _used_up(bounds: Bounds, left: Left, number: int, total: int) -> str:
    flag = (f"--max-turns {bounds.max_turns}" if left.turns is not None and left.turns <= 0
            else f"--session-budget-usd {bounds.budget_usd:g}")
    return (f"stopped at turn {number} of {total}: {flag} covers the whole conversation and "
            f"turns 1-{number - 1} used it up; turn {number} was not sent")


def ended_at(talk: Conversation, total: int, error: str | None) -> str | None:
    """The trial's error, saying at which turn a conversation that did not run to its end
    stopped."""
    if talk.unsent is not None:
        return talk.unsent
    if error is None or total == 1:
        return error
    return f"{error} (at turn {talk.sent} of {total})"


def merged(turns: list[Transcript]) -> Transcript:
    """The whole conversation as one transcript for the trial's figures: turns, tool calls
    and tokens summed over its turns, the CLI's cost as the last turn's running total, every
    skill seen and loaded, how the last ended."""
    last = turns[-1]

    def total(name: str) -> int | float | None:
        values = [getattr(t, name) for t in turns if getattr(t, name) is not None]
        return sum(values) if values else None

    def running(name: str) -> float | None:
        # a resumed turn reports the conversation's total so far, not its own
        values = [getattr(t, name) for t in turns if getattr(t, name) is not None]
        return max(values) if values else None

    return last.model_copy(update={
        "skills_seen": list(dict.fromkeys(s for t in turns for s in t.skills_seen)),
        "skills_loaded": [s for t in turns for s in t.skills_loaded],
        "assistant_text": "\n".join(t.assistant_text for t in turns),
        "tool_calls": sum(t.tool_calls for t in turns),
        "calls": [c for t in turns for c in t.calls],
        "has_init": any(t.has_init for t in turns),
        "num_turns": total("num_turns"), "duration_ms": total("duration_ms"),
        "cli_cost_usd": running("cli_cost_usd"), "input_tokens": total("input_tokens"),
        "output_tokens": total("output_tokens"), "bad_lines": sum(t.bad_lines for t in turns),
        "windows": [w for t in turns for w in t.windows]})


def turn_evidence(raw: bytes, collected: Collected, staged: dict[str, str],
                  program: ProgramRun | None = None,
                  grader: ProgramRun | None = None) -> Evidence:
    """What one turn left: its own answer, calls and transcript, the files after it."""
    transcript = parse_transcript(raw)
    return Evidence(transcript.assistant_text, collected.files, collected.skipped, raw,
                    tuple(transcript.calls), program, staged, grader)


def grade_turns(case: Case, scorers: tuple[str, ...], evidence: list[Evidence],
                grading: Grading, unsent: str | None = None,
                kept: dict[str, Score] | None = None) -> dict[str, Score]:
    """Each turn's own checks on that turn's evidence, as `turn N: <scorer>` (each check named
    `turn N: ...`, so the report rows say which turn failed); a turn with checks that was never
    sent fails them (`unsent`: why). `kept`: scores that stand as they are (regrade), by
    their `turn N: <scorer>` name."""
    out: dict[str, Score] = {}
    kept = kept or {}
    for number in range(1, len(case.prompts) + 1):
        own = case.turn_case(number)
        if own is None:
            continue
        if number > len(evidence):
            out[f"turn {number}: {NOT_SENT}"] = Score(scorer=NOT_SENT, passed=False, checks=[
                CheckResult(check=f"turn {number}: sent", passed=False,
                            detail=unsent or "the conversation ended before this turn")])
            continue
        out |= {n: s for n, s in kept.items() if n.startswith(f"turn {number}: ")}
        fresh = tuple(n for n in scorers if f"turn {number}: {n}" not in kept)
        for name, score in score_all(fresh, own, evidence[number - 1], grading).items():
            out[f"turn {number}: {name}"] = score.model_copy(update={"checks": [
                c.model_copy(update={"check": f"turn {number}: {c.check}"})
                for c in score.checks]})
    return out
