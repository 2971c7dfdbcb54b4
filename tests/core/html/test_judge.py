"""``html.judge`` and its rules: one order, one place, each rule beside its byte-scan trigger,
used by the build's exclusions and by ``check``."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core.check import check_site
from sitemap_core.cli.main import main
from sitemap_core.html import RULES, HtmlFacts, Rule, Verdict, judge
from tests.conftest import locs, write_files

BASE = "https://example.org/"
PAGE = "<!doctype html><html><head><title>{t}</title>{h}</head><body>x</body></html>"


def test_the_order_is_noindex_error_title_redirect_canonical() -> None:
    assert [rule.name for rule in RULES] == ["noindex", "error-title", "redirect", "canonical"]
    everything = HtmlFacts(True, "/other", "/new", "404 Not Found")
    assert judge(everything, BASE + "a.html") == Verdict("noindex", "noindex")
    said = judge(HtmlFacts(False, "/other", "/new", "404 Not Found"), BASE + "a.html")
    assert said == Verdict("error-title", "404 page", code=404)
    said = judge(HtmlFacts(False, "/other", "/new", "Home"), BASE + "a.html")
    assert said == Verdict("redirect", "redirect", target="/new")
    said = judge(HtmlFacts(False, "/other", None, "Home"), BASE + "a.html")
    assert said == Verdict("canonical", "canonical", target=BASE + "other")
    assert judge(HtmlFacts(title="Home"), BASE + "a.html") is None


def _hidden_trigger(low: bytes, title: bytes) -> bool:
    return b"hidden by rule" in title


def _hidden(facts: HtmlFacts, loc: str) -> Verdict | None:
    return Verdict("hidden", "hidden by rule") if facts.title == "Hidden by rule" else None


def test_a_rule_added_in_one_place_runs_in_the_byte_scan_the_build_and_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A newcomer's rule added where the build judged pages never ran: the byte scan that
    decides whether a head is parsed at all knew nothing of it. One :class:`Rule` (its
    trigger beside its judgement) now reaches all three."""
    from sitemap_core.html import _judge

    monkeypatch.setattr(_judge, "RULES", (*RULES, Rule("hidden", _hidden_trigger, _hidden)))
    site = write_files(
        tmp_path / "site",
        {
            "index.html": PAGE.format(t="Home", h=""),
            "a.html": PAGE.format(t="Hidden by rule", h=""),
        },
    )
    argv = ["build", str(site), "--base-url", BASE, "--no-robots"]
    assert main([*argv, "--no-html-checks"]) == 0
    assert locs(site / "sitemap.xml") == [BASE, BASE + "a.html"]
    report = check_site(site, BASE)
    assert [(f.code, f.message) for f in report.findings if f.severity == "error"] == [
        ("page-hidden", f"{BASE}a.html: hidden by rule; the build leaves it out")
    ]
    assert main(argv) == 0
    assert locs(site / "sitemap.xml") == [BASE]
