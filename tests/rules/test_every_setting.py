"""Every bundled edition's settings: each has a type, a valid default and an explanation.

A commissioner reads these to decide how the open questions of the rules are answered, so
none may be missing its explanation or its source.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.edition import SETTING_TYPES, bundled_edition_slugs, edition_read

SETTINGS = [
    pytest.param(slug, setting, id=f"{slug}-{setting.key}")
    for slug in bundled_edition_slugs()
    for setting in edition_read(slug).settings
]


def test_every_bundled_edition_is_walked() -> None:
    assert {"lrb6"} <= set(bundled_edition_slugs())
    assert {slug for slug, *_ in (p.values for p in SETTINGS)} == set(bundled_edition_slugs())


@pytest.mark.parametrize(("slug", "setting"), SETTINGS)
def test_each_setting_has_a_valid_default_an_explanation_and_a_source(slug, setting) -> None:
    assert setting.type in SETTING_TYPES
    if setting.type == "bool":
        assert isinstance(setting.default, bool)
    elif setting.type == "choice":
        assert setting.default in setting.choices
        assert len(setting.choices) >= 2
    else:
        assert isinstance(setting.default, int)
        assert not isinstance(setting.default, bool)
        if setting.type == "money":
            assert setting.default >= 0
    assert setting.value == setting.default, "a bundled edition uses its own defaults"
    assert len(setting.explanation.split()) >= 4, "say what the setting does"
    assert setting.source.strip(), "name the document and section the gap comes from"


@pytest.mark.parametrize("slug", bundled_edition_slugs())
def test_setting_keys_are_unique_within_an_edition(slug: str) -> None:
    keys = [setting.key for setting in edition_read(slug).settings]
    assert len(keys) == len(set(keys))


DOCS = Path(__file__).resolve().parents[2] / "docs" / "rulesets"


@pytest.mark.parametrize("slug", bundled_edition_slugs())
def test_the_gaps_table_names_every_setting(slug: str) -> None:
    table = (DOCS / f"{slug}-settings.md").read_text()
    missing = [s.key for s in edition_read(slug).settings if f"`{s.key}`" not in table]
    assert missing == [], f"docs/rulesets/{slug}-settings.md does not map these settings"
