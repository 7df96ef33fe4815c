"""The package's import rules, checked on the source: data models depend on nothing, and the
pure layers never reach execution (the gateway, Ray, Docker)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

RUNNER = Path(__file__).resolve().parents[2] / "runner"

# package -> the runner modules it may import (prefixes)
RULES = {
    "schema": ("runner.schema", "runner.errors", "runner.config"),
    "analysis": ("runner.analysis", "runner.schema", "runner.costs"),
    "scoring": ("runner.scoring", "runner.schema", "runner.errors", "runner.config"),
    "render": ("runner.render", "runner.schema"),
    "costs": ("runner.costs", "runner.schema"),
    "store": ("runner.store", "runner.schema", "runner.errors"),
}


def runner_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] if node.module != "runner" else [
                f"runner.{a.name}" for a in node.names]
            found.update(n for n in names if n.startswith("runner"))
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("runner"))
    return found


@pytest.mark.parametrize("package", sorted(RULES))
def test_import_rules(package: str) -> None:
    allowed = RULES[package]
    for module in sorted((RUNNER / package).rglob("*.py")):
        for name in runner_imports(module):
            assert name.startswith(allowed), f"{module.relative_to(RUNNER)} imports {name}"


def test_schema_imports_no_third_party_but_pydantic() -> None:
    for module in sorted((RUNNER / "schema").rglob("*.py")):
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                root = node.module.split(".")[0]
                assert root in sys.stdlib_module_names | {"__future__", "runner", "pydantic"}, \
                    f"{module.name} imports {node.module}"
