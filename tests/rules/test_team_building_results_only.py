"""Squads in the results-only systems: Blitz Bowl (seed-gdbbl-1st-blitz §C.2, a team is the
six players of its card) and Blood Bowl 1st edition (§B.3-§B.5, a squad of 11 to 16).
Neither has money, so a squad costs nothing and buys nothing."""

from __future__ import annotations

from typing import Any

import pytest

from rules.edition import edition_read
from rules.engine.team_building import (
    TeamCost,
    TeamRefused,
    TeamRequest,
    team_check,
)
from rules.snapshot import edition_ruleset, staff_rules_from, star_rules_from

EDITIONS = {slug: edition_read(slug) for slug in ("blitz-bowl", "first-edition")}
NOTHING = TeamCost(0, 0, 0, 0, 0, total=0, treasury=0)
# The Reavers card (§C.2): three Linemen, a Thrower, a Catcher and a Blitzer.
REAVERS = {"Lineman": 3, "Thrower": 1, "Catcher": 1, "Blitzer": 1}
# The 1st edition Human squad of 16 (§B.3, the data's position limits).
HUMAN_SQUAD = {"Lineman": 6, "Blitzer": 2, "Blocker": 4, "Catcher": 2, "Thrower": 2}


def check(slug: str, **request: Any) -> TeamCost:
    edition = EDITIONS[slug]
    rules = (staff_rules_from(edition), star_rules_from(edition))
    return team_check(edition_ruleset(edition), *rules, TeamRequest(**request))


def problems(slug: str, **request: Any) -> list[tuple[str, str]]:
    with pytest.raises(TeamRefused) as refused:
        check(slug, **request)
    return [(problem.field, problem.message) for problem in refused.value.problems]


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


def test_a_blitz_bowl_card_holds_at_most_one_thrower() -> None:
    card = {**REAVERS, "Lineman": 2, "Thrower": 2}
    assert problems("blitz-bowl", race="human", positions=card) == [
        ("positions", "Human teams may have at most 1 Thrower")
    ]


def test_a_blitz_bowl_team_has_at_most_six_players() -> None:
    card = {**REAVERS, "Lineman": 4}
    assert ("positions", "A team may have at most 6 players, not 7") in problems(
        "blitz-bowl", race="human", positions=card
    )


def test_blitz_bowl_sets_no_minimum_but_a_team_needs_a_player() -> None:
    assert problems("blitz-bowl", race="human", positions={}) == [
        ("positions", "A team needs at least 1 player, not 0")
    ]
    assert check("blitz-bowl", race="human", positions={"Blitzer": 1}) == NOTHING


def test_a_first_edition_squad_needs_eleven_players() -> None:
    assert problems("first-edition", race="human", positions={"Lineman": 6, "Blocker": 4}) == [
        ("positions", "A team needs at least 11 players, not 10")
    ]


def test_unknown_races_and_positions_are_refused_in_results_only_systems() -> None:
    assert problems("first-edition", race="lizardman", positions=HUMAN_SQUAD) == [
        ("race", "Blood Bowl 1st edition has no race called 'lizardman'")
    ]
    assert problems("first-edition", race="skeleton", positions={"Lineman": 10, "Mummy": 1}) == [
        ("positions", "Skeleton teams have no position called 'Mummy'")
    ]
