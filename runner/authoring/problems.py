"""One way to say what is wrong with a user's file: pydantic's findings as one line each,
without its links, with unknown fields called what they usually are (typos)."""

from __future__ import annotations

from pydantic import ValidationError

from runner.errors import CaseSetError
from runner.schema.case import Finding


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

    def __init__(self, file: str) -> None:
        self.file = file
        self.refusals: list[Finding] = []
        self.reported: list[Finding] = []

    def refuse(self, code: str, case: str, message: str, fix: str) -> None:
        self.refusals.append(Finding(code=code, file=self.file, case=case, message=message,
                                     fix=fix))

    def report(self, code: str, case: str, message: str, fix: str) -> None:
        self.reported.append(Finding(code=code, file=self.file, case=case, message=message,
                                     fix=fix))

    def raise_any(self) -> None:
        if self.refusals:
            raise CaseSetRefused(self.file, self.refusals)


def finding_line(finding: Finding) -> str:
    where = f"case {finding.case!r}: " if finding.case else ""
    return f"{finding.code} {where}{finding.message}; fix: {finding.fix}"


class CaseSetRefused(CaseSetError):
    """A case set with one or more problems, all of them (refused: nothing is spent)."""

    def __init__(self, file: str, problems: list[Finding]) -> None:
        self.problems = list(problems)
        if len(problems) == 1:
            only = problems[0]
            super().__init__(file, f"{only.code}: {only.message}; fix: {only.fix}",
                             only.case or None)
        else:
            lines = "\n".join(f"  {finding_line(p)}" for p in problems)
            super().__init__(file, f"{len(problems)} problems:\n{lines}")
