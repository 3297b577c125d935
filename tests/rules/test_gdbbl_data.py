"""GDBBL 1.2 as data: the team lists, star players, staff, tables and settings.

Every expected value is typed in from document 001 ("Official rules for GDBBL, Version
1.2") and its notes, reference/seed-gdbbl-1st-blitz.md part A, never read from
rules/editions/gdbbl/*.yaml, so a wrong number in a data file fails here. Where 001 leaves
a number open (notes §A.11) the expectation is the documented default. No database.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.edition import Edition, ExtraDef, SettingDef, StarPlayerDef, edition_read
from rules.engine.ruleset import Race, Table

GDBBL = edition_read("gdbbl")

# slug, name, re-roll cost, apothecary allowed, necromancer (001 Team lists, notes §A.7)
# fmt: off
RACES = [
    ("chaos", "Chaos", 70000, True, False),
    ("chaos-dwarf", "Chaos Dwarf", 50000, True, False),
    ("dark-elf", "Dark Elf", 50000, True, False),
    ("dwarf", "Dwarf", 40000, True, False),
    ("goblin", "Goblin", 60000, True, False),
    ("halfling", "Halfling", 60000, True, False),
    ("high-elf", "High Elf", 50000, True, False),
    ("human", "Human", 50000, True, False),
    ("lizardmen", "Lizardmen", 60000, True, False),
    ("norse", "Norse", 60000, True, False),
    ("orc", "Orc", 60000, True, False),
    ("skaven", "Skaven", 60000, True, False),
    ("undead", "Undead", 70000, False, True),
    ("wood-elf", "Wood Elf", 50000, True, False),
]

# race, position (singular of 001's title), limit, cost, (MA, ST, AG, AV), skills, access
POSITIONS = [
    ("chaos", "Chaos Beastman", 12, 60000, (6, 3, 3, 8), "Horns", "GSH"),
    ("chaos", "Chaos Warrior", 4, 100000, (5, 4, 3, 9), "", "GSH"),
    ("chaos-dwarf", "Hobgoblin", 12, 40000, (6, 3, 3, 7), "", "G"),
    ("chaos-dwarf", "Chaos Dwarf Blocker", 6, 70000, (4, 3, 2, 9),
     "Block, Tackle, Thick Skull", "GS"),
    ("dark-elf", "Lineman", 12, 70000, (6, 3, 4, 8), "", "GA"),
    ("dark-elf", "Thrower", 2, 90000, (6, 3, 4, 8), "Pass", "GAP"),
    ("dark-elf", "Blitzer", 2, 100000, (7, 3, 4, 8), "Block", "GA"),
    ("dark-elf", "Witch Elf", 2, 110000, (7, 3, 4, 7), "Frenzy, Dodge, Jump Up", "GA"),
    ("dwarf", "Long Beard", 12, 70000, (4, 3, 2, 9), "Block, Tackle, Thick Skull", "GS"),
    ("dwarf", "Runner", 2, 80000, (6, 3, 3, 8), "Sure Hands, Thick Skull", "GP"),
    ("dwarf", "Blitzer", 2, 80000, (5, 3, 3, 9), "Block, Thick Skull", "GS"),
    ("dwarf", "Troll Slayer", 2, 90000, (5, 3, 2, 8),
     "Block, Frenzy, Dauntless, Thick Skull", "GS"),
    ("goblin", "Goblin", 16, 40000, (6, 2, 3, 7), "Right Stuff, Dodge, Stunty", "A"),
    ("halfling", "Halfling", 16, 30000, (5, 2, 3, 6), "Right Stuff, Dodge, Stunty", "A"),
    ("high-elf", "Lineman", 12, 70000, (6, 3, 4, 8), "", "GA"),
    ("high-elf", "Phoenix Warrior", 2, 80000, (6, 3, 4, 8), "Pass", "GAP"),
    ("high-elf", "Lion Warrior", 2, 90000, (8, 3, 4, 7), "Catch", "GA"),
    ("high-elf", "Dragon Warrior", 2, 100000, (7, 3, 4, 8), "Block", "GA"),
    ("human", "Lineman", 12, 50000, (6, 3, 3, 8), "", "G"),
    ("human", "Catcher", 4, 70000, (8, 2, 3, 7), "Catch, Dodge", "GA"),
    ("human", "Thrower", 2, 70000, (6, 3, 3, 8), "Sure Hands, Pass", "GP"),
    ("human", "Blitzer", 4, 90000, (7, 3, 3, 8), "Block", "GS"),
    ("lizardmen", "Saurus", 12, 60000, (6, 3, 3, 9), "", "G"),
    ("lizardmen", "Skink", 4, 80000, (8, 2, 4, 7), "Dodge, Stunty", "GA"),
    ("lizardmen", "Kroxigor", 2, 130000, (5, 5, 2, 9), "Prehensile Tail, Thick Skull", "S"),
    ("norse", "Norse Lineman", 12, 50000, (6, 3, 3, 7), "Block", "G"),
    ("norse", "Norse Catcher", 4, 70000, (6, 3, 3, 7), "Block, Catch", "GA"),
    ("norse", "Norse Thrower", 2, 70000, (6, 3, 3, 7), "Block, Pass", "GP"),
    ("norse", "Norse Blitzer", 4, 90000, (6, 3, 3, 7), "Block, Frenzy, Jump Up", "GAS"),
    ("orc", "Lineman", 12, 50000, (5, 3, 3, 9), "", "G"),
    ("orc", "Thrower", 2, 70000, (5, 3, 3, 8), "Sure Hands, Pass", "GP"),
    ("orc", "Black Orc Blocker", 4, 80000, (4, 4, 2, 9), "", "GS"),
    ("orc", "Blitzer", 4, 80000, (6, 3, 3, 9), "Block", "GS"),
    ("orc", "Goblin", 4, 40000, (6, 2, 3, 7), "Right Stuff, Dodge, Stunty", "A"),
    ("skaven", "Lineman", 12, 50000, (7, 3, 3, 7), "", "GH"),
    ("skaven", "Thrower", 2, 70000, (7, 3, 3, 7), "Sure Hands, Pass", "GPH"),
    ("skaven", "Gutter Runner", 4, 80000, (9, 2, 4, 7), "Dodge", "GAH"),
    ("skaven", "Storm Vermin", 2, 90000, (7, 3, 3, 8), "Block", "GSH"),
    ("undead", "Skeleton", 12, 30000, (5, 3, 2, 7), "Regeneration", "G"),
    ("undead", "Zombie", 8, 30000, (4, 3, 2, 8), "Regeneration", "G"),
    ("undead", "Ghoul", 4, 70000, (7, 3, 3, 7), "Dodge", "GA"),
    ("undead", "Wight", 2, 90000, (6, 3, 3, 8), "Block, Regeneration", "G"),
    ("undead", "Mummy", 2, 100000, (3, 5, 1, 9), "Mighty Blow, Regeneration", "GS"),
    ("wood-elf", "Lineman", 12, 70000, (7, 3, 4, 7), "", "GA"),
    ("wood-elf", "Catcher", 4, 90000, (9, 2, 4, 7), "Catch, Dodge", "GA"),
    ("wood-elf", "Thrower", 2, 90000, (7, 3, 4, 7), "Pass", "GAP"),
    ("wood-elf", "Wardancer", 2, 120000, (8, 3, 4, 7), "Block, Dodge, Leap", "GA"),
]

# name, cost, (MA, ST, AG, AV), skills, races (Norse wherever Human), special, kind
# (001 Star Players, notes §A.8; kinds are the documented background defaults)
STAR_PLAYERS = [
    ("Ahrni", 180000, (6, 6, 2, 9),
     "Prehensile Tail, Mighty Blow, Thick Skull, Throw Team-Mate", "lizardmen", "", "kroxigor"),
    ("Bomber Dribblesnot", 80000, (6, 2, 3, 7), "Dodge, Accurate", "goblin, orc", "Bomb",
     "goblin"),
    ("Chonwoo", 140000, (7, 4, 2, 9), "Block, Stand Firm, Guard", "lizardmen", "",
     "lizardman"),
    ("Count Luthor Von Drakenburg", 180000, (6, 5, 4, 9),
     "Block, Dodge, Hypnotic Gaze, Regeneration", "human, norse, undead", "", "vampire"),
    ("Deeproot Strongbranch", 180000, (2, 7, 1, 10),
     "Block, Mighty Blow, Stand Firm, Thick Skull, Throw Team-Mate", "halfling, wood-elf", "",
     "treeman"),
    ("Fungus the Loon", 60000, (4, 2, 3, 7), "", "goblin, orc", "Ball & Chain", "goblin"),
    ("Grashnak Blackhoof", 160000, (6, 6, 2, 9), "Horns, Mighty Blow, Thick Skull",
     "chaos, chaos-dwarf", "", "minotaur"),
    ("Griff Oberwald", 180000, (8, 4, 4, 8), "Block, Dodge, Leap, Sprint, Sure Feet",
     "human, norse", "", "human"),
    ("Grim Ironjaw", 150000, (5, 4, 3, 8),
     "Block, Mighty Blow, Dauntless, Frenzy, Thick Skull", "dwarf", "", "dwarf"),
    ("Hakflem Skuttlespike", 130000, (9, 3, 4, 7),
     "Prehensile Tail, Extra Arms, Two Heads, Dodge", "skaven", "", "skaven"),
    ("Headsplitter", 160000, (6, 6, 3, 9), "Mighty Blow, Prehensile Tail", "skaven", "",
     "rat-ogre"),
    ("Horkon Heartripper", 120000, (6, 3, 4, 8), "Dodge, Leap, Shadowing", "dark-elf",
     "Poisoned Dagger", "elf"),
    ("Hthark the Unstoppable", 180000, (6, 6, 2, 10),
     "Block, Break Tackle, Sprint, Sure Feet, Thick Skull", "chaos-dwarf", "", "bull-centaur"),
    ("Jordell Freshbreeze", 150000, (8, 3, 5, 7),
     "Block, Diving Catch, Dodge, Leap, Side Step", "wood-elf", "", "elf"),
    ("Lord Borak the Despoiler", 160000, (5, 5, 3, 9),
     "Block, Dirty Player, Leader, Mighty Blow", "chaos", "", "chaos"),
    ("Mighty Zug", 120000, (4, 5, 2, 9), "Block, Mighty Blow", "human, norse", "", "human"),
    ("Morg 'n' Thorg", 190000, (6, 6, 3, 10),
     "Block, Mighty Blow, Thick Skull, Throw Team-Mate", "chaos, goblin, human, norse, orc", "",
     "ogre"),
    ("Nobbla Blackwart", 80000, (6, 2, 3, 7), "Dodge, Frenzy, Right Stuff",
     "chaos, goblin, orc", "Chainsaw", "goblin"),
    ("Prince Moranion", 140000, (7, 4, 4, 8), "Block, Dauntless", "high-elf", "", "elf"),
    ("Ripper Bolgrot", 150000, (4, 6, 1, 10), "Regeneration, Mighty Blow, Throw Team-Mate",
     "chaos, goblin, orc", "", "troll"),
    ("Scrappa Sorehead", 60000, (6, 2, 3, 7), "Dodge, Right Stuff", "goblin, orc",
     "Pogo Stick", "goblin"),
    ("The Deathroller", 160000, (4, 7, 1, 10), "Mighty Blow, Stand Firm, Multiple Block",
     "dwarf", "Dwarf Death-Roller", "dwarf"),
    ("Varag Ghoul-Chewer", 160000, (6, 4, 3, 9), "Block, Jump Up, Leader, Mighty Blow, Pro",
     "goblin, orc", "", "orc"),
    ("Yaxi Chan", 130000, (9, 2, 4, 7), "Dodge, Stunty, Right Stuff, Block, Dauntless",
     "lizardmen", "", "skink"),
    ("Zzharg Madeye", 100000, (5, 3, 2, 9), "Block, Tackle, Thick Skull", "chaos-dwarf",
     "Chaos Dwarf Blunderbuss", "chaos-dwarf"),
]

# 001 "Skills" (notes §A.9): 52 skills in five categories, names normalised.
SKILLS_BY_CATEGORY = {
    "G": ("Block", "Dauntless", "Dirty Player", "Frenzy", "Kick", "Leader", "Nerves of Steel",
          "Pass Block", "Pro", "Shadowing", "Strip Ball", "Sure Hands", "Tackle"),
    "A": ("Catch", "Diving Catch", "Diving Tackle", "Dodge", "Jump Up", "Leap", "Right Stuff",
          "Side Step", "Sprint", "Sure Feet"),
    "S": ("Break Tackle", "Guard", "Mighty Blow", "Multiple Block", "Piling On", "Stand Firm",
          "Throw Team-Mate"),
    "P": ("Accurate", "Dump-Off", "Hail Mary Pass", "Pass", "Safe Throw", "Strong Arm"),
    "H": ("Big Hand", "Bone-Head", "Claw", "Extra Arms", "Foul Appearance", "Horns",
          "Hypnotic Gaze", "Prehensile Tail", "Razor Sharp Claws or Fangs", "Regeneration",
          "Spikes", "Stunty", "Tentacles", "Thick Skull", "Two Heads", "Very Long Legs"),
}

# key, cost, max, eligibility, races, group, counts in value (001 Creating a team, §A.6)
STAFF = [
    ("assistant_coach", 10000, None, "any", "", "", True),
    ("cheerleader", 10000, None, "any", "", "", True),
    ("apothecary", 50000, None, "apothecary", "", "", True),
    ("wizard", 150000, 1, "except", "dwarf, halfling, undead", "magic", True),
    ("alchemist", 150000, 1, "races", "dwarf", "magic", True),
    ("master_chef", 150000, 1, "races", "halfling", "magic", True),
    ("necromancer", 0, 1, "races", "undead", "magic", False),
]

# 001 Team winnings (notes §A.4.1): gate rows (low, high) x team-rating bands.
RATING_BANDS = [[0, 99], [100, 125], [126, 150], [151, 175], [176, 200], [201, 250], [251, None]]
WINNINGS = [
    ((0, 15000), (1, 0, 0, 0, 0, 0, 0)),
    ((15001, 30000), (2, 1, 0, 0, 0, 0, 0)),
    ((30001, 45000), (3, 2, 1, 0, 0, 0, 0)),
    ((45001, 60000), (4, 3, 2, 1, 0, 0, 0)),
    ((60001, 75000), (5, 4, 3, 2, 1, 0, 0)),
    ((75001, 200000), (6, 5, 4, 3, 2, 1, 0)),
]
WINNINGS_CELLS = [
    (low, high, band, modifiers[band])
    for (low, high), modifiers in WINNINGS
    for band in range(7)
]

# 001 Handicap (notes §A.2): (lowest, highest) rating difference, cards, MVPs.
HANDICAP = [
    (0, 10, 0, 0),
    (11, 20, 1, 0),
    (21, 30, 1, 1),
    (31, 50, 2, 1),
    (51, 75, 2, 2),
    (76, 100, 3, 2),
    (101, 400, 3, 3),
]

# 001 SPP titles (notes §A.4.3): an SPP total, its title, rolls earned by then. The five
# top levels are all printed "Star Player"; the data numbers them.
EXPERIENCE = [
    (0, "Rookie", 0), (5, "Rookie", 0),
    (6, "Experienced", 1), (10, "Experienced", 1),
    (11, "Veteran", 2), (25, "Veteran", 2),
    (26, "Star Player (4th level)", 3), (50, "Star Player (4th level)", 3),
    (51, "Star Player (5th level)", 4), (100, "Star Player (5th level)", 4),
    (101, "Star Player (6th level)", 5), (150, "Star Player (6th level)", 5),
    (151, "Star Player (7th level)", 6), (250, "Star Player (7th level)", 6),
    (251, "Star Player (8th level)", 7), (1000, "Star Player (8th level)", 7),
]

# 001 Secret weapons (notes §A.10): weapon, penalty roll, carrier.
SECRET_WEAPONS = [
    ("Ball & Chain", 8, "Fungus the Loon"),
    ("Bomb", 8, "Bomber Dribblesnot"),
    ("Chainsaw", 8, "Nobbla Blackwart"),
    ("Chaos Dwarf Blunderbuss", 10, "Zzharg Madeye"),
    ("Dwarf Death-Roller", 7, "The Deathroller"),
    ("Pogo Stick", 10, "Scrappa Sorehead"),
    ("Poisoned Dagger", 10, "Horkon Heartripper"),
]

KICK_OFF = [
    "Riot", "Get the Ref!", "Perfect Defence", "Cheering Fans", "Bad Kick", "Changing Weather",
    "Fooled Ya!", "Brilliant Coaching", "Blitz", "Throw a Rock", "Field Invasion",
]

# Settings the brief and notes §A.11 ask for: key, type, default.
SETTINGS = [
    ("serious_injury_ability", "choice", "random"),
    ("ability_loss_limit", "choice", "lifetime"),
    ("apothecary_action", "choice", "ko_or_reroll_casualty"),
    ("apothecary_max", "int", 0),
    ("niggling_roll_per_marker", "choice", "once_per_player"),
    ("team_value_injured_players", "bool", True),
    ("team_value_reroll_price", "choice", "list_price"),
    ("team_value_staff", "bool", True),
    ("team_value_star_players", "bool", True),
    ("team_factors_means_fan_factor", "bool", True),
    ("freebooters_allowed", "bool", True),
    ("freebooter_price_rule", "choice", "half_of_doubled"),
    ("freebooters_count_toward_roster", "bool", True),
    ("freebooters_count_toward_star_limit", "bool", True),
    ("freebooters_in_team_rating", "bool", False),
    ("freebooters_earn_spp", "bool", False),
    ("freebooters_can_be_mvp", "bool", False),
    ("star_player_limit", "int", 4),
    ("goblin_halfling_double_star_price", "bool", True),
    ("star_players_can_be_mvp", "bool", False),
    ("mvp_selection", "choice", "random"),
    ("mvp_eligibility", "choice", "whole_roster"),
    ("bonus_mvps_random", "bool", True),
    ("handicap_100_band", "choice", "76_100"),
    ("characteristic_at_cap", "choice", "skill_instead"),
    ("physical_on_doubles", "bool", False),
    ("chaos_dwarf_physical", "bool", False),
    ("duplicate_skills_allowed", "bool", False),
    ("fan_factor_six_or_more", "bool", True),
    ("fan_factor_casualties", "choice", "by_players"),
    ("spp_for_crowd_casualties", "bool", False),
    ("fan_factor_purchase_after_creation", "bool", False),
    ("reroll_price_multiplier_after_creation", "int", 2),
    ("max_team_rerolls", "int", 0),
    ("firing_allowed", "bool", False),
    ("retired_player_becomes_assistant_coach", "bool", True),
    ("orc_goblins_share_lineman_limit", "bool", False),
    ("zombie_raise_limit", "int", 16),
    ("turns_per_half", "int", 8),
    ("max_touchdowns_per_team", "int", 16),
]
# fmt: on

TABLE_KEYS = [
    "injury",
    "serious_injury",
    "spp_awards",
    "experience_levels",
    "improvement_roll",
    "gate",
    "winnings",
    "fan_factor_roll",
    "handicap",
    "team_rating",
    "secret_weapons",
    "special_play_cards",
    "kick_off",
    "weather",
    "post_game_sequence",
]


def split(names: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in names.split(",")) if names else ()


def race(slug: str) -> Race:
    return next(race for race in GDBBL.races if race.slug == slug)


def star(name: str) -> StarPlayerDef:
    return next(star for star in GDBBL.star_players if star.name == name)


def staff(key: str) -> ExtraDef:
    return next(member for member in GDBBL.staff if member.key == key)


def table(key: str) -> Table:
    return next(table for table in GDBBL.tables if table.key == key)


def setting(key: str) -> SettingDef:
    return next(setting for setting in GDBBL.settings if setting.key == key)


# --- The edition and team creation ---


def test_the_edition_is_gdbbl_1_2_for_league_play() -> None:
    assert isinstance(GDBBL, Edition)
    assert (GDBBL.slug, GDBBL.system, GDBBL.play) == ("gdbbl", "gdbbl", "league")
    assert GDBBL.name == "GDBBL 1.2"
    assert GDBBL.characteristics == ("MA", "ST", "AG", "AV")
    assert any(source.startswith("001") for source in GDBBL.sources)


def test_a_new_team_has_a_million_gold_11_to_16_players_and_1_to_9_fan_factor() -> None:
    assert GDBBL.team_creation == {
        "budget": 1_000_000,
        "min_players": 11,
        "max_players": 16,
        "fan_factor_price": 10_000,
        "fan_factor_start": 1,
        "fan_factor_max_at_creation": 9,
    }


def test_gdbbl_has_no_inducements() -> None:
    assert GDBBL.inducements == ()


# --- Races and positions ---


def test_there_are_14_races_with_47_positions() -> None:
    assert [race.slug for race in GDBBL.races] == [slug for slug, *_ in RACES]
    assert sum(len(race.positions) for race in GDBBL.races) == len(POSITIONS) == 47


@pytest.mark.parametrize(
    ("slug", "name", "reroll_cost", "apothecary", "necromancer"),
    RACES,
    ids=[slug for slug, *_ in RACES],
)
def test_each_race_has_its_reroll_cost_apothecary_and_necromancer(
    slug: str, name: str, reroll_cost: int, apothecary: bool, necromancer: bool
) -> None:
    team = race(slug)
    assert team.name == name
    assert team.reroll_cost == reroll_cost
    assert team.apothecary_allowed is apothecary
    assert team.necromancer is necromancer
    assert team.raises_rotters is False


@pytest.mark.parametrize(
    ("slug", "name", "limit", "cost", "profile", "skills", "access"),
    POSITIONS,
    ids=[f"{slug}-{name}" for slug, name, *_ in POSITIONS],
)
def test_each_position_matches_the_team_list(
    slug: str,
    name: str,
    limit: int,
    cost: int,
    profile: tuple[int, int, int, int],
    skills: str,
    access: str,
) -> None:
    position = race(slug).position(name)
    assert position.max_quantity == limit
    assert position.cost == cost
    assert tuple(position.characteristics) == ("MA", "ST", "AG", "AV")
    assert tuple(position.characteristics.values()) == profile
    assert position.skills == split(skills)
    assert position.normal_access == access
    assert position.double_access == ""


def test_orc_goblins_copy_the_goblin_teams_goblin() -> None:
    orc_goblin = race("orc").position("Goblin")
    goblin = race("goblin").position("Goblin")
    assert orc_goblin.max_quantity == 4
    assert (orc_goblin.cost, orc_goblin.characteristics) == (goblin.cost, goblin.characteristics)
    assert (orc_goblin.skills, orc_goblin.normal_access) == (goblin.skills, goblin.normal_access)
    assert "four goblin" in race("orc").notes


def test_only_skaven_and_chaos_positions_may_take_physical_abilities() -> None:
    physical = {team.slug for team in GDBBL.races for p in team.positions if "H" in p.normal_access}
    assert physical == {"skaven", "chaos"}
    assert all("H" in p.normal_access for p in race("skaven").positions + race("chaos").positions)


@pytest.mark.parametrize(
    ("slug", "words"),
    [
        ("goblin", "double"),
        ("halfling", "Master Chef"),
        ("dwarf", "Alchemist"),
        ("norse", "Human"),
        ("orc", "goblin"),
        ("undead", "Necromancer"),
        ("chaos", "Physical"),
        ("skaven", "Physical"),
        ("chaos-dwarf", "Physical"),
    ],
)
def test_race_specific_rules_are_in_the_race_notes(slug: str, words: str) -> None:
    assert words in race(slug).notes


# --- Skills ---


def test_the_five_skill_categories_are_all_selectable() -> None:
    categories = [(c.code, c.name, c.selectable) for c in GDBBL.categories]
    assert categories == [
        ("G", "General", True),
        ("A", "Agility", True),
        ("S", "Strength", True),
        ("P", "Passing", True),
        ("H", "Physical", True),
    ]


def test_the_52_skills_sit_in_their_categories_with_a_description() -> None:
    expected = {name: code for code, names in SKILLS_BY_CATEGORY.items() for name in names}
    assert len(expected) == 52
    assert {name: code for name, (code, _) in GDBBL.skills.items()} == expected
    assert all(description for _, description in GDBBL.skills.values())


# --- Star players ---


def test_there_are_25_star_players() -> None:
    assert [s.name for s in GDBBL.star_players] == [name for name, *_ in STAR_PLAYERS]


@pytest.mark.parametrize(
    ("name", "cost", "profile", "skills", "races", "special", "kind"),
    STAR_PLAYERS,
    ids=[name for name, *_ in STAR_PLAYERS],
)
def test_each_star_player_matches_the_star_list(
    name: str,
    cost: int,
    profile: tuple[int, int, int, int],
    skills: str,
    races: str,
    special: str,
    kind: str,
) -> None:
    player = star(name)
    assert player.cost == cost
    assert tuple(player.characteristics.values()) == profile
    assert player.skills == split(skills)
    assert player.eligibility == "races"
    assert sorted(player.races) == sorted(split(races))
    assert player.special == special
    assert player.kind == kind
    assert player.paired_with is None
    assert "league-editable" in player.notes


def test_norse_may_hire_exactly_the_human_star_players() -> None:
    human = {s.name for s in GDBBL.star_players if "human" in s.races}
    norse = {s.name for s in GDBBL.star_players if "norse" in s.races}
    assert (
        human
        == norse
        == {
            "Count Luthor Von Drakenburg",
            "Griff Oberwald",
            "Mighty Zug",
            "Morg 'n' Thorg",
        }
    )


def test_fungus_the_loon_has_no_skills_but_his_ball_and_chain() -> None:
    fungus = star("Fungus the Loon")
    assert fungus.skills == ()
    assert fungus.special == "Ball & Chain"
    assert "§A.11.11" in fungus.notes


def test_goblin_and_halfling_teams_have_exempt_stars_of_their_own_kinds() -> None:
    goblin_exempt = {s.name for s in GDBBL.star_players if s.kind in ("goblin", "troll")}
    assert goblin_exempt == {
        "Bomber Dribblesnot",
        "Fungus the Loon",
        "Nobbla Blackwart",
        "Ripper Bolgrot",
        "Scrappa Sorehead",
    }
    halfling_exempt = {s.name for s in GDBBL.star_players if s.kind in ("halfling", "treeman")}
    assert halfling_exempt == {"Deeproot Strongbranch"}


# --- Staff ---


def test_the_staff_are_the_seven_of_the_team_creation_rules() -> None:
    assert [member.key for member in GDBBL.staff] == [key for key, *_ in STAFF]


@pytest.mark.parametrize(
    ("key", "cost", "limit", "eligibility", "races", "group", "in_value"),
    STAFF,
    ids=[key for key, *_ in STAFF],
)
def test_each_member_of_staff_has_its_cost_limit_and_restrictions(
    key: str,
    cost: int,
    limit: int | None,
    eligibility: str,
    races: str,
    group: str,
    in_value: bool,
) -> None:
    member = staff(key)
    assert member.cost == cost
    assert member.max_quantity == limit
    assert member.eligibility == eligibility
    assert member.races == split(races)
    assert member.group == group
    assert member.counts_in_value is in_value
    assert member.race_costs == {}
    assert member.notes


# --- Tables ---


def test_the_tables_are_exactly_those_the_engine_reads() -> None:
    assert [t.key for t in GDBBL.tables] == TABLE_KEYS


@pytest.mark.parametrize("key", TABLE_KEYS)
def test_every_table_has_a_name_and_a_description_naming_001(key: str) -> None:
    assert table(key).name
    assert "001" in table(key).description
    assert "notes §A." in table(key).description


@pytest.mark.parametrize(
    ("roll", "result"),
    [
        (2, "Stunned"),
        (7, "Stunned"),
        (8, "KO'd"),
        (9, "KO'd"),
        (10, "Badly Hurt"),
        (11, "Serious Injury"),
        (12, "Dead"),
    ],
)
def test_the_injury_table_gives_each_result(roll: int, result: str) -> None:
    row = table("injury").row_for(roll)
    assert row.values["result"] == result
    assert row.values["effect"]


SERIOUS_INJURY_DEFAULTS = [
    (2, "miss_next_game"),
    (7, "miss_next_game"),
    (8, "niggling"),
    (9, "niggling"),
    (10, "ability_loss"),
    (12, "ability_loss"),
]


@pytest.mark.parametrize(("roll", "result"), SERIOUS_INJURY_DEFAULTS)
def test_the_serious_injury_defaults_split_2_7_8_9_10_12(roll: int, result: str) -> None:
    row = table("serious_injury").row_for(roll)
    assert row.values["result"] == result
    assert row.values["effect"]
    assert "default" in table("serious_injury").description


def test_spp_awards_are_1_2_2_3_5() -> None:
    rows = [
        (r.values["action"], r.values["name"], r.values["spp"]) for r in table("spp_awards").rows
    ]
    assert rows == [
        ("completion", "Completion", 1),
        ("casualty", "Casualty", 2),
        ("interception", "Interception", 2),
        ("touchdown", "Touchdown", 3),
        ("mvp", "Most Valuable Player", 5),
    ]


def test_there_are_eight_experience_levels() -> None:
    levels = table("experience_levels")
    assert levels.dice == "SPP"
    assert [(row.low, row.high) for row in levels.rows] == [
        (0, 5),
        (6, 10),
        (11, 25),
        (26, 50),
        (51, 100),
        (101, 150),
        (151, 250),
        (251, None),
    ]


@pytest.mark.parametrize(("spp", "title", "rolls"), EXPERIENCE)
def test_each_spp_total_falls_in_its_experience_level(spp: int, title: str, rolls: int) -> None:
    row = table("experience_levels").row_for(spp)
    assert row.values["title"] == title
    assert row.values["improvement_rolls"] == rolls


def test_the_star_player_roll_gives_a_skill_on_2_to_9_and_ma_ag_st_on_10_11_12() -> None:
    roll = table("improvement_roll")
    assert roll.dice == "2D6"
    for total in range(2, 10):
        assert roll.row_for(total).values["characteristics"] == []
    assert roll.row_for(10).values["characteristics"] == ["MA"]
    assert roll.row_for(11).values["characteristics"] == ["AG"]
    assert roll.row_for(12).values["characteristics"] == ["ST"]
    assert all(row.values["text"] for row in roll.rows)
    assert roll.params == {
        "normal_skill_always": False,
        "doubles": "any_skill",
        "max_increase": 2,
        "absolute_max": 10,
        "illegal_pairs": [],
        "restricted_categories": {"H": ["skaven", "chaos"]},
    }


def test_the_gate_is_a_d6_per_fan_factor_times_1000() -> None:
    gate = table("gate")
    assert (gate.dice, gate.rows, gate.params) == ("", (), {"multiplier": 1000})


def test_winnings_roll_a_d6_times_10000_in_seven_rating_bands() -> None:
    winnings = table("winnings")
    assert winnings.dice == "SCALE"
    assert winnings.params == {
        "scale_label": "Gate (gp)",
        "rating_bands": RATING_BANDS,
        "die": 6,
        "multiplier": 10_000,
    }
    assert [(row.low, row.high) for row in winnings.rows] == [
        (0, 15000),
        (15001, 30000),
        (30001, 45000),
        (45001, 60000),
        (60001, 75000),
        (75001, None),
    ]


@pytest.mark.parametrize(
    ("low", "high", "band", "modifier"),
    WINNINGS_CELLS,
    ids=[f"gate{low}-band{band}" for low, _, band, _ in WINNINGS_CELLS],
)
def test_each_winnings_cell_gives_its_modifier(
    low: int, high: int, band: int, modifier: int
) -> None:
    winnings = table("winnings")
    for gate in (low, high):
        modifiers = winnings.row_for(gate).values["modifiers"]
        assert len(modifiers) == 7
        assert modifiers[band] == modifier


def test_the_fan_factor_roll_has_its_modifiers_and_limits() -> None:
    assert table("fan_factor_roll").params == {
        "die": 6,
        "win": 1,
        "loss": -1,
        "touchdowns_for_bonus": 2,
        "casualties_for_bonus": 2,
        "bonus": 1,
        "down_at_or_below": 1,
        "up_at": 6,
        "minimum": 1,
        "maximum": 9,
    }


@pytest.mark.parametrize(("low", "high", "cards", "mvps"), HANDICAP)
def test_each_handicap_band_gives_its_cards_and_mvps(
    low: int, high: int, cards: int, mvps: int
) -> None:
    handicap = table("handicap")
    assert handicap.dice == "SCALE"
    for difference in (low, high):
        assert handicap.row_for(difference).values == {"cards": cards, "mvps": mvps}


def test_a_rating_difference_of_exactly_100_falls_in_the_76_100_band() -> None:
    assert table("handicap").row_for(100).values == {"cards": 3, "mvps": 2}
    assert setting("handicap_100_band").default == "76_100"


def test_team_rating_divides_value_by_10000_and_spp_by_5() -> None:
    rating = table("team_rating")
    assert rating.params == {"value_divisor": 10_000, "spp_divisor": 5}


def test_the_seven_secret_weapons_have_their_penalty_rolls_and_carriers() -> None:
    rows = [
        (r.values["weapon"], r.values["penalty"], r.values["carrier"])
        for r in table("secret_weapons").rows
    ]
    assert rows == SECRET_WEAPONS
    assert all(row.values["effect"] for row in table("secret_weapons").rows)


@pytest.mark.parametrize(("weapon", "penalty", "carrier"), SECRET_WEAPONS)
def test_each_secret_weapon_is_the_special_of_its_carrier(
    weapon: str, penalty: int, carrier: str
) -> None:
    assert star(carrier).special == weapon
    assert table("secret_weapons").value_of("penalty", "weapon", weapon) == penalty


def test_only_the_secret_weapon_carriers_have_a_special() -> None:
    carriers = {carrier for _, _, carrier in SECRET_WEAPONS}
    assert {s.name for s in GDBBL.star_players if s.special} == carriers


@pytest.mark.parametrize(("roll", "cards"), [(1, 1), (2, 2), (5, 2), (6, 3)])
def test_special_play_cards_are_one_two_or_three(roll: int, cards: int) -> None:
    assert table("special_play_cards").dice == "D6"
    assert table("special_play_cards").row_for(roll).values == {"cards": cards}


def test_the_kick_off_table_has_its_eleven_results() -> None:
    kick_off = table("kick_off")
    assert [kick_off.row_for(roll).values["event"] for roll in range(2, 13)] == KICK_OFF
    assert all(row.values["effect"] for row in kick_off.rows)


def test_the_weather_table_has_its_five_results() -> None:
    weather = table("weather")
    results = [weather.row_for(roll).values["weather"] for roll in range(2, 13)]
    expected = ["Sweltering Heat", "Very Sunny", *["Nice"] * 7, "Pouring Rain", "Blizzard"]
    assert results == expected
    assert len(weather.rows) == 5
    assert all(row.values["effect"] for row in weather.rows)


# --- Settings ---


def test_every_setting_has_a_valid_default_an_explanation_and_a_source() -> None:
    for entry in GDBBL.settings:
        if entry.type == "bool":
            assert isinstance(entry.default, bool), entry.key
        elif entry.type in ("int", "money"):
            assert isinstance(entry.default, int), entry.key
            assert not isinstance(entry.default, bool), entry.key
            assert entry.default >= 0, entry.key
        else:
            assert entry.type == "choice", entry.key
            assert len(entry.choices) >= 2, entry.key
            assert entry.default in entry.choices, entry.key
        assert entry.value == entry.default, entry.key
        assert entry.explanation.strip(), entry.key
        assert entry.source.strip(), entry.key
        assert "001" in entry.source, entry.key


def test_the_settings_are_exactly_the_documented_ones() -> None:
    assert sorted(s.key for s in GDBBL.settings) == sorted(key for key, *_ in SETTINGS)


@pytest.mark.parametrize(("key", "kind", "default"), SETTINGS, ids=[key for key, *_ in SETTINGS])
def test_each_setting_has_its_type_and_default(key: str, kind: str, default: Any) -> None:
    entry = setting(key)
    assert entry.type == kind
    assert entry.default == default
    assert type(entry.default) is type(default)


def test_the_double_star_price_explanation_names_the_exempt_kinds() -> None:
    explanation = setting("goblin_halfling_double_star_price").explanation
    for kind in ("goblin", "troll", "halfling", "treeman"):
        assert kind in explanation
