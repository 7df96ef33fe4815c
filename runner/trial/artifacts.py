"""What one attempt of a trial keeps in the store besides its result (docs/store.md): every
turn's transcript, the work after the last turn, and a multi-turn case's each turn's listing
with the files its checks read (runner.trial.snapshot)."""

from __future__ import annotations

from dataclasses import dataclass, field

from runner.schema.trial import TrialResult
from runner.schema.turns import TurnFiles
from runner.store.base import Store
from runner.store.keys import AttemptKeys
from runner.trial.collect import Collected


@dataclass(frozen=True)
class Kept:
    """What an attempt keeps besides its result: every turn's transcript, the work after the
    last, and a multi-turn case's each turn's listing and the files its checks read
    (runner.trial.snapshot)."""

    transcripts: tuple[bytes, ...] = ()
    collected: Collected = field(default_factory=Collected)
    turns: tuple[tuple[TurnFiles, dict[str, bytes]], ...] = ()


def store_attempt(store: Store, keys: AttemptKeys, result: TrialResult, kept: Kept) -> None:
    """The attempt's artifacts: transcript.jsonl holds the whole conversation (one turn: the
    session), and a multi-turn case's each turn under turns/<i>/ as well, with the files
    that turn's checks read."""
    transcript = kept.transcripts
    if any(transcript):
        store.put(keys.transcript, b"".join(transcript))
    if len(transcript) > 1:
        for number, raw in enumerate(transcript, 1):
            store.put(keys.turn(number).transcript, raw)
    for number, (files, saved) in enumerate(kept.turns, 1):
        for rel, content in saved.items():
            store.put(keys.turn(number).output(rel), content)
        store.put(keys.turn(number).files, files.model_dump_json(indent=1).encode())
    for rel, data in kept.collected.files.items():
        store.put(keys.output(rel), data)
    store.put(keys.result, result.model_dump_json(indent=1).encode())
