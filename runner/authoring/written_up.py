"""Commands inside notes the user hands over to be written up (issue 26, EV014): "We have
rough notes for installing our CLI: install node 22, npm install -g acme-cli, ... Can you turn
this into setup docs?" The commands are the material's, never a step the run takes, so no
fetch or install is needed for them."""

from __future__ import annotations

import re

# Notes the user hands over after a colon ("We have rough notes for installing our CLI:
# install node 22, npm install -g acme-cli, ...") that the prompt asks to write up ("turn
# this into setup docs"): the commands are the material's, never a step the run takes.
_NOTES_HEAD = re.compile(r"(?i)\b(?:notes?|steps|instructions|procedure|runbook|readme|draft|"
                         r"outline|commands|checklist|transcript|log)\b[^:\n]*:\s*[^:\n]*$")
_WRITE_UP = re.compile(r"(?i)\b(?:turn|convert|rewrite|re-write|document|write\s+(?:it|this|"
                       r"these|them)\s+up|clean\s+(?:it|this|these|them)?\s*up|format|"
                       r"summari[sz]e|tidy)\b|\b(?:into|as)\s+(?:a\s+|an\s+|the\s+)?"
                       r"(?:[\w-]+\s+){0,3}(?:docs?|documentation|guide|readme|runbook|page|post)")


def in_notes_to_write_up(own: str, at: int) -> bool:
    """The command at `at` sits in notes handed over after a colon, and the prompt asks
    to write them up."""
    sentence_start = max(own.rfind("\n", 0, at), own.rfind(". ", 0, at)) + 1
    return bool(_NOTES_HEAD.search(own[sentence_start:at])) and bool(_WRITE_UP.search(own))
