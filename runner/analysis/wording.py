"""EV010's reading, shared by case sets and trigger sets: a prompt that contains a phrase the
skill's description quotes (two words or more, whole words, any case) measures the
description's wording, not the job.

Quoted material is read as quoted, on both sides: a phrase counts only where the prompt uses
it in its own words, not inside text the user pastes to be worked on (a fenced block, a
`>` quote, or a quoted span of three words or more), and `unquoted` gives the other readers
of a prompt (EV011) the same view.
"""

from __future__ import annotations

import re

_QUOTED = re.compile(r'"([^"]+)"|“([^”]+)”|\'([^\']+)\'')
# Fenced material: code fences, and text between two rule lines (---, ***, ===, """).
_FENCE = re.compile(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)"
                    r"|^[ \t]*(-{3,}|\*{3,}|={3,}|\"{3})[ \t]*$.*?^[ \t]*\1[ \t]*$",
                    re.DOTALL | re.MULTILINE)
_BLOCKQUOTE = re.compile(r"^[ \t]*>.*$", re.MULTILINE)
# A quoted span: double or curly quotes anywhere; single quotes only as quotes (not inside a
# word, as in "don't"). Three words or more: a quoted file name or term is still a reference.
_SPAN = re.compile(r'"[^"\n]*"|“[^”]*”|「[^」]*」|『[^』]*』|(?<![\w])\'[^\'\n]*\'(?![\w])')
QUOTED_MIN_WORDS = 3
# a character of a script written without spaces (Chinese, Japanese kana, Korean)
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def word_count(text: str) -> int:
    """Words, every two Chinese, Japanese or Korean characters counting as one."""
    cjk = len(CJK.findall(text))
    return len(CJK.sub(" ", text).split()) + (cjk + 1) // 2
# Text pasted after a colon that ends its line ("Tighten this prompt:\n<the prompt>"), unless
# what follows is a list of instructions.
_PASTED = re.compile(r"[:：][ \t]*\n+(?![ \t]*(?:[-*•]|\d+[.)])\s).*", re.DOTALL)


def quoted_spans(text: str, pasted: bool = False) -> list[tuple[int, int]]:
    """Where `text` quotes material: fenced blocks, `>` lines, quoted spans of three words or
    more and, with `pasted`, a block pasted after a colon that ends its line."""
    spans = [m.span() for m in _FENCE.finditer(text)]
    spans += [m.span() for m in _BLOCKQUOTE.finditer(text)]
    spans += [m.span() for m in _SPAN.finditer(text) if word_count(m.group(0)) >= QUOTED_MIN_WORDS]
    if pasted:
        spans += [m.span() for m in _PASTED.finditer(text)]
    return spans


def without_pasted(text: str) -> str:
    """`text` without the blocks it pastes to be worked on (fenced, `>` lines, a block after a
    colon that ends its line); short quoted spans stay (a command the text asks for may be
    quoted)."""
    for pattern in (_FENCE, _BLOCKQUOTE, _PASTED):
        text = pattern.sub(" ", text)
    return text


def unquoted(text: str, pasted: bool = False) -> str:
    """`text` without the material it quotes (each quoted piece becomes one space)."""
    spans = sorted(quoted_spans(text, pasted))
    out, position = [], 0
    for start, end in spans:
        if end <= position:
            continue
        out.append(text[position:max(start, position)] + " ")
        position = end
    return "".join(out) + text[position:]


def quoted_phrases(description: str) -> list[str]:
    return [text.strip() for groups in _QUOTED.findall(description) for text in groups
            if len(text.split()) >= 2]


def restated_phrase(prompt: str, phrases: list[str]) -> str | None:
    """The first quoted phrase `prompt` uses in its own words (whole words, any case), or
    None. A phrase inside material the prompt quotes (longer than the phrase: text the user
    asks to work on) is not the prompt's wording; the phrase quoted alone still is."""
    spans = quoted_spans(prompt, pasted=True)
    for phrase in phrases:
        pattern = r"(?<!\w)" + r"\s+".join(map(re.escape, phrase.split())) + r"(?!\w)"
        for match in re.finditer(pattern, prompt, re.IGNORECASE):
            inside = [prompt[a:b] for a, b in spans if a <= match.start() and match.end() <= b]
            if not any(word_count(text) > word_count(phrase) for text in inside):
                return phrase
    return None


# English words that deny what follows, one list for every reader of a denial (absence,
# routing expectations, the assertion language), so that a language's words are added once.
# (other languages' denials, with their own word order: runner.analysis.wording_i18n)
NEGATIONS: tuple[str, ...] = ("no", "not", "never", "nor", "without", "don't", "doesn't",
                              "do not", "does not")


def negation_pattern(*, but: tuple[str, ...] = (), apostrophe: str = "'?") -> str:
    """NEGATIONS less `but` (the forms a reader's grammar does not take) as a regex
    alternation: any white space between words, the apostrophe as `apostrophe` (authors drop
    it), longest first."""
    kept = sorted((w for w in NEGATIONS if w not in but), key=len, reverse=True)
    return "|".join(r"\s+".join(re.escape(part).replace("'", apostrophe)
                                for part in word.split()) for word in kept)
