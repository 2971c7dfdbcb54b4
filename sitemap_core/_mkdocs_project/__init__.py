"""The MkDocs family's page rules (MkDocs, ProperDocs, Zensical), without importing MkDocs.

Shared by the MkDocs adapter and ``ssg-sitemap build --project``: how a source page becomes a
URL, which pages ``exclude_docs`` / ``draft_docs`` / ``not_in_nav`` and front matter leave out,
and which front matter keys are dates.
"""

from __future__ import annotations

from sitemap_core._mkdocs_project._config import ProjectConfig, flat_section, read_project
from sitemap_core._mkdocs_project._material import (
    MATERIAL_INDEX,
    material_problem,
    material_readers,
    reads_material_file,
    write_material_copy,
)
from sitemap_core._mkdocs_project._options import (
    VALUE_TYPES,
    options_with_defaults,
    page_stem,
    settings_from_options,
)
from sitemap_core._mkdocs_project._pages import (
    DRAFT,
    EXCLUDE_DOCS,
    front_matter_dates,
    is_draft,
)
from sitemap_core._mkdocs_project._records import project_records

__all__ = [
    "DRAFT",
    "EXCLUDE_DOCS",
    "MATERIAL_INDEX",
    "VALUE_TYPES",
    "ProjectConfig",
    "flat_section",
    "front_matter_dates",
    "is_draft",
    "material_problem",
    "material_readers",
    "options_with_defaults",
    "page_stem",
    "project_records",
    "read_project",
    "reads_material_file",
    "settings_from_options",
    "write_material_copy",
]
