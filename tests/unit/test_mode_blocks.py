"""A case written per evaluation mode: a `routing` block holding which skill is expected is
never sent with the prompt (it would hand both arms the answer); an `execution` block of the
case's own fields is read as the case's; a `fixture` object's `path` is its fixture folder and
its `invocation` the case's setup. Through the real `skill-eval check`."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, make_skill

SKILL_MD = ("---\nname: code-looker\ndescription: Reviews code changes. Use when the user "
            "asks for a review of a change.\n---\nReview it.\n")
FILES = {"evals/files/case-1/app.py": "def f():\n    return None\n",
         "evals/files/case-2/setup.sh": "git init -q .\necho hi > a.txt\n"}


def test_mode_blocks_and_a_fixture_object_are_read_as_the_author_meant(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "one", "prompt": "Review the change in app.py; the routing context is below.",
         "routing_context": {"target_skill": "code-looker", "catalog": "current"},
         "routing": {"target_present": {"expected_selected_skill": "code-looker"}},
         "execution": {"expected_output": "Flags the silent None.",
                       "assertions": ["Flags that f returns None silently"]},
         "fixture": {"type": "committed", "path": "evals/files/case-1",
                     "content_hash": "sha256:00"}},
        {"id": "two", "prompt": "Review the latest commit in this repository.",
         "assertions": ["Names the file a.txt"],
         "fixture": {"type": "generator", "path": "evals/files/case-2",
                     "invocation": "bash setup.sh"}}],
        FILES, name="code-looker", skill_md=SKILL_MD)
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "`routing` holds what is expected (expected_selected_skill)" in out
    assert "`routing_context` holds what is expected (target_skill)" in out
    assert "expected_selected_skill" not in out.split("case one", 1)[-1].split("\n")[0]
    assert "statement Flags that f returns None silently" in out
    assert "`execution` holds the case's own fields (expected_output, assertions)" in out
    assert "its `path` (evals/files/case-1) read as the fixture" in out
    assert "its `invocation` as the case's setup" in out
    assert "`setup` read as the case's setup: 1 command(s)" in out


def test_a_material_block_without_expectations_is_still_sent(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "one", "prompt": "Review this change using the context given.",
         "context": {"service": "billing", "language": "python"},
         "assertions": ["billing"]}], name="code-looker", skill_md=SKILL_MD)
    result = check_cli(str(skill), "-v")
    assert "`context` sent with the prompt" in result.output, result.output
