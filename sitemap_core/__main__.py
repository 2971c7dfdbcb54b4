"""``python -m sitemap_core``: the ``ssg-sitemap`` command line."""

from __future__ import annotations

import sys

from sitemap_core._cli import main

sys.exit(main())
