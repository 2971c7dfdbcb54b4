"""Cross-check with the official schemas: every file the XSDs reject, ``check`` rejects too.

The corpus holds broken files for every structural and value rule, plus valid ones (which
both must accept). ``check`` is stricter than the schemas on purpose (W3C Datetime needs a
timezone with a time; loc must be escaped...), so only one direction is asserted for
broken files.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from lxml import etree

from sitemap_core._check import check_files
from tests.conftest import write_files

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"
IMAGE = "http://www.google.com/schemas/sitemap-image/1.1"
DECL = '<?xml version="1.0" encoding="UTF-8"?>\n'
LOC = "<loc>https://example.org/a</loc>"


def urlset(*bodies: str, attrs: str = "") -> str:
    urls = "".join(f"<url>{b}</url>\n" for b in bodies)
    return f'{DECL}<urlset xmlns="{NS}" xmlns:xhtml="{XHTML}"{attrs}>\n{urls}</urlset>\n'


def index(*bodies: str) -> str:
    entries = "".join(f"<sitemap>{b}</sitemap>\n" for b in bodies)
    return f'{DECL}<sitemapindex xmlns="{NS}">\n{entries}</sitemapindex>\n'


LINK = '<xhtml:link rel="alternate" hreflang="{lang}" href="{href}"/>'

CORPUS: dict[str, str] = {
    # valid files: both accept
    "ok-minimal.xml": urlset(LOC),
    "ok-full.xml": urlset(
        LOC + "<lastmod>2024-05-01T10:00:00+02:00</lastmod><changefreq>weekly</changefreq>"
        "<priority>0.8</priority>"
    ),
    "ok-alternates.xml": urlset(
        "<loc>https://example.org/en/</loc>"
        + LINK.format(lang="en", href="https://example.org/en/")
        + LINK.format(lang="de", href="https://example.org/de/"),
        "<loc>https://example.org/de/</loc>"
        + LINK.format(lang="en", href="https://example.org/en/")
        + LINK.format(lang="de", href="https://example.org/de/"),
    ),
    "ok-image.xml": urlset(
        LOC + f'<image:image xmlns:image="{IMAGE}"><image:loc>https://example.org/i.png'
        "</image:loc></image:image>"
    ),
    "ok-index.xml": index("<loc>https://example.org/ok-minimal.xml</loc>"),
    # document level
    "not-well-formed.xml": DECL + f'<urlset xmlns="{NS}"><url>{LOC}</url>',
    "mismatched.xml": DECL + f'<urlset xmlns="{NS}"><url>{LOC}</urlx></urlset>',
    "bare-ampersand.xml": urlset("<loc>https://example.org/?a=1&b=2</loc>"),
    "wrong-namespace.xml": DECL
    + '<urlset xmlns="http://www.google.com/schemas/sitemap/0.84">'
    + f"<url>{LOC}</url></urlset>",
    "no-namespace.xml": DECL + f"<urlset><url>{LOC}</url></urlset>",
    "wrong-root.xml": DECL + f'<sitemaps xmlns="{NS}"><url>{LOC}</url></sitemaps>',
    "empty-urlset.xml": urlset(),
    "empty-index.xml": index(),
    "root-attribute.xml": urlset(LOC, attrs=' version="1"'),
    "doctype.xml": DECL + "<!DOCTYPE urlset>\n" + f'<urlset xmlns="{NS}"><url>{LOC}</url></urlset>',
    "text-in-root.xml": DECL + f'<urlset xmlns="{NS}">hello<url>{LOC}</url></urlset>',
    "stray-element.xml": DECL + f'<urlset xmlns="{NS}"><url>{LOC}</url><page/></urlset>',
    "extension-after-url.xml": DECL
    + f'<urlset xmlns="{NS}" xmlns:image="{IMAGE}"><url>{LOC}</url>'
    + "<image:image><image:loc>https://example.org/i.png</image:loc></image:image></urlset>",
    # url structure
    "loc-missing.xml": urlset("<lastmod>2024-01-01</lastmod>"),
    "loc-twice.xml": urlset(LOC + LOC),
    "order-lastmod-first.xml": urlset("<lastmod>2024-01-01</lastmod>" + LOC),
    "order-priority-changefreq.xml": urlset(
        LOC + "<priority>0.5</priority><changefreq>daily</changefreq>"
    ),
    "lastmod-twice.xml": urlset(LOC + "<lastmod>2024-01-01</lastmod>" * 2),
    "unknown-child.xml": urlset(LOC + "<title>About</title>"),
    "no-namespace-child.xml": urlset(LOC + '<note xmlns="">x</note>'),
    "url-attribute.xml": DECL + f'<urlset xmlns="{NS}"><url id="1">{LOC}</url></urlset>',
    "loc-attribute.xml": urlset('<loc lang="en">https://example.org/a</loc>'),
    "text-in-url.xml": urlset("hello" + LOC),
    "markup-in-loc.xml": urlset("<loc>https://example.org/<b>a</b></loc>"),
    "sitemap-element-after-extension.xml": urlset(
        LOC + f'<image:image xmlns:image="{IMAGE}"><image:loc>https://example.org/i.png'
        "</image:loc></image:image><lastmod>2024-01-01</lastmod>"
    ),
    # values
    "loc-empty.xml": urlset("<loc></loc>"),
    "loc-relative.xml": urlset("<loc>/about/</loc>"),
    "loc-too-short.xml": urlset("<loc>http://a.b/</loc>"),
    "loc-too-long.xml": urlset(f"<loc>https://example.org/{'a' * 2100}</loc>"),
    "loc-ftp.xml": urlset("<loc>ftp://example.org/file.txt</loc>"),
    "loc-space.xml": urlset("<loc>https://example.org/a b</loc>"),
    "loc-unicode.xml": urlset("<loc>https://example.org/café</loc>"),
    "lastmod-no-zone.xml": urlset(LOC + "<lastmod>2024-05-01T10:00:00</lastmod>"),
    "lastmod-no-seconds.xml": urlset(LOC + "<lastmod>2024-05-01T10:00+02:00</lastmod>"),
    "lastmod-month.xml": urlset(LOC + "<lastmod>2024-05</lastmod>"),
    "lastmod-year.xml": urlset(LOC + "<lastmod>2024</lastmod>"),
    "lastmod-word.xml": urlset(LOC + "<lastmod>today</lastmod>"),
    "lastmod-slashes.xml": urlset(LOC + "<lastmod>01/05/2024</lastmod>"),
    "lastmod-feb-30.xml": urlset(LOC + "<lastmod>2024-02-30</lastmod>"),
    "lastmod-hour-25.xml": urlset(LOC + "<lastmod>2024-05-01T25:00:00Z</lastmod>"),
    "lastmod-empty.xml": urlset(LOC + "<lastmod></lastmod>"),
    "changefreq-word.xml": urlset(LOC + "<changefreq>sometimes</changefreq>"),
    "changefreq-case.xml": urlset(LOC + "<changefreq>Weekly</changefreq>"),
    "changefreq-space.xml": urlset(LOC + "<changefreq> weekly</changefreq>"),
    "changefreq-empty.xml": urlset(LOC + "<changefreq></changefreq>"),
    "priority-high.xml": urlset(LOC + "<priority>1.1</priority>"),
    "priority-negative.xml": urlset(LOC + "<priority>-0.5</priority>"),
    "priority-word.xml": urlset(LOC + "<priority>high</priority>"),
    "priority-exponent.xml": urlset(LOC + "<priority>5e-1</priority>"),
    "priority-comma.xml": urlset(LOC + "<priority>0,5</priority>"),
    "priority-empty.xml": urlset(LOC + "<priority></priority>"),
    # hreflang links
    "link-bad-rel.xml": urlset(
        LOC + '<xhtml:link rel="canonical" hreflang="en" href="https://example.org/a"/>'
    ),
    "link-no-href.xml": urlset(LOC + '<xhtml:link rel="alternate" hreflang="en"/>'),
    "link-bad-lang.xml": urlset(LOC + LINK.format(lang="english!", href="https://example.org/a")),
    "link-extra-attribute.xml": urlset(
        LOC + '<xhtml:link rel="alternate" hreflang="en" href="https://example.org/a" x="1"/>'
    ),
    "link-with-content.xml": urlset(
        LOC + '<xhtml:link rel="alternate" hreflang="en" href="https://example.org/a">x'
        "</xhtml:link>"
    ),
    "link-short-href.xml": urlset(LOC + LINK.format(lang="en", href="http://a.b/")),
    # index
    "index-loc-missing.xml": index("<lastmod>2024-01-01</lastmod>"),
    "index-order.xml": index("<lastmod>2024-01-01</lastmod><loc>https://example.org/s.xml</loc>"),
    "index-changefreq.xml": index(
        "<loc>https://example.org/s.xml</loc><changefreq>daily</changefreq>"
    ),
    "index-bad-lastmod.xml": index("<loc>https://example.org/s.xml</loc><lastmod>soon</lastmod>"),
    "index-with-url.xml": DECL + f'<sitemapindex xmlns="{NS}"><url>{LOC}</url></sitemapindex>',
}


@pytest.fixture(scope="module")
def schemas(xsd_dir: Path) -> dict[str, etree.XMLSchema]:
    return {
        "urlset": etree.XMLSchema(etree.parse(str(xsd_dir / "sitemap-combined-minlink.xsd"))),
        "sitemapindex": etree.XMLSchema(etree.parse(str(xsd_dir / "siteindex.xsd"))),
    }


def xsd_accepts(path: Path, schemas: dict[str, etree.XMLSchema]) -> bool:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    try:
        tree = etree.parse(str(path), parser)
    except etree.XMLSyntaxError:
        return False
    local = etree.QName(tree.getroot()).localname
    schema = schemas.get(local, schemas["urlset"])
    return bool(schema.validate(tree))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_files(tmp_path_factory.mktemp("corpus"), CORPUS)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_check_rejects_what_the_schemas_reject(
    name: str, corpus: Path, schemas: dict[str, etree.XMLSchema]
):
    path = corpus / name
    report = check_files([path], "https://example.org/")
    errors = sorted({f.code for f in report.findings if f.severity == "error"})
    accepted = xsd_accepts(path, schemas)
    if name.startswith("ok-"):
        assert accepted, f"{name}: the corpus's valid file fails the XSD"
        assert errors == [], f"{name}: check rejects a valid file: {report.findings}"
    else:
        assert errors, f"{name}: XSD accepts={accepted}, but check found no error"
        if not accepted:
            assert report.exit_status(strict=False) == 1
        assert all(f.line is not None or f.code in _FILE_LEVEL for f in report.findings)


_FILE_LEVEL = {"size-limit", "size-large", "too-many-entries", "gzip-invalid", "gzip-name"}


def test_most_broken_files_are_rejected_by_the_schemas_too(
    corpus: Path, schemas: dict[str, etree.XMLSchema]
):
    """The corpus is a real test of the cross-check: the schemas reject most of it."""
    broken = [n for n in CORPUS if not n.startswith("ok-")]
    rejected = [n for n in broken if not xsd_accepts(corpus / n, schemas)]
    assert len(rejected) >= len(broken) * 0.75, sorted(set(broken) - set(rejected))


def test_gzipped_corpus_gives_the_same_findings(corpus: Path, tmp_path: Path):
    for name in ("order-lastmod-first.xml", "priority-high.xml", "ok-full.xml"):
        plain = check_files([corpus / name], "https://example.org/")
        packed = tmp_path / (name + ".gz")
        packed.write_bytes(gzip.compress((corpus / name).read_bytes()))
        zipped = check_files([packed], "https://example.org/")
        assert [(f.code, f.line) for f in plain.findings] == [
            (f.code, f.line) for f in zipped.findings
        ]
