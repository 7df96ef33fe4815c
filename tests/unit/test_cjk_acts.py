"""A Chinese phrase under a list of what the work must hold that tells an act of the work
("生成新的 G0 包版本", "在权利解决前阻断候选图片生成", "只等待一次拍板") is a statement for the
grader, never a substring the answer must repeat word for word; a short term ("风险提示",
"对比表") stays text to find (runner.authoring.short_claims `CJK_ACT`, `CJK_ACT_ANY`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.short_claims import short_claim
from tests.helpers import check_json, write_data, write_skill_md


@pytest.mark.parametrize(("text", "act"), [
    ("生成新的 G0 包版本", True), ("只等待一次 G0 拍板", True), ("记录确认版本与锁定项", True),
    ("风险提示", False), ("生成器", False), ("G0 包", False), ("为什么", False),
    # a compound noun opening with a verb: a title or a term, no act
    ("更新日志", False), ("风险评估报告", False), ("检查清单", False),
])
def test_an_act_opening_a_short_phrase_is_a_claim(text: str, act: bool) -> None:
    assert short_claim(text) is act


def test_acts_under_must_are_statements_and_terms_stay_texts(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "comic-plan", "comic-plan",
                           "Use when asked to plan a four-panel comic.")
    write_data(skill / "evals" / "evals.json", {"evals": [{
        "id": "g0", "prompt": "我想做一组四格漫画，先帮我落地。",
        "must": ["生成新的 G0 包版本", "在权利解决前阻断候选图片生成", "风险提示", "对比表"]}]})
    (case,) = check_json(skill)["cases"]
    kinds = {c["entry"]: c["kind"] for c in case["checks"]}
    assert kinds["风险提示"] == "assertion" and kinds["对比表"] == "assertion", kinds
    assert all(kinds.get(t) != "assertion" for t in ("生成新的 G0 包版本",
                                                     "在权利解决前阻断候选图片生成")), kinds
