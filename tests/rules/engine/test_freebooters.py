"""Freebooters before a GDBBL match (001 "Hire freebooters"): players hired for one game at half
the normal price, normal players of the team's positions and star players who play for its
race, paid from the treasury, as the freebooters_* settings say.

Numbers come from rules/editions/gdbbl: a Human Lineman costs 50,000 (0-12), a Catcher 70,000
(0-4), a Thrower 70,000 (0-2), a Blitzer 90,000 (0-4); Griff Oberwald (human) 180,000; Morg 'n'
Thorg (ogre, Chaos, Goblin, Human, Norse and Orc) 190,000; Nobbla Blackwart (goblin) 80,000;
Ripper Bolgrot (troll) 150,000; Deeproot Strongbranch (treeman, Halfling and Wood Elf)
180,000; a team has at most 16 players and 4 star players.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.edition import edition_read
from rules.engine.errors import Problem
from rules.engine.freebooters import Freebooters, Hire, TeamBeforeMatch, freebooters_bill
from rules.engine.ruleset import Ruleset
from rules.engine.team_building import StarRule
from rules.snapshot import edition_ruleset, star_rules_from
from tests.rules.conftest import with_settings
from tests.rules.gdbbl_like import without_settings

EDITION = edition_read("gdbbl")
GDBBL = edition_ruleset(EDITION, version=1)
STARS = star_rules_from(EDITION)
STAR = {star.name: star for star in STARS}

GRIFF = "Griff Oberwald"
MORG = "Morg 'n' Thorg"
NOBBLA = "Nobbla Blackwart"
RIPPER = "Ripper Bolgrot"
DEEPROOT = "Deeproot Strongbranch"
# The Orc stars of the list: a team with four of them on its roster is at the limit.
ORC_STARS = ("Bomber Dribblesnot", "Fungus the Loon", NOBBLA, "Scrappa Sorehead")
VARAG = "Varag Ghoul-Chewer"  # orc, 160,000: the Orcs' fifth
RICH = 10_000_000


def team(
    race: str = "human",
    positions: Mapping[str, int] | None = None,
    players: int = 11,
    stars: Sequence[str] = (),
    treasury: int = RICH,
    name: str = "Altdorf Hammers",
) -> TeamBeforeMatch:
    return TeamBeforeMatch(
        name, GDBBL.races[race], dict(positions or {}), players, tuple(stars), treasury
    )


def bill(
    who: TeamBeforeMatch | None = None,
    positions: Sequence[str] = (),
    stars: Sequence[str] = (),
    ruleset: Ruleset = GDBBL,
    taken_elsewhere: Mapping[str, str] | None = None,
    star_rules: Sequence[StarRule] = STARS,
) -> Freebooters:
    return freebooters_bill(
        ruleset, star_rules, who or team(), list(positions), list(stars), taken_elsewhere
    )


def problems(found: Freebooters) -> list[tuple[str, str]]:
    return [(problem.field, problem.message) for problem in found.problems]


def lines(found: Freebooters) -> list[tuple[str, int, int]]:
    return [(line.what, line.count, line.each) for line in found.lines]


def goblins(**kwargs) -> TeamBeforeMatch:
    return team("goblin", name="Gobbo Grinders", **kwargs)


def halflings(**kwargs) -> TeamBeforeMatch:
    return team("halfling", name="Greenfield Grasshuggers", **kwargs)


def orcs(**kwargs) -> TeamBeforeMatch:
    return team("orc", name="Iron Tuskers", **kwargs)


# --- The price: half the normal price ------------------------------------------------------


def test_a_human_catcher_costs_35000_and_a_lineman_25000_half_the_list() -> None:
    found = bill(positions=["Catcher", "Lineman"])
    assert problems(found) == []
    assert found.hires == (
        Hire("Catcher", star=False, price=35_000, value=70_000),
        Hire("Lineman", star=False, price=25_000, value=50_000),
    )
    assert (found.total, found.value) == (60_000, 120_000)
    assert lines(found) == [("Freebooter Catcher", 1, 35_000), ("Freebooter Lineman", 1, 25_000)]


def test_griff_oberwald_costs_90000_half_his_180000() -> None:
    found = bill(stars=[GRIFF])
    assert problems(found) == []
    assert found.hires == (Hire(GRIFF, star=True, price=90_000, value=180_000),)
    assert lines(found) == [(GRIFF, 1, 90_000)]
    assert found.total == 90_000


@pytest.mark.parametrize("rule", ["half_of_doubled", "half_of_list"])
def test_a_human_team_pays_half_for_morg_under_either_price_rule(rule: str) -> None:
    found = bill(stars=[MORG], ruleset=with_settings(GDBBL, freebooter_price_rule=rule))
    assert problems(found) == []
    assert found.total == 95_000


@pytest.mark.parametrize(
    ("rule", "price"),
    [("half_of_doubled", 190_000), ("half_then_double", 190_000), ("half_of_list", 95_000)],
)
def test_a_goblin_team_pays_for_morg_the_ogre_as_the_price_rule_says(rule: str, price: int) -> None:
    """Goblins pay double for Morg: half of double is his list price; half of the list is
    95,000. "half_then_double" is accepted as the same reading as half_of_doubled."""
    found = bill(goblins(), stars=[MORG], ruleset=with_settings(GDBBL, freebooter_price_rule=rule))
    assert problems(found) == []
    assert found.hires == (Hire(MORG, star=True, price=price, value=190_000),)
    assert lines(found) == [(MORG, 1, price)]


@pytest.mark.parametrize("rule", ["half_of_doubled", "half_of_list"])
@pytest.mark.parametrize(
    ("star", "price"),
    [
        (NOBBLA, 40_000),  # goblin, 80,000
        ("Bomber Dribblesnot", 40_000),  # goblin, 80,000
        ("Fungus the Loon", 30_000),  # goblin, 60,000
        ("Scrappa Sorehead", 30_000),  # goblin, 60,000
        (RIPPER, 75_000),  # troll, 150,000
    ],
)
def test_a_goblin_team_pays_half_the_list_for_a_goblin_or_a_troll_under_either_rule(
    rule: str, star: str, price: int
) -> None:
    found = bill(goblins(), stars=[star], ruleset=with_settings(GDBBL, freebooter_price_rule=rule))
    assert problems(found) == []
    assert found.total == price == STAR[star].cost // 2


def test_a_goblin_team_of_a_league_without_the_double_price_pays_half_for_morg() -> None:
    ruleset = with_settings(GDBBL, goblin_halfling_double_star_price=False)
    assert bill(goblins(), stars=[MORG], ruleset=ruleset).total == 95_000


@pytest.mark.parametrize("rule", ["half_of_doubled", "half_of_list"])
def test_a_halfling_team_pays_half_for_deeproot_the_treeman_under_either_rule(rule: str) -> None:
    ruleset = with_settings(GDBBL, freebooter_price_rule=rule)
    found = bill(halflings(), stars=[DEEPROOT], ruleset=ruleset)
    assert problems(found) == []
    assert found.hires == (Hire(DEEPROOT, star=True, price=90_000, value=180_000),)


@pytest.mark.parametrize(
    ("rule", "price"), [("half_of_doubled", 190_000), ("half_of_list", 95_000)]
)
def test_a_halfling_team_pays_for_a_star_of_another_kind_as_the_price_rule_says(
    rule: str, price: int
) -> None:
    """No GDBBL star but Deeproot plays for Halflings; a league that lets Morg play for them
    (star lists are league-editable) sees the Halfling double price meet the half price."""
    league_stars = [
        replace(star, races=(*star.races, "halfling")) if star.name == MORG else star
        for star in STARS
    ]
    ruleset = with_settings(GDBBL, freebooter_price_rule=rule)
    found = bill(halflings(), stars=[MORG], ruleset=ruleset, star_rules=league_stars)
    assert problems(found) == []
    assert found.total == price


def test_an_older_ruleset_copy_without_the_freebooter_settings_reads_their_defaults() -> None:
    """Without the settings: freebooters allowed, half of the doubled price, counted toward
    the 16 players and the four stars."""
    older = without_settings(
        GDBBL,
        "freebooters_allowed",
        "freebooter_price_rule",
        "freebooters_count_toward_roster",
        "freebooters_count_toward_star_limit",
    )
    assert bill(goblins(), stars=[MORG], ruleset=older).total == 190_000
    assert problems(bill(team(players=16), ["Lineman"], ruleset=older)) == [
        (
            "freebooters",
            "A team may have at most 16 players, freebooters included "
            "(freebooters_count_toward_roster): Altdorf Hammers has 16 and asks for 1 more.",
        )
    ]
    assert problems(bill(orcs(stars=ORC_STARS, players=15), stars=[VARAG], ruleset=older)) == [
        (
            "stars",
            "A team may have at most 4 star players, freebooters included "
            "(freebooters_count_toward_star_limit): Iron Tuskers has 4 and asks for 1 more.",
        )
    ]


# --- Only players the team may normally have -----------------------------------------------


def test_it_refuses_a_third_thrower_naming_the_position_limit() -> None:
    found = bill(team(positions={"Thrower": 2}), ["Thrower"])
    assert problems(found) == [
        (
            "positions",
            "Human teams may have at most 2 Throwers: Altdorf Hammers has 2 and asks for 1 more.",
        )
    ]


def test_it_refuses_three_throwers_for_a_team_without_one() -> None:
    found = bill(team(), ["Thrower", "Thrower", "Thrower"])
    assert problems(found) == [
        (
            "positions",
            "Human teams may have at most 2 Throwers: Altdorf Hammers has 0 and asks for 3 more.",
        )
    ]


def test_a_team_may_fill_a_position_up_to_its_maximum() -> None:
    found = bill(team(positions={"Thrower": 1, "Catcher": 2}), ["Thrower", "Catcher", "Catcher"])
    assert problems(found) == []
    assert found.total == 3 * 35_000


def test_it_refuses_a_fifth_catcher() -> None:
    found = bill(team(), ["Catcher"] * 5)
    assert problems(found) == [
        (
            "positions",
            "Human teams may have at most 4 Catchers: Altdorf Hammers has 0 and asks for 5 more.",
        )
    ]


@pytest.mark.parametrize("position", ["Troll", "Black Orc Blocker", "catcher"])
def test_it_refuses_a_position_the_race_does_not_have(position: str) -> None:
    found = bill(positions=[position])
    assert problems(found) == [("positions", f"Human teams have no position named {position!r}.")]


def test_it_refuses_an_unknown_star() -> None:
    found = bill(stars=["Griff"])
    assert problems(found) == [("stars", "There is no star player called 'Griff'.")]


@pytest.mark.parametrize(
    ("who", "star", "message"),
    [
        (team(), NOBBLA, "Nobbla Blackwart does not play for Human teams."),
        (halflings(), GRIFF, "Griff Oberwald does not play for Halfling teams."),
        (goblins(), GRIFF, "Griff Oberwald does not play for Goblin teams."),
    ],
)
def test_it_refuses_a_star_who_does_not_play_for_the_race(
    who: TeamBeforeMatch, star: str, message: str
) -> None:
    assert problems(bill(who, stars=[star])) == [("stars", message)]


def test_it_refuses_a_star_already_on_the_team() -> None:
    found = bill(team(players=12, stars=[GRIFF]), stars=[GRIFF])
    assert problems(found) == [("stars", "Griff Oberwald plays for Altdorf Hammers already.")]


def test_it_refuses_a_star_the_opponent_has_in_this_match() -> None:
    found = bill(stars=[MORG], taken_elsewhere={MORG: "Iron Tuskers"})
    assert problems(found) == [("stars", "Morg 'n' Thorg plays for Iron Tuskers in this match.")]


def test_a_star_the_opponent_has_does_not_stop_another_star() -> None:
    found = bill(stars=[GRIFF], taken_elsewhere={MORG: "Iron Tuskers"})
    assert problems(found) == []
    assert found.total == 90_000


def test_it_refuses_a_star_named_twice_and_prices_him_once() -> None:
    found = bill(stars=[GRIFF, GRIFF])
    assert problems(found) == [("stars", "Griff Oberwald is one player: name him once.")]
    assert found.total == 90_000


# --- The star player limit and the 16 players -----------------------------------------------


def test_it_refuses_a_fifth_star_when_freebooters_count_toward_the_limit() -> None:
    found = bill(orcs(players=15, stars=ORC_STARS), stars=[VARAG])
    assert problems(found) == [
        (
            "stars",
            "A team may have at most 4 star players, freebooters included "
            "(freebooters_count_toward_star_limit): Iron Tuskers has 4 and asks for 1 more.",
        )
    ]


def test_it_refuses_three_stars_for_a_team_with_two() -> None:
    found = bill(orcs(players=13, stars=ORC_STARS[:2]), stars=[NOBBLA, "Scrappa Sorehead", VARAG])
    assert problems(found) == [
        (
            "stars",
            "A team may have at most 4 star players, freebooters included "
            "(freebooters_count_toward_star_limit): Iron Tuskers has 2 and asks for 3 more.",
        )
    ]


def test_a_fourth_star_is_fine() -> None:
    found = bill(orcs(players=14, stars=ORC_STARS[:3]), stars=[VARAG])
    assert problems(found) == []
    assert found.total == 80_000


def test_a_fifth_star_is_fine_when_freebooters_do_not_count_toward_the_limit() -> None:
    ruleset = with_settings(GDBBL, freebooters_count_toward_star_limit=False)
    found = bill(orcs(players=15, stars=ORC_STARS), stars=[VARAG], ruleset=ruleset)
    assert problems(found) == []
    assert found.total == 80_000


def test_a_fifth_star_is_fine_where_the_league_allows_five() -> None:
    ruleset = with_settings(GDBBL, star_player_limit=5)
    assert problems(bill(orcs(players=15, stars=ORC_STARS), stars=[VARAG], ruleset=ruleset)) == []


def test_it_refuses_a_seventeenth_player_when_freebooters_count_toward_the_roster() -> None:
    found = bill(team(players=16), ["Lineman"])
    assert problems(found) == [
        (
            "freebooters",
            "A team may have at most 16 players, freebooters included "
            "(freebooters_count_toward_roster): Altdorf Hammers has 16 and asks for 1 more.",
        )
    ]


def test_a_star_freebooter_counts_toward_the_sixteen_players_too() -> None:
    found = bill(team(players=14), ["Lineman", "Lineman"], stars=[GRIFF])
    assert problems(found) == [
        (
            "freebooters",
            "A team may have at most 16 players, freebooters included "
            "(freebooters_count_toward_roster): Altdorf Hammers has 14 and asks for 3 more.",
        )
    ]
    assert problems(bill(team(players=14), ["Lineman"], stars=[GRIFF])) == []


def test_a_seventeenth_player_is_fine_when_freebooters_do_not_count_toward_the_roster() -> None:
    ruleset = with_settings(GDBBL, freebooters_count_toward_roster=False)
    found = bill(team(players=16), ["Lineman"], stars=[GRIFF], ruleset=ruleset)
    assert problems(found) == []
    assert found.total == 115_000


def test_the_position_limit_holds_even_when_freebooters_do_not_count_toward_the_roster() -> None:
    ruleset = with_settings(GDBBL, freebooters_count_toward_roster=False)
    found = bill(team(players=16, positions={"Thrower": 2}), ["Thrower"], ruleset=ruleset)
    assert problems(found) == [
        (
            "positions",
            "Human teams may have at most 2 Throwers: Altdorf Hammers has 2 and asks for 1 more.",
        )
    ]


# --- The treasury -----------------------------------------------------------------------------


def test_it_refuses_a_bill_over_the_treasury_naming_both_sums_and_the_shortfall() -> None:
    found = bill(team(treasury=60_000), ["Catcher"], stars=[GRIFF])
    assert problems(found) == [
        (
            "treasury",
            "The freebooters cost 125,000 gp; Altdorf Hammers's treasury has 60,000 gp "
            "(65,000 short).",
        )
    ]


def test_a_team_in_debt_can_pay_for_nothing() -> None:
    found = bill(team(treasury=-20_000), ["Lineman"])
    assert problems(found) == [
        (
            "treasury",
            "The freebooters cost 25,000 gp; Altdorf Hammers's treasury has 0 gp (25,000 short).",
        )
    ]


def test_a_team_in_debt_may_hire_none() -> None:
    found = bill(team(treasury=-20_000))
    assert (found.hires, found.problems, found.total) == ((), (), 0)


def test_a_bill_of_exactly_the_treasury_is_fine() -> None:
    found = bill(team(treasury=35_000), ["Catcher"])
    assert problems(found) == []
    assert found.total == 35_000


def test_one_gold_piece_short_is_refused() -> None:
    found = bill(team(treasury=34_999), ["Catcher"])
    assert problems(found) == [
        (
            "treasury",
            "The freebooters cost 35,000 gp; Altdorf Hammers's treasury has 34,999 gp (1 short).",
        )
    ]


def test_every_broken_rule_is_named_at_once() -> None:
    found = bill(
        team(positions={"Thrower": 2}, players=16, treasury=0),
        ["Thrower", "Troll"],
        stars=[NOBBLA, "Nobody"],
    )
    assert problems(found) == [
        (
            "positions",
            "Human teams may have at most 2 Throwers: Altdorf Hammers has 2 and asks for 1 more.",
        ),
        ("positions", "Human teams have no position named 'Troll'."),
        ("stars", "Nobbla Blackwart does not play for Human teams."),
        ("stars", "There is no star player called 'Nobody'."),
        (
            "freebooters",
            "A team may have at most 16 players, freebooters included "
            "(freebooters_count_toward_roster): Altdorf Hammers has 16 and asks for 2 more.",
        ),
    ]


# --- A league without freebooters, and hiring none ---------------------------------------------


@pytest.mark.parametrize(
    ("positions", "stars"), [(["Lineman"], []), ([], [GRIFF]), (["Catcher"], [GRIFF])]
)
def test_a_league_without_freebooters_refuses_any_hire(positions: list, stars: list) -> None:
    ruleset = with_settings(GDBBL, freebooters_allowed=False)
    found = bill(team(), positions, stars, ruleset=ruleset)
    assert problems(found) == [
        ("freebooters", "This league hires no freebooters (freebooters_allowed).")
    ]
    assert found.total == 0


def test_a_league_without_freebooters_accepts_hiring_none() -> None:
    found = bill(ruleset=with_settings(GDBBL, freebooters_allowed=False))
    assert found == Freebooters()


def test_hiring_none_costs_nothing() -> None:
    found = bill()
    assert (found.hires, found.problems) == ((), ())
    assert (found.total, found.value, found.lines) == (0, 0, ())


def test_a_refused_bill_leaves_the_team_as_it_was() -> None:
    who = team(positions={"Thrower": 2}, players=16, stars=[GRIFF], treasury=0)
    before = copy.deepcopy(who)
    bill(who, ["Thrower", "Lineman"], stars=[GRIFF, MORG])
    assert who == before


# --- The bill's lines and the value ---------------------------------------------------------


def test_the_lines_group_repeated_positions_in_the_order_asked_stars_after() -> None:
    found = bill(
        team(players=9),
        ["Catcher", "Lineman", "Catcher", "Blitzer", "Lineman"],
        stars=[MORG, GRIFF],
    )
    assert problems(found) == []
    assert lines(found) == [
        ("Freebooter Catcher", 2, 35_000),
        ("Freebooter Lineman", 2, 25_000),
        ("Freebooter Blitzer", 1, 45_000),
        (MORG, 1, 95_000),
        (GRIFF, 1, 90_000),
    ]
    assert [line.total for line in found.lines] == [70_000, 50_000, 45_000, 95_000, 90_000]
    assert found.total == 350_000


def test_the_value_is_each_positions_cost_and_each_stars_list_price() -> None:
    found = bill(team(), ["Catcher", "Lineman"], stars=[GRIFF])
    assert found.value == 70_000 + 50_000 + 180_000


def test_a_goblin_teams_star_adds_his_list_price_not_what_it_paid() -> None:
    assert bill(goblins(), stars=[MORG]).value == 190_000


def test_stars_add_no_value_where_team_value_leaves_star_players_out() -> None:
    ruleset = with_settings(GDBBL, team_value_star_players=False)
    found = bill(team(), ["Catcher"], stars=[GRIFF], ruleset=ruleset)
    assert found.hires == (
        Hire("Catcher", star=False, price=35_000, value=70_000),
        Hire(GRIFF, star=True, price=90_000, value=0),
    )
    assert (found.total, found.value) == (125_000, 70_000)


# --- Properties -------------------------------------------------------------------------------


@st.composite
def within_limits(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A race and positions it may have (within each maximum and the 16), in any order."""
    race = draw(st.sampled_from(sorted(GDBBL.races)))
    names: list[str] = []
    for position in GDBBL.races[race].positions:
        names += [position.name] * draw(st.integers(0, min(position.max_quantity, 5)))
    return race, draw(st.permutations(names))[:16]


@given(within_limits())
def test_any_position_costs_half_its_price_and_the_total_is_the_sum(
    asked: tuple[str, list[str]],
) -> None:
    race, positions = asked
    found = bill(team(race, players=0), positions)
    assert problems(found) == []
    costs = {position.name: position.cost for position in GDBBL.races[race].positions}
    assert [(h.name, h.price, h.value) for h in found.hires] == sorted(
        ((name, costs[name] // 2, costs[name]) for name in positions),
        key=lambda hire: positions.index(hire[0]),
    )
    assert found.total == sum(costs[name] // 2 for name in positions)
    assert found.total == sum(line.count * line.each for line in found.lines)
    assert found.value == sum(costs[name] for name in positions)
    assert sum(line.count for line in found.lines) == len(positions)


PAIRS = [(star.name, race) for star in STARS for race in sorted(GDBBL.races) if race in star.races]
EXEMPT = {"goblin": {"goblin", "troll"}, "halfling": {"halfling", "treeman"}}


@given(st.sampled_from(PAIRS), st.sampled_from(["half_of_doubled", "half_of_list"]))
def test_any_star_costs_half_his_list_unless_his_team_pays_double_under_half_of_doubled(
    pair: tuple[str, str], rule: str
) -> None:
    name, race = pair
    star = STAR[name]
    doubled = race in EXEMPT and star.kind not in EXEMPT[race]
    found = bill(team(race), stars=[name], ruleset=with_settings(GDBBL, freebooter_price_rule=rule))
    assert problems(found) == []
    expected = star.cost if doubled and rule == "half_of_doubled" else star.cost // 2
    assert found.hires == (Hire(name, star=True, price=expected, value=star.cost),)


@given(
    st.lists(st.sampled_from(["Lineman", "Catcher", "Blitzer"]), max_size=4),
    st.lists(st.sampled_from([GRIFF, MORG, "Mighty Zug"]), max_size=3, unique=True),
    st.integers(-100_000, 500_000),
)
def test_a_bill_is_refused_exactly_when_it_costs_more_than_the_treasury_has(
    positions: list[str], stars: list[str], treasury: int
) -> None:
    found = bill(team(players=9, treasury=treasury), positions, stars)
    gold = max(0, treasury)
    if found.total <= gold:
        assert found.problems == ()
    else:
        assert found.problems == (
            Problem(
                "treasury",
                f"The freebooters cost {found.total:,} gp; Altdorf Hammers's treasury has "
                f"{gold:,} gp ({found.total - gold:,} short).",
            ),
        )
