"""A case that tells its situation in words instead of writing the user's message (issue 26):
`scenario` ("User asks: 'Bug bash the controller.' The agent has the skill loaded."),
`situation` or `intent`, with no `prompt` (nor any alias of one). That text is the request:
sent as written, the agent reads the situation the authors describe and acts in it, which is
what their checks grade. A label there (`scenario: happy-path`, a few words) is no situation:
the case stays refused for its missing prompt.

A situation that tells where the run happens, a working directory holding something ("Mid-task
in a git repo with a .claude/ at root, user types /no-loss.", "Run from a cwd whose basename
is .claude"), describes material no arm has when the case stages nothing: the sandbox starts
in an empty folder, so the case cannot pass as meant (EV014). Read by the grammar: "in",
"inside", "within" or "from", a folder's noun (repo, repository, directory, folder, cwd,
checkout, project, codebase, workspace), then what qualifies it ("with", "whose", "where",
"that has/holds/contains"). A folder said by what it is not ("a directory that is not a git
repo") is what the empty sandbox gives: no need.

State the authors give in a field beside the prompt (`state_simulation: "HAS_CONFIG=false,
HAS_DB=false"`, `state`, `given`, `preconditions` written as data) is the situation too: the
agent can only act on it if it is told, so it is sent with the prompt, labelled (EV012 says
so), by the task-material rule (runner.authoring.dialects.CaseReader._task_material). A value
that only names files is material to stage, never text to send (that rule's own test).
"""

from __future__ import annotations

import re
from typing import Any

# Fields that hold the situation told in words, read as the request when the case has none,
# in this order.
SITUATION_FIELDS = ("scenario", "situation", "intent")
# Words of a field's name that say it holds the state the work starts from: sent with the
# prompt as the situation (joined to runner.authoring.dialects._MATERIAL_WORDS).
STATE_WORDS = frozenset({"state", "simulation", "simulated", "given", "preconditions",
                         "precondition", "environment_state", "starting"})
# Fewer words than this is a label of the case ("happy path", "adversarial"), not a situation.
SITUATION_MIN_WORDS = 4


def situation_request(item: dict[str, Any]) -> str | None:
    """The field holding the case's situation in words when it has no prompt, or None."""
    if "prompt" in item:
        return None
    for key in SITUATION_FIELDS:
        value = item.get(key)
        if isinstance(value, str) and len(value.split()) >= SITUATION_MIN_WORDS:
            return key
    return None


# Where the run happens, told with what the folder holds (see the module).
_PLACE = re.compile(
    r"\b(?:in|inside|within|from)\s+(?:a|an|the|this|your)\s+(?:[\w+/.-]+\s+){0,3}?"
    r"(?:repo|repos|repository|directory|dir|folder|cwd|checkout|project|codebase|workspace)"
    r"\s+(?:with|whose|where|that\s+(?:has|have|holds|contains))\b(?:[^.;,]|\.(?=\S))*",
    re.IGNORECASE)  # (a dot inside a name, `.claude/`, does not end the clause)


def described_place(text: str) -> str | None:
    """The working directory a situation says the run happens in, as written (its first 120
    characters), or None."""
    match = _PLACE.search(text)
    return " ".join(match.group(0).split())[:120] if match else None
