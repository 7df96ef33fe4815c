"""The package's import rules, checked on the source.

One declared order of layers (`LAYERS`, bottom first): a module may import its own folder and
anything declared below it, never above. Every folder and top-level module of `runner/` must be
declared (a new or renamed folder fails until it is placed), relative imports are read too, and
the checker proves it can fail on a planted bad import in a temporary copy of the package.
"""

from __future__ import annotations

import ast
import shutil
import sys
from pathlib import Path

import pytest

RUNNER = Path(__file__).resolve().parents[2] / "runner"

# bottom first
LAYERS = (
    "config", "errors",                     # constants and the error tree
    "schema",                               # pure data models
    "sockets", "aio", "console",            # small utilities
    "store", "logs", "costs", "analysis", "render",  # read and write data, no execution
    "scoring", "authoring",                 # offline: checks, case sets, problems
    "pacing",                               # ledger, governor, pushback rules
    "sandbox", "gateway", "scripted", "trial",  # what runs one trial
    "planning", "grading", "judging", "triggers", "history", "view",
    "driver",                               # passes, scheduling, the run
    "cli",                                  # the command line
    "__init__", "__main__",                 # the package's public face
)

# stricter rules kept for the pure layers: package -> the runner modules it may import
RULES = {
    "schema": ("runner.schema", "runner.errors", "runner.config"),
    "analysis": ("runner.analysis", "runner.schema", "runner.costs"),
    "scoring": ("runner.scoring", "runner.schema", "runner.errors", "runner.config",
                "runner.analysis"),
    "render": ("runner.render", "runner.schema"),
    "costs": ("runner.costs", "runner.schema"),
    "store": ("runner.store", "runner.schema", "runner.errors"),
    "pacing": ("runner.pacing", "runner.schema", "runner.errors", "runner.config"),
}


def owner(path: Path, root: Path) -> str:
    """The layer a module belongs to: its top folder, or its own name at the top level."""
    rel = path.relative_to(root)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def runner_imports(path: Path, root: Path) -> set[str]:
    """Every `runner...` module a file imports, relative imports resolved."""
    found: set[str] = set()
    package = ["runner", *path.relative_to(root).parts[:-1]]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module == "runner" or (node.level and not node.module):
                found.update(f"{module}.{a.name}" for a in node.names)
            elif module.startswith("runner"):
                found.add(module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("runner"))
    return found


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def violations(root: Path) -> list[str]:
    """What breaks the declared order under `root` (a copy of the package, or the real one)."""
    found: list[str] = []
    present = {p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))}
    present |= {p.stem for p in root.glob("*.py")}
    found += [f"{name}: not declared in LAYERS" for name in sorted(present - set(LAYERS))]
    found += [f"{name}: declared but missing" for name in LAYERS if name not in present]
    rank = {name: i for i, name in enumerate(LAYERS)}
    for module in sorted(root.rglob("*.py")):
        source = owner(module, root)
        for name in sorted(runner_imports(module, root)):
            target = layer_of(name)
            if target == source:
                continue
            if rank.get(target, len(LAYERS)) >= rank.get(source, -1):
                found.append(f"{module.relative_to(root)} imports {name} ({target} is not "
                             f"below {source})")
            allowed = RULES.get(source)
            if allowed and not name.startswith(allowed):
                found.append(f"{module.relative_to(root)} imports {name} (outside {source}'s "
                             "rule)")
    return found


def test_every_folder_keeps_the_declared_order() -> None:
    assert violations(RUNNER) == []


def test_only_the_cli_and_the_package_import_the_driver() -> None:
    for module in sorted(RUNNER.rglob("*.py")):
        if owner(module, RUNNER) in {"driver", "cli", "__init__"}:
            continue
        assert not any(layer_of(n) == "driver" for n in runner_imports(module, RUNNER)), module


def test_the_checker_can_fail(tmp_path: Path) -> None:
    """Plant an upward import, an upward relative import and an unknown folder in a copy."""
    copy = tmp_path / "runner"
    shutil.copytree(RUNNER, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert violations(copy) == []
    ledger = copy / "pacing" / "ledger.py"
    ledger.write_text(ledger.read_text() + "\nfrom runner.driver import api\n")
    transcript = copy / "trial" / "transcript.py"
    transcript.write_text(transcript.read_text() + "\nfrom ..driver import passes\n")
    (copy / "newthing").mkdir()
    (copy / "newthing" / "__init__.py").write_text("")
    found = violations(copy)
    assert any("pacing/ledger.py imports runner.driver " in v for v in found), found
    assert any("trial/transcript.py imports runner.driver " in v for v in found), found
    assert "newthing: not declared in LAYERS" in found
    shutil.rmtree(copy / "view")
    assert "view: declared but missing" in violations(copy)


def test_schema_imports_no_third_party_but_pydantic() -> None:
    for module in sorted((RUNNER / "schema").rglob("*.py")):
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                root = node.module.split(".")[0]
                assert root in sys.stdlib_module_names | {"__future__", "runner", "pydantic"}, \
                    f"{module.name} imports {node.module}"


@pytest.mark.parametrize("package", sorted(RULES))
def test_pure_layers_keep_their_rules(package: str) -> None:
    bad = [v for v in violations(RUNNER) if f"outside {package}'s rule" in v]
    assert bad == []
