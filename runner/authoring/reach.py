"""What a case reaches outside the sandbox (issue 26, EV014/EV016): a trial runs in a
network-less container holding only the staged files, so a case that needs the user's own
machine, the user's own account on a live service, or a page on the web cannot pass in any arm.

Read in the prompt's own words (material it quotes or pastes is the material's words) and in
what the author expects the answer to hold (statements, expected output): an answer expected
to quote "real data from the X API" needs that API as much as a prompt asking for it.

Each finder returns the words that triggered it, so the report can name them. The words are
read in other languages too ("мой портфель", "mi carpeta de descargas", "現在の株価"):
runner.analysis.wording_i18n.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path, PurePosixPath

from runner.analysis.wording import unquoted
from runner.analysis.wording_i18n import (
    ADVICE_ASK_RE,
    FROM_SOURCE_RE,
    HOLD_OFF_RE,
    IMAGE_SERVICE_RE,
    LIVE_DATA_RE,
    LIVE_SOURCE_RE,
    OWN_ACCOUNT_RE,
    OWN_MACHINE_RE,
    OWN_SERVICE_RE,
    READ_CUE_RE,
    WEATHER_LOOKUP_RE,
)
from runner.authoring.binary_claims import binary_claims
from runner.authoring.declined_needs import declined
from runner.authoring.device_needs import hardware_needs, installed_skill_needs
from runner.authoring.hosted_items import hosted_objects, hosted_state, told_objects
from runner.authoring.live_acts import service_acts
from runner.authoring.live_services import (
    cli_reach,
    cli_runs,
    granted_services,
    live_asks,
    live_lookups,
    lookup_needs,
    script_needs,
    unshipped_scripts,
)
from runner.authoring.live_systems import live_state_needs
from runner.authoring.mcp import MCP_NEED, OWN_TOOLS
from runner.authoring.missing_programs import (
    coverage_needs,
    interpreter_needs,
    program_needs,
    skill_coverage_runs,
    skill_makes,
    skill_md_text,
    skill_programs,
)
from runner.authoring.notes_needs import notes_needs
from runner.authoring.offline_runs import (
    asked,
    dependency_needs,
    fetch_needs,
    network_scripts,
    procedure_needs,
    procedure_scripts,
    remote_hosts,
    remote_needs,
    script_call_needs,
    script_input_needs,
    sibling_needs,
    skill_fetches,
)
from runner.authoring.own_project import new_project, own_project_needs
from runner.authoring.problems import Problems
from runner.authoring.project_limits import git_needs, outside_places, place_needs
from runner.authoring.project_skill import project_of
from runner.authoring.project_walk import Walk
from runner.authoring.read_once import once
from runner.authoring.repo_programs import repository_programs, unshipped_imports
from runner.authoring.site_address import addressed_hosts
from runner.authoring.skill import declared_description, declared_name
from runner.authoring.stage_directions import stage_direction
from runner.authoring.submodules import absent_submodules, submodule_needs
from runner.authoring.trigger_cases import trigger_test
from runner.authoring.unstaged_work import unstaged_work
from runner.authoring.web_reach import (
    domain_checks,
    judged_pages,
    owned_pages,
    platform_searches,
)
from runner.authoring.web_steps import web_steps
from runner.schema.case import Case
from runner.scoring.asked import FILE_WORD, asks_to_write, reads_as_file

OUTSIDE = "EV014"
# How a line names the user's own existing project that no case stages.
OWN_PROJECT = "the user's own existing project, which the case does not stage"

# A folder on a Windows drive of the user's machine (`D:/repos/app`, `C:\work`): the sandbox
# is Linux, so no arm has it.
_DRIVE_PATH = re.compile(r"(?<![\w.$%/\\:-])[A-Za-z]:[\\/](?![\\/])[\w.-]+(?:[\\/][\w.-]+)*")
# A path on the user's machine: their home folder in any of its spellings, or a drive
# mounted there (`/mnt/testdata/...`, `/media/usb/...`, `/Volumes/Card/...`).
_HOME_PATH = re.compile(
    r"(?<![\w.$%/])(?:~[/\\]|\$HOME\b|\$\{HOME\}|%USERPROFILE%|/Users/[\w.-]+|/home/[\w.-]+"
    r"|/(?:mnt|media|Volumes)/[\w.-]+/[\w.-]+"
    # (a glob inside the path, `~/.claude/skills/*/x.md`; never Markdown's emphasis around it)
    r"|[A-Za-z]:\\(?:Users|Documents and Settings)\\)[\w./\\-]*(?:\*+[\w./\\-]+)*")
# Where the user's own codebase sits, an absolute path ("The codebase is at /projects/app",
# "our repo lives in /srv/ledger"): their machine, which the sandbox does not have.
_PROJECT_AT = re.compile(r"(?i)\b(?:code\s?base|repo(?:sitory)?|project|app|service|source"
                         r"(?:\s+code)?|monorepo)\s+(?:is|lives|sits|resides|is\s+located)\s+"
                         r"(?:at|in|under)\s+`?(/(?!tmp/|work/)[\w.-]+(?:/[\w.-]+)*)")
# The user's own folders and computer. "my Documents" only capitalised or called a folder:
# "my documents" may be papers the prompt carries.
_OWN_FOLDER = re.compile(
    r"(?:\b(?i:my|your)\s+(?:(?i:own|entire|whole)\s+)?|\b(?i:folder|directory)\s+"
    r"(?i:called|named)\s+)(?:(?i:downloads|desktop|dropbox|icloud(?:\s+drive)?|"
    r"onedrive|google\s+drive|home\s+(?:folder|directory|dir))\b(?:\s+(?i:folder|directory))?"
    r"|(?:Documents|Pictures|Photos|Music|Movies|Videos)\b(?:\s+(?i:folder|directory))?"
    r"|(?i:documents|pictures|photos|music|movies|videos)\s+(?i:folder|directory))"
    r"|\b(?i:on|in|from|across)\s+(?i:my|your)\s+(?i:mac|macbook|computer|laptop|pc|machine|"
    r"hard\s+drive|disk|file\s*system)\b"
    # the device itself, whatever the sentence does with it ("My Mac says the startup disk is
    # full", "my new MacBook Pro"), as the other languages' tables read 我的电脑, mein Rechner;
    # a drive by its letter ("C drive is nearly full"), the startup disk
    r"|\b(?i:my)\s+(?:(?i:own|new|work)\s+)?(?i:mac(?:book(?:\s+(?:pro|air))?)?|computer|"
    r"laptop|pc|hard\s+drive|startup\s+disk|workstation)\b"
    r"|\b[A-Z]:?\s+(?i:drive)\b|\b(?i:startup\s+disk)\b")
# The user's own account on a live service. "my portfolio site" is a web page to build.
_OWN_ACCOUNT = re.compile(
    r"(?i)\bmy\s+(?:own\s+|current\s+|live\s+)?(?:(?:investment\s+|stock\s+|crypto\s+)?"
    r"portfolio(?!\s+(?:site|website|page|template|project|app))|brokerage(?:\s+account)?|"
    r"(?:bank|banking|trading|brokerage|investment|cloud|aws|gcp|azure|stripe|shopify|"
    r"google|github|slack|email)\s+account|account\s+balance|inbox|mailbox|calendar|"
    r"holdings|open\s+positions|(?:unread\s+)?e-?mails?(?!\s*(?:below|above|here|:))|"
    r"api\s+(?:key|token)|access\s+token|"
    # a hosted service's tenant ("Apply them to my tenant", "my Auth0 tenant"): only the
    # service holds it
    r"(?:[\w-]+\s+)?tenants?)\b")
# Data a live service holds now: current prices, live quotes, real data from an API.
_LIVE_DATA = re.compile(
    r"(?i)\b(?:current|live|real[- ]time|today'?s|latest|up[- ]to[- ]date|actual)\s+"
    r"(?:stock\s+|market\s+|share\s+|crypto\s+|exchange\s+|fx\s+)?(?:prices?|quotes?|"
    r"exchange\s+rates?|market\s+data|weather|headlines)\b"
    # the news of now, its topic between ("today's AI news", "the latest tech industry news"),
    # as the other languages' tables read 今天的新闻, последние новости
    r"|\b(?:today'?s|latest|current|real[- ]time|breaking)\s+(?:[\w-]+\s+){0,2}?news\b"
    # a league's games now ("today's NBA scores", "this season's scoring leaders")
    r"|\b(?:today'?s|tonight'?s|last\s+night'?s|live)\s+(?:[\w-]+\s+){0,2}?(?:scores|"
    r"results|standings|box\s+scores)\b(?!\s+(?:parser|page|view|table|widget|component|"
    r"module|function|api|endpoint|schema|format|file|screen|feed|model|service|tab)\b)"
    r"|\bthis\s+season'?s\s+(?:[\w-]+\s+){0,2}?(?:leaders|standings|rankings)\b"
    # what was published lately, its topic between ("the latest agent papers", "recent
    # preprints on arXiv"): a list only the source holds now. ("new paper" may be the user's.)
    r"|\b(?:today'?s|this\s+week'?s|latest|newest|(?:most\s+)?recent)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:papers|preprints|publications|articles|releases)\b"
    # what a site ranks now ("what's trending on GitHub today", "trending repositories")
    r"|\b(?:what'?s|what\s+is|currently)\s+trending\b"
    r"|\btrending\s+(?:repos|repositories|projects|topics|posts|hashtags|videos|on\s+"
    r"(?:github|hacker\s+news|reddit|product\s+hunt|twitter|x|youtube|tiktok))\b"
    r"|\b(?:real|live|actual|production)\s+(?:[\w-]+\s+){0,3}?(?:API|account)\s+"
    r"(?:data|results?|responses?|values?)\b"
    r"|\b(?:real|live)\s+(?:[\w-]+\s+)?data\s+(?:from|via|through|of)\s+(?:the\s+)?"
    r"(?:[\w-]+\s+){0,2}API\b"
    r"|\b(?:via|using|with)\s+(?:the|my|your|an?)\s+API\s+(?:key|token)\b")
# A named online source searched for what it holds now: an official database, a government
# portal, a court's records, or the latest rulings and figures. "Design a database schema" and
# "query the staged sqlite file" search nothing online.
_SEARCH_VERB = r"(?:search(?:es|ing)?|quer(?:y|ies|ying)|look(?:s|ing)?\s+up|retriev(?:e|es|ing)|" \
               r"consult(?:s|ing)?|fetch(?:es|ing)?|pull(?:s|ing)?|check(?:s|ing)?)"
_LIVE_SOURCE = re.compile(
    rf"(?i)\b{_SEARCH_VERB}\b[^.?!;\n]{{0,60}}?\b(?:official|government|gov|governmental|"
    r"national|federal|state|court|public|online|web)\s+(?:[\w-]+\s+){0,2}(?:databases?|"
    r"portals?|registr(?:y|ies)|register|websites?|sites?|records|gazette|search\s+engines?|"
    r"APIs?)\b"
    rf"|\b{_SEARCH_VERB}\s+(?:for\s+|up\s+)?(?:the\s+)?(?:current|latest|most\s+recent|"
    r"up[- ]to[- ]date|newest|in[- ]force)\s+(?:[\w-]+\s+){0,2}?(?:regulations?|laws?|rules|"
    r"rulings?|statutes?|case\s+law|judgments?|judicial\s+interpretations?|interpretations?|"
    r"guidance|filings?|records|statistics|figures|listings?|policies|standards|news|"
    r"publications|papers)\b")
# A government's site named as the source to search ("the database is flk.npc.gov.cn",
# "search data.gov.uk"): an address, not a mail box ("info@city.gov" is someone to write to).
# ("go" and "gv" only before a country's code, `mlit.go.jp`, `bmf.gv.at`: `helpers.go` is Go)
_GOV_SITE = re.compile(r"(?<![\w@.-])(?:[a-z0-9-]+\.)+(?:(?:gov|gob|gouv|govt)(?:\.[a-z]{2})?|"
                       r"(?:go|gv)\.[a-z]{2})(?![\w-])(?!\.\w)", re.IGNORECASE)
_ANY_SEARCH = re.compile(r"(?i)\b(?:search|look\s+up|find|query|retrieve|consult|busca|"
                         r"consulta|cherche|recherche|such)\w*|找|搜|查|检索|檢索")
# With a skill whose own scripts reach the network, any database, registry or API it is asked
# to search is that service; unless it is one the case has ("the local sqlite database").
_SOURCE_SEARCH = re.compile(
    rf"(?i)\b{_SEARCH_VERB}\s+(?:in\s+|for\s+\S+\s+in\s+)?(?:the\s+)?(?:[\w-]+\s+){{0,2}}?"
    r"(?:databases?|registr(?:y|ies)|portals?|APIs?)\b")
_LOCAL = re.compile(r"(?i)\b(?:local|sqlite|staged|attached|sample|provided|test|this|my|"
                    r"postgres(?:ql)?|mysql)\b")
# With a skill whose own scripts reach the network (the scan's CB001), an answer expected to
# hold data "from the API" holds the live service's data, unless it explains how to call it.
_FROM_API = re.compile(r"\b(?:from|through)\s+(?:the\s+)?(?:[\w-]+\s+)?API\b(?!\s+(?:surface|"
                       r"reference|docs?|documentation|spec|design|contract|calls?|functions?|"
                       r"methods?|names?))")
# ... and names data: "term ranges from the API", not "an alternative from the verified API".
_DATA = re.compile(r"(?i)\b(?:data|values?|ranges?|prices?|scores?|numbers|metrics|figures|"
                   r"results?|responses?|terms|quotes?|balances?|counts?)\b")
_HOW_TO = re.compile(r"(?i)\b(?:explain|explains|describe|describes|document|how\s+to|example|"
                     r"endpoints?|code|function|snippet|request\s+body)\b")
_URL = re.compile(r"https?://[^\s<>()\"'`\]]+")
# The last cue before a URL says what it is for: to be read, or to be written into the work.
_READ_CUE = re.compile(
    r"(?i)\b(?:read|reads|reading|fetch|open|visit|research|summari[sz]e|review|analy[sz]e|inspect|"
    r"look\s+(?:at|up|into)|go\s+through|based\s+on|from|study|scrape|extract|pull|crawl|"
    r"follow|check\s+out|browse|investigate|learn|compare|using|audit\w*|scan|scans|scanning|"
    r"map|maps|mapping|reverse[- ]engineer\w*|probe|probes|monitor|monitors|"
    # (a page turned into something is fetched first: "Export the page https://... to PDF";
    # never "renders at" or "deploy to" a link, where the work goes)
    r"export|exports|convert|converts|screenshot\w*|archive|"
    r"(?:page|article|post|docs?|document|documentation|spec|paper|thread|issue|ticket|"
    r"pull\s+request|repo|repository|site|website|video|dataset|project|url)\s+(?:at|here|on)"
    r"|[\w-]*url\s*[:=])")
_WRITE_CUE = re.compile(
    r"(?i)\b(?:link|links|linking|href|add|adds|insert|include|put|append|cite|mention|"
    r"reference|point|points|redirect|footer|header|button|canonical|set|replace|named|"
    r"hosted|deploy|domain|contact|email|print|output|return|write|embed)\b")
# A page of a web app is read through its account whatever the verb.
_APP_PAGE = re.compile(r"(?i)https?://(?:[\w-]+\.)*(?:notion\.so|notion\.site|"
                       r"docs\.google\.com|drive\.google\.com|atlassian\.net|confluence\.|"
                       r"sharepoint\.com|figma\.com|airtable\.com|dropbox\.com|"
                       r"onedrive\.live\.com)\S*")
# A tool named like a server's fetcher (`notion-fetch`, `drive_search`): none of claude's own.
# ASCII bounds: a name runs straight into the next word in Japanese or Chinese.
_TOOL_NAME = re.compile(r"(?<![A-Za-z0-9_-])([a-z][a-z0-9]{2,}[-_](?:fetch|search|get|read|"
                        r"query|retrieve|lookup|list)(?:[-_][a-z0-9]+)*)(?![A-Za-z0-9_-])")
_WEB_TOOLS = frozenset({"web-fetch", "web_fetch", "web-search", "web_search"})
# An answer expected to show a file changed, not made: the file was the user's.
_EDITED = re.compile(r"(?i)\b(?:updated?|modified|edited|changed|patched|bumped|amended|"
                     r"existing)\b")
_A_NEW_FILE = re.compile(r"(?i)(?:^|\s)(?:an?|one|new)\s+[`'\"]?$")
# A make verb in a criterion's clause: the file it governs is the agent's to write.
_MADE = re.compile(r"(?i)\b(?:creat(?:e|es|ed|ing)|writ(?:e|es|ten|ing)|generat(?:e|es|ed|ing)|"
                   r"sav(?:e|es|ed|ing))\b")
# The path a make verb governs, a dot folder's too (`.agents/brief.md`).
_MADE_PATH = re.compile(r"[\w./-]*\w\.[A-Za-z]\w{0,5}\b")
# Where a criterion's clause ends: a sentence's or a list item's end, a colon, a comma (a
# path's own dots are followed by no space).
_CLAUSE = re.compile(r"[.;:!?](?:\s|$)|\n|,\s")
# The user's own history, kept by the skill on their machine.
# (a school subject is no record: "my history final"; a time the user tells their plans in is
# none either, "18 hours of work due this week": a past act must come before it)
_OWN_HISTORY = re.compile(
    r"(?i)\b(?:I|I've|my|me)\b[^.?!\n]{0,60}?\b(?:spent|logged|tracked|recorded|so\s+far|"
    r"history(?!\s+(?:final|exam|test|class|course|essay|paper|homework|teacher|quiz|lesson|"
    r"book|project|assignment|major|degree|grade)s?\b)|"
    r"(?:did|ran|ate|slept|read|made|paid|bought|\w+ed)\b[^.?!\n]{0,40}?\b(?:this\s+"
    r"(?:week|month|year)|last\s+(?:week|month|year)|yesterday))\b")
_SKILL_HOME = re.compile(r"(?<![\w.$%/])(?:~/\.?[\w./-]+|\$HOME/[\w./-]+|Path\.home\(\)[^\n]{0,60}"
                         r"|expanduser\([^)\n]{1,60}\)|os\.homedir\(\)[^\n]{0,60})")


def _criteria(case: Case) -> list[str]:
    """What the author expects the answer to hold."""
    return [case.expected_output, *case.statements]


def _stages_nothing(case: Case) -> bool:
    return not case.files and not case.inline_files


_SENTENCE = re.compile(r"[^.?!。？！\n]*(?:[.?!。？！]+|\n|$)")


def _asked_for_advice(prompt: str) -> tuple[str, bool]:
    """The prompt without its questions asking for advice ("how should I configure my
    firewall?", "what does this error on my machine mean?"): those are answered in words, so
    the machine or account they name is the topic, not where the work happens. Also whether
    there was one (then the criteria's words about the machine describe the advice)."""
    kept: list[str] = []
    advice = False
    for sentence in (m.group(0) for m in _SENTENCE.finditer(prompt) if m.group(0)):
        if ADVICE_ASK_RE.search(sentence) and re.search(r"[?？]\s*$", sentence.strip()):
            advice = True
            kept.append(" ")
        else:
            kept.append(sentence)
    return "".join(kept), advice


# Where a criterion expects the work written on the user's machine ("Creates exercises under
# `/home/ana/practice/`", "Updates C:\\Users\\ana\\log.md"): another user's home folder, which
# the sandbox does not have and whose root it cannot write. A path the answer only names
# ("flags that it reads /home/ana/.ssh") is no place of the work, and `~` is the sandbox's own.
_USER_HOME = re.compile(r"(?<![\w.$%/])(?:/Users/[\w.-]+|/home/(?!agent\b)[\w.-]+|"
                        r"[A-Za-z]:\\(?:Users|Documents and Settings)\\[\w.-]+)[\w./\\<>-]*")
_WRITES_THERE = re.compile(r"(?i)\b(?:creat|writ|updat|sav|append|generat|stor|put|plac|"
                           r"add|record|log)\w*\b[^.;\n]{0,40}$|(?:写入|保存|创建|生成|更新)[^。；\n]{0,20}$")


# A home folder by its own name as the place the work goes ("exported as JSON to Downloads
# folder", "saved to the Desktop"): the name capitalised, or called a folder, after a
# preposition of destination and a verb of writing ("reads the docs in the Documents folder"
# writes nothing there). "my Downloads" is the own-folder rule's (machine_needs).
_HOME_FOLDER_NAMED = re.compile(
    r"\b(?i:to|into|in|under)\s+(?:(?i:the\s+user's|the)\s+)?"
    r"(?:(?:Downloads|Desktop|Documents)\b(?:\s+(?i:folder|directory))?"
    r"|(?i:downloads|desktop)\s+(?i:folder|directory))")
_WRITE_VERB = re.compile(r"(?i)\b(?:creat|writ|updat|sav|append|generat|stor|put|plac|"
                         r"export|download|mov|cop(?:y|ie))\w*\b")


def written_on_machine(case: Case) -> list[str]:
    """Paths in another user's home folder, or a home folder by its name ("to Downloads
    folder"), the criteria expect the work written to."""
    found = []
    for text in _criteria(case):
        for match in _USER_HOME.finditer(text):
            if _WRITES_THERE.search(text[max(0, match.start() - 60):match.start()]):
                found.append(match.group(0).rstrip(".,;:`'\""))
        for match in _HOME_FOLDER_NAMED.finditer(text):
            if _WRITE_VERB.search(text[max(0, match.start() - 40):match.start()]):
                found.append(match.group(0).split(None, 1)[1])
    return list(dict.fromkeys(found))


def machine_needs(case: Case) -> list[str]:
    """Home paths in the prompt's own words; the user's own folders there or in the
    criteria. A question asking for advice about the machine needs none of it."""
    own, advice = _asked_for_advice(unquoted(case.prompt, pasted=True))
    texts = [own, *([] if advice else (unquoted(t) for t in _criteria(case)))]
    # a home path in the criteria is what the answer names ("flags that it reads ~/.ssh"),
    # not where the work happens: only the prompt's own count
    homes = [m.group(0).rstrip(".,;:") for m in _HOME_PATH.finditer(texts[0])]
    homes += [m.group(0).rstrip(".,;:") for m in _DRIVE_PATH.finditer(texts[0])]
    # the author's checkout: a home path ending in a file the case stages ("the file
    # evals/files/a.md is located at /Users/ana/repo/.claude/skills/x/evals/files/a.md"),
    # and the folders above it the prompt names ("Work in /Users/ana/repo"), are the staged
    # file and the working directory, not the user's machine
    staged = [f.replace("\\", "/").strip("/") for f in case.files]
    checkout = [h for h in homes if any(h.replace("\\", "/").endswith("/" + f) for f in staged)]
    found = [h for h in homes if not any(c == h or c.startswith(h.rstrip("/\\") + "/")
                                         for c in checkout)]
    found += [m.group(0) for t in texts for pattern in (_OWN_FOLDER, OWN_MACHINE_RE)
              for m in pattern.finditer(t)]
    found += [m.group(1) for m in _PROJECT_AT.finditer(texts[0])]
    if _stages_nothing(case) and not case.setup_run:
        found += [m.group(0) for m in _STAGED_NOW.finditer(texts[0])]
    return list(dict.fromkeys(f.strip() for f in found))


# The repository's index as it is now ("the currently staged changes", "当前 staged diff",
# "当前已经 staged 的改动"): the user's working tree, which a session starts without.
_STAGED_NOW = re.compile(
    r"(?i)\b(?:currently|current|now)\s+staged\s+(?:diff|changes?|files?)\b"
    r"|(?:当前|目前|现在)(?:已经|已)?\s*staged\s*(?:的)?\s*(?:diff|改动|变更|修改|文件)")


# Words of grammar (and of time) after "my/our <service>" that leave it the thing itself
# ("check my Slack for", "post to our Discord and", "said in my Telegram today"): any other
# word is a noun it qualifies ("my LinkedIn posts", "our Jira project DEVOPS").
_FUNCTION_WORDS = frozenset(
    "a an the for to and or but with about from in on at of by so then that which who when "
    "where if as into onto via this these those it them me us you today yesterday tomorrow "
    "tonight now lately recently".split())
# What a statement says its subject does or has: "My current email has a 2% open rate".
_STATED = re.compile(r"\s+(?:(?:really|just|only|still|usually|always|never)\s+)?"
                     r"(?:has|have|had|is|are|was|were|gets?|got|sees?|saw|shows?|averages?)\b")
# The user as the subject of the verb ("We run ads ..., plus send a weekly newsletter and
# post on LinkedIn"): what the user does, told; "you" after it asks the agent to.
_USER_SUBJECT = re.compile(r"(?i)\b(?:I|we)\b(?![^.?!\n]*\byou\b)")


def _told_of(text: str, match: re.Match[str], qualifies: bool = True) -> bool:
    """The user's account or service named in what they tell, not where the work happens
    (English grammar; other languages' phrases are kept): a possessive qualifying a noun
    ("my LinkedIn posts", "our Jira project"), a service written for ("guidelines for our
    Discord"), the subject of a statement ("My current email has a 2% open rate"), or a
    send/post verb whose subject is the user ("we ... send a weekly newsletter"). A service
    (`qualifies`) is read as qualifying the word after it; an account ("my portfolio doing",
    "my inbox zero") is not, as those words are as often what it does."""
    phrase = match.group(0)
    before = re.split(r"[.?!\n]", text[:match.start()])[-1]
    after = text[match.end():]
    if re.match(r"(?i)(?:my|our)\s", phrase):
        word = re.match(r"[ \t]+([A-Za-z][\w-]*)", after)
        if qualifies and word is not None and word.group(1).lower() not in _FUNCTION_WORDS \
                and not word.group(1).endswith("ing") \
                or phrase[-1] != "-" and after.startswith("-"):
            return True
        if re.search(r"(?i)\bfor\s*$", before) or not before.strip() and _STATED.match(after):
            return True
    elif re.match(r"(?i)(?:post|send|share|publish|upload|tweet|message)", phrase):
        return _USER_SUBJECT.search(before) is not None
    return False


def _staged_as(case: Case, phrase: str) -> bool:
    """A possessive "my X" that a staged file is: a staged file's name holds X's head word
    ("my portfolio" and `portfolio-lead.md`), or the prompt names the case's only staged file
    ("내 포트폴리오 ... [Portfolio file: lead.md]"): the user's own X handed over, no account."""
    names = [PurePosixPath(f).name.lower() for f in (*case.files, *case.inline_files)]
    if not names:
        return False
    head = re.findall(r"[A-Za-z]{3,}", phrase)
    if head and any(head[-1].lower() in name for name in names):
        return True
    return len(names) == 1 and names[0] in case.prompt.lower()


# A request to push commits: only the repository's remote (a hosted service) takes them, and
# the sandbox reaches none ("stage them all, commit ... and push", "push it to origin").
# "push notifications" and "push back on" push nothing to a remote.
_PUSH = re.compile(
    r"(?i)\bgit\s+push\b"
    r"|\bpush(?:es|ing)?\s+(?:it|them|this|these|everything|(?:the|my|our)\s+(?:changes|"
    r"commits?|branch|fix(?:es)?|tags?|work))\b(?!\s+(?:back|down|aside|through|forward))"
    r"|\bpush(?:es|ing)?\s+(?:it\s+|them\s+)?to\s+(?:origin|the\s+remote|remote|github|gitlab|"
    r"bitbucket|(?:the\s+)?(?:main|master|develop)\s+branch)\b"
    r"|\bcommit\w*\b[^.?!\n]{0,80}?\band\s+push\b(?!\s+(?:back|notifications?))")


def account_needs(case: Case, skill_reaches: bool) -> list[str]:
    """The user's own account or a live service's data. Live data a case stages (a copy of
    the prices) is the fixture's, not the service's."""
    own, advice = _asked_for_advice(unquoted(case.prompt, pasted=True))
    found = [m.group(0) for t in [own, *([] if advice else (unquoted(c) for c in _criteria(case)))]
             for pattern in (_OWN_ACCOUNT, OWN_ACCOUNT_RE) for m in pattern.finditer(t)
             if not _told_of(t, m, qualifies=False) and not _staged_as(case, m.group(0))]
    found += [m.group(0) for m in OWN_SERVICE_RE.finditer(own) if not _told_of(own, m)]
    if not advice and "remote" not in " ".join(case.setup_run):
        found += [m.group(0) for m in _PUSH.finditer(own)]
    texts = [unquoted(case.prompt, pasted=True), *(unquoted(t) for t in _criteria(case))]
    if _stages_nothing(case):
        # (a text after a colon is material to work on: "翻译：今天天气很好")
        asked = re.split(r"[:：]\s*\S", texts[0], maxsplit=1)[0]
        found += [m.group(0) for m in WEATHER_LOOKUP_RE.finditer(asked)]
        found += [m.group(0) for t in texts
                  for pattern in (_LIVE_DATA, LIVE_DATA_RE, _LIVE_SOURCE, LIVE_SOURCE_RE)
                  for m in pattern.finditer(t)]
        if _ANY_SEARCH.search(texts[0]):
            found += [m.group(0) for m in _GOV_SITE.finditer(texts[0])]
        if skill_reaches:
            found += [m.group(0) for t in texts[1:] for sentence in _sentences(t)
                      if _DATA.search(sentence) and not _HOW_TO.search(sentence)
                      for m in _FROM_API.finditer(sentence)]
            found += [m.group(0) for m in _SOURCE_SEARCH.finditer(texts[0])
                      if not _LOCAL.search(m.group(0))]
            found += [m.group(0) for m in FROM_SOURCE_RE.finditer(texts[0])]
    return list(dict.fromkeys(" ".join(f.split()) for f in found))


# A tracker's item by its key (ABC-123) the prompt asks to look up, or the tracker's details
# of one it names: only the team's tracker holds them.
_LOOKUP = (r"(?i:look\s+up|pull|fetch|open|read|get|inspect|retrieve|find|check|"
           r"go\s+through)")
# (a standard's or an algorithm's name is no tracker key: SHA-256, UTF-8, ISO-8601, RFC-7231)
_ITEM_KEY = (r"\b(?!(?:SHA|UTF|ISO|RFC|HTTPS?|MD|AES|RSA|PEP|ES|ECMA|IEEE|GPT|TLS|SSL|IPV|UTC|"
             r"GMT|COVID|PDF|CSS|CP|IEC|ANSI|BASE|WCAG|OWASP|CWE|TOP|PCI|SOC|FIPS|EN|DIN|"
             r"PHASE|STEP|TIER|LEVEL|PART|SECTION|WEEK|DAY|Q)-)[A-Z][A-Z0-9]{1,9}-\d{1,6}\b")
_TRACKER_ITEM = re.compile(rf"\b{_LOOKUP}\b[^.?!\n]{{0,40}}?{_ITEM_KEY}")
_TRACKER_DETAILS = re.compile(
    rf"\b{_LOOKUP}\b[^.?!\n]{{0,20}}?\b(?i:jira|linear|youtrack|tracker|ticket|issue)\s+"
    r"(?i:details|description|ticket|issue|fields|comments|acceptance\s+criteria)\b")


def tracker_needs(case: Case) -> list[str]:
    """A tracker item the prompt asks to read by its key ("look up ABC-123", "I'm fixing
    BUG-7. Pull the Jira details"), when the case stages nothing that holds it."""
    if not _stages_nothing(case):
        return []
    own = unquoted(case.prompt, pasted=True)
    found = [m.group(0) for m in _TRACKER_ITEM.finditer(own)]
    if re.search(_ITEM_KEY, own):
        found += [m.group(0) for m in _TRACKER_DETAILS.finditer(own)]
    return list(dict.fromkeys(" ".join(f.split()) for f in found))


_REPO_LEVELS = 3  # the skill's parent and above: its skills folder, then its repository's
_DISTINCT = re.compile(r"^[A-Za-z][\w.]*[-_][\w.-]+$")  # `kirin-interpreter`, not `docs`


_PART_DEPTH = 2  # a package sits one or two folders below the repository's root


def repository_folders(skill_dir: Path) -> frozenset[str]:
    """Names of the packages and modules of the repository the skill ships in (folders one or
    two below its root, named distinctly: `crates/kirin-interpreter`), outside the skill."""
    skill = skill_dir.resolve()
    for root in list(skill.parents)[:_REPO_LEVELS]:
        marked = any((root / m).exists() for m in (".git", "Cargo.toml", "package.json",
                                                   "pyproject.toml", "go.mod", "pom.xml"))
        if not marked:
            continue
        # the one walk two folders deep (runner.authoring.project_walk): a vendored or built
        # copy (`vendor/some-lib`, `dist/app-core`) or a linked folder is no package of its own
        walk = Walk(root, lambda here, name: "hidden" if name.startswith(".") else None,
                    depth=_PART_DEPTH)
        return frozenset(f.name for f in walk.folders() if f != root
                         and not skill.is_relative_to(f.resolve())
                         and _DISTINCT.match(f.name) and not (f / "SKILL.md").exists())
    return frozenset()


def _repository_root(skill_dir: Path) -> Path:
    """The folder holding `.git` above the skill (its clone), else the skill's parent."""
    skill = skill_dir.resolve()
    return next((root for root in list(skill.parents)[:_REPO_LEVELS]
                 if (root / ".git").exists()), skill.parent)


def repository_parts(case: Case, parts: frozenset[str]) -> list[str]:
    """The repository's own packages the prompt works on when the case stages nothing: a
    skill for developing that repository, whose sessions would start without it."""
    if not parts or not _stages_nothing(case):
        return []
    own = unquoted(case.prompt, pasted=True)
    return [p for p in sorted(parts) if re.search(rf"(?<![\w/.-]){re.escape(p)}(?![\w-])", own)]


def image_service_needs(case: Case) -> list[str]:
    """An image model or service the prompt asks to draw with ("用 Seedream 生图", "with
    DALL-E"), unless it says not to yet ("先不要生成") or only asks how (advice)."""
    own, _ = _asked_for_advice(unquoted(case.prompt, pasted=True))
    if HOLD_OFF_RE.search(own):
        return []
    return list(dict.fromkeys(" ".join(m.group(0).split())
                              for m in IMAGE_SERVICE_RE.finditer(own)))


# A key the skill's own SKILL.md says its service needs: an environment variable named as a
# key or token beside words of needing or setting it ("export ACME_API_KEY", "requires
# WEATHER_TOKEN", "未配置 X_APP_KEY"), a missing-key error it handles (`NO_API_KEY`), or keys
# its frontmatter requires (`env: [X_KEY]`). A skill about keys ("flags hard-coded API keys",
# "never log GITHUB_TOKEN") needs none.
_KEY_NAME = re.compile(r"(?<![\w$])((?:NO_|MISSING_)?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:API_?KEY|"
                       r"APP_?KEY|KEY|TOKEN|SECRET|ACCESS_KEY|COOKIE))(?![\w])")
_KEY_NEED = re.compile(r"(?i)\b(?:export|set|setx|requires?|required|needs?|configure[sd]?|"
                       r"provide|missing|env|environment|optional_env|primaryEnv|\.env)\b|"
                       r"需要|配置|设置|設置|环境变量|環境變數|未配置|申请|申請|获取|獲取|"
                       r"必要|設定|환경\s*변수|necesita|requiert|benötigt|нужен|требуется")
_KEY_USE = re.compile(r"(?i)\b(?:never|don't|do\s+not|avoid|flag|flags|detect|detects|scan|"
                      r"leak|leaked|hard-?coded|redact|rotate)\b")


# A line that starts a block of its own (a list item, a heading, a table row, a quote, a
# fence): never the continuation of the line before it.
_BLOCK_START = re.compile(r"^\s*(?:[-*+>#|]|\d+[.)]\s|```|~~~)")


def _unwrapped(text: str) -> list[str]:
    """SKILL.md's lines with a wrapped sentence joined again ("live reads require a" /
    "Stripe secret or restricted API key"): prose and YAML folded text wrap mid-sentence, so a
    line that continues its paragraph joins the one before; code fences stay line by line."""
    out: list[str] = []
    fenced = joinable = False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            out.append(line)
            joinable = False
            continue
        if joinable and not fenced and line.strip() and not _BLOCK_START.match(line) \
                and not re.search(r"[.!?:;。！？]\s*$", out[-1]):
            out[-1] = f"{out[-1].rstrip()} {line.strip()}"
        else:
            out.append(line)
        # a heading or a table row ends where it ends
        joinable = bool(line.strip()) and not fenced and not re.match(r"\s*[#|]", line)
    return out


def _need_lines(skill_dir: Path) -> list[str]:
    """SKILL.md's lines that may say what the skill needs, and the sentences of a wrapped one
    read whole (a need folded across lines): none that is about keys as such (a line, or a
    wrapped item, saying so speaks for all it holds: "do not use `git add .`. Exclude .env
    files, credentials"); a sentence of its own ("no services, no API keys.") says no need
    that another sentence's words ("(network required)") would lend it."""
    path = skill_dir / "SKILL.md"
    if not path.is_file() or path.stat().st_size > 1_000_000:
        return []
    text = path.read_text(encoding="utf-8", errors="replace")
    lines = [line for line in text.splitlines() if not _KEY_USE.search(line)]
    wrapped = [sentence for line in _unwrapped(text) if not _KEY_USE.search(line)
               for sentence in _sentences(line)]
    return list(dict.fromkeys([*lines, *wrapped]))


# SKILL.md saying in words that the skill needs the network ("Requires `uv` on PATH and
# network access to huggingface.co over HTTPS", "needs an internet connection").
_NETWORK_NEED = re.compile(
    r"(?i)\b(?:requires?|needs?|must\s+have)\b[^.\n]{0,60}?\b(?:network|internet)\s+"
    r"(?:access|connection|connectivity)\b(?P<to>\s+to\s+[\w.-]+\.[a-z]{2,})?"
    r"|\b(?:network|internet)\s+(?:access|connection)\s+(?:is\s+)?required\b")


def skill_network_need(skill_dir: Path) -> str | None:
    """The words by which SKILL.md says the skill needs the network, or None."""
    for line in _need_lines(skill_dir):
        found = _NETWORK_NEED.search(line)
        if found is not None and not re.search(r"(?i)\b(?:no|without|never|not)\b[^.\n]{0,20}"
                                               r"(?:network|internet)", line):
            return " ".join(found.group(0).split())
    return None


# A file at such a path (it names a file: an extension after its last slash).
_HOME_FILE = re.compile(r"[\\/][^\\/\s`'\")]*\.[A-Za-z][\w]{0,6}$")


def skill_machine_files(skill_dir: Path) -> list[str]:
    """The files on its author's machine SKILL.md has the agent read or run, by an absolute
    path there (`/mnt/project/style-guide.md`, `~/notes/rules.md`, `python /mnt/skills/
    public/docx/scripts/pack.py`): no sandbox holds them, in any arm."""
    path = skill_dir / "SKILL.md"
    if not path.is_file() or path.stat().st_size > 1_000_000:
        return []
    text = path.read_text(encoding="utf-8", errors="replace")
    # (the skill's own file by its install path, `~/.claude/skills/<name>/...`, ships with it)
    found = [m.group(0).rstrip(".,;:)`'\"") for m in _HOME_PATH.finditer(text)
             if not _WRITTEN_TO.search(text[max(0, m.start() - 80):m.start()])
             and f"/skills/{skill_dir.name}/" not in m.group(0)]
    return list(dict.fromkeys(f for f in found if _HOME_FILE.search(f)))


# A path the skill writes to ("save the report to ~/Reports/x.md"): its output, made in the run.
_WRITTEN_TO = re.compile(
    r"(?i)\b(?:save|saves|saved|write|writes|written|output|outputs|export|exports|append|"
    r"appends|appended|create|creates|generate|generates|store|stores|copy|copies|move|moves|"
    r"place|places|put|puts)\b[^.,;\n]{0,40}?\b(?:to|into|at|in|as|under)\s*"
    r"(?:(?:the|a|an|your|its)\s+)?(?:(?:file|folder|directory|path)\s+)?[`'\"]?$"
    # a label or a sentence placing the output: "Output: `~/Desktop/out.pdf`", "Files go in ..."
    r"|\b(?:output|outputs|results?|files?\s+go(?:es)?|it\s+goes)\s*(?:[:：]|\s+(?:in|into|to))"
    r"\s*[`'\"]?$")


def skill_keys(skill_dir: Path) -> list[str]:
    """The keys the skill's SKILL.md says its external service or CLI needs."""
    found: list[str] = []
    for line in _need_lines(skill_dir):
        names = [m.group(1) for m in _KEY_NAME.finditer(line)]
        if names and (_KEY_NEED.search(line) or any(n.startswith(("NO_", "MISSING_"))
                                                      for n in names)):
            found += names
    return list(dict.fromkeys(found))


# The same need in words ("Jenkins 侧需要账号的 API Token", "requires an API key from your
# dashboard"), which counts only when the skill's own scripts reach the network (the scan's
# CB001): a skill that explains tokens and calls nothing needs none.
_KEY_WORDS = re.compile(r"(?i)\bAPI[\s_-]?(?:key|token)s?\b|\baccess[\s_-]?tokens?\b|"
                        r"\bapiToken\b|\bapi_key\b|\bcredentials?\b|凭证|凭据|密钥|令牌|"
                        r"憑證|金鑰|トークン|APIキー|API\s*키")


def skill_key_words(skill_dir: Path) -> list[str]:
    """The credentials SKILL.md says in words that the skill's service needs."""
    found = [" ".join(m.group(0).split()) for line in _need_lines(skill_dir)
             if _KEY_NEED.search(line) for m in _KEY_WORDS.finditer(line)]
    return list(dict.fromkeys(found))


def _sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.!?])\s+|\n", text)


# A link given as a labelled value in parentheses after what it addresses ("write a page in my
# Notes database (notion db url: https://...)"): its label is no cue of its own.
_LABELLED_LINK = re.compile(r"(?i)\(\s*[^()\n]{0,40}?\b(?:url|link|address|uri)\s*[:=]\s*$")


# A demonstrative naming the material, then a colon: what follows is that material; an
# address a program is to use ("this endpoint:", "this base URL:", "this webhook:") is none.
_PRESENTED = re.compile(r"(?i)(?:\b(?:this|that|these|the\s+following)\s+(?:[\w-]+\s+){0,2}?"
                        r"[\w-]+|\bhere(?:'s|\s+is|\s+are)\s+(?:[\w-]+\s+){0,3}?[\w-]+)"
                        r"(?<!endpoint)(?<!endpoints)(?<!api)(?<!url)(?<!webhook)(?<!host)"
                        r"(?<!server)(?<!domain)(?<!address)(?<!origin)\s*:\s*$")


def _read_url(text: str, match: re.Match[str]) -> bool:
    """The URL is handed over to be read: a web app's page, or the last cue before it in its
    clause is a reading one ("summarise https://...", not "add a link to https://...").
    A link in a labelled parenthesis is read as the verb of what it addresses is ("summarise
    the spec (spec url: ...)" reads; "write a page in my database (db url: ...)" writes)."""
    window = text[max(0, match.start() - 60):match.start()]
    label = _LABELLED_LINK.search(window)
    if label is not None:
        opened = match.start() - len(window) + label.start()
        if _APP_PAGE.match(match.group(0)):
            return not _last_cue_writes(text, opened)
        return _last_cue_reads(text, opened)
    if _APP_PAGE.match(match.group(0)):
        return not _last_cue_writes(text, match.start())
    if _last_cue_reads(text, match.start()):
        return True
    # the link presented as the material the request names ("release notes for this deploy:
    # https://...", "here's the run: https://..."), no cue of putting it in the work
    clause = _clause_before(text, match.start())
    presented = _PRESENTED.search(clause)
    if presented is not None and not _WRITE_CUE.search(clause[:presented.start()]):
        return True
    # a question of how a quality of the linked page is ("How's the UX on https://...", "how
    # good is the copy of https://..."): the page is to be looked at and judged
    if _QUESTIONED.search(clause) and not _WRITE_CUE.search(clause):
        return True
    # a link that leads its clause, the verb after it: "https://docs.x.io/api: review this
    # API for us", and in languages whose verb comes last ("https://... 검토해줘")
    before = _clause_before(text, match.start())
    if _READ_CUE.search(before) or READ_CUE_RE.search(before) or _WRITE_CUE.search(before) \
            or match.group(0)[-1] in ".!?;":  # its sentence ends with it: nothing follows
        return False
    after = re.split(r"[.;!?\n]\s|\n|[。！？；]", text[match.end():match.end() + 120])[0]
    reads = [m for pattern in (_READ_CUE, READ_CUE_RE) for m in pattern.finditer(after)]
    return bool(reads) and _WRITE_CUE.search(after) is None


# "how's / how is / how good is / what do you think of the <thing> on|of|at" right before a link
_QUESTIONED = re.compile(r"(?i)(?:^|\s)(?:how'?s|how\s+(?:is|are|good|bad|well)(?:\s+is|\s+are|"
                         r"\s+does)?|what\s+do\s+you\s+think\s+(?:of|about))\s+(?:the\s+|its\s+)?"
                         r"(?:[\w-]+\s+){0,3}?(?:on|of|at|for)?\s*$")


def _clause_before(text: str, at: int) -> str:
    window = text[max(0, at - 80):at]
    return re.split(r"[.;!?\n]\s|\n|[。！？；]", window)[-1]


def _last_cue_reads(text: str, at: int) -> bool:
    clause = _clause_before(text, at)
    reads = [m.end() for pattern in (_READ_CUE, READ_CUE_RE) for m in pattern.finditer(clause)]
    writes = [m.end() for m in _WRITE_CUE.finditer(clause)]
    return bool(reads) and (not writes or max(reads) > max(writes))


def _last_cue_writes(text: str, at: int) -> bool:
    clause = _clause_before(text, at)
    reads = [m.end() for m in _READ_CUE.finditer(clause)]
    writes = [m.end() for m in _WRITE_CUE.finditer(clause)]
    return bool(writes) and (not reads or max(writes) > max(reads))


def urls_to_read(case: Case) -> list[str]:
    """The links the prompt hands the agent to read (quoted material's links are its own)."""
    own = unquoted(case.prompt)
    return list(dict.fromkeys(m.group(0).rstrip(".,;:") for m in _URL.finditer(own)
                              if _read_url(own, m)))


# A website named by its bare domain ("audit zapier.com"), written in lower case as a user
# types an address ("Schema.org", "Next.js" are names): a host of a common top-level domain,
# no part of an address, a path or a longer name (`bob@x.com`, `x.com/a`, `x.com.au`)
_SITE = re.compile(r"(?<![\w@./:-])(?:[a-z0-9][a-z0-9-]*\.)+(?:com|org|net|co|io)"
                   r"(?![\w@/-]|\.[a-z])")
# the verb of looking at a live site, the last cue before it in its clause
_SITE_CUE = re.compile(r"(?i)\b(?:audit\w*|check|checks|checking|crawl\w*|scan\w*|"
                       r"inspect\w*|visit|analy[sz]e|review|research|scrape|browse|fetch)\b")


# the user doing it ("i'm trying to scrape github.com ... my script keeps getting blocked"):
# their own activity, the request is about it
_USERS_OWN = re.compile(r"(?i)\b(?:i|i'm|i am|we|we're|we are)\s+(?:[\w']+\s+){0,2}$")


def sites_to_read(case: Case, request: str) -> list[str]:
    """Websites the request hands over by their bare domain to audit or read ("run a
    martech audit on domainmethods.com", "check what pixels are on zapier.com"): live pages,
    which the sandbox cannot reach. `request` is the prompt's own words less a question of
    how (asked for advice, the site is what the advice is about). A case staging files may
    hold a copy: not read so."""
    if case.files or case.inline_files:
        return []
    found: list[str] = []
    for match in _SITE.finditer(request):
        clause = _clause_before(request, match.start())
        reads = list(_SITE_CUE.finditer(clause))
        writes = [m.end() for m in _WRITE_CUE.finditer(clause)]
        if reads and (not writes or reads[-1].end() > max(writes)) \
                and not _USERS_OWN.search(clause[:reads[-1].start()]):
            found.append(match.group(0))
    # a host given as the site's address ("Their site is at skincareclinic.rs"), any
    # top-level domain, when the request reads or works on a site at all
    if _SITE_CUE.search(request):
        found += [host for _, host in addressed_hosts(request)]
    return list(dict.fromkeys(found))


# A criterion saying something is done to the live site the prompt names: a check or script
# run against it, or the site fetched ("The audit script is run against the URL", "Fetches
# the site's robots.txt"). Its object is the prompt's site by the words "the URL/site".
_AT_SITE = (r"(?:the|this|that|their|its|your|user's)\s+(?:live\s+|given\s+|provided\s+)?"
            r"(?:url|site|website|web\s?site|domain|homepage|landing\s+page)\b")
_SITE_RUN = re.compile(
    rf"(?i)\b(?:run|runs|ran|executed?|performed?|pointed)\s+(?:\w+\s+){{0,2}}?(?:against|on)"
    rf"\s+{_AT_SITE}|\b(?:fetch\w*|crawl\w*|visit\w*|curl\w*|ping\w*|request\w*|"
    rf"scrap\w*|load\w*|audit\w*|scan\w*)\s+{_AT_SITE}")


def criteria_reach_site(case: Case) -> list[str]:
    """The prompt's website (a link, or a host given as a site's address) when a criterion
    expects a check run against it or it fetched ("I'm about to launch https://x.app ..."
    with "The site check script is run against the URL"): live pages, which the sandbox
    cannot reach, whatever verb the prompt itself uses."""
    own = unquoted(case.prompt)
    sites = [m.group(0).rstrip(".,;:") for m in _URL.finditer(own)] + [
        host for _, host in addressed_hosts(own)] + [m.group(0) for m in _SITE.finditer(own)]
    if not sites or not any(_SITE_RUN.search(t) for t in [
            *_criteria(case), *case.assertions] if t):
        return []
    return list(dict.fromkeys(sites))


def fetch_tools(case: Case) -> list[str]:
    """Tools the case names to fetch with that are no tool of claude's own (`notion-fetch`):
    an MCP server's, which the sandbox does not have."""
    own = {t.lower() for t in OWN_TOOLS} | _WEB_TOOLS
    texts = [case.prompt, *_criteria(case), *case.assertions, *case.tool_calls]
    names = [m.group(1) for t in texts for m in _TOOL_NAME.finditer(t)]
    return list(dict.fromkeys(n for n in names if n.lower() not in own))


def unstaged_edits(case: Case, in_project: bool = False) -> list[str]:
    """Files the criteria expect changed (not made) while the case stages nothing: the
    user's own checkout, which the sandbox does not have. A prompt making a new project
    ("I'm starting a new React app") has none: its files are the agent's to write.
    `in_project`: the case runs in its skill's project (runner.authoring.whole_project), so
    a file the project holds (by its path or its name) is staged; any other is not."""
    if "```" in case.prompt or new_project(case.prompt):
        return []
    if in_project and not case.files:
        held = {n.lower() for at in case.inline_files
                for n in (at, Path(at).name)}
        return [f for f in unstaged_edits(case.model_copy(update={"inline_files": {}}))
                if f.lower().lstrip("./") not in held and Path(f).name.lower() not in held]
    if not _stages_nothing(case):
        return []
    outputs = {o.path.lower() for o in case.outputs}
    found: list[str] = []
    # the edit word must govern the file: in its clause ("values.yaml is updated"), never
    # elsewhere in the criterion ("Checks for product-marketing.md first. Asks about existing
    # research" reads the file and edits nothing)
    clauses = [c for text in _criteria(case) for c in _CLAUSE.split(unquoted(text))]
    # a file the criteria expect created ("Should create the file at .agents/x.md") is the
    # agent's to write when missing: a check whether it is "existing" needs nothing staged
    made = {Path(m.group(0)).name.lower() for text in clauses if _MADE.search(text)
            for m in _MADE_PATH.finditer(text)}
    for text in clauses:
        edits = [e.group(0).lower() for e in _EDITED.finditer(text)]
        if not edits:
            continue
        for match in FILE_WORD.finditer(text):
            name = match.group(1)
            if set(edits) == {"existing"} and Path(name).name.lower() in made:
                continue
            # "A logging_plan.md that follows the existing conventions": a file brought in by
            # an indefinite article is a new one, the work's output
            if _A_NEW_FILE.search(text[:match.start()]):
                continue
            if reads_as_file(name) and name.lower() not in outputs \
                    and not asks_to_write(case.prompt, Path(name).name):
                found.append(name)
    return list(dict.fromkeys(found))


def skill_home_data(skill_dir: Path) -> list[str]:
    """Where the skill's own files keep data under the user's home folder."""
    found: list[str] = []
    # its scripts on the one walk (runner.authoring.project_walk): a dependency's code under
    # `scripts/node_modules/` is not where the skill keeps its data
    scripts = Walk(skill_dir / "scripts", limit=sys.maxsize).files()
    for path in [skill_dir / "SKILL.md", *sorted(scripts)]:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > 1_000_000:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [m.group(0).strip() for m in _SKILL_HOME.finditer(text)]
    return list(dict.fromkeys(found))


def history_needs(case: Case, home_data: list[str]) -> list[str]:
    """A question about the user's own history, when the skill keeps it under their home
    folder and the case stages none of it."""
    if not home_data or not _stages_nothing(case):
        return []
    own = unquoted(case.prompt, pasted=True)
    return [" ".join(m.group(0).split()) for m in _OWN_HISTORY.finditer(own)][:2]


def _skill_reaches(skill_dir: Path) -> bool:
    """The static scan finds network reach (CB001) in the skill's own files."""
    from runner.authoring.scan import scan_skill

    return any(f.code == "CB001" for f in scan_skill(skill_dir))


def _expected(checks: tuple[str, ...], negation: str) -> list[str]:
    """The checks that ask for something: a prohibition (`!WebFetch`, `not:web_search`) is
    passed by not using the web, which every arm can."""
    return [c for c in checks if not c.startswith(negation)]


# A web tool named as a setting of something the user has ("web search enabled", "with its
# web_search capability", "web fetch: on"), around the tool's name.
_SETTING_AFTER = (r"\s*[:=]?\s*(?:is\s+)?(?:enabled|disabled|turned\s+on|on|off|capabilit(?:y|ies)|"
                  r"features?|settings?|options?|support(?:ed)?)\b")
_SETTING_BEFORE = r"\b(?:enable[sd]?|disable[sd]?|with|has|supports?)\s+(?:its\s+|the\s+)?"


def _prompt_subject(term: str, prompt: str) -> bool:
    """A web tool the prompt itself names as a setting of what the user describes ("Column
    B: Company Description (AI, web search enabled)"): a criterion naming it speaks of that
    (the column to suggest uses web search), not of a search the agent must run. A prompt
    asking for the search is flagged on its own."""
    name = r"[ _-]?".join(re.escape(w) for w in re.split(r"[ _-]+", term.strip().lower()))
    tool = rf"(?<![\w-]){name}(?![\w-])"
    own = unquoted(prompt)
    return re.search(rf"(?i){tool}{_SETTING_AFTER}|{_SETTING_BEFORE}{tool}", own) is not None


# A server on the user's machine the prompt points at ("my dev project at localhost:3000"),
# unless the prompt asks the agent to start one (then the agent's own server answers there).
_LOCAL_SERVER = re.compile(r"(?i)(?<![\w.-])(?:https?://)?(?:localhost|127\.0\.0\.1|0\.0\.0\.0)"
                           r"(?::\d{2,5})?(?:/[\w./-]*)?")
_STARTS_SERVER = re.compile(r"(?i)\b(?:start|starts|run|runs|serve|serves|launch|spin\s+up|"
                            r"boot|host|listen|listens|bind|expose|build|create|write|set\s+up)"
                            r"\b|启动|运行|搭建")


def local_servers(case: Case) -> list[str]:
    """The local addresses the prompt reads from a server it does not ask the agent to start
    (in the address's own sentence: "I need to set up a story map. The test environment is at
    http://localhost:3000" starts no server)."""
    own = unquoted(case.prompt)
    found = []
    for match in _LOCAL_SERVER.finditer(own):
        start = max(own.rfind(". ", 0, match.start()), own.rfind("\n", 0, match.start())) + 1
        ends = [at for at in (own.find(". ", match.end()), own.find("\n", match.end()))
                if at >= 0]
        if not _STARTS_SERVER.search(own[start:min(ends, default=len(own))]):
            found.append(match.group(0))
    return list(dict.fromkeys(found))


def case_reach(case: Case, skill_reaches: bool, home_data: list[str],
               in_project: bool = False) -> list[str]:
    """Why no arm can pass the case, each reason with the words that triggered it."""
    from runner.authoring.prompts import outside_needs, web_criteria

    why = [f"the prompt needs '{n}' (no network, none of the user's machine)"
           for n in outside_needs(case.prompt)]
    why += [f"its criteria expect '{t}' (no network)"
            for t in web_criteria([*case.statements, *_expected(case.assertions, "not:"),
                                   *_expected(case.tool_calls, "!")])
            if not _prompt_subject(t, case.prompt)]
    why += [f"'{w}': the user's own machine, which the sandbox does not have"
            for w in machine_needs(case)]
    why += [f"its criteria expect the work written at '{w}', a folder of the user's machine "
            "that the sandbox does not have" for w in written_on_machine(case)]
    why += [f"'{w}': the user's own account or a live service, which the sandbox cannot reach"
            for w in account_needs(case, skill_reaches)]
    why += [f"'{w}': a live service the prompt says the agent may call, and its criteria need "
            "what it answers; the sandbox has no network and no key" for w in
            granted_services(case)]
    why += [f"'{w}': an image-generation service, which the sandbox cannot reach"
            for w in image_service_needs(case)]
    _, advice = _asked_for_advice(unquoted(case.prompt, pasted=True))
    why += [f"'{w}': an act in a hosted service the user works in (their mail, files or "
            "records), which the sandbox cannot reach and holds no account of"
            for w in service_acts(case, advice)
            if not any(w in said or said.split("'")[1] in w for said in why
                       if said.count("'") >= 2)]
    why += [f"'{w}': an item of the team's tracker, which the sandbox cannot reach"
            for w in tracker_needs(case)]
    why += [f"'{u}': a page to read, and the sandbox has no network" for u in urls_to_read(case)]
    why += [f"'{a}': a server running on the user's machine, which the sandbox does not have"
            for a in local_servers(case) if not any(a in u for u in urls_to_read(case))]
    why += [f"'{u}': a live site its criteria expect checked or fetched, and the sandbox has "
            "no network" for u in criteria_reach_site(case)
            if not any(u in w or w in u for w in urls_to_read(case))]
    why += [f"its criteria expect '{f}' changed, which the case does not stage (the user's "
            "own files)" for f in unstaged_edits(case, in_project)]
    direction = None if case.files or case.inline_files else stage_direction(case.prompt)
    why += [f"the prompt's note to whoever runs it says '({direction})': a working directory "
            "the case does not stage"] if direction else []
    request, _ = _asked_for_advice(unquoted(case.prompt, pasted=True))
    why += [f"'{d}': a live website to read, and the sandbox has no network"
            for d in sites_to_read(case, request) if not any(d in u for u in urls_to_read(case))]
    why += [f"'{w}': a pull request, issue or CI run of the code-hosting service, which the "
            "case does not stage; the sandbox has no network and no `gh` login"
            for w in hosted_objects(case, request, in_project)
            if not any(w in u or u in w for u in urls_to_read(case))]
    why += [f"'{w}': {OWN_PROJECT}, and its criteria expect its files worked on ('{c}')"
            for w, c in own_project_needs(case, request)]
    why += [w for w in web_needs(case, request) if not any(
        w.split("'")[1] in said or said.split("'")[1] in w.split("'")[1] for said in why
        if said.count("'") >= 2)]
    why += [f"its {key} say{'s' if not key.endswith('s') else ''} '{said}' (the author's own "
            "word that the run lacks it)" for key, quotes in notes_needs(case.extra).items()
            for said in quotes]
    where = ", ".join(home_data[:2])
    why += [f"'{w}': the user's own history, which the skill keeps at {where} on their "
            "machine and the case does not stage" for w in history_needs(case, home_data)]
    return list(dict.fromkeys(why))


def _report_unstaged_work(case: Case, request: str, problems: Problems) -> None:
    """EV014 for a request changing the user's own thing that no case stages
    (runner.authoring.unstaged_work); a case left out already (EV009), a trigger test, or one
    whose criteria expect the agent to hold off says so otherwise."""
    if any(f.case == case.id for f in problems.unrunnable) or trigger_test(case) is not None:
        return
    work = unstaged_work(case, request)
    if not work or declined(case, work):
        return
    problems.report(OUTSIDE, case.id, f"{', '.join(repr(w) for w in work[:3])}: work on "
                    "the user's own software or material (a change or a review of it), which "
                    "the case does not stage: the agent can only describe the work, so a "
                    "criterion that reads, runs or looks at that thing cannot pass in any arm",
                    "stage what the request works on under `files` (the project's files, the "
                    "image) and say so in the prompt, or grade only the words of the answer")


def web_needs(case: Case, request: str) -> list[str]:
    """What on the web the case asks for that the older finders leave out, read by grammar
    (runner.authoring.web_reach): a host's page to look at, a domain's registration, a named
    platform's live content, a link handed over as the page or judged by its content."""
    criteria = [unquoted(t) for t in [*_criteria(case), *case.assertions] if t]
    domains = domain_checks(request, criteria)
    why = [f"{', '.join(repr(w) for w in domains[:4])}: a domain's registration, which only a "
           "live registry answers, and the sandbox has no network"] if domains else []
    # (a page handed over or judged by its content is the page, whatever else is staged)
    why += [f"'{u}': a page its criteria read by its content, and the sandbox has no network"
            for u in judged_pages(unquoted(case.prompt), criteria)]
    if not _stages_nothing(case):
        return why
    why += [f"'{w}': a live website to read, and the sandbox has no network"
            for w in [*owned_pages(request), *official_sites(request)]]
    # a title searched for is written in quotes ("搜索微信公众号「人民日报」"): the prompt's
    # own words with them, less pasted material and questions of how
    titled, _ = _asked_for_advice(asked(case.prompt))
    why += [f"'{w}': a platform's live content to search or fetch, and the sandbox has no "
            "network" for w in platform_searches(titled)]
    return why


# An organisation's own website the work takes its facts from ("Gather facts from its official
# website", "from Acme's website", "从官网获取"): a live site, whatever the organisation.
_OFFICIAL_SITE = re.compile(
    r"(?i)\b(?:from|via|using|off)\s+(?:its|their|the\s+(?:[\w-]+\s+){0,3}?[\w-]+['’]s|"
    r"[\w-]+['’]s|the)\s+(?:official\s+)(?:website|web\s?site|homepage|home\s+page|site|web\s+pages?)\b"
    r"|(?:从|從)(?:[\u4e00-\u9fff]{0,12}?)?(?:官网|官網|官方网站|官方網站)(?:上)?"
    r"(?=[^，。]{0,6}(?:获取|獲取|查|找|抓取|收集|下载|下載|整理))")
# (a verb of gathering in its clause: "Gather facts from its official website"; "publish on the
# official website" puts the work there)
_GATHERS = re.compile(r"(?i)\b(?:gather\w*|collect\w*|get|gets|pull\w*|fetch\w*|find\w*|look\w*|"
                      r"research\w*|extract\w*|scrape\w*|read\w*|use|using|based|take|takes|"
                      r"source\w*|summari[sz]e\w*|check\w*)\b|[\u4e00-\u9fff]")


def official_sites(request: str) -> list[str]:
    """The organisation's official website a request takes its material from."""
    return list(dict.fromkeys(" ".join(m.group(0).split()) for m in
                              _OFFICIAL_SITE.finditer(request)
                              if _GATHERS.search(_clause_before(request, m.start()) + m.group(0))))


def _clip(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[:width - 3].rstrip() + "..."


def report_reach(skill_dir: Path, cases: list[Case], problems: Problems) -> None:
    """One EV014 line a case that needs what the sandbox lacks; EV016 when the case fetches
    a page with a tool that is none of claude's own (an MCP server's)."""
    reaches: bool | None = None
    home_data = skill_home_data(skill_dir)
    parts = repository_folders(skill_dir)
    keys = skill_keys(skill_dir)
    programs = skill_programs(skill_dir)
    coverage = skill_coverage_runs(skill_dir)
    makes = skill_makes(skill_dir)
    clis = cli_reach(skill_dir)
    scripts = unshipped_scripts(skill_dir)
    lookups = live_lookups(skill_dir)
    if not keys:
        in_words = skill_key_words(skill_dir)
        if in_words:
            reaches = _skill_reaches(skill_dir)
            keys = in_words if reaches else []
    if keys:
        problems.report(OUTSIDE, "", f"the skill calls a service that needs a key "
                        f"({', '.join(keys[:3])}): the sandbox has no network and no key, so a "
                        "case that needs that service cannot pass in any arm", "stage what the "
                        "service returns as fixtures and say so in the prompt, or grade what "
                        "the skill does without it (its advice, its handling of the missing key)")
    network = skill_network_need(skill_dir)
    if network is not None and not keys:
        problems.report(OUTSIDE, "", f"SKILL.md says the skill needs the network ({network!r}): "
                        "the sandbox has none, so a case whose answer needs what it fetches "
                        "cannot pass in any arm", "stage what the skill would fetch as fixtures "
                        "and say so in the prompt, or grade what the skill does without it")
    web = web_steps(skill_dir) if network is None else None
    if web is not None:
        problems.report(OUTSIDE, "", f"the skill's own steps reach the web ({web!r}, SKILL.md): "
                        "a trial has no network (WebFetch fails) and the gateway refuses web "
                        "search unless the run allows server tools, so a case whose answer "
                        "needs what the search finds cannot pass in any arm", "stage what the "
                        "search would find as fixtures and say so in the prompt, or run with "
                        "--allow-server-tools (lets WebSearch through; WebFetch still has no "
                        "network), or grade what the skill does without it")
    machine = skill_machine_files(skill_dir)
    if machine:
        shown = ", ".join(repr(f) for f in machine[:3]) + \
            (f" (and {len(machine) - 3} more)" if len(machine) > 3 else "")
        problems.report(OUTSIDE, "", f"SKILL.md has the agent read or run files on its "
                        f"author's machine, by absolute path ({shown}): the sandbox does not "
                        "have them, so a case whose answer needs what they hold cannot pass in "
                        "any arm", "ship what the skill needs inside it and name it by its "
                        "path in the skill (references/...), or stage it as fixtures")
    repository = repository_programs(skill_dir, skill_md_text(skill_dir))
    if repository:
        shown = ", ".join(f"`{name}` ({where})" for name, where in repository[:3])
        problems.report(OUTSIDE, "", f"SKILL.md runs {shown}, a program of the skill's "
                        "repository outside the skill's folder: a trial installs the skill "
                        "alone, so no arm has it and a case whose answer needs what it gives "
                        "cannot pass", "ship the program inside the skill (scripts/), or run "
                        "with an image that has it installed (`skill-eval run --image`)")
    imports = unshipped_imports(skill_dir)
    if imports:
        scripts = list(dict.fromkeys(script for script, _ in imports))
        shown = ", ".join(f"{target}" for _, target in imports[:3])
        problems.report(OUTSIDE, "", f"the skill's {', '.join(scripts[:3])} import(s) {shown}"
                        + (f" (and {len(imports) - 3} more)" if len(imports) > 3 else "")
                        + ", which the skill's folder does not hold (the repository's, left "
                        "behind): a trial installs the skill alone, so the script fails in every "
                        "arm and a case needing its output cannot pass", "ship the imported "
                        "modules inside the skill (or bundle the script into one file)")
    project = project_of(skill_dir)
    places = outside_places(skill_dir) if project is not None else {}
    hosts = remote_hosts(skill_dir)
    fetches = skill_fetches(skill_dir)
    if fetches:  # said once for the set; each case whose words name the tool says it again
        shown = ", ".join(f"`{command}`" for command in list(fetches.values())[:3])
        problems.report(OUTSIDE, "", f"SKILL.md runs {shown}: a package fetched from its "
                        "registry at run time, and the sandbox has no network, so a case whose "
                        "work goes through it cannot pass in any arm", "vendor the package "
                        "inside the skill, or run with an image that has it installed "
                        "(`skill-eval run --image`)")
    calling = network_scripts(skill_dir)
    running = procedure_scripts(skill_dir, calling)
    submodules = absent_submodules(skill_dir)
    description = declared_description(skill_dir) or ""

    def held() -> frozenset[str]:  # the repository's skills and folders, read when asked
        from runner.authoring.layouts import names_below  # (layouts imports this module)

        return once(("held_names", str(skill_dir.resolve())), lambda: frozenset(
            {skill_dir.name, declared_name(skill_dir) or skill_dir.name, *parts,
             *names_below(_repository_root(skill_dir))}))

    for case in cases:
        tools = fetch_tools(case)
        urls = urls_to_read(case)
        if tools and urls:
            problems.report(MCP_NEED, case.id, f"the case reads {', '.join(urls[:3])} with "
                            f"{', '.join(repr(t) for t in tools[:3])}, no tool of claude's own "
                            "(an MCP server's): the sandbox has none, so no arm can call it",
                            "stage what the tool would return as fixtures and say so in the "
                            "prompt, or drop the case")
        if reaches is None and (re.search(r"\bAPI\b", " ".join([case.prompt, *_criteria(case)]))
                                or _SOURCE_SEARCH.search(case.prompt)
                                or FROM_SOURCE_RE.search(case.prompt)):
            reaches = _skill_reaches(skill_dir)
        why = case_reach(case, bool(reaches), home_data, project is not None)
        if project is not None:  # what the project cannot give (runner.authoring.project_limits)
            git = git_needs(case)
            why += [f"{', '.join(repr(g) for g in git[:3])}: the project's git history, tags "
                    "or remote, which the staged project does not carry (no .git) and the "
                    "sandbox cannot reach (no network)"] if git else []
            why += [f"'{w}': {where}, a place outside the project (its SKILL.md works there), "
                    "which the sandbox does not have" for w, where in place_needs(case, places)]
        why += [f"'{w}': a part of the repository holding the skill, which the case does not "
                "stage" for w in repository_parts(case, parts)]
        # a git submodule `.gitmodules` declares and the snapshot lacks: fetched over the network
        why += [f"'{w}': a git submodule of the repository (its .gitmodules), absent from the "
                "snapshot: fetching it needs the network, which the sandbox has not"
                for w in submodule_needs(case, submodules)]
        if tools and urls:
            why = [w for w in why if not any(u in w for u in urls)]
        # (a question asking how is answered in words; a criterion saying the agent ran the
        # program is still the author's meaning)
        own, advice = _asked_for_advice(unquoted(case.prompt, pasted=True))
        lacking = program_needs(own, [unquoted(t) for t in _criteria(case)], programs,
                                skill_dir.name, advice, makes)
        # a script the agent ran whose interpreter the image lacks (a `.ps1`: PowerShell),
        # unless a line already names that interpreter as the missing program
        lacking += [f"'{script}': a script that runs with {lacks}, which the default sandbox "
                    "image lacks" for script, lacks in ([] if advice else interpreter_needs(
                        [unquoted(t) for t in _criteria(case)]))
                    if not any(f"({lacks})" in n for n in lacking)]
        lacking += [n for n in coverage_needs(
            [unquoted(t) for t in [*_criteria(case), *case.assertions]],
            [*case.files, *case.inline_files], coverage) if not any(
                n.rsplit("(", 1)[1] in w for w in lacking)]
        why += lacking
        # steps the offline sandbox cannot take (runner.authoring.offline_runs)
        raw_own, _ = _asked_for_advice(asked(case.prompt))
        raw = [c for c in _criteria(case) if c.strip()]
        remote = remote_needs(case, hosts, own, raw)
        how = f" (its SKILL.md: {', '.join(f'`{h}`' for h in hosts[:2])})" if hosts else ""
        why += [f"{', '.join(repr(w) for w in remote)}: a remote machine the work happens on "
                f"over the network{how}, which the sandbox cannot reach"] if remote else []
        why += fetch_needs(raw_own, raw, fetches)
        deps = dependency_needs(case, raw_own, raw, skill_dir, project)
        why += deps
        why += sibling_needs(case, raw, skill_dir)
        said = script_call_needs(raw_own, raw, calling)
        why += said or procedure_needs(case, raw_own, running, raw, description)
        why += script_input_needs(case, raw, calling)
        devices = hardware_needs(own, [unquoted(t) for t in _criteria(case)], advice)
        why += [f"{', '.join(repr(d) for d in devices[:3])}: a device the work runs on (an "
                "accelerator, a board), which the sandbox, one CPU container, does not have"
                ] if devices else []
        others = installed_skill_needs(description, own, held(), not _stages_nothing(case)) \
            if not advice else []
        why += [f"{', '.join(repr(o) for o in others[:3])}: skills the work is on, which "
                "neither the case nor the repository holds (the user's installed skills): the "
                "sandbox has only the skill under test"] if others else []
        state = live_state_needs(case, own, [unquoted(t) for t in _criteria(case)], advice)
        why += [f"'{state[0]}': a machine the work happens on, and its criteria check its "
                f"live state ('{state[1]}'), which no arm has"] if state else []
        # the skill's own CLI signed in to the user's account, asked for what it holds now
        why += [f"'{w}': what {', '.join(clis[:2])} the skill signs in with holds now (the "
                "user's account), which the sandbox cannot reach" for w in
                (live_asks(case) if clis else [])]
        why += [f"'{w}': a command of the skill's CLI signed in to the user's account, which "
                "the sandbox has neither" for w in cli_runs(case, clis)
                if not any(f"'{w.split()[1]} " in n for n in lacking)]
        looked = lookup_needs(case, lookups, advice)
        why += [f"{', '.join(repr(w) for w in looked)}: what the skill looks up live "
                f"('{', '.join(lookups[:2])}', its SKILL.md says), which the sandbox cannot "
                "reach"] if looked else []
        why += [f"'{s}': a script the skill's SKILL.md runs that the skill does not ship and "
                "the case does not stage" for s in script_needs(case, scripts)]
        unseen = binary_claims(list(case.statements))
        why += [f"'{_clip(c)}': a property of a binary file, which the grader reads as bytes "
                "(the listing shows only that it exists) and cannot verify from text"
                for c in unseen]
        held_off = declined(case, why) if why else ""
        if held_off:
            problems.report("EV012", case.id, "needs what the sandbox lacks (" + "; ".join(why)
                            + f"), but its criteria expect the agent to hold off "
                            f"({_clip(held_off)!r}): passable without it, read as meant",
                            "none needed (stage what it needs if the agent is meant to use it)")
            why = []
        told = [] if why or advice else [
            t for t in told_objects(case, own, project is not None)
            if not any(t in u or u in t for u in urls_to_read(case))]
        hosted = None if why or advice or told else hosted_state(case, own, project is not None)
        if hosted:
            problems.report(OUTSIDE, case.id, f"'{hosted}': the hosted repository's settings or "
                            "CI runs, which no checkout holds; the sandbox has no network and "
                            "no `gh` login: if the work needs them (to read or change them), no "
                            "arm has them", "stage what the work needs of them as fixtures (the "
                            "settings as JSON, the run's log) and say so in the prompt, or grade "
                            "only the advice")
        if told:
            problems.report(OUTSIDE, case.id, f"{', '.join(repr(t) for t in told[:3])}: an "
                            "object of the code-hosting service the prompt tells of and acts "
                            "on; the case stages no copy and the sandbox has no network and "
                            "no `gh` login: if the work needs its live state (its checks, "
                            "threads, settings, files), no arm has it",
                            "stage what the work needs of it as fixtures (its diff, its "
                            "threads, the workflow files) and say so in the prompt, or grade "
                            "only the advice")
        if why:
            # the user's project is a whole checkout to stage, not a page or a file
            what = "the project's files" if any(OWN_PROJECT in w for w in why) else "the files"
            problems.report(OUTSIDE, case.id, "no arm can pass it: " + "; ".join(why),
                            "stage what it needs as fixtures (a copy of the page, the data, "
                            f"{what}, a program's output) and say so in the prompt, or drop "
                            "the case" + ("; a case that needs a program the image lacks runs "
                                          "with an image built with it (`skill-eval run "
                                          "--image`)" if lacking else "")
                            + ("; a binary file's size, pages or look is checked by a grader "
                               "program of the author's (python3 reading the file), or stated "
                               "as text the work prints" if unseen else "")
                            + ("; a test suite's dependencies are vendored (node_modules staged "
                               "with the project), or the tests the agent writes are graded "
                               "without running them" if deps else ""))
        elif project is None and not held_off:
            _report_unstaged_work(case, own, problems)
