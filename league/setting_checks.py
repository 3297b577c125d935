"""A league's own settings: how results will count (points, bonus points, tie-breakers),
which dice match reports may use, when confirmed reports apply and what a forfeit records.
Pure: the checks take plain values and name the field and the rule they break.

A tie-breaker or bonus must count something the league's match reports record, so which
ones are offered depends on the ruleset's system (`offered`): casualties only where reports
record them, Blitz Bowl's points only in Blitz Bowl.

Ruleset settings are not overridden here: a league that wants different rules plays a
different ruleset copy (house rules)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine.errors import Problem, Refused  # a field and the rule it breaks
from rules.engine.team_building import SYSTEM_NAMES


@dataclass(frozen=True)
class Choice:
    key: str
    label: str
    explanation: str


TIE_BREAKERS = (
    Choice("points", "Points", "More league points ranks higher."),
    Choice(
        "head_to_head", "Head to head", "Points taken in the matches between the tied teams only."
    ),
    Choice(
        "score_difference",
        "Score difference",
        "Blitz Bowl points scored minus conceded: touchdowns, Challenge cards and Clean Sweeps "
        "together.",
    ),
    Choice("touchdown_difference", "Touchdown difference", "Touchdowns scored minus conceded."),
    Choice(
        "casualty_difference", "Casualty difference", "Casualties caused minus casualties suffered."
    ),
    Choice("touchdowns_scored", "Touchdowns scored", "More touchdowns scored ranks higher."),
    Choice(
        "fewest_games_played",
        "Fewest games played",
        "In a perpetual league, the team that needed fewer games ranks higher.",
    ),
)
TIE_BREAKER_KEYS = tuple(choice.key for choice in TIE_BREAKERS)  # every ruleset's, together

DICE_SOURCES = (
    Choice(
        "entered",
        "Entered at the table",
        "Coaches roll real dice and type them in; the server never rolls.",
    ),
    Choice(
        "rolled",
        "Rolled by the server",
        "The server rolls (seeded and stored, so every roll can be replayed).",
    ),
    Choice("both", "Either", "Each roll may be entered or rolled by the server."),
)

REPORTS_APPLY = (
    Choice("at_once", "At once", "A report confirmed by the opposing coach applies at once."),
    Choice(
        "commissioner",
        "After a commissioner approves",
        "A confirmed report waits until a commissioner approves it.",
    ),
)

# Points are small whole numbers; a league may take a point away for a loss.
POINTS_RANGE = range(-5, 11)
BONUS_RANGE = range(0, 11)  # 0: no bonus
FORFEIT_TOUCHDOWNS_RANGE = range(0, 11)


class LeagueRefused(Refused):
    """The request breaks one or more league rules: `problems` names each field and rule."""


POINT_FIELDS = {
    "points_win": "Points for a win",
    "points_draw": "Points for a draw",
    "points_loss": "Points for a loss",
    "bonus_three_touchdowns": "Bonus points for scoring 3 or more touchdowns",
    "bonus_three_casualties": "Bonus points for causing 3 or more casualties",
    "bonus_clean_sheet": "Bonus points for conceding no touchdown",
}

# The rulesets whose match reports keep no count of casualties, and the reason a refusal
# gives. Blitz Bowl (document 004) has no injuries that a report records at all. 1st edition
# (document 002) kills players, but its report names the dead only where a house rule strikes
# them off the team (the ruleset setting dead_players_removed), and never the other casualties:
# a difference or a bonus built on that would count deaths some leagues do not even record.
NO_CASUALTY_COUNT = {
    "blitz-bowl": "Blitz Bowl records no casualties",
    "first-edition": "Blood Bowl 1st edition keeps no casualty count",
}
# The rulesets whose matches are won on points, not touchdowns (document 004: 4 a touchdown,
# plus each Challenge card's value and 2 a Clean Sweep).
SCORED_IN_POINTS = ("blitz-bowl",)
CASUALTY_TIE_BREAKER = "casualty_difference"
CASUALTY_BONUS = "bonus_three_casualties"
SCORE_TIE_BREAKER = "score_difference"


@dataclass(frozen=True)
class Offer:
    """What a league on one ruleset system may choose: the tie-breakers (in the order a new
    league ranks by them) and the point fields, and for each one held back, its refusal."""

    tie_breakers: tuple[Choice, ...]
    point_fields: Mapping[str, str]  # field -> label
    refusals: Mapping[str, str]  # a tie-breaker key or a point field -> why it is not offered

    @property
    def tie_breaker_keys(self) -> tuple[str, ...]:
        return tuple(choice.key for choice in self.tie_breakers)

    @property
    def default_tie_breakers(self) -> list[str]:
        """A new league ranks by every tie-breaker its ruleset offers, in the listed order."""
        return list(self.tie_breaker_keys)


def offered(system: str) -> Offer:
    """The tie-breakers and point fields that mean something under the ruleset `system`."""
    if system not in SYSTEM_NAMES:
        raise ValueError(f"{system!r} is not a ruleset system; say what its leagues offer here.")
    refusals = {}
    if system in NO_CASUALTY_COUNT:
        why = NO_CASUALTY_COUNT[system]
        refusals[CASUALTY_TIE_BREAKER] = f"{why}: {CASUALTY_TIE_BREAKER} is not a tie-breaker here."
        bonus = POINT_FIELDS[CASUALTY_BONUS]
        refusals[CASUALTY_BONUS] = f"{why}: {bonus[0].lower()}{bonus[1:]} must be 0."
    if system not in SCORED_IN_POINTS:
        refusals[SCORE_TIE_BREAKER] = (
            f"{SYSTEM_NAMES[system]} scores touchdowns, not Blitz Bowl points: "
            f"{SCORE_TIE_BREAKER} is not a tie-breaker here."
        )
    return Offer(
        tie_breakers=tuple(choice for choice in TIE_BREAKERS if choice.key not in refusals),
        point_fields={key: label for key, label in POINT_FIELDS.items() if key not in refusals},
        refusals=refusals,
    )


def tie_breakers_by_system() -> str:
    """The tie-breakers each ruleset offers, for help texts: "LRB6 and GDBBL: points, …"."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for system, name in SYSTEM_NAMES.items():
        groups.setdefault(offered(system).tie_breaker_keys, []).append(name)
    return "; ".join(f"{' and '.join(names)}: {', '.join(keys)}" for keys, names in groups.items())


def settings_problems(values: Mapping[str, object], system: str) -> list[Problem]:
    """Every way `values` (a league's settings, or the part being changed) breaks a rule,
    a tie-breaker or bonus its ruleset `system` does not offer among them."""
    offer = offered(system)
    problems: list[Problem] = []
    for field, label in POINT_FIELDS.items():
        allowed = BONUS_RANGE if field.startswith("bonus_") else POINTS_RANGE
        if field in values and field not in offer.point_fields:
            if not _whole_in(values[field], range(0, 1)):  # held back: only 0 (no bonus)
                problems.append(Problem(field, offer.refusals[field]))
        elif field in values and not _whole_in(values[field], allowed):
            problems.append(
                Problem(
                    field, f"{label} must be a whole number from {allowed[0]} to {allowed[-1]}."
                )
            )
    if "tie_breakers" in values:
        problems += _tie_breaker_problems(values["tie_breakers"], offer)
    for field, choices in (("dice_sources", DICE_SOURCES), ("reports_apply", REPORTS_APPLY)):
        keys = [choice.key for choice in choices]
        if field in values and values[field] not in keys:
            problems.append(Problem(field, f"{values[field]!r} is not one of {', '.join(keys)}."))
    for field in ("forfeit_winner_touchdowns", "forfeit_loser_touchdowns"):
        if field in values and not _whole_in(values[field], FORFEIT_TOUCHDOWNS_RANGE):
            problems.append(Problem(field, "A forfeit records 0 to 10 touchdowns a side."))
    winner = values.get("forfeit_winner_touchdowns")
    loser = values.get("forfeit_loser_touchdowns")
    both = all(_whole_in(side, FORFEIT_TOUCHDOWNS_RANGE) for side in (winner, loser))
    if both and winner <= loser:
        problems.append(
            Problem(
                "forfeit_winner_touchdowns",
                "A forfeit must give the team that did not forfeit more "
                "touchdowns than the team that did.",
            )
        )
    return problems


def _tie_breaker_problems(tie_breakers: object, offer: Offer) -> list[Problem]:
    if not isinstance(tie_breakers, list | tuple) or not tie_breakers:
        return [Problem("tie_breakers", "List at least one tie-breaker, in order.")]
    keys = offer.tie_breaker_keys
    problems, named = [], []
    for key in tie_breakers:
        if key in keys or key in named:  # a repeat is named once, below
            continue
        named.append(key)
        if key in TIE_BREAKER_KEYS:  # another ruleset's: say what this one lacks
            problems.append(Problem("tie_breakers", offer.refusals[key]))
        else:
            message = f"{key!r} is not a tie-breaker; choose from {', '.join(keys)}."
            problems.append(Problem("tie_breakers", message))
    repeated = sorted({key for key in tie_breakers if tie_breakers.count(key) > 1}, key=str)
    if repeated:
        listed = ", ".join(map(str, repeated))
        problems.append(
            Problem("tie_breakers", f"Each tie-breaker may be listed once: {listed} repeats.")
        )
    return problems


def _whole_in(value: object, allowed: range) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in allowed
