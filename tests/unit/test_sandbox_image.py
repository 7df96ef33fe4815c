"""The default image's one list of programs (runner.schema.image) says what
images/sandbox/Dockerfile installs, and what images/build.sh's debootstrap includes when no
registry is reachable: either drifting from the list fails here."""

from __future__ import annotations

import re
from pathlib import Path

from runner.schema.image import COPIED_PROGRAMS, IMAGE_PACKAGES, IMAGE_PROGRAMS

IMAGES = Path(__file__).resolve().parents[2] / "images"


def _apt_packages(dockerfile: str) -> set[str]:
    """The packages named after `apt-get install` and its options, up to the step's end."""
    match = re.search(r"apt-get\s+install((?:[^;\\]|\\\n)*)", dockerfile)
    assert match is not None, "the Dockerfile has no apt-get install step"
    words = match.group(1).replace("\\\n", " ").split()
    return {w for w in words if not w.startswith("-")}


def test_the_list_names_the_dockerfiles_packages() -> None:
    dockerfile = (IMAGES / "sandbox" / "Dockerfile").read_text(encoding="utf-8")
    assert _apt_packages(dockerfile) == set(IMAGE_PACKAGES)


def test_the_list_names_the_debootstrap_packages() -> None:
    build = (IMAGES / "build.sh").read_text(encoding="utf-8")
    match = re.search(r"--include=(\S+)", build)
    assert match is not None
    assert set(match.group(1).split(",")) == set(IMAGE_PACKAGES)


def test_the_list_names_what_the_dockerfile_copies_in() -> None:
    dockerfile = (IMAGES / "sandbox" / "Dockerfile").read_text(encoding="utf-8")
    copied = {Path(dest).name for dest in re.findall(r"(?m)^COPY\s+\S+\s+(\S+)", dockerfile)
              if "/bin/" in dest and "entry" not in Path(dest).name}
    assert copied == set(COPIED_PROGRAMS)
    assert {"git", "python3", "rg", "bash", "socat", "ps"} <= IMAGE_PROGRAMS
    assert not {"nginx", "npm", "node", "docker", "cargo"} & IMAGE_PROGRAMS


def test_the_apt_reader_sees_a_package_added() -> None:
    """The reader itself: a package added to the step is seen (so the drift test can fail)."""
    step = "RUN apt-get install -y --no-install-recommends \\\n    bash nginx; \\\n    rm -rf x\n"
    assert _apt_packages(step) == {"bash", "nginx"}
