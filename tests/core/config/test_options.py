"""The option table: Settings' defaults and checks come from it, and each default is typed once."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from sitemap_core import ConfigError, Settings
from sitemap_core._config._options import ADAPTERS, BY_NAME, OPTIONS, Option, offered, spellings
from tests.conftest import ROOT

BASE = "https://example.org/"


def _name(option: Option) -> str:
    return option.name


#: Settings fields no user types: an adapter sets them, or they have no option yet.
ADAPTER_SET = {
    "base_url",
    "kinds",
    "metadata_dates",
    "publish_dates",
    "html_themed",
    "output_path",
    "versioned",
    "index_filename",
    "utc_suffix",
    # The generator's own site_name / SITENAME / project (llms.txt's heading), not ours.
    "site_name",
    "site_description",
    "site_names",
}


def test_every_option_a_user_sets_is_a_row_and_its_default_is_settings_default() -> None:
    fields = {f.name: f for f in dataclasses.fields(Settings)}
    rows = {option.name for option in OPTIONS if option.setting}
    assert set(fields) - ADAPTER_SET == rows
    for name in rows:
        option = BY_NAME[name]
        assert fields[name].default == option.default, name


def test_each_row_is_offered_somewhere_under_unique_names() -> None:
    for option in OPTIONS:
        assert any(option.spelling(adapter) for adapter in ADAPTERS), option.name
        assert option.doc and "\n" not in option.doc
    for adapter in ADAPTERS:
        names = [option.spelling(adapter) for option in offered(adapter)]
        assert len(names) == len(set(names)), adapter


@pytest.mark.parametrize("option", [o for o in OPTIONS if o.kind == "choice"], ids=_name)
def test_a_value_outside_the_choices_names_the_setting(option: Option) -> None:
    values: dict[str, Any] = {option.name: "nope"}
    with pytest.raises(ConfigError, match=rf"^{option.name}: 'nope' is not '"):
        Settings(base_url=BASE, **values)


@pytest.mark.parametrize("option", [o for o in OPTIONS if o.limits], ids=_name)
def test_a_number_outside_the_limits_names_the_setting(option: Option) -> None:
    name = option.name
    assert option.limits is not None
    low, high = option.limits
    bad_values: tuple[Any, ...] = (low - 1, high + 1, True, "10")
    for bad in bad_values:
        values: dict[str, Any] = {name: bad}
        with pytest.raises(ConfigError, match=rf"^{name}: .* must be a whole number from"):
            Settings(base_url=BASE, **values)
    values = {name: high}
    assert getattr(Settings(base_url=BASE, **values), name) == high


def test_spellings_name_each_setting_as_the_adapter_spells_it() -> None:
    assert spellings("sphinx")["max_urls"] == "sitemap_max_urls"
    assert spellings("sphinx")["html_sitemap"] == "sitemap_html"
    assert spellings("cli")["sections"] == "--section"
    assert spellings("pelican")["lastmod_sources"] == "lastmod"
    assert spellings("pelican")["html_sitemap_title"] == "html_title"
    assert "html_sitemap_title" not in spellings("cli")


def _source_files() -> list[str]:
    paths = [*(ROOT / "sitemap_core").rglob("*.py"), *(ROOT / "plugins").rglob("*.py")]
    return [p.read_text(encoding="utf-8") for p in paths]


@pytest.mark.parametrize(
    "default",
    [
        r'"front_matter",\s*"metadata",\s*"git"',  # the default lastmod order
        r"10_?485_?760",  # max_bytes
        r'"Site map"',  # the site map page's title in the adapters' options
    ],
)
def test_each_default_is_typed_in_one_place(default: str) -> None:
    where = [text for text in _source_files() if re.search(default, text)]
    # The table, and for the title the site map page's English label (_html_sitemap/_labels.py).
    assert len(where) == 1 or (default == r'"Site map"' and len(where) == 2), len(where)
