"""What a set says it is, in its own notes: a trigger (routing, activation) test.

Authors say what a set measures beside its cases: a top-level `_comment`, `_note`,
`description`, `about`, `purpose` ("skill-creator trigger-detection seed scenarios", "this
file is the trigger smoke test only", "Tests that the skill activates for planning"), a
`type: trigger`, or a README in the set's own folder. When they call the set a test of
which skill fires, its `expected_skill` is the skill each query should reach (another
skill's name: this one should not fire), never the skill a case of a collection belongs to,
and the labels beside the route (`expected_mode: create`) are not behaviour to grade.

Only a note naming the set as such a test counts: a description that says what the skill
does ("this skill triggers deploys", "Validates that model routing keeps accuracy") does not.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from runner.authoring.attribution import EXPLICIT
from runner.authoring.fields import snake_case, words
from runner.authoring.problems import SET_LEVEL
from runner.authoring.project_walk import Walk
from runner.authoring.repository_root import reads_as_repository
from runner.authoring.routing import route_field
from runner.schema.case import Finding

# The fields that name a case's skill in a collection's set and a route in a trigger test
# (`expected_skill`): in a set its notes call a trigger test, the route.
ROUTED_NAMES = frozenset(k for k in EXPLICIT if route_field(k))

# Top-level fields whose text is the authors' note on the set (`_comment`, `$comment`).
_NOTE_WORDS = frozenset({"comment", "comments", "note", "notes", "description", "about",
                         "purpose", "summary", "title", "overview", "disclaimer"})
# Fields naming the set's kind in one word (`type: trigger`, `eval_type: routing`).
_KIND_WORDS = frozenset({"type", "kind", "category", "suite"})
_KIND = re.compile(r"^\s*(?:trigger(?:s|ing)?|routing|activation)(?:[\s_-]*(?:tests?|evals?))?"
                   r"\s*$", re.IGNORECASE)
# What fires, as a noun, and a word that makes it a test of firing.
_FIRING = (r"(?:trigger(?:s|ing)?|activation|routing|invocation|skill[\s-]+(?:selection|"
           r"routing|choice|dispatch))")
_TEST = (r"(?:tests?|testing|evals?|evaluations?|suite|set|scenarios?|quer(?:y|ies)|cases?|"
         r"checks?|probes?|detection|accuracy|benchmarks?|dataset|prompts|corpus|corpora)")
# "trigger-detection seed scenarios", "Routing eval cases", "the hub-level trigger smoke test"
# ("activation and behavior checks", "trigger and workflow evals": a set of both, whose
# routes are still routes)
# (never a file's name: `routing-evals.yml`, references/trigger-eval-guide.md are other files)
_NAMED = re.compile(rf"(?<![/\w.-]){_FIRING}[\s-]+(?:(?:and|&|/)\s*)?(?:(?!and\b|or\b|vs\b)"
                    rf"[a-z]+[\s-]+)?{_TEST}\b(?![\w-]*\.\w)(?![-_/]\w)", re.IGNORECASE)
# "Tests that brainstorming activates before design work", "checks whether the skill fires
# on ...": the verb followed by the request it fires on, never by an object it acts on
# ("tests that the skill triggers deploys" is about the skill's work)
_VERB = (r"(?:trigger(?:s|ed)?|activat(?:es|ed|e)|fires?|fired|loads?|loaded|"
         r"(?:is\s+|gets\s+)?(?:selected|chosen|picked|invoked|routed))")
_AFTER = (r"(?=\s*(?:$|[.,;:)!?]|(?:on|for|when|before|in|given|only|and|or|if|at|"
          r"correctly|reliably|appropriately|properly)\b))")
_CHECKED = re.compile(
    rf"\b(?:test(?:s|ing)?|check(?:s|ing)?|verif(?:y|ies)|measures?|validates?)\s+"
    rf"(?:whether|if|that|when)\s+(?:the\s+|this\s+)?[\w-]+(?:\s+skill)?\s+"
    rf"(?:(?:should|does|will|would|is|gets)\s+)?(?:not\s+)?{_VERB}{_AFTER}",
    re.IGNORECASE)
# "which skill is chosen", "which skill should fire"
_WHICH = re.compile(r"\bwhich\s+skill\s+(?:is\s+|gets\s+|should\s+(?:be\s+)?|to\s+|will\s+)?"
                    r"(?:chosen|selected|picked|used|invoked|triggered|loaded|fires?|wins?|"
                    r"routed)\b", re.IGNORECASE)
# Chinese and Japanese: 触发测试, トリガーテスト, 路由评估
_CJK = re.compile(r"(?:触发|觸發|トリガー|路由|ルーティング)(?:检测|檢測|测试|測試|评估|評估|"
                  r"テスト|評価|用例)")
_DATA = re.compile(r"[\w.-]+\.(?:json|jsonl|ya?ml|csv)\b", re.IGNORECASE)
_README = ("README.md", "readme.md", "Readme.md", "README.txt", "README")
_README_CHARS = 8000


def says_trigger(text: str) -> bool:
    """Whether a note calls its set a test of which skill fires."""
    flat = " ".join(text.split())
    return any(p.search(flat) for p in (_NAMED, _CHECKED, _WHICH, _CJK))


# A note names its own set in its first sentence, or as "this file/set ...": a later
# sentence may speak of another set ("... also has a routing set covering ...").
_SENTENCE = re.compile(r"(?<=[.!?。])\s+")
_THIS = re.compile(r"\bthis\s+(?:file|set|suite|dataset|corpus)\b", re.IGNORECASE)


def _own_note(text: str) -> bool:
    sentences = _SENTENCE.split(" ".join(text.split()))
    return says_trigger(sentences[0]) or any(_THIS.search(s) and says_trigger(s)
                                             for s in sentences[1:])


def _note_fields(about: dict[str, Any]) -> list[tuple[str, str]]:
    """Fields named only as a note (`_comment`, `description`), never one holding another
    text (`original_description`: the skill's own description copied into a report)."""
    return [(k, v) for k, v in about.items() if isinstance(v, str) and words(k)
            and words(k) <= _NOTE_WORDS | _KIND_WORDS | {"eval", "evals", "set"}]


def _readme_note(set_file: Path, skill_dir: Path) -> str | None:
    """A line of the README in the set's own folder that calls the set a trigger test: one
    naming the set's file, or its first line (the title, or the first sentence) when it
    names no data file and the folder holds no other one (a README speaking of
    `trigger.json` beside `evals.json` is about that file)."""
    folder = set_file if set_file.is_dir() else set_file.parent
    if folder.resolve() == skill_dir.resolve():
        return None  # the skill's own README tells what the skill does, not the set
    readme = next((folder / n for n in _README if (folder / n).is_file()), None)
    if readme is None:
        return None
    others = [p for p in folder.iterdir() if p.is_file() and p != set_file
              and _DATA.fullmatch(p.name)]
    text = readme.read_text(encoding="utf-8", errors="replace")[:_README_CHARS]
    lines = [" ".join(p.split()) for p in text.splitlines() if p.strip()]  # a table row too
    for n, line in enumerate(lines):
        if not says_trigger(line):
            continue
        named = {m.group(0) for m in _DATA.finditer(line)}
        if set_file.name in named or n == 0 and not named and not others:
            return line
    return None


# A path in a line, possibly a pattern standing for every skill's set
# (`skills/<name>/evals/evals.json`, `skills/*/evals/evals.json`, `{skill}`).
_PATH_IN_LINE = re.compile(r"(?<![\w/.<>{}*-])((?:[\w.<>{}*-]+/)+[\w.<>{}*-]+"
                           r"\.(?:json|jsonl|ya?ml|csv))(?![\w/-])")
_PLACEHOLDER = re.compile(r"<[^<>/]+>|\{[^{}/]+\}|\*+")
_REPO_LEVELS = 4  # folders above the skill's own searched for the repository's README
# A line calling the sets tests of firing *and* of the work ("trigger and behaviour evals"):
# their expected outputs stay behaviour, so it makes no corpus
_AND_WORK = re.compile(r"(?i)\b(?:and|&|/|plus)\s*(?:behaviou?r|workflow|output|quality|task|"
                       r"execution|functional)")


def _names_path(pattern: str, path: str) -> bool:
    """Whether a path pattern of a README (`skills/<name>/evals/evals.json`) is `path`: each
    placeholder (`<name>`, `{skill}`, `*`) one folder or name, the rest as written."""
    parts = _PLACEHOLDER.split(pattern)
    regex = "[^/]+".join(re.escape(p) for p in parts)
    return re.fullmatch(regex, path) is not None


# The repository's other Markdown docs (`docs/operator/evals.md`, another skill's SKILL.md
# documenting the runner) are read too, within bounds: a folder holding one of these is the
# repository's root (runner.authoring.repository_root), never a folder of many repositories
# above it.
_DOCS_MAX = 300  # Markdown files read per repository
_DOC_DEPTH = 5  # folder levels read, the repository's root the first
# "the runner judges skill selection", "grades routing accuracy", "predicts routing for each
# prompt": a doc saying what the runner measures on the sets it names
_JUDGES = re.compile(r"(?i)\b(?:judg|grad|scor|measur|predict|evaluat)\w*\s+(?:only\s+)?"
                     r"(?:the\s+)?(?:skill[\s-]+(?:selection|routing|choice)|routing\b|"
                     r"which\s+skill)")


def _calls_corpus(line: str) -> bool:
    return (says_trigger(line) or _JUDGES.search(line) is not None) \
        and not _AND_WORK.search(line)


def _docs(root: Path) -> list[Path]:
    """The repository's Markdown docs, shallow before deep (a depth's in the one walk's
    order), bounded: the one walk and its skip list (runner.authoring.project_walk), never a
    hidden folder or file."""
    walk = Walk(root, lambda here, name: "hidden folders" if name.startswith(".") else None,
                depth=_DOC_DEPTH - 1)
    found = [p for p in walk.files()
             if not p.name.startswith(".") and p.suffix.lower() in (".md", ".markdown")]
    found.sort(key=lambda p: len(p.relative_to(root).parts))  # stable: the walk's order within
    return found[:_DOCS_MAX]


def _repository_root(skill_dir: Path) -> Path | None:
    folder = skill_dir.resolve().parent
    for _ in range(_REPO_LEVELS):
        if reads_as_repository(folder):
            return folder
        if folder.parent == folder:
            break
        folder = folder.parent
    return None


def _corpus_line(doc: Path, rel: str) -> str | None:
    text = doc.read_text(encoding="utf-8", errors="replace")[:_README_CHARS * 4]
    for line in (" ".join(p.split()) for p in text.splitlines() if p.strip()):
        if _calls_corpus(line) and any(_names_path(m.group(1), rel)
                                       for m in _PATH_IN_LINE.finditer(line)):
            return line
    return None


def repository_note(set_file: Path, skill_dir: Path) -> tuple[str, str] | None:
    """A line of the repository's README (in a folder above the skill's), or of any other
    Markdown doc of the repository (`docs/operator/evals.md`), that calls the skills' sets a
    trigger test ("Per-skill routing corpora in `skills/<name>/evals/evals.json`") or says
    the runner judges skill selection on them, and names them by a path this set's file is:
    the authors' word for what every set of that path measures, as (the doc, relative to
    the folder its paths are read from; the line). A line naming no path that this set is
    says nothing of it, nor does one of tests of firing *and* of work."""
    if set_file.is_dir():
        return None
    folder = skill_dir.resolve().parent
    target = set_file.resolve()
    for _ in range(_REPO_LEVELS):
        readme = next((folder / n for n in _README if (folder / n).is_file()), None)
        if readme is not None and target.is_relative_to(folder):
            line = _corpus_line(readme, target.relative_to(folder).as_posix())
            if line is not None:
                return "README", line
        if folder.parent == folder:
            break
        folder = folder.parent
    root = _repository_root(skill_dir)
    if root is None or not target.is_relative_to(root):
        return None
    rel = target.relative_to(root).as_posix()
    for doc in _docs(root):
        if doc.name in _README or doc.resolve().is_relative_to(skill_dir.resolve()):
            continue  # READMEs read above; the skill's own docs tell what the skill does
        line = _corpus_line(doc, rel)
        if line is not None:
            return doc.relative_to(root).as_posix(), line
    return None


def trigger_note(about: dict[str, Any], set_file: Path, skill_dir: Path) -> str | None:
    """Where the set's own notes call it a trigger test, quoted (`_comment: "..."`), or
    None. `about`: the set's descriptive top-level fields."""
    for key, text in _note_fields(about):
        if words(key) & _KIND_WORDS and not words(key) & _NOTE_WORDS:
            if _KIND.match(text):
                return f"`{key}: {text.strip()}`"
            continue
        if _own_note(text):
            return f"`{key}`: {_clip(text)!r}"
    line = _readme_note(set_file, skill_dir)
    return None if line is None else f"README beside the set: {_clip(line)!r}"


def _clip(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= 120 else flat[:117] + "..."


NOTES_LINE = "the set's own notes call it a trigger test"
# A set read as a routing corpus by a doc of the repository or by its own wording
CORPUS_LINE = "read as a routing corpus"
BY_WORDING = "every expectation is a routing statement"


def notes_line(noted: str) -> str:
    head = CORPUS_LINE if noted == BY_WORDING or noted.startswith("the repository's ") \
        else NOTES_LINE
    return (f"{head} ({noted}): a case's `expected_skill` (or a bare `expected` "
            "naming a skill) is the skill its prompt should fire (another skill's name, held "
            "by the repository or not: this one should not), offered as a trigger query, "
            "never which skill a case belongs to; labels beside it (`expected_mode`) are not "
            "graded")


def routes_named(items: list[Any]) -> bool:
    """Whether some case carries a route a collection's set would read as its owner."""
    return any(isinstance(i, dict) and {snake_case(str(k), hyphens=False)
                                        for k in i} & ROUTED_NAMES for i in items)


def route_label_lines(labels: dict[str, list[str]], shown: str) -> list[Finding]:
    """One EV012 line per label field a trigger test's routes carried (`expected_mode` in 4
    cases), for a set read as the skill's trigger set, whose per-case lines are not shown."""
    return [Finding(code="EV012", file=shown, case=SET_LEVEL,
                    message=f"`{key}` in {len(ids)} trigger query(ies) ({', '.join(ids[:6])}"
                            f"{', ...' if len(ids) > 6 else ''}): a label of the route, not "
                            "graded (a trigger query measures only whether the skill fires)",
                    fix=f"none needed (or write what `{key}` expects of the work as a "
                        "statement in a runtime case)")
            for key, ids in labels.items()]
