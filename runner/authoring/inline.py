"""Fixtures given inline in a case: `files: [{path, content}]` (also `name`/`filename`/`file`
with `text`/`body`), `context.files` the same way, or a mapping `{path: content}` under
`files` (or under `context` when every key is a file's name), and the same under
`setup_files` (files the harness writes before the session); a
`fixture` object holding its files' text (`{files: {path: text}}`, or `{path, artifact:
text}`, one file and its text of several lines). They
are taken out of the case's `files` (which then names only files of the skill)
and carried by the case as `inline_files`, path -> content, so the case's digest covers their
content and a trial writes them into its working directory like any fixture."""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any

PATH_KEYS = ("path", "name", "filename", "file")
# Fields of files the harness writes before the session starts (`setup_files: {path:
# content}` or `[{path, content}]`): fixtures given inline like `files`.
SETUP_KEYS = ("setup_files", "seed_files", "initial_files")
# Fields of files placed beside the task for the agent to ignore or to find (a harness's
# decoys, extra files): staged as inline fixtures are, since the task runs among them.
DECOY_KEYS = ("scratch_decoy", "scratch_decoys", "decoy", "decoys", "decoy_files",
              "extra_files", "scratch_files")
CONTENT_KEYS = ("content", "text", "body")
# the cap on one fixture file (runner.authoring.hygiene, which imports the reader)
FILE_MAX_BYTES = 10 * 1024**2


def _entry(entry: dict[str, Any]) -> tuple[str | None, str | None]:
    path = next((entry[k] for k in PATH_KEYS if isinstance(entry.get(k), str)), None)
    content = next((entry[k] for k in CONTENT_KEYS if isinstance(entry.get(k), str)), None)
    return path, content


def _is_inline(entry: Any) -> bool:
    return isinstance(entry, dict) and any(k in entry for k in CONTENT_KEYS)


def path_problem(path: str) -> str | None:
    """Why an inline fixture's path cannot land in the working directory, or None."""
    posix = PurePosixPath(path)
    if not path.strip() or posix.is_absolute() or ".." in posix.parts or not posix.parts:
        return f"inline fixture path {path!r} must be a relative path inside the work dir"
    if posix.parts[0] == ".git":
        return f"inline fixture path {path!r} cannot be staged"
    return None


def _is_reference(entry: Any) -> bool:
    return (isinstance(entry, dict) and not _is_inline(entry)
            and sum(isinstance(entry.get(k), str) for k in PATH_KEYS) == 1)


# A fixture copied to a place of its own (`{from: files/app.tsx, to: app/page.tsx}`).
SOURCE_KEYS = ("from", "src", "source")
DEST_KEYS = ("to", "dest", "destination", "target")


def _placed(entry: Any) -> tuple[str, str] | None:
    """(the skill's file, where it lands) for a `{from, to}` entry, else None."""
    if not isinstance(entry, dict) or _is_inline(entry):
        return None
    source = next((entry[k] for k in SOURCE_KEYS if isinstance(entry.get(k), str)), None)
    dest = next((entry[k] for k in DEST_KEYS if isinstance(entry.get(k), str)), None)
    return (source.strip(), dest.strip().removeprefix("./")) if source and dest else None


def file_references(item: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A `files` entry written as an object with a path and no content (`{path, purpose}`)
    names a file of the skill like a plain path: the case with each such entry as its path,
    and the other fields those objects carry (the author's notes on the input, not graded).
    One written `{from, to}` is the skill's file `from`, staged at `to` (the case's
    `staged_at`), so the task finds it where the prompt says it is."""
    files = item.get("files")
    placed = [_placed(f) for f in files] if isinstance(files, list) else []
    if isinstance(files, list) and any(placed):
        dests = {p[0]: p[1] for p in placed if p is not None}
        files = [p[0] if p is not None else f for p, f in zip(placed, files, strict=True)]
        item = {**item, "files": files,
                "staged_at": {**(item.get("staged_at") or {}), **dests}}
    if not isinstance(files, list) or not any(_is_reference(f) for f in files):
        return item, []
    notes = sorted({k for f in files if _is_reference(f) for k in f if k not in PATH_KEYS})
    paths = [_entry(f)[0] if _is_reference(f) else f for f in files]
    return {**item, "files": paths}, notes


def _stageable(given: Any) -> bool:
    """`{path: content}` or `[{path, content}]`: files written as they are."""
    return (isinstance(given, dict) and bool(given)
            and all(isinstance(v, str) for v in given.values())
            or isinstance(given, list) and bool(given) and all(_is_inline(f) for f in given))


def decoy_fields(item: dict[str, Any]) -> list[str]:
    """The decoy or extra-file fields of a case that `split_inline` stages (for EV012)."""
    return [key for key in DECOY_KEYS if _stageable(item.get(key))]


# A case's fixture written as an object holding its files' text.
FIXTURE_KEYS = ("fixture", "fixtures")


def _fixture_files(block: Any) -> list[dict[str, Any]] | None:
    """The files a fixture object gives inline: `{files: {path: text}}` (`{}`: none), a
    mapping of paths to their text, or
    `{path, <field>: text}` (the one file at `path`, its text the object's one other field,
    of several lines); None for any other fixture (a folder's path, a git state)."""
    if not isinstance(block, dict):
        return None
    if block and _file_mapping(block):  # `fixtures: {lib/auth.js: "..."}`: path -> text
        return [{"path": k, "content": v} for k, v in block.items()]
    files = block.get("files")
    if set(block) == {"files"} and isinstance(files, dict) \
            and all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        return [{"path": k, "content": v} for k, v in files.items()]
    texts = [k for k, v in block.items() if k != "path" and isinstance(v, str)]
    path = block.get("path")
    if isinstance(path, str) and path.strip() and len(block) == 2 and len(texts) == 1 \
            and "\n" in block[texts[0]].strip():
        return [{"path": path.strip(), "content": block[texts[0]]}]
    return None


# A file's name: a relative path whose last part has a suffix, no spaces ("notes/jd.md").
_FILE_NAME = re.compile(r"^(?:[\w.-]+/)*[\w-][\w.-]*\.[A-Za-z0-9]{1,8}$")


def _file_mapping(given: Any) -> bool:
    """A mapping whose every key is a file's name and every value its text: files given
    inline, never prompt text (`context: {"tracking.md": "Status: ..."}`); a mapping with a
    key that is no file name (`{role: ...}`) is the reader's to judge."""
    return isinstance(given, dict) and bool(given) and all(
        isinstance(k, str) and _FILE_NAME.match(k.strip()) and isinstance(v, str)
        for k, v in given.items())


def split_inline(item: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str], list[str]]:
    """The case without its inline fixtures, those fixtures (path -> content) and what is
    wrong with any of them (each a message; the caller refuses the case)."""
    out = dict(item)
    inline: dict[str, str] = {}
    wrong: list[str] = []
    entries: list[Any] = []
    files = out.get("files")
    if isinstance(files, dict) and all(isinstance(v, str) for v in files.values()):
        entries += [{"path": k, "content": v} for k, v in files.items()]
        out.pop("files")
    elif isinstance(files, list) and any(_is_inline(f) for f in files):
        entries += [f for f in files if _is_inline(f)]
        out["files"] = [f for f in files if not _is_inline(f)]
    for key in SETUP_KEYS + DECOY_KEYS:
        given = out.get(key)
        if isinstance(given, dict) and given and all(isinstance(v, str) for v in given.values()):
            entries += [{"path": k, "content": v} for k, v in given.items()]
            out.pop(key)
        elif isinstance(given, list) and given and all(_is_inline(f) for f in given):
            entries += given
            out.pop(key)
    for key in FIXTURE_KEYS:
        given = _fixture_files(out.get(key))
        if given is not None:
            entries += given
            out.pop(key)
    context = out.get("context")
    if isinstance(context, dict) and _file_mapping(context):  # `context: {"tracking.md":
        # "..."}`: the user's own files
        entries += [{"path": k, "content": v} for k, v in context.items()]
        out.pop("context")
    elif isinstance(context, dict) and isinstance(context.get("files"), list) \
            and any(_is_inline(f) for f in context["files"]):
        entries += [f for f in context["files"] if _is_inline(f)]
        rest = {k: v for k, v in context.items() if k != "files"}
        out.pop("context")
        if rest:  # anything else under context is the reader's to judge
            out["context"] = rest
    for entry in entries:
        path, content = _entry(entry)
        if path is None or content is None:
            wrong.append(f"inline fixture {entry!r} needs a path and a text content")
            continue
        problem = path_problem(path)
        if problem is None and len(content.encode()) > FILE_MAX_BYTES:
            problem = (f"inline fixture {path!r} holds {len(content.encode())} bytes, more "
                       f"than {FILE_MAX_BYTES // 1024**2} MiB")
        if problem is None and PurePosixPath(path).as_posix() in inline:
            problem = f"inline fixture {path!r} is given twice"
        if problem is not None:
            wrong.append(problem)
            continue
        inline[PurePosixPath(path).as_posix()] = content
    return out, inline, wrong
