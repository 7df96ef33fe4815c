"""What a project-level skill's case needs that its project cannot give (issue 26, EV014).

A project-level skill's case runs in its project (runner.authoring.whole_project), but what
is staged is the project's files, never its repository: no `.git` (its history, branches,
tags, remote) and no network to push to. And its author's session had the rest of their
machine: a sibling checkout the skill's SKILL.md works in (`~/code/homelab`). A case whose
prompt or criteria need either cannot pass in any arm, and says so before anything is spent.

Read by grammar, not by a list of one repository's words:
- the repository's state, as what a git word governs: `git <log|tag|remote|push|diff|...>`,
  a push as a verb ("commit and push", "push the tag to origin"), tags or commits "since the
  last tag/release", "the latest (stable) tags", "an annotated tag", "derive ... from the
  remote", "uncommitted changes", a request to commit what is already changed ("commit all
  my changes", "全部コミットしといて"; silent when the prompt makes the repository, `git init`);
- a place outside the project: a folder SKILL.md names under the home folder (`~/code/x`,
  `$HOME/x`; never a dot folder, the tools' own settings) whose name the case's words use.

Silent: a case whose setup builds its own repository (`git init`, a seed commit), a
question asking how ("how do I tag a release?"), answered in words, and a prompt that says
to run no commands ("don't run any real commands", "実コマンドは実行せず", "명령을 실행하지
말고"): its answer is a plan in words, and a git command its expected answer names
(`git status --short`) is a step the plan should name, never one the run makes.
"""

from __future__ import annotations

import re
from pathlib import Path

from runner.analysis.wording import unquoted
from runner.schema.case import Case

_GIT_SUBCOMMAND = (r"log|history|tags?|remotes?|push|pull|fetch|diff|status|blame|branch(?:es)?|"
                   r"describe|shortlog|rev-parse|rev-list")
_GIT = re.compile(
    # "git log", "git tags", "the git remote", "latest git tags"
    rf"(?i)\bgit\s+(?:{_GIT_SUBCOMMAND})\b"
    # a push as a verb: "commit and push", "push the tag to origin", "pushes tags"
    r"|\b(?:commit(?:s|ted)?\s+and\s+)push(?:es|ed)?\b"
    r"|\bpush(?:es|ed|ing)?\s+(?:(?:the|a|an|its|all|new|each)\s+)?(?:\w+\s+)?"
    r"(?:to\s+(?:origin|the\s+remote|remote|upstream|github|gitlab)\b|tags?\b|branch(?:es)?\b|"
    r"commits?\b)"
    # tags and commits read from the history: "since the last tag", "latest stable tags"
    r"|\b(?:commits?|changes?|tags?)\s+since\s+(?:the\s+)?(?:last|latest|previous)\s+"
    r"(?:\w+\s+)?(?:tag|release|version)\b"
    r"|\bsince\s+(?:the\s+)?(?:last|latest|previous)\s+(?:git\s+)?(?:tag|release)\b"
    r"|\b(?:latest|last|previous|existing|current)\s+(?:(?:stable|release|version|git)\s+)?"
    r"tags\b"
    r"|\bannotated\s+(?:git\s+)?tag\b"
    # the remote: "derive the project name from git remote", "the origin remote"
    r"|\b(?:from|of|read)\s+(?:the\s+)?(?:git\s+)?remote(?:\s+url)?\b"
    r"|\b(?:uncommitted|unstaged|unpushed)\s+(?:changes|commits|work)\b"
    r"|\bcommit\s+history\b"
    # a request to commit what is already changed: the change is a diff against the history
    # ("commit all my changes", "commit everything"; "全部コミットしといて", "커밋해 줘",
    # "提交所有改动"), never a file the session writes ("commit the new file")
    r"|\bcommit\s+(?:(?:all|every|the|my|our|these|those|your|current|pending|local)\s+)*"
    r"(?:changes|modifications|edits|work)\b|\bcommit\s+(?:everything|it\s+all)\b"
    r"|コミット(?:しといて|しておいて|して|お願い)"
    r"|커밋(?:해\s*줘|해\s*주세요|하고|해)"
    r"|提交(?:一下)?(?:所有|全部)?的?(?:改动|更改|修改|变更)")
# A prompt asking the session to make the repository ("git init", "initialise a git repo").
_OWN_REPOSITORY = re.compile(r"(?i)\bgit\s+init\b|\binitiali[sz]e\s+(?:a\s+|the\s+)?"
                             r"(?:new\s+)?(?:git\s+)?repo(?:sitory)?\b")
# A question asking how: its answer is words, the repository is its topic.
_HOW = re.compile(r"(?i)^\s*(?:how\s+(?:do|can|should|would)|what(?:'s|\s+is)\s+the\s+"
                  r"(?:best\s+)?way)\b")
# A folder under the home folder in SKILL.md (`~/code/homelab`, `$HOME/src/infra`): the path up
# to its first part that is a variable, a placeholder or a file.
# (never a file's name cut at its dot: `~/swim.txt` is a file in the home folder, no place)
_HOME_FOLDER = re.compile(r"(?<![\w.$%/])(?:~|\$HOME|\$\{HOME\})((?:/[A-Za-z0-9_-][\w-]*)+)"
                          r"(?![\w.-]*\.[A-Za-z])")

# A prompt saying to run no commands: a negation governing running (or executing) commands,
# in English, Japanese, Korean and Chinese word order.
_NO_COMMANDS = re.compile(
    r"(?i)\b(?:do\s+not|don't|never|without)\s+(?:actually\s+)?(?:run(?:ning)?|execut(?:e|ing))"
    r"\s+(?:any\s+)?(?:(?:real|actual|live)\s+)?(?:\w+\s+)?commands?\b"
    r"|(?:実|実際の)?コマンド(?:は|を)?(?:一切)?実行(?:せず|しない|しないで|禁止)"
    r"|(?:실제\s*)?명령(?:어)?(?:을|를|은|는)?\s*(?:실제로\s*)?실행하지"
    r"|(?:不要|不|别|勿)(?:实际)?(?:执行|运行)(?:任何)?(?:真实的?|实际的?)?(?:命令|指令)")


# "Do not update homelab", "skip homelab": kept out of the place, which every arm can do.
_NEGATED = re.compile(r"(?i)\b(?:do\s+not|don't|does\s+not|doesn't|never|not|no|skips?|"
                      r"without)\b")
_CLAUSE_START = re.compile(r"[.;:!?,](?:\s|$)|\n|\b(?:then|and|but)\b")


def git_needs(case: Case) -> list[str]:
    """The words of the prompt or criteria that need the project's repository (history,
    tags, remote, a push), which the staged project does not carry."""
    if case.setup_run:  # the case builds its own repository
        return []
    prompt = unquoted(case.prompt)
    if _OWN_REPOSITORY.search(prompt):  # the session makes the repository it commits to
        return []
    if _NO_COMMANDS.search(prompt):  # a plan in words: nothing is run, no repository read
        return []
    texts = [t for t in (prompt if not _HOW.search(prompt) else "", case.expected_output,
                         *case.statements, *case.assertions) if t]
    found = [" ".join(m.group(0).split()) for t in texts for m in _GIT.finditer(t)]
    return list(dict.fromkeys(found))


def outside_places(skill_dir: Path) -> dict[str, str]:
    """The folders outside the project that the skill's SKILL.md works in, by their name:
    `homelab` -> `~/code/homelab`; never a dot folder (a tool's settings, runner.authoring.
    reach reads those), nor the project itself."""
    skill_md = skill_dir / "SKILL.md"
    if not skill_md.is_file() or skill_md.is_symlink():
        return {}
    text = skill_md.read_text(encoding="utf-8", errors="replace")
    places: dict[str, str] = {}
    for match in _HOME_FOLDER.finditer(text):
        parts = [p for p in match.group(1).split("/") if p]
        # a file at the end is no folder (`~/notes.md`): its folder is the place
        if parts and "." in parts[-1]:
            parts = parts[:-1]
        if not parts or any(p.startswith(".") for p in parts):
            continue
        # the folder the skill works in: below a workspace folder (`~/code/homelab/apps/x`
        # is homelab's), or the home folder's own child (`~/homelab`); a workspace folder
        # alone (`~/code`) names no place of its own
        if len(parts) == 1 and any(f"/{parts[0]}/" in m.group(1) + "/"
                                   for m in _HOME_FOLDER.finditer(text)
                                   if len(m.group(1).strip("/").split("/")) > 1):
            continue
        kept = parts[:2]
        if len(kept[-1]) >= 3:
            places.setdefault(kept[-1].lower(), "~/" + "/".join(kept))
    return places


def place_needs(case: Case, places: dict[str, str]) -> list[tuple[str, str]]:
    """(the case's word, the place) for each folder outside the project the case's prompt or
    criteria name by its name or path."""
    if not places:
        return []
    text = " ".join([unquoted(case.prompt), case.expected_output, *case.statements,
                     *case.assertions])
    found: list[tuple[str, str]] = []
    for name, path in places.items():
        hits = [h for h in re.finditer(rf"(?i)(?<![\w.-]){re.escape(name)}(?![\w-])", text)
                if not _NEGATED.search(_CLAUSE_START.split(text[:h.start()])[-1])]
        if hits:
            found.append((hits[0].group(0), path))
    return found
