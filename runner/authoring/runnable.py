"""Whether the sandbox can run an author's program (issue 26, rule 5), told at check time.

A judge or grader program runs in the sandbox image, whose programs runner.schema.image lists
(the one list, checked against images/sandbox/Dockerfile): bash, sh, python3 with its standard
library only, perl, git and ripgrep. A program the runner would start with an interpreter the
image lacks (a `.js` program: node; a PowerShell script; a `#!` naming another interpreter), or
a Python program importing a package from PyPI, would fail in every trial after the sessions
were paid for; `check` names the interpreter and why first.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from runner.schema.image import IMAGE_PROGRAMS, INTERPRETER_BY_SUFFIX

# The interpreter the runner starts a program with, by its suffix (runner.sandbox.base).
BY_SUFFIX = {**INTERPRETER_BY_SUFFIX, ".mjs": "node", ".cjs": "node"}
# Suffixes whose language has no interpreter of one name (or none the image could have).
FOREIGN = {".ps1": "PowerShell (pwsh)", ".psm1": "PowerShell (pwsh)", ".rb": "Ruby",
           ".ts": "a TypeScript runtime (deno, tsx)", ".go": "Go", ".php": "PHP", ".lua": "Lua",
           ".r": "R", ".jl": "Julia", ".bat": "Windows cmd", ".cmd": "Windows cmd",
           ".swift": "Swift", ".kt": "Kotlin", ".java": "Java"}
# What to do instead, said with every refusal (the set is refused under any --image: check
# reads the default image's list).
FIX = ("write the program in python3 (standard library only) or sh, which the sandbox image "
       "has; it reads the work as its first argument and the case at $SKILL_EVAL_CASE")
SHEBANG = re.compile(r"^#!\s*(\S+)(?:\s+(?:-\S+\s+)*(\S+))?")
HEAD_BYTES = 256
LOCAL_DEPTH = 3  # the skill's root sits at most this far above its program


def cannot_run(file: Path) -> str | None:
    """Why the sandbox image cannot run this program file, or None."""
    suffix = file.suffix.lower()
    if suffix in FOREIGN:
        return f"a {suffix} program needs {FOREIGN[suffix]}, which the sandbox image lacks"
    if BY_SUFFIX.get(suffix, "python3") not in IMAGE_PROGRAMS:
        return (f"a {suffix} program runs with {BY_SUFFIX[suffix]}, which the sandbox image "
                "lacks")
    try:
        head = file.read_bytes()[:HEAD_BYTES].decode("utf-8", "replace")
    except OSError:
        return None
    tool = _shebang_tool(head)
    if tool is not None and tool not in IMAGE_PROGRAMS and suffix not in BY_SUFFIX:
        return f"its #! line runs {tool}, which the sandbox image lacks"
    if suffix == ".py" or tool == "python3":
        missing = _missing_imports(file)
        if missing:
            return (f"it imports {', '.join(missing)}, which the sandbox's python3 lacks "
                    "(standard library only)")
    return None


def _shebang_tool(head: str) -> str | None:
    match = SHEBANG.match(head)
    if match is None:
        return None
    program = match.group(1).rsplit("/", 1)[-1]
    return match.group(2) if program == "env" and match.group(2) else program


def _missing_imports(file: Path, seen: frozenset[Path] = frozenset()) -> list[str]:
    """Top-level modules imported that are neither standard library nor the authors' own: a
    file beside it, in a folder above it, or in a folder the program puts on its path
    (`sys.path.insert(0, str(HERE / "graders"))`). An own module's imports are its program's
    too (`evals/graders/replay_graders.py` importing yaml): said as `yaml (through X)`."""
    try:
        tree = ast.parse(file.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return []
    # An import inside `try:` is optional (the program falls back when it fails).
    guarded = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.Try)
               for stmt in node.body for inner in ast.walk(stmt)}
    names: list[str] = []
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            names += [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module.split(".")[0])
    # Modules of the skill itself: beside the program, in a folder above it, or on its path.
    folders = [file.parent, *file.parents[:LOCAL_DEPTH], *_on_path(tree, file)]
    own = {p.stem: p for folder in folders if folder.is_dir() for p in folder.iterdir()}
    missing = {n for n in names if n not in sys.stdlib_module_names and n not in own
               and n != "__future__"}
    seen = seen | {file.resolve()}
    for name in sorted(set(names) & set(own)):  # the authors' module: its imports are needed
        module = own[name] if own[name].suffix == ".py" else own[name] / "__init__.py"
        if module.is_file() and module.resolve() not in seen and len(seen) < _MODULES_MAX:
            missing |= {f"{m.split(' (')[0]} (through {name})"
                        for m in _missing_imports(module, seen)}
    return sorted(missing)


_MODULES_MAX = 20  # the authors' modules followed from one program, at most


def _on_path(tree: ast.Module, file: Path) -> list[Path]:
    """The folders a program adds to its import path, by the names its `sys.path.insert` /
    `append` call spells (`HERE / "graders"`, `os.path.join(ROOT, "lib")`): each looked for
    beside the program and in the folders above it, as its own modules are."""
    # a name the call is given (`GATES = HERE.parent / "gates"`): what it was assigned
    assigned = {t.id: node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                for t in node.targets if isinstance(t, ast.Name)}
    spelled: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("insert", "append") \
                and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "path":
            parts = [*node.args, *(assigned[n.id] for arg in node.args for n in ast.walk(arg)
                                   if isinstance(n, ast.Name) and n.id in assigned)]
            spelled += [c.value for arg in parts for c in ast.walk(arg)
                        if isinstance(c, ast.Constant) and isinstance(c.value, str)
                        and c.value.strip("./") and ".." not in c.value]
    bases = [file.parent, *file.parents[:LOCAL_DEPTH]]
    return [base / name.strip("/") for name in spelled for base in bases
            if (base / name.strip("/")).is_dir()]
