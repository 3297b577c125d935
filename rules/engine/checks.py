"""Small input checks and table look-ups shared by the engine modules.

Dice always come from outside (entered by coaches or rolled by the server with a recorded
seed), so every engine function checks them before use: a typo in a match report must
stop with a message, never quietly land on a neighbouring table row.
"""

from __future__ import annotations

from typing import Any

from rules.engine.errors import RulesError
from rules.engine.ruleset import Ruleset, Table


def require_whole(value: object, what: str) -> int:
    """`value` as an int; bools and floats are refused (True would otherwise count as 1)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} must be a whole number, not {value!r}")
    return value


def require_die(value: object, what: str, sides: int = 6) -> int:
    """A single die result, 1..sides. `what` names the roll: "The winnings roll needs a D6"."""
    die = require_whole(value, what)
    if not 1 <= die <= sides:
        raise RulesError(f"{what} needs a D{sides} (1-{sides}), not {die}")
    return die


def require_at_least(value: object, what: str, minimum: int = 0) -> int:
    number = require_whole(value, what)
    if number < minimum:
        raise RulesError(f"{what} cannot be below {minimum}, not {number}")
    return number


def param(table: Table, name: str) -> Any:
    """A table parameter; a missing one is broken ruleset data, hence LookupError."""
    try:
        return table.params[name]
    except KeyError:
        raise LookupError(f"{table.name} has no parameter {name!r}") from None


def optional_setting(ruleset: Ruleset, key: str, default: Any) -> Any:
    """A setting that older or house-rule copies of a ruleset may not have yet."""
    return ruleset.settings.get(key, default)
