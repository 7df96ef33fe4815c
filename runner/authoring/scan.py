"""The static scan of a skill's files before a run (docs/security.md#the-static-scan): named
findings for network reach, process spawn, commands on load, hidden or obfuscated commands,
destructive commands, overrides, hidden characters and uploads. The same scan reads every
program the case set will run (judge programs, authors' grader programs under evals/:
`scan_programs`): they are the skill's code too, and their findings are reported like the
skill's own.

It reads the one pattern table the in-flight safety violations read (runner.scoring.safety
.PATTERNS), so a rule reported at rest and a rule reported in flight cannot drift. Only what an
arm receives is scanned (everything but evals/): the answer key never reaches a session.

In a container the findings are reported and the sandbox is the gate; with `--sandbox local`
(no isolation) a skill with findings is refused unless `--trust-target` (`gate_local`).
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from runner.authoring.hygiene import FILE_MAX_BYTES, files
from runner.authoring.programs import programs_of
from runner.errors import RefusedInput
from runner.schema.case import Case, Finding
from runner.schema.hygiene import Severity, SkillFinding
from runner.scoring.safety import PATTERNS, Kind, Pattern

EXCERPT = 120
NOT_STAGED = frozenset({"evals"})
FIX_SKILL = ("remove it, or run with a container sandbox (or --trust-target once the skill has "
             "been read)")
FIX_PROGRAM = ("it runs after each trial in its own network-less container (the default "
               "sandbox); on the host only with --trust-target, once the program has been read")


def _excerpt(line: str, start: int) -> str:
    begin = max(0, start - 30)
    text = line[begin:begin + EXCERPT].strip()
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)


def scan_text(text: str, file: str, patterns: tuple[Pattern, ...] = PATTERNS,
              fix: str = FIX_SKILL) -> list[SkillFinding]:
    """Every pattern a line of `text` matches (one finding per pattern and line)."""
    found: list[SkillFinding] = []
    name = PurePosixPath(file).name
    chosen = [p for p in patterns if not p.files or name in p.files]
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
        for pattern in chosen:
            match = pattern.regex.search(line)
            if match is None:
                continue
            shown = _excerpt(line, match.start())
            found.append(SkillFinding(
                code=pattern.id, severity=Severity.WARNING, check=str(pattern.kind), file=file,
                line=number, message=f"{pattern.what}: {shown}", fix=fix))
    return found


def _text_of(path: Path) -> str | None:
    """A file's text as a person reads it, or None (a symlink, too large, binary)."""
    if path.is_symlink() or not path.is_file() or path.stat().st_size > FILE_MAX_BYTES:
        return None
    data = path.read_bytes()
    if b"\0" in data[:4096]:
        return None
    return data.decode("utf-8", errors="replace")


def scan_programs(root: Path, cases: list[Case]) -> list[SkillFinding]:
    """The static findings of every program the cases will run (judge and grader programs)."""
    found: list[SkillFinding] = []
    for program in programs_of(cases):
        text = _text_of(root / program)
        if text is not None:
            found += scan_text(text, program, fix=FIX_PROGRAM)
    return found


def program_findings(root: Path, cases: list[Case]) -> list[Finding]:
    """`scan_programs` as the findings a run and `check` report beside the skill's own."""
    from runner.authoring.reading import as_finding

    return [as_finding(f, root) for f in scan_programs(root, cases)]


def scan_skill(root: Path) -> list[SkillFinding]:
    """The static findings of every staged text file of the skill, in file and line order."""
    root = root.resolve()
    found: list[SkillFinding] = []
    for path, rel in files(root):
        text = _text_of(path) if PurePosixPath(rel).parts[0] not in NOT_STAGED else None
        if text is not None:  # None: too large, or binary (nothing anyone reads as text)
            found += scan_text(text, rel)
    return found


def kinds(findings: list[SkillFinding]) -> list[str]:
    """The kinds found, in the table's order of kinds."""
    present = {f.check for f in findings}
    return [str(k) for k in Kind if str(k) in present]


def gate_local(findings: list[SkillFinding], backend: str, trust_target: bool,
               skill: Path) -> None:
    """With no isolation (`--sandbox local`) a skill whose files the scan flagged is refused
    (exit 2) unless the user vouches for it with --trust-target; containers are the gate
    otherwise, and the findings are only reported."""
    if backend != "local" or trust_target or not findings:
        return
    shown = "; ".join(f"{f.code} {f.where()}: {f.message}" for f in findings[:5])
    more = f" (and {len(findings) - 5} more)" if len(findings) > 5 else ""
    raise RefusedInput(
        f"{skill}: --sandbox local runs the skill with your permissions and no isolation, and "
        f"its files show {', '.join(kinds(findings))}: {shown}{more}; run it in a container "
        "sandbox (the default), or pass --trust-target if the skill is yours or has been read")
