"""How generic table rows read on the page: flags, dashes, gold, rolls and bands."""

from __future__ import annotations

import pytest

from rules import models
from rules.display import band_label, cell, params_list, table_grid
from rules.selectors import tables


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (True, "yes"),
        (False, "no"),
        (None, "—"),
        ("", "—"),
        ([], "—"),
        (50000, "50,000"),
        (-1, "-1"),
        (0, "0"),
        (["MA", "AV"], "MA, AV"),
        ("Badly Hurt", "Badly Hurt"),
    ],
)
def test_a_cell_reads_as_a_person_would_write_it(value, text: str) -> None:
    assert cell(value) == text


def test_a_band_reads_as_a_range_or_an_open_end() -> None:
    assert band_label([100, 125]) == "100–125"
    assert band_label([251, None]) == "251+"


def test_params_write_out_bands_pairs_and_mappings() -> None:
    assert params_list(
        {
            "rating_bands": [[0, 99], [251, None]],
            "illegal_pairs": [["Frenzy", "Grab"]],
            "restricted_categories": {"H": ["skaven", "chaos"]},
            "max_increase": 2,
        }
    ) == [
        ("Rating bands", "0–99, 251+"),
        ("Illegal pairs", "Frenzy with Grab"),
        ("Restricted categories", "H: skaven, chaos"),
        ("Max increase", "2"),
    ]


@pytest.fixture
def lrb6_tables(lrb6_version: models.RulesetVersion) -> dict[str, models.RulesTable]:
    return {table.key: table for table in tables(lrb6_version)}


@pytest.mark.django_db
def test_the_casualty_table_has_a_roll_column_and_its_own_columns(lrb6_tables) -> None:
    grid = table_grid(lrb6_tables["casualty"])
    assert grid.headers == (
        "Roll",
        "Result",
        "Effect",
        "Miss next game",
        "Niggling",
        "Characteristic",
        "Dead",
    )
    assert len(grid.rows) == 18
    assert grid.rows[0][:2] == ("11–38", "Badly Hurt")
    assert grid.rows[11][:2] == ("53", "Smashed Hip")
    assert grid.rows[11][3:] == ("yes", "no", "MA", "no")


@pytest.mark.django_db
def test_experience_levels_are_read_by_spp_with_an_open_top(lrb6_tables) -> None:
    grid = table_grid(lrb6_tables["experience_levels"])
    assert grid.headers[0] == "SPP"
    assert grid.rows[-1] == ("176+", "Legend", "6")


@pytest.mark.django_db
def test_a_plain_list_has_no_roll_column(lrb6_tables) -> None:
    grid = table_grid(lrb6_tables["value_increases"])
    assert grid.headers == ("Advancement", "Name", "Value")
    assert ("AG", "+1 AG", "40,000") in grid.rows
