"""Statements about a property of a binary output that the grader cannot read (issue 26,
EV014): "The committed PNG is exactly 352x352", "the PDF has 3 pages", "The screenshot is
amber-tinted". The grader reads the work as text: a binary file is "(binary, N bytes)" and the
runner's listing of the working directory shows only that it exists (runner.scoring.material),
so no quote can show its size, pages or colours, and the statement fails in every arm.

Read by grammar: the statement's subject is a binary file (a kind, "PNG", "PDF", "image",
"screenshot", "deck", or a path with a binary suffix), its verb "is", "has", "measures",
"renders at" (or their modal forms), and what follows, in the same clause, is a measure only
the bytes hold: dimensions (`352x352`, `1920 × 1080`), a count with a unit of such files
(pixels, pages, slides, frames, dpi, KB/MB), or a word of how it looks (tinted, transparent,
coloured, resolution, aspect ratio). A statement of the file's existence, its path or its name
is what the listing shows: not read here.
"""

from __future__ import annotations

import re

_SUFFIXES = r"(?:png|jpe?g|gif|webp|bmp|tiff?|ico|pdf|docx|xlsx|pptx|mp4|mov|webm|mp3|wav)"
_KIND = (r"(?:png|jpe?g|gif|webp|bmp|tiff|pdf|docx|xlsx|pptx|mp4|image|images|screenshot|"
         r"screenshots|picture|photo|thumbnail|icon|favicon|bitmap|deck|slide\s+deck|video|"
         r"gif|banner|logo)")
_SUBJECT = (rf"(?:[\w./-]+\.{_SUFFIXES}\b|(?:(?:the|a|an|each|every|its|this|that)\s+)?"
            rf"(?:[\w-]+\s+){{0,2}}?{_KIND}(?:\s+(?:file|output|export))?"
            rf"(?:\s+(?:at|under|in)\s+`?[\w./-]+`?)?)")
_VERB = (r"(?:is|are|has|have|measures?|renders?\s+at|spans?|weighs?|(?:must|should|will)\s+"
         r"(?:be|have|measure|span))")
_MEASURE = (r"(?:\d+\s*[x×]\s*\d+|\d+(?:\.\d+)?\s*(?:px|pixels?|pages?|slides?|frames?|dpi|"
            r"kb|mb|kib|mib|bytes|seconds?)\b|tint\w*|transparent|colou?r\w*|resolution|"
            r"dimensions?|aspect\s+ratio|grayscale|greyscale|monochrome)")
_CLAIM = re.compile(rf"(?i)^\W{{0,3}}{_SUBJECT}\s+{_VERB}\b(?P<rest>[^,;.\n]*(?:\.\d[^,;.\n]*)*)")
_MEASURED = re.compile(rf"(?i)(?<!\w){_MEASURE}")


def binary_claims(statements: list[str]) -> list[str]:
    """The statements claiming a property of a binary file that only its bytes hold."""
    found: list[str] = []
    for text in statements:
        claim = _CLAIM.match(text.strip())
        if claim is not None and _MEASURED.search(claim.group("rest")):
            found.append(" ".join(text.split()))
    return found
