"""Built-in behaviour, registered as plugins the way pytest registers its own."""

from __future__ import annotations

from sitemap_core.builtin import (
    exclude_rules,
    extra_urls,
    html_checks,
    html_sitemap,
    images,
    include_index,
    user_functions,
)

#: ``(name, module)`` pairs registered by :func:`sitemap_core.make_plugin_manager`.
BUILTIN_PLUGINS = (
    ("exclude_rules", exclude_rules),
    ("html_checks", html_checks),
    ("html_sitemap", html_sitemap),
    ("include_index", include_index),
    # Registered after user_functions: of tryfirst transforms pluggy calls the later ones
    # first, and the site's transform sees an extra URL's alternates and a page's images.
    ("user_functions", user_functions),
    ("extra_urls", extra_urls),
    ("images", images),
)
