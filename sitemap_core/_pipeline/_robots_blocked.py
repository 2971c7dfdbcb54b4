"""The note when the site's own robots.txt blocks pages the sitemap lists: crawlers skip
them, and ``check`` reports each one (``robots-blocked``). A note, not a warning: the rule is
the site's, not our output's, and a build green before stays green."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from sitemap_core._check import RobotsRules, blocked, blocked_message, site_robots_rules
from sitemap_core._diagnostics import Diagnostics
from sitemap_core._util.sorting import Item


class RobotsBlocked:
    """Counts the written URLs the robots.txt already in ``output_dir`` blocks.

    :param base_url: the site's URL; robots.txt is read only when it is the host's root.
    """

    def __init__(self, output_dir: Path, base_url: str) -> None:
        self.rules: RobotsRules | None = (
            site_robots_rules(output_dir, base_url) if base_url else None
        )
        self.count = 0
        self.first = ""

    def counted(self, items: Iterator[Item]) -> Iterator[Item]:
        """Pass items through, counting the blocked ones (as they are, without rules)."""
        rules = self.rules
        return items if rules is None or not rules.disallows() else self._counted(items, rules)

    def _counted(self, items: Iterator[Item], rules: RobotsRules) -> Iterator[Item]:
        for item in items:
            if self.count == 0:
                verdict = blocked(rules, item.loc)
                if verdict is not None:
                    self.count, self.first = 1, blocked_message(item.loc, verdict)
            elif blocked(rules, item.loc) is not None:
                self.count += 1
            yield item

    def say(self, diagnostics: Diagnostics, urls: int) -> None:
        """One line for the build, when any listed URL is blocked."""
        if self.count:
            diagnostics.info(
                f"robots.txt blocks {self.count:,} of the {urls:,} listed URLs (the first: "
                f"{self.first}); crawlers do not fetch them: leave them out of the sitemap or "
                "allow them in robots.txt (ssg-sitemap check lists each one)"
            )
