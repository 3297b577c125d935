"""The D68 Casualty table and the 2D6 Injury table (lrb6-facts §1)."""

from __future__ import annotations

import pytest

from rules.engine.casualties import Casualty, casualty, injury
from rules.engine.errors import RulesError
from rules.engine.ruleset import Ruleset

# Every D68 result: (tens, units, result, miss next game, niggling, characteristic, dead).
ALL_48_RESULTS = [
    (1, 1, "Badly Hurt", False, False, None, False),
    (1, 2, "Badly Hurt", False, False, None, False),
    (1, 3, "Badly Hurt", False, False, None, False),
    (1, 4, "Badly Hurt", False, False, None, False),
    (1, 5, "Badly Hurt", False, False, None, False),
    (1, 6, "Badly Hurt", False, False, None, False),
    (1, 7, "Badly Hurt", False, False, None, False),
    (1, 8, "Badly Hurt", False, False, None, False),
    (2, 1, "Badly Hurt", False, False, None, False),
    (2, 2, "Badly Hurt", False, False, None, False),
    (2, 3, "Badly Hurt", False, False, None, False),
    (2, 4, "Badly Hurt", False, False, None, False),
    (2, 5, "Badly Hurt", False, False, None, False),
    (2, 6, "Badly Hurt", False, False, None, False),
    (2, 7, "Badly Hurt", False, False, None, False),
    (2, 8, "Badly Hurt", False, False, None, False),
    (3, 1, "Badly Hurt", False, False, None, False),
    (3, 2, "Badly Hurt", False, False, None, False),
    (3, 3, "Badly Hurt", False, False, None, False),
    (3, 4, "Badly Hurt", False, False, None, False),
    (3, 5, "Badly Hurt", False, False, None, False),
    (3, 6, "Badly Hurt", False, False, None, False),
    (3, 7, "Badly Hurt", False, False, None, False),
    (3, 8, "Badly Hurt", False, False, None, False),
    (4, 1, "Broken Ribs", True, False, None, False),
    (4, 2, "Groin Strain", True, False, None, False),
    (4, 3, "Gouged Eye", True, False, None, False),
    (4, 4, "Broken Jaw", True, False, None, False),
    (4, 5, "Fractured Arm", True, False, None, False),
    (4, 6, "Fractured Leg", True, False, None, False),
    (4, 7, "Smashed Hand", True, False, None, False),
    (4, 8, "Pinched Nerve", True, False, None, False),
    (5, 1, "Damaged Back", True, True, None, False),
    (5, 2, "Smashed Knee", True, True, None, False),
    (5, 3, "Smashed Hip", True, False, "MA", False),
    (5, 4, "Smashed Ankle", True, False, "MA", False),
    (5, 5, "Serious Concussion", True, False, "AV", False),
    (5, 6, "Fractured Skull", True, False, "AV", False),
    (5, 7, "Broken Neck", True, False, "AG", False),
    (5, 8, "Smashed Collar Bone", True, False, "ST", False),
    (6, 1, "Dead", False, False, None, True),
    (6, 2, "Dead", False, False, None, True),
    (6, 3, "Dead", False, False, None, True),
    (6, 4, "Dead", False, False, None, True),
    (6, 5, "Dead", False, False, None, True),
    (6, 6, "Dead", False, False, None, True),
    (6, 7, "Dead", False, False, None, True),
    (6, 8, "Dead", False, False, None, True),
]


def test_the_table_of_expectations_lists_each_of_the_48_d68_results_once() -> None:
    rolls = [(tens, units) for tens, units, *_ in ALL_48_RESULTS]
    assert len(rolls) == 48
    assert set(rolls) == {(tens, units) for tens in range(1, 7) for units in range(1, 9)}


@pytest.mark.parametrize(
    ("tens", "units", "result", "miss_next_game", "niggling", "characteristic", "dead"),
    ALL_48_RESULTS,
)
def test_each_d68_roll_gives_the_lrb6_casualty(
    lrb6_like: Ruleset,
    tens: int,
    units: int,
    result: str,
    miss_next_game: bool,
    niggling: bool,
    characteristic: str | None,
    dead: bool,
) -> None:
    got = casualty(lrb6_like, tens, units)

    assert got.roll == tens * 10 + units
    assert got.result == result
    assert got.miss_next_game is miss_next_game
    assert got.niggling is niggling
    assert got.characteristic == characteristic
    assert got.dead is dead


def test_it_returns_the_whole_row_for_a_smashed_hip(lrb6_like: Ruleset) -> None:
    got = casualty(lrb6_like, 5, 3)
    # The effect is prose, worded per ruleset; every other field is a rule.
    assert got.effect.startswith("-1 MA")
    assert got == Casualty(
        roll=53,
        result="Smashed Hip",
        effect=got.effect,
        miss_next_game=True,
        niggling=False,
        characteristic="MA",
        dead=False,
    )


def test_every_result_from_41_to_58_means_missing_the_next_game(lrb6_like: Ruleset) -> None:
    for tens in (4, 5):
        for units in range(1, 9):
            assert casualty(lrb6_like, tens, units).miss_next_game, (tens, units)


def test_only_damaged_back_and_smashed_knee_are_niggling_injuries(lrb6_like: Ruleset) -> None:
    niggling = {
        casualty(lrb6_like, tens, units).result
        for tens in range(1, 7)
        for units in range(1, 9)
        if casualty(lrb6_like, tens, units).niggling
    }
    assert niggling == {"Damaged Back", "Smashed Knee"}


def test_a_badly_hurt_player_has_no_lasting_effect(lrb6_like: Ruleset) -> None:
    hurt = casualty(lrb6_like, 3, 8)
    assert hurt.result == "Badly Hurt"
    assert not hurt.miss_next_game
    assert not hurt.niggling
    assert not hurt.dead
    assert hurt.characteristic is None


def test_a_dead_player_is_dead_on_every_roll_of_six_for_the_tens(lrb6_like: Ruleset) -> None:
    assert all(casualty(lrb6_like, 6, units).dead for units in range(1, 9))
    assert not any(casualty(lrb6_like, 5, units).dead for units in range(1, 9))


@pytest.mark.parametrize("tens", [0, 7, -1, 10])
def test_it_refuses_a_tens_die_that_is_not_a_d6(lrb6_like: Ruleset, tens: int) -> None:
    with pytest.raises(RulesError, match=rf"needs a D6 for the tens \(1-6\), not {tens}"):
        casualty(lrb6_like, tens, 1)


@pytest.mark.parametrize("units", [0, 9, -3])
def test_it_refuses_a_units_die_that_is_not_a_d8(lrb6_like: Ruleset, units: int) -> None:
    with pytest.raises(RulesError, match=rf"needs a D8 for the units \(1-8\), not {units}"):
        casualty(lrb6_like, 1, units)


def test_it_checks_the_tens_before_the_units(lrb6_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="tens"):
        casualty(lrb6_like, 7, 9)


@pytest.mark.parametrize("die", [True, 4.0, "4", None])
def test_it_refuses_dice_that_are_not_whole_numbers(lrb6_like: Ruleset, die: object) -> None:
    with pytest.raises(RulesError, match="whole number"):
        casualty(lrb6_like, die, 1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="whole number"):
        casualty(lrb6_like, 1, die)  # type: ignore[arg-type]


def test_a_casualty_error_is_a_value_error(lrb6_like: Ruleset) -> None:
    with pytest.raises(ValueError, match="D68"):
        casualty(lrb6_like, 7, 1)


@pytest.mark.parametrize(
    ("total", "result"),
    [
        (2, "Stunned"),
        (7, "Stunned"),
        (8, "KO'd"),
        (9, "KO'd"),
        (10, "Casualty"),
        (12, "Casualty"),
    ],
)
def test_the_injury_table_gives_stunned_kod_or_casualty(
    lrb6_like: Ruleset, total: int, result: str
) -> None:
    assert injury(lrb6_like, total) == result


def test_every_injury_total_from_2_to_12_has_a_result(lrb6_like: Ruleset) -> None:
    results = [injury(lrb6_like, total) for total in range(2, 13)]
    assert results == ["Stunned"] * 6 + ["KO'd"] * 2 + ["Casualty"] * 3


@pytest.mark.parametrize("total", [1, 13, 0, -2])
def test_it_refuses_an_injury_total_the_table_does_not_cover(
    lrb6_like: Ruleset, total: int
) -> None:
    with pytest.raises(RulesError, match=rf"Injury roll is a 2D6 total \(2-12\), not {total}"):
        injury(lrb6_like, total)
