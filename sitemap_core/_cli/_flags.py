"""Which flag sets which setting: an error about a value the user typed names what they typed.

The core's errors name a setting first, as the core calls it (``max_urls: 0 must be ...``);
a user who typed ``--max-urls 0`` should read ``--max-urls``. :func:`given_flags` is the one
mapping every sub-command's errors go through (see :func:`sitemap_core._cli._main.main`).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from sitemap_core._config import spellings

#: The flag that sets each setting (the name a core error gives it first).
FLAGS: Mapping[str, str] = {"base URL": "--base-url", **spellings("cli")}


def given_flags(args: argparse.Namespace) -> dict[str, str]:
    """:data:`FLAGS` of the settings this command line gives a value (not a default): a value
    that came from elsewhere (a project's config) keeps the name it has there."""
    given = {}
    for setting, flag in FLAGS.items():
        value = getattr(args, flag.removeprefix("--").replace("-", "_"), None)
        if value is not None and value is not False and value != []:
            given[setting] = flag
    return given
