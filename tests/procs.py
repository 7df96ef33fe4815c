"""Looking at this machine's processes from a test (no psutil needed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path


def cmdlines() -> Iterator[tuple[int, bytes]]:
    """(pid, raw NUL-separated command line) of every process we may read."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                yield int(entry.name), (entry / "cmdline").read_bytes()
            except OSError:
                continue
