"""The plain values of a match report (rules.engine.report_entry): how each die is named by
its purpose, which purposes belong to the report form, and the small readers of an entry
and of a team's facts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.report_entry import (
    CASUALTY_DICE,
    REGENERATES_ON,
    Member,
    Ref,
    ReportEntry,
    SideFacts,
    casualty_purpose,
    is_report_purpose,
    mvp_purpose,
    other,
)

# --- The purposes' wording ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "system", "wording"),
    [
        ("casualty", "lrb6", "casualty for away #3"),
        ("decay", "lrb6", "Decay casualty for away #3"),
        ("apothecary", "lrb6", "apothecary's casualty for away #3"),
        ("regeneration", "lrb6", "regeneration for away #3"),
        ("igor", "lrb6", "Igor's regeneration for away #3"),
        ("injury", "gdbbl", "injury for away #3"),
        ("apothecary", "gdbbl", "apothecary's roll for away #3"),
        ("serious", "gdbbl", "serious injury for away #3"),
        ("regeneration", "gdbbl", "regeneration for away #3"),
    ],
)
def test_a_casualty_die_is_named_by_its_kind_and_its_victim(kind, system, wording) -> None:
    assert casualty_purpose(kind, system, Ref("away", 3)) == wording


def test_a_second_casualty_of_the_same_victim_is_numbered_2() -> None:
    assert casualty_purpose("casualty", "lrb6", Ref("home", 8), 2) == "casualty for home #8 (2)"


def test_the_first_mvp_has_no_number_and_the_second_is_mvp_2() -> None:
    assert mvp_purpose("home") == "MVP for home"
    assert mvp_purpose("away", 2) == "MVP 2 for away"


def test_lrb6_rolls_a_d68_for_each_casualty_result_and_a_d6_for_each_regeneration() -> None:
    notations = {kind: notation for kind, (_, notation) in CASUALTY_DICE["lrb6"].items()}
    assert notations == {
        "casualty": "D68",
        "decay": "D68",
        "apothecary": "D68",
        "regeneration": "D6",
        "igor": "D6",
    }


def test_gdbbl_rolls_2d6_for_the_injury_the_apothecary_and_the_serious_injury() -> None:
    notations = {kind: notation for kind, (_, notation) in CASUALTY_DICE["gdbbl"].items()}
    assert notations == {
        "injury": "2D6",
        "apothecary": "2D6",
        "serious": "2D6",
        "regeneration": "D6",
        "ability": "1 of 4",  # 1 MA, 2 ST, 3 AG, 4 AV
        "fanatic": "D6",  # Ball and Chain: 1-3 dead, 4-6 plays next match
    }


def test_regeneration_heals_on_4_plus_in_lrb6_and_on_2_to_6_in_gdbbl() -> None:
    # LRB6 003 Regeneration: "On a 4-6 ... heal"; GDBBL 001: "On 2-6 place the player in the
    # reserves box".
    assert REGENERATES_ON == {"lrb6": 4, "gdbbl": 2}


# --- Which purposes belong to the report ------------------------------------------------------


@pytest.mark.parametrize(
    "purpose",
    [
        "casualty for away #3",
        "Decay casualty for home #7",
        "apothecary's casualty for home #12",
        "regeneration for away #8",
        "Igor's regeneration for away #8 (2)",
        "injury for home #1",
        "apothecary's roll for away #4",
        "serious injury for home #16",
        "casualty for home #8 (2)",
        "MVP for home",
        "MVP 2 for away",
        "MVP 3 for home",
    ],
)
def test_the_report_form_owns_its_casualty_dice_and_mvp_draws(purpose: str) -> None:
    assert is_report_purpose(purpose)


@pytest.mark.parametrize(
    "purpose",
    [
        "winnings for home",
        "fan factor for away",
        "gate",
        "weather",
        "kick-off",
        "improvement for home #3",
        "casualty for neutral #3",
        "casualty for away #three",
        "MVP for both",
        "an MVP for home",
        "casualty for away #3 again",
        "",
    ],
)
def test_the_dice_log_keeps_every_other_purpose(purpose: str) -> None:
    assert not is_report_purpose(purpose)


@given(
    kind=st.sampled_from(
        [(kind, system) for system, kinds in CASUALTY_DICE.items() for kind in kinds]
    ),
    side=st.sampled_from(["home", "away"]),
    number=st.integers(1, 99),
    nth=st.integers(1, 9),
)
def test_every_casualty_purpose_is_a_report_purpose(kind, side, number, nth) -> None:
    assert is_report_purpose(casualty_purpose(*kind, Ref(side, number), nth))


@given(side=st.sampled_from(["home", "away"]), nth=st.integers(1, 9))
def test_every_mvp_purpose_is_a_report_purpose(side: str, nth: int) -> None:
    assert is_report_purpose(mvp_purpose(side, nth))


# --- Small readers --------------------------------------------------------------------------


def test_the_other_side_of_home_is_away_and_of_away_home() -> None:
    assert (other("home"), other("away")) == ("away", "home")


def test_players_are_written_with_their_number_first() -> None:
    assert str(Member(7, "Rotter")) == "#7 Rotter"
    assert str(Ref("away", 7)) == "away #7"


@pytest.mark.parametrize(
    ("home", "away", "winner"), [(2, 1, "home"), (0, 3, "away"), (1, 1, None), (0, 0, None)]
)
def test_the_winner_is_the_side_with_more_touchdowns(home: int, away: int, winner) -> None:
    entry = ReportEntry(home_touchdowns=home, away_touchdowns=away)
    assert entry.winner() == winner
    assert (entry.touchdowns("home"), entry.touchdowns("away")) == (home, away)


def test_a_number_names_the_player_who_took_part_before_an_absent_one_with_it() -> None:
    # A dead #5 still on the books and the journeyman who wears #5 in this match.
    dead = Member(5, "Old Five", took_part=False, absent="is dead")
    journeyman = Member(5, "New Five", kind="journeyman")
    facts = SideFacts("home", "Reavers", (dead, journeyman))
    assert facts.member(5) == journeyman
    assert SideFacts("home", "Reavers", (dead,)).member(5) == dead
    assert facts.member(6) is None
