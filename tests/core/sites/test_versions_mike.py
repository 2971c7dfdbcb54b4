"""Three versions deployed with the real mike (Material, ``canonical_version: latest``, our
plugin), the gh-pages tree served on 127.0.0.1: each version's sitemap lists its own pages,
the root index and robots.txt name only the canonical version, and ``check`` is clean."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("mike")


pytest.importorskip("httpx")


from sitemap_core._check import LiveOptions, check_live
from tests.conftest import local_server, locs
from tests.core.sites.conftest import deploy_three_versions, serving

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Deployment:
    """The served gh-pages tree and its URL."""

    served: Path
    root: str


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    tmp_path = tmp_path_factory.mktemp("mike")
    served = tmp_path / "served"
    served.mkdir()
    with local_server(serving(served)) as port:
        root = f"http://127.0.0.1:{port}/"
        deploy_three_versions(tmp_path, root, served)
        yield Deployment(served, root)


def test_each_version_lists_its_own_pages(deployment: Deployment) -> None:
    served, root = deployment.served, deployment.root
    assert (served / "latest").is_symlink()
    for version in ("1.0", "2.0", "3.0"):
        own = root + version + "/"
        listed = locs(served / version / "sitemap.xml")
        assert own + "guide/deep/options/" in listed, version
        assert all(loc.startswith(own) for loc in listed), version
    assert root + "3.0/new/" in locs(served / "3.0/sitemap.xml")
    html = (served / "1.0/guide/deep/options/index.html").read_text()
    assert f'rel="canonical" href="{root}latest/guide/deep/options/"' in html


def test_root_robots_and_index_name_only_the_canonical_version(deployment: Deployment) -> None:
    served, root = deployment.served, deployment.root
    robots = (served / "robots.txt").read_text()
    assert [line for line in robots.splitlines() if line.lower().startswith("sitemap:")] == [
        f"Sitemap: {root}sitemap.xml"
    ]
    assert locs(served / "sitemap.xml") == [root + "sitemap-latest.xml"]
    listed = locs(served / "sitemap-latest.xml")
    assert root + "latest/new/" in listed
    assert all(loc.startswith(root + "latest/") for loc in listed)
    assert not any(version in (served / "robots.txt").read_text() for version in ("1.0", "2.0"))


def test_check_on_the_served_root_is_clean(deployment: Deployment) -> None:
    report = check_live(
        deployment.root, LiveOptions(request_timeout=5.0, timeout=120.0, progress=False)
    )
    assert [f for f in report.findings if f.severity != "info"] == []
    assert report.urls == len(locs(deployment.served / "sitemap-latest.xml"))
    # The old version's own sitemap: its pages, noted (not failed) for their canonical.
    old = check_live(
        deployment.root + "1.0/sitemap.xml",
        LiveOptions(request_timeout=5.0, timeout=120.0, progress=False),
    )
    assert old.errors == 0
    assert {f.code for f in old.findings} == {"page-version-canonical"}


def test_git_history_dates_each_version(deployment: Deployment) -> None:
    """Each version's lastmods come from the history at its own deploy, not from the build."""
    from tests.conftest import lastmods

    old = lastmods(deployment.served / "1.0/sitemap.xml")
    assert old[deployment.root + "1.0/guide/deep/options/"] == "2024-01-01T00:00:00Z"
    new = lastmods(deployment.served / "2.0/sitemap.xml")
    assert new[deployment.root + "2.0/guide/deep/options/"] == "2024-06-01T00:00:00Z"
