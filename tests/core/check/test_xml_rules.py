"""``check``: every protocol rule, each reported with its file and line."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from sitemap_core._check import CheckReport, check_files
from sitemap_core._cli import main
from tests.conftest import (
    finding_codes,
    finishes,
    urlset_text,
)

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


HEAD = f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'


def urlset(*urls: str, head: str = HEAD) -> str:
    """A urlset with one ``<url>`` per line (line 3 is the first url)."""
    return head + "".join(f"<url>{body}</url>\n" for body in urls) + "</urlset>\n"


def run(tmp_path: Path, text: str | bytes, name: str = "sitemap.xml") -> CheckReport:
    path = tmp_path / name
    if isinstance(text, str):
        text = text.encode()
    path.write_bytes(text)
    return check_files([path])


def codes(report: CheckReport, severity: str = "error") -> set[tuple[str, int | None]]:
    return {(f.code, f.line) for f in report.findings if f.severity == severity}


GOOD = "<loc>https://example.org/a</loc>"


# (name, urls, expected (code, line) among the errors)
CASES = [
    ("loc not absolute", ["<loc>/about/</loc>"], ("loc-not-absolute", 3)),
    ("loc not http", ["<loc>ftp://example.org/file</loc>"], ("loc-scheme", 3)),
    ("loc too long", [f"<loc>https://example.org/{'a' * 2100}</loc>"], ("loc-too-long", 3)),
    ("loc too short", ["<loc>http://a.b/</loc>"], ("loc-too-short", 3)),
    ("loc unescaped space", ["<loc>https://example.org/a b</loc>"], ("loc-unescaped", 3)),
    ("loc unescaped non-ASCII", ["<loc>https://example.org/café</loc>"], ("loc-unescaped", 3)),
    ("loc bad percent", ["<loc>https://example.org/100%</loc>"], ("loc-unescaped", 3)),
    ("loc empty", ["<loc></loc>"], ("loc-empty", 3)),
    ("loc missing", ["<lastmod>2024-01-01</lastmod>"], ("loc-missing", 3)),
    ("loc twice", [GOOD + "<loc>https://example.org/b</loc>"], ("order", 3)),
    ("order", ["<lastmod>2024-01-01</lastmod>" + GOOD], ("order", 3)),
    (
        "order priority before changefreq",
        [GOOD + "<priority>0.5</priority><changefreq>daily</changefreq>"],
        ("order", 3),
    ),
    (
        "time without zone",
        [GOOD + "<lastmod>2024-05-01T10:00:00</lastmod>"],
        ("lastmod-invalid", 3),
    ),
    ("no seconds", [GOOD + "<lastmod>2024-05-01T10:00+02:00</lastmod>"], ("lastmod-invalid", 3)),
    ("month only", [GOOD + "<lastmod>2024-05</lastmod>"], ("lastmod-invalid", 3)),
    ("not a date", [GOOD + "<lastmod>yesterday</lastmod>"], ("lastmod-invalid", 3)),
    ("impossible date", [GOOD + "<lastmod>2024-02-30</lastmod>"], ("lastmod-invalid", 3)),
    (
        "zone out of range",
        [GOOD + "<lastmod>2024-05-01T10:00:00+15:00</lastmod>"],
        ("lastmod-invalid", 3),
    ),
    ("changefreq word", [GOOD + "<changefreq>sometimes</changefreq>"], ("changefreq-invalid", 3)),
    ("changefreq case", [GOOD + "<changefreq>Daily</changefreq>"], ("changefreq-invalid", 3)),
    ("priority high", [GOOD + "<priority>1.5</priority>"], ("priority-range", 3)),
    ("priority negative", [GOOD + "<priority>-0.1</priority>"], ("priority-range", 3)),
    ("priority word", [GOOD + "<priority>high</priority>"], ("priority-invalid", 3)),
    ("priority exponent", [GOOD + "<priority>1e-1</priority>"], ("priority-invalid", 3)),
    ("unknown sitemap element", [GOOD + "<title>x</title>"], ("unknown-element", 3)),
    ("element without namespace", [GOOD + '<foo xmlns="">x</foo>'], ("namespace", 3)),
    ("markup in loc", ["<loc>https://example.org/<b>x</b></loc>"], ("structure", 3)),
    ("attribute on url", [], ("attribute", 3)),
    ("text in url", ["hello" + GOOD], ("text", 3)),
    (
        "bad xhtml:link",
        [
            GOOD + '<xhtml:link xmlns:xhtml="http://www.w3.org/1999/xhtml" rel="alternate" '
            'hreflang="english!" href="https://example.org/a"/>'
        ],
        ("hreflang-invalid", 3),
    ),
    (
        "sitemap element after extension",
        [
            GOOD + '<image:image xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">'
            "<image:loc>https://example.org/i.png</image:loc></image:image>"
            "<lastmod>2024-01-01</lastmod>"
        ],
        ("order", 3),
    ),
]


@pytest.mark.parametrize(("name", "urls", "expected"), CASES, ids=[c[0] for c in CASES])
def test_protocol_rule(tmp_path: Path, name: str, urls: list[str], expected: tuple[str, int]):
    if name == "attribute on url":
        text = HEAD + f'<url id="x">{GOOD}</url>\n</urlset>\n'
    else:
        text = urlset(*urls)
    report = run(tmp_path, text)
    assert expected in codes(report), report.findings
    assert all(f.file.endswith("sitemap.xml") for f in report.findings)


def test_valid_values_pass(tmp_path: Path):
    text = urlset(
        GOOD + "<lastmod>2024-05-01</lastmod><changefreq>weekly</changefreq>"
        "<priority>0.8</priority>",
        "<loc>https://example.org/b?x=1&amp;y=%C3%A9</loc><lastmod>2024-05-01T10:00:00Z</lastmod>",
        "<loc>https://example.org/c</loc><lastmod>2024-05-01T10:00:00.123+02:00</lastmod>"
        "<priority>1</priority>",
        "<loc>  https://example.org/d  </loc><priority>.5</priority>",
    )
    report = run(tmp_path, text)
    assert report.findings == []
    assert report.urls == 4
    assert report.exit_status(strict=True) == 0


@pytest.mark.parametrize(
    ("text", "code", "line"),
    [
        (
            '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.84">'
            "<url><loc>https://example.org/</loc></url></urlset>",
            "namespace",
            2,
        ),
        (
            '<?xml version="1.0"?>\n<urlset><url><loc>https://example.org/</loc></url></urlset>',
            "namespace",
            2,
        ),
        ('<?xml version="1.0"?>\n\n<rss version="2.0"><channel/></rss>', "root", 3),
        (HEAD + "</urlset>\n", "empty-sitemap", 2),
        (HEAD + "<url><loc>https://example.org/</loc></url>\n", "not-well-formed", 4),
        (HEAD + "<url><loc>https://example.org/</loc></uri>\n</urlset>", "not-well-formed", 3),
        (HEAD + "<url><loc>https://example.org/ &amp </loc></url></urlset>", "not-well-formed", 3),
        ('<?xml version="1.0" encoding="ISO-8859-1"?>\n<urlset/>', "encoding", 1),
        (
            HEAD + "<url><loc>https://example.org/</loc></url>\n<junk/>\n</urlset>",
            "unknown-element",
            4,
        ),
        ("https://example.org/a\nhttps://example.org/b\n", "not-xml", 1),
        ("", "empty-file", None),
    ],
    ids=[
        "old-namespace",
        "no-namespace",
        "wrong-root",
        "empty-urlset",
        "truncated",
        "mismatched-tag",
        "bare-ampersand",
        "latin1",
        "stray-element",
        "text-as-xml",
        "empty",
    ],
)
def test_document_rules(tmp_path: Path, text: str, code: str, line: int | None):
    report = run(tmp_path, text)
    assert (code, line) in codes(report) or (
        code == "empty-file" and code in {c for c, _ in codes(report)}
    ), report.findings


def test_index_rules(tmp_path: Path):
    index = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">\n'
        "<sitemap><loc>https://example.org/shard-1.xml</loc><lastmod>2024-01-01</lastmod>"
        "</sitemap>\n"
        "<sitemap><loc>https://example.org/missing.xml</loc></sitemap>\n"
        "<sitemap><loc>https://example.org/inner.xml</loc></sitemap>\n"
        "<sitemap><lastmod>2024-01-01</lastmod><loc>https://example.org/shard-1.xml</loc>"
        "</sitemap>\n"
        "<sitemap><loc>https://other.example.com/x.xml</loc></sitemap>\n"
        "</sitemapindex>\n"
    )
    (tmp_path / "shard-1.xml").write_text(urlset(GOOD))
    (tmp_path / "inner.xml").write_text(
        f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://example.org/shard-1.xml</loc>'
        "</sitemap></sitemapindex>"
    )
    (tmp_path / "index.xml").write_text(index)
    report = check_files([tmp_path / "index.xml"], "https://example.org/")
    found = codes(report)
    assert ("index-missing-file", 4) in found
    assert ("index-nested", 5) in found
    assert ("order", 6) in found
    assert ("other-host", 7) in found
    assert str(tmp_path / "shard-1.xml") in report.checked


def test_too_many_entries_and_sizes(tmp_path: Path):
    body = "".join(f"<url><loc>https://example.org/{i}</loc></url>\n" for i in range(50_001))
    report = run(tmp_path, HEAD + body + "</urlset>\n")
    assert ("too-many-entries", None) in codes(report)
    # over 10 MiB uncompressed but valid: only a warning
    long = "x" * 2000
    big = urlset(*(f"<loc>https://example.org/{i}/{long}</loc>" for i in range(5300)))
    report = run(tmp_path, big, "big.xml")
    assert ("size-large", None) in codes(report, "warning")
    assert report.errors == 0


def test_gzip_handling(tmp_path: Path):
    report = run(tmp_path, gzip.compress(urlset(GOOD).encode()), "sitemap.xml.gz")
    assert report.findings == []
    report = run(tmp_path, urlset(GOOD), "plain.xml.gz")
    assert ("gzip-invalid", None) in codes(report)
    report = run(tmp_path, gzip.compress(urlset(GOOD).encode())[:-20], "cut.xml.gz")
    assert "gzip-invalid" in {c for c, _ in codes(report)}
    report = run(tmp_path, gzip.compress(urlset(GOOD).encode()), "packed.xml")
    assert ("gzip-name", None) in codes(report, "warning")


def test_text_sitemap(tmp_path: Path):
    text = "https://example.org/a\n/relative\n\nhttps://example.org/a b\nhttps://example.org/a\n"
    report = run(tmp_path, text, "sitemap.txt")
    found = codes(report)
    assert ("loc-not-absolute", 2) in found
    assert ("loc-unescaped", 4) in found
    assert ("duplicate", 5) in found
    assert ("text-blank-line", 3) in codes(report, "warning")


def test_detail_limit_counts_the_rest(tmp_path: Path):
    report = run(tmp_path, urlset(*["<loc>/x</loc>"] * 80))
    shown = [f for f in report.findings if f.code == "loc-not-absolute"]
    assert len(shown) == 50
    assert report.errors == 80
    assert report.omitted() == [(str(tmp_path / "sitemap.xml"), "loc-not-absolute", 30)]


def test_cli_exit_codes_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    good = tmp_path / "good.xml"
    good.write_text(urlset(GOOD))
    bad = tmp_path / "bad.xml"
    bad.write_text(urlset("<loc>/x</loc>"))
    warn = tmp_path / "warn.xml"
    warn.write_text(urlset("<loc>https://example.org/#top</loc>"))
    assert main(["check", str(good)]) == 0
    assert main(["check", str(bad)]) == 1
    assert main(["check", str(warn)]) == 0
    assert main(["check", "--strict", str(warn)]) == 1
    capsys.readouterr()
    assert main(["check", "--format", "json", str(bad)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False
    assert data["findings"][0]["code"] == "loc-not-absolute"
    assert data["findings"][0]["line"] == 3
    assert main(["check", "--base-url", "not a url", str(good)]) == 2
    assert main(["check", str(tmp_path), str(good)]) == 2
    with pytest.raises(SystemExit) as exc:
        main(["check"])
    assert exc.value.code == 2
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err


HOSTILE_LOCS = [
    "https://example.org/blog/2024/05/my-first-post-about-café/",
    "https://example.org/" + "a" * 1500 + " b",
    "https://example.org/" + "ab/" * 600 + "\u00e9",
    "https://example.org/" + "%41" * 500 + "%zz",
]


@pytest.mark.parametrize("loc", HOSTILE_LOCS, ids=["cafe", "space", "slashes", "bad-percent"])
def test_hostile_loc_does_not_hang_check(tmp_path: Path, loc: str) -> None:
    good = [f"https://example.org/p{i}" for i in range(50)]
    path = tmp_path / "sitemap.xml"
    path.write_text(urlset_text(*good, loc, *good[:3]), encoding="utf-8")
    done = finishes(
        """
        import sys
        from pathlib import Path
        from sitemap_core._check import check_files
        report = check_files([Path(sys.argv[1])], "https://example.org/")
        print(sorted({f.code for f in report.findings}))
        """,
        str(path),
    )
    assert "loc-" in done.stdout or "duplicate" in done.stdout


def test_hostile_loc_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "sitemap.xml"
    path.write_text(urlset_text("https://example.org/a", HOSTILE_LOCS[0]), encoding="utf-8")
    report = check_files([path], "https://example.org/")
    assert [(f.code, f.line) for f in report.findings] == [("loc-unescaped", 4)]


def test_namespace_with_brace_is_a_finding_not_a_crash(tmp_path: Path) -> None:
    """Found by the fuzz test: ``xmlns="}http://..."`` made ``etree.QName`` raise."""
    path = tmp_path / "s.xml"
    path.write_text(urlset_text("https://example.org/a").replace(f'"{NS}"', f'"}}{NS}"'))
    report = check_files([path], "https://example.org/")
    assert finding_codes(report) == {"namespace"}


def test_long_text_line_is_one_finding_and_later_lines_keep_their_numbers(tmp_path: Path) -> None:
    """The unfinished line is no longer joined and split again per chunk (see
    benchmarks/check_long_line.py for the time it takes)."""
    path = tmp_path / "sitemap.txt"
    path.write_text(
        "https://example.org/" + "a" * (3 << 20) + " b\nhttps://example.org/ok\n"
        "https://example.org/\u00e9\n"
    )
    report = check_files([path], "https://example.org/")
    assert [(f.code, f.line) for f in report.findings] == [
        ("loc-too-long", 1),
        ("loc-unescaped", 1),
        ("loc-unescaped", 3),
    ]
    assert all(len(f.message) < 400 for f in report.findings)


def test_a_huge_prolog_is_named_as_such(tmp_path: Path) -> None:
    path = tmp_path / "s.xml"
    body = urlset_text("https://example.org/")
    path.write_text(body.replace("?>\n", "?>\n<!--" + "x" * (2 << 20) + "-->\n", 1))
    report = check_files([path], "https://example.org/")
    assert finding_codes(report) == {"prolog-too-long"}
