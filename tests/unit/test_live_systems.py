"""EV014 on a case naming a machine the work happens on whose criteria state a running
system's live state ("The service is enabled and started"): no arm has that machine. Through
the real `skill-eval check`; a plan, advice, code named after a machine word, a verb of saying
and a staged case stay silent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.live_systems import names_machine
from tests.helpers import case_findings, make_skill, statement_case


def case(cid: str, prompt: str, statements: list[str],
         files: list[str] | None = None) -> dict[str, Any]:
    return statement_case(cid, prompt, statements, files)


def findings(skill: Path) -> dict[str, str]:
    return case_findings(skill, "EV014")


def test_live_state_of_the_users_machine_is_flagged(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        case("fresh", "Install the relay server on a fresh Debian 12 host and verify it.",
             ["A config file is written", "The relay service is enabled and started"]),
        case("fleet", "Provision four new servers into the mesh and approve them.",
             ["The four nodes are registered and approved"]),
        case("ours", "Restart the agent on our build box after the upgrade.",
             ["The agent daemon is confirmed running"]),
        case("plan", "Plan how to install the relay server on a fresh Debian 12 host.",
             ["A config file is written", "The plan lists each step"]),
        case("ask", "How should I install the relay on our production server?",
             ["The service is enabled at boot"]),
        case("code", "Add a new server component that shows uptime.",
             ["The server is rendered with the uptime"]),
        case("says", "Set up monitoring for our staging server.",
             ["The server is mentioned as the target", "A fallback service is offered"]),
        case("staged", "Install the relay on our staging server.",
             ["The relay service is enabled and started"], files=["evals/files/unit.txt"])],
        name="relay-ops", files={"evals/files/unit.txt": "unit\n"})
    got = findings(skill)
    assert set(got) == {"fresh", "fleet", "ours"}, got
    assert ("'fresh Debian 12 host': a machine the work happens on, and its criteria check its "
            "live state ('The relay service is enabled and started'), which no arm has") \
        in got["fresh"]
    assert "'new servers'" in got["fleet"] and "'our build box'" in got["ours"]


def test_code_named_after_a_machine_word_is_no_machine() -> None:
    assert names_machine("Add a new server component") == []
    assert names_machine("Fix my server.ts and our server config") == []
    assert names_machine("Back up our production headscale server now") == [
        "our production headscale server"]
