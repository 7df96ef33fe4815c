"""Case sets as other tools write them, read into this runner's fields, each entry with where
it came from (`check -v` shows it) and every problem collected, not raised.

The rules (docs/case-sets.md#formats-read):

- A typed assertion object's operand comes from its operand field (`pattern` for a regex,
  `value`/`text` for a literal, `terms` for a list); its `description` (or `name`) is only
  its label. An object with a description and no operand is a statement for the grader.
- An unknown type or field name near a known one is mapped when the reading is unambiguous
  (`regex_absent` -> not-regex, `asserts` -> assertions) and reported (EV012); otherwise it is
  refused with the fix (EV009).
"""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

import yaml

from runner.analysis.wording import CJK, word_count
from runner.analysis.wording_i18n import OPTIONAL_END_RE, OPTIONAL_RE, names_an_action
from runner.authoring.assertion_dsl import keyed, read_dsl, read_prefixed
from runner.authoring.awaited_reply import awaited_reply, needs_answers
from runner.authoring.call_denials import calls_only, denied_call
from runner.authoring.call_lists import call_lists
from runner.authoring.command_calls import command_calls
from runner.authoring.crosscase import other_case_reference
from runner.authoring.denial_lists import joined_denials
from runner.authoring.described_fixtures import KEPT_AS, described, states_material
from runner.authoring.event_lists import event_lists
from runner.authoring.expected_claims import expected_claims
from runner.authoring.fields import (
    GRADED_FIELDS,
    PROSE_WORDS,
    bound_statements,
    check_names,
    expectation_named,
    expectation_statements,
    label_value,
    limit_statement,
    modal_statements,
    name_words,
    never_a_check,
    one_token,
    snake_case,
    strings_in,
    whole_limit,
)
from runner.authoring.fields import words as field_words
from runner.authoring.halts import halt_statement
from runner.authoring.inline_turns import inline_turns
from runner.authoring.input_object import REQUEST_KEYS, request_of
from runner.authoring.keyword_terms import keyword_terms
from runner.authoring.least_terms import least_check, least_of
from runner.authoring.material_types import CALLS, material_matcher, material_type
from runner.authoring.mocks import mocked_calls
from runner.authoring.ordered_calls import ordered_calls
from runner.authoring.pass_rules import read_case_rule, rubric_rule
from runner.authoring.path_lists import path_lists
from runner.authoring.pattern_fields import (
    PATTERN_WORDS,
    all_compile,
    as_pattern,
    compiles,
    empty_alternative,
    unmistakable,
)
from runner.authoring.personas import persona, scripted_answers
from runner.authoring.problems import Problems
from runner.authoring.program_types import CONTRACT, ProgramType
from runner.authoring.prompt_expectations import split_expected
from runner.authoring.regex_flags import with_flags
from runner.authoring.request_notes import describes_request
from runner.authoring.routing import (
    about_firing,
    not_firing_with_reason,
    routing_head,
    routing_value,
    routing_with_reason,
    routing_word,
    split_firing,
)
from runner.authoring.routing_types import loaded_skill, loaded_type, read_routing, routing_type
from runner.authoring.rubrics import rubric_criteria
from runner.authoring.setups import SETUP_KEYS
from runner.authoring.short_claims import cjk_act, short_claim
from runner.authoring.sides import side
from runner.authoring.signal_lists import SENTENCE_MIN_WORDS, signal_checks
from runner.authoring.situations import (
    SITUATION_FIELDS,
    STATE_WORDS,
    described_place,
    situation_request,
)
from runner.authoring.tiers import (
    REPORT_ONLY,
    expect_operands,
    hard_tier_keys,
    soft_marking,
    soft_objects,
    tier_lists,
    tier_marking,
)
from runner.authoring.tool_inputs import any_tool_matcher, input_field_matcher
from runner.authoring.tool_names import call_pattern, tool_matcher
from runner.authoring.verifier_keys import verifier_command
from runner.schema.case import TURN_CHECK_FIELDS, Case, Reading
from runner.scoring.absence import allowance_capped, literal_absence
from runner.scoring.checks import parse_matcher
from runner.scoring.conditional import CONDITION_KEYS, conditional
from runner.scoring.on_calls import MARK, behaviour_typed, marked

# Fields that name a tool call's tool or what its input holds: the operand of a tool check.
_TOOL_OPERANDS = ("tool", "tool_name", "tools", "pattern", "regex", "input", "input_contains",
                  "command", "args", "arguments", "params", "matcher")
# Assertion objects: their `type` -> (kind, negated).
LITERAL, REGEX, ANY, ALL, STATEMENT, TOOL, JSON, DESCRIBED, COUNT = (
    "literal", "regex", "any", "all", "statement", "tool", "json", "described", "count")
KNOWN_TYPES: dict[str, tuple[str, bool]] = {
    **{t: (LITERAL, False) for t in ("contains", "substring", "includes", "text",
                                     "required_text", "must_contain")},
    **{t: (LITERAL, True) for t in ("not_contains", "excludes", "forbidden", "forbidden_text",
                                    "must_not_contain", "not_contains_any")},
    **{t: (REGEX, False) for t in ("regex", "pattern", "matches")},
    **{t: (REGEX, True) for t in ("not_regex", "not_matches")},
    **{t: (ANY, False) for t in ("contains_any", "any", "includes_any",
                                 "contains_any_per_group")},  # per group: _term_groups
    **{t: (ALL, False) for t in ("contains_all", "all", "includes_all")},
    **{t: (TOOL, False) for t in ("tool_call", "tool_called", "tool_use", "tool")},
    **{t: (TOOL, True) for t in ("tool_not_called", "tool_not_used", "no_tool_call")},
    **{t: (JSON, False) for t in ("json_path", "jsonpath", "json")},
    # Sometimes the literal, sometimes a description of it ("Mentions --dry-run"): the
    # plain-string rule decides.
    **{t: (DESCRIBED, False) for t in ("string_match", "string", "match", "keyword",
                                       "exact_match")},
    **{t: (STATEMENT, False) for t in ("statement", "llm", "llm_judge", "judge", "model",
                                       "rubric", "semantic", "behavior", "behaviour",
                                       "expectation", "human", "manual", "qualitative", "")},
}
# A type naming texts found (`all_present`, `any_present`, `all_mentioned`), and how many.
_PRESENT = frozenset({"present", "contains", "contain", "includes", "include", "mentioned",
                      "mentions", "found", "exist", "exists", "appear", "appears"})
_EVERY = frozenset({"all", "every", "each"})
# ...never files that must exist (`all_files_exist`): an output check, not texts in the answer
_FILE_WORDS = frozenset({"file", "files", "path", "paths", "dir", "dirs", "directory", "folder",
                         "folders", "output", "outputs"})
_SOME = frozenset({"any", "one", "either", "some"})
# Where each kind keeps its operand, in order of preference. A label is never an operand.
# (`text` after `expected`: `{text: "Response mentions all five phases", type: contains,
# expected: "Phase 1"}` describes its check in `text` and finds `expected`)
OPERAND_KEYS = {LITERAL: ("value", "substring", "string", "literal", "needle", "expected", "text",
                          "contains", "content", "keyword", "phrase", "check", "target"),
                REGEX: ("pattern", "regex", "regexp", "expression", "value", "re", "expected",
                        "check", "text")}
# Keys that can only be an operand (never a statement's text): an unknown type with none of
# them, and a sentence, is a statement for the grader.
STRONG_OPERANDS = ("value", "pattern", "regex", "regexp", "expression", "expected", "substring",
                   "literal", "needle", "command", "cmd", "script", "terms", "values")
# Check types that say a program, not a reader, decides the check (by its id).
PROGRAM_TYPES = frozenset({"static", "programmatic", "program", "code", "script",
                           "deterministic", "automated", "automatic"})
_CHECK_ID = re.compile(r"^[A-Za-z_][\w-]{0,79}$")
# A check's command line, run as the case's grader command when nothing compares its output.
GRADER_COMMAND_KEYS = ("run", "command", "cmd", "shell", "script")
# Commands a check would run: that is a judge program's job.
COMMAND_KEYS = ("command", "cmd", "script", "shell")
# With no type, only these say the object is a command to run (`script:` may name a file the
# agent should use).
_UNTYPED_COMMAND_KEYS = ("run", "command", "cmd")
COUNT_KEYS = ("min_count", "min", "at_least", "minimum", "count")
OPERAND_KEYS[DESCRIBED] = OPERAND_KEYS[LITERAL]
TERM_KEYS = ("terms", "values", "items", "keywords", "phrases", "strings", "patterns",
             "sections", "headings", "titles", "words", "must_include")
STATEMENT_KEYS = ("statement", "claim", "criterion", "check", "description", "text",
                  "expectation", "requirement", "rule", "assertion", "value", "name")
# Keys whose text alone says an object is a claim about the work (`{claim, source,
# rationale}`): under a list named for checks, such objects are statements for the grader.
_CLAIM_KEYS = ("claim", "statement", "criterion", "expectation", "requirement")
LABEL_KEYS = frozenset({"description", "name", "label", "title", "id", "rationale", "reason",
                        "why", "note", "notes", "comment", "weight", "severity", "points",
                        "score", "category", "critical", "required", "type", "kind"})
# Every key some rule reads in an assertion object; others are shown as ignored.
OBJECT_KEYS = frozenset({
    "type", "kind", "matcher", *(k for keys in OPERAND_KEYS.values() for k in keys), *TERM_KEYS,
    *STATEMENT_KEYS, *LABEL_KEYS, "min_count", "min", "at_least", "minimum", "count", "tool",
    "tool_name", "input_contains", "with", "input", "file", "output", "path", "json_path",
    "equals", "contains", "exists", "instruction", "instructions", "grading",
    "grading_instruction", "criteria", "pass_if", "pass_criteria", "passes_if", "guidance",
    "judge_prompt", "prompt", "rubric", "question", "expected_output", "expected_behavior",
    "expected_behaviour", "groups"})
# Where an unknown type's author describes the check (`_described_type`), and how many words
# make that a sentence rather than an id or a label.
DESCRIBING_KEYS = ("claim", "description", "text", "label", "name")
DESCRIBED_MIN_WORDS = 3
# Words in an unknown type's name that say what it means.
_WORDS = {
    "neg": {"not", "no", "absent", "absence", "forbidden", "forbid", "excludes", "exclude",
            "without", "never", "avoid", "avoids", "missing", "prohibited", "disallowed",
            "banned", "negative", "none", "lacks"},
    REGEX: {"regex", "regexp", "re", "pattern", "patterns", "matches", "match", "matching"},
    LITERAL: {"contains", "contain", "includes", "include", "substring", "text", "string",
              "literal", "keyword", "keywords", "phrase", "phrases", "present", "presence",
              "has", "mentions", "mention", "word", "words", "section", "sections",
              "heading", "headings", "title", "titles"},
    COUNT: {"count", "occurrences", "times"},
    ANY: {"any", "oneof", "either"},
    ALL: {"all", "every", "each", "sections", "headings", "titles"},
    TOOL: {"tool", "call", "calls", "invoked", "invokes"},
    JSON: {"json", "jsonpath"},
    STATEMENT: {"llm", "judge", "rubric", "semantic", "grader", "model", "ai", "qualitative",
                "human", "manual", "statement", "behavior", "behaviour"},
}
# Other tools' names for this runner's case fields.
CASE_ALIASES = {"scorers": "assertions", "checks": "assertions", "eval_name": "name",
                "expect": "expectations",
                "expected_behavior": "expectations", "expected_behaviors": "expectations",
                "must_contain": "must_include", "must_not_contain": "must_avoid",
                "title": "name", "input": "prompt", "query": "prompt", "in": "reads",
                "must_mention": "must_include", "must_not_mention": "must_avoid",
                "must_preserve": "must_include", "must_keep": "must_include",
                "must_not_include": "must_avoid", "rubrics": "rubric"}
# A list of what the answer must (not) cite, reference or quote (`must_cite: ["art. 8"]`,
# `must_not_reference`): texts the answer must (not) hold, as `must_mention` is; an item that
# describes behaviour is still a statement (_literal_lists).
_CITING_VERBS = ("cite", "cites", "reference", "quote", "quotes")
CASE_ALIASES |= {f"must_{verb}": "must_include" for verb in _CITING_VERBS}
CASE_ALIASES |= {f"must_{neg}_{verb}": "must_avoid" for verb in _CITING_VERBS
                 for neg in ("not", "never")}
# The answer an author holds up as text, under other tools' names: the expected output.
_IDEAL_KEYS = ("ideal", "ideal_response", "ideal_answer", "reference_answer", "golden_answer")
# Other tools' names for the prompt (read when a string), the expectations and the failures.
# A command line that runs a program: an interpreter then a path, a path with a program's
# suffix, or one relative to the working directory ("./bin/check").
_PROGRAM_LINE = re.compile(r"^\s*(?:(?:python3?|node|bash|sh|ruby|deno\s+run|uv\s+run|npx|tsx)\s+"
                           r"\S|\.{1,2}/\S|(?:[\w.-]+/)+[\w.-]+\.(?:py|sh|js|mjs|ts|rb)\b)")
# The fields expecting a program's exit status.
_EXIT_KEYS = ("expect_exit", "expected_exit", "exit_code", "expected_exit_code", "expect_code",
              "returncode", "expected_returncode")
_REQUEST_KEYS = ("prompt", "query", "user_prompt", "user_message", "message", "request")


_CLONE_URL = re.compile(r"^(?:https?://|git@|ssh://)\S+$")
_REPOSITORY_URL = re.compile(r"(?i)\.git$|^git@|//(?:www\.)?(?:github|gitlab|bitbucket|codeberg)\.")
_URL_KEYS = ("url", "repo", "repository", "git", "clone_url", "remote", "source")
_REVISION_KEYS = ("commit", "sha", "ref", "rev", "revision", "tag", "branch")


def _remote_repository(where: Any) -> str | None:
    """`{"project": ..., "url": "https://github.com/o/r", "commit": "38302d7"}`: the
    repository and revision a fixture is cloned from, as "<url>@<revision>", else None."""
    if not isinstance(where, dict):
        return None
    url = next((str(where[k]).strip() for k in _URL_KEYS if isinstance(where.get(k), str)
                and _CLONE_URL.match(where[k].strip())), None)
    if url is None or any(isinstance(where.get(k), str) for k in ("path", "dir", "folder")):
        return None
    revision = next((str(where[k]).strip() for k in _REVISION_KEYS
                     if isinstance(where.get(k), str) and where[k].strip()), "")
    # (a revision, or a repository's address: a mock service's URL is no repository)
    if not revision and not _REPOSITORY_URL.search(url):
        return None
    return f"{url}@{revision}" if revision else url


def _program_run(item: dict[str, Any]) -> str | None:
    """The case's `command` when the case tests a program (its exit status expected, no
    request besides the command), else None."""
    command = item.get("command")
    if not isinstance(command, str) or not _PROGRAM_LINE.match(command) \
            or not any(k in item for k in _EXIT_KEYS) \
            or any(isinstance(item.get(k), str) and item[k].strip() for k in _REQUEST_KEYS):
        return None
    return " ".join(command.split())


PROMPT_ALIASES = ("user", "user_input", "user_message", "user_prompt", "trigger_input",
                  "input_prompt", "request", "task", "utterance", "question", "instruction",
                  "message", "ask", "user_query", "scenario_prompt", "command",
                  # `input_<the request's noun>`: the request sent as the case's input
                  "input_query", "input_request", "input_message", "input_question")
EXPECT_ALIASES = ("pass_conditions", "pass_criteria", "success_criteria", "acceptance",
                  "acceptance_criteria", "criteria", "required_actions", "required_behaviors",
                  "required_behaviours", "expected_behaviours", "must_do", "should",
                  "should_do", "expected", "expected_results", "success_conditions",
                  "must_hold", "should_hold")
FAIL_ALIASES = ("fail_conditions", "failure_conditions", "fails_if", "fail_if", "failed_if",
                "forbidden", "forbidden_actions", "forbidden_behaviors", "forbidden_behaviours",
                "should_not", "should_not_do",
                "must_not_do", "anti_patterns", "red_flags", "failure_modes")
# Lists of what must not appear: texts (not-contains checks) or sentences (statements).
AVOID_LISTS = ("forbidden", "avoid", "avoids", "banned", "disallowed", "prohibited",
               "blocklist", "denylist", "never_say", "must_not_say", "must_not_use",
               "must_never_contain", "must_never_include", "must_never_say")
# A check's operand written as a sentence about the check ("Output contains '## Review:'
# header", "Report contains the exact section headers '...', '...'"): the subject is the work.
_CHECK_SENTENCE = re.compile(
    r"(?i)^\s*(?:the\s+)?(?:output|report|response|answer|result|reply|summary|document|text|"
    r"final\s+(?:answer|output|message))\s+(?:must\s+|should\s+|will\s+)?(?:contains?|"
    r"includes?|has|have|mentions?|shows?|lists?|starts?\s+with|ends?\s+with|begins?\s+"
    r"with)\b")
# A text the sentence quotes: '...', "...", `...`, “...”, ‘...’ (an apostrophe inside a word
# is none: "don't")
_QUOTED_TEXT = re.compile(r"(?<!\w)(?:'([^'\n]+)'|\"([^\"\n]+)\"|`([^`\n]+)`|“([^”\n]+)”|"
                          r"‘([^’\n]+)’)(?!\w)")


# Keys inside a field that say what is expected of the work rather than what the task is.
_EXPECTING = frozenset({"expected", "expect", "expects", "expectation", "expectations",
                        "should", "allowed", "forbidden"})


def _expectation_keys(value: Any, depth: int = 0) -> list[str]:
    """The keys of a nested field naming what is expected (`expected_selected_skill`,
    `should_trigger`), or a skill targeted or selected (`target_skill`)."""
    if not isinstance(value, dict) or depth > 4:
        return []
    found: list[str] = []
    for key, inner in value.items():
        said = field_words(str(key))
        if said & _EXPECTING or "skill" in said and said & {"target", "selected"}:
            found.append(str(key))
        found += _expectation_keys(inner, depth + 1)
    return found


def _without_keys(value: Any, keys: set[str], depth: int = 0) -> Any:
    """A nested field without the keys named (what it expects), the rest as written."""
    if not isinstance(value, dict) or depth > 4:
        return value
    return {k: _without_keys(v, keys, depth + 1) for k, v in value.items() if str(k) not in keys}


def _describes_check(operand: str) -> bool:
    return _CHECK_SENTENCE.match(operand) is not None and len(operand.split()) >= 3


# Words of a type saying its text must not be in the work (`output_excludes`, `lacks`).
_EXCLUDING = frozenset({"excludes", "exclude", "lacks", "omits", "omit"})
# What a work says, as a field's noun (`required_facts`, `forbidden_boilerplate`): sentences
# the grader judges, never texts to find.
_SAID_WORDS = {"fact", "facts", "point", "points", "topic", "topics", "element", "elements",
               "information", "details", "content", "contents", "boilerplate", "behaviors",
               "behaviours", "behavior", "behaviour", "ideas", "concepts", "findings"}
# A flag demanding an act of the work (`must_report_verification`, `should_cite_sources`).
_MUST_FLAG = re.compile(r"^(must|should)_((?!not_|be_)[a-z]+(?:_[a-z0-9]+)+)$")
_TEXT_WORDS = {"word", "words", "phrase", "phrases", "term", "terms", "string", "strings",
               "token", "tokens", "text", "texts", "say", "says", "wording", "vocabulary"}
# A claim is what the work asserts, in any wording: a list of claims it must not make
# (`forbidden_claims`) is statements for the grader, never texts to find verbatim.
_CLAIM_WORDS = {"claim", "claims", "statement", "statements"}
# A containment verb and an expectation marker: a field made of these (and a negation) lists
# texts the work must (not) hold (`expected_not_contains`, `_containment_lists`).
_CONTAINING = frozenset({"contains", "contain", "containing", "includes", "include",
                         "including"})
_EXPECTING = frozenset({"expected", "expect", "expects", "should", "must"})
# Fields other tools write that normalize_case turns into this runner's own.
CONSUMED_FIELDS = ("expectations", "selftune_assertions", "must_have", "must_not_have",
                   "must_include", "must_avoid", "fail", "failures", "must_not")
# Fields that decide pass or fail: an unknown field near one of these is a typo of it.
GRADING_FIELDS = ("prompt", "files", "assertions", "statements", "outputs", "tool_calls",
                  "json_checks", "process", "rubric", "judge_program", *CONSUMED_FIELDS)
# A case's own fields, by any name a rule reads them under: what a block of the author's holds
# when it groups them (`execution: {...}`, `evalConfig: {...}`), and what is no task material.
_CASE_FIELDS = frozenset({*Case.model_fields, *CONSUMED_FIELDS, *GRADING_FIELDS})
FAILURE_LISTS = ("fail", "failures", "must_not")
# The runner's fields of statements: a bare label there claims nothing (fields.label_value).
_STATEMENT_FIELDS = ("expectations", "statements", "fail", "failures")
# A case that needs another case's work: each case runs alone, in a fresh sandbox.
DEPENDENCY_FIELDS = ("depends_on", "dependsOn", "depends", "dependencies", "requires_case")
_SECTION_WORDS = {"section", "sections", "heading", "headings", "header", "headers",
                  "title", "titles", "marker", "markers"}
# Fields naming where a case's files live.
_PLACE_WORDS = {"fixture", "fixtures", "input", "inputs", "dir", "directory", "workspace",
                "folder"}
# ...of which these name one folder as the case's workspace: its contents are the working
# directory itself (`fixture: fixtures/app` -> ./src/app.py), never ./fixtures/app/.
WORKSPACE_KEYS = ("fixture", "fixture_dir", "fixture_folder", "workspace_dir", "scaffold",
                  "starter", "starter_project", "project_template")
# ...of which these name a starter project the user works in (`scaffold: nextjs-basic-auth`),
# kept in a templates folder (found as the one folder of the skill ending so: caseset)
SCAFFOLD_KEYS = ("scaffold", "starter", "starter_project", "project_template")
# A fixture field saying the case has none (`fixture: none`, `n/a`, `aucun`, `keine`, `无`).
NO_FIXTURE = frozenset({"none", "null", "nil", "n/a", "na", "-", "no", "false", "nothing",
                        "aucun", "aucune", "keine", "ninguno", "nessuno", "无", "なし"})
# A "marker" that says whether the skill should fire is a trigger expectation, not a text.
_TRIGGER_MARKER = re.compile(r"(?i)^(?:do_?)?(?:not?|should_?not)_?trigger(?:ed)?$")
STATEMENT_MIN_WORDS = 4
# A criterion written as a description of the work ("Includes performance benchmarks"): a
# capitalised verb of describing, then two words or more; never a text to find verbatim.
_DESCRIBES = re.compile(
    r"^(?:Includes|Contains|Has|Documents|Mentions|Uses|Provides|Lists|Shows|Explains|Gives|"
    r"Cites|Follows|Avoids|Asks|Offers|Names|References|Describes|Identifies|Suggests|"
    r"Recommends|Produces|Creates|Writes|Returns|Reports|Notes|Flags|Warns|Keeps|Uses|"
    r"Applies|Handles|Refuses|Declines|Summari[sz]es|Compares|States|Answers|"
    # verbs of work done, none also a common plural noun ("Checks", "Updates" stay literal)
    r"Calculates|Computes|Estimates|Quantifies|Defines|Specifies|Outlines|Proposes|"
    r"Prioriti[sz]es|Drafts|Generates|Builds|Designs|Validates|Verifies|Detects|Catches|"
    r"Addresses|Covers|Distinguishes|Preserves|Maintains|Respects|Clarifies|Acknowledges|"
    r"Requests|Confirms|Rejects|Accepts|Chooses|Selects|Ranks|Measures|Converts|Translates|"
    r"Rewrites|Removes|Considers|Highlights|Justifies|Separates|Structures|Organi[sz]es)"
    r"\s+\S+\s+\S+")
# Case fields that hold lists: a scalar there is one item.
LIST_FIELDS = ("assertions", "selftune_assertions", "statements", "expectations", "files",
               "tool_calls", "json_checks", "must_have", "must_not_have", "must_include",
               "must_avoid", "fail", "failures", "must_not", "outputs")
# An object with one of these is check-shaped (under an unknown list name: a check).
CHECK_SHAPE_KEYS = frozenset({"type", "kind", "pattern", "regex", "regexp", "value",
                              "substring", "contains", "not_contains", "expected", "terms"})
# Words in an unknown list's name that say its items grade the work.
_CHECK_NAME_WORDS = {"grader", "graders", "check", "checks", "assert", "asserts", "assertion",
                     "assertions",
                     "validators", "validator", "validations", "tests", "criteria",
                     "expectations", "rules", "scorers", "matchers", "verifications"}
# Mappings other tools hold a case's checks in, and the fields that make one such a mapping.
EXPECT_MAPPINGS = ("expect", "expected", "expectations", "checks", "assert", "must")
_CHECK_FIELDS = frozenset({"must_contain", "must_not_contain", "must_include", "must_avoid",
                           "must_have", "must_not_have", "must_mention", "must_not_mention",
                           "assertions", "statements", "outputs", "tool_calls", "json_checks",
                           "contains", "not_contains", "regex", "not_regex", "expectations",
                           "must_not_include", "forbidden", "avoid", "banned", "never_say"})
# Words in an expected-use field's name: files the work reads, or scripts it runs.
_READ_WORDS = {"ref", "refs", "references", "reads", "read", "docs"}
_RUN_WORDS = {"script", "scripts", "runs", "run", "executes"}
# Words in the name of a mapping of named groups of texts that the work must hold.
_GROUP_WORDS = {"required", "must", "expected", "should"}
# A list of codes the answer must cite (`expected_rule_ids: ["HD-MOTION-004"]`, a lint
# code, a CWE): an identifier in capitals with a digit, exact, never part of a longer code.
# Words of prohibition that, over one noun and a list of texts, name texts the work must not
# hold (`forbidden_flags`); words saying a list holds the actions one of which is expected.
_FORBIDS = {"forbidden", "banned", "disallowed", "prohibited"}
_ACCEPTABLE = {"acceptable", "allowed", "accepted", "permitted", "valid"}
_ACTION_WORDS = {"action", "actions", "command", "commands", "calls", "steps"}
_COMMAND_PARTS = {"flag", "flags", "option", "options", "command", "commands", "args",
                  "arguments", "switches"}
# Words naming the work's reply in a list's name (`output_contains`, `response_contains`).
_OUTPUT_WORDS = frozenset({"output", "response", "answer", "reply"})
# Words of a list's name saying the work holds its texts (`output_contains_any`).
_CONTAINS_WORDS = frozenset({"contains", "contain", "include", "includes", "mentions",
                             "mention", "matches", "match", "has"})
# Words of obligation that, alone over a list of texts, name texts the work must hold.
_OBLIGED = {"required", "must"}
_CODE_WORDS = {"id", "ids", "code", "codes"}
_CODE = re.compile(r"^[A-Z][A-Z0-9]*(?:[-_.:][A-Z0-9]+)*$")
# A rule judge's output conditions: each a text to find, or (True) a regular expression.
OUTPUT_CONDITIONS = {"output_contains": False, "output_matches": True, "output_regex": True}
# A judge mapping's key for its program's path.
PROGRAM_KEYS = ("script_path", "script", "program", "path", "file")
TURN_FIELDS = ("follow_up_turns", "followups", "follow_ups", "turns", "conversation",
               "messages", "dialogue")
MULTI_TURN = "EV015"
# The conversation before the case's prompt, as {role, content} entries or strings.
HISTORY_FIELDS = ("conversation_history", "chat_history", "history_messages", "prior_turns",
                  "previous_turns", "prior_messages", "previous_messages")
# A case's own kind field (`"type": "should_not_trigger"`), and the words of its value that
# make it a routing kind (runner.authoring.routing reads which side).
_CASE_KIND_KEYS = ("type", "kind", "category", "case_type", "test_type")
_FIRING_NAMES = frozenset({"trigger", "triggers", "triggered", "activate", "activates",
                           "activation", "fire", "fires"})
TRIGGER_FLAGS = ("should_trigger", "expected_trigger", "should_activate", "triggers",
                 "trigger", "should_fire", "activates", "expect_trigger", "fires")
OTHER_CASE = "EV017"
# Outputs whose text a check cannot read (caseset refuses `contains` on them).
_BINARY_SUFFIXES = frozenset({"pdf", "png", "jpg", "jpeg", "gif", "webp", "ico", "zip", "gz",
                              "tgz", "tar", "docx", "xlsx", "pptx", "doc", "xls", "ppt", "odt",
                              "mp3", "mp4", "wav", "epub"})


def _binary(path: str) -> bool:
    return path.rsplit(".", 1)[-1].lower() in _BINARY_SUFFIXES


def _regex_object(value: Any) -> Any:
    """`{regex: "..."}` (or `pattern`) in a list of texts: that item as `re:...`."""
    if isinstance(value, dict) and len(value) == 1:
        (key, operand), = value.items()
        if key in ("regex", "pattern", "re", "regexp") and isinstance(operand, str):
            return "re:" + operand
        if isinstance(key, str) and isinstance(operand, str) and " " in key.strip():
            # `- Separation of concerns: split the function` unquoted in YAML: a mapping of
            # the author's label to its text, which they wrote as one line
            return f"{key}: {operand}"
    return value


# One-key checks whose key is the type (`- contains: "Incident Commander"`, `- judge: "States
# that ..."`): the shorthand of several harnesses' YAML.
_JUDGED_KEYS = frozenset({"judge", "llm", "llm_judge", "llm-rubric", "llm_rubric", "rubric",
                          "model_graded", "semantic"})


# Where an assertion object keeps its machine check beside its sentence (`{text: "Recommends
# the CDC stream", check: {type: contains_any, values: [...]}}`).
_NESTED_CHECK_KEYS = ("check", "checker", "matcher", "rule", "verify", "verification")
# A run's record beside it (`passed: null`, `evidence: ""`): blanks, no part of the check.
_RECORD_KEYS = frozenset({"passed", "evidence", "result", "score", "status"})


# Fields that stage the case's inputs: a path there is where a fixture comes from.
_STAGING_FIELDS = frozenset({"files", "fixtures", "inputs", "input_files", "setup", "extra"})


def _named_in_full(name: str, texts: list[str]) -> str:
    """A bare file name ("index.md does NOT include ...") as the one path the case's own
    texts give it (".agents/docs/index.md"): the file the work writes there, never one at the
    working directory's root; the name as it is when no text, or several, say where."""
    if "/" in name:
        return name
    found = {m.group(0).removeprefix("./") for text in texts for m in re.finditer(
        rf"(?<![\w./-])[\w.-]*(?:/[\w.-]+)*/{re.escape(name)}(?![\w-])", text)}
    return next(iter(found)) if len(found) == 1 else name


def _snaked(item: dict[str, Any]) -> dict[str, Any]:
    """The mapping with each camelCase key in snake_case (`expectedBehavior` ->
    `expected_behavior`), where the mapping has no such key already."""
    for key in list(item):
        snake = snake_case(key, hyphens=False)
        if snake != key and snake not in item:
            item[snake] = item.pop(key)
    return item


# A block named as the case's evaluation (`evalConfig`, `evaluation`, `eval_spec`): the
# case's own fields, grouped.
_EVAL_WORDS = frozenset({"eval", "evals", "evaluation", "evaluations"})
_BLOCK_WORDS = frozenset({"config", "configuration", "spec", "settings", "options", "block",
                          "data", "info", "details"})


def _nested_check(value: dict[str, Any]) -> dict[str, Any]:
    """An assertion object whose check is an object under `check`: that check, its sentence
    kept as its description (shown with it, never a second check); any other as it is."""
    key = next((k for k in _NESTED_CHECK_KEYS if isinstance(value.get(k), dict)
                and isinstance(value[k].get("type"), str)), None)
    if key is None:
        return value
    label = next((value[k] for k in ("text", "description", "statement", "name")
                  if isinstance(value.get(k), str) and value[k].strip()), None)
    rest = {k: v for k, v in value.items() if k != key and k not in _RECORD_KEYS
            and k not in ("text", "description", "statement", "name", "category", "id")}
    return {**rest, **value[key], **({"description": label} if label else {})}


def _keyed_type(value: dict[str, Any]) -> dict[str, Any]:
    """`{contains: x}` as `{type: contains, value: x}` (a list of terms as `values`) when the
    one key is a check type this reader knows or a judged one, and no key that holds a
    sentence; any other object as it is."""
    if len(value) != 1:
        return value
    (key, operand), = value.items()
    if not isinstance(key, str) or key.lower() not in KNOWN_TYPES.keys() | _JUDGED_KEYS \
            or key.lower() in STATEMENT_KEYS:  # `{text: "The entry lists ..."}`: told in words
        return value
    if isinstance(operand, str) and operand.strip():
        return {"type": key, "value": operand}
    if isinstance(operand, list) and operand and all(isinstance(o, str) for o in operand):
        return {"type": key, "values": operand}
    return value


# The fields of a check object that carry what to find (a literal, a pattern, a value): an
# object with one of these is a check of its own reader, never a check told in words.
_OPERAND_KEYS = frozenset({"value", "values", "text", "regex", "pattern", "re", "regexp",
                           "contains", "equals", "match", "expected", "substring", "string"})



def _compiles(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except re.error:
        return False
    return True

def _described(value: Any) -> str | None:
    """The statement an item of a list of texts tells in words (`{id, description,
    threshold}`), or None: an object with a description sentence and no operand field."""
    if not isinstance(value, dict) or _OPERAND_KEYS & set(value):
        return None
    text = next((value[k] for k in ("description", "criterion", "check", "claim")
                 if isinstance(value.get(k), str) and value[k].strip()), None)
    if text is None:
        return None
    count = value.get("threshold", value.get("min_count"))
    if isinstance(count, int) and not isinstance(count, bool) and count > 1 \
            and re.search(r"(?i)\d|\bat least\b", text) is None:
        text = f"{text} (at least {count})"
    return str(text)


def judge_paths(value: Any) -> list[str]:
    """The program paths a case's `judge` names: a path, or mappings naming one
    (`{type: script, script_path: ...}`), alone or in a list."""
    if isinstance(value, str):
        return [value]
    judges = [value] if isinstance(value, dict) else value if isinstance(value, list) else []
    paths = (next((j[k].strip() for k in PROGRAM_KEYS if isinstance(j.get(k), str)
                   and j[k].strip()), None) for j in judges if isinstance(j, dict))
    return [p for p in paths if p is not None]


_IDENTIFIER = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)+$")
# A typed statement's own grading instruction, kept beside its text.
INSTRUCTION_KEYS = ("instruction", "instructions", "grading", "grading_instruction",
                    "criteria", "pass_if", "pass_criteria", "passes_if", "guidance",
                    "judge_prompt", "prompt", "rubric", "question")


def reads_as_statement(assertion: str, set_of_statements: bool = False,
                       claims: bool = True) -> bool:
    """The documented rule for a plain string assertion (no `re:`/`not:` prefix): a statement
    when it has four or more words, or when the set is written in statements (most of its
    plain assertions are), so "Answers no" beside sentences is graded as one too; with
    `claims`, also a shorter phrase that claims something of the work ("Fee structure
    documented", runner.authoring.short_claims). Readers whose field says the item is a text
    (a list of what must not appear, a `keyword` object) pass `claims=False`."""
    if assertion.startswith(("re:", "not:")):
        return False
    return set_of_statements or word_count(assertion) >= STATEMENT_MIN_WORDS \
        or _DESCRIBES.match(assertion) is not None or claims and short_claim(assertion)


# Behaviour written where a literal belongs: several words, a verb among them, and nothing of
# a literal's look (quotes, code, markup, a path or a pattern). Short phrases stay literal.
BEHAVIOUR_MIN_WORDS = 6
_LITERAL_LOOK = re.compile(r"[`\"{}\[\]<>=|\\/*$^]|(?:^|\s)'|\w\(|^[\w ]{1,24}: |^re:|^not:")
_VERB = re.compile(r"\b(?:is|are|be|should|must|does|do|not|never|has|have|can|will|"
                   r"\w{3,}(?:es|ed|ing|s))\b", re.IGNORECASE)


def _quotes_input(text: str, prompt: str) -> bool:
    """The item is words of the prompt's own material, as written (case aside)."""
    said = " ".join(text.split()).lower()
    return len(said) >= 3 and said in " ".join(prompt.split()).lower()


def acts(text: str) -> bool:
    """An item of a list of what must not appear that is an action in words (an infinitive,
    gerund or imperative phrase, runner.analysis.wording_i18n.names_an_action) and has
    nothing of a literal's look (quotes, code, markup): a statement about the run."""
    return not _LITERAL_LOOK.search(text) and names_an_action(text)


def describes_behaviour(text: str) -> bool:
    """A `must_include`-like operand that is a sentence for the grader, not a substring."""
    words = [w for w in text.split() if w[:1].isalpha()]
    title_case = 3 * sum(w[0].isupper() for w in words) >= 2 * len(words)  # a heading
    return word_count(text) >= BEHAVIOUR_MIN_WORDS and not _LITERAL_LOOK.search(text) \
        and not title_case and _VERB.search(text) is not None and not CJK.search(text)


def written_in_statements(items: list[Any]) -> bool:
    """Most plain assertions of the set read as statements on their own."""
    plain: list[str] = []
    for item in items:
        for key in ("assertions", "selftune_assertions"):
            values = item.get(key) if isinstance(item, dict) else None
            plain += [a for a in values if isinstance(a, str)
                      and not a.startswith(("re:", "not:"))] if isinstance(values, list) else []
    return bool(plain) and 2 * sum(reads_as_statement(a, claims=False)
                                        for a in plain) > len(plain)


def _as_statement(field: str, entry: Any) -> str:
    """An entry of a case's check lists in words, for the grader."""
    if field == "statements":
        return str(entry)
    if field == "assertions":
        try:
            m = parse_matcher(str(entry))
        except ValueError:
            return f"the work satisfies the check {entry!r}"
        what = (f"text matching the regular expression `{m.needle}`" if m.pattern is not None
                else f"the text `{m.needle}`")
        return f"the work {'does not contain' if m.negate else 'contains'} {what}"
    if field == "tool_calls":
        tool, _, wanted = str(entry).partition(":")
        return f"the agent calls the tool {tool}" + (f" with input containing `{wanted}`"
                                                     if wanted else "")
    return f"the JSON check {_shown(entry)} holds"


# Words that, beside "tool", name a field listing the tools the agent should call.
_TOOL_FIELD_WORDS = {"calls", "call", "expected", "expect", "used", "uses", "use", "required",
                     "must", "should"}


def _tool_sentence(entry: Any) -> bool:
    """A sentence, not a tool matcher (`Tool`, `Tool1|Tool2`, `Tool:<input>`)."""
    return isinstance(entry, str) and " " in entry.partition(":")[0].strip() \
        and word_count(entry) >= 3


def _tool_name(value: dict[str, Any]) -> str | None:
    tool = next((value[k] for k in ("tool", "name", "tool_name") if value.get(k)), None)
    return tool if isinstance(tool, str) else None


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)[:120]


def _clip(text: str, most: int = 80) -> str:
    return text if len(text) <= most else text[:most - 3] + "..."


def _operand(value: dict[str, Any], kind: str) -> str | None:
    # (`expected: present`, `expected: match`: a verdict on the check, never its operand)
    return next((value[k] for k in OPERAND_KEYS[kind] if isinstance(value.get(k), str)
                 and value[k] and not (k == "expected" and _VERDICT.fullmatch(value[k].strip()))),
                None)


_VERDICT = re.compile(r"(?i)present|absent|true|false|yes|no|match(?:es)?|pass(?:es)?|fail(?:s)?|"
                      r"found|missing|exists?|none")


# Words in a type's name saying its terms come in a given order.
_ORDERED = {"ordered", "order", "sequence", "sequential", "sequenced", "inorder"}


# A call written as code, `status()`, `goto('/admin')`: as a regular expression its
# parentheses would be a group and never match the call's own text (a regex author escapes
# them, `goto\(`; a group of a regex holds a pattern, `Fri(day)?`, never a quote)
_CODE_CALL = re.compile(r"[\w$]\((?:\)|['\"`/])")


# A command line, as a harness's `check` runs it: a program of the shell first (negated with
# `!`, or `test`'s `[`), then its arguments
_SHELL_LINE = re.compile(r"^\s*(?:!\s*)?(?:grep|egrep|test|\[|jq|ls|cat|wc|diff|find|head|"
                         r"tail|python3?|node|bash|sh)\s+\S")


def _pattern_only(value: dict[str, Any]) -> bool:
    """The object's operand is a regular expression (`pattern`, `patterns`, `regex`) and no
    key only a literal fills is there (a `text` beside a pattern is the check's label)."""
    return any(isinstance(value.get(k), (str, list)) and value[k]
               for k in ("pattern", "patterns", "regex", "regexp")) and not any(
        k in value for k in ("value", "substring", "literal", "needle", "terms", "values"))


def _statement_text(value: dict[str, Any]) -> str | None:
    """The object's statement: the first of its statement keys written in words; a bare
    identifier (`"check": "schema_valid"` beside `"text": "Produces a valid report"`) names
    the check, and is its statement only when no key holds words."""
    given = [value[k] for k in STATEMENT_KEYS if isinstance(value.get(k), str)
             and value[k].strip()]
    return next((t for t in given if not _CHECK_ID.match(t.strip())), None) \
        or next(iter(given), None)


def typed_operand(value: dict[str, Any]) -> str | None:
    """A typed check's operand written in words beside a label (`{type: behavior, value:
    "After the user confirms, Stage 2 searches ... and marks each source's kind",
    description: "Stage 2 searches"}`): by the `{type, value}` schema the `value` is what the
    check judges, and the description only names it (it stays in the check's origin)."""
    operand = value.get("value")
    if not _type_name(value) or not isinstance(operand, str) or not operand.strip() \
            or _CHECK_ID.match(operand.strip()):
        return None
    labelled = any(isinstance(value.get(k), str) and value[k].strip() and value[k] != operand
                   for k in ("description", "name", "title", "label"))
    return operand.strip() if labelled else None


def _type_name(value: dict[str, Any]) -> str:
    """The check's type: `type`, else `kind`, unless a `check` key names the check by an
    identifier (`{"check": "discrepancy_matches", "kind": "missing_from_target"}`): then
    `kind` is one of its operands, and the object has no type the runner knows."""
    if "type" in value:
        return str(value["type"]).strip()
    # (`{"target": "response", "matcher": "regex", "pattern": ...}`: the matcher is its type,
    # when it names one this reader knows; another stays said as an ignored key)
    matcher = value.get("matcher")
    if isinstance(matcher, str) and matcher.strip().lower() in KNOWN_TYPES:
        return matcher.strip()
    named = value.get("check")
    if isinstance(named, str) and _CHECK_ID.match(named.strip()):
        return ""
    return str(value.get("kind", "")).strip()


# A verdict word alone (`expected: "pass"`), and a prompt asking the agent to judge something:
# an imperative of checking opening one of its sentences.
_VERDICTS = frozenset({"pass", "fail", "passed", "failed"})
_JUDGING = re.compile(r"(?i)(?:^|[.!?]\s+)\W*(?:please\s+)?(?:validate|verify|check|review|"
                      r"audit|evaluate|assess|classify|grade|judge|test|lint|inspect)\b")
# Where a judged check with no statement of its own holds what the work should show
# (`{type: semantic, expected: "..."}`): its text, for the grader.
_EXPECTED_KEYS = ("expected", "expected_output", "expected_behavior", "expected_behaviour")
# A case's expected output written as a mapping of named properties (`expected_output:
# {sections: [...], banned_words_absent: [...]}`): its fields read as the case's own.
_PROPERTY_MAPPINGS = ("expected_output", "expected_behavior", "expected_behaviour")
# ...never a field of the case's own input (`files` there are what the work produces, never
# fixtures to stage; a prompt there is no prompt to send): kept under the mapping's name.
# A `files` entry that is a path, then a note on how the authors stage it: "X via S",
# "X using S", "X (generated by S)", "X — copied by S".
_NOTED_PATH = re.compile(r"^\s*(?P<path>[\w.][\w./-]*)\s+(?P<how>\([^()]{2,120}\)|"
                         r"(?:via|using|through|with|by|from|[\u2014\u2013-]+)\s+[^\n]{2,120}?)"
                         r"\s*$")
_NOT_LIFTED = frozenset({"prompt", "input", "inputs", "query", "files", "fixtures", "setup"})
# Files the work must produce (CaseReader._file_expectations).
_EXPECTED_FILE_KEYS = ("expected_files", "expected_outputs", "output_files", "files_exist")
# A rule judge's success condition that files exist (`success: [{files_exist: [paths]}]`).
_EXISTS_CONDITIONS = ("files_exist", "file_exists")


# skill-creator's grading record on each expectation ({text, passed, evidence}): a set copied
# from it carries the slots empty (`"passed": null, "evidence": ""`), a result not yet written.
_RESULT_SLOTS = ("passed", "evidence")


def _blank_result_slots(value: dict[str, Any]) -> set[str]:
    """The result slots an assertion object carries empty: nothing of the author's to grade
    or report (a filled one, a result written into the set, stays shown as ignored)."""
    return {k for k in _RESULT_SLOTS if k in value and value[k] in (None, "")}


def _file_like(text: str) -> bool:
    """A relative path with a folder or an extension ("product/brief.md", "out.csv")."""
    text = text.strip()
    return bool(text) and not text.startswith("/") and ".." not in text.split("/") \
        and " " not in text and bool(re.search(r"/|\.\w{1,6}$", text))


def _literal(text: str) -> str:
    """A text to find as written, even one that opens like the grammar ("re:", "not:")."""
    return f"re:{re.escape(text)}" if text.startswith(("re:", "not:", "!")) else text


# Kinds of check read on text: aimed at a file (`path`) they read that file.
_TEXT_KINDS = (LITERAL, REGEX, ANY, ALL, DESCRIBED, COUNT)
# Where a check object names the file it reads (`{type: file_contains, path: out/a.md}`).
_FILE_TARGET_KEYS = ("path", "file", "filename", "file_path", "target_file")
# A check's `field` (or `target`, `source`) naming the agent's final answer.
_FINAL_TEXT_NAMES = frozenset({"output", "response", "answer", "final", "final_output",
                               "final_answer", "final_text", "text", "assistant", "reply",
                               "message", "stdout", "assistant_text", "assistant_reply",
                               "assistant_message", "final_response", "response_text",
                               "output_text"})


# A type saying a file must exist (`file_exists`, `output_file_created`).
_EXISTS_WORDS = frozenset({"exists", "exist", "created", "written", "present", "write",
                           "writes", "wrote", "create", "creates", "saved"})
_FILE_WORDS = frozenset({"file", "files", "output", "path", "artifact", "artifacts"})
# A check's label opening with a verb of running ("Runs bd --version", "Executes the list
# subcommand", "Launches security-auditor agent"): the operand is what the agent runs.
_RUN_LABEL = re.compile(r"(?:run|execut|invok|launch|spawn)\w*\b", re.IGNORECASE)
# A `kind:operand` string's kind naming what the agent said (`response_contains:`): the check
# reads the final answer, as `field: output` says. ("output" may be a file: the whole work.)
_REPLY_WORDS = frozenset({"response", "answer", "reply", "final", "assistant"})
# A kind naming the skill's activation (`activation_evidence_contains:name`): whether the
# skill loads, which no check on the work can see.
_ACTIVATION_WORDS = frozenset({"activation", "activated", "loaded", "triggered", "fired"})


# A harness's type for a check on the commands the agent ran (`command_executed`,
# `command_contains`), its operand under `target` or `value`: a Bash call holding it.
_COMMAND_TYPES = frozenset({"command_executed", "command_contains", "command_run",
                            "command_includes", "bash_contains", "shell_contains"})


def _command_typed(value: dict[str, Any], name: str) -> tuple[dict[str, Any], str]:
    """`{type: command_contains, target: "--audio-format"}` as `{type: tool_call, tool: Bash,
    input_contains: ...}`; any other object as it is."""
    operand = next((value[k] for k in ("target", "value", "contains") if isinstance(
        value.get(k), str) and value[k].strip()), None)
    if name.lower() not in _COMMAND_TYPES or operand is None:
        return value, name
    kept = {k: v for k, v in value.items() if k not in ("target", "value", "contains", "type")}
    return {**kept, "type": "tool_call", "tool": "Bash", "input_contains": operand}, "tool_call"


def _file_target(value: dict[str, Any]) -> str | None:
    """The file a text check reads, when the object names one by a path (or its `target`
    does: `target: {file: greeting.txt}`)."""
    holders = [value, *(value[k] for k in _AIM_KEYS if isinstance(value.get(k), dict))]
    found = next((h[k] for h in holders for k in _FILE_TARGET_KEYS
                  if isinstance(h.get(k), str) and _file_like(h[k])), None)
    return found.strip().removeprefix("./") if found is not None else None


# The fields saying what a check reads: the final answer or a file.
_AIM_KEYS = ("target", "source")


def _aim_read(value: dict[str, Any]) -> set[str]:
    """The aiming fields a check object holds that the reader takes (a file or the answer)."""
    return {k for k in _AIM_KEYS if isinstance(value.get(k), dict) and any(
        isinstance(value[k].get(f), str) for f in _FILE_TARGET_KEYS)
        or isinstance(value.get(k), str) and _final_name(value[k])}


def _final_name(text: str) -> bool:
    return text.strip().lower().replace("-", "_") in _FINAL_TEXT_NAMES


_GLOB = re.compile(r"[*?\[]")
# A harness's type for a regex on what the agent answered (`output_matches`,
# `output_not_matches`), beside its `file_created` and `tool_called`: the final answer only.
_ANSWER_REGEX_TYPES = frozenset({"output_matches", "output_not_matches", "output_regex",
                                 "output_not_regex"})


def _keyed_kind(kind: str) -> str | None:
    """The check type a `kind:operand` string's kind names (`response_not_contains` ->
    `not_contains`, `artifact_exists` -> `file_exists`), read by its words as an unknown
    type is; None when its words name no check the runner has (`exit_status`)."""
    words = field_words(kind)
    if kind in KNOWN_TYPES and KNOWN_TYPES[kind][0] in (LITERAL, REGEX):
        words |= {"regex"} if KNOWN_TYPES[kind][0] == REGEX else {"contains"}
        words |= {"not"} if KNOWN_TYPES[kind][1] else set()
    negated = bool(words & _WORDS["neg"])
    if words & _EXISTS_WORDS and words & _FILE_WORDS and not negated:
        return "file_exists"
    if words & _WORDS[REGEX]:
        return "not_regex" if negated else "regex"
    if words & _WORDS[LITERAL] or words & _ACTIVATION_WORDS:
        return "not_contains" if negated else "contains"
    return None


def _answer_typed(name: str) -> bool:
    return name.strip().lower() in _ANSWER_REGEX_TYPES


def _aims_at_final_text(value: dict[str, Any]) -> bool:
    """`field: output`: the check reads the final answer (what the agent said), not files."""
    return any(isinstance(value.get(k), str) and _final_name(value[k])
               for k in ("field", *_AIM_KEYS))


def _output_of(outputs: list[Any], path: str) -> dict[str, Any]:
    """The `outputs` entry for `path`, added when there is none."""
    for entry in outputs:
        if isinstance(entry, dict) and entry.get("path") == path:
            return entry
    entry = {"path": path}
    outputs.append(entry)
    return entry


# A different prompt for the arm without the skill: not applied (CaseReader._baseline_prompt).
_BASELINE_PROMPT_KEYS = ("prompt_baseline", "baseline_prompt", "prompt_without_skill",
                         "prompt_no_skill", "baseline_input")
# A check's weight: every check of a case must pass, so a weight changes nothing (reported).
_WEIGHT_KEYS = ("weight", "points")


def _levels_text(value: dict[str, Any]) -> str | None:
    """A grading instruction written as the text of each outcome (`rubric: {pass: ...,
    partial: ..., fail: ...}`), as one instruction naming each ("pass: ...; fail: ..."): the
    author's pass and fail, never dropped for the criterion's bare name."""
    for key in INSTRUCTION_KEYS:
        levels = value.get(key)
        if isinstance(levels, dict) and levels and all(
                isinstance(v, str) and v.strip() for v in levels.values()) and all(
                _LEVEL.match(str(k)) for k in levels):
            return "; ".join(f"{k}: {v.strip()}" for k, v in levels.items())
    return None


# An outcome a rubric's entry is written for: pass, partial, fail; a score ("0", "1-2").
_LEVEL = re.compile(r"(?i)^(?:pass(?:ing|ed|es)?|partial(?:ly)?|fail(?:ing|ed|s|ure)?|"
                    r"excellent|good|fair|acceptable|poor|unacceptable|full|none|"
                    r"\d+(?:\s*[-–]\s*\d+)?)(?:[_ ](?:if|when|credit))?$")


def _weight(value: dict[str, Any]) -> str | None:
    """`weight: 2` as the author wrote it, or None (absent, or 0: a soft item, runner.authoring
    .tiers)."""
    for key in _WEIGHT_KEYS:
        found = value.get(key)
        if isinstance(found, (int, float)) and not isinstance(found, bool) and found != 0:
            return f"{key}: {found}"
    return None


# Field names that hold the task's own input, sent with the prompt (issue 26, rule 2).
_MATERIAL_WORDS = {"context", "evidence", "supplied", "provided", "input", "inputs", "document",
                   "documents", "material", "materials", "transcript", "excerpt", "passage",
                   "snippet", "attachment", "background", "mode", "situation",
                   # what a review task is given to review ("Review this function" beside
                   # an `artifact` holding it)
                   "artifact", "artifacts", "diff", "payload",
                   # the state the work starts from, given as data (`state_simulation`,
                   # `preconditions`): the agent acts on it only if told (situations)
                   *STATE_WORDS}
# ...unless the name says it is the answer, the author's note or a grading aid.
# A value that is one identifier (`manual_dry_run`, `full-test`): a setting, not material.
_SETTING = re.compile(r"[a-z0-9]+(?:[_-][a-z0-9]+)+")
_WORD = re.compile(r"[a-z][a-z0-9]*")
# Words of a field's name that say it grades the case (`expected_behavior`, `assertions`).
_GRADES = {"expected", "expect", "expectation", "expectations", "assertion", "assertions",
           "check", "checks", "criteria", "criterion", "statements", "rubric", "outputs",
           "judge", "grader", "success", "pass", "must", "should"}
# A sentence saying what the case itself is for ("This is a negative case", "This case tests
# whether ...", "这是 negative case 用来测试 ...", "本用例用于验证 ...").
_CASE_NOTE = re.compile(
    r"(?i)^\W*(?:this\s+(?:is\s+(?:a|an)\s+[\w -]{0,30}?(?:case|test|eval|scenario)\b|"
    r"(?:case|test|eval|scenario)\s+(?:tests|checks|verifies|is\s+(?:meant|designed|here)))"
    r"|(?:这|這)(?:是|个|個)[^，。；]{0,20}?(?:case|用例|测试|測試|场景|場景)"
    r"|(?:本|该|該|此)(?:用例|测试|測試|case)|用来测试|用於測試|用于测试|用于验证|用來測試)")
_NOT_MATERIAL = {"expected", "expect", "answer", "answers", "solution", "gold", "reference",
                 "rubric", "criteria", "grading", "grader", "note", "notes", "comment",
                 "description", "why", "rationale", "not", "no", "file", "files", "path",
                 "paths", "dir", "directory", "folder", "fixture", "fixtures", "required",
                 "requires", "must", "should", "needed",
                 # the author's harness settings (`eval_mode: full_test`): how the case is
                 # run, never what the user hands the agent
                 "eval", "evals", "evaluation", "harness", "judge", "scoring"}


def _names_files(text: str) -> bool:
    """Paths, alone or listed ("['a.csv', 'b/c.md']"), name files: not text to send."""
    tokens = [t for t in re.split(r"[\s,\[\]'\"]+", text) if t]
    return all("/" in t or re.search(r"\.\w{1,5}$", t) for t in tokens)


# A file an argument names, relative to the set (`test-data/tokyo.json`): its input, staged.
_RELATIVE_FILE = re.compile(r"(?![/~])(?:[\w.-]+/)*[\w-][\w.-]*\.[A-Za-z0-9]{1,8}")


# Words of an argument's name saying it is no input of the task: a note, the grading, a side.
_NOT_ARGUMENT = frozenset({"answer", "answers", "solution", "gold", "reference", "rubric",
                           "criteria", "grading", "grader", "note", "notes", "comment",
                           "comments", "why", "rationale", "must", "should", "eval", "evals",
                           "evaluation", "harness", "judge", "scoring", "trigger", "label"})
# Said of texts the authors' own harness compares with case folded.
_FOLDED = ", case ignored as the authors' harness compares them (`.lower() in`)"


def _argument_lines(given: dict[str, Any]) -> str:
    """Named arguments as the lines of a request: `- city: Tokyo` (an empty one said so)."""
    return "\n".join(f"- {key}: " + (value if isinstance(value, str) and value else
                                      "(empty)" if value == "" else json.dumps(value))
                     for key, value in given.items())


def _parameter(value: Any) -> bool:
    """A named argument's value: a number, a flag or a short line of text (a list is the
    task's material, `constraints: [...]`, never an argument)."""
    return isinstance(value, (int, float, bool)) or isinstance(value, str) and \
        len(value) <= 200 and "\n" not in value


def _material_text(value: Any) -> str | None:
    """A field's value as text to send, or None (empty, or a lone path naming a file)."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        if _names_files(" ".join(value)):
            return None
    if isinstance(value, str):
        return None if _names_files(value) else value.strip()
    if isinstance(value, (dict, list)) and value:
        return str(yaml.safe_dump(value, allow_unicode=True, sort_keys=False)).strip()
    return None



def _term_groups(value: dict[str, Any]) -> list[tuple[str, list[str]]] | None:
    """`{type: contains_any_per_group, groups: [{label: pay, terms: [...]}, [...]]}`: groups of
    texts, each group one check passed by any of its texts (a group a list of texts, or an
    object holding one under a term key, its `label`/`name` shown); None unless every group is
    one."""
    groups = value.get("groups")
    if not isinstance(groups, list) or not groups:
        return None
    found: list[tuple[str, list[str]]] = []
    for group in groups:
        terms = _strings(group) if isinstance(group, list) else next(
            (t for k in TERM_KEYS if (t := _strings(group.get(k))) is not None), None) \
            if isinstance(group, dict) else None
        if terms is None:
            return None
        label = next((str(group[k]) for k in ("label", "name", "id") if k in group), "") \
            if isinstance(group, dict) else ""
        found.append((label, terms))
    return found


def _strings(value: Any) -> list[str] | None:
    if isinstance(value, list) and value and all(isinstance(v, str) and v.strip()
                                                 for v in value):
        return list(value)
    return None



# Where a JSON check names its file and its path, and the bound it sets on a number.
_JSON_FILE_KEYS = ("file", "output", "target", "file_path", "json_file", "artifact")
_JSON_PATH_KEYS = ("path", "json_path", "field", "key", "json_field", "pointer")
_BOUND_KEYS = ("threshold", "min", "max", "gte", "lte", "at_least", "at_most", "minimum",
               "maximum")
_JSON_READ = frozenset({*_JSON_FILE_KEYS, *_JSON_PATH_KEYS, *_BOUND_KEYS, "expected",
                        "expected_value"})
# A case's list of the skills a run must load, or must not (`required_skill_activations`,
# `expected_skill_invocations`, `forbidden_skill_activations`).
_ACTIVATIONS = re.compile(
    r"^(?:(?:required|expected|must|should)|(?P<neg>forbidden|unexpected|must_not|should_not|"
    r"disallowed))_(?:skill_)?(?:activations?|invocations?|loads?|skills_(?:activated|invoked|"
    r"loaded|triggered))$")
# A statement its author marks optional ("Optionally proposes ...", "(optional) ...", "Bonus:",
# "Opcional: ...", "（可选）..."): runner.analysis.wording_i18n.OPTIONAL, every language.
_OPTIONAL = OPTIONAL_RE
# A sentence before the last (an allowance closing it is that sentence's, never the whole's:
# "It should flag the gap. Leaving it open is also acceptable.")
_EARLIER_SENTENCE = re.compile(r"[.!?。！？](?=\s*\S)")


def _as_list(value: Any) -> list[Any]:
    """A list field's entries: absent is none, one value written alone is one entry (each is
    then read, or refused, as an entry is), never walked character by character."""
    return [] if value is None else value if isinstance(value, list) else [value]


def _aliased(item: dict[str, Any]) -> None:
    """Another tool's name for a case field, as the runner's (lists under both: joined)."""
    for alias, field in CASE_ALIASES.items():
        if alias in item and field not in item:
            item[field] = item.pop(alias)
        elif isinstance(item.get(alias), list) and isinstance(item.get(field), list):
            item[field] = [*item[field], *item.pop(alias)]

_ROUTE_WORDS = {"skill", "route", "routing", "router", "handoff"}


def _primary_key(key: str) -> bool:
    """`expected_primary`: an expectation of what leads, with no word saying it is a skill."""
    words = field_words(key)
    return bool(words & {"expected", "expect"} and "primary" in words
                and not words & _ROUTE_WORDS)


def primary_routes(items: list[Any], names: tuple[str, ...]) -> frozenset[str]:
    """The `expected_primary`-like keys under which some case of the set names the skill
    itself: there a slug is the skill a router should pick. Elsewhere (no case names it) the
    key holds the verdict the work should lead with (`expected_primary: "cli-script"`)."""
    own = {n.lower() for n in names}
    return frozenset(k for item in items if isinstance(item, dict) for k, v in item.items()
                     if _primary_key(k) and isinstance(v, str) and v.strip().lower() in own)


def _worded_value(key: str, value: Any) -> bool:
    """`expected_tone: formal`, `expected_mutation: [minimal]`: an `expected_<x>` field of bare
    words, not all flags, that says something about the work: graded worded with its name,
    never a label (`expected_mutation: none` is one) nor a lone word under `expectations`."""
    values = value if isinstance(value, list) and value else [value]
    return bool(expectation_statements(key, value)) and all(one_token(v) for v in values)


# Words in a field's name saying a mapping under it holds criteria (`core_criteria`).
_CRITERIA_WORDS = frozenset({"criteria", "criterion"})
# Words of a grader's settings, never a check's name (`use_llm_judge`, `strict_mode`).
_SETTING_WORDS = frozenset({"use", "enable", "enabled", "disable", "disabled", "strict", "mode",
                            "model", "temperature", "threshold", "case", "sensitive",
                            "verbose", "debug", "llm", "judge", "retry", "retries", "timeout",
                            "parallel", "seed", "weight", "weights", "score", "scoring"})
# A check's name: snake or kebab case, two words or more (`starts_at_stage_1`).
_FLAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+")


def _described_criterion(value: dict[str, Any]) -> bool:
    """`{id: suggest-fix, description: "Must suggest ...", weight: 1.0}`: a criterion whose
    sentence is its `description` and whose other keys only label it (an id, a weight)."""
    text = value.get("description")
    return isinstance(text, str) and len(text.split()) >= DESCRIBED_MIN_WORDS \
        and value.keys() <= LABEL_KEYS | set(_WEIGHT_KEYS)


# A check's kind that asks a person to judge (`kind: human`)
_HUMAN_KINDS = frozenset({"human", "manual", "human-review", "human_review", "person",
                          "reviewer", "human-judgment", "human_judgment"})
# A short CJK label under must_include that describes behaviour: a negation or modal word of
# its grammar ("不应使用完整重型框架", "未直接给出最终结论", "只提出一个关键问题", "如何改变结论"):
# a concept for the grader, not a text to find
_CJK_BEHAVIOUR = re.compile(r"不应|不要|不能|不是|不会|不得|未|没有|没|無|无需|非|应该|应|须|需要|"
                            r"只|仅|僅|避免|如何|是否|给出|提出|指出|说明|說明|区分|區分|"
                            r"ない|しない|べき|しか|않|없|말")
# An item opening with "Or" (an alternative to the one before it)
_OR_HEAD = re.compile(r"\s*or\s+(?=\w)", re.IGNORECASE)


# An expected answer denying that the skill fires, anywhere in it ("Does NOT activate
# belt; routes to blueprint", "should not trigger", "never fires"): a should-not query.
_DENIES_FIRING = re.compile(
    r"(?i)\b(?:does|do|did|should|must|will|would|is)\s*(?:not|n't)\s+(?:be\s+)?"
    r"(?:activate|activated|trigger|triggered|fire|fired|load|loaded|invoke|invoked)\b"
    r"|\bnever\s+(?:activates|triggers|fires|loads)\b")


def _count(value: Any) -> bool:
    """A bare number (not a flag): a count, a cap or a duration."""
    return isinstance(value, int | float) and not isinstance(value, bool)


class CaseReader:
    """Reads one case: its entries, where each came from, and its problems."""

    def __init__(self, problems: Problems, label: str, set_of_statements: bool,
                 names: tuple[str, ...] = (), routes: frozenset[str] = frozenset()) -> None:
        self.problems, self.label, self.in_statements = problems, label, set_of_statements
        self.names = names  # what the set calls the skill ("Does not run ledger-audit")
        self.routes = routes  # `expected_primary` keys the set routes by (primary_routes)
        # types a program of the set handles (runner.authoring.program_types), set by caseset;
        # the statements typed so, with the program that decides them
        self.program_types: dict[str, ProgramType] = {}
        # fields of the set written as regular expressions (runner.authoring.pattern_fields),
        # and whether the set says they ignore case; set by caseset
        self.patterns: frozenset[str] = frozenset()
        self.fold = False
        # fields named for patterns that the authors' harness greps as fixed text, and
        # whether it ignores case (runner.authoring.harness_matching); set by caseset
        self.fixed: dict[str, bool] = {}
        self.type_checked: dict[str, tuple[str, dict[str, Any]]] = {}
        # named groups of checks at the top of the set (runner.authoring.check_groups), set by
        # caseset; the names of those this case's assertions took
        self.groups: dict[str, tuple[Any, ...]] = {}
        self.grouped: list[str] = []
        self.checks: list[str] = []
        self.statements: list[str] = []
        self.tool_calls: list[str] = []
        self.json_checks: list[dict[str, Any]] = []
        self.origins: dict[str, list[str]] = {"assertions": [], "statements": [],
                                              "tool_calls": [], "json_checks": []}
        self.depends: list[str] = []  # the ids of the cases it depends on (depends_on)
        # Check-shaped lists under a name no rule knows (`graders`, `anti_graders`): read as
        # checks (negated for a negative name), each with its origin.
        self.check_lists: list[tuple[str, Any]] = []
        self._coded: list[str] = []  # sentence-list items written as prefixed checks
        self.unread: dict[str, Any] = {}  # parts of a field no rule reads: kept, reported
        self.process: list[dict[str, Any]] = []  # process items read from check objects
        self.negated_origins: set[str] = set()
        # Routing expectations found (True: the skill should fire), and whether they are all
        # the case holds (then it is a trigger query, moved out of the runtime set).
        self.routing: list[bool] = []
        self.routing_only = False
        # A case whose `command` runs a program with an exit code expected (`python
        # scripts/validate.py --selftest`, `expect_exit: 0`): a test of that program, no
        # request to an agent; the command line, or None (_program_run)
        self.program_run: str | None = None
        # A fixture that is a repository to clone at a revision (`fixture: {url, commit}`):
        # "<url>@<commit>", which no session can fetch (the sandbox has no network)
        self.cloned: str | None = None
        self.expected_split = False  # expected_output had a firing clause taken off
        # The set's own notes call it a trigger test (runner.authoring.set_notes), set by
        # caseset; the labels a route carries there (`expected_mode`), not graded
        self.trigger_set = False
        self.corpus = False  # the repository's README calls the set a trigger corpus
        self.skill_text = ""  # SKILL.md's body, set by caseset: the modes it names
        # fields of texts the authors' harness compares with case folded (harness_matching)
        self.folded: frozenset[str] = frozenset()
        self.route_labels: list[str] = []
        self.noted_route = False  # a bare `expected` read as a route for that reason
        # Checks typed as decided by a program, by their statement text: text -> the check's id
        self.program_typed: dict[str, str] = {}
        self.grader_command: str | None = None  # a check's command line (_grader_command)
        self.grader_key: str | None = None  # the field naming it a verifier (`verifier_cmd`)
        self.labelled: set[str] = set()  # fields read as bare labels (_bare): never statements
        # Properties of the expected output lifted from its mapping (_foreign_mappings): what
        # no rule of a field of that name reads is a claim about the output (_property_claims).
        self.properties: list[str] = []
        # Text checks a check object aims at a named file (`file_contains` with a `path`):
        # (path, check, origin), made output checks on that file (_file_targets).
        self.file_checks: list[tuple[str, str | None, str]] = []  # None: it must exist
        # Origins of the checks a `field: output` aims at the final answer (_final_text).
        self.text_only: list[str] = []
        # A rubric mapping's own pass bar, as a pass rule's fields (_rubric_bar)
        self.rubric_bar: dict[str, Any] | None = None

    def refuse(self, message: str, fix: str) -> None:
        self.problems.refuse("EV009", self.label, message, fix)

    def mapped(self, message: str, fix: str) -> None:
        self.problems.report("EV012", self.label, message, fix)

    def add(self, kind: str, entry: Any, origin: str) -> None:
        # ("At most one optional follow-up is acceptable": a limit, what is more fails)
        # (nor "Only 2 decimal places are acceptable": what alone is acceptable, required)
        if kind == "statement" and isinstance(entry, str) and not allowance_capped(entry) \
                and not re.match(r"(?i)\s*only\b", entry) and (
                _OPTIONAL.match(entry) or OPTIONAL_END_RE.search(entry)
                and not _EARLIER_SENTENCE.search(entry.strip())):
            # graded, an optional item would fail the work that left it out on purpose;
            # it can never fail as the author meant it, so it measures nothing
            self.unread[f"{origin} (optional)"] = entry
            self.mapped(f"{origin}: marked optional, not graded (an optional item cannot "
                        f"fail): {entry[:60]!r}", "make it a requirement, or leave it out")
            return
        field = {"check": "assertions", "statement": "statements", "tool": "tool_calls",
                 "json": "json_checks"}[kind]
        lists: dict[str, list[Any]] = {"assertions": self.checks,
                                       "statements": self.statements,
                                       "tool_calls": self.tool_calls,
                                       "json_checks": self.json_checks}
        values = lists[field]
        values.append(entry)
        self.origins[field].append(origin)

    # -- the case's fields ------------------------------------------------------------------

    def read(self, item: dict[str, Any]) -> dict[str, Any]:
        item = _snaked({str(k): v for k, v in item.items()})  # YAML's `1: foo`: as written
        self._eval_block(item)
        self._ideal_answer(item)
        self._expected_in_prompt(item)
        self._awaited_reply(item)
        self._routing_fields(item)
        read_case_rule(item, self.problems, self.label)  # before any rule reads its name
        self._signal_lists(item)
        if isinstance(item.get("judge"), str):  # the native grammar's name for the judge program
            item["judge_program"] = item.pop("judge")
        self._tiers(item)
        self._foreign_mappings(item)
        self._signal_lists(item)  # again: an `expected` mapping may hold the signal lists
        self._halt(item)
        self._covered_documents(item)
        self._one_of_lists(item)
        self._required_texts(item)
        self._obliged_statements(item)
        self._forbidden_flags(item)
        self._acceptable_actions(item)
        self._expected_uses(item)
        self._named_groups(item)
        self._typed_aliases(item)
        self._containment_lists(item)
        _aliased(item)
        self._dependencies(item)
        self._input_object(item)
        self._nested_case_fields(item)
        self._inline_turns(item)  # before task material joins the first turn
        self._task_material(item)
        self._call_lists(item)
        self._event_lists(item)
        self._tool_statements(item)
        self._cited_codes(item)
        self._command_mappings(item)
        self._rubric_criteria(item)
        self._named_criteria(item)
        self._flag_criteria(item)
        self._baseline_prompt(item)
        self._file_expectations(item)
        self._path_lists(item)
        self._noted_paths(item)
        self._described_fixtures(item)
        self._mocks(item)
        self._verifier_field(item)
        self._activations(item)
        self._unknown_fields(item)
        reads = item.get("reads")
        if reads is not None and reads not in [m.value for m in Reading]:
            self.refuse(f"`in`: {reads!r} is not what checks can read",
                        "write \"in\": \"text\" (the final text only), \"files\" (the files "
                        "it wrote only), or leave it out (both)")
            item.pop("reads")
        self._scalars(item)
        self._soft_outputs(item)
        self._lists(item)
        self._given_lists(item)
        self._assertions(item)
        self._literal_lists(item)
        self.statements[:], self.origins["statements"][:] = joined_denials(
            self.statements, self.origins["statements"])
        self._trigger_expectations(item)
        self._request_notes()
        self._expectation_fields(item)
        self._call_denials()
        self._absences(item)
        self._other_cases()
        self._property_claims(item)
        self._file_targets(item)  # before: a file check is something to grade
        self._final_text(item)
        self._only_expected(item)
        if self.grader_command is not None:
            self._command_program(item)
        self._rubric_bar(item)
        if self.process:  # ordered call checks (_object): process items of the case
            given = item.get("process")
            item["process"] = [*(given if isinstance(given, list) else []), *self.process]
        if self.unread:
            item["extra"] = {**item.get("extra", {}), **self.unread}
        for key, values in (("assertions", self.checks), ("statements", self.statements),
                            ("tool_calls", self.tool_calls), ("json_checks", self.json_checks)):
            if values:
                item[key] = values
        return item

    def _file_targets(self, item: dict[str, Any]) -> None:
        """Text checks aimed at a named file (`file_contains` with a `path`): output checks on
        that file (it must exist and hold them), never a search of the whole work."""
        if not self.file_checks:
            return
        given = item.get("outputs")
        if not isinstance(given, (list, type(None))):
            self.refuse("`outputs` is not a list, and checks name files to read",
                        "write `outputs` as a list of {path, contains}")
            return
        outputs: list[Any] = list(given or [])
        for path, check, _ in self.file_checks:
            entry = _output_of(outputs, path)
            if check is not None:
                entry["contains"] = [*entry.get("contains", []), check]
        item["outputs"] = outputs
        shown = ", ".join(dict.fromkeys(f"{where} -> {path}" for path, _, where
                                        in self.file_checks))
        self.mapped(f"{len(self.file_checks)} check(s) naming a file read that file (an "
                    f"output check: it must exist, and hold the text): {shown[:300]}",
                    "none needed (or write them under `outputs` as {path, contains})")

    def _final_text(self, item: dict[str, Any]) -> None:
        """`field: output` on a case's checks: they read the final answer. The case's `in`
        narrows every assertion of the case, so it is set only when all of them say so;
        mixed with checks on the whole work, they read the work and the line says so."""
        if not self.text_only:
            return
        count = len(self.text_only)
        if count == len(self.checks) and item.get("reads") in (None, "text"):
            item["reads"] = Reading.TEXT.value
            self.mapped(f"`field: output` on {count} check(s): read on the final answer only "
                        "(the case's `in: text`; an `output_matches` type reads it too)",
                        "none needed (or write \"in\": \"text\")")
            return
        self.mapped(f"`field: output` on {count} of {len(self.checks)} check(s): read on the "
                    "whole work (the final text and the files), as the case's other checks "
                    "read it", "split the checks on the final answer into a case of their own "
                    "with \"in\": \"text\"")

    def _call_lists(self, item: dict[str, Any]) -> None:
        """Top-level lists of the tools to call and never call, their counts and order
        (runner.authoring.call_lists): tool-call checks and process items."""
        found = call_lists(item, set(Case.model_fields) | set(CONSUMED_FIELDS))
        for entry, origin in found.tool_calls:
            self.add("tool", entry, origin)
        if found.process:
            given = item.get("process")
            item["process"] = [*(given if isinstance(given, list) else []), *found.process]
        for key, how in found.read.items():
            self.problems.tally("EV012", self.label, f"`{key}` read as tool-call checks: "
                                f"{how}", "write them under `tool_calls` (\"!Tool\" for a "
                                "call none may make) or `process` to make this explicit")
        for key in found.empty:
            self.problems.tally("EV012", self.label, f"`{key}` is empty: no check",
                                f"drop the empty `{key}`, or list the tools in it")

    def _personas(self, item: dict[str, Any]) -> None:
        """A simulated user (runner.authoring.personas): its scripted answers sent as
        follow-up turns, in order; a persona with no answers written said, never silence."""
        if any(isinstance(item.get(k), list) and item[k] for k in TURN_FIELDS):
            return  # the turns are written: the persona is the author's note beside them
        found = scripted_answers(item)
        if found is not None:
            key, answers = found
            given = item.pop(key.split(".", 1)[0])
            if "." in key and isinstance(given, dict) and len(given) > 1:  # the persona
                # beside its answers (a mapping of answers alone is `key` itself)
                self.unread[f"{key.split('.', 1)[0]} (the persona, not played)"] = {
                    k: v for k, v in given.items() if k != key.split(".", 1)[1]}
            item["follow_up_turns"] = answers
            self.mapped(f"`{key}`: the simulated user's {len(answers)} scripted answer(s) sent "
                        "as follow-up turns in the same session, in order, whatever the agent "
                        "asks", "write them as `follow_up_turns` to make this explicit")
            return
        played = persona(item)
        if played is None:
            return
        self.unread[f"{played} (a simulated user, not played)"] = item.pop(played)
        self.problems.report(MULTI_TURN, self.label, f"`{played}` describes a simulated user "
                             "the runner does not play: the case runs as one turn, so "
                             "questions the agent asks get no answer", "write the user's "
                             "answers as follow-up turns (`follow_up_turns: [\"...\"]`), or "
                             "put what the user would say in the prompt")

    def _expected_in_prompt(self, item: dict[str, Any]) -> None:
        """A prompt carrying its own expectation after a label, in a case with nothing else
        to grade it (runner.authoring.prompt_expectations): split into the request and one
        statement."""
        prompt = item.get("prompt")
        if not isinstance(prompt, str) or any(field_words(k) & _GRADES for k in item):
            return
        split = split_expected(prompt)
        if split is None:
            return
        item["prompt"], expected = split
        item["statements"] = [expected]
        self.mapped(f"the prompt carries its expectation after a label ({_clip(expected)!r}): "
                    "sent without it, graded as a statement", "move the expectation into "
                    "`expectations` (the session should not read what passes)")

    def _awaited_reply(self, item: dict[str, Any]) -> None:
        """Steps that ask the user, then act on the reply (runner.authoring.awaited_reply):
        a multi-turn case without its turn when no follow-up turn gives the reply (EV015)."""
        if any(isinstance(item.get(k), list) and item[k] for k in TURN_FIELDS):
            return  # the reply is a turn of its own, sent in the same session
        prompt = next((item[k] for k in ("prompt", *PROMPT_ALIASES)
                       if isinstance(item.get(k), str)), None)
        written = inline_turns(prompt) if prompt is not None else None
        if written is not None and written.turns:
            return  # the replies are written in the prompt: split into turns (_inline_turns)
        found = awaited_reply(item)
        if found is None:
            answers = needs_answers(item)
            if answers is not None:
                key, said = answers
                self.problems.report(MULTI_TURN, self.label, f"`{key}` needs the user's answers "
                                     f"across turns ({_clip(said)!r}) and no follow-up turn "
                                     "gives them: the run is one turn, so no arm gets the "
                                     "user's answers", "add the user's answers as follow-up "
                                     "turns (`follow_up_turns: [\"...\"]`), or grade only "
                                     "what the first reply can do (its first question)")
            return
        key, ask, after = found
        self.problems.report(MULTI_TURN, self.label, f"`{key}` needs the user's reply mid-run "
                             f"({_clip(ask)!r}, then {_clip(after)!r}) and no follow-up turn "
                             "gives it: the run is one turn, so what follows the reply cannot "
                             "happen in any arm", "add the user's reply as a follow-up turn "
                             "(`follow_up_turns: [\"Yes, go ahead.\"]`), or drop the steps "
                             "after it")

    def _signal_lists(self, item: dict[str, Any]) -> None:
        """`requiredSignals` / `forbiddenSignals`: texts the final answer must (must not)
        show, any case (runner.authoring.signal_lists); beside an activation expectation they
        make the case a runtime case too."""
        found = signal_checks(item)
        mark = len(self.checks)
        for kind, entry, origin in found:
            if kind == "check":
                self.add("check", entry, origin)
        self.text_only += self.origins["assertions"][mark:]
        for kind, entry, origin in found:
            if kind == "statement":
                self.add("statement", entry, origin)
        if any(kind == "check" for kind, _, _ in found):
            self.problems.tally("EV012", self.label, "signal lists (`requiredSignals`, "
                                "`forbiddenSignals`) read as case-insensitive checks on the "
                                "final answer", "none needed (or write them as assertions)")
        if any(kind == "statement" for kind, _, _ in found):
            self.problems.tally("EV012", self.label, "signals written as sentences of behaviour "
                                "(`compliance_signals`, `forbidden_signals`) read as statements "
                                "(negative ones: \"The run avoids this: ...\")",
                                "none needed (or write them as expectations)")

    def _noted_paths(self, item: dict[str, Any]) -> None:
        """`files` entries holding a path and the author's note on how it is staged
        ("fixture-memory/ via fixture-setup.sh", "data.csv (generated by make_data.py)"): the
        path is the fixture, staged; the step the note names is the author's harness, not run
        here, and said (what it would have done to the files is not applied)."""
        files = item.get("files")
        if not isinstance(files, list):
            return
        noted = {f: m for f in files if isinstance(f, str) and (m := _NOTED_PATH.match(f))}
        if not noted:
            return
        item["files"] = [noted[f].group("path") if f in noted else f for f in files]
        for entry, found in noted.items():
            self.mapped(f"`files` entry {entry!r}: the path {found.group('path')!r} is staged; "
                        f"the note {found.group('how')!r} names the authors' own staging step, "
                        "which is not run (what it would do to the files is not applied)",
                        "list the path alone, and run the step as the case's `setup` if the "
                        "case needs it")

    def _described_fixtures(self, item: dict[str, Any]) -> None:
        """`files` entries describing a fixture in words (runner.authoring
        .described_fixtures): no path to stage; kept, the case read on its prompt."""
        files = item.get("files")
        if not isinstance(files, list):
            return
        told = [f for f in files if isinstance(f, str) and described(f)]
        if not told:
            return
        item["files"] = [f for f in files if f not in told]
        self.unread[KEPT_AS] = told
        prompt = item.get("prompt")
        shown = ", ".join(repr(t[:70]) for t in told[:2])
        where = "its input's note" if all(t.startswith("attached: ") for t in told) \
            else "`files`"  # (a Markdown page's "**Input** (with a screenshot ...)")
        if isinstance(prompt, str) and states_material(prompt):
            self.mapped(f"{where} describes its fixture in words ({shown}): no path, not "
                        "staged; the prompt itself states what the fixture holds, so the case "
                        "is read on its prompt", "stage the file under evals/files/ and list "
                        "its path, if the agent should read it")
            return
        self.problems.report("EV014", self.label, f"no arm can pass it: {where} describes its "
                             f"fixture in words ({shown}), which is not staged, and the prompt "
                             "does not state what it holds: the criteria read contents no arm "
                             "has", "stage the file under evals/files/ and list its path, or "
                             "state its contents in the prompt")

    def _mocks(self, item: dict[str, Any]) -> None:
        """`mocks`: responses the authors' harness served to the skill's calls; none is served
        here (runner.authoring.mocks), so the case cannot pass in any arm (EV014)."""
        found = mocked_calls(item)
        if found is None:
            return
        key, calls = found
        self.unread[f"{key} (served by the authors' harness, not here)"] = calls
        self.problems.report("EV014", self.label, f"no arm can pass it: `{key}` answers "
                             f"{len(calls)} call(s) the skill makes ({', '.join(calls[:2])}) "
                             "from the authors' harness; the sandbox serves no mocks and "
                             "reaches no network, so those calls fail in every arm",
                             "stage the responses as files the skill reads, or drop the case "
                             "from runs that cannot mock")

    def _halt(self, item: dict[str, Any]) -> None:
        """`halt: true` + `halt_reason`: one statement that the run stops, for that reason
        (runner.authoring.halts); `halt: false` one that it carries the request through."""
        said = halt_statement(item)
        if said is not None:
            self.add("statement", *said)
            self.mapped(f"`{said[1]}` read as a statement: {said[0][:90]!r}",
                        "none needed (or write it as an expectation)")

    def _event_lists(self, item: dict[str, Any]) -> None:
        """`required_events` / `forbidden_events`: checks on what the run did
        (runner.authoring.event_lists): a tool's name a tool-call check; an event of the
        authors' own protocol, which the run never records, a dropped check, counted."""
        found = event_lists(item)
        for entry, origin in found.tool_calls:
            self.add("tool", entry, origin)
        for key, names in found.dropped.items():
            self.mapped(f"`{key}`: {len(names)} check(s) on events of the authors' own "
                        f"protocol ({', '.join(names[:4])}{', ...' if len(names) > 4 else ''})"
                        " dropped, not graded: the run records claude's tool calls and answer, "
                        "never the event stream the authors' harness writes",
                        "write what each event shows as a statement (\"The run asks for "
                        "confirmation before writing\") or a tool-call check (\"Bash\")")

    def _tool_statements(self, item: dict[str, Any]) -> None:
        """Sentences under `tool_calls`, `expected_tools`, `tools_used`: what the agent ran,
        for the grader, on the tool calls only (runner.scoring.on_calls); the field's tool
        matchers and bare tool names stay where they are."""
        for key in list(item):
            words = field_words(key)
            if not words & {"tool", "tools"} or not words & _TOOL_FIELD_WORDS:
                continue
            value = item[key]
            entries = value if isinstance(value, list) else [value]
            for n, entry in enumerate(entries):
                if _tool_sentence(entry):
                    self.add("statement", MARK + entry.strip(),
                             f"{key}[{n}] (a sentence about a tool: graded on the tool calls)")
            rest = [e for e in entries if not _tool_sentence(e)]
            if key != "tool_calls" and not words & _WORDS["neg"]:
                rest = self._tool_names(key, rest)
            if len(rest) < len(entries):
                if rest:
                    item[key] = rest
                else:
                    item.pop(key)

    def _tool_names(self, key: str, entries: list[Any]) -> list[Any]:
        """Bare tool names under a field listing the tools to call: each a tool-call check
        (runner.authoring.tool_names); the entries left, as they were."""
        found = [(n, tool_matcher(e)) for n, e in enumerate(entries)]
        for n, matcher in found:
            if matcher is not None:
                self.add("tool", matcher, f"{key}[{n}] (a tool name: called at least once)")
        read = [m for _, m in found if m is not None]
        if read:
            self.mapped(f"`{key}` read as tool-call checks, each tool called at least once: "
                        f"{', '.join(read[:6])}", "write them under `tool_calls` to make this "
                        "explicit")
        return [e for (_, m), e in zip(found, entries, strict=True) if m is None]

    def _command_program(self, item: dict[str, Any]) -> None:
        """A check's command becomes the case's grader program, unless it names one."""
        if item.get("grader_program") is not None:
            self.refuse(f"a check runs the command {self.grader_command!r} and the case "
                        "names a grader program too: a case runs one",
                        "keep one (the command's script can call the other)")
            return
        item["grader_program"] = {"command": self.grader_command}
        shown = "" if self.grader_key is None else f" (`{self.grader_key}`, a verifier)"
        self.mapped(f"the check command{shown} {self.grader_command!r} runs as the case's "
                    "grader command (exit 0 passes)",
                    f"none needed (or name it: \"grader_program\": \"{self.grader_command}\")")

    def _tiers(self, item: dict[str, Any]) -> None:
        """`must`, `must_not` and `should` (runner.authoring.tiers): graded items read as
        assertions (negated under `must_not`); a soft tier reported, not graded."""
        graded, soft = tier_lists(item)
        flags = [(o, e) for o, e, _ in graded if label_value(e, flags_only=True)]
        for origin, entry in flags:  # `should: "true"`: a flag, not a text to find
            self._labels_out(origin.split("[")[0], [entry], flags_only=True)
        graded = [g for g in graded if not label_value(g[1], flags_only=True)]
        for origin, entry, negated in graded:
            if negated:
                self.negated_origins.add(origin)
            self.check_lists.append((origin, entry))
        keys = dict.fromkeys(origin.split("[")[0] for origin, _, _ in graded)
        if keys:
            self.mapped(f"{', '.join(f'`{k}`' for k in keys)} read as assertions ({len(graded)} "
                        "item(s): a literal a substring check, a sentence a statement; negated "
                        "under `must_not`)", "write them under `assertions` (`not:` for what "
                        "must not appear) to make this explicit")
        for origin, entry in soft:
            self.unread[f"{origin} (optional)"] = entry
        if soft:
            tiers = "/".join(dict.fromkeys(f"`{o.split('[')[0]}`" for o, _ in soft))
            self.mapped(f"{tiers} beside `must`: {len(soft)} item(s) of the soft tier, "
                        "reported and not graded (graded, they would fail work that left them "
                        "out on purpose)", "move an item to `must` to grade it")

    def _dependencies(self, item: dict[str, Any]) -> None:
        for key in DEPENDENCY_FIELDS:
            if key in item:
                found = item.pop(key)
                ids = found if isinstance(found, list) else [found]
                if all(isinstance(i, (str, int)) and not isinstance(i, bool) for i in ids):
                    self.depends += [str(i) for i in ids]
                else:
                    self.refuse(f"`{key}`: {json.dumps(found)} names no case",
                                "write the id of the case it depends on, or a list of ids")

    def _property_claims(self, item: dict[str, Any]) -> None:
        """The expected output's properties no rule read (`title_max_chars: 25`,
        `identifies_banned_words: true`): each a claim the output meets, for the grader, as
        the author wrote it; an empty or null one claims nothing and stays reported."""
        extra = item.get("extra")
        left: dict[str, Any] = extra if isinstance(extra, dict) else {}  # (_unknown_fields)
        for field in self.properties:
            value = left.get(field)
            if value is None or value == [] or value == {} or value == "":
                continue
            left.pop(field)
            if isinstance(value, str) and len(value.split()) >= SENTENCE_MIN_WORDS:
                # a property stated in words ("actions": "lists Ana as the vendor email's
                # owner"): the sentence is the claim, its name what it is about
                self.add("statement", f"{field.replace('_', ' ').capitalize()}: {value}",
                         f"expected_output.{field} (a property stated in words)")
                continue
            self.add("statement", f"The output meets `{field}: "
                     f"{json.dumps(value, ensure_ascii=False)}`",
                     f"expected_output.{field} (a property of the output)")

    def _only_expected(self, item: dict[str, Any]) -> None:
        """A case with nothing to grade but its `expected_output`: a routing expectation
        (a trigger query, never a runtime case), else that text is its one statement."""
        gradable = (self.checks or self.statements or self.tool_calls or self.json_checks
                    or item.get("outputs") or item.get("judge_program"))
        expected = item.get("expected_output")
        fires = about_firing(expected, self.names) if isinstance(expected, str) else None
        if not gradable and fires is not None:
            self.routing.append(fires)
            self.unread["expected_output (about the skill firing)"] = expected
        if not gradable and self.routing and not self.expected_split:
            self.routing_only = True
        elif not gradable and isinstance(expected, str) and expected.strip():
            claims = expected_claims(expected)
            notes = [c for c in claims if _CASE_NOTE.search(c)] if len(claims) > 1 else []
            if notes and len(notes) < len(claims):
                # "这是 negative case 用来测试 skill 是否会被过度触发": what the case is for,
                # the author's note, no claim the work can show
                claims = [c for c in claims if c not in notes]
                self.unread["expected_output (the author's note on the case)"] = notes
                self.mapped(f"expected_output: {len(notes)} sentence(s) say what the case is "
                            f"for ({notes[0][:60]!r}): the author's note, not graded",
                            "none needed (or move it to `notes`)")
            if len(claims) == 1:
                self.add("statement", claims[0] if notes else expected,
                         "expected_output (the case's only criterion)")
                return
            for n, claim in enumerate(claims, 1):  # one quote cannot show several claims
                self.add("statement", claim, f"expected_output, claim {n} of {len(claims)} "
                         "(the case's only criterion)")
            self.mapped(f"expected_output (the case's only criterion) split into its "
                        f"{len(claims)} claims, each a statement (one quote cannot show them "
                        "all); the grader still reads the whole text", "none needed (or write "
                        "them as `expectations`, one claim each)")

    def _assertions(self, item: dict[str, Any]) -> None:
        """`assertions` (and selftune's), then check-shaped lists under unknown names: each a
        check or a statement by the plain-string rule, or a typed object."""
        raw = [*((f"assertions[{n}]", v) for n, v in enumerate(
                   _as_list(item.pop("assertions", None)))),
               *((f"selftune_assertions[{n}]", v) for n, v in enumerate(
                   _as_list(item.pop("selftune_assertions", None)))),
               *self.check_lists]
        raw = self._alternatives(self._group_items(raw))
        # `kind:operand` strings are a harness's language when one of them has a kind the
        # typed reader reads: then the others are that language too (`exit_status:completed`)
        language = any(_keyed_kind(found[0]) is not None for found in (
            keyed(v) for _, v in raw if isinstance(v, str)) if found is not None)
        claims: list[str] = []  # short phrases graded as claims (short_claims), reported
        for origin, value in raw:
            negated = origin in self.negated_origins
            if isinstance(value, str) and negated:
                # a text to avoid stays a text: "not:" finds it exactly (an action in words
                # is no text: what the run avoids doing)
                statement = reads_as_statement(value, self.in_statements, claims=False) \
                    or acts(value)
                self.add("statement" if statement else "check",
                         f"The run avoids this: {value}" if statement else f"not:{value}",
                         f"{origin} (negated)")
            elif isinstance(value, str) and self._dsl(value, origin):
                continue
            elif isinstance(value, str) and language and keyed(value) is not None:
                self._keyed(value, origin)
            elif isinstance(value, str):
                statement = reads_as_statement(value, self.in_statements)
                if statement and not reads_as_statement(value, self.in_statements, False):
                    claims.append(value)
                self.add("statement" if statement else "check", value, origin)
            elif isinstance(value, dict):
                self._object(value, origin)
            else:
                self.refuse(f"{origin}: a string or an object, not {type(value).__name__}",
                            "write the check as a string or an object with a type")
        if claims:
            self.mapped(f"{len(claims)} short phrase(s) read as statements, claims about the "
                        f"work rather than text to find ({', '.join(map(_shown, claims[:3]))})",
                        "to find a text verbatim, write it as {\"type\": \"contains\", "
                        "\"value\": \"...\"} or `re:`")

    def _alternatives(self, raw: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
        """An item that opens with "Or" ("Or recommends DOMPurify for sanitising") is an
        alternative to the item before it, never a requirement of its own: the two are one
        statement that either satisfies."""
        out: list[tuple[str, Any]] = []
        joined: list[str] = []
        for origin, value in raw:
            alternative = isinstance(value, str) and _OR_HEAD.match(value)
            if alternative and out and isinstance(out[-1][1], str) \
                    and origin not in self.negated_origins:
                before, text = out[-1]
                out[-1] = (f"{before} (or {origin})",
                           f"{text.rstrip().rstrip('.;')}, or {value[alternative.end():]}")
                joined.append(origin)
                continue
            out.append((origin, value))
        if joined:
            self.mapped(f"{', '.join(joined[:3])}: an item opening with 'Or' read with the item "
                        "before it as one statement either alternative satisfies",
                        "none needed (or write the two as one item)")
        return out

    def _group_items(self, raw: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
        """An entry that is exactly the name of a top-level group of checks: that group's
        items in its place, each read as any entry is (runner.authoring.check_groups)."""
        out: list[tuple[str, Any]] = []
        for origin, value in raw:
            items = self.groups.get(value) if isinstance(value, str) else None
            if items is None:
                out.append((origin, value))
                continue
            self.grouped.append(value)
            for n, entry in enumerate(items):
                at = f"{origin} (group {value!r}[{n}])"
                if origin in self.negated_origins:
                    self.negated_origins.add(at)
                out.append((at, entry))
        return out

    def _keyed(self, value: str, origin: str) -> None:
        """`response_contains:raleighnc` (a harness's typed check in one string): read as the
        check object its kind names, on the final answer when the kind names the reply; the
        skill's activation a trigger query; a kind no rule reads kept with a line, never
        searched for as written (no work holds `exit_status:completed`)."""
        found = keyed(value)
        assert found is not None
        kind, operand = found
        words = field_words(kind)
        negated = bool(words & _WORDS["neg"])
        if words & _ACTIVATION_WORDS:
            self.routing.append(not negated)
            self.unread.setdefault("activation check (trigger expectation)", []).append(value)
            self.problems.tally("EV012", self.label, f"`{kind}:` strings check that the "
                                "skill loads: the grader never sees the skill load, so not "
                                "graded here; offered as trigger queries",
                                "add the prompts to evals/trigger/should-trigger.yaml and "
                                "measure them with `skill-eval trigger`")
            return
        known = _keyed_kind(kind)
        if known is None:
            # (named an expectation: shown as kept, never as the author's labels)
            self.unread.setdefault(f"`{kind}:` expectation (no rule reads its kind)",
                                   []).append(value)
            self.problems.tally("EV012", self.label, f"`{kind}:` strings: a kind no rule "
                                "reads, kept, not graded (never searched for as written)",
                                "write what it checks as a statement or a check object")
            return
        reply = known in ("contains", "not_contains", "regex", "not_regex") \
            and bool(words & _REPLY_WORDS)
        operand_key = {"file_exists": "path", "regex": "pattern",
                       "not_regex": "pattern"}.get(known, "value")
        self._object({"type": known, operand_key: operand,
                      **({"field": "output"} if reply else {})}, f"{origin} `{kind}:`")
        self.problems.tally("EV012", self.label, f"`{kind}:` strings read as {known!r} checks"
                            + (" on the final answer" if reply else ""),
                            f"none needed (or write {{\"type\": \"{known}\"}} objects)")

    def _dsl(self, value: str, origin: str) -> bool:
        """An assertion in the quoted/prefixed check language (runner.authoring.assertion_dsl):
        its checks, or a routing expectation offered as a trigger query; False when the string
        is not in that language."""
        found = read_dsl(value)
        if found is None:
            return False
        for n, check in enumerate(found.checks):
            self.add("check", check, origin if len(found.checks) == 1 else f"{origin}.{n + 1}")
        if found.loads_skill is not None:
            self.unread.setdefault("SKILL_LOADED (trigger expectation)", []).append(
                found.loads_skill)
            self.problems.report("EV012", self.label, f"{origin} {value!r} is a routing "
                                 "expectation (the skill loads): the grader never sees the "
                                 "skill load, so not graded here; offered as a trigger query",
                                 "add the prompt to evals/trigger/should-trigger.yaml and "
                                 "measure it with `skill-eval trigger`")
        return True

    def _input_object(self, item: dict[str, Any]) -> None:
        """The prompt written as an object (runner.authoring.input_object): its request the
        prompt, its other fields sent with it, labelled, but one naming the expected work,
        lifted to the case (its criterion), or kept when the case has its own."""
        found = request_of(item.get("prompt"))
        if found is None:
            return
        field, request, rest = found
        parts = [request]
        sent: list[str] = []
        for key, value in rest.items():
            text = _material_text(value)
            if field_words(key) & {"expected", "expect"} and key not in item:
                item[key] = value  # the expected work: read as the case's own field
                continue
            if field_words(key) & _NOT_MATERIAL or text is None:
                self.unread[f"input.{key}"] = value  # kept, reported: never sent
                continue
            label = key.replace("_", " ").replace("-", " ").strip().capitalize()
            parts.append(f"{label}:\n{text}")
            sent.append(key)
        item["prompt"] = "\n\n".join(parts)
        self.mapped(f"the input is an object: its `{field}` is the prompt"
                    + (f", {', '.join(f'`{k}`' for k in sent)} sent with it, labelled"
                       if sent else ""), "write the request as text under `prompt`")

    def _parameters(self, item: dict[str, Any], given: dict[str, Any]) -> None:
        """`mode: optimize, input: {pois_file: test-data/a.json, city: Tokyo, days: 2}` and no
        prompt: the case is the skill's task run on named arguments, so those are the request,
        sent as written (its mode first when the case names one); a file they name is found
        as a prompt's file is (staged when the set folder holds it, EV009 when not)."""
        item.pop("input", None) if "input" in item else item.pop("inputs", None)
        sent = self._arguments(item, given)
        item["prompt"] = "Inputs:\n" + _argument_lines(sent)
        named = [v.strip() for k, v in sent.items() if isinstance(v, str)
                 and field_words(k) & {"file", "path"} and _RELATIVE_FILE.fullmatch(v.strip())]
        if named and "files" not in item:
            item["files"] = named
        # (its `mode` is the task's material as any case's is: sent when the skill names it)
        self.mapped(f"the case has no prompt and its `input` holds named arguments "
                    f"({', '.join(list(sent)[:4])}): sent as the request",
                    "write the user's request as `prompt` (the arguments in its words)")

    def _arguments(self, item: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
        """The named arguments to send: one naming what is expected (`expected_category`) is
        the case's own field (kept, reported, when the case has its own), one naming a note or
        the grading (`notes`, `should_trigger`) is kept, never sent."""
        sent: dict[str, Any] = {}
        for key, value in given.items():
            words = field_words(key)
            if words & {"expected", "expect"}:
                if key in item:
                    self.unread[f"input.{key}"] = value
                else:
                    item[key] = value
            elif words & _NOT_ARGUMENT and not words & {"file", "path"}:
                self.unread[f"input.{key}"] = value  # (`notes_file` names the input)
            else:
                sent[key] = value
        return sent

    def _fixture_object(self, item: dict[str, Any], key: str) -> str:
        """`fixture: {type: committed, path: evals/files/case-1}` (or `type: generator` with
        the `invocation` that builds it): its `path` is the case's fixture folder, read as a
        path under that key is; its command, the case's setup, run in that folder's copy
        before the session (runner.authoring.setups); the rest (hashes, status) kept."""
        block: dict[str, Any] = item[key]
        path = str(block["path"]).strip()
        item[key] = path
        run = next((k for k in ("invocation", "command", "run", "setup")
                    if isinstance(block.get(k), str) and block[k].strip()), None)
        if run is not None and not any(k in item for k in SETUP_KEYS):
            item["setup"] = block[run].strip()
        kept = sorted(set(block) - {"path", *([run] if run else [])})
        self.mapped(f"`{key}` is an object: its `path` ({path}) read as the fixture"
                    + (f", its `{run}` as the case's setup" if run and "setup" in item else "")
                    + (f"; {', '.join(kept)} kept, not read" if kept else ""),
                    f"write `{key}: {path}`")
        return path

    def _eval_block(self, item: dict[str, Any]) -> None:
        """`evalConfig: {expectedSkillName: greeting, expectedOutput: OK}`: a block named as
        the case's evaluation holds the case's own fields, read as written at the top (each
        where the case has none), so every rule reads them as it reads the case's; a block
        of named checks, each true or false, is `_flag_criteria`'s."""
        for key in [k for k in item if isinstance(item[k], dict) and item[k]
                    and set(name_words(k)) & _EVAL_WORDS
                    and set(name_words(k)) <= _EVAL_WORDS | _BLOCK_WORDS]:
            block = _snaked({str(k): v for k, v in item[key].items()})
            # (a block of named checks each true or false is `_flag_criteria`'s; one check
            # object, `{type: contains, value: X}`, is read as a check; a grader's settings,
            # `{method, model}`, hold none of the case's fields)
            if all(isinstance(v, bool) for v in block.values()) or "type" in block \
                    or not block.keys() & (_CASE_FIELDS | CASE_ALIASES.keys()):
                continue
            taken = [k for k in block if k not in item]
            if not taken:
                continue
            item.pop(key)
            item.update({k: block[k] for k in taken})
            left = sorted(set(block) - set(taken))
            if left:
                self.unread[f"{key} (the case has its own)"] = {k: block[k] for k in left}
            self.mapped(f"`{key}` holds the case's own fields ({', '.join(taken)}): read as "
                        "written at the case's top level" + (
                            f"; {', '.join(left)} kept, the case has its own" if left else ""),
                        f"write {', '.join(block)} at the case's top level")

    def _nested_case_fields(self, item: dict[str, Any]) -> None:
        """A block of the case's own fields under a name of the author's (`execution:
        {expected_output, assertions}` beside `routing: {...}`, one block per evaluation
        mode): read as the case's fields, each where the case has none of its own; read as
        one `expectations` item, its checks would be one blob no work can show."""
        known = _CASE_FIELDS
        for key in [k for k in item if k not in known and isinstance(item[k], dict)]:
            block: dict[str, Any] = item[key]
            # numbers only, under names of the case's fields (`tool_calls: 30`), in a block
            # not named for what is expected (`expected_counts` counts the work's items)
            if block and all(_count(v) for v in block.values()) and block.keys() & known \
                    and not expectation_named(key):
                self._budget(item, key, block)
                continue
            # a bare number is a count or a cap, never a list of checks or tools
            fields = [k for k in block if k in known and k != "prompt" and not _count(block[k])]
            if not fields or len(fields) < len(block) / 2 or \
                    not set(fields) & {*GRADING_FIELDS, "expected_output", "expectations"}:
                continue
            taken = [k for k in fields if k not in item]
            for k in taken:
                item[k] = block[k]
            item.pop(key)
            left = sorted(set(block) - set(taken))
            self.mapped(f"`{key}` holds the case's own fields ({', '.join(taken) or 'none'}): "
                        "read as the case's" + (f"; {', '.join(left)} kept, the case has its "
                                                "own or no rule reads it" if left else ""),
                        f"write {', '.join(fields)} at the case's top level")

    def _budget(self, item: dict[str, Any], key: str, block: dict[str, Any]) -> None:
        """A mapping of numbers only (`limits: {wall_seconds: 300, tool_calls: 30}`): the
        run's budget, never the case's checks (`tool_calls: 30` is a cap on calls, not the
        tools to call). No per-case limit exists (the run's are `--timeout`, `--max-turns`,
        `--max-budget-usd`), so it is not read, said in one line."""
        item.pop(key)
        self.unread[f"{key} (a budget of the run, not per case)"] = block
        caps = ", ".join(f"{k}: {v}" for k, v in block.items())
        self.mapped(f"`{key}` is a budget of the run ({caps}): not a check and not applied "
                    "per case (no per-case limit exists)", "set the run's own limits: "
                    "`--timeout`, `--max-turns`, `--max-budget-usd`")

    def _ideal_answer(self, item: dict[str, Any]) -> None:
        """`ideal` (OpenAI evals' name), `reference_answer`, `golden_answer`: the answer the
        author holds up, as text: the case's expected output (as a CSV set's column of that
        name is), when it has none."""
        for key in _IDEAL_KEYS:
            value = item.get(key)
            if "expected_output" in item or not isinstance(value, str) or not value.strip():
                continue
            item["expected_output"] = item.pop(key)
            self.problems.tally("EV012", self.label, f"`{key}` read as the expected output",
                                f"rename {key!r} to 'expected_output'")

    def _task_material(self, item: dict[str, Any]) -> None:
        """The task's input split into a field beside the prompt (`supplied_evidence`,
        `context`, `mode`): sent with the prompt, labelled, when the field is plainly task
        material or the prompt refers to it; any other unknown field stays kept, not sent."""
        prompt = item.get("prompt")
        if not isinstance(prompt, str) or not prompt.strip():
            return
        known = _CASE_FIELDS
        for key in [k for k in item if k not in known]:
            text = _material_text(item[key])
            words = field_words(key)
            if text is None or words & _NOT_MATERIAL:
                continue
            # the field's name as words of the prompt ("the meeting log"), never inside a word
            # (`actual`, the recorded answer, is not referred to by "actually")
            spoken = r"\s+".join(map(re.escape, re.split(r"[^a-z0-9]+", key.lower().strip("_-"))))
            referred = re.search(rf"(?<![a-z0-9]){spoken}(?![a-z0-9])", prompt.lower()) is not None
            if not (words & _MATERIAL_WORDS or referred):
                continue
            one = text.strip()
            if (_SETTING.fullmatch(one) or not referred and _WORD.fullmatch(one)) \
                    and not self._skill_mode(key, one):
                # `mode: manual_dry_run`, `mode: heuristic` (unnamed in the prompt): one
                # identifier, how the author's harness runs the case, no material a user hands
                # over
                continue
            held = list(dict.fromkeys(_expectation_keys(item[key])))
            rest = _material_text(_without_keys(item[key], set(held))) if held else None
            if held and rest is not None and words & _MATERIAL_WORDS and not any(
                    "skill" in field_words(h) for h in held):
                # the situation told with an answer among its data (`available_data:
                # {hs_code_expected: ...}` beside the facts): sent without it (a skill it
                # expects makes the block a router's, never the task's: kept whole)
                label = key.replace("_", " ").replace("-", " ").strip().capitalize()
                item["prompt"] = prompt = f"{prompt}\n\n{label}:\n{rest}"
                item.pop(key)
                self.mapped(f"`{key}` sent with the prompt, labelled {label!r}, without what "
                            f"it expects ({', '.join(held[:3])}: it would hand both arms the "
                            "answer; kept, not graded)", f"move what `{key}` expects into "
                            "assertions")
                continue
            if held:
                # `routing: {target_present: {expected_selected_skill: ...}}`: sent, it would
                # hand both arms the answer
                self.mapped(f"`{key}` holds what is expected ({', '.join(held[:3])}): never "
                            "sent with the prompt (it would hand both arms the answer), kept, "
                            "not graded", f"move what `{key}` expects into assertions, or "
                            "into the trigger set if it is which skill loads")
                continue
            label = key.replace("_", " ").replace("-", " ").strip().capitalize()
            item["prompt"] = prompt = f"{prompt}\n\n{label}:\n{text}"
            item.pop(key)
            why = "the prompt refers to it" if referred else \
                "it is one of the skill's own modes (SKILL.md names it)" \
                if self._skill_mode(key, text) else \
                "it is the state the work starts from, the situation the agent is told" \
                if words & STATE_WORDS else "it is the task's material"
            self.mapped(f"`{key}` sent with the prompt, labelled {label!r} ({len(text)} "
                        f"characters): {why}", f"fold `{key}` into `prompt` to make this "
                        "explicit, or rename it to keep it unsent")

    def _skill_mode(self, key: str, value: str) -> bool:
        """`mode: review-only` where SKILL.md names `review-only` as a mode (in code, or within a
        few words of "mode"/模式): one of the skill's own modes, which the user picks, so sent
        in every case that has it; a harness's setting (`mode: heuristic`) or a side's label
        (`mode: positive`) never is."""
        one = value.strip()
        named = field_words(key)
        # (`review_mode: strict` too; never the harness's own, `eval_mode`, `test_mode`)
        if "mode" not in named or named & {"eval", "evals", "test", "run", "harness", "judge"} \
                or not self.skill_text or not one or side(one) is not None:
            return False
        name = rf"(?<![\w-]){re.escape(one)}(?![\w-])"
        return re.search(rf"`{re.escape(one)}`|\bmodes?\b[^\n]{{0,40}}?{name}|"
                         rf"{name}[^\n]{{0,40}}?\bmodes?\b|模式[^\n]{{0,20}}?{name}|"
                         rf"{name}[^\n]{{0,20}}?模式", self.skill_text, re.IGNORECASE) is not None

    def _cited_codes(self, item: dict[str, Any]) -> None:
        """`expected_rule_ids: ["HD-MOTION-004"]`, `forbidden_codes`: codes the answer must (or,
        under a negative name, must not) cite, each an exact match on the work: a code is its
        own operand, and `CWE-79` is not cited by `CWE-798`."""
        for key in list(item):
            words = field_words(key)
            codes = _strings(item[key])
            negate = bool(words & _WORDS["neg"])
            if not words & _CODE_WORDS or not (negate or words & _GROUP_WORDS) \
                    or codes is None or not all(_CODE.match(c.strip()) and any(
                        ch.isdigit() for ch in c) for c in codes):
                continue
            item.pop(key)
            for n, code in enumerate(codes):
                pattern = rf"re:(?<![\w-]){re.escape(code.strip())}(?![\w-])"
                self.add("check", ("not:" if negate else "") + pattern,
                         f"{key}[{n}] (a code that must {'not ' if negate else ''}appear)")
            self.mapped(f"`{key}`: {len(codes)} code(s) the work must "
                        f"{'not ' if negate else ''}cite, each an exact match "
                        f"({', '.join(codes[:3])})", "write them as assertions: "
                        f"\"re:\\\\b{codes[0]}\\\\b\"")

    def _command_mappings(self, item: dict[str, Any]) -> None:
        """`command_assertions: {must_call: [{args_contain: [...]}], must_not_call: [...]}`:
        each call one Bash tool-call check (runner.authoring.command_calls)."""
        for key in list(item):
            found = command_calls(key, item[key])
            if not found:
                continue
            item.pop(key)
            for entry, origin in found:
                self.add("tool", entry, origin)
            self.mapped(f"`{key}`: {len(found)} command call(s) the work must (or, under "
                        "must_not_call, must not) make, each a Bash tool-call check holding "
                        "every word given", "write them under tool_calls: "
                        "\"Bash:re:...\" (\"!Bash:...\" for a call none may make)")

    def _unknown_fields(self, item: dict[str, Any]) -> None:
        known = set(Case.model_fields) | set(CONSUMED_FIELDS)
        for key in sorted(set(item) - known):
            words = field_words(key)
            where = item[key]
            if key in TRIGGER_FLAGS and isinstance(where, bool):
                continue  # `fires: true` is no typo of `files`: _trigger_expectations reads it
            if words & _PLACE_WORDS and isinstance(where, str) and where.startswith(("/", "~")):
                self.refuse(f"`{key}` names {where!r}, outside the skill: a session sees only "
                            "what the case stages from the skill folder",
                            "copy those files into the skill (evals/files/...) and list them "
                            "in `files`")
                item.pop(key)
                continue
            if words & _SECTION_WORDS and _strings(item[key]) is not None \
                    and not words & _WORDS["neg"]:
                titles = _strings(item.pop(key)) or []
                triggers = [t for t in titles if _TRIGGER_MARKER.match(t)]
                if triggers:
                    self.routing += [False] * len(triggers)  # each says "do not fire"
                    titles = [t for t in titles if t not in triggers]
                    item[f"{key} (trigger expectations)"] = triggers
                    self.mapped(f"`{key}`: {', '.join(triggers)} says whether the skill should "
                                "fire, not a text to find: not graded here",
                                "measure it with `skill-eval trigger` (evals/trigger-queries."
                                "json)")
                for n, title in enumerate(titles):
                    self.add("check", title, f"{key}[{n}] (a section title: must appear)")
                if titles:
                    self.mapped(f"`{key}` read as section titles that must each appear, as "
                                f"written: {', '.join(repr(t) for t in titles[:4])}",
                                "write them as assertions to make this explicit: "
                                f"{json.dumps(titles[:2], ensure_ascii=False)}")
                continue
            # a name saying "not" never reads as a field that does not, nor the other way
            negative = bool(words & _WORDS["neg"])
            near = [n for n in difflib.get_close_matches(key, GRADING_FIELDS, n=2, cutoff=0.75)
                    if bool(field_words(n) & _WORDS["neg"]) == negative
                    and not never_a_check(key, item[key], n)]  # `probes` is no `process`
            if not near and self._check_list(key, item[key]):
                item.pop(key)
                continue
            if near and near[0] in _STATEMENT_FIELDS and _worded_value(key, item[key]):
                continue  # `expected_tone: formal`: the work's tone (_expectation_fields)
            if near and near[0] in _STATEMENT_FIELDS and self._bare(key, item[key]):
                continue  # `expected_mutation: none`: a label, kept (below) and reported
            if len(near) == 1 and near[0] not in item:
                item[near[0]] = item.pop(key)
                self.mapped(f"unknown field {key!r} read as {near[0]!r}",
                            f"rename {key!r} to {near[0]!r}")
            elif near:  # a typo of a grading field would silently drop a check
                self.refuse(f"unknown field {key!r} (did you mean "
                            f"{' or '.join(repr(n) for n in near)}?)",
                            f"rename {key!r} to the field you meant")
                item.pop(key)
        item["extra"] = {key: item.pop(key) for key in sorted(set(item) - known)}

    def _rubric_criteria(self, item: dict[str, Any]) -> None:
        """A `rubric` that is a list or mapping of criteria: each a statement for the grader
        (runner.authoring.rubrics), never refused; a string stays the judge's rubric."""
        value = item.get("rubric")
        if not isinstance(value, (list, dict)):
            return
        found = rubric_criteria(item.pop("rubric"))
        for text, origin in found.criteria:
            self.add("statement", text, f"{origin} (a criterion of the rubric)")
        bar = rubric_rule(value, len(found.criteria))
        if bar is not None and not any(s.startswith(f"rubric.{bar[0]}:")
                                       for s in found.settings):
            bar = None
        if bar is not None:  # its bar, applied once the case proves to hold only the rubric
            self.rubric_bar = bar[1]
            found = found.model_copy(update={"settings": tuple(
                s for s in found.settings if not s.startswith(f"rubric.{bar[0]}:"))})
        shape = "list" if isinstance(value, list) else "mapping"
        self.mapped(f"rubric is a {shape} of criteria: {len(found.criteria)} graded as "
                    "statements (each must pass)" + (
                        f"; not applied: {'; '.join(found.settings)[:200]}"
                        if found.settings else ""),
                    "none needed; or write them under expectations (a `rubric` string is "
                    "the judge's, comparing the arms)")
        if found.settings:
            self.unread["rubric (not applied)"] = list(found.settings)

    def _rubric_bar(self, item: dict[str, Any]) -> None:
        """A rubric's own bar (`{criteria: [...], threshold: 0.8}`) is the case's pass rule
        when the rubric's criteria are all the case is graded by; beside other checks it is
        over the criteria only, which no rule of the whole case says: reported, not
        applied."""
        if self.rubric_bar is None or item.get("pass_rule") is not None:
            return
        alone = not (self.checks or self.tool_calls or self.json_checks
                     or any(item.get(k) for k in ("outputs", "judge_program",
                                                  "grader_program", "process"))
                     or any(not o.endswith("(a criterion of the rubric)")
                            for o in self.origins["statements"]))
        if alone:
            item["pass_rule"] = self.rubric_bar
            return
        self.unread["rubric (not applied)"] = [self.rubric_bar["said"]]
        self.mapped(f"the rubric's bar `{self.rubric_bar['said']}` is over its criteria, "
                    "beside the case's other checks: not applied (every check must pass)",
                    "write it as the case's own pass rule (`threshold`) over all its checks")

    def _named_criteria(self, item: dict[str, Any]) -> None:
        """`core_criteria: {valid_references: "Must only reference col-A", ...}`: a mapping
        under a name that says it holds criteria, each value a sentence (or a list of them):
        each a statement for the grader, worded with its name ("valid references: Must only
        reference col-A"), since the name says what the sentence is judged for. A mapping
        with any other value is left to the other rules (kept and reported)."""
        for key in list(item):
            value = item[key]
            if not field_words(key) & _CRITERIA_WORDS or not isinstance(value, dict) or not value:
                continue
            found = rubric_criteria(value, key)
            if found.settings or not found.criteria:
                continue
            item.pop(key)
            for text, origin in found.criteria:
                name = origin[len(key) + 1:].split("[")[0].replace("_", " ").replace("-", " ")
                self.add("statement", f"{name}: {text}", f"{origin} (a named criterion)")
            self.mapped(f"`{key}` is a mapping of {len(found.criteria)} named criteria: each "
                        "graded as a statement, worded with its name",
                        f"write them under expectations (\"{found.criteria[0][0][:40]}\")")

    def _flag_criteria(self, item: dict[str, Any]) -> None:
        """`grading: {starts_at_stage_1: true, asks_for_examples: true}`: a mapping under a
        name that says it grades, each key a named check (two words or more) and each value
        whether it must hold: each a statement for the grader worded from its name ("starts
        at stage 1"; false: "It is not the case that: ..."), since the name is all the author
        wrote of it. A check on the skill firing (`triggers_correctly`, `does_not_trigger`) is
        a trigger expectation, never behaviour: said, not graded. Any other mapping is left to
        the other rules (kept and reported)."""
        for key in list(item):
            value = item[key]
            if not field_words(key) & (_GRADES | _EVAL_WORDS | {"grading", "checklist"}) \
                    or not isinstance(value, dict) or not value or not all(
                        isinstance(k, str) and _FLAG_NAME.fullmatch(k) and isinstance(v, bool)
                        for k, v in value.items()):
                continue
            if any(field_words(k) & _SETTING_WORDS for k in value):
                continue  # the grader's settings (`use_llm_judge`, `strict_mode`): no checks
            item.pop(key)
            firing = [k for k in value if field_words(k) & _FIRING_NAMES]
            for name, holds in value.items():
                if name in firing:
                    continue
                words = " ".join(re.split(r"[_-]+", name))
                text = words if holds else f"It is not the case that: {words}"
                self.add("statement", text, f"{key}.{name} (a named check: {holds})")
            if firing:
                self.unread[f"{key}: checks on the skill firing"] = firing
            self.mapped(f"`{key}` is a mapping of {len(value)} named checks, each true or "
                        "false: each graded as a statement worded from its name"
                        + (f"; {', '.join(firing)} (whether the skill fires) kept for "
                           "`skill-eval trigger`, not graded as behaviour" if firing else ""),
                        "write each check as a sentence under expectations")

    def _file_expectations(self, item: dict[str, Any]) -> None:
        """`expected_files: [path]` (files the work must produce) and `all_contains` /
        `any_contains` written as `{file: [texts]}`: output checks, each file to exist with
        every text (all) or one of them (any); a key that names no file ("response") is the
        work itself. Reported (EV012)."""
        given = item.get("outputs")
        if not isinstance(given, (list, type(None))):
            return  # the schema's to refuse
        outputs: list[Any] = list(given or [])
        read: list[str] = []
        for key in _EXPECTED_FILE_KEYS:  # other names by their words: path_lists
            paths = item.get(key)
            listed = paths if isinstance(paths, list) else [paths]
            if paths and all(isinstance(p, str) and _file_like(p) for p in listed):
                read.append(f"{key} ({len(listed)} file(s) to create)")
                for path in listed:
                    _output_of(outputs, str(path))
                item.pop(key)
        for key, every in (("all_contains", True), ("any_contains", False)):
            mapping = item.get(key)
            if not isinstance(mapping, dict) or not mapping or not all(
                    isinstance(v, (str, list)) and all(isinstance(t, str) for t in _as_list(v))
                    for v in mapping.values()):
                continue
            item.pop(key)
            read.append(f"{key} ({len(mapping)} file(s))")
            for target, texts in mapping.items():
                wanted = [t for t in _as_list(texts) if t.strip()]
                operands = [_literal(t) for t in wanted] if every else \
                    ["re:" + "|".join(re.escape(t) for t in wanted)] if wanted else []
                if _file_like(str(target)):
                    entry = _output_of(outputs, str(target))
                    entry["contains"] = [*entry.get("contains", []), *operands]
                else:  # "response", "output": the work itself
                    for operand in operands:
                        self.add("check", operand, f"{key}[{target!r}]")
        if read:
            item["outputs"] = outputs
            self.mapped(f"read as output checks (files the work must create, and what they "
                        f"hold): {', '.join(read)}", "none needed (or write them under "
                        "`outputs` as {path, contains})")

    def _path_lists(self, item: dict[str, Any]) -> None:
        """Top-level lists of paths (runner.authoring.path_lists): files the work must create
        (`expected_artifacts`) as output checks, paths it must leave alone (`must_not_touch`)
        as tool-call checks that no editing call names them. Reported (EV012)."""
        given = item.get("outputs")
        if not isinstance(given, (list, type(None))):
            return  # the schema's to refuse
        found = path_lists(item, set(Case.model_fields) | set(CONSUMED_FIELDS))
        if found.outputs:
            outputs: list[Any] = list(given or [])
            for path, _ in found.outputs:
                _output_of(outputs, path)
            item["outputs"] = outputs
        for entry, origin in found.tool_calls:
            self.add("tool", entry, origin)
        for text, origin in found.statements:
            self.add("statement", text, origin)
        for key, how in found.read.items():
            self.problems.tally("EV012", self.label, f"`{key}` read as {how}",
                                "write them under `outputs` ({path}), `tool_calls` "
                                "(\"!Edit|Write:re:<path>\") or `expectations` to make "
                                "this explicit")

    def _baseline_prompt(self, item: dict[str, Any]) -> None:
        """A different prompt for the arm without the skill (`prompt_baseline`): both arms get
        the case's prompt, so the arms differ by the skill alone; kept and reported (EV012),
        never dropped in silence."""
        for key in [k for k in item if k in _BASELINE_PROMPT_KEYS]:
            self.unread[f"{key} (not applied)"] = item.pop(key)
            self.problems.tally("EV012", self.label, f"`{key}` not applied: both arms get the "
                                "case's prompt, so they differ by the skill alone",
                                "drop it, or put what the baseline needs in the prompt")

    def _bare(self, key: str, value: Any) -> bool:
        """A field near a statement field by its name (`expected_mutation`, `expectation`)
        whose value is bare (`none`, `high`, `true`, one word): a label of the case, not a
        statement; reported (EV012) and kept. A sentence there stays a statement."""
        values = value if isinstance(value, list) and value else [value]
        bare = all(label_value(v) or one_token(v) and len(field_words(key)) > 1 for v in values)
        if bare:
            self.labelled.add(key)
            self.mapped(f"`{key}: {_shown(value)}` is a label (a bare value that claims "
                        "nothing about the work), not a statement: kept, not graded",
                        "write what it expects as a sentence under expectations (\"No file "
                        "is changed\"), or leave it as a label")
        return bare

    def _expectation_fields(self, item: dict[str, Any]) -> None:
        """`expected_depth: deep`, `expected_personas: [CFO, CTO]`: an `expected_<x>` field no
        other rule read is what its authors expect of the work; reported NOT graded, the set
        would be judged as they never meant it. Graded as statements worded with the field's
        name (fields.expectation_statements); labels, routing and scores stay kept."""
        extra = item.get("extra", {})
        graded: list[str] = []
        limits = [k for k in sorted(extra) if limit_statement(k, extra[k]) is not None]
        for key in limits:  # `max_words_per_sentence: 20`: a claim about each sentence
            limit = limit_statement(key, extra.pop(key))
            self.add("statement", limit, f"{key} (a limit on each {key.split('_')[-1]})")
            self.mapped(f"`{key}`: a limit on each unit of the output, graded as a statement "
                        f"({limit!r})", "none needed, or write it as a statement under "
                        "expectations")
        wholes = {k: w for k in sorted(extra) if (w := whole_limit(k, extra[k])) is not None}
        for key, (kind, check) in wholes.items():
            extra.pop(key)
            self.add(kind, check, f"{key} (a limit on the whole output)")
            how = "counted as a check (that many lines, as `grep -c` counts them)" \
                if kind == "check" else f"graded as a statement ({check!r})"
            self.mapped(f"`{key}`: a limit on the whole output, {how}", "none needed, or "
                        "write it as an assertion or a statement")
        for key in [k for k in sorted(extra) if k not in self.labelled]:
            named = check_names(key, extra[key])
            if named:
                self.labelled.add(key)
                self.mapped(f"`{key}` names the authors' own checks ({', '.join(named[:4])}"
                            f"{', ...' if len(named) > 4 else ''}): computed by their "
                            "program, which is not run here: kept, not graded",
                            "name that program as the set's grader (\"grader_program\": "
                            "\"evals/...\", its JSON naming each check), or write what each "
                            "check decides as statements under expectations")
                continue
            said = expectation_statements(key, extra[key]) or modal_statements(
                key, extra[key]) or bound_statements(key, extra[key])
            for text, origin in said:
                self.add("statement", text, origin)
            if said:
                graded.append(key)
                extra.pop(key)
        if graded:
            self.mapped(f"{len(graded)} {GRADED_FIELDS} field(s) "
                        f"graded as statements: {', '.join(graded)} (worded \"The work's <x> "
                        "is: <value>\", \"The agent must not <x>: <value>\"; `check -v` shows "
                        "each)", "none needed, or write them as statements under expectations "
                        "in your own words")

    def _expected_verdict(self, item: dict[str, Any]) -> None:
        """`expected: "pass"` in a case whose prompt asks the agent to judge something
        ("Validate the generated SVG for scene seed.", "Check this config"): the verdict that
        judging should reach, graded as a statement; elsewhere a bare pass/fail stays a label."""
        prompt = item.get("prompt")
        for key in ("expected", "expect", "expected_result", "expected_verdict"):
            value = item.get(key)
            if not isinstance(value, str) or value.strip().lower() not in _VERDICTS \
                    or not isinstance(prompt, str) or not _JUDGING.search(prompt):
                continue
            item.pop(key)
            said = value.strip()
            statement = f"The work's verdict on what it was asked to check is: {said}"
            item["expectations"] = [*item.get("expectations", []), statement]
            self.mapped(f"`{key}: {json.dumps(said)}`: the verdict the prompt's check should "
                        f"reach, graded as a statement ({statement!r})",
                        "none needed, or write what the verdict rests on as statements")

    def _labels_out(self, key: str, values: list[Any], flags_only: bool = False) -> list[Any]:
        """`expectations: ["none"]`, `should: "true"`, `forbidden: "n/a"`: an item that is no
        value, a flag (or, in a list of statements, a level) claims nothing: reported, kept
        and not graded; the other items, as they were."""
        # (among other texts to find, a marker written in capitals is one of them: a draft's
        # "TBD" or "N/A" is text the work must not hold, not a flag)
        among = flags_only and any(not label_value(v, flags_only) for v in values)
        labelled = [label_value(v, flags_only) and not (
            among and isinstance(v, str) and v.strip().isupper()) for v in values]
        labels = [v for v, label in zip(values, labelled, strict=True) if label]
        kept = [v for v, label in zip(values, labelled, strict=True) if not label]
        if labels:
            self.unread.setdefault(f"label under {key}", []).extend(labels)
            self.mapped(f"`{key}`: {', '.join(_shown(v) for v in labels[:4])} claims nothing "
                        "about the work (no value, a flag or a level): kept, not graded",
                        f"write what the work must show as a sentence under {key}, or drop it")
        return kept

    def _turns(self, item: dict[str, Any]) -> None:
        """A multi-turn case (`follow_up_turns`, a `turns` or conversation list): its first
        user turn is the prompt (unless the case has one), each later user turn a follow-up
        sent in the same session, with the checks written on it (`_turn`). An assistant entry
        is the author's reference reply, kept and reported (claude writes its own)."""
        for key in TURN_FIELDS:
            value = item.get(key)
            if not isinstance(value, list) or not value:
                continue
            users = [t for t in value if isinstance(t, str) or isinstance(t, dict)
                     and t.get("role", "user") == "user"]
            entries = [(n, self._turn(t, n + 1)) for n, t in enumerate(users)]
            unsendable = [n for n, checks in entries if checks is None]
            if not users or len(unsendable) == len(users):
                continue
            item.pop(key)
            replies = [t for t in value if isinstance(t, dict) and t.get("role") == "assistant"]
            if replies:
                self.unread[f"{key} (the author's replies, not sent)"] = replies
                self.mapped(f"{len(replies)} assistant entr(y/ies) in `{key}` read as the "
                            "author's reference replies, not sent: claude answers each turn "
                            "itself", "move what a good reply does into that turn's "
                            "`expectations`")
            if unsendable:
                self.unread[f"{key} (turns without text, not sent)"] = [
                    users[n] for n in unsendable]
                self.problems.report(MULTI_TURN, self.label, f"{len(unsendable)} user turn(s) "
                                     f"in `{key}` carry no text to send", "write each user "
                                     "turn as a string or an object with `content`")
            turns = [checks for _, checks in entries if checks is not None]
            if "prompt" not in item and key not in ("follow_up_turns", "followups",
                                                    "follow_ups"):
                first = turns.pop(0)
                item["prompt"] = first.pop("prompt")
                if any(first.values()):
                    item["first_turn"] = first
            if turns:
                item["follow_ups"] = turns
            return

    def _history(self, item: dict[str, Any]) -> None:
        """The conversation before the prompt (`conversation_history: [{role, content}]`): its
        user turns are sent first, in one session, the prompt last, the case's checks grading
        that last turn; the author's assistant entries are kept and said (claude answers each
        turn itself)."""
        key = next((k for k in HISTORY_FIELDS if isinstance(item.get(k), list) and item[k]),
                   None)
        prompt = item.get("prompt")
        if key is None or not isinstance(prompt, str) or not prompt.strip() \
                or "follow_ups" in item or any(k in item for k in TURN_FIELDS):
            return  # (later turns written too: kept and said, never reordered here)
        value = item[key]
        users = [t if isinstance(t, str) else t.get("content") for t in value
                 if isinstance(t, str) or isinstance(t, dict) and t.get("role", "user") == "user"]
        if not users or not all(isinstance(u, str) and u.strip() for u in users):
            return  # kept and said as any field no rule reads
        item.pop(key)
        replies = [t for t in value if isinstance(t, dict) and t.get("role") == "assistant"]
        if replies:
            self.unread[f"{key} (the author's replies, not sent)"] = replies
        others = [t for t in value if isinstance(t, dict)
                  and t.get("role", "user") not in ("user", "assistant")]
        if others:  # a system message: no turn a user sends
            self.unread[f"{key} (entries of another role, not sent)"] = others
        item["prompt"] = users[0]
        item["follow_ups"] = [{"prompt": u} for u in [*users[1:], prompt]]
        self.mapped(f"`{key}`: {len(users)} earlier user turn(s) sent first in one session, "
                    "then the prompt, the case's checks grading its reply"
                    + (f"; the author's {len(replies)} assistant repl(y/ies) not sent: claude "
                       "answers each turn itself" if replies else ""),
                    "write the earlier turns as the prompt and `follow_up_turns` to make "
                    "this explicit")

    def _inline_turns(self, item: dict[str, Any]) -> None:
        """Later user turns written inside the prompt (runner.authoring.inline_turns): a clean
        split makes the case multi-turn (the text before the first marker its prompt, each
        later one a follow-up, EV012); a marker with no clean split is said (EV015)."""
        prompt = item.get("prompt")
        if not isinstance(prompt, str) or "follow_ups" in item or any(
                isinstance(item.get(k), list) and item[k] for k in TURN_FIELDS):
            return
        found = inline_turns(prompt)
        if found is None:
            return
        if found.opens:
            self.problems.report(MULTI_TURN, self.label, "the prompt opens after a reply it "
                                 f"marks ({found.marker!r}): the turns before it are not "
                                 "written, so no arm has the conversation it answers",
                                 "write the earlier user turns: the first as `prompt`, this "
                                 "one under `follow_up_turns`")
            return
        if not found.turns:
            self.problems.report(MULTI_TURN, self.label, "the prompt holds later user turns "
                                 f"after a reply it marks ({found.marker!r}) and they are "
                                 "sent as one message: the agent answers them all at once, "
                                 "before its first reply", "write each later user turn "
                                 "under `follow_up_turns` (the prompt the first turn only)")
            return
        first, *later = found.turns
        item["prompt"] = first
        item["follow_ups"] = [{"prompt": t} for t in later]
        replies = (f"; the author's {found.replies} assistant repl(y/ies) not sent: claude "
                   "answers each turn itself" if found.replies else "")
        self.mapped(f"the prompt holds {len(found.turns)} user turns written inline "
                    f"({found.marker!r}): split into {len(found.turns)} turns sent in one "
                    f"session, the case's checks grading the last{replies}",
                    "write the later turns under `follow_up_turns` to make this explicit")

    def _foreign_mappings(self, item: dict[str, Any]) -> None:
        """Other tools' mappings: `expect: {must_contain: [...], ...}` holds the case's checks
        (each read as the case's own field; the rest kept and reported); a `judge` names the
        author's grader program (`{type: script, script_path: evals/...}`) or lists the
        conditions of success and failure (`{success: [{output_contains: ...}], failure:
        [...]}`), read as checks."""
        for key in (*EXPECT_MAPPINGS, *_PROPERTY_MAPPINGS):
            given = item.get(key)
            if not isinstance(given, dict) or given.keys() & {"type", "kind"}:
                continue
            item.pop(key)
            taken = sorted(given.keys() & (_CHECK_FIELDS | {"equals"}))
            given, renamed = expect_operands(given)  # contains -> must_include, ...
            lifted: list[str] = []
            for field, value in given.items():
                if field in _CHECK_FIELDS and isinstance(item.get(field), list) \
                        and isinstance(value, list):
                    item[field] = [*item[field], *value]
                elif field in _CHECK_FIELDS and field not in item:
                    item[field] = value
                elif field not in item and field not in _EXPECTED_KEYS \
                        and field not in Case.model_fields and field not in _NOT_LIFTED \
                        and re.fullmatch(r"[A-Za-z][\w-]*", field):
                    # a named property of the expected work (`forbidden_flags`,
                    # `banned_words_absent`, `sections`): read by the rules of a case's own
                    # field of that name, reported as one if no rule knows it
                    item[field] = value
                    lifted.append(field)
                    if key in _PROPERTY_MAPPINGS:
                        self.properties.append(field)
                else:
                    self.unread[f"{key}.{field}"] = value
            if lifted:
                self.mapped(f"`{key}` is a mapping of the expected work's properties: "
                            f"{', '.join(lifted)} read as the case's own fields",
                            f"move them out of `{key}` to the case")
            if taken:
                equals = " (`equals`: one source is exactly that text)" if renamed.count(
                    "equals") else ""
                self.mapped(f"`{key}` is a mapping of checks: {', '.join(taken)} read as the "
                            f"case's own{equals}", f"move them out of `{key}` to the case")
        judges = item.get("judge")
        judges = [judges] if isinstance(judges, dict) else judges
        if not isinstance(judges, list) or not judges \
                or not all(isinstance(j, dict) for j in judges):
            return
        item.pop("judge")
        for n, judge in enumerate(judges):
            where = f"judge[{n}]" if len(judges) > 1 else "judge"
            program = next(iter(judge_paths(judge)), None)
            rest = {k: v for k, v in judge.items()
                    if k not in (*PROGRAM_KEYS, "type", "kind", "timeout_seconds", "timeout")}
            if program is not None and "judge_program" not in item:
                item["judge_program"] = program.strip()
                self.mapped(f"`{where}` names a program: {program!r} is the case's judge "
                            "program", f"write \"judge\": {program!r}")
            elif program is None and rest.keys() & {"success", "failure"}:
                rest = self._existing(item, self._conditions(rest, where))
            if rest:
                self.unread[where] = rest

    @staticmethod
    def _existing(item: dict[str, Any], left: dict[str, Any]) -> dict[str, Any]:
        """A success condition that files exist (`{files_exist: [paths]}`): the files the work
        must create, read with the case's own `files_exist` (`_file_expectations`); a failure
        one, or one naming no file, stays unread."""
        kept = []
        for condition in left.get("success", []):
            paths = next((condition[k] for k in _EXISTS_CONDITIONS if isinstance(condition, dict)
                          and len(condition) == 1 and k in condition), None)
            listed = [paths] if isinstance(paths, str) else paths
            if isinstance(listed, list) and listed and all(
                    isinstance(p, str) and _file_like(p) for p in listed):
                own = item.get("files_exist")
                before = own if isinstance(own, list) else [own] if isinstance(own, str) else []
                item["files_exist"] = list(dict.fromkeys([*before, *listed]))
            else:
                kept.append(condition)
        rest = {k: v for k, v in left.items() if k != "success"}
        return {**rest, "success": kept} if kept else rest

    def _conditions(self, judge: dict[str, Any], where: str) -> dict[str, Any]:
        """A rule judge's `success` and `failure` lists: each output condition a check (any or
        all of its texts; negated under failure); what is no output condition is returned."""
        left: dict[str, Any] = {k: v for k, v in judge.items()
                                if k not in ("success", "failure")}
        for part, negate in (("success", False), ("failure", True)):
            conditions = judge.get(part)
            for n, condition in enumerate(conditions if isinstance(conditions, list) else []):
                kind = next(iter(condition), "") if isinstance(condition, dict) else ""
                texts = condition.get(kind) if kind in OUTPUT_CONDITIONS else None
                listed = _strings([texts] if isinstance(texts, str) else texts)
                groups = [("all", listed)] if listed is not None else [
                    (k, found) for k, v in texts.items() if k in ("any", "all")
                    and (found := _strings(v)) is not None] if isinstance(texts, dict) else []
                regex = OUTPUT_CONDITIONS.get(kind, False)
                if not groups or len(condition) != 1:
                    left.setdefault(part, []).append(condition)
                    continue
                origin = f"{where}.{part}[{n}]"
                for mode, terms in groups:
                    # a failure condition fails the case when it holds: its negation must hold
                    alternatives = mode == "any" if not negate else mode == "all"
                    if alternatives and len(terms) > 1:
                        body = "|".join(f"(?:{t})" if regex else re.escape(t) for t in terms)
                        self.add("check", ("not:" if negate else "") + "re:" + body,
                                 f"{origin} ({mode})")
                    else:
                        for term in terms:
                            self.add("check", ("not:" if negate else "") + ("re:" if regex
                                                                          else "") + term,
                                     f"{origin} ({mode})")
        self.mapped(f"`{where}` lists conditions of success and failure: its output "
                    "conditions read as checks (failure ones as must-not)",
                    "write them as assertions (`not:` for the failure ones)")
        return left

    def _covered_documents(self, item: dict[str, Any]) -> None:
        """`references: ["SKILL.md", "controls/grid.md"]`: a list of the skill's documents the
        case exercises, the author's note of where its rule is written; the runner's own
        `references` maps a name to a text shown to the grader. Kept and reported, never
        graded (the skill's documents are in both arms' reach only through the skill)."""
        files = _strings(item.get("references"))
        if files is None or isinstance(item.get("references"), str):
            return
        self.unread["references (the skill's documents the case covers)"] = item.pop(
            "references")

    def _expected_uses(self, item: dict[str, Any]) -> None:
        """`expect_refs: [references/x.md]`, `expect_scripts: [scripts/y.py]`: the skill's
        files the work should read or run, each a tool-call check (Read, or Bash naming it);
        under a word of prohibition (`forbidden_file_reads`), files no call may read or run,
        each a negated one (`!Read:x`)."""
        for key in list(item):
            words = field_words(key)
            files = _strings(item[key])
            banned = bool(words & _FORBIDS)
            if files is None or not words & {"expect", "expected", "must", "should"} \
                    and not banned:
                continue
            tool = "Read" if words & _READ_WORDS else "Bash" if words & _RUN_WORDS else None
            if tool is None or not all(" " not in f.strip() and "." in f for f in files):
                continue
            item.pop(key)
            sign, verb = ("!", "must not") if banned else ("", "should")
            for n, file in enumerate(files):
                self.add("tool", f"{sign}{tool}:{file.strip()}",
                         f"{key}[{n}] ({tool} names it{', no call may' if banned else ''})")
            self.mapped(f"`{key}`: {len(files)} file(s) the work {verb} "
                        f"{'read' if tool == 'Read' else 'run'}, each a {tool} tool-call check"
                        f"{' no call may match' if banned else ''}",
                        f"write them under tool_calls: \"{sign}{tool}:"
                        f"{files[0].strip() if files else 'FILE'}\"")

    def _named_groups(self, item: dict[str, Any]) -> None:
        """`required_signals: {quality-gates: ["evaluation", "acceptance"], ...}`: each named
        group one check passed by any of its texts (none of them, under a negative name)."""
        for key in list(item):
            words = field_words(key)
            groups = item[key]
            if not words & (_GROUP_WORDS | _WORDS["neg"]) or not isinstance(groups, dict) \
                    or not groups or not all(_strings([v] if isinstance(v, str) else v)
                                             for v in groups.values()):
                continue
            texts = [t for v in groups.values() for t in ([v] if isinstance(v, str) else v)]
            if any(reads_as_statement(t, self.in_statements) for t in texts):
                continue  # claims about the work ("包含状态机和工作流图"), no texts to find
            item.pop(key)
            negate = bool(words & _WORDS["neg"])
            for name, terms in groups.items():
                body = "|".join(re.escape(t) for t in ([terms] if isinstance(terms, str)
                                                       else terms))
                self.add("check", ("not:" if negate else "") + "re:" + body,
                         f"{key}.{name} (any of its texts)")
            self.mapped(f"`{key}`: {len(groups)} named group(s), each a check passed by any of "
                        "its texts" + (" (must not appear)" if negate else ""),
                        "write each as {\"type\": \"contains_any\", \"terms\": [...]} under "
                        "assertions")

    def _one_of_lists(self, item: dict[str, Any]) -> None:
        """`must_include_one_of: [["a", "b"], ["c"]]`: each inner list is one check that any
        of its texts passes (none of them, under a negative name)."""
        for key in list(item):
            words = field_words(key)
            groups = item[key]
            # `required_any: [[...]]`: a word of obligation with "any" says the same
            # (only a list of texts of the work's reply: `tool_calls_include_any` names tools,
            # `files_changed_include_any` files, each their own reader's)
            flat = "any" in words and bool(words & _CONTAINS_WORDS) and not (
                words - {"any"} - _CONTAINS_WORDS - _OUTPUT_WORDS - _EXPECTING - _GROUP_WORDS
                - _WORDS["neg"]) and isinstance(groups, list) and bool(groups) \
                and all(isinstance(g, str) for g in groups)
            if not ({"one", "any"} & words and "of" in words or "either" in words
                    or "any" in words and words & _GROUP_WORDS or flat) \
                    or not isinstance(groups, list) or not groups:
                continue
            # `output_contains_any: [a, b]`: one check, any of the texts (a flat list of
            # groups, `one_of: [a, b]`, stays a check each)
            groups = [groups] if flat else [[g] if isinstance(g, str) else g for g in groups]
            if not all(_strings(g) is not None for g in groups):
                continue
            item.pop(key)
            negate = bool(words & _WORDS["neg"])
            for n, group in enumerate(groups):
                body = ("(?i)" if key in self.folded else "") + "|".join(re.escape(t)
                                                                          for t in group)
                self.add("check", ("not:" if negate else "") + "re:" + body,
                         f"{key}[{n}] (any of {len(group)})")
            self.mapped(f"`{key}`: {len(groups)} check(s), each passed by any of its texts"
                        + (_FOLDED if key in self.folded else ""),
                        "write each as {\"type\": \"contains_any\", \"terms\": [...]} under "
                        "assertions")

    def _required_texts(self, item: dict[str, Any]) -> None:
        """`required: ["60Hz", "Reflex"]`, `required_phrases`: a bare word of obligation over a
        list of texts, each a text the work must hold, read as `must_include` is (a sentence
        there is a statement); `required: true` (a flag) and `required_tools` stay theirs."""
        for key in list(item):
            words = field_words(key)
            texts = _strings(item[key])
            if texts is None or not words & _OBLIGED \
                    or not words <= _OBLIGED | _TEXT_WORDS | PATTERN_WORDS:
                continue
            if self._patterns(key, texts, negate=False):
                item.pop(key)
                continue
            if words & PATTERN_WORDS:
                continue  # patterns that do not compile: the field's own rule refuses
            item.pop(key)
            item["must_include"] = [*_as_list(item.get("must_include")), *texts]
            self.mapped(f"`{key}` read as {len(texts)} text(s) the work must hold, as "
                        "`must_include`", f"rename {key!r} to 'must_include'")

    def _obliged_statements(self, item: dict[str, Any]) -> None:
        """`required_facts: ["verified symptom and root cause", ...]`, `forbidden_boilerplate`:
        a word of obligation (or prohibition) over what the work says (facts, points, topics),
        and a list of sentences: each a statement the work must show (or a failure it
        avoids), never a text to find verbatim."""
        for key in list(item):
            flag = _MUST_FLAG.match("_".join(name_words(key)))
            if flag is not None and isinstance(item[key], bool):
                # `must_report_verification: true`: the flag is a demand on the work
                value = item.pop(key)
                said = f"{flag.group(1).capitalize()} {'' if value else 'not '}" \
                    + flag.group(2).replace("_", " ")
                item["expectations"] = [*_as_list(item.get("expectations")), said]
                self.mapped(f"`{key}: {str(value).lower()}` read as the statement {said!r}",
                            f"write it under expectations: {said!r}")
                continue
            words = field_words(key)
            texts = _strings(item[key])
            obliged, forbids = bool(words & _OBLIGED), bool(words & _FORBIDS)
            if texts is None or obliged == forbids or not words & _SAID_WORDS \
                    or not all(" " in t.strip() for t in texts):
                continue
            item.pop(key)
            field = "failures" if forbids else "expectations"
            item[field] = [*_as_list(item.get(field)), *texts]
            self.mapped(f"`{key}` read as {len(texts)} statement(s) "
                        + ("the run must avoid (failures)" if forbids else
                           "the work must show (expectations)"),
                        f"rename {key!r} to '{field}'")

    def _patterns(self, key: str, texts: list[str], negate: bool) -> bool:
        """A list of texts its authors wrote as regular expressions (the field holds one
        somewhere in the set, or its name says so: `must_match`): each item a pattern the
        work must (not) match, case ignored when the set says so. True when taken."""
        if key in self.fixed:
            fold = self.fixed[key]
            for n, text in enumerate(texts):
                self.add("check", ("not:" if negate else "") + "re:" + ("(?i)" if fold else "")
                         + re.escape(text), f"{key}[{n}] (fixed text"
                         f"{', case ignored' if fold else ''}, as the authors' harness greps it)")
            self.mapped(f"`{key}`: {len(texts)} text(s) the work must {'not ' if negate else ''}"
                        f"hold, matched as fixed text{', case ignored' if fold else ''}: the "
                        "authors' harness greps them so (`grep -F`), never as regular "
                        "expressions", "none needed (or write them as assertions)")
            return True
        if not (key in self.patterns or field_words(key) & PATTERN_WORDS) or not all_compile(texts):
            return False
        for n, text in enumerate(texts):
            self.add("check", ("not:" if negate else "") + as_pattern(text, self.fold),
                     f"{key}[{n}] (a regular expression{', case ignored' if self.fold else ''})")
        why = "its name says so" if key not in self.patterns else \
            "the set writes regular expressions there"
        self.mapped(f"`{key}`: {len(texts)} regular expression(s) the work must "
                    f"{'not ' if negate else ''}match ({why}"
                    f"{'; the set says case is ignored' if self.fold else ''})",
                    f"write them as assertions: \"{'not:' if negate else ''}"
                    f"{as_pattern(texts[0], self.fold)}\"")
        return True

    def _forbidden_flags(self, item: dict[str, Any]) -> None:
        """`forbidden_flags: ["--force"]`, `banned_options`: a word of prohibition over a part
        of a command line, and a list of them: no command the agent runs may hold one (a
        tool-call check each). Other nouns (`forbidden_claims`, `forbidden_codes`, words) are
        read by their own rules."""
        for key in list(item):
            words = field_words(key)
            texts = _strings(item[key])
            if texts is None or len(words) != 2 or not words & _FORBIDS \
                    or not words & _COMMAND_PARTS:
                continue
            item.pop(key)
            for n, text in enumerate(texts):
                self.add("tool", f"!Bash:{_literal(text.strip())}",
                         f"{key}[{n}] (no command run holds it)")
            self.mapped(f"`{key}`: {len(texts)} part(s) of a command line no command the "
                        "agent runs may hold, each a tool-call check",
                        f"write them under tool_calls: \"!Bash:{texts[0].strip()}\"")

    def _acceptable_actions(self, item: dict[str, Any]) -> None:
        """`acceptable_actions: ["tool --list", "read SKILL.md"]`: the actions of which the
        agent takes one, a claim graded on its tool calls (one statement, the alternatives
        as written)."""
        for key in list(item):
            words = field_words(key)
            texts = _strings(item[key])
            if texts is None or not words & _ACCEPTABLE or not words & _ACTION_WORDS:
                continue
            item.pop(key)
            self.add("statement", MARK + "The agent does one of these: " + "; ".join(
                f"`{t.strip()}`" for t in texts), f"{key} (alternatives: graded on the tool "
                "calls)")

    def _turn(self, entry: str | dict[str, Any], number: int) -> dict[str, Any] | None:
        """One user turn as {prompt, its own checks}, read by the rules a case is read by
        (aliases, statements, typed objects); None when it has no text to send."""
        if isinstance(entry, str):
            return {"prompt": entry} if entry.strip() else None
        rest = dict(entry)
        rest.pop("role", None)
        text = next((rest.pop(k) for k in ("content", "text", "prompt", "user", "message",
                                           "query", "input") if isinstance(rest.get(k), str)
                     and rest[k].strip()), None)
        if text is None:
            return None
        reader = CaseReader(self.problems, f"{self.label} turn {number}", self.in_statements,
                            self.names, self.routes)
        reader.patterns, reader.fold, reader.fixed = self.patterns, self.fold, self.fixed
        reader.folded = self.folded
        read = reader.read(rest) if rest else {}
        turn = {k: read.pop(k) for k in TURN_CHECK_FIELDS if k in read}
        kept = {k: v for k, v in {**read.pop("extra", {}), **read}.items() if v}
        if kept:
            self.unread[f"turn {number} (kept, not graded)"] = kept
        return {"prompt": text, **turn}

    def _routing_fields(self, item: dict[str, Any]) -> None:
        """Fields saying whether the skill should fire (`should_trigger: false`, `expect_skill:
        true`, `expected_behavior: "no_trigger"`): routing expectations (runner.authoring
        .routing), taken out before any alias reads them as behaviour."""
        for key in list(item):
            fires = routing_value(key, item[key])
            if fires is None:
                fires = self._expected_skill(key, item[key])
            if fires is None:
                continue
            self._routed(key, item.pop(key), fires, item)
        if self.trigger_set and self.routing:
            self._route_labels(item)

    def _route_labels(self, item: dict[str, Any]) -> None:
        """In a set its notes call a trigger test, a routed case's other `expected_<x>`
        holding a bare name (`expected_mode: create`, the mode of the skill it should pick)
        labels the route: a trigger query sees only whether the skill fires, and a grader
        cannot see the route at all, so it is said and not graded. A sentence stays a claim
        about the work, graded as any (the case is then a runtime case too)."""
        for key in [k for k in item if expectation_named(k)]:
            values = item[key] if isinstance(item[key], list) and item[key] else [item[key]]
            if not all(one_token(v) for v in values):
                continue
            value = item.pop(key)
            self.route_labels.append(key)
            self.unread[f"{key} (a label of the route: not graded by a trigger query)"] = value
            self.mapped(f"`{key}: {json.dumps(value, ensure_ascii=False)}` labels the route in "
                        "a trigger test: a trigger query measures only whether the skill "
                        "fires, so it is not graded", f"none needed (or write what `{key}` "
                        "expects of the work as a statement under expectations)")

    def _expected_skill(self, key: str, value: Any) -> bool | None:
        """`expected_primary: "ledger-audit"`, `expected_skill: "none"`: the skill a router
        should pick for the prompt. This one (by its names) fires; "none", or another skill's
        name (a slug), does not. Else None."""
        # a bare `expect: pdf-maker` naming this very skill: a router's test entry (the skill
        # that should win the prompt, runner.authoring.skill_routes), never an output to find
        if key in ("expect", "expected") and isinstance(value, str) and self.names \
                and value.strip().lower() in {n.lower() for n in self.names}:
            return True
        if self.trigger_set and key in ("expect", "expected"):
            fires = self._noted_route(value)
            self.noted_route = self.noted_route or fires is not None
            return fires
        # (`target_skill` names the skill a case of a collection's set belongs to: no routing)
        if not (field_words(key) & {"expected", "expect"}
                and field_words(key) & {"primary", *_ROUTE_WORDS}) \
                or not isinstance(value, str) or not self.names:
            return None
        said = value.strip().lower()
        if said in {n.lower() for n in self.names}:
            return True
        # `expected_primary` routes only in a set that names this skill under it somewhere;
        # else its slug is the verdict the work should lead with, never another skill
        if _primary_key(key) and key not in self.routes:
            return None
        return False if said in ("none", "") or _IDENTIFIER.match(said) else None

    def _noted_route(self, value: Any) -> bool | None:
        """A bare `expected` in a set its notes call a trigger test: a skill's name (this one
        fires; another's, held by the repository or not, or none, does not) or a flag; a
        sentence stays the output it expects."""
        said = str(value).strip().lower() if isinstance(value, (str, bool)) else ""
        if said in {"true", "yes", "trigger", "fire"} or said in {n.lower() for n in self.names}:
            return True
        if said in {"false", "no", "none", "null", "no-trigger", "no_trigger"} \
                or _IDENTIFIER.match(said):
            return False
        return None

    def _routed(self, key: str, value: Any, fires: bool, item: dict[str, Any]) -> None:
        self.routing.append(fires)
        self.unread[f"{key} (trigger expectation)"] = value
        where = "should-trigger" if fires else "should-not-trigger"
        prompt = next((item[k] for k in ("prompt", "input", "query", *PROMPT_ALIASES,
                                         *SITUATION_FIELDS)
                       if isinstance(item.get(k), str)), "")
        self.problems.report("EV012", self.label, f"`{key}: {json.dumps(value)}` is a trigger "
                             "expectation, not behaviour: not graded here; offered as a trigger "
                             f"query ({where}): {prompt[:200]!r}",
                             f"add the prompt to evals/trigger/{where}.yaml and measure it "
                             "with `skill-eval trigger`")

    def _request_notes(self) -> None:
        """Statements describing the case's request, not the work ("JP query: user announces
        a handover", "User has provided a strategy doc"; runner.authoring.request_notes):
        notes on the query, kept and not graded (no arm writes them), one EV012 line."""
        kept = [(t, o) for t, o in zip(self.statements, self.origins["statements"],
                                       strict=True) if not describes_request(t)]
        if len(kept) == len(self.statements):
            return
        notes = [t for t in self.statements if describes_request(t)]
        self.statements[:] = [t for t, _ in kept]
        self.origins["statements"][:] = [o for _, o in kept]
        self.unread["statements describing the request (notes on the query)"] = notes
        self.problems.report("EV012", self.label, f"{len(notes)} statement(s) describe the "
                             f"request, not the work ({notes[0][:80]!r}): notes on the query, "
                             "not graded (no arm's work says them)", "none needed (or move "
                             "them to the case's notes)")

    def _typed_not_firing(self, item: dict[str, Any]) -> bool:
        """A case whose own kind field says it is a should-not-trigger query (`"type":
        "should_not_trigger"`, `"kind": "no-trigger"`; the format's schema, beside
        `should_trigger` cases of the same set): the skill never runs on it, so what its
        expectations say ("Do NOT activate x. User has no artifacts. Route to y.") is the
        author's note on the route and why, never work to grade. The case is a trigger query
        (should not fire); checks written as checks stay. True when taken."""
        extra = item.get("extra", {})
        for key in _CASE_KIND_KEYS:
            value = extra.get(key)
            if not isinstance(value, str) or not field_words(value) & _FIRING_NAMES:
                continue
            if routing_word(value) is True:
                # `"type": "trigger"` beside `"type": "no-trigger"` cases: a should-trigger
                # query; what else it checks (the skill runs on it) is graded as written, and
                # the label stays the case's (a trigger test's words need no input). Only a
                # case's kind (a `category: triggers` names a topic: database triggers), and
                # never beside an expected output, which a routing case would keep as its note
                expected = item.get("expected_output")
                if key == "category" or isinstance(expected, str) and expected.strip():
                    continue
                self.routing.append(True)
                self.problems.report("EV012", self.label, f"`{key}: {value}`: a should-trigger "
                                     "query, offered as a trigger query", "move the prompt to "
                                     "evals/trigger/should-trigger.yaml and measure it with "
                                     "`skill-eval trigger`")
                return False
            if routing_word(value) is not False:
                continue
            # its own words saying the skill fires ("Activate x (router-level), but MUST NOT
            # load protocols/solo.md"): the kind names a sub-route, the case stays as written
            if any(about_firing(t, self.names) or (split_firing(t, self.names) or (False,))[0]
                   for t in self.statements):
                return False
            self.routing.append(False)
            self.unread[f"{key} (trigger expectation)"] = extra.pop(key)
            notes = list(self.statements)
            expected = item.pop("expected_output", None)
            if isinstance(expected, str) and expected.strip():
                notes.append(expected)
            self.statements.clear()
            self.origins["statements"].clear()
            if notes:
                self.unread["expectations of a should-not-trigger case (the route, and why)"] \
                    = notes
            self.problems.report("EV012", self.label, f"`{key}: {value}`: a should-not-trigger "
                                 f"query; the skill never runs on it, so its {len(notes)} "
                                 "expectation(s) are the author's note on the route, not graded;"
                                 " offered as a trigger query", "move the prompt to evals/"
                                 "trigger/should-not-trigger.yaml and measure it with "
                                 "`skill-eval trigger`")
            return True
        return False

    def _corpus_route(self, item: dict[str, Any]) -> bool:
        """In a set the repository's README calls a trigger corpus (set_notes
        .repository_note), a case with nothing but its `expected_output` is a trigger query:
        the text says how the prompt routes ("Activates belt with the handoff lens: ...",
        "Does NOT activate; routes to blueprint"), should-not-trigger when it denies the skill
        firing, else should-trigger; the rest (lens, route, what the skill would do) is the
        authors' description of the route, not graded."""
        expected = item.get("expected_output")
        if not self.corpus or self.routing or not isinstance(expected, str) \
                or not expected.strip() or self.checks or self.statements or self.tool_calls \
                or self.json_checks or item.get("outputs"):
            return False
        fires = routing_head(expected, tuple(self.names))
        self.routing.append(_DENIES_FIRING.search(expected) is None if fires is None else fires)
        self.noted_route = True
        self.unread["expected_output (how the prompt routes, in a trigger corpus)"] = \
            item.pop("expected_output")
        return True

    def _trigger_expectations(self, item: dict[str, Any]) -> None:
        """Whether the skill fires is not behaviour a grader can see (it never sees the skill
        load): a flag left in `extra` and statements only about the skill firing (or a bare
        routing word: "should_not_trigger") are taken out of the runtime grading and offered
        as trigger queries."""
        if self._corpus_route(item):
            return
        if self._typed_not_firing(item):
            return
        extra = item.get("extra", {})
        for key in [k for k in extra if k in TRIGGER_FLAGS]:
            fires = routing_value("should_trigger", extra[key])
            if fires is not None:
                self._routed(key, extra.pop(key), fires, item)
        kept: list[tuple[str, str]] = []
        dropped: list[str] = []
        split: list[str] = []  # a firing clause taken off the work it opens (split_firing)
        for text, origin in zip(self.statements, self.origins["statements"], strict=True):
            fires = about_firing(text, self.names)
            fires = routing_word(text) if fires is None and len(text.split()) <= 4 else fires
            reasoned = routing_with_reason(text) if fires is None else None
            fires = reasoned[0] if reasoned is not None else fires  # its reason is a note
            if fires is None:
                parts = split_firing(text, self.names)
                if parts is not None and not parts[0] and not_firing_with_reason(text,
                                                                                 self.names):
                    # not firing, then the author's reason ("这是普通开发任务应走 X"): a note
                    # on the request, never work of the skill to grade
                    dropped.append(text)
                    self.routing.append(False)
                    continue
                if parts is not None:
                    split.append(text)
                    self.routing.append(parts[0])
                    text, origin = parts[1], f"{origin} (after its clause on the skill firing)"
                kept.append((text, origin))
                continue
            dropped.append(text)
            self.routing.append(fires)
        expected = item.get("expected_output")
        if isinstance(expected, str) and not_firing_with_reason(expected, self.names):
            # not firing, then the author's reason: routing alone, no behaviour left to grade
            if not self.routing:  # a flag beside it (`should_trigger: false`) said so once
                self.routing.append(False)
            self.unread["expected_output (the skill not firing, and why)"] = \
                item.pop("expected_output")
            self.problems.report("EV012", self.label, f"expected_output says the skill does "
                                 f"not fire, then why ({expected[:80]!r}): the reason is a note "
                                 "on the request, not graded; offered as a trigger query",
                                 "put the prompt in evals/trigger/should-not-trigger.yaml")
            expected = None
        parts = split_firing(expected, self.names) if isinstance(expected, str) else None
        if parts is not None and isinstance(expected, str):
            split.append(expected)
            self.routing.append(parts[0])
            item["expected_output"] = parts[1]
            self.expected_split = True  # behaviour is left: never a trigger query alone
        if split:
            self.unread["clauses about the skill firing"] = split
            self.problems.report("EV012", self.label, f"{len(split)} statement(s) or expected "
                                 f"output(s) open with whether the skill fires ({split[0][:80]!r})"
                                 ": that clause offered as a trigger query, the rest graded as "
                                 "behaviour", "put the prompt in evals/trigger/ and keep the "
                                 "behaviour alone here")
        if dropped or split:
            self.statements[:] = [t for t, _ in kept]
            self.origins["statements"][:] = [o for _, o in kept]
        if dropped:
            self.unread["statements about the skill firing"] = dropped
            self.problems.report("EV012", self.label, f"{len(dropped)} statement(s) say "
                                 f"whether the skill fires ({dropped[0][:80]!r}): the grader "
                                 "never sees the skill load, so not graded here; offered as a "
                                 "trigger query", "put the prompt in evals/trigger/ and measure "
                                 "it with `skill-eval trigger`")

    def _call_denials(self) -> None:
        """A denial whose object is a tool call ("Does not call the Write tool", "must not run
        `git push`") is read on the tool calls, never on the reply (runner.authoring
        .call_denials): a negated tool-call check when it names a tool or a command, else
        the grader's on the tool calls only."""
        kept: list[tuple[str, str]] = []
        checks: list[str] = []
        marked: list[str] = []
        for text, origin in zip(self.statements, self.origins["statements"], strict=True):
            check = denied_call(text)
            if check is not None:
                checks.append(text)
                self.add("tool", check, f"{origin} (a denied tool call: no call may match)")
                continue
            if calls_only(text):
                marked.append(text)
                text = MARK + text
            kept.append((text, origin))
        self.statements[:] = [t for t, _ in kept]
        self.origins["statements"][:] = [o for _, o in kept]
        if checks:
            self.mapped(f"{len(checks)} statement(s) denying a tool call read as tool-call "
                        f"checks ({_shown(checks[0])}): what the run must not do is in its "
                        "calls, never in its reply", "none needed (write `!Tool` or "
                        "`!Bash:COMMAND` under tool_calls to say so yourself)")
        if marked:
            self.mapped(f"{len(marked)} statement(s) denying a run graded on the tool calls "
                        f"only ({_shown(marked[0])}): a reply saying it will not run it "
                        "does not break it", "none needed")

    def _absences(self, item: dict[str, Any]) -> None:
        """A statement of absence with a literal operand ("No em dash", "Does not contain 'As
        an AI'") is a not-contains check on the work, or on the file it names
        (runner.scoring.absence): a grader can only quote what is present."""
        kept: list[tuple[str, str]] = []
        read: list[str] = []
        for text, origin in zip(self.statements, self.origins["statements"], strict=True):
            absence = literal_absence(text)
            outputs = item.get("outputs")
            if absence is None or absence.file is not None and (
                    _binary(absence.file) or not isinstance(outputs, (list, type(None)))):
                kept.append((text, origin))
                continue
            read.append(text)
            checks = ["not:" + (f"re:{re.escape(o)}" if o.startswith(("re:", "not:")) else o)
                      for o in absence.operands]
            if absence.file is None:
                for check in checks:
                    self.add("check", check, f"{origin} (an absence: must not contain)")
                continue
            outputs = item["outputs"] = list(outputs or [])
            # (the case's fixtures are staged at their names: never where a name is written)
            file = _named_in_full(absence.file, [
                *strings_in({k: v for k, v in item.items() if k not in _STAGING_FIELDS}),
                *self.statements])
            if file != absence.file:
                self.mapped(f"{origin}: {absence.file} read as {file}, the path the case "
                            "gives it", f"write {file} in the statement")
            same = next((n for n, o in enumerate(outputs) if isinstance(o, dict)
                         and o.get("path") == file
                         and isinstance(o.get("contains", []), list)), None)
            if same is None:
                outputs.append({"path": file, "contains": checks})
            else:
                outputs[same] = {**outputs[same],
                                 "contains": [*outputs[same].get("contains", []), *checks]}
        if read:
            self.statements[:] = [t for t, _ in kept]
            self.origins["statements"][:] = [o for _, o in kept]
            self.mapped(f"{len(read)} statement(s) of absence read as not-contains checks "
                        f"({_shown(read[0])}): a grader can only quote what is there",
                        "none needed (write `not:TEXT` under assertions to say so yourself)")

    def _other_cases(self) -> None:
        """A statement comparing with another case's output is never graded blind: each case
        runs alone and the grader sees only its own trial (runner.authoring.crosscase)."""
        kept: list[tuple[str, str]] = []
        for text, origin in zip(self.statements, self.origins["statements"], strict=True):
            other = other_case_reference(text)
            if other is None:
                kept.append((text, origin))
                continue
            self.unread.setdefault("statements comparing with another case", []).append(text)
            self.problems.report(OTHER_CASE, self.label, f"{origin} compares with another "
                                 f"case ({other!r}): {_shown(text)}; each case runs alone and "
                                 "the grader never sees the other output, so it is not graded",
                                 "state what this case's own answer must show (its "
                                 "structure, its sections), or compare the two outputs "
                                 "yourself")
        self.statements[:] = [t for t, _ in kept]
        self.origins["statements"][:] = [o for _, o in kept]

    def _typed_aliases(self, item: dict[str, Any]) -> None:
        """Other tools' names for the prompt (a string), the expectations and the failures
        (a list of sentences, or one) and an assertions mapping ({contains: [...], regex:
        ...}), each reported."""
        self._personas(item)
        self._history(item)
        self._turns(item)
        given = item.get("input", item.get("inputs"))
        if "prompt" not in item and isinstance(given, dict):
            text = next(((k, given[k]) for k in ("user_request", "prompt", "query", "message",
                                                  "text", "request", "user", "question")
                         if isinstance(given.get(k), str) and given[k].strip()), None)
            if text is not None:
                item.pop("input", None) if "input" in item else item.pop("inputs", None)
                rest = {k: v for k, v in given.items() if k != text[0]}
                item["prompt"] = text[1]
                sent = bool(rest) and all(_parameter(v) for v in rest.values())
                if sent:  # the request's named arguments (`city: Tokyo`), sent with it
                    rest = self._arguments(item, rest)
                    item["prompt"] += "\n\nInputs:\n" + _argument_lines(rest) if rest else ""
                elif rest:
                    self.unread[f"input (besides {text[0]})"] = rest
                self.mapped(f"`input.{text[0]}` read as the prompt"
                            + (f", {', '.join(f'`{k}`' for k in rest)} sent with it as its "
                               "inputs" if sent and rest else ""), "write the request as `prompt`")
            elif given and not given.keys() & set(REQUEST_KEYS) \
                    and all(_parameter(v) for v in given.values()):
                self._parameters(item, given)
        for key in ("fixture_dir", "fixtures_dir", "fixture_folder", "input_dir", "workspace_dir",
                    "fixture", "fixtures", *SCAFFOLD_KEYS):
            where = item.get(key)
            remote = _remote_repository(where)
            if remote is not None and "files" not in item:
                self.cloned = remote
                self.unread[f"{key} (a repository to clone)"] = item.pop(key)
                continue
            if isinstance(where, dict) and isinstance(where.get("path"), str):
                where = self._fixture_object(item, key)
            if key in item and (where is None or where == [] or isinstance(where, str)
                                and where.strip().lower() in NO_FIXTURE):
                item.pop(key)  # the author's "nothing to stage", never a file named so
                self.mapped(f"`{key}: {where or 'null'}` read as no fixtures (the case "
                            "stages nothing)", f"drop {key!r}")
                continue
            if isinstance(where, str) and where.strip() and not where.startswith(("/", "~")) \
                    and " " not in where.strip() and "files" not in item:
                item["files"] = [item.pop(key).strip()]
                if key in WORKSPACE_KEYS:  # a folder named so is the workspace (caseset)
                    item["root_fixtures"] = list(item["files"])
                self.mapped(f"`{key}` read as the case's fixtures", f"list {where!r} under "
                            "`files`")
        self.program_run = _program_run(item)
        for key in PROMPT_ALIASES:
            if self.program_run is not None and key == "command":
                continue
            if "prompt" not in item and isinstance(item.get(key), str) and item[key].strip():
                item["prompt"] = item.pop(key)
                self.mapped(f"`{key}` read as the prompt", f"rename {key!r} to 'prompt'")
        told = situation_request(item)
        if told is not None:
            item["prompt"] = item.pop(told)
            self.mapped(f"`{told}` read as the prompt: the case tells its situation in words "
                        "and has no `prompt`, so that text is the request, sent as written",
                        f"write the user's message under `prompt` (keep `{told}` for the "
                        "situation it sends with it)")
            place = None if item.get("files") else described_place(item["prompt"])
            if place:  # the folder it tells of is not built (runner.authoring.situations)
                self.problems.report("EV014", self.label, f"no arm can pass it: its `{told}` "
                                     f"says the run happens '{place}', a working directory "
                                     "the case does not stage (the sandbox starts in an "
                                     "empty folder)", "stage that folder under evals/files/ "
                                     "and list it in `files`, or drop the case")
        self._avoid_lists(item)
        self._expected_verdict(item)
        for aliases, field in ((EXPECT_ALIASES, "expectations"), (FAIL_ALIASES, "failures")):
            for key in aliases:
                value = item.get(key)
                if isinstance(value, str) and value.strip():
                    value = [value]
                if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                    item.pop(key)
                    item[field] = [*item.get(field, []), *value]
                    self.mapped(f"`{key}` read as {field} ({len(value)})",
                                f"rename {key!r} to {field!r}")
        checks = item.get("assertions")
        if isinstance(checks, dict) and not checks.keys() & {"type", "kind"} and all(
                field_words(k) & (_WORDS[REGEX] | _WORDS[LITERAL] | _WORDS[ANY] | _WORDS[ALL]
                             | _WORDS["neg"]) or not isinstance(v, (str, list))
                for k, v in checks.items()):
            listed, unread = [], []
            for key, value in checks.items():
                if isinstance(value, (str, list)):
                    listed.append({"type": key, ("terms" if isinstance(value, list)
                                                 else "value"): value})
                else:
                    unread.append(key)
            item["assertions"] = listed
            self.unread.update({f"assertions.{k}": checks[k] for k in unread})
            self.mapped(f"`assertions` is a mapping: each key read as a check's type "
                        f"({', '.join(list(checks)[:5])})", "write assertions as a list of "
                        "typed objects")

    def _avoid_lists(self, item: dict[str, Any]) -> None:
        """`forbidden: ["TODO", "As an AI"]`, `avoid`, `banned_phrases`...: each literal a
        not-contains check on the work, each sentence of behaviour (four words or more, or
        ending as a sentence ends) a statement of what the run avoids."""
        for key in list(item):
            words = field_words(key)
            values = item[key]
            values = [values] if isinstance(values, str) and values.strip() else values
            claims = bool(words & _WORDS["neg"] and words & _CLAIM_WORDS)
            patterned = bool(words & (_WORDS["neg"] | _FORBIDS) and words & PATTERN_WORDS)
            if not (key in AVOID_LISTS or words & _WORDS["neg"] and words & _TEXT_WORDS
                    or claims or patterned) \
                    or not isinstance(values, list) or not values \
                    or not all(isinstance(v, str) and v.strip() for v in values):
                continue
            item.pop(key)
            values = self._labels_out(key, values, flags_only=True)  # `forbidden: none`
            if not values or self._patterns(key, values, negate=True):
                continue
            if claims:
                self._avoided_claims(key, values)
                continue
            literals = 0
            avoids = "The run avoids this failure: " if key in FAIL_ALIASES else \
                "The run avoids this: "
            for n, text in enumerate(values):
                # a sentence ("Invent application source.") is behaviour, not a text; so is
                # an action in words in any language ("молча объединить определения",
                # "SVG manuell bearbeiten"): a text to find there passes in every arm
                if reads_as_statement(text, claims=False) \
                        or text.rstrip().endswith((".", "!", "?", "。")) \
                        or acts(text):
                    self.add("statement", avoids + text, f"{key}[{n}]")
                    continue
                literals += 1
                self.add("check", "not:" + (f"re:{re.escape(text)}" if text.startswith(
                    ("re:", "not:")) else text), f"{key}[{n}] (must not contain)")
            self.mapped(f"`{key}`: {literals} text(s) that must not appear (not-contains "
                        f"checks), {len(values) - literals} sentence(s) of what the run avoids "
                        "(statements)", "write the texts under assertions as `not:TEXT`")

    def _avoided_claims(self, key: str, values: list[str]) -> None:
        """`forbidden_claims`, `must_not_claim_statements`...: each a claim the work must not
        make, however worded, so a statement of what the run avoids (an absence: it passes
        unless the grader quotes the work making it)."""
        for n, text in enumerate(values):
            self.add("statement", f"The run avoids this claim: {text}", f"{key}[{n}]")
        self.mapped(f"`{key}`: {len(values)} claim(s) the work must not make, graded as "
                    "statements of what the run avoids (a claim can be worded any way, so "
                    "never a text to find)", "write them under `expectations` as \"Does not "
                    "claim that ...\"")

    def _scalars(self, item: dict[str, Any]) -> None:
        """A string (or one object) where a list is expected is that one item, never walked
        character by character; anything else there is refused by the field's own rule."""
        for key in LIST_FIELDS:
            value = item.get(key)
            claims = expected_claims(value) if key == "expectations" \
                and isinstance(value, str) else []
            if len(claims) > 1:  # one quote cannot show several claims: one statement each
                item[key] = claims
                self.mapped(f"`{key}` is one str of {len(claims)} claims, not a list: each "
                            f"claim read as one item ({_shown(value)})", f"write {key} as a "
                            f"list, one claim each: [{_shown(claims[0])}, ...]")
            elif isinstance(value, str) and value.strip() or isinstance(value, dict) \
                    and key not in ("outputs",):
                item[key] = [value]
                self.mapped(f"`{key}` is one {type(value).__name__}, not a list: read as one "
                            f"item ({_shown(value)})", f"write {key} as a list: "
                            f"[{_shown(value)}]")
            elif isinstance(value, str):  # blank
                item.pop(key)

    def _check_list(self, key: str, value: Any) -> bool:
        """`graders`, `anti_graders`, `validators`...: a list whose items are checks (typed
        objects, or strings beside a grading word in the name) is read as assertions; a name
        with a negative word negates each. True when taken."""
        items = [value] if isinstance(value, dict) else value
        if not isinstance(items, list) or not items:
            return False
        typed = all(isinstance(v, dict) and (v.keys() & CHECK_SHAPE_KEYS) for v in items)
        words = field_words(key)
        # the author's notes about checks (`check_notes`, `criteria_rationale`) are prose
        graded_name = bool(words & _CHECK_NAME_WORDS) and not words & PROSE_WORDS
        # identifiers (`default-direct-explanation`) name the author's own rules or checks,
        # not text the work holds: never substring checks (kept and reported instead)
        texts = graded_name and all(isinstance(v, str) and v.strip()
                                    and not _IDENTIFIER.match(v) for v in items)
        claims = graded_name and all(isinstance(v, dict) and (any(
            isinstance(v.get(k), str) and v[k].strip() for k in _CLAIM_KEYS)
            or _described_criterion(v)) for v in items)
        if not (typed and (graded_name or all("type" in v for v in items)) or texts or claims):
            return False
        negate = bool(words & (_WORDS["neg"] | {"anti", "negative", "negatives"}))
        for n, entry in enumerate(items):
            origin = f"{key}[{n}]"
            if negate:
                self.negated_origins.add(origin)
            self.check_lists.append((origin, entry))
        graded = "checks that must NOT hold" if negate else "assertions"
        if claims and not typed:  # sentences, each a statement for the grader (say so)
            graded = "statements for the grader" + (", negated" if negate else "")
        self.mapped(f"`{key}`: {len(items)} check(s) under a name the runner does not know, "
                    f"graded as {graded}",
                    "move them to `assertions`" + (" (as not: checks)" if negate else ""))
        return True

    def _lists(self, item: dict[str, Any]) -> None:
        statements = item.pop("statements", None) or []
        expectations = item.pop("expectations", None) or []
        for key, values in (("statements", statements), ("expectations", expectations)):
            values = [values] if isinstance(values, (str, dict)) and values else values
            if isinstance(values, list):
                values = self._labels_out(key, values)
            if not isinstance(values, list) or not all(
                    isinstance(e, str) or isinstance(e, dict) and e for e in values):
                self.refuse(f"{key}: a list of statements (strings)",
                            f"write {key} as a list of sentences")
                continue
            for origin, entry in self._alternatives(
                    [(f"{key}[{n}]", entry) for n, entry in enumerate(values)]):
                if isinstance(entry, dict):
                    # `{text, category}`: read as an assertion object is (its text a
                    # statement unless it carries an operand), its labels kept as labels
                    self.check_lists.append((origin, entry))
                elif (coded := read_prefixed(entry)) is not None:
                    # `containsAny:a|b` among sentences: a check written as code, never a
                    # sentence for the grader (which could not quote "containsAny")
                    self._coded.append(origin)
                    for n, check in enumerate(coded.checks):
                        self.add("check", check, origin if len(coded.checks) == 1
                                 else f"{origin}.{n + 1}")
                else:
                    self.add("statement", entry, origin)
        if self._coded:
            self.mapped(f"{len(self._coded)} item(s) of a list of sentences written as "
                        f"prefixed checks ({', '.join(self._coded[:3])}): read as those "
                        "checks", "none needed (or move them to `assertions`)")
        for key in FAILURE_LISTS:
            failures = item.pop(key, None)
            if failures is None:
                continue
            failures = [failures] if isinstance(failures, str) else failures
            if isinstance(failures, list):
                failures = self._labels_out(key, failures)
            if not isinstance(failures, list) or not all(
                    isinstance(f, str) or isinstance(f, dict) and f for f in failures):
                self.refuse(f"{key}: a list of failures (strings or check objects)",
                            f"write {key} as a list of sentences")
                continue
            for n, entry in enumerate(failures):
                if isinstance(entry, dict):
                    # a check object (`{matcher: regex, pattern: ...}`) under a list of
                    # failures: the check negated, read as an assertion object is
                    self.check_lists.append((f"{key}[{n}]", entry))
                    self.negated_origins.add(f"{key}[{n}]")
                else:
                    self.add("statement", f"The run avoids this failure: {entry}",
                             f"{key}[{n}]")

    def _nested_groups(self, key: str, values: list[Any]) -> list[Any]:
        """`must_include: ["refund", ["reconciliation", "reconciling"]]`: a list inside the
        list is one check passed by any of its texts (under `must_avoid`, by none of them);
        the other items stay as they were."""
        groups = [(n, v) for n, v in enumerate(values) if isinstance(v, list)]
        if not groups or not all(_strings(g) is not None for _, g in groups):
            return values
        negate = key == "must_avoid"
        for n, group in groups:
            self.add("check", ("not:" if negate else "") + "re:(?i)(?:"
                     + "|".join(re.escape(t) for t in group) + ")",
                     f"{key}[{n}] ({'none' if negate else 'any'} of {len(group)})")
        self.mapped(f"`{key}`: {len(groups)} list(s) inside the list, each one check passed by "
                    f"{'none' if negate else 'any'} of its texts",
                    "write each as {\"type\": \"contains_any\", \"terms\": [...]} under "
                    "assertions")
        return [v for v in values if not isinstance(v, list)]

    def _containment_lists(self, item: dict[str, Any]) -> None:
        """`expected_contains: [texts]` / `expected_not_contains`, `should_not_include`: a
        name made only of an expectation marker, a containment verb and (maybe) a negation
        names texts the work must (not) hold: `must_include` / `must_avoid`, never a statement
        worded with the field's name (which turned "must not contain Traceback" into a claim
        that needs one quoted). A name with any other word (`tool_not_contains`) is its
        own reader's."""
        for key in list(item):
            said = field_words(key)
            # (`output_contains`, `response_not_contains`: the work's reply names whose texts)
            if key in CASE_ALIASES or key in ("must_include", "must_avoid") \
                    or not said & _CONTAINING or not said & (_EXPECTING | _OUTPUT_WORDS) \
                    or said - _CONTAINING - _EXPECTING - _OUTPUT_WORDS - _WORDS["neg"]:
                continue
            field = "must_avoid" if said & _WORDS["neg"] else "must_include"
            value = item.pop(key)
            value = [value] if isinstance(value, str) else value
            if not isinstance(value, list):
                item[key] = value  # a mapping or a flag: not a list of texts, left as it was
                continue
            if key in self.folded:
                value = [{"regex": "(?i)" + re.escape(v)} if isinstance(v, str) else v
                         for v in value]
            item[field] = [*_as_list(item.get(field)), *value]
            self.mapped(f"`{key}` read as {field} ({len(value)} text(s) the work must"
                        f"{' not' if field == 'must_avoid' else ''} hold)"
                        + (_FOLDED if key in self.folded else ""),
                        f"rename {key!r} to {field!r}")

    def _literal_lists(self, item: dict[str, Any]) -> None:
        for key, prefix in (("must_have", "re:"), ("must_not_have", "not:re:"),
                            ("must_include", ""), ("must_avoid", "not:")):
            values = item.pop(key, None)
            if values is None:
                continue
            if key in ("must_include", "must_avoid") and isinstance(values, list):
                values = self._nested_groups(key, values)
            given = values
            values = [_regex_object(v) for v in values] if isinstance(values, list) else values
            if isinstance(values, list) and key in ("must_include", "must_avoid") \
                    and any(_described(v) is not None for v in values):
                given = [v for v in given if _described(_regex_object(v)) is None]
                values = self._described_items(key, values)
            joined = [v for g, v in zip(given, values, strict=True)
                      if isinstance(g, dict) and isinstance(v, str) and not v.startswith("re:")
                      ] if isinstance(values, list) else []
            if joined:
                self.mapped(f"`{key}`: {len(joined)} item(s) written `Label: text` unquoted "
                            f"(a mapping in YAML) read as the line written ({joined[0][:60]!r})",
                            "quote the item")
            if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
                what = "regular expressions" if "re:" in prefix else "texts"
                self.refuse(f"{key}: a list of {what}", f"write {key} as a list of {what}")
                continue
            if "re:" not in prefix and self._patterns(key, values, negate=key == "must_avoid"):
                continue
            prompt = str(item.get("prompt") or "")
            for n, text in enumerate(values):
                # (words of the input the prompt hands over, "wanted to provide" in the status
                # update to shorten, are a text to find, whatever their grammar)
                if not _quotes_input(text, prompt) and (
                        key in ("must_include", "must_avoid") and (
                            describes_behaviour(text) or CJK.search(text) is not None
                            and (len(text.strip()) >= 6 and _CJK_BEHAVIOUR.search(text)
                                 is not None or len(text.strip()) >= 5
                                 and cjk_act(text, anywhere=True)))
                        or key == "must_avoid" and acts(text)):
                    self._behaviour(key, n, text)
                    continue
                # {regex: ...} inside a list of texts: that item is a regular expression
                entry = (prefix.replace("re:", "") + text if text.startswith("re:")
                         else prefix + text)
                if "re:" in prefix and not text.startswith("re:") and not _compiles(text):
                    # a list of patterns holding one no regex engine reads ("[F", a citation
                    # mark to find): the author wrote the text itself
                    entry = prefix.replace("re:", "") + text
                    self.mapped(f"{key}[{n}] is no regular expression ({_shown(text)}): "
                                "read as the text itself", f"escape it ({re.escape(text)!r}) "
                                "if a pattern was meant")
                self.add("check", entry, f"{key}[{n}]")

    def _described_items(self, key: str, values: list[Any]) -> list[Any]:
        """`must_find: [{id, description, threshold}]`: an item that is an object whose only
        text is its description (no literal, pattern or value to find) is the author's check
        told in words, graded as a statement (its `threshold` a count its wording gets when
        the description does not already say it); the other items are left as they were."""
        kept: list[Any] = []
        for n, value in enumerate(values):
            told = _described(value)
            if told is None:
                kept.append(value)
                continue
            self._behaviour(key, n, told)
        return kept

    def _behaviour(self, key: str, n: int, text: str) -> None:
        statement = text if key == "must_include" else f"The run avoids this: {text}"
        self.add("statement", statement, f"{key}[{n}]")
        self.mapped(f"{key}[{n}] describes behaviour, not a text to find: graded as a "
                    f"statement ({_shown(text)})",
                    f"write a literal under {key} (or the sentence under assertions) to "
                    "choose otherwise")

    def _soft(self, value: dict[str, Any], origin: str, marking: str | None) -> bool:
        """A check object marked soft by a field (runner.authoring.tiers.soft_marking): graded,
        it would fail work that left it out on purpose; reported, not graded. True if so."""
        if marking is None:
            return False
        if marking == tier_marking(value):  # a harness's tier: many items, one line a tier
            self.unread[f"{origin}{REPORT_ONLY}"] = value
            self.problems.tally("EV012", self.label, f"checks in the author's report-only "
                                f"tier ({marking}): reported by their harness, never deciding "
                                "a case; not graded here (such a check cannot fail its case)",
                                "make it `tier: required` to have it decide")
            return True
        self.unread[f"{origin} (optional)"] = value
        self.mapped(f"{origin}: marked {marking}, not graded (an optional item cannot fail): "
                    f"{_shown(value)[:80]}", "make it a requirement, or leave it out")
        return True

    def _soft_outputs(self, item: dict[str, Any]) -> None:
        """`outputs` objects marked soft, taken out before the case is validated."""
        for origin, value, marking in soft_objects(item, ("outputs",)):
            self._soft(value, origin, marking)

    def _given_lists(self, item: dict[str, Any]) -> None:
        for key in ("tool_calls", "json_checks"):
            values = item.pop(key, None) or []
            for n, value in enumerate(values if isinstance(values, list) else [values]):
                if isinstance(value, dict) and self._soft(value, f"{key}[{n}]",
                                                          soft_marking(value)):
                    continue
                self.add("tool" if key == "tool_calls" else "json", value, f"{key}[{n}]")

    # -- assertion objects ------------------------------------------------------------------

    def _object(self, value: dict[str, Any], origin: str) -> None:
        value = _keyed_type(_nested_check(value))
        order = ordered_calls(value)  # never deciding, whatever its tier: read before it
        if order is not None and origin not in self.negated_origins:
            self.process.append({"id": f"{self.label}:{origin}", "order": order})
            self.problems.tally("EV012", self.label, f"type {value.get('type')!r} (an order of "
                                "the run's skill loads or tool calls) read as an `order` "
                                "process item on the transcript's calls (Skill:<name> for a "
                                "skill): reported beside task success, never deciding it",
                                "none needed (or write it under `process`)")
            return
        if self._soft(value, origin, soft_marking(value)):
            return
        if _weight(value) is not None:  # read as any check is; its weight cannot apply
            self.problems.tally("EV012", self.label, "check weights (`weight`, `points`) not "
                                "applied: every check of a case must pass, whatever its weight",
                                "drop the weights, or split what may fail into its own case")
        key = next((k for k in CONDITION_KEYS if isinstance(value.get(k), str)
                    and value[k].strip()), None)
        if key is not None:
            self._conditional(value, origin, key)
            return
        name = _type_name(value)
        value, name = _command_typed(value, name)
        if self._tool_input(value, origin, name):
            return
        kind_neg = KNOWN_TYPES.get(name.lower())
        if kind_neg is None and self._routing_typed(value, origin, name):
            return
        if self._file_exists(value, origin, name) or self._file_pattern(value, origin, name):
            return
        if not name and self._shell_checked(value, origin):
            return
        if not name and self._keyword_terms(value, origin):
            return
        if not name and any(isinstance(value.get(k), str) for k in ("pattern", "regex")):
            kind_neg = REGEX, False  # no type, a pattern: a regular expression
        if (kind_neg is None or not name and (any(isinstance(value.get(k), str) for k in
                                                  _UNTYPED_COMMAND_KEYS)
                                              or verifier_command(value) is not None)) \
                and self._grader_command(value, origin):
            return  # no type but a command line to run (`{command: "test -f out.pdf"}`) too
        if kind_neg is None and self._program_typed(value, origin, name):
            return
        if kind_neg is None and self._material_typed(value, origin, name):
            return
        if kind_neg is None and self._type_of_program(value, origin, name):
            return
        if kind_neg is None:
            kind_neg = self._map_type(name, value, origin)
            if kind_neg is None:
                return
        kind, negate = kind_neg
        if origin in self.negated_origins:
            if kind in (STATEMENT, TOOL, JSON, COUNT):
                self._negated_statement(value, origin)
                return
            negate, origin = not negate, f"{origin} (negated)"
        label = value.get("description") or value.get("name")
        shown = f"{origin} {{type: {name!r}}}" + (f" ({label})" if isinstance(label, str)
                                                  and label else "")
        final = (_aims_at_final_text(value) or _answer_typed(name)) and kind in _TEXT_KINDS
        if kind == REGEX and isinstance(value.get("flags"), str):
            value = with_flags(value, OPERAND_KEYS[REGEX])  # `flags: "i"`: the author's
        ignored = sorted(set(value) - OBJECT_KEYS - ({"field"} if final else set())
                         - _aim_read(value)
                         - _blank_result_slots(value) - hard_tier_keys(value)
                         - (_JSON_READ if kind == JSON else set()))
        if ignored:
            shown += f" [ignored: {', '.join(ignored)}]"
        target = _file_target(value) if kind in _TEXT_KINDS else None
        if kind == LITERAL and not negate and target is None and not final \
                and self._run_labelled(value, label, shown):
            return
        mark = len(self.checks)
        self._typed_check(value, kind, negate, name, shown)
        if target is not None:  # its text checks read that file, not the whole work
            moved = zip(self.checks[mark:], self.origins["assertions"][mark:], strict=True)
            self.file_checks += [(target, check, where) for check, where in moved]
            del self.checks[mark:], self.origins["assertions"][mark:]
        elif final:
            self.text_only += self.origins["assertions"][mark:]

    def _keyword_terms(self, value: dict[str, Any], origin: str) -> bool:
        """`{text: "identifies the race", keywords: ["race", "TOCTOU", "!Blocker"]}`: the
        terms are the operand, the sentence its label (runner.authoring.keyword_terms)."""
        found = keyword_terms(value)
        if found is None or origin in self.negated_origins:
            return False
        shown = f"{origin} ({found.label[:60]})"
        for check in found.checks():
            self.add("check", check, f"{shown} (its `{found.field}`"
                     + (": must not appear)" if check.startswith("not:") else ": any of them)"))
        self.problems.tally("EV012", self.label, "checks written as a sentence beside a list of "
                            "terms (`keywords`): the terms are the check, any of them found "
                            "(a term written `!x` must not appear); the sentence a label",
                            "none needed (or write {\"type\": \"contains_any\", \"terms\": "
                            "[...]} and {\"type\": \"not_contains\", \"value\": ...})")
        return True

    def _shell_checked(self, value: dict[str, Any], origin: str) -> bool:
        """`{text: "No '## Permissions' section in output", check: "! grep -q '## Permissions'
        constitution.md"}`: the check is the authors' shell line (run by their harness in a
        folder of its own), the text their sentence of what it verifies. The sentence is
        graded, a statement; the line is no text to find, and one case runs one grader
        command, so it is not run (one EV012 line counts them)."""
        line = value.get("check")
        text = next((value[k] for k in ("text", "description", "name", "label")
                     if isinstance(value.get(k), str) and len(value[k].split()) >= 3), None)
        if not isinstance(line, str) or text is None or not _SHELL_LINE.match(line):
            return False
        self.add("statement", text, f"{origin} (its `check` shell line not run: {line[:60]!r})")
        self.problems.tally("EV012", self.label, "checks written as a shell line (`check: "
                            "\"grep -q ... file\"`) beside their sentence: the sentence graded, "
                            "a statement; the line not run", "none needed (or ship the lines "
                            "as one grader script: \"judge\": \"evals/check.sh\")")
        return True

    def _run_labelled(self, value: dict[str, Any], label: Any, shown: str) -> bool:
        """`{type: contains, check: "bd --version", description: "Runs bd --version as
        prerequisite"}`: the author's label says the text is what the agent runs, so it is
        found in a tool call's input (`*:bd --version`), not in what the agent says about
        it (a reply quoting the command would pass a text check without running it)."""
        operand = _operand(value, LITERAL)
        run = _RUN_LABEL.match(label.strip()) if isinstance(label, str) else None
        if run is None or not isinstance(operand, str) or not operand.strip():
            return False
        # what the label says is run names the operand ("Runs the tests; they pass" with
        # `PASSED` is text the run prints, not what it runs)
        said = set(re.findall(r"[\w.-]+", label.strip()[run.end():].lower()))
        if not said & set(re.findall(r"[\w.-]+", operand.lower())):
            return False
        # `security-auditor OR security`: the author's alternatives, either one run
        either = [t.strip() for t in re.split(r"\s+OR\s+", operand.strip()) if t.strip()]
        matcher = f"*:{either[0]}" if len(either) == 1 else \
            "*:re:" + "|".join(re.escape(t) for t in either)
        self.add("tool", matcher, f"{shown} (labelled as run: a call's input)")
        self.problems.tally("EV012", self.label, "text checks labelled as what the agent runs "
                            "('Runs pr_comments list', 'Launches the X agent') read on the tool "
                            "calls' input (`*:X`), not on the final text",
                            "none needed (or write them under `tool_calls` as \"*:X\")")
        return True

    def _tool_input(self, value: dict[str, Any], origin: str, name: str) -> bool:
        """A check on a tool's input field, or a call of any of several tools, read by its
        fields (runner.authoring.tool_inputs): a tool-call matcher, negated when the type
        says so; one EV012 line per type for the set."""
        field = input_field_matcher(value)
        listed = any_tool_matcher(value) if field is None and (
            not name or KNOWN_TYPES.get(name.lower(), ("",))[0] == TOOL
            or "tool" in field_words(name)) else None
        matcher = field or listed
        if matcher is None:
            return False
        negate = bool(field_words(name) & _WORDS["neg"]) or KNOWN_TYPES.get(
            name.lower(), ("", False))[1]
        label = value.get("description") or value.get("name")
        self.add("tool", ("!" if negate else "") + matcher,
                 f"{origin} {{type: {name!r}}}" + (f" ({label})" if isinstance(label, str)
                                                   and label else ""))
        what = (f"{'no' if negate else 'a'} call of its tool whose named input field holds its "
                "text" if field else f"{'no' if negate else 'a'} call of any of the tools it "
                "lists")
        self.problems.tally("EV012", self.label, f"type {name or '(none)'!r} read as a "
                            f"tool-call check: {what} (on the "
                            "transcript's calls, as its harness reads them)",
                            "none needed (or write it under `tool_calls` as "
                            "\"Tool:re:...\")")
        return True

    def _typed_check(self, value: dict[str, Any], kind: str, negate: bool, name: str,
                     shown: str) -> None:
        """A check object whose type is known: added as the check of its kind."""
        if kind in (LITERAL, REGEX, ANY, ALL, DESCRIBED):
            self._textual(value, kind, negate, name, shown)
        elif kind == COUNT:
            needle = _operand(value, LITERAL) or ""
            times = next(value[k] for k in COUNT_KEYS if isinstance(value.get(k), int))
            self.add("check", f"re:(?s)(?:.*?{re.escape(needle)}){{{times}}}",
                     f"{shown} ({needle!r} at least {times} times)")
        elif kind == TOOL and not _tool_name(value) and _statement_text(value) is not None:
            # a tool-typed check with no tool named, only a sentence: what the agent did,
            # for the grader, on the tool calls
            self._statement_or_refuse(value, shown, "a statement has no text", on_calls=True)
        elif kind == TOOL:
            self._tool(value, shown, negate)
        elif kind == JSON:
            self._json_check(value, name, shown)
        else:
            self._statement_or_refuse(value, shown, "a statement has no text",
                                      on_calls=behaviour_typed(name, field_words(name)))

    def _json_check(self, value: dict[str, Any], name: str, shown: str) -> None:
        """A check of a value in a JSON file the work writes: its file (`file`, `target`,
        `output`), its path (`path`, `field`, `key`) and what it must be (`equals`,
        `expected`, `value`, `contains`, `exists`). A bound on a number (`json_field_gte`
        with a `threshold`) no JSON check can compare: the grader reads the file for it."""
        file = next((value[k] for k in _JSON_FILE_KEYS if isinstance(value.get(k), str)), None)
        path = next((value[k] for k in _JSON_PATH_KEYS if isinstance(value.get(k), str)
                     and value[k] != file), None)
        bound = next(((k, value[k]) for k in _BOUND_KEYS if isinstance(value.get(k), int | float)
                      and not isinstance(value.get(k), bool)), None)
        least = field_words(name) & {"gte", "ge", "min", "least", "minimum", "greater"}
        if bound is not None and file and path:
            key, number = bound
            at = "at least" if least or key in ("min", "gte", "at_least", "minimum") else \
                "at most" if key in ("max", "lte", "at_most", "maximum") or field_words(name) \
                & {"lte", "le", "max", "most", "maximum", "less"} else "compared with"
            self.add("statement", f"The JSON file {file} holds `{path}` {at} {number}", shown)
            self.problems.tally("EV012", self.label, "a bound on a number in a JSON file "
                                "(`json_field_gte`, a `threshold`): no JSON check compares "
                                "numbers, so the grader reads the file for it", "none needed")
            return
        entry: dict[str, Any] = {"file": file, "path": path}
        for key in ("equals", "contains", "exists"):
            if key in value:
                entry[key] = value[key]
        for key in ("value", "expected", "expected_value"):
            if key in value and "equals" not in entry:
                entry["equals"] = value[key]
        self.add("json", entry, shown)

    def _activations(self, item: dict[str, Any]) -> None:
        """A case's list of the skills the run must (or must not) load
        (`required_skill_activations: [x]`, `forbidden_skill_activations`): each a load check,
        read as a typed one is (_routing_typed): this skill's, a trigger expectation offered
        as a trigger query; another skill's, a check on the transcript's Skill calls."""
        found = [(k, m) for k in item if isinstance(k, str) and (m := _ACTIVATIONS.match(k))]
        for key, match in found:
            negative = match.group("neg") is not None
            entries = _as_list(item.pop(key))
            for n, entry in enumerate(entries):
                if not isinstance(entry, str) or not entry.strip():
                    self.refuse(f"`{key}[{n}]`: {entry!r} names no skill",
                                f"list skill names under `{key}`")
                    continue
                kind = "skill_not_invoked" if negative else "skill_invoked"
                self._routing_typed({"type": kind, "skill": entry.strip()}, f"{key}[{n}]",
                                    kind)

    def _routing_typed(self, value: dict[str, Any], origin: str, name: str) -> bool:
        """A check typed as routing (`routing`, `routing-negative`): this skill's firing,
        offered as a trigger query; another skill's Skill call, a tool-call check; else a
        statement on the tool calls (runner.authoring.routing_types)."""
        positive = routing_type(name)
        text = _statement_text(value)
        loaded, skill = loaded_type(name), loaded_skill(value)
        if loaded is not None and skill is not None:  # `{type: skill_invoked, skill: x}`
            positive, text = loaded, f"Skill({skill})"
        if positive is None or text is None:
            return False
        if origin in self.negated_origins:
            positive = not positive
        found = read_routing(text, positive, self.names)
        shown = f"{origin} {{type: {name!r}}}"
        if found.fires is not None:
            self.routing.append(found.fires)
            self.unread.setdefault("routing checks (trigger expectations)", []).append(text)
            where = "should-trigger" if found.fires else "should-not-trigger"
            self.problems.report("EV012", self.label, f"{shown} {text!r} is a trigger "
                                 "expectation: the grader never sees the skill load, so not "
                                 f"graded here; offered as a trigger query ({where})",
                                 f"add the prompt to evals/trigger/{where}.yaml and measure "
                                 "it with `skill-eval trigger`")
            return True
        if found.matcher is not None:
            self.add("tool", found.matcher, f"{shown} (the Skill tool's call: {found.matcher})")
            self.problems.tally("EV012", self.label, "routing checks naming another skill's "
                                "Skill call (`Invokes Skill(x)`) read as tool-call checks on "
                                "the transcript (`Skill:x`; negated, no such call)",
                                "none needed; or write them as tool_call checks")
            return True
        self._statement_or_refuse(value, f"{shown} (a routing check naming no skill: a "
                                  "statement on the tool calls)", "a statement has no text",
                                  on_calls=True)
        return True

    def _file_exists(self, value: dict[str, Any], origin: str, name: str) -> bool:
        """`{type: file_exists, path: out/a.md}`: the file must exist, an output check (a
        grader reading the work cannot see a file's existence better than the listing)."""
        words = field_words(name)
        target = _file_target(value)
        if target is None or not words & _EXISTS_WORDS or not words & _FILE_WORDS \
                or words & _WORDS["neg"] or origin in self.negated_origins:
            return False
        self.file_checks.append((target, None, f"{origin} {{type: {name!r}}}"))
        return True

    def _file_pattern(self, value: dict[str, Any], origin: str, name: str) -> bool:
        """`{type: file_created | file_not_created, pattern: GLOB}` (a harness's check of the
        working directory, never of the text): a plain path that must exist is an output
        check; a glob, or a file that must not be created, is said to the grader, which reads
        the working directory's listing (no deterministic check matches a glob or an
        absence)."""
        words = field_words(name)
        absent = bool(words & _WORDS["neg"]) != (origin in self.negated_origins)
        # `{type: file_matches_glob, glob: "migrations/*.ts"}`: the glob is the operand
        glob_key = isinstance(value.get("glob"), str) and "pattern" not in value
        pattern = value.get("glob") if glob_key else value.get("pattern")
        # `{type: no_file_write, path: x.yaml}`: a named file that must not be written
        target = _file_target(value)
        if absent and target is not None and pattern is None:
            pattern = target
        elif target is not None:
            return False
        if not isinstance(pattern, str) or not pattern.strip() \
                or not (words & _EXISTS_WORDS or glob_key) or not words & _FILE_WORDS:
            return False
        pattern = pattern.strip().removeprefix("./")
        shown = f"{origin} {{type: {name!r}}}"
        if not absent and _file_like(pattern) and not _GLOB.search(pattern):
            self.file_checks.append((pattern, None, shown))
            return True
        # "matching" would read as a comparison with that file (runner.authoring.references)
        glob = " (a glob)" if _GLOB.search(pattern) else ""
        least = value.get("min_count")
        text = (f"No file `{pattern}`{glob} is created in the working directory" if absent
                else f"At least {least} files match `{pattern}`{glob} in the working directory"
                if isinstance(least, int) and least > 1
                else f"A file `{pattern}`{glob} exists in the working directory")
        self.add("statement", text, f"{shown} (a file {'absent' if absent else 'glob'}: the "
                                    "grader reads the working directory's listing)")
        self.mapped(f"{shown}: `{pattern}` {'must not be created' if absent else 'is a glob'}"
                    ": no file check matches it, graded as a statement on the working "
                    "directory's listing", "none needed (or name one exact path under "
                    "`outputs`)")
        return True

    def _grader_command(self, value: dict[str, Any], origin: str) -> bool:
        """A check that runs a command and has nothing to compare its output with (`{type:
        deterministic, run: "bash graders/check.sh"}`): the case's grader command, its exit
        code deciding (runner.authoring.programs checks it can run). One a case."""
        command = next((value[k] for k in GRADER_COMMAND_KEYS if isinstance(value.get(k), str)
                        and value[k].strip()), None)
        verifier = verifier_command(value)
        if command is None and verifier is not None:  # `verifier_cmd`, `test_command`
            command = verifier[1]
            self.grader_key = verifier[0]
        if command is None or any(k in value for k in STRONG_OPERANDS
                                  if k not in GRADER_COMMAND_KEYS):
            return False
        return self._one_command(command, origin)

    def _one_command(self, command: str, origin: str) -> bool:
        """The case's grader command; several (`test -f out.md`, then `grep -E ... out.md`)
        run as one line, each in turn, all exiting 0 to pass, as their author ran them."""
        line = command.strip()
        if self.grader_command is not None and line not in self.grader_command.split(" && "):
            self.mapped(f"{origin}: a further grader command ({line!r}) runs after "
                        f"{self.grader_command!r} in one line: all must exit 0",
                        "none needed (or run them from one script of the skill)")
            self.grader_command = f"{self.grader_command} && {line}"
            return True
        self.grader_command = self.grader_command or line
        return True

    def _verifier_field(self, item: dict[str, Any]) -> None:
        """The case's own verifier command (`"verifier_cmd": "grep -q TOTAL out.md"`, a key
        naming verification over a command line: runner.authoring.verifier_keys): the case's
        grader command, run after the trial on the work, exit 0 passing."""
        found = verifier_command({k: v for k, v in item.items()
                                  if k not in ("prompt", "grader_program")})
        if found is not None:
            item.pop(found[0])
            self.grader_key = found[0]
            self._one_command(found[1], f"`{found[0]}`")

    def _program_typed(self, value: dict[str, Any], origin: str, name: str) -> bool:
        """A check typed as one a program decides (`static`, `programmatic`...) and named by an
        id, with nothing to search: a statement for now, its id kept so that the set's grader
        program takes it when its source computes it (runner.authoring.programs.attach)."""
        check_id = next((value[k] for k in ("id", "name") if isinstance(value.get(k), str)
                         and _CHECK_ID.match(value[k])), None)
        if name.lower() not in PROGRAM_TYPES or check_id is None or any(
                k in value for k in (*STRONG_OPERANDS, *COMMAND_KEYS)):
            return False
        text = next((value[k] for k in STATEMENT_KEYS if k != "name"
                     and isinstance(value.get(k), str) and value[k].strip()),
                    check_id.replace("_", " ").replace("-", " "))
        self.program_typed[text] = check_id
        self.add("statement", text, f"{origin} {{type: {name!r}}} ({check_id})")
        return True

    def _type_of_program(self, value: dict[str, Any], origin: str, name: str) -> bool:
        """A type the runner does not know and a program of the set handles: that program
        decides it, by the check's id (else the type's name); refused naming the program when
        its calling shape is not the grader-program contract."""
        handled = self.program_types.get(name)
        if handled is None:
            return False
        if handled.problem is not None:
            self.refuse(f"{origin} {_shown(value)}: type {name!r} is implemented by "
                        f"{handled.program}, which cannot run as a grader program: it takes "
                        f"{handled.problem}",
                        f"give {handled.program} the grader-program shape ({CONTRACT}) and "
                        f"name it: \"grader_program\": \"{handled.program}\"; or write the "
                        "check as a known type")
            return True
        check_id = next((value[k] for k in ("id", "name") if isinstance(value.get(k), str)
                         and _CHECK_ID.match(value[k])), name)
        text = _statement_text(value) or f"{check_id.replace('_', ' ')} ({_shown(value)})"
        self.program_typed[text] = check_id
        self.type_checked[text] = handled.program, {**value, "id": check_id}
        self.add("statement", text, f"{origin} {{type: {name!r}}} (by {handled.program})")
        return True

    def _material_typed(self, value: dict[str, Any], origin: str, name: str) -> bool:
        """A type naming its material and operation (`behavior_not_contains`: no tool call
        holds it; `output_equals`: the answer is it), runner.authoring.material_types. Types
        the other rules already read (`content_contains`) are left to them."""
        found = material_type(field_words(name))
        regex = found is not None and (found.regex or _pattern_only(value))
        operand = None if found is None else _operand(value, REGEX if regex else LITERAL)
        if found is None or operand is None or (found.material != CALLS
                                                and not found.equals):
            return False
        negate = found.negate != (origin in self.negated_origins)
        source = material_matcher(found, operand, regex, negate)
        label = value.get("description") or value.get("name")
        shown = f"{origin} {{type: {name!r}}}" + (f" ({label})" if isinstance(label, str)
                                                  and label else "")
        self.add("tool" if found.material == CALLS else "check", source, shown)
        return True

    def _textual(self, value: dict[str, Any], kind: str, negate: bool, name: str,
                 shown: str) -> None:
        """A check on the text: a list operand first (then a `text` beside it is its label),
        then a string one; none, a statement (or refused)."""
        terms = self._terms(value, listed_only=True)
        operand = None if kind in (ANY, ALL) else _operand(value, kind)
        groups = _term_groups(value) if kind == ANY and terms is None else None
        if groups is not None:  # `contains_any_per_group`: each group one any-of check
            for n, (label, group) in enumerate(groups):
                self.add("check", ("not:" if negate else "") + "re:" + "|".join(
                    re.escape(t) for t in group), f"{shown} group {label or n + 1} (any)")
            return
        if terms is None and operand is None:
            terms = self._terms(value, listed_only=False)
        if terms is not None:
            label = " ".join(value[k] for k in ("description", "name", "text", "label")
                             if isinstance(value.get(k), str))
            self._term_list(kind, negate, terms, name, shown, label)
        elif operand is None:
            self._statement_or_refuse(value, shown, f"a {name!r} check has no operand")
        elif kind == DESCRIBED:
            # the type says "match": a short operand is its text, claim-like or not
            self.add("statement" if reads_as_statement(operand, claims=False) else "check",
                     operand, shown)
        elif _describes_check(operand):
            self._described_operand(operand, negate, shown)
        else:
            # a literal's operand written as a regular expression no text holds verbatim
            # (`检测到.*个本地提交`: a wildcard where the number goes) is the author's pattern;
            # read so, it still matches the literal text itself
            wildcard = kind == LITERAL and unmistakable(operand)
            if wildcard:
                self.mapped(f"{shown}: its text {operand[:60]!r} is written as a regular "
                            "expression (no work holds it verbatim): read as one",
                            "none needed (or write \"type\": \"regex\")")
            prefix = ("not:" if negate else "") + ("re:" if kind == REGEX or wildcard
                                                   else "")
            self.add("check", prefix + operand, shown)

    def _described_operand(self, operand: str, negate: bool, shown: str) -> None:
        """An operand that is the author's sentence about the check ("Output contains '##
        Review:' header"): as a text to find it could never be there, in either arm. The
        texts it quotes are what the work must hold (each a literal); quoting none, it is a
        statement for the grader."""
        quotes = [q.strip() for groups in _QUOTED_TEXT.findall(operand) for q in groups
                  if q.strip()]
        if quotes:
            for quote in quotes:
                self.add("check", ("not:" if negate else "") + quote,
                         f"{shown} (the text {quote!r} its sentence quotes)")
        else:
            self.add("statement", operand, f"{shown} (a sentence about the work)")
        self.mapped(f"{shown}: its operand {operand[:70]!r} is a sentence about the check, "
                    "not the text to find: " + (f"the {len(quotes)} text(s) it quotes are "
                    "found literally" if quotes else "graded as a statement"),
                    "put the text to find alone in `value` (the sentence in `description`)")

    def _conditional(self, value: dict[str, Any], origin: str, key: str) -> None:
        """A check with a condition (`applies_when`): read without it, then each entry it gave
        goes to the grader as "When <condition>: <statement>", which passes when the condition
        does not hold. A literal check cannot know whether the condition holds, so it becomes
        such a statement too."""
        condition = str(value[key])
        lists: dict[str, list[Any]] = {"assertions": self.checks,
                                       "statements": self.statements,
                                       "tool_calls": self.tool_calls,
                                       "json_checks": self.json_checks}
        marks = {field: len(values) for field, values in lists.items()}
        self._object({k: v for k, v in value.items() if k != key}, origin)
        new: list[tuple[str, Any, str]] = []  # every entry first: they become statements
        for field, values in lists.items():
            new += [(field, entry, where) for entry, where in zip(
                values[marks[field]:], self.origins[field][marks[field]:], strict=True)]
            del values[marks[field]:], self.origins[field][marks[field]:]
        for field, entry, where in new:
            self.add("statement", conditional(condition, _as_statement(field, entry)),
                     f"{where} (`{key}` kept as its condition)")
        fields = [field for field, _, _ in new]
        if fields:
            literal = "" if set(fields) == {"statements"} else (
                " (a deterministic check with a condition cannot be literal: the grader "
                "grades it as a statement)")
            self.mapped(f"{origin}: `{key}` kept as the statement's condition: graded when it "
                        f"holds, passed when it does not{literal}",
                        f"drop `{key}` to grade the check in every run")

    def _negated_statement(self, value: dict[str, Any], origin: str) -> None:
        """A check under a negative name whose kind has no negated form: its text, as what
        the run must avoid, for the grader."""
        text = _statement_text(value) or _shown(value)
        self.add("statement", f"The run avoids this: {text}", f"{origin} (negated)")

    def _statement_or_refuse(self, value: dict[str, Any], shown: str, problem: str,
                             on_calls: bool = False) -> None:
        """An object with a description and no operand is a statement for the grader; its own
        grading instruction (`instruction`, `criteria`, `pass_if`...) goes with it. One the
        author typed as behaviour (`on_calls`) is marked to be graded on the tool calls only
        (runner.scoring.on_calls)."""
        text = typed_operand(value) or _statement_text(value) or next(
            (value[k] for k in _EXPECTED_KEYS if isinstance(value.get(k), str)
             and value[k].strip()), None)
        instruction = next((value[k] for k in INSTRUCTION_KEYS if isinstance(value.get(k), str)
                            and value[k].strip() and value[k] != text), None) \
            or _levels_text(value)
        if text is not None or instruction is not None:
            whole = text if instruction is None else instruction if text is None else \
                f"{text} ({instruction.strip()})"
            typed = next((str(value[k]).strip().lower() for k in ("kind", "type", "grader",
                                                                   "method")
                          if isinstance(value.get(k), str)), "")
            if typed in _HUMAN_KINDS:
                self.mapped(f"{shown}: typed for a person to judge ({typed}): graded by the "
                            "grader model, since no person reviews a trial here",
                            "none needed if the model's reading will do; else review those "
                            "items in the run's transcripts yourself")
            self.add("statement", marked(whole) if on_calls and whole else whole,
                     f"{shown}: " + ("its `value`, in words, is the statement "
                                     "for the grader (the label beside it names it)"
                                     if typed_operand(value) else
                                     "no operand, so a statement for the grader")
                     + (" with its own instruction" if instruction else ""))
            return
        self.refuse(f"{shown}: {problem}",
                    "give the operand (`value`, `pattern` or `terms`) or a `description` to "
                    "grade as a statement")

    def _terms(self, value: dict[str, Any], listed_only: bool) -> list[str] | None:
        for key in TERM_KEYS:
            found = _strings(value.get(key))
            if found is not None:
                return found
        if listed_only:
            return None
        lists = [k for k, v in value.items() if k not in LABEL_KEYS and _strings(v)]
        return _strings(value[lists[0]]) if len(lists) == 1 else None

    def _term_list(self, kind: str, negate: bool, terms: list[str], name: str,
                   shown: str, label: str = "") -> None:
        """Lists of terms: any of them (one alternation), all of them, or none of them. A
        list read as regular expressions (`patterns`) holding one that does not compile
        (`text(`, `.catch(() =>`) is its author's texts, every item (a list is one kind):
        their own harness finds them as written."""
        regex = kind == REGEX or bool(field_words(name) & _WORDS[REGEX])
        ordered = bool(field_words(name) & _ORDERED) and len(terms) > 1 and not negate
        broken = [t for t in terms if regex and (not compiles(t) or _CODE_CALL.search(t))]
        # an empty alternative (`| Name`, a table cell) matches every text: as a regular
        # expression it decides nothing, whatever the type says, so it is read as written
        vacuous = [t for t in terms if regex and empty_alternative(t)]
        if vacuous and not ordered:
            regex = False
            self.mapped(f"{shown}: {len(terms)} term(s) read as text, not regular "
                        f"expressions: {', '.join(repr(t) for t in vacuous[:3])} has an "
                        "empty alternative (a `|` first or last: a table cell), so as a "
                        "regular expression it matches every text",
                        "none needed (escape it, `\\|`, to mean the character in a regular "
                        "expression)")
        elif broken and not ordered and not field_words(name) & _WORDS[REGEX]:  # _in_order: each
            regex = False
            self.mapped(f"{shown}: {len(terms)} term(s) read as text, not regular "
                        f"expressions: {', '.join(repr(t) for t in broken[:3])} is code (as a "
                        "regular expression it does not compile, or would not match its own "
                        "text)", "none needed (write `re:` only before a regular expression)")
        least = None if negate or ordered or kind == ANY else least_of(label, len(terms))
        if least is not None:
            self._least_terms(terms, least, regex, label, shown)
            return
        if kind == ANY:
            body = "|".join(terms if regex else (re.escape(t) for t in terms))
            self.add("check", ("not:" if negate else "") + "re:" + body, shown + " (any)")
            return
        if ordered:
            self._in_order(terms, regex, shown)
            return
        prefix = ("not:" if negate else "") + ("re:" if regex else "")
        for n, term in enumerate(terms):
            self.add("check", prefix + term, f"{shown} term {n + 1}")

    def _least_terms(self, terms: list[str], least: int, regex: bool, label: str,
                     shown: str) -> None:
        """Terms whose label says at least N of them appear (runner.authoring.least_terms):
        one check for any N of them; too many choices to spell out, a statement."""
        check = least_check(terms, least, regex)
        if check is None:
            self.add("statement", f"{label.strip()} (at least {least} of: "
                     + ", ".join(terms) + ")", f"{shown} (at least {least} of its terms)")
        else:
            self.add("check", check, f"{shown} (any {least} of its {len(terms)} terms)")
        self.mapped(f"{shown}: its label says at least {least} of its {len(terms)} terms: "
                    + ("one check passing when any " + str(least) + " of them appear"
                       if check is not None else "graded as a statement (too many choices "
                       "to spell out as one check)"), "none needed")

    def _in_order(self, terms: list[str], regex: bool, shown: str) -> None:
        """Terms a type says come in order (`ordered_content`): one check that finds each
        after the one before; a term that is no regular expression is read as its text."""
        literal = [t for t in terms if not regex or not compiles(t)]
        parts = [re.escape(t) if t in literal else f"(?:{t})" for t in terms]
        self.add("check", "re:(?s)" + ".*?".join(parts), f"{shown} ({len(terms)} in order)")
        self.mapped(f"{shown}: its {len(terms)} terms must appear in this order: one check"
                    + (f"; read as text, not a regular expression: {literal}"
                       if regex and literal else ""),
                    "none needed")

    def _tool(self, value: dict[str, Any], shown: str, negate: bool = False) -> None:
        """A tool-call check: the tool named (with what its input holds), or a harness's
        regex over each call written as "Tool input" (runner.authoring.tool_names); a
        negated type (`tool_not_called`): no call may match (`!`, runner.scoring.process)."""
        tool = _tool_name(value)
        no = "!" if negate else ""
        if tool is None:
            pattern = next((value[k] for k in ("pattern", "regex") if value.get(k)), None)
            matcher = call_pattern(pattern)
            if matcher is None:
                self.refuse(f"{shown}: a tool-call check names its tool",
                            "add \"tool\": \"Read\" (the tool's name), or a \"pattern\" "
                            "(a regex over the call, its tool's name first)")
                return
            self.add("tool", no + matcher, f"{shown} (/{pattern}/ over each tool call, read "
                                           f"as {no + matcher})")
            return
        wanted = next((value[k] for k in ("input_contains", "with", "input") if value.get(k)),
                      None)
        # `{tool: Bash, pattern: "gh pr (create|merge)"}`: a regex over the named tool's input
        pattern = next((value[k] for k in ("pattern", "regex") if isinstance(value.get(k), str)
                        and value[k].strip()), None)
        if wanted is None and pattern is not None:
            wanted = "re:" + pattern
            self.mapped(f"{shown}: its `pattern` is a regular expression over the {tool} "
                        f"call's input ({tool}:re:{pattern})", "none needed")
        self.add("tool", no + (tool if wanted is None else f"{tool}:{wanted}"), shown)

    def _map_type(self, name: str, value: dict[str, Any],
                  origin: str) -> tuple[str, bool] | None:
        """An unknown type near a known one, when only one reading fits: mapped and
        reported; otherwise refused with the fix."""
        close = difflib.get_close_matches(name.lower(), [k for k in KNOWN_TYPES if k],
                                          n=1, cutoff=0.85)
        if close:
            found = KNOWN_TYPES[close[0]]
            self.mapped(f"{origin}: unknown type {name!r} read as {close[0]!r}",
                        f"write \"type\": \"{close[0]}\"")
            return found
        # a field named as a check kind holds that check's operand (`{type: security,
        # must_not_contain: ["hardcode token"]}`): the type is the author's category
        # (a key some rule reads as an operand already, `pattern`, `contains`, is no such name)
        named = [k for k in value if k.lower() in KNOWN_TYPES and KNOWN_TYPES[k.lower()][0] in
                 (LITERAL, REGEX, ANY, ALL) and k.lower() not in OBJECT_KEYS
                 and (_strings(value[k]) or isinstance(value[k], str) and value[k].strip())]
        if len(named) == 1 and not any(k in value for k in STRONG_OPERANDS if k != named[0]):
            self.mapped(f"{origin}: type {name!r} is the author's category; its field "
                        f"`{named[0]}` is the check, read as {named[0].lower()!r} on its items",
                        f"write \"type\": \"{named[0].lower()}\" with its items under "
                        "\"terms\"")
            operand = value.pop(named[0])  # read where an operand is read, never unread
            value["terms" if isinstance(operand, list) else "value"] = operand
            return KNOWN_TYPES[named[0].lower()]
        words = field_words(name)
        command = next((k for k in COMMAND_KEYS if isinstance(value.get(k), str)), None)
        verifier = verifier_command(value)
        if command is None and verifier is not None:  # `verify_cmd` beside an `expected`
            command = verifier[0]
        if command is not None:
            self.refuse(f"{origin} {_shown(value)}: a {name!r} check runs a command "
                        f"(`{command}`), which a case set cannot run",
                        "ship the command as a judge program in evals/ (\"judge\": "
                        "\"evals/judges/check.sh\", exit 0 passes): it runs in the trial's "
                        "sandbox over the working directory")
            return None
        if words & _WORDS[COUNT] and isinstance(_operand(value, LITERAL), str) \
                and any(isinstance(value.get(k), int) for k in COUNT_KEYS):
            return COUNT, False
        # `all_present` / `any_present` over a list of texts: every one (or one) of them found
        listed = next((k for k in ("value", "values", "terms", "items", "expected")
                       if _strings(value.get(k)) is not None), None)
        if listed is not None and words & _PRESENT and words & (_EVERY | _SOME) \
                and not words & (_WORDS["neg"] | _FILE_WORDS):
            kind = ALL if words & _EVERY else ANY
            value["terms"] = value.pop(listed)
            self.mapped(f"{origin}: type {name!r} over a list of texts read as "
                        f"{'contains_all' if kind == ALL else 'contains_any'}",
                        f"write \"type\": \"{'contains_all' if kind == ALL else 'contains_any'}"
                        "\" with the texts under \"terms\"")
            return kind, False
        families = {f for f in (REGEX, LITERAL, TOOL, JSON, STATEMENT) if words & _WORDS[f]}
        if not families and words & _EXCLUDING and isinstance(_operand(value, LITERAL), str):
            families = {LITERAL}  # `output_excludes: "x"`: a text that must not be there
        if not families and (_strings(value.get("patterns"))
                             or isinstance(value.get("pattern"), str)):
            families = {REGEX}  # a pattern operand says what the check is
        if not families and not any(k in value for k in STRONG_OPERANDS) and self._sentence(
                value, f"{origin}: type {name!r} has no operand: read as a statement for the "
                "grader", "write it under `expectations` (or give the operand: `value`, "
                "`pattern`)"):
            return STATEMENT, False  # a sentence and nothing to search: the grader's
        if families == {REGEX, LITERAL}:
            operand = {REGEX for k in OPERAND_KEYS[REGEX][:4] if k in value} | {
                LITERAL for k in OPERAND_KEYS[LITERAL][:6] if k in value}
            # no operand key to decide (`regex_contains: [...]`, `regex_not_contains`): the
            # name's regex word says what its items are, "contains" the relation
            families = operand if len(operand) == 1 else {REGEX} if not operand \
                else families | operand
        if families == {LITERAL} and _pattern_only(value):
            families = {REGEX}  # `content_contains` with a `pattern`: its `text` is a label
        negate = bool(words & _WORDS["neg"])
        # `{name: runs-check-freshness, type: tool_call_check, description: "Calls
        # doc-tools.sh check-freshness ..."}`: no tool named, the sentence says the call
        if families == {TOOL} and not any(k in value for k in _TOOL_OPERANDS) and self._sentence(
                value, f"{origin}: type {name!r} names no tool, only what the call does: read "
                "as a statement on the tool calls", "give the tool and its input (`tool`, "
                "`input_contains`) to check it without the grader"):
            return STATEMENT, False
        if len(families) == 1:
            (kind,) = families
            if kind == LITERAL and words & _WORDS[ANY]:
                kind = ANY
            known = {(REGEX, False): "regex", (REGEX, True): "not_regex",
                     (LITERAL, False): "contains", (LITERAL, True): "not_contains",
                     (ANY, False): "contains_any", (ANY, True): "not_contains",
                     (TOOL, False): "tool_call", (JSON, False): "json_path",
                     (STATEMENT, False): "statement"}.get((kind, negate))
            if known is not None:
                self.mapped(f"{origin}: unknown type {name!r} read as {known!r}",
                            f"write \"type\": \"{known}\"")
                return KNOWN_TYPES[known]
        if self._described_type(name, value, origin):
            return None
        readable = ", ".join(sorted(k for k in KNOWN_TYPES if k and KNOWN_TYPES[k][0]
                                    not in (STATEMENT, DESCRIBED)))
        self.refuse(f"{origin} {_shown(value)}: unknown type {name!r}",
                    f"use one of: {readable}; or a statement (`description`, no type)")
        return None

    def _sentence(self, value: dict[str, Any], said: str, fix: str) -> bool:
        """Whether the typed check's own text is a sentence for the grader (said, mapped)."""
        text = _statement_text(value)
        if text is None or not reads_as_statement(text):
            return False
        self.mapped(said, fix)
        return True

    def _described_type(self, name: str, value: dict[str, Any], origin: str) -> bool:
        """A type no rule and no program of the set implements (`min_length`, `slide_count`)
        that carries its author's own sentence for it: that sentence is what the check means,
        so it is graded as a statement (the operand beside it, `value: 200`, is the author's
        tool's business); one EV012 line per type for the set. Without a sentence: refused."""
        text = next((value[k].strip() for k in DESCRIBING_KEYS if isinstance(value.get(k), str)
                     and word_count(value[k].strip()) >= DESCRIBED_MIN_WORDS), None)
        if text is None:
            return False
        if origin in self.negated_origins:
            text = f"The run avoids this: {text}"
        self.add("statement", text, f"{origin} {{type: {name!r}}}: its description, graded")
        self.problems.tally("EV012", self.label, f"type {name!r} is no type the runner knows: "
                            "its description is graded as a statement",
                            "none needed; or write the check as a known type with its "
                            "operand, or the sentence under expectations")
        return True

