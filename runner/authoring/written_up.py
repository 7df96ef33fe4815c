"""Commands inside notes the user hands over to be written up (issue 26, EV014): "We have
rough notes for installing our CLI: install node 22, npm install -g acme-cli, ... Can you turn
this into setup docs?" The commands are the material's, never a step the run takes, so no
fetch or install is needed for them."""

from __future__ import annotations

import re

# Notes the user hands over after a colon ("We have rough notes for installing our CLI:
# install node 22, npm install -g acme-cli, ..."), the head naming them as notes...
_NOTES_HEAD = re.compile(r"(?i)\b(?:notes?|steps|instructions|procedure|runbook|readme|draft|"
                         r"outline|commands|checklist|transcript|log)\b[^:\n]*:\s*[^:\n]*$")
# ...a request aimed at those notes: "turn this into setup docs", "write them up", "document
# these steps", "clean this up" (never "convert data.xlsx to CSV": a step of the work)
_THEM = r"(?:it|this|these|them|those|that|the\s+notes|the\s+steps|the\s+above)"
_WRITE_UP = re.compile(
    rf"(?i)\b(?:turn|convert|make|rewrite|re-write|reformat|format|clean\s+up|tidy\s+up|"
    rf"summari[sz]e|document|polish|organi[sz]e)\s+{_THEM}\b"
    rf"|\bwrite\s+{_THEM}\s+up\b|\bclean\s+{_THEM}\s+up\b")


def in_notes_to_write_up(own: str, at: int) -> bool:
    """The command at `at` sits in notes handed over after a colon, and the prompt asks
    to write them up."""
    sentence_start = max(own.rfind("\n", 0, at), own.rfind(". ", 0, at)) + 1
    return bool(_NOTES_HEAD.search(own[sentence_start:at])) and bool(_WRITE_UP.search(own))
