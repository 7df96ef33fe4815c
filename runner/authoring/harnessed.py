"""A data file of a set folder that the authors' own program reads (issue 26): a gold list of
real and fake items that `evals/run_gold.py` pipes through the skill's scripts. It takes no
prompt, so it is no case set and skill-eval does not run it; `check` names the file and its
program rather than "holds no cases", and says when that program reaches the network (EV014):
the sandbox has none, so it could not run there either."""

from __future__ import annotations

import re
from pathlib import Path

from runner.authoring.problems import SET_LEVEL
from runner.schema.case import Finding

PROGRAM_SUFFIXES = (".py", ".sh", ".bash", ".js", ".mjs", ".ts")
_SOURCE_MAX = 512 * 1024
# What reaches the network in a program's source: an HTTP library, a URL, a fetcher.
_NETWORK = re.compile(r"\b(?:import\s+requests|from\s+requests\b|requests\.(?:get|post|"
                      r"Session)|urllib|http\.client|httpx|aiohttp|curl|wget)\b|https?://"
                      r"|\bfetch\(")
HARNESSED = "graded by "  # how survey's reason opens for such a file


def _source(path: Path) -> str:
    if not path.is_file() or path.is_symlink() or path.stat().st_size > _SOURCE_MAX:
        return ""
    return path.read_text(encoding="utf-8", errors="replace")


def harness_of(data: Path) -> Path | None:
    """The program beside the data file that names it (`run_gold.py` reading
    `gold-citations.json`), or None."""
    programs = sorted(p for p in data.parent.iterdir() if p.suffix in PROGRAM_SUFFIXES)
    return next((p for p in programs if data.name in _source(p)), None)


def network_reach(program: Path) -> str | None:
    """What of the program reaches the network: its own source, or a script of the skill it
    runs (named in its source), as 'urllib in scripts/verify.py'."""
    own = _NETWORK.search(_source(program))
    if own is not None:
        return f"{own.group(0).split()[-1]} in {program.parent.name}/{program.name}"
    text = _source(program)
    scripts = program.parent.parent / "scripts"
    for script in sorted(scripts.rglob("*")) if scripts.is_dir() else []:
        if script.suffix in PROGRAM_SUFFIXES and script.name in text:
            hit = _NETWORK.search(_source(script))
            if hit is not None:
                return f"{hit.group(0).split()[-1]} in scripts/{script.name}, which it runs"
    return None


def harness_why(data: Path) -> str | None:
    """Why a data file that holds no cases is there: the authors' program that reads it."""
    program = harness_of(data)
    if program is None:
        return None
    why = (f"{HARNESSED}{data.parent.name}/{program.name} (the authors' harness), which "
           "skill-eval does not run: it takes no prompt — it is not a case set")
    reach = network_reach(program)
    return why + (f"; that program reaches the network ({reach})" if reach else "")


def harness_findings(unread: list[tuple[Path, str]]) -> list[Finding]:
    """One EV014 line a harnessed data file whose program reaches the network."""
    found: list[Finding] = []
    for data, why in unread:
        program = harness_of(data) if why.startswith(HARNESSED) else None
        reach = network_reach(program) if program is not None else None
        if program is None or reach is None:
            continue
        shown = f"{data.parent.name}/{data.name}"
        found.append(Finding(
            code="EV014", file=str(data), case=SET_LEVEL,
            message=f"{shown} is graded by {data.parent.name}/{program.name} (the authors' "
                    f"harness), which reaches the network ({reach}): the sandbox has none, so "
                    "it could not run there either, and skill-eval does not run it",
            fix="write cases (a prompt each) for what it checks, with what it fetches staged "
                "as fixtures; or keep running it yourself, outside skill-eval"))
    return found
