"""A statement with no function word of its own language ("Salva o token no cookie": a verb,
an article and two loanwords) is read in its case's language: among Portuguese prompts and
statements its "no" is "em o" ("in the"), no Spanish denial; words of Spanish or English in
the statement itself, or in the case, keep their own reading (wording_i18n.case_language)."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.analysis.wording_i18n import case_language, reads_portuguese
from runner.schema.case import Case
from runner.scoring.absence import states_absence
from runner.scoring.statements import ABSENCE_MARK, grader_request
from tests.helpers import check_cli, make_skill

PT = ("Implemente o login e guarde a sessão do usuário.", "Usa a biblioteca de sessão")
ES = ("Implementa el inicio de sesión y guarda la sesión del usuario.",)


def test_a_portuguese_case_reads_its_bare_statement_as_portuguese() -> None:
    with case_language(PT):
        assert not states_absence("Salva o token no cookie")


@pytest.mark.parametrize("texts", [ES, (*PT, *ES), ("Save the session token.",)])
def test_a_spanish_or_english_case_keeps_the_denial(texts: tuple[str, ...]) -> None:
    assert not reads_portuguese(texts)
    with case_language(texts):
        assert states_absence("No incluye la tabla del informe")


@pytest.mark.parametrize("statement", ["No emojis", "Does not include the token",
                                       "No incluye la tabla del informe"])
def test_a_statement_in_its_own_words_keeps_its_reading_in_a_portuguese_case(
        statement: str) -> None:
    with case_language(PT):
        assert states_absence(statement)


def test_the_grader_is_not_told_it_is_an_absence() -> None:
    case = Case(id="1", prompt=PT[0], statements=("Salva o token no cookie", PT[1]))
    request = grader_request(case, "", "m")
    assert ABSENCE_MARK not in request["messages"][0]["content"]


def test_check_shows_the_statement_needs_its_quote(tmp_path: Path) -> None:
    case = {"id": "1", "prompt": PT[0], "expectations": ["Salva o token no cookie", PT[1]]}
    result = check_cli("-v", str(make_skill(tmp_path, [case])))
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if "Salva o token" in x)
    assert "an absence" not in line and "verbatim quote" in line, line


@pytest.mark.parametrize("statement", [
    "CDP 未开启时自动临时启动，或 2 步内明确告知需要用户接管",  # a negation inside a condition
    "诚实报告所有路径都不可用，给出最小可行建议，不假装能行",    # a demand beside the denial
])
def test_a_chinese_demand_around_a_negation_needs_its_quote(statement: str) -> None:
    assert not states_absence(statement)


@pytest.mark.parametrize("statement", [
    "不使用 em dash，不使用 emoji", "回答中不包含 API 密钥", "不编造数据，也不引用未经验证的来源",
])
def test_chinese_denials_stay_absences(statement: str) -> None:
    assert states_absence(statement)
