"""Issue 26, graded as meant: the authors' grader program beside a set that lowers both texts
before matching (`output.toLowerCase().includes(phrase.toLowerCase())`, `p.lower() in
text.lower()`) ran the set's phrases case-insensitively; its substring checks are folded the
same way and one EV012 line says so. A program matching as written leaves them literal.
Through the real `skill-eval check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import check_cli, check_json, make_skill

SKILL_MD = ("---\nname: deploy-notes\ndescription: Writes deployment notes for release "
            "managers. Use when asked for a deploy or rollback note.\n---\nWrite the note.\n")
CASES = [{"id": "note", "prompt": "Write a deploy note for v2.",
          "must_contain": ["rollback"], "must_not_contain": ["Here is"]}]
JS_FOLDS = ("import fs from 'node:fs';\nconst set = JSON.parse(fs.readFileSync('evals.json'));\n"
            "for (const c of set.evals) { const output = fs.readFileSync(c.id, 'utf8');\n"
            "  for (const phrase of c.must_contain)\n"
            "    if (!output.toLowerCase().includes(phrase.toLowerCase()))\n"
            "      process.exitCode = 1; }\n")
PY_FOLDS = ("import json\nfor c in json.load(open('evals.json'))['evals']:\n"
            "    text = open(c['id']).read()\n"
            "    ok = all(p.lower() in text.lower() for p in c['must_contain'])\n"
            "    print('PASS' if ok else 'FAIL')\n")
JS_LITERAL = JS_FOLDS.replace("output.toLowerCase().includes(phrase.toLowerCase())",
                              "output.includes(phrase)")


@pytest.mark.parametrize(("name", "source", "folds"), [
    ("grade.mjs", JS_FOLDS, True), ("grade.py", PY_FOLDS, True),
    ("grade.mjs", JS_LITERAL, False)])
def test_substring_checks_follow_the_authors_grader(tmp_path: Path, name: str, source: str,
                                                    folds: bool) -> None:
    skill = make_skill(tmp_path, {"skill_name": "deploy-notes", "evals": CASES},
                       {f"evals/{name}": source}, name="deploy-notes", skill_md=SKILL_MD)
    lines = [f["message"] for f in check_json(skill)["findings"] if f["code"] == "EV012"]
    said = [m for m in lines if "matches each phrase case-insensitively" in m]
    view = check_cli(str(skill), "-v").output
    if folds:
        assert said and f"evals/{name}" in said[0], lines
        assert "assertion re:(?i)rollback" in view, view
        assert "assertion not:re:(?i)Here\\ is" in view, view
    else:
        assert not said, lines
        assert "assertion rollback" in view, view
