"""Blitz Bowl (Ultimate Edition) as data: the Human team card and the points a team scores.

The expected values are typed in from the rulebook (../shared/seeds/004_0ea3b6d9c6f9ec01.txt:
the Human card l.392-606, scoring l.1473, l.1566, l.1575-1578) and its notes
(../shared/reference/seed-gdbbl-1st-blitz.md §C), never read from the data files.
Block, Throw and Armour are OCR reconstructions the notes call uncertain; they are tested
as reconstructed, and the race notes must say so.
"""

from __future__ import annotations

import pytest

from rules.edition import Edition, edition_read

CHARACTERISTICS = ("MV", "BL", "TH", "AR")

# position, players on the card, (Move, Block, Throw x+, Armour x+), ability
HUMAN_CARD = [
    ("Lineman", 3, (6, 1, 4, 3), ()),
    ("Thrower", 1, (6, 1, 3, 3), ("Handling Skills",)),
    ("Catcher", 1, (8, 1, 4, 5), ("Catcher's Instincts",)),
    ("Blitzer", 1, (7, 1, 4, 3), ("Offensive Specialist",)),
]


@pytest.fixture(scope="module")
def edition() -> Edition:
    return edition_read("blitz-bowl")


def test_it_is_blitz_bowl_played_for_results_only(edition: Edition) -> None:
    assert edition.slug == "blitz-bowl"
    assert edition.system == "blitz-bowl"
    assert edition.name == "Blitz Bowl (Ultimate Edition)"
    assert edition.play == "results_only"


def test_players_have_move_block_throw_and_armour(edition: Edition) -> None:
    assert edition.characteristics == CHARACTERISTICS
    for word in ("Move", "Block", "Throw", "Armour"):
        assert word in edition.description


def test_a_team_is_six_players_and_costs_nothing(edition: Edition) -> None:
    # "Each team consists of six players" (004 l.642): six at least and six at most.
    assert dict(edition.team_creation) == {
        "budget": 0,
        "min_players": 6,
        "max_players": 6,
        "fan_factor_price": 0,
        "fan_factor_start": 0,
        "fan_factor_max_at_creation": 0,
    }


def test_the_human_card_is_the_only_team(edition: Edition) -> None:
    assert [(race.slug, race.name) for race in edition.races] == [("human", "Human")]


def test_every_value_of_the_human_card_matches_the_rulebook(edition: Edition) -> None:
    human = edition.races[0]
    found = [
        (
            position.name,
            position.max_quantity,
            tuple(position.characteristics[code] for code in CHARACTERISTICS),
            position.skills,
        )
        for position in human.positions
    ]
    assert found == HUMAN_CARD


def test_the_human_card_makes_a_team_of_six(edition: Edition) -> None:
    assert sum(position.max_quantity for position in edition.races[0].positions) == 6


def test_the_human_card_has_emergency_reserves_4(edition: Edition) -> None:
    assert "Emergency Reserves 4" in edition.races[0].notes


def test_the_uncertain_card_values_are_marked_unverified(edition: Edition) -> None:
    notes = edition.races[0].notes
    assert "unverified:" in notes
    for value in ("BL 1", "TH 4+", "Thrower 3+", "AR 3+", "Catcher 5+"):
        assert value in notes, value
    assert "house-rule copy" in notes


def test_positions_cost_nothing_and_have_no_skill_access(edition: Edition) -> None:
    for position in edition.races[0].positions:
        assert position.cost == 0
        assert (position.normal_access, position.double_access) == ("", "")


def test_the_abilities_are_one_unselectable_category(edition: Edition) -> None:
    assert [(c.code, c.name, c.selectable) for c in edition.categories] == [("B", "Ability", False)]
    assert sorted(edition.skills) == [
        "Catcher's Instincts",
        "Handling Skills",
        "Offensive Specialist",
    ]
    assert {category for category, _ in edition.skills.values()} == {"B"}


def test_there_are_no_star_players_staff_or_inducements(edition: Edition) -> None:
    assert edition.star_players == ()
    assert edition.staff == ()
    assert edition.inducements == ()


def test_a_touchdown_scores_4_a_clean_sweep_2_and_a_challenge_card_its_own_value(
    edition: Edition,
) -> None:
    table = next(t for t in edition.tables if t.key == "points")
    assert table.dice == ""
    points = {row.values["action"]: row.values for row in table.rows}
    assert points["touchdown"]["points"] == 4
    assert points["clean_sweep"]["points"] == 2
    assert points["challenge_card"]["points"] is None
    assert points["challenge_card"]["note"] == "the card's own value"
    assert points["challenge_card"]["name"] == "Challenge card"


def test_the_regional_league_table_pairs_names_and_effects_in_document_order(
    edition: Edition,
) -> None:
    table = next(t for t in edition.tables if t.key == "regional_league")
    assert table.dice == "D8"
    assert [(row.low, row.values["result"]) for row in table.rows] == [
        (1, "Halfling Moot Madness"),
        (2, "Underworld Challenge"),
        (3, "Sylvanian Spotlight"),
        (4, "Elven Kingdoms League"),
        (5, "The Gut Cup Grind"),
        (6, "The Badlands Brawl"),
        (7, "World's Edge Superleague"),
        (8, "Lustrian Superleague"),
    ]


def test_the_settings_cover_what_the_rulebook_leaves_open(edition: Edition) -> None:
    defaults = {setting.key: setting.default for setting in edition.settings}
    assert defaults == {
        "team_is_its_card": True,
        "unverified_card_values": True,
        "challenge_points_entry": "match_total",
        "fouls": False,
        "advanced_endgame": False,
        "regional_league": False,
        "rookies_to_watch": False,
        "max_touchdowns_per_team": 20,
    }
