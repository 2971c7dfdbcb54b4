"""Which flag sets which setting: an error about a value the user typed names what they typed.

The core's errors name a setting first, as the core calls it (``max_urls: 0 must be ...``);
a user who typed ``--max-urls 0`` should read ``--max-urls``. :func:`given_flags` is the one
mapping every sub-command's errors go through (see :func:`sitemap_core._cli._main.main`).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

#: The flag that sets each setting (the name a core error gives it first).
FLAGS: Mapping[str, str] = {
    "base URL": "--base-url",
    "filename": "--filename",
    "format": "--format",
    "max_urls": "--max-urls",
    "max_bytes": "--max-bytes",
    "exclude": "--exclude",
    "changefreq": "--changefreq",
    "priority": "--priority",
    "lastmod_sources": "--lastmod-sources",
    "shard_order": "--shard-order",
    "indexnow_key": "--indexnow-key",
    "hooks": "--hooks",
    "hooks_errors": "--hooks-errors",
    "sections": "--section",
    "xsl": "--xsl-href",
    "html_sitemap": "--html-sitemap",
    "html_exclude": "--html-exclude",
}


def given_flags(args: argparse.Namespace) -> dict[str, str]:
    """:data:`FLAGS` of the settings this command line gives a value (not a default): a value
    that came from elsewhere (a project's config) keeps the name it has there."""
    given = {}
    for setting, flag in FLAGS.items():
        value = getattr(args, flag.removeprefix("--").replace("-", "_"), None)
        if value is not None and value is not False and value != []:
            given[setting] = flag
    return given
