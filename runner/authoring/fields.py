"""What a case field no rule grades is, so `check` can say so (issue 26, nothing in silence):

- **prose**: the author's free text about the case (`probes`, `notes`, `rationale`, `why`,
  or any field holding a sentence). It explains the case to a human; read as a check or a
  process item it would grade the author's commentary, so it never is.
- **metadata**: a condition or label (`tier`, `difficulty`, `category`, `tags`, `priority`,
  or any field holding a number, a flag or short labels). It sorts cases; it never decides one.

Both are kept with the case and counted on plain `check`. An `expected_<x>` field is neither:
it is what the authors expect of the work, graded as statements (expectation_statements).
Names decide first; a name no list knows is judged by its value's shape, so a field never seen
before is still classed.
"""

from __future__ import annotations

import re
from typing import Any

PROSE, METADATA = "prose", "metadata"
PROSE_WORDS = frozenset({
    "probe", "probes", "note", "notes", "rationale", "why", "reason", "reasons", "reasoning",
    "description", "describe", "explanation", "explain", "comment", "comments", "purpose",
    "intent", "motivation", "summary", "commentary", "remarks", "remark", "hint", "hints",
    "about", "story", "narrative", "observation", "observations", "todo"})
METADATA_WORDS = frozenset({
    "tier", "difficulty", "category", "categories", "tag", "tags", "priority", "level",
    "complexity", "severity", "weight", "group", "suite", "topic", "topics", "area",
    "domain", "locale", "language", "lang", "version", "author", "owner", "created",
    "updated", "date", "status", "label", "labels", "stage", "phase", "kind", "type",
    "scenario", "persona", "segment", "cohort", "split", "importance"})
# ...but a field named as what the work should come to (`expected_gate: block`) is an
# expectation no rule grades: kept plain, so it stands out as a check that may be lost.
EXPECTATION_WORDS = frozenset({"expected", "expect", "expects", "expectation", "answer",
                               "answers", "must", "should", "gold", "golden", "verdict",
                               "want", "wanted", "correct", "target"})
PROSE_MIN_WORDS = 6
_LABEL = re.compile(r"^[\w.:/+-]{1,40}$")


# Values that claim nothing about the work: no value, a flag, a level or a class. Under a
# statement field (or a name read as one) such a value is a label, never a statement ("none"
# graded as a claim is an absence that passes on anything).
# (a dash is no such value: `avoid: "—"` names the em dash)
NULL_FLAGS = frozenset({"none", "null", "nil", "n/a", "na", "true", "false", "tbd",
                        "unknown", "undefined"})
LEVELS = frozenset({"low", "medium", "mid", "high", "easy", "moderate", "hard", "edge",
                    "basic", "intermediate", "advanced", "critical", "minor", "major",
                    "positive", "negative", "pass", "fail", "passed", "failed", "ok",
                    "simple", "complex", "normal", "standard", "happy", "sad", "smoke"})


def label_value(value: Any, flags_only: bool = False) -> bool:
    """A flag, no value, or (unless `flags_only`) a level or class word: a label."""
    if value is None or isinstance(value, bool):
        return True
    if not isinstance(value, str):
        return False
    word = value.strip().lower()
    return word in NULL_FLAGS or not flags_only and word in LEVELS


def one_token(value: Any) -> bool:
    """A bare value: a flag, a number, or one word with no claim in it."""
    return label_value(value) or isinstance(value, (int, float)) or isinstance(
        value, str) and bool(_LABEL.match(value.strip()))


def name_words(name: str, *, camel: bool = True) -> list[str]:
    """A name's words in order, lower-cased, in any spelling (`expectedBehavior`, `must-not`,
    `why_it`, `run tests`): split at anything not a letter or digit and, with `camel`, where
    a lower-case letter or digit meets a capital. The one splitter of a key's, a file's or a
    skill's name for every reader here. `camel=False` for a name read as written in lower
    case (a file's stem, a skill's folder), where `eCommerce` stays one word."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name) if camel else name
    return [w for w in re.split(r"[^a-z0-9]+", spaced.lower()) if w]


def snake_case(key: str, *, hyphens: bool = True) -> str:
    """A key in snake_case, lower-cased: `requiresE2e`, `requires-e2e` -> `requires_e2e` (a
    capital after a lower-case letter or digit opens a word, so `requiresE2E` gives
    `requires_e2_e`); `hyphens=False` keeps a hyphen (`expected-output`) as written."""
    snake = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key).lower()
    return snake.replace("-", "_") if hyphens else snake


def words(name: str, *, camel: bool = True) -> set[str]:
    """A field name's words (name_words), as a set to meet a list of words with."""
    return set(name_words(name, camel=camel))


def nonblank_strings(value: Any) -> list[str] | None:
    """A non-empty list whose every item is a non-blank string, stripped; else None."""
    if isinstance(value, list) and value and all(isinstance(v, str) and v.strip()
                                                 for v in value):
        return [v.strip() for v in value]
    return None


def is_prose(value: Any) -> bool:
    """A sentence or more of free text (one string, or a list of them)."""
    texts = [value] if isinstance(value, str) else value if isinstance(value, list) else None
    return bool(texts) and all(isinstance(t, str) and len(t.split()) >= PROSE_MIN_WORDS
                               for t in texts or [])


def _labels(value: Any) -> bool:
    if isinstance(value, (bool, int, float)):
        return True
    if isinstance(value, str):
        return bool(_LABEL.match(value.strip()))
    return isinstance(value, list) and bool(value) and all(
        isinstance(v, (bool, int, float)) or isinstance(v, str) and _LABEL.match(v.strip())
        for v in value)


def field_kind(name: str, value: Any) -> str | None:
    """PROSE, METADATA, or None when neither its name nor its value says which."""
    named = words(name)
    if named & EXPECTATION_WORDS:
        return None
    if named & PROSE_WORDS and not named & METADATA_WORDS:
        return PROSE
    if named & METADATA_WORDS and not named & PROSE_WORDS:
        return METADATA
    if is_prose(value):
        return PROSE
    if _labels(value):
        return METADATA
    return None


# Fields whose value has a shape of its own (objects, paths, a program): a sentence there is
# the author's prose, never the field.
STRUCTURED = frozenset({"process", "json_checks", "outputs", "tool_calls", "files",
                        "judge_program"})


def never_a_check(name: str, value: Any, near: str) -> bool:
    """A field that must not be read as the grading field `near` its name: one named as the
    author's prose or a label, or a sentence where `near` holds structured entries."""
    return bool(words(name) & (PROSE_WORDS | METADATA_WORDS)) \
        or near in STRUCTURED and is_prose(value)


# The marker of a field naming what the work should come to: `expected_depth` before its
# subject, `evidence_required` after it (the evidence the work must show, never the task's).
_EXPECTED_BEFORE = r"(?i)^expect(?:ed|s)?[_-]+"
_EXPECTED_AFTER = r"(?i)[_-]+(?:required|expected)$"


def expectation_named(name: str) -> bool:
    """`expected_depth`, `expect_personas`, `evidence_required`: named as what the work
    should come to (not `expected_output`, a case field with its own reading)."""
    return name != "expected_output" and bool(re.match(_EXPECTED_BEFORE, name)
                                              or re.search(_EXPECTED_AFTER, name))


_DESCRIPTION_TERMS = ("terms the skill's description must hold: a check of SKILL.md's "
                      "metadata, not of the run, so not graded here")
_TERM_WORDS = frozenset({"term", "terms", "word", "words", "keyword", "keywords", "phrase",
                         "phrases"})


def about_description(name: str) -> bool:
    """`required_description_terms`: terms the (routed) skill's description must hold, a
    check of its metadata the authors' script runs, never of the work: said as such."""
    named = words(name)
    return "description" in named and bool(named & _TERM_WORDS)


def untaken(extra: dict[str, Any]) -> str:
    """The fields a case had that no rule grades, each with why (prose, metadata, or a field
    no rule knows), for a finding that would otherwise drop them without a name."""
    kinds: dict[str, list[str]] = {}
    for key in sorted(extra):
        kind = field_kind(key, extra[key])
        why = _DESCRIPTION_TERMS if about_description(key) else kind if kind else \
            "kept, not graded: an expectation no rule grades" if expectation_named(key) \
            else "a field no rule knows"
        kinds.setdefault(why, []).append(key)
    return "; ".join(f"{', '.join(keys)} ({why})" for why, keys in kinds.items())


def strings_in(value: object) -> list[str]:
    """Every string a field's value holds, at any depth (lists and objects walked), in order."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


# `expected_<x>` fields no other rule reads (issue 26): the authors' expectations of the work,
# graded as statements worded with the field's name ("The work's depth is: deep"). Kept and
# reported instead: routing (whether or which skill fires: the grader never sees it load),
# scores and thresholds (a number about the grade, not the work), and the case's metadata.
ROUTING_WORDS = frozenset({"skill", "skills", "trigger", "triggers", "triggered",
                           "triggering", "route", "routing", "router", "activation",
                           "activate", "activates", "activated", "load", "loads", "fire",
                           "fires"})
SCORE_WORDS = frozenset({"score", "scores", "threshold", "thresholds", "rate", "accuracy",
                         "confidence", "points", "grade", "percent", "percentage", "pass",
                         "probability", "weight", "reward"})
# Identifiers and codes (`expected_rule_ids`): the codes rule's (dialects `_cited_codes`): a
# code cited is graded there, a lower-case slug names the author's own check, no claim.
ID_WORDS = frozenset({"id", "ids", "code", "codes"})
STATEMENT_ORIGIN = "an expectation field, graded as a statement"
# How check names the fields graded as statements (expectation, modal and bound fields).
GRADED_FIELDS = "expected_<x>, must_/should_/never_<x> or required_/forbidden_/allowed_<x>"


def _subject(name: str) -> str:
    """`expected_min_severity` -> "min severity": the field's name without its marker."""
    rest = re.sub(_EXPECTED_AFTER, "", re.sub(_EXPECTED_BEFORE, "", re.sub(
        r"(?<=[a-z0-9])(?=[A-Z])", "_", name)))
    return " ".join(w for w in re.split(r"[^A-Za-z0-9]+", rest.lower()) if w)


def _said(value: Any) -> str | None:
    """A value as the statement writes it; None when it claims nothing (no value, a flag)."""
    if label_value(value, flags_only=True) or isinstance(value, (dict, list)):
        return None
    text = str(value).strip()
    return text or None


# A word that makes a field the alternative of another (`expected_output_alt`): an outcome
# the author also accepts, never a second one the work must show besides.
ALTERNATIVE_WORDS = frozenset({"alt", "alternative", "alternate", "fallback"})


def kept_expectation(name: str) -> bool:
    """An `expected_<x>` field that stays kept and reported, by its name: routing, a score
    or threshold (`expected_score: 0.8`, about the grade, not the work), identifiers or codes
    (`expected_rule_ids`), metadata, an alternative outcome (`expected_output_alt`: graded
    as a statement it would require both outcomes at once)."""
    return bool(words(name) & (ROUTING_WORDS | SCORE_WORDS | ID_WORDS | ALTERNATIVE_WORDS
                               | {"metadata"}))


# A file a value names (`evals/answers/findings.md`, or `findings.md` under a name of files):
# the inputs rule's (runner.authoring.inputs: an answer key, or the case's input), no claim.
_FILE_WORDS = frozenset({"file", "files", "path", "paths", "fixture", "fixtures", "document",
                         "documents", "attachment", "attachments", "dir", "folder"})
_FILE_PATH = re.compile(r"^(?!https?:)(?:[\w.@+-]+/)*[\w@+-][\w.@+-]*\.[A-Za-z][A-Za-z0-9]{0,7}$")


def _names_file(name: str, value: Any) -> bool:
    texts = strings_in(value)
    return bool(texts) and all(_FILE_PATH.match(t.strip()) and (
        "/" in t or words(name) & _FILE_WORDS) for t in texts)


# A plural noun ends in -s; these endings are singular nouns that do too (`status`,
# `analysis`, `class`).
_SINGULAR_S = ("ss", "us", "is")


def _singular(subject: str) -> bool:
    """`verdict`, `risk level`: the field names one thing the work comes to (its last word is
    no plural), so a list of bare values under it offers the values it may be, never values it
    holds all of (`personas`, `actions`, `autonomy excludes` stay one statement per item)."""
    last = subject.split()[-1]
    return not last.endswith("s") or last.endswith(_SINGULAR_S)


# A name saying the values are all needed (`stage_required: [id, owner]`: fields the work must
# hold, every one), or that the list is a sequence (`expected_chain`, `expected_workflow`:
# steps, every one, in order): never alternatives.
_ALL_NEEDED = frozenset({"required", "require", "requires", "must", "mandatory", "needed"})
_SEQUENCES = frozenset({"chain", "workflow", "trajectory", "sequence", "order", "flow", "path",
                        "pipeline", "process", "plan", "route"})


def _one_value(name: str, subject: str) -> bool:
    """`expected_verdict`, `expect_severity_in`: an expectation of the one value the work
    comes to (every word of its subject singular, no word saying all are needed, no sequence)."""
    said = subject.split()
    return not words(name) & _ALL_NEEDED and not set(said) & _SEQUENCES \
        and all(w.isalpha() and _singular(w) for w in said)  # (a date in a name: no value)


def _value_word(value: Any) -> bool:
    """`RED`, `N/A(diagnose)`, `needs review`: a value the work may come to, not a sentence (a
    list of sentences under a singular name, `expected_trajectory: [steps...]`, is steps the
    work takes, all of them)."""
    text = str(value).strip()
    return not isinstance(value, (dict, list)) and len(text) <= 40 and len(text.split()) <= 3


def _alternatives(name: str, subject: str, value: list[Any]) -> list[tuple[str, str]]:
    """`expected_verdict: [RED, YELLOW]`: a verdict is one value, so the list is the values
    the authors accept: ONE statement passed by any of them (one per value, all required,
    could never pass with two)."""
    said = [text for item in value if (text := _said(item)) is not None]
    if len(said) == 1:
        return [(f"The work's {subject} is: {said[0]}", f"{name} ({STATEMENT_ORIGIN})")]
    if not said:
        return []
    return [(f"The work's {subject} is one of: {', '.join(said)}",
             f"{name} ({STATEMENT_ORIGIN}, passed by any one of its {len(said)} values)")]


# `expected_checks: [found_planted_secret, no_edit_write_to_working_file]`: names of the
# authors' own checks (a program of theirs computes each), no claim a grader can read: worded
# as "The work's checks include: no_edit_..." a negative check would be graded as present.
_CHECK_NAME_WORDS = frozenset({"check", "checks", "assertion", "assertions", "test", "tests",
                               "grader", "graders", "scorer", "scorers", "probe", "probes"})
_CHECK_ID = re.compile(r"^[a-z][a-z0-9]*(?:[_.][a-z0-9]+)+$")


def check_names(name: str, value: Any) -> list[str]:
    """The authors' check names an expectation field lists (see _CHECK_NAME_WORDS), or []."""
    said = [t.strip() for t in strings_in(value)]
    if not said or not words(name) & _CHECK_NAME_WORDS \
            or not all(_CHECK_ID.match(t) for t in said):
        return []
    return said


# An item that is already a sentence about what the agent does ("Should not be framed as
# financial advice", "The assistant should avoid confirming a current APY"): the statement as
# written, its polarity its own; wrapped as "The work's facts include: ...", a prohibition
# would need its quote.
_OWN_SENTENCE = re.compile(r"(?i)^(?:the\s+(?:assistant|agent|answer|response|model|reply|"
                           r"output|skill)\s+)?(?:should|must|shall|never|does\s+not|do\s+not|"
                           r"doesn't|don't|avoids?)\b")


def expectation_statements(name: str, value: Any) -> list[tuple[str, str]]:
    """The statements (text, origin) an `expected_<x>` field says about the work: a value is
    one, a list under a singular name one passed by any of its values ("is one of"), under a
    plural name one per item ("include"), a mapping one per key; none for a label or a field
    kept (kept_expectation)."""
    subject = _subject(name)
    if not expectation_named(name) or not subject or kept_expectation(name) \
            or _names_file(name, value):
        return []
    said = _said(value)
    if said is not None:
        return [(f"The work's {subject} is: {said}", f"{name} ({STATEMENT_ORIGIN})")]
    if isinstance(value, list) and _one_value(name, subject) \
            and all(_value_word(v) for v in value):
        return _alternatives(name, subject, value)
    if isinstance(value, list):
        return [(text if _OWN_SENTENCE.match(text) else f"The work's {subject} include: {text}",
                 f"{name}[{n}] ({STATEMENT_ORIGIN})")
                for n, item in enumerate(value) if (text := _said(item)) is not None]
    if isinstance(value, dict):
        return [(f"The work's {subject} for {key}: {text}", f"{name}.{key} ({STATEMENT_ORIGIN})")
                for key, item in value.items()
                for text in [_said(item) if not isinstance(item, bool) else str(item).lower()]
                if text is not None]
    return []


# A field named by what the work must, should or must never do (`must_not_ask_topics`,
# `should_cover`, `never_do`, `always_include`, `mustMention`), its values what it applies to:
# the name is the claim's verb, each value its object. One statement per value, worded with the
# name ("The agent must not ask topics: budget"); a rule of its own read such fields first
# (`must_contain`, `must_not_contain` as substring checks, `must_hit_files` as outputs).
_MODALS = {("must",): "must", ("should",): "should", ("shall",): "must", ("never",): "must never",
           ("always",): "must always", ("must", "not"): "must not", ("must", "never"):
           "must never", ("should", "not"): "should not", ("should", "never"): "should never",
           ("do", "not"): "must not", ("dont",): "must not", ("shall", "not"): "must not"}


def modal_statements(name: str, value: Any) -> list[tuple[str, str]]:
    """The statements (text, origin) a modal-named field says about the work (see _MODALS),
    or [] when the name is no such field, names routing, a score or ids (`should_trigger`,
    `must_score`), names files (another rule's), or its values claim nothing (flags)."""
    said = name_words(name)
    modal = next(((len(k), v) for k, v in sorted(_MODALS.items(), key=lambda kv: -len(kv[0]))
                  if tuple(said[:len(k)]) == k), None)
    if modal is None or len(said) <= modal[0]:
        return []
    rest = said[modal[0]:]
    if set(rest) & (ROUTING_WORDS | SCORE_WORDS | ID_WORDS | ALTERNATIVE_WORDS
                    | {"metadata"}) or rest[0] in _RUN_WORDS or rest[-1] in _RUN_WORDS \
            or _names_file(name, value):
        return []
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    texts = [t for item in items if isinstance(item, str) and (t := _said(item)) is not None]
    if not texts or len(texts) != len(items):
        return []
    claim = f"The agent {modal[1]} {' '.join(rest)}"
    return [(f"{claim}: {text}", f"{name}[{n}] ({STATEMENT_ORIGIN})" if isinstance(value, list)
             else f"{name} ({STATEMENT_ORIGIN})") for n, text in enumerate(texts)]


# A field naming what the work's <x> must hold, must not hold, or may only be, by its first
# word (`required_dimensions: [structure, ...]`, `forbidden_tool_actions: [bash, network]`,
# `allowed_assurance: [static_only, trigger_checked]`): each value a label of the work's <x>,
# never a text to find verbatim (the work names "structure" in its own words).
# Words of a field naming how the run is set up, not what the work shows (`allowed_tools`,
# `required_env`, `should_skip`, `must_run_in`): never a claim about the work.
_RUN_WORDS = frozenset({"tool", "tools", "env", "environment", "input", "inputs", "model",
                        "models", "capability", "capabilities", "skip", "skipped", "timeout",
                        "path", "paths", "permission", "permissions", "network", "run", "runs",
                        "version", "versions", "dependency", "dependencies", "package",
                        "packages", "secret", "secrets", "key", "keys", "platform", "os",
                        "setup", "config", "settings", "fixture", "fixtures", "budget"})
_REQUIRED = frozenset({"required", "mandatory"})
_FORBIDDEN = frozenset({"forbidden", "prohibited", "disallowed", "banned"})
_ALLOWED = frozenset({"allowed", "permitted", "acceptable", "accepted"})


def bound_statements(name: str, value: Any) -> list[tuple[str, str]]:
    """The statements (text, origin) a `required_<x>` / `forbidden_<x>` / `allowed_<x>` field
    says about the work: one per required value ("The work's dimensions include: structure"),
    one per forbidden value ("The work's tool actions do not include: bash", an absence), one
    for the allowed values ("The work's assurance is one of: a, b"); [] for any other field,
    or one naming routing, a score or files."""
    said = name_words(name)
    # (the run's setup by what the field names last: `allowed_tools`, `required_env`; never
    # `forbidden_tool_actions`, actions the work takes)
    if len(said) < 2 or set(said[1:]) & (ROUTING_WORDS | SCORE_WORDS | {"metadata"}) \
            or said[-1] in _RUN_WORDS or _names_file(name, value) or about_description(name):
        return []
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    texts = [t for item in items if isinstance(item, str) and (t := _said(item)) is not None]
    if not texts or len(texts) != len(items):
        return []
    subject = " ".join(said[1:])
    def origin(n: int | None) -> str:
        return f"{name}{'' if n is None else f'[{n}]'} ({STATEMENT_ORIGIN})"

    each = isinstance(value, list)
    if said[0] in _REQUIRED:
        return [(f"The work's {subject} include: {t}", origin(n if each else None))
                for n, t in enumerate(texts)]
    if said[0] in _FORBIDDEN:
        return [(f"The work's {subject} do not include: {t}", origin(n if each else None))
                for n, t in enumerate(texts)]
    if said[0] in _ALLOWED:
        # (a plural names a subset: `allowed_labels: [a, b]`, each label the work gives one
        # of these; a singular, the one value it comes to)
        among = "is one of" if _singular(subject) else "are only among"
        return [(f"The work's {subject} {among}: {', '.join(texts)}", origin(None))]
    return []


# A limit on every unit of the work (`max_words_per_sentence: 20`, `min_items_per_section`):
# a claim about each, for the grader (no deterministic check counts a sentence's words as
# every author means them).
_LIMIT = re.compile(r"(?i)^(max|min)(?:imum)?_([a-z]+)_per_([a-z]+)$")


def limit_statement(name: str, value: Any) -> str | None:
    """The claim a limit field makes, or None for any other field or value."""
    found = _LIMIT.match(name)
    if found is None or not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return None
    bound, unit, scope = found.groups()
    most = "most" if bound.lower() == "max" else "least"
    return f"Each {scope.lower()} of the output has at {most} {value} {unit.lower()}"


# A limit on the whole output (`min_output_lines: 50`, `max_words: 300`, `response_max_chars`):
# the authors' harness counts the reply it captured, so the count is the output's, never a
# label. A floor on lines is counted exactly (a regular expression: that many lines, as
# `grep -c "^"` counts them); every other limit is a claim for the grader, because words and
# characters are counted differently by every harness (and a ceiling read over every file
# the agent wrote would fail on a long file the author never counted).
_SPOKEN = r"(?:output|response|answer|reply|result)"
_WHOLE_LIMIT = re.compile(rf"(?i)^(?:{_SPOKEN}_)?(max|min)(?:imum)?_(?:{_SPOKEN}_)?"
                          rf"(lines|words|chars|characters|length)(?:_{_SPOKEN})?$")
_UNITS = {"lines": "lines", "words": "words", "chars": "characters",
          "characters": "characters", "length": "characters"}


def whole_limit(name: str, value: Any) -> tuple[str, str] | None:
    """What a limit on the whole output checks: ("check", a regular expression) for a floor
    on its lines, ("statement", a claim) for any other, None for another field or a value
    that is no count (a flag, zero or less)."""
    found = _WHOLE_LIMIT.match(name)
    if found is None or not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        return None
    bound, unit = found.group(1).lower(), _UNITS[found.group(2).lower()]
    if found.group(2).lower() == "length" and not re.search(_SPOKEN, name.lower()):
        return None  # a bare `max_length: 2048` is as often a model's setting as a limit
    if bound == "min" and unit == "lines":
        return "check", rf"re:\A(?:[^\n]*\n){{{value - 1}}}[\s\S]"
    most = "most" if bound == "max" else "least"
    return "statement", f"The output is at {most} {value} {unit} long"
