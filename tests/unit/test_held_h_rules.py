"""Rules from the held half of sample H that judges found clear but `check` refused (issue 26):
each through the real CLI, on small sets of our own, with what must stay refused."""

from __future__ import annotations

from pathlib import Path

from click.testing import Result

from tests.helpers import check_cli as check
from tests.helpers import make_skill

SKILL_MD = ("---\nname: release-advisor\ndescription: Advises whether a release chore should "
            "run as an automated loop.\n---\nWeigh the risk, answer with a verdict.\n")


def refusals(result: Result, code: str) -> str:
    return "\n".join(x for x in result.output.splitlines() if f"{code}" in x)


# -- a branch or repository named as where work lands is no input ----------------------------

def test_a_branch_named_as_the_destination_is_no_missing_input(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "merge", "prompt": "A nightly job formats the code and merges the result to our "
         "release branch. Should that be automated?", "assertions": ["verdict"]},
        {"id": "push", "prompt": "Each fix is pushed into my repo by a bot. Is that wise?",
         "assertions": ["verdict"]},
        # the material itself: still refused, the session would not have it
        {"id": "review", "prompt": "Review this branch before it ships.",
         "assertions": ["verdict"]},
        {"id": "inside", "prompt": "Find the flaky test in our repository.",
         "assertions": ["verdict"]}],
        name="release-advisor", skill_md=SKILL_MD)
    result = check(str(skill))
    refused = refusals(result, "EV009")
    assert "'merge'" not in refused and "'push'" not in refused, result.output
    assert "'review'" in refused and "'inside'" in refused, result.output
