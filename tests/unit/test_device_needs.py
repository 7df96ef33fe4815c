"""EV014 on a case whose work runs on a device no trial container has ("用NPU实测验证 ...",
"Benchmark it on a real GPU", a criterion expecting `nvidia-smi` run), and, for a skill that
works on other skills, on a case naming a skill neither the case nor the repository holds (the
user's installed skills). Through the real `skill-eval check`; code written for a GPU, advice,
a skill the repository holds and a staged copy stay silent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.device_needs import hardware_needs
from tests.helpers import case_findings, make_skill, statement_case

SKILL_MD = ("---\nname: skill-grader\ndescription: Evaluates agent skills and scores them. Use "
            "when asked to review a skill.\n---\nRead the skill's SKILL.md and score it.\n")


def case(cid: str, prompt: str, statements: list[str],
         files: list[str] | None = None) -> dict[str, Any]:
    return statement_case(cid, prompt, statements, files)


def findings(skill: Path) -> dict[str, str]:
    return case_findings(skill, "EV014")


def test_a_device_the_work_runs_on_is_flagged(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        case("gpu", "Benchmark the attention kernel on a real GPU and report the speed-up.",
             ["Reports the measured speed-up"]),
        case("npu", "用NPU实测验证这个算子", ["输出实测耗时"]),
        case("query", "Check the training box is ready.", ["Runs nvidia-smi first"]),
        case("code", "Write a CUDA kernel for the GPU that adds two vectors.",
             ["The kernel uses one thread per element"]),
        case("ask", "How do I run training on a GPU?", ["Mentions the batch size"])],
        name="kernel-tuner")
    got = findings(skill)
    assert set(got) == {"gpu", "npu", "query"}, got
    assert ("'Benchmark the attention kernel on a real GPU': a device the work runs on (an "
            "accelerator, a board), which the sandbox, one CPU container, does not have") \
        in got["gpu"]
    assert "'用NPU实测'" in got["npu"] and "'nvidia-smi'" in got["query"]


def test_advice_needs_no_device() -> None:
    assert hardware_needs("Benchmark it on a real GPU", [], advice=True) == []


def test_skills_the_user_installed_are_flagged_for_a_skill_about_skills(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "skills" / "csv-tidy").mkdir(parents=True)
    (root / "skills" / "csv-tidy" / "SKILL.md").write_text(
        "---\nname: csv-tidy\ndescription: Tidies CSV files.\n---\nTidy.\n")
    skill = make_skill(root / "skills", [
        case("named", "Review pdf-toolkit and score its description.", ["Gives a score"]),
        case("all", "Evaluate all my installed skills and rank them.", ["Ranks them"]),
        case("held", "Review csv-tidy and score its description.", ["Gives a score"]),
        case("staged", "Review pdf-toolkit and score its description.", ["Gives a score"],
             files=["evals/files/SKILL.md"])],
        name="skill-grader", skill_md=SKILL_MD,
        files={"evals/files/SKILL.md": "---\nname: pdf-toolkit\n---\n"})
    got = findings(skill)
    assert set(got) == {"named", "all"}, got
    assert ("'pdf-toolkit': skills the work is on, which neither the case nor the repository "
            "holds (the user's installed skills)") in got["named"]
    assert "'all my installed skills'" in got["all"]


def test_a_skill_about_something_else_names_no_skill(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [case("named", "Review pdf-toolkit's output for typos.",
                                       ["Lists the typos"])], name="proofread")
    assert findings(skill) == {}


def test_an_act_in_a_hosted_service_the_user_works_in_is_flagged(tmp_path: Path) -> None:
    """"Log anything new into the CRM", graded on "Found the inquiries via Gmail" and
    "Created a CRM deal": no arm has the user's account (EV014). Words written for the user
    ("Draft a Slack message"), a topic ("a section on LinkedIn") and a staged export are
    silent."""
    skill = make_skill(tmp_path, [
        case("crm", "Process this month's consult inquiries and log new ones into the CRM.",
             ["Found the inquiries via Gmail", "Created a CRM deal named Jane"]),
        case("draft", "Draft a Slack message announcing the release.",
             ["Names the release date"]),
        case("topic", "Add a section on LinkedIn to the marketing report.",
             ["Names LinkedIn's audience"]),
        case("compared", "Create a battle card for our sales team comparing us to Zendesk.",
             ["Lists three places we win"]),
        case("posted", "Post the weekly competitor update to Slack.",
             ["Names three competitors"]),
        case("staged", "Log the new inquiries from inbox.csv into the CRM export.",
             ["Created a CRM deal named Jane"], files=["evals/files/inbox.csv"])],
        name="consult-intake", files={"evals/files/inbox.csv": "name\nJane\n"})
    got = findings(skill)
    assert set(got) == {"crm", "posted"}, got
    assert ("'log new ones into the CRM': an act in a hosted service the user works in") \
        in got["crm"]
