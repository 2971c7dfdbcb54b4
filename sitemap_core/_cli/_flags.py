"""Which flag sets which setting: an error about a value the user typed names what they typed.

The core's errors name a setting first, as the core calls it (``max_urls: 0 must be ...``);
a user who typed ``--max-urls 0`` should read ``--max-urls``. :func:`given_flags` is the one
mapping every sub-command's errors go through (see :func:`sitemap_core._cli._main.main`).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from sitemap_core._config import spellings

#: The flag that sets each setting (the name a core error gives it first).
FLAGS: Mapping[str, str] = {"base URL": "--base-url", **spellings("cli")}


def given(args: argparse.Namespace, flag: str) -> Any:
    """The value ``flag`` gives on this command line; ``None`` when it gives none (a default)."""
    value = getattr(args, flag.removeprefix("--").replace("-", "_"), None)
    return None if value is False or value == [] else value


def given_flags(args: argparse.Namespace) -> dict[str, str]:
    """:data:`FLAGS` of the settings this command line gives a value (not a default): a value
    that came from elsewhere (a project's config) keeps the name it has there."""
    return {setting: flag for setting, flag in FLAGS.items() if given(args, flag) is not None}


def add_limits(parser: Any, timeout: float, whole_run: str) -> None:
    """``--retries`` and ``--timeout`` of the commands that request a live site (``check``,
    ``announce``); each help shows the default argparse holds.

    :param timeout: ``--timeout``'s default, in seconds.
    :param whole_run: what ``--timeout`` bounds, for its help.
    """
    parser.add_argument(
        "--retries", type=int, default=3, metavar="N", help="retries after 429 or 5xx (%(default)s)"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=timeout,
        metavar="SECONDS",
        help=f"time for the whole run{whole_run} (%(default).0f)",
    )
