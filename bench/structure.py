"""The code's shape, for the tree it runs in: what issue 24 measures before and after.

Prints, reading runner/ by its syntax tree (nothing is imported or run):
  1. functions over 60 lines, counted from the `def` line (a nested function counts in its
     parent's lines; a click command's decorators are shown beside, not counted), each listed;
  2. parameters per function, the most and the top 5 (`self`/`cls` not counted);
  3. places that build a model client: a call to `ModelClient` or to a class of runner/ that
     derives from it (found by the class statements, so a new subclass is counted too);
  4. places that choose an upstream, scripted or real: a call that starts the scripted
     endpoint (`ScriptedEndpoint(...)`) outside runner/scripted/, or a read of
     `ANTHROPIC_BASE_URL` (`os.environ.get`, `os.environ[...]`, `os.getenv`); one site per
     function that holds either. `serve-model` (runner/cli/serve_model.py) is left out: serving
     a script is that command's job, not a choice between two upstreams;
  5. modules under runner/cli/ importing runner modules other than the driver's public API
     (`runner.driver` itself, limited to its `__all__` when it declares one, and
     `runner.driver.api`), `runner.cli.*`, `runner.render*`, `runner.errors`,
     `runner.config`, `runner.console`: each import listed;
  6. README lines;
  7. the `duplicates` tool's pair count, for the whole tree and for runner/ (skipped when the
     command is not on PATH).

usage: .venv/bin/python bench/structure.py [--root DIR] [--limit 60]
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
CLIENT_BASE = "ModelClient"
SCRIPTED = "ScriptedEndpoint"
BASE_URL_ENV = "ANTHROPIC_BASE_URL"
UPSTREAM_EXEMPT = {"runner/cli/serve_model.py"}
CLI_ALLOWED = ("runner.cli", "runner.render", "runner.errors", "runner.config", "runner.console")
DRIVER_PUBLIC = ("runner.driver", "runner.driver.api")


@dataclass(frozen=True)
class Site:
    """One place in the tree: `path:line name`, and what was found there."""

    path: str
    line: int
    name: str
    what: str = ""

    def __str__(self) -> str:
        tail = f"  {self.what}" if self.what else ""
        return f"{self.path}:{self.line} {self.name}{tail}"


def modules(root: Path, under: str = "runner") -> Iterator[tuple[str, ast.Module]]:
    for path in sorted((root / under).rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        yield rel, ast.parse(path.read_text(encoding="utf-8"), filename=rel)


def outermost_functions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, ast.AST]]:
    """Functions not nested in a function (methods are their class's, named Class.method)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, FUNCTIONS):
            yield prefix + node.name, node
        elif isinstance(node, ast.ClassDef):
            yield from outermost_functions(node, f"{prefix}{node.name}.")
        else:
            yield from outermost_functions(node, prefix)


def length(fn: ast.AST, decorators: bool = False) -> int:
    """Lines from the `def` line to the last line of the body (with `decorators`: from the
    first decorator, which for a click command is its list of options)."""
    assert isinstance(fn, FUNCTIONS) and fn.end_lineno is not None
    first = min([fn.lineno, *(d.lineno for d in fn.decorator_list)]) if decorators else fn.lineno
    return fn.end_lineno - first + 1


def long_functions(root: Path, limit: int) -> list[tuple[int, Site]]:
    """Outermost functions whose body (from `def`) is over `limit` lines; the line count
    with decorators is noted where it differs."""
    found = []
    for rel, tree in modules(root):
        for name, fn in outermost_functions(tree):
            if (n := length(fn)) > limit:
                whole = length(fn, decorators=True)
                note = f"({whole} with its decorators)" if whole != n else ""
                found.append((n, Site(rel, getattr(fn, "lineno", 0), name, note)))
    return sorted(found, key=lambda item: -item[0])


def parameter_counts(root: Path) -> list[tuple[int, Site]]:
    """Every function, nested ones included, by its declared parameters."""
    counts = []
    for rel, tree in modules(root):
        for node in ast.walk(tree):
            if isinstance(node, FUNCTIONS):
                a = node.args
                names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
                names += [p.arg for p in (a.vararg, a.kwarg) if p is not None]
                n = len(names) - (1 if names[:1] in (["self"], ["cls"]) else 0)
                counts.append((n, Site(rel, node.lineno, node.name)))
    return sorted(counts, key=lambda item: -item[0])


def called_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def client_classes(root: Path) -> set[str]:
    """ModelClient and every class of runner/ deriving from it, however indirectly."""
    bases: dict[str, set[str]] = {}
    for _, tree in modules(root):
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "")
                                    for b in node.bases}
    found = {CLIENT_BASE}
    while grown := {c for c, b in bases.items() if b & found} - found:
        found |= grown
    return found


def enclosing(tree: ast.Module) -> dict[ast.AST, str]:
    """Each node -> the name of the outermost function holding it ('<module>' if none)."""
    owner: dict[ast.AST, str] = {}
    for name, fn in outermost_functions(tree):
        for node in ast.walk(fn):
            owner[node] = name
    return owner


def client_sites(root: Path) -> list[Site]:
    classes = client_classes(root)
    sites = []
    for rel, tree in modules(root):
        owner = enclosing(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and called_name(node) in classes:
                sites.append(Site(rel, node.lineno, owner.get(node, "<module>"),
                                  called_name(node)))
    return sites


def reads_base_url(node: ast.AST) -> bool:
    """`os.environ.get("ANTHROPIC_BASE_URL", ...)`, `os.getenv(...)`, `os.environ[...]`."""
    if isinstance(node, ast.Call) and called_name(node) in {"get", "getenv"}:
        return any(isinstance(a, ast.Constant) and a.value == BASE_URL_ENV for a in node.args)
    if isinstance(node, ast.Subscript):
        key = node.slice
        return isinstance(key, ast.Constant) and key.value == BASE_URL_ENV
    return False


def upstream_sites(root: Path) -> list[Site]:
    seen: dict[tuple[str, str], Site] = {}
    for rel, tree in modules(root):
        if rel.startswith("runner/scripted/") or rel in UPSTREAM_EXEMPT:
            continue
        owner = enclosing(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and called_name(node) == SCRIPTED:
                what = "starts the scripted endpoint"
            elif reads_base_url(node):
                what = f"reads {BASE_URL_ENV} (the real upstream)"
            else:
                continue
            name = owner.get(node, "<module>")
            site = seen.get((rel, name))
            kinds = what if site is None or site.what == what else "both"
            seen[(rel, name)] = Site(rel, site.line if site else node.lineno, name, kinds)
    return sorted(seen.values(), key=lambda s: (s.path, s.line))


def driver_public(root: Path) -> set[str] | None:
    """The names runner/driver/__init__.py lists in `__all__` (None: it declares none)."""
    tree = ast.parse((root / "runner/driver/__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            value = ast.literal_eval(node.value)
            return {str(v) for v in value}
    return None


def allowed(module: str, names: list[str], public: set[str] | None) -> bool:
    if any(module == a or module.startswith(a + ".") for a in CLI_ALLOWED):
        return True
    if module == "runner.driver":
        return public is None or set(names) <= public
    return module in DRIVER_PUBLIC


def cli_imports(root: Path) -> dict[str, list[Site]]:
    public = driver_public(root)
    offenders: dict[str, list[Site]] = {}
    for rel, tree in modules(root, "runner/cli"):
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "runner" and not node.level:
                pairs = [(f"runner.{a.name}", []) for a in node.names]  # from runner import x
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                pairs = [(node.module, [a.name for a in node.names])]
            elif isinstance(node, ast.Import):
                pairs = [(a.name, []) for a in node.names]
            else:
                continue
            for module, names in pairs:
                if module.startswith("runner") and not allowed(module, names, public):
                    shown = f"{module} ({', '.join(names)})" if names else module
                    offenders.setdefault(rel, []).append(Site(rel, node.lineno, shown))
    return offenders


def duplicate_pairs(root: Path, repo: str) -> str:
    """The `duplicates` tool's count of pairs (its first line's number), or why not."""
    if shutil.which("duplicates") is None:
        return "skipped: the `duplicates` command is not on PATH"
    done = subprocess.run(["duplicates", "--repo", str(root / repo), "--seconds", "120"],
                          capture_output=True, text=True, check=False, cwd=root)
    first = done.stdout.splitlines()[0] if done.stdout else done.stderr.strip()
    if first.startswith("no duplicates"):
        return f"0  ({first})"
    match = re.match(r"(\d+) pairs?", first)
    return f"{match.group(1)}  ({first})" if match else f"unread: {first!r}"


def show(title: str, rows: list[Site] | list[str], indent: str = "  ") -> None:
    print(title)
    for row in rows:
        print(f"{indent}{row}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the tree to measure")
    parser.add_argument("--limit", type=int, default=60, help="a long function is over this")
    args = parser.parse_args()
    root: Path = args.root.resolve()
    longs = long_functions(root, args.limit)
    show(f"functions over {args.limit} lines in runner/: {len(longs)}",
         [f"{n:4d}  {site}" for n, site in longs])
    params = parameter_counts(root)
    show(f"parameters per function: max {params[0][0]}; top 5:",
         [f"{n:4d}  {site}" for n, site in params[:5]])
    clients = client_sites(root)
    show(f"places that build a model client: {len(clients)} in "
         f"{len({s.path for s in clients})} module(s)", clients)
    upstreams = upstream_sites(root)
    show(f"places that choose an upstream: {len(upstreams)}", upstreams)
    cli = cli_imports(root)
    show(f"modules under runner/cli/ importing beyond the driver's public API, cli, render, "
         f"errors, config, console: {len(cli)}",
         [str(site) for sites in cli.values() for site in sites])
    readme = root / "README.md"
    print(f"README lines: {len(readme.read_text(encoding='utf-8').splitlines())}")
    print(f"duplicates pairs, whole tree: {duplicate_pairs(root, '.')}")
    print(f"duplicates pairs, runner/: {duplicate_pairs(root, 'runner')}")


if __name__ == "__main__":
    main()
