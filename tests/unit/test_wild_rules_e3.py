"""Two layouts found on issue 26's sample E (tune half), each by a small set of its own:
a skill whose authors wrote only a trigger set is accepted by `check` (and never drafted over
by `run`); a case set file beside SKILL.md is the skill's set and never ships in its bundle."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path
from typing import Any

from runner.authoring.bundles import pack_skill
from runner.authoring.layouts import find_set
from runner.driver.drafting import draft_when_missing
from runner.planning.plan import check_request
from runner.schema.options import RunOptions
from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

DESCRIPTION = 'Sorts a reading list by priority. Use when asked to "sort my reading list".'


def _skill(folder: Path, name: str = "rank-reading") -> Path:
    return write_skill_md(folder, name, DESCRIPTION, "Read list.md, write sorted.md.\n")


def _triggers(skill: Path) -> Path:
    _write(skill / "evals/trigger/should-trigger.yaml",
           [{"prompt": "which of these papers do I read first?"},
            {"prompt": "put my backlog of articles in order of importance"}])
    _write(skill / "evals/trigger/should-not-trigger.yaml",
           [{"prompt": "what is the capital of Peru?"}])
    return skill


# --- rule 1: a trigger set only ---------------------------------------------------------


def test_a_trigger_set_alone_is_accepted_with_its_counts(tmp_path: Path) -> None:
    skill = _triggers(_skill(tmp_path / "rank-reading"))
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert (f"ok: rank-reading: trigger set only (3 queries: 2 should trigger, 1 should not); "
            f"nothing for `run` to run: measure it with `skill-eval trigger {skill}`"
            ) in " ".join(result.output.split())


def test_check_json_says_which_sets_were_found(tmp_path: Path) -> None:
    skill = _triggers(_skill(tmp_path / "rank-reading"))
    got = report(skill)
    assert got["ok"] is True
    assert got["sets"]["runtime"] is None
    assert got["sets"]["trigger"] == str(skill.resolve() / "evals/trigger")
    assert got["trials"] is None


def test_a_runtime_set_beside_triggers_names_both(tmp_path: Path) -> None:
    skill = _triggers(_skill(tmp_path / "rank-reading"))
    _write(skill / "evals/evals.json", {"evals": [
        {"id": "one", "prompt": "Sort list.md", "assertions": ["Priority"]}]})
    got = report(skill)
    assert got["sets"]["runtime"].endswith("evals/evals.json")
    assert got["sets"]["trigger"].endswith("evals/trigger")


def test_a_broken_trigger_set_alone_is_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "rank-reading")
    _write(skill / "evals/trigger/should-trigger.yaml", "- prompt: a: b: c\n  - [\n")
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "EV010" in result.output
    refused = json.loads(check(str(skill), "--json").output)
    assert refused["ok"] is False and refused["problems"][0]["code"] == "EV010"


def test_a_trigger_set_with_no_should_trigger_query_is_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "rank-reading")
    _write(skill / "evals/trigger/should-not-trigger.yaml", [{"prompt": "what is 2+2?"}])
    assert check(str(skill)).exit_code == 2


def test_no_set_at_all_still_refuses_and_run_drafts_only_then(tmp_path: Path) -> None:
    bare = _skill(tmp_path / "rank-reading")
    result = check(str(bare))
    assert result.exit_code == 2 and "no case set" in result.output
    only = _triggers(_skill(tmp_path / "other" / "rank-reading"))
    assert draft_when_missing(only, {}) is None  # the authors chose triggers: nothing drafted


# --- rule 2: a set file beside SKILL.md --------------------------------------------------


def _root_cases() -> list[dict[str, Any]]:
    return [{"id": "sort", "prompt": "Sort list.md into sorted.md", "assertions": ["Priority"]},
            {"id": "fires", "prompt": "order my reading pile", "kind": "trigger",
             "should_trigger": True}]


def _bundle(skill: Path) -> set[str]:
    request = check_request(RunOptions(skill_path=skill))
    from runner.authoring.set_owned import bundle_exclusions

    left_out, _ = bundle_exclusions(skill, request.caseset.read_files, request.caseset.evals)
    data = pack_skill(skill, left_out)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        return set(tar.getnames())


def test_a_set_file_beside_skill_md_is_the_set_and_never_shipped(tmp_path: Path) -> None:
    for name in ("eval.json", "evals.json", "cases.json", "evals.yaml"):
        skill = _skill(tmp_path / name.replace(".", "-") / "rank-reading")
        _write(skill / name, _root_cases())
        _write(skill / "config.json", {"order": ["high", "low"]})
        _write(skill / "package.json", {"name": "rank-reading", "version": "1.0.0"})
        assert find_set(skill) == skill / name
        shipped = _bundle(skill)
        assert name not in shipped
        assert {"SKILL.md", "config.json", "package.json"} <= shipped


def test_check_v_says_where_the_root_set_is_and_that_it_is_not_shipped(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "rank-reading")
    _write(skill / "eval.json", _root_cases())
    result = check(str(skill), "-v")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert f"set: {skill.resolve() / 'eval.json'}" in text
    assert "left out of the skill bundle" in text and "eval.json" in text
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["sort"]
    assert got["sets"]["runtime"].endswith("eval.json")


def test_an_evals_folder_set_wins_over_a_root_file(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "rank-reading")
    _write(skill / "evals.json", _root_cases())
    _write(skill / "evals/evals.json", {"evals": [
        {"id": "own", "prompt": "Sort list.md", "assertions": ["Priority"]}]})
    assert find_set(skill) == (skill / "evals/evals.json").resolve()


def test_root_data_that_is_no_set_stays_the_skills(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "rank-reading")
    _write(skill / "config.json", [{"prompt": "a template the skill fills", "tone": "dry"}])
    _write(skill / "package.json", {"name": "rank-reading"})
    _write(skill / "cases.json", {"levels": ["high", "low"]})  # a set's name, no cases
    assert find_set(skill) is None
    assert {"config.json", "package.json", "cases.json"} <= _bundle_all(skill)


def _bundle_all(skill: Path) -> set[str]:
    with tarfile.open(fileobj=io.BytesIO(pack_skill(skill))) as tar:
        return set(tar.getnames())


def _bench() -> Any:
    import importlib.util

    path = Path(__file__).parents[2] / "bench" / "caseset_acceptance.py"
    spec = importlib.util.spec_from_file_location("caseset_acceptance", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_acceptance_bench_counts_a_trigger_only_skill_as_accepted(tmp_path: Path) -> None:
    import pytest

    from runner.errors import CaseSetError

    bench = _bench()
    caseset, lines = bench.check_skill(_triggers(_skill(tmp_path / "rank-reading")))
    assert caseset.evals == () and "trigger set only (3 queries" in lines[0]
    broken = _skill(tmp_path / "broken" / "rank-reading")
    _write(broken / "evals/trigger/should-trigger.yaml", "- prompt: a: b: c\n  - [\n")
    with pytest.raises(CaseSetError, match="EV010"):
        bench.check_skill(broken)


def test_run_on_a_trigger_only_skill_names_trigger_and_drafts_nothing(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from runner.cli import main

    skill = _triggers(_skill(tmp_path / "rank-reading"))
    result = CliRunner().invoke(main, ["run", str(skill)])
    assert result.exit_code == 2, result.output
    assert f"skill-eval trigger {skill}" in " ".join(result.output.split())
    assert sorted(p.name for p in (skill / "evals").iterdir()) == ["trigger"]
