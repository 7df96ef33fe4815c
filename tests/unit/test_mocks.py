"""A case's `mocks` (runner.authoring.mocks): responses the authors' harness served to the
skill's calls; none is served in the sandbox, so the case cannot pass in any arm (EV014),
said before anything is spent. Before, `mocks` was only counted as kept, not graded."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.mocks import mocked_calls
from tests.helpers import check_cli, make_skill


def test_mocks_as_a_mapping_or_a_list_name_their_calls() -> None:
    item = {"mocks": {"GET /api/v1/query": "fixtures/q.json"}, "prompt": "x"}
    assert mocked_calls(item) == ("mocks", ["GET /api/v1/query"])
    assert item == {"prompt": "x"}
    assert mocked_calls({"stubs": [{"request": "GET /jobs", "body": "{}"}]}) == (
        "stubs", ["GET /jobs"])
    assert mocked_calls({"mocks": {}}) is None, "nothing mocked: nothing said"


def test_a_mocked_case_is_accepted_with_ev014(tmp_path: Path) -> None:
    case = {"id": "m", "prompt": "Summarise last night's release run.",
            "mocks": {"GET /api/v1/query_range": "fixtures/prom.json"},
            "assertions": ["Reports the run as healthy"]}
    result = check_cli(str(make_skill(tmp_path, [case])))
    assert result.exit_code == 0, result.output
    assert "EV014" in result.output and "`mocks` answers 1 call(s) the skill makes " \
        "(GET /api/v1/query_range)" in result.output
