"""A bare domain the prompt gives as a website's address ("Their site is at clinic.rs") is a
live site (EV014), never an input file to stage (EV009), whatever its top-level domain reads
like as a suffix; a file named after other words stays an input."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.site_address import addressed_hosts
from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def test_an_address_cue_makes_a_host_a_site_and_other_words_do_not() -> None:
    assert addressed_hosts("Their site is at brightclinic.rs, go") == [(17, "brightclinic.rs")]
    assert [h for _, h in addressed_hosts("Our website: acme.dev. Also live at tool.ai")] == \
        ["acme.dev", "tool.ai"]
    assert addressed_hosts("Read notes.md and fix the site map in lib.rs") == []
    assert addressed_hosts("see the url config.py") == []  # no connector: no address


def test_a_site_given_by_its_address_is_reported_not_refused(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "voice", "voice", "Extracts a brand's voice from its "
                           "site. Use when asked for a brand voice.", "Fetch the pages.\n")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "site", "prompt": "Analyze the brand voice of a bakery. Their site is at "
                                 "brightbakery.rs, run the extractor.",
         "assertions": ["Fetches the sitemap"]},
        ]})
    got = report(skill)
    flagged = {f["case"]: f["message"] for f in got["findings"] if f["code"] == "EV014"}
    assert "'brightbakery.rs': a live website to read" in flagged.get("site", ""), got
    # the same suffix named as a file to read stays a missing input
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "file", "prompt": "Read src/bakery.rs and describe its voice.",
         "assertions": ["Names the tone"]}]})
    result = check(str(skill))
    assert result.exit_code != 0 and "EV009" in result.output, result.output
    assert "'src/bakery.rs'" in result.output, result.output
