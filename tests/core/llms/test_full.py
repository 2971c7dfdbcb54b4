"""``llms-full.txt``: the twins' Markdown in the sections' order, one file per section over
the budget with a root that links them (read by llmstxt.org's parser)."""

from __future__ import annotations

from llms_txt import parse_llms_file

from sitemap_core._llms import LLMS_FULL, Link, Section, plan_full

BASE = "https://x.org/"
SECTIONS = [
    Section("Guide", (Link(BASE + "guide/a.html.md", "A"), Link(BASE + "guide/b.html.md", "B"))),
    Section("API", (Link(BASE + "api/c.html.md", "C"), Link(BASE + "api/d.html", "D"))),
]
TEXTS = {
    BASE + "guide/a.html.md": "# A\n\n" + "a" * 400,
    BASE + "guide/b.html.md": "# B\n",
    BASE + "api/c.html.md": "# C\n",
}


def test_one_file_in_order_pages_without_twin_left_out() -> None:
    files = plan_full("Site", "About it.", SECTIONS, TEXTS, BASE, 50_000)
    text = files[LLMS_FULL]
    assert list(files) == [LLMS_FULL]
    assert text.index("# A") < text.index("# B") < text.index("# C")
    assert "api/d.html" not in text
    parsed = parse_llms_file(text)
    assert (parsed.title, parsed.summary) == ("Site", "About it.")


def test_no_budget_one_file_however_long() -> None:
    assert list(plan_full("Site", None, SECTIONS, TEXTS, BASE)) == [LLMS_FULL]


def test_over_budget_one_file_per_section_and_a_root_linking_them() -> None:
    files = plan_full("Site", None, SECTIONS, TEXTS, BASE, 300)
    assert list(files) == [LLMS_FULL, f"guide/{LLMS_FULL}", f"api/{LLMS_FULL}"]
    root = parse_llms_file(files[LLMS_FULL])
    assert [link.url for links in root.sections.values() for link in links] == [
        BASE + f"guide/{LLMS_FULL}",
        BASE + f"api/{LLMS_FULL}",
    ]
    assert "# B" in files[f"guide/{LLMS_FULL}"] and "# C" not in files[f"guide/{LLMS_FULL}"]
    assert parse_llms_file(files[f"api/{LLMS_FULL}"]).title == "Site: API"
