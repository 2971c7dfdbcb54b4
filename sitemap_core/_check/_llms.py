"""``check`` of the ``llms.txt`` a build wrote (ours only: a file of the site's own may link
anywhere): a ``# Title`` first, every link a page the sitemap lists, its Markdown twin (by
the build's ``twin_url`` rule; the twin's file must exist) or a section's own llms.txt, and
each file within the size the format's checkers accept. ``llms-full.txt`` is read the same
way."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from sitemap_core._check._findings import CheckReport
from sitemap_core._config import LLMS_BUDGET
from sitemap_core._errors import SitemapError
from sitemap_core._files import site_urls
from sitemap_core._llms import LLMS_FULL, LLMS_TXT, is_ours, read_back, twin_url
from sitemap_core._values import OutsideSite, site_path


def check_llms(site_dir: Path, base_url: str, report: CheckReport) -> None:
    """Check ``SITE_DIR/llms.txt`` (and ``llms-full.txt``) and the section files they link,
    when we wrote them."""
    roots = []
    for name in (LLMS_TXT, LLMS_FULL):
        root = site_dir / name
        if not root.is_file():
            continue
        if not is_ours(root):
            report.info("llms-foreign", name, None, "not written by ssg-sitemap; not checked")
            continue
        roots.append((root, name))
    if not roots:
        return
    try:
        listed = {loc for loc, _ in site_urls(site_dir, base_url)}
    except SitemapError:
        return  # the sitemap's own findings say why
    twins = {twin_url(loc): loc for loc in listed if loc.startswith(base_url)}
    queue = list(roots)
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
            twin = twins.get(url) or twins.get(_unescaped(url))
            if twin is not None:
                if not _twin_exists(site_dir, base_url, _unescaped(url)):
                    report.error(
                        "llms-twin-missing",
                        name,
                        line,
                        f"{url}, the Markdown twin of {twin}, is not in the site",
                    )
                continue
            root_file = name in (LLMS_TXT, LLMS_FULL)
            section = _section_file(site_dir, base_url, url, name) if root_file else None
            if section is not None:
                queue.append(section)
                continue
            report.error(
                "llms-unlisted",
                name,
                line,
                f"{url} is not a page the sitemap lists (a broken link, or a page left out)",
            )


def _unescaped(url: str) -> str:
    """The URL as the sitemap lists it, before llms.txt escaped what ends a Markdown link."""
    return url.replace("%28", "(").replace("%29", ")").replace("%20", " ")


def _twin_exists(site_dir: Path, base_url: str, url: str) -> bool:
    try:
        return site_path(site_dir, unquote(url[len(base_url) :])).is_file()
    except OutsideSite:
        return False


def _section_file(
    site_dir: Path, base_url: str, url: str, root_name: str
) -> tuple[Path, str] | None:
    """A section's own file (``guide/llms.txt``) the root links: its file and name, when it
    is ours."""
    if not url.startswith(base_url) or not url.endswith("/" + root_name):
        return None
    rel = unquote(url[len(base_url) :])
    try:
        path = site_path(site_dir, rel)
    except OutsideSite:
        return None
    return (path, rel) if path.is_file() and is_ours(path) else None
