"""GDBBL money, fans, handicap, team rating, experience, injuries and star prices
(seed-gdbbl-1st-blitz §A.2, §A.4, §A.5, §A.8). The star player roll is in
test_gdbbl_engine_advancement.py."""

from __future__ import annotations

import pytest

from rules.engine import gdbbl
from rules.engine.errors import RulesError
from rules.engine.experience import experience_level, improvement_rolls_due, spp_for
from rules.engine.ruleset import Ruleset
from tests.rules.conftest import with_settings
from tests.rules.gdbbl_like import (
    HANDICAP_ROWS,
    LEVELS,
    RATING_BANDS,
    SERIOUS_INJURY_RESULTS,
    WINNINGS_ROWS,
    build_gdbbl_like,
    gdbbl_ruleset,
    read_gdbbl_files,
    without_settings,
)


@pytest.fixture(scope="session", params=["typed", "data-files"])
def gdbbl_like(request: pytest.FixtureRequest) -> Ruleset:
    """The typed-in GDBBL numbers, then GDBBL as read from rules/editions/gdbbl/."""
    return gdbbl_ruleset(request.param)


# --- The gate -----------------------------------------------------------------------------


def test_the_gate_is_one_d6_per_fan_factor_point_times_a_thousand(gdbbl_like: Ruleset) -> None:
    assert gdbbl.gate(gdbbl_like, [6, 5, 4, 3, 2], (3, 2)) == 20_000


@pytest.mark.parametrize(("home", "away"), [(1, 1), (1, 9), (5, 4), (9, 9)])
def test_the_gate_ranges_from_all_ones_to_all_sixes(
    gdbbl_like: Ruleset, home: int, away: int
) -> None:
    count = home + away
    assert gdbbl.gate(gdbbl_like, [1] * count, (home, away)) == count * 1_000
    assert gdbbl.gate(gdbbl_like, [6] * count, (home, away)) == count * 6_000


def test_the_largest_gate_is_eighteen_sixes(gdbbl_like: Ruleset) -> None:
    assert gdbbl.gate(gdbbl_like, [6] * 18, (9, 9)) == 108_000


@pytest.mark.parametrize("count", [4, 6, 0])
def test_the_gate_needs_exactly_as_many_dice_as_fan_factor_points(
    gdbbl_like: Ruleset, count: int
) -> None:
    with pytest.raises(RulesError, match=f"one D6 per point of Fan Factor.*not {count}"):
        gdbbl.gate(gdbbl_like, [3] * count, (3, 2))


@pytest.mark.parametrize("die", [0, 7, -1])
def test_the_gate_refuses_a_die_that_is_not_a_d6(gdbbl_like: Ruleset, die: int) -> None:
    with pytest.raises(RulesError, match=r"gate roll \(die 2\) needs a D6"):
        gdbbl.gate(gdbbl_like, [3, die], (1, 1))


def test_the_gate_needs_both_teams_fan_factors(gdbbl_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="Fan Factors of both teams"):
        gdbbl.gate(gdbbl_like, [3, 3], (2,))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="away team's Fan Factor cannot be below 0"):
        gdbbl.gate(gdbbl_like, [3], (2, -1))


# --- Winnings -----------------------------------------------------------------------------

# All 42 cells: (gate row, rating band, modifier).
WINNINGS_CELLS = [
    (gate, band, modifier)
    for gate, modifiers in WINNINGS_ROWS
    for band, modifier in zip(RATING_BANDS, modifiers, strict=True)
]


def _edges(low: int, high: int | None) -> tuple[int, ...]:
    """The first and last value of a band; an open band's first and a far-off value."""
    return (low, high if high is not None else low + 1_000_000)


@pytest.mark.parametrize(
    ("gate", "band", "modifier"),
    WINNINGS_CELLS,
    ids=[f"gate{gate[0]}-rating{band[0]}" for gate, band, _ in WINNINGS_CELLS],
)
def test_each_winnings_cell_adds_its_modifier_to_the_die(
    gdbbl_like: Ruleset, gate: tuple[int, int | None], band: list[int | None], modifier: int
) -> None:
    low, high = band
    assert low is not None
    for attendance in _edges(*gate):
        for rating in _edges(low, high):
            for die in range(1, 7):
                money = gdbbl.winnings(gdbbl_like, die, attendance, rating)
                assert money == (die + modifier) * 10_000, (attendance, rating, die)


def test_there_are_forty_two_winnings_cells() -> None:
    assert len(WINNINGS_CELLS) == 42


def test_winnings_run_from_ten_to_a_hundred_and_twenty_thousand(gdbbl_like: Ruleset) -> None:
    assert gdbbl.winnings(gdbbl_like, 1, 2_000, 300) == 10_000
    assert gdbbl.winnings(gdbbl_like, 6, 108_000, 80) == 120_000


def test_a_dwarf_alchemist_adds_his_own_d6_times_ten_thousand(gdbbl_like: Ruleset) -> None:
    # Gate 50,000 and rating 130: +2.
    assert gdbbl.winnings(gdbbl_like, 3, 50_000, 130) == 50_000
    for die in range(1, 7):
        money = gdbbl.winnings(gdbbl_like, 3, 50_000, 130, alchemist_die=die)
        assert money == 50_000 + die * 10_000


@pytest.mark.parametrize("die", [0, 7])
def test_winnings_refuse_a_die_that_is_not_a_d6(gdbbl_like: Ruleset, die: int) -> None:
    with pytest.raises(RulesError, match=r"winnings roll needs a D6 \(1-6\)"):
        gdbbl.winnings(gdbbl_like, die, 20_000, 100)
    with pytest.raises(RulesError, match=r"Alchemist's winnings roll needs a D6 \(1-6\)"):
        gdbbl.winnings(gdbbl_like, 3, 20_000, 100, alchemist_die=die)


def test_winnings_refuse_a_negative_gate_or_rating(gdbbl_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="The gate cannot be below 0"):
        gdbbl.winnings(gdbbl_like, 3, -1, 100)
    with pytest.raises(RulesError, match="Team rating cannot be below 0"):
        gdbbl.winnings(gdbbl_like, 3, 20_000, -5)


# --- Fan factor ---------------------------------------------------------------------------

RESULT_MODIFIER = {"win": 1, "draw": 0, "loss": -1}


def expected_change(result: str, die: int, touchdowns: int, casualties: int) -> int:
    """§A.4 as printed, for a team well inside 1-9, reading "6" as 6 or more."""
    modified = die + RESULT_MODIFIER[result] + (touchdowns >= 2) + (casualties >= 2)
    if modified <= 1:
        return -1
    return 1 if modified >= 6 else 0


@pytest.mark.parametrize("result", ["win", "draw", "loss"])
@pytest.mark.parametrize("touchdowns", [0, 1, 2, 3])
@pytest.mark.parametrize("casualties", [0, 1, 2])
@pytest.mark.parametrize("die", range(1, 7))
def test_the_fan_factor_roll_follows_the_modified_d6(
    gdbbl_like: Ruleset, result: str, touchdowns: int, casualties: int, die: int
) -> None:
    change = gdbbl.fan_factor_change(gdbbl_like, result, die, touchdowns, casualties, 5)
    assert change == expected_change(result, die, touchdowns, casualties)


def test_a_loss_on_a_two_costs_a_fan_factor_point(gdbbl_like: Ruleset) -> None:
    assert gdbbl.fan_factor_change(gdbbl_like, "loss", 2, 0, 0, 5) == -1
    assert gdbbl.fan_factor_change(gdbbl_like, "draw", 2, 0, 0, 5) == 0


def test_a_win_with_two_touchdowns_and_two_casualties_gains_on_a_three(
    gdbbl_like: Ruleset,
) -> None:
    assert gdbbl.fan_factor_change(gdbbl_like, "win", 3, 2, 2, 5) == 1
    assert gdbbl.fan_factor_change(gdbbl_like, "win", 3, 1, 2, 5) == 0


@pytest.mark.parametrize("result", ["win", "draw", "loss"])
@pytest.mark.parametrize("die", range(1, 7))
def test_a_team_at_nine_never_gains_and_at_one_never_loses(
    gdbbl_like: Ruleset, result: str, die: int
) -> None:
    for touchdowns in (0, 2):
        for casualties in (0, 2):
            expected = expected_change(result, die, touchdowns, casualties)
            at_nine = gdbbl.fan_factor_change(gdbbl_like, result, die, touchdowns, casualties, 9)
            at_one = gdbbl.fan_factor_change(gdbbl_like, result, die, touchdowns, casualties, 1)
            assert at_nine == min(expected, 0)
            assert at_one == max(expected, 0)


def test_a_team_at_nine_may_still_lose_and_at_one_may_still_gain(gdbbl_like: Ruleset) -> None:
    assert gdbbl.fan_factor_change(gdbbl_like, "loss", 1, 0, 0, 9) == -1
    assert gdbbl.fan_factor_change(gdbbl_like, "win", 6, 0, 0, 1) == 1


def test_with_six_exactly_a_seven_or_more_changes_nothing(gdbbl_like: Ruleset) -> None:
    exact = with_settings(gdbbl_like, fan_factor_six_or_more=False)
    assert gdbbl.fan_factor_change(exact, "draw", 6, 0, 0, 5) == 1
    assert gdbbl.fan_factor_change(exact, "win", 5, 0, 0, 5) == 1
    assert gdbbl.fan_factor_change(exact, "win", 6, 0, 0, 5) == 0
    assert gdbbl.fan_factor_change(exact, "win", 6, 2, 2, 5) == 0
    assert gdbbl.fan_factor_change(exact, "loss", 1, 0, 0, 5) == -1


def test_six_or_more_is_the_reading_when_the_setting_is_missing(gdbbl_like: Ruleset) -> None:
    older = without_settings(gdbbl_like, "fan_factor_six_or_more")
    assert gdbbl.fan_factor_change(older, "win", 6, 2, 2, 5) == 1


def test_the_fan_factor_roll_refuses_bad_input(gdbbl_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="one of win, draw, loss, not 'tie'"):
        gdbbl.fan_factor_change(gdbbl_like, "tie", 3, 0, 0, 5)
    with pytest.raises(RulesError, match=r"Fan Factor roll needs a D6 \(1-6\), not 7"):
        gdbbl.fan_factor_change(gdbbl_like, "win", 7, 0, 0, 5)
    with pytest.raises(RulesError, match="Touchdowns scored cannot be below 0"):
        gdbbl.fan_factor_change(gdbbl_like, "win", 3, -1, 0, 5)
    with pytest.raises(RulesError, match="Casualties inflicted cannot be below 0"):
        gdbbl.fan_factor_change(gdbbl_like, "win", 3, 0, -1, 5)
    for fan_factor in (0, 10):
        with pytest.raises(RulesError, match=f"Fan Factor is 1-9, not {fan_factor}"):
            gdbbl.fan_factor_change(gdbbl_like, "win", 3, 0, 0, fan_factor)


# --- Handicap -----------------------------------------------------------------------------


@pytest.mark.parametrize(("band", "cards", "mvps"), HANDICAP_ROWS)
def test_each_handicap_row_gives_its_cards_and_mvps(
    gdbbl_like: Ruleset, band: tuple[int, int | None], cards: int, mvps: int
) -> None:
    for difference in _edges(*band):
        if difference == 100:
            continue  # the overlap, tested below under both readings
        assert gdbbl.handicap(gdbbl_like, difference) == gdbbl.Handicap(cards, mvps)


def test_a_difference_of_exactly_100_is_in_76_to_100_by_default(gdbbl_like: Ruleset) -> None:
    reading = with_settings(gdbbl_like, handicap_100_band="76_100")
    assert gdbbl.handicap(reading, 100) == gdbbl.Handicap(cards=3, mvps=2)
    older = without_settings(gdbbl_like, "handicap_100_band")
    assert gdbbl.handicap(older, 100) == gdbbl.Handicap(cards=3, mvps=2)


def test_a_difference_of_exactly_100_can_read_as_the_top_band(gdbbl_like: Ruleset) -> None:
    reading = with_settings(gdbbl_like, handicap_100_band="101_plus")
    assert gdbbl.handicap(reading, 100) == gdbbl.Handicap(cards=3, mvps=3)
    assert gdbbl.handicap(reading, 99) == gdbbl.Handicap(cards=3, mvps=2)


def test_a_negative_rating_difference_is_refused(gdbbl_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="team-rating difference cannot be below 0"):
        gdbbl.handicap(gdbbl_like, -3)


# --- Team rating --------------------------------------------------------------------------


def test_team_rating_of_1015000_and_3_spp_is_101(gdbbl_like: Ruleset) -> None:
    assert gdbbl.team_rating(gdbbl_like, 1_015_000, 3) == 101


def test_team_rating_rounds_each_part_down(gdbbl_like: Ruleset) -> None:
    assert gdbbl.team_rating(gdbbl_like, 1_019_999, 4) == 101
    assert gdbbl.team_rating(gdbbl_like, 1_020_000, 5) == 103
    assert gdbbl.team_rating(gdbbl_like, 0, 0) == 0


def test_team_rating_refuses_negative_parts(gdbbl_like: Ruleset) -> None:
    with pytest.raises(RulesError, match="Team value cannot be below 0"):
        gdbbl.team_rating(gdbbl_like, -10_000, 3)
    with pytest.raises(RulesError, match="Star Player Points cannot be below 0"):
        gdbbl.team_rating(gdbbl_like, 10_000, -1)


# --- Experience ---------------------------------------------------------------------------


@pytest.mark.parametrize(("last", "first"), [(5, 6), (10, 11), (25, 26), (50, 51), (100, 101),
                                              (150, 151), (250, 251)])  # fmt: skip
def test_each_gdbbl_level_starts_one_spp_after_the_last_ends(
    gdbbl_like: Ruleset, last: int, first: int
) -> None:
    below, above = experience_level(gdbbl_like, last), experience_level(gdbbl_like, first)
    assert above.improvement_rolls == below.improvement_rolls + 1
    assert above.min_spp == first
    assert improvement_rolls_due(gdbbl_like, first, below.improvement_rolls) == 1
    assert improvement_rolls_due(gdbbl_like, last, below.improvement_rolls) == 0


@pytest.mark.parametrize(("band", "rolls"), LEVELS)
def test_each_gdbbl_level_earns_its_improvement_rolls(
    gdbbl_like: Ruleset, band: tuple[int, int | None], rolls: int
) -> None:
    for spp in _edges(*band):
        assert experience_level(gdbbl_like, spp).improvement_rolls == rolls


def test_the_first_three_levels_keep_their_printed_titles(gdbbl_like: Ruleset) -> None:
    titles = [experience_level(gdbbl_like, spp).title for spp in (0, 6, 11)]
    assert titles == ["Rookie", "Experienced", "Veteran"]


@pytest.mark.parametrize(
    ("action", "spp"),
    [("completion", 1), ("casualty", 2), ("interception", 2), ("touchdown", 3), ("mvp", 5)],
)
def test_each_gdbbl_action_is_worth_its_spp(gdbbl_like: Ruleset, action: str, spp: int) -> None:
    assert spp_for(gdbbl_like, action) == spp


# --- Serious injuries ---------------------------------------------------------------------


def test_every_serious_injury_total_is_one_of_the_three_outcomes(gdbbl_like: Ruleset) -> None:
    results = [gdbbl.serious_injury(gdbbl_like, total) for total in range(2, 13)]
    assert set(results) == set(SERIOUS_INJURY_RESULTS)


@pytest.mark.parametrize("total", [1, 13, 0])
def test_a_serious_injury_total_off_the_table_is_refused(gdbbl_like: Ruleset, total: int) -> None:
    with pytest.raises(
        RulesError, match=rf"serious injury roll is a 2D6 total \(2-12\), not {total}"
    ):
        gdbbl.serious_injury(gdbbl_like, total)


# --- Star player prices -------------------------------------------------------------------


@pytest.mark.parametrize("team", ["goblin", "halfling"])
@pytest.mark.parametrize("kind", ["human", "orc", "", "ogre"])
def test_goblin_and_halfling_teams_pay_double_for_most_stars(
    gdbbl_like: Ruleset, team: str, kind: str
) -> None:
    assert gdbbl.star_price(gdbbl_like, 190_000, team, kind, freebooter=False) == 380_000


@pytest.mark.parametrize(
    ("team", "kind"),
    [("goblin", "goblin"), ("goblin", "troll"), ("halfling", "halfling"), ("halfling", "treeman")],
)
def test_goblin_and_halfling_teams_pay_list_price_for_their_own_kinds(
    gdbbl_like: Ruleset, team: str, kind: str
) -> None:
    assert gdbbl.star_price(gdbbl_like, 150_000, team, kind, freebooter=False) == 150_000


@pytest.mark.parametrize(("team", "kind"), [("goblin", "treeman"), ("halfling", "troll")])
def test_each_team_is_exempt_only_for_the_kinds_its_own_rule_names(
    gdbbl_like: Ruleset, team: str, kind: str
) -> None:
    # §A.7: Goblins "unless they are trolls or goblins", Halflings "unless they are a
    # treeman or a halfling".
    assert gdbbl.star_price(gdbbl_like, 150_000, team, kind, freebooter=False) == 300_000


@pytest.mark.parametrize("team", ["human", "chaos", "skaven"])
def test_other_teams_pay_list_price_for_any_star(gdbbl_like: Ruleset, team: str) -> None:
    assert gdbbl.star_price(gdbbl_like, 190_000, team, "human", freebooter=False) == 190_000


def test_a_freebooter_star_costs_half(gdbbl_like: Ruleset) -> None:
    assert gdbbl.star_price(gdbbl_like, 180_000, "human", "human", freebooter=True) == 90_000
    assert gdbbl.star_price(gdbbl_like, 150_000, "goblin", "troll", freebooter=True) == 75_000


@pytest.mark.parametrize("rule", ["half_of_doubled", "half_then_double"])
def test_a_goblin_freebooter_pays_half_of_the_doubled_price_either_way(
    gdbbl_like: Ruleset, rule: str
) -> None:
    reading = with_settings(gdbbl_like, freebooter_price_rule=rule)
    assert gdbbl.star_price(reading, 190_000, "goblin", "human", freebooter=True) == 190_000
    assert gdbbl.star_price(reading, 150_000, "halfling", "", freebooter=True) == 150_000


def test_the_defaults_double_goblin_prices_and_halve_freebooters(gdbbl_like: Ruleset) -> None:
    older = without_settings(
        gdbbl_like, "goblin_halfling_double_star_price", "freebooter_price_rule"
    )
    assert gdbbl.star_price(older, 190_000, "goblin", "human", freebooter=False) == 380_000
    assert gdbbl.star_price(older, 190_000, "goblin", "human", freebooter=True) == 190_000


def test_a_league_may_drop_the_double_price(gdbbl_like: Ruleset) -> None:
    league = with_settings(gdbbl_like, goblin_halfling_double_star_price=False)
    assert gdbbl.star_price(league, 190_000, "goblin", "human", freebooter=False) == 190_000
    assert gdbbl.star_price(league, 190_000, "halfling", "human", freebooter=True) == 95_000


def test_with_half_of_list_a_goblin_freebooter_pays_half_the_list_price(
    gdbbl_like: Ruleset,
) -> None:
    league = with_settings(gdbbl_like, freebooter_price_rule="half_of_list")
    assert gdbbl.star_price(league, 190_000, "goblin", "human", freebooter=True) == 95_000
    assert gdbbl.star_price(league, 190_000, "goblin", "human", freebooter=False) == 380_000
    assert gdbbl.star_price(league, 180_000, "human", "human", freebooter=True) == 90_000


def test_star_price_refuses_an_unknown_team_race_or_a_negative_price(
    gdbbl_like: Ruleset,
) -> None:
    with pytest.raises(RulesError, match="has no race 'gnome'"):
        gdbbl.star_price(gdbbl_like, 100_000, "gnome", "human", freebooter=False)
    with pytest.raises(RulesError, match="star player's price cannot be below 0"):
        gdbbl.star_price(gdbbl_like, -1, "human", "human", freebooter=False)


def test_an_unknown_freebooter_rule_is_broken_data(gdbbl_like: Ruleset) -> None:
    odd = with_settings(gdbbl_like, freebooter_price_rule="full_price")
    with pytest.raises(LookupError, match="freebooter_price_rule"):
        gdbbl.star_price(odd, 100_000, "human", "human", freebooter=True)


# --- The engine's contract with the data files ------------------------------------------

# The tables whose numbers the notes print, and the columns compared (prose such as the
# level titles, which the data numbers, is left out).
TYPED_TABLES = {
    "gate": (),
    "winnings": ("modifiers",),
    "fan_factor_roll": (),
    "handicap": ("cards", "mvps"),
    "team_rating": (),
    "experience_levels": ("improvement_rolls",),
    "improvement_roll": ("characteristics",),
    "spp_awards": ("action", "spp"),
}


@pytest.mark.parametrize("key", TYPED_TABLES)
def test_the_gdbbl_data_agrees_with_the_numbers_typed_from_the_notes(key: str) -> None:
    typed, data = build_gdbbl_like().tables[key], read_gdbbl_files().tables[key]
    for name, value in typed.params.items():
        assert data.params.get(name) == value, (key, name)
    assert [(row.low, row.high) for row in data.rows] == [(row.low, row.high) for row in typed.rows]
    for got, expected in zip(data.rows, typed.rows, strict=True):
        for column in TYPED_TABLES[key]:
            assert got.values.get(column) == expected.values[column], (key, got.low, column)
