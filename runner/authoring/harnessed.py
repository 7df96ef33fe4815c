"""A data file of a set folder that the authors' own program reads (issue 26): a gold list of
real and fake items that `evals/run_gold.py` pipes through the skill's scripts. It takes no
prompt, so it is no case set and skill-eval does not run it; `check` names the file and its
program rather than "holds no cases", and says when that program reaches the network (EV014):
the sandbox has none, so it could not run there either.

So is a set whose own notes (`_meta.instructions`, a top-level `instructions` / `notes`, the
set folder's README) say its cases are the arguments of a program of the skill: "Run: python
action.py --task <task> --text '<text>' and verify output contains expected_contains", each
case `{task, input_text, expected_contains}` with no prompt. It is a test of that program, not
of the agent: the program's output is the same whatever the agent does (and the baseline arm
has no skill), so every case would tie (EV008). Sent as prompts built from the fields, the
agent would be graded on what only the program prints; the set is refused naming the program
and the note, never read so in silence."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, NamedTuple

from runner.authoring.problems import SET_LEVEL
from runner.schema.case import Finding

PROGRAM_SUFFIXES = (".py", ".sh", ".bash", ".js", ".mjs", ".ts")
_SOURCE_MAX = 512 * 1024
# What reaches the network in a program's source: an HTTP library, a URL, a fetcher.
_NETWORK = re.compile(r"\b(?:import\s+requests|from\s+requests\b|requests\.(?:get|post|"
                      r"Session)|urllib|http\.client|httpx|aiohttp|curl|wget)\b|https?://"
                      r"|\bfetch\(")
HARNESSED = "graded by "  # how survey's reason opens for such a file


def program_source(path: Path) -> str:
    if not path.is_file() or path.is_symlink() or path.stat().st_size > _SOURCE_MAX:
        return ""
    return path.read_text(encoding="utf-8", errors="replace")


def harness_of(data: Path) -> Path | None:
    """The program beside the data file that names it (`run_gold.py` reading
    `gold-citations.json`), or None."""
    programs = sorted(p for p in data.parent.iterdir() if p.suffix in PROGRAM_SUFFIXES)
    return next((p for p in programs if data.name in program_source(p)), None)


def network_reach(program: Path) -> str | None:
    """What of the program reaches the network: its own source, or a script of the skill it
    runs (named in its source), as 'urllib in scripts/verify.py'."""
    own = _NETWORK.search(program_source(program))
    if own is not None:
        return f"{own.group(0).split()[-1]} in {program.parent.name}/{program.name}"
    text = program_source(program)
    scripts = program.parent.parent / "scripts"
    for script in sorted(scripts.rglob("*")) if scripts.is_dir() else []:
        if script.suffix in PROGRAM_SUFFIXES and script.name in text:
            hit = _NETWORK.search(program_source(script))
            if hit is not None:
                return f"{hit.group(0).split()[-1]} in scripts/{script.name}, which it runs"
    return None


# A field of an item naming the input it is run on (`"fixture": "fixtures/x.md"`).
_INPUT_KEYS = ("fixture", "fixtures", "input", "input_file", "file", "source")
_PROMPT_KEYS = frozenset({"prompt", "query", "request", "input_prompt", "message", "task"})
_EXPECT_KEY = re.compile(r"^(?:expected\w*|min|max|rubric|expect\w*|threshold)$")


def keyed_to_inputs(data: Path) -> str | None:
    """What a file of expectations keyed to input files holds (`{"fixture": "fixtures/x.md",
    "expected_verdict": ..., "min": 7.5}`, no prompt): the request that runs the skill on each
    input is not written, so no reader can grade it as a case; said with its counts."""
    try:
        raw = json.loads(data.read_text(encoding="utf-8")) if data.suffix == ".json" else None
    except (OSError, ValueError):
        return None
    items = raw if isinstance(raw, list) else next(
        (v for v in raw.values() if isinstance(v, list)), []) if isinstance(raw, dict) else []
    # every item names its input (a few may name them all: `"fixture": "all"`), most a file
    keyed = [i for i in items if isinstance(i, dict) and not _PROMPT_KEYS & i.keys()
             and any(isinstance(i.get(k), str) for k in _INPUT_KEYS)]
    inputs = list(dict.fromkeys(i[k] for i in keyed for k in _INPUT_KEYS
                                if isinstance(i.get(k), str) and _file(data.parent, i[k])))
    on_files = [i for i in keyed if any(isinstance(i.get(k), str) and _file(data.parent, i[k])
                                        for k in _INPUT_KEYS)]
    if not keyed or len(keyed) < len(items) or 2 * len(on_files) < len(items):
        return None
    expects = sorted({k for i in keyed for k in i if _EXPECT_KEY.match(k)})
    return (f"{len(keyed)} expectation(s) ({', '.join(expects[:5]) or 'no expected field'}) "
            f"keyed to {len(inputs)} input file(s) ({', '.join(inputs[:3])}), with no prompt: "
            "the request that runs the skill on each input is the authors' to write; fix: "
            "write a case per input with that prompt, the input under `files` and these "
            "expectations as its checks")


def _file(folder: Path, name: str) -> bool:
    try:
        return (folder / name).is_file()
    except (OSError, ValueError):
        return False


def harness_why(data: Path) -> str | None:
    """Why a data file that holds no cases is there: expectations keyed to input files (what
    they lack), else the authors' program that reads it."""
    program = harness_of(data)
    keyed = keyed_to_inputs(data)
    if program is None and keyed is None:
        return None
    if keyed is not None:
        reach = None if program is None else network_reach(program)
        return keyed + (f"; {data.parent.name}/{program.name}, which names it, reaches the "
                        f"network ({reach})" if program is not None and reach else "")
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


# A set whose own instructions say its cases are the arguments of a program of the skill
# ("Run: python action.py --task <task> --text '<text>' and verify output contains
# expected_contains"): the same concept as a data file a program reads. Its cases take no
# prompt: each is a command line of that program, whose output the checks read.
_NOTE_KEYS = ("instructions", "instruction", "usage", "how_to_run", "run", "note", "notes",
              "_note", "_comment", "description", "harness_note")
_META_KEYS = ("_meta", "meta", "metadata", "_metadata", "harness")
_COMMAND = re.compile(r"(?:\b(?:python3?|bash|sh|node|perl|ruby|uv\s+run|deno\s+run)\s+|\./)"
                      r"(?P<program>[\w./-]+\.(?:py|sh|bash|js|mjs|ts|pl|rb))\b"
                      r"(?P<args>[^\n]*)")
# A blank of the command line: <task>, {task}, {{task}}, $TASK, ${task}.
_BLANK = re.compile(r"<(\w+)>|\{\{?\s*(\w+)\s*\}?\}|\$\{?([A-Za-z_]\w*)\}?")
_PROMPTS = ("prompt", "query", "request", "message", "user_prompt", "question", "messages",
            "turns", "conversation")


class ProgramTest(NamedTuple):
    """A set that tests a program of the skill: the program, the line saying so and where."""

    program: str
    line: str
    where: str


def _notes(raw: dict[str, Any], folder: Path) -> list[tuple[str, str]]:
    """The set's own notes, each with where it stands: its top-level note fields, those of a
    metadata mapping (`_meta.instructions`), the set folder's README."""
    found = [(k, raw[k]) for k in _NOTE_KEYS if isinstance(raw.get(k), str)]
    for meta in _META_KEYS:
        if isinstance(raw.get(meta), dict):
            found += [(f"{meta}.{k}", raw[meta][k]) for k in _NOTE_KEYS
                      if isinstance(raw[meta].get(k), str)]
    for name in ("README.md", "README", "readme.md"):
        text = program_source(folder / name)
        if text:
            found.append((f"{folder.name}/{name}", text))
    return found


def _names_field(blank: str, fields: set[str]) -> bool:
    """A blank names a case field: the same word, or one of its words (`<text>` ->
    `input_text`)."""
    blank = blank.lower()
    return any(f == blank or blank in f.split("_") for f in fields)


def program_test(raw: dict[str, Any], items: list[Any], skill_dir: Path,
                 folder: Path) -> ProgramTest | None:
    """The skill's program a set's own notes say its cases are the arguments of, or None:
    a command line starting a program that is a file of the skill, whose blanks name fields
    every case carries, and no case with a prompt of its own."""
    cases = [i for i in items if isinstance(i, dict)]
    if not cases or len(cases) < len(items) or any(k in c for c in cases for k in _PROMPTS):
        return None
    for where, text in _notes(raw, folder):
        for match in _COMMAND.finditer(text):
            name = match.group("program")
            candidates = [skill_dir / name, folder / name, skill_dir / "scripts" / name]
            if not any(_file(p.parent, p.name) for p in candidates if ".." not in name):
                continue
            blanks = [next(g for g in b.groups() if g) for b in _BLANK.finditer(
                match.group("args"))]
            if blanks and all(any(_names_field(b, {str(k).lower() for k in c})
                                  for b in blanks) for c in cases):
                line = " ".join(match.group(0).split())
                return ProgramTest(name, line[:120], where)
    return None


def program_test_refusal(tested: ProgramTest, cases: int) -> str:
    """Why such a set is refused, with the fix."""
    return (f"EV008: its {cases} case(s) are the arguments of the skill's program "
            f"{tested.program}, as the set's `{tested.where}` says ({tested.line!r}): a test "
            "of that program, not of the agent, which skill-eval does not run: the program's "
            "output does not depend on the agent (and the baseline arm, without the skill, has no "
            "program to run), so "
            "every case would tie in every arm; keep running it yourself (or as the skill's "
            "own unit tests), and to measure the agent with and without the skill, write "
            "cases with a prompt asking for what the program does and checks on the agent's "
            "work")
