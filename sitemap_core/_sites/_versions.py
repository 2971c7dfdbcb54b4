"""Versioned docs: one folder per version beside its siblings (mike, Read the Docs).

A page naming its twin in another version as canonical (mike's ``canonical_version``) stays
in its version's sitemap (the version selector reads it); search engines get the canonical
version through the root index.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_core._errors import SitemapError
from sitemap_core._util.text import short
from sitemap_core._values import same_page

#: A folder name that reads as a version number (``1.0``, ``v2``, ``3.1.4rc1``) ...
_NUMBER = re.compile(r"^v?\d+(?:[.\-_]\w+)*$", re.IGNORECASE)
#: ... or as one of the aliases docs hosts use for a moving version.
ALIASES = frozenset({"latest", "stable", "dev", "devel", "main", "master", "next", "nightly"})


def looks_like_version(name: str) -> bool:
    """Whether a folder name reads as a version (``1.0``, ``v2``) or a version alias."""
    return bool(_NUMBER.match(name)) or name.lower() in ALIASES


def version_sibling(
    target: str,
    loc: str,
    base_url: str,
    *,
    versioned: bool = False,
    served: Callable[[str], Path | None] | None = None,
) -> str | None:
    """The sibling version folder whose copy of the page ``target`` names, or ``None``.

    ``target`` is ``loc`` with the version folder under ``base_url`` swapped for another.
    Without ``versioned`` both folder names must read as versions or aliases (not languages).

    :param served: the file a URL of this version is served by (see ``same_page``).
    """
    path = urlsplit(base_url).path  # the version's folder ends the base URL (…/docs/1.0/)
    own = path[:-1].rsplit("/", 1)[1] if path.endswith("/") and path.count("/") >= 2 else ""
    if not own or not loc.startswith(base_url):
        return None
    root = base_url[: -len(own) - 1]
    path = target.partition("#")[0]
    if not path.startswith(root):
        return None
    sibling, slash, rest = path[len(root) :].partition("/")
    if not slash or not sibling or sibling == own:
        return None
    if not versioned and not (looks_like_version(own) and looks_like_version(sibling)):
        return None
    return sibling if same_page(base_url + rest, loc, served) else None


def version_canonical_note(
    target: str, loc: str, scope: str, served: Callable[[str], Path | None] | None = None
) -> str | None:
    """``check``'s note for a listed page whose canonical URL is its copy in a sibling
    version (the build keeps such pages: :func:`version_sibling`), else ``None``.

    :param scope: the folder the sitemap is served from (the version's folder).
    """
    sibling = version_sibling(target, loc, scope, served=served)
    if sibling is None:
        return None
    return (
        f"{loc}: its canonical URL is its copy in {sibling}/ (versioned docs): right for this "
        "version's sitemap, which the version selector reads; name only the canonical "
        "version's sitemap where search engines look"
    )


@dataclass(frozen=True, slots=True)
class Version:
    """One entry of mike's ``versions.json``.

    :param version: the folder the version is deployed to.
    :param title: what the version selector shows.
    :param aliases: other folder names that serve it (``latest``).
    """

    version: str
    title: str
    aliases: tuple[str, ...]


def read_versions(path: Path) -> list[Version]:
    """Read mike's ``versions.json``: a list of ``{version, title, aliases}``.

    :raises SitemapError: unreadable, not JSON, or an entry without a usable field (named).
    """
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SitemapError(f"cannot read {path}: {exc.strerror}") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise SitemapError(f"{path} is not JSON: {exc}") from None
    except RecursionError:
        raise SitemapError(
            f"{path} is not JSON: nested too deeply (mike writes a list of objects)"
        ) from None
    if not isinstance(raw, list):
        raise SitemapError(
            f"{path}: expected a list of {{version, title, aliases}} (mike's format)"
        )
    found = []
    for number, entry in enumerate(raw, 1):
        where = f"{path}: entry {number}"
        if not isinstance(entry, dict):
            raise SitemapError(f"{where} is {short(entry)}, not an object")
        version = entry.get("version")
        if not isinstance(version, str) or not _is_folder(version):
            raise SitemapError(f"{where}: 'version' is {short(version)}, not a folder name")
        title = entry.get("title", version)
        aliases = entry.get("aliases", [])
        if not isinstance(aliases, list) or not all(
            isinstance(a, str) and _is_folder(a) for a in aliases
        ):
            raise SitemapError(
                f"{where} ({version}): 'aliases' is {short(aliases)}, not a list of folder names"
            )
        found.append(Version(version, str(title), tuple(aliases)))
    return found


#: Versions an error names before "and N more".
_NAMED = 10


def choose_versions(versions: list[Version], wanted: list[str]) -> list[Version]:
    """The versions named in ``wanted`` (by version or alias), or the one carrying the
    ``latest`` alias when ``wanted`` is empty (mike's default), else the first listed.

    :raises SitemapError: a name that no version or alias has.
    """
    if not versions:
        raise SitemapError("versions.json lists no versions")
    if not wanted:
        for version in versions:
            if "latest" in version.aliases or version.version == "latest":
                return [version]
        return [versions[0]]
    chosen: list[Version] = []
    for name in wanted:
        match = next((v for v in versions if name == v.version or name in v.aliases), None)
        if match is None:
            known = ", ".join(v.version for v in versions[:_NAMED])
            if len(versions) > _NAMED:
                known += f" and {len(versions) - _NAMED:,} more"
            raise SitemapError(f"--version {name}: no such version or alias (versions: {known})")
        if match not in chosen:
            chosen.append(match)
    return chosen


def _is_folder(name: str) -> bool:
    return bool(name) and "/" not in name and "\\" not in name and name not in (".", "..")


@dataclass(frozen=True, slots=True)
class ReadTheDocs:
    """A build on Read the Docs, from the variables it sets in every build.

    :param version: ``READTHEDOCS_VERSION``: the version's slug (a pull request's number).
    :param version_type: ``READTHEDOCS_VERSION_TYPE``: ``branch``, ``tag``, ``external`` or
        ``unknown``.
    """

    version: str
    version_type: str

    @property
    def external(self) -> bool:
        """A pull request build."""
        return self.version_type == "external"

    def root_sitemap(self, base_url: str) -> str:
        """Read the Docs' own sitemap: ``sitemap.xml`` at the root of the base URL's host."""
        parts = urlsplit(base_url)
        return f"{parts.scheme}://{parts.netloc}/sitemap.xml"

    def note(self, wrote_robots: bool, *, asked: bool = False) -> str:
        """What the build did about it, for the summary line (a pull request build is a
        preview deploy: ``_preview`` says so).

        :param asked: the settings ask for a ``Sitemap:`` line in robots.txt.
        """
        if not wrote_robots and asked:
            return (
                f"Read the Docs build of {self.version} ({self.version_type}): no robots.txt "
                "written (Read the Docs serves its own, naming its root sitemap; to name this "
                "sitemap too, ship your own robots.txt)"
            )
        if not wrote_robots:
            return f"Read the Docs build of {self.version} ({self.version_type})"
        return (
            f"Read the Docs build of {self.version} ({self.version_type}): robots.txt names "
            "this sitemap and Read the Docs' root sitemap (served at /robots.txt when this is "
            "the default version)"
        )


def read_the_docs(environ: Mapping[str, str] | None = None) -> ReadTheDocs | None:
    """The Read the Docs build this process runs in (``READTHEDOCS=True``), or ``None``."""
    env = os.environ if environ is None else environ
    if env.get("READTHEDOCS", "").lower() != "true":
        return None
    return ReadTheDocs(
        env.get("READTHEDOCS_VERSION", "") or "unknown",
        env.get("READTHEDOCS_VERSION_TYPE", "") or "unknown",
    )
