"""Issue 26, rule 8: a file beside the skills that sends its scenarios to a service over HTTP
(`"endpoint": "https://your-api.com/api/chat"`, a request template, the response's field) is
the eval of that service, not a case set of any skill: set aside, so a skill with no set of
its own says "no case set" instead of being refused for that file's shape, and a sibling
with its own set is accepted. A set with a URL in a case's prompt stays a set."""

from __future__ import annotations

import json
from pathlib import Path

from runner.authoring.siblings import SERVICE_EVAL, judge
from tests.helpers import check_cli, make_skill, write_skill_md

SERVICE = {"name": "Support bot eval", "type": "chat", "endpoint": "https://your-api.com/chat",
           "method": "POST", "request_template": {"message": "{{message}}"},
           "response_field": "response", "threshold": 80,
           "scenarios": [{"name": "greeting", "messages": ["Hello"],
                          "criteria": [{"type": "contains", "value": "help"}]}]}


def test_an_http_service_eval_is_no_skill_set(tmp_path: Path) -> None:
    top = tmp_path / "repo"
    (top / ".git").mkdir(parents=True)
    (top / "eval").mkdir()
    (top / "eval" / "eval.config.example.json").write_text(json.dumps(SERVICE))
    assert judge(top / "eval" / "eval.config.example.json").why_not == SERVICE_EVAL
    bare = write_skill_md(top / "seo-ops", "seo-ops", "Use when auditing SEO of a page.")
    result = check_cli(str(bare))
    assert result.exit_code == 2
    assert "no case set" in result.output and "not of a skill" in result.output
    assert "evals: required" not in result.output
    own = make_skill(top, [{"id": "a", "prompt": "Write a title tag for a bakery page.",
                            "assertions": ["<title>"]}], name="content-ops")
    assert check_cli(str(own)).exit_code == 0


def test_a_set_whose_prompts_name_urls_stays_a_set(tmp_path: Path) -> None:
    path = tmp_path / "evals.json"
    path.write_text(json.dumps({"evals": [
        {"id": "a", "prompt": "Explain what https://example.com/api returns for GET /chat",
         "expected_output": "It says the endpoint is hypothetical."}],
        "endpoint": "https://example.com/api"}))
    assert judge(path).shape
