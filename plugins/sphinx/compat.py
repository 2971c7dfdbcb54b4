"""What differs between the Sphinx versions the extension supports (7.0 on), in one place;
and whether sphinx-sitemap is loaded too."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Container, Iterable
from pathlib import Path

import sphinx

from sitemap_core._adapters import begins_with

#: sphinx-sitemap's module name: with it in ``extensions`` two extensions write sitemap.xml.
SPHINX_SITEMAP = "sphinx_sitemap"


def incumbent(extensions: Container[str]) -> bool:
    """Whether sphinx-sitemap itself is in ``extensions``: not a package of its name that
    re-exports our ``setup`` (a shim keeping old conf.py files), which would set ours up
    again and again."""
    if SPHINX_SITEMAP not in extensions:
        return False
    module = sys.modules.get(SPHINX_SITEMAP)
    if module is None:
        try:
            module = importlib.import_module(SPHINX_SITEMAP)
        except ImportError:
            return True  # Sphinx says it cannot be loaded
    ours = __name__.rpartition(".")[0]
    return getattr(getattr(module, "setup", None), "__module__", None) != ours


def incumbent_leftover(path: Path, confdir: str | Path, extra_path: Iterable[str]) -> bool:
    """Whether ``path`` is sphinx-sitemap's file from an earlier build (the extension swapped
    for ours, the folder not cleaned): it begins as ElementTree writes sphinx-sitemap's, and
    no ``html_extra_path`` entry of the site's copied a file of its name there."""
    extras = [Path(confdir, entry) for entry in extra_path]
    if any(e.name == path.name or (e / path.name).exists() for e in extras):
        return False
    return begins_with(path, b"<?xml version='1.0' encoding='utf-8'?>\n<urlset xmlns")


# The methods that name a page's built file: ``get_output_path`` from Sphinx 8.2 on (with
# ``get_outfilename`` kept as its wrapper), ``get_outfilename`` alone before.
_OUTPUT_METHODS = ("get_output_path", "get_outfilename")


# The page's address in ``pageurl`` (its canonical link): from Sphinx 8.1 on its link
# (``guide/`` under dirhtml); before, its name and the file suffix (``guide.html`` even under
# dirhtml, a file that build does not write).
_PAGEURL_FROM_LINK = sphinx.version_info >= (8, 1)


def pageurl_path(pagename: str, target_uri: str, out_suffix: str) -> str:
    """The part of Sphinx's ``pageurl`` after ``html_baseurl`` for a page."""
    return target_uri if _PAGEURL_FROM_LINK else pagename + out_suffix


def same_output_rule(builder_class: type, base: type) -> bool:
    """Whether ``builder_class`` names its files as ``base`` does (overrides neither method)."""
    return all(getattr(builder_class, n, None) is getattr(base, n, None) for n in _OUTPUT_METHODS)
