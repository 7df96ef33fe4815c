"""O held's misreadings (issue 26): a negative substring list read as its negation, a
Portuguese contraction read as "no", other case sets of a skill left out without a line."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.analysis.wording_i18n import denies, portuguese
from runner.scoring.absence import states_absence
from tests.helpers import check_verbose, make_skill


@pytest.mark.parametrize("field", ["expected_not_contains", "should_not_contain",
                                   "expect_not_include", "must_not_include"])
def test_a_negative_containment_list_is_a_not_contains_check(tmp_path: Path,
                                                             field: str) -> None:
    skill = make_skill(tmp_path, [{"id": "run", "prompt": "Write a haiku about rain.",
                                   field: ["Traceback", '"error"']}])
    shown = check_verbose(skill)
    assert "assertion not:Traceback: must not contain" in shown
    assert "not contains include" not in shown
    assert "The work's" not in shown


def test_a_positive_containment_list_is_texts_the_work_holds(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "run", "prompt": "Write a haiku about rain.",
                                   "expected_contains": ["risk_level"],
                                   "expected_not_contains": ["Traceback"]}])
    shown = check_verbose(skill)
    assert "assertion risk_level: must contain" in shown
    assert "assertion not:Traceback: must not contain" in shown
    assert "`expected_not_contains` read as must_avoid" in shown


@pytest.mark.parametrize("statement", [
    "OrderItem armazena preco no momento da compra (snapshot)",
    "No momento da compra, o preço é salvo",
    "Salva o token na sessão do usuário",
])
def test_a_portuguese_contraction_is_no_negation(statement: str) -> None:
    assert portuguese(statement)
    assert not states_absence(statement)


@pytest.mark.parametrize("statement", [
    "A resposta não contém dados pessoais",
    "O script nao usa sudo com a senha",
    "La respuesta no contiene datos personales",
    "No usa emojis",
    "No links to example.com",
    "No em dash",
])
def test_a_denial_stays_a_denial_in_each_language(statement: str) -> None:
    assert states_absence(statement)


def test_spanish_no_is_still_read_where_the_text_is_not_portuguese() -> None:
    assert not portuguese("La respuesta no usa la API")
    assert denies("La respuesta no usa la API")
