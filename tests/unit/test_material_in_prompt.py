"""Material a prompt hands over itself is no missing input (issue 26, rule 6): a file's content
pasted after its name and a colon, a document marked as below, a change told as the pointer's
predicate, work told as done. The rule it must keep: a file the task asks the agent to work on,
that no case stages, is still refused (EV009)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import check_cli, make_skill


def case(cid: str, prompt: str) -> dict[str, Any]:
    return {"id": cid, "prompt": prompt, "expected_output": "The issues found, each named."}


@pytest.mark.parametrize("prompt", [
    "The key change is in billing.service.ts:\n\n```ts\nasync charge(id: string) {}\n```\n"
    "Review it for security problems.",
    "Find bugs in this Node.js Express login endpoint:\n\nconst express = require('x');\n"
    "const app = express();\napp.post('/login', handler);",
    "只审核下面这份文档，没有提供执行明细。请说明你能确认什么。\n\n# 测试结论\n"
    "本轮执行 100 条用例，通过 98 条，失败 2 条。",
    "帮我评审：这个 PR 仅修改文档和注释，没有改执行逻辑，是否可以 approve？",
    "I just fixed the timezone bug in frontend/utils/time.ts: the chart showed UTC. "
    "Document this change properly.",
    "Session context: Completed the client changes in packages/cache/client.ts. "
    "Tests pass locally. Write the handoff note.",
    "wrap up this session and leave notes for monday\n\n[Session just completed: added "
    "retry logic. Still TODO: update the ops runbook at docs/ops/billing-runbook.md.]",
    "/evolve: we bumped the retries from 3 to 5 in backend/config.py after the timeouts, and "
    "added backoff in backend/net/client.py"])
def test_material_the_prompt_hands_over_is_accepted(tmp_path: Path, prompt: str) -> None:
    skill = make_skill(tmp_path, [case("given", prompt)])
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "EV009" not in result.output


@pytest.mark.parametrize("prompt", [
    "Fix the bug in src/auth.js.",
    "I changed the parser. Now review src/parse.py for bugs.",
    "帮我评审这个 PR。",
    "Review the document below."])
def test_an_input_to_work_on_that_nothing_stages_is_still_refused(tmp_path: Path,
                                                                  prompt: str) -> None:
    skill = make_skill(tmp_path, [case("missing", prompt)])
    result = check_cli(str(skill))
    assert result.exit_code == 2 and "EV009" in result.output, result.output


def test_a_file_the_answer_lists_as_a_next_step_is_not_worked_on(tmp_path: Path) -> None:
    told = ("wrap up the session\n\n[Session just completed: added retry logic. Still TODO: "
            "update the ops runbook at docs/ops/runbook.md.]")
    listed = {"id": "listed", "prompt": told, "expected_output": "Next steps name the file "
              "paths (docs/ops/runbook.md for runbook update)."}
    edited = {"id": "edited", "prompt": told, "expected_output": "Updates docs/ops/runbook.md."}
    assert check_cli(str(make_skill(tmp_path / "a", [listed]))).exit_code == 0
    result = check_cli(str(make_skill(tmp_path / "b", [edited])))
    assert result.exit_code == 2 and "runbook.md" in result.output, result.output
