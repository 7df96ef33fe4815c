"""Eight deterministic hygiene checks of a skill folder, free and offline
(docs/case-sets.md#hygiene): an error stops a run before anything is billed, and `check` shows every
finding.

    HY001 frontmatter       SKILL.md opens with a closed YAML mapping
    HY002 name              present, a safe folder name; the Agent Skills form is advised
    HY003 description       present, not too short or long, says what it does and when
    HY004 referenced files  relative links and `scripts/...`-style paths in SKILL.md exist
                            (a warning: a path may name the user's file or one it writes)
    HY005 symlinks          no symlink out of the folder (refused); one inside, or into the
                            collection's (or its repository's) shared files, is staged as
                            the file it points to (a warning)
    HY006 size limits       SKILL.md, each file and the staged total stay within bounds (an
                            error above 256 MiB staged, a warning above 32 MiB)
    HY007 secrets           no private key or API key committed (one planted in a case's
                            material, evals/ or a fixture, is a warning)
    HY008 executables       an executable file is a script a person can read
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath

import yaml

from runner.authoring import frontmatter
from runner.authoring.caseset import word_count
from runner.authoring.planted_secrets import planted
from runner.authoring.read_once import file_bytes
from runner.authoring.shared_folders import shared_from
from runner.schema.hygiene import Severity, SkillFinding

SKILL_FILE = "SKILL.md"
SKIPPED = frozenset({".git", "__pycache__", ".DS_Store"})
NAME_MAX = 64
NAME_FORM = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
DESCRIPTION_MIN_WORDS = 5
DESCRIPTION_MAX = 1024
BODY_MAX_LINES = 500
FILE_MAX_BYTES = 10 * 1024**2
STAGED_WARN_BYTES = 32 * 1024**2
STAGED_MAX_BYTES = 256 * 1024**2
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
INLINE_CODE = re.compile(r"`[^`]*`")
WHEN_WORDING = re.compile(r"\b(use|used|when|whenever|for|if|asks?|requests?|trigger)\b",
                          re.IGNORECASE)
FIRST_PERSON = re.compile(r"^\s*(I|I'm|I am|I can|We|You can|You)\b")
LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
BUNDLED_PATH = re.compile(r"(?<![\w.-])((?:scripts|references|assets|templates)/[\w./-]*\w)")
SECRETS = (
    ("a private key", re.compile(r"-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?"
                                 r"PRIVATE KEY(?: BLOCK)?-----")),
    ("an Anthropic API key", re.compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}")),
    ("an OpenAI-style API key", re.compile(r"\bsk-(?:proj-)?[A-Za-z0-9]{32,}")),
    ("an AWS access key id", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("a GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_\w{40,})")),
    ("a Slack token", re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}")),
    ("a Google API key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
)
BINARY_MAGIC = (b"\x7fELF", b"MZ", b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"\xfe\xed\xfa")


def walk(root: Path) -> Iterator[Path]:
    """Every entry under root (files, folders, symlinks), never following a symlink, sorted."""
    for folder, dirs, names in os.walk(root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED)
        base = Path(folder)
        for name in sorted(names) + [d for d in dirs if (base / d).is_symlink()]:
            if name not in SKIPPED:
                yield base / name


def files(root: Path) -> Iterator[tuple[Path, str]]:
    """Every regular file under root (walk's order; no symlink, to a file or not) with its
    path from root: the files every rule over the skill's own content reads."""
    for path in walk(root):
        if not path.is_symlink() and path.is_file():
            yield path, _rel(root, path)


def _in_url(line: str, start: int) -> bool:
    """The match at `start` is part of a URL (its whitespace-delimited token holds ://)."""
    token = line[:start].split()[-1:] if line[:start] and not line[start - 1].isspace() else []
    return bool(token) and "://" in token[0]


# A documented example credential (AWS's own AKIAIOSFODNN7EXAMPLE), a scanner's test string:
# no key to revoke.
_EXAMPLE = re.compile(r"EXAMPLE|example")
# Key material after a private key's header (its next lines, or "\n" escapes in a string, a
# PGP block's `Version:` line first): a run of base64.
_KEY_BODY = re.compile(r"[A-Za-z0-9+/=]{40,}")
PRIVATE_HEADER = "PRIVATE KEY"
# a key's body written as a placeholder in a document's sample
_BODY_PLACEHOLDER = re.compile(r"\.{3,}|…|<[^<>\n]{1,60}>|\[[^\[\]\n]{1,60}\]|\(\s*\.{3}\s*\)")
# the line closing a private key's block (`-----END RSA PRIVATE KEY-----`)
_PRIVATE_END = re.compile(r"-----END [A-Z ]*PRIVATE KEY(?: BLOCK)?-----")


# The fixed part of a token (its kind), before the part a provider draws at random.
_TOKEN_KIND = re.compile(r"^(?:sk-ant-|sk-proj-|sk-|AKIA|ASIA|gh[pousr]_|github_pat_|"
                         r"xox[abprs]-|AIza)")
# A body of lowercase words joined by hyphens or underscores (`xoxb-test-token`,
# `sk-ant-your-key-here`), or of two or more words in capitals (`xoxb-YOUR-BOT-TOKEN`): a name
# a person wrote, where a provider's body mixes digits and capitals at random.
_WORDS_BODY = re.compile(r"[a-z]+(?:[-_][a-z]+)*|[A-Z]+(?:[-_][A-Z]+)+")


def _runs(body: str) -> int:
    """How many counting runs the body is made of: each next character the same as the last or
    the one after it (`9` then `0` too): `1234567890ABCDEF` is 2, a random body about its
    length."""
    chars = [c for c in body if c not in "-_"]
    runs = 1 if chars else 0
    for last, char in zip(chars, chars[1:], strict=False):
        if not (char == last or ord(char) == ord(last) + 1 or (last, char) == ("9", "0")):
            runs += 1
    return runs


def _made_up(token: str) -> bool:
    """A token whose random part a person typed: words (`xoxb-test-token`, a test's fixture),
    a count (`AKIA1234567890ABCDEF`, `AKIAXXXXXXXXXXXXXXXX`, a trap planted in an eval), two
    counts interleaved (`AKIAA1B2C3D4E5F6G7H8`, a redaction test's key) or two counts of four
    among typed letters (`AKIAZXQR1234ABCD5678`, a scanner's doctest): no
    provider issued it, so there is nothing to revoke."""
    kind = _TOKEN_KIND.match(token)
    if kind is None:
        return False  # a private key's header: its own rule
    body = token[kind.end():]
    if len(body) >= 8 and _runs(body[::2]) + _runs(body[1::2]) <= 2:
        return True  # two counts interleaved (`A1B2C3D4E5F6G7H8`), as a person types one
    # (a longer body of a few counts, `abcdefghij1234567890abcdef1234567890`, is typed too:
    # a random body of that length is about as many runs as characters)
    return bool(_WORDS_BODY.fullmatch(body)) or (len(body) >= 8
                                                 and _runs(body) <= max(3, len(body) // 6)) \
        or _counted(body) >= 2  # `ZXQR1234ABCD5678`: two counts of four inside, typed


def _counted(body: str) -> int:
    """How many runs of four or more characters counting up (`1234`, `ABCD`) the body holds:
    one in a random body is about a one-in-a-million chance, two never happen by chance."""
    found = 0
    length = 1
    for last, char in zip(body, body[1:], strict=False):
        length = length + 1 if ord(char) == ord(last) + 1 else 1
        found += length == 4
    return found


def _placeholder(found: re.Match[str], around: str) -> bool:
    """The match names no real secret: an example key, a token made up of words or a count, or
    a private key's header inside a line of code with no key material after it (a secret
    scanner's own test: `write("k.pem", "-----BEGIN PRIVATE KEY-----\\nMII")`), or alone in
    its string literal (`PEM_HEADER = "-----BEGIN RSA PRIVATE KEY-----"`)."""
    if _EXAMPLE.search(found.group(0)) or _made_up(found.group(0)):
        return True
    at = around.find(found.group(0))
    if PRIVATE_HEADER not in found.group(0):
        return False
    after = at + len(found.group(0))
    if not around[:at].strip():
        # a header opening its line is a key file's, whatever follows, unless its block closes
        # on its END line with no key material between: a document's sample of the format
        # (`[key content — use Sealed Secrets]`, `...`), which holds no key to revoke
        end = _PRIVATE_END.search(around, after)
        if end is None:
            # no END line: a key file's body follows its header at once; a sample whose next
            # line is a placeholder (`...`, `<your key here>`, `[redacted]`) holds no key
            following = [ln.strip() for ln in around[after:].splitlines()[1:4] if ln.strip()]
            return bool(following) and _BODY_PLACEHOLDER.fullmatch(following[0]) is not None
        return _KEY_BODY.search(around[after:end.start()]) is None
    # a string literal holding the header alone, closing right after it and ending the
    # statement (`PEM_HEADER = "-----BEGIN RSA PRIVATE KEY-----"`): a scanner's pattern, no key
    line_end = around.find("\n", after)
    rest = around[after:line_end if line_end >= 0 else len(around)]
    if _HEADER_ALONE.fullmatch(rest) is not None:
        return True
    return _KEY_BODY.search(around, after) is None


# What follows a header its string literal holds alone: the closing quote, then at most the
# statement's end (`,`, `)`, `;`) and a comment; never `+` or another string continuing it.
_HEADER_ALONE = re.compile(r"""["'`][ \t]*[,;)\]}]*[ \t]*(?:(?:#|//).*)?""")


def _named_by(text: str, rel: str) -> bool:
    """SKILL.md names the file (its path in the skill): the skill relies on it."""
    return re.search(rf"(?<![\w/.-]){re.escape(rel)}(?![\w/-])", text) is not None


def _rel(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix()


def _finding(code: str, check: str, severity: Severity, file: str, message: str, fix: str,
             line: int | None = None) -> SkillFinding:
    return SkillFinding(code=code, severity=severity, check=check, file=file, line=line,
                        message=message, fix=fix)


def split_frontmatter(text: str) -> tuple[str | None, str]:
    """(frontmatter text or None, body); a leading byte-order mark is the file's encoding."""
    text = text.removeprefix("\ufeff")
    if not text.startswith("---"):
        return None, text
    end = text.find("\n---", 3)
    if end < 0:
        return None, text
    rest = text[end + 4:]
    return text[3:end], rest.split("\n", 1)[1] if "\n" in rest else ""


class Hygiene:
    """The eight checks over one folder; `run()` returns every finding, errors first."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.found: list[SkillFinding] = []
        self.meta: dict[str, object] = {}
        self.body = ""
        self.body_line = 0  # lines of SKILL.md before its body

    def run(self) -> list[SkillFinding]:
        checks: tuple[Callable[[], None], ...] = (
            self.frontmatter, self.name, self.description, self.references, self.symlinks,
            self.sizes, self.secrets, self.executables)
        for check in checks:
            check()
        order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
        return sorted(self.found, key=lambda f: (order[f.severity], f.code))

    def add(self, code: str, check: str, severity: Severity, file: str, message: str,
            fix: str, line: int | None = None) -> None:
        self.found.append(_finding(code, check, severity, file, message, fix, line))

    # HY001
    def frontmatter(self) -> None:
        path = self.root / SKILL_FILE
        if not path.is_file():
            self.add("HY001", "frontmatter", Severity.ERROR, SKILL_FILE, "no SKILL.md",
                     "add SKILL.md with a YAML frontmatter holding name and description")
            return
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            self.add("HY001", "frontmatter", Severity.ERROR, SKILL_FILE, "SKILL.md is not UTF-8",
                     "save SKILL.md as UTF-8 text")
            return
        raw, self.body = split_frontmatter(text.removeprefix("\ufeff"))
        self.body_line = text.count("\n", 0, len(text) - len(self.body))
        if raw is None:
            self.body = text
            stands = None if text.startswith("---") else frontmatter.loaded_description(text)
            # Claude Code loads a SKILL.md with no frontmatter (its folder's name, its first
            # line as description), and so does a run: a warning, unless nothing stands in
            self.add("HY001", "frontmatter", Severity.WARNING if stands else Severity.ERROR,
                     SKILL_FILE, "no closed YAML frontmatter ('---' on the first line and after "
                     "it)" + frontmatter.fenced_hint(text)
                     + (f"; Claude Code loads it with its folder's name and its first line as "
                        f"description ({stands!r}), and so does a run" if stands else ""),
                     "open SKILL.md with ---, name: ..., description: ..., ---")
            return
        try:
            data, loose = frontmatter.parse(raw)
        except yaml.YAMLError as exc:
            self.add("HY001", "frontmatter", Severity.ERROR, SKILL_FILE,
                     f"frontmatter is not valid YAML: {str(exc).splitlines()[0]}",
                     "quote values that hold ':' or '#' (description: \"...\")")
            return
        if loose:
            self.add("HY001", "frontmatter", Severity.WARNING, SKILL_FILE,
                     "frontmatter is not valid YAML (an unquoted ': ' or '#' in a value); "
                     "claude loads it leniently and so does skill-eval, but strict loaders "
                     "(npx skills, Codex) skip this skill",
                     "quote values that hold ': ' or ' #' (description: \"...\")")
        if not isinstance(data, dict):
            self.add("HY001", "frontmatter", Severity.ERROR, SKILL_FILE,
                     "frontmatter is not a mapping", "write name: and description: keys")
            return
        self.meta = data

    # HY002
    def name(self) -> None:
        if not self.meta:
            return
        name = self.meta.get("name")
        if name is None:
            self.add("HY002", "name", Severity.WARNING, SKILL_FILE,
                     f"no name: the folder's name {self.root.name!r} is used",
                     f"add name: {self.root.name}")
            return
        loaded = frontmatter.loaded_name(name, self.root.name)
        if not isinstance(name, str) or name.strip() != loaded:
            self.add("HY002", "name", Severity.WARNING, SKILL_FILE,
                     f"name {name!r} cannot name a skill folder or plugin: Claude Code knows a "
                     f"skill by its folder and only shows this name; a run stages it as "
                     f"{loaded!r}",
                     f"write name: {loaded}" if loaded == self.root.name else
                     "a short name of lowercase letters, digits and hyphens")
            return
        name = name.strip()
        if len(name) > NAME_MAX or not NAME_FORM.match(name):
            self.add("HY002", "name", Severity.WARNING, SKILL_FILE,
                     f"name {name!r} is not in the Agent Skills form (lowercase letters, "
                     f"digits and single hyphens, at most {NAME_MAX} characters)",
                     f"rename it, e.g. {re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')!r}")

    # HY003
    def description(self) -> None:
        if not self.meta:
            return
        text = self.meta.get("description")
        stands = frontmatter.loaded_description(self.body) if text is None or (
            isinstance(text, str) and not text.strip()) else None
        if not isinstance(text, str) or not text.strip():
            self.add("HY003", "description", Severity.WARNING if stands else Severity.ERROR,
                     SKILL_FILE, "no description: it is how the skill fires"
                     + (f"; Claude Code uses its first line instead ({stands!r}), and so does "
                        "a run" if stands else ""),
                     "add description: what the skill does and when to use it")
            return
        text = " ".join(text.split())
        words = word_count(text)
        if len(text) > DESCRIPTION_MAX:
            self.add("HY003", "description", Severity.WARNING, SKILL_FILE,
                     f"description has {len(text)} characters (more than {DESCRIPTION_MAX}; "
                     "agents may cut it)", "keep what it does and when; move detail to the body")
        if words < DESCRIPTION_MIN_WORDS:
            self.add("HY003", "description", Severity.WARNING, SKILL_FILE,
                     f"description has {words} word(s): too little to route a request",
                     "say what the skill does and when to use it, in a sentence or two")
        elif not WHEN_WORDING.search(text) and not CJK.search(text):
            self.add("HY003", "description", Severity.WARNING, SKILL_FILE,
                     "description does not say when to use the skill",
                     "add 'Use when ...' with the requests it should answer")
        if FIRST_PERSON.match(text):
            self.add("HY003", "description", Severity.WARNING, SKILL_FILE,
                     "description is written in the first or second person",
                     "write it in the third person ('Summarises ...')")
        if re.search(r"<[A-Za-z/][^>]*>", text):
            self.add("HY003", "description", Severity.WARNING, SKILL_FILE,
                     "description holds XML-like tags", "write it as plain text")

    # HY004
    def references(self) -> None:
        seen: set[str] = set()
        fenced = False
        for number, line in enumerate(self.body.splitlines(), self.body_line + 1):
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            # a link written as code (`[title](file.md)`) is an example, not a reference
            targets = [] if fenced else [m.group(1) for m in
                                         LINK.finditer(INLINE_CODE.sub("", line))]
            targets += [m.group(1) for m in BUNDLED_PATH.finditer(line)
                        if not _in_url(line, m.start())]
            for target in targets:
                ref = target.split("#", 1)[0].split("?", 1)[0]
                if not ref or re.match(r"^[a-z][\w+.-]*:", ref, re.IGNORECASE) or ref in seen:
                    continue
                seen.add(ref)
                posix = PurePosixPath(ref)
                if posix.is_absolute() or "<" in ref or "*" in ref:
                    continue
                path = self.root / posix
                outside = ".." in posix.parts and not path.resolve().is_relative_to(self.root)
                shared = shared_from(self.root, path) if outside else None
                if shared is not None:
                    # the collection's shared folder: the authors' material, but only the
                    # skill's folder is staged, and a link inside it is (HY005)
                    self.add("HY004", "referenced files", Severity.WARNING, SKILL_FILE,
                             f"{ref!r} is in {shared}, which is not "
                             "staged with the skill (its folder is): the skill would miss it",
                             f"link it into the skill (ln -s ../{ref} references/"
                             f"{posix.name}: a link into the shared folder is staged as its "
                             "file) and name that path", number)
                elif outside:
                    self.add("HY004", "referenced files", Severity.WARNING, SKILL_FILE,
                             f"{ref!r} points outside the skill folder",
                             "ship the file inside the skill and link it there", number)
                elif not path.exists():
                    self.add("HY004", "referenced files", Severity.WARNING, SKILL_FILE,
                             f"{ref!r} is referenced but not in the skill",
                             f"add {ref} to the skill, or fix the path", number)

    # HY005
    def symlinks(self) -> None:
        for path in walk(self.root):
            if not path.is_symlink():
                continue
            target = Path(os.path.realpath(path))
            rel = _rel(self.root, path)
            shared = None if target.is_relative_to(self.root) else shared_from(self.root, path)
            if shared is not None:
                # the collection's shared folder: the authors' material, staged as its file
                self.add("HY005", "symlinks", Severity.WARNING, rel,
                         f"a symlink to {shared} "
                         f"({os.readlink(path)}): "
                         "staged with the skill as the file it points to",
                         "none needed (replace it with the file itself if the skill should "
                         "ship alone)")
            elif not target.is_relative_to(self.root) and _named_by(self.body, rel):
                self.add("HY005", "symlinks", Severity.ERROR, rel,
                         f"symlink points outside the skill ({os.readlink(path)}) and "
                         "SKILL.md names it: the skill would miss it (it is never staged)",
                         "replace it with the file itself, or remove it")
            elif not target.is_relative_to(self.root):
                # Left out of every arm (runner.authoring.skill.staged_files), never followed:
                # a hostile fixture of the skill's own tests refuses only the cases staging it.
                self.add("HY005", "symlinks", Severity.WARNING, rel,
                         f"symlink points outside the skill ({os.readlink(path)}): left out of "
                         "what every arm receives (never staged nor followed); a case staging "
                         "it is refused", "replace it with the file itself, or remove it")
            else:  # packaging (a root SKILL.md naming a packaged copy): staged as its file
                self.add("HY005", "symlinks", Severity.WARNING, rel,
                         "a symlink inside the skill: staged as the file it points to",
                         "replace it with the file itself if the copy should differ")

    # HY006
    def sizes(self) -> None:
        lines = self.body.count("\n") + 1
        if lines > BODY_MAX_LINES:
            self.add("HY006", "size limits", Severity.WARNING, SKILL_FILE,
                     f"SKILL.md body has {lines} lines (more than {BODY_MAX_LINES})",
                     "move detail into references/ files the body links to")
        total = 0
        for path, rel in files(self.root):
            size = path.stat().st_size
            if rel.split("/", 1)[0] != "evals":
                total += size
            if size > FILE_MAX_BYTES:
                self.add("HY006", "size limits", Severity.WARNING, rel,
                         f"{size / 1024**2:.1f} MiB, more than {FILE_MAX_BYTES // 1024**2} MiB "
                         "for one file", "ship a smaller file, or fetch it where it is needed")
        if total > STAGED_WARN_BYTES:
            limit = STAGED_MAX_BYTES if total > STAGED_MAX_BYTES else STAGED_WARN_BYTES
            self.add("HY006", "size limits",
                     Severity.ERROR if total > STAGED_MAX_BYTES else Severity.WARNING, ".",
                     f"the staged skill takes {total / 1024**2:.1f} MiB, more than "
                     f"{limit // 1024**2} MiB (every session receives all of it)",
                     "remove large files that are not part of the skill")

    # HY007
    def secrets(self) -> None:
        for path, rel in files(self.root):
            if path.stat().st_size > FILE_MAX_BYTES:
                continue
            text = file_bytes(path).decode("utf-8", errors="replace")  # the set: read once
            lines = text.splitlines()
            for number, line in enumerate(lines, 1):
                for what, regex in SECRETS:
                    found = regex.search(line)
                    if found and not _placeholder(found, "\n".join(lines[number - 1:number + 4])):
                        why = planted(rel, line)
                        if why is not None:  # a case's material: reported, never refused
                            self.add("HY007", "secrets", Severity.WARNING, rel,
                                     f"{what} {why}, read as planted for the case (not refused)",
                                     "if it is a real key, revoke it and plant a fake one", number)
                        else:
                            self.add("HY007", "secrets", Severity.ERROR, rel,
                                     f"{what} is committed", "remove it from the skill and "
                                     "revoke it; read keys from the environment", number)
                        break

    # HY008
    def executables(self) -> None:
        for path, rel in files(self.root):
            mode = path.stat().st_mode
            if not mode & (stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH):
                continue  # data (an archive under scripts/ included), not an executable
            if not mode & stat.S_IRUSR:
                self.add("HY008", "executables", Severity.ERROR, rel,
                         "an executable the owner cannot read", "chmod u+r it")
                continue
            head = path.read_bytes()[:4096]
            if head.startswith(BINARY_MAGIC) or b"\0" in head:
                self.add("HY008", "executables", Severity.ERROR, rel,
                         "a compiled binary: nobody can read what it does",
                         "ship its source as a script instead")
            elif mode & stat.S_IXUSR and not head.startswith(b"#!"):
                self.add("HY008", "executables", Severity.WARNING, rel,
                         "executable without a #! line: how it runs depends on the shell",
                         "add a #! line (e.g. #!/usr/bin/env python3) or drop the x bit")


def hygiene(root: Path) -> list[SkillFinding]:
    """Every hygiene finding of the folder, errors first."""
    return Hygiene(root).run()
