"""One reading of a shell command line: the line cut once, quote-aware, into its commands and
each command into its words, its redirections and its program. A setup line (runner.authoring
.setups: can it run in the sandbox), what a setup writes (runner.authoring.setup_writes) and a
grader's shell line (runner.authoring.shell_lines: does the image have its programs) all read
a line through it, so a line means the same to each.

Read by the shell's grammar:

- commands are split on `&&`, `||`, `;`, `|`, `|&`, `&`, `(`, `)` and newlines outside quotes;
  an operator inside quotes (`echo "a && b"`) or escaped (`\\;`) is part of its word, and a
  backslash at a line's end continues the line;
- a word's quotes are removed as the shell removes them (`"a b"c` is `a bc`);
- `#` at a word's start outside quotes starts a comment, to the line's end;
- a redirection (`> f`, `>> f`, `2> f`, `&> f`, `2>&1`, `< f`, `<<EOF`) is the command's, never
  one of its words: its file descriptor (`2>`) belongs to it (`2> f` writes an error log,
  `2 > f` passes `2` and writes `f`), and the word after it is its target;
- a heredoc's body (the lines after `<<EOF` / `<<-'EOF'` up to the line holding only the tag)
  is the command's input, never commands of the line;
- a command substitution (`$(jq .x f)`, backticks, also inside double quotes) and a process
  substitution (`<(sort a)`) run commands: theirs are commands of the line (read after the one
  that holds them), and in that one's word each stands as `$(...)` (`<(...)`). An arithmetic
  expansion (`$((1 + 2))`) runs nothing;
- a `case` arm's pattern (`a|b)`) runs nothing: its `|` and `)` are no operators.

A command's program is its first word past what only prepares it: `VAR=x` assignments, the
shell's keywords (`if`, `then`, `!`, `{`, `time`, `exec`, `command`...) and the wrappers that
run another program (`sudo`, `env`, `nohup`, with their options), which are kept apart
(`Command.wrappers`: the image must hold them too). A command that runs no program (`fi`,
`done`, a `for x in ...` or `case` header, a program named by an expansion, `$PY x.py`) has
none. `cd dir && npm test` is two commands, `cd` and `npm`.

Why a scanner of its own rather than shlex with `punctuation_chars`: shlex reports no places,
so it reads `2> f` as `2 > f`, and it cannot tell a heredoc's body from the line's commands.
Each word's quote removal is shlex's (posix), the standard library's.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

# The operators, longest first (a redirection's may carry a file descriptor before it).
_OPERATOR = re.compile(r"\d*(?:<<<|<<-|<<|<>|<&|>>|>&|>\||<|>)|&>>|&>|;;|&&|\|\||\|&|[;&|()]")
_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")
# Words that prepare the command after them, run by the shell itself.
_KEYWORDS = frozenset({"if", "then", "else", "elif", "do", "while", "until", "!", "{", "time",
                       "exec", "command", "builtin"})
# Programs that run the program after them (with their own options first).
WRAPPERS = frozenset({"sudo", "env", "nohup"})
# Options of a wrapper that take the next word as their value (`sudo -u app cmd`).
_VALUED = frozenset({"-u", "-g", "-C", "-h", "-p", "-U"})
# First words of a command that runs no program.
_NO_PROGRAM = frozenset({"fi", "done", "esac", "}", "for", "case", "select", "function",
                         "in"})
# A redirection that writes the command's output (stdout) to its target.
_WRITES = frozenset({">", ">>", ">|", "1>", "1>>", "1>|", "&>", "&>>"})


@dataclass(frozen=True)
class Redirect:
    """One redirection of a command: its operator as written (`2>`, `>>`, `<<`) and target."""

    op: str
    target: str

    @property
    def writes_file(self) -> bool:
        """Whether it writes the command's output to a file (not `2>`, `>&2`, `/dev/null`)."""
        return self.op in _WRITES and self.target != "/dev/null"


@dataclass(frozen=True)
class Command:
    """One simple command of a line: its words (quotes removed, no redirections)."""

    words: tuple[str, ...]
    redirects: tuple[Redirect, ...] = ()

    def _start(self) -> tuple[tuple[str, ...], int | None]:
        """(the wrappers, the index of the program among the words), or None for none."""
        wrappers: list[str] = []
        at, words = 0, self.words
        while at < len(words):
            word = words[at]
            if _ASSIGNMENT.match(word) or word in _KEYWORDS:
                at += 1
                while word == "time" and at < len(words) and words[at].startswith("-"):
                    at += 1  # `time -p make`
            elif word in WRAPPERS:
                wrappers.append(word)
                at += 1
                while at < len(words) and (words[at].startswith("-")
                                           or (word == "env" and _ASSIGNMENT.match(words[at]))):
                    at += 2 if words[at] in _VALUED and word == "sudo" else 1
            else:
                break
        if at >= len(words) or words[at] in _NO_PROGRAM or words[at].startswith(("$", "-")):
            return tuple(wrappers), None
        return tuple(wrappers), at

    @property
    def program(self) -> str | None:
        """The program the command runs, as written (see the module), or None."""
        at = self._start()[1]
        return None if at is None else self.words[at]

    @property
    def args(self) -> tuple[str, ...]:
        """The words after the program (none when it runs no program)."""
        at = self._start()[1]
        return () if at is None else self.words[at + 1:]

    @property
    def wrappers(self) -> tuple[str, ...]:
        """The wrapper programs before the program (`sudo`, `env`, `nohup`)."""
        return self._start()[0]

    @property
    def written(self) -> tuple[str, ...]:
        """The files its redirections write its output to."""
        return tuple(r.target for r in self.redirects if r.writes_file)


def commands(line: str) -> list[Command]:
    """The line's simple commands, in order (see the module); empty ones are left out."""
    tokens, substituted = _Scanner(line).scan()
    found: list[Command] = []
    current: list[str] = []
    redirects: list[Redirect] = []
    pending: str | None = None  # a redirection waiting for its target
    for kind, text in [*_without_patterns(tokens), ("op", ";")]:
        if pending is not None and kind == "word":
            redirects.append(Redirect(pending, _unquote(text)))
            pending = None
        elif kind == "word":
            current.append(_unquote(text))
        elif "<" in text or ">" in text:
            pending = text
        else:  # a separator: the command so far is whole
            if current or redirects:
                found.append(Command(tuple(current), tuple(redirects)))
            current, redirects, pending = [], [], None
    for body in substituted:
        found += commands(body)
    return found


def _without_patterns(tokens: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The tokens with each `case` arm's pattern (`a|b)`, after `in` or `;;`) cut out: a
    pattern runs nothing, and its `|` and `)` are no operators."""
    out: list[tuple[str, str]] = []
    depth, pattern, header, start = 0, False, False, True
    for kind, text in tokens:
        word = _unquote(text) if kind == "word" else None
        if pattern:
            if word == "esac":
                pattern, depth, start = False, depth - 1, False
                out.append((kind, text))
            elif (kind, text) == ("op", ")"):
                pattern, start = False, True
                out.append(("op", ";"))
            continue
        out.append((kind, text))
        if word == "case" and start:
            depth, header = depth + 1, True
        elif word == "in" and header:
            header, pattern = False, True
            out.append(("op", ";"))
        elif (kind, text) == ("op", ";;") and depth:
            pattern = True
        start = kind == "op" and "<" not in text and ">" not in text
    return out


def programs(line: str) -> list[str]:
    """The program of each command of the line that runs one."""
    return [c.program for c in commands(line) if c.program is not None]


def script_lines(text: str) -> list[str]:
    """A script's text as the shell reads its lines: a heredoc's body, a quote running on and
    a line continued by a backslash stay with the line that opens them; blank lines are left
    out."""
    scanner = _Scanner(text)
    scanner.scan()
    starts = [0, *scanner.breaks]
    cut = [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    return [line.strip("\n") for line in cut if line.strip()]


def _unquote(raw: str) -> str:
    """The word as the shell passes it; an unclosed quote (read to the line's end) closed
    there."""
    for closing in ("", "'", '"'):
        try:
            return " ".join(shlex.split(raw + closing))
        except ValueError:
            continue
    return raw


class _Scanner:
    """The line's tokens, ("word", raw text) and ("op", operator), with the bodies of its
    command substitutions apart."""

    def __init__(self, line: str) -> None:
        self.text = line
        self.at = 0
        self.tokens: list[tuple[str, str]] = []
        self.substituted: list[str] = []
        self.word: list[str] = []
        self.heredocs: list[tuple[str, bool]] = []  # (tag, tabs stripped) read at the newline
        self.tag_next: bool | None = None  # the next word is a heredoc's tag (`<<-`: True)
        self.breaks: list[int] = []  # where each line after the first starts

    def scan(self) -> tuple[list[tuple[str, str]], list[str]]:
        text = self.text
        while self.at < len(text):
            char = text[self.at]
            if char == "\\":
                if text.startswith("\\\n", self.at):
                    self.at += 2  # the line continues
                else:
                    self.word.append(text[self.at:self.at + 2])
                    self.at += 2
            elif char == "'":
                end = text.find("'", self.at + 1)
                end = len(text) - 1 if end < 0 else end
                self.word.append(text[self.at:end + 1])
                self.at = end + 1
            elif char == '"':
                self._double()
            elif char == "$" and text.startswith("$(", self.at) or char == "`":
                self.word.append(self._substitution())
            elif char in "<>" and text.startswith("(", self.at + 1):  # `<(sort a)`
                end = _closing(text, self.at + 1)
                self.substituted.append(text[self.at + 2:end])
                self.word.append(f"{char}(...)")
                self.at = end + 1
            elif char == "#" and not self.word:
                newline = text.find("\n", self.at)
                self.at = len(text) if newline < 0 else newline
            elif char in " \t\r":
                self._end_word()
                self.at += 1
            elif char == "\n":
                self._end_word()
                self.tokens.append(("op", "\n"))
                self.at += 1
                self._skip_heredocs()
                self.breaks.append(self.at)
            elif (hit := _OPERATOR.match(text, self.at)) is not None and \
                    (not hit.group(0)[0].isdigit() or not self.word):
                self._end_word()
                self.tokens.append(("op", hit.group(0)))
                if hit.group(0).lstrip("0123456789") in ("<<", "<<-"):
                    self.tag_next = hit.group(0).endswith("-")
                self.at = hit.end()
            else:
                self.word.append(char)
                self.at += 1
        self._end_word()
        return self.tokens, self.substituted

    def _end_word(self) -> None:
        if not self.word:
            return
        raw = "".join(self.word)
        self.tokens.append(("word", raw))
        self.word = []
        if self.tag_next is not None:
            self.heredocs.append((_unquote(raw), self.tag_next))
            self.tag_next = None

    def _double(self) -> None:
        """A double-quoted part: kept raw, its substitutions read apart."""
        text, start = self.text, self.at
        out = ['"']
        self.at += 1
        while self.at < len(text) and text[self.at] != '"':
            if text[self.at] == "\\":
                out.append(text[self.at:self.at + 2])
                self.at += 2
            elif text.startswith("$(", self.at) or text[self.at] == "`":
                out.append(self._substitution())
            else:
                out.append(text[self.at])
                self.at += 1
        self.at += 1
        self.word.append("".join(out) + '"' if self.at <= len(text) else text[start:])

    def _substitution(self) -> str:
        """`$(...)` or a backtick's command, read apart; what stands for it in the word."""
        text = self.text
        if text.startswith("$((", self.at):  # arithmetic: no command
            end = _closing(text, self.at + 1)
            self.at = end + 1
            return "$((...))"
        if text[self.at] == "`":
            end = text.find("`", self.at + 1)
            end = len(text) if end < 0 else end
            self.substituted.append(text[self.at + 1:end])
        else:
            end = _closing(text, self.at + 1)
            self.substituted.append(text[self.at + 2:end])
        self.at = end + 1
        return "$(...)"

    def _skip_heredocs(self) -> None:
        """Past the bodies of the heredocs opened on the line just ended."""
        for tag, tabs in self.heredocs:
            while self.at < len(self.text):
                end = self.text.find("\n", self.at)
                end = len(self.text) if end < 0 else end
                line = self.text[self.at:end]
                self.at = end + 1
                if (line.lstrip("\t") if tabs else line) == tag:
                    break
        self.heredocs = []


def _closing(text: str, opening: int) -> int:
    """The index of the `)` closing the `(` at `opening` (quotes respected), or the end."""
    depth, at, quote = 0, opening, ""
    while at < len(text):
        char = text[at]
        if quote:
            if char == "\\" and quote == '"':
                at += 1
            elif char == quote:
                quote = ""
        elif char == "\\":
            at += 1
        elif char in "'\"":
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return at
        at += 1
    return len(text)
