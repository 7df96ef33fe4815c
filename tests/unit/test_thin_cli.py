"""The command modules only parse, call the driver's public API and print: each imports the
driver through runner.driver.api (or runner.driver), its own package, runner.render, and the
errors, config and console; never the layers the driver is built from. The group (app), the
options table and the output modules (output, ci) translate for the others."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CLI = Path(__file__).resolve().parents[2] / "runner" / "cli"
ALLOWED = ("runner.driver.api", "runner.cli", "runner.render", "runner.errors",
           "runner.config", "runner.console")
TRANSLATORS = {"__init__.py", "app.py", "options.py", "output.py", "ci.py"}


def imports(source: str) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "runner":
                found |= {f"runner.{a.name}" for a in node.names}
            elif node.module.startswith("runner"):
                found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("runner")}
    return found


def outside(source: str) -> list[str]:
    return sorted(m for m in imports(source)
                  if not any(m == a or m.startswith(a + ".") for a in ALLOWED))


@pytest.mark.parametrize("module", sorted(p.name for p in CLI.glob("*.py")
                                          if p.name not in TRANSLATORS))
def test_a_command_module_imports_only_the_driver_api_render_and_its_own(module: str) -> None:
    assert outside((CLI / module).read_text()) == []


def test_the_check_can_fail() -> None:
    planted = "from runner.planning.plan import make_plan\nfrom runner.driver.batch import x\n"
    assert outside(planted) == ["runner.driver.batch", "runner.planning.plan"]
