"""``check`` of a site's ``llms.txt`` and ``llms-full.txt`` (ours only: a file of the site's own
may link anywhere), the same rules for a built site and a live one (:class:`LlmsRules`): a
``# Title`` first, every link a page the sitemap lists, its Markdown twin (by the build's
``twin_url`` rule) or another file of ours, which is followed (a section's, a language's, a
version's); no link to a page the sitemap's own check found unfit to list (noindex, a
redirect, missing); each file within the size the format's checkers accept; and how many
listed pages no llms.txt lists."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from itertools import islice
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sitemap_core._check._findings import CheckReport, Severity
from sitemap_core._config import LLMS_BUDGET
from sitemap_core._errors import SitemapError
from sitemap_core._files import site_urls
from sitemap_core._llms import (
    LLMS_FULL,
    LLMS_TXT,
    OVER_BUDGET,
    TWIN_SUFFIX,
    linked_file,
    marked,
    read_back,
    twin_url,
)
from sitemap_core._values import OutsideSite, site_path

#: What the sitemap's check found against listing a page: ``{loc: (severity, code)}``.
Unfit = Mapping[str, "tuple[Severity, str]"]
#: Pages named in the coverage note as examples.
_EXAMPLES = 3
#: The line naming each page's twin in llms-full.txt (its other links are the pages' own).
_SOURCE = re.compile(r"^Source: (\S+)$", re.M)
#: A list line's own link and what follows it (the page's description).
_DESCRIBED = re.compile(r"^\s*-\s*\[[^\]]*\]\(([^)\s]+)\)(.+)$", re.M)
#: A link in a description: Markdown's, an autolink or a bare URL.
_ANY_LINK = re.compile(r"\]\((\S+?)\)|<(\w+:[^>\s]+)>|(https?://[^\s)>]+)")


class LlmsRules:
    """The rules of one site's llms.txt files, whoever reads them (the built folder or the
    live site): each file's text goes through :meth:`file`, and :meth:`coverage` ends.

    :param listed: whether the sitemap lists a URL (as it is written there).
    :param unfit: the pages the sitemap's check found unfit to list, with the finding's code.
    :param twin_exists: whether a Markdown twin's URL is a file of the site (``None``: not
        asked, as the live check, which fetches no twin).
    """

    def __init__(
        self,
        report: CheckReport,
        listed: Callable[[str], bool],
        unfit: Unfit | None = None,
        twin_exists: Callable[[str], bool] | None = None,
    ) -> None:
        self.report = report
        self.listed = listed
        self.twin_exists = twin_exists
        self.unfit: Unfit = unfit or {}
        #: The listed pages some llms.txt links, as the sitemap writes them.
        self.linked: set[str] = set()

    def foreign(self, text: str, name: str = LLMS_TXT) -> bool:
        """Whether the file is not ours (a note: it is not checked)."""
        if marked(text):
            return False
        self.report.info("llms-foreign", name, None, "not written by ssg-sitemap; not checked")
        return True

    def file(self, name: str, text: str, cut: bool = False) -> list[tuple[int, str]]:
        """Check one file's size, title and links to listed pages.

        :param cut: only the file's beginning was read (it is longer than ``text``).
        :return: the links to no page the sitemap lists, ``(line, url)``: a section's own
            llms.txt for the caller to follow, else :meth:`unlisted`.
        """
        report = self.report
        # llms-full.txt is the pages' whole text, split per section: no size to judge.
        if (cut or len(text) > LLMS_BUDGET) and not name.endswith(LLMS_FULL):
            report.warning(
                "llms-too-big",
                name,
                None,
                f"{len(text):,}{' or more' if cut else ''} characters, over {LLMS_BUDGET:,}: "
                f"checkers of the format fail it and clients cut it; {OVER_BUDGET}",
            )
        title, links = read_back(text)
        if title is None:
            report.error("llms-no-title", name, 1, "the first line is not the '# Title' it needs")
        if name.endswith(LLMS_FULL):
            # The pages' own Markdown holds links of every kind: only the Source lines are
            # ours (a split root has none: its list links the section files).
            sources = [
                (text.count("\n", 0, m.start()) + 1, m.group(1)) for m in _SOURCE.finditer(text)
            ]
            links = sources or links
        else:
            self._offsite(name, text)
        others = []
        for line, url in links:
            loc = url if self.listed(url) else _unescaped(url)
            if not self.listed(loc):
                page = self._twin_page(_unescaped(url))
                if page is None:
                    others.append((line, url))
                    continue
                if self.twin_exists is not None and not self.twin_exists(_unescaped(url)):
                    report.error(
                        "llms-twin-missing",
                        name,
                        line,
                        f"{url}, the Markdown twin of {page}, is not in the site",
                    )
                loc = page
            self.linked.add(loc)
            found = self.unfit.get(loc)
            if found is not None:
                severity, code = found
                report.add(
                    severity,
                    "llms-not-indexable",
                    name,
                    line,
                    f"{url}: the sitemap's check found {code} for this page; agents are sent "
                    "to a page not fit to be listed",
                )
        return others

    def _offsite(self, name: str, text: str) -> None:
        """A description that links another host than its page's: agents read llms.txt as
        instructions, and such a link (from a page's front matter) sends them off the site."""
        for match in _DESCRIBED.finditer(text):
            host = urlsplit(match.group(1)).hostname
            for link in _ANY_LINK.finditer(match.group(2)):
                url = next(group for group in link.groups() if group)
                if urlsplit(url).hostname not in (None, host):
                    line = text.count("\n", 0, match.start()) + 1
                    self.report.warning(
                        "llms-offsite-link",
                        name,
                        line,
                        f"the description of {match.group(1)} links {url}, another host: "
                        "agents may follow it (change the page's description)",
                    )
                    break

    def _twin_page(self, url: str) -> str | None:
        """The listed page whose Markdown twin ``url`` is, by the build's rule; else ``None``."""
        if not url.endswith(TWIN_SUFFIX):
            return None
        page = url[: -len(TWIN_SUFFIX)]
        for loc in (page, page.removesuffix("index.html")):
            if self.listed(loc) and twin_url(loc) == url:
                return loc
        return None

    def unlisted(self, name: str, line: int, url: str) -> None:
        """A link to no listed page (nor a section's file of ours)."""
        self.report.error(
            "llms-unlisted",
            name,
            line,
            f"{url} is not a page the sitemap lists (a broken link, or a page left out)",
        )

    def unreadable(self, name: str, why: str) -> None:
        """A file the root links that cannot be read."""
        self.report.error("llms-unreadable", name, None, f"cannot be read ({why})")

    def coverage(self, total: int, listed: Iterable[str], name: str = LLMS_TXT) -> None:
        """A note of the listed pages no llms.txt links (``llms_exclude`` leaves pages out on
        purpose, so it is a count, not a fault).

        :param total: the pages the sitemap lists.
        :param listed: those pages in sitemap order (read only for a few examples).
        :param name: the root llms.txt as findings name it.
        """
        missing = total - len(self.linked)
        if missing <= 0:
            return
        examples = list(islice((loc for loc in listed if loc not in self.linked), _EXAMPLES))
        shown = f" (such as {', '.join(examples)})" if examples else ""
        self.report.info(
            "llms-coverage",
            name,
            None,
            f"{missing:,} of the {total:,} pages the sitemap lists are in no llms.txt{shown}; "
            "expected for pages llms_exclude leaves out",
        )


def check_llms(site_dir: Path, base_url: str, report: CheckReport, unfit: Unfit) -> None:
    """Check ``SITE_DIR/llms.txt`` and ``llms-full.txt`` and the files of ours they link,
    when we wrote them.

    :param unfit: what the sitemap's check found against listed pages.
    """

    def twin_exists(url: str) -> bool:  # a twin's URL is a file of the built site
        if not url.startswith(base_url):
            return False
        try:
            return site_path(site_dir, unquote(url[len(base_url) :])).is_file()
        except OutsideSite:
            return False

    listed: dict[str, None] = {}  # the sitemap's pages, in its order
    rules = LlmsRules(report, listed.__contains__, unfit, twin_exists)
    queue = []
    for root in (LLMS_TXT, LLMS_FULL):
        if not (site_dir / root).is_file():
            continue
        try:
            text = (site_dir / root).read_text(encoding="utf-8")
        except (OSError, ValueError) as exc:
            rules.unreadable(root, str(exc))
            continue
        if not rules.foreign(text, root):
            queue.append((root, text))
    if not queue:
        return
    try:
        listed.update((loc, None) for loc, _ in site_urls(site_dir, base_url))
    except SitemapError:
        return  # the sitemap's own findings say why
    seen = {name for name, _ in queue}
    # The pages of the version builds the root names, each by its own sitemap: what their
    # llms.txt files cover (the root's index may list the default version under an alias).
    builds: dict[str, None] = {}
    while queue:
        name, text = queue.pop(0)
        for line, url in rules.file(name, text):
            # A section's file, a language's (fr/llms.txt), a version's (1.0/llms.txt).
            linked = _section_text(site_dir, base_url, url, rules)
            if linked is None:
                rules.unlisted(name, line, url)
            elif linked[0] not in seen:
                seen.add(linked[0])
                if linked[1] is not None:
                    queue.append((linked[0], linked[1]))
                    folder_url = url.rsplit("/", 1)[0] + "/"
                    own = own_urls(site_dir / linked[0].rsplit("/", 1)[0], folder_url)
                    listed.update(own)
                    builds.update(own)
    covered = builds or listed
    rules.coverage(len(covered), covered)


def own_urls(folder: Path, folder_url: str) -> dict[str, None]:
    """The URLs a build in ``folder`` lists in its own sitemap (a version's, beside the
    index root's); none when it has none (a language's folder of one build)."""
    try:
        return {loc: None for loc, _ in site_urls(folder, folder_url)}
    except SitemapError:
        return {}


def _section_text(
    site_dir: Path, base_url: str, url: str, rules: LlmsRules
) -> tuple[str, str | None] | None:
    """A file of ours another links (a section's, a language's, a version's), ``(name,
    text)`` (``text`` ``None``: it cannot be read, which is reported)."""
    rel = linked_file(base_url, url, (LLMS_TXT, LLMS_FULL))
    if rel is None:
        return None
    try:
        path = site_path(site_dir, rel)
    except OutsideSite:
        return None
    if not path.is_file():
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:
        rules.unreadable(rel, str(exc))
        return (rel, None)
    if rules.foreign(text, rel):
        return (rel, None)  # the site's own file, which the build keeps and links
    return (rel, text)


def _unescaped(url: str) -> str:
    """The URL as the sitemap lists it, before llms.txt escaped what ends a Markdown link."""
    return url.replace("%28", "(").replace("%29", ")").replace("%20", " ")
