"""``html.judge`` and its rules: one order, one place, each rule beside its byte-scan trigger,
used by the build's exclusions and by ``check``."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core._check import check_site
from sitemap_core._cli import main
from sitemap_core._html import RULES, HtmlFacts, Rule, Verdict, judge
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
    from sitemap_core._html import _judge

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


#: Titles beside what the parsed head says of them: the byte scan may send a page to the
#: parser needlessly, never skip one the parser would leave out.
TITLES = [
    "Article number 416",
    "Top 500 films of 2024",
    "Python 3.12: 404 fixes",
    "Found a bug? Here is how",
    "Things that exist",
    "404 Not Found",
    "404",
    "Page not found | Site",
    "Error 500 – Site",
    "500 | Fiat",
    "Error   503\n  Service Unavailable",
    "404 &amp; more",
    "4&#48;4 Not Found",
    "<b>404</b> Not Found",
    "Seite nicht gefunden · 404",
    "Страница 404 не найдена",
    "Does not exist",
]


@pytest.mark.parametrize("title", TITLES)
def test_the_title_trigger_never_skips_an_error_title(tmp_path: Path, title: str) -> None:
    from sitemap_core._html import inspect_html
    from sitemap_core._html._judge import verdict

    head = f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title></head>"
    page = tmp_path / "a.html"
    page.write_text(head + "<body>x</body></html>", encoding="utf-8")
    facts = inspect_html(page)
    said = judge(facts, BASE + "a.html")
    scan = verdict(head.encode())
    if said is not None:
        assert scan is True, (title, said)


@pytest.mark.parametrize("title", ["Article number 416", "Top 500 films of 2024", "Found it"])
def test_a_number_or_a_word_in_a_plain_title_is_not_parsed(title: str) -> None:
    """Titles with a 4xx/5xx-like number sent every such page to the full parser."""
    from sitemap_core._html._judge import verdict

    head = f"<html><head><title>{title}</title></head>".encode()
    assert verdict(head) is False
    # A second <title> (one in a comment, in an svg) leaves the decision to the parser.
    assert verdict(head.replace(b"</head>", b"<!-- <title>x</title> --></head>")) is True


def test_the_title_corpus_holds_error_titles_behind_entities_and_whitespace(
    tmp_path: Path,
) -> None:
    from sitemap_core._html import inspect_html

    errors = []
    for n, title in enumerate(TITLES):
        page = tmp_path / f"{n}.html"
        page.write_text(PAGE.format(t=title, h=""), encoding="utf-8")
        if judge(inspect_html(page), BASE) is not None:
            errors.append(title)
    assert "4&#48;4 Not Found" in errors
    assert "Error   503\n  Service Unavailable" in errors
    assert "<b>404</b> Not Found" in errors
    assert len(errors) == 8


CSS = "<style>" + "".join(f".c{n} {{ display: none; }}\n" for n in range(300)) + "</style>"


@pytest.mark.parametrize(
    ("head", "parsed"),
    [
        # A real theme's head: inline CSS, `robots: index, follow`, its own canonical link.
        (
            f'{CSS}<meta name="robots" content="index, follow">'
            '<link rel="canonical" href="{loc}">',
            False,
        ),
        (f'{CSS}<meta name="robots" content="noindex">', True),
        (f'{CSS}<meta name="robots" content="NONE">', True),
        (f'{CSS}<meta name="robots" content="&#110;oindex">', True),
        # No tag is hidden behind CSS: text with a `<` in it is read.
        ('<style>a{}<!-- </style> --><meta name="robots" content="noindex">', True),
        ("<style>a{}</style><meta http-equiv=refresh content='0; url=/x'>", True),
        ('<STYLE type="text/css">a { color: red }</STYLE><link rel=canonical href="/other">', True),
    ],
)
def test_the_byte_scan_reads_past_css_and_harmless_robots_tags(
    tmp_path: Path, head: str, parsed: bool
) -> None:
    """A real theme's page was parsed in full (0.3 ms) because its head named robots at all,
    and its inline CSS was scanned by every trigger; the scan now decides such pages alone,
    and still sends every page the rules could exclude to the parser."""
    from sitemap_core._html import inspect_html, may_exclude

    loc = BASE + "post.html"
    page = tmp_path / "post.html"
    page.write_text(PAGE.format(t="Post", h=head.replace("{loc}", loc)))
    assert may_exclude(page, loc) is parsed
    if parsed:
        assert judge(inspect_html(page), loc) is not None


def test_the_head_ends_at_a_body_tag_across_chunks(tmp_path: Path) -> None:
    from sitemap_core._html._head_reader import read_head

    for cut in range(-5, 2):
        page = tmp_path / f"cut{cut}.html"
        head = b"<html><head>" + b"x" * (8192 + cut - 12)
        page.write_bytes(head + b"<BoDy>text</body>")
        found = read_head(page)
        assert found is not None and found[0] == head
