"""Files a prompt only tells about are no missing inputs (issue 26, rule 6): a brief for a
document the prompt names ("... Write the finished file to NOTES.md"), a plight told with no
request ("I don't want to lose my changes."), and files whose content the prompt spells out
("File a.py contains: ...") give the session what it needs; a short request that reads a file
nothing stages is still refused (EV009)."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.kinds import spelled_out, uncounted_files
from runner.authoring.prompts import brief_for_a_document, missing_inputs, told_as_a_plight
from runner.schema.case import Case
from tests.helpers import check_cli, make_skill

# A brief of our own: a harbour's ferry office, its timetable facts told in words.
BRIEF = ("The ferry office keeps three timetables that disagree. The winter sheet says the "
         "first boat leaves at 06:10, the summer sheet says 06:40, and the kiosk poster says "
         "06:25. The real departure time is set by the harbour master and lives in "
         "ops/schedule.toml. The staff handbook repeats the winter sheet word for word, and a "
         "'history' page narrates every change since 2019 in long paragraphs. Nobody reads the "
         "kiosk poster after April. For every duplicated or contradictory fact above, "
         "write your decision to timetable-plan.md, naming one home for each fact.")


def _case(prompt: str) -> Case:
    return Case.model_validate({"id": "c", "prompt": prompt,
                                "statements": ["The plan names one home for each fact"]})


def test_a_brief_for_a_named_document_tells_its_files() -> None:
    assert brief_for_a_document(BRIEF)
    assert missing_inputs(_case(BRIEF), set()) == []


def test_a_short_request_that_reads_a_file_still_needs_it() -> None:
    short = "Our fares are in fares.csv. Write a summary to report.md."
    assert not brief_for_a_document(short)
    assert missing_inputs(_case(short), set()) == ["fares.csv"]


def test_an_imperative_on_the_file_inside_a_brief_still_needs_it() -> None:
    prompt = BRIEF + " Read ops/schedule.toml first."
    assert missing_inputs(_case(prompt), set()) == ["ops/schedule.toml"]


PLIGHT = ("I've been sketching new routes in my notebook app all morning, nothing saved to "
          "the cloud yet. Now I have to board a plane without wifi. I don't want to lose my "
          "route drafts.")


def test_a_plight_with_no_request_tells_its_pointers() -> None:
    assert told_as_a_plight(PLIGHT, "my route drafts")
    assert not told_as_a_plight(PLIGHT + " Fix my route drafts.", "my route drafts")
    assert not told_as_a_plight(PLIGHT + " What should I do?", "my route drafts")


REPORTED = ("Screen-reader users say our booking app changes routes but the new page is not "
            "announced and focus stays on the old link.")


def test_a_plight_others_report_about_the_users_own_app_tells_its_pointers() -> None:
    assert told_as_a_plight(REPORTED, "our booking app changes")
    assert not told_as_a_plight(REPORTED + " Fix our booking app changes.",
                                "our booking app changes")
    # a third party's own things are no plight of the user's
    assert not told_as_a_plight("Users say the vendor changes routes silently.",
                                "the vendor changes")


SPELLED = ("Both scripts still call the old host. File tools/pull_fares.py contains: HOST = "
           "\"old.example\" and then get(HOST). File tools/pull_tides.py contains: url = "
           "\"old.example/tides\". Point both scripts at new.example and write the changes "
           "to update.md.")


def test_files_the_prompt_spells_out_count_as_handed_over() -> None:
    assert spelled_out(SPELLED) == ["tools/pull_fares.py", "tools/pull_tides.py"]
    assert uncounted_files(_case(SPELLED), []) == []
    one = SPELLED.replace("File tools/pull_tides.py contains: url = \"old.example/tides\". ",
                          "")
    assert ("both scripts", 2, 1) in uncounted_files(_case(one), [])


def test_check_accepts_a_brief_and_a_plight_and_refuses_a_bare_read(tmp_path: Path) -> None:
    skill = make_skill(tmp_path / "a", [
        {"id": "brief", "prompt": BRIEF, "expectations": ["The plan names one home"]},
        {"id": "plight", "prompt": PLIGHT, "expectations": ["It suggests an export"]},
        {"id": "spelled", "prompt": SPELLED, "expectations": ["One host constant"]}],
        name="ferry-planner")
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "EV009" not in result.output
    bare = make_skill(tmp_path / "b", [
        {"id": "bare", "prompt": "Summarise fares.csv into report.md.",
         "expectations": ["It sums the fares"]}], name="ferry-planner")
    refused = check_cli(str(bare))
    assert refused.exit_code != 0 and "EV009" in refused.output and "fares.csv" in refused.output
