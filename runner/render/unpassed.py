"""How a report words the cases no arm passed (runner.analysis.unpassed): the common causes
the sessions showed, and the fix for each. One wording for the terminal and the HTML page."""

from __future__ import annotations

from runner.schema.reach import ReachCount, ReachKind, UnpassedCase

LISTED = 10  # cases listed; the rest are counted

MODULE = "python module "


def headline(cases: list[UnpassedCase]) -> str:
    return (f"{len(cases)} case(s) no arm passed: every session failed, in every arm; "
            "they measure nothing about the skill (fix the case, not the skill):")


def cause(c: ReachCount, trials: int) -> str:
    """One common cause: `every session: ...` or `5/6 sessions ...`."""
    every = c.trials >= trials
    who = "every session" if every else f"{c.trials}/{trials} sessions"
    count = f" ({c.trials}/{trials})" if every else ""
    if c.kind is ReachKind.ASKED_USER:
        return f"{who} asked the user a question and stopped{count}"
    if c.kind is ReachKind.MISSING_PROGRAM:
        what = (f"`{c.what[len(MODULE):]}` not installed (python)" if c.what.startswith(MODULE)
                else f"`{c.what}: command not found`")
    elif c.kind is ReachKind.NETWORK:
        what = f"no network (`{c.what}`)" if c.what else "no network"
    else:
        what = f"no such tool `{c.what}`"
    return f"{who}: {what}{count}"


def causes(case: UnpassedCase) -> str:
    if not case.reached:
        return "no common cause in the transcripts"
    return "; ".join(cause(c, case.trials) for c in case.reached)


_FIXES = {
    ReachKind.MISSING_PROGRAM: "run with `--image` an image that has {what}",
    ReachKind.NETWORK: "stage the material it fetches as the case's files",
    ReachKind.MISSING_TOOL: "stage what {what} would return as files",
    ReachKind.ASKED_USER: "write the user's answers into the prompt or its follow-up turns",
}


def fix(case: UnpassedCase) -> str:
    """What to do about the case, from its common causes; dropping it always works."""
    steps: list[str] = []
    for kind, template in _FIXES.items():
        whats = [c.what.removeprefix(MODULE) for c in case.reached if c.kind is kind]
        if whats:
            steps.append(template.format(what=", ".join(f"`{w}`" for w in whats)))
    if not steps:
        steps.append("read one of its transcripts for what it lacked")
    return "fix: " + ", or ".join(steps) + ", or drop the case"


def rest(cases: list[UnpassedCase]) -> str | None:
    """The cases past LISTED, counted."""
    more = len(cases) - LISTED
    return f"... and {more} more case(s) no arm passed (report.json lists them all)" \
        if more > 0 else None
