"""Acts in a live service the user works in (issue 26, rule 6, EV014): "Log anything new into
the CRM and set up the project folders", graded on "Found the inquiries via Gmail", "Created a
CRM deal named ...", "a Drive folder under ...". A trial runs in a network-less container
with no account of the user's: no arm can search that mailbox, or create that deal, folder or
post, so such criteria cannot pass in any arm.

Read by grammar, in the prompt's own words and the criteria: a verb of acting (created,
logged, sent, posted, found, moved, ...) and a hosted service the act happens in, in one
clause. A verb of writing words for the user ("Drafts a Slack message", "suggests a CRM
stage") is the answer's own text, which the sandbox holds; a case that stages what the
service would hold (an export, a mock) is read on that.
"""

from __future__ import annotations

import re

from runner.analysis.wording import unquoted
from runner.schema.case import Case

# Hosted services a user keeps their work in (mail, files, records, chat, social).
# (a bare "docs", "sheet" or "drive" is anyone's; Linear and Notion only by their capital)
_SERVICE = (r"(?:gmail|outlook|google\s+(?:drive|docs?|sheets?|calendar|ads|analytics|"
            r"search\s+console)|drive\s+folders?|crm|hubspot|"
            r"salesforce|pipedrive|zoho|airtable|(?-i:Notion)|slack|trello|asana|jira|"
            r"(?-i:Linear)|clickup|"
            r"confluence|mailchimp|intercom|zendesk|shopify|stripe|discord|telegram|whatsapp|"
            r"linkedin|instagram|facebook|tiktok|youtube|twitter|x\.com)")
# Verbs of acting in it: the work happened there (never a verb of writing words for the user).
_ACT = (r"(?:found|finds|searched|searches|fetched|fetches|pulled|pulls|read|reads|"
        r"created|creates|logged|logs|sent|sends|posted|posts|published|publishes|updated|"
        r"updates|added|adds|scheduled|schedules|booked|books|uploaded|uploads|moved|moves|"
        r"archived|archives|deleted|deletes|replied|replies|emailed|emails|invited|invites|"
        r"shared|shares|set\s+up|sets\s+up|log|create|send|post|update|add|schedule|upload)")
_CLAUSE = r"[^.;:!?\n]{0,60}?"
_IN_SERVICE = re.compile(
    rf"\b{_ACT}\b{_CLAUSE}\b(?:in|into|to|via|from|under|through)\s+(?:the\s+|a\s+|"
    rf"an\s+|my\s+|our\s+|their\s+)?{_SERVICE}\b"
    # ("on" is as often the topic, "a section on LinkedIn": only after posting)
    rf"|\b(?:post|posts|posted|publish|published|publishes|share|shared|shares)\b{_CLAUSE}"
    rf"\bon\s+(?:the\s+|my\s+|our\s+)?{_SERVICE}\b"
    # "Created a CRM deal", "a Drive folder ... created": the service names what was made
    rf"|\b{_ACT}\s+(?:a|an|the|one|\d+)\s+(?:new\s+)?{_SERVICE}\s+(?:deal|record|contact|"
    rf"lead|folder|doc|document|sheet|row|event|post|message|thread|ticket|issue|card|page|"
    rf"task|invoice|order|draft)s?\b", re.IGNORECASE)
# The answer's own words about the service (advice or text for the user to use there), or
# code the work writes that acts there ("Build a bot that posts to Discord"): no act of the run.
_WORDS_FOR = re.compile(r"(?i)\b(?:drafts?|writes?|suggests?|recommends?|explains?|describes?|"
                        r"proposes?|outlines?|plans?|how\s+to|would|could|should\s+i|"
                        r"bots?|scripts?|workflows?|integrations?|functions?|apps?|code|"
                        r"webhooks?|clients?|actions?|cron|jobs?|services?|build|implement)\b")


# The service named as what the work is set against, the comparison governing it ("a battle
# card comparing us to Zendesk", "how we differ from HubSpot"): the topic of the words
# written, no place the work acts in ("Post the competitor update to Slack" still acts).
_COMPARED = re.compile(rf"(?i)(?:\b(?:compar\w*|contrast\w*)\s+(?:[\w'-]+\s+){{0,2}}"
                       rf"(?:to|with|against)|\bversus|\bvs\.?|\bdiffer\w*\s+from|"
                       rf"\balternatives?\s+to|\bsimilar\s+to)\s+(?:the\s+|our\s+|a\s+)?"
                       rf"{_SERVICE}$")


def service_acts(case: Case, advice: bool) -> list[str]:
    """The clauses of the prompt and criteria saying the work acts in a live service, when
    the case stages nothing (no arm has the user's account)."""
    if advice or case.files or case.inline_files or case.setup_run:
        return []
    texts = [unquoted(case.prompt, pasted=True), *(unquoted(t) for t in (
        *case.statements, *case.assertions, case.expected_output or "") if t)]
    found: list[str] = []
    for text in texts:
        for match in _IN_SERVICE.finditer(text):
            head = text[max(0, match.start() - 60):match.start()]
            tail = re.split(r"[.;!?\n]", text[match.end():match.end() + 60])[0]
            if _WORDS_FOR.search(head.split(".")[-1]) or _WORDS_FOR.search(match.group(0)) \
                    or _WORDS_FOR.search(tail) or _COMPARED.search(match.group(0)):
                continue
            found.append(" ".join(match.group(0).split()))
    return list(dict.fromkeys(found))
