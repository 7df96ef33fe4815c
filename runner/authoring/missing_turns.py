"""Turns a one-turn case lacks (issue 26, multi-turn cases, EV015): a skill that opens by asking
the user and waiting, run on one-turn cases (the run may stop at that question), and a prompt
asking for more of what an earlier turn made ("再来一张"), sent with no earlier turn."""

from __future__ import annotations

import re
from pathlib import Path

from runner.analysis.wording import unquoted
from runner.authoring.awaited_reply import opening_ask
from runner.authoring.missing_programs import skill_md_text
from runner.authoring.problems import SET_LEVEL, Problems
from runner.schema.case import Case


def report_opening_ask(skill_dir: Path, cases: list[Case], problems: Problems) -> None:
    """A skill that opens by asking the user and waiting (awaited_reply.opening_ask), run on
    one-turn cases: in the candidate arm the run stops at that question, so what its criteria
    expect of the later work cannot happen there; said once for the set (EV015)."""
    single = [c.id for c in cases if not c.follow_ups]
    asked = opening_ask(skill_md_text(skill_dir)) if single else None
    if asked is None:
        return
    shown = asked if len(asked) <= 100 else asked[:97] + "..."
    problems.report("EV015", SET_LEVEL, f"SKILL.md opens by asking the user and waiting for the "
                    f"answer ({shown!r}), and {len(single)} case(s) are one turn: with the "
                    "skill, the run may stop at that question, so criteria about the work after "
                    "the user's reply cannot pass in that arm", "add the user's replies as "
                    "follow-up turns (`follow_up_turns`), or grade only the opening")


# A request for more of what an earlier turn made ("再来一张", "Another one, brighter", "もう一枚",
# "한 장 더"): the turn it follows is the case's material.
_ONE_MORE = re.compile(
    r"(?i)^\W*(?:(?:please\s+)?(?:give|make|send|show|generate|draw)\s+(?:me\s+)?)?"
    r"(?:another\s+one|one\s+more|(?:do|try|make|generate|draw)\s+(?:it|that|one)\s+again)\b"
    r"|^\W*(?:再来|再來|再发|再發|再生成|再画|再畫|再做|再给|再給)"
    r"|^\W*もう一(?:枚|つ|回|度)|(?:한\s*장|하나)\s*더")


def report_earlier_turn(case: Case, problems: Problems) -> None:
    """A one-turn case whose prompt asks for more of what an earlier turn made, or works on
    what the agent made before ("the questions you gave me", "你出的这些题", "题库生成好了"):
    sent alone, the session has nothing it refers to (EV015)."""
    prompt = case.prompt.strip()
    if case.follow_ups or case.chain or case.files or case.inline_files:
        return
    fix = ("write the earlier turn as the prompt and this one under `follow_up_turns` (or "
           "`depends_on` the case that makes it)")
    if len(prompt) <= _ONE_MORE_MOST and _ONE_MORE.search(prompt):
        problems.report("EV015", case.id, f"the prompt ({prompt!r}) asks for more of what an "
                        "earlier turn made, which the case does not hold: sent alone, the "
                        "session has nothing it refers to", fix)
        return
    said = earlier_work(prompt)
    if said is not None:
        problems.report("EV015", case.id, f"the prompt works on what an earlier turn made "
                        f"({said!r}), which the case does not hold: sent alone, the session "
                        "has nothing it refers to", fix)


# What the agent made in an earlier turn, named by the prompt: "the questions you gave me",
# "the plan you drafted earlier", "你出的这些题", "你刚才给的方案", "上次你写的", and a state an
# earlier turn built, told as done at the prompt's head ("题库生成好了，直接开始"); "the changes
# you made" after a request to make them is this turn's own work (_MADE_FIRST).
_EARLIER_WORK = re.compile(
    r"(?i)\b(?:the|these|those|that|this|your)\s+(?:[\w-]+\s+){0,3}?you\s+(?:just\s+|already\s+"
    r"|previously\s+)?(?:gave|made|wrote|generated|created|drafted|suggested|proposed|produced|"
    r"sent|listed|prepared|came\s+up\s+with)\b(?:\s+(?:me|us)\b|\s+(?:[\w-]+\s+){0,3}?(?:earlier|"
    r"before|last\s+time|previously|yesterday)\b)?"
    # (the made thing named after 你…的, and nothing asked of it yet: "你写的代码要有注释" is the
    # work to come)
    r"|你(?:刚才|剛才|刚刚|剛剛|之前|上次|先前|前面)?(?:出|给|給|写|寫|做|生成|列|提|准备|準備)的"
    r"(?:这些|這些|那些)?(?:题|題|方案|版本|计划|計劃|大纲|大綱|文案|稿|答案|建议|建議|回答|清单|清單|"
    r"报告|報告|内容|內容|东西|東西|代码|代碼|问题|問題)(?!\S{0,3}(?:要|需要|必须|必須|应该|應該))"
    r"|(?:刚才|剛才|上次|上一轮|上一輪)(?:你|的)"
    r"|^\W*[\u4e00-\u9fff]{1,8}(?:已经|已經)?(?:生成|做|准备|準備|出)好了(?!吗|嗎|没|沒)")


# ...unless the prompt itself asks for it first ("Draft a plan, then shorten the plan you wrote")
_MADE_FIRST = re.compile(r"(?i)^\W*(?:please\s+)?(?:write|draft|create|generate|make|list|"
                         r"propose|plan|refactor|give\s+me)\b|^\W*(?:请|請|帮我|幫我)?(?:写|寫|生成|列出|出|做)")


def earlier_work(prompt: str) -> str | None:
    """The words by which the prompt works on what an earlier turn made, or None: read in the
    prompt's own words (never a pasted chat's), material handed over right after them read in
    the prompt as written."""
    own = unquoted(prompt, pasted=True)
    found = _EARLIER_WORK.search(own)
    if found is None:
        return None
    before = own[:found.start()]
    at = prompt.find(found.group(0))
    if _MADE_FIRST.search(before) and _JOINT.search(before) \
            or at >= 0 and _MATERIAL_FOLLOWS.match(prompt, at + len(found.group(0))):
        return None
    return found.group(0).strip()


# (the request and the later words about its work joined: "..., then", "... and explain")
_JOINT = re.compile(r"(?i)\b(?:then|and)\b|[,，;；]")
# the state told as built, then handed over below ("数据已经准备好了，在下面：<table>")
_MATERIAL_FOLLOWS = re.compile(r"[^\n]{0,30}[:：]\s*\n?\s*\S")


_ONE_MORE_MOST = 60  # a longer prompt says what it wants in its own words


# A criterion about the work after the user's next reply ("transitions to Phase 2 once user
# says 'continue'", "用户回答后才出最终 prompt"): a one-turn case never sends that reply.
_AFTER_REPLY = re.compile(
    # ("if/when the user says X" is as often a condition on what the prompt already says)
    r"(?i)\b(?:once|after|until)\s+(?:the\s+)?user\s+(?:then\s+)?(?:says|said|replies|"
    r"replied|responds|answers|answered|confirms|confirmed|approves|approved|types|sends|"
    r"picks|chooses|selects|agrees)\b(?:\s*:?\s*[\'\"\u201c\u2018](?P<reply>[^\'\"\u201d\u2019\n]"
    r"{1,60})[\'\"\u201d\u2019])?"
    r"|(?:用户|用戶)(?:回答|回复|回覆|确认|確認|选择|選擇|说|說|同意|批准|答复|答覆)(?:了)?"
    r"(?:后|後|之后|之後|以后|以後)")


# ...unless the reply is what the answer tells of ("Explains what happens when the user
# replies late"): the advice's content, in the same clause.
_TOLD_OF = re.compile(r"(?i)\b(?:what|how|explains?|describes?|warns?|documents?|tells?|"
                      r"notes?)\b[^.;:]*$")


# ...nor a bound on when the work may happen ("Writes X only after the user answers",
# "用户回答后才出", "until the user confirms"): a run that asks and stops keeps it
# (runner.authoring.awaited_reply reads those).
_BOUND = re.compile(r"(?i)\bonly\s*$")


def report_awaited_reply(case: Case, problems: Problems) -> None:
    """A one-turn case whose criteria expect work after the user's next reply: that reply is
    never sent, so those criteria read work the run never reaches (EV015), the reply quoted
    when the author wrote it."""
    if case.follow_ups or case.chain:
        return
    texts = [case.expected_output or "", *case.statements]
    found = next((m for t in texts for m in [_AFTER_REPLY.search(t)]
                  if m and not _TOLD_OF.search(t[:m.start()])
                  and not _BOUND.search(t[:m.start()]) and not t[m.end():].startswith("才")
                  and not m.group(0).lower().startswith("until")), None)
    if found is None:
        return
    reply = found.group("reply")
    problems.report("EV015", case.id, f"its criteria expect work after the user's next reply "
                    f"({found.group(0)!r}), which a one-turn case never sends: the run stops "
                    "before it", "add the reply as a follow-up turn (`follow_up_turns`: "
                    f"[{reply!r}])" if reply else "add the user's reply as a follow-up turn "
                    "(`follow_up_turns`), or grade only the first turn")
