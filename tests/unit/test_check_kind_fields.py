"""A check object of a type no rule knows (the author's category: `security`, `quality`) whose
one field is named as a check kind (`must_not_contain: [...]`, `contains: "..."`) is that
check on the field's items, never a statement on its label with the field left unread."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.caseset import load_caseset
from tests.helpers import make_skill


def test_a_field_named_as_a_check_kind_is_the_check(tmp_path: Path) -> None:
    caseset = load_caseset(make_skill(tmp_path, {"skill_name": "vault-helper", "evals": [
        {"id": "tokens", "prompt": "Show me how to read the deploy token from the vault.",
         "assertions": [
             {"id": "a1", "type": "security", "description": "Avoids plaintext secrets",
              "must_not_contain": ["hardcode token", "plaintext secret file"]},
             {"id": "a2", "type": "quality", "description": "Names the read command",
              "must_contain": "vault read"}]}]}))
    (case,) = caseset.evals
    assert case.assertions == ("not:hardcode token", "not:plaintext secret file", "vault read")
    assert not case.statements
    said = [f.message for f in caseset.findings if "the author's category" in f.message]
    assert len(said) == 2 and "`must_not_contain` is the check" in said[0]


def test_a_category_with_only_a_sentence_stays_a_statement(tmp_path: Path) -> None:
    (case,) = load_caseset(make_skill(tmp_path, {"skill_name": "vault-helper", "evals": [
        {"id": "scope", "prompt": "Show me how to read the deploy token from the vault.",
         "assertions": [{"id": "a1", "type": "security",
                         "description": "Response recommends least-privilege vault scoping"}]}]}
    )).evals
    assert case.statements == ("Response recommends least-privilege vault scoping",)
    assert not case.assertions
