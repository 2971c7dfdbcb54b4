"""robots.txt rules for ``check``: its ``Sitemap:`` lines must exist and be absolute."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_core._check._findings import CheckReport
from sitemap_core._check._robots_rules import RobotsRules
from sitemap_core._files import MAX_ROBOTS as MAX_ROBOTS  # read by live_site too
from sitemap_core._files import robots_leads_outside, sitemap_value
from sitemap_core._sites import preview_deploy
from sitemap_core._util.regular import read_regular
from sitemap_core._util.text import short

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def robots_sitemaps(site_dir: Path, base_url: str | None, report: CheckReport) -> list[str]:
    """The absolute URLs of the ``Sitemap:`` lines of ``site_dir/robots.txt``. Reports a missing
    file or line (a warning; a note when the base URL has a path or in a preview deploy) and
    relative lines (errors).
    """
    path = site_dir / "robots.txt"
    preview = preview_deploy()
    if preview is not None:
        # The build writes no Sitemap: line for a preview: no warning for what it left out.
        report.info(
            "robots-preview",
            "robots.txt",
            None,
            f"{preview}: a preview deploy's build names no sitemap in robots.txt; the "
            "sitemap is found by its name",
        )
    at_root = preview is None and (base_url is None or urlsplit(base_url).path in ("", "/"))
    if robots_leads_outside(site_dir):
        report.error(
            "outside-site",
            "robots.txt",
            None,
            "is a symlink that leads outside the site directory; it is not read (a build "
            "refuses it too: make it a regular file)",
        )
        return []
    if not path.is_file():
        if at_root:
            report.warning(
                "robots-missing",
                "robots.txt",
                None,
                "there is no robots.txt; add one with a 'Sitemap: <absolute URL>' line",
            )
        return []
    report.checked.append("robots.txt")
    try:
        raw = read_regular(path, MAX_ROBOTS + 1)
    except OSError as exc:
        report.error("file-unreadable", "robots.txt", None, f"cannot read it: {exc.strerror}")
        return []
    return sitemap_lines(raw[:MAX_ROBOTS], "robots.txt", at_root, report, len(raw) > MAX_ROBOTS)


def site_robots_rules(site_dir: Path, base_url: str) -> RobotsRules | None:
    """The rules of ``site_dir/robots.txt`` when the site is served at its host's root
    (crawlers read robots.txt there only); ``None`` when there is none to read."""
    if urlsplit(base_url).path not in ("", "/") or robots_leads_outside(site_dir):
        return None  # not read there, or never read (robots_sitemaps says so)
    try:
        raw = read_regular(site_dir / "robots.txt", MAX_ROBOTS)
    except OSError:
        return None  # missing or unreadable: robots_sitemaps says so
    return RobotsRules(raw.decode("utf-8-sig", "replace"))


def sitemap_lines(
    raw: bytes, display: str, at_root: bool, report: CheckReport, cut: bool = False
) -> list[str]:
    """The absolute URLs of the ``Sitemap:`` lines of a robots.txt's bytes.

    Relative lines are errors; no line at all is a warning (a note when ``at_root`` is false).

    :param cut: ``raw`` is the first :data:`MAX_ROBOTS` bytes of a larger file.
    """
    if cut:
        report.warning(
            "robots-large",
            display,
            None,
            f"is larger than {MAX_ROBOTS // 1024} KiB; only its first {MAX_ROBOTS // 1024} KiB "
            "are read (Google reads 500 KiB), so rules and Sitemap: lines after that are not "
            "seen",
        )
    found: list[str] = []
    relative = False
    for number, line in enumerate(raw.decode("utf-8-sig", "replace").splitlines(), 1):
        value = sitemap_value(line)
        if value is None:
            continue
        try:
            if _CONTROL.search(value):
                raise ValueError("it holds a control character")
            parts = urlsplit(value)
        except ValueError as exc:  # "https://[::1/"
            report.error(
                "robots-invalid",
                display,
                number,
                f"Sitemap: {short(value)} is not a valid URL ({exc}); crawlers ignore it",
            )
            relative = True
            continue
        if parts.scheme.lower() in ("http", "https") and parts.netloc:
            found.append(value)
        else:
            relative = True
            report.error(
                "robots-relative",
                display,
                number,
                f"Sitemap: {short(value)} is not an absolute URL; crawlers ignore it "
                "(write Sitemap: https://example.org/sitemap.xml)",
            )
    if not found and not relative:
        report.add(
            "warning" if at_root else "info",
            "robots-no-sitemap",
            display,
            None,
            f"has no 'Sitemap:' line{' in what is read' if cut else ''}; crawlers find the "
            "sitemap through it",
        )
    return found
