"""What a made script or plan uses (issue 26, graded as meant): a case asking to make, plan or
change something ("Write a PS function ...", "Plan a blind SSRF test", "convert it to a server
component") has its criteria's "uses X" (and "calls X() in the handler") about what that work
holds, read on the work (runner.scoring.on_calls.WORK_MARK), not only on
the commands the agent ran."""

from __future__ import annotations

import re

from runner.analysis.wording import unquoted
from runner.analysis.wording_i18n import ADVICE_ASK_RE
from runner.authoring.problems import Problems
from runner.schema.case import Case
from runner.scoring.on_calls import MARK as CALLS_MARK
from runner.scoring.on_calls import WORK_MARK, used_in_the_work

# A request to make or plan something: the work is what it makes ("Write a PS function ...",
# "Plan a blind SSRF test"), its criteria's "uses X" about what that holds.
_MAKES = re.compile(r"(?i)(?:^|[.!?:]\s+|\n)\W*(?:please\s+|can\s+you\s+|could\s+you\s+)?"
                    r"(?:write|draft|create|generate|produce|compose|build|implement|plan|"
                    r"design|outline|prepare|propose|scaffold|make(?!\s+sure\b)|"
                    # ...or to change code: the work is the code changed ("convert it to a
                    # server component", "add clerk auth to this api route")
                    r"convert|refactor|rewrite|migrate|port|update|modify|add|fix)\b"
                    # "I need a PowerShell function that ...": what the user wants made
                    r"|\b(?:i|we)\s+(?:need|want|would\s+like)\s+(?:a|an)\s+(?:[\w-]+\s+){0,3}?"
                    r"(?:script|function|program|tool|plan|module|class|query|config\w*|"
                    r"workflow|pipeline)\b"
                    # "I want the widget to call another tool when ...": behaviour wanted of
                    # the code, which the work writes
                    r"|\b(?:i|we)\s+(?:need|want|would\s+like)\s+(?:the|my|our|this)\s+"
                    r"(?:widget|component|function|script|tool|server|endpoint|handler|button|"
                    r"page|form|app|api|hook|module|class|cli|bot)\s+to\b")



def _asks_how(own: str) -> bool:
    """A question asking how to do it ("How do I return an error from a tool?"): the answer
    shows the way, its code included; what that "uses" is in the answer, never a command."""
    return any(ADVICE_ASK_RE.search(q) for q in re.findall(r"[^.?!。？！\n]*[?？]", own))


def work_claims(case: Case, problems: Problems) -> Case:
    """A case asking to make or plan something: each claim read on the tool calls only for its
    "uses X" is about what the work holds (runner.scoring.on_calls.WORK_MARK), said (EV012)."""
    own = unquoted(case.prompt)
    if not _MAKES.search(own) and not _asks_how(own):
        return case
    moved = [s for s in case.statements if used_in_the_work(s)]
    if not moved:
        return case
    problems.report("EV012", case.id, f"{len(moved)} claim(s) of what it uses read on the work "
                    f"the prompt asks to make, not only on the commands run: "
                    f"{moved[0].removeprefix(CALLS_MARK)[:80]!r}", "none needed (or say "
                    "\"runs X\" for a command the agent must run)")
    return case.model_copy(update={"statements": tuple(
        WORK_MARK + s.removeprefix(CALLS_MARK) if s in moved else s for s in case.statements)})
