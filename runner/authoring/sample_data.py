"""Sample input a skill ships (issue 26, rule 5): a file SKILL.md presents as data to run the
skill on is an input, not the skill. "`assets/sample-transcript.txt` is a synthetic discovery
call: run the skill against it first" names a transcript the skill reads; staging it gives
the baseline arm the call to work on, not the skill's instructions, so a case may stage it.

Read from the sentence's grammar, never from the file's name: the sentence has the path (or
paths) as its subject and says what it is, sample/synthetic/example data of some kind (a call,
an export, a dataset), or to run the skill on it; or the path is an item of a list under a
heading that presents the list as sample input ("## Sample fixtures", "## Test inputs"). A
path named anywhere else in a sentence (`see references/rubric.md`), or presented as a sample
*output* (an example report, the answer), stays the skill's.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

# The sentence presents the file as made-up input: "a synthetic pipeline export", "sample
# data", "an example transcript". What it presents it as must be input-like, never an output.
_SAMPLE_INPUT = re.compile(
    r"(?i)\b(?:synthetic|sample|example|demo|dummy|fake|mock|test)\s+(?:[\w/-]+\s+){0,5}?"
    r"(?:data(?:set)?|inputs?|calls?|transcripts?|exports?|csv|logs?|records?|rows|"
    r"conversations?|emails?|tickets?|documents?|files?)\b")
# ... or tells the reader to run the skill on it ("run the skill against it first", "Run
# against either, or both").
_RUN_ON_IT = re.compile(
    r"(?i)\b(?:run|try|test)\s+(?:the\s+skill\s+|this\s+skill\s+|it\s+)?(?:against|on)\s+"
    r"(?:it|them|this|either|both|these)\b")
# What the sentence presents must not be what the run is to produce.
_OUTPUT_WORD = re.compile(r"(?i)\b(?:sample|example|expected)\s+(?:outputs?|reports?|results?|"
                          r"answers?|responses?)\b")


_PATH = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)+[\w.-]+)")
_P = r"`?(?:[\w.-]+/)+[\w.-]+`?"
# The sentence's subject is the path or paths alone, then what they are: "`a.csv` is a ...",
# "`a.txt` and `b.txt` are two ...", "`a.txt` — a short synthetic call".
_SUBJECT = re.compile(
    rf"^[\s*>-]*({_P}(?:\s*(?:,|,?\s+and)\s+{_P})*)\s*(?:\b(?:is|are)\b|[—:]|--?\s)(.*)$",
    re.S)


# A heading that presents the list under it as sample input: "## Sample fixtures", "## Test
# inputs", "## Sample artifacts (eval fixtures)" (never "## Example output").
_INPUT_HEADING = re.compile(
    r"(?i)\bfixtures?\b|\b(?:sample|test|example|demo|synthetic)\s+"
    r"(?:inputs?|data(?:sets?)?|artifacts?|documents?|files?)\b")
_HEADING = re.compile(
    r"(?i)^#{1,6}\s+(?:[\w-]+\s+){0,2}?(?:(?:sample|test|example|demo|synthetic)\s+"
    r"(?:fixtures?|inputs?|data(?:sets?)?)|fixtures?)\s*$")
_HEADING = re.compile(r"^#{1,6}\s")


def _listed_under_heading(body: str) -> set[str]:
    """The paths of the list items under a heading that presents them as sample input."""
    found: set[str] = set()
    under = False
    for line in body.splitlines():
        if _HEADING.match(line):
            under = _INPUT_HEADING.search(line) is not None \
                and _OUTPUT_WORD.search(line) is None
        elif under and re.match(r"^\s*(?:[-*+]|\d+[.)])\s", line):
            found.update(p.strip("./") for p in _PATH.findall(line))
    return found


# A positional argument of a command line SKILL.md shows ("uv run chipdiagram build
# assets/examples/pic.yaml --out ..."): a line opening with a runner or a script, then words,
# then the name: a file the program is run on, the user's or the skill's example of one
# (prose, "The python package reads settings.toml", opens with no runner).
_ARGUMENT_OF = re.compile(r"^\s*(?:[-*]\s+)?(?:[$>]\s*)?`?(?:uv\s+run|uvx|pipx\s+run|python3?|node|"
                          r"npx|bunx|deno\s+run|bash|sh|ruby|go\s+run|cargo\s+run|[\w./-]+\.(?:py|"
                          r"sh|js|mjs|ts|rb))\s+(?:[^\s`|;&]+\s+){0,12}[`'\"]?$")
# What a runner runs, or the skill's instructions: never the data a program is run on.
_PROGRAM_OR_TEXT = frozenset({".py", ".sh", ".bash", ".js", ".mjs", ".cjs", ".ts", ".rb", ".go",
                              ".rs", ".pl", ".ps1", ".md"})


def command_argument(text: str, at: int) -> bool:
    """Whether the name at `at` is a positional argument of a command line (_ARGUMENT_OF)."""
    return _ARGUMENT_OF.search(text[text.rfind("\n", 0, at) + 1:at]) is not None


# A path that says it holds an example: a folder or a name of examples, samples, fixtures,
# tests or demos (`assets/examples/pic.yaml`, `data/sample.csv`); a template, a schema, a
# rules file the program is run with is the skill's own.
_EXAMPLE_PART = re.compile(r"(?i)(?:^|[/_.-])(?:examples?|samples?|fixtures?|tests?|demos?)"
                           r"(?:$|[/_.-])")
# A flag right before the path naming what the program runs with or writes (`--schema
# refs/s.json`, `--out x`): never what the run is on (`--input`, `-i`, `--file` are).
_FLAG_VALUE = re.compile(r"(?<!\S)--?(?:schema|template|config|conf|out|output|o|rules?|style|"
                         r"settings|profile|theme|format)(?:=|\s+)[`'\"]?$", re.IGNORECASE)


def _an_example(path: str) -> bool:
    return _EXAMPLE_PART.search(path) is not None \
        and PurePosixPath(path).suffix.lower() not in _PROGRAM_OR_TEXT


def _run_on(body: str) -> set[str]:
    """The data files SKILL.md names only as what its command lines run on (every mention an
    argument, `chipdiagram validate assets/examples/pic.yaml`): example input, which a case
    listing it stages for both arms like any input, never the skill's instructions."""
    found: set[str] = set()
    for path in {m.group(1) for m in _PATH.finditer(body)}:
        if not _an_example(path) or not PurePosixPath(path).suffix:
            continue
        at = [m.start() for m in re.finditer(rf"(?<![\w/.-]){re.escape(path)}(?![\w-])", body)]
        if at and all(command_argument(body, a)
                      and not _FLAG_VALUE.search(body[max(0, a - 40):a]) for a in at):
            found.add(path.strip("./"))
    return found


# A line labelling a path as the input's shape or example ("Input shape: `examples/c.json`",
# "**Example input:** `data/sample.csv`"): the data the skill is run on, as a sample.
_INPUT_LABEL = re.compile(r"(?im)^[ \t>*-]*(?:\*\*)?(?P<said>(?:example|sample)\s+)?inputs?"
                          r"(?:\s+(?:shape|example|sample|file|data))?(?:\*\*)?\s*[:：]"
                          r"(?:\*\*)?\s*`?(?P<path>(?:[\w.-]+/)+[\w.-]+)`?")


def sample_inputs(body: str) -> set[str]:
    """The paths (as written, without `./`) that SKILL.md's body presents as sample input:
    the subject of a sentence saying so, or an item of a list under a heading that does
    ("## Sample fixtures")."""
    found: set[str] = _listed_under_heading(body) | _run_on(body) | {
        # (a label saying "example input" says it of any path; a bare "Input:" needs the path's)
        m.group("path").strip("./") for m in _INPUT_LABEL.finditer(body)
        if (_an_example(m.group("path")) if m.group("said") is None
            else PurePosixPath(m.group("path")).suffix.lower() not in _PROGRAM_OR_TEXT)}
    # a sentence ends at a full stop before a space (not a path's or a number's dot)
    for sentence in re.split(r"(?<=[.!?])\s+|\n\s*\n", body):
        said = _SUBJECT.match(sentence.strip())
        if said is None:
            continue
        words = _PATH.sub(" ", said.group(2))  # the wording, never a file's own name
        if _OUTPUT_WORD.search(words):
            continue
        if _SAMPLE_INPUT.search(words) or _RUN_ON_IT.search(words):
            found.update(p.strip("./") for p in _PATH.findall(said.group(1)))
    return found
