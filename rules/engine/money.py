"""Gold after a match: the gate and FAME that feed winnings, the winnings roll (with the
winner's re-roll) and spiralling expenses.

Every amount is in gold pieces. The numbers come from table params so a house-rule copy
can change them (the LRB6 values are in the comments).
"""

from __future__ import annotations

from rules.engine.checks import optional_setting, param, require_at_least, require_die
from rules.engine.errors import RulesError
from rules.engine.ruleset import Ruleset


def spiralling_expenses(ruleset: Ruleset, team_value: int) -> int:
    """What a team pays after a match for being expensive.

    Nothing below `threshold` (1,750,000); from there `step` (10,000) for the band the
    threshold starts and `step` more for each further full `band` (150,000) of team value.
    The setting `spiralling_expenses_cap` caps it when above 0 (OBBLM stops at 100,000);
    a ruleset without that setting has no cap.
    """
    tv = require_at_least(team_value, "Team value")
    table = ruleset.table("spiralling_expenses")
    threshold = int(param(table, "threshold"))
    if tv < threshold:
        return 0
    bands = 1 + (tv - threshold) // int(param(table, "band"))
    expense = int(param(table, "step")) * bands
    cap = int(optional_setting(ruleset, "spiralling_expenses_cap", 0))
    return min(expense, cap) if cap > 0 else expense


def winnings(ruleset: Ruleset, die: int, fame: int, won_or_drew: bool) -> int:
    """(die + FAME, +1 for a win or a draw) times 10,000 in LRB6."""
    table = ruleset.table("winnings")
    roll = require_die(die, "The winnings roll", int(param(table, "die")))
    points = roll + require_at_least(fame, "FAME")
    if won_or_drew:
        points += int(param(table, "win_or_draw_bonus"))
    return points * int(param(table, "multiplier"))


def winnings_with_reroll(
    ruleset: Ruleset,
    first_die: int,
    reroll_die: int | None,
    fame: int,
    won: bool,
    *,
    drew: bool = False,
) -> int:
    """Winnings when the winner may re-roll its die (setting `winnings_reroll_for_winner`).

    A re-roll must be kept, even when lower, so with `reroll_die` the first die only has to
    be a real die. A re-roll for a team that did not win, or under a ruleset without the
    re-roll, is refused rather than ignored: it means the report is wrong. `drew` only
    matters for the win-or-draw bonus when there is no re-roll.
    """
    if won and drew:
        raise RulesError("A team cannot both win and draw the same match")
    table = ruleset.table("winnings")
    require_die(first_die, "The winnings roll", int(param(table, "die")))
    if reroll_die is None:
        return winnings(ruleset, first_die, fame, won or drew)
    if not bool(ruleset.setting("winnings_reroll_for_winner")):
        raise RulesError("This ruleset gives the winner no re-roll of the winnings die")
    if not won:
        raise RulesError("Only the winning team may re-roll its winnings die")
    require_die(reroll_die, "The winnings re-roll", int(param(table, "die")))
    return winnings(ruleset, reroll_die, fame, True)


def fame(ruleset: Ruleset, own_fans: int, opponent_fans: int) -> int:
    """FAME (Fan Advantage ModifiEr): 0 with the same or fewer fans than the opponent,
    `fame_more` (1) with more, `fame_double` (2) with at least twice as many."""
    own = require_at_least(own_fans, "A team's fans")
    other = require_at_least(opponent_fans, "The opponent's fans")
    table = ruleset.table("gate")
    if own <= other:
        return 0
    if own >= 2 * other:
        return int(param(table, "fame_double"))
    return int(param(table, "fame_more"))


def fans(ruleset: Ruleset, dice_total: int, fan_factor: int) -> int:
    """A team's fans at the gate: (2D6 + Fan Factor) times 1,000 in LRB6."""
    table = ruleset.table("gate")
    count = int(param(table, "dice"))
    total = require_at_least(dice_total, "The gate roll")
    if not count <= total <= 6 * count:
        raise RulesError(f"The gate roll is {count}D6, a total of {count}-{6 * count}, not {total}")
    ff = require_at_least(fan_factor, "Fan Factor")
    return (total + ff) * int(param(table, "multiplier"))
