"""A skill whose own steps search or fetch the web (issue 26, rule 6: cases that need the
network get a finding of their own).

A case's words may never mention the web while the skill's procedure reaches for it: "if only
the law's name is given, use WebSearch to fetch its full text", an `allowed-tools` line granting
`WebSearch`, "联网搜索最新资料". In a trial no arm has the web: the container has no network (so
claude's WebFetch, which fetches from the machine it runs on, fails) and the gateway refuses the
API's server-side web search unless the run allows server tools. A case whose answer needs what
the search finds then passes in no arm, and the author who reads only the case set cannot tell.

Read from the skill's own declaration, never from a list of skills:
- `allowed-tools` in the frontmatter naming WebSearch or WebFetch (Claude Code's own format: a
  comma- or space-separated string, or a list; `WebFetch(domain:example.com)` names WebFetch);
- a step of the body using it: the tool by its name after a verb of using it ("use WebSearch",
  "via `WebFetch`") or before its purpose ("WebSearch for the latest release"), or the act in
  words ("search the web", "do a web search", 联网搜索, 上网查). A bare name in a list of tools
  (a guide teaching what tools exist) is no step; nor is one ruled out ("never use WebSearch",
  "instead of a web search", 不要联网) or optional ("use WebSearch if available"), nor one
  inside a code block (an example, not the skill's procedure).
"""

from __future__ import annotations

import re
from pathlib import Path

from runner.authoring.skill import declared_tools, skill_body

_TOOL = r"`?(?:WebSearch|WebFetch|web_search|web_fetch)`?"
# (the tool's own name, in its case: "websearch" in prose is a word, not the tool)
_STEP = re.compile(
    rf"(?i:\b(?:use|uses|using|call|calls|calling|run|runs|invoke|invokes|via|through)"
    rf"\s+(?:the\s+)?)(?-i:{_TOOL})(?![\w-])"
    rf"|(?<![\w-])(?-i:{_TOOL})(?:\s+tool)?\s+(?i:to)\b"
    # (in Chinese the verb is a word before it, 使用 WebSearch, or after, WebSearch 搜索)
    rf"|(?:使用|用|调用|通过|借助)\s*(?-i:{_TOOL})|(?-i:{_TOOL})\s*(?:工具)?\s*(?:搜索|检索|查询|查找|获取|抓取)"
    r"|(?i:\bsearch(?:es|ing)?\s+(?:the\s+)?(?:web|internet)\b"
    r"|\b(?:do|does|run|runs|perform|performs|conduct|conducts|use|uses)\s+(?:an?\s+)?"
    r"(?:quick\s+)?web\s+search(?:es)?\b"
    r"|\bweb\s+search(?:es)?\s+(?:for|to)\b"
    r"|\bsearch(?:es)?\s+online\b|\blook\s+(?:it\s+|them\s+)?up\s+online\b)"
    r"|联网(?:搜索|检索|查询|查找|查)|上网(?:搜索|查)|(?:网络|网上|在线)(?:搜索|检索)|搜索网络")
# a clause ruling the step out, before it on its line ("Do not use WebSearch", 不要联网搜索)
# (or a guide's words about tools or skills in general: "tools such as WebFetch", "a skill
# that uses WebFetch"; or the user's ask it answers: "If the user asks you to search the web")
_RULED_OUT = re.compile(r"(?i)\b(?:never|not|don't|do\s+not|avoid|instead\s+of|can't|cannot|"
                        r"blocks?|such\s+as|e\.g|for\s+example|user\s+asks?\s+you\s+to|"
                        r"(?:a|any|your)\s+skills?\s+that|(?:can|could|may)\s+be\s+given)\b"
                        r"|不要|无需|不需要|不用|禁止|不得|无须|不必|不会|不能|无法|没有|不进行|离线|不$")
# ...or optional after it ("use WebSearch if available, otherwise ...")
_OPTIONAL = re.compile(r"(?i)[^.;\n。；]{0,60}?\b(?:if\s+(?:it\s+is\s+)?(?:available|enabled|"
                       r"allowed|permitted|possible)|when\s+available|optional(?:ly)?|"
                       r"otherwise|fall\s*back)\b|[^。；\n]{0,30}?(?:如果可用|若可用|可选)")
# (a comma ends a condition: "If the text is not given, use WebSearch" is a step)
_CLAUSE_START = re.compile(r"[.,;!?。，；！？\n]")
# (a fence may be indented inside a list item)
_FENCE = re.compile(r"^[ \t]*(?:```|~~~).*?^[ \t]*(?:```|~~~)[ \t]*$", re.MULTILINE | re.DOTALL)
_WEB_TOOLS = ("WebSearch", "WebFetch")


def web_steps(skill_dir: Path) -> str | None:
    """The words by which the skill's own SKILL.md reaches for the web, or None."""
    granted = [t for t in declared_tools(skill_dir) if t.split("(", 1)[0].strip() in _WEB_TOOLS]
    if granted:
        return f"allowed-tools: {', '.join(granted)}"
    body = _FENCE.sub("", skill_body(skill_dir))
    for match in _STEP.finditer(body):
        starts = [m.end() for m in _CLAUSE_START.finditer(body, 0, match.start())]
        start = starts[-1] if starts else 0
        if _RULED_OUT.search(body, start, match.start()) or _OPTIONAL.match(body, match.end()):
            continue
        return " ".join(match.group(0).split())
    return None
