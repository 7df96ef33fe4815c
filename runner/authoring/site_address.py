"""A bare domain the prompt gives as a website's address is a site, not a file (issue 26).

"Their site is at skincareclinic.rs", "our website: acme.dev", "the app is live at foo.ai":
a host name whose last part is a country's or any other top-level domain can read as a file
name (`.rs` is Rust's suffix, `.ai`, `.md`, `.py` are domains too). The grammar before it
decides: a word naming a site (site, website, homepage, domain, URL) or a verb of serving
(hosted, live, deployed at) says an address follows. Such a host is a live website (the
sandbox cannot reach it: EV014), never an input file to stage.
"""

from __future__ import annotations

import re

# The host itself: labels and a final part of letters, nothing after it that makes it a path,
# an e-mail or a longer name.
_HOST = r"((?:[a-z0-9][a-z0-9-]*\.)+[a-z]{2,})(?![\w@/-]|\.[a-z])"
# What says an address follows: "site is at", "website:", "domain is", "hosted at", "live on".
_ADDRESS_CUE = (r"(?:\b(?:site|website|web\s?site|homepage|home\s?page|domain|url|landing\s+"
                r"page)s?\s*(?:(?:is|was|lives)\s+(?:at\s+|on\s+)?|at\s+|on\s+|:\s*)"
                r"|\b(?:hosted|live|deployed|served|running|available)\s+(?:at|on)\s+)")
_ADDRESSED = re.compile(rf"(?i){_ADDRESS_CUE}{_HOST}")


def addressed_hosts(text: str) -> list[tuple[int, str]]:
    """Each host the text gives as a website's address, with where it starts."""
    return [(m.start(1), m.group(1)) for m in _ADDRESSED.finditer(text)]


def is_site_address(text: str, start: int) -> bool:
    """Whether the name starting at `start` of `text` is a host given as a site's address."""
    return any(at == start for at, _ in addressed_hosts(text))
