"""Write a top-level sitemap index spanning several builds.

  ssg-sitemap index OUT_FILE --base-url URL SITEMAP_OR_DIR...

For the versions of a docs project (mike, Read the Docs), languages built separately, or a
blog and a docs site on one host. OUT_FILE's directory is served at --base-url; every
SITEMAP_OR_DIR (a sitemap file, or a build's output directory holding sitemap.xml[.gz] or
sitemap.txt) must be inside that directory: an index may only list sitemaps under its own
location. A listed sitemap that is itself an index contributes the sitemaps it lists (each
must exist under that directory and not be an index itself). Each
entry's lastmod is the newest lastmod inside that sitemap. A Sitemap: line for the index is
merged into robots.txt beside OUT_FILE (when the base URL is a host root).

Versioned docs (mike): with ROOT/versions.json as the one SITEMAP_OR_DIR, the index lists
the version carrying the `latest` alias (or those named with --version, by version or
alias), each from its own folder. When a chosen version's pages name their copy under an alias as
canonical (mike's canonical_version), the index lists a copy of its sitemap beside the index
with every URL moved under that alias (OUT_FILE's stem + "-" + alias), so that search engines
get the canonical URLs; the versions' own sitemaps stay as they are for the version selector.
An alias folder that is a copy (mike's alias_type: copy, not a symlink) gets its own
sitemap's URLs moved under the alias instead, and the index lists that sitemap. When the
versions' builds wrote llms.txt (llms_txt), an llms.txt beside OUT_FILE names each version's
(every version, the default first), unless one of your own is there.

exit status: 0 written, 2 usage error or a refused entry (nothing is written then).
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from sitemap_core._diagnostics import Diagnostics
from sitemap_core._errors import SitemapError
from sitemap_core._files import check_robots, merge_robots
from sitemap_core._llms import LLMS_TXT, Build, write_builds_file
from sitemap_core._sites import (
    IndexItem,
    canonical_alias,
    choose_versions,
    entry_sitemap,
    folder_url,
    items_for,
    read_versions,
    rebase_in_place,
    rebased_items,
    remove_root_copies,
    write_index,
)
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
    items: list[IndexItem] = []
    sitemaps: list[Path] = args.sitemaps
    versions = [p for p in sitemaps if p.suffix.lower() == ".json"]
    if versions:
        if len(sitemaps) > 1:
            raise SitemapError("give one versions.json, or sitemaps and folders, not both")
        items = _version_items(versions[0], args.chosen, out_file, base_url)
        sitemaps = []
    elif args.chosen:
        raise SitemapError("--version is for a versions.json (mike's list of versions)")
    for given in sitemaps:
        if not given.resolve().is_relative_to(index_dir.resolve()):
            raise SitemapError(
                f"{given} is outside the index's directory {index_dir}; a sitemap index may "
                "only list sitemaps under its own location (the protocol's scope rule)"
            )
        sitemap = entry_sitemap(given)
        if sitemap.resolve() == out_file.resolve():
            continue
        items.extend(items_for(sitemap, index_dir, base_url, diagnostics.warning))
    try:
        write_index(out_file, items, diagnostics.warning)
    except OSError as exc:
        raise SitemapError(f"cannot write {out_file}: {exc.strerror}") from None
    print(f"{out_file}: {len(items)} sitemap{'s' if len(items) != 1 else ''} listed")
    if versions:
        _versions_llms(versions[0], base_url)
    if not args.no_robots:
        merge_robots(index_dir, base_url + out_file.name, base_url, {out_file.name}, diagnostics)
    return 0


def _version_items(
    versions_json: Path, chosen: list[str], out_file: Path, base_url: str
) -> list[IndexItem]:
    """Index entries for the chosen versions, each from its folder beside versions.json."""
    index_dir = out_file.parent
    root = versions_json.parent
    if root.resolve() != index_dir.resolve():
        raise SitemapError(
            f"{versions_json} is not beside {out_file}: the index goes to the deployment root, "
            "where mike writes versions.json"
        )
    items: list[IndexItem] = []
    for version in choose_versions(read_versions(versions_json), chosen):
        folder = root / version.version
        if not folder.is_dir():
            raise SitemapError(f"{versions_json} lists {version.version}, but {folder} is missing")
        sitemap = entry_sitemap(folder)
        alias = canonical_alias(version, sitemap, index_dir, base_url)
        if alias is None:
            items.extend(items_for(sitemap, index_dir, base_url))
            continue
        own, canonical = (folder_url(base_url, name) for name in (version.version, alias))
        print(f"{version.version}: its pages are canonical under {alias}/; listed as {canonical}")
        copy = root / alias
        stem = f"{out_file.name.split('.', 1)[0]}-{alias}"
        if copy.is_dir() and not copy.is_symlink():
            # mike's alias_type copy: the alias folder's own sitemap can list its own URLs.
            rebase_in_place(copy, own, canonical)
            items.extend(items_for(entry_sitemap(copy), index_dir, base_url))
            # A root copy an earlier run made (the alias was a symlink then) goes.
            for name in remove_root_copies(index_dir, stem):
                print(f"{name}: removed (the {alias}/ folder lists its own pages now)")
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
        items.extend(rebased_items(sitemap, index_dir, base_url, own, canonical, stem))
    return items


def _versions_llms(versions_json: Path, base_url: str) -> None:
    """The root llms.txt naming each version's own (the default version first, then as
    versions.json lists them, newest first with mike), when the versions' builds wrote one."""
    versions = read_versions(versions_json)
    default = choose_versions(versions, [])[0]
    root = versions_json.parent
    builds = [
        Build(
            root / version.version / LLMS_TXT,
            folder_url(base_url, version.version) + LLMS_TXT,
            f"{version.title} ({', '.join(version.aliases)})" if version.aliases else version.title,
        )
        for version in [default, *(v for v in versions if v != default)]
    ]
    try:
        said = write_builds_file(root, builds, "Versions")
    except OSError as exc:
        raise SitemapError(f"cannot write {root / LLMS_TXT}: {exc.strerror}") from None
    if said:
        print(said)
