"""Creating a GDBBL team (seed-gdbbl-1st-blitz §A.6 team creation, §A.7 team lists, §A.8
star players), on the real data files. Every expected number is typed in from the notes."""

from __future__ import annotations

from typing import Any

import pytest

from rules.edition import edition_read
from rules.engine.ruleset import Ruleset
from rules.engine.team_building import (
    TeamCost,
    TeamRefused,
    TeamRequest,
    team_check,
)
from rules.snapshot import edition_ruleset, staff_rules_from, star_rules_from
from tests.rules.conftest import with_settings

GDBBL_EDITION = edition_read("gdbbl")
GDBBL = edition_ruleset(GDBBL_EDITION)
STAFF = staff_rules_from(GDBBL_EDITION)
STARS = star_rules_from(GDBBL_EDITION)
GROUP = (
    "A team may have only one of Wizard, Dwarf Alchemist, Halfling Master Chef, Undead Necromancer"
)

# §A.7 team lists, eleven of the cheapest players (a GDBBL team needs fan factor 1 too).
ELEVEN = {
    "dwarf": {"Long Beard": 11},  # 11 x 70,000 = 770,000
    "goblin": {"Goblin": 11},  # 11 x 40,000 = 440,000
    "halfling": {"Halfling": 11},  # 11 x 30,000 = 330,000
    "human": {"Lineman": 11},  # 11 x 50,000 = 550,000
    "orc": {"Lineman": 11},  # 11 x 50,000 = 550,000
    "undead": {"Skeleton": 11},  # 11 x 30,000 = 330,000
}


def check(ruleset: Ruleset = GDBBL, **request: Any) -> TeamCost:
    request.setdefault("fan_factor", 1)
    return team_check(ruleset, STAFF, STARS, TeamRequest(**request))


def problems(ruleset: Ruleset = GDBBL, **request: Any) -> list[tuple[str, str]]:
    with pytest.raises(TeamRefused) as refused:
        check(ruleset, **request)
    return [(problem.field, problem.message) for problem in refused.value.problems]


# --- A legal Dwarf team ----------------------------------------------------------------------


def test_a_legal_dwarf_team_with_an_alchemist_is_priced_to_the_gold_piece() -> None:
    positions = {"Long Beard": 8, "Runner": 1, "Blitzer": 1, "Troll Slayer": 1}
    cost = check(race="dwarf", positions=positions, fan_factor=2, staff={"alchemist": 1})
    # 8 Long Beards 560,000 + 1 Runner 80,000 + 1 Blitzer 80,000 + 1 Troll Slayer 90,000.
    assert cost.players == 810_000
    assert cost.fan_factor == 20_000  # 2 x 10,000: every point is bought
    assert cost.staff == 150_000  # the Dwarf Alchemist
    assert (cost.rerolls, cost.star_players) == (0, 0)
    assert cost.total == 980_000
    assert cost.treasury == 20_000


def test_dwarf_re_rolls_cost_forty_thousand_at_creation() -> None:
    assert check(race="dwarf", positions=ELEVEN["dwarf"], rerolls=2).rerolls == 80_000


# --- Fan factor ------------------------------------------------------------------------------


@pytest.mark.parametrize(("fan_factor", "expected"), [(1, 10_000), (5, 50_000), (9, 90_000)])
def test_gdbbl_fan_factor_is_bought_point_by_point_the_first_included(
    fan_factor: int, expected: int
) -> None:
    cost = check(race="human", positions=ELEVEN["human"], fan_factor=fan_factor)
    assert cost.fan_factor == expected


@pytest.mark.parametrize("fan_factor", [0, 10])
def test_a_gdbbl_team_starts_with_a_fan_factor_of_1_to_9(fan_factor: int) -> None:
    assert problems(race="human", positions=ELEVEN["human"], fan_factor=fan_factor) == [
        ("fan_factor", f"Fan factor at creation must be between 1 and 9, not {fan_factor}")
    ]


# --- Wizards and their kin -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("race", "name"), [("dwarf", "Dwarf"), ("halfling", "Halfling"), ("undead", "Undead")]
)
def test_dwarf_halfling_and_undead_teams_may_not_have_a_wizard(race: str, name: str) -> None:
    assert problems(race=race, positions=ELEVEN[race], staff={"wizard": 1}) == [
        ("staff", f"{name} teams may not have a Wizard")
    ]


def test_a_human_wizard_costs_150000() -> None:
    assert check(race="human", positions=ELEVEN["human"], staff={"wizard": 1}).staff == 150_000


def test_a_team_may_have_only_one_wizard() -> None:
    assert problems(race="human", positions=ELEVEN["human"], staff={"wizard": 2}) == [
        ("staff", "A team may have at most 1 Wizard")
    ]


def test_only_dwarf_teams_may_have_an_alchemist() -> None:
    assert problems(race="human", positions=ELEVEN["human"], staff={"alchemist": 1}) == [
        ("staff", "Only Dwarf teams may have a Dwarf Alchemist")
    ]


def test_a_halfling_master_chef_costs_150000_and_only_halflings_may_have_one() -> None:
    cost = check(race="halfling", positions=ELEVEN["halfling"], staff={"master_chef": 1})
    assert cost.staff == 150_000
    assert problems(race="orc", positions=ELEVEN["orc"], staff={"master_chef": 1}) == [
        ("staff", "Only Halfling teams may have a Halfling Master Chef")
    ]


def test_the_undead_necromancer_is_free() -> None:
    cost = check(race="undead", positions=ELEVEN["undead"], staff={"necromancer": 1})
    assert (cost.staff, cost.total) == (0, 340_000)  # 330,000 + fan factor 10,000


def test_only_undead_teams_may_have_a_necromancer() -> None:
    assert problems(race="human", positions=ELEVEN["human"], staff={"necromancer": 1}) == [
        ("staff", "Only Undead teams may have an Undead Necromancer")
    ]


def test_a_team_may_have_only_one_of_the_wizard_and_his_kin() -> None:
    staff = {"wizard": 1, "master_chef": 1}
    assert problems(race="halfling", positions=ELEVEN["halfling"], staff=staff) == [
        ("staff", "Halfling teams may not have a Wizard"),
        ("staff", GROUP),
    ]
    staff = {"alchemist": 1, "necromancer": 1}
    assert problems(race="dwarf", positions=ELEVEN["dwarf"], staff=staff) == [
        ("staff", "Only Undead teams may have an Undead Necromancer"),
        ("staff", GROUP),
    ]


# --- Apothecaries ----------------------------------------------------------------------------


def test_undead_teams_may_not_have_an_apothecary() -> None:
    assert problems(race="undead", positions=ELEVEN["undead"], staff={"apothecary": 1}) == [
        ("staff", "Undead teams may not have an Apothecary")
    ]


def test_gdbbl_sets_no_limit_on_apothecaries_unless_the_league_does() -> None:
    staff = {"apothecary": 2}
    assert check(race="human", positions=ELEVEN["human"], staff=staff).staff == 100_000
    one = with_settings(GDBBL, apothecary_max=1)
    assert problems(one, race="human", positions=ELEVEN["human"], staff=staff) == [
        ("staff", "A team may have at most 1 Apothecary")
    ]


def test_an_unknown_member_of_staff_is_refused() -> None:
    assert problems(race="human", positions=ELEVEN["human"], staff={"igor": 1}) == [
        ("staff", "GDBBL has no member of staff called 'igor'")
    ]


# --- Orc goblins -----------------------------------------------------------------------------


def test_orc_goblins_are_their_own_position_unless_the_league_shares_the_lineman_limit() -> None:
    positions = {"Lineman": 10, "Goblin": 3}  # 500,000 + 120,000
    assert check(race="orc", positions=positions).players == 620_000
    shared = with_settings(GDBBL, orc_goblins_share_lineman_limit=True)
    assert problems(shared, race="orc", positions=positions) == [
        ("positions", "Orc teams may have at most 12 Linemen and Goblins")
    ]


# --- Star players ----------------------------------------------------------------------------


def test_star_players_are_hired_at_their_list_price_and_fill_roster_spots() -> None:
    stars = ("Griff Oberwald", "Mighty Zug")
    cost = check(race="human", positions={"Lineman": 9}, star_players=stars)
    # 9 Linemen 450,000 + Griff 180,000 + Mighty Zug 120,000 = 11 players, 750,000.
    assert (cost.players, cost.star_players) == (450_000, 300_000)
    assert cost.total == 760_000  # and fan factor 1, 10,000


def test_star_players_count_toward_the_smallest_roster() -> None:
    assert problems(race="human", positions={"Lineman": 9}, star_players=("Griff Oberwald",)) == [
        ("positions", "A team needs at least 11 players, not 10")
    ]


def test_star_players_count_toward_the_largest_roster() -> None:
    # 16 Goblins 640,000 + Scrappa Sorehead 60,000 (a goblin: no double price).
    stars = ("Scrappa Sorehead",)
    assert problems(race="goblin", positions={"Goblin": 16}, star_players=stars) == [
        ("positions", "A team may have at most 16 players, not 17")
    ]


def test_a_team_may_have_four_star_players_but_not_five() -> None:
    four = ("Bomber Dribblesnot", "Fungus the Loon", "Nobbla Blackwart", "Scrappa Sorehead")
    # 80,000 + 60,000 + 80,000 + 60,000
    assert check(race="orc", positions=ELEVEN["orc"], star_players=four).star_players == 280_000
    five = (*four, "Varag Ghoul-Chewer")
    # 550,000 + 280,000 + Varag 160,000 + fan factor 10,000 = 1,000,000: only the limit breaks.
    assert problems(race="orc", positions=ELEVEN["orc"], star_players=five) == [
        ("star_players", "A team may have at most 4 star players")
    ]


def test_the_same_star_player_cannot_be_hired_twice() -> None:
    stars = ("Griff Oberwald", "Griff Oberwald")
    assert problems(race="human", positions={"Lineman": 10}, star_players=stars) == [
        ("star_players", "Griff Oberwald is named twice: name him only once")
    ]


def test_a_star_player_plays_only_for_his_teams() -> None:
    stars = ("Griff Oberwald",)
    assert problems(race="orc", positions=ELEVEN["orc"], star_players=stars) == [
        ("star_players", "Griff Oberwald does not play for Orc teams")
    ]


def test_an_unknown_star_player_is_refused() -> None:
    stars = ("Griff Oberwalt",)
    assert problems(race="human", positions=ELEVEN["human"], star_players=stars) == [
        ("star_players", "GDBBL has no star player called 'Griff Oberwalt'")
    ]


def test_goblin_teams_pay_double_for_morg_n_thorg_and_orc_teams_do_not() -> None:
    stars = ("Morg 'n' Thorg",)  # 190,000 (§A.8), an ogre
    assert check(race="goblin", positions=ELEVEN["goblin"], star_players=stars).star_players == (
        380_000
    )
    assert check(race="orc", positions=ELEVEN["orc"], star_players=stars).star_players == 190_000


@pytest.mark.parametrize(
    ("star", "price"),
    [
        ("Ripper Bolgrot", 150_000),  # a troll
        ("Bomber Dribblesnot", 80_000),  # a goblin
        ("Fungus the Loon", 60_000),  # a goblin
        ("Nobbla Blackwart", 80_000),  # a goblin
        ("Scrappa Sorehead", 60_000),  # a goblin
    ],
)
def test_goblin_teams_pay_the_list_price_for_goblins_and_trolls(star: str, price: int) -> None:
    cost = check(race="goblin", positions=ELEVEN["goblin"], star_players=(star,))
    assert cost.star_players == price


def test_goblin_teams_pay_double_for_varag_an_orc() -> None:
    stars = ("Varag Ghoul-Chewer",)  # 160,000 (§A.8)
    cost = check(race="goblin", positions=ELEVEN["goblin"], star_players=stars)
    assert cost.star_players == 320_000


def test_halfling_teams_pay_the_list_price_for_deeproot_a_treeman() -> None:
    stars = ("Deeproot Strongbranch",)  # 180,000 (§A.8)
    cost = check(race="halfling", positions=ELEVEN["halfling"], star_players=stars)
    assert cost.star_players == 180_000


def test_a_league_may_turn_the_double_price_off() -> None:
    flat = with_settings(GDBBL, goblin_halfling_double_star_price=False)
    stars = ("Morg 'n' Thorg",)
    cost = check(flat, race="goblin", positions=ELEVEN["goblin"], star_players=stars)
    assert cost.star_players == 190_000


def test_a_goblin_team_over_budget_from_doubled_stars_is_told_by_how_much() -> None:
    stars = ("Morg 'n' Thorg", "Varag Ghoul-Chewer")
    # 440,000 + Morg 380,000 + Varag 320,000 + fan factor 10,000 = 1,150,000.
    assert problems(race="goblin", positions=ELEVEN["goblin"], star_players=stars) == [
        ("budget", "This team costs 1,150,000 gp; the budget is 1,000,000 gp (150,000 over)")
    ]
