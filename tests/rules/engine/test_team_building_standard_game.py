"""1st edition's standard game (document 002 l.161: "take the players numbered 1 to 11 to
make up each team; the full squad of 16 players is only used with the Veterans Rules";
l.213: every player moves up to 6 squares). With the setting veterans_rules none a team is
exactly 11 players, all entered as the race's Linemen, the Veterans squad make-up (a Human
team's 0-6 Linemen) not applying; with all or agreed_per_match a team is a Veterans squad
of 11 to 16 within the make-up, as before."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.edition import edition_read
from rules.engine.ruleset import Ruleset
from rules.engine.team_building import (
    STANDARD_RULE,
    Squad,
    TeamCost,
    TeamRefused,
    TeamRequest,
    squad_for,
    team_check,
)
from rules.snapshot import edition_ruleset

EDITION = edition_read("first-edition")
NOTHING = TeamCost(0, 0, 0, 0, 0, total=0, treasury=0)
ELEVEN_LINEMEN = {"Lineman": 11}
STANDARD = "In the standard game (setting veterans_rules: none)"


def first_edition(veterans_rules: str) -> Ruleset:
    ruleset = edition_ruleset(EDITION)
    return replace(ruleset, settings={**ruleset.settings, "veterans_rules": veterans_rules})


def check(veterans_rules: str, positions: dict[str, Any], race: str = "human") -> TeamCost:
    return team_check(first_edition(veterans_rules), (), (), TeamRequest(race, positions))


def problems(veterans_rules: str, positions: dict[str, Any], race: str = "human") -> list:
    with pytest.raises(TeamRefused) as refused:
        check(veterans_rules, positions, race)
    return [(problem.field, problem.message) for problem in refused.value.problems]


def test_the_veterans_rules_are_the_default() -> None:
    assert {s.key: s.default for s in EDITION.settings}["veterans_rules"] == "all"


# --- veterans_rules none: the standard game ---


def test_eleven_human_linemen_make_a_standard_team() -> None:
    # The Veterans make-up allows a Human team 6 Linemen at most; the standard game has none.
    assert EDITION.races[0].slug == "human"
    assert [p.max_quantity for p in EDITION.races[0].positions if p.name == "Lineman"] == [6]
    assert check("none", ELEVEN_LINEMEN) == NOTHING


@pytest.mark.parametrize("race", [race.slug for race in EDITION.races])
def test_every_race_has_linemen_and_eleven_of_them_make_a_standard_team(race: str) -> None:
    assert check("none", ELEVEN_LINEMEN, race) == NOTHING


def test_ten_linemen_are_one_too_few() -> None:
    assert problems("none", {"Lineman": 10}) == [
        ("positions", f"{STANDARD} a team is exactly 11 players, not 10")
    ]


def test_twelve_linemen_are_one_too_many() -> None:
    # Not also "at most 6 Linemen": the Veterans make-up does not apply.
    assert problems("none", {"Lineman": 12}) == [
        ("positions", f"{STANDARD} a team is exactly 11 players, not 12")
    ]


def test_a_standard_team_of_nobody_is_refused() -> None:
    assert problems("none", {}) == [
        ("positions", f"{STANDARD} a team is exactly 11 players, not 0")
    ]


def test_a_blitzer_is_refused_in_the_standard_game() -> None:
    # Eleven players, the right count, but one of them a Blitzer: only he is refused.
    assert problems("none", {"Lineman": 10, "Blitzer": 1}) == [
        ("positions", f"{STANDARD} every player is a Lineman: no Blitzers")
    ]


def test_a_veterans_squad_is_refused_position_by_position() -> None:
    squad = {"Lineman": 6, "Blitzer": 2, "Blocker": 4, "Catcher": 2, "Thrower": 2}
    assert problems("none", squad) == [
        ("positions", f"{STANDARD} every player is a Lineman: no Blitzers"),
        ("positions", f"{STANDARD} every player is a Lineman: no Blockers"),
        ("positions", f"{STANDARD} every player is a Lineman: no Catchers"),
        ("positions", f"{STANDARD} every player is a Lineman: no Throwers"),
        ("positions", f"{STANDARD} a team is exactly 11 players, not 16"),
    ]


def test_a_position_asked_for_none_is_no_player_of_it() -> None:
    assert check("none", {"Lineman": 11, "Blitzer": 0}) == NOTHING


def test_an_unknown_position_is_still_named_as_unknown() -> None:
    assert problems("none", {"Lineman": 10, "Mummy": 1}, "skeleton") == [
        ("positions", "Skeleton teams have no position called 'Mummy'")
    ]


def test_the_standard_game_still_buys_nothing() -> None:
    request = TeamRequest("human", ELEVEN_LINEMEN, rerolls=1)
    with pytest.raises(TeamRefused) as refused:
        team_check(first_edition("none"), (), (), request)
    assert [p.message for p in refused.value.problems] == [
        "Blood Bowl 1st edition has no re-rolls to buy"
    ]


def test_the_standard_squad_offers_eleven_linemen_and_says_why() -> None:
    ruleset = first_edition("none")
    squad = squad_for(ruleset, ruleset.races["halfling"])
    assert squad == Squad({"Lineman": 11}, least=11, most=11, rule=STANDARD_RULE,
                          size_rule=f"{STANDARD} a team is exactly 11 players")  # fmt: skip
    assert STANDARD_RULE == (
        "The standard game (setting veterans_rules: none): 11 players, numbered 1 to 11, "
        "who all move 6 squares and have no profile; each is entered as a Lineman"
    )


def test_a_house_race_without_linemen_can_field_nobody_in_the_standard_game() -> None:
    ruleset = first_edition("none")
    goblins = ruleset.races["goblin"]
    catchers_only = replace(goblins, positions=tuple(
        p for p in goblins.positions if p.name != "Lineman"))  # fmt: skip
    ruleset = replace(ruleset, races={**ruleset.races, "goblin": catchers_only})
    assert squad_for(ruleset, catchers_only).most_of == {}
    request = TeamRequest("goblin", {"Catcher": 11})
    with pytest.raises(TeamRefused) as refused:
        team_check(ruleset, (), (), request)
    assert [p.message for p in refused.value.problems] == [
        f"{STANDARD} every player is a Lineman: no Catchers"
    ]


# --- all and agreed_per_match: the Veterans squads, unchanged ---


@pytest.mark.parametrize("veterans_rules", ["all", "agreed_per_match"])
def test_eleven_linemen_are_still_refused_under_the_veterans_rules(veterans_rules: str) -> None:
    assert problems(veterans_rules, ELEVEN_LINEMEN) == [
        ("positions", "Human teams may have at most 6 Linemen")
    ]


@pytest.mark.parametrize("veterans_rules", ["all", "agreed_per_match"])
def test_a_veterans_squad_of_eleven_to_sixteen_is_still_built(veterans_rules: str) -> None:
    assert check(veterans_rules, {"Lineman": 6, "Blitzer": 2, "Blocker": 3}) == NOTHING
    squad = {"Lineman": 6, "Blitzer": 2, "Blocker": 4, "Catcher": 2, "Thrower": 2}
    assert check(veterans_rules, squad) == NOTHING
    assert problems(veterans_rules, {"Lineman": 6, "Blocker": 4}) == [
        ("positions", "A team needs at least 11 players, not 10")
    ]
