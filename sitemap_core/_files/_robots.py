"""Merge a ``Sitemap:`` line into the site's robots.txt, keeping every other line as it is."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from sitemap_core._diagnostics import Diagnostics
from sitemap_core._errors import SitemapError
from sitemap_core._util.atomic import atomic_write, replace_contents
from sitemap_core._util.regular import open_regular
from sitemap_core._util.text import printable
from sitemap_core._values import OutsideSite, ensure_inside, host_port

#: The largest robots.txt that is read and rewritten; Google reads the first 500 KiB.
MAX_ROBOTS = 512 * 1024
_SITEMAP_LINE = re.compile(r"\s*sitemap\s*:", re.IGNORECASE)
_BOM = b"\xef\xbb\xbf"
_NEW_FILE = "User-agent: *\nAllow: /\n\nSitemap: {url}\n"


def sitemap_value(line: str) -> str | None:
    """The URL a robots.txt ``Sitemap:`` line gives, as crawlers read it (any case, a ``#``
    comment dropped, stripped). The one reader of these lines for build, check and announce.

    :return: ``None`` for any other line (a comment, a rule, a blank).
    """
    match = _SITEMAP_LINE.match(line)
    if match is None:
        return None
    # The value is cut and stripped here: a regex ``\s*(.*?)\s*$`` is quadratic on spaces.
    return line[match.end() :].split("#", 1)[0].strip()


def merge_robots(
    output_dir: Path,
    sitemap_url: str,
    base_url: str,
    our_names: Collection[str],
    diagnostics: Diagnostics,
    *,
    at_root: bool = False,
    hint: str = "add the Sitemap line to that file yourself",
    listed: bool = True,
) -> Path | None:
    """Add ``Sitemap: sitemap_url`` to ``output_dir/robots.txt``, every other line kept byte
    for byte; a line naming one of ``our_names`` here is replaced; a missing file is created.
    Skipped when the base URL has a path, unless ``at_root`` (Read the Docs' default version).

    :param hint: what to do instead, ending the message when the base URL has a path.
    :param listed: ``False``: no sitemap was written: our lines naming a file no longer there
        are removed; nothing is added or created.
    :return: the robots.txt path when it was written, else ``None``.
    :raises SitemapError: robots.txt leads outside ``output_dir`` or is too large (see
        :func:`check_robots`, which callers run before they write anything).
    """
    if not at_root and urlsplit(base_url).path not in ("", "/"):
        if listed:  # unlisting: no line of ours was ever added there
            diagnostics.info(
                f"robots.txt not changed: the base URL {base_url} has a path, and crawlers "
                f"only read robots.txt at the host root; {hint}"
            )
        return None
    path = check_robots(output_dir, base_url, at_root=at_root)
    if path is None:
        return None
    # A symlink inside the site (check_robots refuses one leading out) stays: its file is written.
    real = path.resolve() if path.is_symlink() else path
    if not path.exists():
        if not listed:
            return None
        with atomic_write(real) as handle:
            handle.write(_NEW_FILE.format(url=sitemap_url).encode())
        return path
    raw = _read(path, sitemap_url, diagnostics, listed)
    if raw is None:
        return None
    data = _Merge(path, sitemap_url, our_names, diagnostics, listed).lines(raw)
    return path if data is not None and replace_contents(real, data) else None


def _read(path: Path, sitemap_url: str, diagnostics: Diagnostics, listed: bool) -> bytes | None:
    """robots.txt's bytes; ``None`` (said) when it cannot be read or is not UTF-8."""
    try:
        with open_regular(path) as handle:
            raw = handle.read(MAX_ROBOTS + 1)
        if len(raw) > MAX_ROBOTS:
            raise _too_large(path)
        raw.decode("utf-8")
    except UnicodeDecodeError:
        if listed or sitemap_url.encode() in raw:
            what = "Add" if listed else "Remove"
            diagnostics.warning(
                f"{path} is not UTF-8 text; it was left unchanged. {what} 'Sitemap: "
                f"{sitemap_url}' {'to' if listed else 'from'} it yourself",
                field="robots.txt",
            )
        return None
    except OSError as exc:
        diagnostics.warning(f"cannot read {path}: {exc.strerror}", field="robots.txt")
        return None
    return raw


@dataclass
class _Merge:
    """One merge of our line into robots.txt's lines (see :func:`merge_robots`)."""

    path: Path
    target: str
    our_names: Collection[str]
    diagnostics: Diagnostics
    listed: bool
    found: bool = False
    changed: bool = False

    def lines(self, raw: bytes) -> bytes | None:
        """The new bytes; ``None`` when nothing changes."""
        kept = []
        for number, line in enumerate(raw.splitlines(keepends=True)):
            merged = self._line(number, line)
            if merged is not None:
                kept.append(merged)
        if self.listed and not self.found:
            newline = b"\r\n" if b"\r\n" in raw else b"\n"
            if kept and not kept[-1].endswith((b"\n", b"\r")):
                kept.append(newline)
            kept.append(b"Sitemap: " + self.target.encode() + newline)
            self.changed = True
        return b"".join(kept) if self.changed else None

    def _line(self, number: int, line: bytes) -> bytes | None:
        """The line as it stays (``None``: dropped)."""
        # A BOM before the first line must not hide our old line (it stays in the file).
        bare = line[3:] if number == 0 and line.startswith(_BOM) else line
        value = sitemap_value(bare.rstrip(b"\r\n").decode("utf-8", "replace"))
        if value is None:
            return line
        text = self._absolute(value, number)
        ours = _is_ours(text, self.target, self.our_names)
        if not self.listed:
            # Unless the file it names is there beside robots.txt: a sitemap that is not ours,
            # left in place, is still named rightly.
            name = urlsplit(text).path.rpartition("/")[2]
            gone = ours and not (name and (self.path.parent / name).exists())
            self.changed |= gone
            return None if gone else line
        if value != self.target and not ours:
            return line
        if self.found:  # a duplicate of our own line: dropped
            self.changed = True
            return None
        self.found = True
        if value == self.target:
            return line
        self.changed = True
        ending = line[len(line.rstrip(b"\r\n")) :] or b"\n"
        return line[: len(line) - len(bare)] + b"Sitemap: " + self.target.encode() + ending

    def _absolute(self, text: str, number: int) -> str:
        """A relative value: ours made absolute (said), another's warned of."""
        absolute = _absolute(text, self.target)
        if absolute is None:
            return text
        # Crawlers want an absolute URL (the protocol; check fails a relative one).
        where = f"{self.path}:{number + 1}"
        if absolute == self.target or _is_stale(absolute, self.target, self.our_names):
            if self.listed:
                self.diagnostics.info(
                    f"{where}: the relative line 'Sitemap: {printable(text)}' names "
                    f"this site's sitemap; it is replaced by 'Sitemap: {self.target}'"
                )
            return self.target if self.listed else absolute
        # The site's own line, kept: INFO (strict builds stay green); check calls it an error.
        self.diagnostics.info(
            f"{where}: 'Sitemap: {printable(text)}' is not an absolute URL, and "
            f"crawlers may ignore it; write 'Sitemap: {printable(absolute)}'",
            field="robots.txt",
        )
        return text


def our_line(output_dir: Path, sitemap_url: str, our_names: Collection[str]) -> str | None:
    """The ``Sitemap:`` value in ``output_dir/robots.txt`` that names this site's sitemap
    (``sitemap_url``, or another of our names beside it), if any: what a build that adds no
    line (a preview) says stays."""
    try:
        with open_regular(output_dir / "robots.txt") as handle:
            text = handle.read(MAX_ROBOTS).decode("utf-8", "replace")
    except OSError:
        return None
    values = (sitemap_value(line) for line in text.removeprefix("\ufeff").splitlines())
    return next((v for v in values if v and _is_ours(v, sitemap_url, our_names)), None)


def check_robots(output_dir: Path, base_url: str, *, at_root: bool = False) -> Path | None:
    """The robots.txt the build may read and rewrite; ``None`` when it leaves it alone. Called
    before any file is written, so a refusal leaves the folder as it was.

    :raises SitemapError: a symlink out of ``output_dir``, or over :data:`MAX_ROBOTS`.
    """
    if not at_root and urlsplit(base_url).path not in ("", "/"):
        return None
    path = output_dir / "robots.txt"
    shown = printable(str(path))
    if robots_leads_outside(output_dir):
        raise SitemapError(
            f"{shown} is a symlink that leads outside {printable(str(output_dir))}; it is "
            "not read or published: make it a regular file, or turn robots.txt merging off "
            "(the robots option, --no-robots)"
        )
    try:
        size = path.stat().st_size
    except OSError:
        return path  # missing (created then), or unreadable (a warning then)
    if path.is_file() and size > MAX_ROBOTS:
        raise _too_large(path)
    return path


def robots_leads_outside(site_dir: Path) -> bool:
    """Whether ``site_dir/robots.txt`` is a symlink leading outside ``site_dir``: never read,
    by the build or by ``check`` (its target, any file of the machine, would be published or
    quoted)."""
    path = site_dir / "robots.txt"
    if not path.is_symlink():
        return False
    try:
        ensure_inside(site_dir, path)
    except OutsideSite:
        return True
    return False


def _too_large(path: Path) -> SitemapError:
    return SitemapError(
        f"{printable(str(path))} is larger than {MAX_ROBOTS // 1024} KiB; it is left unchanged "
        "and nothing was written (crawlers read only the first 500 KiB): shorten it, or turn "
        "robots.txt merging off (the robots option, --no-robots)"
    )


def _absolute(url: str, sitemap_url: str) -> str | None:
    """The absolute URL a relative ``Sitemap:`` value names (robots.txt is read at the host
    root, so it is resolved there); ``None`` for an absolute (or empty) value."""
    try:
        parts = urlsplit(url)
        if not url or (parts.scheme and parts.netloc):
            return None
        root = urlsplit(sitemap_url)
        return urljoin(f"{root.scheme}://{root.netloc}/", url)
    except ValueError:
        return None


def _is_ours(url: str, current: str, our_names: Collection[str]) -> bool:
    """A line of ours: the current sitemap, or an earlier one (:func:`_is_stale`)."""
    return url == current or _is_stale(url, current, our_names)


def _is_stale(url: str, current: str, our_names: Collection[str]) -> bool:
    """An earlier sitemap of this site: one of our names in the same directory of the same
    host (any scheme); another host's or directory's line is somebody else's."""
    try:
        old, new = urlsplit(url), urlsplit(current)
    except ValueError:  # not a URL we could have written ("https://[::1/")
        return False
    directory, _, name = old.path.rpartition("/")
    same_folder = directory == new.path.rpartition("/")[0]
    return name in our_names and same_folder and host_port(old) == host_port(new)
