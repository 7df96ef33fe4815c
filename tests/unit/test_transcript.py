import json
from pathlib import Path

from runner.trial.transcript import parse_transcript, skill_basename

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def test_candidate_transcript_sees_and_loads_the_skill() -> None:
    t = parse_transcript((FIXTURES / "transcript-candidate.jsonl").read_bytes())
    assert t.has_init and t.finished
    assert "csv-summary:csv-summary" in t.skills_seen
    assert t.skills_loaded == ["csv-summary:csv-summary"]
    assert "Total: 600" in t.assistant_text
    assert t.num_turns == 4 and t.result_subtype == "success" and t.is_error is False
    assert t.cli_cost_usd is not None and t.cli_cost_usd > 0
    assert t.tool_calls == 2


def test_baseline_transcript_has_no_skill() -> None:
    t = parse_transcript((FIXTURES / "transcript-baseline.jsonl").read_bytes())
    assert not any(skill_basename(s) == "csv-summary" for s in t.skills_seen)
    assert t.skills_loaded == []


def test_garbage_and_truncation_are_tolerated() -> None:
    raw = (FIXTURES / "transcript-candidate.jsonl").read_bytes()
    truncated = b"not json\n[1,2]\n" + raw[: len(raw) // 2]
    t = parse_transcript(truncated)
    assert t.bad_lines >= 2
    assert t.has_init
    assert not t.finished


def test_skill_basename() -> None:
    assert skill_basename("plugin:skill") == "skill"
    assert skill_basename("skill") == "skill"


def test_tool_calls_keep_order_input_and_result_capped() -> None:
    import json as _json

    from runner.trial.transcript import parse_transcript as parse

    lines = [
        {"type": "assistant", "message": {"content": [
            {"type": "tool_use", "id": "a", "name": "Read", "input": {"file_path": "x.csv"}},
            {"type": "tool_use", "id": "b", "name": "Bash", "input": {"command": "y" * 3000}}]}},
        {"type": "user", "message": {"content": [
            {"type": "tool_result", "tool_use_id": "b", "content": "boom", "is_error": True},
            {"type": "tool_result", "tool_use_id": "a",
             "content": [{"type": "text", "text": "1,2"}]}]}},
    ]
    out = parse("\n".join(_json.dumps(line) for line in lines).encode())
    first, second = out.calls
    assert (first.name, first.input, first.result, first.is_error) == (
        "Read", '{"file_path": "x.csv"}', "1,2", False)
    assert second.is_error and second.result == "boom"
    assert second.input.startswith('{"command": "yyy') and len(second.input) < 2100


def test_a_multi_turn_transcript_shows_where_each_follow_up_starts() -> None:
    from runner.schema.enums import TurnKind
    from runner.trial.transcript import turns

    def session(text: str) -> bytes:
        return b"".join(json.dumps(e).encode() + b"\n" for e in (
            {"type": "system", "subtype": "init", "session_id": "s"},
            {"type": "assistant", "message": {"content": [{"type": "text", "text": text}]}},
            {"type": "result", "subtype": "success", "num_turns": 1}))

    steps = turns(session("one") + session("two"))
    assert [s.kind for s in steps] == [TurnKind.TEXT, TurnKind.USER_TURN, TurnKind.TEXT]
    assert steps[1].text.startswith("user turn 2")
    assert [s.kind for s in turns(session("one"))] == [TurnKind.TEXT]
