"""A small GDBBL-like ruleset typed in from reference/seed-gdbbl-1st-blitz.md (§A.2, §A.4,
§A.5, §A.7, §A.9), and the `gdbbl_like` fixture that also reads rules/editions/gdbbl/.

As with `lrb6_like`, the numbers are literals so that a typo in the data files shows up as
a failing test instead of being copied into the expectations. Test modules import the
fixture by name.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

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

# §A.9, one tuple per category; Physical abilities are "H" (category codes are one letter).
# "Bone-Head" is written as in LRB6 (§A.9 prints "Bonehead"); positions are singular.
SKILLS_BY_CATEGORY: dict[str, tuple[str, ...]] = {
    "G": (
        "Block", "Dauntless", "Dirty Player", "Frenzy", "Kick", "Leader", "Nerves of Steel",
        "Pass Block", "Pro", "Shadowing", "Strip Ball", "Sure Hands", "Tackle",
    ),
    "A": (
        "Catch", "Diving Catch", "Diving Tackle", "Dodge", "Jump Up", "Leap", "Right Stuff",
        "Side Step", "Sprint", "Sure Feet",
    ),
    "S": (
        "Break Tackle", "Guard", "Mighty Blow", "Multiple Block", "Piling On", "Stand Firm",
        "Throw Team-Mate",
    ),
    "P": ("Accurate", "Dump-Off", "Hail Mary Pass", "Pass", "Safe Throw", "Strong Arm"),
    "H": (
        "Big Hand", "Bone-Head", "Claw", "Extra Arms", "Foul Appearance", "Horns",
        "Hypnotic Gaze", "Prehensile Tail", "Razor Sharp Claws or Fangs", "Regeneration",
        "Spikes", "Stunty", "Tentacles", "Thick Skull", "Two Heads", "Very Long Legs",
    ),
}  # fmt: skip

CATEGORIES = (
    SkillCategory("G", "General", selectable=True),
    SkillCategory("A", "Agility", selectable=True),
    SkillCategory("S", "Strength", selectable=True),
    SkillCategory("P", "Passing", selectable=True),
    SkillCategory("H", "Physical", selectable=True),
)

# §A.4 winnings: one row per gate band (in gold), one modifier per team-rating band.
RATING_BANDS = [[0, 99], [100, 125], [126, 150], [151, 175], [176, 200], [201, 250], [251, None]]
WINNINGS_ROWS: tuple[tuple[tuple[int, int | None], tuple[int, ...]], ...] = (
    ((0, 15_000), (1, 0, 0, 0, 0, 0, 0)),
    ((15_001, 30_000), (2, 1, 0, 0, 0, 0, 0)),
    ((30_001, 45_000), (3, 2, 1, 0, 0, 0, 0)),
    ((45_001, 60_000), (4, 3, 2, 1, 0, 0, 0)),
    ((60_001, 75_000), (5, 4, 3, 2, 1, 0, 0)),
    ((75_001, None), (6, 5, 4, 3, 2, 1, 0)),
)

# §A.2 handicap: (team-rating difference, bonus cards, bonus MVPs); "100+" read as 101+.
HANDICAP_ROWS: tuple[tuple[tuple[int, int | None], int, int], ...] = (
    ((0, 10), 0, 0),
    ((11, 20), 1, 0),
    ((21, 30), 1, 1),
    ((31, 50), 2, 1),
    ((51, 75), 2, 2),
    ((76, 100), 3, 2),
    ((101, None), 3, 3),
)

# §A.4 experience levels: (SPP band, improvement rolls earned in total).
LEVELS: tuple[tuple[tuple[int, int | None], int], ...] = (
    ((0, 5), 0),
    ((6, 10), 1),
    ((11, 25), 2),
    ((26, 50), 3),
    ((51, 100), 4),
    ((101, 150), 5),
    ((151, 250), 6),
    ((251, None), 7),
)

SERIOUS_INJURY_RESULTS = ("miss_next_game", "niggling", "ability_loss")


def _row(roll: int | tuple[int, int | None] | None, **values: Any) -> TableRow:
    if roll is None:
        return TableRow(low=None, high=None, values=values)
    if isinstance(roll, int):
        return TableRow(low=roll, high=roll, values=values)
    return TableRow(low=roll[0], high=roll[1], values=values)


def _table(key: str, notation: str, rows: list[TableRow], **params: Any) -> Table:
    return Table(key=key, name=key.replace("_", " ").capitalize() + " table", dice=notation,
                 rows=tuple(rows), params=params)  # fmt: skip


def _tables() -> dict[str, Table]:
    titles = ("Rookie", "Experienced", "Veteran", *["Star Player"] * 5)
    tables = [
        _table("injury", "2D6", [
            _row((2, 7), result="Stunned"),
            _row((8, 9), result="Knocked Out"),
            _row(10, result="Badly Hurt"),
            _row(11, result="Serious Injury"),
            _row(12, result="Dead"),
        ]),
        # The ranges are missing from the print (§A.5): these are the bundled defaults (the
        # injury table's 2-7 / 8-9 / 10-12 split), and the tests check only the outcomes.
        _table("serious_injury", "2D6", [
            _row((2, 7), result="miss_next_game"),
            _row((8, 9), result="niggling"),
            _row((10, 12), result="ability_loss"),
        ]),
        _table("spp_awards", "", [
            _row(None, action="completion", name="Completion", spp=1),
            _row(None, action="casualty", name="Casualty", spp=2),
            _row(None, action="interception", name="Interception", spp=2),
            _row(None, action="touchdown", name="Touchdown", spp=3),
            _row(None, action="mvp", name="Most Valuable Player", spp=5),
        ]),
        _table("experience_levels", "SPP", [
            _row(band, title=title, improvement_rolls=rolls)
            for (band, rolls), title in zip(LEVELS, titles, strict=True)
        ]),
        _table(
            "improvement_roll", "2D6",
            [
                _row((2, 9), characteristics=[]),
                _row(10, characteristics=["MA"]),
                _row(11, characteristics=["AG"]),
                _row(12, characteristics=["ST"]),
            ],
            normal_skill_always=False,
            doubles="any_skill",
            max_increase=2,
            absolute_max=10,
            restricted_categories={"H": ["skaven", "chaos"]},
        ),
        _table("gate", "", [], multiplier=1_000),
        _table(
            "winnings", "SCALE",
            [_row(gate, modifiers=list(modifiers)) for gate, modifiers in WINNINGS_ROWS],
            rating_bands=RATING_BANDS, die=6, multiplier=10_000,
        ),
        _table(
            "fan_factor_roll", "", [],
            die=6, win=1, loss=-1, touchdowns_for_bonus=2, casualties_for_bonus=2, bonus=1,
            down_at_or_below=1, up_at=6, minimum=1, maximum=9,
        ),
        _table("handicap", "SCALE", [
            _row(band, cards=cards, mvps=mvps) for band, cards, mvps in HANDICAP_ROWS
        ]),
        _table("team_rating", "", [], value_divisor=10_000, spp_divisor=5),
    ]  # fmt: skip
    return {table.key: table for table in tables}


def _position(
    name: str, cost: int, stats: tuple[int, int, int, int], skills: tuple[str, ...],
    access: str, qty: int = 16,
) -> Position:  # fmt: skip
    ma, st, ag, av = stats
    return Position(
        name=name,
        max_quantity=qty,
        cost=cost,
        characteristics={"MA": ma, "ST": st, "AG": ag, "AV": av},
        skills=skills,
        normal_access=access,
        double_access="",  # GDBBL has no Double categories: doubles open every skill
    )


def _races() -> dict[str, Race]:
    # §A.7: the races and positions the tests need (Physical access, Chaos Dwarf, a team
    # without Physical, and the two teams that pay double for stars).
    races = (
        Race("skaven", "Skaven", 60_000, True, False, False, (
            _position("Lineman", 50_000, (7, 3, 3, 7), (), "GH", 12),
            _position("Storm Vermin", 90_000, (7, 3, 3, 8), ("Block",), "GSH", 2),
        )),
        Race("chaos", "Chaos", 70_000, True, False, False, (
            _position("Chaos Beastman", 60_000, (6, 3, 3, 8), ("Horns",), "GSH", 12),
        )),
        Race("chaos-dwarf", "Chaos Dwarf", 50_000, True, False, False, (
            _position("Chaos Dwarf Blocker", 70_000, (4, 3, 2, 9),
                      ("Block", "Tackle", "Thick Skull"), "GS", 6),
        )),
        Race("human", "Human", 50_000, True, False, False, (
            _position("Lineman", 50_000, (6, 3, 3, 8), (), "G", 12),
            _position("Catcher", 70_000, (8, 2, 3, 7), ("Catch", "Dodge"), "GA", 4),
        )),
        Race("goblin", "Goblin", 60_000, True, False, False, (
            _position("Goblin", 40_000, (6, 2, 3, 7), ("Right Stuff", "Dodge", "Stunty"), "A"),
        )),
        Race("halfling", "Halfling", 60_000, True, False, False, (
            _position("Halfling", 30_000, (5, 2, 3, 6), ("Right Stuff", "Dodge", "Stunty"),
                      "A"),
        )),
    )  # fmt: skip
    return {race.slug: race for race in races}


def build_gdbbl_like() -> Ruleset:
    skills = {
        name: Skill(name=name, category=code)
        for code, names in SKILLS_BY_CATEGORY.items()
        for name in names
    }
    staff = (
        Staff("assistant_coach", "Assistant Coach", 10_000, None, counts_in_value=True),
        Staff("cheerleader", "Cheerleader", 10_000, None, counts_in_value=True),
        Staff("apothecary", "Apothecary", 50_000, None, counts_in_value=True),
    )
    return Ruleset(
        slug="gdbbl-like",
        version=1,
        characteristics=("MA", "ST", "AG", "AV"),
        team_creation=TeamCreation(
            budget=1_000_000,
            min_players=11,
            max_players=16,
            fan_factor_price=10_000,
            fan_factor_start=1,
            fan_factor_max_at_creation=9,
        ),
        categories=CATEGORIES,
        skills=skills,
        races=_races(),
        staff={member.key: member for member in staff},
        tables=_tables(),
        # The readings §A.2 and §A.4 suggest; tests that depend on one set it themselves.
        settings={
            "fan_factor_six_or_more": True,
            "handicap_100_band": "76_100",
            "characteristic_at_cap": "skill_instead",
            "physical_on_doubles": False,
            "chaos_dwarf_physical": False,
            "goblin_halfling_double_star_price": True,
            "freebooter_price_rule": "half_of_doubled",
        },
        system="gdbbl",
    )


def read_gdbbl_files() -> Ruleset:
    """GDBBL as read from rules/editions/gdbbl/. A missing or broken file fails the test that
    reads it, with the loader's own message: data that does not load is a bug, never a skip."""
    return edition_ruleset(edition_read("gdbbl"), version=1)


def gdbbl_ruleset(source: str) -> Ruleset:
    """The ruleset for a `gdbbl_like` fixture param: "typed" or "data-files".

    Each test module declares the session fixture itself (three lines) because importing a
    fixture by name reads to linters as an unused import shadowed by every test argument.
    """
    if source == "typed":
        return build_gdbbl_like()
    return read_gdbbl_files()


def without_settings(ruleset: Ruleset, *keys: str) -> Ruleset:
    """A copy of `ruleset` lacking some settings (an older copy, before they existed)."""
    kept = {key: value for key, value in ruleset.settings.items() if key not in keys}
    return replace(ruleset, settings=kept)
