"""``build --project``: the MkDocs plugin's sitemap for a MkDocs-family project (Zensical,
ProperDocs), its pages from the project's sources and git, written into its built site."""

from __future__ import annotations

import argparse
import dataclasses
import logging
from pathlib import Path

from sitemap_core._cli._build_settings import project_settings
from sitemap_core._cli._build_write import write_sitemaps
from sitemap_core._cli._html_sitemap_into import into_page
from sitemap_core._config import Settings
from sitemap_core._errors import ConfigError
from sitemap_core._files import is_ours
from sitemap_core._html import inspect_html
from sitemap_core._lastmod import prefetch_git
from sitemap_core._mkdocs_project import (
    MATERIAL_INDEX,
    ProjectConfig,
    project_records,
    read_project,
    reads_material_file,
)
from sitemap_core._pipeline import check_output_dir

log = logging.getLogger("ssg-sitemap")


def run_project(args: argparse.Namespace) -> int:
    """Read the project, write its sitemap into its site_dir; the exit status."""
    if args.keep_index_html:
        raise ConfigError(
            "--keep-index-html: not with --project, where the config's use_directory_urls "
            "gives each page's URL"
        )
    project = read_project(args.project)
    site_dir: Path = args.site_dir or project.site_dir
    if not site_dir.is_dir():
        raise ConfigError(
            f"site_dir {site_dir} does not exist: build the project first "
            "(zensical build, mkdocs build)"
        )
    check_output_dir(site_dir)
    base_url = args.base_url or project.site_url
    if not base_url:
        raise ConfigError(
            f"{project.path} has no site_url and no --base-url was given: a sitemap needs "
            "absolute URLs"
        )
    settings = project_settings(args, project, base_url)
    if project.material_uses and reads_material_file(settings):
        # As the MkDocs plugin does: a sharded index goes to another name, sitemap.xml stays
        # the one list of pages Material reads.
        settings = dataclasses.replace(settings, index_filename=MATERIAL_INDEX)
    into = into_page(args, site_dir)
    if into is not None:
        if settings.html_sitemap:
            raise ConfigError(
                f"{project.path}: sitemap plugin: html_sitemap: give it or --html-sitemap-into, "
                "not both"
            )
        settings = dataclasses.replace(settings, html_themed=True)
    replaced = _check_foreign_sitemap(project, site_dir, settings)
    try:
        records = list(
            project_records(
                project,
                site_dir,
                settings.exclude,
                titles=bool(settings.html_sitemap or into or settings.llms_txt),
            )
        )
    except ValueError as exc:
        raise ConfigError(f"{project.path}: {exc}") from None
    prefetch = prefetch_git([project.docs_dir], settings)
    # Zensical's own sitemap, which the note after the summary names.
    replace = (site_dir / settings.filename, site_dir / (settings.filename + ".gz"))
    status = write_sitemaps(
        records,
        settings,
        site_dir,
        len(records),
        prefetch,
        replace if replaced is not None else (),
        into=into,
        material=project.material_uses,
    )
    target = site_dir / settings.filename
    # Nothing listed: nothing was written and Zensical's file is still there.
    if replaced is not None and (not target.is_file() or is_ours(target)):
        log.info(replaced)
    return status


def _check_foreign_sitemap(
    project: ProjectConfig, site_dir: Path, settings: Settings
) -> str | None:
    """Zensical writes its own sitemap.xml (``<loc>`` only); ours replaces it, and the
    returned note says so after the summary. Any other file of that name that we did not
    write is left alone.

    :raises ConfigError: a sitemap file someone else wrote, in a project not built by Zensical.
    """
    target = site_dir / settings.filename
    if not target.is_file() or is_ours(target):
        return None
    if project.zensical or _built_by_zensical(site_dir):
        return (
            f"sitemap: replaced Zensical's own sitemap ({target}, URLs only) with this one "
            "(with lastmod and alternates)"
        )
    raise ConfigError(
        f"{target} exists and was not written by ssg-sitemap; it is left alone (remove it, "
        "or choose another name with --filename)"
    )


def _built_by_zensical(site_dir: Path) -> bool:
    """The home page names Zensical as its generator (a mkdocs.yml built by Zensical), in
    whatever form the tag was written (quoted, or unquoted by ``minify_html``)."""
    for name in ("index.html", "404.html"):
        try:
            generator = inspect_html(site_dir / name).generator
        except (OSError, ValueError):
            continue
        if generator is not None and generator.lower().startswith("zensical"):
            return True
    return False
