"""URLs: base URL validation, IRI → URI encoding, joining, scope and length checks; which
file serves a URL, and whether two URLs name the same page."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import SplitResult, quote, unquote, urlsplit, urlunsplit

from sitemap_core._errors import ConfigError
from sitemap_core._util.text import is_text, short

#: The protocol says a ``<loc>`` must be *less than* 2,048 characters.
MAX_LOC_LENGTH = 2047

# RFC 3986 reserved and unreserved characters stay as they are; everything else (non-ASCII,
# spaces, quotes, angle brackets...) is percent-encoded as UTF-8. "[" and "]" are only valid
# in a host, so they are encoded in paths. "%" stays only where it starts a valid escape.
_SAFE = "!$&'()*+,;=:@/?-._~%"
_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# A relative path of unreserved characters needs no encoding; the common case, taken fast.
_PLAIN_PATH = re.compile(r"^[A-Za-z0-9._~/-]*$")


def encode_iri(text: str) -> str:
    """Percent-encode an IRI (or a URI part) into a URI, keeping reserved characters.

    Idempotent: an already-encoded URI comes back unchanged.
    """
    return quote(_BAD_PERCENT.sub("%25", text), safe=_SAFE)


def _netloc(parts: SplitResult) -> str:
    """Host (IDNA-encoded, lower case) and port of a split URL.

    :raises ValueError: an invalid domain name or port.
    """
    host = parts.hostname or ""
    if "%" in host:
        # Hosts are never percent-decoded by crawlers; check refuses them too.
        raise ValueError(f"host {short(host)} is percent-encoded; write it plainly")
    try:
        host = host.encode("idna").decode("ascii").lower()
    except UnicodeError as exc:
        raise ValueError(f"host {host!r} is not a valid domain name") from exc
    port = parts.port
    return host if port is None else f"{host}:{port}"


def validate_base_url(url: str) -> str:
    """Check and normalise a base URL; the result always ends with ``/``.

    :raises ConfigError: relative, not http(s), with a query, fragment or user info.
    """
    text = url.strip() if isinstance(url, str) else url
    if not isinstance(text, str) or not text:
        raise ConfigError(f"base URL: {url!r} is empty")
    if _CONTROL.search(text) or " " in text:
        raise ConfigError(f"base URL: {url!r} contains spaces or control characters")
    if not is_text(text):
        raise ConfigError(f"base URL: {short(url)} holds bytes that are not UTF-8")
    try:
        parts = urlsplit(text)
    except ValueError as exc:  # "https://[::1/": an unclosed IPv6 bracket
        raise ConfigError(f"base URL: {short(url)} is not a valid URL ({exc})") from None
    if not parts.scheme or not parts.netloc:
        raise ConfigError(
            f"base URL: {url!r} is not absolute; give the full address, e.g. https://example.org/"
        )
    if parts.scheme.lower() not in ("http", "https"):
        raise ConfigError(f"base URL: {url!r} must use http or https, not {parts.scheme!r}")
    if parts.query or parts.fragment or text.endswith(("?", "#")):
        raise ConfigError(f"base URL: {url!r} must not have a query or fragment")
    if parts.username or parts.password:
        raise ConfigError(f"base URL: {url!r} must not contain user credentials")
    try:
        netloc = _netloc(parts)
    except ValueError as exc:
        raise ConfigError(f"base URL: {url!r}: {exc}") from None
    path = encode_iri(parts.path or "/")
    if not path.endswith("/"):
        path += "/"
    return urlunsplit((parts.scheme.lower(), netloc, path, "", ""))


def absolute_url(base_url: str, url: str) -> str:
    """Turn a page URL (relative, ``/`` being the base URL, or absolute under it) into an
    absolute, encoded URI under ``base_url``, dot segments resolved.

    :raises ValueError: with a message for the user.
    """
    if _PLAIN_PATH.match(url) and "/." not in "/" + url:
        loc = base_url + url.lstrip("/")
        if len(loc) > MAX_LOC_LENGTH:
            raise ValueError(_too_long(loc))
        return loc
    if _CONTROL.search(url):
        raise ValueError(f"{url!r} contains control characters")
    if _SCHEME.match(url):
        try:
            parts = urlsplit(url)
        except ValueError as exc:
            raise ValueError(f"{short(url)} is not a valid URL ({exc})") from None
        if parts.scheme.lower() not in ("http", "https"):
            raise ValueError(f"{url!r} is not an http(s) URL")
        try:
            netloc = _netloc(parts)
        except ValueError as exc:
            raise ValueError(f"{url!r}: {exc}") from None
        prefix = f"{parts.scheme.lower()}://{netloc}"
        path, query, fragment = parts.path, parts.query, parts.fragment
    else:
        base = urlsplit(base_url)
        prefix = f"{base.scheme}://{base.netloc}"
        rel, _, fragment = url.partition("#")
        rel_path, _, query = rel.partition("?")
        path = base.path + rel_path.lstrip("/")
    if fragment:
        raise ValueError(f"{url!r} has a fragment (#...); list the page's own URL")
    loc = prefix + encode_iri(remove_dot_segments(path or "/"))
    if query:
        loc += "?" + encode_iri(query)
    if not loc.startswith(base_url):
        if loc + "/" == base_url:
            return base_url  # one URL: https://host and https://host/
        raise ValueError(
            f"{loc} is outside the sitemap's directory {base_url} "
            "(a sitemap may only list URLs under its own location)"
        )
    if len(loc) > MAX_LOC_LENGTH:
        raise ValueError(_too_long(loc))
    return loc


def _too_long(loc: str) -> str:
    return (
        f"the URL is {len(loc):,} characters after encoding; the protocol allows fewer "
        f"than 2,048 ({loc[:80]}...)"
    )


def remove_dot_segments(path: str) -> str:
    """An absolute ``path`` (``/a/./b``: every caller's is a URL's) with its ``.`` and ``..``
    segments removed as RFC 3986 (5.2.4) says: an empty segment (``a//b``) stays, ``..``
    never climbs above the root."""
    if "/." not in "/" + path:  # a dot segment starts the path or follows a slash
        return path
    segments = path.split("/")
    if not any(s in (".", "..") for s in segments):
        return path
    out: list[str] = []
    for i, segment in enumerate(segments[1:], 1):
        last = i == len(segments) - 1
        if segment == "..":
            if out:
                out.pop()
        elif segment != ".":
            out.append(segment)
            continue
        if last:
            out.append("")
    return "/" + "/".join(out)


def is_under(base_url: str, url: str) -> bool:
    """Whether ``url`` is ``base_url`` or below it; the base URL without its final ``/``
    (``https://host``, a theme's bare ``{{ SITEURL }}``) is the base URL."""
    return url.startswith(base_url) or url + "/" == base_url


def relative_path(base_url: str, loc: str) -> str:
    """The part of an absolute ``loc`` after the base URL (``""`` for the home page)."""
    if loc.startswith(base_url):
        return loc[len(base_url) :]
    return "" if loc + "/" == base_url else loc


def unquoted_path(base_url: str, loc: str) -> str:
    """The path of ``loc`` after the base URL, unquoted (for :func:`site_path`); bytes that
    are not UTF-8 (``caf%E9.html``) come back as ``os.fsdecode`` names them."""
    return unquote(urlsplit(relative_path(base_url, loc)).path, errors="surrogateescape")


#: Suffixes (lower case) of the files that are web pages: the files the CLI lists, the HTML
#: checks read and a clean URL (``x`` for ``x.html``) may be served by.
PAGE_SUFFIXES = (".html", ".htm", ".xhtml")
#: File names a static host serves for a folder URL.
INDEX_NAMES = ("index.html", "index.htm")


def is_page_file(name: str) -> bool:
    """Whether a file name (or path) is a web page's, by its suffix."""
    return name.lower().endswith(PAGE_SUFFIXES)


def without_index(path: str) -> str:
    """A URL or path with a final folder index name dropped: ``x/index.html`` -> ``x/``,
    ``index.html`` -> ``""``; any other path as it is. A host serves both as one page."""
    name = posixpath.basename(path)
    return path[: -len(name)] if name in INDEX_NAMES else path


class OutsideSite(ValueError):
    """A URL names a file outside the site directory: ``..`` above its root, an encoded
    ``%2e%2e``/``%2F`` that becomes one, or a symlink that leads out of it."""


def site_path(root: Path, rel: str) -> Path:
    """The path under ``root`` that the unquoted URL path ``rel`` names, dot segments taken
    as a server would, resolved (symlinks too) inside ``root``.

    :raises OutsideSite: ``rel`` climbs above ``root``, holds a NUL, or resolves outside it.
    """
    parts: list[str] = []
    for part in rel.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                raise OutsideSite(f"{rel!r} climbs above the site directory")
            parts.pop()
        elif "\x00" in part:
            raise OutsideSite(f"{rel!r} holds a NUL character")
        else:
            parts.append(part)
    path = root.joinpath(*parts)
    ensure_inside(root, path)
    return path


def ensure_inside(root: Path, path: Path) -> None:
    """:raises OutsideSite: ``path`` resolves (through symlinks) outside ``root``."""
    try:
        inside = path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError, ValueError):
        inside = False
    if not inside:
        raise OutsideSite(f"{path} leads outside the site directory {root}")


def served_file(root: Path, base_url: str, loc: str) -> Path | None:
    """The file a static host serves for ``loc`` from a site built into ``root``.

    ``None``: outside ``base_url``, outside ``root`` (see :func:`site_served_file`), or no
    such file.
    """
    try:
        return site_served_file(root, base_url, loc)
    except OutsideSite:
        return None


def site_served_file(root: Path, base_url: str, loc: str) -> Path | None:
    """The file a static host serves for ``loc`` from a site built into ``root``.

    Tries the path, a folder's ``index.html``, then ``path.html`` (clean URLs). ``None``:
    outside ``base_url``, or no such file.

    :raises OutsideSite: the URL (or the file serving it, through a symlink) is outside
        ``root``; nothing there is read.
    """
    if not is_under(base_url, loc):
        return None
    rel = unquoted_path(base_url, loc)
    path = site_path(root, rel)
    found: Path | None = None
    if path.is_file():
        found = path
    elif path.is_dir():
        found = next((path / n for n in INDEX_NAMES if (path / n).is_file()), None)
    # A folder without an index still leaves x.html to serve x.
    if found is None and path != root and not rel.endswith("/"):
        found = next(
            (
                path.with_name(path.name + suffix)
                for suffix in PAGE_SUFFIXES
                if path.with_name(path.name + suffix).is_file()
            ),
            None,
        )
    if found is not None and found != path:
        ensure_inside(root, found)
    return found


def _page_key(url: str) -> tuple[str, str, str, str]:
    """``url`` split for comparison: scheme, host[:port] (default port dropped), the path
    without a final ``index.html``, and the query."""
    # A fragment names a place in the page (singlehtml: ``/#document-index``), not a page.
    parts = urlsplit(encode_iri(url.split("#", 1)[0]))
    path = without_index(remove_dot_segments(parts.path or "/"))
    return parts.scheme.lower(), host_port(parts), path, parts.query


def host_port(parts: SplitResult) -> str:
    """``host[:port]`` in lower case, without the scheme's default port (or a bad one)."""
    try:
        port = parts.port
    except ValueError:
        port = None
    default = {"http": 80, "https": 443}.get(parts.scheme.lower())
    host = (parts.hostname or "").lower()
    return host if port in (None, default) else f"{host}:{port}"


def _stem(path: str) -> str:
    """``x``, ``x/``, and ``x.html`` all become ``x``."""
    path = path.rstrip("/")
    for suffix in PAGE_SUFFIXES:
        if path.endswith(suffix):
            return path[: -len(suffix)]
    return path


def same_url(a: str, b: str) -> bool:
    """Whether two absolute URLs are one URL once normalised (scheme and host case, default
    port, an empty path and ``/``, dot segments, a final ``index.html``); a fragment is
    ignored."""
    return _page_key(a) == _page_key(b)


def in_form_of(url: str, canonical: str) -> str:
    """``url`` with its last path segment in the form ``canonical`` gives it: ``x``,
    ``x/`` or ``x.html`` (the page's own canonical link names the same file in another
    form, see :func:`same_page`; the site serves that URL, the others may redirect to it)."""
    parts = urlsplit(url)
    path = _page_key(url)[2]
    target = _page_key(canonical)[2]
    stem = _stem(target)
    form = target[len(stem) :] if target.startswith(stem) else ""
    return urlunsplit(parts._replace(path=_stem(path) + form))


def same_page(a: str, b: str, served: Callable[[str], Path | None] | None = None) -> bool:
    """Whether two absolute URLs name the same page.

    Equal after normalising, or (given ``served``) differing only as ``x``, ``x/``,
    ``x/index.html`` and ``x.html`` do, with the same file serving both.
    """
    ka, kb = _page_key(a), _page_key(b)
    if ka == kb:
        return True
    if served is None or ka[:2] != kb[:2] or ka[3] != kb[3] or _stem(ka[2]) != _stem(kb[2]):
        return False
    file_a = served(a)
    file_b = served(b) if file_a is not None else None
    if file_a is None or file_b is None:
        return False
    if file_a == file_b:
        return True
    try:
        return file_a.samefile(file_b)
    except OSError:
        return False
