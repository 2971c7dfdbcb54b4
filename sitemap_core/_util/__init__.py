"""Private helpers that know nothing of sitemaps: text for terminals, safe opens, atomic writes,
sorting.
"""
