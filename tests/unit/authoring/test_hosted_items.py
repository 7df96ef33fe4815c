"""Issue 26 (sample Q): a case whose task acts on a pull request, an issue or a CI run of a
code-hosting service (by number, by link, or as the open set) and stages no copy of it cannot
pass offline (EV014); a reference that is context, a staged copy or a question of how stays
silent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.hosted_items import hosted_objects
from runner.schema.case import Case
from tests.helpers import check_json, make_skill


def hosted(prompt: str, **more: Any) -> list[str]:
    return hosted_objects(Case(id="c", prompt=prompt, **more), prompt)


def test_objects_by_number_link_and_open_set_are_read() -> None:
    assert hosted("Can you implement issue #88 and open a PR for it?") == ["issue #88"]
    assert hosted("Rewrite the description of https://gitlab.example/acme/web/-/merge_requests/"
                  "12 to follow our template.") == [
        "https://gitlab.example/acme/web/-/merge_requests/12"]
    assert hosted("PR #4 の説明を書いて。") == ["PR #4"]
    assert hosted("please go through our open renovate PRs and say which to merge") == [
        "our open renovate PRs"]
    assert hosted("Take the top issue off the backlog and fix it.") == [
        "top issue off the backlog"]


def test_context_a_staged_copy_and_a_how_question_are_silent() -> None:
    assert hosted("Write the changelog entry for a change that fixes issue #12.") == []
    assert hosted("Add a retry to fetch_all, like PR #40 did for the sync job.") == []
    assert hosted("Describe PR #57 for reviewers.", files=("evals/files/pr-57.diff",)) == []
    assert hosted("How do I link issue #3 from a commit message?") == []
    assert hosted("Summarise this PR #9:\n```diff\n-a\n+b\n```") == []
    assert hosted("Fix the 3 open issues listed in TODO.md") == []


def test_an_object_told_or_cited_is_context() -> None:
    """Its content handed over, the user's own statement, a citation, a label in parentheses,
    a score: no object to fetch."""
    assert hosted("Issue #342 in our billing service: the export drops the last row. Fix "
                  "it.") == []
    assert hosted("Issue #455 was filed asking for rate limits. Start on it.") == []
    assert hosted("Review PR #9. The PR adds two icons and one manifest line.") == []
    assert hosted("I fixed the crash reported in issue #42. Write the commit message.") == []
    assert hosted("My commit fixes issue #101 (a crash). Write its footer.") == []
    assert hosted("Fix the build.\nReference PR: https://github.com/o/r/pull/173") == []
    assert hosted("Ask Sam to review: PR #3 adds a form (https://github.com/o/r/pull/3)") == []
    assert hosted("scan the repo; PR #11's review decision field is null") == []
    assert hosted("From our homepage, score our PR 0-100 and list journalists.") == []
    assert hosted("Grab the next issue off the board and just do it — branch, commit.") == [
        "next issue off the board"]
    assert hosted("I need to triage all open issues before Friday.") == ["all open issues"]
    assert hosted("Check whether PR #5 is green and merge it.") == ["PR #5"]


def test_check_reports_the_object_and_why(tmp_path: Path) -> None:
    cases = [{"id": "pr", "prompt": "Review PR #31 and leave comments on risky lines",
              "expectations": ["The review names the risky lines"]},
             {"id": "ctx", "prompt": "Write release notes for v2; the change that fixed "
              "issue #7 is in notes.md", "files": ["evals/files/notes.md"],
              "expectations": ["The notes mention the fix"]}]
    skill = make_skill(tmp_path, cases, {"evals/files/notes.md": "Fixed the login loop.\n"},
                       name="pr-helper", skill_md="---\nname: pr-helper\ndescription: Helps "
                       "with pull requests. Use when asked to review a PR.\n---\nBe brief.\n")
    found = {f["case"]: f["message"] for f in check_json(skill)["findings"]
             if f["code"] == "EV014"}
    assert set(found) == {"pr"}, found
    assert "'PR #31'" in found["pr"] and "no `gh` login" in found["pr"]
