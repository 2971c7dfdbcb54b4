"""The built-in HTML checks: found by name, and called under another address by an adapter
that replaces them."""

from __future__ import annotations

from pathlib import Path

from sitemap_core import (
    BuildContext,
    Canonical,
    Diagnostics,
    PageRecord,
    Settings,
    make_plugin_manager,
)
from sitemap_core._builtin import HTML_CHECKS, exclude_by_html

BASE = "https://example.org/"


def test_the_builtin_checks_are_found_by_name_and_called_under_another_address(
    tmp_path: Path,
) -> None:
    """What the Sphinx adapter does: replace the built-in HTML checks with its own, which
    judge a page under the generator's own URL for it."""
    page = tmp_path / "a.html"
    page.write_text('<html><head><link rel="canonical" href="https://docs.example.org/a.html">')
    pm = make_plugin_manager(load_entry_points=False)
    assert pm.get_plugin(HTML_CHECKS) is not None
    settings = Settings(base_url=BASE)
    context = BuildContext(settings, Diagnostics(), settings.tzinfo())
    context.output_dir = tmp_path
    verdict = exclude_by_html(
        record=PageRecord("a.html", output=page),
        loc="https://docs.example.org/a.html",
        context=context,
    )
    assert verdict == Canonical(
        "https://docs.example.org/a.html", "https://docs.example.org/a.html"
    )
