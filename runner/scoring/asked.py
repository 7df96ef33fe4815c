"""Which files a task asks the agent to produce: the only files whose absence fails a
statement without a grader (runner.scoring.material.missing_files). A name the task only
mentions (a user name `j.smith`, a domain `corp.local`, a script the user ran, a file it
describes) is left to the grader and its quotes.

A file is asked for when the prompt, in its own words (not inside material it quotes), puts a
verb of making before it in the same sentence ("write summary.md", "save the result to
out.csv") or `into`/`to` right before it, and the name reads as a file: a path with a folder,
or a name with a common file extension."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import PurePosixPath

from runner.analysis.wording import unquoted

_CREATES = (r"(?:write|writes|save|saves|create|creates|generate|produce|output|export|emit|dump|"
            r"scaffold|scaffolds)")
# Extensions of files a task asks for; a dotted word with another ending (a user name, a
# domain) is not read as a file unless it has a folder.
FILE_EXTENSIONS = frozenset(
    "md mdx txt rst json jsonl yaml yml toml ini cfg conf env csv tsv xml html htm css scss js "
    "mjs cjs ts tsx jsx vue svelte py ipynb rb php go rs java kt swift scala c h cc cpp hpp cs "
    "sh bash zsh ps1 bat sql r jl lua pl dart tf hcl proto graphql gql log diff patch pdf docx "
    "doc xlsx xls pptx ppt odt png jpg jpeg gif svg webp ico mp3 mp4 wav zip tar gz tgz lock "
    "tex bib epub srt vtt ics eml dot mmd puml drawio excalidraw rmd qmd rds rdata rda rnw "
    "rproj sas dta sav".split())
# (a path relative to the working directory may open with `./`: "the paper at
# ./papers/survey.pdf" names papers/survey.pdf)
FILE_WORD = re.compile(r"(?<![\w/.-])(?:\./)?((?:[\w-][\w.-]*/)*[\w-][\w.-]*"
                       r"\.[A-Za-z][A-Za-z0-9]{0,5})(?![\w/-])")


# Software named with what looks like a file's extension ("Node.js 22 LTS", "Vue.js",
# "Socket.io"): a product, never a file or a script to run.
_PRODUCTS = frozenset({"node", "vue", "next", "nuxt", "express", "three", "d3", "chart",
                       "react", "angular", "ember", "backbone", "socket", "moment", "p5",
                       "alpine", "solid", "svelte", "nest", "meteor", "knockout", "jquery",
                       "pixi", "babylon", "anime", "phaser", "leaflet", "mapbox", "tensorflow",
                       "ml5", "brain", "handlebars", "mustache", "marked", "highlight",
                       "video", "plotly", "cytoscape", "sigma", "paper", "fabric", "matter"})
_PRODUCT_SUFFIXES = frozenset({".js", ".io"})


def product_name(name: str) -> bool:
    """`name` is a product named like a file (`Node.js`, `Socket.io`): no path, its stem a
    known product's, capitalised (runner.authoring.prompts reads a prompt's `X.js` by what
    follows it; a criterion names the product alone)."""
    path = PurePosixPath(name.strip("`"))
    # (written as the product is, with its capital: "next.js" is a file's name)
    return len(path.parts) == 1 and path.suffix.lower() in _PRODUCT_SUFFIXES \
        and path.stem.lower() in _PRODUCTS and not path.stem[:1].islower()


# A qualified name's last part, an exported identifier ("math/rand.Read", "io.NewReader",
# "pkg/errors.Wrap"): a function of a package, no file's extension.
_MEMBER = re.compile(r"^\.[A-Z][a-z0-9]+[A-Za-z0-9]*$")


def reads_as_file(name: str) -> bool:
    path = PurePosixPath(name)
    if product_name(name):
        return False
    if _MEMBER.match(path.suffix) and path.suffix.lower().lstrip(".") not in FILE_EXTENSIONS:
        return False
    return len(path.parts) > 1 or path.suffix.lower().lstrip(".") in FILE_EXTENSIONS


def asks_to_write(prompt: str, name: str) -> bool:
    """The prompt, in its own words, asks the run to produce `name` (see the module)."""
    own = unquoted(prompt)
    file = rf"(?<![\w.-]){re.escape(name)}(?![\w-])"
    made = rf"\b{_CREATES}\b[^.\n]{{0,60}}?(?<!\bat )(?<!\bfrom ){file}"
    placed = rf"\b(?:into|to)\s+(?:(?:a|an|the|new|file|called|named)\s+)*`?{file}"
    # "Put CSS in `styles.css` and JS in `script.js`": where the work puts what it writes
    put = (rf"\b(?:put|place|keep|move|split|separate)\b(?:[^.\n]|\.(?=\w)){{0,60}}?\bin\s+"
           rf"(?:(?:a|an|the|separate|new|its\s+own|their\s+own|own|file|called|named)\s+)*"
           rf"`?{file}")
    if re.search(f"{made}|{put}", own, re.IGNORECASE) is not None:
        return True
    # (a verb of adding to what exists before it: "Add a log line to the index.js file" edits it)
    return any(not _ADDS_TO.search(_clause_before(own, m.start()))
               for m in re.finditer(placed, own, re.IGNORECASE))


_ADDS_TO = re.compile(r"(?i)\b(?:add|adds|adding|append|appends|insert|inserts|prepend)\b")


def _clause_before(text: str, at: int) -> str:
    """The words of `at`'s sentence before it (a dot inside a name, `index.js`, ends none)."""
    return re.split(r"[.!?;\n](?=\s|$)", text[:at])[-1]


def asked_files(prompt: str, outputs: Iterable[str] = ()) -> set[str]:
    """The files the task asks the agent to produce, lower-cased: each of the case's
    `outputs`, and each file the prompt asks to write."""
    asked = {o.lower() for o in outputs}
    for name in dict.fromkeys(FILE_WORD.findall(prompt)):
        if reads_as_file(name) and asks_to_write(prompt, PurePosixPath(name).name):
            asked.add(name.lower())
    return asked
