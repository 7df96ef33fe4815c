"""Two things a case may need that no trial container has (issue 26, rule 6, EV014):

- **hardware**: an accelerator or a device the work runs on ("用NPU实测验证 X", "benchmark it on
  a real GPU"), or a device-query command a criterion expects run ("先检查npu-smi info",
  "runs nvidia-smi"). A trial is one CPU container: no arm has the device, so a criterion that
  reads its output cannot pass. Writing code *for* a GPU, or asking how to use one, needs none.
- **skills the user has installed**, for a skill that works on other skills (its description
  speaks of skills: an evaluator, an optimiser): the prompt names a skill by its identifier
  ("评估 ascend-npu-verifier 的质量") or all of the user's skills ("优化所有昇腾skills"), and
  neither the case nor the repository holds it. The sandbox has only the skill under test.

Read by grammar in the prompt's own words (runner.analysis.wording.unquoted) and the criteria;
never by a list of skill or device names.
"""

from __future__ import annotations

import re
from collections.abc import Collection

# A command that asks the machine for its accelerators.
_DEVICE_QUERY = re.compile(r"(?i)(?<![\w-])(?:nvidia|npu|rocm|xpu|hl|amd)-smi\b"
                           r"|\btorch\.(?:cuda|npu)\.is_available\b")
_DEVICE = (r"(?:NPUs?|GPUs?|TPUs?|accelerators?|hardware|devices?|boards?|robots?|"
           r"microcontrollers?|Ascend|昇腾|硬件|设备|開發板|开发板|机器人|显卡|顯卡)")
_RUN_ON = re.compile(
    rf"(?i)\b(?:run|test|benchmark|measure|profile|verify|validate|execute|deploy)\w*\b"
    rf"[^.\n]{{0,40}}?\bon\s+(?:a\s+|an\s+|the\s+|our\s+|my\s+)?(?:real|actual|physical|live)\s+"
    rf"{_DEVICE}"
    rf"|\b(?:real|actual|physical)\s+(?:{_DEVICE})\s+(?:run|test|benchmark|measurement)s?\b"
    # 用NPU实测, 在真实的GPU上运行, 真机验证, 实机测试
    # (never a relative clause, "能在GPU上运行的算子": code the work writes for the device)
    rf"|(?<!能)(?<!可)(?:用|在|于)\s*(?:真实的?|实际的?|真的)?\s*{_DEVICE}[^，。；\n]{{0,12}}?"
    rf"(?:实测|测试|运行|跑|验证|部署)(?!的)"
    rf"|(?:在|用|于)?(?:真机|实机)(?:上)?(?:实测|测试|运行|跑|验证)(?!的)")
# A relative clause before the English run-on words ("a kernel that runs on real GPUs").
_RELATIVE = re.compile(r"(?i)\b(?:that|which|to\s+be)\s+$")
# A criterion only suggesting or mentioning the query ("Suggests checking with nvidia-smi").
_MENTIONS = re.compile(r"(?i)\b(?:suggest|recommend|mention|tell|advis|explain|propos|note|"
                       r"point)\w*\b")


def hardware_needs(own_prompt: str, criteria: Collection[str], advice: bool) -> list[str]:
    """The words saying the work runs on a device the sandbox lacks (none for a question
    asking advice: the answer is words)."""
    if advice:
        return []
    found = [m.group(0) for m in _RUN_ON.finditer(own_prompt)
             if not _RELATIVE.search(own_prompt[max(0, m.start() - 12):m.start()])]
    found += [m.group(0) for text in (own_prompt, *criteria) if not _MENTIONS.search(text)
              for m in _DEVICE_QUERY.finditer(text)]
    return list(dict.fromkeys(" ".join(f.split()) for f in found))


# A skill's description speaking of agent skills (never "interview skills"): it works on
# other skills.
_ABOUT_SKILLS = re.compile(
    r"(?i)SKILL\.md|\b(?:agent|claude(?:\s+code)?|codex|ai)\s+skills?\b|"
    r"\b(?:evaluat|review|audit|optimi[sz]|test|grad|scor|improv|creat|build|lint|benchmark)"
    r"\w*\s+(?:\w+\s+){0,2}skills?\b|\bskills?\s+(?:evaluat|review|audit|quality|creat)\w*|"
    r"技能|スキル")
# A verb of working on a thing, then the skill's identifier (kebab-case, two parts at least).
_WORKS_ON = (r"(?:evaluat\w*|review\w*|audit\w*|improv\w*|optimi[sz]\w*|test\w*|grad\w*|"
             r"check\w*|benchmark\w*|analy[sz]\w*|scor\w*|refactor\w*|fix\w*|verif\w*|"
             r"评估|評估|评测|評測|优化|優化|测试|測試|验证|驗證|检查|檢查|审查|審查|分析|打分|改进|改進)")
_SKILL_ID = r"`?(?P<id>[a-z][a-z0-9]*(?:-[a-z0-9]+)+)`?"
_NAMED = re.compile(rf"(?i)(?<![A-Za-z]){_WORKS_ON}\s*(?:the\s+|my\s+|our\s+)?(?:skill\s+)?"
                    rf"{_SKILL_ID}"
                    rf"(?!\.\w|/|[\w-])")
# "all my skills", "所有昇腾skills": the user's installed skills, whichever they are
_ALL = re.compile(r"(?i)\ball\s+(?:of\s+)?(?:my|our|the\s+installed|the\s+user's|installed)\s+"
                  r"(?:[\w-]+\s+){0,2}skills\b|(?:所有|全部)[^，。\n]{0,12}?(?:skills?|技能)")


def installed_skill_needs(description: str, own_prompt: str, held: Collection[str],
                          stages: bool) -> list[str]:
    """For a skill about skills, the prompt's words naming skills to work on that neither the
    case stages (`stages`: it stages something) nor the repository holds (`held`: names of the
    repository's skill folders and skills)."""
    if stages or not _ABOUT_SKILLS.search(description):
        return []
    known = {h.lower() for h in held}
    found = [m.group(0) for m in _ALL.finditer(own_prompt)]
    found += [m.group("id") for m in _NAMED.finditer(own_prompt)
              if m.group("id").lower() not in known]
    return list(dict.fromkeys(found))
