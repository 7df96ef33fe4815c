import json
from typing import Any

import pytest
import requests

from runner.errors import RefusedInput
from runner.scripted.script import Script, load_script
from runner.scripted.server import ScriptedEndpoint, ScriptedModel, choose

SCRIPT = Script.model_validate({
    "usage": {"input_tokens": 10, "output_tokens": 5},
    "scenarios": [
        {"name": "skilled", "when": {"prompt": "sales", "skill": "csv-summary"},
         "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "csv-summary:csv-summary"}}},
                   {"text": "Total: 600"}]},
        {"name": "busy", "when": {"prompt": "re:^overload"},
         "turns": [{"error": {"status": 529, "type": "overloaded_error", "retry_after": 0}}]},
        {"name": "plain", "turns": [{"text": "I cannot"}]},
    ]})

TOOLS = [{"name": "Skill", "description": "Run a skill", "input_schema": {}}]


def body(prompt: str, skills: str = "", assistant_turns: int = 0,
         stream: bool = False) -> dict[str, Any]:
    messages: list[dict[str, Any]] = [{"role": "user", "content": [
        {"type": "text", "text": "<system-reminder>ctx</system-reminder>"},
        {"type": "text", "text": prompt}]}]
    if skills:
        messages.append({"role": "system", "content": "The following skills are available for "
                         f"use with the Skill tool:\n- {skills}: does csv"})
    for _ in range(assistant_turns):
        messages += [{"role": "assistant", "content": [{"type": "text", "text": "x"}]},
                     {"role": "user", "content": [{"type": "text", "text": "go on"}]}]
    return {"model": "claude-sonnet-4-5", "messages": messages, "tools": TOOLS,
            "stream": stream, "max_tokens": 100}


def test_choose_by_prompt_and_offered_skill() -> None:
    assert choose(SCRIPT, body("summarise sales", "csv-summary:csv-summary")).name == "skilled"
    assert choose(SCRIPT, body("summarise sales")).name == "plain"
    # the skill named only in the user's own prompt is not "offered"
    assert choose(SCRIPT, body("sales with csv-summary please")).name == "plain"


def test_json_and_stream_answers() -> None:
    with ScriptedEndpoint(SCRIPT) as url:
        first = requests.post(f"{url}/v1/messages?beta=true",
                              json=body("sales", "csv-summary:csv-summary"), timeout=10).json()
        assert first["content"][0]["type"] == "tool_use"
        assert first["stop_reason"] == "tool_use"
        assert first["usage"] == {"input_tokens": 10, "output_tokens": 5,
                                  "cache_read_input_tokens": 0, "cache_creation_input_tokens": 0}
        streamed = requests.post(f"{url}/v1/messages",
                                 json=body("sales", "csv-summary:csv-summary", 1, stream=True),
                                 timeout=10)
        assert streamed.headers["content-type"].startswith("text/event-stream")
        events = [json.loads(line[5:]) for line in streamed.text.splitlines()
                  if line.startswith("data:")]
        kinds = [e["type"] for e in events]
        assert kinds == ["message_start", "content_block_start", "content_block_delta",
                         "content_block_stop", "message_delta", "message_stop"]
        assert events[2]["delta"]["text"] == "Total: 600"
        assert events[4]["delta"]["stop_reason"] == "end_turn"


def test_errors_side_queries_and_unknown_paths() -> None:
    with ScriptedEndpoint(SCRIPT) as url:
        busy = requests.post(f"{url}/v1/messages", json=body("overload now"), timeout=10)
        assert busy.status_code == 529
        assert busy.headers["retry-after"] == "0.0"
        assert busy.json()["error"]["type"] == "overloaded_error"
        side = dict(body("title please"), tools=[])
        assert requests.post(f"{url}/v1/messages", json=side,
                             timeout=10).json()["content"][0]["text"] == "OK"
        tokens = requests.post(f"{url}/v1/messages/count_tokens", json=body("x"), timeout=10)
        assert tokens.json()["input_tokens"] > 0
        assert requests.get(f"{url}/v1/models", timeout=10).status_code == 404


def test_bad_script_refused(tmp_path: Any) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("scenarios: [{name: x, turns: [{}]}]")
    with pytest.raises(RefusedInput, match="needs text, tool_use or error"):
        load_script(path)


def test_a_follow_up_is_matched_on_the_latest_user_turn_and_answered_from_its_first_turn(
        ) -> None:
    script = Script.model_validate({"scenarios": [
        {"name": "follow-up", "when": {"prompt": "sales", "last_prompt": "add regions"},
         "turns": [{"text": "Regions: 3"}, {"text": "done with regions"}]},
        {"name": "first", "when": {"prompt": "sales"},
         "turns": [{"tool_use": {"name": "Bash", "input": {"command": "wc -l sales.csv"}}},
                   {"text": "Total: 600"}]}]})
    endpoint = ScriptedModel(script)
    first = body("summarise sales")
    first["messages"] += [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "Bash",
                                           "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1",
                                      "content": "6 sales.csv"}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Total: 600"}]}]
    assert choose(script, first).name == "first"  # a tool result is not a typed turn
    resumed = {**first, "messages": [*first["messages"], {"role": "user", "content": [
        {"type": "text", "text": "<system-reminder>ctx</system-reminder>"},
        {"type": "text", "text": "Now add regions to it."}]}]}
    assert choose(script, resumed).name == "follow-up"
    assert endpoint.turn(resumed).text == "Regions: 3"  # counted from the follow-up
    later = {**resumed, "messages": [*resumed["messages"], {"role": "assistant", "content": [
        {"type": "text", "text": "Regions: 3"}]}]}
    assert endpoint.turn(later).text == "done with regions"
