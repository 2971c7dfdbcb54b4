"""``check`` of the ``llms.txt`` a build wrote (ours only: a file of the site's own may link
anywhere): a ``# Title`` first, every link a page the sitemap lists (or another llms.txt of
ours: a section's, a language's, a version's), and each file within the size the format's
checkers accept."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from sitemap_core._check._findings import CheckReport
from sitemap_core._config import LLMS_BUDGET
from sitemap_core._errors import SitemapError
from sitemap_core._files import site_urls
from sitemap_core._llms import LLMS_TXT, is_ours, read_back
from sitemap_core._values import OutsideSite, site_path


def check_llms(site_dir: Path, base_url: str, report: CheckReport) -> None:
    """Check ``SITE_DIR/llms.txt`` and the files of ours it links (and they link), when we
    wrote it."""
    root = site_dir / LLMS_TXT
    if not root.is_file():
        return
    if not is_ours(root):
        report.info("llms-foreign", LLMS_TXT, None, "not written by ssg-sitemap; not checked")
        return
    try:
        listed = {loc for loc, _ in site_urls(site_dir, base_url)}
    except SitemapError:
        return  # the sitemap's own findings say why
    queue = [(root, LLMS_TXT)]
    seen = {LLMS_TXT}
    while queue:
        path, name = queue.pop(0)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, ValueError) as exc:
            report.error("llms-unreadable", name, None, f"cannot be read ({exc})")
            continue
        if len(text) > LLMS_BUDGET:
            report.warning(
                "llms-too-big",
                name,
                None,
                f"{len(text):,} characters, over {LLMS_BUDGET:,}: checkers of the format fail "
                "it and clients cut it (lower llms_budget to split it per section)",
            )
        title, links = read_back(text)
        if title is None:
            report.error("llms-no-title", name, 1, "the first line is not the '# Title' it needs")
        for line, url in links:
            if url in listed or _unescaped(url) in listed:
                continue
            # A section's file, a language's (fr/llms.txt), a version's (1.0/llms.txt).
            linked = _section_file(site_dir, base_url, url)
            if linked is not None:
                if linked[1] not in seen:
                    seen.add(linked[1])
                    queue.append(linked)
                    listed |= _own_urls(linked[0].parent, url[: -len(LLMS_TXT)])
                continue
            report.error(
                "llms-unlisted",
                name,
                line,
                f"{url} is not a page the sitemap lists (a broken link, or a page left out)",
            )


def _own_urls(folder: Path, folder_url: str) -> set[str]:
    """The URLs a build in ``folder`` lists in its own sitemap (a version's, beside the
    index root's); none when it has none (a language's folder of one build)."""
    try:
        return {loc for loc, _ in site_urls(folder, folder_url)}
    except SitemapError:
        return set()


def _unescaped(url: str) -> str:
    """The URL as the sitemap lists it, before llms.txt escaped what ends a Markdown link."""
    return url.replace("%28", "(").replace("%29", ")").replace("%20", " ")


def _section_file(site_dir: Path, base_url: str, url: str) -> tuple[Path, str] | None:
    """An llms.txt of ours a file links: its file and name."""
    if not url.startswith(base_url) or not url.endswith("/" + LLMS_TXT):
        return None
    rel = unquote(url[len(base_url) :])
    try:
        path = site_path(site_dir, rel)
    except OutsideSite:
        return None
    return (path, rel) if path.is_file() and is_ours(path) else None
