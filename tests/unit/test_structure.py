"""bench/structure.py finds what it says it counts: each detector is run on a small planted
tree, where the right answer is known, and on a near miss it must not count."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _structure() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_structure", ROOT / "bench/structure.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    return module


S = _structure()


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in {"runner/driver/__init__.py": "", "README.md": "a\nb\n", **files}.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_a_long_function_counts_its_nested_functions_and_a_short_one_does_not(
        tmp_path: Path) -> None:
    body = "".join(f"        x{i} = {i}\n" for i in range(59))
    long = f"def outer():\n    def inner():\n{body}    return inner\n"  # 62 lines
    short = "def short():\n" + "".join(f"    y{i} = {i}\n" for i in range(59))  # 60 lines
    root = _tree(tmp_path, {"runner/a.py": long + "\n\n" + short})
    found = S.long_functions(root, 60)
    assert [(n, site.name) for n, site in found] == [(62, "outer")]


def test_parameters_leave_self_out_and_count_every_kind(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"runner/a.py": "class C:\n    def m(self, a, b, *c, d, **e): ...\n"
                                           "def f(a): ...\n"})
    counts = S.parameter_counts(root)
    assert [(n, site.name) for n, site in counts] == [(5, "m"), (1, "f")]


def test_model_clients_include_subclasses_found_by_their_class_statements(
        tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "runner/gateway/client.py": "class ModelClient: ...\nclass Batchy(ModelClient): ...\n"
                                    "class Deeper(Batchy): ...\nclass Other: ...\n",
        "runner/a.py": "def grade():\n    c = ModelClient(1)\n    d = Deeper(2)\n    o = Other()\n",
    })
    sites = S.client_sites(root)
    assert [(s.name, s.what) for s in sites] == [("grade", "ModelClient"), ("grade", "Deeper")]


def test_upstream_choices_are_one_site_per_function_of_either_kind(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "runner/a.py": "import os\n"
                       "def both(s):\n    e = ScriptedEndpoint(s)\n"
                       "    u = os.environ.get('ANTHROPIC_BASE_URL', 'x')\n"
                       "def real():\n    return os.environ['ANTHROPIC_BASE_URL']\n"
                       "def other():\n    return os.environ.get('HOME')\n",
        "runner/scripted/server.py": "def serve(s):\n    return ScriptedEndpoint(s)\n",
        "runner/cli/serve_model.py": "def serve(s):\n    return ScriptedEndpoint(s)\n",
    })
    sites = S.upstream_sites(root)
    assert [(s.path, s.name, s.what) for s in sites] == [
        ("runner/a.py", "both", "both"),
        ("runner/a.py", "real", "reads ANTHROPIC_BASE_URL (the real upstream)")]


def test_cli_imports_beyond_the_allowed_layers_are_listed(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "runner/driver/__init__.py": "__all__ = ['run_eval']\n",
        "runner/cli/run.py": "from runner import config, console\n"
                             "from runner.driver import run_eval\n"
                             "from runner.driver.api import x\n"
                             "from runner.render.terminal import r\n"
                             "from runner.cli.options import o\n"
                             "import click\n"
                             "def f():\n    from runner.schema.enums import Arm\n"
                             "    from runner.driver import secret\n"
                             "    from runner import logs\n",
    })
    found = S.cli_imports(root)
    assert [str(s.name) for s in found["runner/cli/run.py"]] == [
        "runner.schema.enums (Arm)", "runner.driver (secret)", "runner.logs"]
