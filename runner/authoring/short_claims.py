"""Short phrases that claim something about the work ("Fee structure documented", "Risks
section present", "≥10 papers referenced", "至少3个", "有摘要"), told from short texts the work
must hold verbatim ("Total", "## Pricing", "Dear Editor", "Total: 600", "42 rows").

A plain assertion of three words or fewer used to be a substring check, whatever it said: a
claim read so can never be found verbatim, so the case fails in every arm and measures nothing.
The opposite mistake costs little (the grader finds the text and quotes it). So a short phrase
is a claim unless it looks like a token: one word, quoted, code or markup, a label and its
value, a number with its unit, a heading in Title Case or capitals, a short CJK term without a
predicate. Fields that say "literal" (`contains`, `must_include`, a typed `contains` object)
never come here: only the plain-string rule does (runner.authoring.dialects).
"""

from __future__ import annotations

import re

from runner.analysis.wording import CJK
from runner.analysis.wording_i18n import states_bound

# Quotes, code, markup, a path or file name, a label before its value ("Total: 600").
_TOKEN_LOOK = re.compile(r"[`\"“”«»「」『』{}\[\]<>=|\\/*$^#@_~;]|(?:^|\s)'|'(?:\s|$)|\w\(|"
                         r"\w\.\w|^[^:]{1,24}:(?:\s|$)|^(?:re|not):")
# Words a heading writes in lower case ("Terms of Service", "Call to Action").
_SMALL = frozenset({"a", "an", "the", "of", "to", "and", "or", "for", "in", "on", "at", "by",
                    "with", "vs", "de", "la", "le", "et", "und", "der", "die", "das", "y"})
# What a claim says of its subject, last ("Pricing Table Included"): a heading that ends so is
# still a claim. (A participle that names a section, "Lessons Learned", is not one of them.)
_PREDICATES = frozenset({
    "documented", "present", "included", "listed", "mentioned", "referenced", "cited",
    "explained", "described", "defined", "provided", "shown", "stated", "noted", "identified",
    "addressed", "covered", "specified", "given", "highlighted", "summarized", "summarised",
    "flagged", "justified", "quantified", "outlined", "discussed", "acknowledged", "handled",
    "considered", "applied", "followed", "respected", "preserved", "maintained", "correct",
    "accurate", "complete", "clear", "concise", "consistent", "valid", "visible", "missing",
    "absent", "appropriate", "actionable", "compliant", "explicit", "specific", "used"})
# ...or first, as a judgement of the work ("Clear CTA", "Concise Answer").
_JUDGEMENTS = frozenset({"clear", "concise", "accurate", "correct", "consistent", "actionable",
                         "appropriate", "explicit", "friendly", "polite", "helpful"})
# A verb that describes the work, first ("Names steel", "Lists risks", "Includes totals").
_DESCRIBING = frozenset({"includes", "contains", "has", "documents", "mentions", "uses",
                         "provides", "lists", "shows", "explains", "gives", "cites", "names",
                         "references", "describes", "identifies", "suggests", "recommends",
                         "states", "notes", "flags", "warns", "defines", "covers"})
# A participle last, in the languages read with spaces: a predicate, "X (is) done".
_PARTICIPLE = re.compile(r"(?:\w{3,}ed|\w{3,}(?:ad|id|at|it)[oa]s?|\w{2,}é(?:e|es|s)?|ge\w{3,}[t]|"
                         r"\w{3,}(?:ан|ен|ян)[ыао]?)$")
# A predicate in a short Chinese, Japanese or Korean phrase ("列出风险", "有摘要", "記載あり",
# "요금 명시"); a term without one ("风险提示", "注意事項", "요약") is text to find.
_CJK_PREDICATE = re.compile(
    r"了|已|(?<![所没沒])有(?![效关關限些])|包含|包括|含有|列出|列明|提到|提及|说明|說明|给出|給出|"
    r"存在|记载|記載|引用|提供|明确|明確|清晰|完整|正确|正確|准确|準確|描述|解释|解釋|覆盖|覆蓋|"
    r"涵盖|涵蓋|标注|標註|注明|註明|写明|寫明|指出|展示|显示|顯示|"
    r"が|を|され|して|いる|ある|あり|含む|含ま|示す|明記|言及|"
    r"있|포함|설명|제시|언급|명시|되어|됨|했|한다")


# ...or an act of the work opening the phrase ("生成新的 G0 包版本", "记录确认版本与锁定项",
# "只等待一次 G0 拍板"): what the run does, never a text it writes. (An adverb of manner or
# order may come first; a phrase this short that only names a thing, "生成器", stays text.)
_CJK_ACTS = (r"(?:生成|产出|產出|收集|集中收集|保留|记录|記錄|执行|執行|返回|阻断|阻斷|等待|调用|"
             r"調用|创建|創建|询问|詢問|拒绝|拒絕|推荐|推薦|确认|確認|读取|讀取|写入|寫入|更新|删除|"
             r"刪除|避免|停止|跳过|跳過|构建|構建|修改|修复|修復|识别|識別|分析|总结|總結|拆分|合并|"
             r"合併|调整|調整|转换|轉換|计算|計算|验证|驗證|校验|校驗|保存|导出|導出|发送|發送|回复|"
             r"回覆|引导|引導|建立|设置|設置|进入|進入|切换|切換|标记|標記|拦截|攔截|暂停|暫停|交付|"
             r"检查|檢查|判定|保持|提供|核对|核對|锁定|鎖定|提交|改变|改變|使用|处理|處理|完成|阻止|"
             r"允许|允許|接受|比较|比較|评估|評估|检测|檢測|审查|審查|确保|確保|保证|保證|选择|選擇|"
             r"判断|判斷|遵循|遵守|拒收|降级|降級|升级|升級|重试|重試|中止|放弃|放棄|展示|呈现|呈現)")
CJK_ACT = re.compile(r"^(?:只|先|再|仍|立即|立刻|自动|自動|必须|必須|应|應|需要?|不再)?"
                     rf"{_CJK_ACTS}\s?\S{{2,}}")
# ...anywhere in a longer phrase ("在权利解决前阻断候选", "按已锁定路线生成一张"): under a
# list of what the work must hold, a phrase of five characters or more with an act in it.
# (a clause opening with a coverb, "在…内重建", "按…编译", "将…汇入", "把…作为", "对…重跑", "从…
# 恢复", "通过…解决", frames an act too)
# ("为什么", "对比表", "在线" are words of their own, never a frame)
CJK_ACT_ANY = re.compile(rf"{_CJK_ACTS}|^(?:在(?!线|線)|按(?!钮|鈕)|将|將|把|对(?!比|于|話|话)|"
                         r"對(?!比|於|話)|从|從|通过|通過|经由|經由)\s?\S.{2,}")
# A compound noun opening with such a verb ("更新日志", "风险评估报告", "检查清单"): a title or a
# term the work writes, no act; a particle ("生成新的 G0 包版本", "找出后再修复") makes it one.
_CJK_NOUN_END = re.compile(r"(?:报告|報告|日志|日誌|清单|清單|记录|記錄|结果|結果|表|图|圖|"
                           r"时间|時間|说明|說明|率|要求|统计|統計|方案|文档|文檔|列表|模板|流程|"
                           r"关系|關係|指南|手册|手冊)\s*$")
_CJK_PARTICLE = re.compile(r"的|了|并|並|后|後|再|将|將|把|\s")


def cjk_act(text: str, anywhere: bool = False) -> bool:
    """Whether a Chinese phrase tells an act of the work (CJK_ACT at its start, or with
    `anywhere` CJK_ACT_ANY), never a compound noun a title or term would be."""
    text = text.strip()
    if not (CJK_ACT_ANY.search(text) if anywhere else CJK_ACT.match(text)):
        return False
    plain = not _CJK_PARTICLE.search(text)
    return not (plain and (len(text) <= 4 or _CJK_NOUN_END.search(text)))


def _heading(words: list[str]) -> bool:
    """Title Case or capitals: a heading, a label or a salutation the work writes as is."""
    letters = [w for w in words if w[:1].isalpha()]
    return bool(letters) and all(w[0].isupper() or w.lower() in _SMALL for w in letters)


def short_claim(text: str) -> bool:
    """A plain string too short to be read as a sentence that still claims something about
    the work (a count bound, a predicate, a judgement, a describing verb) rather than quoting
    a text the work must hold. A bare noun phrase ("cost breakdown", "snapenv save") says no
    more than its words: it stays the text to find."""
    text = " ".join(text.split())
    if not text or text.startswith(("re:", "not:")):
        return False
    if states_bound(text):  # "≥10 papers referenced", "at least 3", "3つ以上"
        return True
    if _TOKEN_LOOK.search(text):
        return False
    if CJK.search(text):
        return _CJK_PREDICATE.search(text) is not None or cjk_act(text)
    words = text.split()
    if len(words) < 2:
        return False
    first, last = words[0].lower(), words[-1].lower().strip(".!")
    if last in _PREDICATES or first in _JUDGEMENTS or first in _DESCRIBING:
        return True  # "Fee structure documented", "Clear CTA", "Names steel"
    if _heading(words) or any(ch.isdigit() for ch in text):
        return False  # "Lessons Learned", "42 rows": the text itself
    return _PARTICIPLE.search(last) is not None  # "Dates normalized", "precios incluidos"
