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


def test_an_error_title_behind_a_commented_out_title_is_parsed(tmp_path: Path) -> None:
    """The title trigger read the first ``<title`` only: one in a comment before the real
    title hid a 404 page's title from it, and the page was listed, while ``check`` (parsing
    the head) said it is an error page."""
    from sitemap_core._html import inspect_html, may_exclude

    page = tmp_path / "a.html"
    page.write_text(
        PAGE.format(t="404 Not Found", h="").replace(
            "<title>", "<!-- <title>x</title> --><title>", 1
        )
    )
    assert judge(inspect_html(page), BASE + "a.html") == Verdict(
        "error-title", "404 page", code=404
    )
    assert may_exclude(page, BASE + "a.html") is True


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


def test_a_canonical_link_elsewhere_is_parsed_though_the_head_names_the_page(
    tmp_path: Path,
) -> None:
    """The own-URL test read the whole head: a syndicated post whose ``og:url`` names it and
    whose canonical link names the original was never parsed, so listed, while ``check``
    (which parses every head) said it points elsewhere. Only the canonical link's tag counts."""
    from sitemap_core._html import inspect_html, may_exclude

    loc = BASE + "post.html"
    page = tmp_path / "post.html"
    head = (
        f'<meta property="og:url" content="{loc}">'
        '<link rel="canonical" href="https://original.example.com/post">'
    )
    page.write_text(PAGE.format(t="Post", h=head))
    assert judge(inspect_html(page), loc) == Verdict(
        "canonical", "canonical", target="https://original.example.com/post"
    )
    assert may_exclude(page, loc) is True
    itself = f'<link rel="canonical" href="{loc}"><meta property="og:url" content="{loc}">'
    page.write_text(PAGE.format(t="Post", h=itself))
    assert may_exclude(page, loc) is False


#: Pieces of heads: each rule's trigger words in and out of the tags they count in, CSS, the
#: page's own URL as written and escaped, case changes, comments, cut-off tags.
PIECES = [
    "<title>Post</title>", "<TITLE>404 Not Found</TITLE>", "<title>Article 416", "<title>x</title>",
    "<title>Redirecting...</title>", '<meta name="robots" content="index, follow">',
    '<meta name="ROBOTS" content="NONE">', '<meta name="googlebot" content="&#110;oindex">',
    '<meta name="description" content="none of it">', '<link rel="canonical" href="{loc}">',
    '<link rel="CANONICAL" href="/other">', "<link rel='canonical' href='{esc}'>",
    '<meta property="og:url" content="{loc}">', '<meta http-equiv="Refresh" content="0; url=/x">',
    "<script>window.location.pathname</script>", "<script>location\n = '/y'</script>",
    "<script>if (location == x) {}</script>", "<STYLE>a { display: none } /* location= */</Style>",
    "<style>a{}<!-- x --></style>", "<style>unclosed none", "<!-- <title>x</title> -->",
    "&amp; text", "<noscript><meta http-equiv=refresh content='0;url=/z'></noscript>", "<s", "<b",
]  # fmt: skip


def test_the_byte_scan_never_skips_a_page_the_parser_leaves_out(tmp_path: Path) -> None:
    """On 600 random heads: every page the parsed head speaks against (bar a canonical link
    naming the page itself) is sent to the parser by the byte scan."""
    import html
    import random

    from sitemap_core._html import inspect_html, may_exclude

    pick = random.Random(44)
    for n in range(600):
        loc = BASE + pick.choice([f"p{n}.html", f"a b/{n}/", f"q?x={n}&y='1'"])
        esc = html.escape(loc)
        pieces = [pick.choice(PIECES) for _ in range(pick.randrange(1, 9))]
        head = "".join(pieces).replace("{loc}", loc).replace("{esc}", esc)
        body = pick.choice(["<body>", "<BODY class=x>", ""])
        page = tmp_path / f"{n}.html"
        page.write_text(f"<!doctype html><html><head>{head}</head>{body}x</body></html>")
        said = judge(inspect_html(page), loc)
        if said is not None and not (said.rule == "canonical" and said.target == loc):
            assert may_exclude(page, loc), (head, said)
