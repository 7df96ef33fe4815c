"""A Unix socket path that fits the kernel's limit, wherever the scratch root is.

A trial's gateway socket lives in its scratch dir (`<scratch root>/<trial>/gw/gw.sock`) because
that folder is what the sandbox mounts. `sun_path` holds 108 bytes, so a deep scratch root (a
long `--scratch-root`, a test's temporary folder) would make bind and connect fail with
"AF_UNIX path too long", and the trial would be retried as an infrastructure error forever.
Rather than moving the socket elsewhere (the mount and the reaper would have to follow it),
the socket is reached through `/proc/self/fd/<n>/`: an `O_PATH` handle on its folder, held
only while binding or connecting. The socket file itself stays where it always was.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

# sizeof(sun_path) on Linux, counting the terminating NUL
SUN_PATH_MAX = 108


def fits(path: Path | str) -> bool:
    return len(os.fsencode(str(path))) < SUN_PATH_MAX


@contextlib.contextmanager
def unix_address(path: Path | str) -> Iterator[str]:
    """An address for bind/connect that names `path`: the path itself when it fits, else the
    same file through a handle on its folder (valid until the block ends; the bound socket
    and an open connection outlive it)."""
    path = Path(path)
    if fits(path):
        yield str(path)
        return
    folder = os.open(path.parent, os.O_PATH | os.O_DIRECTORY)
    try:
        short = f"/proc/self/fd/{folder}/{path.name}"
        if not fits(short):  # a socket name this long is a bug of ours, not the user's path
            raise OSError(f"socket name too long: {path.name!r}")
        yield short
    finally:
        os.close(folder)
