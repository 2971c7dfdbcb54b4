"""The twin rule (llmstxt.org: the page's file URL + ``.md``), the front matter, whether a
twin file is ours, and the conversion's own rules (code language, table pipes)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sitemap_core._llms import (
    MissingConverter,
    front_matter,
    is_twin_ours,
    to_markdown,
    twin_url,
)
from sitemap_core._llms._markdown import _converter


@pytest.mark.parametrize(
    ("loc", "twin"),
    [
        ("https://x.org/guide/", "https://x.org/guide/index.html.md"),
        ("https://x.org/", "https://x.org/index.html.md"),
        ("https://x.org/page.html", "https://x.org/page.html.md"),
        ("https://x.org/clean", "https://x.org/clean.md"),
        ("guide/", "guide/index.html.md"),
    ],
)
def test_twin_url(loc: str, twin: str) -> None:
    assert twin_url(loc) == twin


def test_front_matter_quotes_and_omits_no_lastmod(tmp_path: Path) -> None:
    text = front_matter('A "quoted": title', "https://x.org/a/", None)
    assert text.splitlines()[:3] == [
        "---",
        'title: "A \\"quoted\\": title"',
        'url: "https://x.org/a/"',
    ]
    assert "lastmod" not in text
    ours = tmp_path / "a.html.md"
    ours.write_text(front_matter("T", "https://x.org/", "2024-01-02") + "# T\n")
    mine = tmp_path / "b.html.md"
    mine.write_text("---\ntitle: mine\n---\n# Mine\n")
    assert is_twin_ours(ours) and not is_twin_ours(mine)


def test_code_language_from_material_and_sphinx_wrappers_and_escaped_pipes() -> None:
    html = (
        b'<main><div class="language-yaml highlight"><pre><span></span><code>a: 1\n'
        b'</code></pre></div><div class="highlight-python notranslate"><div class="highlight">'
        b"<pre>import x\n</pre></div></div><table><tr><th>k</th></tr><tr><td>a | b</td></tr>"
        b"</table></main>"
    )
    text = to_markdown(html, "https://x.org/")
    assert "```yaml\na: 1\n```" in text
    assert "```python\nimport x\n```" in text
    assert r"| a \| b |" in text


def test_missing_converter_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "markdownify", None)
    _converter.cache_clear()
    try:
        with pytest.raises(MissingConverter, match=r"ssg-sitemap\[llms\]"):
            to_markdown(b"<p>x</p>", "https://x.org/")
    finally:
        _converter.cache_clear()
