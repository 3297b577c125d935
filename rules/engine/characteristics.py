"""A player's characteristics after advancements and injuries, and how far injuries may lower
them.

Advancements and injuries are kept apart on a player (the ledger records each change with its
origin), and each side has its own limit:

- an advancement may lift a characteristic at most `max_increase` over its starting value and
  never past `absolute_max` (the improvement table's params; rules.engine.advancement);
- an injury may not take it below a floor. LRB6: at most `max_decrease` below the starting
  value and never below `absolute_min` (the casualty table's params: 2 and 1). GDBBL: the
  setting `ability_loss_limit` — `lifetime`, never more than 1 below the starting value;
  `per_injury`, each injury takes 1 and losses add up, down to 1. Rules that say nothing:
  down to 1.

The floor applies when the injury happens, to the value the player has then: an injury that
would go below it lowers nothing (the player still misses the next game), and an advancement
taken afterwards counts in full. Both limits read the current value, so an injured
characteristic may climb back, and a raised one may be lowered back to its start and past it
to the floor.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.engine.checks import param
from rules.engine.ruleset import Ruleset

LOWEST = 1  # no characteristic of any edition is ever below 1


def characteristic_now(start: int, advanced: int = 0, injured: int = 0) -> int:
    """The value a player plays with: his position's start, plus his advancements' changes,
    plus his injuries' (negative) changes, as the ledger recorded them."""
    return start + advanced + injured


def injury_floor(ruleset: Ruleset, start: int) -> int:
    """The lowest value injuries may take a characteristic that starts at `start` to."""
    if "casualty" in ruleset.tables:  # LRB6: the casualty table carries the limits
        table = ruleset.table("casualty")
        return max(start - int(param(table, "max_decrease")), int(param(table, "absolute_min")))
    limit = ruleset.settings.get("ability_loss_limit")
    if limit == "lifetime":
        return max(start - 1, LOWEST)
    if limit not in (None, "per_injury"):
        raise LookupError(f"unknown ability_loss_limit setting {limit!r}")
    return LOWEST


def injury_change(ruleset: Ruleset, start: int, now: int) -> int:
    """What a -1 injury does to a characteristic that starts at `start` and is `now` now:
    -1, or 0 when it is at its floor already."""
    return -1 if now - 1 >= injury_floor(ruleset, start) else 0


def lowerable(
    ruleset: Ruleset, starts: Mapping[str, int], now: Mapping[str, int]
) -> tuple[str, ...]:
    """The characteristics an injury can still lower (GDBBL: "a later -1 must hit another
    one"; with none left the injury lowers nothing)."""
    return tuple(code for code in starts if injury_change(ruleset, starts[code], now[code]))
