"""SKILL.md frontmatter as loading the skill reads it (issue 26, rule 4).

Strict YAML refuses a plain scalar holding ': ' (`description: Use when X: Y`), and such
frontmatter is common in published skills. Claude Code's loader is lenient and loads the skill
anyway, while strict loaders (`npx skills`, Codex) skip it silently (reported in
pbakaus/impeccable#102 and many like it). So a skill-eval trial, which runs the real `claude`,
sees the skill: reading it the same lenient way keeps the case set gradable, and hygiene
(HY001, a warning) still names the fix.
"""

from __future__ import annotations

import re

import yaml

# LibYAML's loader where PyYAML was built with it: the same safe constructors, about ten
# times faster (a vendored collection's check reads thousands of frontmatters).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# A top-level key: a name at column 0, then ':' and a space or the line's end.
TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*):(?:\s+(.*))?$")


def parse(raw: str) -> tuple[object, bool]:
    """(the frontmatter's data, whether it had to be read leniently); raises yaml.YAMLError
    when neither strict YAML nor the lenient line reading finds a key in it."""
    try:
        return yaml.load(raw, Loader=_LOADER), False
    except yaml.YAMLError:
        found = lenient(raw)
        if not found:
            raise
        return found, True


def lenient(raw: str) -> dict[str, object]:
    """Each top-level `key: value` line, the value taken whole up to the next top-level key
    (indented lines continue it, as a folded scalar would); nested blocks are read as YAML
    when they parse, else kept as text."""
    blocks: list[tuple[str, list[str]]] = []
    for line in raw.splitlines():
        match = TOP_KEY.match(line)
        if match:
            blocks.append((match.group(1), [match.group(2) or ""]))
        elif blocks and (line[:1].isspace() or not line.strip()):
            blocks[-1][1].append(line)
        elif line.strip() and not line.lstrip().startswith("#"):
            return {}  # a line that is neither a key nor a continuation: not frontmatter
    return {key: _value(lines) for key, lines in blocks}


def _value(lines: list[str]) -> object:
    head, rest = lines[0].strip(), [line for line in lines[1:] if line.strip()]
    if not head or head in ("|", ">", "|-", ">-"):
        try:
            return yaml.safe_load("\n".join(rest)) if rest else None
        except yaml.YAMLError:
            return " ".join(line.strip() for line in rest)
    text = " ".join([head, *(line.strip() for line in rest)])
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


# A fenced YAML block holding the frontmatter's keys (```yaml / name: / description:), as an
# author writes it when showing frontmatter rather than writing it
_FENCED_YAML = re.compile(r"^```(?:ya?ml)?[ \t]*\n(?P<body>(?:(?!```).*\n){1,40}?)```",
                          re.MULTILINE)


def fenced_hint(text: str) -> str:
    """What to add to the refusal when the frontmatter's keys sit in a fenced YAML block (the
    first such block, holding `name:` and `description:` lines): the fix names its line."""
    for block in _FENCED_YAML.finditer(text):
        keys = re.findall(r"(?m)^(name|description):", block.group("body"))
        if {"name", "description"} <= set(keys):
            line = text.count("\n", 0, block.start()) + 1
            return (f"; its name and description sit in a fenced yaml block at line {line}, "
                    "which Claude Code does not read as frontmatter: move those lines to "
                    "the top of SKILL.md between '---' lines, without the fence")
    return ""


# Claude Code's own stand-in for a missing description: the first non-empty line of the body
# (a heading's text without its marks), cut to this many characters with "..." (read from the
# claude binary this project runs: its skill loader's fallback).
_LOADED_MAX = 100


def loaded_description(body: str) -> str | None:
    """The description Claude Code gives a skill whose SKILL.md declares none (no frontmatter,
    or none with `description`): its body's first non-empty line; None for an empty body."""
    for line in body.splitlines():
        text = line.strip()
        if text:
            heading = re.match(r"^#+\s+(\S.*)$", text)
            said = heading.group(1) if heading else text
            return said if len(said) <= _LOADED_MAX else said[:_LOADED_MAX - 3] + "..."
    return None


# A name a run can stage the skill under: its folder inside the staged plugin and, for one
# skill, the plugin's own name, which claude refuses when it holds a space, a path separator
# or a control character, or is "." or ".." (read from the claude binary this project runs:
# its plugin-name schema). Any other letter is fine (`翻译`).
_UNSTAGEABLE = re.compile(r"[\s/\\\x00-\x1f\x7f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def stageable(name: str) -> bool:
    return bool(name) and not _UNSTAGEABLE.search(name) and not name.startswith(".")


def loaded_name(declared: object, folder: str) -> str:
    """The name a skill loads under. Claude Code knows a skill by its folder; the frontmatter
    `name` is only the name it shows. A run stages the skill under its declared name when that
    name can be staged, else under its folder's (its spaces and separators made hyphens, so
    two folders never share a name by losing their letters)."""
    if isinstance(declared, str) and stageable(declared.strip()):
        return declared.strip()
    if stageable(folder):
        return folder
    return _UNSTAGEABLE.sub("-", folder).strip("-.") or "skill"
