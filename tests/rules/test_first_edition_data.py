"""Blood Bowl 1st edition as data: the nine races of the rulebook, exactly as it prints them.

The expected numbers are typed in from the rulebook (../shared/seeds/002_f46ce58229f0e178.txt:
Veterans Rules l.437-494, Special Teams l.791-868) and its notes
(../shared/reference/seed-gdbbl-1st-blitz.md §B), never read from the data files, so a
wrong characteristic or squad limit in rules/editions/first-edition/*.yaml fails here.
"""

from __future__ import annotations

import pytest

from rules.edition import Edition, edition_read

CHARACTERISTICS = ("MA", "SP", "ST", "AG", "TS", "CL", "AV")

# The Human and Orc table of the Veterans Rules (002 l.488-494) and their squad (l.445-451).
HUMAN_ORC = [
    ("Lineman", 6, (4, 2, 3, 3, 0, 0, 9)),
    ("Blitzer", 2, (4, 3, 4, 3, 0, 0, 9)),
    ("Blocker", 4, (4, 1, 4, 2, -1, -1, 10)),
    ("Catcher", 2, (4, 4, 2, 4, 0, 1, 8)),
    ("Thrower", 2, (4, 3, 3, 3, 1, 0, 8)),
]

# race, position, squad limit, (MA, SP, ST, AG, TS, CL, AV), in the order the book prints them.
# fmt: off
PROFILES = [
    *[("Human", name, limit, profile) for name, limit, profile in HUMAN_ORC],
    *[("Orc", name, limit, profile) for name, limit, profile in HUMAN_ORC],
    ("Dark Elf", "Lineman", 8, (4, 3, 3, 3, 1, 1, 8)),
    ("Dark Elf", "Blitzer", 2, (4, 3, 4, 3, 1, 1, 9)),
    ("Dark Elf", "Catcher", 4, (4, 4, 2, 4, 0, 2, 8)),
    ("Dark Elf", "Thrower", 2, (4, 3, 3, 3, 2, 0, 8)),
    ("Dwarf", "Lineman", 16, (3, 2, 4, 2, -1, 0, 10)),
    ("Dwarf", "Blocker", 16, (3, 1, 5, 2, -1, -1, 10)),
    ("Dwarf", "Blitzer", 16, (3, 3, 4, 3, 0, 1, 10)),
    ("Elf", "Lineman", 8, (4, 3, 3, 3, 1, 1, 8)),
    ("Elf", "Catcher", 6, (4, 4, 2, 4, 0, 2, 8)),
    ("Elf", "Thrower", 2, (4, 3, 3, 3, 2, 0, 8)),
    ("Goblin", "Lineman", 16, (4, 2, 3, 3, 0, -1, 8)),
    ("Goblin", "Catcher", 16, (4, 3, 2, 4, 0, 1, 7)),
    ("Halfling", "Lineman", 10, (3, 3, 2, 4, -1, -1, 7)),
    ("Halfling", "Catcher", 6, (3, 4, 2, 5, -1, 1, 7)),
    ("Skaven", "Lineman", 8, (5, 1, 3, 3, 0, -1, 8)),
    ("Skaven", "Blitzer", 2, (5, 2, 4, 3, 0, -1, 8)),
    ("Skaven", "Catcher", 4, (5, 3, 2, 4, 0, 1, 7)),
    ("Skaven", "Thrower", 2, (5, 1, 3, 3, 1, 0, 8)),
    ("Skeleton", "Lineman", 12, (3, 2, 3, 2, -1, -1, 7)),
    ("Skeleton", "Thrower", 2, (3, 2, 3, 3, 0, 0, 7)),
    ("Skeleton", "Catcher", 2, (4, 3, 2, 3, -1, 0, 7)),
]
# fmt: on

RACES = ["Human", "Orc", "Dark Elf", "Dwarf", "Elf", "Goblin", "Halfling", "Skaven", "Skeleton"]
WITHOUT_MAKE_UP = ("Dwarf", "Goblin")  # 002 l.812 (cut off) and l.825-831 (none given)


@pytest.fixture(scope="module")
def edition() -> Edition:
    return edition_read("first-edition")


def profile_of(edition: Edition, race: str, position: str) -> tuple[int, ...]:
    found = next(r for r in edition.races if r.name == race).position(position)
    return tuple(found.characteristics[code] for code in CHARACTERISTICS)


def test_it_is_the_first_edition_played_for_results_only(edition: Edition) -> None:
    assert edition.slug == "first-edition"
    assert edition.system == "first-edition"
    assert edition.name == "Blood Bowl 1st edition"
    assert edition.play == "results_only"


def test_players_have_the_seven_veterans_characteristics_in_the_books_order(
    edition: Edition,
) -> None:
    assert edition.characteristics == CHARACTERISTICS


def test_a_team_costs_nothing_and_fields_11_of_a_squad_of_at_most_16(edition: Edition) -> None:
    assert dict(edition.team_creation) == {
        "budget": 0,
        "min_players": 11,
        "max_players": 16,
        "fan_factor_price": 0,
        "fan_factor_start": 0,
        "fan_factor_max_at_creation": 0,
    }


def test_there_are_the_nine_races_of_the_rulebook(edition: Edition) -> None:
    assert [race.name for race in edition.races] == RACES


@pytest.mark.parametrize(
    ("race", "position", "limit", "profile"),
    PROFILES,
    ids=[f"{race}-{position}" for race, position, _, _ in PROFILES],
)
def test_every_profile_matches_the_rulebook(
    edition: Edition, race: str, position: str, limit: int, profile: tuple[int, ...]
) -> None:
    found = next(r for r in edition.races if r.name == race).position(position)
    assert tuple(found.characteristics[code] for code in CHARACTERISTICS) == profile
    assert found.max_quantity == limit


@pytest.mark.parametrize("race", RACES)
def test_each_race_has_exactly_the_printed_positions_in_order(edition: Edition, race: str) -> None:
    expected = [position for name, position, _, _ in PROFILES if name == race]
    found = next(r for r in edition.races if r.name == race)
    assert [position.name for position in found.positions] == expected


def test_every_dwarf_profile_matches_the_special_teams_page(edition: Edition) -> None:
    assert profile_of(edition, "Dwarf", "Lineman") == (3, 2, 4, 2, -1, 0, 10)
    assert profile_of(edition, "Dwarf", "Blocker") == (3, 1, 5, 2, -1, -1, 10)
    assert profile_of(edition, "Dwarf", "Blitzer") == (3, 3, 4, 3, 0, 1, 10)


def test_every_printed_squad_adds_up_to_16_players(edition: Edition) -> None:
    for race in edition.races:
        if race.name not in WITHOUT_MAKE_UP:
            total = sum(position.max_quantity for position in race.positions)
            assert total == 16, race.name


def test_dwarf_and_goblin_squads_are_entered_by_the_coach_within_16_players(
    edition: Edition,
) -> None:
    for race in edition.races:
        if race.name in WITHOUT_MAKE_UP:
            assert {position.max_quantity for position in race.positions} == {16}
            assert "squad is entered by the coach within 16 players" in race.notes


def test_humans_and_orcs_share_one_profile_table(edition: Edition) -> None:
    human, orc = (next(r for r in edition.races if r.name == name) for name in ("Human", "Orc"))
    assert human.positions == orc.positions


def test_the_thrower_keeps_the_rules_texts_strength_of_3_and_notes_the_reference_page(
    edition: Edition,
) -> None:
    assert profile_of(edition, "Human", "Thrower")[2] == 3
    human = next(r for r in edition.races if r.name == "Human")
    assert "ST as 2" in human.notes


def test_the_elf_catchers_misprinted_armour_reads_as_8(edition: Edition) -> None:
    assert profile_of(edition, "Elf", "Catcher")[6] == 8


def test_skeletons_carry_their_special_injury_rule_in_the_notes(edition: Edition) -> None:
    skeleton = next(r for r in edition.races if r.name == "Skeleton")
    assert "one dug-out box towards Reserves" in skeleton.notes


def test_nothing_costs_money_and_no_position_has_skills_or_skill_access(
    edition: Edition,
) -> None:
    for race in edition.races:
        assert race.reroll_cost == 0
        assert race.apothecary_allowed is False
        for position in race.positions:
            assert position.cost == 0
            assert position.skills == ()
            assert (position.normal_access, position.double_access) == ("", "")


def test_there_are_no_skills_star_players_staff_or_inducements(edition: Edition) -> None:
    assert [(c.code, c.selectable) for c in edition.categories] == [("S", False)]
    assert dict(edition.skills) == {}
    assert edition.star_players == ()
    assert edition.staff == ()
    assert edition.inducements == ()


def test_the_veterans_injury_table_is_rolled_on_2d6(edition: Edition) -> None:
    table = next(t for t in edition.tables if t.key == "injury")
    assert table.dice == "2D6"
    rows = [(row.low, row.high, row.values["result"]) for row in table.rows]
    assert rows == [
        (2, 6, "Stunned"),
        (7, 8, "KO'd"),
        (9, 11, "Serious Injury"),
        (12, 12, "Dead"),
    ]


def test_the_standard_block_table_matches_the_reference_page(edition: Edition) -> None:
    table = next(t for t in edition.tables if t.key == "block")
    assert table.dice == "2D6"
    assert [(row.low, row.high) for row in table.rows] == [
        (2, 2),
        (3, 4),
        (5, 7),
        (8, 8),
        (9, 11),
        (12, 12),
    ]


def test_the_throwing_table_gives_each_range_its_three_bands(edition: Edition) -> None:
    table = next(t for t in edition.tables if t.key == "throwing")
    rows = [
        (
            row.values["range"],
            row.values["interception"],
            row.values["missed"],
            row.values["caught"],
        )
        for row in table.rows
    ]
    assert rows == [
        ("Quick Pass", "2", "3-5", "6-12"),
        ("Short Pass", "2-3", "4-6", "7-12"),
        ("Long Pass", "2-4", "5-7", "8-12"),
        ("Long Bomb", "2-5", "6-8", "9-12"),
    ]


def test_the_settings_cover_what_the_rulebook_leaves_to_the_coaches(edition: Edition) -> None:
    defaults = {setting.key: setting.default for setting in edition.settings}
    assert defaults == {
        "veterans_rules": "all",
        "thrower_strength": 3,
        "squad_size_without_make_up": 16,
        "match_length": "touchdowns",
        "touchdowns_to_win": 2,
        "time_limit_minutes": 60,
        "dead_players_removed": False,
        "max_touchdowns_per_team": 20,
    }
