"""The MkDocs adapter's options and failure modes on real ``mkdocs build`` runs."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.conftest import mkdocs_build, write_files

pytestmark = pytest.mark.slow


def site(root: Path, config: str, pages: dict[str, str] | None = None) -> Path:
    """``mkdocs.yml`` from ``config`` and ``pages`` (default: a home page) in ``docs/``."""
    docs = {f"docs/{name}": text for name, text in (pages or {"index.md": "# Home\n"}).items()}
    write_files(root, {"mkdocs.yml": config}, dedent=True)
    return write_files(root, docs)


def mkdocs(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return mkdocs_build(root, *args, ok=False)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ("gzipp: false", "option 'gzipp': unknown option 'gzipp'"),
        ("changefreq: sometimes", "option 'changefreq'"),
        ("priority: 2", "option 'priority'"),
        ("max_urls: 60000", "option 'max_urls'"),
        ("filename: ../sitemap.xml", "option 'filename'"),
        ("filename: sitemap.xsl", "option 'filename': 'sitemap.xsl' must end in .xml"),
        ("sections: {'blog/*': index}", "option 'sections': blog/*: 'index' is not a section"),
        ("timezone: Mars/Olympus", "option 'timezone'"),
        ("lastmod_sources: [git, build_time]", "option 'lastmod_sources'"),
        ("rules: [{pattern: 'a/*', changefreq: often}]", "option 'rules'"),
    ],
)
def test_bad_options_are_config_errors(tmp_path: Path, options: str, expected: str) -> None:
    root = site(
        tmp_path,
        f"""
        site_name: Bad
        site_url: https://example.org/
        plugins:
          - sitemap:
              {options}
        """,
    )
    proc = mkdocs(root)
    assert proc.returncode != 0
    assert "Plugin 'sitemap' " + expected in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (root / "site" / "sitemap.xml").exists()


def test_a_bad_extra_urls_item_in_the_hooks_file_is_named_under_hooks(tmp_path: Path) -> None:
    root = site(
        tmp_path,
        """
        site_name: Bad
        site_url: https://example.org/
        plugins:
          - sitemap:
              hooks: site_hooks.py
        """,
    )
    (root / "site_hooks.py").write_text('extra_urls = ["search/", {"loc": 5}]\n')
    proc = mkdocs(root)
    assert proc.returncode != 0
    said = [line for line in proc.stderr.splitlines() if "extra_urls[1]" in line]
    assert len(said) == 1, proc.stderr
    assert "Plugin 'sitemap' option 'hooks':" in said[0] and "site_hooks.py" in said[0]
    assert "loc: 5 is not a URL" in said[0]
    assert "Traceback" not in proc.stderr


def test_no_site_url_is_info_and_writes_nothing(tmp_path: Path) -> None:
    # What `mkdocs new` writes has no site_url; MkDocs' own sitemap is silent there (an empty
    # urlset), so the first `mkdocs build --strict` with the plugin added stays green.
    root = site(tmp_path, "site_name: No URL\nplugins:\n  - sitemap\n")
    proc = mkdocs(root)
    assert proc.returncode == 0, proc.stderr
    assert "INFO    -  sitemap: no sitemap written: site_url is not set" in proc.stderr
    assert "WARNING" not in proc.stderr
    assert not (root / "site" / "sitemap.xml").exists()
    assert not (root / "site" / "sitemap.xml.gz").exists()
    assert not (root / "site" / "robots.txt").exists()
    strict = mkdocs(root, "--strict")
    assert strict.returncode == 0, strict.stderr
    assert "Traceback" not in strict.stderr
    # The plugin's own strict option asks for a sitemap: the build fails, naming site_url.
    (root / "mkdocs.yml").write_text(
        "site_name: No URL\nplugins:\n  - sitemap:\n      strict: true\n"
    )
    failed = mkdocs(root)
    assert failed.returncode != 0
    assert "no sitemap written: site_url is not set" in failed.stderr
    assert "Traceback" not in failed.stderr


def test_a_dirty_rebuild_without_site_url_takes_the_sitemap_away(tmp_path: Path) -> None:
    root = site(tmp_path, "site_name: URL\nsite_url: https://example.org/\nplugins:\n  - sitemap\n")
    mkdocs_build(root)
    assert (root / "site" / "sitemap.xml").exists()
    (root / "mkdocs.yml").write_text("site_name: No URL\nplugins:\n  - sitemap\n")
    proc = mkdocs(root, "--dirty")
    assert proc.returncode == 0, proc.stderr
    assert "the previous build's sitemap.xml, sitemap.xml.gz removed" in proc.stderr
    assert not (root / "site" / "sitemap.xml").exists()


def test_custom_dir_sitemap_template_is_replaced_with_a_warning(tmp_path: Path) -> None:
    root = site(
        tmp_path,
        """
        site_name: Custom
        site_url: https://example.org/
        theme:
          name: mkdocs
          custom_dir: overrides
        plugins:
          - sitemap
        """,
    )
    (root / "overrides").mkdir()
    (root / "overrides" / "sitemap.xml").write_text("<urlset>{{ 'custom' }}</urlset>\n")
    proc = mkdocs(root)
    assert proc.returncode == 0, proc.stderr
    assert "overrides/sitemap.xml (theme custom_dir) is not used" in proc.stderr
    text = (root / "site" / "sitemap.xml").read_text()
    assert "custom" not in text
    assert "<loc>https://example.org/</loc>" in text


def test_plugin_strict_option_fails_on_bad_front_matter(tmp_path: Path) -> None:
    root = site(
        tmp_path,
        """
        site_name: Strict
        site_url: https://example.org/
        plugins:
          - sitemap:
              strict: true
        """,
        {"index.md": "# Home\n", "bad.md": "---\nsitemap_changefreq: often\n---\n# Bad\n"},
    )
    proc = mkdocs(root)
    assert proc.returncode != 0
    assert "docs/bad.md: sitemap_changefreq:" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_disabled_plugin_leaves_mkdocs_own_sitemap(tmp_path: Path) -> None:
    root = site(
        tmp_path,
        """
        site_name: Disabled
        site_url: https://example.org/
        plugins:
          - sitemap:
              enabled: false
        """,
    )
    proc = mkdocs(root)
    assert proc.returncode == 0, proc.stderr
    assert "ssg-sitemap" not in (root / "site" / "sitemap.xml").read_text()


def test_sitemap_kept_in_docs_is_replaced_with_a_warning(tmp_path: Path) -> None:
    root = site(
        tmp_path,
        "site_name: Docs file\nsite_url: https://example.org/\nplugins:\n  - sitemap\n",
        {"index.md": "# Home\n", "sitemap.xml": "<urlset>hand-written</urlset>\n"},
    )
    proc = mkdocs(root)
    assert proc.returncode == 0, proc.stderr
    assert "docs/sitemap.xml is replaced by the sitemap this plugin writes" in proc.stderr
    assert "hand-written" not in (root / "site" / "sitemap.xml").read_text()
    assert (root / "docs" / "sitemap.xml").read_text() == "<urlset>hand-written</urlset>\n"


@pytest.mark.parametrize(
    "name", ["sitemap.xml", "sitemap.xml.gz", "robots.txt", "sitemap.xsl", "sitemap-1.xml"]
)
def test_html_sitemap_at_a_name_the_build_writes_is_a_config_error(
    tmp_path: Path, name: str
) -> None:
    """The page would be the folder ``NAME/`` (or ``NAME.html``): at the sitemap's own name,
    robots.txt or the stylesheet it hides the file the build writes."""
    root = site(
        tmp_path,
        f"""
        site_name: Clash
        site_url: https://example.org/
        plugins:
          - sitemap:
              html_sitemap: {name}
              xsl: true
        """,
    )
    proc = mkdocs(root)
    assert proc.returncode != 0
    assert f"Plugin 'sitemap' option 'html_sitemap': {name!r} is the name of" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (root / "site").exists() or not any((root / "site").iterdir())


def test_preview_detection_option(tmp_path: Path) -> None:
    config = "site_name: P\nsite_url: https://example.org/\nplugins:\n  - sitemap{}\n"
    root = site(tmp_path / "a", config.format(""))
    proc = mkdocs_build(root, env={"VERCEL_ENV": "preview"})
    assert (root / "site" / "sitemap.xml").is_file()
    assert not (root / "site" / "robots.txt").exists()
    assert "Vercel preview deployment (VERCEL_ENV=preview): no Sitemap: line" in proc.stderr
    root = site(tmp_path / "b", config.format(":\n      preview_detection: false"))
    mkdocs_build(root, env={"VERCEL_ENV": "preview"})
    assert "Sitemap: https://example.org/sitemap.xml" in (root / "site" / "robots.txt").read_text()


def test_gzip_only_writes_only_the_gz_files(tmp_path: Path) -> None:
    root = site(
        tmp_path,
        """
        site_name: Gzip only
        site_url: https://example.org/
        plugins:
          - sitemap:
              gzip_only: true
        """,
    )
    proc = mkdocs(root)
    assert proc.returncode == 0, proc.stderr
    out = root / "site"
    assert (out / "sitemap.xml.gz").is_file()
    assert not (out / "sitemap.xml").exists()
    assert "Sitemap: https://example.org/sitemap.xml.gz" in (out / "robots.txt").read_text()


def test_every_option_of_the_table_is_an_option_with_its_default() -> None:
    from sitemap_core._config._options import offered
    from ssg_sitemap.mkdocs import SitemapConfig  # type: ignore[import-untyped]

    plugin = SitemapConfig()
    plugin.load_dict({})
    assert not plugin.validate()[0]
    assert dict(plugin) == {o.mkdocs: o.default_for("mkdocs") for o in offered("mkdocs")}
