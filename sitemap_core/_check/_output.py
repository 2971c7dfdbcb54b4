"""Report formatting: lines for people, JSON for machines."""

from __future__ import annotations

import json
from pathlib import PurePath

from sitemap_core._check._findings import CheckReport
from sitemap_core._util.text import printable


def named(file: str, folder: str | None) -> str:
    """``file`` (named within the checked ``folder``) as the user named the folder, so that a
    check run from a repository's root says ``site/sitemap.xml``; ``""`` (the whole set) and
    URLs stay as they are."""
    if not folder or not file or "://" in file:
        return file
    return (PurePath(folder) / file).as_posix()


def human(report: CheckReport, strict: bool, folder: str | None = None) -> str:
    """``file:line: severity: message [code]`` lines and a summary line.

    :param folder: the checked folder as the user named it, before each file name.
    """
    lines = []
    for finding in report.findings:
        # File names and sitemap content may hold control characters: escaped, so that a
        # hostile file cannot move the cursor, recolour or retitle the terminal.
        where = printable(named(finding.file, folder)) or "check"
        if finding.line is not None:
            where += f":{finding.line}"
        lines.append(f"{where}: {finding.severity}: {printable(finding.message)} [{finding.code}]")
    for file, code, count in report.omitted():
        where = printable(named(file, folder)) or "check"
        lines.append(f"{where}: ... and {count:,} more [{code}] not shown")
    if report.links is not None:
        rows = report.links.depth_table()
        lines.append("click depth from the home page: " + ", ".join(f"{d}: {n:,}" for d, n in rows))
    errors, warnings = report.errors, report.warnings
    files = len(report.checked)
    verdict = "FAILED" if report.exit_status(strict) else "OK"
    urls = f"{report.urls:,} URL{'s' if report.urls != 1 else ''}"
    if report.requested is None:
        done = f"{urls} checked"
    else:  # a live check: what was read and what was requested are two numbers
        done = f"{urls} read from sitemaps, {report.requested:,} requested"
    lines.append(
        f"{verdict}: {files} file{'s' if files != 1 else ''}, {done}; "
        f"{errors} error{'s' if errors != 1 else ''}, "
        f"{warnings} warning{'s' if warnings != 1 else ''}"
    )
    return "\n".join(lines)


def as_json(report: CheckReport, strict: bool, folder: str | None = None) -> str:
    """One JSON object: verdict, counts, files, findings, and counts of findings not shown
    (file names as :func:`human` gives them)."""
    data = {
        "ok": report.exit_status(strict) == 0,
        "errors": report.errors,
        "warnings": report.warnings,
        "urls": report.urls,
        **({} if report.requested is None else {"requested": report.requested}),
        "files": [named(file, folder) for file in report.checked],
        "findings": [{**f.as_dict(), "file": named(f.file, folder)} for f in report.findings],
        "omitted": [
            {"file": named(file, folder), "code": code, "count": count}
            for file, code, count in report.omitted()
        ],
        **({} if report.links is None else {"links": report.links.as_dict()}),
    }
    return json.dumps(data, indent=2, ensure_ascii=False)
