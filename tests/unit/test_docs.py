"""The manual cannot drift from the tool: every flag a command's `--help` offers is named in
docs/, every flag docs/ names exists (on some command, a bench script, or the foreign tool it
belongs to), every path docs/ or the README names exists in the repository, and every link
between pages lands on a page and a heading that exist.

Each check is a function of a tree (`root`), so the tests below also run it on a temporary
copy with a planted fault and watch it fail."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import click

from runner.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("index", "glossary", "running", "case-sets", "statistics", "cluster", "store",
         "security", "ci", "exit-codes")

LONG = re.compile(r"(?<![\w/=-])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![\w-])")
PATH = re.compile(r"(?<![\w./-])((?:runner|bench|tests|deploy|images|scripts|examples|docs|\.ci)"
                  r"/[A-Za-z0-9_./-]*[A-Za-z0-9_/])")
LINK = re.compile(r"\]\(([^)\s]+)\)")
HELP = {"-h", "--help"}

# Flags of other tools that the manual names where it explains what skill-eval does with them.
FOREIGN = {
    # claude, as each session is started
    "--output-format": "claude", "--plugin-dir": "claude", "--allowed-tools": "claude",
    "--strict-mcp-config": "claude", "--session-id": "claude", "--resume": "claude",
    # docker, as each sandbox is started
    "--network": "docker", "--internal": "docker", "--init": "docker",
    # ray, on a cluster
    "--address": "ray job submit", "--working-dir": "ray job submit", "--resources": "ray start",
}


def cli_flags() -> dict[str, set[str]]:
    """Every option string of every command (aliases included) -> the commands that take it."""
    found: dict[str, set[str]] = {}
    commands: list[tuple[str, click.Command]] = [("skill-eval", main)]
    commands += sorted(main.every_command().items())
    for name, cmd in commands:
        for param in cmd.params:
            if isinstance(param, click.Option):
                for opt in (*param.opts, *param.secondary_opts):
                    if opt not in HELP:
                        found.setdefault(opt, set()).add(name)
    return found


def bench_flags(root: Path) -> set[str]:
    """The flags bench/ scripts declare (argparse), which the manual shows them run with."""
    declared = re.compile(r"add_argument\(\s*\"(--[a-z0-9-]+)\"")
    return {m.group(1) for f in (root / "bench").glob("*.py")
            for m in declared.finditer(f.read_text(encoding="utf-8"))}


def manual(root: Path) -> dict[str, str]:
    """docs/*.md and the README, by their path in the tree."""
    pages = {f"docs/{p.name}": p.read_text(encoding="utf-8")
             for p in sorted((root / "docs").glob("*.md"))}
    pages["README.md"] = (root / "README.md").read_text(encoding="utf-8")
    return pages


def named(text: str, flag: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", text) is not None


def flags_missing_from_docs(root: Path) -> list[str]:
    """`--help` flags (and short forms like `-v`) that no page of docs/ names."""
    text = "\n".join(t for k, t in manual(root).items() if k.startswith("docs/"))
    return sorted(f for f in cli_flags() if not named(text, f))


def unknown_flags_in_docs(root: Path) -> list[str]:
    """Long flags docs/ or the README names that nothing declares: `page: --flag`."""
    known = set(cli_flags()) | HELP | bench_flags(root) | set(FOREIGN)
    return sorted({f"{page}: {m.group(1)}" for page, text in manual(root).items()
                   for m in LONG.finditer(text) if m.group(1) not in known})


def missing_paths(root: Path) -> list[str]:
    """Paths into the tree (`runner/...`, `docs/...`, ...) that do not exist: `page: path`."""
    return sorted({f"{page}: {m.group(1)}" for page, text in manual(root).items()
                   for m in PATH.finditer(text) if not (root / m.group(1)).exists()})


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


def anchors(text: str) -> set[str]:
    return {slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", text, re.MULTILINE)}


def broken_links(root: Path) -> list[str]:
    """Relative links (`running.md#resume`, `docs/store.md`) to a page or heading that is not
    there: `page: target`."""
    pages = manual(root)
    broken = []
    for page, text in pages.items():
        for m in LINK.finditer(text):
            target = m.group(1)
            if re.match(r"[a-z]+:", target):
                continue  # http:, https:, mailto:
            file, _, anchor = target.partition("#")
            resolved = (root / page).parent / file if file else root / page
            rel = resolved.resolve().relative_to(root.resolve()).as_posix()
            if not resolved.exists():
                broken.append(f"{page}: {target}")
            elif anchor and rel in pages and anchor not in anchors(pages[rel]):
                broken.append(f"{page}: {target}")
    return sorted(broken)


def test_the_manual_has_its_pages_and_the_readme_links_each() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in PAGES:
        assert (ROOT / "docs" / f"{page}.md").is_file(), page
        assert f"](docs/{page}.md)" in readme, f"the README does not link docs/{page}.md"


def test_every_help_flag_is_in_the_manual() -> None:
    assert {"--gate", "--add-skill", "--skill", "-v"} <= set(cli_flags())  # the reader works
    assert flags_missing_from_docs(ROOT) == []


def test_every_flag_the_manual_names_exists() -> None:
    assert unknown_flags_in_docs(ROOT) == []


def test_the_foreign_flags_allowed_are_named_and_are_not_skill_evals() -> None:
    """The allow-list cannot rot: each entry is used by the manual, and none hides a flag of
    skill-eval's own (which must then be checked against its commands instead)."""
    text = "\n".join(manual(ROOT).values())
    assert [f for f in FOREIGN if not named(text, f)] == []
    assert [f for f in FOREIGN if f in cli_flags()] == []


def test_every_path_the_manual_names_exists() -> None:
    found = {m.group(1) for t in manual(ROOT).values() for m in PATH.finditer(t)}
    assert {"runner/trial/template.py", "runner/cli/run.py", "runner/store/keys.py"} <= found
    assert missing_paths(ROOT) == []


def test_every_link_between_pages_lands() -> None:
    assert broken_links(ROOT) == []


def test_the_map_of_a_run_is_in_the_index() -> None:
    index = (ROOT / "docs/index.md").read_text(encoding="utf-8")
    assert "runner/trial/template.py" in index and "runner/cli/run.py" in index


# --- each check fails on a planted fault, in a copy of the tree's manual -------------------

def _copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copytree(ROOT / "bench", tmp_path / "bench",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "README.md", tmp_path / "README.md")
    for top in ("runner", "tests", "deploy", "images", "scripts", "examples", ".ci"):
        (tmp_path / top).symlink_to(ROOT / top)  # paths resolve as in the tree
    return tmp_path


def test_a_help_flag_missing_from_the_manual_is_caught(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    for page in (root / "docs").glob("*.md"):
        text = page.read_text(encoding="utf-8")
        page.write_text(re.sub(r"(?<![\w-])--gate-max-p(?![\w-])", "the p cap", text),
                        encoding="utf-8")
    assert flags_missing_from_docs(root) == ["--gate-max-p"]


def test_a_flag_no_command_has_is_caught(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    with (root / "docs/running.md").open("a", encoding="utf-8") as page:
        page.write("\nRun it with `--gate-strictly`.\n")
    assert unknown_flags_in_docs(root) == ["docs/running.md: --gate-strictly"]


def test_a_path_that_does_not_exist_is_caught(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    with (root / "docs/store.md").open("a", encoding="utf-8") as page:
        page.write("\nKeys are built in `runner/store/paths.py`.\n")
    assert missing_paths(root) == ["docs/store.md: runner/store/paths.py"]


def test_a_link_to_a_missing_page_or_heading_is_caught(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    with (root / "docs/index.md").open("a", encoding="utf-8") as page:
        page.write("\nSee [the queue](overnight.md) and [firmness](statistics.md#no-such).\n")
    assert broken_links(root) == ["docs/index.md: overnight.md",
                                  "docs/index.md: statistics.md#no-such"]
