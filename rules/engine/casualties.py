"""Casualty (D68) and Injury (2D6) table look-ups.

The engine only reads what the ruleset's tables say; the LRB6 names and effects live in
rules/editions/lrb6/tables.yaml so a house-rule copy can change a row without code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine.checks import require_whole
from rules.engine.errors import RulesError
from rules.engine.report_entry import CasualtyEntry
from rules.engine.ruleset import Ruleset

# The team's apothecary and a Wandering Apothecary both re-roll the casualty (003).
APOTHECARIES = ("apothecary", "wandering_apothecary")
# Who may not rise, by what he would become (003 Necromancer and Nurgle's Rot); both need a
# victim of strength 4 or less.
CANNOT_RISE = {"Zombie": ("Regeneration", "Stunty"), "Rotter": ("Decay", "Regeneration", "Stunty")}
RAISE_MAX_STRENGTH = 4
ROT = "Nurgle's Rot"
# A D68 is a D6 for the tens and a D8 for the units: 11..68, never 19, 20, 29, ...
TENS_SIDES = 6
UNITS_SIDES = 8


@dataclass(frozen=True)
class Casualty:
    roll: int  # the D68 result as read at the table, e.g. 53
    result: str  # "Smashed Hip"
    effect: str  # short text for the roster, e.g. "-1 MA"
    miss_next_game: bool
    niggling: bool
    characteristic: str | None  # the characteristic lowered by one, if any
    dead: bool


def casualty(ruleset: Ruleset, tens: int, units: int) -> Casualty:
    """The casualty for a D68 roll given as its two dice (tens on a D6, units on a D8)."""
    # Checked one die at a time: a combined 19 or 70 would hide which die was mistyped.
    _require_d68_die(tens, "a D6 for the tens", TENS_SIDES)
    _require_d68_die(units, "a D8 for the units", UNITS_SIDES)
    roll = tens * 10 + units
    values = ruleset.table("casualty").row_for(roll).values
    characteristic = values.get("characteristic") or None
    if characteristic is not None and characteristic not in ruleset.characteristics:
        raise LookupError(
            f"casualty row {roll} lowers {characteristic!r}, which ruleset {ruleset.slug} "
            f"does not have (it has {', '.join(ruleset.characteristics)})"
        )
    return Casualty(
        roll=roll,
        result=values["result"],
        effect=values.get("effect", ""),
        miss_next_game=bool(values.get("miss_next_game", False)),
        niggling=bool(values.get("niggling", False)),
        characteristic=characteristic,
        dead=bool(values.get("dead", False)),
    )


def standing_results(
    ruleset: Ruleset,
    entry: CasualtyEntry,
    decay: bool,
    values: Mapping[str, tuple[int, ...] | None],
) -> list[Casualty] | None:
    """The casualty table results that stand for one casualty before any Regeneration: the
    first D68, or the apothecary's when its owner kept the second, and a Decay player's
    second D68 (`decay`). `values` holds each D68 by kind (casualty, apothecary, decay) as
    (tens, units); None while one they need is not known."""
    kept_second = entry.helper in APOTHECARIES and entry.kept == "second"
    needed = [values.get("apothecary" if kept_second else "casualty")]
    if decay:
        needed.append(values.get("decay"))
    if any(not got for got in needed):
        return None
    return [casualty(ruleset, got[0], got[1]) for got in needed]


def _require_d68_die(value: object, needs: str, sides: int) -> None:
    die = require_whole(value, f"A D68 casualty roll needs {needs}; that die")
    if not 1 <= die <= sides:
        raise RulesError(f"A D68 casualty roll needs {needs} (1-{sides}), not {die}")


def injury(ruleset: Ruleset, total: int) -> str:
    """The Injury table result (e.g. "KO'd") for a 2D6 total, modifiers already added.

    Only totals the table lists (2..12 in LRB6) are accepted: the table, not this code,
    decides what a modified total means, so a total it does not cover is refused.
    """
    value = require_whole(total, "An Injury roll total")
    table = ruleset.table("injury")
    if not any(row.covers(value) for row in table.rows):
        low = min(row.low for row in table.rows if row.low is not None)
        high = max(row.high or row.low or 0 for row in table.rows)
        raise RulesError(f"An Injury roll is a {table.dice} total ({low}-{high}), not {value}")
    return table.row_for(value).values["result"]
