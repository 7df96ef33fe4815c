"""The README is the front door: short, its two commands the ones the Makefile and CI run, its
example the demo's own command, every path it names real. (The manual behind it, docs/, is
held to the tool by tests/unit/test_docs.py.)"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PATH = re.compile(r"(?<![\w./-])((?:runner|bench|tests|deploy|images|scripts|examples|docs|\.ci)"
                  r"/[A-Za-z0-9_./-]*[A-Za-z0-9_/])")
MAX_LINES = 200


def pointers(text: str) -> list[str]:
    """Paths written in the README (a folder ends with `/`, a module with its suffix);
    placeholders such as `runs/<id>/` are not paths into the tree."""
    return sorted({m.group(1) for m in PATH.finditer(text)})


def recipe(target: str) -> list[str]:
    """The shell lines of one Makefile target, continuation lines joined."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8").replace("\\\n", " ")
    body = re.search(rf"^{re.escape(target)}:.*\n((?:\t.*\n)*)", text, re.MULTILINE)
    assert body, f"no `{target}` target in the Makefile"
    return [line.strip() for line in body.group(1).splitlines()]


def test_every_path_the_readme_names_exists() -> None:
    found = pointers(README.read_text(encoding="utf-8"))
    assert "examples/csv-summary/model-script.yaml" in found and "docs/index.md" in found
    missing = [p for p in found if not (ROOT / p).exists()]
    assert missing == [], f"README names paths that do not exist: {missing}"


def test_the_check_fails_on_a_path_that_does_not_exist() -> None:
    text = "see `runner/trial/nonexistent.py` and runner/cli/run.py"
    found = pointers(text)
    assert found == ["runner/cli/run.py", "runner/trial/nonexistent.py"]
    assert not (ROOT / found[1]).exists()


def test_the_readme_is_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"README has {len(lines)} lines: move detail into docs/"


def test_its_two_commands_are_the_makefiles_and_ci_runs_the_test_one() -> None:
    text = README.read_text(encoding="utf-8")
    assert re.search(r"^make demo\b", text, re.MULTILINE)
    assert re.search(r"^make test\b", text, re.MULTILINE)
    assert recipe("demo") and recipe("test")
    ci = (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
    assert "make test" in [line.strip() for line in ci]  # the README's test command


def test_its_example_is_the_demos_command() -> None:
    """The example's output was printed by this command, and `make demo` runs the same."""
    text = README.read_text(encoding="utf-8")
    shown = next(line for line in text.splitlines() if line.startswith("skill-eval run "))
    demo = next(line for line in recipe("demo") if "skill-eval run" in line)
    assert shlex.split(shown)[1:] == shlex.split(demo)[1:]
