"""What a grader model is shown of one trial, and how its quotes are verified against it.

The material is split into labelled sources: the agent's account of its work (its final
text), each tool call with its result, and each text file the agent created or changed, each
capped. A grader names the source of each quote, and the quote is verified in that source:
claims are not evidence, so a statement about a file the agent wrote passes only on a quote
from that file, or from the result of a tool call that reads it, never on the agent's
description of it. The material is the agent's work, so it is untrusted: it travels inside a
block delimited by a random nonce the agent never saw (it cannot close the block early), the
grader is told it is data, and the skill's name is redacted so the grader is blind to the arm.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath

from runner.schema.trial import MaterialSource
from runner.scoring.asked import asked_files
from runner.scoring.base import Evidence

FINAL_CAP = 12_000
CALLS_CAP = 24_000
FILE_CAP = 8_000
FILES_CAP = 40_000
REDACTED = "[skill]"
MIN_QUOTE = 8  # a shorter "quote" (one word) would occur almost anywhere


ACCOUNT = "final text"


Source = MaterialSource


@dataclass(frozen=True)
class Material:
    text: str
    nonce: str
    sources: tuple[Source, ...] = ()

    @property
    def open_tag(self) -> str:
        return f"<material-{self.nonce}>"

    @property
    def close_tag(self) -> str:
        return f"</material-{self.nonce}>"

    def block(self) -> str:
        return f"{self.open_tag}\n{self.text}\n{self.close_tag}"


def _cap(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f"\n…[{len(text) - limit} more chars]"


def _redact(text: str, name: str) -> str:
    if not name:
        return text
    return re.sub(rf"(?<![\w-])(?:[\w-]+:)?{re.escape(name)}(?![\w-])", REDACTED, text,
                  flags=re.IGNORECASE)


def _header(source: Source) -> str:
    about = {"account": "the agent's own account of its work",
             "call": "a tool call and its result", "file": "a file the agent wrote",
             "listing": "what the runner found in the working directory after the run"}
    return f"=== source: {source.name} ({about[source.kind]}) ==="


def build_material(evidence: Evidence, skill_name: str) -> Material:
    final = _redact(_cap(evidence.assistant_text, FINAL_CAP), skill_name)
    sources = [Source(name=ACCOUNT, text=final or "(none)")]
    spent = 0
    for n, call in enumerate(evidence.calls, 1):
        if call.name == "Skill":
            continue  # which skill loaded is exactly what the grader must not see
        if spent >= CALLS_CAP:
            break
        marker = " (error)" if call.is_error else ""
        text = _cap(f"{call.name} {call.input}\n-> result{marker}: {call.result}",
                    CALLS_CAP - spent)
        spent += len(text)
        sources.append(Source(name=_redact(f"call {n} {call.name}", skill_name),
                              text=_redact(text, skill_name), call_input=call.input,
                              call_result=_redact(call.result, skill_name)))
    spent = 0
    for rel, data in sorted(evidence.written().items()):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = f"(binary, {len(data)} bytes)"
        if spent >= FILES_CAP:
            break
        text = _cap(text, min(FILE_CAP, FILES_CAP - spent))
        spent += len(text)
        sources.append(Source(name=_redact(f"file {rel}", skill_name),
                              text=_redact(text, skill_name), file=rel))
    listing = _listing(evidence)
    if listing:
        sources.append(Source(name=LISTING, text=_redact(listing, skill_name)))
    rendered = "\n\n".join(f"{_header(s)}\n{s.text}" for s in sources)
    return Material(rendered, secrets.token_hex(8), tuple(sources))


LISTING = "working directory"
LISTED = 200


def _listing(evidence: Evidence) -> str:
    """The runner's own record of the working directory: files created, changed, deleted and
    left as staged (so "no input was modified" can be judged on facts, not on claims)."""
    written = evidence.written()
    groups = {"created": sorted(r for r in written if r not in evidence.staged),
              "changed": sorted(r for r in written if r in evidence.staged),
              "deleted": sorted(r for r in evidence.staged if r not in evidence.outputs),
              "left as staged": sorted(r for r in evidence.staged
                                       if r in evidence.outputs and r not in written)}
    lines = [f"{what}: {', '.join(files[:LISTED])}"
             + (f" (+{len(files) - LISTED} more)" if len(files) > LISTED else "")
             for what, files in groups.items() if files]
    return "\n".join(lines)


def normalize(text: str) -> str:
    return " ".join(text.split()).casefold()


# Lines of the agent's work that speak to whoever grades it: a quote from one of them is not
# evidence of anything the task asked for, only of an attempt to steer the grade.
ADDRESSES_GRADER = re.compile(
    r"\b(grader|grading|evaluator|ignore (all |any |the )?(previous|prior|above|earlier) "
    r"(instructions|rules)|mark (every|all|each)\b|(every|all|each) (of the )?(statements?|"
    r"assertions?|checks?|criteria|expectations?) (pass|passed|passes|are met|hold|holds|is "
    r"met|are satisfied))", re.IGNORECASE)


def verify_quote(quote: str, material: Material) -> str | None:
    """None when `quote` occurs in the material (whitespace and case aside) and is not drawn
    from a line that addresses the grader; else why it does not count."""
    wanted = normalize(quote.strip().strip('"“”\''))
    if len(wanted) < MIN_QUOTE:
        return f"quoted evidence {quote!r} is too short to show anything"
    if wanted not in normalize(material.text):
        return f"quoted evidence {quote[:160]!r} does not occur in the trial's material"
    for line in material.text.splitlines():
        if ADDRESSES_GRADER.search(line):
            tainted = normalize(line)
            if wanted in tainted or tainted in wanted:
                return (f"quoted evidence {quote[:160]!r} comes from text addressed to the "
                        "grader, not from the work")
    return None


def _source_key(name: str) -> str:
    key = normalize(re.sub(r"[\[\]`'\":=()]", " ", name))
    key = re.sub(r"^(?:source )?(?:the )?", "", key)
    return re.sub(r"^(?:agent's )?(?:final text|final answer|account)\b.*", "final text", key)


def find_source(name: str, material: Material) -> Source | None:
    """The source a grader named: its header's name, forgiving case, quotes and a leading
    "source:"/"the"; or a written file's path alone."""
    wanted = _source_key(name)
    for source in material.sources:
        if wanted in (_source_key(source.name), normalize(source.file or "\0"),
                      _source_key(f"file {source.file}") if source.file else "\0"):
            return source
    return None


def files_named(statement: str, material: Material) -> list[str]:
    """The files the agent wrote that a statement names (its path or its file name)."""
    named: list[str] = []
    for source in material.sources:
        if source.file is None:
            continue
        for form in dict.fromkeys((source.file, PurePosixPath(source.file).name)):
            if re.search(rf"(?<![\w./-]){re.escape(form)}(?![\w/-])", statement,
                         re.IGNORECASE):
                named.append(source.file)
                break
    return named


# A statement only about a file's existence ("report.pdf is created"): the runner's listing
# shows it. One about what the file holds needs the file's own text.
EXISTENCE = re.compile(r"\b(?:exists?|is (?:created|written|saved|produced|generated|present)"
                       r"|(?:creates?|writes?|saves?|produces?|generates?|outputs?|exports?)\b"
                       r"(?:\s+(?:a|an|the|file|new))*\s+\S+\s*[.]?$)", re.IGNORECASE)
_CONTENT = re.compile(r"\b(?:contains?|includes?|has|have|lists?|with|mentions?|section|"
                      r"heading|shows?|says?|reads?|names?|describes?|column|row|field)\b",
                      re.IGNORECASE)


def about_existence(statement: str) -> bool:
    return bool(EXISTENCE.search(statement)) and not _CONTENT.search(statement)


def shows_file(source: Source, files: list[str], quote: str, statement: str = "") -> bool:
    """A quote about one of `files` counts from that file, from the result of a tool call
    whose input names it (the file read back), or from the runner's own listing of the working
    directory when the quote names the file (its existence: a binary output has no text to
    quote); never from the agent's account."""
    if source.file is not None:
        return source.file in files
    if source.name == LISTING:
        return about_existence(statement) and any(
            f in quote or PurePosixPath(f).name in quote for f in files)
    if source.kind != "call":
        return False
    reads = any(PurePosixPath(f).name in source.call_input for f in files)
    return reads and normalize(quote.strip().strip('"“”\'')) in normalize(source.call_result)


def verify_grade(statement: str, quote: str, source_name: str,
                 material: Material) -> tuple[Source | None, str | None]:
    """The source a quote stands on, or why it does not count: the quote must occur in the
    source the grader named (when it named none, the first that holds it), not come from a
    line addressed to the grader, and, for a statement about a file the agent wrote, come
    from that file or a tool result reading it (claims are not evidence)."""
    wanted = normalize(quote.strip().strip('"“”\''))
    if len(wanted) < MIN_QUOTE:
        return None, f"quoted evidence {quote!r} is too short to show anything"
    if not material.sources:  # material stored before it had sources: one whole block
        material = Material(material.text, material.nonce,
                            (Source(name="material", text=material.text),))
        source_name = ""
    if source_name.strip():
        source = find_source(source_name, material)
        if source is None:
            return None, (f"the grader named source {source_name[:80]!r}, which the material "
                          "does not have")
        if wanted not in normalize(source.text):
            return None, (f"quoted evidence {quote[:160]!r} does not occur in {source.name} "
                          "(the source the grader named)")
    else:
        source = next((s for s in material.sources if wanted in normalize(s.text)), None)
        if source is None:
            unverified = verify_quote(quote, material)
            return None, unverified or (f"quoted evidence {quote[:160]!r} does not occur in "
                                        "any one source of the trial's material")
    tainted = _addressed_to_grader(wanted, source.text)
    if tainted:
        return None, (f"quoted evidence {quote[:160]!r} comes from text addressed to the "
                      "grader, not from the work")
    files = files_named(statement, material)
    if files and not shows_file(source, files, quote, statement):
        return None, (f"the statement is about {', '.join(files)}, and the quote comes from "
                      f"{source.name}: a claim about a file is not evidence; quote the file "
                      "itself")
    return source, None


# A file name a statement can be about: a path ending in a short extension (NOTES.md, out/a.csv).
FILE_WORD = re.compile(r"(?<![\w/.-])((?:[\w-][\w.-]*/)*[\w-][\w.-]*\.[A-Za-z][A-Za-z0-9]{0,5})"
                       r"(?![\w/-])")
NEGATED = re.compile(r"\b(?:not|no|never|none|nor|neither|without|avoids?|absent|missing)\b"
                     r"|n't\b", re.IGNORECASE)


def present_files(material: Material) -> set[str]:
    """Every file the work holds or held: written by the agent, or named in the runner's
    listing (created, changed, deleted, left as staged)."""
    present = {s.file for s in material.sources if s.file is not None}
    for source in material.sources:
        if source.name == LISTING:
            for line in source.text.splitlines():
                _, _, names = line.partition(": ")
                present.update(n.strip() for n in names.split(", ") if n.strip())
    return present


def missing_files(statement: str, prompt: str, material: Material,
                  outputs: Iterable[str] = ()) -> list[str]:
    """Files a positive statement is about that the task asks the agent to produce (its
    `outputs`, or a file the prompt asks to write: runner.scoring.asked) and the work never
    held: no quote can show such a statement (what the agent says of a file it never wrote is
    a claim). Any other file a statement names (one the user describes, ran or owns, a word
    that only looks like a file) and a negated statement are left to the grader's quote."""
    if NEGATED.search(statement) or not material.sources:
        return []
    present = present_files(material)
    names = {PurePosixPath(p).name.lower() for p in present} | {p.lower() for p in present}
    asked = asked_files(prompt, outputs)
    return [f for f in dict.fromkeys(FILE_WORD.findall(statement))
            if f.lower() in asked and f.lower() not in names
            and PurePosixPath(f).name.lower() not in names]


def _addressed_to_grader(wanted: str, text: str) -> bool:
    for line in text.splitlines():
        if ADDRESSES_GRADER.search(line):
            tainted = normalize(line)
            if wanted in tainted or tainted in wanted:
                return True
    return False
