"""Canonical links: what the pipeline does with a page that names a canonical URL
(:class:`~sitemap_core.hookspecs.Canonical` from a ``sitemap_exclude`` implementation), the
same way for every plugin.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sitemap_core._context import BuildContext
from sitemap_core._record import PageRecord
from sitemap_core._sites import version_sibling
from sitemap_core._values import (
    absolute_url,
    is_page_file,
    is_under,
    same_page,
    same_url,
    served_file,
)
from sitemap_core.hookspecs import Canonical

#: Warn when more than this share of a site's pages is lost to a canonical URL ...
LOST_SHARE = 0.05
#: ... and at least this many.
LOST_MIN = 3
#: How many of the lost URLs the warning names.
LOST_SHOWN = 5


@dataclass(frozen=True)
class CanonicalTarget:
    """A page of the site that another page names as its canonical URL.

    :param loc: its URL.
    :param output: the built file that serves it.
    :param named_by: the page whose canonical link names it.
    """

    loc: str
    output: Path
    named_by: PageRecord


class Canonicals:
    """The canonical links of one build.

    :param context: the build.
    """

    def __init__(self, context: BuildContext) -> None:
        self.context = context
        #: Pages of the site that left-out pages name as canonical, by URL (listed instead).
        self.targets: dict[str, CanonicalTarget] = {}
        #: ``(page, the canonical URL it names)`` of each page lost to a URL that is no page.
        self.lost: list[tuple[str, str]] = []
        #: Pages kept although their canonical link names their copy in another version's
        #: folder, counted by that folder.
        self.versions: dict[str, int] = {}
        #: By record URL, the form (``x``, ``x/``, ``x.html``) its canonical link gives its own
        #: file: the page is listed in that form.
        self.forms: dict[str, str] = {}

    def judge(self, record: PageRecord, loc: str, link: Canonical) -> str | None:
        """``None`` when the link names the page itself or its copy in another version;
        otherwise "canonical elsewhere", noting the target when it is a page of the site
        (listed instead), else the page (lost: :meth:`warn` warns when many are)."""
        settings = self.context.settings
        loc = link.address if link.address is not None else loc
        target = link.url
        output = record.output
        # The output folder may be served below the site root (a Sphinx language build).
        base = settings.output_url if settings.base_url else ""
        root = self.context.output_dir

        def served(url: str) -> Path | None:
            # The record says which file its own URL shows, also when a server rewrite is
            # needed for it (ARTICLE_URL unlike ARTICLE_SAVE_AS).
            if url == loc:
                return output
            return served_file(root, base, url) if root is not None and base else None

        if same_page(target, loc, served):
            if base and target.startswith(base) and not same_url(target, loc):
                # The same file in another form (x, x/, x.html): list the URL the site itself
                # declares; hosts with clean URLs or trailing-slash rules redirect the other.
                self.forms[record.url] = target
            return None
        if base:
            sibling = version_sibling(
                target, loc, base, versioned=settings.versioned, served=served
            )
            if sibling is not None:
                # The version policy (mike's canonical_version): this version's sitemap keeps
                # its own pages, search engines are pointed at the canonical version instead.
                self.versions[sibling] = self.versions.get(sibling, 0) + 1
                return None
        target_loc: str | None = None
        page: Path | None = None
        if base and is_under(base, target):
            try:
                target_loc = absolute_url(base, target.partition("#")[0])
            except ValueError:
                target_loc = None
            page = served(target_loc) if target_loc is not None else None
        if target_loc is not None and page is not None and is_page_file(page.name):
            self.targets.setdefault(target_loc, CanonicalTarget(target_loc, page, record))
        else:
            # Neither this page nor its canonical URL will be listed. A few cross-posts are
            # normal; many mean the theme and the site's URL settings disagree (a missing
            # file, another host name): warn() says so.
            self.lost.append((loc, target))
        return "canonical elsewhere"

    def warn(self, total: int) -> None:
        """INFO for the pages kept for a canonical copy in another version, and when more
        than a few percent were left out for a canonical URL that is no page here: the
        site's own links say so (a strict build the incumbent passed still passes; ``check``
        warns of every link to such a page)."""
        diagnostics = self.context.diagnostics
        versions, self.versions = self.versions, {}
        if versions:
            named = ", ".join(f"{folder}/ ({n:,})" for folder, n in sorted(versions.items()))
            diagnostics.info(
                f"{sum(versions.values()):,} pages name their copy in another version as "
                f"canonical ({named}): kept, this version's sitemap lists its own pages for "
                "the version selector; point search engines at the canonical version only "
                "(ssg-sitemap index with versions.json at the deployment root)"
            )
        lost, self.lost = self.lost, []
        if len(lost) < LOST_MIN or len(lost) <= total * LOST_SHARE:
            return
        first = ", ".join(f"{page} names {canonical}" for page, canonical in lost[:LOST_SHOWN])
        more = f" and {len(lost) - LOST_SHOWN:,} more" if len(lost) > LOST_SHOWN else ""
        diagnostics.info(
            f"{len(lost):,} of {total:,} pages left out: their canonical link names a URL that "
            f"is no page of this site ({first}{more}); check the theme's canonical links "
            "against the site's base URL and URL settings"
        )
