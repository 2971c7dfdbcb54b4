"""llms.txt beside its peers on the same sites: what an agent is handed, and what it costs.

Builds two small real-shaped sites (made in a temporary folder, nothing downloaded):

- a MkDocs Material site shaped as uv's and HTTPX's docs are (a home page, four nav sections of
  guides, concepts, reference and a flat "about" group; front matter descriptions on a third of
  the pages; ``site_description`` set), once with ours (``llms_txt``, ``llms_full``) and once
  with mkdocs-llmstxt configured for the same pages (``sections`` mirroring the nav,
  ``markdown_description``, ``full_output``);
- a Sphinx site shaped as attrs' and packaging's (a root toctree with captions, API pages of
  ``py:function`` and ``py:class`` signatures, admonitions), once with ours
  (``sitemap_llms_txt``, ``sitemap_llms_full``), once with sphinx-llms-txt and once with
  sphinx-llm (``sphinx_llm.txt``).

For each build it prints the wall time, the size of ``llms.txt`` and ``llms-full.txt`` in
characters and estimated tokens (4 characters a token), how many links ``llms.txt`` has and how
many of them name a page the build wrote (a link to nowhere costs an agent a request), the
sections, and the folders the build made that the site does not have. A peer that is not
installed is said so and skipped (``pip install mkdocs-llmstxt sphinx-llms-txt sphinx-llm``
into this project's venv; mkdocs-llmstxt's mdformat wants markdown-it-py < 4, MyST >= 4: the
build is still run and a failure is printed).

Usage: ``python benchmarks/llms_peers.py [--keep DIR]`` (``--keep``: build there and leave the
files, to read them side by side).
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASE = "https://docs.example.org/"
_LINK = re.compile(r"^\s*-\s*\[[^\]]*\]\(([^)\s]+)\)", re.M)

MKDOCS_PAGES = {
    "index.md": "Home",
    "getting-started/installation.md": "Installation",
    "getting-started/first-steps.md": "First steps",
    "guides/projects.md": "Working on projects",
    "guides/scripts.md": "Running scripts",
    "guides/tools.md": "Using tools",
    "concepts/resolution.md": "Resolution",
    "concepts/cache.md": "Caching",
    "reference/cli.md": "Commands",
    "reference/settings.md": "Settings",
    "reference/environment.md": "Environment variables",
    "about/changelog.md": "Changelog",
    "about/license.md": "License",
}
MKDOCS_NAV = [
    ("Getting started", ["getting-started/installation.md", "getting-started/first-steps.md"]),
    ("Guides", ["guides/projects.md", "guides/scripts.md", "guides/tools.md"]),
    ("Concepts", ["concepts/resolution.md", "concepts/cache.md"]),
    ("Reference", ["reference/cli.md", "reference/settings.md", "reference/environment.md"]),
    ("About", ["about/changelog.md", "about/license.md"]),
]
NOTES = "Fetch `llms-full.txt` for the whole text; every page has a Markdown twin."


def _page(n: int, title: str) -> str:
    meta = f"---\ndescription: What {title.lower()} is about.\n---\n" if n % 3 == 0 else ""
    body = "\n\n".join(
        f"## Part {k}\n\nSome prose about {title.lower()}, step {k}, with `code` and a "
        f"[link]({BASE}).\n\n```bash\ntool run --step {k}\n```\n\n"
        "!!! note\n\n    A note in the middle.\n"
        for k in range(4)
    )
    return f"{meta}# {title}\n\n{body}\n"


def make_mkdocs(root: Path, ours: bool) -> None:
    for n, (path, title) in enumerate(MKDOCS_PAGES.items()):
        target = root / "docs" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_page(n, title), encoding="utf-8")
    nav = ["nav:", "  - Home: index.md"]
    for section, paths in MKDOCS_NAV:
        nav.append(f"  - {section}:")
        nav += [f"      - {MKDOCS_PAGES[p]}: {p}" for p in paths]
    if ours:
        plugins = [
            "  - sitemap:",
            "      llms_full: true",
            f"      llms_markdown_description: '{NOTES}'",
        ]
    else:
        plugins = [
            "  - llmstxt:",
            f"      markdown_description: '{NOTES}'",
            "      full_output: llms-full.txt",
            "      sections:",
        ]
        plugins += ["        Home:", "          - index.md"]
        for section, paths in MKDOCS_NAV:
            plugins.append(f"        {section}:")
            plugins += [f"          - {p}" for p in paths]
    config = [
        "site_name: Tool",
        "site_description: A fast tool for projects.",
        f"site_url: {BASE}",
        "theme: material",
        "markdown_extensions: [admonition]",
        *nav,
        "plugins:",
        *plugins,
    ]
    (root / "mkdocs.yml").write_text("\n".join(config) + "\n", encoding="utf-8")


SPHINX_DOCS = {
    "install": "Installation",
    "overview": "Overview",
    "api/core": "Core API",
    "api/helpers": "Helpers",
    "changelog": "Changelog",
}


def _rst(name: str, title: str) -> str:
    bar = "=" * len(title)
    out = [title, bar, "", f"About {title.lower()}.", "", ".. important::", "", "   Read me.", ""]
    if name.startswith("api/"):
        for k in range(3):
            out += [
                f".. py:function:: {name[4:]}_{k}(headers: Mapping[str, str | None], *, "
                "timeout: float = 1.0) -> dict[str, int]",
                "",
                "   Does one thing.",
                "",
            ]
    return "\n".join(out) + "\n"


def make_sphinx(root: Path, way: str) -> None:
    root.mkdir(parents=True, exist_ok=True)
    extension = {
        "ours": "ssg_sitemap.sphinx",
        "sphinx-llms-txt": "sphinx_llms_txt",
        "sphinx-llm": "sphinx_llm.txt",
    }[way]
    conf = [
        'project = "Attrs-like"',
        f'html_baseurl = "{BASE}"',
        f'extensions = ["{extension}"]',
        'sitemap_url_scheme = "{link}"',
        "sitemap_llms_full = True",
    ]
    (root / "conf.py").write_text("\n".join(conf) + "\n", encoding="utf-8")
    toc = ["Attrs-like", "==========", "", ".. toctree::", "   :caption: Contents:", ""]
    toc += [f"   {name}" for name in SPHINX_DOCS if not name.startswith("api/")]
    toc += ["", ".. toctree::", "   :caption: API", ""]
    toc += [f"   {name}" for name in SPHINX_DOCS if name.startswith("api/")]
    (root / "index.rst").write_text("\n".join(toc) + "\n", encoding="utf-8")
    for name, title in SPHINX_DOCS.items():
        (root / f"{name}.rst").parent.mkdir(parents=True, exist_ok=True)
        (root / f"{name}.rst").write_text(_rst(name, title), encoding="utf-8")


def _folders(site: Path, made: set[str]) -> list[str]:
    """Folders holding nothing but llms files: made by the build for llms files alone."""
    odd = []
    for folder in sorted(p for p in site.rglob("*") if p.is_dir()):
        names = {p.name for p in folder.iterdir()}
        if names and names <= made:
            odd.append(folder.relative_to(site).as_posix() + "/")
    return odd


def _resolves(site: Path, url: str) -> bool:
    """Whether a link names a file the build wrote (absolute under BASE, or relative)."""
    rel = url[len(BASE) :] if url.startswith(BASE) else url
    if "://" in rel:
        return False
    path = site / rel.split("#")[0].lstrip("/")
    return path.is_file() or (path / "index.html").is_file()


def describe(label: str, site: Path, seconds: float) -> None:
    llms, full = site / "llms.txt", site / "llms-full.txt"
    if not llms.is_file():
        print(f"{label:<22} {seconds:6.2f} s  no llms.txt written")
        return
    text = llms.read_text(encoding="utf-8")
    links = [m.group(1) for m in _LINK.finditer(text)]
    resolving = sum(1 for url in links if _resolves(site, url))
    full_chars = len(full.read_text(encoding="utf-8")) if full.is_file() else 0
    sections = re.findall(r"^## (.+)$", text, re.M)
    print(
        f"{label:<22} {seconds:6.2f} s  llms.txt {len(text):>6,} ch ~{len(text) // 4:>5,} tok, "
        f"{len(links)} links ({resolving} resolve); llms-full.txt {full_chars:>7,} ch "
        f"~{full_chars // 4:>6,} tok; sections: {', '.join(sections) or '-'}; "
        f"llms-only folders: {', '.join(_folders(site, {'llms.txt', 'llms-full.txt'})) or '-'}"
    )


def run(command: list[str], cwd: Path) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    return took, "" if proc.returncode == 0 else (proc.stderr or proc.stdout)[-600:]


def present(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="build there and keep the files")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="llms-peers-"))
    python = sys.executable
    print("MkDocs (Material), 13 pages in 5 nav sections:")
    for label, ours, module in (
        ("ours", True, "sitemap_core"),
        ("mkdocs-llmstxt", False, "mkdocs_llmstxt"),
    ):
        if not present(module):
            print(f"{label:<22} absent (pip install {label})")
            continue
        root = work / f"mkdocs-{label}"
        make_mkdocs(root, ours)
        took, failed = run([python, "-m", "mkdocs", "build", "-q"], root)
        if failed:
            print(f"{label:<22} build failed: {failed.strip().splitlines()[-1]}")
            continue
        describe(label, root / "site", took)
    print("Sphinx, 6 documents, 2 toctree captions, API signatures:")
    for label, module in (
        ("ours", "sitemap_core"),
        ("sphinx-llms-txt", "sphinx_llms_txt"),
        ("sphinx-llm", "sphinx_llm"),
    ):
        if not present(module):
            print(f"{label:<22} absent (pip install {label})")
            continue
        root = work / f"sphinx-{label}"
        make_sphinx(root, label)
        took, failed = run([python, "-m", "sphinx", "-q", "-b", "html", ".", "_build"], root)
        if failed:
            print(f"{label:<22} build failed: {failed.strip().splitlines()[-1]}")
            continue
        describe(label, root / "_build", took)
    if args.keep:
        print(f"files kept in {work}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
