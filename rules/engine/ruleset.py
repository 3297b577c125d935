"""A ruleset version as plain, immutable values: what the engine reads.

`rules.snapshot.ruleset_snapshot(version)` builds one from the database; tests build them
from literals. Nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Characteristics = Mapping[str, int]

# A player's build, for rules that ask how big he is: GDBBL's Necromancer raises only an
# opponent "of roughly human size (not large monsters or small players like halflings or
# goblins)". Each position and star player has one, a default a league may edit.
SIZES = ("small", "human", "large")


@dataclass(frozen=True)
class SkillCategory:
    code: str  # "G", "A", "P", "S", "M", "E"
    name: str
    selectable: bool  # False for Extraordinary: never taken on an improvement roll


@dataclass(frozen=True)
class Skill:
    name: str
    category: str  # a SkillCategory code
    description: str = ""


@dataclass(frozen=True)
class Position:
    name: str
    max_quantity: int
    cost: int
    characteristics: Characteristics
    skills: tuple[str, ...]
    normal_access: str  # category codes, e.g. "GS"
    double_access: str  # category codes, e.g. "AP"
    size: str = "human"  # one of SIZES: small (Stunty), human, large (the big monsters)


@dataclass(frozen=True)
class Race:
    slug: str
    name: str
    reroll_cost: int
    apothecary_allowed: bool
    necromancer: bool
    raises_rotters: bool
    positions: tuple[Position, ...]
    notes: str = ""

    def position(self, name: str) -> Position:
        for position in self.positions:
            if position.name == name:
                return position
        raise KeyError(f"{self.name} teams have no position named {name!r}")


@dataclass(frozen=True)
class TeamCreation:
    budget: int  # gold to spend on a new team
    min_players: int
    max_players: int
    fan_factor_price: int  # per point, both when buying it and in team value
    fan_factor_start: int
    fan_factor_max_at_creation: int


@dataclass(frozen=True)
class Staff:
    key: str  # "apothecary", "assistant_coach", "cheerleader", ...
    name: str
    cost: int
    max_quantity: int | None  # None: no limit
    counts_in_value: bool  # whether each one adds its cost to team value


@dataclass(frozen=True)
class TableRow:
    low: int | None  # None for rows that are not keyed by a roll (e.g. SPP awards)
    high: int | None  # None with a low: open-ended ("176+")
    values: Mapping[str, Any]

    def covers(self, roll: int) -> bool:
        if self.low is None:
            return False
        return self.low <= roll and (self.high is None or roll <= self.high)


@dataclass(frozen=True)
class Table:
    key: str
    name: str
    dice: str  # "D68", "2D6", "3D6", "SPP", "" for plain lists
    rows: tuple[TableRow, ...]
    params: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""

    def row_for(self, roll: int) -> TableRow:
        for row in self.rows:
            if row.covers(roll):
                return row
        raise LookupError(f"{self.name} has no row for {roll}")

    def value_of(self, column: str, key_column: str, key: str) -> Any:
        """The `column` of the row whose `key_column` is `key` (for plain lists)."""
        for row in self.rows:
            if row.values.get(key_column) == key:
                return row.values[column]
        raise LookupError(f"{self.name} has no row with {key_column} {key!r}")


@dataclass(frozen=True)
class Ruleset:
    slug: str
    version: int
    characteristics: tuple[str, ...]  # LRB6: ("MA", "ST", "AG", "AV")
    team_creation: TeamCreation
    categories: tuple[SkillCategory, ...]
    skills: Mapping[str, Skill]  # by name
    races: Mapping[str, Race]  # by slug
    staff: Mapping[str, Staff]  # by key
    tables: Mapping[str, Table]  # by key
    settings: Mapping[str, Any]  # key -> current value
    system: str = "lrb6"  # lrb6, gdbbl, first-edition, blitz-bowl: whose post-game rules
    play: str = "league"  # "league" or "results_only" (no money, no progression)

    def table(self, key: str) -> Table:
        try:
            return self.tables[key]
        except KeyError:
            raise LookupError(f"ruleset {self.slug} has no {key!r} table") from None

    def setting(self, key: str) -> Any:
        try:
            return self.settings[key]
        except KeyError:
            raise LookupError(f"ruleset {self.slug} has no setting {key!r}") from None
