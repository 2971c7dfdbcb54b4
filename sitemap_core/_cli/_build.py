"""Build a sitemap for an already-built static site (Hugo, Jekyll, hand-written HTML).

Walks the HTML files of SITE_DIR, maps x/index.html to x/, leaves out pages whose HTML says
noindex, redirects or names another canonical URL, writes the sitemap(s) and merges a
Sitemap: line into SITE_DIR/robots.txt.

With --project (a mkdocs.yml, properdocs.yml or zensical.toml, or the folder holding it),
the pages come from the project's sources by MkDocs' rules, with front matter and git dates,
the same sitemap the MkDocs plugin writes; SITE_DIR defaults to the config's site_dir and
--base-url to its site_url. Use it after `zensical build`.

exit status: 0 success, 1 no sitemap written because a file at its name is not ours (or
--strict turned warnings into a failure), 2 usage or config error.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from sitemap_core._cli._build_project import run_project
from sitemap_core._cli._build_site import run_site
from sitemap_core._config import Option, offered

NAME = "build"
HELP = "write sitemap(s) and robots.txt for an already-built site"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of the command line's own, then one per option of the table that has one
    (``sitemap_core._config._options``)."""
    parser.add_argument(
        "site_dir",
        metavar="SITE_DIR",
        type=Path,
        nargs="?",
        help="the built site's root (with --project: the config's site_dir by default)",
    )
    parser.add_argument(
        "--base-url",
        metavar="URL",
        help="absolute URL the site is served at, e.g. https://example.org/docs/ "
        "(with --project: the config's site_url by default)",
    )
    parser.add_argument(
        "--project",
        type=Path,
        nargs="?",
        const=Path(),
        metavar="FILE|DIR",
        help="a MkDocs-family project (mkdocs.yml, properdocs.yml, zensical.toml, or the "
        "folder holding one; alone: the current folder): pages, front matter and git dates "
        "from its sources, options from its sitemap plugin entry",
    )
    parser.add_argument(
        "--keep-index-html", action="store_true", help="list x/index.html instead of x/"
    )
    parser.add_argument(
        "--xsl",
        action="store_true",
        help="make the XML sitemap readable in a browser: name the bundled stylesheet "
        "(<?xml-stylesheet?>) and write it beside the sitemap as sitemap.xsl",
    )
    parser.add_argument(
        "--html-sitemap-into",
        default=None,
        metavar="PAGE",
        help="put the HTML sitemap into this page of SITE_DIR (e.g. sitemap/index.html), "
        "inside your theme: at a <!-- ssg-sitemap --> comment or into the element with "
        'id="ssg-sitemap"; rebuilds replace the list',
    )
    for option in offered("cli"):
        parser.add_argument(str(option.cli), **flag_arguments(option))


#: A flag's metavar by the kind of its option (a text flag shows its own name).
_METAVARS = {
    "int": "N",
    "choices": "LIST",
    "texts": "GLOB",
    "sections": "GLOB=NAME",
    "file": "FILE.py",
    "xsl": "URL",
}


def flag_arguments(option: Option) -> dict[str, Any]:
    """``add_argument``'s keywords for the flag of an option of the table, by its kind."""
    kind = option.kind
    default = option.default_for("cli")
    shown = ",".join(default) if isinstance(default, list) else default
    help_text = option.cli_help or option.doc
    if kind not in ("flag", "texts", "sections") and shown not in (None, "", False):
        help_text += f" (default {shown:,})" if kind == "int" else f" (default {shown})"
    arguments: dict[str, Any] = {"help": help_text}
    if kind == "flag":
        arguments["action"] = "store_true"
    elif kind in ("texts", "sections"):
        arguments.update(action="append", default=[])
    elif kind == "choice":
        arguments["choices"] = option.choices
    elif kind == "int":
        arguments["type"] = int
    elif kind == "file":
        arguments["type"] = Path
    if kind in _METAVARS:
        arguments["metavar"] = _METAVARS[kind]
    return arguments


def run(args: argparse.Namespace) -> int:
    """Build the sitemap; see the module docstring for exit codes.

    Two modes: a built site's HTML files (``SITE_DIR``, :mod:`._build_site`) or a MkDocs-family
    project's sources (``--project``, :mod:`._build_project`).
    """
    if args.project is not None:
        return run_project(args)
    return run_site(args)
