"""Dice as the rules write them (rules/engine/dice.py): reading a notation, checking dice
entered at the table, and the server's rolls drawn from a match's seed and a purpose."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.dice import MAX_DICE, SOURCES, Notation, checked, notation, rolled
from rules.engine.errors import RulesError

# --- Reading a notation ---


@pytest.mark.parametrize(
    ("text", "written", "count", "sides"),
    [
        ("D6", "D6", 1, (6,)),
        ("2D6", "2D6", 2, (6, 6)),
        ("3D6", "3D6", 3, (6, 6, 6)),
        ("8D6", "8D6", 8, (6,) * 8),
        ("D68", "D68", 2, (6, 8)),
        ("1 of 11", "1 of 11", 1, (11,)),
        ("D3", "D3", 1, (3,)),
        ("D8", "D8", 1, (8,)),
        ("2D12", "2D12", 2, (12, 12)),
        ("D20", "D20", 1, (20,)),
        (f"{MAX_DICE}D6", f"{MAX_DICE}D6", MAX_DICE, (6,) * MAX_DICE),
    ],
)
def test_it_reads_the_rolls_the_rules_write(text, written, count, sides) -> None:
    roll = notation(text)
    assert (roll.text, roll.count, roll.sides) == (written, count, sides)
    assert str(roll) == written


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("d6", "D6"),
        ("1D6", "D6"),
        ("2d6", "2D6"),
        (" 3D6 ", "3D6"),
        ("d68", "D68"),
        ("1 OF 11", "1 of 11"),
        ("1  of   16", "1 of 16"),
        ("1 of 1", "1 of 1"),
        ("1 of 99", "1 of 99"),
    ],
)
def test_it_reads_a_notation_however_it_is_typed_and_writes_it_one_way(text, written) -> None:
    assert notation(text).text == written


def test_a_d68_is_a_d6_for_the_tens_then_a_d8_for_the_units() -> None:
    roll = notation("D68")
    assert roll.is_d68
    assert not roll.is_pick
    assert roll.total((4, 7)) == 47
    assert roll.total((1, 1)) == 11
    assert roll.total((6, 8)) == 68


def test_a_pick_of_one_of_n_reads_the_face_of_its_one_die() -> None:
    roll = notation("1 of 11")
    assert roll.is_pick
    assert not roll.is_d68
    assert roll.total((7,)) == 7


def test_an_ndm_roll_reads_as_the_sum_of_its_dice() -> None:
    roll = notation("3D6")
    assert not roll.is_d68
    assert not roll.is_pick
    assert roll.total((1, 5, 6)) == 12


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "'' is not a roll: write D6, 2D6, D68 or 1 of N"),
        ("D", "'D' is not a roll: write D6, 2D6, D68 or 1 of N"),
        ("6", "'6' is not a roll: write D6, 2D6, D68 or 1 of N"),
        ("2 D6", "'2 D6' is not a roll: write D6, 2D6, D68 or 1 of N"),
        ("2D6+1", "'2D6+1' is not a roll: write D6, 2D6, D68 or 1 of N"),
        ("two dice", "'two dice' is not a roll: write D6, 2D6, D68 or 1 of N"),
        ("2 of 11", "'2 of 11' is not a roll: write D6, 2D6, D68 or 1 of N"),
        ("-1D6", "'-1D6' is not a roll: write D6, 2D6, D68 or 1 of N"),
        ("0D6", f"A roll has 1 to {MAX_DICE} dice, not 0"),
        (f"{MAX_DICE + 1}D6", f"A roll has 1 to {MAX_DICE} dice, not {MAX_DICE + 1}"),
        ("D7", "Dice have 3, 6, 8, 12 or 20 sides, not 7"),
        ("D0", "Dice have 3, 6, 8, 12 or 20 sides, not 0"),
        ("2D68", "Dice have 3, 6, 8, 12 or 20 sides, not 68"),
        ("D100", "Dice have 3, 6, 8, 12 or 20 sides, not 100"),
        ("1 of 0", "A pick is one of 1 to 99, not one of 0"),
        ("1 of 100", "A pick is one of 1 to 99, not one of 100"),
    ],
)
def test_it_refuses_what_is_not_a_roll_saying_why(text, message) -> None:
    with pytest.raises(RulesError) as refused:
        notation(text)
    assert str(refused.value) == message


def test_a_number_that_is_not_a_notation_is_refused_by_its_text() -> None:
    with pytest.raises(RulesError, match=r"^6 is not a roll"):
        notation(6)  # type: ignore[arg-type]


def test_the_sources_are_entered_and_rolled() -> None:
    assert SOURCES == ("entered", "rolled")


# --- Checking entered dice ---


def test_it_checks_entered_dice_and_gives_them_back_as_numbers() -> None:
    assert checked(notation("2D6"), [3, 5]) == (3, 5)
    assert checked(notation("2D6"), ("3", " 5 ")) == (3, 5)
    assert checked(notation("D68"), [6, 8]) == (6, 8)
    assert checked(notation("1 of 11"), [11]) == (11,)
    assert checked(notation("8D6"), [1, 2, 3, 4, 5, 6, 1, 2]) == (1, 2, 3, 4, 5, 6, 1, 2)


@pytest.mark.parametrize(
    ("text", "values", "message"),
    [
        ("2D6", [3], "A 2D6 roll needs 2 dice, not 1"),
        ("2D6", [3, 4, 5], "A 2D6 roll needs 2 dice, not 3"),
        ("D6", [], "A D6 roll needs a die, not 0"),
        ("D68", [4], "A D68 roll needs 2 dice, not 1"),
        ("D6", [7], "Die 1 of a D6 roll reads 1 to 6, not 7"),
        ("D6", [0], "Die 1 of a D6 roll reads 1 to 6, not 0"),
        ("D6", ["-1"], "Die 1 of a D6 roll reads 1 to 6, not -1"),
        ("2D6", [6, 7], "Die 2 of a 2D6 roll reads 1 to 6, not 7"),
        ("D68", [7, 1], "Die 1 of a D68 roll reads 1 to 6, not 7"),
        ("D68", [6, 9], "Die 2 of a D68 roll reads 1 to 8, not 9"),
        ("1 of 11", [12], "Die 1 of a 1 of 11 roll reads 1 to 11, not 12"),
        ("D6", ["six"], "Die 1 of a D6 roll must be a whole number"),
        ("D6", ["3.0"], "Die 1 of a D6 roll must be a whole number"),
        ("D6", [3.5], "Die 1 of a D6 roll must be a whole number"),
        ("D6", [True], "Die 1 of a D6 roll must be a whole number"),
        ("D6", [None], "Die 1 of a D6 roll must be a whole number"),
        ("3D6", [1, "", 2], "Die 2 of a 3D6 roll must be a whole number"),
    ],
)
def test_it_refuses_entered_dice_naming_the_die(text, values, message) -> None:
    with pytest.raises(RulesError) as refused:
        checked(notation(text), values)
    assert str(refused.value) == message


def test_a_refusal_is_a_value_error_so_callers_treat_it_as_bad_input() -> None:
    with pytest.raises(ValueError, match="not 7"):
        checked(notation("D6"), [7])


# --- The server's rolls ---


def test_the_same_seed_and_purpose_always_give_the_same_dice() -> None:
    roll = notation("8D6")
    first = rolled(roll, "c0ffee", "casualty for #7")
    assert first == rolled(roll, "c0ffee", "casualty for #7")
    assert first == rolled(notation("8D6"), "c0ffee", "casualty for #7")


def test_the_dice_are_those_of_a_generator_seeded_with_seed_and_purpose() -> None:
    """What the match page's "seeded" note promises: anyone can redraw a roll."""
    rng = random.Random("c0ffee|winnings, home")
    assert rolled(notation("2D6"), "c0ffee", "winnings, home") == (
        rng.randint(1, 6),
        rng.randint(1, 6),
    )


def test_rolling_other_purposes_first_never_shifts_a_purpose_s_dice() -> None:
    roll = notation("3D6")
    alone = rolled(roll, "seed", "gate")
    for purpose in ("winnings, home", "winnings, away", "mvp, home", "casualty for #3"):
        rolled(roll, "seed", purpose)
    assert rolled(roll, "seed", "gate") == alone


def test_different_purposes_draw_different_dice() -> None:
    roll = notation("8D6")
    draws = {rolled(roll, "seed", f"casualty for #{n}") for n in range(1, 21)}
    assert len(draws) > 15  # 6**8 outcomes: twenty purposes all but never collide


def test_different_seeds_draw_different_dice_for_one_purpose() -> None:
    roll = notation("8D6")
    draws = {rolled(roll, f"seed-{n}", "gate") for n in range(20)}
    assert len(draws) > 15


def test_a_server_roll_of_each_die_reads_within_its_sides() -> None:
    for text in ("D3", "D6", "2D6", "D8", "D12", "D20", "D68", "1 of 11", "1 of 2"):
        roll = notation(text)
        for n in range(200):
            values = rolled(roll, "seed", f"roll {n}")
            assert len(values) == roll.count
            assert all(1 <= value <= sides for value, sides in zip(values, roll.sides, strict=True))


def test_a_server_d68_reads_as_tens_and_units() -> None:
    roll = notation("D68")
    seen = set()
    for n in range(400):
        tens, units = rolled(roll, "seed", f"casualty {n}")
        assert roll.total((tens, units)) == tens * 10 + units
        seen.add((tens, units))
    assert len(seen) == 48  # every one of the 6 x 8 results comes up


def test_a_server_d6_shows_every_face() -> None:
    faces = {rolled(notation("D6"), "seed", f"kick-off {n}")[0] for n in range(200)}
    assert faces == {1, 2, 3, 4, 5, 6}


# --- Properties ---

NOTATIONS = st.sampled_from(
    ["D3", "D6", "2D6", "3D6", "8D6", "D8", "D12", "D20", "D68", "1 of 11", "1 of 99"]
)
TEXT = st.text(min_size=0, max_size=40)


@given(text=NOTATIONS, seed=TEXT, purpose=TEXT)
def test_property_a_server_roll_is_reproducible_and_passes_the_entered_check(
    text, seed, purpose
) -> None:
    roll = notation(text)
    values = rolled(roll, seed, purpose)
    assert values == rolled(roll, seed, purpose)
    assert checked(roll, list(values)) == values
    assert checked(roll, [str(value) for value in values]) == values
    if roll.is_d68:
        assert roll.total(values) == values[0] * 10 + values[1]
    else:
        assert roll.total(values) == sum(values)


@given(count=st.integers(1, MAX_DICE), sides=st.sampled_from([3, 6, 8, 12, 20]))
def test_property_every_ndm_the_rules_allow_reads_back_as_written(count, sides) -> None:
    written = f"{count if count > 1 else ''}D{sides}"
    roll = notation(written)
    assert roll == Notation(written, count, (sides,) * count)
    assert notation(written.lower()) == roll
    assert notation(str(roll)) == roll


@given(
    text=NOTATIONS,
    wrong=st.integers().filter(lambda value: not 1 <= value <= 99),
    index=st.integers(0, 19),
)
def test_property_a_die_out_of_range_is_refused_by_its_place(text, wrong, index) -> None:
    roll = notation(text)
    index %= roll.count
    values = [1] * roll.count
    values[index] = wrong
    with pytest.raises(RulesError) as refused:
        checked(roll, values)
    assert str(refused.value) == (
        f"Die {index + 1} of a {roll} roll reads 1 to {roll.sides[index]}, not {wrong}"
    )
