"""Creating an LRB6 team: what it costs and what it may not have (lrb6-facts §4, §9, §10,
§11), on the real data files. GDBBL is in test_team_building_gdbbl.py, the results-only
systems in test_team_building_results_only.py.

Every expected number is typed in from lrb6-facts.md, with the sum worked out in a comment,
so a wrong price in rules/editions/lrb6/ shows up as a failure here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.edition import edition_read
from rules.engine.errors import RulesError
from rules.engine.ruleset import Ruleset
from rules.engine.team_building import (
    Problem,
    StaffRule,
    StarRule,
    TeamCost,
    TeamRefused,
    TeamRequest,
    team_check,
)
from rules.snapshot import edition_ruleset, staff_rules_from, star_rules_from
from tests.rules.conftest import with_settings

ROOT = Path(__file__).resolve().parents[3]
LRB6_EDITION = edition_read("lrb6")
LRB6 = edition_ruleset(LRB6_EDITION)
STAFF = staff_rules_from(LRB6_EDITION)
STARS = star_rules_from(LRB6_EDITION)

# lrb6-facts §10, Orc: Lineman 50k, Thrower 70k, Black Orc Blocker 80k, Blitzer 80k,
# Troll 110k; re-roll 60k.
ORC_TEAM = {"Blitzer": 4, "Black Orc Blocker": 2, "Thrower": 1, "Lineman": 5}
ELEVEN_HUMANS = {"Lineman": 11}  # lrb6-facts §10, Human Lineman 50k: 550,000


def check(ruleset: Ruleset = LRB6, **request: Any) -> TeamCost:
    return team_check(ruleset, STAFF, STARS, TeamRequest(**request))


def problems(ruleset: Ruleset = LRB6, **request: Any) -> list[tuple[str, str]]:
    with pytest.raises(TeamRefused) as refused:
        check(ruleset, **request)
    return [(problem.field, problem.message) for problem in refused.value.problems]


# --- A legal team and its bill --------------------------------------------------------------


def test_a_legal_orc_team_is_priced_to_the_gold_piece() -> None:
    cost = check(race="orc", positions=ORC_TEAM, rerolls=2, fan_factor=2, staff={"apothecary": 1})
    # 4 Blitzers 320,000 + 2 Black Orc Blockers 160,000 + 1 Thrower 70,000
    # + 5 Linemen 250,000 = 800,000 for 12 players.
    assert cost.players == 800_000
    assert cost.rerolls == 120_000  # 2 x 60,000
    assert cost.fan_factor == 20_000  # 2 x 10,000
    assert cost.staff == 50_000  # the apothecary
    assert cost.star_players == 0
    assert cost.total == 990_000  # 800,000 + 120,000 + 20,000 + 50,000
    assert cost.treasury == 10_000  # 1,000,000 - 990,000


def test_a_team_may_spend_the_whole_budget_and_keep_an_empty_treasury() -> None:
    # 11 Linemen 550,000 + 9 re-rolls 450,000 = 1,000,000: LRB6 has no re-roll limit.
    cost = check(race="human", positions=ELEVEN_HUMANS, rerolls=9)
    assert (cost.total, cost.treasury) == (1_000_000, 0)


def test_a_team_over_budget_is_told_by_how_much_in_gold() -> None:
    # 800,000 for the Orc team above + a Troll 110,000 = 910,000 (13 players)
    # + 2 re-rolls 120,000 + 1 fan factor 10,000 = 1,040,000.
    positions = {**ORC_TEAM, "Troll": 1}
    assert problems(race="orc", positions=positions, rerolls=2, fan_factor=1) == [
        ("budget", "This team costs 1,040,000 gp; the budget is 1,000,000 gp (40,000 over)")
    ]


def test_zero_counts_in_the_request_cost_nothing_and_break_no_rule() -> None:
    request = {"Lineman": 11, "Ogre": 0, "Thrower": 0}
    staff = {"apothecary": 0, "cheerleader": 0, "necromancer": 0}
    cost = check(race="human", positions=request, staff=staff)
    assert (cost.players, cost.staff, cost.total) == (550_000, 0, 550_000)


# --- Races and positions --------------------------------------------------------------------


def test_an_unknown_race_is_refused() -> None:
    assert problems(race="elves", positions={"Lineman": 11}) == [
        ("race", "LRB6 has no race called 'elves'")
    ]


def test_an_unknown_position_is_refused_with_the_race_named() -> None:
    assert problems(race="human", positions={"Lineman": 11, "Troll": 1}) == [
        ("positions", "Human teams have no position called 'Troll'")
    ]


def test_a_third_human_thrower_is_refused() -> None:
    # 9 Linemen 450,000 + 3 Throwers 210,000: within budget and roster, only the limit breaks.
    assert problems(race="human", positions={"Lineman": 9, "Thrower": 3}) == [
        ("positions", "Human teams may have at most 2 Throwers")
    ]


@pytest.mark.parametrize(
    ("race", "positions", "message"),
    [
        ("orc", {"Lineman": 6, "Blitzer": 5}, "Orc teams may have at most 4 Blitzers"),
        ("human", {"Lineman": 10, "Ogre": 2}, "Human teams may have at most 1 Ogre"),
        ("orc", {"Lineman": 9, "Troll": 2}, "Orc teams may have at most 1 Troll"),
        ("human", {"Lineman": 17}, "Human teams may have at most 16 Linemen"),
        (
            "dark-elf",
            {"Lineman": 8, "Witch Elf": 3},
            "Dark Elf teams may have at most 2 Witch Elves",
        ),
        ("undead", {"Skeleton": 8, "Mummy": 3}, "Undead teams may have at most 2 Mummies"),
    ],
)
def test_position_limits_name_the_race_and_the_position_in_plain_english(
    race: str, positions: dict[str, int], message: str
) -> None:
    assert ("positions", message) in problems(race=race, positions=positions)


def test_a_negative_number_of_players_is_refused() -> None:
    assert problems(race="human", positions={"Lineman": 11, "Catcher": -1}) == [
        ("positions", "The number of Catchers must be a whole number from 0 up, not -1")
    ]


# --- Roster size -----------------------------------------------------------------------------


def test_a_team_needs_at_least_eleven_players() -> None:
    assert problems(race="human", positions={"Lineman": 9}) == [
        ("positions", "A team needs at least 11 players, not 9")
    ]


def test_a_team_may_have_at_most_sixteen_players() -> None:
    # 13 Linemen 650,000 + 4 Catchers 280,000 = 930,000: only the roster size breaks.
    assert problems(race="human", positions={"Lineman": 13, "Catcher": 4}) == [
        ("positions", "A team may have at most 16 players, not 17")
    ]


# --- Re-rolls and fan factor -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("race", "positions", "expected"),
    [
        ("human", {"Lineman": 11}, 150_000),  # 3 x 50,000
        ("orc", {"Lineman": 11}, 180_000),  # 3 x 60,000
        ("undead", {"Skeleton": 11}, 210_000),  # 3 x 70,000
    ],
)
def test_re_rolls_cost_the_team_list_price_at_creation_never_double(
    race: str, positions: dict[str, int], expected: int
) -> None:
    assert check(race=race, positions=positions, rerolls=3).rerolls == expected


def test_a_league_re_roll_limit_refuses_one_more() -> None:
    limited = with_settings(LRB6, max_team_rerolls=8)
    assert problems(limited, race="human", positions=ELEVEN_HUMANS, rerolls=9) == [
        ("rerolls", "A team may have at most 8 re-rolls")
    ]
    assert check(limited, race="human", positions=ELEVEN_HUMANS, rerolls=8).rerolls == 400_000


def test_a_negative_number_of_re_rolls_is_refused() -> None:
    assert problems(race="human", positions=ELEVEN_HUMANS, rerolls=-1) == [
        ("rerolls", "The number of re-rolls must be a whole number from 0 up, not -1")
    ]


@pytest.mark.parametrize(("fan_factor", "expected"), [(0, 0), (1, 10_000), (9, 90_000)])
def test_lrb6_fan_factor_starts_at_nothing_and_costs_ten_thousand_a_point(
    fan_factor: int, expected: int
) -> None:
    cost = check(race="human", positions=ELEVEN_HUMANS, fan_factor=fan_factor)
    assert cost.fan_factor == expected


@pytest.mark.parametrize("fan_factor", [10, -1])
def test_lrb6_fan_factor_at_creation_is_between_0_and_9(fan_factor: int) -> None:
    assert problems(race="human", positions=ELEVEN_HUMANS, fan_factor=fan_factor) == [
        ("fan_factor", f"Fan factor at creation must be between 0 and 9, not {fan_factor}")
    ]


# --- Staff -----------------------------------------------------------------------------------


def test_assistant_coaches_and_cheerleaders_cost_ten_thousand_each_without_limit() -> None:
    staff = {"assistant_coach": 3, "cheerleader": 4}
    assert check(race="human", positions=ELEVEN_HUMANS, staff=staff).staff == 70_000


def test_a_team_may_have_only_one_apothecary() -> None:
    assert problems(race="human", positions=ELEVEN_HUMANS, staff={"apothecary": 2}) == [
        ("staff", "A team may have at most 1 Apothecary")
    ]


@pytest.mark.parametrize(
    ("race", "position", "name"),
    [
        ("khemri", "Skeleton", "Khemri"),
        ("necromantic", "Zombie", "Necromantic"),
        ("nurgle", "Rotter", "Nurgle"),
        ("undead", "Skeleton", "Undead"),
    ],
)
def test_khemri_necromantic_nurgle_and_undead_teams_may_not_have_an_apothecary(
    race: str, position: str, name: str
) -> None:
    assert problems(race=race, positions={position: 11}, staff={"apothecary": 1}) == [
        ("staff", f"{name} teams may not have an Apothecary")
    ]


@pytest.mark.parametrize(("race", "position"), [("necromantic", "Zombie"), ("undead", "Zombie")])
def test_necromantic_and_undead_teams_have_their_necromancer_for_free(
    race: str, position: str
) -> None:
    cost = check(race=race, positions={position: 11}, staff={"necromancer": 1})
    assert (cost.staff, cost.players, cost.total) == (0, 440_000, 440_000)  # 11 x 40,000


def test_only_necromantic_and_undead_teams_may_have_a_necromancer() -> None:
    assert problems(race="human", positions=ELEVEN_HUMANS, staff={"necromancer": 1}) == [
        ("staff", "Only Necromantic and Undead teams may have a Necromancer")
    ]


def test_an_unknown_member_of_staff_is_refused() -> None:
    # The LRB6 wizard is an inducement for one match, not staff.
    assert problems(race="human", positions=ELEVEN_HUMANS, staff={"wizard": 1}) == [
        ("staff", "LRB6 has no member of staff called 'wizard'")
    ]


# --- Star players ----------------------------------------------------------------------------


def test_lrb6_star_players_are_induced_per_match_not_hired_with_a_new_team() -> None:
    request = {"race": "human", "positions": ELEVEN_HUMANS, "star_players": ("Griff Oberwald",)}
    assert problems(**request) == [
        (
            "star_players",
            "Star players are not hired with a new team in LRB6: "
            "they are induced for one match at a time",
        )
    ]


# A league that lets LRB6 teams hire stars for good (a house rule) shows how pairs work.
PERMANENT_STARS = with_settings(LRB6, star_player_limit=2)
# lrb6-facts §10, Chaos Beastman 60k; §11, Brick Far'th 290k with Grotty at no cost.
NINE_BEASTMEN = {"Beastman": 9}


def test_brick_farth_brings_grotty_for_one_price_and_two_roster_spots() -> None:
    stars = ("Brick Far'th",)
    cost = check(PERMANENT_STARS, race="chaos", positions=NINE_BEASTMEN, star_players=stars)
    # 9 Beastmen 540,000 + Brick and Grotty 290,000: 11 players, 830,000.
    assert (cost.players, cost.star_players, cost.total) == (540_000, 290_000, 830_000)


def test_naming_grotty_brings_brick_farth_at_the_same_price() -> None:
    stars = ("Grotty",)
    cost = check(PERMANENT_STARS, race="chaos", positions=NINE_BEASTMEN, star_players=stars)
    assert cost.star_players == 290_000


def test_grotty_cannot_be_named_again_once_brick_farth_is_hired() -> None:
    stars = ("Brick Far'th", "Grotty")
    assert problems(PERMANENT_STARS, race="chaos", positions=NINE_BEASTMEN, star_players=stars) == [
        ("star_players", "Grotty comes with Brick Far'th: name him only once")
    ]


def test_star_players_count_toward_the_smallest_roster() -> None:
    # 8 Beastmen, Brick Far'th and Grotty are 10 players.
    stars = ("Brick Far'th",)
    assert problems(
        PERMANENT_STARS, race="chaos", positions={"Beastman": 8}, star_players=stars
    ) == [("positions", "A team needs at least 11 players, not 10")]


def test_star_players_count_toward_the_largest_roster() -> None:
    # 15 Beastmen, Brick Far'th and Grotty are 17 players (and 900,000 + 290,000 gp).
    stars = ("Brick Far'th",)
    found = problems(PERMANENT_STARS, race="chaos", positions={"Beastman": 15}, star_players=stars)
    assert ("positions", "A team may have at most 16 players, not 17") in found


def test_a_star_refuses_a_team_he_does_not_play_for() -> None:
    stars = ("Griff Oberwald",)
    assert problems(PERMANENT_STARS, race="orc", positions={"Lineman": 11}, star_players=stars) == [
        ("star_players", "Griff Oberwald does not play for Orc teams")
    ]


def test_morg_plays_for_anyone_but_khemri_necromantic_and_undead() -> None:
    stars = ("Morg 'n' Thorg",)
    cost = check(PERMANENT_STARS, race="orc", positions={"Lineman": 11}, star_players=stars)
    assert cost.star_players == 430_000
    assert problems(
        PERMANENT_STARS, race="undead", positions={"Skeleton": 11}, star_players=stars
    ) == [("star_players", "Morg 'n' Thorg does not play for Undead teams")]


# --- Every problem at once -------------------------------------------------------------------


def test_every_problem_is_reported_at_once_each_with_its_field() -> None:
    found = problems(
        race="human",
        positions={"Lineman": 5, "Thrower": 3, "Troll": 1},
        rerolls=-2,
        fan_factor=10,
        staff={"apothecary": 2, "necromancer": 1},
        star_players=("Griff Oberwald",),
    )
    assert found == [
        ("positions", "Human teams may have at most 2 Throwers"),
        ("positions", "Human teams have no position called 'Troll'"),
        ("rerolls", "The number of re-rolls must be a whole number from 0 up, not -2"),
        ("fan_factor", "Fan factor at creation must be between 0 and 9, not 10"),
        ("staff", "A team may have at most 1 Apothecary"),
        ("staff", "Only Necromantic and Undead teams may have a Necromancer"),
        (
            "star_players",
            "Star players are not hired with a new team in LRB6: "
            "they are induced for one match at a time",
        ),
        ("positions", "A team needs at least 11 players, not 10"),  # Griff is the 10th
    ]


def test_the_refusal_is_a_rules_error_whose_message_lists_every_problem() -> None:
    with pytest.raises(RulesError) as refused:
        check(race="human", positions={"Lineman": 5, "Thrower": 3})
    assert isinstance(refused.value, TeamRefused)
    assert refused.value.problems == (
        Problem("positions", "Human teams may have at most 2 Throwers"),
        Problem("positions", "A team needs at least 11 players, not 8"),
    )
    assert str(refused.value) == (
        "Human teams may have at most 2 Throwers; A team needs at least 11 players, not 8"
    )


# --- Rules read from the edition -------------------------------------------------------------


def test_staff_rules_carry_the_eligibility_the_ruleset_leaves_out() -> None:
    by_key = {rule.key: rule for rule in STAFF}
    assert by_key["apothecary"] == StaffRule("apothecary", "Apothecary", 50_000, 1, "apothecary")
    assert by_key["necromancer"].races == ("necromantic", "undead")
    assert by_key["cheerleader"].max_quantity is None


def test_star_rules_carry_price_races_and_pairs() -> None:
    by_name = {rule.name: rule for rule in STARS}
    assert by_name["Griff Oberwald"] == StarRule("Griff Oberwald", 320_000, "races", ("human",))
    assert by_name["Brick Far'th"].paired_with == "Grotty"
    assert by_name["Morg 'n' Thorg"].eligibility == "except"
