"""The files a case's setup writes into the working directory (issue 26, rule 6): an input
the prompt names that the case's own setup creates (`echo '# Glossary' > CONTEXT.md`,
`cp tests/fixtures/manifest.json manifest.json`, `mkdir -p src/core && touch src/core/a.ts`)
is there when the session starts (runner.trial.setup runs those lines first), so it is not
"named but unstaged".

Read by the shell's grammar, never by file names:

- a redirection's target (`> f`, `>> f`, `cat > f <<EOF`, `2> f` excluded: an error log);
- `tee [-a] f ...`, `touch f ...`: each file operand;
- `cp` / `mv` / `install` / `ln`: the last operand, a file (or, with several sources, a `-r`
  copy or a trailing `/`, a folder holding each source's name; a `-r` copy of a folder to `.`
  fills the working directory with what that folder holds, unknown here: any name);
- `mkdir [-p] d`: the folder, and nothing in it;
- `git clone <repo> d`: a project in the folder (any name under it; `.`, any name).

Lines are the setup's own (`Case.setup_run`); only paths inside the working directory count.
Each line is cut into commands, words and redirections once, quote-aware, by
runner.authoring.shell_words (`echo "a > b" > f` writes `f` alone; a heredoc's body writes
nothing; each command's program is read past `VAR=x`, `sudo`, `env`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from runner.authoring.shell_words import Command, commands

_COPIERS = frozenset({"cp", "mv", "install", "ln", "rsync"})
_WRITERS = frozenset({"touch", "tee"})


@dataclass
class Written:
    """What the setup lines leave in the working directory."""

    files: set[str] = field(default_factory=set)
    folders: set[str] = field(default_factory=set)  # anything under them may be there
    made: set[str] = field(default_factory=set)  # empty folders (`mkdir -p d`)
    anything: bool = False  # a folder's unknown contents copied to the root

    def covers(self, name: str) -> bool:
        """Whether the input `name` (a path the prompt names) is among what the setup
        writes."""
        path = _inside(name)
        if path is None:
            return False
        if self.anything or path in self.files | self.folders | self.made:
            return True
        return any(PurePosixPath(path).is_relative_to(d) for d in self.folders if d != ".")


def _inside(raw: str) -> str | None:
    """The path relative to the working directory, or None when it leaves it."""
    text = raw.strip().strip("\"'")
    if not text or text.startswith(("/", "~", "$")) or "*" in text:
        return None
    posix = PurePosixPath(text)
    if ".." in posix.parts:
        return None
    return posix.as_posix()


def _command(command: Command, out: Written) -> None:
    program, args = command.program, command.args
    if program is None:
        return
    flags = [a for a in args if a.startswith("-")]
    operands = [a for a in args if not a.startswith("-")]
    if program in _WRITERS:
        out.files |= {p for a in operands if (p := _inside(a)) is not None}
    elif program == "mkdir":
        out.made |= {p for a in operands if (p := _inside(a)) is not None}
    elif program in _COPIERS and len(operands) >= 2:
        dest = _inside(operands[-1])
        if dest is None:
            return
        recursive = any(f in ("-r", "-R", "-a", "--recursive", "--archive")
                        or re.fullmatch(r"-[a-zA-Z]*[rRa][a-zA-Z]*", f) for f in flags)
        if dest == "." and recursive:
            out.anything = True
        elif len(operands) > 2 or operands[-1].endswith("/") or recursive:
            out.folders.add(dest)  # a folder receiving the sources (or a copied folder)
            out.files |= {f"{dest}/{PurePosixPath(s).name}" for s in operands[:-1]}
        else:
            out.files.add(dest)
    elif program == "git" and args[:1] == ("clone",) and len(operands) >= 3:
        dest = _inside(operands[-1])  # a project cloned into it (its files unknown here)
        if dest == ".":
            out.anything = True
        elif dest is not None:
            out.folders.add(dest)


def setup_writes(lines: tuple[str, ...] | list[str]) -> Written:
    """What the setup `lines` write into the working directory (see the module)."""
    out = Written()
    for line in lines:
        for command in commands(line):
            out.files |= {p for t in command.written if (p := _inside(t)) is not None}
            _command(command, out)
    return out
