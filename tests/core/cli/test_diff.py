"""``ssg-sitemap diff OLD NEW``: real builds, a real git history, a served site on 127.0.0.1."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest

from sitemap_core._cli import main
from tests.conftest import git_commit, git_init, mkdocs_build
from tests.core.diff.conftest import BASE, serve_folder, two_builds


def diff_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    status = main(["diff", *args, "--json"])
    return status, json.loads(capsys.readouterr().out)


def test_two_local_builds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = two_builds(tmp_path)
    status, found = diff_json(capsys, str(old), str(new))
    assert status == 0
    assert found["added"] == [BASE + "new.html"]
    assert found["removed"] == [BASE + "p1.html"]
    assert found["lastmod_moved"] == [
        {"loc": BASE + "p2.html", "old": "2024-01-03", "new": "2024-02-01"}
    ]
    # the same-day edit; p4's navigation changed, not its main content
    assert found["content_changed"] == [BASE + "p3.html"]
    assert found["unchanged"] == 3

    assert main(["diff", str(old), str(new)]) == 0
    table = capsys.readouterr().out
    assert "1 added, 1 removed, 1 lastmod moved, 1 content changed, 3 unchanged" in table
    assert f"+ {BASE}new.html" in table and f"- {BASE}p1.html" in table
    assert f"~ {BASE}p2.html  2024-01-03 -> 2024-02-01" in table
    assert f"* {BASE}p3.html" in table


def test_thresholds_fail_the_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = two_builds(tmp_path)
    assert main(["diff", str(old), str(new), "--fail-on-removed", "1"]) == 0
    capsys.readouterr()
    assert main(["diff", str(old), str(new), "--fail-on-removed", "0"]) == 1
    assert "1 URL removed, more than --fail-on-removed 0 allows" in capsys.readouterr().err
    assert main(["diff", str(old), str(new), "--fail-on-lastmod-churn", "10%"]) == 1
    assert "--fail-on-lastmod-churn 10%" in capsys.readouterr().err
    status, found = diff_json(capsys, str(old), str(new), "--fail-on-removed", "10%")
    assert status == 1 and found["failed"] == [
        "1 URL removed (17% of 6), more than --fail-on-removed 10% allows"
    ]


def test_bad_arguments_are_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = two_builds(tmp_path)
    assert main(["diff", str(old), str(new), "--fail-on-removed", "many"]) == 2
    err = capsys.readouterr().err
    assert "--fail-on-removed: 'many'" in err and "Traceback" not in err
    assert main(["diff", str(old), str(tmp_path / "missing")]) == 2
    assert "no such folder or file" in capsys.readouterr().err


def test_against_the_deployed_sitemap(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    served = tmp_path / "served"
    served.mkdir()
    with serve_folder(served) as port:
        base = f"http://127.0.0.1:{port}/"
        old, new = two_builds(tmp_path, base)
        shutil.copytree(old, served, dirs_exist_ok=True)
        status, found = diff_json(capsys, base + "sitemap.xml", str(new))
    assert status == 0
    assert found["added"] == [base + "new.html"]
    assert found["removed"] == [base + "p1.html"]
    assert found["lastmod_moved"] == [
        {"loc": base + "p2.html", "old": "2024-01-03", "new": "2024-02-01"}
    ]
    assert found["content_changed"] == []  # the deployed side has no content hashes


@pytest.mark.slow
def test_two_builds_of_a_git_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A real MkDocs project whose pages are dated by git: a commit edits one page, deletes
    another and adds a third; the two builds differ by exactly that."""
    repo = git_init(tmp_path / "project")
    config = textwrap.dedent(
        """\
        site_name: History
        site_url: https://example.org/
        plugins:
          - sitemap:
              lastmod_sources: [git]
        """
    )
    pages = {f"docs/{name}.md": f"# {name}\n" for name in ("index", "kept", "edited", "gone")}
    git_commit(repo, {"mkdocs.yml": config, **pages}, "2024-01-10T12:00:00+00:00")
    mkdocs_build(repo)
    shutil.copytree(repo / "site", tmp_path / "old")
    git_commit(
        repo,
        {"docs/edited.md": "# edited\n\nMore.\n", "docs/gone.md": None, "docs/added.md": "# a\n"},
        "2024-03-05T12:00:00+00:00",
    )
    mkdocs_build(repo)
    status, found = diff_json(capsys, str(tmp_path / "old"), str(repo / "site"))
    assert status == 0, found
    assert found["added"] == ["https://example.org/added/"]
    assert found["removed"] == ["https://example.org/gone/"]
    assert found["lastmod_moved"] == [
        {
            "loc": "https://example.org/edited/",
            "old": "2024-01-10T12:00:00Z",
            "new": "2024-03-05T12:00:00Z",
        }
    ]
    assert found["content_changed"] == []  # the other pages' navigation changed, not their text
    assert found["unchanged"] == 2


def test_a_page_saved_as_a_text_sitemap_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "sitemap.txt"
    page.write_text("<html><head><title>404 Not Found</title></head></html>\n", "utf-8")
    good = tmp_path / "good.txt"
    good.write_text(BASE + "a\n", "utf-8")
    assert main(["diff", str(good), str(page)]) == 2
    err = capsys.readouterr().err
    assert f"{page}: not a text sitemap" in err and "Traceback" not in err
    for bad in ("nan", "0", "-1"):
        assert main(["diff", str(good), str(good), "--timeout", bad]) == 2
        assert "--timeout: " in capsys.readouterr().err
