"""Issue 26, rule 6: a prompt working on the user's own thing that no case stages is left out
(EV009), in the forms a wild set writes it: "我刚改完 X 的 SKILL.md，帮我检查一下" (the user
just changed a file and asks for it to be checked; another skill's SKILL.md, never the one under
test), "I just edited config.yaml, check it", and a project pointed at with a clause before it
("这个停了两个月的项目", "这个已有的前端仓库"). A past change told as the setting of other
work, a SKILL.md the task writes and the skill's own SKILL.md are silent. Through the real
`skill-eval check`."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_json, make_skill

RUNNABLE = {"id": "plain", "prompt": "Write a haiku about rain into haiku.txt.",
            "expectations": ["haiku.txt holds three lines"]}


def _left_out(tmp_path: Path, prompts: list[str]) -> dict[str, str]:
    cases = [{"id": f"c{n}", "prompt": p, "expected_output": "A careful answer"}
             for n, p in enumerate(prompts)]
    skill = make_skill(tmp_path, [*cases, RUNNABLE], name="skill-coach")
    got = check_json(skill)
    return {f["case"]: f["message"] for f in got["findings"] if f["code"] == "EV009"}


def test_a_file_the_user_just_changed_and_asks_checked_is_their_input(tmp_path: Path) -> None:
    got = _left_out(tmp_path, [
        "我刚改完 mu-interview-shrimp 的 SKILL.md，帮我检查一下",
        "Review pdf-helper's SKILL.md and tighten its description",
        "I just edited config.yaml, check it for mistakes",
        "帮我看看我刚写的 deploy.sh 有没有问题",
        # a past change told as the setting of other work; a SKILL.md to write; the skill's own
        "I just edited config.yaml to add a cache. Now write a cache test in test_cache.py",
        "Write a SKILL.md for my new git-helper skill",
        "Read SKILL.md and summarise the skill",
        # a check of something else after a change told (the material is in the prompt)
        "I just edited config.yaml. Check that the summary below is accurate: 'caching added'",
        "我刚写完 main.py 的测试计划，请看看这个方案：先测登录",
    ])
    assert "'mu-interview-shrimp/SKILL.md'" in got["c0"], got
    assert "'pdf-helper/SKILL.md'" in got["c1"], got
    # (the fix never stages the skill's own SKILL.md: the baseline would hold the skill)
    assert "add 'SKILL.md'" not in got["c0"]
    assert "'config.yaml'" in got["c2"] and "'deploy.sh'" in got["c3"], got
    assert not {"c4", "c5", "c6", "c7", "c8", "plain"} & set(got), got


def test_a_project_pointed_at_with_a_clause_before_it_is_the_users(tmp_path: Path) -> None:
    got = _left_out(tmp_path, [
        "帮我把这个停了两个月的项目接起来，目录里已经有 AGENTS.md。",
        "帮我给这个已有的前端仓库建好 AI 项目入口。",
        # the piece the work makes is no material
        "帮我写这个明天就要交的报告",
        "帮我准备这个下周开会用的报告",
        "帮我搭建这个用于演示的项目",
    ])
    assert "'这个停了两个月的项目'" in got["c0"], got
    assert "'这个已有的前端仓库'" in got["c1"], got
    assert not {"c2", "c3", "c4"} & set(got), got


def test_material_the_user_says_they_have_or_handed_over_is_theirs(tmp_path: Path) -> None:
    got = _left_out(tmp_path, [
        "Create a 10-slide report deck from the provided paper notes. Keep quality high.",
        "Polish my existing PPTX presentation about AI in education. Make it look better.",
        "I run a small firm. I have a big folder of receipts. Log every receipt in a workbook.",
        "I work full-time. My documents are in the folder. Build me a tax prep workbook.",
        "用户上传了一个名为 slides.html 的文件，并说：帮我把它转成 PDF。",
        # a kind, a folder to make, a file to make, a pointer the prompt goes on to tell
        "Write a template that replaces the existing report format",
        "Create a folder called receipts and put a README in it",
        "请生成一个名为 report.html 的文件",
        "Summarise the attached export notes that revenue fell 10% in Q2 and 5% in Q3",
        "I have a bunch of questions about Python decorators, explain them",
        "Write output.md. Don't overwrite an existing file.",
        "Check that the photos are in the directory after the script runs",
    ])
    assert "'the provided paper notes'" in got["c0"] and "'my existing PPTX'" in got["c1"], got
    assert "'I have a big folder of receipts'" in got["c2"], got
    assert "'My documents are in the folder'" in got["c3"], got
    assert "'slides.html'" in got["c4"], got
    assert not {"c5", "c6", "c7", "c8", "c9", "c10", "c11"} & set(got), got


def test_a_page_turned_into_something_or_an_official_site_needs_the_network(
        tmp_path: Path) -> None:
    cases = [{"id": f"c{n}", "prompt": p, "expected_output": "A careful answer"}
             for n, p in enumerate([
                 "Export the page https://acme.org/report.html to a high-res PDF",
                 "用户说：把这个网页 https://acme.org/report.html 导出成高清 PDF。",
                 "Gather facts about Acme's history from its official website for 5 slides.",
                 "从学校官网获取最新的招生信息，做成一页简介",
                 "Design a homepage for the official website of our bakery",
                 "Add a link to https://acme.org in the footer of index.html"])]
    skill = make_skill(tmp_path, [*cases, RUNNABLE], name="skill-coach")
    got = {f["case"]: f["message"] for f in check_json(skill)["findings"]
           if f["code"] == "EV014"}
    assert "https://acme.org/report.html" in got["c0"] and "acme.org" in got["c1"], got
    assert "'from its official website'" in got["c2"] and "官网" in got["c3"], got
    assert not {"c4", "c5"} & set(got), got


def test_a_skill_working_from_a_remote_service_needs_it_for_its_answers(
        tmp_path: Path) -> None:
    """A description saying the skill retrieves its evidence through a remote API, and a
    script of its procedure calling that host: a case staging nothing needs the service."""
    md = ("---\nname: club-kb\ndescription: Answers questions about the archery club. This "
          "skill retrieves evidence through a remote knowledge-base API, then answers.\n---\n"
          "1. Run `node scripts/query-kb.mjs \"<question>\"` and read its JSON.\n"
          "2. Answer from the evidence, citing it.\n")
    script = ('const API = "https://kb.example-club.org/api";\n'
              'const r = await fetch(API + "/search?q=" + process.argv[2]);\n'
              'console.log(await r.text());\n')
    skill = make_skill(tmp_path, [{"id": "rules", "prompt": "What are the club's range rules?",
                                   "expected_output": "The rules, with citations"}],
                       {"scripts/query-kb.mjs": script}, name="club-kb", skill_md=md)
    got = {f["case"]: f["message"] for f in check_json(skill)["findings"]
           if f["code"] == "EV014"}
    assert "'query-kb.mjs': the skill's procedure runs it" in got.get("rules", ""), got


def test_a_document_continued_built_on_or_looked_into_is_the_users(tmp_path: Path) -> None:
    got = _left_out(tmp_path, [
        "继续昨天的战略报告，把建议部分补成三阶段行动方案。",
        "基于现有战略咨询报告，提炼一版面向董事会的执行摘要。",
        "检查报告里有没有‘本章将’这种写法。",
        "正文已经差不多了，帮我导出一版 Word 可审草稿。",
        "Continue yesterday's strategy report and expand the recommendations.",
        # the piece to write, its brief given; a story continued from the prompt's own text
        "帮我写一份新能源汽车行业战略研究报告，先出大纲和核心结论。",
        "Continue the story with a twist ending: Once upon a time a cat sat on a mat.",
    ])
    assert {"c0", "c1", "c2", "c3", "c4"} <= set(got), got
    assert not {"c5", "c6"} & set(got), got


def test_chinese_pointers_read_as_the_users_thing_only_where_it_exists(tmp_path: Path) -> None:
    got = _left_out(tmp_path, [
        "帮我看看这个跑不起来的项目",
        "帮我优化这个一直报错的脚本",
        # this prompt's own work, a question, a module to make, a discussion
        "帮我写一份季度报告，写完后检查报告中的错别字。",
        "正文已经写好了吗？如果没有，先写正文",
        "帮我写一个 Python 包，提供一个名为 utils.py 的模块",
        "根据之前的讨论写一份方案",
    ])
    assert {"c0", "c1"} <= set(got), got
    assert not {"c2", "c3", "c4", "c5"} & set(got), got


def test_work_put_on_a_site_or_a_link_is_no_page_to_read(tmp_path: Path) -> None:
    cases = [{"id": f"c{n}", "prompt": p, "expected_output": "A careful answer"}
             for n, p in enumerate([
                 "Write copy to publish on the official website",
                 "帮我写一篇放在官网上的公告",
                 "写一段文案，引导用户到官网注册会员",
                 "将网站部署到 https://myapp.vercel.app，写一个 GitHub Actions 工作流",
                 "Write a Jekyll config so the site renders at https://me.github.io"])]
    skill = make_skill(tmp_path, [*cases, RUNNABLE], name="skill-coach")
    assert not [f for f in check_json(skill)["findings"] if f["code"] == "EV014"]


def test_a_skill_saying_it_stays_off_remote_services_needs_none(tmp_path: Path) -> None:
    md = ("---\nname: club-kb\ndescription: Answers archery club questions. Never use a remote "
          "API: works offline from references/.\n---\n1. Run `node scripts/sync.mjs` once.\n")
    script = 'await fetch("https://kb.example-club.org/api/sync");\n'
    skill = make_skill(tmp_path, [{"id": "rules", "prompt": "What are the club's range rules?",
                                   "expected_output": "The rules"}],
                       {"scripts/sync.mjs": script}, name="club-kb", skill_md=md)
    assert "rules" not in {f["case"] for f in check_json(skill)["findings"]
                           if f["code"] == "EV014"}
