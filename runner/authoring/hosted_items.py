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

from runner.schema.case import Case

# A hosted object's link: a repository's path, then the object's kind and number (GitHub's
# `pull`, `issues`, `actions/runs`; GitLab's `-/merge_requests`, `-/pipelines`).
_LINK = (r"https?://[\w.-]+/[\w.-]+/[\w.-]+/(?:-/)?(?:pull|pulls|issues|merge_requests|"
         r"pull-requests|actions/runs|pipelines|discussions)/\d+")
# The object by its number: "PR #1", "pull request 57", "MR !12", "issue #217" (an issue
# needs its "#": "issue 3" may be a magazine's).
_NUMBERED = (r"\b(?:PRs?|MRs?|pull\s+requests?|merge\s+requests?)\s*[#!]?\d+"
             r"|\b(?i:issues?|bugs?)\s*#\d+")
# The service's open set or its board: "our open dependabot PRs", "all open issues", "the
# next issue off the board".
_OPEN_SET = (r"\b(?i:our|my|the|all(?:\s+the)?|all\s+our)\s+(?i:open|pending|outstanding|"
             r"failing|unmerged)\s+(?:[\w-]+\s+){0,2}?(?:PRs|(?i:pull\s+requests|issues|"
             r"merge\s+requests)|MRs)\b"
             r"|\b(?i:next|top|oldest|first)\s+(?i:issue|ticket|PR|task)\s+(?i:off|on|from)\s+"
             r"(?i:the|our|my)\s+(?:[\w-]+\s+)?(?i:board|backlog)\b")
_OBJECT = re.compile(rf"{_LINK}|{_NUMBERED}|{_OPEN_SET}")
# Context, not the work: a relative clause or a comparison before the reference in its
# clause ("a change that fixes issue #12", "like PR #40", "as we did in PR #3").
_CONTEXT = re.compile(r"(?i)\b(?:(?:that|which)\s+(?:\w+s|\w+ed)|like|unlike|similar\s+to|"
                      r"as\s+(?:in|we\s+did\s+in)|since|after|before)\b"
                      r"[^.;:!?\n,]*$")
# A question asking how: answered in words.
_HOW = re.compile(r"(?i)^\s*(?:how\s+(?:do|does|should|would|can)|what\s+is\s+the\s+best\s+way|"
                  r"explain|describe\s+how)\b")


def hosted_objects(case: Case, request: str, in_project: bool = False) -> list[str]:
    """The hosted objects `request` (the prompt's own words) acts on, when the case stages no
    file and pastes no block that could hold a copy. A case run in its skill's project
    (`in_project`) carries the project's files inline: a checkout, never the object's copy."""
    staged = case.files or (not in_project and case.inline_files)
    if staged or "```" in case.prompt or _HOW.search(request):
        return []
    found = []
    for match in _OBJECT.finditer(request):
        before = re.split(r"[.;:!?\n]", request[:match.start()])[-1]
        if _CONTEXT.search(before):
            continue
        found.append(" ".join(match.group(0).split()))
    return list(dict.fromkeys(found))
