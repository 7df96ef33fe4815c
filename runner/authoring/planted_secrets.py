"""A secret-shaped string that is a case's material, not the skill's secret (issue 26: a set's
material read as its author meant it; docs/case-sets.md#hygiene, HY007).

A security skill's cases plant a key for the agent to find (`API_TOKEN = "ghp_..."` in a
fixture's setup script the review must flag), and a redaction test feeds one to the code
under test. Such a string lives in the case's test material: the set's case files and the
files in its folder's subfolders (`evals/evals.json`, `evals/fixtures/4/setup.sh`; a document
beside the set, `evals/notes.md`, is prose), a fixtures, cassette or test-data folder anywhere,
a stub or cassette file; or its own line calls it a
fake (`fake`, `dummy`, `test`, `example`, `xxx`). HY007 reports it as a warning (the person
still sees the file and line, and revokes it if it was real) and never refuses the skill for
it; a real-looking key in the skill's own shipped files (SKILL.md, scripts/, references/)
stays an error.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

# Folders holding a case's test material by the layout's convention: fixture, cassette and
# test-data folders, wherever they sit.
_FIXTURE_FOLDERS = frozenset({"fixtures", "__fixtures__", "cassettes", "testdata", "test-data",
                              "test_data"})
# The set's own folder: its case files (prompts) and every subfolder (a case's files) are
# material; a document beside them (`evals/notes.md`, a README) is the author's prose.
_SET_FOLDERS = frozenset({"evals", "eval"})
_CASE_FILE = frozenset({".json", ".jsonl", ".yaml", ".yml", ".csv", ".toml"})
# A file that stands in for a service by its own name: a recorded cassette, a stub, a fake.
_STAND_IN_FILE = re.compile(r"(?i)(?:^|[._-])(?:cassettes?|stubs?|fakes?|mocks?)(?:[._-]|$)")
# The line calls the value a fake in its own words (a word, or an identifier's part).
_FAKE_WORDS = re.compile(r"(?i)(?<![a-z])(?:fake|dummy|test|example|sample|placeholder|"
                         r"xxx+)(?![a-z])")


def planted(rel: str, line: str) -> str | None:
    """Why the secret-shaped string on `line` of the skill's file `rel` is a case's material
    (the words HY007's warning gives), or None when it is the skill's own secret."""
    path = PurePosixPath(rel)
    folders = path.parts[:-1]
    if set(folders) & _FIXTURE_FOLDERS:
        return "in a case's test material"
    for at, folder in enumerate(folders):
        if folder in _SET_FOLDERS and (at < len(folders) - 1 or path.suffix in _CASE_FILE):
            return "in a case's test material"
    if _STAND_IN_FILE.search(path.name):
        return "in a stub or cassette file"
    if _FAKE_WORDS.search(line):
        return "called a fake by its own line"
    return None
