"""Before a GDBBL kick-off (001, in order): the ratings at kick-off, the handicap for the
lower-rated team, the Special Play cards, and what GDBBL shares with LRB6: the weather and the
niggling injury rolls. Freebooters are in test_freebooters.py.

The numbers are GDBBL 1.2's: team rating = team value // 10,000 + SPP // 5; handicap by the
difference 0-10: 0 cards 0 MVPs, 11-20: 1/0, 21-30: 1/1, 31-50: 2/1, 51-75: 2/2, 76-100: 3/2,
101+: 3/3; Special Play cards D6 1 -> 1, 2-5 -> 2, 6 -> 3; weather 2D6 2 Sweltering Heat,
3 Very Sunny, 4-10 Nice, 11 Pouring Rain, 12 Blizzard.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.edition import edition_read
from rules.engine import gdbbl
from rules.engine.errors import RulesError
from rules.engine.gdbbl import Handicap
from rules.engine.kick_off import niggle_dice, niggle_keeps_out, weather
from rules.engine.ruleset import Ruleset
from rules.snapshot import edition_ruleset
from tests.rules.conftest import with_settings
from tests.rules.gdbbl_like import gdbbl_ruleset, read_gdbbl_files, without_settings

NOTHING = Handicap(cards=0, mvps=0)


@pytest.fixture(scope="session", params=["typed", "data-files"])
def gdbbl_like(request: pytest.FixtureRequest) -> Ruleset:
    """The typed-in GDBBL numbers, then GDBBL as read from rules/editions/gdbbl/."""
    return gdbbl_ruleset(request.param)


@cache
def gdbbl_files() -> Ruleset:
    return read_gdbbl_files()


@cache
def lrb6() -> Ruleset:
    return edition_ruleset(edition_read("lrb6"), version=1)


# --- The handicap ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("difference", "cards", "mvps"),
    [
        (0, 0, 0),
        (10, 0, 0),
        (11, 1, 0),
        (20, 1, 0),
        (21, 1, 1),
        (30, 1, 1),
        (31, 2, 1),
        (50, 2, 1),
        (51, 2, 2),
        (75, 2, 2),
        (76, 3, 2),
        (99, 3, 2),
        (100, 3, 2),
        (101, 3, 3),
        (250, 3, 3),
    ],
)
def test_the_handicap_at_each_band_edge(
    gdbbl_like: Ruleset, difference: int, cards: int, mvps: int
) -> None:
    assert gdbbl.handicap(gdbbl_like, difference) == Handicap(cards=cards, mvps=mvps)


@pytest.mark.parametrize(
    ("band", "at_100"), [("76_100", Handicap(3, 2)), ("101_plus", Handicap(3, 3))]
)
def test_a_difference_of_exactly_100_falls_in_the_band_the_league_chose(
    gdbbl_like: Ruleset, band: str, at_100: Handicap
) -> None:
    ruleset = with_settings(gdbbl_like, handicap_100_band=band)
    assert gdbbl.handicap(ruleset, 100) == at_100
    assert gdbbl.handicap(ruleset, 99) == Handicap(3, 2)
    assert gdbbl.handicap(ruleset, 101) == Handicap(3, 3)


def test_a_ruleset_copy_without_the_100_band_setting_puts_100_in_76_to_100(
    gdbbl_like: Ruleset,
) -> None:
    assert gdbbl.handicap(without_settings(gdbbl_like, "handicap_100_band"), 100) == Handicap(3, 2)


def test_an_unknown_100_band_setting_is_broken_ruleset_data(gdbbl_like: Ruleset) -> None:
    ruleset = with_settings(gdbbl_like, handicap_100_band="100_plus")
    with pytest.raises(LookupError, match="unknown handicap_100_band setting '100_plus'"):
        gdbbl.handicap(ruleset, 100)


def test_a_negative_difference_is_refused(gdbbl_like: Ruleset) -> None:
    with pytest.raises(RulesError) as refused:
        gdbbl.handicap(gdbbl_like, -1)
    assert str(refused.value) == "A team-rating difference cannot be below 0, not -1"


def test_the_lower_rated_home_team_gets_the_handicap_and_the_other_nothing(
    gdbbl_like: Ruleset,
) -> None:
    """The shared teams: Humans rated 100 at home, Orcs 125: 25 behind, 1 card, 1 MVP."""
    assert gdbbl.handicaps(gdbbl_like, 100, 125) == (Handicap(1, 1), NOTHING)


def test_the_lower_rated_away_team_gets_the_handicap(gdbbl_like: Ruleset) -> None:
    assert gdbbl.handicaps(gdbbl_like, 125, 100) == (NOTHING, Handicap(1, 1))


@pytest.mark.parametrize(("home", "away"), [(100, 100), (0, 0), (78, 74), (74, 78), (90, 100)])
def test_equal_or_close_teams_get_nothing(gdbbl_like: Ruleset, home: int, away: int) -> None:
    assert gdbbl.handicaps(gdbbl_like, home, away) == (NOTHING, NOTHING)


@pytest.mark.parametrize(
    ("band", "bonus"), [("76_100", Handicap(3, 2)), ("101_plus", Handicap(3, 3))]
)
def test_handicaps_at_exactly_100_apart_follow_the_band_setting_both_ways(
    gdbbl_like: Ruleset, band: str, bonus: Handicap
) -> None:
    ruleset = with_settings(gdbbl_like, handicap_100_band=band)
    assert gdbbl.handicaps(ruleset, 80, 180) == (bonus, NOTHING)
    assert gdbbl.handicaps(ruleset, 180, 80) == (NOTHING, bonus)


@pytest.mark.parametrize(
    ("home", "away", "whose"), [(-1, 100, "The home team's"), (100, -1, "The away team's")]
)
def test_a_negative_rating_is_refused(
    gdbbl_like: Ruleset, home: int, away: int, whose: str
) -> None:
    with pytest.raises(RulesError) as refused:
        gdbbl.handicaps(gdbbl_like, home, away)
    assert str(refused.value) == f"{whose} rating cannot be below 0, not -1"


@given(st.integers(0, 400), st.integers(0, 400))
def test_only_the_lower_rated_team_ever_gets_a_handicap(home: int, away: int) -> None:
    ruleset = gdbbl_files()
    home_bonus, away_bonus = gdbbl.handicaps(ruleset, home, away)
    behind = gdbbl.handicap(ruleset, abs(home - away))
    if home < away:
        assert (home_bonus, away_bonus) == (behind, NOTHING)
    elif away < home:
        assert (home_bonus, away_bonus) == (NOTHING, behind)
    else:
        assert (home_bonus, away_bonus) == (NOTHING, NOTHING)


# --- Special Play cards ---------------------------------------------------------------------


@pytest.mark.parametrize(("die", "cards"), [(1, 1), (2, 2), (3, 2), (4, 2), (5, 2), (6, 3)])
def test_the_special_play_cards_for_each_face_of_the_die(die: int, cards: int) -> None:
    assert gdbbl.special_play_cards(gdbbl_files(), die) == cards


@pytest.mark.parametrize(
    ("die", "bonus", "cards"), [(1, 1, 2), (4, 1, 3), (6, 2, 5), (6, 3, 6), (2, 0, 2)]
)
def test_the_handicaps_bonus_cards_are_added(die: int, bonus: int, cards: int) -> None:
    assert gdbbl.special_play_cards(gdbbl_files(), die, bonus) == cards


@pytest.mark.parametrize(
    ("die", "message"),
    [
        (0, "The Special Play cards roll needs a D6 (1-6), not 0"),
        (7, "The Special Play cards roll needs a D6 (1-6), not 7"),
        (-3, "The Special Play cards roll needs a D6 (1-6), not -3"),
        (2.5, "The Special Play cards roll must be a whole number, not 2.5"),
        (True, "The Special Play cards roll must be a whole number, not True"),
    ],
)
def test_a_bad_die_is_refused(die: object, message: str) -> None:
    with pytest.raises(RulesError) as refused:
        gdbbl.special_play_cards(gdbbl_files(), die)  # type: ignore[arg-type]
    assert str(refused.value) == message


def test_negative_bonus_cards_are_refused() -> None:
    with pytest.raises(RulesError) as refused:
        gdbbl.special_play_cards(gdbbl_files(), 3, -1)
    assert str(refused.value) == "Bonus cards cannot be below 0, not -1"


# --- The ratings at kick-off ------------------------------------------------------------------


def test_freebooters_leave_the_rating_alone_by_default(gdbbl_like: Ruleset) -> None:
    """freebooters_in_team_rating is off: the rating on the roster is the one that counts."""
    ruleset = with_settings(gdbbl_like, freebooters_in_team_rating=False)
    assert gdbbl.rating_at_kick_off(ruleset, 1_000_000, 0, [35_000, 180_000]) == (1_000_000, 100)


def test_a_ruleset_copy_without_the_setting_leaves_freebooters_out(gdbbl_like: Ruleset) -> None:
    ruleset = without_settings(gdbbl_like, "freebooters_in_team_rating")
    assert gdbbl.rating_at_kick_off(ruleset, 1_000_000, 0, [35_000]) == (1_000_000, 100)


def test_freebooters_add_their_value_where_the_league_counts_them(gdbbl_like: Ruleset) -> None:
    ruleset = with_settings(gdbbl_like, freebooters_in_team_rating=True)
    assert gdbbl.rating_at_kick_off(ruleset, 1_000_000, 0, [35_000, 180_000]) == (1_215_000, 121)
    assert gdbbl.rating_at_kick_off(ruleset, 1_000_000, 0, []) == (1_000_000, 100)


def test_counting_griff_closes_the_humans_gap_and_their_handicap(gdbbl_like: Ruleset) -> None:
    """The shared teams: Humans 1,000,000 (100) v Orcs 1,250,000 (125). Griff Oberwald adds
    180,000 where freebooters count: 118 v 125, 7 behind, no handicap."""
    counted = with_settings(gdbbl_like, freebooters_in_team_rating=True)
    home = gdbbl.rating_at_kick_off(counted, 1_000_000, 0, [180_000])
    away = gdbbl.rating_at_kick_off(counted, 1_250_000, 0)
    assert (home, away) == ((1_180_000, 118), (1_250_000, 125))
    assert gdbbl.handicaps(counted, home[1], away[1]) == (NOTHING, NOTHING)


@pytest.mark.parametrize(
    ("value", "spp", "rating"),
    [
        (1_000_000, 4, 100),
        (1_000_000, 5, 101),
        (1_000_000, 24, 104),
        (1_009_999, 9, 101),
        (1_010_000, 10, 103),
        (0, 0, 0),
    ],
)
def test_value_and_spp_are_each_rounded_down(
    gdbbl_like: Ruleset, value: int, spp: int, rating: int
) -> None:
    assert gdbbl.rating_at_kick_off(gdbbl_like, value, spp) == (value, rating)


def test_counted_freebooters_bring_value_but_no_spp(gdbbl_like: Ruleset) -> None:
    ruleset = with_settings(gdbbl_like, freebooters_in_team_rating=True)
    # 1,000,000 + 35,000 = 1,035,000 -> 103; 9 SPP -> 1.
    assert gdbbl.rating_at_kick_off(ruleset, 1_000_000, 9, [35_000]) == (1_035_000, 104)


@pytest.mark.parametrize(
    ("value", "spp", "freebooters", "message"),
    [
        (-1, 0, [], "Team value cannot be below 0, not -1"),
        (1_000_000, -5, [], "The team's Star Player Points cannot be below 0, not -5"),
        (1_000_000, 0, [-35_000], "A freebooter's value cannot be below 0, not -35000"),
    ],
)
def test_negative_numbers_are_refused(
    gdbbl_like: Ruleset, value: int, spp: int, freebooters: list[int], message: str
) -> None:
    with pytest.raises(RulesError) as refused:
        gdbbl.rating_at_kick_off(gdbbl_like, value, spp, freebooters)
    assert str(refused.value) == message


@given(
    st.integers(0, 3_000_000),
    st.integers(0, 2_000),
    st.lists(st.integers(0, 300_000), max_size=5),
    st.booleans(),
)
def test_the_rating_is_value_over_10000_plus_spp_over_5_rounded_down(
    value: int, spp: int, freebooters: list[int], counted: bool
) -> None:
    ruleset = with_settings(gdbbl_files(), freebooters_in_team_rating=counted)
    at_kick_off = value + (sum(freebooters) if counted else 0)
    assert gdbbl.rating_at_kick_off(ruleset, value, spp, freebooters) == (
        at_kick_off,
        at_kick_off // 10_000 + spp // 5,
    )


# --- The weather ------------------------------------------------------------------------------

WEATHER = {
    2: "Sweltering Heat",
    3: "Very Sunny",
    **dict.fromkeys(range(4, 11), "Nice"),
    11: "Pouring Rain",
    12: "Blizzard",
}


@pytest.mark.parametrize("total", range(2, 13))
def test_the_gdbbl_weather_for_every_total(total: int) -> None:
    name, effect = weather(gdbbl_files(), total)
    assert name == WEATHER[total]
    assert effect


@pytest.mark.parametrize("total", range(2, 13))
def test_the_lrb6_weather_for_every_total(total: int) -> None:
    name, effect = weather(lrb6(), total)
    assert name == WEATHER[total]
    assert effect


def test_each_edition_reads_its_own_weather_effects() -> None:
    assert weather(gdbbl_files(), 2) == (
        "Sweltering Heat",
        "Roll D6 for each player: on a 1 he cannot play and goes to the reserves box.",
    )
    assert weather(lrb6(), 2) == (
        "Sweltering Heat",
        "At the end of each drive every player on the pitch rolls D6; on a 1 he cannot be set "
        "up for the next kick-off.",
    )
    assert weather(gdbbl_files(), 7) == ("Nice", "Perfect Blood Bowl weather: no effect.")
    assert weather(lrb6(), 7) == ("Nice", "No effect.")


@pytest.mark.parametrize("edition", ["gdbbl", "lrb6"])
@pytest.mark.parametrize("total", [1, 13, 0, -2, 24])
def test_a_total_outside_2_to_12_is_refused(edition: str, total: int) -> None:
    ruleset = gdbbl_files() if edition == "gdbbl" else lrb6()
    with pytest.raises(RulesError) as refused:
        weather(ruleset, total)
    assert str(refused.value) == f"The weather roll is a 2D6 total, not {total}"


@pytest.mark.parametrize("total", [7.0, True, "7"])
def test_a_weather_total_that_is_no_whole_number_is_refused(total: object) -> None:
    with pytest.raises(RulesError) as refused:
        weather(gdbbl_files(), total)  # type: ignore[arg-type]
    assert str(refused.value) == f"The weather roll must be a whole number, not {total!r}"


# --- Niggling injuries ------------------------------------------------------------------------


def test_gdbbl_rolls_once_per_player_by_default() -> None:
    assert gdbbl_files().settings["niggling_roll_per_marker"] == "once_per_player"
    assert [niggle_dice(gdbbl_files(), markers) for markers in range(5)] == [0, 1, 1, 1, 1]


@pytest.mark.parametrize(
    ("rule", "dice"),
    [("once_per_player", [0, 1, 1, 1, 1]), ("once_per_marker", [0, 1, 2, 3, 4])],
)
def test_gdbbl_rolls_as_niggling_roll_per_marker_says(rule: str, dice: list[int]) -> None:
    ruleset = with_settings(gdbbl_files(), niggling_roll_per_marker=rule)
    assert [niggle_dice(ruleset, markers) for markers in range(5)] == dice


def test_lrb6_has_no_such_setting_and_rolls_one_die_per_marker() -> None:
    assert "niggling_roll_per_marker" not in lrb6().settings
    assert [niggle_dice(lrb6(), markers) for markers in range(5)] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("edition", ["gdbbl", "lrb6"])
def test_negative_markers_are_refused(edition: str) -> None:
    ruleset = gdbbl_files() if edition == "gdbbl" else lrb6()
    with pytest.raises(RulesError) as refused:
        niggle_dice(ruleset, -1)
    assert str(refused.value) == "Niggling Injuries cannot be below 0, not -1"


@pytest.mark.parametrize(
    ("rolls", "out"), [([1], True), ([2], False), ([4, 1], True), ([6, 6, 2], False), ([], False)]
)
def test_any_one_keeps_the_player_out(rolls: list[int], out: bool) -> None:
    assert niggle_keeps_out(rolls) is out


@pytest.mark.parametrize("die", [0, 7])
def test_a_niggle_roll_off_the_die_is_refused(die: int) -> None:
    with pytest.raises(RulesError) as refused:
        niggle_keeps_out([3, die])
    assert str(refused.value) == f"A niggling injury roll needs a D6 (1-6), not {die}"


@pytest.mark.parametrize("die", [2.5, True, "1"])
def test_a_niggle_roll_that_is_no_whole_number_is_refused(die) -> None:
    with pytest.raises(RulesError):
        niggle_keeps_out([die])
