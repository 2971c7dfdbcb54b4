"""Write a top-level sitemap index spanning several builds.

  ssg-sitemap index OUT_FILE --base-url URL SITEMAP_OR_DIR...

For the versions of a docs project (mike, Read the Docs), languages built separately, or a
blog and a docs site on one host. OUT_FILE's directory is served at --base-url; every
SITEMAP_OR_DIR (a sitemap file, or a build's output directory holding sitemap.xml[.gz] or
sitemap.txt) must be inside that directory: an index may only list sitemaps under its own
location. A listed sitemap that is itself an index contributes the sitemaps it lists (each
must exist under that directory and not be an index itself). Each entry's lastmod is the
newest lastmod inside that sitemap. A Sitemap: line for the index is merged into robots.txt
beside OUT_FILE (when the base URL is a host root).

Versioned docs (mike): with ROOT/versions.json as the one SITEMAP_OR_DIR, the index lists
the version carrying the `latest` alias (or those named with --version, by version or
alias), each from its own folder. When a chosen version's pages name their copy under an
alias as canonical (mike's canonical_version), the index lists a copy of its sitemap beside
the index with every URL moved under that alias (OUT_FILE's stem + "-" + alias), so that
search engines get the canonical URLs; the versions' own sitemaps stay as they are for the
version selector. An alias folder that is a copy (mike's alias_type: copy, not a symlink)
gets its own sitemap's URLs moved under the alias instead, and the index lists that
sitemap. When the versions' builds wrote llms.txt (llms_txt), an llms.txt beside OUT_FILE
names each version's (every version, the default first), unless one of your own is there.

Every file is planned, then written by one commit per folder, recorded in its ledger as a
build's files are: an earlier run's file is replaced or removed only while unchanged (one
with our marker and no record, an older version's: replaced, never removed).

exit status: 0 written, 2 usage error or a refused entry (nothing is written then).
"""

from __future__ import annotations

import argparse
import logging
import re
from pathlib import Path

from sitemap_core._diagnostics import Diagnostics
from sitemap_core._errors import SitemapError
from sitemap_core._files import (
    Committed,
    OwnedFiles,
    check_robots,
    commit_set,
    is_ours,
    merge_robots,
    not_ours,
    read_owned,
)
from sitemap_core._llms import LLMS_TXT, Build, builds_file
from sitemap_core._llms import is_ours as is_llms_ours
from sitemap_core._sites import (
    IndexItem,
    Version,
    canonical_alias,
    choose_versions,
    entry_sitemap,
    folder_url,
    index_body,
    items_for,
    read_versions,
    rebase_in_place,
    rebased_items,
)
from sitemap_core._util.atomic import folder_lock, recover
from sitemap_core._values import validate_base_url

NAME = "index"
HELP = "write a sitemap index over several builds' sitemaps"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``index OUT_FILE --base-url URL SITEMAP_OR_DIR...`` (or ``versions.json``)."""
    parser.add_argument("out_file", metavar="OUT_FILE", type=Path, help="the index to write")
    parser.add_argument(
        "--base-url",
        required=True,
        metavar="URL",
        help="the URL OUT_FILE's directory is served at, e.g. https://example.org/",
    )
    parser.add_argument(
        "sitemaps",
        metavar="SITEMAP_OR_DIR",
        type=Path,
        nargs="+",
        help="sitemap files or build output directories under OUT_FILE's directory, or "
        "mike's versions.json beside OUT_FILE (the versions from their folders)",
    )
    parser.add_argument(
        "--version",
        dest="chosen",
        metavar="NAME",
        action="append",
        default=[],
        help="with versions.json: a version or alias to list (repeatable); default: the one "
        "carrying the 'latest' alias",
    )
    parser.add_argument("--no-robots", action="store_true", help="do not touch robots.txt")


def run(args: argparse.Namespace) -> int:
    """Write the index; see the module docstring for exit codes."""
    base_url = validate_base_url(args.base_url)
    out_file: Path = args.out_file
    if out_file.is_dir():
        raise SitemapError(
            f"{out_file} is a folder; give the index's file name, such as "
            f"{out_file / 'sitemap.xml'}"
        )
    index_dir = out_file.parent
    if not index_dir.is_dir():
        raise SitemapError(f"directory {index_dir} does not exist")
    diagnostics = Diagnostics(logging.getLogger("sitemap_core"), "")
    if not args.no_robots:
        # A refusal before anything is written (the index, or a version's root copy).
        check_robots(index_dir, base_url)
    sitemaps: list[Path] = args.sitemaps
    versions = [p for p in sitemaps if p.suffix.lower() == ".json"]
    if versions and len(sitemaps) > 1:
        raise SitemapError("give one versions.json, or sitemaps and folders, not both")
    if args.chosen and not versions:
        raise SitemapError("--version is for a versions.json (mike's list of versions)")
    with folder_lock(index_dir):
        recover(index_dir)
        owned = read_owned(index_dir)
        # Every file this run writes, planned first: a refusal leaves every file as it was.
        planned: dict[Path, bytes] = {}
        listed = read_versions(versions[0]) if versions else []
        items = _version_items(args, listed, base_url, planned) if versions else []
        for sitemap in [] if versions else map(entry_sitemap, sitemaps):
            if sitemap.resolve() != out_file.resolve():  # (items_for refuses one outside)
                items.extend(items_for(sitemap, index_dir, base_url, diagnostics.warning))
        planned[out_file] = index_body(items, diagnostics.warning)
        said = _versions_llms(listed, owned, base_url, planned) if versions else None
        committed = _commit(owned, planned, out_file, listed)
        print(f"{out_file}: {len(items)} sitemap{'s' if len(items) != 1 else ''} listed")
        if said:
            print(said)
        for path in committed.removed:  # an earlier run's, not written now
            why = "no build has an llms.txt of ours now" if path.name == LLMS_TXT else "not listed"
            print(f"{path}: removed ({why})")
        for path in (p for p in committed.kept if p.name != LLMS_TXT or not said):  # said
            print(f"{path}: kept (changed since this command wrote it; remove it if stale)")
    if not args.no_robots:
        merge_robots(index_dir, base_url + out_file.name, base_url, {out_file.name}, diagnostics)
    return 0


def _version_items(
    args: argparse.Namespace, listed: list[Version], base_url: str, planned: dict[Path, bytes]
) -> list[IndexItem]:
    """Index entries for the chosen versions, each from its folder beside versions.json; the
    root copies and the alias folders' rebased sitemaps go into ``planned``."""
    versions_json, index_dir = args.sitemaps[0], args.out_file.parent
    if versions_json.parent.resolve() != index_dir.resolve():
        raise SitemapError(
            f"{versions_json} is not beside {args.out_file}: the index goes to the deployment "
            "root, where mike writes versions.json"
        )
    items: list[IndexItem] = []
    for version in choose_versions(listed, args.chosen):
        folder = index_dir / version.version
        if not folder.is_dir():
            raise SitemapError(f"{versions_json} lists {version.version}, but {folder} is missing")
        sitemap = entry_sitemap(folder)
        alias = canonical_alias(version, sitemap, index_dir, base_url)
        if alias is None:
            items.extend(items_for(sitemap, index_dir, base_url))
            continue
        moves = folder_url(base_url, version.version), folder_url(base_url, alias)
        print(f"{version.version}: its pages are canonical under {alias}/; listed as {moves[1]}")
        copy = index_dir / alias
        if copy.is_dir() and not copy.is_symlink():
            # mike's alias_type copy: the alias folder's own sitemap can list its own URLs.
            rebase_in_place(copy, moves, planned)
            items.extend(items_for(entry_sitemap(copy), index_dir, base_url))
            continue
        if copy.is_symlink():
            # Its sitemap is the version's: Material's instant navigation there finds none
            # of the links it follows among those URLs and loads each page in full.
            print(
                f"{alias}/ is a symlink to {version.version}/ (mike's default alias_type): "
                f"instant navigation (Material) under {alias}/ falls back to full page loads; "
                "for both to work, deploy with alias_type: copy (mike plugin option, or mike "
                "deploy --alias-type=copy) and run this index step again"
            )
        items.extend(
            rebased_items(sitemap, _copies(args.out_file, alias), base_url, moves, planned)
        )
    return items


def _copies(out_file: Path, alias: str) -> Path:
    """Where the root copies of the sitemap moved under ``alias`` go, less ``.xml``
    (``sitemap-latest``; ``-1.xml``... for shards)."""
    return out_file.with_name(f"{out_file.name.split('.', 1)[0]}-{alias}")


def _versions_llms(
    listed: list[Version], owned: OwnedFiles, base_url: str, planned: dict[Path, bytes]
) -> str | None:
    """Plan the root llms.txt naming each version's own (the default version first, then as
    versions.json lists them, newest first with mike). :return: what to say (or ``None``)."""
    default = choose_versions(listed, [])[0]
    builds = [
        Build(
            owned.folder / version.version / LLMS_TXT,
            folder_url(base_url, version.version) + LLMS_TXT,
            f"{version.title} ({', '.join(version.aliases)})" if version.aliases else version.title,
        )
        for version in [default, *(v for v in listed if v != default)]
    ]
    path, made = owned.folder / LLMS_TXT, builds_file(builds, "Versions")
    if made is None:
        return None  # a root file the ledger recorded, unchanged, goes in the commit
    if not owned.may_replace(path, is_llms_ours):
        return (
            f"{path}: not written by ssg-sitemap; kept (the builds' llms.txt are not named "
            "at the root)"
        )
    planned[path] = made[0].encode("utf-8")
    return f"{path}: names {made[1]} llms.txt (versions)"


def _commit(
    owned: OwnedFiles, planned: dict[Path, bytes], out_file: Path, listed: list[Version]
) -> Committed:
    """Refuse any planned file not ours to replace (nothing is written then); then commit each
    folder's files against its ledger, the index's folder last, where the index, root copies
    and llms.txt an earlier run recorded go when unchanged and not planned. :return: that one."""
    ledgers = {owned.folder: owned}
    for path, data in planned.items():
        if path.parent not in ledgers:
            recover(path.parent)
            ledgers[path.parent] = read_owned(path.parent)
        if (
            path.name != LLMS_TXT  # planned only when ours to replace
            and not ledgers[path.parent].may_replace(path, is_ours)
            and not (path.is_file() and path.read_bytes() == data)
        ):
            raise not_ours(path)
    copies = {_copies(out_file, a).name for v in listed for a in v.aliases}
    decides = {rel for rel in owned.digests if rel == out_file.name or (listed and (
        rel == LLMS_TXT or re.sub(r"(-[0-9]+)?\.xml$", "", rel) in copies
    ))}  # fmt: skip
    for folder, ledger in [*list(ledgers.items())[1:], (owned.folder, owned)]:
        files = {path: data for path, data in planned.items() if path.parent == folder}
        committed = commit_set(ledger, [], files, decides if ledger is owned else ())
    return committed
