"""The draft marker a field still to be written opens with (issue 26: a set's words read as
their author meant them).

`cases --generate` writes `TODO` (in capitals) where a person must decide, and authors write it
the same way (`TODO`, `TODO: name the file`, `todo: ...`). A field opens with the marker when it
opens with the word `TODO` in capitals, or with `todo` in any case followed by a colon: the
grammar of a marker. A word that only begins with the letters (`TodosStore`, `Todo list app`)
is the author's text, never a draft; so is the word naming the markers it lists with others
(`TODO/FIXME without a tracking issue removed`, `TODO, FIXME and HACK comments`): a list of
marker names is a noun the sentence is about, not a marker on it; and so is the word heading
the noun for a piece of text a marker is written as (`TODO block count reported in the log`,
`TODO comments carry an issue link`): a statement about the markers the work holds, where a
draft's marker is followed by nothing, a colon, or the instruction still to be carried out
(`TODO write the check`).
"""

from __future__ import annotations

import re

MARKER = "TODO"
# `TODO` followed by another marker's name in capitals, after `/`, `,`, `&`, `and`, `or`:
# the markers named as a list (`TODO/FIXME`), not one marking the field
_LISTED = r"(?!\s*(?:[/,&]|and\b|or\b)\s*[A-Z]{3,}(?![a-z]))"
# `TODO` heading a noun for the text a marker is written as (`TODO block`, `TODO comments`,
# `TODO markers`): the markers are what the sentence is about. A noun that is also a verb
# (`comment`, `note`, `count`, `tag`) counts only plural: `TODO note the file` is an instruction
_ABOUT = (r"(?!\s+(?:blocks?|markers?|sections?|entry|entries|placeholders?|annotations?|"
          r"comments|notes|counts|tags|items|lines|stubs)\b)")
_DRAFT = re.compile(rf"\s*(?:\[\s*)?(?:TODO(?![A-Za-z0-9_]){_LISTED}{_ABOUT}|(?i:todo)\s*:)")


def is_draft(text: str) -> bool:
    """Whether the text opens with the draft marker."""
    return _DRAFT.match(text) is not None


# A prompt left as its template's instruction to fill it in ("Enter your prompt here",
# "請在此輸入您的測試提問 (Prompt)", "在这里输入问题"): no task was written. The instruction is
# the whole text, a label in brackets and an end mark at most after it ("在这里输入命令后报错了"
# and "Add the query here so the dashboard loads faster" are tasks).
_TEMPLATE = re.compile(
    r"(?i)\s*\[?\s*(?:(?:please\s+)?(?:enter|type|write|insert|put|paste|add)\s+(?:your|the|a)\s+"
    r"(?:test\s+|user\s+)?(?:prompt|question|query|input|request|task)s?\s+here"
    r"|your\s+(?:test\s+|user\s+)?(?:prompt|question|query|input|request|task)\s+(?:goes\s+)?here"
    r"|(?:請|请)?(?:在此|在這裡|在这里|於此|于此)(?:輸入|输入|填寫|填写|填入)(?:您|你)?"
    r"[^，,。.；;！!？?\n]{0,24}?"
    r"|(?:請|请)(?:輸入|输入|填寫|填写)(?:您|你)的(?:測試|测试)?(?:提問|提问|問題|问题|提示|prompt))"
    r"\s*\]?\s*(?:[(（][^()（）]{0,20}[)）])?\s*[.。:：…]*\s*")


def is_template(text: str) -> bool:
    """Whether the whole text is a template's instruction to write the prompt, not a prompt."""
    return _TEMPLATE.fullmatch(text) is not None
