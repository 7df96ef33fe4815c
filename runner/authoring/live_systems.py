"""Cases whose criteria check the live state of the user's machines (issue 26, rule 6, EV014):
"Install headscale on a fresh Ubuntu host" graded on "The service is enabled and started",
"Provision five new servers" on "The five nodes are registered and approved". A trial runs in
one network-less container holding only the staged files: no arm has those machines, so no
arm can bring them to that state.

Read by grammar, both halves needed:
- the prompt's own words (never pasted material; a question asking advice is answered in
  words) name a machine the work happens on: the user's own ("our Ubuntu host", "my
  production server", "our headscale deployment") or one to stand up ("a fresh Ubuntu 24.04
  host", "five new servers"), never a part of code ("a new server component", "my server.ts");
- a criterion states a running system's state in the passive: a system as its subject (a
  service, daemon, node, server, host, device, relay, cluster, instance, container), "is" or
  "are", then a participle ("The service is enabled and started", "The tailscaled daemon is
  confirmed running"). A verb of saying ("is offered as a fallback", "is explained") is the
  answer's act, and a file as subject ("A config is written") is work the sandbox holds.
"""

from __future__ import annotations

import re

from runner.schema.case import Case

_MACHINE = (r"(?:hosts?|servers?|machines?|VMs?|VPS|nodes?|clusters?|devices?|box(?:es)?|"
            r"instances?|deployments?)")
# (a part of code named after a machine word: "a new server component", "our server config")
_NOT_CODE = (r"(?![\w.-]|\s+(?:components?|code|files?|class(?:es)?|modules?|functions?|"
             r"routes?|endpoints?|apps?|config\w*|side|actions?|handlers?|logic|templates?|"
             r"tests?|types?)\b)")
_NAMES_MACHINE = re.compile(
    rf"(?i)\b(?:our|my|the\s+team's|the\s+company's)\s+(?:[\w.-]+\s+){{0,3}}?{_MACHINE}{_NOT_CODE}"
    rf"|\b(?:fresh|new|brand[- ]new|remote|production|staging|lightweight|dedicated|"
    rf"standalone|bare[- ]metal)\s+(?:[\w.-]+\s+){{0,3}}?{_MACHINE}{_NOT_CODE}")
# A running system's state in the passive, as the criterion's subject and main verb.
_SYSTEM = (r"(?:services?|daemons?|nodes?|servers?|hosts?|devices?|machines?|relays?|"
           r"clusters?|instances?|containers?|pods?|VMs?)")
_SAYING = (r"(?:offered|explained|described|documented|mentioned|suggested|recommended|noted|"
           r"listed|named|flagged|considered|discussed|proposed|outlined|stated|shown|"
           r"summari[sz]ed|reported|planned|designed|drafted)")
_STATE = re.compile(
    rf"(?i)^\s*(?:(?:the|all|both|each|every|any|its|their)\s+)?(?:[\w.-]+\s+){{0,3}}?"
    rf"{_SYSTEM}\s+(?:is|are)\s+(?:now\s+|then\s+|also\s+|successfully\s+)?"
    rf"(?!{_SAYING}\b)(?:\w+ed|\w+en|running|up|online|healthy|reachable)\b")


def names_machine(own_prompt: str) -> list[str]:
    """The prompt's words naming a machine the work happens on."""
    return list(dict.fromkeys(" ".join(m.group(0).split())
                              for m in _NAMES_MACHINE.finditer(own_prompt)))


def live_state_needs(case: Case, own_prompt: str, criteria: list[str],
                     advice: bool) -> tuple[str, str] | None:
    """(the prompt's machine, the first criterion stating its live state), when the case
    stages nothing and asks no advice; else None."""
    if advice or case.files or case.inline_files or case.setup_run:
        return None
    machines = names_machine(own_prompt)
    states = [c.strip() for c in criteria if _STATE.search(c)]
    if not machines or not states:
        return None
    return machines[0], states[0]
