"""The package's faces: what ``sitemap_core`` and each of its packages export is a promise,
so it is pinned here."""

from __future__ import annotations

import importlib
import pkgutil

import sitemap_core
from sitemap_core import ConfigError, SitemapError, StrictModeError

EXPORTED = {
    "Alternate",
    "BuildContext",
    "BuildReport",
    "Canonical",
    "ConfigError",
    "Diagnostics",
    "Entry",
    "GitPrefetch",
    "KindDefaults",
    "Lastmod",
    "LeftOut",
    "PageRecord",
    "Rule",
    "Settings",
    "SitemapError",
    "SitemapNames",
    "StrictModeError",
    "__version__",
    "build_sitemap",
    "hookimpl",
    "hookspec",
    "make_plugin_manager",
    "parse_date",
    "prefetch_git",
}


#: Each sub-package's face, one set per package (``_util`` is private).
FACES: dict[str, set[str]] = {
    "build": {
        "build_sitemap",
        "check_output_dir",
    },
    "builtin": {
        "CROSS_INDEX",
        "EXCLUDE_RULES",
        "EXTRA_URLS",
        "HTML_CHECKS",
        "HTML_SITEMAP",
        "IMAGES",
        "USER_FUNCTIONS",
        "exclude_by_html",
        "make_plugin_manager",
    },
    "check": {
        "CheckReport",
        "Finding",
        "LiveOptions",
        "check_files",
        "check_live",
        "check_site",
    },
    "cli": set(),
    "config": {
        "CLI_LASTMOD_SOURCES",
        "DEFAULT_MAX_BYTES",
        "DEFAULT_SECTION",
        "LASTMOD_SOURCES",
        "PROTOCOL_MAX_BYTES",
        "PROTOCOL_MAX_URLS",
        "DateKind",
        "ExtraUrl",
        "Format",
        "HookError",
        "KindDefaults",
        "Precision",
        "Rule",
        "Settings",
        "ShardOrder",
        "SitemapNames",
        "check_indexnow_key",
        "extra_items",
        "front_matter_keys",
        "load_hooks_file",
        "matches_any",
        "parse_flag",
        "parse_sections",
        "section_finder",
        "section_names",
    },
    "files": {
        "CHUNK",
        "ENTRY_NAMES",
        "ERROR_BYTES",
        "GZIP_LEVEL",
        "IMAGE_NS",
        "INDEX_FOOTER",
        "INDEX_HEADER",
        "MARKER",
        "MAX_ROBOTS",
        "NEW_SHARD_GROUP",
        "SAFE_PARSER",
        "SITEMAP_NS",
        "XHTML_NS",
        "XSL_NAME",
        "CappedReader",
        "FileProblem",
        "ForeignFile",
        "SitemapWriter",
        "Written",
        "check_binary",
        "check_prolog",
        "check_robots",
        "entry_file",
        "index_block",
        "is_ours",
        "listed_in_index",
        "merge_robots",
        "open_sitemap",
        "prolog_end",
        "read_entries",
        "read_whole",
        "root_element",
        "site_urls",
        "sitemap_value",
        "url_block",
        "write_stylesheet",
    },
    "html": {
        "MAX_IMAGES",
        "NOT_FOUND",
        "RULES",
        "HtmlFacts",
        "Rule",
        "Verdict",
        "error_code",
        "error_reason",
        "head_facts",
        "image_problem",
        "inspect_html",
        "judge",
        "may_exclude",
        "may_state_modified",
        "page_images",
        "title_code",
        "with_head_alternates",
    },
    "html_sitemap": {
        "SLOT",
        "HtmlEntry",
        "NavItem",
        "directory_nav",
        "excluded_by",
        "fill_slot",
        "html_excluded",
        "render_nav",
        "write_html_sitemap",
    },
    "indexnow": {
        "DEFAULT_ENDPOINT",
        "check_key_file",
        "write_key_file",
    },
    "lastmod": {
        "GitDates",
        "GitPrefetch",
        "LastmodChain",
        "content_hash",
        "prefetch_git",
    },
    "mkdocs_project": {
        "DRAFT",
        "EXCLUDE_DOCS",
        "MATERIAL_INDEX",
        "Inclusion",
        "ProjectConfig",
        "dest_path",
        "front_matter_dates",
        "is_draft",
        "material_problem",
        "material_readers",
        "options_with_defaults",
        "page_stem",
        "page_url",
        "project_records",
        "read_project",
        "reads_material_file",
        "settings_from_options",
        "write_material_copy",
    },
    "sites": {
        "IndexItem",
        "canonical_alias",
        "choose_versions",
        "entry_sitemap",
        "folder_url",
        "html_files",
        "items_for",
        "read_the_docs",
        "read_versions",
        "rebase_in_place",
        "rebased_items",
        "site_records",
        "url_for",
        "version_canonical_note",
        "version_sibling",
        "write_flat_copy",
        "write_index",
    },
    "values": {
        "CHANGEFREQS",
        "DATE_SLACK",
        "FUTURE_SLACK",
        "INDEX_NAMES",
        "MAX_LOC_LENGTH",
        "MIN_LOC_LENGTH",
        "PAGE_SUFFIXES",
        "Lastmod",
        "OutsideSite",
        "absolute_url",
        "check_changefreq",
        "check_hreflang",
        "check_lastmod",
        "check_loc",
        "check_priority",
        "encode_iri",
        "ensure_inside",
        "format_priority",
        "in_form_of",
        "in_future",
        "is_language_tag",
        "is_page_file",
        "is_under",
        "parse_changefreq",
        "parse_date",
        "parse_priority",
        "relative_path",
        "same_page",
        "same_url",
        "served_file",
        "site_path",
        "site_served_file",
        "source_date_epoch",
        "unquoted_path",
        "validate_base_url",
        "without_index",
    },
}


def test_all_is_pinned() -> None:
    # Adding or removing a public name is a decision: change this set with it.
    assert set(sitemap_core.__all__) == EXPORTED
    assert sorted(sitemap_core.__all__) == list(sitemap_core.__all__)


def _isort_style(name: str) -> tuple[int, str]:
    """Ruff's order for ``__all__`` (RUF022): CONSTANTS, then Classes, then the rest."""
    if name == name.upper():
        return 0, name
    return (1 if name[0].isupper() else 2), name


def test_every_face_is_pinned() -> None:
    # The same decision for each package's face: change its set with its __all__.
    packages = {
        info.name
        for info in pkgutil.iter_modules(sitemap_core.__path__)
        if info.ispkg and not info.name.startswith("_")
    }
    assert packages == set(FACES)
    for name, exported in FACES.items():
        face = importlib.import_module(f"sitemap_core.{name}")
        assert set(face.__all__) == exported, name
        assert sorted(face.__all__, key=_isort_style) == list(face.__all__), name
        for attribute in face.__all__:
            assert hasattr(face, attribute), f"sitemap_core.{name}.{attribute}"


def test_every_exported_name_exists() -> None:
    for name in sitemap_core.__all__:
        assert getattr(sitemap_core, name) is not None, name


def test_one_exception_tree() -> None:
    from ssg_sitemap.sphinx.config import SitemapConfigError  # type: ignore[import-untyped]

    assert issubclass(ConfigError, SitemapError)
    assert issubclass(StrictModeError, SitemapError)
    assert issubclass(SitemapConfigError, ConfigError)
