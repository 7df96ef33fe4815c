"""Objects of a code-hosting service a case acts on (issue 26, rule 6): a pull request, an
issue, a merge request or a CI run, named by its number ("issue #217", "PR #1"), by its link
(`https://github.com/o/r/pull/57`), or as the service's open set ("our open dependabot PRs",
"the next issue off the board"). Only the live service holds them; the sandbox has no network
and no `gh` login, so a case whose task works on one and which stages no copy of it (a diff, a
description, a pasted block) cannot pass in any arm.

Read by the format of the reference and the grammar around it, never by a list of products: a
reference inside a relative clause or a comparison is context ("a change that fixes issue #12",
"like PR #40"), and a question asking how is answered in words.
"""

from __future__ import annotations

import re
from functools import lru_cache

from runner.schema.case import Case

# A hosted object's link: a repository's path, then the object's kind and number (GitHub's
# `pull`, `issues`, `actions/runs`; GitLab's `-/merge_requests`, `-/pipelines`).
_LINK = (r"https?://[\w.-]+/[\w.-]+/[\w.-]+/(?:-/)?(?:pull|pulls|issues|merge_requests|"
         r"pull-requests|actions/runs|pipelines|discussions)/\d+")
# The object by its number: "PR #1", "pull request 57", "MR !12", "issue #217" (an issue
# needs its "#": "issue 3" may be a magazine's).
# (a range or a share is a score: "score our PR 0-100"; a dash then words is a clause,
# "PR #15 - the bot's PR stays open")
_NUMBERED = (r"(?:\b(?:PRs?|MRs?|pull\s+requests?|merge\s+requests?)\s*[#!]?\d+"
             r"|\b(?i:issues?|bugs?)\s*#\d+)(?![\d.,]*\s*(?:[-–]\s*\d|%|to\s+\d))")
# The service's open set or its board: "our open dependabot PRs", "all open issues", "the
# next issue off the board".
_OPEN_SET = (r"\b(?i:our|my|the|all(?:\s+the)?|all\s+our)\s+(?i:open|pending|outstanding|"
             r"failing|unmerged)\s+(?:[\w-]+\s+){0,2}?(?:PRs|(?i:pull\s+requests|issues|"
             r"merge\s+requests)|MRs)\b"
             r"|\b(?i:next|top|oldest|first)\s+(?i:issue|ticket|PR|task)\s+(?i:off|on|from)\s+"
             r"(?i:the|our|my)\s+(?:[\w-]+\s+)?(?i:board|backlog)\b")
_OBJECT = re.compile(rf"{_LINK}|{_NUMBERED}|{_OPEN_SET}")
# Context, not the work: a relative clause or a comparison before the reference in its
# clause ("a change that fixes issue #12", "like PR #40", "as we did in PR #3"), a citation
# ("Reference PR: <link>", "see issue #4"), or the state the user works in ("I'm mid-fix with
# PR #214 open"). A reference inside parentheses labels what is told ("PR #312 adds the
# template (<link>)").
_CONTEXT = re.compile(r"(?i)\b(?:(?:that|which)\s+(?:\w+s|\w+ed)|like|unlike|similar\s+to|"
                      r"as\s+(?:in|we\s+did\s+in)|since|after|before|with|reference|related|see|cf)\b"
                      r"[^.;:!?\n,]*$")
# The object told in the prompt, its content handed over: a colon then its text in its clause,
# or right after it a dash then its text, or a quoted title ("Issue #342 in our API: the
# export drops a row", "issue #518: 'Add editing'"); the reference the subject of a verb
# telling its content ("issue #123 says ...", "Issue #455 was filed asking for rate limits"),
# unless a question asks it ("check whether PR #5 is green"); or a later sentence about it ("The PR
# adds 4 icons", "The issue is labeled needs-spec").
_TOLD_AFTER = re.compile(r"^[^.;!?\n]*?[:：]\s*\S|^\s*(?:[—–-]\s+\S|['\"“‘「])"
                         r"|^\s*(?:(?:was|is|has\s+been)\s+(?:filed|opened|raised)\s+|"
                         r"(?:already\s+)?)(?:says|asks|reports|describes|requests|proposes|adds|"
                         r"touches|changes|modifies|contains|is\s+labell?ed|has|wants|needs|"
                         r"asking|requesting|describing|reporting|is|are|was|were|becomes|"
                         r"receives|merges|gets|'s\s+(?:[\w-]+\s+){1,3}(?:is|are|was|has|says))\b"
                         r"|^\s*\((?:merged|closed|opened|filed|landed|shipped|reverted)\b",
                         re.IGNORECASE)
# A sentence told of, not asked: its subject the user or a thing already there, its verb no
# wish ("I fixed the crash reported in issue #42.", "My commit fixes issue #101", "It touches
# /billing through PR 482"); "I need to list the open issues" still asks.
_TOLD_SENTENCE = re.compile(r"^\s*(?:I|I'm|I've|We|We're|We've|My|Our|It|This|That|They|He|"
                            r"She)\s+(?!(?:really\s+|just\s+)?(?:want|need|would|'d|wanna|have\s+to|"
                            r"must|should|am\s+asking|'m\s+asking)\b)")
_TOLD_LATER = re.compile(r"(?:^|[.!?]\s+)(?:The|This|That)\s+(?:PR|MR|issue|pull\s+request|"
                         r"merge\s+request|bug|ticket)\s+(?:is|was|has|adds|touches|changes|"
                         r"modifies|removes|fixes|asks|says|describes|contains|includes|"
                         r"introduces|updates|wants|needs)\b")


_ASKS_STATE = re.compile(r"(?i)\b(?:whether|if)\s*$")
# A labelled citation before the reference on its line ("Reference PR: <link>", "Related
# issue: #4"): where the work came from, not what it works on.
_CITED = re.compile(r"(?i)\b(?:reference|related|see|cf|upstream|original|source)\b[^\n]{0,30}"
                    r"[:：]\s*$")


# A question asking how: answered in words.
_HOW = re.compile(r"(?i)^\s*(?:how\s+(?:do|does|should|would|can)|what\s+is\s+the\s+best\s+way|"
                  r"explain|describe\s+how)\b")


def hosted_objects(case: Case, request: str, in_project: bool = False) -> list[str]:
    """The hosted objects `request` (the prompt's own words) acts on, when the case stages no
    file and pastes no block that could hold a copy. A case run in its skill's project
    (`in_project`) carries the project's files inline: a checkout, never the object's copy."""
    return _objects(case, request, in_project)[0]


def told_objects(case: Case, request: str, in_project: bool = False) -> list[str]:
    """The hosted objects the prompt acts on and tells of in its words ("PR #23 has unresolved
    review threads - help me resolve them", "Auto-merge is not working on PR #15 - the PR stays
    open"): what the user says of it is in the prompt, its live state (checks, threads,
    settings) is not, so a case that needs that state cannot pass; said as a possibility."""
    return _objects(case, request, in_project)[1]


def _objects(case: Case, request: str, in_project: bool) -> tuple[list[str], list[str]]:
    staged = case.files or (not in_project and case.inline_files)
    if staged or "```" in case.prompt or _HOW.search(request):
        return [], []
    found, told = _scan(request)
    return list(found), list(told)


# Both the reach check (hosted objects) and the report (told objects) read the same request:
# scanned once per prompt, the halves kept together.
@lru_cache(maxsize=1024)
def _scan(request: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    found: list[str] = []
    told: list[str] = []
    for match in _OBJECT.finditer(request):
        before = re.split(r"[.;:!?\n]", request[:match.start()])[-1]
        sentence = re.split(r"[.!?](?:\s+|$)|\n|[。！？]", request[:match.start()])[-1]
        line = request[:match.start()].rsplit("\n", 1)[-1]
        after = request[match.end():]
        named = " ".join(match.group(0).split())
        if _CONTEXT.search(before) or _CITED.search(line) or _TOLD_SENTENCE.match(sentence) \
                or sentence.count("(") > sentence.count(")"):
            continue  # context: not what the work is on
        if _TOLD_LATER.search(after) or _TOLD_AFTER.search(after) \
                and not _ASKS_STATE.search(before):
            told.append(named)  # the object told: what the user says of it is in the prompt
            continue
        found.append(named)
    return tuple(dict.fromkeys(found)), tuple(dict.fromkeys(told))


# The hosted repository's own state, which no checkout holds: its settings ("branch
# protection", "the default branch", rulesets, required status checks, the merge queue) and its
# CI runs ("CI is failing on this repo", "the latest push"), named beside the user's repository
# ("this repo", "our repository"). A file that configures them (`.github/CODEOWNERS`, a workflow)
# is work the sandbox holds: not these.
# (a local build or a type checker failing, a linter's ruleset, or the default branch named
# in the repository's own scripts is work on the checkout: no hosted state)
_HOSTED_STATE = re.compile(
    r"(?i)\b(?:branch\s+protection(?:\s+rules?)?|protected\s+branch(?:es)?|"
    r"(?:the\s+)?default\s+branch(?!\s+(?:references?|names?\s+in|in\s+(?:the\s+)?\w+'s)\b)|"
    r"(?:branch|repository|repo)\s+rulesets?|required\s+status\s+checks|merge\s+queue|"
    r"repo(?:sitory)?\s+settings|(?:the\s+)?latest\s+(?:workflow\s+run|pipeline\s+run)|"
    r"(?:CI|GitHub\s+Actions|(?:the\s+)?(?:CI\s+)?workflow|(?:the\s+)?CI\s+pipeline)\s+"
    r"(?:is|are|keeps?)\s+(?:still\s+)?(?:failing|red|erroring|broken|timing\s+out))\b")
_THE_REPO = re.compile(r"(?i)\b(?:this|our|my|the)\s+(?:[\w-]+\s+)?(?:repo|repository)\b")


def hosted_state(case: Case, request: str, in_project: bool = False) -> str | None:
    """The hosted repository's settings or CI runs the request works on, when the case stages
    nothing (a case run in its skill's project carries a checkout, never the settings): what
    names them, or None (see _HOSTED_STATE). A question of how is answered in words."""
    staged = case.files or (not in_project and case.inline_files)
    if staged or "```" in case.prompt or _HOW.search(request) \
            or not _THE_REPO.search(request):
        return None
    found = _HOSTED_STATE.search(request)
    return " ".join(found.group(0).split()) if found else None

