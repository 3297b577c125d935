"""Before kick-off in LRB6: journeymen, value at kick-off, petty cash, gate and FAME.

Numbers come from rules/editions/lrb6 (journeymen fill to 11 from 0-12/0-16 positions; a
Human Lineman costs 50,000, a Blitzer is 0-4; fans are (2D6 + FF) x 1,000)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from rules.edition import edition_read
from rules.engine.errors import Problem, RulesError
from rules.engine.kick_off import (
    Gate,
    gate,
    inducement_budget,
    journeyman_positions,
    journeymen_check,
    journeymen_wanted,
    petty_cash,
    value_at_kick_off,
)
from rules.engine.ruleset import Ruleset
from rules.snapshot import edition_ruleset
from tests.rules.conftest import with_settings


@cache
def lrb6() -> Ruleset:
    return edition_ruleset(edition_read("lrb6"), version=1)


def without(ruleset: Ruleset, key: str) -> Ruleset:
    """A ruleset version made before the setting `key` existed."""
    return replace(ruleset, settings={k: v for k, v in ruleset.settings.items() if k != key})


def human_check(able: int, positions: list[str], ruleset: Ruleset | None = None) -> list[str]:
    ruleset = ruleset or lrb6()
    problems = journeymen_check(ruleset, ruleset.races["human"], able, positions, team="Gouged Eye")
    assert all(problem.field == "journeymen" for problem in problems)
    return [problem.message for problem in problems]


def test_the_issue_example_a_human_team_of_nine_meets_a_team_of_1_400_000() -> None:
    ruleset = lrb6()
    human = ruleset.races["human"]
    assert journeymen_wanted(ruleset, 9) == 2
    assert [p.name for p in journeyman_positions(ruleset, human)] == ["Lineman"]
    assert human_check(9, ["Lineman", "Lineman"]) == []
    costs = [human.position("Lineman").cost] * 2
    assert costs == [50_000, 50_000]
    own = value_at_kick_off(ruleset, 900_000, costs)
    assert own == 1_000_000
    assert petty_cash(ruleset, own, 1_400_000) == 400_000
    assert petty_cash(ruleset, 1_400_000, own) == 0
    assert inducement_budget(ruleset, 400_000, 30_000) == (400_000, 30_000)


@pytest.mark.parametrize(("able", "wanted"), [(0, 11), (3, 8), (10, 1), (11, 0), (14, 0)])
def test_journeymen_fill_a_team_up_to_eleven_and_never_below_none(able: int, wanted: int) -> None:
    assert journeymen_wanted(lrb6(), able) == wanted


def test_a_league_without_journeymen_gives_none_and_refuses_any() -> None:
    ruleset = with_settings(lrb6(), journeymen_allowed=False)
    assert journeymen_wanted(ruleset, 5) == 0
    assert human_check(5, ["Lineman"], ruleset) == ["This league does not allow journeymen."]
    assert human_check(5, [], ruleset) == []


def test_a_ruleset_version_without_the_journeymen_settings_allows_and_counts_them() -> None:
    ruleset = without(without(lrb6(), "journeymen_allowed"), "journeymen_count_in_value")
    assert journeymen_wanted(ruleset, 9) == 2
    assert value_at_kick_off(ruleset, 900_000, [50_000]) == 950_000


def test_a_full_team_takes_no_journeymen() -> None:
    assert human_check(11, ["Lineman"]) == [
        "Gouged Eye has 11 players able to play: it takes no journeymen."
    ]


def test_a_team_cannot_take_more_journeymen_than_reach_eleven() -> None:
    assert human_check(9, ["Lineman"] * 3) == [
        "Gouged Eye may take 2 journeymen to reach 11, not 3."
    ]
    assert human_check(9, ["Lineman"]) == []


def test_journeymen_come_only_from_positions_allowing_twelve_or_more() -> None:
    assert human_check(9, ["Lineman", "Blitzer"]) == [
        "Human journeymen come from Linemen (0-16); not Blitzer (0-4)."
    ]


def test_an_unknown_position_is_refused_by_name() -> None:
    assert human_check(9, ["Wardancer"]) == ["Human teams have no position named 'Wardancer'."]


def test_every_broken_rule_is_reported_at_once() -> None:
    problems = journeymen_check(lrb6(), lrb6().races["undead"], 10, ["Mummy", "Zombie"])
    assert problems == [
        Problem("journeymen", "This team may take 1 journeyman to reach 11, not 2."),
        Problem(
            "journeymen",
            "Undead journeymen come from Skeletons (0-16) or Zombies (0-16); not Mummy (0-2).",
        ),
    ]


@pytest.mark.parametrize(
    ("race", "positions"),
    [
        ("human", ["Lineman"]),
        ("undead", ["Skeleton", "Zombie"]),
        ("chaos-pact", ["Marauder"]),  # 0-12
        ("underworld", ["Underworld Goblin"]),  # 0-12
        ("ogre", ["Snotling"]),
        ("dwarf", ["Blocker"]),
    ],
)
def test_journeyman_positions_are_the_zero_to_twelve_or_sixteen_ones(
    race: str, positions: list[str]
) -> None:
    found = journeyman_positions(lrb6(), lrb6().races[race])
    assert [position.name for position in found] == positions


def test_journeymen_add_their_cost_only_when_they_count_in_value() -> None:
    assert value_at_kick_off(lrb6(), 900_000, []) == 900_000
    off = with_settings(lrb6(), journeymen_count_in_value=False)
    assert value_at_kick_off(off, 900_000, [50_000, 50_000]) == 900_000


@pytest.mark.parametrize(("own", "other"), [(1_000_000, 1_000_000), (1_400_000, 1_000_000)])
def test_equal_or_higher_value_teams_get_no_petty_cash(own: int, other: int) -> None:
    assert petty_cash(lrb6(), own, other) == 0


def test_no_petty_cash_when_the_league_has_none() -> None:
    assert petty_cash(with_settings(lrb6(), petty_cash="none"), 1_000_000, 1_400_000) == 0
    assert petty_cash(without(lrb6(), "petty_cash"), 1_000_000, 1_400_000) == 400_000


def test_the_treasury_adds_nothing_when_off_or_in_debt() -> None:
    off = with_settings(lrb6(), treasury_for_inducements=False)
    assert inducement_budget(off, 400_000, 30_000) == (400_000, 0)
    assert inducement_budget(lrb6(), 0, -20_000) == (0, 0)


def test_negative_values_are_refused() -> None:
    with pytest.raises(RulesError):
        value_at_kick_off(lrb6(), -1, [])
    with pytest.raises(RulesError):
        petty_cash(lrb6(), 1_000_000, -1)
    with pytest.raises(RulesError):
        journeymen_wanted(lrb6(), -1)


@pytest.mark.parametrize(
    ("rolls", "expected"),
    [
        # equal fans: 7,000 each, nobody has FAME
        ((5, 2, 4, 3), Gate(7_000, 7_000, 14_000, 0, 0)),
        # more fans: 8,000 against 7,000
        ((6, 2, 4, 3), Gate(8_000, 7_000, 15_000, 1, 0)),
        # exactly twice as many: 4,000 against 8,000
        ((2, 2, 5, 3), Gate(4_000, 8_000, 12_000, 0, 2)),
        # just under twice: 15,000 against 8,000
        ((12, 3, 5, 3), Gate(15_000, 8_000, 23_000, 1, 0)),
    ],
)
def test_the_gate_is_both_teams_fans_and_fame_compares_them(
    rolls: tuple[int, int, int, int], expected: Gate
) -> None:
    assert gate(lrb6(), *rolls) == expected


def test_a_gate_roll_off_two_dice_is_refused() -> None:
    with pytest.raises(RulesError):
        gate(lrb6(), 13, 0, 7, 0)
