"""Trigger query sets in every format, the stratified split, and `route`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from runner.cli import main
from runner.errors import CaseSetError
from runner.triggers.queries import load_trigger_set, split
from runner.triggers.route import rank


def skill(root: Path, name: str, description: str) -> Path:
    folder = root / name
    (folder / "evals").mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: \"{description}\"\n---\n"
                                     "body\n")
    return folder


def test_seed_001_yaml_files(tmp_path: Path) -> None:
    folder = skill(tmp_path, "pdf", "Converts PDFs")
    (folder / "evals" / "trigger").mkdir()
    (folder / "evals/trigger/should-trigger.yaml").write_text(yaml.safe_dump(
        [{"prompt": "Convert this PDF into an Excel spreadsheet", "expected": "trigger"}]))
    (folder / "evals/trigger/should-not-trigger.yaml").write_text(yaml.safe_dump(
        [{"prompt": "Write a Python HTTP server", "expected": "no-trigger"},
         "Rename these photos"]))  # a bare string takes the file's side
    found = load_trigger_set(folder, "pdf")
    assert [(q.prompt, q.should_trigger) for q in found.queries] == [
        ("Convert this PDF into an Excel spreadsheet", True),
        ("Write a Python HTTP server", False), ("Rename these photos", False)]
    assert [Path(f).name for f in found.files] == ["should-trigger.yaml",
                                                   "should-not-trigger.yaml"]


@pytest.mark.parametrize(("name", "content"), [
    ("trigger-evals.json", [{"query": "make a pdf", "should_trigger": True},
                            {"query": "bake bread", "should_trigger": False}]),
    ("triggers.json", {"evals": [{"prompt": "make a pdf", "should_trigger": True},
                                 {"prompt": "bake bread", "should_trigger": False}]}),
    ("routing.json", {"should_trigger": ["make a pdf"], "should_not_trigger": ["bake bread"]}),
    ("trigger-queries.json", {"queries": [{"text": "make a pdf", "expected": "use_skill"},
                                          {"text": "bake bread", "expected": "avoid_skill"}]}),
])
def test_json_formats(tmp_path: Path, name: str, content: object) -> None:
    folder = skill(tmp_path, "pdf", "d")
    (folder / "evals" / name).write_text(json.dumps(content))
    found = load_trigger_set(folder, "pdf")
    assert [(q.prompt, q.should_trigger) for q in found.queries] == [("make a pdf", True),
                                                                     ("bake bread", False)]
    assert found.files == [str(folder / "evals" / name)]


@pytest.mark.parametrize(("content", "problem"), [
    ([{"query": "x"}], "say whether the skill should fire"),
    ([{"should_trigger": True}], "no prompt"),
    ([{"query": "TODO write me", "should_trigger": True}], "still a draft"),
    ([{"query": "x", "should_trigger": False}], "recall cannot be measured"),
    ({"nope": 1}, "a list of queries"),
])
def test_bad_sets_are_refused_naming_the_file(tmp_path: Path, content: object,
                                              problem: str) -> None:
    folder = skill(tmp_path, "pdf", "d")
    (folder / "evals" / "trigger-evals.json").write_text(json.dumps(content))
    with pytest.raises(CaseSetError, match=problem) as info:
        load_trigger_set(folder, "pdf")
    assert "trigger-evals.json" in str(info.value)
    empty = skill(tmp_path, "empty", "d")
    with pytest.raises(CaseSetError, match="no trigger queries"):
        load_trigger_set(empty, "empty")


def test_split_is_stratified_and_deterministic(tmp_path: Path) -> None:
    folder = skill(tmp_path, "pdf", "d")
    queries = [{"query": f"positive {i}", "should_trigger": True} for i in range(10)] + [
        {"query": f"negative {i}", "should_trigger": False} for i in range(5)]
    (folder / "evals" / "trigger-evals.json").write_text(json.dumps(queries))
    found = load_trigger_set(folder, "pdf").queries
    first, again = split(found), split(list(reversed(found)))
    assert first == again
    for wanted, train in ((True, 6), (False, 3)):
        sides = [first[q.id] for q in found if q.should_trigger is wanted]
        assert sides.count("train") == train


def test_route_ranks_and_names_the_sentence(tmp_path: Path) -> None:
    skill(tmp_path, "release-notes", "Drafts release notes from merged pull requests.")
    skill(tmp_path, "changelog-writer", "Writes the CHANGELOG. Use for a version bump.")
    skill(tmp_path, "pdf", "Converts PDF files.")
    ranked = rank("list the pull requests merged since the release", {
        "release-notes": "Drafts release notes from merged pull requests.",
        "changelog-writer": "Writes the CHANGELOG. Use for a version bump.",
        "pdf": "Converts PDF files."})
    assert [m.skill for m in ranked] == ["release-notes", "changelog-writer", "pdf"]
    assert ranked[0].sentence == "Drafts release notes from merged pull requests."
    # prompt words: list pull request merg since release; shared: pull request merg release
    assert ranked[0].score == pytest.approx(4 / 6) and ranked[1].score == 0
    out = CliRunner().invoke(main, ["route", "--skills-dir", str(tmp_path), "--prompt",
                                    "list the pull requests merged since the release"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0].startswith("1. release-notes") and "0.67" in lines[0]
    assert lines[-1] == "`release-notes` wins by 0.67 over `changelog-writer`"


def test_trigger_report_by_hand() -> None:
    from runner.analysis.triggers import build_trigger_report, went_to
    from runner.schema.enums import Arm, TrialStatus
    from runner.schema.trial import TrialResult, Usage
    from runner.schema.triggers import TriggerQuery

    def run(query: str, loaded: list[str], status: TrialStatus = TrialStatus.COMPLETED,
            cost: float | None = 0.01) -> TrialResult:
        return TrialResult(trial_id=f"{query}-{len(loaded)}-{status}", case_id=query,
                           repetition=0, arm=Arm.CANDIDATE, status=status, passed=None,
                           skills_loaded=loaded, turns=1,
                           usage=None if cost is None else Usage(requests=1, cost_usd=cost))

    queries = [TriggerQuery(id="p1", prompt='please "convert this pdf" now',
                            should_trigger=True, source="f"),
               TriggerQuery(id="p2", prompt="archive receipts", should_trigger=True,
                            source="f"),
               TriggerQuery(id="n1", prompt="bake bread", should_trigger=False, source="f")]
    results = [run("p1", ["library:pdf"]), run("p1", ["library:pdf", "library:ledger"]),
               run("p2", ["library:ledger"]), run("p2", []),
               run("p2", [], TrialStatus.API_ERROR),
               run("n1", ["library:pdf"]), run("n1", [])]
    assert went_to(results[1]) == "pdf" and went_to(results[3]) == "nothing"
    assert went_to(results[4]) is None
    report = build_trigger_report("pdf", 'Use when asked to "convert this pdf".', "session", 2,
                                  ["f"], queries, {"p1": "train", "p2": "validation",
                                                   "n1": "train"}, results)
    c = report.overall
    assert (c.fired_when_should, c.missed, c.barged_in, c.quiet_when_should_not) == (2, 2, 1, 1)
    assert c.recall == 0.5 and c.precision == pytest.approx(2 / 3)
    assert c.f1 == pytest.approx(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3))
    by = {q.query.id: q for q in report.queries}
    assert by["p2"].went_to == {"ledger": 1, "nothing": 1} and by["p2"].holes == 1
    assert report.train.recall == 1.0 and report.validation.recall == 0.0
    assert report.overfit_warning is not None and "train F1" in report.overfit_warning
    assert report.restated == 1 and report.first_restated == 'please "convert this pdf" now'
    assert report.cost_usd == pytest.approx(0.07) and report.runs_made == 7
    unpriced = build_trigger_report("pdf", "", "session", 1, ["f"], queries[:1], {},
                                    [run("p1", [], cost=None)])
    assert unpriced.cost_usd is None  # not measured is not zero


def test_triggers_only_without_a_query_set_is_refused_naming_the_fix() -> None:
    from tests.helpers import EXAMPLE

    out = CliRunner().invoke(main, ["run", str(EXAMPLE), "--triggers-only", "--sandbox",
                                    "fake", "--model-script",
                                    str(EXAMPLE / "model-script.yaml")])
    assert out.exit_code == 2
    assert "no trigger queries" in out.output and "should-trigger.yaml" in out.output
