"""The languages of a translated site, each with the folder its llms.txt goes in.

A language's folder is the one all its pages share under the base URL (``fr/``). The
language at the site's root (the default one), a language whose pages share no folder, and
pages without a language outside every language's folder are the root file's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sitemap_core._llms._text import common_folder, folder_of


@dataclass(frozen=True, slots=True)
class Language:
    """One language's part of the site.

    :param lang: its tag as the pages give it (the root: its first language, or ``None``).
    :param folder: the folder of its llms.txt, relative to the base URL (``""``: the root).
    :param pages: the positions of its pages in the list given, in that order.
    """

    lang: str | None
    folder: str
    pages: tuple[int, ...]


def split_languages(pages: Sequence[tuple[str, str | None]], base_url: str) -> list[Language]:
    """The site's languages, the root's first, the others in the order their first page came.

    :param pages: each page's URL and language, in the site's order.
    :return: one :class:`Language` for a site of one language (or none).
    """
    order: dict[str, str] = {}  # normalised tag -> the tag as first given
    members: dict[str, list[int]] = {}
    loose: list[int] = []
    for number, (_, lang) in enumerate(pages):
        if not lang:
            loose.append(number)
            continue
        key = lang.replace("_", "-").lower()
        order.setdefault(key, lang)
        members.setdefault(key, []).append(number)
    if len(order) < 2:
        return [Language(next(iter(order.values()), None), "", tuple(range(len(pages))))]
    # Each language's own folder: the one all its pages share, and no other language's (two
    # languages in one folder are told apart by neither: both stay in the root file).
    found = {k: common_folder((pages[n][0] for n in ns), base_url) for k, ns in members.items()}
    shared = {f for f in found.values() if list(found.values()).count(f) > 1}
    folders = {key: folder for key, folder in found.items() if folder and folder not in shared}
    root: list[int] = [n for key in order if key not in folders for n in members[key]]
    placed: dict[str, list[int]] = {key: list(members[key]) for key in folders}
    for number in loose:
        at = folder_of(pages[number][0], base_url)
        owners = [k for k, f in folders.items() if at is not None and f"{at}/".startswith(f"{f}/")]
        (placed[max(owners, key=lambda k: len(folders[k]))] if owners else root).append(number)
    root_lang = next((order[k] for k in order if k not in folders), None)
    languages = [Language(root_lang, "", tuple(sorted(root)))]
    languages += [Language(order[k], folders[k], tuple(sorted(placed[k]))) for k in placed]
    return languages
