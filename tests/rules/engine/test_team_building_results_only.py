"""Squads in the results-only systems: Blitz Bowl (document 004 l.642-645, "Each team
consists of six players - three Linemen ... and three unique players": a team is the six
players of its card, setting team_is_its_card) and Blood Bowl 1st edition's Veterans squads
(§B.3-§B.5, 11 to 16 within the race's make-up; its standard game of 11 Linemen is
test_team_building_standard_game). Neither has money, so a squad costs nothing and buys
nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.edition import edition_read
from rules.engine.team_building import (
    Squad,
    TeamCost,
    TeamRefused,
    TeamRequest,
    squad_for,
    team_check,
)
from rules.snapshot import edition_ruleset, staff_rules_from, star_rules_from

EDITIONS = {slug: edition_read(slug) for slug in ("blitz-bowl", "first-edition")}
NOTHING = TeamCost(0, 0, 0, 0, 0, total=0, treasury=0)
# The Reavers card (§C.2): three Linemen, a Thrower, a Catcher and a Blitzer.
REAVERS = {"Lineman": 3, "Thrower": 1, "Catcher": 1, "Blitzer": 1}
# The 1st edition Human squad of 16 (§B.3, the data's position limits).
HUMAN_SQUAD = {"Lineman": 6, "Blitzer": 2, "Blocker": 4, "Catcher": 2, "Thrower": 2}
# How the card rule names the card; a refusal adds ", not <what was asked>".
THE_CARD = (
    "A Blitz Bowl team is the six players of its team card: the Human card is 3 Linemen, "
    "1 Thrower, 1 Catcher and 1 Blitzer"
)


def check(slug: str, settings: dict[str, Any] | None = None, **request: Any) -> TeamCost:
    """The engine's bill for `request`, the edition's settings changed by `settings`."""
    edition = EDITIONS[slug]
    rules = (staff_rules_from(edition), star_rules_from(edition))
    ruleset = edition_ruleset(edition)
    ruleset = replace(ruleset, settings={**ruleset.settings, **(settings or {})})
    return team_check(ruleset, *rules, TeamRequest(**request))


def problems(slug: str, settings: dict[str, Any] | None = None, **request: Any) -> list:
    with pytest.raises(TeamRefused) as refused:
        check(slug, settings, **request)
    return [(problem.field, problem.message) for problem in refused.value.problems]


def card_problems(positions: dict[str, Any]) -> list[tuple[str, str]]:
    return problems("blitz-bowl", race="human", positions=positions)


HOUSE_RULE = {"team_is_its_card": False}  # any 1 to 6 of the card's players


def test_a_blitz_bowl_team_is_its_card_and_costs_nothing() -> None:
    assert check("blitz-bowl", race="human", positions=REAVERS) == NOTHING


def test_a_first_edition_squad_of_sixteen_costs_nothing() -> None:
    assert check("first-edition", race="human", positions=HUMAN_SQUAD) == NOTHING


def test_a_first_edition_squad_of_eleven_is_enough() -> None:
    squad = {"Lineman": 6, "Blocker": 4, "Thrower": 1}
    assert check("first-edition", race="human", positions=squad) == NOTHING


@pytest.mark.parametrize(
    ("slug", "name"),
    [("blitz-bowl", "Blitz Bowl"), ("first-edition", "Blood Bowl 1st edition")],
)
def test_results_only_systems_have_no_re_rolls_to_buy(slug: str, name: str) -> None:
    positions = REAVERS if slug == "blitz-bowl" else HUMAN_SQUAD
    assert problems(slug, race="human", positions=positions, rerolls=1) == [
        ("rerolls", f"{name} has no re-rolls to buy")
    ]


def test_blitz_bowl_refuses_fan_factor_staff_and_star_players_all_at_once() -> None:
    request = {"fan_factor": 1, "staff": {"apothecary": 1}, "star_players": ("Griff Oberwald",)}
    assert problems("blitz-bowl", race="human", positions=REAVERS, **request) == [
        ("fan_factor", "Blitz Bowl has no fan factor to buy"),
        ("staff", "Blitz Bowl has no staff to hire"),
        ("star_players", "Blitz Bowl has no star players to hire"),
    ]


# --- Blitz Bowl: a team is its card (setting team_is_its_card, on by default) ---


def test_the_card_rule_is_on_by_default() -> None:
    settings = {s.key: s.default for s in EDITIONS["blitz-bowl"].settings}
    assert settings["team_is_its_card"] is True


def test_the_card_is_listed_in_any_order_and_accepted() -> None:
    card = {"Blitzer": 1, "Catcher": 1, "Thrower": 1, "Lineman": 3}
    assert check("blitz-bowl", race="human", positions=card) == NOTHING


def test_five_players_are_refused_naming_the_card() -> None:
    assert card_problems({**REAVERS, "Lineman": 2}) == [
        ("positions", f"{THE_CARD}, not 2 Linemen, 1 Thrower, 1 Catcher and 1 Blitzer")
    ]


def test_five_players_without_the_catcher_are_refused_naming_the_card() -> None:
    assert card_problems({"Lineman": 3, "Thrower": 1, "Blitzer": 1}) == [
        ("positions", f"{THE_CARD}, not 3 Linemen, 1 Thrower and 1 Blitzer")
    ]


def test_seven_players_are_refused_naming_the_card_and_nothing_else() -> None:
    # Not also "at most 3 Linemen" and "at most 6 players": the card says it all.
    assert card_problems({**REAVERS, "Lineman": 4}) == [
        ("positions", f"{THE_CARD}, not 4 Linemen, 1 Thrower, 1 Catcher and 1 Blitzer")
    ]


def test_six_players_of_the_wrong_make_up_are_refused() -> None:
    # Six players, the count a card has, but four Linemen and two Throwers are not the card.
    assert card_problems({"Lineman": 4, "Thrower": 2}) == [
        ("positions", f"{THE_CARD}, not 4 Linemen and 2 Throwers")
    ]


def test_a_position_asked_for_none_is_as_good_as_not_asked() -> None:
    # A form sends every position: "0 Catchers" is named as no Catcher, not as "0 Catchers".
    assert card_problems({**REAVERS, "Catcher": 0}) == [
        ("positions", f"{THE_CARD}, not 3 Linemen, 1 Thrower and 1 Blitzer")
    ]


def test_an_empty_team_is_refused_naming_the_card() -> None:
    assert card_problems({}) == [("positions", f"{THE_CARD}, not nobody")]


def test_a_position_not_on_the_card_is_named_and_the_card_too() -> None:
    assert card_problems({**REAVERS, "Lineman": 2, "Gutter Runner": 1}) == [
        ("positions", "Human teams have no position called 'Gutter Runner'"),
        ("positions", f"{THE_CARD}, not 2 Linemen, 1 Thrower, 1 Catcher, 1 Blitzer "
                      "and 1 Gutter Runner"),
    ]  # fmt: skip


def test_a_count_that_is_no_number_is_named_without_a_card_to_compare() -> None:
    assert card_problems({**REAVERS, "Lineman": -3}) == [
        ("positions", "The number of Linemen must be a whole number from 0 up, not -3")
    ]


def test_a_copy_made_before_the_setting_was_named_keeps_the_card() -> None:
    edition = EDITIONS["blitz-bowl"]
    ruleset = edition_ruleset(edition)
    older = replace(ruleset, settings={k: v for k, v in ruleset.settings.items()
                                       if k != "team_is_its_card"})  # fmt: skip
    request = TeamRequest("human", {"Lineman": 3, "Thrower": 1, "Catcher": 1})
    with pytest.raises(TeamRefused) as refused:
        team_check(older, staff_rules_from(edition), star_rules_from(edition), request)
    assert [p.message for p in refused.value.problems] == [
        f"{THE_CARD}, not 3 Linemen, 1 Thrower and 1 Catcher"
    ]


def test_the_squad_of_a_card_is_the_card_exactly() -> None:
    ruleset = edition_ruleset(EDITIONS["blitz-bowl"])
    squad = squad_for(ruleset, ruleset.races["human"])
    assert squad == Squad(REAVERS, least=6, most=6, exact=True, rule=THE_CARD)
    assert list(squad.most_of) == ["Lineman", "Thrower", "Catcher", "Blitzer"]  # card order


# --- Blitz Bowl with the card rule off: any 1 to 6 of the card's players ---


@pytest.mark.parametrize(
    "positions",
    [{"Blitzer": 1}, {"Lineman": 3}, {**REAVERS, "Lineman": 2}, REAVERS],
    ids=["a-blitzer", "three-linemen", "five", "six"],
)
def test_with_the_card_rule_off_one_to_six_of_the_card_make_a_team(positions) -> None:
    assert check("blitz-bowl", HOUSE_RULE, race="human", positions=positions) == NOTHING


def test_with_the_card_rule_off_a_team_still_needs_a_player() -> None:
    assert problems("blitz-bowl", HOUSE_RULE, race="human", positions={}) == [
        ("positions", "A team needs at least 1 player, not 0")
    ]


def test_with_the_card_rule_off_no_position_goes_beyond_the_card() -> None:
    card = {**REAVERS, "Lineman": 2, "Thrower": 2}
    assert problems("blitz-bowl", HOUSE_RULE, race="human", positions=card) == [
        ("positions", "Human teams may have at most 1 Thrower")
    ]


def test_with_the_card_rule_off_seven_players_are_still_too_many() -> None:
    card = {**REAVERS, "Lineman": 4}
    assert problems("blitz-bowl", HOUSE_RULE, race="human", positions=card) == [
        ("positions", "Human teams may have at most 3 Linemen"),
        ("positions", "A team may have at most 6 players, not 7"),
    ]


def test_with_the_card_rule_off_the_squad_is_the_card_as_maxima() -> None:
    ruleset = edition_ruleset(EDITIONS["blitz-bowl"])
    ruleset = replace(ruleset, settings={**ruleset.settings, **HOUSE_RULE})
    assert squad_for(ruleset, ruleset.races["human"]) == Squad(REAVERS, least=1, most=6)


# --- 1st edition's Veterans squads ---


def test_a_first_edition_squad_needs_eleven_players() -> None:
    assert problems("first-edition", race="human", positions={"Lineman": 6, "Blocker": 4}) == [
        ("positions", "A team needs at least 11 players, not 10")
    ]


def test_a_first_edition_squad_has_at_most_sixteen_players() -> None:
    squad = {**HUMAN_SQUAD, "Lineman": 7}
    assert problems("first-edition", race="human", positions=squad) == [
        ("positions", "Human teams may have at most 6 Linemen"),
        ("positions", "A team may have at most 16 players, not 17"),
    ]


def test_a_veterans_squad_is_the_race_lists_make_up_and_eleven_to_sixteen() -> None:
    ruleset = edition_ruleset(EDITIONS["first-edition"])
    assert squad_for(ruleset, ruleset.races["human"]) == Squad(HUMAN_SQUAD, least=11, most=16)


def test_unknown_races_and_positions_are_refused_in_results_only_systems() -> None:
    assert problems("first-edition", race="lizardman", positions=HUMAN_SQUAD) == [
        ("race", "Blood Bowl 1st edition has no race called 'lizardman'")
    ]
    assert problems("first-edition", race="skeleton", positions={"Lineman": 10, "Mummy": 1}) == [
        ("positions", "Skeleton teams have no position called 'Mummy'")
    ]
