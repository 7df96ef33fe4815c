"""The README's pointers into the tree are real: every path it names exists, so the map of a
run (and every other pointer) cannot drift from the code it describes."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PATH = re.compile(r"(?<![\w./-])((?:runner|bench|tests|deploy|images|scripts|examples|\.ci)"
                  r"/[A-Za-z0-9_./-]*[A-Za-z0-9_/])")


def pointers(text: str) -> list[str]:
    """Paths written in the README (a folder ends with `/`, a module with its suffix);
    placeholders such as `runs/<id>/` are not paths into the tree."""
    return sorted({m.group(1) for m in PATH.finditer(text)})


def test_every_path_the_readme_names_exists() -> None:
    found = pointers((ROOT / "README.md").read_text(encoding="utf-8"))
    assert "runner/trial/template.py" in found and "runner/cli/run.py" in found  # the map
    missing = [p for p in found if not (ROOT / p).exists()]
    assert missing == [], f"README names paths that do not exist: {missing}"


def test_the_check_fails_on_a_path_that_does_not_exist() -> None:
    text = "see `runner/trial/nonexistent.py` and runner/cli/run.py"
    found = pointers(text)
    assert found == ["runner/cli/run.py", "runner/trial/nonexistent.py"]
    assert not (ROOT / found[1]).exists()
