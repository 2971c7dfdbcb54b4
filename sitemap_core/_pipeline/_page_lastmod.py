"""The lastmod a page is given: a third-party ``sitemap_lastmod`` hook's answer, else the
configured sources (:class:`~sitemap_core._lastmod.LastmodChain`); never later than
``SOURCE_DATE_EPOCH``, and none at all when it lies in the future."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from sitemap_core._context import BuildContext
from sitemap_core._lastmod import LastmodChain
from sitemap_core._record import PageRecord
from sitemap_core._values import Lastmod, written_lastmod


class PageLastmod:
    """Decides each page's lastmod for one build.

    :param context: the build's context (its ``upper_bound`` is ``SOURCE_DATE_EPOCH``).
    :param hook: the ``sitemap_lastmod`` hooks' first answer (``None``: no plugin answers).
    :param chain: the configured sources.
    """

    def __init__(
        self,
        context: BuildContext,
        hook: Callable[..., Any] | None,
        chain: LastmodChain,
    ) -> None:
        self.context = context
        self.hook = hook
        self.chain = chain
        self.upper = context.upper_bound
        # Only compared with, never written: the build time is no page's lastmod.
        self.now = dt.datetime.now(dt.timezone.utc)

    def of(self, record: PageRecord) -> Lastmod | None:
        """Third-party ``sitemap_lastmod`` hooks first (the state file still applies to their
        answer), then the configured sources; never later than ``SOURCE_DATE_EPOCH``."""
        found: Lastmod | None = None
        if self.hook is not None:
            found = self.hook(record, self.context)
        if found is None:
            found = self.chain(record)
        elif self.chain.state is not None:
            found = self.chain.remembered(record, found)
        # A date before now and with no SOURCE_DATE_EPOCH is written as it is (most pages).
        if found is not None and (self.upper is not None or found.when > self.now):
            found, dropped = written_lastmod(found, self.upper, self.now)
            if dropped is not None:
                self.context.diagnostics.warning(dropped, record.label, "lastmod")
        return found
