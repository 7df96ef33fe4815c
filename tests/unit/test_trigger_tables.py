"""Trigger queries written as Markdown tables in a file named for triggers (issue 26): each row
of a table with a prompt column and an expected column is a query, its side read from the
cell's opening words; a heading naming one skill in backticks gives its tables to that skill;
a table of anything else is not read as queries."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.triggers.queries import load_trigger_set
from runner.triggers.tables import table_queries, table_side
from tests.helpers import check_cli, write_skill_md

TABLES = """# Trigger checks

Run each prompt in a fresh session and note which skill loaded.

### `timesheet`: explicit trigger only

| Prompt | Expected |
|--------|----------|
| `/timesheet` | MUST load |
| "log my hours for yesterday from the commits" | MUST load |
| "how long did I spend on this project today?" | MUST NOT (asking is not logging) |

### `release-notes`

| # | User prompt | Should trigger? |
|---|-------------|-----------------|
| 1 | draft the release notes for v2.3 | ✅ yes |
| 2 | what changed in the `parser` module? | ❌ no, a question |

## Manual matrix (not queries)

| Prompt | Expected recipe | Notes |
|--------|-----------------|-------|
| set up a blog | blog-starter | two stages |
"""


def collection(tmp_path: Path) -> Path:
    root = tmp_path / "kit"
    write_skill_md(root / "skills" / "timesheet", "timesheet",
                   "Reconstructs and logs worked hours. Use only when invoked as /timesheet.")
    write_skill_md(root / "skills" / "release-notes", "release-notes",
                   "Drafts release notes from merged changes. Use when asked for release notes.")
    (root / "evals").mkdir()
    (root / "evals" / "skill-triggering.md").write_text(TABLES)
    return root


def test_each_row_is_a_query_of_the_skill_its_heading_names(tmp_path: Path) -> None:
    root = collection(tmp_path)
    timesheet = load_trigger_set(root / "skills" / "timesheet", "timesheet")
    assert [(q.prompt, q.should_trigger) for q in timesheet.queries] == [
        ("/timesheet", True), ("log my hours for yesterday from the commits", True),
        ("how long did I spend on this project today?", False)]
    notes = load_trigger_set(root / "skills" / "release-notes", "release-notes")
    assert [(q.prompt, q.should_trigger) for q in notes.queries] == [
        ("draft the release notes for v2.3", True),
        ("what changed in the `parser` module?", False)]


def test_check_accepts_each_skill_as_a_trigger_set(tmp_path: Path) -> None:
    root = collection(tmp_path)
    out = check_cli(str(root))
    assert out.exit_code == 0, out.output
    flat = " ".join(out.output.split())
    assert "timesheet: trigger set only (3 queries: 2 should trigger, 1 should not)" in flat
    assert "release-notes: trigger set only (2 queries: 1 should trigger, 1 should not)" in flat
    assert "not read: " not in flat  # the tables' file is the set, not notes beside it


def test_a_table_of_anything_else_is_no_query() -> None:
    assert table_queries("| Prompt | Expected recipe |\n|---|---|\n| set up a blog | blog |\n") \
        == []
    assert table_queries("| Step | Expected |\n|---|---|\n| build | MUST pass |\n") == []
    assert [table_side(c) for c in ("MUST load", "must not", "**No**", "✅", "Should fire",
                                    "blog-starter")] == [True, False, False, True, True, None]


def test_a_modal_alone_says_no_side_and_a_sub_heading_keeps_its_skill() -> None:
    """"Should stay out", "Must be ignored" stay out; a heading's flag or file in backticks is
    no skill, a sub-heading under a skill's heading keeps it, the side column is the one whose
    cells are all sides, and a prompt keeps its inline HTML."""
    assert [table_side(c) for c in ("Should stay out", "Must be ignored", "Should load",
                                    "Doesn’t load", "Won't trigger", "Loaded")] == [
        False, False, True, False, False, True]
    text = ("## `alpha`\n\n### Should load\n\n| Prompt | Expected route | Should trigger? |\n"
            "|---|---|---|\n| convert <div> to JSX | alpha | yes |\n| do beta | beta | no |\n\n"
            "## Cases with `--dry-run`\n\n| Prompt | Expected |\n|---|---|\n"
            "| run it dry | MUST load |\n")
    assert table_queries(text) == [
        {"prompt": "convert <div> to JSX", "should_trigger": True, "note": "yes",
         "skill": "alpha"},
        {"prompt": "do beta", "should_trigger": False, "note": "no", "skill": "alpha"},
        {"prompt": "run it dry", "should_trigger": True, "note": "MUST load"}]


def test_a_routing_table_in_a_test_folder_is_each_skills_trigger_queries(
        tmp_path: Path) -> None:
    """A Markdown table whose expected column names the skill each prompt should reach
    (`| S1 | <prompt> | \\`scope\\` |`, a header in any language: 期望), in a repository's
    test folder named for triggering: each skill's queries (its rows fire it, the others'
    do not); before, no layout looked there and the table was no trigger table."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    for name in ("scope", "build"):
        write_skill_md(root / name, name, f"Handles the {name} step of a design.")
    table = root / "tests" / "skill-triggering"
    table.mkdir(parents=True)
    (table / "cases.md").write_text(
        "# 触发测试用例\n\n| # | Prompt | 期望 |\n|---|---|---|\n"
        "| S1 | 帮我看看这份需求文档要做哪些页面 | `scope` |\n"
        "| B1 | 生成一个用户列表页，要有筛选和分页 | `build` |\n"
        "| B2 | 做一个数据概览 Dashboard | `build` |\n", encoding="utf-8")
    got = check_cli(str(root / "build"))
    assert got.exit_code == 0, got.output
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in got.output


LISTS = """# Trigger Tests - sku builder

These tests are for the skill itself.

## Should Trigger

- "turn this new product into a SKU skill"
- "migrate this old SKU skill to the standard package" (the migration path)
- make a validator for this SKU skill
  - a nested note, not a query

## Should Not Trigger

- "only write one social post"
- "Don't build a skill, just summarise the selling points" — no skill wanted

## Boundary Cases

- "check whether this package can be shared" is for the reviewer to decide
"""


def test_lists_under_side_headings_are_queries() -> None:
    assert [(q["prompt"], q["should_trigger"]) for q in table_queries(LISTS)] == [
        ("turn this new product into a SKU skill", True),
        ("migrate this old SKU skill to the standard package", True),
        ("make a validator for this SKU skill", True),
        ("only write one social post", False),
        ("Don't build a skill, just summarise the selling points", False)]
    # a sentence opening like a side is prose, never a list's side
    assert table_queries("## Should trigger whenever a user asks for a deck\n\n- a\n") == []


def test_a_trigger_page_in_the_skills_references_is_its_trigger_set(tmp_path: Path) -> None:
    """`references/trigger-tests.md` (a name saying it holds cases) is the skill's trigger
    set when no set folder holds one; its neighbours are the skill's own documents, never
    notes beside the set; a guide named otherwise (`triggering.md`) is never read as one."""
    skill = write_skill_md(tmp_path / "sku-builder", "sku-builder",
                           "Builds SKU skills from product briefs. Use when asked for one.")
    (skill / "references").mkdir()
    (skill / "references" / "trigger-tests.md").write_text(LISTS)
    (skill / "references" / "workflow.md").write_text("# Workflow\n\n1. Read the brief.\n")
    out = check_cli(str(skill))
    assert out.exit_code == 0, out.output
    flat = " ".join(out.output.split())
    assert "trigger set only (5 queries: 3 should trigger, 2 should not)" in flat
    assert "workflow.md" not in flat
    (skill / "references" / "trigger-tests.md").rename(skill / "references" / "triggering.md")
    assert "trigger set only" not in " ".join(check_cli(str(skill)).output.split())


@pytest.mark.parametrize(("fires", "stays", "prompt_header"), [
    ("Должен срабатывать", "Не должен срабатывать", "формулировка"),
    ("应该触发", "不应触发", "用户输入"),
    ("Should trigger", "Should not trigger", "Phrasing"),
])
def test_a_table_of_prompts_under_a_side_heading_holds_that_sides_queries(
        fires: str, stays: str, prompt_header: str) -> None:
    """A table with a prompt column and no column saying a side (`| phrasing | note |`), under
    a heading that says one, in any of the languages the headings are written in: each row a
    query of the heading's side, the other cells its note."""
    text = (f"# Trigger log\n\nIntro prose.\n\n## {fires}\n\n| {prompt_header} | note |\n"
            "|---|---|\n| «сделай рабочий лист» | base |\n| make a worksheet on pressure | "
            f"plain |\n\n## {stays}\n\n| {prompt_header} | why |\n|---|---|\n"
            "| what is pressure? | a question |\n")
    assert [(q["prompt"], q["should_trigger"]) for q in table_queries(text)] == [
        ("сделай рабочий лист", True), ("make a worksheet on pressure", True),
        ("what is pressure?", False)]


def test_a_table_under_a_title_stays_no_queries() -> None:
    text = "## Trigger log\n\n| phrasing | note |\n|---|---|\n| make a worksheet | base |\n"
    assert table_queries(text) == []


def test_a_side_column_wins_over_a_heading_and_reads_yes_no_words() -> None:
    zh = ("## 触发场景\n\n| 用户输入 | 是否触发 |\n|---|---|\n| 帮我做周报 | 是 |\n"
          "| 今天天气 | 否 |\n")
    assert [(q["prompt"], q["should_trigger"]) for q in table_queries(zh)] == [
        ("帮我做周报", True), ("今天天气", False)]
    ru = ("# Срабатывание\n\n| запрос | срабатывает |\n|---|---|\n| сделай лист | да |\n"
          "| что такое давление | нет |\n")
    assert [q["should_trigger"] for q in table_queries(ru)] == [True, False]
    # a side column with a cell no side reads: not a table of queries, never the heading's side
    mixed = ("## Should trigger\n\n| Prompt | Should trigger? |\n|---|---|\n| a | yes |\n"
             "| b | no |\n| c | depends |\n")
    assert table_queries(mixed) == []


def test_a_bug_logs_issue_column_is_no_prompt_column() -> None:
    log = ("## 触发场景\n\n| 问题 | 预期行为 | 实际 |\n|---|---|---|\n"
           "| 登录失败 | 提示重试 | 崩溃 |\n")
    assert table_queries(log) == []
