"""Preview deploys: each host's variables, the build's robots.txt and ``announce``'s refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core._cli import main
from sitemap_core._sites import preview_deploy
from tests.conftest import write_files

BASE = "https://example.org/"
KEY = "0123456789abcdef"


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"CONTEXT": "deploy-preview"}, "Netlify deploy-preview (CONTEXT=deploy-preview)"),
        ({"CONTEXT": "branch-deploy"}, "Netlify branch-deploy (CONTEXT=branch-deploy)"),
        ({"VERCEL_ENV": "preview"}, "Vercel preview deployment (VERCEL_ENV=preview)"),
        (
            {"GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "pull_request"},
            "GitHub Actions pull_request run (GITHUB_EVENT_NAME=pull_request)",
        ),
        (
            {
                "READTHEDOCS": "True",
                "READTHEDOCS_VERSION": "42",
                "READTHEDOCS_VERSION_TYPE": "external",
            },
            "Read the Docs pull request build (42)",
        ),
    ],
)
def test_each_host_is_recognised(env: dict[str, str], said: str) -> None:
    assert preview_deploy(env) == said


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"CONTEXT": "production"},
        {"VERCEL_ENV": "production"},
        # Cloudflare's builds do not say which branch is production: none is a preview.
        {"CF_PAGES": "1", "CF_PAGES_BRANCH": "main"},
        {"CF_PAGES": "1", "CF_PAGES_BRANCH": "production"},
        {"GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "push"},
        {
            "READTHEDOCS": "True",
            "READTHEDOCS_VERSION": "latest",
            "READTHEDOCS_VERSION_TYPE": "branch",
        },
    ],
)
def test_production_builds_are_no_preview(env: dict[str, str]) -> None:
    assert preview_deploy(env) is None


def site(root: Path) -> Path:
    page = "<!DOCTYPE html><html><head><title>{}</title></head><body>x</body></html>"
    return write_files(
        root,
        {
            "index.html": page.format("Home"),
            "a.html": page.format("A"),
            "robots.txt": "User-agent: *\n",
        },
    )


def test_a_preview_build_writes_the_sitemap_but_no_sitemap_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = site(tmp_path / "public")
    monkeypatch.setenv("CONTEXT", "deploy-preview")
    assert main(["build", str(root), "--base-url", BASE, "--strict"]) == 0
    assert (root / "sitemap.xml").is_file()
    assert (root / "robots.txt").read_text() == "User-agent: *\n"
    err = capsys.readouterr().err
    assert "Netlify deploy-preview (CONTEXT=deploy-preview): no Sitemap: line in robots.txt" in err
    # check in the same build knows why: a note, no warning (a --strict check stays green)
    assert main(["check", str(root), "--base-url", BASE, "--strict"]) == 0
    assert "robots-preview" in capsys.readouterr().out
    # the setting turns detection off
    assert main(["build", str(root), "--base-url", BASE, "--no-preview-detection"]) == 0
    assert f"Sitemap: {BASE}sitemap.xml" in (root / "robots.txt").read_text()
    assert "Netlify" not in capsys.readouterr().err


def test_announce_refuses_on_a_preview(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = site(tmp_path / "public")
    assert main(["build", str(root), "--base-url", BASE, "--indexnow-key", KEY]) == 0
    monkeypatch.setenv("VERCEL_ENV", "preview")
    where = ["--base-url", BASE, "--key", KEY, "--endpoint", "http://127.0.0.1:9/indexnow"]
    capsys.readouterr()
    assert main(["announce", str(root), *where, "--all"]) == 1
    err = capsys.readouterr().err
    assert err == (
        "ssg-sitemap: error: not announcing: this is a preview deploy (Vercel preview "
        "deployment (VERCEL_ENV=preview)); search engines must not be sent to it (--force to "
        "announce anyway)\n"
    )
    assert not (tmp_path / ".ssg-sitemap-announced.json").exists()
    # --force goes on: a dry run shows both URLs
    assert main(["announce", str(root), *where, "--all", "--force", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert f"{BASE}a.html" in out


def test_a_preview_build_says_a_sitemap_line_already_in_robots_txt_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = site(tmp_path / "public")
    assert main(["build", str(root), "--base-url", BASE]) == 0
    robots = (root / "robots.txt").read_text()
    assert f"Sitemap: {BASE}sitemap.xml" in robots
    capsys.readouterr()
    monkeypatch.setenv("CONTEXT", "deploy-preview")
    assert main(["build", str(root), "--base-url", BASE, "--strict"]) == 0
    err = capsys.readouterr().err
    assert (root / "robots.txt").read_text() == robots  # a line of the site's: not ours to drop
    assert "no Sitemap: line in robots.txt" not in err
    assert f"robots.txt's line 'Sitemap: {BASE}sitemap.xml' stays" in err
