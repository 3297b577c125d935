"""Inducements before an LRB6 match, priced and limited as the ruleset's data says
(rules/editions/lrb6/inducements.yaml, star_players.yaml, the mercenaries table)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.edition import edition_read
from rules.engine.inducements import (
    Bill,
    Mercenary,
    Request,
    TeamAtKickOff,
    inducement_bill,
    may_have,
)
from rules.snapshot import edition_ruleset, inducement_rules_from, star_rules_from

EDITION = edition_read("lrb6")
LRB6 = edition_ruleset(EDITION)
RULES = inducement_rules_from(EDITION)
STARS = star_rules_from(EDITION)


def team(race: str = "human", players: int = 11, **positions: int) -> TeamAtKickOff:
    return TeamAtKickOff("Reikland Reavers", LRB6.races[race], players, positions)


def bill(
    request: Request,
    who: TeamAtKickOff | None = None,
    petty: int = 1_000_000,
    treasury: int = 0,
    ruleset=LRB6,
    theirs=(),
) -> Bill:
    return inducement_bill(ruleset, RULES, STARS, who or team(), request, petty, treasury, theirs)


def messages(found: Bill) -> list[str]:
    return [problem.message for problem in found.problems]


def lines(found: Bill) -> list[tuple[str, int, int]]:
    return [(line.what, line.count, line.each) for line in found.lines]


def with_settings(**settings):
    return replace(LRB6, settings={**LRB6.settings, **settings})


# --- The worked example of the issue ----------------------------------------------------------


def test_mighty_zug_and_a_wizard_cost_410000_and_take_10000_from_the_treasury() -> None:
    """400,000 of petty cash and a treasury of 30,000: 10,000 comes from the treasury."""
    found = bill(Request({"wizard": 1}, stars=("Mighty Zug",)), petty=400_000, treasury=30_000)
    assert messages(found) == []
    assert lines(found) == [("Wizard", 1, 150_000), ("Mighty Zug", 1, 260_000)]
    assert (found.total, found.petty_cash, found.from_treasury) == (410_000, 400_000, 10_000)


def test_petty_cash_that_covers_the_bill_takes_nothing_from_the_treasury() -> None:
    found = bill(Request({"bloodweiser_babes": 2}), petty=100_000, treasury=30_000)
    assert (found.total, found.from_treasury) == (100_000, 0)


def test_a_bill_over_the_budget_is_refused_naming_both_sums() -> None:
    found = bill(Request({"wizard": 1}, stars=("Mighty Zug",)), petty=400_000, treasury=0)
    assert messages(found) == [
        "The inducements cost 410,000; Reikland Reavers has 400,000 of petty cash and may add "
        "0 from its treasury."
    ]


# --- The list, its limits and its race prices -------------------------------------------------


@pytest.mark.parametrize(
    ("key", "name", "each", "most"),
    [
        ("bloodweiser_babes", "Bloodweiser Babes", 50_000, 2),
        ("bribes", "Bribes", 100_000, 3),
        ("extra_team_training", "Extra Team Training", 100_000, 4),
        ("halfling_master_chef", "Halfling Master Chef", 300_000, 1),
        ("wandering_apothecary", "Wandering Apothecary", 100_000, 2),
        ("wizard", "Wizard", 150_000, 1),
    ],
)
def test_each_inducement_has_its_price_and_its_limit(key, name, each, most) -> None:
    assert lines(bill(Request({key: most}))) == [(name, most, each)]
    refused = bill(Request({key: most + 1}))
    assert messages(refused) == [f"A team may induce at most {most} {name}, not {most + 1}."]


def test_bribes_are_cheaper_for_goblins_and_the_chef_for_halflings() -> None:
    assert lines(bill(Request({"bribes": 3}), team("goblin"))) == [("Bribes", 3, 50_000)]
    chef = bill(Request({"halfling_master_chef": 1}), team("halfling"))
    assert lines(chef) == [("Halfling Master Chef", 1, 100_000)]


def test_wandering_apothecaries_only_for_teams_that_may_have_an_apothecary() -> None:
    assert messages(bill(Request({"wandering_apothecary": 1}), team("nurgle"))) == [
        "Nurgle teams may not induce Wandering Apothecary."
    ]
    assert may_have(next(r for r in RULES if r.key == "wandering_apothecary"), LRB6.races["orc"])


@pytest.mark.parametrize("race", ["khemri", "necromantic", "nurgle", "undead"])
def test_igor_only_for_the_four_races_without_an_apothecary(race: str) -> None:
    assert lines(bill(Request({"igor": 1}), team(race))) == [("Igor", 1, 100_000)]


def test_igor_is_refused_to_a_team_that_may_have_an_apothecary() -> None:
    assert messages(bill(Request({"igor": 1}))) == ["Human teams may not induce Igor."]


def test_an_unknown_inducement_or_a_negative_count_is_refused() -> None:
    assert messages(bill(Request({"cheerleader": 1}))) == [
        "'cheerleader' is not an inducement of this ruleset."
    ]
    assert messages(bill(Request({"bribes": -1}))) == ["Bribes: a count cannot be -1."]


def test_star_players_and_mercenaries_are_asked_for_by_name_not_by_count() -> None:
    assert messages(bill(Request({"star_player": 1}))) == [
        "'star_player' is not an inducement of this ruleset."
    ]


# --- Star players ------------------------------------------------------------------------------


def test_a_team_induces_at_most_two_star_players() -> None:
    found = bill(Request(stars=("Mighty Zug", "Griff Oberwald", "Morg 'n' Thorg")))
    assert "A team may induce at most 2 star players, not 3." in messages(found)


def test_brick_farth_and_grotty_are_one_inducement_taking_two_places() -> None:
    ogres = team("chaos", players=11)
    found = bill(Request(stars=("Brick Far'th", "Grotty", "Morg 'n' Thorg")), ogres)
    assert messages(found) == []
    assert lines(found) == [("Brick Far'th", 1, 290_000), ("Morg 'n' Thorg", 1, 430_000)]


def test_grotty_comes_only_with_brick_farth() -> None:
    found = bill(Request(stars=("Grotty",)), team("chaos"))
    assert messages(found) == ["Grotty is hired together with Brick Far'th."]


def test_a_star_plays_only_for_the_races_he_plays_for() -> None:
    assert messages(bill(Request(stars=("Ramtut III",)))) == [
        "Ramtut III does not play for Human teams."
    ]


def test_morg_refuses_ramtut_only_where_the_league_says_so() -> None:
    """The data never lets one team have both (Morg plays for anyone but Khemri,
    Necromantic and Undead; Ramtut only for them), so a house rule opens Morg to Undead."""
    opened = tuple(
        replace(star, races=()) if star.name == "Morg 'n' Thorg" else star for star in STARS
    )
    both = Request(stars=("Morg 'n' Thorg", "Ramtut III"))
    undead = team("undead")

    def asked(ruleset):
        found = inducement_bill(ruleset, RULES, opened, undead, both, 1_000_000, 0)
        return messages(found)

    assert asked(LRB6) == []
    assert asked(with_settings(star_morg_refuses_ramtut=True)) == [
        "Morg 'n' Thorg refuses to play beside Ramtut III (star_morg_refuses_ramtut)."
    ]


def test_morg_never_plays_for_the_undead_in_the_bundled_data() -> None:
    assert messages(bill(Request(stars=("Morg 'n' Thorg",)), team("undead"))) == [
        "Morg 'n' Thorg does not play for Undead teams."
    ]


def test_a_star_the_opponent_induced_first_is_refused_by_default() -> None:
    found = bill(Request(stars=("Mighty Zug",)), theirs=("Mighty Zug",))
    assert messages(found) == ["Mighty Zug already plays for the opponent in this match."]
    assert found.total == 0


def test_where_a_wanted_star_plays_for_neither_both_teams_pay() -> None:
    neither = with_settings(star_induced_by_both="plays_for_neither")
    found = bill(Request(stars=("Mighty Zug",)), theirs=("Mighty Zug",), ruleset=neither)
    assert messages(found) == []
    assert found.total == 260_000


def test_a_star_is_induced_once_and_must_exist() -> None:
    assert "Each star player is induced once." in messages(
        bill(Request(stars=("Mighty Zug", "Mighty Zug")))
    )
    assert messages(bill(Request(stars=("Nobody",)))) == [
        "'Nobody' is not a star player of this ruleset."
    ]


# --- Mercenaries --------------------------------------------------------------------------------


def test_a_mercenary_costs_his_position_and_30000() -> None:
    found = bill(Request(mercenaries=(Mercenary("Blitzer"),)), team(Blitzer=2))
    assert lines(found) == [("Mercenary Blitzer", 1, 90_000 + 30_000)]


def test_an_extra_skill_of_his_normal_categories_costs_50000_more() -> None:
    found = bill(Request(mercenaries=(Mercenary("Blitzer", "Tackle"),)), team(Blitzer=2))
    assert lines(found) == [("Mercenary Blitzer", 1, 90_000 + 30_000 + 50_000)]


def test_an_extra_skill_outside_his_normal_categories_is_refused() -> None:
    found = bill(Request(mercenaries=(Mercenary("Lineman", "Dodge"),)))
    assert messages(found) == [
        "A mercenary Lineman may take a skill of his normal categories (G), not Dodge."
    ]


def test_no_extra_skill_where_the_league_turns_it_off() -> None:
    plain = with_settings(mercenary_extra_skill=False)
    found = bill(Request(mercenaries=(Mercenary("Lineman", "Block"),)), ruleset=plain)
    assert messages(found) == [
        "Mercenaries come with their position's skills only (mercenary_extra_skill)."
    ]


def test_a_mercenary_stays_within_his_position_limit() -> None:
    found = bill(Request(mercenaries=(Mercenary("Blitzer"),)), team(Blitzer=4))
    assert messages(found) == ["Human teams may have at most 4 Blitzer; a mercenary would make 5."]


def test_a_mercenary_of_another_race_is_refused() -> None:
    found = bill(Request(mercenaries=(Mercenary("Black Orc Blocker"),)))
    assert messages(found) == ["Human teams have no Black Orc Blocker to hire as mercenary."]


def test_hires_for_one_match_never_pass_sixteen_players() -> None:
    found = bill(
        Request(stars=("Mighty Zug",), mercenaries=(Mercenary("Lineman"),)), team(players=15)
    )
    assert messages(found) == [
        "Reikland Reavers has 15 players for this match; 2 more would pass the 16 a team may have."
    ]


def test_a_count_that_is_no_whole_number_is_refused_naming_the_inducement() -> None:
    assert messages(bill(Request({"bribes": "lots"}))) == ["Bribes: 'lots' is not a whole number."]
