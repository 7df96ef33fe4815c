"""A case field that is a lone path to a text file of the set's own folder (issue 26: the
author's operand, never its name): `prompt: prompts/qos.md` is the request written in that
file, and its text is sent (never the path itself); `expected: expected/qos.md` is the
reference answer written there, read as the case's expected output (shown to the grader
beside its statements, never a check, never staged into the agent's directory). Each is
reported (EV012). A path that is no file of the set folder stays as written."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Any

from runner.authoring import safely
from runner.authoring.problems import Problems

# Fields holding the reference answer when written as a path (`expected_output` itself too).
EXPECTED_FILE_KEYS = ("expected", "expected_output", "expected_response", "expected_answer",
                      "reference_answer", "reference_output", "golden_output", "ideal_output",
                      "ideal_response")
_PATH = re.compile(r"^(?:\./)?(?:[\w.-]+/)*[\w.-]+\.(?:md|markdown|txt|prompt|text|yaml|yml|json)$")
_TEXT_MAX = 512 * 1024


def _text_of(value: Any, set_dir: Path | None) -> tuple[str, str] | None:
    """(the path as written, the file's text) when `value` is a lone relative path to a text
    file under the set's folder, else None."""
    if set_dir is None or not isinstance(value, str) or not _PATH.match(value.strip()):
        return None
    rel = PurePosixPath(value.strip())
    if rel.is_absolute() or ".." in rel.parts:
        return None
    file = set_dir / rel
    if safely.is_symlink(file) or not safely.is_file(file) or file.stat().st_size > _TEXT_MAX:
        return None
    try:
        text = file.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return (value.strip(), text) if text else None


def texts_from_files(item: dict[str, Any], label: str, set_dir: Path | None,
                     problems: Problems) -> dict[str, Any]:
    """The case with its prompt and its reference answer read from the set's files they
    name (a copy; the item as given when it names none)."""
    item = dict(item)
    found = _text_of(item.get("prompt"), set_dir)
    if found is not None:
        item["prompt"] = found[1]
        problems.report("EV012", label, f"`prompt` names {found[0]!r}, a file of the set: its "
                        f"text ({len(found[1])} characters) is the prompt sent",
                        "none needed (or write the request under `prompt`)")
    for key in EXPECTED_FILE_KEYS:
        found = _text_of(item.get(key), set_dir)
        if found is None:
            continue
        item.pop(key)
        given = item.get("expected_output")
        item["expected_output"] = found[1] if not isinstance(given, str) or not given.strip() \
            else f"{given.strip()}\n\n{found[1]}"
        problems.report("EV012", label, f"`{key}` names {found[0]!r}, a file of the set: its "
                        "text is the expected output (the reference answer, shown to the "
                        "grader beside the statements; not a check, never staged)",
                        "none needed (or write it under `expected_output`)")
    return item
