"""A league's own settings: how results will count (points, bonus points, tie-breakers),
which dice match reports may use, when confirmed reports apply and what a forfeit records.
Pure: the checks take plain values and name the field and the rule they break.

Ruleset settings are not overridden here: a league that wants different rules plays a
different ruleset copy (house rules)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine.errors import Problem, Refused  # a field and the rule it breaks


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
TIE_BREAKER_KEYS = tuple(choice.key for choice in TIE_BREAKERS)
DEFAULT_TIE_BREAKERS = list(TIE_BREAKER_KEYS)

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


def settings_problems(values: Mapping[str, object]) -> list[Problem]:
    """Every way `values` (a league's settings, or the part being changed) breaks a rule."""
    problems: list[Problem] = []
    for field, label in POINT_FIELDS.items():
        allowed = BONUS_RANGE if field.startswith("bonus_") else POINTS_RANGE
        if field in values and not _whole_in(values[field], allowed):
            problems.append(
                Problem(
                    field, f"{label} must be a whole number from {allowed[0]} to {allowed[-1]}."
                )
            )
    if "tie_breakers" in values:
        problems += _tie_breaker_problems(values["tie_breakers"])
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


def _tie_breaker_problems(tie_breakers: object) -> list[Problem]:
    if not isinstance(tie_breakers, list | tuple) or not tie_breakers:
        return [Problem("tie_breakers", "List at least one tie-breaker, in order.")]
    problems = []
    for key in tie_breakers:
        if key not in TIE_BREAKER_KEYS:
            problems.append(
                Problem(
                    "tie_breakers",
                    f"{key!r} is not a tie-breaker; choose from {', '.join(TIE_BREAKER_KEYS)}.",
                )
            )
    repeated = sorted({key for key in tie_breakers if tie_breakers.count(key) > 1}, key=str)
    if repeated:
        listed = ", ".join(map(str, repeated))
        problems.append(
            Problem("tie_breakers", f"Each tie-breaker may be listed once: {listed} repeats.")
        )
    return problems


def _whole_in(value: object, allowed: range) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in allowed
