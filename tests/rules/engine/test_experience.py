"""Star Player Points: awards, levels and improvement rolls due (lrb6-facts §2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.edition import edition_read
from rules.engine.errors import RulesError
from rules.engine.experience import (
    Level,
    experience_level,
    improvement_rolls_due,
    level_title,
    spp_for,
)
from rules.engine.ruleset import Ruleset
from rules.snapshot import edition_ruleset
from tests.rules.conftest import build_lrb6_like


@pytest.mark.parametrize(
    ("spp", "title", "rolls", "min_spp"),
    [
        (0, "Rookie", 0, 0),
        (5, "Rookie", 0, 0),
        (6, "Experienced", 1, 6),
        (15, "Experienced", 1, 6),
        (16, "Veteran", 2, 16),
        (30, "Veteran", 2, 16),
        (31, "Emerging Star", 3, 31),
        (50, "Emerging Star", 3, 31),
        (51, "Star", 4, 51),
        (75, "Star", 4, 51),
        (76, "Super Star", 5, 76),
        (175, "Super Star", 5, 76),
        (176, "Legend", 6, 176),
        (1000, "Legend", 6, 176),
    ],
)
def test_each_level_boundary_falls_where_lrb6_puts_it(
    lrb6_like: Ruleset, spp: int, title: str, rolls: int, min_spp: int
) -> None:
    assert experience_level(lrb6_like, spp) == Level(
        title=title, improvement_rolls=rolls, min_spp=min_spp
    )


def test_it_refuses_negative_star_player_points(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="Star Player Points cannot be below 0, not -1"):
        experience_level(lrb6_like, -1)


def test_it_refuses_star_player_points_that_are_not_whole(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="whole number"):
        experience_level(lrb6_like, 5.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("spp", "taken", "due"),
    [
        (0, 0, 0),
        (5, 0, 0),
        (6, 0, 1),
        (6, 1, 0),
        (16, 0, 2),
        (16, 1, 1),
        (31, 2, 1),
        (176, 0, 6),
        (176, 5, 1),
        (176, 6, 0),
    ],
)
def test_it_counts_the_improvement_rolls_still_due(
    lrb6_like: Ruleset, spp: int, taken: int, due: int
) -> None:
    assert improvement_rolls_due(lrb6_like, spp, taken) == due


def test_a_player_with_more_advancements_than_earned_has_none_due(lrb6_like: Ruleset) -> None:
    # After a corrected report lowered his SPP, say: never a negative number of rolls.
    assert improvement_rolls_due(lrb6_like, 10, 3) == 0


def test_it_refuses_a_negative_number_of_advancements_taken(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="advancements already taken cannot be below 0"):
        improvement_rolls_due(lrb6_like, 10, -1)


def test_it_refuses_negative_spp_when_counting_rolls_due(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="Star Player Points"):
        improvement_rolls_due(lrb6_like, -6, 0)


@given(spp=st.integers(min_value=0, max_value=400), taken=st.integers(0, 8))
def test_rolls_due_never_go_below_zero_nor_above_the_level(spp: int, taken: int) -> None:
    ruleset = build_lrb6_like()
    due = improvement_rolls_due(ruleset, spp, taken)
    assert 0 <= due <= experience_level(ruleset, spp).improvement_rolls


@given(spp=st.integers(min_value=0, max_value=400))
def test_a_higher_spp_total_never_earns_fewer_rolls(spp: int) -> None:
    ruleset = build_lrb6_like()
    now = experience_level(ruleset, spp).improvement_rolls
    assert experience_level(ruleset, spp + 1).improvement_rolls >= now


@pytest.mark.parametrize(
    ("action", "spp"),
    [
        ("completion", 1),
        ("interception", 2),
        ("casualty", 2),
        ("touchdown", 3),
        ("mvp", 5),
    ],
)
def test_each_action_earns_its_lrb6_spp(lrb6_like: Ruleset, action: str, spp: int) -> None:
    assert spp_for(lrb6_like, action) == spp


def test_it_refuses_an_action_the_table_does_not_award(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match=r"awards no SPP for 'foul'.*completion"):
        spp_for(lrb6_like, "foul")


def test_a_legend_made_of_touchdowns_needs_59_of_them(lrb6_like: Ruleset) -> None:
    # 58 touchdowns are 174 SPP (Super Star); the 59th makes 177 (Legend).
    per_touchdown = spp_for(lrb6_like, "touchdown")
    assert experience_level(lrb6_like, 58 * per_touchdown).title == "Super Star"
    assert experience_level(lrb6_like, 59 * per_touchdown).title == "Legend"


# --- Titles, as the roster and the API show them ---


@pytest.mark.parametrize(
    ("spp", "title"),
    [
        (0, "Rookie"),
        (5, "Rookie"),
        (6, "Experienced"),
        (15, "Experienced"),
        (16, "Veteran"),
        (30, "Veteran"),
        (31, "Emerging Star"),
        (50, "Emerging Star"),
        (51, "Star"),
        (75, "Star"),
        (76, "Super Star"),
        (175, "Super Star"),
        (176, "Legend"),
        (1000, "Legend"),
    ],
)
def test_each_title_starts_and_ends_where_the_lrb6_table_says(
    lrb6_like: Ruleset, spp: int, title: str
) -> None:
    # lrb6_like is the typed-in table and the one read from rules/editions/lrb6/tables.yaml.
    assert level_title(lrb6_like, spp) == title


@pytest.mark.parametrize(
    ("spp", "title"),
    [
        (5, "Rookie"),
        (6, "Experienced"),
        (10, "Experienced"),
        (11, "Veteran"),
        (25, "Veteran"),
        (26, "Star Player (4th level)"),
        (50, "Star Player (4th level)"),
        (51, "Star Player (5th level)"),
        (100, "Star Player (5th level)"),
        (101, "Star Player (6th level)"),
        (150, "Star Player (6th level)"),
        (151, "Star Player (7th level)"),
        (250, "Star Player (7th level)"),
        (251, "Star Player (8th level)"),
    ],
)
def test_gdbbl_titles_come_from_its_own_table(spp: int, title: str) -> None:
    # 001's own levels (6-10, 11-25, 26-50, ...), not LRB6's.
    assert level_title(edition_ruleset(edition_read("gdbbl")), spp) == title


@pytest.mark.parametrize("slug", ["first-edition", "blitz-bowl"])
def test_a_results_only_system_gives_no_title(slug: str) -> None:
    assert level_title(edition_ruleset(edition_read(slug)), 50) is None


def test_a_title_refuses_negative_star_player_points(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="Star Player Points cannot be below 0"):
        level_title(lrb6_like, -1)


@given(spp=st.integers(min_value=0, max_value=400))
def test_the_title_is_the_level_s_title(spp: int) -> None:
    ruleset = build_lrb6_like()
    assert level_title(ruleset, spp) == experience_level(ruleset, spp).title
