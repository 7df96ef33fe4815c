"""Every check reads the author's operand (issue 26): a statement is an absence only when it
forbids something itself (its main verb negated), never when the negation sits inside what
must be said or done ("points out that X cannot Y", "先A，再B，不要C"); a forbidden item that
is an action in words is a statement for the grader, not a text to find; a task-list
checkbox is no part of a check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.scoring.absence import states_absence
from tests.helpers import check_json as report
from tests.helpers import write_skill_md

ABSENCE = "grader model, an absence"


def _skill_with(tmp_path: Path, name: str, text: str) -> Path:
    skill = write_skill_md(tmp_path / "tea-notes", "tea-notes", 'Writes tea notes. Use when '
                           'asked to "write tea notes".', "Write the notes in the reply.\n")
    (skill / "evals").mkdir()
    (skill / "evals" / name).write_text(text)
    return skill


def _checks(got: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for case in got["cases"] for c in case["checks"]]


# -- rule 1: the negation inside what must be said ----------------------------------------

POSITIVE_WITH_A_NEGATION = [
    "明确指出绿茶不能用沸水冲泡",
    "提醒不要把茶叶放在冰箱里",
    "先说明水温，再给出浸泡时间，不要颠倒顺序",
    "指出 matcha 不是普通绿茶粉",
    "不要只推荐绿茶，而应比较不同茶类的风味",  # 不同 "different" denies nothing
    "Указывает, что чай нельзя заваривать кипятком",
    "Объясняет почему чай не горчит",
    "Explica por qué el té verde no admite agua hirviendo",
    "Explica por que o chá não deve ferver",
    "Indique pourquoi le thé n'est pas amer",
    "Erklärt, warum der Tee nicht bitter ist",
    "Spiega perché il tè non è amaro",
    "Reminds the reader not to boil green tea",
    "Points out that oolong is not a black tea",
    # an infinitive modifies its noun: the topic to cover, never the clause's verb
    "Covers brewing mistakes to avoid",
    "Lists the additives to omit from green tea",
    # a Japanese continuative before a comma opens a positive clause besides the denial
    "page.goto('/') を使用し、BASE_URL を手動設定していない",
    # any godan verb's continuative after its kanji stem does so too (置く -> 置き、)
    "最初に日付を置き、見出しを使わない",
    # a full stop after a word still ends a sentence: the second one must be shown
    "不修改 notes.md. 说明原因",
    # after a frame of time, a verb of saying still makes the negation what must be said
    "在用户确认前说明不能推送",
    # the negation is the contrast of what the work uses, or inside what it knows
    "使用了 oolong_notes.brew 而不是 tea.brew",
    "Uses oolong_notes.brew instead of tea.brew",
    "知道 Darjeeling 没有 first_flush_2020 表",
    # a Japanese noun prefixed by 未 ("unconfirmed"): Japanese denies at the end only
    "確証の弱い所見を未確証として区別している",
    # what alone falls short, then what the work must also do
    "Running the tests alone is not enough: the agent must also fix the test and show the diff.",
    # a lack the work must detect ("检出 ... 缺少"): the detection needs its quote
    "FSM 检出不可达状态或缺少 recovery 路径",
    "找出没有测试的函数",
]


@pytest.mark.parametrize("statement", POSITIVE_WITH_A_NEGATION)
def test_a_negation_inside_what_must_be_said_is_no_absence(statement: str) -> None:
    assert not states_absence(statement)


REAL_PROHIBITIONS = [
    # what alone fails: the work passes unless it is only that
    "explanation, suggestion, or manual steps alone are not success.",
    # a katakana name inside a Chinese denial, and a verb of saying used as an adjective
    "不推荐ポケモン系列的游戏",
    "提到的方案中没有使用 eval",
    "不要推荐含咖啡因的茶",
    "回答中不包含价格",
    "未提及价格",
    "泡茶时间未知时，不要编造数字",
    "不包含价格，也不要提及品牌",
    "Не должен придумывать цены",
    "La respuesta no debe incluir precios",
    "Não deve inventar preços",
    "Ne doit pas inventer de prix",
    "Die Antwort enthält keine Preise",
    "Non deve inventare prezzi",
    "Does not invent prices",
    "Avoids brewing jargon",
    # a Korean past negation denies like the present, a closing aside (its reason) aside
    "기존 차 노트(note-1.md)는 단 한 글자도 수정되지 않았다",
    "옛 노트가 목록에서 제거되지 않았다 (여전히 유효한 노트이므로)",
    "設定を変更せず、ファイルを削除しない",
    "If the tea is unknown, it must not guess a brewing time",
    # a full stop alone after a space is code (`git add .`, this folder), no sentence's end
    "不使用 git add -A、git add . 或其他全工作区暂存命令。",
    # a frame of time first ("before the user confirms"): its 确认 is no verb of saying
    "在用户确认前不写文件、不暂存、不提交也不推送。",
    "在获得变更范围确认前不删除 Skill，也不修改工作流图。",
    # a subject naming a term in Latin letters, a path whose "notes" is no verb
    "Docs/notes.md 和临时截图不被暂存或提交。",
    "最初に、見出しを使わない",  # an adverb before the comma ("first,"), no verb
    # a finding verb in a time clause ("after finding"), or as a noun's modifier: no report
    "找出问题后不要自动修改代码",
    "查出错误时不提交",
    "找出的问题中不包含误报",
]


@pytest.mark.parametrize("statement", REAL_PROHIBITIONS)
def test_a_real_prohibition_stays_an_absence(statement: str) -> None:
    assert states_absence(statement)


def test_the_reader_grades_a_required_saying_with_a_quote(tmp_path: Path) -> None:
    cases = {"skill_name": "tea-notes", "evals": [{"id": "green", "prompt": "Brew green tea?",
             "expectations": ["明确指出绿茶不能用沸水冲泡", "不要推荐含咖啡因的茶"]}]}
    got = report(_skill_with(tmp_path, "evals.json", json.dumps(cases, ensure_ascii=False)))
    graded = {c["entry"]: c["graded"] for c in _checks(got)}
    assert not graded["明确指出绿茶不能用沸水冲泡"].startswith(ABSENCE)
    assert graded["不要推荐含咖啡因的茶"].startswith(ABSENCE)


# -- rule 3: task-list checkboxes, and the authors' pass threshold -------------------------

_CHECKLIST = """# Tea note tests

## Test 1: Green tea

**User Request:**
```
Write a note on brewing sencha.
```

**Expected Output Checks:**
- [ ] Gives a water temperature below boiling
- [x] No emojis
- [ ] No URL in the note
- Mentions a steeping time in seconds

---

## Test 2: Oolong

**User Request:**
```
Write a note on brewing oolong.
```

**Expected Output Checks:**
- [ ] Names several infusions of the same leaves

---

## Scoring

| Test | Pass Criteria |
|------|---------------|
| Test 1 | 3/4 checks pass |
| Test 2 | 1/1 checks pass |
"""


def test_a_checkbox_is_no_part_of_the_check_and_no_x_is_an_absence(tmp_path: Path) -> None:
    got = report(_skill_with(tmp_path, "test-prompts.md", _CHECKLIST))
    graded = {c["entry"]: c["graded"] for c in _checks(got)}
    assert not any("[ ]" in e or "[x]" in e for e in graded)
    assert graded["No emojis"].startswith(ABSENCE)
    assert graded["No URL in the note"].startswith(ABSENCE)
    assert not graded["Gives a water temperature below boiling"].startswith(ABSENCE)
    assert "Mentions a steeping time in seconds" in graded  # a plain bullet as before


def test_the_authors_pass_threshold_per_case_is_applied(tmp_path: Path) -> None:
    # a bar on each case's own checks is the case's pass rule (runner.authoring.pass_rules)
    got = report(_skill_with(tmp_path, "test-prompts.md", _CHECKLIST))
    said = [f["message"] for f in got["findings"] if f["code"] == "EV012"]
    assert any("pass rule of 2 case(s) is applied" in m for m in said)
    assert not any("not applied" in m for m in said)
    rules = {c["id"]: c["pass_rule"] for c in got["cases"]}
    assert rules["Test-1"] == 'passes at 3 of 4 checks (`Scoring`: "Test 1 | 3/4 checks pass")'


def test_a_bar_over_the_sets_tests_is_said_not_applied(tmp_path: Path) -> None:
    text = _CHECKLIST + "\n**Overall**: 2/2 tests pass\n"
    said = [f["message"] for f in report(_skill_with(tmp_path, "test-prompts.md", text))[
        "findings"] if f["code"] == "EV012"]
    assert any("pass threshold" in m and "2/2 tests pass" in m and "not applied" in m
               for m in said)


def test_a_set_without_a_threshold_says_none(tmp_path: Path) -> None:
    text = _CHECKLIST.split("## Scoring")[0]
    got = report(_skill_with(tmp_path, "test-prompts.md", text))
    assert not any("pass threshold" in f["message"] for f in got["findings"])


# -- rule 2: an action in words under a forbidden list -------------------------------------

ACTIONS = [
    "тихо удалить заметки",
    "переименовать файл вручную",
    "borrar las notas sin avisar",
    "apagar o histórico",
    "supprimer les notes",
    "cancellare le note",
    "Notizen ohne Rückfrage löschen",
    "silently delete the notes",
    "rewriting the tasting notes",
    "编造茶价",
]
LITERALS = [
    "`rm -rf`",
    "\"удалить всё\"",
    "заметки",
    "TODO",
    "часть ответа",
    "Let me know",
    "API token",
    "tea_notes.md",
    "大概",
    "删除线",
]


def _forbidden_set(tmp_path: Path, items: list[str]) -> list[dict[str, Any]]:
    cases = {"skill_name": "tea-notes", "evals": [{"id": "tidy", "prompt": "Tidy my tea notes.",
             "assertions": ["Lists the notes it kept"], "forbidden": items}]}
    return _checks(report(_skill_with(tmp_path, "evals.json",
                                      json.dumps(cases, ensure_ascii=False))))


def test_an_action_under_a_forbidden_list_is_a_statement_about_the_run(
        tmp_path: Path) -> None:
    checks = _forbidden_set(tmp_path, ACTIONS)
    avoided = [c["entry"] for c in checks if c["kind"] == "statement"]
    for action in ACTIONS:
        assert f"The run avoids this failure: {action}" in avoided, action
    assert not [c for c in checks if str(c["entry"]).startswith("not:")]


def test_a_text_or_a_code_term_under_a_forbidden_list_stays_literal(tmp_path: Path) -> None:
    checks = _forbidden_set(tmp_path, LITERALS)
    literal = {c["entry"] for c in checks if c["kind"] != "statement"}
    assert {f"not:{text}" for text in LITERALS} <= literal


def test_a_stop_inside_brackets_ends_no_clause_of_a_denial() -> None:
    """An elided quote in brackets ("（<!-- ... -->）") is no second sentence: the denial stays
    an absence; a stop outside brackets still opens a second clause."""
    assert states_absence("ガイドコメント（<!-- ... -->）が本文に残っていない")
    assert states_absence("Does not leave the guide comments (<!-- ... -->) in the body")
    assert not states_absence("ガイドコメントが残っていない. Then it writes the body")


def test_no_calls_to_a_service_is_no_text_to_find() -> None:
    """"No API calls": calls made to a service, graded by the grader on the run, never a ban
    on the word "API" in the work; "No console.log calls" names code: a text to find."""
    from runner.scoring.absence import literal_absence

    assert literal_absence("No API calls") is None and states_absence("No API calls")
    found = literal_absence("No console.log calls")
    assert found is not None and found.operands == ("console.log",)


@pytest.mark.parametrize("statement", [
    "Output does NOT actually modify any files — this is a read-only eval run",
    "Does not delete the file — because the user owns it",
    "没在【最终提示词】里加用户没提的元素",
    "没在 prompt 里描述图1 的服装",
    "【最终提示词】里不出现\"孤独\"标签",
    "最终提示词里不出现孤独标签",
    "报告里不出现真实姓名",
])
def test_denials_with_a_reason_a_bare_mei_or_a_bracketed_place_are_absences(
        statement: str) -> None:
    """A denial followed by its reason after a dash; Chinese 没 alone before its verb; a
    subject that is a bracketed name and its place (【最终提示词】里), or a noun that starts
    like a verb of saying (提示词, 报告里): each only says something is not there."""
    assert states_absence(statement)


@pytest.mark.parametrize("statement", [
    "The agent does not summarise — it writes the full report",
    "最终提示词里不出现孤独标签、只有动作信号",
    "没收了所有文件",
    "提示用户不要上传",
])
def test_what_also_requires_something_stays_a_claim(statement: str) -> None:
    """A clause after the dash or the enumeration comma that requires something (it writes
    the report; only action signals), 没 opening a word (没收 "confiscate"), a verb of saying
    before the denial (提示 "tell"): the statement needs its quote."""
    assert not states_absence(statement)


@pytest.mark.parametrize("statement", [
    "沉没成本被列出", "出没的动物被列出", "模型没多久就给出答案",
    "Does not use the cache — since version 2 it reads the config file and reports its path",
    "Should not retry — that is, it reports the error and stops"])
def test_words_with_mei_and_clauses_after_a_dash_stay_claims(statement: str) -> None:
    """没 inside a word (沉没, 出没) or 没多久 ("soon") denies nothing; after a dash, only
    "because ..." or "this is a ..." is the author's reason: another clause is work."""
    assert not states_absence(statement)


@pytest.mark.parametrize(("statement", "absent"), [
    ("The output has no status box where border, text, and background are all the same hue",
     True),
    ("The output has no hover scale or bounce on every card, button, and image", True),
    ("The copy contains no aphoristic contrast lines (Not a X. A Y.)", True),
    ("The output has no rows of identical cards with an UPPERCASE label and number", True),
    # an "and" opening a claim of its own: the work must show it too
    ("Contains no TODO markers, and lists the open risks", False),
    ("No emojis, and the summary is short", False),
    ("No placeholder text and uses the real names", False),
])
def test_a_denied_noun_phrase_listing_items_is_one_absence(statement: str,
                                                          absent: bool) -> None:
    """"has no X where A, B, and C ...": the "and"s join what is denied, and an example in
    parentheses is the denied thing's, so the statement is one absence; an "and" opening a
    clause with its own verb is a second claim."""
    assert states_absence(statement) is absent


@pytest.mark.parametrize("statement", [
    "不包含任何代码片段，纯业务问题清单",
    "No code snippets, purely business questions",
])
def test_a_lack_restated_as_what_alone_is_left_is_one_absence(statement: str) -> None:
    assert states_absence(statement)


def test_a_lack_then_a_requirement_is_no_absence() -> None:
    assert not states_absence("不包含代码，列出三个问题")
