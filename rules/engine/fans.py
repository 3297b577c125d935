"""The Fan Factor roll after a match.

LRB6: the winner rolls 3D6, a team that drew or lost 2D6. A total above the current Fan
Factor gains one for a winner or a drawer; a total below it loses one for a loser or a
drawer (so a draw can go either way); a total equal to it changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine.checks import optional_setting, param, require_at_least, require_die
from rules.engine.errors import RulesError
from rules.engine.ruleset import Ruleset

RESULTS = ("win", "draw", "loss")


def fan_factor_change(ruleset: Ruleset, result: str, dice: Sequence[int], fan_factor: int) -> int:
    """-1, 0 or +1 for a team with `fan_factor` that got `result` and rolled `dice`."""
    count = dice_count(ruleset, result)  # checks `result` first
    ff = require_at_least(fan_factor, "Fan Factor")
    table = ruleset.table("fan_factor_change")
    _require_dice(count, result, dice)
    total = sum(dice)

    change = 0
    if result in ("win", "draw") and total > ff:
        change = 1
    elif result in ("loss", "draw") and total < ff:
        change = -1
    # The floor comes from the league's setting when the ruleset has one, so a house rule
    # can change it without editing the table. It only stops losses: a team somehow below
    # the floor may still climb.
    floor = int(optional_setting(ruleset, "fan_factor_floor", param(table, "minimum")))
    if change < 0 and ff + change < floor:
        return 0
    return change


def dice_count(ruleset: Ruleset, result: str) -> int:
    """How many D6 a team with `result` rolls for its Fan Factor (3 winner, 2 others)."""
    if result not in RESULTS:
        raise RulesError(f"A match result is one of {', '.join(RESULTS)}, not {result!r}")
    table = ruleset.table("fan_factor_change")
    key = "winner_dice" if result == "win" else "other_dice"
    return int(param(table, key))


def _require_dice(count: int, result: str, dice: Sequence[int]) -> None:
    who = {"win": "A winning team", "draw": "A team that drew", "loss": "A losing team"}[result]
    if len(dice) != count:
        raise RulesError(f"{who} rolls {count} dice for its Fan Factor, not {len(dice)}")
    for number, die in enumerate(dice, start=1):
        require_die(die, f"The Fan Factor roll (die {number})")
