"""What a grader model is shown of one trial, and how its quotes are verified against it.

The material is the trial's final text, its tool calls with their results, and its text output
files, each capped. It is the agent's work, so it is untrusted: it travels inside a block
delimited by a random nonce the agent never saw (it cannot close the block early), the
grader is told it is data, and the skill's name is redacted so the grader is blind to the arm.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from runner.scoring.base import Evidence

FINAL_CAP = 12_000
CALLS_CAP = 24_000
FILE_CAP = 8_000
FILES_CAP = 40_000
REDACTED = "[skill]"
MIN_QUOTE = 8  # a shorter "quote" (one word) would occur almost anywhere


@dataclass(frozen=True)
class Material:
    text: str
    nonce: str

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


def build_material(evidence: Evidence, skill_name: str) -> Material:
    parts = ["## Final text of the agent", _cap(evidence.assistant_text, FINAL_CAP) or "(none)"]
    calls: list[str] = []
    for n, call in enumerate(evidence.calls, 1):
        if call.name == "Skill":
            continue  # which skill loaded is exactly what the grader must not see
        marker = " (error)" if call.is_error else ""
        calls.append(f"[{n}] {call.name} {call.input}\n-> result{marker}: {call.result}")
    parts += ["## Tool calls, in order", _cap("\n".join(calls), CALLS_CAP) or "(none)"]
    files: list[str] = []
    for rel, data in sorted(evidence.outputs.items()):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            files.append(f"### {rel}\n(binary, {len(data)} bytes)")
            continue
        files.append(f"### {rel}\n{_cap(text, FILE_CAP)}")
    parts += ["## Files in the working directory", _cap("\n".join(files), FILES_CAP) or "(none)"]
    return Material(_redact("\n\n".join(parts), skill_name), secrets.token_hex(8))


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
