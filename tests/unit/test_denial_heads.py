"""A statement is an absence only when its head forbids something: a negation that is what
must be reported ("Response confirms no X", "Reports no new findings") or a prefix joined to
its word by a hyphen ("a non-empty email", "the clean no-op conclusion") leaves a statement
that requires something, which needs its quote."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.scoring.absence import states_absence
from tests.helpers import check_verbose, make_skill

REQUIRED = [
    "Response confirms no evaluator-only fields in the prompt-visible body",
    "The response concludes no public source clears the bar",
    "States there is no model code in scope and stops",
    "Reports no new findings",
    "Stops after reporting no new issues",
    "A non-empty email is enough for a valid guest order.",
    "Non-code kinds may opt out only with a written reason.",
    "Warns a non-root user may need manual bootstrapping",
    "Includes the clean no-op conclusion and zero confirmed findings.",
    "No-op handling is documented",
    "Uses zero-capacity channels for the hand-off",  # a compound word after the verb too
    # a failure that is itself a lack: two negations require what it lacks
    "The run avoids this failure: Does not include a 'Risks' section",
    "The run avoids this failure: Missing the Risks section",
    "The run avoids this: Output has no TODO sections left",
    # a negation inside an embedded question ("whether there are unsaved edits") is checked
    "核对是否有未保存的修改",
    "先确认是否没有遗漏的条目",
    # a negation inside a noun phrase: after a conjunction or an object marker, in a word
    # that denies nothing (未知), or a denial beside a second verb clause (，并 / ，且)
    "草稿和不完整的条目移入待办",
    "将未付款订单记为应收",
    "把不适用的字段标为 n/a",
    "采用未知格式的兜底解析",
    "清单不含重复项，并注明来源",
    "数据不足只提醒一次，且没有重复提醒",
]
FORBIDDEN = [
    "No section is left empty",
    "Does not place non-sensitive values under the secret key",
    "no-post-without-approval",                 # a kebab-case label still denies
    "The response does not claim it can invent the rules.",
    "La respuesta no incluye datos",
    "Non inventa dati",
    "The run avoids this failure: Leaves a section empty",
    "The run avoids this: Invent sources.",
    "The run avoids this failure: 在没有用户明确放弃旧 binding 时执行 sessions unbind",
    "未保存任何修改",
    "不把草稿当成定稿",
    "没有继续追问，也没有要求再次确认",
]


@pytest.mark.parametrize("statement", REQUIRED)
def test_a_required_head_is_no_absence(statement: str) -> None:
    assert not states_absence(statement)


@pytest.mark.parametrize("statement", FORBIDDEN)
def test_a_forbidding_head_stays_an_absence(statement: str) -> None:
    assert states_absence(statement)


def test_check_grades_a_reported_negation_on_its_quote(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "audit", "prompt": "Audit the notes for new issues.",
                                   "expectations": ["Reports no new findings",
                                                    "Does not rewrite the notes"]}])
    shown = check_verbose(skill)
    assert ("statement Reports no new findings: grader model: pass only on a verbatim quote"
            in shown)
    assert "statement Does not rewrite the notes: grader model, an absence" in shown


def test_check_grades_a_failure_that_is_a_lack_on_its_quote(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "plan", "prompt": "Write the migration plan.",
                                   "failures": ["Does not include a 'Risks' section",
                                                "Leaves a section empty"]}])
    shown = check_verbose(skill)
    assert ("statement The run avoids this failure: Does not include a 'Risks' section: "
            "grader model: pass only on a verbatim quote") in shown
    assert ("statement The run avoids this failure: Leaves a section empty: grader model, "
            "an absence") in shown


def test_check_grades_a_negation_inside_a_whether_question_on_its_quote(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "save", "prompt": "保存前帮我看一下笔记",
                                   "expectations": ["核对是否有未保存的修改",
                                                    "不改写笔记内容"]}])
    shown = check_verbose(skill)
    assert "statement 核对是否有未保存的修改: grader model: pass only on a verbatim quote" in shown
    assert "statement 不改写笔记内容: grader model, an absence" in shown


def test_check_grades_a_chinese_denial_after_a_frame_of_time_as_an_absence(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "release", "prompt": "帮我准备这次发布的更新日志",
                                   "expectations": ["在用户确认前不写文件、不提交也不推送。",
                                                    "不使用 git add . 暂存全部文件。"]}])
    shown = check_verbose(skill)
    assert "statement 在用户确认前不写文件、不提交也不推送。: grader model, an absence" in shown
    assert "statement 不使用 git add . 暂存全部文件。: grader model, an absence" in shown
