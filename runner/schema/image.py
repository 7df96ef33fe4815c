"""What the default sandbox image holds: the one list of its packages and the programs they
give, as data every layer may read (a case set's checks read it; the sandbox runs the image).
It must say what images/sandbox/Dockerfile installs (and images/build.sh's debootstrap
--include, the same list when no registry is reachable); tests/unit/test_sandbox_image.py
reads both and fails when they drift apart.

A case that asks the agent to run a program outside this list (`nginx -t`, `npm test`) cannot
pass in any arm with the default image: runner.authoring.missing_programs says so (EV014). A
grader command (runner.authoring.shell_lines) and an author's program's interpreter
(runner.authoring.runnable) are read against the same list.
"""

from __future__ import annotations

# The packages the Dockerfile's apt step installs, each with the programs it gives.
IMAGE_PACKAGES: dict[str, frozenset[str]] = {
    "bash": frozenset({"bash"}),
    "coreutils": frozenset({"cat", "ls", "cp", "mv", "rm", "mkdir", "head", "tail", "wc",
                            "sort", "uniq", "cut", "tr", "touch", "env", "date", "sha256sum",
                            "md5sum", "base64", "tee", "stat", "du", "df", "chmod", "chown",
                            "ln", "echo", "printf", "sleep", "timeout", "realpath", "test",
                            "[", "true", "false", "basename", "dirname", "readlink", "comm",
                            "join", "paste", "nl", "od", "expr", "seq", "sha1sum", "fold",
                            "fmt", "tac", "mktemp"}),
    "git": frozenset({"git"}),
    "python3": frozenset({"python3"}),
    "ripgrep": frozenset({"rg"}),
    "socat": frozenset({"socat"}),
    "ca-certificates": frozenset(),
    "procps": frozenset({"ps", "top", "kill", "pkill", "pgrep", "free", "watch", "uptime",
                         "vmstat", "pmap"}),
}
# Debian bookworm's essential set, in every image the Dockerfile's FROM line gives (the
# slim image and a minbase debootstrap alike): `sh` is dash, `awk` is mawk, perl-base.
BASE_PROGRAMS = frozenset({"sh", "dash", "grep", "egrep", "sed", "awk", "mawk", "find",
                           "xargs", "diff", "cmp", "tar", "gzip", "zcat", "perl", "hostname",
                           "mount", "dpkg", "apt", "apt-get", "login", "su", "which", "service",
                           "fgrep", "iconv"})
# What the Dockerfile copies in besides the packages.
COPIED_PROGRAMS = frozenset({"claude"})

IMAGE_PROGRAMS: frozenset[str] = frozenset().union(*IMAGE_PACKAGES.values(), BASE_PROGRAMS,
                                                   COPIED_PROGRAMS)


# The interpreter the runner starts an author's program with, by its suffix (runner.sandbox.base
# starts any other program directly).
INTERPRETER_BY_SUFFIX = {".py": "python3", ".sh": "sh", ".bash": "bash", ".js": "node"}
