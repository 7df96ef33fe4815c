"""An input the case names is given or flagged (issue 26, rules 5 and 6).

- A case field no rule reads whose value names a file (or files) of the skill or its set
  (`input_file`, `attachments`, `context_files`, any field whose value resolves to an existing
  relative path, also where a set outside the skill points, as its `files` are found) is the
  task's input: staged as a fixture (EV012 says so), through the same
  rules as `files`, so a file of the skill itself is still refused for the baseline and an
  answer key still reported. A field named as the answer (`expected_file`, `golden`,
  `reference`) is an answer key, never staged (EV013).
- A field named as the case's fixture or attachment that holds a description of the input
  instead of a path ("a staged diff adding an API key") gives the session nothing: refused
  (EV009) with the fix.
- A prompt that works on an input it points at ("review this diff", "the attached report",
  "in my repository") while the case stages nothing and quotes nothing is missing its input:
  refused (EV009) with the fix. In other languages too ("ce runbook", "这个diff", "el
  archivo adjunto"): runner.analysis.wording_i18n.

What is no pointer: a pronoun and its verb ("This changes the logic"), a pointer whose
material is quoted after its sentence's colon ("Edit this opener: '...'"), "these notes" after
a sentence reporting them ("The drill found that ...").

Only fields no other rule read are looked at: a path under `files` is a fixture already.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from runner.analysis.wording import unquoted
from runner.analysis.wording_i18n import HELD_IN_WORDS_RE, MATERIAL_BELOW_RE, POINTED_RE
from runner.authoring import safely
from runner.authoring.answers import skill_file_reason
from runner.authoring.fields import METADATA_WORDS, PROSE_WORDS, words
from runner.authoring.problems import Problems
from runner.schema.case import EVALS_ROOT, FIXTURE_ROOT, Case

# Words in a field's name that say it holds the task's input (its path, or what it is).
INPUT_WORDS = frozenset({"fixture", "fixtures", "input", "inputs", "file", "files", "attachment",
                         "attachments", "attached", "document", "documents", "doc", "docs",
                         "upload", "uploads", "data", "dataset", "source", "sources", "path",
                         "paths", "sample", "samples", "repo", "repository", "workspace",
                         "folder", "dir", "directory", "material", "materials"})
# ...of which these name the case's workspace: one folder there is the working directory
# itself (its contents at the root), as the author's prompts then name its files (`src/x.py`).
WORKSPACE_WORDS = frozenset({"workspace", "repo", "repository", "project"})
# ...of which these say the field IS the fixture: a description there is an input not given.
FIXTURE_WORDS = frozenset({"fixture", "fixtures", "attachment", "attachments", "attached",
                           "upload", "uploads"})
# Words that say the field is the answer or the grader's, never the agent's input.
ANSWER_WORDS = frozenset({"expected", "expect", "answer", "answers", "solution", "solutions",
                          "gold", "golden", "reference", "references", "ref", "refs",
                          "oracle", "rubric",
                          "grading", "grader", "truth", "output", "outputs", "result",
                          "results"})
_PATHLIKE = re.compile(r"^(?!https?:|/|~)[\w.@+-]*\w[\w.@+-]*(?:/[\w.@+-]+)*/?$")
_FILE_NAME = re.compile(r"\w\.[A-Za-z][A-Za-z0-9]{0,7}$")
# A prompt pointing at the input it works on. Handed over ("the attached notes") or a thing
# that exists before any task ("this diff", "my repository"): any noun for the first, these
# for the second; a document or file only after a verb that reads one ("review this file"),
# since "write my report" asks for it.
# (a subordinator or a pronoun starts another clause: "brainstorm this before I commit" holds
# no commit, "commit" there is the user's verb)
_NOT_A_NAME = (r"(?!(?:a|an|the|as|to|into|in|on|for|with|and|or|of|from|is|are|that|it|"
               r"before|after|when|while|until|once|because|since|if|unless|so|i|we|you|he|"
               r"she|they|me|us|them)\b)")
# a word between the pointer and its noun: a dot only inside it ("v1.2"), never one that ends
# a sentence ("in this project. pr-report declares ..." points at no PR)
# ("this C# Web API project", "my .NET 8 service": a language's or platform's name is a word)
_SKIP = rf"(?:{_NOT_A_NAME}\.?[\w'-]+[#+]*(?:\.[\w'-]+)*\s+)"
_HANDED = re.compile(r"(?i)(?:\bthe|"
                     # ...or indefinite, right where the work takes it: "Use the skill on a
                     # provided OCR Markdown paper" ("a function that parses a provided
                     # string" names a parameter)
                     r"\b(?:on|review|summari[sz]e|analy[sz]e|read|audit)\s+an?)\s+"
                     r"(?:attached|uploaded|provided|enclosed|supplied)\s+"
                     rf"{_SKIP}{{0,2}}{_NOT_A_NAME}[\w.-]*\w"
                     # ...or marked so after it: "a new page template I wrote (attached)"
                     r"|\b[\w'-]+(?:\s+[\w'-]+){0,5}\s*\((?:attached|enclosed|uploaded|"
                     r"see\s+attached|attachment)\)")
# ...or said to be handed by the user after its noun: "the TPWRS paper PDF I provided", "the
# log file we shared", "the spreadsheet I sent you" (a definite noun, then its giver)
_GIVEN_BY_USER = re.compile(
    rf"(?i)\b(?:the|this|that|these|those)\s+{_SKIP}{{0,3}}?{_NOT_A_NAME}[\w.-]*\w\s+"
    r"(?:(?:that|which)\s+)?(?:I|we)(?:'ve|\s+have|\s+just|\s+already)?\s+(?:provided|attached|"
    r"uploaded|shared|sent(?:\s+you)?|gave\s+you|supplied|handed\s+you|enclosed)\b")
# (a thing yet to be ("our new SaaS marketing website", "my upcoming repo") is no material)
_EXISTING = re.compile(
    rf"(?i)\b(?:this|these|my|our)\s+(?!(?:new|upcoming|planned|future|next|fresh)\b)"
    rf"{_SKIP}{{0,3}}?(?:diffs?|patch|repository|repo|files|"
    r"codebase|code\s?base|website|web\s+site|pull\s+request|PR|merge\s+request|commit|branch|"
    r"(?:staged\s+)?changes|"
    r"spreadsheet|dataset|csv|pdf|screenshots?|photos?|pictures?|images?|video|recording|logs|"
    r"log\s+file|transcript|notebook|manuscript|vault|knowledge\s+base)\b"
    r"(?!-\w)"  # "this repo-wide rule", "our pr-report skill": a compound, not the noun
    # the noun as a modifier names something else: "our PR lead" (a person), "my commit
    # conventions", "our branch naming rules": not the material itself
    r"(?!\s+(?:lead|leads|team|teams|agency|agencies|manager|managers|person|people|firm|"
    r"department|director|strategy|campaign|campaigns|budget|pitch|template|templates|policy|"
    r"policies|process|workflow|guidelines|rules|conventions|naming|style|format|history\s+of)"
    r"\b)")
# A flow followed through the user's code ("tracing how webhooks flow through the system",
# "trace the request path across our services"): the code it reads is theirs, never staged.
# (how or where a thing goes, or its path: "a library that traces calls through the stack" is
# software to write)
_TRACED = re.compile(r"(?i)\btrac(?:e|es|ed|ing)\s+(?:(?:how|where)\s+[^.?!\n]{0,50}?|the\s+"
                     r"(?:[\w-]+\s+){0,3}?(?:path|flow|journey|lifecycle)\s+)"
                     r"\b(?:through|across)\s+(?:the|our|my)\s+(?:system|codebase|code\s?base|"
                     r"code|app|application|services?|backend|stack)\b")
# A project said to exist already, no case staging it ("In an existing voice-led project,
# replace b002.wav"): the user's, never the session's.
_AN_EXISTING = re.compile(r"(?i)\b(?:in|on|to|inside|within|from)\s+(?:an|the|my|our)\s+existing\s+"
                          r"(?:[\w-]+\s+){0,2}?(?:project|repo|repository|codebase|code\s?base|"
                          r"app|application|site|website|workspace|monorepo)\b")
# Material said to be in the working directory ("The repo is in the current directory"), or
# handed over with "Here is" and nothing after it ("Here is our design doc for the upload
# feature."): the user's, which no case stages unless it does.
# ("My documents are in the folder": the folder the session works in, when they are the
# user's; "the photos are in the directory after the script runs" is a check of the work)
_IN_CWD = re.compile(r"(?i)\b(?:the|our|my|this)\s+(?:[\w-]+\s+){0,2}?(?:repo|repository|"
                     r"codebase|monorepo|project|code|files?|docs?)\s+(?:is|are|lives?|sits?)\s+"
                     r"(?:in|at|under)\s+(?:the\s+)?(?:current|working|this)\s+(?:directory|"
                     r"folder|dir)\b"
                     r"|\b(?:my|our)\s+(?:[\w-]+\s+){0,2}?(?:files|documents|receipts|statements|"
                     r"invoices|photos|images|notes|papers|data)\s+(?:is|are)\s+(?:in|under)\s+"
                     r"the\s+(?:directory|folder|dir)\b(?!\s*(?:called|named)\b)")
# A document the user already has, said so ("Polish my existing PPTX presentation", "Take the
# existing PPTX file ..."), or a folder of their material ("I have a big folder of receipts");
# "the existing file" alone is as often one the work must not touch ("Don't overwrite an
# existing file"): only an office file's format names one after "the".
_MATERIAL_NOUNS = (r"receipts|files|documents|invoices|photos|images|pictures|notes|papers|"
                   r"statements|screenshots|pdfs|spreadsheets|logs|recordings|scans|contracts|"
                   r"emails|letters|csvs|transcripts")
_EXISTING_DOC = re.compile(
    r"(?i)\b(?:(?:my|our|this)\s+existing\s+(?:[\w-]+\s+){0,2}?(?:pptx|docx|xlsx|"
    r"presentation|deck|slides|document|doc|report|spreadsheet|workbook|file|draft|paper|"
    r"manuscript|notes|resume|résumé|cv|essay|article|slide\s+deck)s?"
    r"|the\s+existing\s+(?:pptx|docx|xlsx|presentation|deck|slides|spreadsheet|workbook|"
    r"slide\s+deck)s?)\b"
    # (the noun as a modifier names a kind: "the existing report format")
    r"(?!\s+(?:format|template|style|structure|layout|schema|conventions?|type)s?\b)"
    rf"|\bI(?:\s+have|['’]ve\s+got|\s+got)\s+(?:a|an)\s+(?:[\w-]+\s+){{0,2}}?(?:folder|directory|"
    rf"stack|pile|box|bunch)\s+(?:of|with|full\s+of)\s+(?:[\w-]+\s+){{0,2}}?(?:{_MATERIAL_NOUNS})\b"
    # ...or one continued from before ("Continue yesterday's strategy report")
    r"|\b(?:continue|resume|finish|pick\s+up)\s+(?:yesterday['’]s|last\s+week['’]s|the\s+previous|"
    r"my|our)\s+(?:[\w-]+\s+){0,2}?(?:report|draft|document|plan|proposal|deck|essay|chapter|"
    r"manuscript|paper|bid)\b")
def said_in_cwd(phrase: str) -> bool:
    """The pointer says its material is in the working directory (`_IN_CWD`)."""
    return _IN_CWD.search(phrase) is not None


_HERE_IS = re.compile(r"(?i)\bhere\s+(?:is|are|'s)\s+(?:our|my|the)\s+(?:[\w-]+\s+){0,3}?"
                      r"(?:design\s+doc|doc|document|spec|specification|file|files|code|diff|"
                      r"logs?|report|draft|contract|schema|config|architecture|transcript|notes)"
                      r"\b")
# The user's checkout as it is now ("the git status and diff of the current branch"): their
# working copy, which no case stages unless it builds one.
# ("a script that prints the current branch name" names what software does: only what is
# read of it, "of", "in", "on" the branch, is the checkout)
_CHECKOUT = re.compile(r"(?i)\b(?:of|in|on|from|against)\s+(?:the|my|our)\s+(?:current|working|"
                       r"checked[- ]out)\s+(?:branch|checkout|working\s+tree|repo|repository)\b")
# Where work lands, not what it reads: "merges the fixes to our main branch", "push into my
# repo". A branch, repository or pull request named after to/into/onto is the destination of
# the action the prompt describes; its content is never the material the session needs.
_DESTINATION = re.compile(r"(?i)\b(?:to|into|onto)\s+$")
_TARGET_NOUN = re.compile(r"(?i)(?:branch|repository|repo|pull\s+request|PR|merge\s+request)$")
_READ_ONE = re.compile(
    rf"(?i)\b(?:review|summari[sz]e|analy[sz]e|read|check|audit|fix|refactor|translate|"
    rf"proofread|edit|parse|convert|clean\s+up|debug|explain|rewrite|improve|shorten|simplify|"
    rf"tighten|polish|reword|rephrase|update|modify|sort|format|use|describe|verify|validate|"
    rf"optimi[sz]e|profile|benchmark|speed\s+up|humani[sz]e|revise|rework|critique|"
    rf"punch\s+up|tone\s+down"
    # a property of it the work judges: "Verify the correctness of this algorithm"
    rf"|(?:correctness|complexity|performance|security|behaviou?r|logic|output|bugs?|issues?|"
    rf"problems?|flaws?)\s+(?:of|in))\s+"
    rf"(?:this|these|my|our)\s+"
    rf"{_SKIP}{{0,3}}?(?:file|files|document|documents|doc|report|draft|paper|contract|"
    r"config|configuration|folder|directory|project|code|script|data|article|essay|text|"
    r"e-?mail|message|chapter|paragraph|story|post|letter|change|prompt|function|component|"
    r"class|module|handler|endpoint|query|schema|template|spec|slides?|deck|page|algorithm|"
    r"snippet|implementation|program|regex|method|manuscript|thesis|dissertation|novel|resume|"
    r"r\u00e9sum\u00e9|proposal|"
    # (a noun after it names something else: "this abstract class", "my book club")
    r"(?:abstract|book|cv)(?!\s+(?:class|classes|method|methods|type|types|concept|concepts|"
    r"idea|ideas|interface|interfaces|base|syntax|data|art|model|models|club|clubs|list|"
    # ("our post-signup flow": a compound, not the noun)
    r"order|orders|store|shop|reservation|keeping|pipeline|library)\b))\b(?!-\w)"
    # the user's whole code read, named with "the": "Analyze the codebase and ..."
    # (the noun the object itself: "the repo structure of facebook/react", "the repository
    # guidelines", "the repo's settings" name something else)
    r"|\b(?:review|analy[sz]e|audit|scan|read|inspect)\s+the\s+(?:whole\s+|entire\s+|"
    r"existing\s+)?(?:codebase|code\s?base|repo|repository)\b(?!['’]|\s+(?:of|at|on|from)\b|"
    r"\s+[a-z]+\s+(?:of|at|on|from|in)\b|\s+(?:structure|guidelines?|settings|rules|"
    r"conventions|layout|history|docs|documentation|readme)\b)"
    # the material as the place of the work: "Sort the imports in this file"
    # (never "in this folder": the working directory itself, which every session has)
    r"|\b(?:in|from|inside|within)\s+this\s+(?:file|document|script|spreadsheet|"
    r"notebook)\b")
# An existing checkout the prompt places at a relative folder ("The repo is at ./my-project",
# "my Python project at ./backend", "a plain workspace at ./legacy"): the session's working
# directory holds no such folder unless the case stages it. One the prompt makes ("scaffold a
# new project at ./app") is its output (_made_here).
_AT_FOLDER = re.compile(
    r"(?i)\b(?:repo|repository|project|workspace|codebase|monorepo|app|service|package)\b"
    r"[^.?!\n]{0,12}?\b(?:(?:is|lives|sits)\s+(?:(?:at|in|under)\s+)?|(?:at|in|under)\s+)"
    r"\./[\w-][\w-]*(?:\.[\w-]+)*(?:/[\w-][\w.-]*)*/?(?<!\.)")
# Material the prompt says already exists in a relative folder of the project: "The design
# discussion has already been completed and saved to research/designs/", "the specs are
# stored in docs/specs/". A passive of keeping (been / is / was ... saved) and a folder path
# (its trailing slash); the working directory holds no such folder unless the case stages it.
# ("save it to out/" asks for output: no passive.)
_SAVED_IN = re.compile(
    r"(?i)\b(?:been|is|are|was|were)\s+(?:already\s+)?(?:[\w-]+\s+and\s+)?(?:already\s+)?"
    r"(?:saved|stored|written|placed|kept|committed|checked\s+in)\s+(?:to|in|into|under|at)\s+"
    r"(?:\./)?[\w-][\w.-]*(?:/[\w-][\w.-]*)*/(?![\w-])")
# A folder of the user's project the work reads, by its relative path ("a security audit of
# the src/auth/ directory", "Review the code in src/api/ for races"): a verb of reading in the
# clause, then the path (a trailing slash, or "directory"/"folder" after it: "facebook/react"
# is a repository's name).
# One the prompt makes or writes to ("create the component in src/ui/") is its output
# (_made_here).
_READ_FOLDER = re.compile(
    r"(?i)\b(?:review\w*|audit\w*|scan\w*|analy[sz]\w*|inspect\w*|refactor\w*|check\w*|"
    r"read\w*|explor\w*|debug\w*|trac\w*|document\w*|test\w*)\b[^.?!\n]{0,40}?\b(?:in|of|"
    r"under|across|inside|within|at)\s+(?:the\s+)?`?(?:\./)?"
    r"(?:[A-Za-z_][\w-]*/(?:[\w-]+/)*(?![\w./-])|(?!(?:this|that|these|those|my|our|"
    r"your|its|their|the|an?|current|same|working|project|root|home|output|new|empty|other)\b)"
    r"[A-Za-z_][\w-]*/?(?=`?\s+(?:directory|folder|dir)\b))`?")
_MADE_HERE = re.compile(r"(?i)\b(?:new|fresh|create[sd]?|creating|scaffold\w*|init\w*|"
                        r"generate[sd]?|bootstrap\w*|write|writing|build|make|put|save|place|"
                        r"output|move)\b")


# A document to make for the project the prompt points at ("Create a CLAUDE.md for this repo.",
# "このプロジェクトの CLAUDE.md を作って。"): the project is its subject, not its input, when the
# prompt goes on to tell it in words (its stack, layout, tests: two sentences or more).
_DOC_FOR = re.compile(
    r"(?i)\b(?:create|write|draft|generate|make)\s+(?:a|an|the)?\s*[\w.-]+\.(?:md|txt|rst)\s+"
    r"(?:file\s+)?for\s+(?:this|my|our)\s+(?:repo|repository|project|codebase)\b"
    r"|(?:この|私の|うちの)プロジェクト(?:の|用の|向けの|用に)\s*[\w.-]+\.(?:md|txt)\s*を?\s*"
    r"(?:作って|作成して|書いて|作りたい)")
_SENTENCE_END = re.compile(r"[.!?](?=\s)|[。！？]")


def _project_told(own: str, match: re.Match[str]) -> bool:
    """The pointer names the project a document is written for, and the prompt tells that
    project in two sentences or more after the request."""
    doc = _DOC_FOR.search(own)
    if doc is None or not doc.start() <= match.start() < doc.end():
        return False
    rest = own[doc.end():]
    return len([p for p in _SENTENCE_END.split(rest) if len(p.strip()) >= 8]) >= 2


# What the prompt makes before it points at it: "Write a function that adds two numbers.
# Then explain this function": the pointer's noun after a verb of making, earlier.
_MAKE_VERB = (r"(?:write|create|build|generate|make|draft|design|compose|produce|implement|"
              r"scaffold)")


def _made_before(own: str, match: re.Match[str]) -> bool:
    """The pointer's noun is what an earlier request of the prompt makes."""
    noun = re.escape(match.group(0).split()[-1].lower().rstrip("s"))
    return re.search(rf"(?i)\b{_MAKE_VERB}\s+(?:me\s+)?(?:an?|the|some)\s+(?:[\w-]+\s+){{0,3}}?"
                     rf"{noun}s?\b", own[:match.start()]) is not None


def _made_here(own: str, match: re.Match[str]) -> bool:
    """The folder is where the prompt's work goes: a verb of making just before its noun."""
    return _MADE_HERE.search(own[max(0, match.start() - 20):match.end()]) is not None


# Material only a user holds, whatever the verb: "these notes", "this transcript".
_THESE_HELD = re.compile(
    rf"(?i)\b(?:this|these)\s+{_SKIP}{{0,2}}?(?:notes|meeting\s+notes|minutes|transcripts?|"
    r"prompts|recordings?|chat\s+logs?|messages|entries|records)\b")
# The material said to be there, in words: "I already have 16 prompts", "this directory
# already holds 16 images" (a number, or a few, of a material noun).
_COUNT_EN = (r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|a\s+dozen|twenty|some|"
             r"a\s+few|several|a\s+bunch\s+of|all\s+(?:the|my))")
_MATTER_EN = (r"(?:images|photos|pictures|files|notes|prompts|screenshots|documents|pdfs|csvs|"
              r"logs|drafts|transcripts|recordings|spreadsheets|raw\s+images|source\s+images)")
_HELD_IN_WORDS_EN = re.compile(
    rf"(?i)\b(?:I|we)(?:'ve|\s+have)?\s+(?:got\s+)?already\s+(?:have\s+|got\s+)?{_COUNT_EN}\s+"
    rf"(?:[\w-]+\s+){{0,2}}?{_MATTER_EN}\b"
    rf"|\b(?:I|we)\s+(?:have|'ve\s+got)\s+{_COUNT_EN}\s+(?:[\w-]+\s+){{0,2}}?{_MATTER_EN}\s+"
    r"(?:already|here|in\s+(?:this|the)\s+(?:folder|directory))\b"
    # ...or told of ("I have 4 screenshots showing the before and after"), never supposed
    # ("if I have 3 images, how do I ...")
    rf"|(?<!\bif\s)(?<!\bwhen\s)(?<!\bonce\s)\b(?:I|we)\s+(?:have|'ve\s+got)\s+{_COUNT_EN}\s+"
    rf"(?:[\w-]+\s+){{0,2}}?{_MATTER_EN}\s+(?:showing|of|from|with|that|which|taken)\b"
    # ...or the user's own edits told of, to commit or review ("I just made changes to three
    # files", "I've made some changes to the docs"): in their working copy, never staged
    r"|(?<!\bif\s)(?<!\bwhen\s)(?<!\bonce\s)(?<!\bafter\s)(?<!\bbefore\s)"
    r"\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|already\s+)?(?:made\s+(?:some\s+|a\s+few\s+|"
    r"several\s+|a\s+bunch\s+of\s+|\d+\s+)?(?:changes|edits)\b"
    rf"|(?:changed|edited|modified|updated|touched)\s+{_COUNT_EN}\s+files\b)"
    # ...or handed over in the prompt's words ("Here's one hero screenshot of the dashboard")
    rf"|\bhere(?:'s|\s+is|\s+are)\s+(?:{_COUNT_EN}|an?|one|the|my|our)\s+(?:[\w-]+\s+){{0,2}}?"
    r"(?:screenshots?|photos?|pictures?|images?|pdfs?|files?|logs?|csvs?|spreadsheets?|"
    r"documents?|transcripts?|recordings?|videos?)\b"
    r"|\b(?:this|the|my|our|current)\s+(?:current\s+)?(?:directory|folder|dir|workspace|repo)\s+"
    rf"(?:already\s+)?(?:holds|has|contains|includes)\s+(?:already\s+)?{_COUNT_EN}\s+"
    rf"(?:[\w-]+\s+){{0,2}}?{_MATTER_EN}\b")
# Material the prompt says follows it ("the transcript below", "the following notes").
_MATERIAL_EN = (r"(?:notes|text|transcripts?|passages?|articles?|e-?mails?|messages?|code|"
                r"snippets?|logs?|data|table|paragraphs?|documents?|essays?|conversations?|chats?|"
                r"threads?|excerpts?|reports?|prompts|questions|errors?|output|diffs?|stack\s+traces?|"
                r"tracebacks?|content|drafts?|reviews|feedback|comments|json|yaml|csv|sql|quer(?:y|ies))")
_BELOW_EN = re.compile(
    rf"(?i)\b(?:the|this|these)\s+(?:[\w-]+\s+){{0,2}}?{_MATERIAL_EN}\s+(?:\w+\s+)?"
    r"below\b(?!\s+(?:and|or|the|an?|\d|zero|average|freezing|it|them)\b)"
    rf"|\bthe\s+following\s+(?:[\w-]+\s+)?{_MATERIAL_EN}\b")
# What follows a pointer to be the material itself: a block after a colon, or a long text.
_AFTER_COLON = 8
_AFTER_TEXT = 200
# Material the prompt carries itself: a fenced block, several lines, or a labelled block.
_FENCE = re.compile(r"```|~~~|:\s*\n\s*\S")
MATERIAL_LINES = 4
# Material given after the pointer: a colon within its clause, then text ("review this diff:
# +a -b"); kinds.py reads a file kind's pointer the same way.
GIVEN_AFTER = re.compile(r"[^.?!\n:：。？！]{0,30}[:：]\s*\S")
# A project's content is never a web page's address: after "这个 Vue 项目，地址：https://..." the
# link is another thing to read (a design page), the project still the user's to hand over.
_PROJECT_POINTER = re.compile(r"(?i)(?:project|code\s?base|repo(?:sitory)?|项目|項目|专案|專案|"
                              r"仓库|倉庫|代码库|代碼庫)$")
_LINK_AFTER = re.compile(r"[^.?!\n:：。？！]{0,30}[:：]\s*https?://(?!(?:www\.)?(?:github|gitlab)\.)")


def _given_after(own: str, match: re.Match[str]) -> bool:
    """The material follows the pointer after a colon ("review this diff: +a -b")."""
    return GIVEN_AFTER.match(own, match.end()) is not None and not (
        _PROJECT_POINTER.search(match.group(0)) and _LINK_AFTER.match(own, match.end()))


@dataclass(frozen=True)
class SetFolders:
    """Where a case's relative paths are looked up: the skill, its evals/ and the set's own
    folder; `ending_with` finds the one skill file a shorter path ends."""

    skill_dir: Path
    set_folder: PurePosixPath | None
    ending_with: Callable[[str], list[str]]
    set_dir: Path | None = None  # the set's own folder, wherever it is
    # a set outside the skill: the file its relative path names where the set's paths start
    # (its folder, the folders above, the repository root), as `files` entries are found
    away: Callable[[str], Path | None] | None = None

    def exact(self, path: str) -> bool:
        bases = [PurePosixPath("."), EVALS_ROOT, FIXTURE_ROOT,
                 *([self.set_folder] if self.set_folder else [])]
        return any(safely.exists(self.skill_dir / base / path) for base in bases) \
            or (self.away is not None and self.away(path) is not None)


def _paths(value: Any) -> list[str] | None:
    """The value as relative paths (one, or a list of them), else None."""
    values = [value] if isinstance(value, str) else value if isinstance(value, list) else None
    if not values or not all(isinstance(v, str) and _PATHLIKE.match(v.strip())
                             and ".." not in PurePosixPath(v.strip()).parts for v in values):
        return None
    return [v.strip() for v in values]


# A path on the author's own machine: a Windows drive, a home folder (one line, no spaces
# before the path starts).
_AUTHORS_MACHINE = re.compile(r"^(?:[A-Za-z]:[\\/]|\\\\|/(?:home|Users)/[^/\s]+/|~/)\S")
# The folder beside a set that holds its fixtures, one folder per named fixture.
_FIXTURE_FOLDER = "fixtures"


def fixture_homes(folders: SetFolders, name: str) -> list[str]:
    """The folders of the set's folder holding `name` (`fixtures/repo-a`, `replays/sfe10`),
    as paths from it: where a bare fixture name can be its authors' input. Hidden folders and
    the set's own runs are the authors' tooling's."""
    base = folders.set_dir if folders.set_dir is not None \
        else folders.skill_dir / EVALS_ROOT
    try:
        subfolders = sorted(d for d in base.iterdir() if d.is_dir()
                            and not d.name.startswith((".", "_")) and not d.is_symlink())
    except OSError:
        return []
    return [f"{d.name}/{name}" for d in subfolders
            if safely.exists(d / name) and folders.exact(f"{d.name}/{name}")]


def home_of(homes: list[str], prompt: str) -> tuple[str, str] | None:
    """Of the folders holding a bare fixture name (`fixtures/s1`, `replays/s1`, as paths from
    the set's folder or the skill's), the one the case means, with why: the one whose file the
    prompt names by its path (`... against evals/replays/s1/world.yaml`; a folder the prompt
    names as where to write, `evals/runs/s1/`, names no file of it), else the set's
    conventional `fixtures/` one, else the only one; None when that leaves a choice."""
    if len(homes) == 1:
        return homes[0], f"a folder of the set's {PurePosixPath(homes[0]).parent.name}/"
    tails = {h: "/".join(PurePosixPath(h).parts[-2:]) for h in homes}
    named = [h for h in homes
             if re.search(rf"(?<![\w.-]){re.escape(tails[h])}/[\w.-]*\w\.\w+", prompt)]
    shown = ", ".join(homes[:5])
    if len(named) == 1:
        return named[0], f"the one of {shown} whose file the prompt names"
    conventional = [h for h in homes if PurePosixPath(h).parent.name == _FIXTURE_FOLDER]
    return (conventional[0], f"the one of {shown} in the set's {_FIXTURE_FOLDER}/") \
        if not named and len(conventional) == 1 else None


def _skill_file_by_name(skill_dir: Path, name: str) -> str | None:
    """Why a bare file name a field gives (`sub_documents: [dpop.md]`) is the skill under test:
    the one file of the skill of that name (outside evals/) is one its SKILL.md names; None
    otherwise. Found by its name, it would reach the session as the skill's own text."""
    if "/" in name.strip("/"):
        return None
    try:
        found = [p for p in skill_dir.rglob(name) if p.is_file() and not p.is_symlink()
                 and p.relative_to(skill_dir).parts[:1] != (str(EVALS_ROOT),)]
    except (OSError, ValueError):
        return None
    return skill_file_reason(skill_dir, found[0].relative_to(skill_dir).as_posix()) \
        if len(found) == 1 else None


def _already_staged(name: str, files: list[str]) -> str | None:
    """The `files` entry whose last part is `name` (`fixture: repo-a` beside
    `files: ["../x/fixtures/repo-a/"]`): the field names the input the case already stages."""
    if "/" in name.rstrip("/"):
        return None
    return next((f for f in files if PurePosixPath(f).name == name.rstrip("/")), None)


def _resolves(folders: SetFolders, path: str, named_input: bool) -> bool:
    if named_input:  # a file or a folder, and a name only (`data.csv`) where it is unique
        return folders.exact(path) or len(folders.ending_with(path.rstrip("/"))) == 1
    # any other field: a file's path as written, so a label (`scripts`) is never a fixture
    return bool(_FILE_NAME.search(path)) and folders.exact(path)


def staged_fields(case: Case, folders: SetFolders, problems: Problems) -> Case:
    """The case with every unread field naming files of the skill moved to its fixtures;
    described-but-not-given fixtures refused, answer fields reported."""
    extra = dict(case.extra)
    files = list(case.files)
    roots = list(case.root_fixtures)
    loads: list[str] = []  # tool calls naming a file of the skill an expected_<x> names
    for key in sorted(extra):
        named = words(key)
        value = extra[key]
        paths = _paths(value)
        named_input = bool(named & (INPUT_WORDS | WORKSPACE_WORDS))
        found = paths is not None and all(_resolves(folders, p, named_input) for p in paths)
        if named & (ANSWER_WORDS | PROSE_WORDS | METADATA_WORDS):
            own = [p for p in paths or [] if skill_file_reason(folders.skill_dir, p)]
            if found and named & ANSWER_WORDS and paths and len(own) == len(paths) \
                    and isinstance(value, str):
                # `expected_protocol: protocols/solo.md`, a file of the skill under test: what
                # the skill is expected to load, never an answer key the work is graded on
                extra.pop(key)
                loads += [f"*:{p}" for p in own if f"*:{p}" not in loads]
                problems.report("EV012", case.id, f"`{key}` names {', '.join(own)}, a file of "
                                "the skill under test: read as the skill loading it (a tool "
                                "call naming it), not an answer key", "none needed (or write "
                                f"it under tool_calls: \"*:{own[0]}\")")
                continue
            if found and named & ANSWER_WORDS:
                problems.report("EV013", case.id, f"`{key}` names {', '.join(paths or [])}: "
                                "read as the answer the work is graded against, never staged",
                                "keep answers out of the agent's directory (a judge program in "
                                "evals/ can read them); list inputs under `files`")
            continue
        if found and paths:
            own = [r for p in paths if (r := skill_file_reason(folders.skill_dir, p)
                                        or _skill_file_by_name(folders.skill_dir, p))]
            if own:  # from a field, never: only `files` says the skill is the input (refused)
                problems.report("EV012", case.id, f"`{key}`: {own[0]}: not staged, the "
                                "baseline arm must not have the skill", "stage an input the "
                                "task works on under `files`, never the skill")
                continue
            extra.pop(key)
            files += [p for p in paths if p not in files]
            if named & WORKSPACE_WORDS and len(paths) == 1:  # a folder: caseset checks
                roots.append(paths[0])
            problems.report("EV012", case.id, f"`{key}` names {', '.join(paths)}, in the "
                            "skill or where its set's paths point: staged as the case's input",
                            f"list {paths[0]!r} under `files`")
        elif named & INPUT_WORDS and isinstance(value, str) \
                and _AUTHORS_MACHINE.match(value.strip()):
            # `input: C:\Users\me\...\session.jsonl`: the file the case works on, on the
            # author's machine: no session has it, so the case cannot run (left out)
            extra.pop(key)
            problems.cannot_run("EV009", case.id, f"`{key}` names {value.strip()[:80]!r}, a "
                                "path on its author's machine that no session has",
                                "copy the file into the skill (evals/files/) and list it in "
                                "`files`")
        elif named & FIXTURE_WORDS and isinstance(value, str) and value.strip() \
                and (same := _already_staged(value.strip(), files)) is not None:
            extra.pop(key)
            problems.report("EV012", case.id, f"`{key}` names {value.strip()!r}, the folder "
                            f"its files entry {same!r} stages: the same input, staged once",
                            "none needed (or drop the field)")
        elif named & FIXTURE_WORDS and isinstance(value, str) and value.strip() \
                and paths is not None and len(paths) == 1 and "/" not in paths[0].rstrip("/") \
                and (homes := fixture_homes(folders, paths[0].rstrip("/"))):
            # a bare name of a folder of the set's (`fixture: repo-a` beside fixtures/repo-a/,
            # `fixture: sfe10` beside replays/sfe10/)
            picked = home_of(homes, case.prompt)
            if picked is None:
                problems.refuse("EV009", case.id, f"`{key}` names {paths[0]!r}, which "
                                f"{len(homes)} folders of the set hold ({', '.join(homes)}), "
                                "and the prompt names a file of none of them: which is the "
                                "input is the author's to say", f"list the one to stage under "
                                f"`files` (e.g. \"files\": [{homes[0]!r}])")
                continue
            chosen, where = picked
            extra.pop(key)
            files.append(chosen)
            problems.report("EV012", case.id, f"`{key}` names {paths[0]!r}, {where}: "
                            f"{chosen!r} staged as the case's input",
                            f"list {chosen!r} under `files`")
        elif named & FIXTURE_WORDS and isinstance(value, str) and value.strip():
            shown = value.strip()[:80]
            beside = paths is not None and folders.set_dir is not None and all(
                safely.exists(folders.set_dir / p) for p in paths)
            what = ("names a path beside the set, outside the skill folder, which is all a "
                    "session is given" if beside else "names a path that is not in the skill"
                    if paths is not None else "describes the input instead of giving it")
            problems.refuse("EV009", case.id, f"`{key}` {what} ({shown!r}): the session would "
                            "not have it", "put the input under evals/files/ and name its path "
                            "in `files` (or give it inline: \"files\": [{\"path\": ..., "
                            "\"content\": ...}])")
    if files == list(case.files) and not loads:
        return case
    return case.model_copy(update={"files": tuple(files), "extra": extra,
                                   "root_fixtures": tuple(roots),
                                   "tool_calls": (*case.tool_calls, *loads)})


def pointed_inputs(case: Case) -> list[str]:
    """What the prompt works on but the case neither stages nor carries ("this diff"); a
    case whose setup builds its working directory (`git init`, a seed commit) supplies it."""
    if case.files or case.inline_files or case.chain or case.setup_run or \
            _FENCE.search(case.prompt) or \
            sum(bool(line.strip()) for line in case.prompt.splitlines()) >= MATERIAL_LINES:
        return []
    own = unquoted(case.prompt)
    # "review this diff: +a -b": the material follows the words pointing at it
    found = [m.group(0) for pattern in (_HANDED, _GIVEN_BY_USER, _EXISTING, _READ_ONE,
                                        POINTED_RE, _TRACED, _AN_EXISTING, _CHECKOUT, _IN_CWD,
                                        _HERE_IS, _EXISTING_DOC)
             for m in pattern.finditer(own) if not _given_after(own, m)
             and not _destination(own, m) and not _pronoun_and_verb(own, m)
             and not _changes_a_verb(own, m)
             and not _modifies_a_subject(own, m)
             and not quoted_after_colon(case.prompt, m.group(0))
             and not (pattern is _HANDED and _said_in_words(case.prompt, m))
             and not change_told(own, m)
             and not _material_below(own, m)
             and not _made_before(own, m)
             and not _titled_work(case.prompt, m)
             and not _a_parameter(own, m)
             and not _given_earlier(own, m)
             and not _scope_of_a_setting(own, m)
             and not _a_kind(own, m)]
    found += [m.group(0) for m in _AT_FOLDER.finditer(own) if not _made_here(own, m)]
    found += [m.group(0) for m in _READ_FOLDER.finditer(own) if not _made_here(own, m)]
    found += [m.group(0) for m in _SAVED_IN.finditer(own)]
    # "Create a CLAUDE.md for this repo. It is a FastAPI API ...": the project told in words
    found = [f for f in found if not any(_project_told(own, m) for pattern
                                         in (_EXISTING, POINTED_RE) for m in pattern.finditer(own)
                                         if m.group(0) == f)]
    # "our repo already uses Cypress": the setting told, released only when nothing else
    # in the prompt points at existing material to work on
    background = [m.group(0) for m in _EXISTING.finditer(own) if background_subject(own, m.end())]
    if background and len(background) == len(found) and not _WORKS_ON_EXISTING.search(own) \
            and not _BACK_REFERENCE.search(own) and not _criteria_need(case, background):
        found = [f for f in found if f not in background]
    # handed over in words: "these notes", "I already have 16 prompts", "the text below"
    found += [m.group(0) for pattern in (_THESE_HELD, _HELD_IN_WORDS_EN, HELD_IN_WORDS_RE,
                                         _BELOW_EN, MATERIAL_BELOW_RE)
              for m in pattern.finditer(own) if not _material_after(own, m.end())
              # (only a pointer marked below: "these notes" then a paragraph of how to
              # summarise them hands nothing over)
              and not _material_below(own, m, text_pointer=False)
              and not quoted_after_colon(case.prompt, m.group(0))
              and not _reported_before(own, m)
              and not _labelled_later(case.prompt, m.group(0))]
    return list(dict.fromkeys(" ".join(f.split()) for f in found))


# A published work named by its title ("《三体》这本书讲了什么"): the model may know it, so
# "this book" is no material the user holds back. Nor is the piece the prompt asks to write
# ("写一篇关于 AI 的文章，这篇文章需要三个部分") or asks how to write ("这篇论文的摘要应该怎么写").
_TITLE = re.compile(r"《[^》\n]{1,40}》")
_BOOK_POINTER = re.compile(r"^(?:这本|這本|这篇|這篇)")
_WRITES_ONE = re.compile(r"(?<![改重缩縮续續编編仿校])(?:写|寫|撰写|撰寫|创作|創作|起草)"
                         r"[^。！？\n]{0,6}?[一两兩几幾]\s*[篇本]"
                         # "写这篇笔记" (the piece to write), never a rewrite of it (改写,
                         # 重写, 缩写) nor writing about it ("写这篇论文的审稿意见")
                         r"|(?<![改重缩縮续續编編仿校])(?:写|寫|撰写|撰寫|创作|創作|起草)\s*"
                         r"(?:这篇|這篇)(?![^，。！？\n]{0,8}的)"
                         r"|怎么写|怎麼寫|如何写|如何寫|怎样写|怎樣寫|写法|寫法")


# The project named as where a setting applies, not material to work on: "a key that takes
# effect only in this project" ("只在这个项目里生效"), "scoped to this repo", "for this project
# only": the answer says how to configure it, whatever the project holds.
_SCOPE_BEFORE = re.compile(r"(?i)(?:\b(?:only|just)\s+(?:in|for|within|to)|\bscoped\s+to|"
                           r"\bappl(?:y|ies)\s+(?:only\s+)?to)\s*$")
_SCOPE_AFTER = re.compile(r"\s*(?:里|裡|中|内|內)?\s*(?:才)?(?:生效|有效|起作用|适用|適用)"
                          # ...or a rule laid on it from now on ("这个仓库以后一律用 pnpm"), never
                          # a question of what it uses ("统一用的是什么", "统一使用 ESLint 吗")
                          r"|\s*(?:(?:以后|以後|今后|今後|从现在起|從現在起|从今以后)\s*"
                          r"(?:一律|统一|統一|全部|都)?|一律|统一|統一)\s*"
                          r"(?:用|使用|采用|採用|走|改用)(?!了|的)(?![^。？?！!\n，,；;]*[吗嗎？?])")
# ...or "for this project only": a preposition before, "only" after ("Audit this paragraph
# only" limits the work to the material, which it still needs)
_PLACE_BEFORE = re.compile(r"(?i)\b(?:for|in|to|within)\s*$")
_ONLY_AFTER = re.compile(r"(?i)\s+only\b")
# The English forms name a setting in their sentence ("a key that applies only to this repo"):
# "Find the bugs in this repo only" limits work that still needs the repository.
# (a word for what the work finds, "secrets", "keys", names no setting)
_SETTING = re.compile(r"(?i)\b(?:rules?|config\w*|settings?|hooks?|alias\w*|"
                      r"env(?:ironment)?\s+var\w*|variables?|works?|appl(?:y|ies)|"
                      r"enabled?|set\s+up|configure\w*|take\s+effect|scoped)\b")
_SENTENCE_AROUND = re.compile(r"[^.!?\n。！？]*$")


def _scope_of_a_setting(own: str, match: re.Match[str]) -> bool:
    if _SCOPE_AFTER.match(own, match.end()) is not None:
        return True
    english = _SCOPE_BEFORE.search(own, max(0, match.start() - 20), match.start()) is not None \
        or (_PLACE_BEFORE.search(own, max(0, match.start() - 10), match.start()) is not None
            and _ONLY_AFTER.match(own, match.end()) is not None)
    if not english:
        return False
    start = _SENTENCE_AROUND.search(own, 0, match.start())
    sentence = own[start.start() if start else 0:match.end() + 60]
    return _SETTING.search(sentence) is not None


# "这个文案风格适合什么品牌": 这个 (this kind of) before a noun and its style, format or
# template asks about a kind, no material; "这份报告格式不对" (this report's format) is the
# report's.
_A_KIND = re.compile(r"^(?:这个|這個|这种|這種|这类|這類)")
_KIND_AFTER = re.compile(r"(?:风格|風格|格式|模板|类型|類型)")


def _a_kind(own: str, match: re.Match[str]) -> bool:
    return _A_KIND.match(match.group(0)) is not None \
        and _KIND_AFTER.match(own, match.end()) is not None


def _titled_work(prompt: str, match: re.Match[str]) -> bool:
    return _BOOK_POINTER.match(match.group(0)) is not None and (
        _TITLE.search(prompt) is not None or _WRITES_ONE.search(prompt) is not None)


# A parameter of software to write, never material ("a CLI tool that runs on a provided
# directory path"): the noun a value's, or the sentence about code.
_PARAMETER_NOUN = re.compile(r"(?i)\b(?:path|paths|string|strings|list|lists|key|keys|value|"
                             r"values|argument|arguments|url|urls|number|numbers|id|ids|input|"
                             r"inputs|directory|folder)$")
_CODE_BEFORE = re.compile(r"(?i)\b(?:function|tool|cli|script|method|program|api|class|"
                          r"endpoint|command|utility|library)\b[^.!?\n]*$")


def _a_parameter(own: str, match: re.Match[str]) -> bool:
    """An indefinite handed noun ("on a provided X") that names a value software takes."""
    found = match.group(0)
    if not re.match(r"(?i)(?:on|review|summari[sz]e|analy[sz]e|read|audit)\s+an?\s", found):
        return False
    return _PARAMETER_NOUN.search(found) is not None \
        or _CODE_BEFORE.search(own[:match.start()]) is not None


# "the example I provided" after the example itself ("Here is an example: ...", a quote, or
# "above"): handed over in the prompt.
_PRESENTED_BEFORE = re.compile(r"(?i)\bhere\s+(?:is|are|'s)\b|:\s*[\"'“「『\n]")
_SAID_WHERE = re.compile(r"(?i)^\s*(?:above|earlier|below|here|in\s+this\s+(?:message|prompt))\b")


def _given_earlier(own: str, match: re.Match[str]) -> bool:
    return _GIVEN_BY_USER.fullmatch(match.group(0)) is not None and (
        _PRESENTED_BEFORE.search(own[:match.start()]) is not None
        or _SAID_WHERE.match(own[match.end():]) is not None)


# What the handed material says, told right after the pointer: "the supplied research
# identifies one audience ...", "the supplied export says the subscription expired".
_TOLD = re.compile(r"\s*(?:also\s+)?(?:says|said|states|shows|identifies|lists|contains|"
                   r"includes|records|reports|notes|has|have|is|are|gives|describes|indicates|"
                   r"confirms|needs|covers|can|cannot|only)\b", re.IGNORECASE)
_DATUM = re.compile(r"\d[\d,.:%/-]*|[\"'‘“«「][^\"'’”»」\n]{2,}[\"'’”»」]")


def _said_in_words(prompt: str, match: re.Match[str]) -> bool:
    """What "the supplied counts" points at is in the prompt itself: a scenario that states
    its material around the pointer (200 characters or more holding data: "800 complete step
    1; ... report conversion from the supplied counts"), a pointer the prompt goes on to tell
    the content of ("the supplied export says ..."), or a quote right after it ("the supplied
    original is '...'"). `prompt` as written (the match is from its unquoted form, where a
    quote is one space)."""
    at = prompt.find(match.group(0))
    if at < 0:
        return False
    after = prompt[at + len(match.group(0)):]
    # the pointer's words may run on into the verb ("the provided export says Acme")
    words = match.group(0).split()[2:]
    # (its last word a verb only when the content follows: "the provided paper notes." ends
    # with the noun, "the provided export notes that ..." tells)
    told = any(_TOLD.fullmatch(w) for w in words[1:-1]) or len(words) > 1 and bool(
        _TOLD.fullmatch(words[-1])) and re.match(r"\s+[\w\"'‘“«「]", after) is not None
    if told or _TOLD.match(after) \
            or re.match(r"[^.?!\n]{0,40}?[\"'‘“«「]", after):
        return True
    around = prompt[:at] + after
    return len(around.strip()) >= _AFTER_TEXT and len(_DATUM.findall(around)) >= 2


# The setting a prompt tells before its request ("Our repo already uses Cypress", "this repo
# has devpilot.reviewProject configured", "my package.json has react 17", "the README.md
# says ..."): the pointer (or a file) is the subject of a verb of state, so it describes the
# situation the agent answers about, not the object of the work asked. A verb of state right
# after it, an adverb between at most; never a passive of work ("is broken", "has to be fixed").
STATIVE_AFTER = re.compile(
    r"[`'\"]?\s+(?:(?:already|still|currently|now|also|only|just|actually)\s+)?"
    r"(?:has|have|had|uses|used|is\s+(?:on|using|built|written|set\s+up|configured|a|an)|"
    r"are\s+(?:on|using|built|written|set\s+up|configured)|runs\s+on|targets|contains|"
    r"includes|depends\s+on|relies\s+on|pins|lists|says|said|shows|reads|declares|"
    r"specifies|mentions|points\s+to|lives|sits|ships)\b(?!\s+(?:to|been)\b)")
# ...released only when the prompt points at no existing material to work on besides
# ("This existing repo has no docs. Plan pagination for the existing product-list API").
_WORKS_ON_EXISTING = re.compile(r"(?i)\bthe\s+(?:existing|current)\s+(?!(?:best|state\s+of)\b)")


# ...nor when a request refers back to it ("Our repo has grown a pile of AGENTS.md files.
# Audit them"): the setting is then the object of the work.
_BACK_REFERENCE = re.compile(
    r"(?i)(?:^|[.!?;:]\s+|\b(?:and|then)\s+)(?:please\s+)?(?:audit|review|check|scan|read|"
    r"fix|clean|refactor|analy[sz]e|inspect|summari[sz]e|update|edit|explore|document|"
    r"consolidate|give)\s+(?:it|them|these|those|that|this)\b")


def _criteria_need(case: Case, pointers: list[str]) -> bool:
    """A criterion names the pointed material ("findable in the repo", "the repository's
    tooling") or a file the prompt names (its committed `scripts/gate.sh`): the work needs it."""
    said = " ".join([case.expected_output, *case.statements, *case.assertions]).lower()
    nouns = {p.split()[-1].lower() for p in pointers}
    files = {m.group(1).lower() for m in _FILE_WORD_ANY.finditer(case.prompt)}
    return any(re.search(rf"\b{re.escape(n)}", said) for n in nouns) or \
        any(f in said for f in files)


_FILE_WORD_ANY = re.compile(r"(?<![\w/.-])((?:[\w-]+/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5})(?![\w/-])")


# A change the prompt goes on to describe ("Review this diff. The change adds
# `user.name.toLowerCase()` without a null check ...", "this 5-line diff that renames x to
# userCount", "the changes on this branch? It adds an integration ..."): the diff is handed
# over in words, as "the supplied export says ..." is, and the review judges what is told.
_CHANGE_NOUN = re.compile(r"(?i)(?:diffs?|patch|PR|pull\s+request|merge\s+request|commit|"
                          r"changes|branch|changeset)$")
_CHANGE_VERB = (r"(?:adds|removes|renames|changes|introduces|modifies|replaces|deletes|moves|"
                r"touches|bumps|drops|refactors|rewrites|has|contains|includes)\b")
_TOLD_RELATIVE = re.compile(rf"(?i)\s*,?\s*(?:that|which)\s+(?:only\s+|just\s+)?{_CHANGE_VERB}")
_TOLD_NEXT = re.compile(
    rf"(?i)\s*(?:the|this|that|it|its)\s*(?:(?:change|diff|patch|PR|pull\s+request|commit|"
    rf"changeset|branch)\s+)?(?:only\s+|just\s+|also\s+)?{_CHANGE_VERB}")


# The same told as the pointer's predicate in Chinese: "这个 PR 仅修改文档和注释" (this PR only
# changes docs and comments), "这次提交新增了 ..."
_CHANGE_NOUN_ZH = re.compile(r"(?:PR|MR|diff|提交|改动|变更|补丁|分支)\s*$", re.IGNORECASE)
_TOLD_ZH = re.compile(r"\s*(?:仅|只|只是|主要|也)?(?:修改|改动|改了|新增|增加|删除|删掉|移除|"
                      r"重命名|替换|包含|涉及|更新|调整)")


def change_told(own: str, match: re.Match[str]) -> bool:
    """The pointer names a change and the prompt describes it right after: in a relative
    clause, or in the sentence that follows."""
    if _CHANGE_NOUN_ZH.search(match.group(0)) and _TOLD_ZH.match(own, match.end()):
        return True
    if not _CHANGE_NOUN.search(match.group(0)):
        return False
    if _TOLD_RELATIVE.match(own, match.end()):
        return True
    stop = re.compile(r"[.!?]\s").search(own, match.end())
    return stop is not None and _TOLD_NEXT.match(own, stop.end()) is not None


# "只审核下面这份文档 ... \n\n# 测试结论\n..." (the document below), "review the following
# report. ...\n\n<the report>": a pointer marked as below, with a paragraph after it.
_BELOW_WORDS = r"下面|下方|以下|如下|\bbelow\b|\bfollowing\b"
_BELOW_MARK = re.compile(rf"(?i)(?:{_BELOW_WORDS})\s*$")
_LATER_PARAGRAPH = re.compile(r"\n[ \t]*\n(?P<text>.*)", re.DOTALL)
# A pointer to a text a user pastes ("this paragraph", "this release note"): the next
# paragraph is it.
_A_TEXT = re.compile(r"(?i)\b(?:paragraphs?|sentences?|text|passage|note|notes|draft|e-?mail|"
                     r"message|copy|update|instructions?|post|bio|summary|abstract|excerpt|"
                     r"snippet|quote|blurb|caption|headline|tweet|reply)$")


def _material_below(own: str, match: re.Match[str], text_pointer: bool = True) -> bool:
    """The material the pointer speaks of is a later paragraph of the prompt: one it marks
    ("the text below"), or any for a pointer to a text ("Rewrite this paragraph ... Return
    only the revised paragraph.", a blank line, the paragraph)."""
    below = _BELOW_MARK.search(own, 0, match.start()) is not None or \
        re.search(rf"(?i){_BELOW_WORDS}", match.group(0)) is not None
    marked = below or text_pointer and _A_TEXT.search(match.group(0)) is not None
    later = _LATER_PARAGRAPH.search(own, match.end()) if marked or not text_pointer else None
    if later is None or len("".join(later.group("text").split())) < _AFTER_COLON:
        return False
    # a pointer not marked below hands over a later paragraph only when it is no instruction
    # on the work ("Summarise these notes.\n\nKeep it under 100 words ..." gives no notes)
    return below or _INSTRUCTION.match(later.group("text")) is None


# A paragraph opening with an instruction on the work, not the material itself.
_INSTRUCTION = re.compile(r"(?i)\s*(?:please\s+)?(?:keep|use|make\s+sure|ensure|return|don't|"
                          r"do\s+not|never|always|be|write|format|limit|avoid|include|focus|"
                          r"output|respond|answer|add|start|end|reply)\b")


def pasted_below(prompt: str, pointer: str) -> bool:
    """A pointer to a text ("Rewrite this paragraph") whose text is a later paragraph of the
    prompt, after a blank line: the material is the prompt's own."""
    if _A_TEXT.search(pointer.rstrip(" .,;:!?")) is None:
        return False
    at = prompt.find(pointer)
    later = _LATER_PARAGRAPH.search(prompt, at + len(pointer)) if at >= 0 else None
    return later is not None and len("".join(later.group("text").split())) >= _AFTER_COLON


def background_subject(own: str, end: int) -> bool:
    """The words ending at `end` are the subject of a verb of state: the setting told."""
    return STATIVE_AFTER.match(own, end) is not None


# "This changes the validation logic": a pronoun subject and a verb, not a pointer and its
# noun. A noun that is also a verb ("changes", "commits", "patches", "logs") is the verb when
# the demonstrative stands right before it and a determiner opens its object right after.
_PRONOUN_VERB = re.compile(r"(?i)(?:this|that|it)\s+\w+s$")
# ... as the subject it opens a clause ("Review this changes the ..." keeps its object)
_CLAUSE_START = re.compile(r"(?:^|[.!?;:]\s+|,\s+(?:and|but|so)?\s*|\b(?:and|but|so)\s+)$")
_OBJECT_AFTER = re.compile(r"(?i)\s+(?:the|an?|its|our|my|your|their|his|her|this|that|these|"
                           r"those|every|all|some|each)\b")


# The pointed noun modifying the head of a subject: "My screenshot call is failing", "our
# repo mirror keeps lagging": one more word, then the subject's verb. The head (a call, a
# mirror) is what the sentence is about, not the material the noun would name; an adverb
# ("this repo still has") is no head, and a head that is itself material ("my screenshot
# file is broken", "this dataset export has ...") still points at material.
_HEAD_THEN_VERB = re.compile(
    r"\s+(?P<head>[a-z][\w-]*)\s+(?:is|are|was|were|keeps|kept|isn't|aren't|wasn't|doesn't|"
    r"don't|didn't|fails|failed|returns|returned|throws|threw|errors|errored|times\s+out|"
    r"hangs|hung|breaks|broke)\b")
_NOT_A_HEAD = re.compile(
    r"(?:\w+ly|still|also|already|now|just|only|then|never|always|again|here|there|itself|"
    r"file|files|image|images|folder|directory|document|documents|doc|docs|report|data|"
    r"export|dump|output|copy|version|contents?|text|diff|patch|log|logs)$")


def _modifies_a_subject(own: str, match: re.Match[str]) -> bool:
    """The pointer's noun modifies the head of a sentence's subject (see _HEAD_THEN_VERB)."""
    found = _HEAD_THEN_VERB.match(own, match.end())
    return found is not None and _NOT_A_HEAD.fullmatch(found.group("head")) is None


# "changes" after the subject it belongs to is that subject's verb, not the noun of a change
# set: "This release only changes a feature flag default", "users say our React app changes
# routes but ...". Read by the grammar around it: an adverb before it (a noun takes none), or
# a clause opening on the pointer with the verb's object after it (a determiner, or a bare
# plural closing its clause); "Review our app changes the team made" opens no clause.
_VERB_ADVERB = re.compile(r"(?i)\b(?:\w+ly|only|just|also|never|still|always|even|often|"
                          r"sometimes|mostly|merely|barely)\s+changes$")
_SAID_CLAUSE = re.compile(r"(?i)\b(?:say|says|said|report|reports|reported|notice|noticed|"
                          r"complain|complained|tells?\s+(?:me|us)|told\s+(?:me|us)|that|when|"
                          r"whenever|because|since|if)\s+$")
_BARE_OBJECT = re.compile(r"(?i)\s+[a-z][\w-]*s\b(?=\s*(?:[,.;!?]|$|\s+(?:but|and|yet|so|when|"
                          r"while|without|whenever)\b))")


def _changes_a_verb(own: str, match: re.Match[str]) -> bool:
    """The pointer's last word "changes" is its subject's verb (see _VERB_ADVERB)."""
    text = " ".join(match.group(0).split())
    if not text.lower().endswith(" changes") or len(text.split()) < 3 \
            or text.lower().endswith("staged changes"):
        return False
    if _VERB_ADVERB.search(text):
        return True
    opens = _CLAUSE_START.search(own, 0, match.start()) is not None \
        or _SAID_CLAUSE.search(own, 0, match.start()) is not None
    return opens and (_OBJECT_AFTER.match(own, match.end()) is not None
                      or _BARE_OBJECT.match(own, match.end()) is not None)


def _pronoun_and_verb(own: str, match: re.Match[str]) -> bool:
    """The pointer is a pronoun subject followed by its verb (see _PRONOUN_VERB)."""
    return _PRONOUN_VERB.fullmatch(" ".join(match.group(0).split())) is not None and \
        _OBJECT_AFTER.match(own, match.end()) is not None and \
        _CLAUSE_START.search(own, 0, match.start()) is not None


# The sentence that points at the material ends in a colon and the material follows, quoted
# or as data: "Edit this cold email opener: 'I hope ...'", "From these meeting notes, create
# the commitments ...: (1) 'Mina will ...'", "rename a column in this CSV header and return
# it: CustomerID,Name,Email". Read on the prompt as written (its quotes are the material); a
# dot inside a word ("a Word (.docx) memo") ends no sentence.
_TO_COLON = re.compile(r"(?:[^.?!\n:：。？！]|\.(?=[\w)]))*[:：]")
_QUOTE_OPENS = re.compile(r"\s*(?:\(?\d{1,2}[.)]\s*|[A-Z][\w ]{0,20}:\s*)?"
                          r"(?P<q>[\"'‘“«「])(?P<text>[^\n]*)")
_DATA_LINE = re.compile(r"\s*[^\s,;|]+(?:[,;|][^\s,;|]+){2,}\s*$")


# "Our exercise found that the receiver missed the switch, ... Turn these notes into a
# plan": "these" refers back to what a sentence before reported (a verb of reporting and its
# "that" or colon), so the notes are told, not held elsewhere.
_REPORTED_BEFORE = re.compile(r"(?i)\b(?:found|noted|showed|shows|said|says|reported|concluded|"
                              r"observed|learned|agreed|decided|revealed)\s+(?:that\b|:)"
                              r"[^.!?]{20,}[.!?]\s+[^.!?]*$")


def _reported_before(own: str, match: re.Match[str]) -> bool:
    """A "these" pointer refers back to content a sentence before reported."""
    return match.group(0).lower().startswith("these") and \
        _REPORTED_BEFORE.search(own, 0, match.start()) is not None


# The rest of the pointer's sentence, to its end ("only. "), when no colon comes first.
_TO_STOP = re.compile(r"(?:[^.?!\n:：。？！]|\.(?=[\w)]))*[.?!。？！]\s+")
# A pronoun that refers back to the material just pointed at ("Do not rewrite it unless I
# ask: '...'"): the next sentence's colon still introduces that material.
_BACK_TO_IT = re.compile(r"(?i)\b(?:it|them)\b")


def quoted_after_colon(prompt: str, phrase: str) -> bool:
    """The material `phrase` points at follows its sentence's colon (see _TO_COLON), or the
    colon of the next sentence when that sentence refers back to it by a pronoun ("Audit
    this paragraph only. Do not rewrite it unless I ask: 'We are ...'")."""
    at = prompt.find(phrase)
    colon = _TO_COLON.match(prompt, at + len(phrase)) if at >= 0 else None
    if colon is None and at >= 0:
        stop = _TO_STOP.match(prompt, at + len(phrase))
        colon = _TO_COLON.match(prompt, stop.end()) if stop is not None else None
        if colon is None or stop is None or \
                not _BACK_TO_IT.search(prompt, stop.end(), colon.end()):
            return False
    if colon is None:
        return False
    rest = prompt[colon.end():]
    quote = _QUOTE_OPENS.match(rest)
    return (quote is not None and len(quote.group("text").split()) >= 3) or \
        _DATA_LINE.match(rest) is not None


def _destination(own: str, match: re.Match[str]) -> bool:
    """A branch, repository or pull request named as where the work goes ("merge to our main
    branch"): a target, not an input the session must hold."""
    return _DESTINATION.search(own, 0, match.start()) is not None and \
        _TARGET_NOUN.search(match.group(0)) is not None


# A later line of the prompt that is the material, labelled or quoted: "Feedback: `Make it
# warmer.`", "Accepted: Try Northstar free", "> the customer's email ..."
_LABELLED_LINE = re.compile(r"(?m)^\s*(?:[^\W\d][\w '/-]{0,30}[:：]\s*\S.{7,}|>\s*\S.{7,}"
                            r"|[`\"“'].{8,}[`\"”'])\s*$")


def _labelled_later(prompt: str, pointer: str) -> bool:
    """Material said to follow ("the feedback below") that a later line of the whole prompt
    holds, labelled or quoted (the pointer's reading drops quoted text, so the material,
    written in quotes, is read here on the prompt as written)."""
    at = prompt.lower().find(pointer.lower())
    return at >= 0 and _LABELLED_LINE.search(prompt, at + len(pointer)) is not None


def _material_after(own: str, end: int) -> bool:
    """The words after a pointer are the material: a colon soon after, followed by enough
    text to be it, or a long text (a pasted passage the prompt did not fence)."""
    colon = re.compile(r"[^.?!\n:：。？！]{0,30}[:：]").match(own, end)
    if colon is not None and len(own[colon.end():].strip()) >= _AFTER_COLON:
        return True
    return len(own[end:].strip()) >= _AFTER_TEXT
