"""ssg-sitemap adapters: ``ssg_sitemap.mkdocs`` and ``ssg_sitemap.sphinx``.

The Pelican adapter is installed as the namespace plugin ``pelican.plugins.sitemap``.
"""
