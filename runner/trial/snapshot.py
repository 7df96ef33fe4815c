"""The files kept after each turn of a multi-turn case (docs/store.md): the working
directory's listing, and the files that turn's checks read, so regrade grades every turn again
on the files as they stood after it, not only the last.

What a turn's checks read (runner.scoring): its statements every file (the grader's material
and the runner's listing); its assertions, unless they read the answer only, every file the
agent wrote; an `outputs` or `json_checks` entry the file it names. Tool-call checks and
assertions on the answer read no file.
"""

from __future__ import annotations

from dataclasses import dataclass

from runner.schema.case import Case, Reading, TurnChecks
from runner.schema.turns import TurnFiles
from runner.scoring.base import digests
from runner.trial.collect import Collected
from runner.trial.turns import Conversation


@dataclass(frozen=True)
class FileNeed:
    """Which files of the working directory a turn's checks read."""

    every: bool = False  # every file, as collected (staged ones left as they were too)
    written: bool = False  # every file the agent created or changed
    paths: frozenset[str] = frozenset()  # these, by name

    def covers(self, other: FileNeed) -> bool:
        """What was kept for `self` holds everything `other` reads."""
        if self.every:
            return True
        return not other.every and (self.written or not other.written) \
            and other.paths <= self.paths


def need_of(checks: Case | TurnChecks | None) -> FileNeed:
    if checks is None:
        return FileNeed()
    return FileNeed(every=bool(checks.statements),
                    written=bool(checks.assertions) and checks.reads is not Reading.TEXT,
                    paths=frozenset([o.path for o in checks.outputs]
                                    + [j.file for j in checks.json_checks]))


def snapshot(checks: TurnChecks | None, collected: Collected,
             staged: dict[str, str], last: bool = False) -> tuple[TurnFiles, dict[str, bytes]]:
    """The turn's listing and the files kept with it (none for the last turn: its files are
    the attempt's outputs/, every one)."""
    listing = digests(collected.files)
    need = need_of(checks)
    if last:
        kept: dict[str, bytes] = {}
    elif need.every:
        kept = dict(collected.files)
    else:
        kept = {rel: data for rel, data in collected.files.items()
                if rel in need.paths or (need.written and staged.get(rel) != listing[rel])}
    return TurnFiles(listing=listing, skipped=dict(collected.skipped), kept=tuple(sorted(kept)),
                     last=last), kept


def conversation_snapshots(case: Case, talk: Conversation | None, last: Collected,
                           staged: dict[str, str]) -> tuple[tuple[TurnFiles, dict[str, bytes]],
                                                            ...]:
    """A multi-turn case's every turn sent: its listing and the files its checks read (`last`:
    the work after the last turn sent, which the attempt keeps whole)."""
    if not case.follow_ups or talk is None:
        return ()
    checks = [case.first_turn, *case.follow_ups]
    earlier = [snapshot(checks[n], t.collected, staged) for n, t in enumerate(talk.earlier)]
    return (*earlier, snapshot(checks[talk.sent - 1], last, staged, last=True))
