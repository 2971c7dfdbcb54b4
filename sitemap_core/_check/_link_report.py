"""What the link graph says against the sitemap, as ``check``'s findings: links to pages
missing, redirecting, left out or unlisted; orphans, unreachable and deep pages."""

from __future__ import annotations

from sitemap_core._check._findings import CheckReport, Severity
from sitemap_core._check._links import EXCLUDED, MISSING, PAGE, REDIRECT, LinkGraph, LinkOptions


def report_links(graph: LinkGraph, report: CheckReport, options: LinkOptions) -> None:
    """The findings: links to pages missing, redirecting, left out or unlisted; orphans,
    unreachable pages and pages deeper than ``max_depth``. ``fail_orphans``: orphans and
    unreachable pages are errors (by default a note: the sitemap still reaches them)."""
    _report_links(graph, report, graph.inbound())
    _report_pages(graph, report, options.max_depth, "error" if options.fail_orphans else "info")
    report.links = graph


def _report_links(graph: LinkGraph, report: CheckReport, linked: list[int]) -> None:
    keys, kinds, listed, base = graph.keys, graph.kinds, graph.listed, graph.base_url
    flagged = {t for t, n in enumerate(linked) if n and (kinds[t] != PAGE or not listed[t])}
    # Named by the first page in URL order that links them, whatever the reading order.
    first: dict[int, int] = {}
    for source in sorted(range(len(keys)), key=keys.__getitem__) if flagged else ():
        start = graph.starts[source]  # each page's run tested in C, not each link
        for target in flagged.intersection(graph.dst[start : start + graph.counts[source]]):
            first.setdefault(target, source)
    for target in sorted(first, key=keys.__getitem__):
        where, url = base + keys[first[target]], base + keys[target]
        others = linked[target] - 1
        also = f" (and {others:,} other page{'s' if others != 1 else ''})" if others else ""
        if kinds[target] in _LINK_FINDINGS:
            severity, code, says = _LINK_FINDINGS[kinds[target]]
            report.add(severity, code, where, None, f"links {url}{also}, {says}")
        elif kinds[target] == PAGE and not listed[target]:
            # A note: the build's own exclusions are not in its pages.
            says = f"{url} is linked from {where}{also} but not in the sitemap; list it, or "
            says += "mark it noindex if it should not be found"
            report.info("unlisted-linked", "", None, says)


def _report_pages(
    graph: LinkGraph, report: CheckReport, max_depth: int, severity: Severity
) -> None:
    keys, listed, base, depths = graph.keys, graph.listed, graph.base_url, graph.click_depths()
    orphans = graph.orphans()
    home = graph.ids.get("")
    measured = home is not None and bool(listed[home])
    if not measured:
        says = "is not listed: click depth and reachability not measured"
        report.info("unreachable", "", None, f"the home page {base} {says}")
    for page in sorted(range(len(keys)), key=keys.__getitem__):
        if not listed[page] or page == home:
            continue
        depth = depths[page]
        code = "orphan" if page in orphans else "unreachable" if depth < 0 else "depth"
        if (code == "depth" and depth <= max_depth) or (code == "unreachable" and not measured):
            continue
        says = _PAGE_FINDINGS[code].format(url=base + keys[page], depth=depth, max=max_depth)
        report.add("info" if code == "depth" else severity, code, "", None, says)


#: A page's finding by its code: what the message says.
_PAGE_FINDINGS = {
    "orphan": "{url}: no page links it, so only the sitemap leads there; link it from a page or "
    "the navigation",
    "unreachable": "{url}: no path of links from the home page leads there (only pages that are "
    "not reached link it); link it from a page that is",
    "depth": "{url} is {depth} clicks from the home page (more than {max}); link it from a page "
    "nearer the top",
}


#: A link's finding by its target's kind: severity, code, what the message says of it.
_LINK_FINDINGS: dict[int, tuple[Severity, str, str]] = {
    MISSING: ("warning", "link-broken", "which the site does not have; fix or remove the link"),
    REDIRECT: ("info", "link-redirect", "a redirect; link where it leads instead"),
    EXCLUDED: (
        "warning",
        "link-excluded",
        "which the sitemap leaves out (noindex or canonical elsewhere); link the page the "
        "sitemap lists instead",
    ),
}
