"""Before kick-off, in LRB6 order: journeymen, team values at kick-off, petty cash and the
inducement budget, then the gate and each team's FAME; and what LRB6 and GDBBL share: the
weather and the niggling injury rolls.

Amounts are in gold pieces. Settings a ruleset version may lack (copies made before they
were added) fall back to the LRB6 defaults of rules/editions/lrb6/settings.yaml:
journeymen allowed and counted in value, petty cash of the team value difference, and
treasury gold allowed for inducements.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.engine.checks import (
    optional_setting,
    param,
    require_at_least,
    require_die,
    require_whole,
)
from rules.engine.errors import Problem, RulesError
from rules.engine.money import fame, fans
from rules.engine.ruleset import Position, Race, Ruleset

FIELD = "journeymen"


def journeymen_wanted(ruleset: Ruleset, able: int) -> int:
    """How many journeymen a team with `able` players able to play may take: enough to reach
    `fill_to` (11) when the league allows journeymen, else none; never below 0."""
    players = require_at_least(able, "Players able to play")
    if not bool(optional_setting(ruleset, "journeymen_allowed", True)):
        return 0
    fill_to = int(param(ruleset.table("journeymen"), "fill_to"))
    return max(0, fill_to - players)


def journeyman_positions(ruleset: Ruleset, race: Race) -> tuple[Position, ...]:
    """The positions journeymen come from: those allowing at least `min_position_max` (0-12
    or 0-16 in LRB6), in roster order."""
    least = int(param(ruleset.table("journeymen"), "min_position_max"))
    return tuple(position for position in race.positions if position.max_quantity >= least)


def _plural(name: str) -> str:
    if name.endswith("man"):
        return name[: -len("man")] + "men"
    return name + "s"


def _allowed(position: Position) -> str:
    return f"{_plural(position.name)} (0-{position.max_quantity})"


def journeymen_check(
    ruleset: Ruleset,
    race: Race,
    able: int,
    positions: Sequence[str],
    *,
    team: str = "This team",
) -> list[Problem]:
    """Every rule the journeymen a team asks for (`positions`, one name each) break.

    `team` names the team in the messages shown to its coach."""
    if not positions:
        return []
    if not bool(optional_setting(ruleset, "journeymen_allowed", True)):
        return [Problem(FIELD, "This league does not allow journeymen.")]
    problems: list[Problem] = []
    fill_to = int(param(ruleset.table("journeymen"), "fill_to"))
    wanted = journeymen_wanted(ruleset, able)
    if wanted == 0:
        problems.append(
            Problem(FIELD, f"{team} has {able} players able to play: it takes no journeymen.")
        )
    elif len(positions) > wanted:
        problems.append(
            Problem(
                FIELD,
                f"{team} may take {wanted} {'journeyman' if wanted == 1 else 'journeymen'} "
                f"to reach {fill_to}, not {len(positions)}.",
            )
        )
    eligible = journeyman_positions(ruleset, race)
    known = {position.name: position for position in race.positions}
    if not eligible:
        problems.append(Problem(FIELD, f"{race.name} teams have no position for journeymen."))
        return problems
    sources = " or ".join(_allowed(position) for position in eligible)
    for name in dict.fromkeys(positions):  # each wrong name once, in the order given
        if name not in known:
            problems.append(Problem(FIELD, f"{race.name} teams have no position named {name!r}."))
        elif known[name] not in eligible:
            problems.append(
                Problem(
                    FIELD,
                    f"{race.name} journeymen come from {sources}; "
                    f"not {name} (0-{known[name].max_quantity}).",
                )
            )
    return problems


def niggle_dice(ruleset: Ruleset, markers: int) -> int:
    """How many D6 a player with `markers` Niggling Injuries rolls before a match: one per
    marker, or one however many he has where GDBBL's `niggling_roll_per_marker` is
    `once_per_player` (its default)."""
    count = require_at_least(markers, "Niggling Injuries")
    per_player = optional_setting(ruleset, "niggling_roll_per_marker", None) == "once_per_player"
    return min(count, 1) if per_player else count


def weather(ruleset: Ruleset, total: int) -> tuple[str, str]:
    """(weather, effect) for a 2D6 total on the ruleset's weather table."""
    roll = require_whole(total, "The weather roll")
    table = ruleset.table("weather")
    if not any(row.covers(roll) for row in table.rows):
        raise RulesError(f"The weather roll is a {table.dice} total, not {roll}")
    values = table.row_for(roll).values
    return str(values["weather"]), str(values.get("effect", ""))


def niggle_keeps_out(rolls: Sequence[int]) -> bool:
    """With `niggling_injury_pre_match_roll`, a player rolls a D6 per Niggling Injury before
    the match and misses it if any shows a 1."""
    read = [require_die(die, "A niggling injury roll") for die in rolls]
    return any(die == 1 for die in read)


def value_at_kick_off(ruleset: Ruleset, team_value: int, journeymen_costs: Sequence[int]) -> int:
    """The team value plus each journeyman's position cost when `journeymen_count_in_value`
    is on; the team value alone otherwise."""
    value = require_at_least(team_value, "Team value")
    costs = [require_at_least(cost, "A journeyman's cost") for cost in journeymen_costs]
    if bool(optional_setting(ruleset, "journeymen_count_in_value", True)):
        value += sum(costs)
    return value


def petty_cash(ruleset: Ruleset, own_value: int, other_value: int) -> int:
    """With `petty_cash: tv_difference` the lower-value team gets the difference in value at
    kick-off; the higher team, equal teams and `petty_cash: none` get nothing."""
    own = require_at_least(own_value, "Team value")
    other = require_at_least(other_value, "The opponent's team value")
    if optional_setting(ruleset, "petty_cash", "tv_difference") != "tv_difference":
        return 0
    return max(0, other - own)


def inducement_budget(ruleset: Ruleset, petty: int, treasury: int) -> tuple[int, int]:
    """(petty cash, most gold the treasury may add): the treasury, never below 0, when
    `treasury_for_inducements` is on; nothing from it otherwise."""
    cash = require_at_least(petty, "Petty cash")
    gold = max(0, require_whole(treasury, "Treasury"))  # a debt gives nothing
    if not bool(optional_setting(ruleset, "treasury_for_inducements", True)):
        gold = 0
    return cash, gold


@dataclass(frozen=True)
class Gate:
    home_fans: int
    away_fans: int
    gate: int  # both teams' fans
    home_fame: int
    away_fame: int


def gate(
    ruleset: Ruleset, home_roll: int, home_fan_factor: int, away_roll: int, away_fan_factor: int
) -> Gate:
    """Each team's fans ((2D6 + Fan Factor) x 1,000), the gate and each team's FAME."""
    home = fans(ruleset, home_roll, home_fan_factor)
    away = fans(ruleset, away_roll, away_fan_factor)
    return Gate(home, away, home + away, fame(ruleset, home, away), fame(ruleset, away, home))
