"""The note when most pages share one lastmod (a shallow clone, one bulk commit): a
Boyer-Moore majority vote as entries are made, then the candidate counted exactly.
"""

from __future__ import annotations

from collections.abc import Iterator

from sitemap_core._diagnostics import Diagnostics
from sitemap_core._util.sorting import Item


class LastmodSpread:
    """The vote and the count of one build."""

    def __init__(self, diagnostics: Diagnostics) -> None:
        self.diagnostics = diagnostics
        #: The majority candidate: the only value that can be on more than half the pages.
        self.vote: str | None = None
        self.votes = 0
        #: How many written entries carry ``vote`` (known once ``counted`` is exhausted).
        self.vote_count = 0

    def see(self, lastmod_text: str) -> None:
        """Count one entry's lastmod in the vote."""
        if self.votes == 0:
            self.vote, self.votes = lastmod_text, 1
        else:
            self.votes += 1 if lastmod_text == self.vote else -1

    def counted(self, items: Iterator[Item]) -> Iterator[Item]:
        """Pass items through, counting how many carry the majority-vote lastmod."""
        vote = self.vote
        for item in items:
            if vote is not None and item.lastmod_text == vote:
                self.vote_count += 1
            yield item

    def check(self, urls: int) -> None:
        """Say when more than 90% of a site's (over 20) pages share one lastmod. An INFO
        line: the dates are true to the history, which is the site's (a new project's first
        commit); a strict build the incumbent passed still passes, and ``check`` names the
        commit."""
        if urls > 20 and self.vote_count * 10 > urls * 9:
            share = 100 * self.vote_count // urls
            self.diagnostics.info(
                f"{share}% of the {urls:,} pages have the same lastmod ({self.vote}); that "
                "usually means a shallow clone or one bulk commit, and search engines stop "
                "trusting lastmod values that do not track real changes"
            )
