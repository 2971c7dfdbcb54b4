"""Installed as ``pelican.plugins.sitemap``: where Pelican looks for ``PLUGINS = ["sitemap"]``.

Pelican finds namespace plugins only inside its own ``pelican/plugins/`` folder, so this file is
copied there at install time. It never changes: the adapter itself is ``ssg_sitemap.pelican``
(the repository's ``plugins/pelican/``), which an editable install serves from the working tree.
Importing it stays cheap: Pelican imports every namespace plugin, enabled or not.
"""

from __future__ import annotations

from ssg_sitemap.pelican import register

__all__ = ["register"]
