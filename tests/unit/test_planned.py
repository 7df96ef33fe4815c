"""A case whose every criterion reads only which skill the agent chose and what it planned
needs none of the material its prompt points at (EV012); one criterion on the work itself
keeps the refusal (EV009)."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.planned import planned_only
from runner.schema.case import Case
from tests.helpers import check_cli, make_skill

PLANS = ("Triggered the tidy-notes skill", "Planned to read the repository's rules first",
         "Treated local rules as higher priority when they are newer",
         "Resolved or planned to resolve the notes folder before writing",
         "Classified the note type before writing", "Did not default to a generic PRD",
         "The run treats the request as a cleanup task")


@pytest.mark.parametrize("plan", PLANS)
def test_a_criterion_of_route_or_plan_alone_is_planned(plan: str) -> None:
    assert planned_only(Case(id="1", prompt="Tidy this repo.", statements=(plan,)))


@pytest.mark.parametrize("work", ["The run pushes the follow-up commit",
                                  "Cites file/line references for each finding",
                                  "Identified the bug in line 3",
                                  "Used the tidy-notes skill to draft the summary"])
def test_one_criterion_on_the_work_keeps_the_case_unplanned(work: str) -> None:
    assert planned_only(Case(id="1", prompt="Tidy this repo.", statements=(*PLANS[:2], work))) \
        == ""
    assert planned_only(Case(id="1", prompt="Tidy this repo.", statements=PLANS[:1],
                             assertions=("contains:done",))) == ""


HANDOFFS = ("Output routes broader UI review to web-design-guidelines.",
            "Hands off to the release-notes skill instead of drafting notes itself",
            "Output explains that table-audit is narrower than a full schema review.")


@pytest.mark.parametrize("plan", HANDOFFS)
def test_a_task_handed_to_another_skill_is_a_route(plan: str) -> None:
    assert planned_only(Case(id="1", prompt="Review these UI files.", statements=(plan,)))


@pytest.mark.parametrize("work", ["Routes each request to the handler and logs the result",
                                  "Output explains that the header is misaligned",
                                  "Output routes the review comments into a summary table"])
def test_work_phrased_near_a_route_stays_work(work: str) -> None:
    assert planned_only(Case(id="1", prompt="Review these UI files.", statements=(work,))) == ""


def test_check_accepts_a_planned_case_whose_material_is_absent(tmp_path: Path) -> None:
    planned = {"id": "1", "prompt": "这个仓库有自己的规则，帮我整理笔记。",
               "expectations": list(PLANS[:3])}
    result = check_cli(str(make_skill(tmp_path / "a", [planned])))
    assert result.exit_code == 0, result.output
    assert "every criterion reads only which skill the agent chose" in result.output
    worked = {**planned, "expectations": [*PLANS[:2], "The run pushes the cleaned notes"]}
    result = check_cli(str(make_skill(tmp_path / "b", [worked])))
    assert result.exit_code != 0 and "EV009" in result.output, result.output


PLANS_I18N = ("计划先读取指定文件", "将请求识别为设计决策", "没有默认生成通用 PRD",
              "触发了 tidy-notes 技能", "指定ファイルを読む計画",
              "リクエストを設計判断として扱った",
              "El agente planificó leer el archivo", "Tratou o pedido como uma limpeza",
              "Der Agent plante, zuerst die Regeln zu lesen", "Ha pianificato di leggere il file",
              "Агент запланировал прочитать файл", "요청을 설계 결정으로 분류했다")


@pytest.mark.parametrize("plan", PLANS_I18N)
def test_a_plan_in_another_language_is_planned(plan: str) -> None:
    assert planned_only(Case(id="1", prompt="整理这个仓库的笔记。", statements=(plan,)))


@pytest.mark.parametrize("work", ["输出包含三个标题", "读取指定文件并输出摘要",
                                  "ファイルを作成した", "La respuesta incluye una tabla",
                                  "Salva o token no cookie"])
def test_work_in_another_language_keeps_the_case_unplanned(work: str) -> None:
    assert planned_only(Case(id="1", prompt="整理这个仓库的笔记。",
                             statements=(PLANS_I18N[0], work))) == ""


def test_check_accepts_a_case_planned_in_chinese(tmp_path: Path) -> None:
    planned = {"id": "1", "prompt": "这个仓库有自己的规则，帮我整理笔记。",
               "expectations": ["触发了 tidy-notes 技能", "计划先读取仓库的规则文件"]}
    result = check_cli(str(make_skill(tmp_path / "a", [planned])))
    assert result.exit_code == 0, result.output
    assert "every criterion reads only which skill the agent chose" in result.output


def test_check_reads_a_handoff_and_a_reported_plight_without_their_material(
        tmp_path: Path) -> None:
    """Through the real CLI: a case routed to another skill, and a situation others report
    about the user's own app, need none of the material their prompts point at."""
    routed = {"id": "route", "prompt": "Review these UI files against broader polish rules.",
              "expectations": list(HANDOFFS[:1])}
    reported = {"id": "told", "prompt": "Screen-reader users say our booking app changes "
                "routes but the new page is not announced.",
                "expectations": ["Mentions a focus strategy for the route change"]}
    result = check_cli(str(make_skill(tmp_path / "a", [routed, reported])))
    assert result.exit_code == 0, result.output
    assert "every criterion reads only which skill the agent chose" in result.output
    worked = {**routed, "expectations": [*HANDOFFS[:1], "Lists each contrast failure"]}
    result = check_cli(str(make_skill(tmp_path / "b", [worked])))
    assert result.exit_code != 0 and "EV009" in result.output, result.output
