"""A page's own images, read from its built HTML: in page order, the theme's chrome left out;
one rule for an image URL wherever it comes from."""

from __future__ import annotations

import pytest

from sitemap_core._html._images import MAX_IMAGES, image_problem, images_in

BASE = "https://example.org/"


PAGE = """<!doctype html><html><head>
<meta property="og:image" content="https://cdn.example.org/card.png">
<title>t</title></head><body>
<header><img src="/logo.png"><nav><img src="icon.svg"></nav></header>
<main>
  <nav class="sidebar"><img src="/nav-icon.png"></nav>
  <article>
    <p><img src="pics/a.png"> <img src="data:image/png;base64,xx" data-src="pics/lazy.png">
    <img src="../pics/a.png#x"> <img src="https://other.org/b%20c.jpg"><img src="caf\u00e9.png">
    <img src="mailto:x@y"> <img src=""></p>
    <aside><img src="/avatar.png"></aside>
  </article>
</main>
<footer><img src="/footer.png"></footer>
</body></html>"""


def test_a_pages_own_images_in_page_order() -> None:
    assert images_in(PAGE.encode(), BASE + "blog/post/") == (
        "https://cdn.example.org/card.png",
        BASE + "blog/post/pics/a.png",
        BASE + "blog/post/pics/lazy.png",
        BASE + "blog/pics/a.png",
        "https://other.org/b%20c.jpg",
        BASE + "blog/post/caf%C3%A9.png",
    )


def test_without_main_or_article_the_images_outside_the_chrome() -> None:
    page = (
        '<body><header><img src="/logo.png"></header><div><img src="/x.png"><br>'
        '<img src="/x.png"></div><footer><img src="f.png"></footer></body>'
    )
    assert images_in(page.encode(), BASE + "p.html") == (BASE + "x.png",)
    many = "<main>" + "".join(f'<img src="/{n}.png">' for n in range(1200)) + "</main>"
    assert len(images_in(many.encode(), BASE)) == MAX_IMAGES


def test_emoji_and_icon_images_are_not_the_pages_images() -> None:
    # pymdownx.emoji's twemoji and emojione images, an img.emoji (Sphinx, GitHub-style
    # renderers), and an image inside Material's icon span (:material-...:, :fontawesome-...:).
    page = (
        '<main><p><img alt="x" class="twemoji" src="https://cdn.example/1f600.png">'
        '<img class="emojione" src="/e.png"><img class="emoji big" src="/g.png">'
        '<span class="twemoji lg"><img src="/icon.svg"></span>'
        '<img class="photo" src="/photo.png"></p></main>'
    )
    assert images_in(page.encode(), BASE) == (BASE + "photo.png",)


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("https://user:secret@example.org/a.png", "must not contain user credentials"),
        ("https://example.org:99999/a.png", "has an invalid port"),
        ("https://example.org:x/a.png", "has an invalid port"),
        ("https://example.org:8080/a.png", None),
    ],
)
def test_one_rule_for_image_urls_in_pages_transforms_and_check(url: str, why: str | None) -> None:
    """A page's image, a transform's image and ``check``'s ``<image:loc>`` share this rule."""
    assert image_problem(url) == why
    page = f'<html><body><main><img src="{url}"></main>'.encode()
    assert images_in(page, BASE) == (() if why else (url,))
