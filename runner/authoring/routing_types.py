"""A check object typed as routing (`{"type": "routing", "text": "Invokes Skill(pdf-maker)"}`,
`routing-negative`, `trigger`, `skill_routing`): which skill the run reaches, never a type to
refuse as unknown (issue 26, rule 7). Read by what it names:

- this skill (`Skill(<its name>)`, or a statement only about the skill firing: "The skill is
  invoked"): a trigger expectation, offered as a trigger query (should-trigger; negated,
  should-not), never graded in the runtime set, as any other routing expectation is
  (runner.authoring.routing);
- another skill by the Skill tool's call (`Skill(code-review)`): this skill handing over, which
  the transcript shows: a tool-call check on the Skill tool naming it (`Skill:code-review`;
  negated, no such call), deterministic, since the grader never sees Skill calls;
- neither ("Routes to the native /code-review command"): what the run does, a statement for
  the grader, which reads the tool calls.

A check typed as a skill's load (`skill_invoked`, `skill_loaded`, `skill_triggered`,
`uses_skill`, `not_skill_invoked`, `skill_invoked_in_turn`: the word "skill" and a verb of
loading, `loaded_type`) names its skill in a field (`skill`, `value`, `skill_name`:
`loaded_skill`) and is read as `Skill(<that name>)` is above: this skill's, a trigger
expectation; another's, a tool-call check on the Skill tool (the transcript records each
load as a `Skill` call), never a generic tool call.

The type's own words say it is negative (`routing-negative`, `no_routing`), as does a
negation before the Skill call in its text ("Does NOT invoke Skill(x)"): either makes it so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from runner.authoring.fields import words as name_word_set
from runner.authoring.routing import about_firing

# Words a type's name is made of when it is a routing check; at least one of the first kind.
_ROUTING_WORDS = frozenset({"routing", "route", "routes", "routed", "router", "trigger",
                            "triggers", "triggering", "activation", "invocation", "dispatch"})
_MORE_WORDS = frozenset({"skill", "check", "expectation", "expected", "correct"})
_NEGATIVE_WORDS = frozenset({"negative", "not", "no", "never", "avoid", "forbidden", "wrong"})
# The Skill tool's call as authors write it: `Skill(name)`, `Skill("plugin:name")`.
SKILL_CALL = re.compile(r"\bSkill\s*\(\s*[\"'`]?(?P<name>[\w.:-]+)[\"'`]?\s*\)")
_NEGATION = re.compile(r"\b(?:not|never|no|without)\b|n't\b", re.IGNORECASE)


def routing_type(name: str) -> bool | None:
    """Whether a check's type names routing: True (positive), False (negative), else None."""
    words = name_word_set(name)
    if not words & _ROUTING_WORDS or words - _ROUTING_WORDS - _MORE_WORDS - _NEGATIVE_WORDS:
        return None
    return not words & _NEGATIVE_WORDS


# Verbs of a skill's loading, and the words a load type's name may hold beside them.
_LOAD_WORDS = frozenset({"invoked", "invoke", "invokes", "invocation", "loaded", "load", "loads",
                         "triggered", "used", "uses", "use", "called", "calls", "fired",
                         "fires", "activated", "ran", "runs"})
_LOAD_MORE = frozenset({"in", "turn", "was", "is", "has", "been", "expected", "check"})
LOADED_SKILL_KEYS = ("skill", "skill_name", "expected_skill", "value", "target")


def loaded_type(name: str) -> bool | None:
    """Whether a check's type names a skill's load: True (loaded), False (not), else None."""
    words = name_word_set(name)
    if not words & {"skill", "skills"} or not words & _LOAD_WORDS \
            or words - {"skill", "skills"} - _LOAD_WORDS - _LOAD_MORE - _NEGATIVE_WORDS:
        return None
    return not words & _NEGATIVE_WORDS


def loaded_skill(check: dict[str, object]) -> str | None:
    """The one skill name a load check names (`skill: adr`), or None."""
    found = next((check[k] for k in LOADED_SKILL_KEYS if isinstance(check.get(k), str)), None)
    return found.strip() if isinstance(found, str) and re.fullmatch(r"[\w.:-]+",
                                                                     found.strip()) else None


@dataclass(frozen=True)
class Routed:
    """What a routing-typed check is: a trigger expectation of this skill (`fires`), a
    Skill-call matcher for another skill (`matcher`), or neither (a statement)."""

    fires: bool | None = None
    matcher: str | None = None


def read_routing(text: str, positive: bool, names: tuple[str, ...]) -> Routed:
    """The check's text read against the skill's `names` (its skill_name, SKILL.md name,
    folder)."""
    call = SKILL_CALL.search(text)
    own = {n.lower() for n in names}
    if call is not None:
        named = call.group("name").rpartition(":")[2]
        fires = positive and _NEGATION.search(text[:call.start()]) is None
        if named.lower() in own:
            return Routed(fires=fires)
        return Routed(matcher=("" if fires else "!") + f"Skill:{named}")
    fires_said = about_firing(text, names)
    if fires_said is not None:
        return Routed(fires=fires_said and positive)
    return Routed()
