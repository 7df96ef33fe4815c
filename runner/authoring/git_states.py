"""A fixture written as a git repository's state (issue 26; docs/case-sets.md):
`fixture: {git: {head: {path: text}, staged: {...}, unstaged: {...}, untracked: {...}}}`, the
working directory the agent starts in being a repository in that state (a commit skill's
case: what is committed, what is staged, what is only changed, what git does not track).

Read as its authors meant, it becomes the case's setup (runner.trial.setup runs it in the
sandbox's own network-less container before the session, as any setup): one shell script,
each file's text carried base64-encoded (any byte, any path: `-notes/release $(x).md`), that

- `head`: the files of the first commit (`{}`: an empty one);
- `history`: commits on top, in order, each `{message, files: {path: text | null}, ref}`
  (`null` deletes; `ref` names a branch at that commit);
- `branch`: the branch checked out at the end (else the last `history` entry's `ref`, else
  `main`);
- `staged`: changes added to the index (`null`: a deletion staged, `git rm`);
- `staged_moves`: renames staged, `[{from, to, content}]` (`git mv`, then the new text);
- `unstaged`: changes in the working tree only (`null`: deleted, not staged);
- `untracked`: files git does not track.

The repository's identity is set explicitly in its own config (the agent may commit there),
with no template and so no hooks; nothing of the host's git config exists in the sandbox.
A `files` beside `git` is read as inline fixtures (runner.authoring.inline), written before
the setup runs: like every fixture staged with the case, part of the first commit (a
repository's convention file, AGENTS.md, is the repository's). A key not listed above,
a text that is not a string, or a path that leaves the working directory cannot be built:
refused with the fix (EV009), never passed over.
"""

from __future__ import annotations

import base64
import re
import shlex
from typing import Any

from runner.authoring.inline import FILE_MAX_BYTES, FIXTURE_KEYS, path_problem

_FILE_MAPS = ("head", "staged", "unstaged", "untracked")
KEYS = (*_FILE_MAPS, "staged_moves", "history", "branch")
_DELETABLE = frozenset({"staged", "unstaged"})
# a branch name git accepts (git check-ref-format's rules, the ones an author could trip)
_REF = re.compile(r"^(?!-)(?!.*\.\.)(?!.*@\{)(?!.*//)[\w][\w./-]*(?<![./])$")
IDENTITY = ("skill-eval", "git-state@skill-eval.invalid")
# the first line of the built script: what `check -v` shows of the setup
HEAD_LINE = "# the case's git state"


class _Builder:
    """The script, line by line, and what is wrong with the state."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.wrong: list[str] = []

    def write(self, path: str, text: Any, where: str, deletable: bool) -> None:
        problem = path_problem(path) if isinstance(path, str) else f"path {path!r} is no text"
        if problem is not None:
            self.wrong.append(f"git state {where}: {problem}")
            return
        quoted = shlex.quote(path)
        if text is None and deletable:
            self.lines.append(f"rm -f -- {quoted}")
            return
        if not isinstance(text, str):
            self.wrong.append(f"git state {where}: {path!r} holds {type(text).__name__}, not "
                              "the file's text" + (" (or null: deleted)" if deletable else ""))
            return
        if len(text.encode()) > FILE_MAX_BYTES:
            self.wrong.append(f"git state {where}: {path!r} is larger than "
                              f"{FILE_MAX_BYTES // 1024**2} MiB")
            return
        folder = path.rsplit("/", 1)[0] if "/" in path else ""
        if folder:
            self.lines.append(f"mkdir -p -- {shlex.quote(folder)}")
        encoded = base64.b64encode(text.encode()).decode()
        self.lines.append(f"printf '%s' '{encoded}' | base64 -d > {quoted}")

    def files(self, given: Any, where: str, deletable: bool = False) -> list[str]:
        """Each file of a `{path: text}` map written; the paths written."""
        if given is None:
            return []
        if not isinstance(given, dict):
            self.wrong.append(f"git state {where}: a mapping {{path: text}}, not "
                              f"{type(given).__name__}")
            return []
        for path, text in given.items():
            self.write(path, text, where, deletable)
        return [str(p) for p in given]

    def commit(self, message: str) -> None:
        self.lines += ["git add -A", f"git commit -q --allow-empty --no-verify -m "
                                     f"{shlex.quote(message)}"]


def _branch(value: Any, where: str, wrong: list[str]) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not _REF.match(value):
        wrong.append(f"git state {where}: {value!r} is no branch name git accepts")
        return None
    return value


def _history(state: dict[str, Any], build: _Builder) -> str | None:
    """The commits after `head`, on a detached HEAD (so a `ref` may name the branch the
    repository started on); the last one's ref, if any."""
    history = state.get("history")
    if history is None:
        return None
    if not isinstance(history, list):
        build.wrong.append("git state history: a list of commits, not "
                           f"{type(history).__name__}")
        return None
    build.lines.append("git checkout -q --detach")
    last = None
    for n, entry in enumerate(history, 1):
        if not isinstance(entry, dict) or set(entry) - {"message", "files", "ref"}:
            build.wrong.append(f"git state history[{n}]: a commit is {{message, files, ref}}"
                               f", not {str(entry)[:60]!r}")
            continue
        files = entry.get("files") or {}
        if not isinstance(files, dict):
            build.wrong.append(f"git state history[{n}] files: a mapping {{path: text}}, not "
                               f"{type(files).__name__}")
            continue
        for path, text in files.items():
            problem = path_problem(str(path))
            if text is None and problem is None:
                build.lines.append(f"git rm -q --ignore-unmatch -- {shlex.quote(str(path))}")
            elif text is None:
                build.wrong.append(f"git state history[{n}]: {problem}")
            else:
                build.write(path, text, f"history[{n}]", False)
        build.commit(str(entry.get("message") or f"commit {n}"))
        last = _branch(entry.get("ref"), f"history[{n}] ref", build.wrong)
        if last is not None:
            build.lines.append(f"git branch -f -- {shlex.quote(last)}")
    return last


def _moves(value: Any, build: _Builder) -> list[str]:
    if value is None:
        return []
    moved = []
    for n, move in enumerate(value if isinstance(value, list) else [value], 1):
        if not isinstance(move, dict) or not isinstance(move.get("from"), str) \
                or not isinstance(move.get("to"), str) or set(move) - {"from", "to", "content"}:
            build.wrong.append(f"git state staged_moves[{n}]: a rename is {{from, to, "
                               f"content}}, not {str(move)[:60]!r}")
            continue
        problem = path_problem(move["from"])
        if problem is not None:
            build.wrong.append(f"git state staged_moves[{n}]: {problem}")
            continue
        problem = path_problem(move["to"])
        if problem is not None:
            build.wrong.append(f"git state staged_moves[{n}]: {problem}")
            continue
        folder = move["to"].rsplit("/", 1)[0] if "/" in move["to"] else ""
        if folder:
            build.lines.append(f"mkdir -p -- {shlex.quote(folder)}")
        build.lines.append(f"git mv -- {shlex.quote(move['from'])} {shlex.quote(move['to'])}")
        if "content" in move:
            build.write(move["to"], move["content"], f"staged_moves[{n}]", False)
            build.lines.append(f"git add -- {shlex.quote(move['to'])}")
        moved.append(f"{move['from']} -> {move['to']}")
    return moved


def build_script(state: dict[str, Any]) -> tuple[str, str, list[str]]:
    """The setup script that builds the state in the working directory, what it stages (one
    line for `check`), and what is wrong with the state (each refuses the case)."""
    build = _Builder()
    unknown = sorted(str(k) for k in state if k not in KEYS)
    if unknown:
        build.wrong.append(f"git state: unknown key(s) {', '.join(unknown)}; it is read as "
                           f"{', '.join(KEYS)}")
    start = _branch(state.get("branch"), "branch", build.wrong)
    build.lines += [HEAD_LINE, "set -e", "git init -q --template= .",
                    f"git symbolic-ref HEAD refs/heads/{start or 'main'}",
                    f"git config user.name {shlex.quote(IDENTITY[0])}",
                    f"git config user.email {shlex.quote(IDENTITY[1])}"]
    head = build.files(state.get("head"), "head")
    build.commit("initial state")
    last = _history(state, build)
    final = start or last
    if state.get("history") is not None:
        build.lines.append(f"git checkout -q -B {shlex.quote(final or 'main')}")
    staged = build.files(state.get("staged"), "staged", deletable=True)
    for path, text in (state.get("staged") or {}).items() if isinstance(
            state.get("staged"), dict) else []:
        if path_problem(str(path)) is not None:
            continue  # said by `files` above
        build.lines.append(f"git rm -q --cached --ignore-unmatch -- {shlex.quote(str(path))}"
                           if text is None else f"git add -- {shlex.quote(str(path))}")
    moved = _moves(state.get("staged_moves"), build)
    unstaged = build.files(state.get("unstaged"), "unstaged", deletable=True)
    untracked = build.files(state.get("untracked"), "untracked")
    commits = 1 + len(state["history"]) if isinstance(state.get("history"), list) else 1
    parts = [f"branch {final or 'main'}, {commits} commit(s) ({len(head)} file(s) at the "
             "first)"]
    parts += [f"{name}: {', '.join(paths[:4])}" + (f" and {len(paths) - 4} more"
                                                   if len(paths) > 4 else "")
              for name, paths in (("staged", staged), ("renamed", moved),
                                  ("unstaged", unstaged), ("untracked", untracked)) if paths]
    said = "; ".join(parts)
    # the first line, what `check -v` shows of the setup: a comment, so on one line
    build.lines[0] = f"{HEAD_LINE}: {' '.join(said.split())}"
    return "\n".join(build.lines), said, build.wrong


def split_git_state(item: dict[str, Any]) -> tuple[dict[str, Any], str | None, str, list[str]]:
    """The case without its git state (a `files` beside it stays, for the inline reader),
    the setup script that builds the state (None when the case has none), what it stages,
    and what is wrong with it."""
    for key in FIXTURE_KEYS:
        block = item.get(key)
        if not isinstance(block, dict) or not isinstance(block.get("git"), dict):
            continue
        script, said, wrong = build_script(block["git"])
        rest = {k: v for k, v in block.items() if k != "git"}
        out = {k: v for k, v in item.items() if k != key}
        if rest:
            out[key] = rest
        return out, script, said, wrong
    return item, None, "", []
