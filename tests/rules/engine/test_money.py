"""Gate, FAME, winnings and spiralling expenses (lrb6-facts §4)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.errors import RulesError
from rules.engine.money import (
    fame,
    fans,
    spiralling_expenses,
    winnings,
    winnings_with_reroll,
)
from rules.engine.ruleset import Ruleset
from tests.rules.conftest import build_lrb6_like, with_params, with_settings


@pytest.mark.parametrize(
    ("team_value", "expense"),
    [
        (0, 0),
        (1_000_000, 0),
        (1_749_999, 0),
        (1_750_000, 10_000),
        (1_890_000, 10_000),
        (1_899_999, 10_000),
        (1_900_000, 20_000),
        (2_049_999, 20_000),
        (2_050_000, 30_000),
        (2_199_999, 30_000),
        (2_200_000, 40_000),
        (2_340_000, 40_000),
        (3_100_000, 100_000),
        (3_250_000, 110_000),
    ],
)
def test_spiralling_expenses_climb_by_ten_thousand_per_band(
    lrb6_like: Ruleset, team_value: int, expense: int
) -> None:
    assert spiralling_expenses(lrb6_like, team_value) == expense


def test_a_ruleset_without_the_cap_setting_has_no_cap(lrb6_like: Ruleset) -> None:
    settings = {k: v for k, v in lrb6_like.settings.items() if k != "spiralling_expenses_cap"}
    uncapped = replace(lrb6_like, settings=settings)
    assert spiralling_expenses(uncapped, 4_000_000) == 160_000


@pytest.mark.parametrize(
    ("team_value", "expense"),
    [
        (1_749_999, 0),
        (1_750_000, 10_000),
        (3_099_999, 90_000),
        (3_100_000, 100_000),
        (3_250_000, 100_000),
        (5_000_000, 100_000),
    ],
)
def test_the_cap_setting_stops_spiralling_expenses_at_the_cap(
    lrb6_like: Ruleset, team_value: int, expense: int
) -> None:
    capped = with_settings(lrb6_like, spiralling_expenses_cap=100_000)
    assert spiralling_expenses(capped, team_value) == expense


def test_a_cap_of_zero_means_no_cap(lrb6_like: Ruleset) -> None:
    assert spiralling_expenses(with_settings(lrb6_like, spiralling_expenses_cap=0), 4_000_000) == (
        160_000
    )


def test_a_house_rule_threshold_moves_the_first_band(lrb6_like: Ruleset) -> None:
    house = with_params(lrb6_like, "spiralling_expenses", threshold=1_500_000)
    assert spiralling_expenses(house, 1_499_999) == 0
    assert spiralling_expenses(house, 1_500_000) == 10_000


def test_it_refuses_a_negative_team_value(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="Team value cannot be below 0"):
        spiralling_expenses(lrb6_like, -1)


@given(team_value=st.integers(min_value=0, max_value=6_000_000))
def test_spiralling_expenses_never_fall_as_team_value_rises(team_value: int) -> None:
    ruleset = build_lrb6_like()
    now = spiralling_expenses(ruleset, team_value)
    assert spiralling_expenses(ruleset, team_value + 10_000) >= now
    assert now % 10_000 == 0


@pytest.mark.parametrize(
    ("die", "fame_points", "won_or_drew", "gold"),
    [
        (1, 0, False, 10_000),
        (1, 0, True, 20_000),
        (6, 0, False, 60_000),
        (6, 0, True, 70_000),
        (3, 1, False, 40_000),
        (3, 2, True, 60_000),
        (6, 2, True, 90_000),
    ],
)
def test_winnings_are_die_plus_fame_plus_one_for_a_win_or_draw_times_ten_thousand(
    lrb6_like: Ruleset, die: int, fame_points: int, won_or_drew: bool, gold: int
) -> None:
    assert winnings(lrb6_like, die, fame_points, won_or_drew) == gold


@pytest.mark.parametrize("die", [0, 7, -2])
def test_it_refuses_a_winnings_die_that_is_not_a_d6(lrb6_like: Ruleset, die: int) -> None:
    with pytest.raises(RulesError, match=rf"winnings roll needs a D6 \(1-6\), not {die}"):
        winnings(lrb6_like, die, 0, True)


def test_it_refuses_negative_fame_for_winnings(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="FAME cannot be below 0"):
        winnings(lrb6_like, 3, -1, False)


def test_a_winner_that_does_not_reroll_keeps_its_first_die(lrb6_like: Ruleset) -> None:
    assert winnings_with_reroll(lrb6_like, 2, None, 1, won=True) == 40_000


def test_a_winner_that_rerolls_must_keep_the_second_die_even_when_lower(
    lrb6_like: Ruleset,
) -> None:
    assert winnings_with_reroll(lrb6_like, 5, 1, 0, won=True) == 20_000


def test_a_winner_that_rerolls_gets_the_second_die_when_higher(lrb6_like: Ruleset) -> None:
    assert winnings_with_reroll(lrb6_like, 1, 6, 2, won=True) == 90_000


def test_a_team_that_drew_gets_the_bonus_but_no_reroll(lrb6_like: Ruleset) -> None:
    assert winnings_with_reroll(lrb6_like, 3, None, 0, won=False, drew=True) == 40_000
    with pytest.raises(RulesError, match="Only the winning team may re-roll"):
        winnings_with_reroll(lrb6_like, 3, 5, 0, won=False, drew=True)


def test_a_losing_team_gets_no_bonus_and_no_reroll(lrb6_like: Ruleset) -> None:
    assert winnings_with_reroll(lrb6_like, 3, None, 0, won=False) == 30_000
    with pytest.raises(RulesError, match="Only the winning team may re-roll"):
        winnings_with_reroll(lrb6_like, 3, 4, 0, won=False)


def test_there_is_no_reroll_when_the_setting_is_off(lrb6_like: Ruleset) -> None:
    no_reroll = with_settings(lrb6_like, winnings_reroll_for_winner=False)
    assert winnings_with_reroll(no_reroll, 4, None, 0, won=True) == 50_000
    with pytest.raises(RulesError, match="gives the winner no re-roll"):
        winnings_with_reroll(no_reroll, 4, 2, 0, won=True)


def test_a_team_cannot_both_win_and_draw(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="both win and draw"):
        winnings_with_reroll(lrb6_like, 4, None, 0, won=True, drew=True)


@pytest.mark.parametrize(("first", "second"), [(0, 3), (7, 3), (3, 0), (3, 7)])
def test_both_winnings_dice_must_be_real_dice(lrb6_like: Ruleset, first: int, second: int) -> None:
    with pytest.raises(RulesError, match=r"needs a D6 \(1-6\)"):
        winnings_with_reroll(lrb6_like, first, second, 0, won=True)


@pytest.mark.parametrize(
    ("own", "opponent", "points"),
    [
        (10_000, 10_000, 0),
        (9_000, 10_000, 0),
        (2_000, 18_000, 0),
        (10_001, 10_000, 1),
        (11_000, 10_000, 1),
        (19_999, 10_000, 1),
        (20_000, 10_000, 2),
        (30_000, 10_000, 2),
        (4_000, 2_000, 2),
        (5_000, 3_000, 1),
        (0, 0, 0),
    ],
)
def test_fame_is_zero_one_or_two_by_how_many_more_fans_a_team_has(
    lrb6_like: Ruleset, own: int, opponent: int, points: int
) -> None:
    assert fame(lrb6_like, own, opponent) == points


def test_fame_is_not_symmetric(lrb6_like: Ruleset) -> None:
    # The bigger crowd gets FAME, the smaller one none; both teams are never above 0.
    assert (fame(lrb6_like, 24_000, 12_000), fame(lrb6_like, 12_000, 24_000)) == (2, 0)


def test_it_refuses_a_negative_crowd(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="fans cannot be below 0"):
        fame(lrb6_like, -1, 10_000)
    with pytest.raises(RulesError, match="opponent's fans cannot be below 0"):
        fame(lrb6_like, 10_000, -1)


@pytest.mark.parametrize(
    ("dice_total", "fan_factor", "crowd"),
    [
        (2, 0, 2_000),
        (12, 0, 12_000),
        (7, 5, 12_000),
        (12, 9, 21_000),
        (2, 18, 20_000),
    ],
)
def test_fans_are_two_dice_plus_fan_factor_times_a_thousand(
    lrb6_like: Ruleset, dice_total: int, fan_factor: int, crowd: int
) -> None:
    assert fans(lrb6_like, dice_total, fan_factor) == crowd


@pytest.mark.parametrize("dice_total", [1, 13, 0])
def test_it_refuses_a_gate_roll_that_two_dice_cannot_make(
    lrb6_like: Ruleset, dice_total: int
) -> None:
    with pytest.raises(RulesError, match=rf"gate roll is 2D6, a total of 2-12, not {dice_total}"):
        fans(lrb6_like, dice_total, 3)


def test_it_refuses_a_negative_fan_factor_at_the_gate(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="Fan Factor cannot be below 0"):
        fans(lrb6_like, 7, -1)


def test_gate_fame_and_winnings_chain_together(lrb6_like: Ruleset) -> None:
    # Home: 2D6 = 11 with FF 9 -> 20,000 fans; away: 2D6 = 4 with FF 6 -> 10,000 fans.
    home, away = fans(lrb6_like, 11, 9), fans(lrb6_like, 4, 6)
    home_fame, away_fame = fame(lrb6_like, home, away), fame(lrb6_like, away, home)
    assert (home_fame, away_fame) == (2, 0)
    # Home won and re-rolled a 2 into a 5; away lost and rolled 6.
    assert winnings_with_reroll(lrb6_like, 2, 5, home_fame, won=True) == 80_000
    assert winnings_with_reroll(lrb6_like, 6, None, away_fame, won=False) == 60_000
