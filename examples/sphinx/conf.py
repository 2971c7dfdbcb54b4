"""Example Sphinx project for ssg-sitemap (``make demo`` builds it)."""

project = "ssg-sitemap example"
extensions = ["ssg_sitemap.sphinx"]

html_baseurl = "https://docs.example.org/"
# The default scheme is sphinx-sitemap's "{lang}{version}{link}"; this site has no
# language or version folders.
sitemap_url_scheme = "{link}"
sitemap_show_lastmod = True
sitemap_excludes = ["drafts/*"]
sitemap_rules = [{"pattern": "guide/*", "changefreq": "weekly", "priority": 0.8}]
sitemap_html = "sitemap.html"  # a site map page for visitors, in the theme
html_extra_path = ["extra"]
exclude_patterns = ["_build"]
