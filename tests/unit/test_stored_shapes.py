"""Closed sets as enums and stored shapes as models, without changing a stored byte: old
reports, index entries, evidence cards and group plans still load, the enums hold exactly the
strings the files held, and writing them again gives the same JSON."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from runner import config
from runner.schema import enums
from runner.schema.enums import BaselineMode, CostLine, TriggerMode, TurnKind, Verdict
from runner.schema.evidence import EvidenceCard, Opponent, TrendPoint
from runner.schema.plan import Plan
from runner.schema.receipt import IndexEntry, read_receipt, read_report
from runner.schema.report import Comparison, Report
from runner.schema.runs import GroupPlan, Line
from runner.schema.view import Turn
from runner.store.groups import read_group_plan, write_group_plan
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from tests.helpers import ROOT

V2 = ROOT / "tests" / "fixtures" / "report-v2.json"

# The strings stored runs hold for each closed set, as the files wrote them before the enums.
STORED = {
    # user_turn: where a multi-turn case's follow-up starts (new with multi-turn cases)
    enums.TurnKind: {"text", "tool_use", "tool_result", "skill_load", "user_turn"},
    enums.TriggerMode: {"session", "catalog"},
    enums.CostLine: {"baseline", "candidate", "incumbent", "grader", "judge"},
    enums.Command: {"run", "trigger", "batch"},
    enums.Verdict: {"PASS", "NEUTRAL", "FAIL", "NO EVIDENCE"},
    enums.BaselineMode: {"joint", "per-skill"},
    enums.RunStatus: {"completed", "partial", "stopped", "refused"},
    enums.JudgeOrder: {"candidate-first", "opponent-first"},
    enums.Preference: {"candidate", "opponent", "tie"},
    enums.Always: {"pass", "fail"},
    enums.Split: {"train", "validation"},
    enums.Regressed: {"task", "process"},
    enums.CheckKind: {"assertion", "output", "statement", "tool_call", "json",
                      "judge_program", "grader_program", "process"},
    enums.BatchState: {"waiting", "running", "finished", "completed", "partial", "stopped",
                       "refused"},
    enums.Backend: {"docker", "local", "fake"},
    enums.Executor: {"ray", "inprocess"},
    enums.CriterionKind: {"assertions", "statements", "tool_calls", "outputs", "json_checks",
                          "process", "rubric", "expected_output"},
    enums.CriterionChange: {"added", "removed", "edited"},
}


@pytest.mark.parametrize("enum", sorted(STORED, key=lambda e: e.__name__))
def test_each_closed_set_holds_exactly_the_stored_strings(enum: type[StrEnum]) -> None:
    assert {m.value for m in enum} == STORED[enum]
    for member in enum:
        assert str(member) == member.value == f"{member}"  # printed and dumped as before


def test_the_v2_report_fixture_loads_with_enums_and_dumps_its_own_values() -> None:
    data = json.loads(V2.read_text())
    report = read_report(V2.read_bytes(), str(V2))
    assert report.verdict is Verdict(data["verdict"])
    assert [c.verdict for c in report.comparisons] == [
        Verdict(c["verdict"]) for c in data["comparisons"]]
    assert report.baseline_mode is None and report.alpha == config.ALPHA
    again = json.loads(report.model_dump_json())
    for key in ("status", "verdict", "run_id", "isolation", "stopped", "k"):
        assert again[key] == data[key], key
    assert [c["verdict"] for c in again["comparisons"]] == [
        c["verdict"] for c in data["comparisons"]]


def test_a_bare_v2_report_stored_as_a_receipt_still_migrates() -> None:
    receipt = read_receipt(V2.read_bytes(), str(V2))
    assert receipt.report is not None
    assert receipt.report.verdict is Verdict(json.loads(V2.read_text())["verdict"])


def _entry(**extra: Any) -> dict[str, Any]:
    return {"run_id": "r-1", "kind": "paired", "skill_digest": "a" * 64,
            "status": "completed", "receipt": "receipts/a/r-1.json", **extra}


def test_an_index_entry_written_with_strings_loads_as_verdicts_and_writes_the_same() -> None:
    stored = _entry(verdict="NO EVIDENCE", verdicts={"baseline": "PASS", "incumbent": "FAIL"})
    entry = IndexEntry.model_validate(stored)
    assert entry.verdict is Verdict.NO_EVIDENCE
    assert entry.verdicts == {"baseline": Verdict.PASS, "incumbent": Verdict.FAIL}
    dumped = json.loads(entry.model_dump_json())
    assert dumped["verdict"] == "NO EVIDENCE"
    assert dumped["verdicts"] == {"baseline": "PASS", "incumbent": "FAIL"}
    # a trigger run's entry has no verdict, as before
    assert IndexEntry.model_validate(_entry(kind="trigger")).verdict is None


def test_a_verdict_outside_the_set_is_refused_not_kept() -> None:
    with pytest.raises(ValidationError):
        IndexEntry.model_validate(_entry(verdict="MAYBE"))
    with pytest.raises(ValidationError):
        Turn.model_validate({"kind": "thought"})


def test_an_evidence_card_and_trend_keep_their_json() -> None:
    card = EvidenceCard(skill="ledger", store="/s", opponents=[Opponent(
        opponent="baseline", verdict=Verdict.PASS, net_lift=0.5, wins=2, losses=0, ties=1,
        sign_test_p=0.5)], trend=[TrendPoint(
            run_id="r-1", finished_at=None, skill_digest="a", model="sonnet", k=1,
            verdict=Verdict.NEUTRAL, pass_rate=None, baseline_pass_rate=None, net_lift=0.0)])
    data = json.loads(card.model_dump_json())
    assert data["opponents"][0]["verdict"] == "PASS"
    assert data["trend"][0]["verdict"] == "NEUTRAL"
    assert EvidenceCard.model_validate(data) == card


def test_turns_estimate_lines_and_trigger_modes_read_their_strings() -> None:
    assert Turn.model_validate({"kind": "skill_load", "tool": "Skill"}).kind is \
        TurnKind.SKILL_LOAD
    line = Line.model_validate({"what": "grader", "calls": 3, "input_tokens": 1,
                                "output_tokens": 1, "usd": 0.1, "basis": "default"})
    assert line.what is CostLine.GRADER
    assert json.loads(line.model_dump_json())["what"] == "grader"
    from runner.authoring.batch import TriggerSpec

    assert TriggerSpec().mode is TriggerMode.SESSION
    assert TriggerSpec.model_validate({"mode": "catalog"}).mode is TriggerMode.CATALOG
    with pytest.raises(ValidationError):
        TriggerSpec.model_validate({"mode": "sessions"})


def test_report_and_plan_defaults_are_the_configured_alpha() -> None:
    assert Report.model_fields["alpha"].default == config.ALPHA
    assert Plan.model_fields["alpha"].default == config.ALPHA
    assert Comparison.model_fields["alpha"].default == config.ALPHA
    from runner.analysis import confidence

    assert confidence.DEFAULT_ALPHA == config.ALPHA  # spelled once, in config
    assert Report.model_fields["baseline_mode"].annotation == BaselineMode | None


def test_a_group_plan_reads_the_old_newline_list_and_its_json_form(tmp_path: Path) -> None:
    store = LocalStore(tmp_path)
    old = b"r-aaaa\nr-bbbb\nt-cccc\n"  # how a batch wrote runs/<batch id>/plan.json before
    store.put(RunKeys("b-1").plan, old)
    assert read_group_plan(store, "b-1").run_ids == ["r-aaaa", "r-bbbb", "t-cccc"]
    write_group_plan(store, "b-2", ["r-aaaa", "catalog:x"])
    stored = store.get(RunKeys("b-2").plan)
    assert json.loads(stored) == {"group_plan_version": 1, "run_ids": ["r-aaaa", "catalog:x"]}
    assert read_group_plan(store, "b-2") == GroupPlan(run_ids=["r-aaaa", "catalog:x"])
    assert GroupPlan.decode(b"") == GroupPlan()
    with pytest.raises(KeyError):
        read_group_plan(store, "b-none")


def test_a_trigger_run_report_is_keyed_beside_the_run() -> None:
    assert RunKeys("t-1").trigger_json == "runs/t-1/trigger.json"


# Each field that became an enum, as an older file held it: it loads as the member and writes
# back the very same string.
OLD_FIELDS: list[tuple[str, str, dict[str, Any], str]] = [
    ("runner.schema.report", "JudgeCall",
     {"order": "opponent-first", "preferred": "tie", "reasons": "r"}, "order"),
    ("runner.schema.report", "JudgeCall",
     {"order": "candidate-first", "preferred": "opponent", "reasons": "r"}, "preferred"),
    ("runner.schema.report", "CheckSignal", {"case": "c", "check": "x", "always": "fail"},
     "always"),
    ("runner.schema.triggers", "QueryResult",
     {"query": {"id": "q", "prompt": "p", "should_trigger": True, "source": "q.json"},
      "runs": 1, "fired": 1,
      "split": "validation"}, "split"),
    ("runner.schema.regression", "CaseChange",
     {"case": "c", "what": "process", "before": 1.0, "after": 0.5}, "what"),
    ("runner.schema.checked", "CheckReading",
     {"kind": "tool_call", "entry": "e", "graded": "g", "reads": "r", "origin": "o"}, "kind"),
    ("runner.schema.runs", "BatchEvalState",
     {"run_id": "r", "skill": "s", "trials": 1, "done": 1, "state": "partial",
      "verdict": "NO EVIDENCE"}, "state"),
    ("runner.schema.runs", "BatchEvalState",
     {"run_id": "r", "skill": "s", "trials": 1, "done": 1, "state": "completed",
      "verdict": "FAIL"}, "verdict"),
    ("runner.schema.options", "SandboxConfig", {"backend": "local"}, "backend"),
    ("runner.schema.regrade", "CheckChange",
     {"case": "c", "kind": "expected_output", "change": "edited"}, "kind"),
    ("runner.schema.regrade", "CheckChange",
     {"case": "c", "kind": "rubric", "change": "removed"}, "change"),
]


@pytest.mark.parametrize(("module", "name", "data", "field"), OLD_FIELDS)
def test_an_old_closed_set_field_loads_as_its_enum_and_writes_the_same(
        module: str, name: str, data: dict[str, Any], field: str) -> None:
    import importlib

    model = getattr(importlib.import_module(module), name)
    loaded = model.model_validate(data)
    assert isinstance(getattr(loaded, field), StrEnum)
    assert json.loads(loaded.model_dump_json())[field] == data[field]
    with pytest.raises(ValidationError):
        model.model_validate({**data, field: "something-else"})


def test_pass_settings_executor_and_trigger_report_mode_read_their_strings() -> None:
    from runner.schema.enums import Executor
    from runner.schema.options import PassSettings
    from runner.schema.triggers import TriggerReport

    settings = PassSettings.model_validate({"executor": "inprocess"})
    assert settings.executor is Executor.INPROCESS
    assert json.loads(settings.model_dump_json())["executor"] == "inprocess"
    fields = TriggerReport.model_fields
    assert fields["mode"].annotation is TriggerMode
