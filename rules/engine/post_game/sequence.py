"""The post-game sequence: after a confirmed report, each step of the ruleset's sequence in
order, each with what it read, the dice it rolled, its result and what it changes for each
team and player. Pure: the teams as they stood at kick-off, the report and a source of dice
in, the steps out; applying them is the matches layer's.

A ruleset carries its sequence as data (the `post_game_sequence` table: one row per step, in
order); each system's engine names the steps it knows and which of them a copy must keep
(REQUIRED_STEPS), so a house rule changes what a step computes through its tables and
settings, never which steps there are.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine.errors import RulesError
from rules.engine.post_game import gdbbl, lrb6, lrb6_roster, results
from rules.engine.post_game.steps import (
    DiceMissing,
    DiceSource,
    MatchBefore,
    PostGame,
    StepFunction,
)
from rules.engine.ruleset import Ruleset

SEQUENCE = "post_game_sequence"
# Each system's steps, by the key the sequence table names them with, from its own modules.
STEPS: dict[str, dict[str, StepFunction]] = {
    "lrb6": {**lrb6.STEPS, **lrb6_roster.STEPS},
    "gdbbl": gdbbl.STEPS,
    "first-edition": results.STEPS,
    "blitz-bowl": results.STEPS,
}
REQUIRED_STEPS: dict[str, tuple[str, ...]] = {
    "lrb6": ("winnings", "fan_factor", "mvp", "spp", "casualties", "value_changes", "expenses",
             "hires"),
    "gdbbl": ("injuries", "winnings", "mvp", "spp", "fan_factor", "clear_and_expire",
              "purchases", "team_rating"),
    # The results-only rulesets carry nothing over but the result (and 1st edition's dead).
    "first-edition": ("result",),
    "blitz-bowl": ("result",),
}  # fmt: skip
# Steps a copy saved before the engine had them lacks (LRB6's from casualties on).
ADDED_LATER: dict[str, tuple[str, ...]] = {
    "lrb6": ("casualties", "value_changes", "expenses", "hires"),
}


def sequence_problems(system: str, steps: Sequence[str]) -> list[str]:
    """What is wrong with a ruleset's sequence: a required step left out, a step named
    twice, or one its system does not know."""
    required = REQUIRED_STEPS.get(system, ())
    problems = [f"the post-game step {key!r} is missing" for key in required if key not in steps]
    problems += [
        f"the post-game step {key!r} is named twice"
        for key in dict.fromkeys(steps)
        if list(steps).count(key) > 1
    ]  # fmt: skip  (in the order they first appear)
    known = set(required)
    problems += [f"{system} has no post-game step {key!r}" for key in steps if key not in known]
    return problems


def sequence_of(ruleset: Ruleset) -> tuple[str, ...]:
    """The ruleset's steps in order; a copy made before the sequence was data has the
    engine's own."""
    table = ruleset.tables.get(SEQUENCE)
    if table is None:
        return REQUIRED_STEPS.get(ruleset.system, ())
    keys = tuple(str(row.values["step"]) for row in table.rows)
    # A copy saved before the engine knew its later steps has none of them: they follow
    # the earlier ones, in the engine's order.
    later = ADDED_LATER.get(ruleset.system, ())
    return keys if any(key in keys for key in later) else keys + later


def post_game(ruleset: Ruleset, before: MatchBefore, dice: DiceSource) -> PostGame:
    """Every step of the ruleset's sequence, in order. A step may leave facts for the
    later ones in `state` (the result after a concession, the winnings)."""
    known = STEPS.get(ruleset.system)
    if known is None:
        raise RulesError(f"Dugout has no post-game sequence for {ruleset.system} yet")
    keys = sequence_of(ruleset)
    problems = sequence_problems(ruleset.system, keys)
    if problems:
        raise RulesError(f"{ruleset.slug}: " + "; ".join(problems))
    state: dict = {"steps": []}  # a later step may read what the earlier ones changed
    for key in keys:
        state["steps"].append(known[key](ruleset, before, dice, state))
    if dice.missing:
        raise DiceMissing(dice.missing)
    return PostGame(tuple(state["steps"]))
