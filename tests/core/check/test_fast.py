"""``check`` never crashes: mutated sitemaps (fast and detailed paths) give findings, not errors."""

from __future__ import annotations

import gzip
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from sitemap_core._check import check_files
from tests.conftest import (
    check_both_paths,
    finding_codes,
)

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


XHTML = "http://www.w3.org/1999/xhtml"


VALID = (
    f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" xmlns:xhtml="{XHTML}">\n'
    "<url>\n<loc>https://example.org/a</loc>\n<lastmod>2024-05-01T10:00:00Z</lastmod>\n"
    "<changefreq>weekly</changefreq>\n<priority>0.5</priority>\n</url>\n"
    "<url>\n<loc>https://example.org/b?x=1&amp;y=2</loc>\n"
    '<xhtml:link rel="alternate" hreflang="en" href="https://example.org/b"/>\n</url>\n'
    "</urlset>\n"
).encode()


edits = st.lists(
    st.tuples(
        st.integers(0, len(VALID) - 1),
        st.sampled_from(["delete", "insert", "replace"]),
        st.binary(min_size=1, max_size=4)
        | st.sampled_from([b"<", b">", b"&", b"<url>", b"</url>", b"<loc>", b" ", b"\n", b"\x00"]),
    ),
    min_size=1,
    max_size=4,
)


def mutate(data: bytes, changes: list[tuple[int, str, bytes]]) -> bytes:
    for position, kind, piece in changes:
        at = min(position, len(data))
        if kind == "delete":
            data = data[:at] + data[at + len(piece) :]
        elif kind == "insert":
            data = data[:at] + piece + data[at:]
        else:
            data = data[:at] + piece + data[at + len(piece) :]
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes=edits, packed=st.booleans())
@example(changes=[(54, "insert", b"}")], packed=False)
def test_mutated_sitemaps_never_crash(changes: list[tuple[int, str, bytes]], packed: bool):
    data = mutate(VALID, changes)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / ("s.xml.gz" if packed else "s.xml")
        path.write_bytes(gzip.compress(data) if packed else data)
        report = check_files([path], "https://example.org/")
    for finding in report.findings:
        assert finding.severity in ("error", "warning", "info")
        assert finding.line is None or finding.line >= 1


SHARDED = (
    f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" xmlns:xhtml="{XHTML}">\n'
    + "".join(
        f"<url>\n<loc>https://example.org/p{i % 7}</loc>\n<lastmod>2024-05-0{1 + i % 3}</lastmod>\n"
        f'<xhtml:link rel="alternate" hreflang="en" href="https://example.org/p{i % 7}"/>\n'
        "</url>\n"
        for i in range(12)
    )
    + "</urlset>\n"
).encode()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes=st.one_of(st.just([]), edits), source=st.sampled_from([VALID, SHARDED]))
# Found with many more examples: the fast pass kept alternates of a file that the
# detailed pass stops reading early; a "}" in the root's namespace crashed etree.QName.
@example(changes=[(174, "insert", b"&")], source=SHARDED)
@example(changes=[(54, "insert", b"}")], source=VALID)
def test_fast_and_detailed_paths_agree(changes: list[tuple[int, str, bytes]], source: bytes):
    """The fast path only ever skips work: its findings are exactly the full rules' ones."""
    content = mutate(source, changes)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.xml"
        path.write_bytes(content)
        fast, detailed = check_both_paths(path, "https://example.org/")
    assert sorted((f.code, f.line) for f in fast.findings) == sorted(
        (f.code, f.line) for f in detailed.findings
    )
    assert fast.urls == detailed.urls


def test_fast_path_rollback_forgets_its_alternates(tmp_path: Path) -> None:
    """Found by the fuzz test: the fast pass recorded alternates, then the file turned out
    not well-formed; the detailed pass stops earlier, so those alternates must go too."""
    entries = "".join(
        f"<url>\n<loc>https://example.org/{'&' if i == 0 else ''}p{i}</loc>\n"
        f'<xhtml:link rel="alternate" hreflang="en" href="https://example.org/p{i}"/>\n</url>\n'
        for i in range(3)
    )
    path = tmp_path / "s.xml"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" '
        f'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n{entries}</urlset>\n',
        encoding="utf-8",
    )
    fast, detailed = check_both_paths(path, "https://example.org/")
    assert sorted((f.code, f.line) for f in fast.findings) == sorted(
        (f.code, f.line) for f in detailed.findings
    )
    assert finding_codes(fast) == {"not-well-formed"}


#: One ``<url>`` for every finding code a single value can draw, through
#: ``values._protocol`` (loc, lastmod, changefreq, priority) or ``check/xml_rules.py``
#: (hreflang, a lastmod in the future). A new value rule needs its line here.
VALUE_CASES = {
    "loc-empty": "<loc> </loc>",
    "loc-not-absolute": "<loc>/relative/page</loc>",
    "loc-scheme": "<loc>ftp://example.org/file</loc>",
    "loc-host": "<loc>https://exa_mple..org/page</loc>",
    "loc-too-long": "<loc>https://example.org/" + "a" * 2100 + "</loc>",
    "loc-too-short": "<loc>http://a.b/</loc>",
    "loc-unescaped": "<loc>https://example.org/a b</loc>",
    "loc-fragment": "<loc>https://example.org/page#part</loc>",
    "lastmod-invalid": "<loc>https://example.org/d</loc><lastmod>2024-13-45</lastmod>",
    "lastmod-future": "<loc>https://example.org/f</loc><lastmod>2999-01-01</lastmod>",
    "changefreq-invalid": "<loc>https://example.org/c</loc><changefreq>sometimes</changefreq>",
    "priority-range": "<loc>https://example.org/p</loc><priority>1.5</priority>",
    "priority-invalid": "<loc>https://example.org/q</loc><priority>high</priority>",
    "hreflang-invalid": (
        "<loc>https://example.org/h</loc>"
        '<xhtml:link rel="alternate" hreflang="not a tag" href="https://example.org/h"/>'
    ),
}


def _value_codes() -> set[str]:
    """The codes ``values/_protocol.py`` can return, read from its source."""
    import inspect
    import re

    import sitemap_core._values._protocol as protocol

    found = re.findall(
        r'\(\s*"(?:error|warning|info)",\s*"([a-z]+-[a-z-]+)"', inspect.getsource(protocol)
    )
    return set(found)


def test_every_value_rule_has_a_case() -> None:
    assert _value_codes() <= set(VALUE_CASES), _value_codes() - set(VALUE_CASES)


@pytest.mark.parametrize("code", sorted(VALUE_CASES))
def test_each_value_rule_is_found_by_both_paths(tmp_path: Path, code: str) -> None:
    """A value rule the loc rule's shortcut accepts (``_PLAIN_LOC`` in
    ``_values/_protocol.py``, which the fast path asks for most files) would be skipped
    without the fuzz test ever seeing it: each case must draw its code, the same way on both
    paths."""
    good = "<url><loc>https://example.org/ok</loc></url>\n"
    path = tmp_path / "s.xml"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" xmlns:xhtml="{XHTML}">\n'
        f"{good}<url>{VALUE_CASES[code]}</url>\n{good}</urlset>\n",
        encoding="utf-8",
    )
    fast, detailed = check_both_paths(path, "https://example.org/")
    assert code in finding_codes(detailed), detailed.findings
    assert sorted((f.code, f.line) for f in fast.findings) == sorted(
        (f.code, f.line) for f in detailed.findings
    )


def test_a_language_given_twice_in_one_url_is_found_by_both_paths(tmp_path: Path) -> None:
    """Two different ``hreflang="de"`` links in one ``<url>`` (what a transform could write)."""
    link = '<xhtml:link rel="alternate" hreflang="{}" href="https://example.org/{}"/>'
    path = tmp_path / "s.xml"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" xmlns:xhtml="{XHTML}">\n'
        "<url><loc>https://example.org/en</loc>"
        + link.format("en", "en")
        + link.format("de", "de")
        + link.format("DE", "de2")
        + "</url>\n</urlset>\n",
        encoding="utf-8",
    )
    fast, detailed = check_both_paths(path, "https://example.org/")
    messages = [f.message for f in detailed.findings if f.code == "hreflang-invalid"]
    assert messages == [
        "<xhtml:link> hreflang='DE' a second time in one <url>, for 'https://example.org/de2' "
        "after 'https://example.org/de'; a language has one URL"
    ]
    assert sorted((f.code, f.line) for f in fast.findings) == sorted(
        (f.code, f.line) for f in detailed.findings
    )


def test_the_fast_path_holds_no_value_rule_of_its_own() -> None:
    """Each value rule is written once, in ``_values``: the fast path asks it (the loc rule's
    shortcut for many URLs at once, ``check_changefreq``...) instead of keeping a pattern or a
    set of words that must be kept equal to it."""
    import re

    import sitemap_core._check._fast as fast
    from sitemap_core._values import CHANGEFREQS

    good = "https://example.org/a"
    own = {
        name
        for name, value in vars(fast).items()
        if (
            isinstance(value, re.Pattern)
            and (value.fullmatch(good) or value.fullmatch(good + "\n"))
        )
        or (isinstance(value, (set, frozenset)) and set(CHANGEFREQS) <= value)
        or name in ("MIN_LOC_LENGTH", "MAX_LOC_LENGTH", "CHANGEFREQS")
    }
    assert own == set()
