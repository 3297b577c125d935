"""The Fan Factor roll after a match (lrb6-facts §4)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.errors import RulesError
from rules.engine.fans import dice_count, fan_factor_change
from rules.engine.ruleset import Ruleset
from tests.rules.conftest import build_lrb6_like, with_settings


def test_the_winner_rolls_three_dice_and_the_others_two(lrb6_like: Ruleset) -> None:
    assert dice_count(lrb6_like, "win") == 3
    assert dice_count(lrb6_like, "draw") == 2
    assert dice_count(lrb6_like, "loss") == 2


@pytest.mark.parametrize(
    ("result", "dice", "fan_factor", "change"),
    [
        # A winner on 3D6: the lowest total is 3, the highest 18.
        ("win", (1, 1, 1), 2, 1),
        ("win", (1, 1, 1), 3, 0),
        ("win", (1, 1, 1), 4, 0),
        ("win", (6, 6, 6), 17, 1),
        ("win", (6, 6, 6), 18, 0),
        ("win", (6, 6, 6), 19, 0),
        ("win", (2, 3, 4), 8, 1),
        ("win", (2, 3, 4), 9, 0),
        ("win", (2, 3, 4), 10, 0),  # a winner never loses fans
        # A loser on 2D6: the lowest total is 2, the highest 12.
        ("loss", (1, 1), 3, -1),
        ("loss", (1, 1), 2, 0),
        ("loss", (1, 1), 1, 0),
        ("loss", (6, 6), 13, -1),
        ("loss", (6, 6), 12, 0),
        ("loss", (6, 6), 0, 0),  # a loser never gains fans
        # A draw on 2D6 can go either way.
        ("draw", (1, 1), 1, 1),
        ("draw", (1, 1), 2, 0),
        ("draw", (1, 1), 3, -1),
        ("draw", (6, 6), 11, 1),
        ("draw", (6, 6), 12, 0),
        ("draw", (6, 6), 13, -1),
        ("draw", (3, 4), 7, 0),
    ],
)
def test_the_fan_factor_moves_by_one_when_the_total_beats_or_misses_it(
    lrb6_like: Ruleset, result: str, dice: tuple[int, ...], fan_factor: int, change: int
) -> None:
    assert fan_factor_change(lrb6_like, result, dice, fan_factor) == change


@pytest.mark.parametrize("result", ["win", "draw", "loss"])
def test_a_total_equal_to_the_fan_factor_changes_nothing(lrb6_like: Ruleset, result: str) -> None:
    dice = (3, 4, 5) if result == "win" else (3, 4)
    assert fan_factor_change(lrb6_like, result, dice, sum(dice)) == 0


def test_a_team_at_fan_factor_zero_that_would_lose_one_stays_at_zero(
    lrb6_like: Ruleset,
) -> None:
    # 2D6 can never total below 0, so LRB6 cannot even get here; a house-rule floor can.
    floor_two = with_settings(lrb6_like, fan_factor_floor=2)
    assert fan_factor_change(floor_two, "loss", (1, 1), 2) == 0
    assert fan_factor_change(floor_two, "loss", (1, 1), 3) == -1


def test_a_team_below_a_raised_floor_may_still_gain_fans(lrb6_like: Ruleset) -> None:
    floor_five = with_settings(lrb6_like, fan_factor_floor=5)
    assert fan_factor_change(floor_five, "win", (1, 1, 1), 2) == 1
    assert fan_factor_change(floor_five, "loss", (1, 1), 2) == 0


def test_the_floor_comes_from_the_table_when_there_is_no_setting(lrb6_like: Ruleset) -> None:
    table = lrb6_like.tables["fan_factor_change"]
    high_floor = replace(table, params={**table.params, "minimum": 5})
    house = replace(lrb6_like, tables={**lrb6_like.tables, "fan_factor_change": high_floor})
    settings = {k: v for k, v in house.settings.items() if k != "fan_factor_floor"}
    house = replace(house, settings=settings)
    assert fan_factor_change(house, "loss", (1, 1), 5) == 0
    assert fan_factor_change(house, "loss", (1, 1), 6) == -1


def test_the_floor_setting_wins_over_the_table_minimum(lrb6_like: Ruleset) -> None:
    table = lrb6_like.tables["fan_factor_change"]
    high_floor = replace(table, params={**table.params, "minimum": 5})
    house = replace(lrb6_like, tables={**lrb6_like.tables, "fan_factor_change": high_floor})
    assert fan_factor_change(with_settings(house, fan_factor_floor=0), "loss", (1, 1), 5) == -1


@pytest.mark.parametrize(
    ("result", "dice", "message"),
    [
        ("win", (3, 3), "A winning team rolls 3 dice for its Fan Factor, not 2"),
        ("win", (3, 3, 3, 3), "A winning team rolls 3 dice for its Fan Factor, not 4"),
        ("draw", (3, 3, 3), "A team that drew rolls 2 dice for its Fan Factor, not 3"),
        ("loss", (3,), "A losing team rolls 2 dice for its Fan Factor, not 1"),
        ("loss", (), "A losing team rolls 2 dice for its Fan Factor, not 0"),
    ],
)
def test_it_refuses_the_wrong_number_of_dice(
    lrb6_like: Ruleset, result: str, dice: tuple[int, ...], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        fan_factor_change(lrb6_like, result, dice, 5)


@pytest.mark.parametrize(
    ("result", "dice", "bad"),
    [
        ("win", (1, 7, 1), "die 2"),
        ("win", (0, 3, 3), "die 1"),
        ("loss", (4, 9), "die 2"),
        ("draw", (-1, 4), "die 1"),
    ],
)
def test_it_refuses_dice_that_are_not_d6(
    lrb6_like: Ruleset, result: str, dice: tuple[int, ...], bad: str
) -> None:
    with pytest.raises(RulesError, match=rf"Fan Factor roll \({bad}\) needs a D6 \(1-6\)"):
        fan_factor_change(lrb6_like, result, dice, 5)


def test_it_refuses_a_result_that_is_not_win_draw_or_loss(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="one of win, draw, loss, not 'conceded'"):
        fan_factor_change(lrb6_like, "conceded", (3, 3), 5)
    with pytest.raises(RulesError, match="not 'won'"):
        dice_count(lrb6_like, "won")


def test_it_refuses_a_negative_fan_factor(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="Fan Factor cannot be below 0"):
        fan_factor_change(lrb6_like, "loss", (3, 3), -1)


@given(
    result=st.sampled_from(["win", "draw", "loss"]),
    dice=st.lists(st.integers(1, 6), min_size=3, max_size=3),
    fan_factor=st.integers(0, 20),
)
def test_the_fan_factor_never_leaves_its_range(
    result: str, dice: list[int], fan_factor: int
) -> None:
    ruleset = build_lrb6_like()
    rolled = dice if result == "win" else dice[:2]
    change = fan_factor_change(ruleset, result, rolled, fan_factor)
    assert change in (-1, 0, 1)
    assert fan_factor + change >= 0
    if result == "win":
        assert change >= 0
    if result == "loss":
        assert change <= 0
