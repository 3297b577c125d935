"""Team value (TV): what a team is worth for spiralling expenses, inducements and match-ups.

LRB6 counts the players able to play the next match (not those missing it, dead or gone)
at their value, the re-rolls at the race's base price (the doubled price paid after
creation is a purchase price, not a value), each Fan Factor point at the team-creation
price, and staff whose cost counts in value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.engine.checks import require_at_least
from rules.engine.errors import RulesError
from rules.engine.ruleset import Race, Ruleset

# Staff keys in the ruleset's staff list (rules/editions/<edition>/staff.yaml).
ASSISTANT_COACH = "assistant_coach"
CHEERLEADER = "cheerleader"
APOTHECARY = "apothecary"


@dataclass(frozen=True)
class RosterEntry:
    value: int  # position cost plus value increases (journeymen: position cost)
    available: bool = True  # False when missing the next game, dead or gone


def team_value(
    ruleset: Ruleset,
    race: Race,
    players: Iterable[RosterEntry],
    rerolls: int,
    fan_factor: int,
    assistant_coaches: int,
    cheerleaders: int,
    apothecary: bool,
) -> int:
    """The team value in gold pieces."""
    if apothecary and not race.apothecary_allowed:
        raise RulesError(f"{race.name} teams may not have an apothecary")
    total = 0
    for number, player in enumerate(players, start=1):
        value = require_at_least(player.value, f"The value of roster entry {number}")
        if player.available:
            total += value
    total += require_at_least(rerolls, "Team re-rolls") * race.reroll_cost
    total += require_at_least(fan_factor, "Fan Factor") * ruleset.team_creation.fan_factor_price
    total += _staff_value(ruleset, ASSISTANT_COACH, assistant_coaches, "Assistant coaches")
    total += _staff_value(ruleset, CHEERLEADER, cheerleaders, "Cheerleaders")
    total += _staff_value(ruleset, APOTHECARY, 1 if apothecary else 0, "Apothecaries")
    return total


def _staff_value(ruleset: Ruleset, key: str, quantity: int, what: str) -> int:
    count = require_at_least(quantity, what)
    if count == 0:
        return 0  # a ruleset without this kind of staff is fine while the team has none
    staff = ruleset.staff.get(key)
    if staff is None:
        raise RulesError(f"Ruleset {ruleset.slug} has no {key.replace('_', ' ')} to hire")
    if staff.max_quantity is not None and count > staff.max_quantity:
        raise RulesError(f"A team may have at most {staff.max_quantity} {staff.name}, not {count}")
    return count * staff.cost if staff.counts_in_value else 0
