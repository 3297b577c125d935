"""What a player may take on an improvement roll, and what each advancement adds to his
value.

The improvement roll is 2D6 (GDBBL calls it the star player roll). The table says which
characteristic increases a total offers (LRB6: 10 → MA or AV, 11 → AG, 12 → ST; GDBBL:
10 → MA, 11 → AG, 12 → ST). Its params say the rest:

- `normal_skill_always`: LRB6 allows a Normal-category skill on every roll; GDBBL only on
  2-9, while 10-12 give just the characteristic.
- `doubles`: `double_access` (LRB6: doubles add the position's Double categories) or
  `any_skill` (GDBBL: doubles may ignore the table for any skill of any category). Older
  copies say `doubles_allow_double_skill: true|false` instead.
- `restricted_categories` ({"H": ["skaven", "chaos"]}): categories only those races may
  take. Position access lists already respect it, so it only narrows "any skill".

The engine only narrows the choice; the coach picks.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from rules.engine.checks import optional_setting, param, require_die, require_whole
from rules.engine.errors import RulesError
from rules.engine.ruleset import Position, Ruleset, Table

# Keys of the value_increases table for the kinds of skill; a characteristic increase
# uses the characteristic code itself ("MA", "AG", ...). GDBBL has no value increases
# (team rating counts SPP instead), so "any_skill" only names the kind of choice.
NORMAL_SKILL = "normal_skill"
DOUBLE_SKILL = "double_skill"
ANY_SKILL = "any_skill"

# The `doubles` param: what doubles add to the roll.
DOUBLES_DOUBLE_ACCESS = "double_access"
DOUBLES_ANY_SKILL = "any_skill"
DOUBLES_NOTHING = "nothing"

# The `characteristic_at_cap` setting: what a roll gives when the characteristics of its
# row are all at their cap (GDBBL does not say; the league decides).
AT_CAP_SKILL_INSTEAD = "skill_instead"
AT_CAP_REROLL = "reroll"
AT_CAP_NOTHING = "nothing"

# GDBBL asks whether Chaos Dwarfs count as "Chaos" for the Physical restriction; the
# setting `chaos_dwarf_physical` says yes by treating this race as that one.
CHAOS = "chaos"
CHAOS_DWARF = "chaos-dwarf"


@dataclass(frozen=True)
class Choices:
    """What one improvement roll allows; the coach takes exactly one of these."""

    normal_skills: tuple[str, ...]  # sorted by name
    double_skills: tuple[str, ...]  # sorted; empty unless the dice were doubles
    characteristics: tuple[str, ...]  # codes, in the table's order
    any_skills: tuple[str, ...] = ()  # sorted; GDBBL doubles: any skill, access ignored
    reroll: bool = False  # the row's characteristic is capped and the league says roll again

    def advancement(self, choice: str) -> str:
        """The kind of a choice this roll offers: "normal_skill", "double_skill",
        "any_skill" or a characteristic code. Anything not on offer is refused, so a
        report cannot record a double skill without doubles."""
        if choice in self.characteristics:
            return choice
        if choice in self.normal_skills:
            return NORMAL_SKILL
        if choice in self.double_skills:
            return DOUBLE_SKILL
        if choice in self.any_skills:
            return ANY_SKILL
        raise RulesError(f"{choice!r} is not one of the choices this improvement roll allows")

    def is_empty(self) -> bool:
        """Nothing to take. A roll to be made again is empty too: check `reroll` first."""
        return not (
            self.normal_skills or self.double_skills or self.characteristics or self.any_skills
        )


def improvement_choices(
    ruleset: Ruleset,
    position: Position,
    current: Mapping[str, int],
    skills: Collection[str],
    die1: int,
    die2: int,
    *,
    race: str | None = None,
) -> Choices:
    """The advancements a player may take for the improvement roll `die1`, `die2`.

    `current` holds his characteristics now (after earlier increases and injuries);
    `skills` every skill he has, starting and gained; `race` his race's slug, needed
    only when doubles open a category some races may not take.
    """
    first = require_die(die1, "An improvement roll (first die)")
    second = require_die(die2, "An improvement roll (second die)")
    table = ruleset.table("improvement_roll")
    row = table.row_for(first + second)
    offered = tuple(row.values.get("characteristics") or ())
    characteristics = tuple(c for c in offered if _may_raise(table, position, current, c))
    doubles = _doubles_rule(table) if first == second else DOUBLES_NOTHING

    held = set(skills)
    # GDBBL names no skills that exclude each other, so its table may leave the list out.
    barred = _barred_by_pairs(table.params.get("illegal_pairs") or (), held)
    excluded = held | barred
    normal_allowed = bool(param(table, "normal_skill_always")) or not offered
    reroll = False
    if offered and not characteristics:
        # Every characteristic of the row is capped. Without the setting (LRB6) the roll
        # keeps whatever else it allows; GDBBL leagues choose what a capped roll gives.
        # The setting only replaces the table's result: doubles still open "any skill",
        # since GDBBL lets doubles ignore the table altogether.
        at_cap = optional_setting(ruleset, "characteristic_at_cap", None)
        if at_cap == AT_CAP_SKILL_INSTEAD:
            normal_allowed = True
        elif at_cap == AT_CAP_REROLL:
            reroll = True
        elif at_cap not in (None, AT_CAP_NOTHING):
            raise LookupError(f"unknown characteristic_at_cap setting {at_cap!r}")

    normal = _skills_of(ruleset, position.normal_access, excluded) if normal_allowed else ()
    double: tuple[str, ...] = ()
    if doubles == DOUBLES_DOUBLE_ACCESS:
        double = _skills_of(ruleset, position.double_access, excluded)
    any_skills: tuple[str, ...] = ()
    if doubles == DOUBLES_ANY_SKILL:
        any_skills = _skills_of(ruleset, _any_skill_access(ruleset, table, race), excluded)
    return Choices(
        normal_skills=normal,
        double_skills=double,
        characteristics=characteristics,
        any_skills=any_skills,
        reroll=reroll,
    )


def _doubles_rule(table: Table) -> str:
    """What doubles add, from `doubles` or (older copies) `doubles_allow_double_skill`."""
    if "doubles" not in table.params:
        allowed = bool(param(table, "doubles_allow_double_skill"))
        return DOUBLES_DOUBLE_ACCESS if allowed else DOUBLES_NOTHING
    rule = table.params["doubles"]
    if rule not in (DOUBLES_DOUBLE_ACCESS, DOUBLES_ANY_SKILL, DOUBLES_NOTHING):
        raise LookupError(f"{table.name} has an unknown doubles rule {rule!r}")
    return str(rule)


def _any_skill_access(ruleset: Ruleset, table: Table, race: str | None) -> str:
    """The category codes doubles open under "any skill": every category, less those
    restricted to other races (unless the league lets doubles ignore that)."""
    codes = "".join(category.code for category in ruleset.categories)
    restricted: Mapping[str, Collection[str]] = table.params.get("restricted_categories") or {}
    if not restricted or optional_setting(ruleset, "physical_on_doubles", False):
        return codes
    if race is None:
        names = ", ".join(sorted(restricted))
        raise RulesError(
            f"Doubles allow any skill, but only some races may take {names} skills: "
            "the player's race is needed"
        )
    if race not in ruleset.races:
        raise RulesError(f"Ruleset {ruleset.slug} has no race {race!r}")
    chaos_dwarf_as_chaos = bool(optional_setting(ruleset, "chaos_dwarf_physical", False))
    for code, races in restricted.items():
        allowed = race in races or (chaos_dwarf_as_chaos and race == CHAOS_DWARF and CHAOS in races)
        if not allowed:
            codes = codes.replace(code, "")
    return codes


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
