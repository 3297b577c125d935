"""Star Player Points: what an action is worth, the level a total reaches and the
improvement rolls it has earned."""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.checks import require_at_least
from rules.engine.errors import RulesError
from rules.engine.ruleset import Ruleset


@dataclass(frozen=True)
class Level:
    title: str  # "Rookie", "Experienced", ... "Legend"
    improvement_rolls: int  # rolls earned in total on reaching this level, not per level
    min_spp: int  # the lowest SPP total of the level


def experience_level(ruleset: Ruleset, spp: int) -> Level:
    """The level a player with `spp` Star Player Points has reached."""
    total = require_at_least(spp, "A player's Star Player Points")
    table = ruleset.table("experience_levels")
    row = table.row_for(total)  # the table must start at 0 and end open ("176+")
    return Level(
        title=row.values["title"],
        improvement_rolls=int(row.values["improvement_rolls"]),
        min_spp=row.low or 0,  # row_for only returns rows with a low
    )


def level_title(ruleset: Ruleset, spp: int) -> str | None:
    """The title ("Rookie" ... "Legend") of a player with `spp` Star Player Points, from the
    ruleset's experience levels table; None when the ruleset has none (results-only
    systems: no SPP, no levels)."""
    if "experience_levels" not in ruleset.tables:
        return None
    return experience_level(ruleset, spp).title


def improvement_rolls_due(ruleset: Ruleset, spp: int, taken: int) -> int:
    """Improvement rolls the player may still make.

    A roll is due while the rolls earned by his SPP exceed the advancements (skills and
    characteristic increases) already taken. Never negative: a player who got ahead of his
    SPP (say, an SPP correction on an old report) simply has none due until he catches up.
    """
    done = require_at_least(taken, "The number of advancements already taken")
    earned = experience_level(ruleset, spp).improvement_rolls
    return max(0, earned - done)


def spp_for(ruleset: Ruleset, action: str) -> int:
    """The SPP one `action` is worth ("completion", "touchdown", "mvp", ...)."""
    table = ruleset.table("spp_awards")
    for row in table.rows:
        if row.values.get("action") == action:
            return int(row.values["spp"])
    known = ", ".join(str(row.values.get("action")) for row in table.rows)
    raise RulesError(f"{table.name} awards no SPP for {action!r} (it knows {known})")
