"""Messages for the user, through the generator's own logger, with a ``sitemap:`` prefix."""

from __future__ import annotations

import logging
from typing import Any, TypeAlias

from sitemap_core._util.text import printable

# A string: LoggerAdapter can be subscripted only from Python 3.11 on.
LoggerLike: TypeAlias = "logging.Logger | logging.LoggerAdapter[Any]"


class Diagnostics:
    """Sends messages to a logger and counts warnings (for strict mode and the report).

    :param logger: the generator's logger (Pelican's, ``mkdocs.plugins.get_plugin_logger``,
        ``sphinx.util.logging``); the core's own logger when ``None``.
    :param prefix: put before every message; empty when the logger adds its own.
    """

    def __init__(self, logger: LoggerLike | None = None, prefix: str = "sitemap: ") -> None:
        self.logger: LoggerLike = logger or logging.getLogger("sitemap_core")
        self.prefix = prefix
        self.warnings = 0

    def _text(self, message: str, page: str | None, field: str | None) -> str:
        where = "".join(f"{part}: " for part in (page, field) if part)
        # Page names and values come from files: no control characters reach the terminal.
        return printable(f"{self.prefix}{where}{message}")

    def debug(self, message: str, page: str | None = None, field: str | None = None) -> None:
        """Log at debug level."""
        self.logger.debug(self._text(message, page, field))

    def info(self, message: str, page: str | None = None, field: str | None = None) -> None:
        """Log at info level."""
        self.logger.info(self._text(message, page, field))

    def warning(self, message: str, page: str | None = None, field: str | None = None) -> None:
        """Log a warning naming the page and field; counted for strict mode."""
        self.warnings += 1
        self.logger.warning(self._text(message, page, field))

    def error(self, message: str, page: str | None = None, field: str | None = None) -> None:
        """Log an error."""
        self.logger.error(self._text(message, page, field))
