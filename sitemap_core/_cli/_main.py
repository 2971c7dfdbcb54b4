"""``ssg-sitemap``: entry point and sub-command dispatch.

Each sub-command is a module with ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int``; add new ones to :data:`SUBCOMMANDS`.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from types import ModuleType

from sitemap_core._cli import _announce, _build, _check, _diff, _index
from sitemap_core._cli._flags import given_flags
from sitemap_core._errors import ConfigError, SitemapError
from sitemap_core._util.text import printable
from sitemap_core._version import __version__

SUBCOMMANDS: tuple[ModuleType, ...] = (_build, _check, _diff, _index, _announce)

EXIT_USAGE = 2


class _Formatter(logging.Formatter):
    """Plain info lines; warnings and errors say what they are."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        if record.levelno >= logging.WARNING:
            return f"{record.levelname.lower()}: {message}"
        return message


def make_parser() -> argparse.ArgumentParser:
    """The full argument parser (also used by tests and ``--help``)."""
    parser = argparse.ArgumentParser(
        prog="ssg-sitemap", description="Correct, honest, fast sitemaps for static sites."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in SUBCOMMANDS:
        child = sub.add_parser(
            module.NAME,
            help=module.HELP,
            description=module.__doc__,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        child.add_argument("-v", "--verbose", action="store_true", help="also show debug messages")
        child.add_argument(
            "-q", "--quiet", action="store_true", help="only show warnings and errors"
        )
        module.add_arguments(child)
        child.set_defaults(module=module)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 failed, 2 usage)."""
    parser = make_parser()
    args = parser.parse_args(argv)
    level = logging.DEBUG if args.verbose else logging.WARNING if args.quiet else logging.INFO
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_Formatter())
    logging.basicConfig(level=level, handlers=[handler], force=True)
    try:
        status: int = args.module.run(args)
    except SitemapError as exc:
        if isinstance(exc, ConfigError):
            exc = exc.renamed(given_flags(args))  # as the user typed it: --max-urls
        print(f"ssg-sitemap: error: {printable(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"ssg-sitemap: error: {printable(f'{where}{exc.strerror or exc}')}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
