"""Material for MkDocs in a real headless chromium, driven over the DevTools protocol on a
pipe (``--remote-debugging-pipe``: no port, no extra package): the version selector of a
mike deployment, and instant navigation with a sharded sitemap.

Opt-in: ``make test-browser`` (installs chromium first) or ``pytest -m browser``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import FLAGS as BROWSER_FLAGS
from tests.conftest import local_server, mkdocs_build, write_files
from tests.core.sites.conftest import deploy_three_versions, serving

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FLAGS = [
    *BROWSER_FLAGS,
    # Only the test's own server: nothing else resolves.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


class Chromium:
    """One headless chromium and one page, over the DevTools protocol on fds 3 and 4."""

    def __init__(self, binary: str, profile: Path) -> None:
        to_child, self._write = os.pipe()
        self._read, from_child = os.pipe()

        def fds() -> None:
            os.dup2(to_child, 3)
            os.dup2(from_child, 4)

        self.proc = subprocess.Popen(
            [binary, *FLAGS, "--remote-debugging-pipe", f"--user-data-dir={profile}"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=fds,
            close_fds=False,
        )
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._id = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    def _message(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise AssertionError("chromium closed the DevTools pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        message: dict[str, Any] = json.loads(raw)
        return message

    def call(self, method: str, *, session: bool = False, **params: Any) -> dict[str, Any]:
        self._id += 1
        request: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if session:
            request["sessionId"] = self.session
        os.write(self._write, json.dumps(request).encode() + b"\0")
        while True:
            message = self._message()
            if message.get("id") == self._id:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            self.events.append(message)

    def evaluate(self, expression: str) -> Any:
        result = self.call(
            "Runtime.evaluate",
            session=True,
            expression=expression,
            returnByValue=True,
            awaitPromise=True,
        )
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 20.0) -> Any:
        """Poll ``expression`` until it is truthy (a page may be loading meanwhile)."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except AssertionError:
                value = None  # the context went away with a navigation
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {expression}")
            time.sleep(0.1)

    def open(self, url: str) -> None:
        self.call("Page.navigate", session=True, url=url)
        self.wait_for(f"location.href === {json.dumps(url)} && document.readyState === 'complete'")

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        os.close(self._write)
        os.close(self._read)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Chromium]:
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if not binary:
        pytest.fail("chromium is not installed: `make test-browser` installs it, then runs this")
    chromium = Chromium(binary, tmp_path / "profile")
    try:
        yield chromium
    finally:
        chromium.close()


def _switch(browser: Chromium, title: str) -> str:
    """Pick ``title`` in Material's version selector; the address it lands on."""
    before = browser.evaluate("location.href")
    browser.wait_for("document.querySelector('.md-version__list') !== null")
    clicked = browser.evaluate(
        f"""(() => {{
            const links = '.md-version__list a.md-version__link'
            for (const a of document.querySelectorAll(links)) {{
                if (a.textContent.trim().startsWith({json.dumps(title)})) {{
                    a.click()
                    return a.href
                }}
            }}
            return null
        }})()"""
    )
    assert clicked, f"no {title} in the version selector"
    href: str = browser.wait_for(
        f"location.href !== {json.dumps(before)} && document.readyState === 'complete' "
        "&& location.href"
    )
    return href


@pytest.fixture(scope="module")
def mike_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Three versions deployed with mike, served; yields the root URL."""
    tmp_path = tmp_path_factory.mktemp("mike-browser")
    served = tmp_path / "served"
    served.mkdir()
    with local_server(serving(served)) as port:
        root = f"http://127.0.0.1:{port}/"
        deploy_three_versions(tmp_path, root, served)
        yield root


def test_instant_navigation_under_the_alias(
    tmp_path: Path, browser: Chromium, mike_site: str
) -> None:
    """Under latest/: with mike's default symlink the folder is 3.0's and its sitemap lists
    3.0/ URLs, so links load in full (docs/versions.md says so); with alias_type copy the root index
    moves the copy's sitemap to latest/ URLs and instant navigation works there too."""
    link = 'a.md-nav__link[href$="install/"]'
    browser.open(mike_site + "latest/guide/")
    assert not _click_kept_page(browser, link, mike_site + "latest/guide/install/")
    served = tmp_path / "served"
    served.mkdir()
    with local_server(serving(served)) as port:
        root = f"http://127.0.0.1:{port}/"
        deploy_three_versions(tmp_path, root, served, alias_type="copy")
        assert not (served / "latest").is_symlink()
        browser.open(root + "latest/guide/")
        assert _click_kept_page(browser, link, root + "latest/guide/install/")
        browser.open(root + "1.0/guide/")
        assert _click_kept_page(browser, link, root + "1.0/guide/install/")


def test_version_selector_keeps_the_page(mike_site: str, browser: Chromium) -> None:
    """A deep page of 1.0, then latest (3.0) and back through the selector: the same page
    each time (Material looks it up in the selected version's sitemap.xml)."""
    root, deep = mike_site, "guide/deep/options/"
    browser.open(root + "1.0/" + deep)
    assert _switch(browser, "3.0") == root + "3.0/" + deep
    assert _switch(browser, "1.0") == root + "1.0/" + deep
    assert _switch(browser, "2.0") == root + "2.0/" + deep
    # A page 1.0 does not have: the selected version's home page.
    browser.open(root + "3.0/new/")
    assert _switch(browser, "1.0") == root + "1.0/"


def _click_kept_page(browser: Chromium, selector: str, target: str) -> bool:
    """Click ``selector`` and wait for ``target``: whether the page was not reloaded
    (Material's instant navigation handled the click)."""
    time.sleep(1.0)  # Material has read sitemap.xml by then
    browser.evaluate("window.__mark = 'kept'")
    browser.evaluate(f"document.querySelector({json.dumps(selector)}).click()")
    browser.wait_for(
        f"location.href === {json.dumps(target)} && document.readyState === 'complete'"
    )
    return browser.evaluate("window.__mark === 'kept'") is True


def test_instant_navigation_in_an_old_version(mike_site: str, browser: Chromium) -> None:
    """1.0's sitemap lists 1.0's own pages, so instant navigation knows its links (with
    latest/ URLs in it, every click in 1.0 loaded a full page)."""
    browser.open(mike_site + "1.0/guide/")
    link = 'a.md-nav__link[href$="install/"]'
    assert _click_kept_page(browser, link, mike_site + "1.0/guide/install/")


MATERIAL_SITE = """\
site_name: Instant
site_url: {root}
theme:
  name: material
  font: false
  features: [navigation.instant]
nav: [index.md, a.md, b.md, c.md]
plugins:
  - sitemap:
      max_urls: {max_urls}
"""


def _instant(tmp_path: Path, browser: Chromium, max_urls: int) -> tuple[bool, str]:
    """Build a Material site with instant navigation, click from a.md to b.md: whether the
    click was handled without a page load, and the build's log."""
    site = tmp_path / f"site-{max_urls}"
    out = site / "site"
    out.mkdir(parents=True)
    with local_server(serving(out)) as port:
        root = f"http://127.0.0.1:{port}/"
        write_files(
            site,
            {
                "mkdocs.yml": MATERIAL_SITE.format(root=root, max_urls=max_urls),
                "docs/index.md": "# Home\n",
                "docs/a.md": "# A\n\n[to b](b.md)\n",
                "docs/b.md": "# B\n",
                "docs/c.md": "# C\n",
            },
        )
        proc = mkdocs_build(site)
        browser.open(root + "a/")
        kept = _click_kept_page(browser, 'article a[href$="b/"]', root + "b/")
        return kept, proc.stderr


def test_instant_navigation_with_one_sitemap_and_with_shards(
    tmp_path: Path, browser: Chromium
) -> None:
    """Material's instant navigation reads the pages listed in sitemap.xml (not an index's
    shards): with one file and with shards alike, a click is handled without a page load."""
    instant, log = _instant(tmp_path, browser, 50000)
    assert instant
    assert "WARNING" not in log
    instant, log = _instant(tmp_path, browser, 2)
    assert instant
    assert "WARNING" not in log and "sitemap.xml lists all 4 pages for Material" in log
