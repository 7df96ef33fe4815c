"""What on the web a case asks for, read by grammar (issue 26, rule 6, EV014): a host's page
to look at, a domain's registration, a named platform's live content, a link handed over as
the page or judged by its content. Each finder returns the words that triggered it; the same
words in work on files, a launch plan or a link to write stay silent. English and the
languages of runner.analysis.wording_i18n (Chinese, Spanish, French here)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.web_reach import (
    domain_checks,
    judged_pages,
    owned_pages,
    platform_searches,
)
from tests.helpers import check_json, make_skill


def test_a_hosts_page_looked_at_any_top_level_domain() -> None:
    assert owned_pages("Audit solomax.app's landing page and list fixes") == \
        ["solomax.app's landing page"]
    assert owned_pages("Can you review brightly.dev's pricing page?") == \
        ["brightly.dev's pricing page"]
    assert owned_pages("Please audit solomax.app before launch") == ["solomax.app"]
    assert owned_pages("Revisa acme.es y audit the site acme.dev") == ["acme.dev"]
    # the user's own project to build, a file's suffix, a reserved example name: silent
    assert owned_pages("Review logo.ai and scan run.sh, then check data.parquet") == []
    assert owned_pages("Audit shop.example before launch") == []
    assert owned_pages("Build solomax.app's landing page in Next.js") == []
    assert owned_pages("Write copy for acme.dev's landing page") == []
    assert owned_pages("Review main.py's headers") == []
    assert owned_pages("Audit example.com's homepage") == []


def test_a_domains_registration_asked_or_expected_checked() -> None:
    assert domain_checks("is getshipped.com available? also check getshipped.io", []) == \
        ["getshipped.com"]
    assert domain_checks("Is acme-widgets.io a good name and is it free?", []) == \
        ["acme-widgets.io"]
    assert domain_checks("Please check whether these domains are registered: a, b", []) == \
        ["check whether these domains are registered"]
    assert domain_checks("Help me pick a domain for my app", [
        "Availability is verified by running the script"]) == ["Availability is verified"]
    assert domain_checks("帮我查一下 shipfast.cn 能不能注册", []) == ["shipfast.cn"]
    assert domain_checks("¿El dominio shipfast.es está disponible?", []) == ["shipfast.es"]
    # a site's features, a page to build, a price, a made-up name: silent
    assert domain_checks("Our site acme.dev is available in 5 languages. Fix the footer", []) \
        == []
    assert domain_checks("为 acme.dev 做一个注册页面", []) == []
    assert domain_checks("Is the API free to use?", []) == []
    assert domain_checks("Is example.com available?", []) == []
    assert domain_checks("Run sync. AWS CLI is available and the API is at app.acme.io", []) \
        == []
    assert domain_checks("The Schema.org validator is unreachable and no browser is "
                         "available", []) == []
    # availability checked with no domain in sight is some other availability
    assert domain_checks("Plan the on-call rota", ["Availability is checked per person"]) == []


def test_a_platforms_live_content_searched_or_downloaded() -> None:
    assert platform_searches("Search for 'Clean Code' on Z-Library") == \
        ["Search for 'Clean Code' on Z-Library"]
    assert platform_searches("find the latest Reddit threads about note apps") == \
        ["find the latest Reddit threads"]
    assert platform_searches("Look up reviews of Notion on G2 and sum them up") == \
        ["Look up reviews of Notion on G2"]
    assert platform_searches("帮我搜索微信公众号「人民日报」") == ["搜索微信公众号「人民日报」"]
    assert platform_searches("搜索微信公众号上关于大模型的文章") == \
        ["搜索微信公众号上关于大模型的文章"]
    assert platform_searches("cherche des avis sur Trustpilot pour Acme") == \
        ["cherche des avis sur Trustpilot"]
    # a launch, a listing, an ad on the platform; a local search; the user's own doing
    for silent in ["We want to launch on Product Hunt. Any tips?",
                   "We want to list on G2 but we only have 4 customers. Worth doing?",
                   "Should we advertise on TikTok?", "search the codebase for TODO",
                   "find the bug on Line 42", "find all posts from Monday",
                   "在代码里搜索「TODO」", "搜索代码库「TODO」",
                   "Yesterday we found threads on Reddit that mock us; write a reply",
                   "Create an MCP server with a tool to search GitHub repositories by keyword",
                   "Write a Python script that downloads files from S3",
                   "Assume we can recruit in WeChat groups, scrape Xiaohongshu comments",
                   "帮我在当前仓库里搜一下 memory 这个词"]:
        assert platform_searches(silent) == [], silent


def test_a_link_handed_over_as_the_page_or_judged_by_its_content() -> None:
    assert judged_pages("Here's my landing page: https://shop.example.com/p. Why no sales?",
                        []) == ["https://shop.example.com/p"]
    assert judged_pages("can we add it to the catalog? https://blog.acme.dev/post", [
        "The URL fails the ownership gate: it documents vendor tool adoption"]) == \
        ["https://blog.acme.dev/post"]
    # a link to write, and criteria about the work not the page: silent
    assert judged_pages("Add a footer link to the pricing page: https://acme.dev/p", []) == []
    assert judged_pages("Put https://acme.dev in the README", ["The README links the site"]) \
        == []
    # a link named as the document a part of the request comes from: its content is the work's
    assert judged_pages("Write a ticket implementing section B.1 of https://arxiv.org/abs/1",
                        []) == ["https://arxiv.org/abs/1"]
    assert judged_pages("Port Algorithm 2 in https://papers.acme.org/p.pdf to Rust", []) == \
        ["https://papers.acme.org/p.pdf"]
    # a part to cite, and a part of our own docs beside a link: silent
    assert judged_pages("Cite section 3 of https://arxiv.org/abs/1 in the README", []) == []
    assert judged_pages("See https://github.com/a/b; implement section 2 of the spec", []) == []
    # a made-up page (a reserved example name) whose content the prompt carries itself
    assert judged_pages("Assess the page: https://harbor.example/p. Raw HTML has one <h1>",
                        []) == []


SKILL_MD = ("---\nname: launch-kit\ndescription: Helps small teams launch products. Use "
            "when asked about launches, domains or sites.\n---\nBe brief.\n")


def _case(cid: str, prompt: str, **more: Any) -> dict[str, Any]:
    return {"id": cid, "prompt": prompt, "expectations": more.pop("expectations", [
        "The answer gives a short plan"]), **more}


def test_check_names_the_words_for_each_web_need(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        _case("domain", "is getshipped.com available? I want it for my launch"),
        _case("reddit", "find the latest Reddit threads about habit trackers and sum up"),
        _case("wechat", "帮我搜索微信公众号「人民日报」"),
        _case("owned", "Audit solomax.app's landing page"),
        _case("judged", "should this go in the catalog? https://blog.acme.dev/post",
              expectations=["The URL fails the gate: it documents vendor tool adoption"]),
        _case("paper", "Write a ticket for section B.1 of https://arxiv.org/abs/2501.1"),
        _case("launch", "We want to launch on Product Hunt next month. Plan it."),
        _case("build", "Build the landing page for acme.dev with a hero and a CTA"),
    ], {}, name="launch-kit", skill_md=SKILL_MD)
    found = {f["case"]: f["message"] for f in check_json(skill)["findings"]
             if f["code"] == "EV014"}
    assert "'getshipped.com': a domain's registration" in found["domain"], found
    assert "'find the latest Reddit threads': a platform's live content" in found["reddit"]
    assert "'搜索微信公众号「人民日报」'" in found["wechat"]
    assert "'solomax.app's landing page': a live website" in found["owned"]
    assert "'https://blog.acme.dev/post': a page its criteria read" in found["judged"]
    assert "'https://arxiv.org/abs/2501.1': a page its criteria read" in found["paper"]
    assert "launch" not in found and "build" not in found, found
