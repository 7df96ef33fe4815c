"""A stage direction in a prompt (issue 26, EV014): the authors' note to whoever runs the case,
in parentheses after the request, saying where the run happens: "Build the agent. (Run in a
repo with approved design.md + spec.md, e.g. the real whatsapp-owner-assistant.)", "(Run
twice: once with no docs/agent/, once where spec.md has status: draft.)". The working
directory it describes is material the case must stage; a case staging nothing starts in an
empty folder, so no arm can do it as its authors meant.

Read by the grammar of a direction (a parenthesis opening with "Run"/"Execute"/"Test" and
where: in, against, inside, twice, with ...) and of the material it names (a repo, fixture,
codebase, agent or project the run is "in" or "against", or a file "where X has ..."). A
direction asking for nothing ("Run with no identifiable target: an empty directory") is no
such need: the sandbox's empty folder is what it asks for.
"""

from __future__ import annotations

import re

# "(Run in ...", "(Execute against ...", "(Test twice: ...": the tester's instruction
_DIRECTION = re.compile(
    r"\(\s*(?P<body>(?:run|execute|test|invoke)\s+(?:it\s+|this\s+)?"
    r"(?:in|inside|within|against|on|from|with|twice|once|where)\b[^()]*)\)", re.I)
# the material the run happens in or against: "in a repo with ...", "against a fixture
# repo", "against an approved trivial agent", "against an approved spec.md that ..."
_MATERIAL = re.compile(
    r"\b(?:in|inside|within|against|from)\s+(?:a|an|the|this|your|its)\s+(?:[\w+/.-]+\s+){0,3}?"
    r"(?:repo|repos|repository|fixture|fixtures|codebase|project|agent|checkout|workspace|"
    r"monorepo|app|service|[\w<>-]+\.(?:md|json|ya?ml|toml|txt|csv|py|ts|js))\b", re.I)
# ... or a file in a given state: "once where design.md has status: draft"
_STATE = re.compile(r"\bwhere\s+(?:the\s+)?[\w./<>-]+\s+(?:has|have|is|was|were|exists?|"
                    r"contains?|holds?)\b", re.I)


def stage_direction(prompt: str) -> str | None:
    """The direction naming material the run needs, as written (its first 160 characters)."""
    for match in _DIRECTION.finditer(prompt):
        body = match.group("body")
        if _MATERIAL.search(body) or _STATE.search(body):
            return " ".join(body.split())[:160]
    return None
