"""What one Pelican build has written so far: the state the signal handlers share.

Its own module so that the handlers (:mod:`.collect`) and what they call share it without
importing one another in a circle. Nothing here imports the core.
"""

from __future__ import annotations

import os
import weakref
from dataclasses import dataclass, field
from typing import Any

from .specs import SiteInfo, Wire, Zones
from .worker_client import WorkerClient


@dataclass
class Build:
    """One build (the main instance and its subsites).

    :param main: a weak reference to the first Pelican instance.
    :param output: the main instance's output directory.
    :param site: what the sitemap needs of the build's settings.
    :param worker: the sitemap worker, when one runs.
    :param git_prefetch: the git read started with the build, when there is no worker.
    """

    main: weakref.ref[Any]
    output: str
    site: SiteInfo
    worker: WorkerClient | None = None
    git_prefetch: Any = None
    #: Specs not sent yet, and every spec sent (made into the sitemap here if the worker
    #: fails).
    batch: list[Wire] = field(default_factory=list)
    #: ``content_written`` calls not worked out yet: path and template context.
    pending: list[tuple[str, Any]] = field(default_factory=list)
    sent: list[Wire] = field(default_factory=list)
    #: Paths a content with its own ``save_as`` writes, and the specs of writes there.
    contested: set[str] = field(default_factory=set)
    held: list[Wire] = field(default_factory=list)
    #: Static file objects, each with its instance's output directory.
    statics: list[tuple[Any, str]] = field(default_factory=list)
    #: Listings by the ids of what they list; content written, and listed content not
    #: written, by id. What the ids name is kept alive in ``alive`` (ids are reused).
    listings: dict[tuple[int, ...], int] = field(default_factory=dict)
    written_keys: set[int] = field(default_factory=set)
    #: Contents whose facts were handed over, by id: whether their URL follows from where
    #: they are written (see :func:`.specs.plain_url`).
    plain: dict[int, bool] = field(default_factory=dict)
    #: Whether index-like pages' URLs follow from their paths, by instance output setting.
    paths_are_urls: dict[Any, bool] = field(default_factory=dict)
    #: Contents with their own ``save_as``, by id.
    overriding: set[int] = field(default_factory=set)
    dated_keys: set[int] = field(default_factory=set)
    alive: list[Any] = field(default_factory=list)
    #: The time zones of the specs' dates.
    zones: Zones = field(default_factory=Zones)

    def send(self) -> None:
        """Hand the batch to the worker (kept for a sitemap made here, too)."""
        batch, self.batch = self.batch, []
        self.sent.extend(batch)
        if self.worker is not None:
            self.send_zones()
            self.worker.send(batch)

    def send_zones(self) -> None:
        """Hand the worker the time zones it has not seen (before the specs using them)."""
        zones = self.zones
        if self.worker is not None and zones.sent < len(zones.zones):
            self.worker.send({"zones": zones.zones[zones.sent :]})
            zones.sent = len(zones.zones)


def absolute(*parts: str) -> str:
    """The normalised absolute path of ``parts`` joined.

    String operations only, no file system access: it runs for every written file.
    """
    return os.path.abspath(os.path.join(*parts))  # noqa: PTH100, PTH118
