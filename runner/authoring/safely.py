"""Author data read without crashing: `check` and `run` read public case sets whose values can
be anything (a 5000-character prompt tried as a file name, a lone surrogate, an int where a list
belongs). What cannot be read is the author's to fix, said as a refusal (exit 2) naming the
file, the case, the field and the fix, never an internal error (exit 4).

- `exists` / `is_file` / `is_dir` / `is_symlink`: pathlib's, False where the name cannot be a
  path on this machine (too long: ENAMETOOLONG, a NUL byte, undecodable), as a missing file.
- `link_out`: a symlink under a folder that leaves the skill (never followed).
- `text_keys`: YAML's non-text keys as text, as JSON has them.
- `lone_surrogate`: the first string of a read set holding half a UTF-16 pair (JSON's
  `"\\ud800"`), which nothing downstream can encode.
- `unreadable`: an unexpected reader exception, mapped at the set-loading boundary.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from runner.errors import CaseSetError

# Exceptions a reader raises on author data of a shape it did not expect (mapped to a refusal
# at the loading boundary); anything else stays a bug of skill-eval's own.
READ_ERRORS: tuple[type[Exception], ...] = (TypeError, AttributeError, KeyError, ValueError,
                                            RecursionError, UnicodeError)
# Set in tests (the property test of the loader): a mapped exception is raised as it is, so a
# reader's bug stays visible there instead of reading as the author's mistake.
RAISE_ENV = "SKILL_EVAL_RAISE_READ_ERRORS"
_DEPTH = 200  # nesting deeper than this is read no further (RecursionError elsewhere)


def exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name no file can have is no file
        return False


def is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def is_symlink(path: Path) -> bool:
    try:
        return path.is_symlink()
    except (OSError, ValueError):
        return False


def text_keys(data: Any, depth: int = 0) -> Any:
    """YAML data with every mapping key as text (`1: foo`, `true: x`, `null: y` keyed as
    written, "1"...), as JSON's are: the readers compare keys with field names."""
    if depth > _DEPTH:
        return data
    if isinstance(data, dict):
        return {k if isinstance(k, str) else _key_text(k): text_keys(v, depth + 1)
                for k, v in data.items()}
    if isinstance(data, list):
        return [text_keys(v, depth + 1) for v in data]
    return data


def _key_text(key: Any) -> str:
    return "null" if key is None else str(key).lower() if isinstance(key, bool) else str(key)


def lone_surrogate(data: Any, where: str = "", depth: int = 0) -> str | None:
    """Where (`evals[0].prompt`) the first string holding a lone surrogate is, or None."""
    if depth > _DEPTH:
        return None
    if isinstance(data, str):
        return where or "(top level)" if _has_surrogate(data) else None
    if isinstance(data, dict):
        items: Any = ((f"{where}.{k}" if where else str(k), v) for k, v in data.items())
        keys = [k for k in data if isinstance(k, str) and _has_surrogate(k)]
        if keys:
            return f"{where}.{keys[0]!r}" if where else repr(keys[0])
    elif isinstance(data, list):
        items = ((f"{where}[{n}]", v) for n, v in enumerate(data))
    else:
        return None
    return next((found for key, value in items
                 if (found := lone_surrogate(value, key, depth + 1)) is not None), None)


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def refuse_surrogates(data: Any, shown: str) -> None:
    """A lone surrogate anywhere in the read set: refused naming the field (EV008)."""
    where = lone_surrogate(data)
    if where is not None:
        raise CaseSetError(shown, f"EV008: could not read {where}: it holds a lone surrogate "
                                  "(half of a UTF-16 pair, e.g. \\ud800), which is no character"
                                  "; fix: remove it, or write the character it stands for")


def read_error(exc: Exception, field: str | None = None) -> tuple[str, str]:
    """(message, fix) for an unexpected reader exception on author data: "could not read
    <field>: <what>"; under RAISE_ENV the exception is raised as it is."""
    if os.environ.get(RAISE_ENV):
        raise exc
    what = f"{type(exc).__name__}: {str(exc)[:160]}" if str(exc) else type(exc).__name__
    return (f"could not read {field or 'the case'}: {what}",
            f"give {field or 'each field'} the type docs/case-sets.md names (text, a list of "
            "texts, an object...)")


def unreadable(exc: Exception, shown: str) -> CaseSetError:
    """A set-level reader exception as the refusal `check` prints (EV008, the set file)."""
    message, fix = read_error(exc, "the set")
    return CaseSetError(shown, f"EV008: {message}; fix: {fix}")


def link_out(folder: Path, root: Path) -> str | None:
    """The first symlink under `folder` (never followed) that leaves `root` or names nothing,
    as `path -> target`; None when there is none (or `folder` is no folder)."""
    if not is_dir(folder) or is_symlink(folder):
        return None
    for base, dirs, files in os.walk(folder, followlinks=False):
        for name in sorted(files) + sorted(dirs):
            path = Path(base) / name
            if path.is_symlink():
                real = path.resolve()
                if not real.is_relative_to(root) or not real.exists():
                    return f"{path.relative_to(root).as_posix()} -> {os.readlink(path)}"
    return None
