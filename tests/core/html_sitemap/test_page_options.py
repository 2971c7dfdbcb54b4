"""The site map page's options travel as one value: a page option is a row of the table, a
``Settings`` field and its use in the renderer, and no adapter names it."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from sitemap_core import Settings
from sitemap_core._config import OPTIONS
from sitemap_core._config._options import ADAPTERS
from sitemap_core._html_sitemap import HtmlEntry, NavItem, PageOptions, render_nav_and_toc

ROOT = Path(__file__).resolve().parents[3]
#: The files a new page option touches in the code (the adapters' docs list it as well).
TITLE = "html_sitemap_title"
OWN = {"_config/_options.py", "_config/_settings.py", "_html_sitemap/_page.py"}


def _naming(words: set[str]) -> set[str]:
    """The source files under sitemap_core/ and plugins/ that name any of ``words``."""
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(words))) + r")\b")
    found = set()
    for folder in ("sitemap_core", "plugins"):
        for path in (ROOT / folder).rglob("*.py"):
            if pattern.search(path.read_text(encoding="utf-8")):
                found.add(
                    path.relative_to(ROOT / "sitemap_core").as_posix()
                    if folder == "sitemap_core"
                    else path.relative_to(ROOT).as_posix()
                )
    return found


def test_every_page_row_is_a_field_of_the_one_value():
    rows = [option.name for option in OPTIONS if option.page]
    assert rows == [field.name for field in dataclasses.fields(PageOptions)]
    settings = Settings("https://example.org/", html_sitemap_title="Plan", html_sitemap_dates=True)
    assert PageOptions.of(settings) == PageOptions("Plan", True)


def test_a_page_option_touches_the_table_the_settings_and_the_renderer_alone():
    counted = {}
    # The title is the page's own heading too, which each adapter writes with its theme.
    for option in (option for option in OPTIONS if option.page and option.name != TITLE):
        words = {option.name} | {s for a in ADAPTERS if (s := option.spelling(a)) is not None}
        counted[option.name] = _naming(words)
    # A new option (html_sitemap_counts, say) is a row, a field and its use; counted here.
    assert counted and all(files <= OWN for files in counted.values()), counted
    assert max(len(files) for files in counted.values()) <= 3


def test_the_renderer_takes_the_whole_value():
    base = "https://example.org/"
    entries = [HtmlEntry(base + "a/", "A", lastmod="2024-05-06")]
    nav = [NavItem("A", base + "a/")]
    shown = render_nav_and_toc(nav, entries, base + "map/", PageOptions("Plan", True), lang="fr")[0]
    assert 'aria-label="Plan"' in shown and '<time datetime="2024-05-06">' in shown
    plain = render_nav_and_toc(nav, entries, base + "map/", PageOptions(), lang="fr")[0]
    assert 'aria-label="Plan du site"' in plain and "<time" not in plain
