"""Statements that compare the work with another case's output ("same structure as case 2's
answer", "more concise than the previous eval's response"): each case runs alone, in its own
sandbox, and the grader is shown only this trial's material, so such a statement would be
graded blind. The reader flags it (a finding of its own) and does not grade it.

A comparison word, then (within a few words) a reference to another case: `case 2`,
`eval #3`, `test 'invoice'`, `the previous case`, `the other example's output`."""

from __future__ import annotations

import re

from runner.analysis.wording import unquoted
from runner.analysis.wording_i18n import EARLIER_STATE_RE
from runner.authoring.problems import Problems
from runner.schema.case import Case

_COMPARES = (r"(?:same|identical|similar|consistent|comparable|compared|equivalent|"
             r"matching|matches|match|mirrors?|than|like|unlike|differs?|different|"
             r"differently|as\s+in|as\s+for|as\s+with|versus|vs\.?)")
_KIND = r"(?:case|eval|evaluation|example|test|scenario|query|prompt|task|run)"
# (a case's letter is a capital of its own: the plural "examples" names no case "s")
_OTHER = (rf"(?:{_KIND}\s*#?\s*(?:\d+|(?<=\s)(?-i:[A-Z])\b|['\"`][\w .-]+['\"`])"
          rf"|(?:the\s+)?(?:previous|prior|earlier|preceding|other|last|first|next|"
          rf"former|baseline)\s+{_KIND}s?\b)")
_REFERENCE = re.compile(rf"\b{_COMPARES}\b(?:\s+[\w'’-]+){{0,6}}?\s+(?:(?:the|that|those)\s+)?"
                        rf"(?P<other>{_OTHER})(?:'s|’s)?", re.IGNORECASE)


def other_case_reference(statement: str) -> str | None:
    """The other case a statement compares with, as written; None when it compares with
    nothing outside its own trial."""
    found = _REFERENCE.search(" ".join(statement.split()))
    return found.group("other") if found else None


# -- a prompt that needs state another case leaves behind ------------------------------------

OTHER_CASE = "EV017"
# "continue from the previous task", "the project you set up in the last step", "the
# configured profile": the session starts in a fresh working directory with only this case's
# fixtures, so what an earlier case made is not there (unless `depends_on` runs it first).
_STEP = r"(?:step|task|case|session|turn|run|prompt|exercise|eval)"
# An earlier *session* with the user ("pick up where we left off", "continue from last
# session", "last time we talked"): no case of the set is that session, so no
# `depends_on` can run it first; its state is the user's, and only a fixture can hold it.
_SESSION = re.compile(
    r"(?i)\b(?:continue|pick\s+up|resume|carry\s+on)\s+(?:from\s+)?where\s+(?:we|you|I)\s+"
    r"(?:left|stopped)(?:\s+off)?\b"
    r"|\b(?:continue|pick\s+up|resume|carry\s+on)\s+(?:on\s+)?(?:from|with)\s+(?:the\s+|our\s+|"
    r"my\s+|your\s+)?(?:last|previous|prior|earlier)\s+(?:session|conversation|chat)\b"
    r"|\bas\s+(?:we|you|I)\s+(?:discussed|agreed|decided|planned|said)\s+(?:in|during)\s+"
    r"(?:the\s+|our\s+)?(?:last|previous|prior|earlier)\s+(?:session|conversation|chat)\b"
    r"|\b(?:last|previous)\s+time\s+(?:we|you|I)\s+(?:talked|spoke|worked|met|chatted|left)\b"
    # the conversation so far, asked to be kept ("Save this conversation about X to the wiki",
    # "summarise what we discussed"): a case's session opens with its prompt, no talk before
    r"|\b(?:save|capture|summari[sz]e|document|record|turn|convert|extract|export|log|write\s+up|"
    r"distil+)\s+(?:\w+\s+){0,3}?(?:this|our)\s+(?:conversation|discussion|chat|thread)"
    r"(?!\s*(?:below|[:：]))\b"
    r"|\bwhat\s+we(?:'ve|\s+have)?\s+(?:just\s+)?(?:discussed|talked\s+about|decided|covered|"
    r"agreed(?:\s+on)?)\b")
_EARLIER_EN = re.compile(
    rf"(?i)\bcontinu(?:e|ing)\s+(?:on\s+)?(?:from|with)\s+(?:the\s+|my\s+|your\s+)?"
    rf"(?:previous|prior|last|earlier)\s+{_STEP}\b"
    r"|\b(?:continue|pick\s+up)\s+where\s+(?:we|you|I)\s+left\s+off\b"
    r"|\b(?:you|we|I)\s+(?:just\s+)?(?:set\s+up|created|configured|built|made|initiali[sz]ed|"
    r"installed|generated|wrote|scaffolded)\s+(?:\w+\s+){0,2}?(?:in|during)\s+the\s+"
    rf"(?:last|previous|prior|earlier)\s+{_STEP}\b"
    r"|\bthe\s+(?:previously|already)[\s-]+(?:configured|created|set[- ]up|initiali[sz]ed|"
    r"installed|generated)\s+[\w-]+"
    r"|\bthe\s+(?:configured|set[- ]up)\s+(?:profile|project|environment|account|workspace|"
    r"repo|repository|database|server|config|settings)\b"
    r"|\b(?:output|result|results|files?|project|code|work|draft)\s+(?:from|of)\s+the\s+"
    rf"(?:previous|last|prior|earlier)\s+{_STEP}\b")


# A prompt that opens by asking to do again what was done before ("Run the security-scan setup
# again", "set up the same lint CI as before", "再執行一次 build-and-release 設定", "再幫我建一次
# 相同的 workflow", "もう一度 ... 実行して"): its criteria read the state the first run left (the
# file it wrote, "no change", "the existing PR"), which no case of a fresh session holds. Read at
# the prompt's opening only: "fix it and run the tests again" asks a run of this session.
_REDO_VERB = (r"(?:re-?run|redo|re-?do|run|do|set\s+up|build|create|generate|make|execute|"
              r"repeat|apply|add)")
# (the "again" of a clause inside the request is that clause's: "Add a retry so the job runs
# again", "a button to run it again")
_SAME_CLAUSE = (r"(?:(?!\b(?:so|that|which|who|to|when|whenever|if|while|until|after|before|"
                r"runs?|ran|every|each)\b)[^.!?\n])")
_RERUN = re.compile(
    rf"(?i)^(?:please\s+|can\s+you\s+|could\s+you\s+)?(?:{_REDO_VERB}\b{_SAME_CLAUSE}{{0,60}}?"
    r"\b(?:again|once\s+more|one\s+more\s+time|as\s+before)\b"
    r"|re-?run\s+(?:the\s+|this\s+)?(?:same\s+)?[\w-]+\s+(?:setup|set-up|skill|workflow|"
    r"command|step)\b)"
    r"|^(?:請|请)?(?:再(?:幫我|帮我|帮|幫)?(?:執行|执行|跑|做|建|建立|設定|设置|生成|產生|产生|"
    r"運行|运行)?(?:一次|一遍)|再次(?:執行|执行|運行|运行|跑|建立|設定|设置))"
    r"|^もう一度")


def asked_rerun(prompt: str) -> str | None:
    """The words by which the prompt opens asking to redo an earlier run, as written; None
    when it opens with a request of its own."""
    own = " ".join(unquoted(prompt).split())
    found = _RERUN.search(own)
    return found.group(0) if found else None


def earlier_state(prompt: str) -> str | None:
    """The words by which the prompt relies on what another case made, as written; None when
    it relies on nothing outside its own session."""
    own = " ".join(unquoted(prompt).split())
    found = _EARLIER_EN.search(own) or EARLIER_STATE_RE.search(own)
    return found.group(0) if found else None


def earlier_session(prompt: str) -> str | None:
    """The words by which the prompt resumes an earlier session with the user ("pick up where
    we left off"), as written; None when it names no such session."""
    found = _SESSION.search(" ".join(unquoted(prompt).split()))
    return found.group(0) if found else None


def report_earlier_state(case: Case, problems: Problems) -> None:
    """EV017 for a prompt that builds on another case's state. Reported when the case stages
    something (its fixtures may hold that state); refused (EV009) when it stages nothing, since
    then the session surely lacks it. A case whose `depends_on` runs the other first is
    silent: its sandbox carries that state. A prompt resuming an earlier session of the user's
    ("pick up where we left off") that stages nothing is EV014 for that case alone: no case
    of the set is that session, and refusing the set would cost its other cases."""
    session = earlier_session(case.prompt)
    words = earlier_state(case.prompt) or session
    rerun = asked_rerun(case.prompt) if words is None else None
    if rerun is not None and not case.chain:
        fix = ("stage what the first run left under `files`, or name the case it repeats in "
               "`depends_on`")
        if case.files or case.inline_files:
            # (what is staged may hold the first run's result: the grader reads what it holds)
            problems.report(OTHER_CASE, case.id, f"the prompt asks to redo an earlier run "
                            f"({rerun!r}): each case runs alone in a fresh working directory "
                            "and runs carry nothing over; graded on what the case stages", fix)
            return
        # a redo of an earlier run: which case made it the prompt does not say, so the case is
        # one no arm can pass, not a set to refuse (its first run is a case that runs)
        problems.report("EV014", case.id, f"no arm can pass it: the prompt asks to redo an "
                        f"earlier run ({rerun!r}) whose result the case does not stage: each "
                        "case starts a fresh session with only what it stages", fix)
        return
    if words is None or case.chain:
        return
    if session is not None and not (case.files or case.inline_files):
        # an earlier session of the user's, not a case: no case of the set makes that state,
        # so the case is one no arm can pass, not a set to refuse (its other cases run)
        problems.report("EV014", case.id, f"no arm can pass it: the prompt resumes an earlier "
                        f"session ({session!r}) whose state the set does not give: each case "
                        "starts a fresh session with only what it stages",
                        "stage what that session left (its notes, its progress file) under "
                        "`files`, or write that state into the prompt")
        return
    whose = "an earlier session leaves" if session is not None else "another case creates"
    message = (f"the prompt relies on state {whose} ({words!r}): each case runs "
               "alone in a fresh working directory and runs carry nothing over")
    fix = ("stage that state under `files` (the profile, the project) or name the case it "
           "builds on in `depends_on`, or rewrite the prompt to stand alone")
    if case.files or case.inline_files:
        problems.report(OTHER_CASE, case.id, message + "; graded on what the case stages", fix)
    else:
        problems.refuse("EV009", case.id, message + ", and this case stages nothing", fix)
