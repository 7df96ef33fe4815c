"""A case written as a template with its values beside it (issue 26, "placeholders ... in
prompts"): `"prompt": "Cut {{start}} to {{end}} of {{source}}"` with `"parameters": {"start":
"0:00", ...}` (also `params`, `vars`, `variables`, `template_vars`, `placeholders`). The author's
harness fills the blanks before sending; so does the reader, in every text of the case, when
the mapping names every `{{blank}}` the prompt holds with a plain value. A blank the mapping
does not name leaves the case as written, and the placeholder refusal (EV009) says which."""

from __future__ import annotations

import re
from typing import Any

PARAMETER_KEYS = ("parameters", "params", "vars", "variables", "template_vars",
                  "placeholders")
_BLANK = re.compile(r"\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}")


def filled(item: dict[str, Any], prompt_keys: tuple[str, ...]
           ) -> tuple[dict[str, Any], str, list[str]]:
    """The case with its blanks filled, the mapping's key, and the blanks filled; the case as
    it is (and "", []) when no mapping names every blank of its prompt."""
    key = next((k for k in PARAMETER_KEYS if isinstance(item.get(k), dict) and item[k]), None)
    prompts = [item[k] for k in prompt_keys if isinstance(item.get(k), str)]
    blanks = list(dict.fromkeys(b for p in prompts for b in _BLANK.findall(p)))
    if key is None or not blanks:
        return item, "", []
    values = {str(k): v for k, v in item[key].items()}
    if not all(isinstance(values.get(b), (str, int, float)) and not isinstance(values[b], bool)
               for b in blanks):
        return item, "", []
    def fill(value: Any) -> Any:
        if isinstance(value, str):
            return _BLANK.sub(lambda m: str(values[m.group(1)]) if isinstance(
                values.get(m.group(1)), (str, int, float)) else m.group(0), value)
        if isinstance(value, list):
            return [fill(v) for v in value]
        if isinstance(value, dict):
            return {k: fill(v) for k, v in value.items()}
        return value
    return {k: fill(v) for k, v in item.items() if k != key}, key, blanks
