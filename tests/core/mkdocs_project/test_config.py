"""A MkDocs-family project's config read by ``build --project``: ``INHERIT`` reads only YAML,
errors never quote the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import build_cli
from tests.core.conftest import mkdocs_project


@pytest.mark.parametrize(
    ("inherit", "message"),
    [
        ("../secret.txt", "secret.txt is not a .yml or .yaml file; it is not read"),
        ("../base.yml", "secret.txt is not a .yml or .yaml file; it is not read"),  # a symlink
        ("../creds.yml", "creds.yml does not parse: line 2, column 1: expected"),
        ("../alias.yml", "alias.yml does not parse: line 1, column 4: found undefined alias '...'"),
    ],
    ids=["not-yaml", "symlink-to-not-yaml", "yaml-error", "alias-name"],
)
def test_inherit_reads_only_yaml_and_errors_never_quote_the_file(
    tmp_path: Path, secret: Path, inherit: str, message: str
) -> None:
    (tmp_path / "base.yml").symlink_to(secret)
    (tmp_path / "creds.yml").write_text("aws_access_key_id = AKIAEXAMPLEKEY\n: x\n")
    (tmp_path / "alias.yml").write_text("a: *AKIAEXAMPLEKEY\n")
    root = mkdocs_project(
        tmp_path / "project", f"INHERIT: {inherit}\nsite_url: https://example.org/\n"
    )
    done = build_cli("--project", str(root))
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert "AKIA" not in done.stderr + done.stdout
    assert not (root / "site" / "sitemap.xml").exists()


def test_the_nav_of_a_zensical_toml_gives_pages_in_order_with_their_top_level_section(
    tmp_path: Path,
) -> None:
    from sitemap_core._mkdocs_project import read_project

    (tmp_path / "docs").mkdir()
    (tmp_path / "zensical.toml").write_text(
        """[project]
site_name = "Z"
nav = [
  {"Home" = "index.md"},
  {"Guide" = ["guide/index.md", {"Deeper" = [{"Setup" = "./guide/setup.md"}]}]},
  {"Elsewhere" = "https://example.com/"},
  "about.md",
  {"Reference" = [{"API" = "ref/api.md"}, {"Site" = "/absolute/"}]},
]
""",
        encoding="utf-8",
    )
    assert read_project(tmp_path).nav == (
        ("index.md", None),
        ("guide/index.md", "Guide"),
        ("guide/setup.md", "Guide"),  # a nested section's page: its top-level section
        ("about.md", None),
        ("ref/api.md", "Reference"),
    )
