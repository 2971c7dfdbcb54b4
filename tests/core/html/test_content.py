"""A page's own content, by the rule the images option shares: the content elements without
the theme's chrome, else the body; links absolute against the page's URL."""

from __future__ import annotations

from sitemap_core._html import content_html

PAGE = (
    b"<html><head><title>T</title><base href='/docs/'></head><body>"
    b"<header>Logo</header><nav><a href='x'>Nav</a></nav>"
    b"<article><h1 id='a'>Title<a class='headerlink' href='#a'>P</a></h1>"
    b"<p>Go <a href='guide/'>on</a> &amp; <img src='i.png' alt='I'></p>"
    b"<aside>Side</aside><script>var x = '<p>';</script></article>"
    b"<footer>Foot</footer></body></html>"
)


def test_content_elements_without_chrome_links_absolute() -> None:
    html = content_html(PAGE, "https://example.org/docs/page/")
    assert html.startswith("<article>") and html.endswith("</article>")
    for chrome in ("Logo", "Nav", "Side", "Foot", "headerlink", "var x"):
        assert chrome not in html, chrome
    assert 'href="https://example.org/docs/guide/"' in html  # against <base href>
    assert 'src="https://example.org/docs/i.png"' in html
    assert "&amp;" in html


def test_a_page_without_content_elements_is_its_body_outside_chrome() -> None:
    page = b"<html><body><nav>Nav</nav><p>Text <a href='../x.html'>x</a></p></body></html>"
    html = content_html(page, "https://example.org/a/b.html")
    assert html == '<p>Text <a href="https://example.org/x.html">x</a></p>'


def test_role_main_marks_the_content() -> None:
    page = b"<body><div class='sidebar'>Menu</div><div role='main'><p>Body</p></div></body>"
    assert content_html(page, "https://example.org/") == '<div role="main"><p>Body</p></div>'


def test_navigation_cut_out_before_parsing_reads_as_the_parser_would() -> None:
    # The navigation is cut out of the text first (a speed measure): nested, inside a
    # comment or a script, unclosed, the result is what the parser alone makes of it.
    page = (
        "<html><body><main><nav><ul><li><nav>inner</nav></li></ul>tail of nav</nav>"
        "<!-- <nav> in a comment --><script>var s = '<nav>';</script>"
        "<p>Kept</p><NAV class='x'>upper</NAV><p>Also kept</p><nav>unclosed"
        "</main></body></html>"
    )
    html = content_html(page.encode(), "https://example.org/")
    assert html == "<main><p>Kept</p><p>Also kept</p></main>"


def test_the_parse_starts_at_the_content_and_stops_after_the_last_one() -> None:
    # A speed measure: the chrome before the first content element (a navbar that is no
    # <nav>) is not parsed, nor what follows the last one; the result is the parser's alone.
    chrome = "".join(f"<li><a href='p{n}/'>Page {n}</a></li>" for n in range(50))
    page = (
        f"<html><head><title>T</title></head><body><div class='navbar'><ul>{chrome}</ul></div>"
        "<header><div id='main'>In the header</div></header>"
        "<div role='main'><p>One <a href='x/'>x</a></p></div><div>Between</div>"
        "<article><p>Two</p></article><div id='main-menu'>After</div><p>Tail</p></body></html>"
    )
    html = content_html(page.encode(), "https://example.org/a/")
    assert html == (
        '<div role="main"><p>One <a href="https://example.org/a/x/">x</a></p></div>'
        "<article><p>Two</p></article>"
    )


def test_a_hint_that_is_no_content_element_leaves_the_body_whole() -> None:
    page = b"<html><body><div id='main-menu'>Menu</div><aside>Side</aside><p>Text</p></body></html>"
    html = content_html(page, "https://example.org/")
    assert html == '<div id="main-menu">Menu</div><p>Text</p>'


def test_content_inside_chrome_before_the_late_start_is_skipped_as_before() -> None:
    # An open <aside> (or <base>) before the first hint: the parse starts at the top.
    page = (
        b"<html><head><base href='/d/'></head><body><aside><div id='content'>Skipped</div>"
        b"</aside><main><a href='y'>y</a></main></body></html>"
    )
    html = content_html(page, "https://example.org/a/")
    assert html == '<main><a href="https://example.org/d/y">y</a></main>'
