"""Example Pelican site for ``make demo``: a small blog with the ssg-sitemap plugin."""

AUTHOR = "Ada Example"
SITENAME = "Example Blog"
# A sitemap needs absolute URLs: with an empty SITEURL the plugin warns and writes nothing.
SITEURL = "https://blog.example.org"
PATH = "content"
TIMEZONE = "Europe/Paris"
DEFAULT_LANG = "en"
DEFAULT_PAGINATION = 2

ARTICLE_URL = "posts/{slug}/"
ARTICLE_SAVE_AS = "posts/{slug}/index.html"
ARTICLE_LANG_URL = "posts/{slug}-{lang}/"
ARTICLE_LANG_SAVE_AS = "posts/{slug}-{lang}/index.html"

STATIC_PATHS = ["files", "extra/robots.txt"]
EXTRA_PATH_METADATA = {"extra/robots.txt": {"path": "robots.txt"}}

FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None

PLUGINS = ["sitemap"]

# pelican-sitemap's keys work unchanged; the last four are ssg-sitemap's own.
SITEMAP = {
    "format": "xml",
    "priorities": {"articles": 0.6, "indexes": 0.5, "pages": 0.4},
    "changefreqs": {"articles": "monthly", "indexes": "daily", "pages": "yearly"},
    "exclude": ["^/tag/"],
    "static": ["files/*.pdf"],
    "x_default": "en",
    "gzip": True,
    "html_sitemap": "sitemap.html",
}
