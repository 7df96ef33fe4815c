"""A case's setup (issue 26): the commands the authors' harness runs in the working directory
before the agent starts (`"setup": [["git", "init"], ["git", "add", "-A"], ["python",
"gen_fixture.py"]]`, or shell lines) build the case's starting point. Read from a case field
named so, they run in the sandbox before the session (runner.trial.setup), each line in its
own network-less container with the working directory writable, and EV012 says so.

A setup that cannot run there leaves every arm without the workspace its checks read: a line
that needs the network (`npm install`, `git clone`, a URL), a path on the author's machine
(`/Users/...`, `~/...`), a blank to fill in (`<REPO_URL>`), or a command the image lacks.
The case is then flagged (EV014, no arm can do it as written) and its setup is not run; a
value that is no command (prose, a mapping) stays the author's note, shown as before. A
setup written as the path of the authors' own script (`evals/scripts/setup-card.sh`) is their
harness's step, run from their checkout: flagged the same way (EV014), never passed over.

A workspace folder (the case's `fixture`, staged at the working directory's root) may carry its
own setup script (`setup.sh`, `scaffold.py` at its top) that its text or a note beside it says
the harness runs ("run by the harness inside the disposable copy", "before each case"): it is
that case's setup, run the same way (`sh setup.sh`), not a file left for the agent to find.
A script no note calls so is one of the project's files, staged as it is.

A line is read by the shell's grammar (runner.authoring.shell_words): an operator inside quotes
is part of its command, a heredoc's body stays with the line that opens it (a setup written as
one script keeps `cat > notes.md <<EOF ... EOF` one line), and each command's program is read
past assignments and keywords, with `sudo` / `env` checked as programs too.

A teardown written as commands (`teardown`, `cleanup`: the harness's clean-up after a case)
has nothing to do here: each trial's working directory is discarded after it; EV012 says so
and it is not listed as ignored."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

from runner.authoring.problems import Problems
from runner.authoring.prompts import placeholders
from runner.authoring.reach import OUTSIDE
from runner.authoring.shell_lines import IMAGE_COMMANDS, shell_problem
from runner.authoring.shell_words import commands, script_lines
from runner.schema.case import Case

# The fields a harness reads its per-case setup from.
SETUP_KEYS = ("setup", "setup_commands", "setup_cmds", "setup_steps", "pre_commands")
# The fields a harness reads its per-case clean-up from.
TEARDOWN_KEYS = ("teardown", "teardown_commands", "cleanup", "cleanup_commands", "post_commands")
# Commands that build a workspace, beside what the image's grader lines use (coreutils has them).
_BUILDING = frozenset({"mkdir", "cp", "mv", "rm", "rmdir", "chmod", "ln", "truncate", "yes"})
# A line that reads as a command: a lowercase program name (or a script path) first, never a
# sentence ("Create a repo with two commits" is the author's note).
_COMMAND = re.compile(r"^(?:[A-Za-z_]\w*=\S*\s+)*(?:\./|\.\./)?[a-z][\w.+/-]*(?:\s|$)")
_SENTENCE = re.compile(r"[a-z]{3,}[.:]\s+[A-Z]|\b(?:the|a|an|with|should|that)\s+[a-z]+\s+"
                       r"(?:the|a|an|with|should|that)\b")
# A path on the author's machine (the sandbox has the working directory and /tmp only).
_HOST_PATH = re.compile(r"(?<![\w.$/-])(?:~/|/(?:Users|home|mnt|Volumes|opt|srv|var|etc|"
                        r"root|workspace|data)/|[A-Za-z]:[\\/])[\w./\\-]*")
# Programs that only print their arguments: their text is a file's words, no path they use.
_PRINTERS = frozenset({"echo", "printf"})
# Any other absolute path, or a climb out of the working directory (`cd /tmp && mkdir x`):
# what it builds there stays in the setup's own container.
_ELSEWHERE = re.compile(r"(?<![\w.$/:-])(?:/(?!dev/null\b)[\w.-]+[\w./-]*|\.\.(?:/[\w.-]*)*)"
                        r"(?![\w-])")


def _lines(value: Any) -> list[str] | None:
    """The setup as shell lines, or None when it is no list of commands."""
    if isinstance(value, str):
        value = [line for line in script_lines(value) if not line.lstrip().startswith("#")]
    if not isinstance(value, list) or not value:
        return None
    lines: list[str] = []
    for item in value:
        if isinstance(item, list) and item and all(isinstance(w, str) for w in item):
            lines.append(shlex.join(item))  # an argv, as the harness runs it
        elif isinstance(item, str) and item.strip():
            lines.append(item.strip())
        else:
            return None
    # (a heredoc's body, on the lines after its command, is the file's text, not a sentence)
    if not all(_COMMAND.match(line) and not _SENTENCE.search(line.split("\n", 1)[0])
               for line in lines):
        return None
    return lines


def _elsewhere(line: str) -> re.Match[str] | None:
    """The first path outside the working directory the line's commands use, read on each
    command's words and redirection targets (quotes removed), never in the text a printer
    writes (`printf '<a></a>' > pom.xml`: its `/a` is markup, no path)."""
    for each in commands(line):
        words = [*([] if each.program in _PRINTERS else each.words),
                 *(r.target for r in each.redirects if not r.op.startswith("<<"))]
        for word in words:  # (a substitution stands as `$(...)` in its word: no climb)
            found = _ELSEWHERE.search(word.replace("$(...)", "").replace("<(...)", ""))
            if found is not None:
                return found
    return None


def scratch_folder(line: str) -> str | None:
    """The folder a setup line makes and then enters before anything else (`mkdir -p
    /tmp/eval-x/src && cd /tmp/eval-x && git init && ...`): the authors' harness builds a
    fresh workspace there and runs the agent in it, so it is the working directory, never a
    place outside it. Read on the line's commands (runner.authoring.shell_words): only
    `mkdir` before the `cd`, and the folder entered is one it made (or holds one)."""
    made: list[str] = []
    for each in commands(line):
        args = [w for w in each.words[1:] if not w.startswith("-")]
        if each.program == "mkdir" and not each.redirects:
            made += args
            continue
        if each.program != "cd" or len(args) != 1 or not made:
            return None
        folder = args[0].rstrip("/")
        fresh = folder.startswith("/") and folder.count("/") >= 2 and not _HOST_PATH.match(
            folder) and any(m.rstrip("/") == folder or m.startswith(folder + "/") for m in made)
        return folder if fresh else None
    return None


def in_working_directory(line: str) -> str:
    """The line with its scratch folder (`scratch_folder`) as the working directory:
    `/tmp/eval-x/src` is `./src`, `/tmp/eval-x` is `.`; any other line as it is."""
    folder = scratch_folder(line)
    if folder is None:
        return line
    return re.sub(re.escape(folder) + r"(/|(?![\w.-]))",
                  lambda m: "./" if m.group(1) else ".", line)


def why_not_runnable(line: str) -> str | None:
    """Why a setup line cannot run in the sandbox before the session, or None."""
    offline = script_problem(line)
    if offline is not None:
        return offline
    away = _elsewhere(line)
    if away is not None:
        return (f"it works in {away.group(0)!r}, outside the working directory, which is all "
                "the session shares")
    blank = placeholders(line)
    if blank:
        return f"it holds {blank[0]!r}, a blank the author's harness fills in"
    started = [w for c in commands(line) for w in (*c.wrappers, c.program) if w is not None]
    lacking = [w for w in started if w not in IMAGE_COMMANDS | _BUILDING
               and not w.startswith(("./", "../")) and "/" not in w]
    if lacking:
        return f"it starts {lacking[0]!r}, which the sandbox image lacks"
    return None


def _teardown(case: Case, problems: Problems) -> Case:
    """A teardown of shell lines (what the harness runs after a case to clean up): nothing
    for a trial to run, since each trial's working directory and containers are discarded
    after it; read and said (EV012), not kept as a field no rule reads."""
    for key in TEARDOWN_KEYS:
        lines = _lines(case.extra.get(key))
        if lines is None:
            continue
        problems.tally("EV012", case.id, f"`{key}`: the harness's clean-up after a case; not "
                       "run, as each trial's working directory is discarded after it",
                       "none needed")
        return case.model_copy(update={"extra": {k: v for k, v in case.extra.items()
                                                 if k != key}})
    return case


# A setup written as a path to the authors' own script (`.claude/skills/x/evals/scripts/
# setup-card.sh`, `evals/setup.py`): one path, a script's extension, nothing else on the line.
_SCRIPT_PATH = re.compile(r"^(?:\./)?(?:\.?[\w-]+/)+[\w.-]+\.(?:sh|bash|py)$")


def read_setup(case: Case, problems: Problems) -> Case:
    """The case with its setup field read as the lines to run before the session (EV012), or
    flagged as a setup no arm can have (EV014); a field that is no command is left as it is.
    A teardown of shell lines is read too (`_teardown`)."""
    case = _teardown(case, problems)
    for key in SETUP_KEYS:
        value = case.extra.get(key)
        if isinstance(value, str) and _SCRIPT_PATH.match(value.strip()):
            # the authors' harness runs it from their checkout (it copies their fixtures in,
            # plants what the case works on); its folder is not staged with the case
            problems.report(OUTSIDE, case.id, f"`{key}` names the authors' script "
                            f"{value.strip()}, which their harness runs before the agent starts "
                            "to build the case's material; it is not run here, so the case "
                            "starts without what it plants and no arm can do it as written",
                            "give what the script builds as fixtures (evals/files/<name>/, "
                            "listed in `files`), or write its commands as the setup's lines")
            return case.model_copy(update={"extra": {k: v for k, v in case.extra.items()
                                                     if k != key}})
        lines = _lines(value)
        if lines is None:
            continue
        extra = {k: v for k, v in case.extra.items() if k != key}
        scratch = [folder for line in lines if (folder := scratch_folder(line))]
        lines = [in_working_directory(line) for line in lines]
        why = next(((line, w) for line in lines if (w := why_not_runnable(line))), None)
        if why is not None:
            problems.report(OUTSIDE, case.id, f"`{key}` builds the working directory before "
                            f"the agent starts, and `{why[0][:80]}` cannot run in the sandbox: "
                            f"{why[1]}; the case would start without what it builds, so no "
                            "arm can do it as written (its setup is not run)",
                            "give the workspace it builds as fixtures (evals/files/<name>/, "
                            "listed in `files`), or a setup that runs offline in the "
                            "working directory")
            return case.model_copy(update={"extra": extra})
        made = (f"; the scratch folder it makes and enters ({', '.join(scratch)}) is the "
                "working directory, where the agent works in it" if scratch else "")
        problems.report("EV012", case.id, f"`{key}` read as the case's setup: {len(lines)} "
                        f"command(s) run in the working directory before the agent starts, "
                        f"in the sandbox, without network ({'; '.join(lines)[:120]}){made}",
                        "none needed")
        return case.model_copy(update={"extra": extra,
                                       "setup_run": (*case.setup_run, *lines)})
    return case


# A script at the top of a workspace folder that may build it.
_SCRIPT = re.compile(r"(?i)^(?:setup|set_up|scaffold|bootstrap|prepare|seed|init)[\w-]*"
                     r"\.(?:sh|bash|py)$")
# A note saying the harness runs it before the agent does.
_HARNESS_RUNS = re.compile(
    r"(?i)\b(?:run|ran|executed|invoked|called|sourced)\s+by\s+the\s+(?:eval\s+)?"
    r"(?:harness|runner|test\s+runner)\b|\bthe\s+(?:eval\s+)?(?:harness|runner)\s+"
    r"(?:runs|executes|invokes|calls)\b|\bbefore\s+(?:each|every)\s+(?:case|run|eval|trial)\b")
_INTERPRETER = {".sh": "sh", ".bash": "bash", ".py": "python3"}
_NOTES = frozenset({".md", ".txt", ""})


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")[:20_000]
    except OSError:
        return ""


def folder_setup(case: Case, folder: Path, given: str, problems: Problems) -> Case:
    """A workspace folder's own setup script that its notes say the harness runs: the case's
    setup (EV012), or the case flagged when it cannot run offline (EV014)."""
    scripts = sorted(p for p in folder.glob("*") if p.is_file() and _SCRIPT.match(p.name))
    notes = " ".join(_read(p) for p in folder.glob("*") if p.is_file()
                     and p.suffix.lower() in _NOTES and not _SCRIPT.match(p.name))
    for script in scripts:
        text = _read(script)
        head = "\n".join(text.splitlines()[:15])  # the script's own header comment
        if not (_HARNESS_RUNS.search(head) or _HARNESS_RUNS.search(notes)
                and re.search(rf"(?<![\w.-]){re.escape(script.name)}(?![\w-])", notes)):
            continue
        line = f"{_INTERPRETER[script.suffix.lower()]} {shlex.quote(script.name)}"
        why = next((w for t in script_code(text) if (w := script_problem(t))), None)
        if why is not None:
            problems.report(OUTSIDE, case.id, f"{given}/{script.name} builds the working "
                            "directory before the agent starts (its notes say the harness "
                            f"runs it), and it cannot run in the sandbox: {why}; the case "
                            "would start without what it builds, so no arm can do it as "
                            "written (not run)", "commit the workspace it builds in the "
                            "fixture folder, or make the script run offline")
            return case
        problems.report("EV012", case.id, f"{given}/{script.name}: the workspace's setup "
                        "script (its notes say the harness runs it): run as `" + line + "` "
                        "in the working directory before the agent starts, in the sandbox, "
                        "without network", "none needed")
        return case.model_copy(update={"setup_run": (*case.setup_run, line)})
    return case


# A here-document's opening (`cat > README.md <<'EOF'`): the lines up to its tag are text the
# script writes, never commands (a README's `pnpm install` needs no network to be written).
_HEREDOC = re.compile(r"<<(-?)\s*(['\"]?)([\w.-]+)\2")


def script_code(text: str) -> list[str]:
    """A shell script's command lines: no comments, no here-document bodies."""
    code: list[str] = []
    closing: tuple[str, bool] | None = None
    for line in text.splitlines():
        if closing is not None:
            if (line.lstrip("\t") if closing[1] else line) == closing[0]:
                closing = None
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        code.append(line)
        opened = _HEREDOC.search(line)
        if opened is not None:
            closing = (opened.group(3), opened.group(1) == "-")
    return code


def script_problem(line: str) -> str | None:
    """Why a script's line cannot run offline in the sandbox (its own commands may be any)."""
    network = shell_problem(line)
    if network is not None and "network" in network:
        return network.replace("the grader's container", "the sandbox")
    host = _HOST_PATH.search(line)
    return None if host is None else f"it reads {host.group(0)!r}, a path on the author's machine"
