"""A request to change the user's own software or material that no case hands over (issue 26,
rule 6, EV014): "Unity cleanup: remove this unused prefab", "Fix the overlay source bounds
without guessing", "Remove only the orange traffic cone behind the bicycle", "move this label
to the position I marked". The thing to change exists before the task (a definite object:
the / this / my ...), the case stages nothing and the prompt carries nothing to change, so
the session can only describe the change: a criterion that reads, runs or looks at the
changed thing cannot pass in any arm. Reported, never refused: the author may mean the agent
to answer in words.

Read by grammar, never by a list of products:
- a request (a clause opening on its verb, "please", "can you", or after a label's colon,
  "Unity screenshot: move this label") whose verb changes something that exists (fix, remove,
  move, restore, refactor ...), or reviews code-like work ("review the upload flow");
- its object definite ("the", "this", "my" ...) and no text the prompt pastes or answers,
  or a defect named with any article ("fix a tutorial state bug");
- silent when the prompt makes anything (create, write, build ...: the change may be to what
  it made), pastes material (a fence, several lines, a quote), or asks only for advice.
"""

from __future__ import annotations

import re

from runner.analysis.wording import unquoted
from runner.authoring.inputs import (
    MATERIAL_LINES,
    STATIVE_AFTER,
    pasted_below,
    quoted_after_colon,
)
from runner.schema.case import Case

# Verbs that reorganise or work through a body of things: counted only with an object of the
# user's material (_MATERIAL), "Simplify the expression 3x + 2x" is no such.
_GATHERING = (r"re-?org(?:ani[sz]e)?|restructure|consolidate|compact|shrink|prune|"
              r"de-?dup(?:e|licate)?|merge|simplify|declutter|triage|(?:work|grind|go)\s+through|"
              r"grind")
_GATHER = re.compile(rf"(?i)^(?:{_GATHERING})$")
# Verbs that change something that already exists.
_CHANGE = (r"fix|patch|repair|debug|remove|delete|move|rename|refactor|migrate|rewrite|rebuild|"
           r"restore|correct|update|upgrade|modify|edit|adjust|reposition|resize|realign|align|"
           r"tidy\s+up|clean\s+up|sort|replace|optimi[sz]e|speed\s+up|restyle|retouch|recolou?r|"
           r"crop|straighten|resolve|" + _GATHERING)
# Everyday verbs of reading ("Check the docs for asyncio", "Analyze the themes of Hamlet"):
# counted only with the user's own thing, a possessive or deictic before it ("scan the current
# codebase", "check my config files").
_EVERYDAY = r"scan|check|analy[sz]e|examine|assess|evaluate|go\s+over|look\s+(?:through|over)"
_EVERYDAY_REVIEW = re.compile(rf"(?i)^(?:{_EVERYDAY})$")
# Verbs that read work as it stands, counted only with an object of software (below).
_REVIEW = r"review|audit|inspect|investigate|trace|profile|troubleshoot|diagnose|" + _EVERYDAY
_OWNED = re.compile(r"(?i)^(?:my|our|this|these|that|those|the\s+(?:current|existing|whole|"
                    r"entire))\b")
# (the request may open on the user's want: "I need to add ...", "We'd like you to fix ...")
_OPENER = (r"(?:(?:please|now|just|also|then|and|so)\s+)*"
           r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?"
           r"(?:(?:i|we)\s+(?:need|want|would\s+like|'d\s+like)\s+(?:you\s+)?to\s+)?")
_DEFINITE = r"(?:the|this|that|these|those|my|our|its|their)"
# the object: up to five words of a noun phrase, ending before a preposition, a conjunction,
# a clause's end ("the table lamp from Image 2" is "the table lamp")
_STOP = (r"(?:to|in|on|into|onto|with|without|so|and|or|but|while|by|from|for|at|of|as|"
         r"before|after|until|using|because|when|if|then|that|which|where|instead|behind|"
         r"under|over|above|below|near|next|inside|outside|across|around|through|beside|"
         r"between|within|against|along|via|like|than|about|is|are|was|were|it|they|"
         r"out|up|down|away|off|back)")
_WORD = rf"(?!{_STOP}\b)[\w'-]+"
_ADVERB = r"(?:(?:only|just|also|carefully|quickly|properly)\s+)?"
_REQUEST = re.compile(
    rf"(?i)^\W*{_OPENER}(?P<verb>{_CHANGE}|{_REVIEW})\s+{_ADVERB}"
    rf"(?P<object>(?P<article>{_DEFINITE}|an?|any)(?:\s+{_WORD}){{1,5}})")
# A whole project: reviewed or scanned here ("scan the current codebase"); what is added to
# one is the own-project reader's (runner.authoring.own_project), which reads the criteria.
_WHOLE = r"code\s?base|repo(?:sitory)?|project|workspace"
_WHOLE_END = re.compile(rf"(?i)\b(?:{_WHOLE})$")
# What the object may be for a reviewing verb: a part of software or its work.
_SOFTWARE = re.compile(
    r"(?i)\b(?:code|flow|endpoints?|handlers?|routes?|components?|functions?|modules?|services?|"
    r"controllers?|migrations?|schemas?|quer(?:y|ies)|pipelines?|config(?:uration)?|"
    r"implementation|logic|changes?|patch|diff|PR|pull\s+request|commit|branch|tests?|"
    r"build|deployment|scripts?|classes|class|methods?|pages?|screens?|forms?|UI|layout|"
    r"styles?|API|vault|backlog|store|index|database|logs?|files?|folders?|director(?:y|ies)|"
    r"notes|docs|README|spreadsheet|" + _WHOLE + r")$")
# The user's material a gathering verb works through: software, or a body of records.
_MATERIAL = re.compile(_SOFTWARE.pattern[:-2] + r"|tickets|issues|problems|reports|topics|entries|"
                       r"records|pages|items|tasks)$")
# What follows a reviewed object to tell it: "this proposed API change that deprecates ...".
_TOLD = re.compile(r"(?i)\s*,?\s*(?:that|which|where)\s+\w+")
# A defect named with any article: "fix a visible HUD marker and a tutorial state bug".
_DEFECT = re.compile(r"(?i)\b(?:bugs?|crash(?:es)?|regressions?|leaks?|defects?|glitch(?:es)?|"
                     r"errors?|race\s+condition)$")
# Objects that are words, not things the user holds: the agent's own answer, the prompt's
# text, a passage it pastes or points to.
_WORDS_OBJECT = re.compile(
    r"(?i)\b(?:answers?|responses?|reply|replies|output|outputs|results?|wording|grammar|"
    r"spelling|sentences?|question|prompt|following|above|below|previous|earlier|plan|"
    r"approach|steps?|list|idea|ideas|draft|outline|summary)\b")
# A request that makes something: the change may be to what it made.
_MAKE = re.compile(r"(?i)^\W*" + _OPENER + r"(?:create|write|build|generate|draft|design|"
                   r"scaffold|implement|make(?!\s+(?:it|them|this|these|sure)\b)|produce|compose|set\s+up|add|initiali[sz]e|"
                   r"bootstrap|plan|help\s+me\s+(?:write|build|create|make|draft|plan))\b")
# ...unless what it adds goes into a definite thing of software the user has ("add clerk auth
# to this api route", "add a toggle to my settings page"): that thing is changed.
_ADD_TO = re.compile(rf"(?i)^\W*{_OPENER}(?:add|implement|integrate|wire\s+up|hook\s+up|insert)\b"
                     rf"(?:[^.;:!?]|\.(?=\w)){{0,60}}?\b(?:to|into|in)\s+"
                     rf"(?P<object>(?:this|that|my|our|its|their)(?:\s+{_WORD}){{1,4}})")
# A request on a pronoun ("... is a mess now. clean it up", "Make it safe to change"): its
# thing is the definite subject an earlier sentence told, read as the object (_referent).
_ON_IT = re.compile(rf"(?i)^\W*{_OPENER}(?P<verb>{_CHANGE}|{_REVIEW}|make|get|bring|keep|"
                    r"clean|tidy)\s+"
                    r"(?P<pronoun>it|them)\b(?:\s+(?:up|back|under|safe|smaller|coherent|"
                    r"tidy|clean|\w+er)\b)?")
_SUBJECT = re.compile(rf"(?i)\b(?P<np>{_DEFINITE}(?:\s+{_WORD}){{1,5}}?)\s+(?:(?:now|still|"
                      r"already|really)\s+)?(?:is|are|was|were|has|have|had|grew|grows|got|"
                      r"gets|keeps|looks|seems|feels|contains|holds|needs|takes|runs|uses)\b")
# The same request in Chinese: "帮我检查.gitignore是否正确配置", "整理我的笔记库" (a verb of change
# or review, then the user's own thing: a deictic or possessive before a noun of material, or
# a dotfile by name).
_REQUEST_ZH = re.compile(
    r"^\s*(?:请|帮我|帮忙|麻烦|你)*(?:检查|扫描|清理|整理|重构|优化|修复|审查|审核|分析|重组|"
    r"合并|精简|排查|改进)(?:一下)?\s*(?P<object>(?:当前|这个|这些|我的|我们的|现有的?)"
    r"[\u4e00-\u9fffA-Za-z]{0,6}?(?:代码库|代码|项目|仓库|文件夹|文件|目录|笔记库?|文档|配置|数据库|"
    r"日志|知识库)|\.[a-z][a-z0-9_.-]*)")
_MAKES_ZH = re.compile(r"(?:写|編寫|编写|创建|創建|生成|开发|開發|实现|實現|做)"
                       r"(?:一个|一個|一份|个|個)")
_SEGMENTS_ZH = re.compile(r"[。！？；，,;\n]")
# Sentences (a dot inside a name, `README.md`, ends none) and, in one, the clauses a request
# can open: after a spaced dash, ", and" / ", then", or "and" before a verb of change.
_SENTENCES = re.compile(r"[.!?;\n]+(?=\s|$)")
_CLAUSES = re.compile(r"\s[\u2014\u2013-]\s|,\s*(?:and|then)\s+"
                      r"|,\s*(?=(?:make|get|keep)\s+(?:it|them)\b)"
                      r"|\s+(?:and|but)\s+(?:also\s+)?(?=(?:then\s+)?(?:" + _CHANGE + r")\b)",
                      re.IGNORECASE)
# A label before a sentence's colon ("Unity screenshot: move this label"): a few words naming
# the topic, none pointing at material ("Improve this agent prompt: Fix the bug" quotes the
# prompt's words after its colon, no request of the user's).
_LABEL = re.compile(r"(?i)^\s*(?![^:]*\b(?:this|these|that|the|my|our|a|an)\b[^:]*:)"
                    r"(?:[\w+#.-]+\s+){0,2}[\w+#.-]+\s*:\s+")
# Material the prompt carries to work on: a fence, a code span, or a long quote (40
# characters or more; a short one is a value the work writes, "Correct the title to: 'X'").
_CARRIED = re.compile(r"```|~~~|`[^`\n]{12,}`|[\"\u201c][^\"\u201d\n]{40,}[\"\u201d]")


def _told_next(own: str, said: str, thing: str) -> bool:
    """The sentence after the request tells the thing in words, as its subject with a verb
    of state ("Audit our demo request form. It currently has these fields: ..."): the work is
    on that telling."""
    at = own.find(said)
    stop = _SENTENCES.search(own, at + len(said)) if at >= 0 else None
    if stop is None:
        return False
    noun = re.escape(thing.split()[-1])
    subject = re.match(rf"(?i)\s*(?:it|they|this|these|(?:the|its|our|my)\s+(?:[\w-]+\s+){{0,2}}?"
                       rf"{noun})\b", own[stop.end():])
    return subject is not None and STATIVE_AFTER.match(own, stop.end() + subject.end()) is not None


def _clauses(own: str, prompt: str) -> list[str]:
    """The clauses a request may open (see _SENTENCES). A sentence whose colon (other than
    a label's) introduces text carries the material it works on ("Fix the typos in this
    paragraph:\n\n> Read more ...", "Optimize this layer: COPY . ."): none of it. The colon
    and what follows are read on the prompt as written (`own` drops a pasted block)."""
    out: list[str] = []
    for sentence in _SENTENCES.split(own):
        unlabelled = _LABEL.sub("", sentence, count=1)
        head = unlabelled.split(":")[0].strip()
        where = prompt.find(head) if head else -1
        after = re.match(r"\s*[:：](?P<rest>.*)", prompt[where + len(head):], re.DOTALL) \
            if where >= 0 else None
        if ":" in unlabelled or after is not None:
            rest = after.group("rest") if after is not None else unlabelled.split(":", 1)[1]
            if len("".join(rest.split())) >= 8:
                continue
        out += [c for c in _CLAUSES.split(unlabelled) if c.strip()]
    return out


def _told_before(own: str, said: str, thing: str) -> bool:
    """A sentence before the request tells the thing, its noun the subject of a verb of
    state ("Our setup doc is stale. ... Sort the doc out.")."""
    before = own[:max(0, own.find(said))]
    noun = re.escape(thing.split()[-1])
    # only a telling with content counts ("The real setup is: copy ..."); "the index is a
    # mess" judges the thing and leaves it with the user
    return re.search(rf"(?i)\b{noun}\s+(?:is|are|was|were|has|have|had)\b", before) is not None \
        and re.search(r"[:：]\s*\S", before) is not None


def _referent(own: str, clause: str) -> str | None:
    """The definite subject an earlier sentence told, which a request on a pronoun works on
    ("This 800-line OrderProcessor class has zero tests ... Make it safe to change")."""
    at = own.find(clause)
    subjects = [m.group("np") for m in _SUBJECT.finditer(own[:at if at >= 0 else len(own)])]
    return subjects[-1] if subjects else None


def unstaged_work(case: Case, request: str) -> list[str]:
    """The requests of the prompt that change (or review) the user's own thing, which the case
    does not stage (see the module). `request`: the prompt's own words without its questions
    asking advice."""
    if not case.stages_nothing or _CARRIED.search(case.prompt) \
            or sum(bool(line.strip()) for line in case.prompt.splitlines()) >= MATERIAL_LINES:
        return []
    own = unquoted(request, pasted=True)
    clauses = _clauses(own, case.prompt)
    into = [(c, m) for c in clauses if (m := _ADD_TO.match(c)) is not None
            and _SOFTWARE.search(m.group("object")) and not _WHOLE_END.search(m.group("object"))]
    makes = [clause for clause in clauses if clause not in dict(into) and _MAKE.match(clause)]
    found: list[str] = [" ".join(m.group(0).strip(" \t\n.,;:!?").split()) for _, m in into]
    changes = [m for c in clauses if c not in makes and (m := _REQUEST.match(c)) is not None]
    on_it = [(m, thing) for c in clauses if c not in makes and (m := _ON_IT.match(c)) is not None
             and (thing := _referent(own, c)) is not None and not _WORDS_OBJECT.search(thing)
             and _MATERIAL.search(thing)
             and not _told_before(own, c, thing)]
    if makes and (found or not any(_SOFTWARE.search(m.group("object")) for m in changes)):
        return []  # (a request that makes something, unless it also changes the user's code)
    for match in changes:
        thing = match.group("object")
        if makes and (not _SOFTWARE.search(thing) or any(
                re.search(rf"(?i)\b{re.escape(thing.split()[-1])}\b", c) for c in makes)):
            continue  # a change of what the prompt makes ("build a form, then style the form")
        indefinite = match.group("article").lower() in {"a", "an", "any"}
        if _WORDS_OBJECT.search(thing) or (indefinite and not _DEFECT.search(thing)):
            continue
        verb = " ".join(match.group("verb").split())
        if _GATHER.match(verb) and not _MATERIAL.search(thing) \
                or _EVERYDAY_REVIEW.match(verb) and not _OWNED.match(thing):
            continue  # ("Simplify the expression", "Check the docs for asyncio")
        said = " ".join(match.group(0).strip(" \t\n.,;:!?").split())
        at = own.find(said)
        end = at + len(said) if at >= 0 else len(own)
        if re.fullmatch(_REVIEW, match.group("verb"), re.IGNORECASE) and (
                not _SOFTWARE.search(thing) or _TOLD.match(own, end)):
            continue  # ("review this change that deprecates ...": the change told in words)
        if quoted_after_colon(case.prompt, said) or pasted_below(case.prompt, said) \
                or _told_next(own, said, thing) \
                or _told_before(own, said, thing):
            continue  # "Edit this message for a formal recipient: 'Ola, ...'"
        found.append(said)
    if not makes:
        found += [f"{' '.join(m.group(0).strip(' .,;:!?').split())} ({thing})"
                  for m, thing in on_it]
    # (never in a prompt that makes something: "写一个脚本，扫描当前目录" scans with it)
    found += [] if _MAKES_ZH.search(own) else [
        m.group(0).strip() for part in _SEGMENTS_ZH.split(own)
        if (m := _REQUEST_ZH.match(part)) is not None]
    return list(dict.fromkeys(found))
