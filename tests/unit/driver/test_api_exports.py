"""runner.driver.api imports each name on first use: its table (EXPORTS) and what the type
checker reads (the imports under TYPE_CHECKING) name the same objects, every name resolves,
and a command that only reads the store does not load the run machinery (Ray, docker, the
trial template)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import runner.driver.api as api

API = Path(api.__file__)


def typed_names() -> dict[str, str]:
    """name -> "module:attr" from the TYPE_CHECKING block (the two aliases assigned there
    are read from their underscore imports)."""
    tree = ast.parse(API.read_text())
    block = next(n for n in tree.body if isinstance(n, ast.If)
                 and isinstance(n.test, ast.Name) and n.test.id == "TYPE_CHECKING")
    found: dict[str, str] = {}
    for node in block.body:
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                found[alias.asname or alias.name] = f"{node.module}:{alias.name}"
        elif isinstance(node, ast.Assign):
            target = node.targets[0]
            assert isinstance(target, ast.Name) and isinstance(node.value, ast.Name)
            found[target.id] = found.pop(node.value.id)
    return found


def test_the_table_and_the_type_checker_name_the_same_objects() -> None:
    table = {name: where if ":" in where else f"{where}:{name}"
             for name, where in api.EXPORTS.items()}
    assert table == typed_names()


@pytest.mark.parametrize("name", sorted(api.EXPORTS))
def test_every_name_resolves(name: str) -> None:
    assert getattr(api, name) is not None


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        api.no_such_thing  # noqa: B018


def loaded_by(argv: list[str], cwd: Path) -> set[str]:
    """The modules a fresh interpreter holds after running `skill-eval ARGV`."""
    code = ("import sys, runner.cli as cli\n"
            "try:\n"
            f"    cli.main({argv!r})\n"
            "except SystemExit:\n"
            "    pass\n"
            "print('MODULES', *sorted(sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=cwd, check=True).stdout
    return set(out.split("MODULES", 1)[1].split())


def test_runs_does_not_load_the_run_machinery(tmp_path: Path) -> None:
    loaded = loaded_by(["runs", "--store", str(tmp_path)], API.parents[2])
    assert "runner.store.runs" in loaded  # it did read the store
    heavy = {"ray", "docker", "runner.driver.passes", "runner.driver.evaluate",
             "runner.trial.template"}
    assert loaded & heavy == set()
