"""Later user turns written inside one prompt (issue 26, rule 2): authors write a
conversation in one string, with a marker where the agent's reply would come:

    Build me a landing page ...

    [After Claude builds it, user says:]
    /verify

Sent as one message, the second turn is answered before the first is done. Read by the
grammar of such markers, never one sample's string:

- **a stage direction**: a bracketed or parenthesised note on a line of its own (or opening
  one, after a sentence's end) that names the assistant (Claude, the assistant, the AI, the
  agent, the model; アシスタント, 助手, 어시스턴트, asistente, Assistent ...) and says the next
  words come after it (after, once, when; 受けて, 後, 之后, 후, después, nach, après):
  "(Claudeの提案を受けて)", "[After Claude builds it, user says:]"; or that names the user's
  next words ("the user replies", "user says"). Between rule dashes (`--- then the user
  replies ---`) it is one too. A reply merely mentioned ("(The agent was asked to reply by
  Friday.)") is none;
- **speaker labels at line starts**: a prompt that opens with a user label (`User:`,
  `Human:`, `ユーザー:`, `用户：`) holding two or more user labels, an assistant label
  (`Assistant:`, `Claude:`, `AI:`) between them: the assistant's lines are the author's
  reference replies, never sent;
- **numbered turn labels** at line starts (`Turn 2:`, `User turn 2:`, `第2轮:`), in order.

Where the split is clean (text before the first marker, text after each), the case becomes a
multi-turn case (follow-up turns in the same session). A marker that names a reply but leaves
no clean split (inside a sentence, opening the prompt with no turn before it, closing it with
none after) means the prompt holds later turns sent as one message: said, not guessed. A
conversation the user pastes as material (inside a code fence or quotes, or after an
introduction of its own: "Here is a transcript: User: ...") is material, never turns.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# Who the assistant is, in the languages seen: English, Spanish, German, French (whole words),
# Japanese, Chinese, Korean (no word breaks: "Claudeの提案").
_ASSISTANT = (r"\b(?:(?:the\s+)?(?:assistant|ai|agent|model|bot)|asistente|"
              r"(?:der\s+)?assistent(?:en)?|l'assistant)\b|claude|アシスタント|エージェント|"
              r"助手|助理|模型|어시스턴트|클로드")
# When the next words come: after its reply, once it answers ("after", "受けて", "回复后"),
# never a mention of a reply alone ("(The agent was asked to reply by Friday.)").
# A CJK "after" is one character that also starts words ("后台" backend, "后缀" suffix): it
# counts only where no other letter of its script follows it.
_AFTER = (r"\b(?:after|once|when|following|upon|después|tras|cuando|nach(?:dem)?|après|"
          r"quand)\b|受けて|あとで|[後后](?![\u4e00-\u9fff])|之后|之後|후(?:에)?(?![\uac00-\ud7a3])|"
          r"다음")
# The user and their next words: "the user replies", "user says:", "ユーザーの返答".
_USER_NEXT = (r"\buser\s+(?:says|replies|responds|answers|writes|follows\s+up|continues|"
              r"sends)\b|ユーザー(?:が|は|の)?(?:返答|回答|発言)|用户(?:回复|回答|说)")
_DIRECTION_BODY = re.compile(rf"(?i)(?:(?:{_ASSISTANT}).*?(?:{_AFTER})|(?:{_AFTER}).*?"
                             rf"(?:{_ASSISTANT})|{_USER_NEXT})")
# A bracketed note: ( ), [ ], full-width （ ）, 【 】, or between rule dashes.
_BRACKETED = re.compile(r"\((?P<a>[^()\n]{2,80})\)|\[(?P<b>[^\[\]\n]{2,80})\]|"
                        r"（(?P<c>[^（）\n]{2,80})）|【(?P<d>[^【】\n]{2,80})】|"
                        r"^[ \t]*-{3,}[ \t]*(?P<e>[^\n-][^\n]{1,78}?)[ \t]*-{3,}[ \t]*$", re.M)
_USER_LABEL = re.compile(r"(?im)^[ \t]*\**(?:user|human|you|ユーザー|用户|使用者|사용자)\**"
                         r"[ \t]*[:：][ \t]*")
_ASSISTANT_LABEL = re.compile(r"(?im)^[ \t]*\**(?:assistant|claude|ai|agent|bot|アシスタント|"
                              r"助手|어시스턴트)\**[ \t]*[:：]")
_TURN_LABEL = re.compile(r"(?im)^[ \t]*\**(?:user\s+)?turn\s*(?P<n>\d+)\**[ \t]*"
                         r"[:：.)]|^[ \t]*第\s*(?P<z>\d+)\s*[轮輪回]\s*[:：]?")
_FENCE = re.compile(r"```.*?(?:```|\Z)", re.S)
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|「[^」]*」|『[^』]*』")


class InlineTurns(NamedTuple):
    """What a prompt holds: its user turns, in order, when the split is clean (else none),
    the marker as written, and how many assistant replies the author wrote (not sent)."""

    turns: tuple[str, ...]
    marker: str
    replies: int = 0
    opens: bool = False  # the prompt opens with the marker: the turns before it are not written


def _blank(text: str, pattern: re.Pattern[str]) -> str:
    """The text with what the pattern matches blanked (its offsets kept)."""
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def _directions(prompt: str, masked: str) -> InlineTurns | None:
    found = [m for m in _BRACKETED.finditer(masked)
             if _DIRECTION_BODY.search(next(g for g in m.groups() if g is not None))]
    if not found:
        return None
    marker = " ".join(prompt[found[0].start():found[0].end()].split())
    turns, start, clean = [], 0, True
    for match in found:
        before = prompt[:match.start()]
        line_start = before == "" or before.endswith("\n") or before.rstrip(" \t").endswith(
            "\n") or re.search(r"[.!?。！？]\s*$", before) is not None
        clean = clean and line_start
        turns.append(prompt[start:match.start()].strip())
        start = match.end()
    turns.append(prompt[start:].strip().lstrip(":：").strip())
    if not clean or not all(turns):
        return InlineTurns((), marker, opens=not turns[0] and all(turns[1:]))
    return InlineTurns(tuple(turns), marker)


def _speakers(prompt: str, masked: str) -> InlineTurns | None:
    users = list(_USER_LABEL.finditer(masked))
    replies = list(_ASSISTANT_LABEL.finditer(masked))
    if len(users) < 2 or not replies:
        return None
    if prompt[:users[0].start()].strip():  # an introduction: a conversation shown as material
        return None
    labels = sorted([(m.start(), m.end(), True) for m in users]
                    + [(m.start(), m.end(), False) for m in replies])
    turns = [prompt[end:(labels[n + 1][0] if n + 1 < len(labels) else len(prompt))].strip()
             for n, (_, end, user) in enumerate(labels) if user]
    marker = " ".join(prompt[users[1].start():users[1].end()].split())
    if not all(turns):
        return InlineTurns((), marker)
    return InlineTurns(tuple(turns), marker, len(replies))


def _numbered(prompt: str, masked: str) -> InlineTurns | None:
    labels = list(_TURN_LABEL.finditer(masked))
    numbers = [int(m.group("n") or m.group("z")) for m in labels]
    if not labels or max(numbers) < 2:
        return None
    marker = " ".join(prompt[labels[0].start():labels[0].end()].split())
    first = prompt[:labels[0].start()].strip()
    if first.endswith((":", "：")):  # "Here is the game log:": numbered material, no turns
        return None
    expected = list(range(numbers[0], numbers[0] + len(numbers)))
    if numbers != expected or numbers[0] > 2 or (numbers[0] == 2) != bool(first):
        return InlineTurns((), marker)
    turns = [first] if first else []
    turns += [prompt[m.end():(labels[n + 1].start() if n + 1 < len(labels) else len(prompt))]
              .strip() for n, m in enumerate(labels)]
    if not all(turns):
        return InlineTurns((), marker)
    return InlineTurns(tuple(turns), marker)


def inline_turns(prompt: str) -> InlineTurns | None:
    """The later user turns a prompt holds (see the module), or None when it holds none."""
    masked = _blank(_blank(prompt, _FENCE), _QUOTED)
    for reader in (_speakers, _numbered, _directions):
        found = reader(prompt, masked)
        if found is not None:
            return found
    return None
