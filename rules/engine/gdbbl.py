"""The GDBBL (v1.2) pre- and post-match numbers: the gate, winnings, the Fan Factor roll,
the handicap, Special Play cards, team rating, serious injuries and star player prices.

GDBBL differs from LRB6 in kind, not just in numbers (winnings from a gate-by-rating
scale, a D6 Fan Factor roll with modifiers, a handicap for the lower-rated team), so it has
its own functions. They read the ruleset's GDBBL tables (rules/editions/README.md, "Tables
the engine reads, by key"), and the league settings for what the rules leave open.
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
from rules.engine.errors import RulesError
from rules.engine.ruleset import Ruleset, Table

RESULTS = ("win", "draw", "loss")

# Goblin and Halfling teams pay double for star players, except for stars of their own
# kinds (GDBBL A.7: Goblins "unless they are trolls or goblins", Halflings "unless they are
# a treeman or a halfling"). Kinds are the `kind` of the star player list.
DOUBLE_STAR_PRICE_EXEMPT_KINDS: dict[str, frozenset[str]] = {
    "goblin": frozenset({"goblin", "troll"}),
    "halfling": frozenset({"halfling", "treeman"}),
}

# The `freebooter_price_rule` setting: how half price meets the doubled price.
# half_of_doubled: both rules apply (double, then half: the list price). Halving first and
# doubling after gives the same whole number, so "half_then_double" is accepted as the
# same reading. half_of_list: doubling is for permanent hires; a freebooter pays half the
# list price.
HALF_OF_DOUBLED = "half_of_doubled"
HALF_THEN_DOUBLE = "half_then_double"
HALF_OF_LIST = "half_of_list"

# The `handicap_100_band` setting: "76-100" and "100+" overlap at exactly 100.
BAND_76_100 = "76_100"
BAND_101_PLUS = "101_plus"


def gate(ruleset: Ruleset, dice: Sequence[int], fan_factors: tuple[int, int]) -> int:
    """The attendance: one D6 per point of both teams' Fan Factors, summed, times the
    `gate` table's `multiplier` (1,000)."""
    if len(fan_factors) != 2:
        raise RulesError(f"The gate needs the Fan Factors of both teams, not {len(fan_factors)}")
    home = require_at_least(fan_factors[0], "The home team's Fan Factor")
    away = require_at_least(fan_factors[1], "The away team's Fan Factor")
    if len(dice) != home + away:
        raise RulesError(
            f"The gate is one D6 per point of Fan Factor: {home} + {away} = {home + away} "
            f"dice, not {len(dice)}"
        )
    total = sum(require_die(die, f"The gate roll (die {n})") for n, die in enumerate(dice, 1))
    return total * int(param(ruleset.table("gate"), "multiplier"))


def winnings(
    ruleset: Ruleset,
    die: int,
    gate: int,
    team_rating: int,
    alchemist_die: int | None = None,
) -> int:
    """(D6 + the modifier for the gate and the team's rating) times 10,000, plus a Dwarf
    Alchemist's D6 times 10,000 when the team has one (pass his die, else None)."""
    table = ruleset.table("winnings")
    sides = int(param(table, "die"))
    roll = require_die(die, "The winnings roll", sides)
    attendance = require_at_least(gate, "The gate")
    rating = require_at_least(team_rating, "Team rating")
    modifiers = table.row_for(attendance).values["modifiers"]
    bands = param(table, "rating_bands")
    if len(modifiers) != len(bands):
        raise LookupError(
            f"{table.name}: the row for a gate of {attendance} has {len(modifiers)} "
            f"modifiers for {len(bands)} team-rating bands"
        )
    modifier = int(modifiers[_band_index(table, bands, rating)])
    multiplier = int(param(table, "multiplier"))
    money = (roll + modifier) * multiplier
    if alchemist_die is not None:
        money += require_die(alchemist_die, "The Alchemist's winnings roll", sides) * multiplier
    return money


def _band_index(table: Table, bands: Sequence[Sequence[int | None]], rating: int) -> int:
    for index, (low, high) in enumerate(bands):
        if int(low or 0) <= rating and (high is None or rating <= int(high)):
            return index
    raise LookupError(f"{table.name} has no team-rating band for {rating}")


def fan_factor_change(
    ruleset: Ruleset,
    result: str,
    die: int,
    touchdowns: int,
    casualties: int,
    fan_factor: int,
) -> int:
    """-1, 0 or +1 for a team with `fan_factor` after a match.

    D6, +1 for a win, -1 for a loss, +1 for 2+ touchdowns scored, +1 for 2+ casualties
    inflicted. A modified 1 or less loses a point; 6 gains one (the print says "6" while
    the modifiers reach 9, so by default 6 or more: setting `fan_factor_six_or_more`).
    Never below `minimum` (1) nor above `maximum` (9).
    """
    if result not in RESULTS:
        raise RulesError(f"A match result is one of {', '.join(RESULTS)}, not {result!r}")
    table = ruleset.table("fan_factor_roll")
    roll = require_die(die, "The Fan Factor roll", int(param(table, "die")))
    scored = require_at_least(touchdowns, "Touchdowns scored")
    inflicted = require_at_least(casualties, "Casualties inflicted")
    ff = require_whole(fan_factor, "Fan Factor")
    low, high = int(param(table, "minimum")), int(param(table, "maximum"))
    if not low <= ff <= high:
        raise RulesError(f"A team's Fan Factor is {low}-{high}, not {ff}")

    modified = roll
    if result == "win":
        modified += int(param(table, "win"))
    elif result == "loss":
        modified += int(param(table, "loss"))  # negative: the table stores -1
    bonus = int(param(table, "bonus"))
    if scored >= int(param(table, "touchdowns_for_bonus")):
        modified += bonus
    if inflicted >= int(param(table, "casualties_for_bonus")):
        modified += bonus

    up_at = int(param(table, "up_at"))
    change = 0
    if modified <= int(param(table, "down_at_or_below")):
        change = -1
    elif modified == up_at or (
        modified > up_at and optional_setting(ruleset, "fan_factor_six_or_more", True)
    ):
        change = 1
    # A team at the floor or the ceiling keeps its Fan Factor.
    return min(high, max(low, ff + change)) - ff


@dataclass(frozen=True)
class Handicap:
    cards: int  # extra Special Play cards for the lower-rated team
    mvps: int  # extra MVPs for the lower-rated team


def handicap(ruleset: Ruleset, rating_difference: int) -> Handicap:
    """What the lower-rated team gets for being `rating_difference` team rating behind."""
    difference = require_at_least(rating_difference, "A team-rating difference")
    table = ruleset.table("handicap")
    if difference == 100:
        # The print has "76-100" and "100+"; the league's setting says which one 100 is.
        band = optional_setting(ruleset, "handicap_100_band", BAND_76_100)
        if band == BAND_101_PLUS:
            difference = 101
        elif band != BAND_76_100:
            raise LookupError(f"unknown handicap_100_band setting {band!r}")
    values = table.row_for(difference).values
    return Handicap(cards=int(values["cards"]), mvps=int(values["mvps"]))


def handicaps(ruleset: Ruleset, home_rating: int, away_rating: int) -> tuple[Handicap, Handicap]:
    """(home's, away's): the lower-rated team gets the handicap for the difference, the
    other nothing; equal teams get nothing."""
    home = require_at_least(home_rating, "The home team's rating")
    away = require_at_least(away_rating, "The away team's rating")
    bonus = handicap(ruleset, abs(home - away))
    nothing = Handicap(cards=0, mvps=0)
    if home == away:
        return nothing, nothing
    return (bonus, nothing) if home < away else (nothing, bonus)


def special_play_cards(ruleset: Ruleset, die: int, bonus: int = 0) -> int:
    """How many Special Play cards a coach draws: his D6 on the `special_play_cards` table
    (1 gives 1, 2-5 give 2, 6 gives 3), plus the handicap's bonus cards."""
    roll = require_die(die, "The Special Play cards roll")
    extra = require_at_least(bonus, "Bonus cards")
    return int(ruleset.table("special_play_cards").row_for(roll).values["cards"]) + extra


def team_rating(ruleset: Ruleset, team_value: int, spp: int) -> int:
    """Team value / 10,000 plus the team's total SPP / 5, each rounded down."""
    table = ruleset.table("team_rating")
    value = require_at_least(team_value, "Team value")
    points = require_at_least(spp, "The team's Star Player Points")
    return value // int(param(table, "value_divisor")) + points // int(param(table, "spp_divisor"))


def rating_at_kick_off(
    ruleset: Ruleset, team_value: int, spp: int, freebooter_values: Sequence[int] = ()
) -> tuple[int, int]:
    """(team value, team rating) for the match: the team's own, plus its freebooters'
    values where `freebooters_in_team_rating` is on (off by default: the rating written on
    the roster after the last match is the one that counts). Freebooters bring no SPP."""
    value = require_at_least(team_value, "Team value")
    hired = [require_at_least(v, "A freebooter's value") for v in freebooter_values]
    if bool(optional_setting(ruleset, "freebooters_in_team_rating", False)):
        value += sum(hired)
    return value, team_rating(ruleset, value, spp)


def serious_injury(ruleset: Ruleset, total: int) -> str:
    """The serious-injury sub-table result ("Miss next game", ...) for a 2D6 total.

    GDBBL prints the three outcomes but not their ranges, so the rows are the league's
    defaults; only totals the table covers are accepted.
    """
    value = require_whole(total, "A serious injury roll total")
    table = ruleset.table("serious_injury")
    if not any(row.covers(value) for row in table.rows):
        low = min(row.low for row in table.rows if row.low is not None)
        high = max(row.high or row.low or 0 for row in table.rows)
        raise RulesError(
            f"A serious injury roll is a {table.dice} total ({low}-{high}), not {value}"
        )
    return str(table.row_for(value).values["result"])


def star_price(
    ruleset: Ruleset, cost: int, team_race: str, star_kind: str, freebooter: bool
) -> int:
    """What a team of `team_race` pays for a star player listed at `cost`.

    Goblin teams pay double unless the star is a goblin or a troll, Halfling teams unless
    he is a halfling or a treeman (setting `goblin_halfling_double_star_price`, on unless a
    league turns it off). A freebooter, hired for one game, costs half; GDBBL does not say
    how that combines with the double price, so `freebooter_price_rule` does.
    """
    price = require_at_least(cost, "A star player's price")
    if team_race not in ruleset.races:
        raise RulesError(f"Ruleset {ruleset.slug} has no race {team_race!r}")
    exempt = DOUBLE_STAR_PRICE_EXEMPT_KINDS.get(team_race)
    doubled = (
        exempt is not None
        and star_kind not in exempt
        and bool(optional_setting(ruleset, "goblin_halfling_double_star_price", True))
    )
    factor = 2 if doubled else 1
    if not freebooter:
        return price * factor
    rule = optional_setting(ruleset, "freebooter_price_rule", HALF_OF_DOUBLED)
    if rule == HALF_OF_DOUBLED:
        return price * factor // 2
    if rule == HALF_THEN_DOUBLE:
        return price // 2 * factor
    if rule == HALF_OF_LIST:
        return price // 2
    raise LookupError(f"unknown freebooter_price_rule setting {rule!r}")
