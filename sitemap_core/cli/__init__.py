"""The ``ssg-sitemap`` command line."""
