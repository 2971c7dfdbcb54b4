"""A readable ``sitemap.xml``: the ``<?xml-stylesheet?>`` line and the stylesheet it names.

Ours (small, no external assets, no script), named relatively so it loads from a subfolder
too; an index counts each shard's URLs from the file beside it ("-" for a gzipped shard).
"""

from __future__ import annotations

from sitemap_core._files._serialize import MARKER, XML_DECL

_STYLE = """
:root { color-scheme: light dark; }
body { margin: 0; padding: 1rem; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto,
  sans-serif; }
main { max-width: 64rem; margin: 0 auto; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
p { color: GrayText; margin: 0 0 1rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #8884;
  vertical-align: top; }
td { overflow-wrap: anywhere; }
td.n, th.n { text-align: right; white-space: nowrap; }
td.d { white-space: nowrap; }
"""

STYLESHEET = f"""{XML_DECL}
{MARKER}
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"
  xmlns:xhtml="http://www.w3.org/1999/xhtml" exclude-result-prefixes="sm xhtml">
<xsl:output method="html" encoding="UTF-8" indent="yes"/>
<xsl:template match="/">
<html lang="en">
<head>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>XML sitemap</title>
<style>{_STYLE}</style>
</head>
<body>
<main>
<h1>XML sitemap</h1>
<xsl:apply-templates select="sm:urlset|sm:sitemapindex"/>
</main>
</body>
</html>
</xsl:template>
<xsl:template match="sm:urlset">
<p><xsl:value-of select="count(sm:url)"/> URLs. This file is for search engines
(sitemaps.org); the table is for people.</p>
<table>
<thead><tr><th>URL</th><th>Last modified</th><th>Alternates</th></tr></thead>
<tbody>
<xsl:for-each select="sm:url">
<tr>
<td><a href="{{sm:loc}}"><xsl:value-of select="sm:loc"/></a></td>
<td class="d"><xsl:value-of select="sm:lastmod"/></td>
<td><xsl:for-each select="xhtml:link">
<a href="{{@href}}" hreflang="{{@hreflang}}"><xsl:value-of select="@hreflang"/></a>
<xsl:if test="position() != last()"><xsl:text>, </xsl:text></xsl:if>
</xsl:for-each></td>
</tr>
</xsl:for-each>
</tbody>
</table>
</xsl:template>
<xsl:template match="sm:sitemapindex">
<p><xsl:value-of select="count(sm:sitemap)"/> sitemaps in this index. This file is for
search engines (sitemaps.org); the table is for people.</p>
<table>
<thead><tr><th>Sitemap</th><th class="n">URLs</th><th>Last modified</th></tr></thead>
<tbody>
<xsl:for-each select="sm:sitemap">
<tr>
<td><a href="{{sm:loc}}"><xsl:value-of select="sm:loc"/></a></td>
<td class="n"><xsl:choose>
<xsl:when test="substring(sm:loc, string-length(sm:loc) - 2) = '.gz'">-</xsl:when>
<xsl:otherwise>
<xsl:variable name="file"><xsl:call-template name="file-name">
<xsl:with-param name="url" select="normalize-space(sm:loc)"/>
</xsl:call-template></xsl:variable>
<xsl:value-of select="count(document($file, /)/sm:urlset/sm:url)"/>
</xsl:otherwise>
</xsl:choose></td>
<td class="d"><xsl:value-of select="sm:lastmod"/></td>
</tr>
</xsl:for-each>
</tbody>
</table>
</xsl:template>
<!-- The last segment of a URL: the shard is read beside the index, wherever the site is
     served (the listed URL may name another host, e.g. production from a preview). -->
<xsl:template name="file-name">
<xsl:param name="url"/>
<xsl:choose>
<xsl:when test="contains($url, '/')">
<xsl:call-template name="file-name">
<xsl:with-param name="url" select="substring-after($url, '/')"/>
</xsl:call-template>
</xsl:when>
<xsl:otherwise><xsl:value-of select="$url"/></xsl:otherwise>
</xsl:choose>
</xsl:template>
</xsl:stylesheet>
"""
