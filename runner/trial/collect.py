"""Copy what a session left in its working directory, safely.

The directory was writable by untrusted code. Nothing is followed: symlinks, hardlinked
files (st_nlink > 1), FIFOs, sockets and devices are skipped and recorded; every file is
opened with O_NOFOLLOW and re-checked with fstat; bytes and count are capped.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path, PurePosixPath

from pydantic import BaseModel, Field


class CollectLimits(BaseModel):
    max_files: int = Field(default=1000, gt=0)
    max_file_bytes: int = Field(default=16 * 1024 * 1024, gt=0)
    max_total_bytes: int = Field(default=64 * 1024 * 1024, gt=0)


class Collected(BaseModel):
    files: dict[str, bytes] = Field(default_factory=dict, description="relpath -> bytes")
    skipped: dict[str, str] = Field(default_factory=dict, description="relpath -> why")


def _safe_name(rel: str) -> bool:
    parts = PurePosixPath(rel).parts
    return bool(parts) and all(p not in ("", ".", "..") and "\x00" not in p for p in parts)


def collect_outputs(workdir: Path, limits: CollectLimits | None = None,
                    exclude: frozenset[str] = frozenset()) -> Collected:
    limits = limits or CollectLimits()
    out = Collected()
    total = 0
    for root, dirs, files in os.walk(workdir, followlinks=False):
        dirs.sort()
        for name in sorted(files) + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            full = os.path.join(root, name)
            rel = os.path.relpath(full, workdir).replace(os.sep, "/")
            if rel in exclude:
                continue
            if not _safe_name(rel):
                out.skipped[repr(rel)] = "unsafe name"
                continue
            info = os.lstat(full)
            if stat.S_ISLNK(info.st_mode):
                out.skipped[rel] = "symlink"
                continue
            if not stat.S_ISREG(info.st_mode):
                out.skipped[rel] = "not a regular file"
                continue
            if info.st_nlink > 1:
                out.skipped[rel] = "hardlink"
                continue
            if len(out.files) >= limits.max_files:
                out.skipped[rel] = "file count cap"
                continue
            too_big = info.st_size > limits.max_file_bytes
            if too_big or total + info.st_size > limits.max_total_bytes:
                out.skipped[rel] = f"size cap ({info.st_size} bytes)"
                continue
            try:
                fd = os.open(full, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError as exc:
                out.skipped[rel] = f"unreadable: {exc.strerror}"
                continue
            with os.fdopen(fd, "rb") as handle:
                if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                    out.skipped[rel] = "not a regular file"
                    continue
                data = handle.read(limits.max_file_bytes + 1)
            if len(data) > limits.max_file_bytes:
                out.skipped[rel] = "size cap (grew while reading)"
                continue
            total += len(data)
            out.files[rel] = data
    return out
