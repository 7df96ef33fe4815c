"""Typed checks whose operand sits under `target`: `{type: output_contains, target: "mp3"}` a
text to find, `{type: command_contains, target: "--audio-format"}` / `command_executed` a Bash
call holding it; never statements with the operand dropped."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_verbose, write_data, write_skill_md


def test_target_is_the_operand(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "dl", "dl", "Downloads videos with yt-dlp.")
    write_data(skill / "evals" / "evals.json", {"evals": [{
        "id": 2, "prompt": "Get the audio of https://example.com/v/1 as mp3",
        "assertions": [
            {"name": "audio", "description": "Audio format option was used",
             "type": "command_contains", "target": "--audio-format"},
            {"name": "ran", "description": "yt-dlp was invoked", "type": "command_executed",
             "target": "yt-dlp"},
            {"name": "said", "description": "MP3 output was mentioned",
             "type": "output_contains", "target": "mp3"}]}]})
    shown = check_verbose(skill)
    assert "tool_call Bash:--audio-format" in shown
    assert "tool_call Bash:yt-dlp" in shown
    assert "assertion mp3: must contain substring `mp3`" in shown
    assert "[ignored: target]" not in shown
