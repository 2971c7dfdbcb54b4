"""Redirect stubs that redirect by script alone are not pages; language pickers are.

Both sides of the rule, from the decision itself up to a real ``mkdocs build`` and the
``ssg-sitemap build``/``check`` commands on a static site.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sitemap_core._check import check_site
from sitemap_core._cli import main
from sitemap_core._html import inspect_html, may_exclude
from sitemap_core._html._script_redirect import escaped_refresh, script_target
from tests.conftest import (
    finishes,
    locs,
    mkdocs_build,
    write_files,
)

BASE = "https://example.org/"


REDIRECTS = {
    "replace": ('window.location.replace("https://example.org/new/")', "https://example.org/new/"),
    "href": ('location.href = "../new/";', "../new/"),
    "bare": ("location = '/new/'", "/new/"),
    "window-href": ('window.location.href="/new/"', "/new/"),
    # mkdocs-redirects' (and Zensical's) stub keeps the visitor's fragment.
    "keeps-hash": (
        'var anchor=window.location.hash.substr(1);location.href="../new/"+(anchor?"#"+anchor:"")',
        "../new/",
    ),
    "multiline": (
        '\n  "use strict";\n  window.location.href = "https:\\/\\/x.org\\/";\n',
        "https://x.org/",
    ),
    "commented": ("<!--\n// off we go\nlocation.assign('/n/') /* now */\n-->", "/n/"),
    # One variable holding the literal: the stubs some redirect plugins write.
    "constant": ('var a="/new/";window.location.replace(a)', "/new/"),
    "constant-keeps-hash": ('const to = "../new/"\nlocation.href = to + location.hash', "../new/"),
}


NOT_REDIRECTS = {
    "picker-if": 'if (navigator.language.startsWith("fr")) location.href = "fr/";'
    ' else location.href = "en/";',
    "picker-asi": 'var l = navigator.language;\nif (l == "fr")\n  location.href = "fr/"\n',
    "picker-computed": 'location.href = "/" + navigator.language.slice(0, 2) + "/"',
    "picker-ternary": 'location.href = navigator.language == "fr" ? "fr/" : "en/"',
    "function": 'function go() { location.href = "/x/" }',
    "handler": 'document.addEventListener("click", () => { location.href = "/x/" })',
    "material-scope": '__md_scope=new URL("..",location),__md_hash=e=>[...e]',
    "comparison": 'if (location.href == "x") {}',
    "empty-target": 'location.href = ""',
    "template": "location.href = `/${lang}/`",
    "then-more": 'location.replace("/a"); track()',
    "unterminated": 'location.href = "/a',
    "variable-computed": "var a = navigator.language; location.replace(a)",
    "variable-reassigned": 'var a = "/x/"; a = pick(); location.replace(a)',
    "variable-undeclared": "location.replace(a)",
}


@pytest.mark.parametrize("name", REDIRECTS)
def test_unconditional_script_redirects(name: str) -> None:
    script, target = REDIRECTS[name]
    assert script_target(script) == target


@pytest.mark.parametrize("name", NOT_REDIRECTS)
def test_conditional_or_other_scripts_are_not_redirects(name: str) -> None:
    assert script_target(NOT_REDIRECTS[name]) is None


def test_escaped_refresh_in_noscript() -> None:
    assert escaped_refresh('<meta http-equiv="refresh" content="0; url=../new/">') == "../new/"
    assert escaped_refresh("<meta http-equiv=refresh content='0;URL=/n/'>") == "/n/"
    assert escaped_refresh('<img src="pixel.gif">') is None
    assert escaped_refresh("Please turn JavaScript on to refresh.") is None


def test_hostile_scripts_stay_linear() -> None:
    """Untrusted input: long, pathological scripts are answered in a blink."""
    bodies = [
        "location" * 50_000,
        "location " + " " * 200_000 + "==",
        "var a=" + "(" * 50_000,
        'location.href="' + "\\" * 100_000,
        "/*" * 50_000,
        "a\n" * 50_000 + 'location.href="/x/"',
    ]
    start = time.perf_counter()
    for body in bodies:
        assert script_target(body) is None
    # Generous: linear work here takes well under a second; quadratic would take minutes.
    assert time.perf_counter() - start < 10


def page(head: str, title: str = "t") -> str:
    return f"<!doctype html><html><head><title>{title}</title>{head}</head><body>x</body></html>"


# The minified redirect stub of Zensical and HTML minifiers: no meta refresh tag any more, only
# its escaped text in <noscript>, and the script.
MINIFIED_STUB = (
    "<!doctype html><html lang=en><head><meta charset=utf-8><title>Redirecting...</title>"
    "<noscript>&lt;meta http-equiv=&quot;refresh&quot; content=&quot;0; url=../new/&quot;&gt;"
    "</noscript></head><body>Redirecting...</body></html>"
)


PICKER = page(
    "<script>var lang = (navigator.language || 'en').slice(0, 2);\n"
    "if (lang === 'fr') { window.location.replace('fr/'); }\n"
    "else { window.location.replace('en/'); }</script>",
    "Choose a language",
)


# The stub of the issue's real site: the target through a variable, a <noscript> refresh in
# the body.
INDIRECT_STUB = (
    "<!doctype html><html><head><title>Redirecting...</title>"
    '<script>var a="/new/";window.location.replace(a)</script></head>'
    '<body><noscript><meta http-equiv="refresh" content="0; url=/new/"></noscript></body></html>'
)


# A script the rule cannot follow; the title and the <noscript> refresh together say "stub".
TITLED_STUB = (
    "<!doctype html><html><head><title>Redirecting…</title>"
    "<script>go(pick())</script></head><body><p>Redirecting…</p>"
    '<noscript><meta http-equiv="refresh" content="0; url=../new/"></noscript></body></html>'
)


SITE = {
    "index.html": page(""),
    "new/index.html": page('<script>__md_scope=new URL("..",location)</script>'),
    "old/index.html": page('<script>window.location.replace("/new/")</script>'),
    "moved.html": page("<script>\n  location.href = '/new/';\n</script>"),
    "minified/index.html": MINIFIED_STUB,
    "picker/index.html": PICKER,
    "indirect/index.html": INDIRECT_STUB,
    "titled/index.html": TITLED_STUB,
    # The title alone is no evidence: an article about shell redirection.
    "shell/index.html": page("<script>go(pick())</script>", "Redirecting output in bash"),
    "body-script/index.html": (
        "<html><head><title>x</title></head>"
        '<body><script>location.href="/new/"</script></body></html>'
    ),
}


def test_inspect_html_both_sides(tmp_path: Path) -> None:
    root = write_files(tmp_path, SITE)
    facts = {name: inspect_html(root / name).script_redirect for name in SITE}
    assert facts == {
        "index.html": None,
        "new/index.html": None,
        "old/index.html": "/new/",
        "moved.html": "/new/",
        "minified/index.html": "../new/",
        "picker/index.html": None,
        "indirect/index.html": "/new/",
        "titled/index.html": "../new/",
        "shell/index.html": None,
        "body-script/index.html": None,
    }
    # The cheap pre-scan lets every stub through to the full parse.
    for name in (
        "old/index.html",
        "moved.html",
        "minified/index.html",
        "indirect/index.html",
        "titled/index.html",
    ):
        assert may_exclude(root / name, BASE + name)
    assert not may_exclude(root / "new/index.html", BASE + "new/")


def test_cli_build_leaves_stubs_out_and_check_flags_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_files(tmp_path / "public", SITE)
    assert main(["build", str(root), "--base-url", BASE]) == 0
    err = capsys.readouterr().err
    assert "5 redirect" in err
    assert locs(root / "sitemap.xml") == [
        BASE,
        BASE + "body-script/",
        BASE + "new/",
        BASE + "picker/",
        BASE + "shell/",
    ]
    assert main(["check", str(root), "--strict"]) == 0
    capsys.readouterr()

    # A sitemap written without the HTML checks lists the stubs: check names each one.
    assert main(["build", str(root), "--base-url", BASE, "--no-html-checks"]) == 0
    report = check_site(root)
    flagged = {f.message for f in report.findings if f.code == "page-redirect"}
    assert flagged == {
        f"{BASE}old/: the page is a redirect to /new/",
        f"{BASE}moved.html: the page is a redirect to /new/",
        f"{BASE}minified/: the page is a redirect to ../new/",
        f"{BASE}indirect/: the page is a redirect to /new/",
        f"{BASE}titled/: the page is a redirect to ../new/",
    }
    assert main(["check", str(root), "--strict"]) == 1


@pytest.mark.slow
def test_mkdocs_site_with_a_script_redirect_stub(tmp_path: Path) -> None:
    """A real ``mkdocs build``: a theme override turns pages with a ``redirect`` front-matter
    key into script-only stubs, and one page is a language picker."""
    root = write_files(
        tmp_path,
        {
            "mkdocs.yml": (
                "site_name: Stubs\nsite_url: https://example.org/\n"
                "theme:\n  name: mkdocs\n  custom_dir: overrides\n"
                "plugins:\n  - sitemap:\n      gzip: false\n"
            ),
            "overrides/main.html": (
                '{% extends "base.html" %}\n{% block extrahead %}'
                "{% if page and page.meta.redirect %}"
                '<script>window.location.replace("{{ page.meta.redirect }}");</script>'
                "{% elif page and page.meta.picker %}"
                "<script>if (navigator.language.startsWith('fr')) "
                "{ location.href = '../fr/'; }</script>"
                "{% endif %}{% endblock %}\n"
            ),
            "docs/index.md": "# Home\n",
            "docs/guide.md": "# Guide\n",
            "docs/old-guide.md": "---\nredirect: ../guide/\n---\n# Moved\n",
            "docs/lang.md": "---\npicker: true\n---\n# Language\n",
        },
    )
    proc = mkdocs_build(root)
    site = root / "site"
    assert "window.location.replace" in (site / "old-guide" / "index.html").read_text()
    assert locs(site / "sitemap.xml") == [BASE, BASE + "guide/", BASE + "lang/"]
    assert "1 redirect" in proc.stderr


def test_long_refresh_content_does_not_hang(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<html><head><meta http-equiv="refresh" content="' + " " * 20_000 + 'x"></head>',
        encoding="utf-8",
    )
    finishes(
        """
        import sys
        from pathlib import Path
        from sitemap_core._html import inspect_html
        assert inspect_html(Path(sys.argv[1])).refresh is None
        """,
        str(page),
    )


@pytest.mark.parametrize(
    ("content", "url"),
    [
        ("0; url=/about/", "/about/"),
        ("5;URL='/next/'", "/next/"),
        ('0, url = "/q"', "/q"),
        ("url=/plain", "/plain"),
        ("5", None),
        ("0; url=", None),
    ],
)
def test_refresh_url_reading_unchanged(content: str, url: str | None) -> None:
    from sitemap_core._html._script_redirect import refresh_url

    assert (refresh_url(content) or None) == url
