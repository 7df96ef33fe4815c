"""What on the web a case asks for, read by grammar (issue 26, rule 6, EV014): a verb of
fetching, searching, visiting or checking whose object is a web object, a host name with a
top-level domain, a named platform's content ("on Reddit", "from Z-Library", "微信公众号上"),
a domain's registration, or the page behind a link the criteria judge.

runner.authoring.reach already reads a link handed over to read, a bare `.com` host after a
verb of looking at a site, and a host given as a site's address; this module reads the
shapes those leave out:

- a host of any top-level domain owning a page ("Audit solomax.app's landing page"), or of
  a site's domain no file suffix shares right after the verb ("Audit solomax.app");
- a domain's availability or registration asked or expected checked ("is getshipped.com
  available?", "check whether these domains are registered", "Availability is verified by
  running the check_domains script"), which only a registry's live answer gives;
- a named platform's live content searched, looked up or downloaded ("find the latest Reddit
  threads about X", "look up reviews of X on G2", "download the book X from Z-Library",
  "搜索微信公众号上关于 X 的文章"): a capitalised name (or a name in CJK before 上/里) is the
  platform; "launch on Product Hunt", "list on G2" do nothing to its content;
- a link handed over as the page itself ("Here's my landing page: https://..."), named as
  the document a part of the request comes from ("section B.1 of https://arxiv.org/abs/..."),
  or one whose content the criteria judge ("The URL fails the ownership gate: it documents vendor
  tool adoption").

Every finder returns the words that triggered it, for the EV014 line. A host that is the
user's own project to build ("build the landing page for acme.dev") has no verb of reading
on it; reserved example names (`example.com`, `*.example`, `*.test`: RFC 2606) name a
made-up site, so a bare one asks about nothing live (a link to one handed over as the page
is still the page the criteria read).
"""

from __future__ import annotations

import re

from runner.analysis.wording_i18n import DOMAIN_FREE_RE, PLATFORM_SEARCH_RE

# A host: labels, then a final part of letters; nothing after it that makes it a path, a
# mail address or a longer name.
_HOST = r"(?<![\w@./:-])((?:[a-z0-9][a-z0-9-]*\.)+[a-z]{2,})(?![\w@/-]|\.[a-z])"
_HOST_RE = re.compile(_HOST)
# Names reserved for examples (RFC 2606 / 6761): a made-up site, nothing live.
_RESERVED = re.compile(r"(?i)(?:^|\.)(?:example\.(?:com|org|net)|[\w-]+\.(?:example|test|"
                       r"invalid|localhost|local))$")
# A file's suffix reads as a top-level domain: never a host owning a page.
_FILE_SUFFIX = frozenset("md py js ts json yaml yml txt csv html htm css sh rs go rb java kt "
                         "swift php pdf png jpg jpeg svg gif xml toml ini cfg log sql lock "
                         "tsx jsx vue c h cpp hpp cs env zip gz".split())
# A page a host owns: "solomax.app's landing page", "acme.dev's pricing page".
_PAGE_NOUN = (r"(?:landing\s+page|home\s?page|pricing\s+page|web\s?site|site|pages?|blog|"
              r"copy|seo|meta\s+tags|robots\.txt|sitemap|checkout|signup\s+flow|onboarding|"
              r"performance|headlines?|hero(?:\s+section)?)")
_OWNED_PAGE = re.compile(rf"{_HOST}['’]s\s+(?:[\w-]+\s+)?{_PAGE_NOUN}\b", re.IGNORECASE)
# A verb of looking at a site anywhere in the clause before.
_LOOK = re.compile(r"(?i)\b(?:audit\w*|check\w*|crawl\w*|scan\w*|inspect\w*|visit\w*|"
                   r"analy[sz]\w*|review\w*|research\w*|scrap\w*|brows\w*|fetch\w*|"
                   r"critique\w*|assess\w*|evaluat\w*|grade\w*|roast\w*|tear\s+down|"
                   r"look\s+at|improve\w*|optimi[sz]\w*)\b")
_CLAUSE_END = re.compile(r"[.;!?\n]\s|\n|[。！？；]")


def _clause_before(text: str, at: int, width: int = 100) -> str:
    return _CLAUSE_END.split(text[max(0, at - width):at])[-1]


def _live_host(host: str) -> bool:
    return host.rsplit(".", 1)[-1].lower() not in _FILE_SUFFIX and not _RESERVED.search(host)


# A host right after a verb of looking ("Audit solomax.app"), of a top-level domain no file
# suffix shares (`.ai` is Illustrator's, `.sh` a shell script's, `.in` a template's).
_SITE_TLD = (r"(?:app|dev|so|xyz|site|tech|shop|store|online|cloud|gg|fm|tv|ly|me|us|uk|de|"
             r"fr|es|it|nl|ca|au|jp|cn|br|eu|ch|se|no|pl)")
_LOOKED_HOST = re.compile(
    r"(?i:\b(?:audit|check|crawl|scan|inspect|visit|analy[sz]e|review|research|scrape|browse|"
    r"fetch|critique|assess|evaluate|roast)\s+(?:the\s+(?:site|website|homepage)\s+)?)"
    rf"((?:[a-z0-9][a-z0-9-]*\.)+{_SITE_TLD})(?![\w@/'’-]|\.[a-z])")


def owned_pages(request: str) -> list[str]:
    """A host's page the request looks at ("Audit solomax.app's landing page"), any
    top-level domain but a file's suffix, or a host of a site's domain right after the verb
    ("Audit solomax.app")."""
    found = [m.group(1) for m in _LOOKED_HOST.finditer(request) if _live_host(m.group(1))]
    for match in _OWNED_PAGE.finditer(request):
        if _live_host(match.group(1)) and _LOOK.search(
                _clause_before(request, match.start()) + match.group(0)):
            found.append(" ".join(match.group(0).split()))
    return list(dict.fromkeys(found))


# A domain's availability asked for ("is getshipped.com available?", "Is acme-widgets.io a
# good name and is it free?"), checked ("check whether these domains are registered"), or
# expected checked ("Availability is verified by running the script", "backed by a live
# check"): a registry's live answer.
_STATUS = (r"(?:available|unavailable|taken|registered|unregistered|free\s+to\s+register|"
           r"still\s+free|for\s+sale|parked)")
# The host is the subject of the status, or "it"/"they" after it ("is getshipped.com
# available?", "getshipped.com and .io are taken", "Is acme.io a good name and is it free?"):
# "AWS CLI is available" beside a host says nothing of the host.
_NOT_A_STATUS = (r"(?!\s+(?:in|on|at|via|under|through|as|from|of|for|plan|tier|trial|now|today|"
                 r"to\s+(?!register)))")
_HOSTS = rf"{_HOST}(?:\s*(?:,|and|or|/)\s*(?:(?:[a-z0-9][a-z0-9-]*\.)+[a-z]{{2,}}|\.[a-z]{{2,}}))*"
_ASKED_STATUS = re.compile(
    rf"\b(?i:is|are|whether|if)\s+(?i:the\s+domains?\s+)?{_HOSTS}\s+(?i:still\s+)?"
    rf"(?i:{_STATUS}|free)\b{_NOT_A_STATUS}"
    rf"|{_HOSTS}\s+(?i:is|are)\s+(?i:still\s+)?(?i:{_STATUS})\b{_NOT_A_STATUS}"
    rf"|{_HOST}(?:[^.?!\n]|\.(?=\w)){{0,60}}?\b(?i:is|are)\s+(?i:it|they)\s+(?i:still\s+)?"
    rf"(?i:{_STATUS}|free)\b{_NOT_A_STATUS}")
_CHECK_DOMAINS = re.compile(
    rf"(?i)\b(?:check|verify|confirm|see|find\s+out|look\s+up|tell\s+me)\w*\s+(?:whether|if)\s+"
    rf"(?:the\s+|these\s+|those\s+|my\s+|our\s+)?(?:[\w.-]+\s+){{0,3}}?domains?(?:\s+names?)?"
    rf"\s+(?:is|are)\s+(?:still\s+)?{_STATUS}"
    rf"|\b(?:check|verify|confirm|look\s+up)\w*\s+(?:the\s+)?(?:domain\s+)?availability\b"
    rf"|\bdomain\s+availability\b")
_EXPECTED_CHECK = re.compile(
    r"(?i)\b(?:(?:actual|live|real)\s+)?availability\s+(?:is\s+|was\s+|gets\s+)?"
    r"(?:actually\s+)?(?:checked|verified|confirmed|looked\s+up)\b(?!\s+by\s+the\s+user)"
    r"|\b(?:actual|live|real)\s+availability\b"
    r"|\bbacked\s+by\s+an?\s+live\s+(?:check|lookup|query)\b")
_DOMAIN_WORD = re.compile(r"(?i)\bdomains?\b|域名|ドメイン|도메인|dominio|domaine|domínio|домен")


def domain_checks(request: str, criteria: list[str]) -> list[str]:
    """A domain's registration the request asks about or the criteria expect checked."""
    found: list[str] = []
    # (a host's own dots end no sentence: only one followed by a space or the end does)
    for sentence in re.split(r"(?<=[.?!])\s+|(?<=[。？！])|\n", request):
        hosts = [h for h in (m.group(1) for m in _HOST_RE.finditer(sentence)) if _live_host(h)]
        # (each way of asking captures its host in its own group)
        asked_of = [h for m in _ASKED_STATUS.finditer(sentence)
                    for h in m.groups() if h and _live_host(h)]
        if asked_of:
            found += asked_of
        elif hosts and DOMAIN_FREE_RE.search(sentence):
            found += hosts
        elif _DOMAIN_WORD.search(sentence) and DOMAIN_FREE_RE.search(sentence):
            found += [m.group(0) for m in DOMAIN_FREE_RE.finditer(sentence)]
        found += [m.group(0) for m in _CHECK_DOMAINS.finditer(sentence)]
    if any(_DOMAIN_WORD.search(t) for t in [request, *criteria]):
        found += [m.group(0) for c in criteria for m in _EXPECTED_CHECK.finditer(c)]
    return list(dict.fromkeys(" ".join(f.split()) for f in found))


# A premise or a plan told, not a request ("Assume we can scrape Xiaohongshu comments"), and
# what software to write does ("an MCP server with a tool to search GitHub repositories", "a
# script that downloads files from S3"): nothing fetched now.
_PREMISE = re.compile(r"(?i)\b(?:assume|assuming|suppose|imagine|hypothetically)\b|\b(?:we|i|they)"
                      r"\s+(?:can|could|will|would|might|may)\b")
_SOFTWARE_DOES = re.compile(
    r"(?i)\b(?:tool|script|function|server|bot|app|cli|endpoint|command|feature|code|program|"
    r"scraper|crawler|service|agent|workflow|job|lambda|module|class|method|api)s?\s+"
    r"(?:to|that|which|for|can|will|should)\s+(?:\w+\s+)?$")
# A place of the user's own in Chinese (the repository, the files, the current project).
_ZH_LOCAL = re.compile(r"代码|代碼|文件|檔案|项目|項目|目录|目錄|仓库|倉庫|日志|日誌|本地|"
                       r"文档|文檔|数据库|表格|当前|當前")


def platform_searches(request: str) -> list[str]:
    """A named platform's live content the request searches, looks up or downloads."""
    found = []
    for match in PLATFORM_SEARCH_RE.finditer(request):
        before = _clause_before(request, match.start(), 40)
        # the user's own doing, told ("we found threads on Reddit that ...") asks nothing
        if re.search(r"(?i)\b(?:i|we|i've|we've|they)\s+(?:[\w']+\s+)?$", before) \
                or _PREMISE.search(before) or _SOFTWARE_DOES.search(before) \
                or _ZH_LOCAL.search(match.group(0)):
            continue
        found.append(" ".join(match.group(0).split()))
    return list(dict.fromkeys(found))


_URL = re.compile(r"https?://[^\s<>()\"'`\]]+")
# A link handed over as the page itself: "Here's my landing page: https://...".
_PAGE_GIVEN = re.compile(r"(?i)\b(?:landing\s+page|home\s?page|web\s?page|page|site|website|"
                         r"article|blog\s+post|post|listing|profile)\s*[:：]\s*$")
_WRITES = re.compile(r"(?i)\b(?:link|href|add|insert|include|embed|redirect|canonical|"
                     r"point|footer|header|button|cite|reference)\w*\b")
# A link named as the document a part of it comes from: "section B.1 of https://arxiv.org/...",
# "Algorithm 2 in https://...", "chapter 3 from https://...": the request's material is that
# part's content, which only the live document holds.
_PART_OF = re.compile(r"(?i)\b(?:sections?|chapters?|appendix|appendices|figures?|fig\.|"
                      r"tables?|algorithms?|equations?|eq\.|theorems?|lemmas?|paragraphs?|"
                      r"pages?|§)\s*[\w.()-]{0,12}\s+(?:of|in|from)\s+(?:the\s+paper\s+)?$")
# A criterion judging the page's content, the link or page its subject: "The URL fails the
# ownership gate", "the story documents a large internal layer".
_JUDGED = re.compile(
    r"(?i)\b(?:the|this|that)\s+(?:url|link|page|post|article|story|blog\s+post|write-?up|"
    r"source)\s+(?:passes|fails|documents|describes|says|claims|reports|covers|qualifies|"
    r"lands|meets|mentions|shows|is\s+(?:rejected|accepted|excluded|a\s+border))\b")


# The page's content in the prompt itself: its HTML, markup, text or a fenced block.
_CARRIED = re.compile(r"(?i)```|\bhtml\b|\bmarkup\b|\bpage\s+(?:content|copy|text|source)\b|"
                      r"\bsnapshot\b")


def judged_pages(prompt: str, criteria: list[str]) -> list[str]:
    """Links the prompt hands over as the page itself, or whose content a criterion judges:
    the page's words, which only the live page holds."""
    found = []
    judged = any(_JUDGED.search(c) for c in criteria)
    for match in _URL.finditer(prompt):
        url = match.group(0).rstrip(".,;:")
        before = _clause_before(prompt, match.start())
        host = re.sub(r"^https?://|[/:?#].*$", "", url)
        if _RESERVED.search(host) and _CARRIED.search(prompt):
            continue  # a made-up page the prompt carries itself
        if judged or (_PART_OF.search(before) or _PAGE_GIVEN.search(before)) \
                and not _WRITES.search(before):
            found.append(url)
    return list(dict.fromkeys(found))
