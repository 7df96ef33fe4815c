"""A case whose prompt carries its own expectation after a label ("... with no attestation.json.
预期行为：不得实现，报告 ATTESTATION_MISSING", "... Expected behavior: refuses and asks for the
plan"), and which has nothing else to grade it by: the author wrote the request and what passes
in one field. Sent whole, the session would read its own answer and nothing would grade it
(EV008). Split instead: the text before the label is the prompt, the text after it one
statement for the grader (EV012 says so). A label inside quoted material, or one that opens the
prompt, is no split: then the request is not before it."""

from __future__ import annotations

import re

_LABEL = re.compile(
    r"(?:^|(?<=[\s。．.!?！？；;]))(?:预期(?:行为|输出|结果)|期望(?:行为|输出|结果)|预期|"
    r"(?:Expected|Expectation)(?:\s+(?:behaviou?r|output|result|outcome))?|"
    r"Erwartet(?:es\s+Verhalten)?|Comportamiento\s+esperado|Resultado\s+esperado|"
    r"Comportement\s+attendu)\s*[:：]\s*", re.IGNORECASE)


def split_expected(prompt: str) -> tuple[str, str] | None:
    """(request, expectation) when the prompt's last labelled part is what is expected."""
    if "```" in prompt:
        return None
    found = next(reversed(list(_LABEL.finditer(prompt))), None)
    if found is None:
        return None
    request = prompt[:found.start()].rstrip()
    expected = prompt[found.end():].strip()
    if len(request) < 8 or len(expected) < 4 or _LABEL.search(request):
        return None
    return request, expected
