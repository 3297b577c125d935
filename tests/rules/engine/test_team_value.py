"""Team value (lrb6-facts §4): players able to play, re-rolls, Fan Factor and staff."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.errors import RulesError
from rules.engine.ruleset import Ruleset, Staff
from rules.engine.team_value import RosterEntry, team_value


def eleven_linemen() -> list[RosterEntry]:
    return [RosterEntry(value=50_000) for _ in range(11)]


def test_a_new_human_team_is_worth_what_it_cost(lrb6_like: Ruleset) -> None:
    # 11 Linemen 550k, 3 re-rolls 150k, FF 5 50k, 2 assistants 20k, 2 cheerleaders 20k,
    # an apothecary 50k: 840,000.
    human = lrb6_like.races["human"]
    value = team_value(lrb6_like, human, eleven_linemen(), 3, 5, 2, 2, True)
    assert value == 840_000


def test_an_empty_team_with_nothing_is_worth_nothing(lrb6_like: Ruleset) -> None:
    assert team_value(lrb6_like, lrb6_like.races["human"], [], 0, 0, 0, 0, False) == 0


def test_players_missing_the_next_game_do_not_count(lrb6_like: Ruleset) -> None:
    human = lrb6_like.races["human"]
    players = [
        *eleven_linemen(),
        RosterEntry(value=160_000, available=False),  # a Catcher with a skill, MNG
        RosterEntry(value=90_000),
    ]
    assert team_value(lrb6_like, human, players, 0, 0, 0, 0, False) == 640_000


def test_a_player_value_includes_his_increases(lrb6_like: Ruleset) -> None:
    # A Lineman (50k) with Block (+20k) and +1 ST (+50k).
    human = lrb6_like.races["human"]
    assert team_value(lrb6_like, human, [RosterEntry(120_000)], 0, 0, 0, 0, False) == 120_000


def test_rerolls_count_at_the_base_price_never_the_doubled_one(lrb6_like: Ruleset) -> None:
    human, undead = lrb6_like.races["human"], lrb6_like.races["undead"]
    assert team_value(lrb6_like, human, [], 4, 0, 0, 0, False) == 4 * 50_000
    assert team_value(lrb6_like, undead, [], 4, 0, 0, 0, False) == 4 * 70_000


def test_each_fan_factor_point_counts_at_the_team_creation_price(lrb6_like: Ruleset) -> None:
    human = lrb6_like.races["human"]
    assert team_value(lrb6_like, human, [], 0, 9, 0, 0, False) == 90_000
    dearer = replace(
        lrb6_like, team_creation=replace(lrb6_like.team_creation, fan_factor_price=20_000)
    )
    assert team_value(dearer, human, [], 0, 9, 0, 0, False) == 180_000


def test_staff_count_at_their_cost(lrb6_like: Ruleset) -> None:
    human = lrb6_like.races["human"]
    assert team_value(lrb6_like, human, [], 0, 0, 3, 0, False) == 30_000
    assert team_value(lrb6_like, human, [], 0, 0, 0, 4, False) == 40_000
    assert team_value(lrb6_like, human, [], 0, 0, 0, 0, True) == 50_000


def test_staff_that_do_not_count_in_value_add_nothing(lrb6_like: Ruleset) -> None:
    free_cheer = Staff("cheerleader", "Cheerleader", 10_000, None, counts_in_value=False)
    house = replace(lrb6_like, staff={**lrb6_like.staff, "cheerleader": free_cheer})
    human = house.races["human"]
    assert team_value(house, human, [], 0, 0, 0, 6, False) == 0


def test_a_team_that_may_not_have_an_apothecary_cannot_count_one(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="Undead teams may not have an apothecary"):
        team_value(lrb6_like, lrb6_like.races["undead"], [], 0, 0, 0, 0, True)


def test_an_undead_team_without_an_apothecary_is_fine(lrb6_like: Ruleset) -> None:
    undead = lrb6_like.races["undead"]
    players = [RosterEntry(40_000) for _ in range(12)]
    assert team_value(lrb6_like, undead, players, 2, 3, 1, 0, False) == 480_000 + 140_000 + (
        30_000 + 10_000
    )


def test_a_ruleset_without_cheerleaders_refuses_a_team_with_some(lrb6_like: Ruleset) -> None:
    staff = {key: member for key, member in lrb6_like.staff.items() if key != "cheerleader"}
    house = replace(lrb6_like, staff=staff)
    human = house.races["human"]
    assert team_value(house, human, [], 0, 0, 0, 0, False) == 0
    with pytest.raises(RulesError, match="has no cheerleader"):
        team_value(house, human, [], 0, 0, 0, 1, False)


def test_it_refuses_more_staff_than_the_limit(lrb6_like: Ruleset) -> None:
    limited = Staff("assistant_coach", "Assistant Coach", 10_000, 2, counts_in_value=True)
    house = replace(lrb6_like, staff={**lrb6_like.staff, "assistant_coach": limited})
    human = house.races["human"]
    assert team_value(house, human, [], 0, 0, 2, 0, False) == 20_000
    with pytest.raises(RulesError, match="at most 2 Assistant Coach, not 3"):
        team_value(house, human, [], 0, 0, 3, 0, False)


@pytest.mark.parametrize(
    ("rerolls", "fan_factor", "assistants", "cheerleaders", "what"),
    [
        (-1, 0, 0, 0, "Team re-rolls"),
        (0, -1, 0, 0, "Fan Factor"),
        (0, 0, -1, 0, "Assistant coaches"),
        (0, 0, 0, -1, "Cheerleaders"),
    ],
)
def test_it_refuses_negative_counts(
    lrb6_like: Ruleset,
    rerolls: int,
    fan_factor: int,
    assistants: int,
    cheerleaders: int,
    what: str,
) -> None:
    human = lrb6_like.races["human"]
    with pytest.raises(RulesError, match=f"{what} cannot be below 0"):
        team_value(lrb6_like, human, [], rerolls, fan_factor, assistants, cheerleaders, False)


def test_it_refuses_a_player_with_a_negative_value(lrb6_like: Ruleset) -> None:
    human = lrb6_like.races["human"]
    with pytest.raises(RulesError, match="roster entry 2 cannot be below 0"):
        team_value(lrb6_like, human, [RosterEntry(50_000), RosterEntry(-5)], 0, 0, 0, 0, False)


def test_an_unavailable_player_with_a_bad_value_is_still_refused(lrb6_like: Ruleset) -> None:
    # A typo on a missing player is still a typo: it would count once he is back.
    human = lrb6_like.races["human"]
    with pytest.raises(RulesError, match="roster entry 1"):
        team_value(lrb6_like, human, [RosterEntry(-5, available=False)], 0, 0, 0, 0, False)


def test_it_accepts_any_iterable_of_players(lrb6_like: Ruleset) -> None:
    human = lrb6_like.races["human"]
    players = (RosterEntry(50_000) for _ in range(11))
    assert team_value(lrb6_like, human, players, 0, 0, 0, 0, False) == 550_000
