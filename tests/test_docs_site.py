"""Our own documentation (docs/, mkdocs.yml) builds strictly with our plugin, and passes check."""

from __future__ import annotations

import argparse
import html
import importlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

import sitemap_core
from sitemap_core import hookspecs
from sitemap_core._cli._main import make_parser
from sitemap_core._config._options import Adapter, offered
from tests.conftest import MKDOCS, ROOT, locs

SSG_SITEMAP = str(Path(sys.executable).parent / "ssg-sitemap")


def nav_sources(nav: Any) -> Iterator[str]:
    """Every Markdown file named in a MkDocs ``nav``, in order."""
    if isinstance(nav, str):
        if nav.endswith(".md"):
            yield nav
    elif isinstance(nav, list):
        for item in nav:
            yield from nav_sources(item)
    elif isinstance(nav, dict):
        for value in nav.values():
            yield from nav_sources(value)


def page_url(site_url: str, source: str) -> str:
    """The URL MkDocs gives ``source`` with directory URLs (its default)."""
    stem = source.removesuffix(".md")
    if stem == "index":
        return site_url
    return site_url + stem.removesuffix("/index") + "/"


@pytest.mark.slow
def test_the_docs_build_strictly_and_check_clean(tmp_path: Path) -> None:
    """``mkdocs build --strict`` of our docs writes a sitemap that ``check --strict`` finds
    clean, listing every page of the nav and the themed site map page, with the stylesheet."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    build = subprocess.run(
        [MKDOCS, "build", "--strict", "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    assert "sitemap: " in build.stderr

    check = subprocess.run(
        [SSG_SITEMAP, "check", str(site), "--strict", "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    report = json.loads(check.stdout)
    assert (report["errors"], report["warnings"], report["findings"]) == (0, 0, [])

    site_url = config["site_url"]
    listed = locs(site / "sitemap.xml")
    sources = list(nav_sources(config["nav"]))
    assert len(sources) >= 10
    missing = [page_url(site_url, s) for s in sources if page_url(site_url, s) not in listed]
    assert missing == []
    assert site_url + "sitemap/" in listed
    assert "Honest lastmod" in (site / "sitemap" / "index.html").read_text(encoding="utf-8")
    assert '<?xml-stylesheet type="text/xsl" href="sitemap.xsl"?>' in (
        site / "sitemap.xml"
    ).read_text(encoding="utf-8")
    assert (site / "sitemap.xsl").is_file()

    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    missing = [name for name in public_face() if f'id="{name}"' not in api]
    assert missing == [], "rendered without these docstrings"


def public_face() -> list[str]:
    """Every name of ``sitemap_core.__all__`` and every hook of ``sitemap_core.hookspecs``,
    as the API reference's headings name them."""
    names = [f"sitemap_core.{name}" for name in sitemap_core.__all__]
    hooks = sorted(
        f"sitemap_core.hookspecs.{name}"
        for name, value in vars(hookspecs).items()
        if callable(value) and hasattr(value, "sitemap_core_spec")
    )
    assert len(hooks) >= 6
    return names + hooks


def test_the_api_reference_covers_the_public_face() -> None:
    """docs/api.md names every public name and hook (mkdocstrings renders each docstring)."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    named = {
        line.removeprefix("::: ").strip() for line in text.splitlines() if line.startswith(":::")
    }
    hooks = {
        line.strip().removeprefix("- ")
        for line in text.splitlines()
        if line.strip().startswith("- sitemap_")
    }
    named |= {f"sitemap_core.hookspecs.{hook}" for hook in hooks}
    assert sorted(set(public_face()) - named) == []


def doc_table_rows(path: Path) -> dict[str, str]:
    """Each option an option table of ``path`` names (first column, in backticks; ``a`` / ``b``
    rows name two), with its default as the docs write it (second column, backticks dropped)."""
    rows: dict[str, str] = {}
    in_table = False
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|"):
            in_table = False
        elif cells[0] in ("option", "value", "key"):
            in_table = True
        elif in_table and not set(cells[0]) <= set("-: "):
            names = re.findall(r"`([^`]+)`", cells[0])
            defaults = [d.strip().strip("`") for d in cells[1].split(" / ")]
            if len(defaults) != len(names):
                defaults = defaults[:1] * len(names)
            rows.update(zip(names, defaults, strict=True))
    return rows


def yaml_text(value: Any) -> str:
    """A default as the MkDocs docs write it."""
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return "none"
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def python_text(value: Any) -> str:
    """A default as the Sphinx and Pelican docs write it."""
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(python_text, value)) + "]"
    return repr(value)


@pytest.mark.parametrize(
    ("adapter", "page", "text", "own"),
    [
        ("mkdocs", "mkdocs.md", yaml_text, {"enabled"}),
        ("sphinx", "sphinx.md", python_text, "ssg_sitemap.sphinx.config"),
        ("pelican", "pelican.md", python_text, "ssg_sitemap.pelican.config"),
    ],
)
def test_each_adapters_option_table_names_its_options_and_defaults(
    adapter: Adapter, page: str, text: Callable[[Any], str], own: Any
) -> None:
    """The docs' table lists every option the adapter offers (from the option table, plus
    the ones only it has) with the table's default, and nothing else."""
    if isinstance(own, str):
        own = set(importlib.import_module(own).ADAPTER_ONLY)
    rows = doc_table_rows(ROOT / "docs" / page)
    offered_here = {str(o.spelling(adapter)): o for o in offered(adapter)}
    assert set(rows) == set(offered_here) | own
    wrong = {
        name: (rows[name], text(o.default_for(adapter)))
        for name, o in offered_here.items()
        if rows[name] != text(o.default_for(adapter))
    }
    assert wrong == {}


BUILD_OPTIONS = ("<!-- build options: made by python -m tests.test_docs_site -->", "<!-- end -->")


def build_options_table() -> str:
    """The Markdown table of ``ssg-sitemap build``'s flags, made from its parser."""
    parser = make_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    build = sub.choices["build"]
    lines = ["| option | meaning |", "| --- | --- |"]
    for action in build._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        metavar = action.metavar or (action.dest.upper() if action.nargs != 0 else None)
        if action.choices and not action.metavar:
            metavar = "|".join(action.choices)
        names = ", ".join(action.option_strings) or str(metavar)
        shown = f"{names} {metavar}" if action.option_strings and metavar else names
        meaning = html.escape(action.help or "", quote=False).replace("|", "\\|")
        lines.append(f"| `{shown.replace('|', chr(92) + '|')}` | {meaning} |")
    return "\n".join(lines) + "\n"


def cli_page_with_table(page: str) -> str:
    """docs/cli.md with the generated table between the markers."""
    start, end = BUILD_OPTIONS
    head, _, rest = page.partition(start + "\n")
    _, _, tail = rest.partition(end)
    return f"{head}{start}\n{build_options_table()}{end}{tail}"


def test_the_cli_option_table_is_the_parsers() -> None:
    """docs/cli.md lists every flag of ``build`` as ``--help`` does (``python -m
    tests.test_docs_site`` rewrites it)."""
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert BUILD_OPTIONS[0] in page
    assert page == cli_page_with_table(page)
    for flag in ("--filename", "--gzip-only", "--changefreq", "--priority", "--hooks-errors"):
        assert f"`{flag}" in page


if __name__ == "__main__":
    cli_md = ROOT / "docs" / "cli.md"
    cli_md.write_text(cli_page_with_table(cli_md.read_text(encoding="utf-8")), encoding="utf-8")
