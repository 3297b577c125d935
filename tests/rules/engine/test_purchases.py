"""Buying between matches: prices by ruleset and every refusal named, without a database."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.edition import edition_read
from rules.engine.purchases import Purchase, TeamNow, purchase_price
from rules.engine.team_building import TeamRefused
from rules.snapshot import edition_ruleset, staff_rules_from

LRB6 = edition_read("lrb6")
GDBBL = edition_read("gdbbl")
BLITZ = edition_read("blitz-bowl")


def price(edition, team: TeamNow, purchase: Purchase, **settings) -> int:
    ruleset = edition_ruleset(edition)
    if settings:
        ruleset = replace(ruleset, settings={**ruleset.settings, **settings})
    return purchase_price(ruleset, staff_rules_from(edition), team, purchase)


def refusal(edition, team: TeamNow, purchase: Purchase, **settings) -> list[str]:
    with pytest.raises(TeamRefused) as refused:
        price(edition, team, purchase, **settings)
    return [problem.message for problem in refused.value.problems]


ORCS = TeamNow(
    race="orc",
    players={"Lineman": 5, "Blitzer": 4, "Black Orc Blocker": 2},
    rerolls=2,
    fan_factor=3,
    treasury=200_000,
    staff={"apothecary": 1},
)


def test_a_goblin_costs_his_list_price() -> None:
    assert price(LRB6, ORCS, Purchase("player", "Goblin")) == 40_000


def test_a_fifth_blitzer_is_refused_naming_the_limit() -> None:
    assert refusal(LRB6, ORCS, Purchase("player", "Blitzer")) == [
        "Orc teams may have at most 4 Blitzers; this team has 4."
    ]


def test_two_throwers_cost_twice_70000() -> None:
    assert price(LRB6, ORCS, Purchase("player", "Thrower", 2)) == 140_000


def test_a_third_thrower_is_refused_naming_the_limit() -> None:
    assert refusal(LRB6, ORCS, Purchase("player", "Thrower", 3)) == [
        "Orc teams may have at most 2 Throwers; this team has 0."
    ]


def test_a_seventeenth_player_is_refused() -> None:
    full = TeamNow("orc", {"Lineman": 16}, 0, 0, 500_000)
    assert refusal(LRB6, full, Purchase("player", "Goblin")) == [
        "A team may have at most 16 players; this team has 16."
    ]


# GDBBL Orcs with 10 Linemen and 2 Goblins (the house rule counts both within 0-12 Linemen).
GDBBL_ORCS = TeamNow("orc", {"Lineman": 10, "Goblin": 2, "Blitzer": 1}, 1, 1, 200_000)


def test_where_goblins_share_the_lineman_limit_a_thirteenth_is_refused() -> None:
    shared = {"orc_goblins_share_lineman_limit": True}
    assert refusal(GDBBL, GDBBL_ORCS, Purchase("player", "Goblin"), **shared) == [
        "Orc teams may have at most 12 Linemen and Goblins; this team has 10 Linemen and 2 Goblins."
    ]
    assert refusal(GDBBL, GDBBL_ORCS, Purchase("player", "Lineman"), **shared) == [
        "Orc teams may have at most 12 Linemen and Goblins; this team has 10 Linemen and 2 Goblins."
    ]


def test_where_goblins_have_their_own_limit_a_third_goblin_is_bought() -> None:
    assert price(GDBBL, GDBBL_ORCS, Purchase("player", "Goblin")) == 40_000


def test_a_re_roll_after_creation_costs_double_the_list_price() -> None:
    # Orc re-roll 60,000 at creation; 2 x 60,000 = 120,000 afterwards.
    assert price(LRB6, ORCS, Purchase("reroll")) == 120_000


def test_the_league_can_keep_re_rolls_at_the_list_price() -> None:
    assert price(LRB6, ORCS, Purchase("reroll"), reroll_price_multiplier_after_creation=1) == 60_000


def test_the_re_roll_limit_setting_is_kept() -> None:
    assert refusal(LRB6, ORCS, Purchase("reroll"), max_team_rerolls=2) == [
        "A team may have at most 2 re-rolls; this team has 2."
    ]


def test_a_shortfall_names_the_price_the_treasury_and_the_gap() -> None:
    poor = TeamNow("orc", {"Lineman": 11}, 0, 0, 70_000)
    assert refusal(LRB6, poor, Purchase("player", "Blitzer")) == [
        "This costs 80,000 gp; the treasury has 70,000 gp (10,000 short)."
    ]


def test_fan_factor_is_not_for_sale_after_creation_by_default() -> None:
    assert refusal(LRB6, ORCS, Purchase("fan_factor")) == [
        "Fan factor is not bought after the team is created under these rules "
        "(setting fan_factor_purchase_after_creation)."
    ]


def test_a_league_may_sell_fan_factor_at_10000_a_point() -> None:
    assert price(LRB6, ORCS, Purchase("fan_factor", count=2),
                 fan_factor_purchase_after_creation=True) == 20_000  # fmt: skip


def test_cheerleaders_cost_10000_each() -> None:
    assert price(LRB6, ORCS, Purchase("staff", "cheerleader", 3)) == 30_000


def test_a_second_apothecary_is_refused() -> None:
    assert refusal(LRB6, ORCS, Purchase("staff", "apothecary")) == [
        "A team may have at most 1 Apothecary; this team has 1."
    ]


def test_an_undead_team_may_not_buy_an_apothecary() -> None:
    undead = TeamNow("undead", {"Skeleton": 11}, 0, 0, 100_000)
    assert refusal(LRB6, undead, Purchase("staff", "apothecary")) == [
        "Undead teams may not have an Apothecary."
    ]


def test_gdbbl_magic_staff_are_one_per_team() -> None:
    dwarves = TeamNow("dwarf", {"Long Beard": 11}, 1, 1, 500_000, {"alchemist": 1})
    problems = refusal(GDBBL, dwarves, Purchase("staff", "wizard"))
    assert "Dwarf teams may not have a Wizard." in problems
    assert (
        "A team may have only one of its magic staff; this team has a Dwarf Alchemist." in problems
    )


def test_results_only_teams_buy_nothing() -> None:
    humans = TeamNow("human", {}, 0, 0, 0)
    assert refusal(BLITZ, humans, Purchase("player", "Lineman")) == [
        "Blitz Bowl teams buy nothing between matches."
    ]


@pytest.mark.parametrize(
    ("purchase", "message"),
    [
        (Purchase("bribe"), "One can buy player, reroll, fan_factor, staff; not 'bribe'."),
        (Purchase("reroll", count=0), "Buy at least one, not 0."),
        (Purchase("player", "Troll Slayer"), "Orc teams have no position called 'Troll Slayer'."),
        (Purchase("staff", "wizard"), "This ruleset has no staff called 'wizard'."),
    ],
)
def test_it_refuses_what_cannot_be_bought(purchase: Purchase, message: str) -> None:
    assert refusal(LRB6, ORCS, purchase) == [message]
