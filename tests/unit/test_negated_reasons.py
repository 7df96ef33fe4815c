"""A statement is negative only when its MAIN clause is negated: a negation in a reason or a
condition ("Since the input is not YAML, ...") leaves a positive requirement the grader must
find and quote (runner.analysis.wording_i18n.main_clause, runner.scoring.absence)."""

from __future__ import annotations

import pytest

from runner.analysis.wording_i18n import main_clause
from runner.scoring.absence import states_absence


@pytest.mark.parametrize("statement", [
    "Since the upload is not a spreadsheet, it should say how to export one",
    "Because the folder doesn't exist, it reports an error",
    "As the token is not valid, the reply asks for a new one",
    "If the date is not given, it asks for it",
    "The upload is not a spreadsheet, so it says how to export one",
    "请求不在本工具范围内，应提示用户改用其他工具",
    "Q 不在 W 范围，应提示用户",
    "因为配置不存在，所以报告错误",
    "Como la hoja no es válida, debe explicar cómo corregirla",
    "Si la carpeta no existe, informa del error",
    "La hoja no es válida, así que explica cómo corregirla",
])
def test_a_negated_reason_before_a_positive_requirement_is_no_absence(statement: str) -> None:
    assert main_clause(statement) is not None
    assert not states_absence(statement)


@pytest.mark.parametrize("statement", [
    "does not mention the vendor",
    "Does not mention the vendor, the price or the date",
    "Does not proceed, since the folder is missing",
    "The reply does not include a summary because none is needed",
    "If the folder is missing, it does not guess a path",
    "不应包含 供应商",
    "不应包含供应商名称",
    "不包含姓名，也不要提及地址",
    "No debe mencionar al proveedor",
    "Si la carpeta no existe, no inventa una ruta",
])
def test_a_negated_main_clause_stays_an_absence(statement: str) -> None:
    assert states_absence(statement)


def test_a_statement_without_a_reason_has_no_other_main_clause() -> None:
    assert main_clause("Does not mention the vendor") is None
    assert main_clause("不应包含供应商，如名称") is None
