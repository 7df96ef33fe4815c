"""A case graded only on which skill the agent chose and what it planned: "Triggered the
ui-design skill", "Planned to read the repository's UI rules first", "Classified the note
type before writing", "Treated local rules as higher priority", "Did not default to a
generic PRD". Such criteria read the agent's route and plan in its reply, never the material
the prompt points at ("这个仓库", "this PR"), so that material missing is no refusal (EV009);
EV012 says so. One criterion about the work itself ("Pushes the follow-up commit", "Cites
file/line references") reads the material, and the case stays refused.
"""

from __future__ import annotations

import re

from runner.analysis import wording_i18n
from runner.authoring.routing import about_firing
from runner.schema.case import Case

# who the criterion speaks of, and its modal: "The run ...", "The agent should ..."
_SUBJECT = re.compile(r"(?i)^\W*(?:(?:the\s+)?(?:run|agent|assistant|model|response|output|"
                      r"reply|answer|skill)|"
                      r"claude|it)\s+(?:should\s+|must\s+|will\s+)?")
# the skill chosen, in the past or present ("Triggered the ui-design skill", "Did not use
# the x skill"); the infinitive after it would be work ("used the x skill to draft ...")
_ROUTE = re.compile(r"(?i)^(?:did\s+not\s+|didn't\s+|does\s+not\s+|never\s+)?(?:trigger|"
                    r"activate|invoke|load|use|select|choose|pick)(?:d|ed|s|es)?\s+(?:the\s+)?"
                    r"[\w:-]+\s+skill\s*[.!]?$")
# a plan, a choice or an intent: "Planned to inspect 3-6 products", "Chose Exploration
# Mode", "Proposed the notes structure", "Resolved or planned to resolve ..."
_PLAN = re.compile(r"(?i)^(?:plann?(?:ed|s)?|intend(?:ed|s)?|propos(?:ed|es|e)|chos(?:e|en)|"
                   r"choos(?:es|e)|decid(?:ed|es|e)|opt(?:ed|s)?)\s+(?:to\s+|on\s+)?\w"
                   r"|^\w+\s+or\s+plann?(?:ed|s)?\s+to\b")
# a reading of the request: "Classified the note type", "Treated the request as a design
# decision" (identify, recognise, treat, interpret ... only with the `as` of what it is)
_CLASSIFY = re.compile(r"(?i)^(?:classif(?:ied|ies|y)|categori[sz](?:ed|es|e))\b"
                       r"|^(?:identif(?:ied|ies|y)|recogni[sz](?:ed|es|e)|treat(?:ed|s)?|"
                       r"interpret(?:ed|s)?|fram(?:ed|es|e)|consider(?:ed|s)?)\b[^.;]{0,80}?\bas\b"
                       r"|^consider(?:ed|s)?\s+(?:whether|if|which)\b")
# a choice it kept off: "Did not default to a generic PRD", "Avoided expanding the scope"
_DECLINED = re.compile(r"(?i)^(?:(?:did\s+not|didn't|does\s+not|doesn't|never)\s+|"
                       r"avoid(?:ed|s)?\s+)(?:default|force|forc|assum|choos|chose|pick|propos|expand|jump|treat|"
                       r"frame|recommend|suggest|plan)\w*\b")


# A skill's name as its authors write it: kebab-case, two words or more (`web-design-guidelines`)
_SKILL_NAME = r"`?[a-z0-9]+(?:-[a-z0-9]+)+`?(?:\s+skill)?"
# the task handed to another skill: "Routes broader UI review to web-design-guidelines",
# "Hands off to the release-notes skill", "Defers the styling to css-architect"
_HANDOFF = re.compile(r"(?i)^(?:rout(?:e|es|ed)|redirect(?:s|ed)?|hand(?:s|ed)?\s+(?:it\s+)?off|"
                      r"defer(?:s|red)?|delegat(?:e|es|ed)|refer(?:s|red)?)\b[^.;]{0,80}?\b"
                      rf"(?:to|toward)\s+(?:the\s+)?{_SKILL_NAME}\s*(?:instead\b[^.;]*)?[.!]?$")
# ...and why: a skill's scope told ("Explains that web-accessibility is narrower than a full
# review"): the skill named by its name is the sentence's subject, its scope the predicate
_SCOPE = re.compile(r"(?i)^(?:explain(?:s|ed)?|say(?:s)?|said|note(?:s|d)?|state(?:s|d)?|"
                    rf"mention(?:s|ed)?)\s+(?:that\s+)?(?:the\s+)?{_SKILL_NAME}\s+"
                    r"(?:is|was|covers|handles|owns|focuses|applies)\b")


def _about_plan(text: str) -> bool:
    flat = " ".join(text.split())
    if about_firing(flat) is not None:
        return True
    said = _SUBJECT.sub("", flat, count=1)
    return any(p.search(said) for p in (_ROUTE, _PLAN, _CLASSIFY, _DECLINED, _HANDOFF, _SCOPE)) \
        or wording_i18n.about_plan(flat)  # 计划先读取…, …を読む計画, Planificó leer …


def planned_only(case: Case) -> str:
    """The criteria, quoted, when each of them (there being some) reads only which skill the
    agent chose and what it planned; else "". Code checks, files to write and tool calls
    read the work, so a case with any is never planned only."""
    if not case.statements or case.assertions or case.outputs or case.json_checks \
            or case.tool_calls or case.judge_program or case.grader_program:
        return ""
    if not all(_about_plan(s) for s in case.statements):
        return ""
    return "; ".join(" ".join(s.split()) for s in case.statements[:2])
