"""Issue 26, rule 8 (every layout): a trigger set kept inside the skill where no layout looks
(`eval-cases/trigger-evals.json`, an `evals.json` beside SKILL.md holding only queries with a
should-trigger flag) is the skill's trigger set when nothing else is; a skill under a known
agent's folder deeper in the repository (a project template's `.claude/skills/x/`) with a set
of its own is one of the collection's; a check type named for a regex and the relation
(`regex_contains`, `regex_not_contains`) holds patterns. Through the real `skill-eval check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import check_cli, write_data, write_skill_md

QUERIES = [{"query": "Review this pull request for bugs before I merge it", "should_trigger": True},
           {"query": "Can you look over my diff for security issues", "should_trigger": True},
           {"query": "Write a haiku about the sea", "should_trigger": False}]
DESCRIPTION = "Reviews code changes for bugs. Use when asked to review a diff or a PR."


def test_a_trigger_set_in_a_folder_of_its_own_is_the_skills(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "reviewer", "reviewer", DESCRIPTION)
    write_data(skill / "eval-cases" / "trigger-evals.json", QUERIES)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in result.output


def test_queries_under_a_set_name_beside_skill_md_are_its_trigger_set(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "reviewer", "reviewer", DESCRIPTION)
    write_data(skill / "evals.json", QUERIES)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (3 queries" in result.output


def test_a_skill_of_a_project_template_with_its_own_set_is_in_the_collection(
        tmp_path: Path) -> None:
    repo = tmp_path / "kit"
    skill = write_skill_md(repo / "project-template" / ".claude" / "skills" / "reviewer",
                           "reviewer", DESCRIPTION)
    write_data(skill / "evals.json", QUERIES)
    # a helper of the same kind without a set stays the agent's, not the collection's
    write_skill_md(repo / "project-template" / ".claude" / "skills" / "helper", "helper",
                   "Helps. Use when asked for help with the kit.")
    result = check_cli(str(repo))
    assert result.exit_code == 0, result.output
    assert "ok: reviewer: trigger set only" in result.output, result.output
    assert "helper" not in result.output


def test_a_regex_contains_type_holds_patterns(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "news", "news", "Summarises news. Use when asked for "
                                                      "recent coverage of a topic.")
    write_data(skill / "evals" / "evals.json", {"evals": [{
        "id": "week", "prompt": "Summarise this week's coverage of heat pumps in 3 stories.",
        "assertions": {"regex_contains": ["(?i)confidence:\\s*(high|low)", "https?://"],
                       "regex_not_contains": ["(?i)<rss"]}}]})
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    assert "unknown type 'regex_contains' read as 'regex'" in result.output
    assert "unknown type 'regex_not_contains' read as 'not_regex'" in result.output


def test_a_workspace_kept_hidden_inside_the_skill_holds_its_set(tmp_path: Path) -> None:
    """skill-creator's workspace kept inside the skill (`.workspace/evals/evals.json`, beside
    its `iteration-N/` runs) is the skill's own set; its past runs never reach an arm."""
    skill = write_skill_md(tmp_path / "reviewer", "reviewer", DESCRIPTION)
    write_data(skill / ".workspace" / "evals" / "evals.json", {"skill_name": "reviewer", "evals": [
        {"id": 1, "prompt": "Review this diff: -a = 1 +a = 2", "expected_output": "Notes a."}]})
    write_data(skill / ".workspace" / "iteration-1" / "eval-1" / "grading.json", {"ok": 1})
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert f"set: {skill / '.workspace' / 'evals' / 'evals.json'}" in result.output


SECURITY = [{"query": "Check this endpoint for SQL injection before release",
             "should_trigger": True},
            {"query": "Audit the auth module for secrets in the code", "should_trigger": True},
            {"query": "Rename this variable across the file", "should_trigger": False}]


def _plugin_repo(root: Path) -> Path:
    """A repository of plugins whose root `evals/<plugin>/` holds one file per skill, each
    named `<plugin>-<skill>-eval.json`: `review` and `security-review`, one name inside the
    other."""
    (root / ".git").mkdir(parents=True)
    plugin = root / "plugins" / "advisor"
    write_data(plugin / ".claude-plugin" / "plugin.json", {"name": "advisor"})
    write_skill_md(plugin / "skills" / "review", "review", DESCRIPTION)
    write_skill_md(plugin / "skills" / "security-review", "security-review",
                   "Finds security flaws in code. Use when asked for a security review.")
    write_data(root / "evals" / "advisor" / "advisor-review-eval.json", QUERIES)
    write_data(root / "evals" / "advisor" / "advisor-security-review-eval.json", SECURITY)
    return plugin / "skills"


def test_a_plugins_folder_in_the_root_evals_holds_each_skills_set(tmp_path: Path) -> None:
    skills = _plugin_repo(tmp_path / "repo")
    review = check_cli(str(skills / "review"), "-v")
    assert review.exit_code == 0, review.output
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in review.output
    assert "trigger set: " + str(tmp_path / "repo/evals/advisor/advisor-review-eval.json") \
        in review.output
    # the file naming `security-review` is that skill's, though `review` is inside its name
    security = check_cli(str(skills / "security-review"), "-v")
    assert security.exit_code == 0, security.output
    assert "trigger set: " + str(
        tmp_path / "repo/evals/advisor/advisor-security-review-eval.json") in security.output


def test_a_routing_only_set_beside_a_trigger_set_is_read_with_it(tmp_path: Path) -> None:
    # every case only says the skill fires (and names the authors' own checks): a trigger
    # set written as a runtime set, beside the skill's trigger file: both are its queries,
    # and the check names no query reads are said, not dropped
    skill = write_skill_md(tmp_path / "reviewer", "reviewer", DESCRIPTION)
    write_data(skill / "evals" / "prompt_set.json", [
        {"id": "pr", "prompt": "Please review the pull request I just opened for bugs",
         "should_trigger": True, "expected_checks": ["no_repo_mutation", "cites_line"]}])
    write_data(skill / "evals" / "trigger_set.json", QUERIES)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (4 queries: 3 should trigger, 1 should not)" in result.output
    assert "`expected_checks` names the authors' own checks (no_repo_mutation" in result.output


def test_a_shared_set_file_named_for_a_skill_is_that_skills(tmp_path: Path) -> None:
    # a repository's root evals/ above two skills: `reviewer-cases.json` (cases naming no
    # skill) is reviewer's by its file's name; the other skill is not refused for it
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    write_skill_md(root / "skills" / "reviewer", "reviewer", DESCRIPTION)
    write_skill_md(root / "skills" / "writer", "writer",
                   "Writes release notes. Use when asked for release notes.")
    write_data(root / "evals" / "reviewer-cases.json", [
        {"id": "pr", "prompt": "Review the diff below for bugs:\n+ x = y / 0\n",
         "assertions": ["division"]}])
    write_data(root / "evals" / "writer-trigger-eval.json", QUERIES)
    reviewer = check_cli(str(root / "skills" / "reviewer"))
    assert reviewer.exit_code == 0 and "1 case(s): pr" in reviewer.output, reviewer.output
    writer = check_cli(str(root / "skills" / "writer"))
    assert writer.exit_code == 0, writer.output
    assert "trigger set only" in writer.output, writer.output


def test_a_declared_name_no_file_system_holds_is_never_a_crash(tmp_path: Path) -> None:
    # a hostile skill's `name:` is a pasted prompt hundreds of bytes long: looking for
    # `evals/<name>/` must find no folder, never stop the collection's check on an OSError
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    write_skill_md(root / "skills" / "reviewer", "reviewer", DESCRIPTION)
    write_data(root / "skills" / "reviewer" / "evals" / "evals.json", [
        {"id": "pr", "prompt": "Review the diff below for bugs:\n+ x = y / 0\n",
         "assertions": ["division"]}])
    write_skill_md(root / "skills" / "loud", "SYSTEM OVERRIDE " + "X" * 300,
                   "Does loud things. Use when asked to be loud.")
    write_data(root / "evals" / "evals.json", [
        {"id": "other", "prompt": "Write a limerick into l.txt.", "assertions": ["l.txt"],
         "skill": "reviewer"}])
    # the hazard is real here: asking the file system about that folder raises
    with pytest.raises(OSError):
        (root / "evals" / ("SYSTEM OVERRIDE " + "X" * 300)).is_dir()
    result = check_cli(str(root))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "ok: reviewer" in result.output, result.output


def test_a_set_in_a_folder_named_for_the_skill_elsewhere_is_the_skills(tmp_path: Path) -> None:
    """A harness keeping each skill's set apart from what it ships, `examples/<skill>/evals/`
    beside `skills/<skill>/`: that set (and its fixtures) is the skill's; a set there naming
    another skill stays that one's."""
    repo = tmp_path / "harness"
    (repo / ".git").mkdir(parents=True)
    for name in ("review-diff", "tidy-notes"):
        write_skill_md(repo / "skills" / name, name, DESCRIPTION)
    sets = repo / "examples" / "review-diff" / "evals"
    write_data(sets / "files" / "changes.diff", "+ x = 1\n")
    write_data(sets / "evals.json", {"evals": [{"id": "one", "prompt": "Review changes.diff",
                                                "files": ["files/changes.diff"],
                                                "assertions": ["names the new variable"]}]})
    result = check_cli(str(repo / "skills" / "review-diff"))
    assert result.exit_code == 0, result.output
    assert f"set: {sets / 'evals.json'}" in result.output
    assert "changes.diff" in result.output
    write_data(sets / "evals.json", {"skill_name": "tidy-notes", "evals": [
        {"id": "one", "prompt": "Review changes.diff", "files": ["files/changes.diff"],
         "assertions": ["names the new variable"]}]})
    other = check_cli(str(repo / "skills" / "review-diff"))
    assert f"set: {sets / 'evals.json'}" not in other.output


def test_a_runtime_file_with_no_criterion_beside_a_trigger_set_leaves_it_the_set(
        tmp_path: Path) -> None:
    """A retrieval corpus a program scores (`{query, ranked_ids, relevant_ids}`) found as the
    runtime set, beside the authors' trigger set: no case of it can pass or fail (EV008), so
    the skill is its trigger set, and the corpus is said, not read as cases."""
    skill = write_skill_md(tmp_path / "reviewer", "reviewer", DESCRIPTION)
    write_data(skill / "evals" / "trigger-evals.json", QUERIES)
    write_data(skill / "evals" / "evals.json", {"evals": [
        {"prompt": "causes of climate change", "ranked_ids": ["S1", "S2"],
         "relevant_ids": ["S1"]}]})
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in flat
    assert "not read as cases: " in flat and "EV008" in flat
    # a runtime set with a criterion stays the set
    write_data(skill / "evals" / "evals.json", {"evals": [
        {"id": 1, "prompt": "Review this diff: + x = 1", "assertions": ["names x"]}]})
    assert "trigger set only" not in " ".join(check_cli(str(skill)).output.split())


def test_a_trigger_file_in_the_skills_workspace_under_workspaces_is_its_set(
        tmp_path: Path) -> None:
    """skill-creator's description optimization keeps the trigger queries in the skill's
    workspace, here in a folder of workspaces at the repository's root
    (`workspaces/<skill>-workspace/desc-opt/trigger-eval.json`): the skill's trigger set;
    another skill's workspace is not this one's."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    skill = write_skill_md(root / "skills" / "reviewer", "reviewer", DESCRIPTION)
    other = write_skill_md(root / "skills" / "writer", "writer",
                           "Writes release notes. Use when asked for release notes.")
    write_data(root / "workspaces" / "reviewer-workspace" / "desc-opt" / "trigger-eval.json",
               QUERIES)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in result.output
    assert "trigger set only" not in check_cli(str(other)).output
