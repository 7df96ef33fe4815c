"""Issue 26 (sample E): a claim in another language that the agent ran a script, a function or
a command it names is graded on the tool calls, as the English one is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from runner.cli import main
from runner.scoring.on_calls import on_calls

CALLS_ONLY = "tool calls with their results only"


@pytest.mark.parametrize("statement", [
    "使用 ledger_sum.py 汇总账单",
    "调用 `load_rows()`",
    "运行 tools/tally.py",
    "スクリプト tally.py を実行する",
    "ejecuta `tally.py` con el archivo",
    "führt tally.py aus",
    "запускает tally.py",
    "utilise le script tally.py",
    "chama `load_rows()` antes de responder",
    "先把 tally.py 运行一遍",     # 把 moves the object before the verb
    "用 scripts/tally.py 运行汇总",  # 用 the instrument
    "load_rows() を使用する",      # a function alone may be a tool
])
def test_another_languages_run_claim_is_graded_on_the_calls(statement: str) -> None:
    assert on_calls(statement)


@pytest.mark.parametrize("statement", [
    "解释如何运行脚本",          # explains how to run it: the answer
    "推荐使用 tally.py",         # recommends it: the answer
    "使用表格",                  # a table: nothing named
    "explica cómo ejecutar tally.py",
    "usa una tabla clara",
    "The report covers USA sales in sales.csv",  # English: "USA" is no verb
    "Mentions the tally.py output",
    "The executive summary names scripts/tally.py",  # English words that open like a verb
    "Cites the appellate ruling in the tool's notes",
    # mentions it: the answer names the call a rejected design made, nothing was run
    "기각된 대안(scripts/tally.py 직접 호출)과 그 이유를 언급한다",
    "scripts/tally.py の直接呼び出しに言及する",
    # a method called on an object is an API the written code uses, not a tool run
    "page.goto('/') を使用し、BASE_URL を手動設定していない",
    "Uses page.goto('/login') in the spec",
])
def test_advice_or_nothing_named_stays_on_all_the_material(statement: str) -> None:
    assert not on_calls(statement)


def test_check_json_reads_a_chinese_run_claim_on_the_calls(tmp_path: Path) -> None:
    skill = tmp_path / "ledger-tally"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: ledger-tally\ndescription: Totals a ledger. Use when asked to total a "
        "ledger.\n---\nRun scripts/tally.py on the ledger.\n")
    (skill / "scripts").mkdir()
    (skill / "scripts" / "tally.py").write_text("print(3)\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [{
        "id": "t", "prompt": "汇总这个账本",
        "assertions": ["运行 scripts/tally.py 汇总账本", "推荐使用 scripts/tally.py"]}]},
        ensure_ascii=False))
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert result.exit_code == 0, result.output
    reads = {c["entry"]: c["reads"] for c in json.loads(result.output)["cases"][0]["checks"]}
    assert CALLS_ONLY in reads["运行 scripts/tally.py 汇总账本"]
    assert CALLS_ONLY not in reads["推荐使用 scripts/tally.py"]


@pytest.mark.parametrize("statement", [
    # the script is what is written; 启动 ("launch") names a feature in the next clause
    "只生成 tally.py 和说明，不含启动和同步功能",
    "输出 report.md；随后说明如何执行",
    "ejecuta la revisión, luego entrega tally.py",
    # English's "execute" is French's too: English's grammar reads it, at the claim's head
    "The guide explains when to execute the script",
    # Chinese names the object after the verb: before it, 调用 is a noun ("the call")
    "检查 Pipeline 是否适配（泛型、sync() 调用）",
    "load_rows() 调用次数减少",
    "Provides steps to execute tally.py safely",
])
def test_a_run_verb_governs_only_its_own_clause(statement: str) -> None:
    assert not on_calls(statement)


def test_check_reads_a_file_written_beside_a_run_verb_on_all_the_material(
        tmp_path: Path) -> None:
    skill = tmp_path / "ledger-tally"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: ledger-tally\ndescription: Totals a ledger. Use when asked to total a "
        "ledger.\n---\nWrite tally.py for the ledger.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [{
        "id": "t", "prompt": "写一个汇总账本的脚本",
        "assertions": ["只生成 tally.py 和说明，不含启动和同步功能",
                       "使用 tally.py 汇总账本"]}]}, ensure_ascii=False))
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert result.exit_code == 0, result.output
    reads = {c["entry"]: c["reads"] for c in json.loads(result.output)["cases"][0]["checks"]}
    assert CALLS_ONLY not in reads["只生成 tally.py 和说明，不含启动和同步功能"]
    assert CALLS_ONLY in reads["使用 tally.py 汇总账本"]


def test_check_reads_a_method_the_written_spec_uses_on_all_the_material(tmp_path: Path) -> None:
    skill = tmp_path / "spec-writer"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: spec-writer\ndescription: Writes browser specs. Use when asked for an "
        "e2e test.\n---\nWrite `page.goto('/')` in the spec.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [{
        "id": "t", "prompt": "ログイン画面の E2E テストを書いて",
        "expected_output": "e2e/login.spec.ts が生成される。page.goto('/') を使用する。"}]},
        ensure_ascii=False))
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert result.exit_code == 0, result.output
    reads = [c["reads"] for c in json.loads(result.output)["cases"][0]["checks"]
             if "page.goto" in c["entry"]]
    assert reads and all(CALLS_ONLY not in r for r in reads), reads


@pytest.mark.parametrize("statement", [
    # a Chinese word before an aside in parentheses is prose, no call: 运行时 is "runtime"
    "指出可能是运行时问题(网络/数据/环境/状态)",
    "执行任务补完成定义(装Redis=ping通)",
    # English's noun of the act ("invocation") is no other language's verb of running
    "README shows joinLateral() usage for Table API invocation",
    # a verb of running made a noun by its suffix: 调用方, the caller
    "指出回归风险:调用方可能没改成 await(原 const users = loadUsers() 直接拿数组)",
    # what the code written uses: an API, an interface
    "Uses the correct FK join API with a foreign key extractor function",
    "Uses the Processor API (process() method or Processor/Transformer interface)",
])
def test_prose_before_parentheses_or_a_noun_of_the_act_is_no_run(statement: str) -> None:
    assert not on_calls(statement)


@pytest.mark.parametrize("statement", ["运行get_user(id)", "调用 get_user(id) 获取用户",
                                       "Invoca fetch_rates() antes de responder"])
def test_a_call_written_as_code_after_the_verb_is_still_a_run(statement: str) -> None:
    assert on_calls(statement)
