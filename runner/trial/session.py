"""How one claude session is started: its arguments, its environment, its working directory."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from runner.schema.case import Case
from runner.schema.enums import TrialKind
from runner.schema.trial import TrialSpec
from runner.trial.turns import Left

AUTONOMY_NOTE = ("You are running headless: no human can answer questions. Work autonomously "
                 "in the current directory and finish the task.")


# docs/running.md (triggers): not plan mode (it never calls Skill), an allow-list of
# tools that cannot change anything, no MCP server, and a budget cap (the routing decision
# lands in the first turn or two; the rest is paid for and thrown away).
TRIGGER_TOOLS = "Skill Read Glob Grep"


def claude_args(spec: TrialSpec) -> list[str]:
    if spec.kind == TrialKind.TRIGGER:
        args = ["-p", "--output-format", "stream-json", "--verbose", "--model", spec.model,
                "--allowed-tools", TRIGGER_TOOLS, "--strict-mcp-config",
                "--no-session-persistence", "--append-system-prompt", AUTONOMY_NOTE]
        if spec.limits.max_turns is not None:
            args += ["--max-turns", str(spec.limits.max_turns)]
        if spec.limits.session_budget_usd is not None:
            args += ["--max-budget-usd", f"{spec.limits.session_budget_usd:g}"]
        return args
    args = ["-p", "--output-format", "stream-json", "--verbose", "--model", spec.model,
            "--dangerously-skip-permissions", "--no-session-persistence",
            "--append-system-prompt", AUTONOMY_NOTE]
    if spec.limits.max_turns is not None:
        args += ["--max-turns", str(spec.limits.max_turns)]
    if spec.limits.session_budget_usd is not None:
        args += ["--max-budget-usd", f"{spec.limits.session_budget_usd:g}"]
    return args


def turn_args(args: list[str], session_id: str, turn: int,
              left: Left | None = None) -> list[str]:
    """One turn of a multi-turn case: the first keeps its session under `session_id` (no
    --no-session-persistence, or it could not be resumed), each later one resumes it with
    claude's own --resume, so the model sees the whole conversation. `left`: the model turns
    and dollars the conversation has left, given as this turn's --max-turns and
    --max-budget-usd (the case's limits cover the whole conversation)."""
    kept = [a for a in args if a != "--no-session-persistence"]
    if left is not None and left.turns is not None:
        kept = _bounded(kept, "--max-turns", str(left.turns))
    if left is not None and left.usd is not None:
        kept = _bounded(kept, "--max-budget-usd", f"{left.usd:.6g}")
    return [*kept, "--session-id" if turn == 1 else "--resume", session_id]


def _bounded(args: list[str], flag: str, value: str) -> list[str]:
    """`args` with `flag`'s value replaced by `value`."""
    if flag not in args:
        return [*args, flag, value]
    at = args.index(flag)
    return [*args[:at + 1], value, *args[at + 2:]]


def session_env(token: str) -> dict[str, str]:
    return {"ANTHROPIC_API_KEY": token, "CLAUDE_CODE_MAX_RETRIES": "3",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1",
            "DISABLE_TELEMETRY": "1", "DISABLE_ERROR_REPORTING": "1"}


def _links_out(root: Path) -> Callable[[str, list[str]], list[str]]:
    """copytree's ignore: the entries that are symlinks leaving `root` (or naming nothing)."""
    def ignored(folder: str, names: list[str]) -> list[str]:
        return [name for name in names if (Path(folder) / name).is_symlink() and (
            not (Path(folder) / name).resolve().is_relative_to(root)
            or not (Path(folder) / name).exists())]
    return ignored


def stage_fixtures(case: Case, fixtures_root: Path, workdir: Path,
                   project: Path | None = None) -> None:
    """The case's fixtures, then its project's files (`project`: its materialised bundle,
    Case.project_bundle), then its inline files, into `workdir`: what the session starts with."""
    for file in case.files:
        src = fixtures_root / file
        dest = workdir / case.fixture_destination(file)
        dest.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():  # a link out of the fixtures is never followed (preflight refuses it)
            shutil.copytree(src, dest, symlinks=False, dirs_exist_ok=True,
                            ignore=_links_out(fixtures_root.resolve()))
        else:
            shutil.copy2(src, dest)
    if project is not None:  # the bundle holds plain files only (runner.authoring.bundles)
        shutil.copytree(project, workdir, symlinks=False, dirs_exist_ok=True)
    for path, content in case.inline_files.items():
        dest = workdir / path
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(content, encoding="utf-8")
