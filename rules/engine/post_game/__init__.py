"""The post-game sequence, pure: each step of a ruleset's sequence worked out from the teams as
they stood at kick-off, the report and the match's dice.

`steps` holds what every edition's steps share (the match before, the dice, a step and its
changes); `lrb6`, `lrb6_casualties` and `lrb6_roster`, `gdbbl` and `gdbbl_injuries`, and
`results` (the two results-only rulesets) hold each edition's steps; `sequence` names them
by key and runs a ruleset's in its order. Those modules import `steps`, never this package,
so the registry is filled without a circle. What the rest of Dugout reads is named here.
"""

from rules.engine.post_game.sequence import (
    REQUIRED_STEPS,
    SEQUENCE,
    STEPS,
    post_game,
    sequence_of,
    sequence_problems,
)
from rules.engine.post_game.steps import (
    Change,
    DiceMissing,
    DiceSource,
    DiceWrong,
    Die,
    MatchBefore,
    PlayerBefore,
    PostGame,
    SideBefore,
    Step,
    StepFunction,
    other,
)

__all__ = [
    "REQUIRED_STEPS",
    "SEQUENCE",
    "STEPS",
    "Change",
    "DiceMissing",
    "DiceSource",
    "DiceWrong",
    "Die",
    "MatchBefore",
    "PlayerBefore",
    "PostGame",
    "SideBefore",
    "Step",
    "StepFunction",
    "other",
    "post_game",
    "sequence_of",
    "sequence_problems",
]
