"""What a player may take on an improvement roll, and what each advancement adds to his
value.

The improvement roll is 2D6. The table says which characteristic increases a total offers
(LRB6: 10 → MA or AV, 11 → AG, 12 → ST); a skill from a Normal category is always
allowed, and doubles open the Double categories too. The engine only narrows the choice;
the coach picks.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from rules.engine.checks import param, require_die, require_whole
from rules.engine.errors import RulesError
from rules.engine.ruleset import Position, Ruleset, Table

# Keys of the value_increases table for the two kinds of skill; a characteristic increase
# uses the characteristic code itself ("MA", "AG", ...).
NORMAL_SKILL = "normal_skill"
DOUBLE_SKILL = "double_skill"


@dataclass(frozen=True)
class Choices:
    """What one improvement roll allows; the coach takes exactly one of these."""

    normal_skills: tuple[str, ...]  # sorted by name
    double_skills: tuple[str, ...]  # sorted; empty unless the dice were doubles
    characteristics: tuple[str, ...]  # codes, in the table's order

    def advancement(self, choice: str) -> str:
        """The value_increases key of a choice this roll offers: "normal_skill",
        "double_skill" or a characteristic code. Anything not on offer is refused, so a
        report cannot record a double skill without doubles."""
        if choice in self.characteristics:
            return choice
        if choice in self.normal_skills:
            return NORMAL_SKILL
        if choice in self.double_skills:
            return DOUBLE_SKILL
        raise RulesError(f"{choice!r} is not one of the choices this improvement roll allows")

    def is_empty(self) -> bool:
        return not (self.normal_skills or self.double_skills or self.characteristics)


def improvement_choices(
    ruleset: Ruleset,
    position: Position,
    current: Mapping[str, int],
    skills: Collection[str],
    die1: int,
    die2: int,
) -> Choices:
    """The advancements a player may take for the improvement roll `die1`, `die2`.

    `current` holds his characteristics now (after earlier increases and injuries);
    `skills` every skill he has, starting and gained.
    """
    first = require_die(die1, "An improvement roll (first die)")
    second = require_die(die2, "An improvement roll (second die)")
    table = ruleset.table("improvement_roll")
    row = table.row_for(first + second)
    offered = tuple(row.values.get("characteristics") or ())
    characteristics = tuple(c for c in offered if _may_raise(table, position, current, c))

    # LRB6 always allows a Normal skill instead of a characteristic. A ruleset that turns
    # that off still needs some choice, so it gets Normal skills only on totals that offer
    # no characteristic at all.
    normal_allowed = bool(param(table, "normal_skill_always")) or not offered
    doubles = first == second and bool(param(table, "doubles_allow_double_skill"))

    held = set(skills)
    barred = _barred_by_pairs(param(table, "illegal_pairs"), held)
    normal = _skills_of(ruleset, position.normal_access, held | barred) if normal_allowed else ()
    double = _skills_of(ruleset, position.double_access, held | barred) if doubles else ()
    return Choices(normal_skills=normal, double_skills=double, characteristics=characteristics)


def _may_raise(table: Table, position: Position, current: Mapping[str, int], code: str) -> bool:
    """A characteristic may go at most `max_increase` over the position's starting value
    and never past `absolute_max`; injuries that lowered it leave room to climb back."""
    if code not in position.characteristics:
        raise LookupError(f"the improvement roll offers {code!r}, which {position.name} lacks")
    if code not in current:
        raise RulesError(f"The player's current {code} is needed to know whether it may rise")
    now = require_whole(current[code], f"The player's current {code}")
    ceiling = position.characteristics[code] + int(param(table, "max_increase"))
    return now < ceiling and now < int(param(table, "absolute_max"))


def _barred_by_pairs(pairs: Collection[Collection[str]], held: set[str]) -> set[str]:
    """Skills the player may never take because of one he has (Frenzy ↔ Grab, ...)."""
    barred: set[str] = set()
    for pair in pairs:
        first, second = tuple(pair)
        if first in held:
            barred.add(second)
        if second in held:
            barred.add(first)
    return barred


def _skills_of(ruleset: Ruleset, access: str, excluded: set[str]) -> tuple[str, ...]:
    # Extraordinary skills come only with a position or a star, so a category that is not
    # selectable is skipped even if a (mistyped) access string names it.
    selectable = {category.code for category in ruleset.categories if category.selectable}
    codes = set(access) & selectable
    return tuple(
        sorted(
            name
            for name, skill in ruleset.skills.items()
            if skill.category in codes and name not in excluded
        )
    )


def advancement_value(ruleset: Ruleset, advancement: str) -> int:
    """What one advancement adds to a player's value: "normal_skill", "double_skill" or a
    characteristic code ("MA", "AV", "AG", "ST")."""
    table = ruleset.table("value_increases")
    for row in table.rows:
        if row.values.get("advancement") == advancement:
            return int(row.values["value"])
    raise RulesError(f"{table.name} has no value increase for {advancement!r}")


def choice_value(ruleset: Ruleset, position: Position, choice: str) -> int:
    """The value increase of taking `choice` (a skill name or a characteristic code) for a
    player of `position`, judged by the position's access alone.

    Use `Choices.advancement` to check a choice against actual dice; this is for records
    without dice (a commissioner's correction, an imported roster).
    """
    if choice in ruleset.characteristics:
        return advancement_value(ruleset, choice)
    skill = ruleset.skills.get(choice)
    if skill is None:
        raise RulesError(f"{choice!r} is neither a skill nor a characteristic of this ruleset")
    if skill.category in position.normal_access:
        return advancement_value(ruleset, NORMAL_SKILL)
    if skill.category in position.double_access:
        return advancement_value(ruleset, DOUBLE_SKILL)
    raise RulesError(
        f"A {position.name} cannot take {choice} as an advancement: its category "
        f"{skill.category} is neither Normal ({position.normal_access}) nor Double "
        f"({position.double_access}) for him"
    )
