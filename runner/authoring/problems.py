"""One way to say what is wrong with a user's file: pydantic's findings as one line each,
without its links, with unknown fields called what they usually are (typos); and the set-level
findings that are reported, never refused (CS004)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel, Field, ValidationError

from runner.errors import CaseSetError
from runner.schema.case import Case, Finding


def describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False):
        loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
        msg = "unknown field (typo?)" if err["type"] == "extra_forbidden" else err["msg"]
        parts.append(f"{loc}: {msg}")
    return "; ".join(parts)


class Problems:
    """Every problem of one case set, collected in one pass (an author fixes them all in one
    edit), and the findings that are only reported. Each has its code, file, case and fix."""

    def __init__(self, file: str, case_files: dict[str, str] | None = None) -> None:
        self.file = file
        self.case_files = case_files or {}  # several files read as one set: each case's own
        self.refusals: list[Finding] = []
        self.reported: list[Finding] = []
        # a case whose input the set does not hold (a placeholder, a file or project no case
        # stages): that case cannot run, the others can (settled by `leave_out_unrunnable`)
        self.unrunnable: list[Finding] = []
        self._found: list[Finding] = []  # refusals and unrunnable cases, in order found
        # every case cannot run and nothing else is wrong: the set is refused, but a
        # collection's run passes over that skill (runner.driver.collection)
        self.unrunnable_only = False

    def refuse(self, code: str, case: str, message: str, fix: str) -> None:
        self.refusals.append(self._finding(code, case, message, fix))

    def cannot_run(self, code: str, case: str, message: str, fix: str) -> None:
        """A refusal of this case alone: its input is missing, so no arm can run it."""
        self.unrunnable.append(self._finding(code, case, message, fix))

    def _finding(self, code: str, case: str, message: str, fix: str) -> Finding:
        found = Finding(code=code, file=self.case_files.get(case, self.file), case=case,
                        message=message, fix=fix)
        self._found.append(found)
        return found

    def leave_out_unrunnable(self, ids: list[str]) -> tuple[str, ...]:
        """The cases of `ids` that cannot run, left out of the run and reported, when nothing
        else refuses the set and one of its cases can still run; otherwise they refuse with
        the rest (an author fixes everything in one edit). Returns the ids left out."""
        gone = tuple(dict.fromkeys(f.case for f in self.unrunnable))
        if not gone:
            return ()
        left = [i for i in ids if i not in gone]
        if self.refusals or not left:
            # (no ids: a case that can run depends on one left out, which refuses the set as
            # a dependency, not as a set with nothing to run)
            self.unrunnable_only = not self.refusals and bool(ids)
            # in the order they were found, as the author reads the set
            every = [*self.refusals, *self.unrunnable]
            refused, found = {id(f) for f in every}, {id(f) for f in self._found}
            self.refusals = [f for f in self._found if id(f) in refused] + [
                f for f in every if id(f) not in found]
            self.unrunnable = []
            return ()
        tail = (f"{LEFT_OUT} ({len(left)} other case(s) run; `--strict` refuses the set "
                "instead)")
        self.reported.extend(f.model_copy(update={"message": f.message + tail})
                             for f in self.unrunnable)
        return gone

    def report(self, code: str, case: str, message: str, fix: str) -> None:
        self.reported.append(Finding(code=code, file=self.case_files.get(case, self.file),
                                     case=case, message=message, fix=fix))

    def restate(self, code: str, case: str, says: str, message: str, fix: str) -> bool:
        """The case's reported finding of `code` whose message holds `says` stated anew (a
        later rule reads the same material otherwise: one line, not two that disagree);
        False when there is none, and nothing is changed."""
        for n, found in enumerate(self.reported):
            if found.code == code and found.case == case and says in found.message:
                self.reported[n] = found.model_copy(update={"message": message, "fix": fix})
                return True
        return False

    def tally(self, code: str, case: str, message: str, fix: str) -> None:
        """One reported line per message for the whole set, counting its items (a type seen
        in twenty cases is one line, not twenty); several cases make it a set-level line."""
        for n, found in enumerate(self.reported):
            if found.code == code and found.message.startswith(f"{message} ("):
                count = int(found.message[len(message) + 2:].split()[0]) + 1
                self.reported[n] = found.model_copy(update={
                    "message": f"{message} ({count} items)",
                    "case": found.case if found.case == case else SET_LEVEL})
                return
        self.report(code, case, f"{message} (1 item)", fix)

    def raise_any(self) -> None:
        if self.refusals:
            # one problem names its own file (several files read as one set: the case's)
            only = {f.file for f in self.refusals}
            raise CaseSetRefused(only.pop() if len(only) == 1 else self.file, self.refusals,
                                 unrunnable_only=self.unrunnable_only)


class Noted(BaseModel):
    """What another harness's reader (promptfoo, waza) reports of its suite, one line per kind
    with where it occurs ("... (3x: tests[1], tests[2], tests[4])"), never one per test."""

    noted: dict[tuple[str, str], list[str]] = Field(default_factory=dict)

    def note(self, message: str, fix: str, where: str) -> None:
        self.noted.setdefault((message, fix), []).append(where)

    def lines(self) -> list[tuple[str, str]]:
        """(message, fix) a kind, its first three places named; a place-less note alone."""
        return [(f"{message} ({len(where)}x: {', '.join(where[:3])}"
                 f"{', ...' if len(where) > 3 else ''})" if where[0] else message, fix)
                for (message, fix), where in self.noted.items()]


LEFT_OUT = "; left out of the run"  # how a case that cannot run is said, after its reason


def unrunnable_refused(file: str, findings: tuple[Finding, ...], ids: tuple[str, ...]
                       ) -> CaseSetRefused:
    """`--strict`: the refusal of the cases left out, each said as its problem alone."""
    return CaseSetRefused(file, [f.model_copy(update={"message": f.message.split(LEFT_OUT)[0]})
                                 for f in findings if f.case in ids and LEFT_OUT in f.message])


def finding_line(finding: Finding) -> str:
    where = f"case {finding.case!r}: " if finding.case else ""
    return f"{finding.code} {where}{finding.message}; fix: {finding.fix}"


class CaseSetRefused(CaseSetError):
    """A case set with one or more problems, all of them (refused: nothing is spent)."""

    def __init__(self, file: str, problems: list[Finding], unrunnable_only: bool = False) -> None:
        self.problems = list(problems)
        # each problem is a case that cannot run as written (its input is missing), nothing
        # else: the set has nothing to run, and is otherwise sound
        self.unrunnable_only = unrunnable_only
        if len(problems) == 1:
            only = problems[0]
            super().__init__(file, f"{only.code}: {only.message}; fix: {only.fix}",
                             only.case or None)
        else:
            lines = "\n".join(f"  {finding_line(p)}" for p in problems)
            super().__init__(file, f"{len(problems)} problems:\n{lines}")


# CS004 (docs/case-sets.md#problem-codes): a body that numbers three or more steps while its set
# carries no process.
STEPS_FOR_PROCESS = 3
SET_LEVEL = "(set)"  # a finding about the whole set, not one case
_STEP = re.compile(r"^ {0,3}(\d{1,2})[.)]\s+(\S.*)$")


def numbered_steps(body: str) -> list[str]:
    """The longest run of steps numbered 1, 2, 3, ... in a markdown body (code fences skipped,
    text between the steps allowed), each step's first line."""
    best: list[str] = []
    run: list[str] = []
    fenced = False
    for line in body.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        match = None if fenced else _STEP.match(line)
        if match is None:
            continue
        number, text = int(match.group(1)), match.group(2).strip()
        if number == len(run) + 1:
            run.append(text)
        else:
            run = [text] if number == 1 else []
        if len(run) > len(best):
            best = list(run)
    return best


def steps_without_process(body: str, cases: Iterable[Case], shown: str) -> Finding | None:
    """CS004: reported (never refused) when the body numbers STEPS_FOR_PROCESS or more steps and
    no case of the set carries a process item."""
    steps = numbered_steps(body)
    if len(steps) < STEPS_FOR_PROCESS or any(case.process for case in cases):
        return None
    return Finding(
        code="CS004", file=shown, case=SET_LEVEL,
        message=f"the skill's body numbers {len(steps)} steps and no case checks that they "
                "are followed (no process item)",
        fix='add a process item, e.g. {"id": "steps", "order": ["Read:...", "Bash:..."]} '
            "(`skill-eval cases SKILL --generate` drafts one from the steps)")
