"""What `run`, `batch` and `merge` leave for CI after the report: the `--junit` file and, inside
GitHub Actions (GITHUB_ACTIONS=true), annotations on stderr pointing at each case in its
evals/evals.json and a Markdown summary appended to $GITHUB_STEP_SUMMARY. The writers are in
runner.render (junit, actions); this module finds the files and writes. (The --junit path
is checked before the run by runner.cli.ci.)

Annotations go to stderr: the runner reads workflow commands on both streams, and stdout
stays the report alone under --json.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from runner.errors import InfraError, SkillEvalError
from runner.schema.report import Report

ACTIONS_ENV = "GITHUB_ACTIONS"
SUMMARY_ENV = "GITHUB_STEP_SUMMARY"
WORKSPACE_ENV = "GITHUB_WORKSPACE"


def in_actions() -> bool:
    return os.environ.get(ACTIONS_ENV, "").lower() == "true"


def workspace() -> Path:
    return Path(os.environ.get(WORKSPACE_ENV) or ".")


def folders_of(paths: list[Path]) -> dict[str, Path]:
    """Skill name -> its folder, for the skills a command was given."""
    from runner.authoring.skill import load_skill

    out: dict[str, Path] = {}
    for path in paths:
        try:
            out.setdefault(load_skill(path).name, path)
        except SkillEvalError:
            continue  # a folder that does not load was refused earlier; no annotation file
    return out


def batch_folders(batch_file: Path) -> dict[str, Path]:
    """The skill folders a batch file names."""
    from runner.authoring.batch import load_batch

    try:
        batch = load_batch(batch_file)
    except SkillEvalError:
        return {}
    paths = [p for o in batch.evals for p in (o.skill_paths or (o.skill_path,))]
    return folders_of(paths + [t.opts.skill_path for t in batch.triggers])


def search_folders(names: set[str], root: Path, depth: int = 4) -> dict[str, Path]:
    """Skill folders under `root` (a few levels down) whose skill is one of `names`: where a
    merged report's cases are declared when no folder was given."""
    candidates = [p.parent for level in range(depth) for p in
                  root.glob("/".join(["*"] * level + ["SKILL.md"]))
                  if (p.parent / "evals" / "evals.json").is_file()]
    found = folders_of(candidates)
    return {name: path for name, path in found.items() if name in names}


def ci_outputs(reports: list[Report], junit: Path | None, folders: dict[str, Path]) -> None:
    """The JUnit file (when asked) and, inside GitHub Actions, annotations and the summary."""
    from runner.render.junit import junit_xml

    if junit is not None:
        try:
            junit.write_text(junit_xml(reports), encoding="utf-8")
        except OSError as exc:  # checked before the run; the disk can still fill up
            raise InfraError(f"--junit {junit}: cannot write it ({exc.strerror}); the "
                             "report is in the store") from exc
    if in_actions():
        actions_outputs(reports, folders)


def actions_outputs(reports: list[Report], folders: dict[str, Path]) -> None:
    from runner.render.actions import annotation_lines, case_lines, summary_markdown

    root = workspace()
    missing = {name for r in reports for name in (r.skills or [r.skill])} - set(folders)
    folders = {**search_folders(missing, root), **folders} if missing else folders
    spots = {name: case_lines(folder / "evals" / "evals.json", root)
             for name, folder in folders.items()}
    for line in annotation_lines(reports, spots):
        sys.stderr.write(line + "\n")
    sys.stderr.flush()
    summary = os.environ.get(SUMMARY_ENV)
    if summary:
        try:
            with open(summary, "a", encoding="utf-8") as handle:
                handle.write(summary_markdown(reports))
        except OSError as exc:
            sys.stderr.write(f"::warning::skill-eval could not append to ${SUMMARY_ENV} "
                             f"({exc.strerror})\n")
