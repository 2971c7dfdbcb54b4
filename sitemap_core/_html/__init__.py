"""What a built page says about itself: its head (noindex, canonical, refresh, redirects), error
pages, hreflang alternates, images.
"""

from __future__ import annotations

from sitemap_core._html._alternates import with_head_alternates
from sitemap_core._html._content import content_html
from sitemap_core._html._error_pages import NOT_FOUND, error_code, error_reason, title_code
from sitemap_core._html._images import MAX_IMAGES, checked_images, image_problem, page_images
from sitemap_core._html._inspect import (
    HtmlFacts,
    head_facts,
    inspect_html,
    may_state_alternates,
    may_state_description,
    may_state_modified,
    page_description,
)
from sitemap_core._html._judge import RULES, Rule, Verdict, head_may_exclude, judge, may_exclude

__all__ = [
    "MAX_IMAGES",
    "NOT_FOUND",
    "RULES",
    "HtmlFacts",
    "Rule",
    "Verdict",
    "checked_images",
    "content_html",
    "error_code",
    "error_reason",
    "head_facts",
    "head_may_exclude",
    "image_problem",
    "inspect_html",
    "judge",
    "may_exclude",
    "may_state_alternates",
    "may_state_description",
    "may_state_modified",
    "page_description",
    "page_images",
    "title_code",
    "with_head_alternates",
]
