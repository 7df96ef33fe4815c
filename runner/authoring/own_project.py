"""A case about the user's own existing project that no case stages (issue 26, EV014).

"Set up CI for our spring boot service", "I've got a Flask app called ledger ... add a health
check": the prompt speaks of a project the user already has, and the session's working
directory holds only what the case stages. When the case stages nothing (no fixture, no setup
that builds one, nothing pasted) and a criterion expects the project's own files worked on
(edited: "modifies pom.xml", "adds the workflow to the existing build"; read: "reads the
service's config"; or built and run: "verifies with a build", "runs the existing tests"), no
arm can do what the author meant. Reported, never refused: the author may mean the agent to
write generic files.

A pointer to the whole project that no case stages ("our Effect codebase", "this repo") is
the case's missing input (EV009) only when the work is on that project: a criterion expects
its files edited, read or built (as above), or a request of the prompt acts on it (the clause
naming it opens with the request: "Run a code survey on this codebase", "update this same
repository"). Named as the place of something the prompt tells ("I've got a `Validated` type
in our Effect codebase", "commit messages for this repo"), or inside a text the agent is to
write ("Write a prompt for Claude Code: clean up our repo"), it is the user's situation: the
case is read on its prompt (`read_on_its_prompt`, EV012).

Silent: a question asking advice ("how do I set up CI for my app?", graded on the words of the
answer), a new project ("I'm starting a new React app"), a prompt that pastes its code, and a
criterion that describes advice ("explains how to modify the CSS variables").
"""

from __future__ import annotations

import re

from runner.analysis.wording import unquoted
from runner.authoring.had_context import request_verb
from runner.authoring.inputs import MATERIAL_LINES, pointed_inputs, said_in_cwd
from runner.schema.case import Case

# What a user's project is called. ("my website", "our bot" too: the criteria decide whether
# the work is on its files.)
_PROJECT = (r"(?:apps?|applications?|services?|microservices?|projects?|codebase|code\s?base|"
            r"repo|repository|monorepo|backend|back-end|frontend|front-end|server|api|library|"
            r"package|plugin|website|site|bot|collector|worker|daemon|pipeline|crate|module)")
_NAMES_PROJECT = re.compile(rf"(?i)\b{_PROJECT}\b")


def names_a_project(phrase: str) -> bool:
    """Whether a pointer names a whole project ("our existing codebase", "this repo"), not a
    part or a state of one ("my changes", "the failing test")."""
    return _NAMES_PROJECT.search(phrase) is not None


# A word naming it on the way ("our spring boot service", "my Django 5 app"): none that makes
# it a thing to make or talk about ("an idea for an app", "a plan to build a service").
_NAMING = (r"(?:(?!(?:a|an|the|for|to|of|in|on|with|and|or|idea|ideas|plan|plans|new|"
           r"fresh|future|dream|first|next|own)\s)[\w.+#/-]+\s+)")
_OWN_PROJECT = re.compile(
    # "my app", "our spring boot service", "my existing Flask API"
    rf"(?i)\b(?:my|our)\s+(?:existing\s+|current\s+|production\s+|live\s+)?{_NAMING}{{0,3}}?"
    rf"{_PROJECT}\b"
    # "this Spring Boot 4 collector", "the existing codebase"
    rf"|\b(?i:this|the\s+(?:existing|current))\s+{_NAMING}{{0,3}}?(?i:{_PROJECT})\b"
    # "I've got a Spring Boot 3.4 app", "we have a Go service"
    rf"|\b(?:I|we|We)(?:'ve|\s+have)?\s+(?:got\s+|already\s+(?:have\s+|got\s+)?|have\s+)?"
    rf"(?i:an?)\s+(?:(?i:working|running|existing)\s+)?{_NAMING}{{0,4}}?(?i:{_PROJECT})\b")
# A project the session is to make: its files are the agent's to write. Whole projects only,
# and none added into another ("a new service in our monorepo" is a part of the user's).
_WHOLE = r"(?:apps?|applications?|projects?|repo|repository|codebase|monorepo|website|site)"
_NEW_PROJECT = re.compile(
    rf"(?i)(?:\b(?:new|fresh|greenfield|blank|empty)\s+{_NAMING}{{0,3}}?"
    rf"{_WHOLE}\b|\b(?:scaffold|bootstrap|initiali[sz]e|create|generate|build|make|start|"
    rf"write)\s+(?:me\s+)?(?:an?|the)\s+(?:new\s+)?{_NAMING}{{0,3}}?{_WHOLE}\b)"
    r"(?!\s+(?:to|in|into|inside|within)\b)|\bfrom\s+scratch\b")

# What a criterion expects done to the project's files. Edited: a file or the project's own
# parts after a verb of changing them.
_EDIT_VERB = (r"(?:modif(?:y|ies|ied|ying)|updat(?:e|es|ed|ing)|edit(?:s|ed|ing)?|"
              r"patch(?:es|ed|ing)?|amend(?:s|ed|ing)?|refactor(?:s|ed|ing)?|"
              r"migrat(?:e|es|ed|ing)|extend(?:s|ed|ing)?)")
_PROJECT_FILE = (r"(?:pom\.xml|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|package\.json|"
                 r"Cargo\.toml|pyproject\.toml|setup\.py|requirements\.txt|go\.mod|Gemfile|"
                 r"composer\.json|application\.(?:ya?ml|properties)|tsconfig\.json|Makefile|"
                 r"Dockerfile|docker-compose\.ya?ml|\.csproj)")
_OWNED = (rf"(?:existing|current|original|user'?s|(?:their|its)(?!\s+own\b)|{_PROJECT}'s|"
          r"project'?s)")
# ... or something put into them: "adds the job to the existing workflow", "middleware applied
# to the upload route in the application code".
_PUT_VERB = (r"(?:adds?|added|adding|appl(?:y|ies|ied)|wir(?:e|es|ed)|register(?:s|ed)?|"
             r"integrat(?:e|es|ed)|insert(?:s|ed)?|implemented|plugs?|plugged)")
_EDITED = re.compile(
    rf"(?i)\b{_EDIT_VERB}\s+(?:the\s+)?(?:{_OWNED}\s+(?:[\w.-]+\s+){{0,2}}?[\w.-]+"
    rf"|`?{_PROJECT_FILE}\b)"
    rf"|\b{_PUT_VERB}\b[^.;\n]{{0,50}}?\b(?:to|into|in)\s+(?:the\s+)?(?:{_OWNED}\s+[\w.-]+|"
    r"(?:application|app|project|service|server)\s+(?:code|source|codebase)\b)")
# Read: the project's code or files, looked at.
_READ_VERB = (r"(?:reads?|reading|inspects?|inspecting|examines?|examining|scans?|scanning|"
              r"explores?|exploring|analy[sz]es|analy[sz]ing|audits?|greps?|studies|"
              r"looks?\s+(?:at|through|into)|goes\s+through|detects?|identifies)")
_PARTS = (r"(?:code|codebase|code\s?base|source|sources|source\s+code|files?|config(?:uration)?s?|"
          r"settings|structure|dependencies|build(?:\s+files?)?|modules?|packages?|classes|"
          r"tests?|routes|endpoints|schema|entities|controllers?|components?|"
          rf"{_PROJECT_FILE})")
_READ = re.compile(
    rf"(?i)\b{_READ_VERB}\s+(?:\w+\s+){{0,2}}?(?:the\s+)?(?:{_OWNED}|project|app|service|"
    rf"repo|repository)\s+(?:[\w-]+\s+){{0,2}}?{_PARTS}\b")
# Built or run: the project compiled, its tests or image built.
_BUILT = re.compile(
    r"(?i)\b(?:verif(?:y|ies|ied|ying)|confirm(?:s|ed|ing)?|validat(?:e|es|ed|ing)|"
    r"check(?:s|ed|ing)?|tests?|proves?)\b[^.;\n]{0,30}?\b(?:with|by|via|using|through)\s+"
    r"(?:an?\s+|the\s+)?(?:[\w-]+\s+)?(?:build|compil(?:e|ation)|test\s+run)\b"
    r"|\b(?:runs?|ran|executes?|executed)\s+(?:the\s+)?(?:existing|project'?s|app'?s|service'?s|"
    r"its|their|current)\s+(?:[\w-]+\s+)?(?:tests?|test\s+suite|build|specs?)\b"
    r"|\b(?:builds?|compiles?|built|compiled)\s+(?:the\s+)?(?:existing\s+)?"
    r"(?:project|app|application|service|codebase)\b(?!\s+(?:from|with)\s+scratch)")
# A criterion that describes advice given in words, not work done on files.
_IN_WORDS = re.compile(
    r"(?i)\b(?:instructions?|suggests?|suggesting|recommends?|recommending|recommendation|"
    r"explains?|explaining|explanation|tells?|advises?|advice|mentions?|describes?|"
    r"shows?\s+how|how\s+to|guidance|guide|steps?|should|would|could|can|may|might|offers?\s+to|"
    r"asks?|proposes?|plan)\b")
# (a dot inside a file's name, `pom.xml`, ends no clause)
_CLAUSE = re.compile(r"(?:[^.;\n]|\.(?=\w))+")


def new_project(prompt: str) -> bool:
    """The prompt (its own words) makes a new project ("I'm starting a new React app", "from
    scratch"): the files its criteria name are the agent's to write, none the user's."""
    return _NEW_PROJECT.search(unquoted(prompt, pasted=True)) is not None


def _project_words(own: str) -> list[str]:
    """The words naming the user's existing project in the prompt's own request, unless the
    prompt makes a new one."""
    if _NEW_PROJECT.search(own):
        return []
    return list(dict.fromkeys(" ".join(m.group(0).split()) for m in _OWN_PROJECT.finditer(own)))


def _worked_on(text: str) -> list[str]:
    """The clauses of a criterion expecting the project's files edited, read or built; none
    that describes advice."""
    found: list[str] = []
    for clause in (m.group(0).strip() for m in _CLAUSE.finditer(unquoted(text))):
        for pattern in (_EDITED, _READ, _BUILT):
            hit = pattern.search(clause)
            if hit is not None and not _IN_WORDS.search(clause[:hit.start()]):
                found.append(clause)
                break
    return found


def own_project_needs(case: Case, request: str) -> list[tuple[str, str]]:
    """(the project's words, the criterion) when a case about the user's existing project
    stages none of it and a criterion expects its files worked on. `request`: the prompt's
    own words without its questions asking advice (answered in words: the project is their
    topic)."""
    if not case.stages_nothing or "```" in case.prompt or "~~~" in case.prompt \
            or sum(bool(line.strip()) for line in case.prompt.splitlines()) >= MATERIAL_LINES:
        return []
    words = _project_words(request)
    if not words or pointed_inputs(case):  # EV009 says it already: the input is missing
        return []
    criteria = [case.expected_output, *case.statements]
    worked = [c for text in criteria for c in _worked_on(text)]
    return [(words[0], worked[0])] if worked else []


# A clause of the prompt: a sentence, a line, or the part after a colon or a spaced dash
# (a dot inside a file's name ends none).
_PROMPT_CLAUSES = re.compile(r"(?:[.!?](?!\w)|\n|:\s|\s[\u2014\u2013]\s|\s--\s)")
# A request to write a text: what follows its colon is that text's words, no request of the
# user's ("Write a prompt for Claude Code: clean up our repo").
_TEXT_TO_WRITE = re.compile(
    r"(?i)\b(?:prompt|message|email|e-mail|instructions?|brief|ticket|issue|description|post|"
    r"spec|note|reply|letter|announcement|summary|task|system\s+prompt|comment)s?\b"
    r"[^:]*$")
_SLASH = re.compile(r"^\s*/[\w:.-]+\s+")


def _acted_on(prompt: str, phrase: str) -> bool:
    """A request of the prompt acts on the project `phrase` names: the clause naming it opens
    with the request, and it is no text the prompt asks the agent to write."""
    parts = _PROMPT_CLAUSES.split(_SLASH.sub("", prompt))
    for at, part in enumerate(parts):
        if phrase.lower() not in " ".join(part.split()).lower():
            continue
        before = parts[at - 1] if at else ""
        if before and request_verb(before.strip()) and _TEXT_TO_WRITE.search(before):
            continue  # the words of the text to write
        if request_verb(part.strip()):
            return True
    return False


def read_on_its_prompt(case: Case, phrase: str) -> bool:
    """The prompt points at the user's whole project (`phrase`), yet no criterion works on its
    files and no request acts on it: the project is the situation the prompt tells, the case
    is read on its words (see the module)."""
    if not names_a_project(phrase) or "/" in phrase or "\\" in phrase \
            or said_in_cwd(phrase):
        # (a pointer saying where it is, "the repo is at ./app", "the repo is in the current
        # directory", places material)
        return False
    criteria = [case.expected_output, *case.statements]
    if any(_worked_on(text) for text in criteria if text):
        return False
    return not _acted_on(case.prompt, phrase)
