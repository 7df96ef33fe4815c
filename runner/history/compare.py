"""`skill-eval compare A B` and `view A --against B`: resolve each side (a saved name or a run
id) to its receipts, refuse runs that are not comparable, and compare what both sides have."""

from __future__ import annotations

from dataclasses import dataclass, field

from runner.analysis.compare import compare, differences
from runner.errors import RefusedInput
from runner.schema.enums import ReceiptKind
from runner.schema.receipt import Digests, Receipt
from runner.schema.regression import Difference, Regression
from runner.store.base import Store
from runner.store.keys import RunKeys
from runner.store.receipts import find_names, load_receipt, receipt_key_of

DIGESTS = (*Digests.model_fields, "skill")


@dataclass
class Side:
    label: str
    skill: str
    paired: Receipt | None = None
    trigger: Receipt | None = None
    neighbours: dict[str, Receipt] = field(default_factory=dict)


def resolve(store: Store, ref: str, skill: str | None = None) -> Side:
    """A saved name (of `skill`, when several skills use it), else a run id with a receipt.
    Names are looked up first: they are few, and a run id found by listing receipts (a run
    from before receipt pointers) costs a listing of them all."""
    names = find_names(store, ref, skill)
    if len(names) > 1:
        raise RefusedInput(f"{ref!r} names runs of several skills ("
                           + ", ".join(sorted(n.skill for n in names))
                           + "); pick one with --skill NAME")
    if names:
        saved = names[0]
        return Side(label=ref, skill=saved.skill,
                    paired=load_receipt(store, saved.paired) if saved.paired else None,
                    trigger=load_receipt(store, saved.trigger) if saved.trigger else None,
                    neighbours={name: load_receipt(store, run_id)
                                for name, run_id in saved.neighbours.items()})
    if receipt_key_of(store, ref) is None:
        if store.exists(RunKeys(ref).plan):
            load_receipt(store, ref)  # a run that left no receipt: refused, saying why
        raise RefusedInput(f"{ref!r} is neither a saved name nor the id of a completed run in "
                           f"{store.uri}" + (f" (skill {skill})" if skill else "")
                           + "; save one with `run --save NAME`, list runs with `skill-eval "
                             "runs`")
    receipt = load_receipt(store, ref)
    side = Side(label=ref, skill=receipt.skill)
    if receipt.kind is ReceiptKind.PAIRED:
        side.paired = receipt
    else:
        side.trigger = receipt
    return side


def check_allowed(allowed: tuple[str, ...]) -> frozenset[str]:
    unknown = sorted(set(allowed) - set(DIGESTS))
    if unknown:
        raise RefusedInput(f"--allow-different {', '.join(unknown)}: not a digest; one of "
                           + ", ".join(DIGESTS))
    return frozenset(allowed)


def compare_refs(store: Store, before: str, after: str, allowed: tuple[str, ...] = (),
                 skill: str | None = None, fail_on_cost: bool = False) -> Regression:
    """B (after) against A (before). Refused (exit 2) when they share nothing to compare or a
    digest differs that `allowed` does not name."""
    permitted = check_allowed(allowed)
    a, b = resolve(store, before, skill), resolve(store, after, skill)
    paired = (a.paired, b.paired) if a.paired and b.paired else None
    trigger = (a.trigger, b.trigger) if a.trigger and b.trigger else None
    neighbours = {name: (a.neighbours[name], b.neighbours[name])
                  for name in a.neighbours if name in b.neighbours}
    if paired is None and trigger is None:
        raise RefusedInput(f"{before} and {after} have nothing in common to compare: "
                           f"{before} has {_has(a)}, {after} has {_has(b)}")
    found: list[Difference] = []
    unrecorded: set[str] = set()
    pairs = [("paired", paired), ("trigger", trigger),
             *((f"neighbour {n}", p) for n, p in neighbours.items())]
    notes = []
    for kind, mine, theirs in (("paired", a.paired, b.paired),
                               ("trigger", a.trigger, b.trigger)):
        if (mine is None) != (theirs is None):
            notes.append(f"{kind} run only in {a.label if mine else b.label}: not compared")
    for side, other in ((a, b), (b, a)):
        notes += [f"neighbour {name} only in {side.label}: not compared"
                  for name in side.neighbours if name not in other.neighbours]
    for what, pair in pairs:
        if pair is None:
            continue
        allowed_here = permitted
        if regraded(pair[0], pair[1]):
            allowed_here = permitted | REGRADE_MAY_DIFFER
            source, rescored = pair if pair[1].source_run == pair[0].run_id else pair[::-1]
            notes.append(f"{rescored.run_id} re-scored the trials of {source.run_id}: the same "
                         "sessions, graded by the case set and graders as they are now")
        found += differences(what, pair[0], pair[1], allowed_here)
        unrecorded.update(pair[0].digests.unrecorded(pair[1].digests))
    refused = [d for d in found if not d.allowed]
    if refused:
        raise RefusedInput(
            f"{before} and {after} are not comparable: " + "; ".join(
                f"{d.what} {d.digest} differs ({_short(d.before)} → {_short(d.after)})"
                for d in refused)
            + "; compare anyway with --allow-different "
            + ",".join(sorted({d.digest for d in refused}))
            + (" (runs of two models answer which model, not whether B got worse: `run "
               "--model A --model B` reads models side by side, and `compare` of two such "
               "runs' m- ids compares them model by model)"
               if any(d.digest == "model" for d in refused) else ""))
    regression = compare(before, after, b.skill, paired, trigger, neighbours, fail_on_cost)
    regression.differences = found
    regression.not_recorded = sorted(unrecorded)
    regression.notes = notes + regression.notes
    return regression


# A run re-scored from another's trials (regrade) measures the same sessions under the case
# set and graders as they are now: those digests are what it exists to change.
REGRADE_MAY_DIFFER = frozenset({"case_set", "grader_model", "grader_prompt", "judge_model",
                                "judge_prompt", "runner"})


def regraded(one: Receipt, other: Receipt) -> bool:
    return one.source_run == other.run_id or other.source_run == one.run_id


def _has(side: Side) -> str:
    parts = [p for p, r in (("a paired run", side.paired), ("a trigger run", side.trigger))
             if r is not None]
    return " and ".join(parts) or "no run"


def _short(value: str) -> str:
    return value[:12] if len(value) == 64 else value
