"""A small LRB6-like ruleset typed in from reference/lrb6-facts.md (§1-§4, §8, §10).

The numbers are literals on purpose: the engine tests must not depend on the YAML files
or the database, and a typo in either one should show up as a disagreement, not be copied
into the expectations.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.edition import edition_read
from rules.engine.ruleset import (
    Position,
    Race,
    Ruleset,
    Skill,
    SkillCategory,
    Staff,
    Table,
    TableRow,
    TeamCreation,
)
from rules.snapshot import edition_ruleset

# lrb6-facts §8, one tuple per category.
SKILLS_BY_CATEGORY: dict[str, tuple[str, ...]] = {
    "G": (
        "Block", "Dauntless", "Dirty Player", "Fend", "Frenzy", "Kick", "Kick-Off Return",
        "Pass Block", "Pro", "Shadowing", "Strip Ball", "Sure Hands", "Tackle", "Wrestle",
    ),
    "A": (
        "Catch", "Diving Catch", "Diving Tackle", "Dodge", "Jump Up", "Leap", "Side Step",
        "Sneaky Git", "Sprint", "Sure Feet",
    ),
    "P": (
        "Accurate", "Dump-Off", "Hail Mary Pass", "Leader", "Nerves of Steel", "Pass",
        "Safe Throw",
    ),
    "S": (
        "Break Tackle", "Grab", "Guard", "Juggernaut", "Mighty Blow", "Multiple Block",
        "Piling On", "Stand Firm", "Strong Arm", "Thick Skull",
    ),
    "M": (
        "Big Hand", "Claw(s)", "Disturbing Presence", "Extra Arms", "Foul Appearance", "Horns",
        "Prehensile Tail", "Tentacles", "Two Heads", "Very Long Legs",
    ),
    "E": (
        "Always Hungry", "Ball & Chain", "Blood Lust", "Bombardier", "Bone-Head", "Chainsaw",
        "Decay", "Fan Favourite", "Hypnotic Gaze", "Loner", "No Hands", "Nurgle's Rot",
        "Really Stupid", "Regeneration", "Right Stuff", "Secret Weapon", "Stab", "Stakes",
        "Stunty", "Take Root", "Throw Team-Mate", "Titchy", "Wild Animal", "Animosity",
    ),
}  # fmt: skip

CATEGORIES = (
    SkillCategory("G", "General", selectable=True),
    SkillCategory("A", "Agility", selectable=True),
    SkillCategory("P", "Passing", selectable=True),
    SkillCategory("S", "Strength", selectable=True),
    SkillCategory("M", "Mutation", selectable=True),
    SkillCategory("E", "Extraordinary", selectable=False),
)

# lrb6-facts §1: (roll or (low, high), result, effect, miss next game, niggling,
# characteristic, dead).
CASUALTY_ROWS: tuple[tuple[Any, ...], ...] = (
    ((11, 38), "Badly Hurt", "No lasting effect", False, False, None, False),
    (41, "Broken Ribs", "Miss next game", True, False, None, False),
    (42, "Groin Strain", "Miss next game", True, False, None, False),
    (43, "Gouged Eye", "Miss next game", True, False, None, False),
    (44, "Broken Jaw", "Miss next game", True, False, None, False),
    (45, "Fractured Arm", "Miss next game", True, False, None, False),
    (46, "Fractured Leg", "Miss next game", True, False, None, False),
    (47, "Smashed Hand", "Miss next game", True, False, None, False),
    (48, "Pinched Nerve", "Miss next game", True, False, None, False),
    (51, "Damaged Back", "Niggling Injury", True, True, None, False),
    (52, "Smashed Knee", "Niggling Injury", True, True, None, False),
    (53, "Smashed Hip", "-1 MA", True, False, "MA", False),
    (54, "Smashed Ankle", "-1 MA", True, False, "MA", False),
    (55, "Serious Concussion", "-1 AV", True, False, "AV", False),
    (56, "Fractured Skull", "-1 AV", True, False, "AV", False),
    (57, "Broken Neck", "-1 AG", True, False, "AG", False),
    (58, "Smashed Collar Bone", "-1 ST", True, False, "ST", False),
    ((61, 68), "Dead", "Killed", False, False, None, True),
)


def _row(roll: int | tuple[int, int | None] | None, **values: Any) -> TableRow:
    if roll is None:
        return TableRow(low=None, high=None, values=values)
    if isinstance(roll, int):
        return TableRow(low=roll, high=roll, values=values)
    return TableRow(low=roll[0], high=roll[1], values=values)


def _table(key: str, notation: str, rows: list[TableRow], **params: Any) -> Table:
    # `notation`, not `dice`: the gate table has a parameter called `dice`.
    return Table(key=key, name=key.replace("_", " ").capitalize() + " table", dice=notation,
                 rows=tuple(rows), params=params)  # fmt: skip


def _casualty_table() -> Table:
    rows = [
        _row(
            roll,
            result=result,
            effect=effect,
            miss_next_game=mng,
            niggling=niggling,
            characteristic=characteristic,
            dead=dead,
        )
        for roll, result, effect, mng, niggling, characteristic, dead in CASUALTY_ROWS
    ]
    return _table("casualty", "D68", rows, max_decrease=2, absolute_min=1)


def _tables() -> dict[str, Table]:
    tables = [
        _table(
            "injury",
            "2D6",
            [
                _row((2, 7), result="Stunned"),
                _row((8, 9), result="KO'd"),
                _row((10, 12), result="Casualty"),
            ],
        ),
        _casualty_table(),
        _table(
            "spp_awards",
            "",
            [
                _row(None, action="completion", name="Completion", spp=1),
                _row(None, action="interception", name="Interception", spp=2),
                _row(None, action="casualty", name="Casualty", spp=2),
                _row(None, action="touchdown", name="Touchdown", spp=3),
                _row(None, action="mvp", name="Most Valuable Player", spp=5),
            ],
        ),
        _table(
            "experience_levels",
            "SPP",
            [
                _row((0, 5), title="Rookie", improvement_rolls=0),
                _row((6, 15), title="Experienced", improvement_rolls=1),
                _row((16, 30), title="Veteran", improvement_rolls=2),
                _row((31, 50), title="Emerging Star", improvement_rolls=3),
                _row((51, 75), title="Star", improvement_rolls=4),
                _row((76, 175), title="Super Star", improvement_rolls=5),
                _row((176, None), title="Legend", improvement_rolls=6),
            ],
        ),
        _table(
            "improvement_roll",
            "2D6",
            [
                _row((2, 9), characteristics=[]),
                _row(10, characteristics=["MA", "AV"]),
                _row(11, characteristics=["AG"]),
                _row(12, characteristics=["ST"]),
            ],
            normal_skill_always=True,
            doubles_allow_double_skill=True,
            max_increase=2,
            absolute_max=10,
            illegal_pairs=[
                ["Frenzy", "Grab"],
                ["Ball & Chain", "Diving Tackle"],
                ["Ball & Chain", "Frenzy"],
                ["Ball & Chain", "Kick-Off Return"],
                ["Ball & Chain", "Pass Block"],
                ["Ball & Chain", "Shadowing"],
            ],
        ),
        _table(
            "value_increases",
            "",
            [
                _row(None, advancement="normal_skill", name="Normal skill", value=20_000),
                _row(None, advancement="double_skill", name="Double skill", value=30_000),
                _row(None, advancement="MA", name="+1 MA", value=30_000),
                _row(None, advancement="AV", name="+1 AV", value=30_000),
                _row(None, advancement="AG", name="+1 AG", value=40_000),
                _row(None, advancement="ST", name="+1 ST", value=50_000),
            ],
        ),
        _table("gate", "", [], dice=2, multiplier=1000, fame_more=1, fame_double=2),
        _table("winnings", "", [], die=6, win_or_draw_bonus=1, multiplier=10_000),
        _table("fan_factor_change", "", [], winner_dice=3, other_dice=2, minimum=0),
        _table("spiralling_expenses", "", [], threshold=1_750_000, band=150_000, step=10_000),
    ]
    return {table.key: table for table in tables}


def _position(
    name: str, qty: int, cost: int, stats: tuple[int, int, int, int], skills: tuple[str, ...],
    normal: str, double: str,
) -> Position:  # fmt: skip
    ma, st, ag, av = stats
    return Position(
        name=name,
        max_quantity=qty,
        cost=cost,
        characteristics={"MA": ma, "ST": st, "AG": ag, "AV": av},
        skills=skills,
        normal_access=normal,
        double_access=double,
    )


def _races() -> dict[str, Race]:
    # lrb6-facts §10: one position of each access pattern the tests need, plus an AV 10
    # Treeman for the absolute maximum and Undead for a team without an apothecary.
    human = Race("human", "Human", 50_000, True, False, False, (
        _position("Lineman", 16, 50_000, (6, 3, 3, 8), (), "G", "ASP"),
        _position("Catcher", 4, 70_000, (8, 2, 3, 7), ("Catch", "Dodge"), "GA", "SP"),
        _position("Ogre", 1, 140_000, (5, 5, 2, 9),
                  ("Loner", "Bone-Head", "Mighty Blow", "Thick Skull", "Throw Team-Mate"),
                  "S", "GAP"),
    ))  # fmt: skip
    goblin = Race("goblin", "Goblin", 60_000, True, False, False, (
        _position("Goblin", 16, 40_000, (6, 2, 3, 7), ("Dodge", "Right Stuff", "Stunty"),
                  "A", "GSP"),
        _position("Fanatic", 1, 70_000, (3, 7, 3, 7),
                  ("Ball & Chain", "No Hands", "Secret Weapon", "Stunty"), "S", "GAP"),
    ))  # fmt: skip
    dwarf = Race("dwarf", "Dwarf", 50_000, True, False, False, (
        _position("Troll Slayer", 2, 90_000, (5, 3, 2, 8),
                  ("Block", "Dauntless", "Frenzy", "Thick Skull"), "GS", "AP"),
    ))  # fmt: skip
    skaven = Race("skaven", "Skaven", 60_000, True, False, False, (
        _position("Rat Ogre", 1, 150_000, (6, 5, 2, 8),
                  ("Loner", "Frenzy", "Mighty Blow", "Prehensile Tail", "Wild Animal"),
                  "S", "GAPM"),
    ))  # fmt: skip
    wood_elf = Race("wood-elf", "Wood Elf", 50_000, True, False, False, (
        _position("Treeman", 1, 120_000, (2, 6, 1, 10),
                  ("Loner", "Mighty Blow", "Stand Firm", "Strong Arm", "Take Root",
                   "Thick Skull", "Throw Team-Mate"), "S", "GAP"),
    ))  # fmt: skip
    undead = Race("undead", "Undead", 70_000, False, True, False, (
        _position("Skeleton", 16, 40_000, (5, 3, 2, 7), ("Regeneration", "Thick Skull"),
                  "G", "ASP"),
    ))  # fmt: skip
    return {race.slug: race for race in (human, goblin, dwarf, skaven, wood_elf, undead)}


def build_lrb6_like() -> Ruleset:
    skills = {
        name: Skill(name=name, category=code)
        for code, names in SKILLS_BY_CATEGORY.items()
        for name in names
    }
    staff = (
        Staff("assistant_coach", "Assistant Coach", 10_000, None, counts_in_value=True),
        Staff("cheerleader", "Cheerleader", 10_000, None, counts_in_value=True),
        Staff("apothecary", "Apothecary", 50_000, 1, counts_in_value=True),
        Staff("necromancer", "Necromancer", 0, 1, counts_in_value=False),
    )
    return Ruleset(
        slug="lrb6-like",
        version=1,
        characteristics=("MA", "ST", "AG", "AV"),
        team_creation=TeamCreation(
            budget=1_000_000,
            min_players=11,
            max_players=16,
            fan_factor_price=10_000,
            fan_factor_start=0,
            fan_factor_max_at_creation=9,
        ),
        categories=CATEGORIES,
        skills=skills,
        races=_races(),
        staff={member.key: member for member in staff},
        tables=_tables(),
        settings={"spiralling_expenses_cap": 0, "winnings_reroll_for_winner": True},
    )


@pytest.fixture(scope="session", params=["typed", "data-files"])
def lrb6_like(request: pytest.FixtureRequest) -> Ruleset:
    """Every engine test runs twice: on the numbers typed in above, and on LRB6 as read
    from rules/editions/lrb6/, so a wrong number in a data file fails the same tests."""
    if request.param == "typed":
        return build_lrb6_like()
    return edition_ruleset(edition_read("lrb6"), version=1)


def with_params(ruleset: Ruleset, table_key: str, **params: Any) -> Ruleset:
    """A copy of `ruleset` whose table `table_key` has some params changed (a house rule)."""
    table = ruleset.tables[table_key]
    changed = replace(table, params={**table.params, **params})
    return replace(ruleset, tables={**ruleset.tables, table_key: changed})


def with_settings(ruleset: Ruleset, **settings: Any) -> Ruleset:
    """A copy of `ruleset` with some settings changed or added."""
    return replace(ruleset, settings={**ruleset.settings, **settings})
