"""Base URL and page URLs: normalised, encoded, scoped, bounded; bad ones refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core import ConfigError, PageRecord, Settings
from sitemap_core._check import check_files
from sitemap_core._values import (
    MAX_LOC_LENGTH,
    absolute_url,
    encode_iri,
    validate_base_url,
)
from tests.conftest import (
    core_build,
)

BASE = "https://example.org/"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("https://example.org", "https://example.org/"),
        ("HTTPS://Example.ORG/docs", "https://example.org/docs/"),
        ("http://example.org:8000/a/b/", "http://example.org:8000/a/b/"),
        ("https://bücher.example/", "https://xn--bcher-kva.example/"),
        ("https://example.org/ü/", "https://example.org/%C3%BC/"),
    ],
)
def test_base_url_is_normalised(given: str, expected: str) -> None:
    assert validate_base_url(given) == expected


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ("/docs/", "not absolute"),
        ("example.org", "not absolute"),
        ("ftp://example.org/", "http or https"),
        ("https://example.org/?q=1", "query or fragment"),
        ("https://example.org/#top", "query or fragment"),
        ("https://user:pw@example.org/", "credentials"),
        ("https://exa mple.org/", "spaces"),
    ],
)
def test_bad_base_url_is_a_config_error(given: str, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        Settings(base_url=given)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("", BASE),
        ("a.html", BASE + "a.html"),
        ("/a.html", BASE + "a.html"),
        ("x/", BASE + "x/"),
        ("café & crêpes.html", BASE + "caf%C3%A9%20&%20cr%C3%AApes.html"),
        ('a<b>"q".html', BASE + "a%3Cb%3E%22q%22.html"),
        ("it's.html", BASE + "it's.html"),
        ("100%.html", BASE + "100%25.html"),
        ("already%20encoded.html", BASE + "already%20encoded.html"),
        ("a/./b/../c.html", BASE + "a/c.html"),
        ("page?x=1&y=2", BASE + "page?x=1&y=2"),
        ("https://EXAMPLE.org/abs.html", BASE + "abs.html"),
        ("日本語/", BASE + "%E6%97%A5%E6%9C%AC%E8%AA%9E/"),
    ],
)
def test_page_urls_become_encoded_absolute_uris(url: str, expected: str) -> None:
    assert absolute_url(BASE, url) == expected


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("a\x01b.html", "control characters"),
        ("a\nb.html", "control characters"),
        ("mailto:someone@example.org", "not an http"),
        ("javascript:alert(1)", "not an http"),
        ("https://other.example/x", "outside the sitemap's directory"),
        ("page.html#section", "fragment"),
    ],
)
def test_bad_page_urls_are_refused(url: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        absolute_url(BASE, url)


def test_scope_is_the_base_url_directory() -> None:
    base = "https://example.org/docs/"
    assert absolute_url(base, "") == base
    with pytest.raises(ValueError, match="outside"):
        absolute_url(base, "https://example.org/blog/")
    with pytest.raises(ValueError, match="outside"):
        absolute_url(base, "../up.html")
    assert absolute_url(base, "a/../b.html") == base + "b.html"


def test_url_length_limit_is_counted_after_encoding() -> None:
    room = MAX_LOC_LENGTH - len(BASE)
    assert len(absolute_url(BASE, "a" * room)) == MAX_LOC_LENGTH
    with pytest.raises(ValueError, match="2,048"):
        absolute_url(BASE, "a" * (room + 1))
    # 300 non-ASCII characters are 1,800 characters once percent-encoded.
    with pytest.raises(ValueError, match="after encoding"):
        absolute_url(BASE, "é" * 400)


def test_encoding_is_idempotent() -> None:
    once = encode_iri("/ü a/%zz/b%41")
    assert once == "/%C3%BC%20a/%25zz/b%41"
    assert encode_iri(once) == once


def test_percent_encoded_host_and_negative_zero_priority(tmp_path: Path) -> None:
    from sitemap_core import ConfigError, Settings

    with pytest.raises(ConfigError, match="percent-encoded"):
        Settings(base_url="https://ex%41mple.org/")
    out = tmp_path / "site"
    out.mkdir()
    core_build([PageRecord(url="a.html", priority=-0.0)], out, html_checks=False)  # type: ignore[arg-type]
    text = (out / "sitemap.xml").read_text()
    assert "<priority>0.0</priority>" in text
    assert not check_files([out / "sitemap.xml"], "https://example.org/").findings
