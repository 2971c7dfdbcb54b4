"""What a page's rendering already tells of its sitemap entry (whether it is listed, at which
URL), for a tag an adapter puts in the page while it renders (the Markdown twin's link).

The build's rules as far as they are known then: ``record.exclude``, ``sitemap_exclude``
front matter, the ``exclude`` globs, error pages by name and, with the HTML checks on, the
rendered head's verdict. A ``filter`` function, other plugins' hooks and a second page at the
same URL are not known yet: a page they leave out keeps a link to a twin that is not written.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import html
import logging
from pathlib import Path

from sitemap_core._builtin import exclude_by_html, exclude_by_rules
from sitemap_core._config import Settings
from sitemap_core._context import BuildContext
from sitemap_core._diagnostics import Diagnostics
from sitemap_core._html import head_facts, head_may_exclude, judge
from sitemap_core._llms import twin_url
from sitemap_core._pipeline._canonical import Canonicals
from sitemap_core._record import PageRecord
from sitemap_core._values import absolute_url, in_form_of
from sitemap_core.hookspecs import Canonical

#: The build says what is wrong with a page (bad front matter...); said here too, it would be
#: said twice.
_QUIET = logging.getLogger(__name__)
_QUIET.addHandler(logging.NullHandler())
_QUIET.propagate = False


def listed_url(
    record: PageRecord,
    settings: Settings,
    head: str | bytes | None = None,
    output_dir: Path | None = None,
) -> str | None:
    """The URL the sitemap will list the page at, or ``None`` when the build will leave it out,
    as far as the record and the rendered page show (see the module's docstring).

    :param record: the page's record, as the adapter hands it to the build.
    :param settings: the build's settings.
    :param head: the rendered page (its head is enough), or ``None``: the head is not judged.
    :param output_dir: the built site's root.
    """
    try:
        loc = absolute_url(settings.base_url or "", record.url)
    except ValueError:
        return None
    context = BuildContext(
        settings, Diagnostics(_QUIET, ""), dt.timezone.utc, output_dir=output_dir
    )
    # Without its output the HTML checks judge the page by its name alone (error pages):
    # its file is not written yet, or is still the previous build's.
    unread = dataclasses.replace(record, output=None)
    if exclude_by_rules(record=record, loc=loc, context=context) or exclude_by_html(
        record=unread, loc=loc, context=context
    ):
        return None
    if head is None or not settings.html_checks:
        return loc
    raw = head.encode("utf-8", "replace") if isinstance(head, str) else head
    end = raw.lower().find(b"<body")
    raw = raw if end < 0 else raw[:end]
    if not head_may_exclude(raw, loc=loc):
        return loc
    facts = head_facts(raw)
    said = None if facts is None else judge(facts, loc)
    if said is None:
        return loc
    if said.rule != "canonical" or said.target is None:
        return None
    canonicals = Canonicals(context)
    if canonicals.judge(record, loc, Canonical(said.target, loc)) is not None:
        return None
    form = canonicals.forms.get(record.url)
    return loc if form is None else in_form_of(loc, form)


def twin_link(
    record: PageRecord,
    settings: Settings,
    head: str | bytes | None = None,
    output_dir: Path | None = None,
) -> str | None:
    """``<link rel="alternate" type="text/markdown" href="...">`` naming the page's Markdown
    twin (:func:`sitemap_core._llms.twin_url` of :func:`listed_url`), or ``None`` when the
    build will not list the page, and so writes no twin of it."""
    loc = listed_url(record, settings, head, output_dir)
    if loc is None:
        return None
    return f'<link rel="alternate" type="text/markdown" href="{html.escape(twin_url(loc))}">'
