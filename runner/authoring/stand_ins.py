"""A fixture the case stages under another name than the one its prompt uses (issue 26, rule
6): the prompt says "Le FEC est dans data/fec-2025.txt" and the case stages
`evals/files/fec-webagency.txt`; "data/transactions/qonto-main.json and .../stripe-saas.json"
while it stages `qonto-transactions.json` and `stripe-transactions.json` (skill-creator's
harness tells its session the staged paths; ours sends the prompt as written). The staged
file stands for the named one only when nothing else could:

- it has the named file's extension and its name shares a word (three letters or more, the
  name split at `-`, `_`, `.` and digits) with the named file's name;
- it is the only staged file that does, for that name, and no other named file claims it
  (one to one);
- the prompt does not name the staged file itself (it would be an input of its own).

Then the staged file lands at the path the prompt names, so the session finds it where the
prompt says (EV012 says which stands for which). Anything less certain stays refused (EV009),
its fix saying to stage the file under the prompt's name or name the staged file in the
prompt: a guess at which file was meant would grade the wrong material.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

_WORD = re.compile(r"[a-z]{3,}")


def _words(path: str) -> set[str]:
    return set(_WORD.findall(PurePosixPath(path).stem.lower()))


def stand_ins(named: list[str], staged: dict[str, str], prompt: str) -> dict[str, str]:
    """Named path -> the fixture (a key of `staged`: fixture -> where it lands) that stands
    for it, for each named path one staged file stands for by the module's rule."""
    said = prompt.lower()
    free = {fixture: place for fixture, place in staged.items()
            if PurePosixPath(place).name.lower() not in said}
    claims: dict[str, list[str]] = {}
    for name in named:
        suffix = PurePosixPath(name).suffix.lower()
        claims[name] = [fixture for fixture, place in free.items()
                        if suffix and PurePosixPath(place).suffix.lower() == suffix
                        and _words(name) & _words(place)]
    claimed = [f for found in claims.values() for f in found]
    return {name: found[0] for name, found in claims.items()
            if len(found) == 1 and claimed.count(found[0]) == 1}
