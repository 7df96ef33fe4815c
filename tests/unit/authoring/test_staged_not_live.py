"""Issue 26 (sample Q): no EV014 on material a case stages or a service it withholds. A
possessive "my X" is the user's own account only when no staged file is that X (its name
holds X's word, or the prompt names the case's only staged file); a grant under a negation or
a condition ("when no OpenAI key is configured") asks for the way without the service."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.live_services import granted_services
from runner.schema.case import Case
from tests.helpers import check_json, make_skill

SKILL_MD = ("---\nname: folio-review\ndescription: Reviews portfolios and test specs. Use when "
            "asked for feedback.\n---\nBe brief.\n")


def case(cid: str, prompt: str, files: list[str] | None = None) -> dict[str, Any]:
    return {"id": cid, "prompt": prompt, "files": files or [],
            "expectations": ["The feedback names one strength"]}


def test_a_staged_portfolio_is_no_account(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        case("named", "Review my portfolio as a hiring manager.\n\n[File: folio-a.md]",
             ["evals/files/folio-a.md"]),
        case("word", "Review my portfolio, be honest.", ["evals/files/portfolio-b.md"]),
        case("korean", "내 포트폴리오 피드백 해줘.\n\n[File: folio-a.md]",
             ["evals/files/folio-a.md"]),
        case("live", "How is my portfolio doing this quarter?"),
        case("other", "How is my portfolio doing this quarter? Notes in notes.md",
             ["evals/files/notes.md", "evals/files/folio-a.md"])],
        {"evals/files/folio-a.md": "# Ana\nBuilt a queue.\n",
         "evals/files/portfolio-b.md": "# Bo\nBuilt a cache.\n",
         "evals/files/notes.md": "Q3 notes\n"},
        name="folio-review", skill_md=SKILL_MD)
    found = {f["case"] for f in check_json(skill)["findings"] if f["code"] == "EV014"}
    assert found == {"live", "other"}, found


def test_a_withheld_key_grants_nothing() -> None:
    criteria = {"expectations": ["Skips the OpenAI call when the key is missing"]}

    def granted(prompt: str) -> list[str]:
        return granted_services(Case(id="c", prompt=prompt,
                                     statements=tuple(criteria["expectations"])))

    assert granted("Add a test that calls the proxy. Make sure it doesn't break CI when no "
                   "OpenAI key is configured.") == []
    assert granted("Run the live spec only if the OpenAI key is set.") == []
    assert granted("The OpenAI key is configured; call it for a summary.") == [
        "The OpenAI key is configured"]
