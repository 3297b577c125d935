"""A report's `raised`: the opponents killed in the match whom a team takes on, by their
shirt numbers: in LRB6 a Necromancer's Zombie or Nurgle's Rotters, in GDBBL an Undead team's
Necromancer's Zombie. Who may raise is the race's (its `necromancer` and `raises_rotters`
flags), handed to the report check as the team's helpers; the check itself is the engine's
(rules.engine.casualty_checks.RaisedChecks), and the post-game sequence decides whether
each one joins (a team with no room takes no one)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.engine.casualty_checks import NECROMANCER, RAISING, ROTTERS
from rules.engine.checks import optional_setting
from rules.engine.report_entry import SIDES, MatchFacts, ReportEntry, other
from rules.engine.ruleset import Race, Ruleset

ZOMBIE_RAISE_LIMIT = 16  # GDBBL's default: "if the undead team has fewer than 16 players"


def raisers(race: Race | None) -> dict[str, int]:
    """The team's part in SideFacts.helpers: a Necromancer raises one Zombie a match; a
    Nurgle team takes on Rotters."""
    found = {}
    if race is not None and race.necromancer:
        found[NECROMANCER] = 1
    if race is not None and race.raises_rotters:
        found[ROTTERS] = 1
    return found


def raised_stored(entry: ReportEntry) -> dict[str, list[int]]:
    """What Report.raised keeps: each side that raises someone, and whom."""
    return {side: list(entry.of(side).raised) for side in SIDES if entry.of(side).raised}


def raised_read(stored: Mapping | None, side: str) -> tuple[int, ...]:
    return tuple(int(number) for number in (stored or {}).get(side, ()))


@dataclass(frozen=True)
class RaisedChoice:
    value: str  # the victim's number
    label: str
    checked: bool


@dataclass(frozen=True)
class RaisedField:
    """The checkboxes of one team that raises the dead: every opponent who took part (the
    report check refuses one who was not killed)."""

    name: str  # "home-raised"
    legend: str
    note: str
    choices: tuple[RaisedChoice, ...]


def raised_field(
    ruleset: Ruleset, match: MatchFacts, side: str, given: Mapping
) -> RaisedField | None:
    """The team's `raised` checkboxes, or None when its race raises no one."""
    facts, opponents = match.of(side), match.of(other(side))
    helpers, system = facts.helpers, ruleset.system
    if system not in RAISING or not (helpers.get(NECROMANCER) or helpers.get(ROTTERS)):
        return None
    chosen = {str(number) for number in given.get("raised") or ()}
    if system == "gdbbl":
        limit = optional_setting(ruleset, "zombie_raise_limit", ZOMBIE_RAISE_LIMIT)
        legend = f"Raised by {facts.team}'s Necromancer as a Zombie"
        note = (
            "One opponent killed in this match, of roughly human size (not a halfling, a "
            f"goblin or a big monster), may join as a Zombie, if the team has fewer than {limit} "
            "players."
        )
    elif helpers.get(NECROMANCER):
        legend = f"Raised by {facts.team}'s Necromancer as a Zombie"
        note = (
            "One opponent killed in this match (ST 4 or less, without Regeneration, not "
            "Stunty) may join as a Zombie, if the team has a place for him."
        )
    else:
        legend = f"Taken on by {facts.team} as Rotters"
        note = (
            "Opponents killed by a player with Nurgle's Rot in a block, blitz or foul (ST 4 "
            "or less, without Decay or Regeneration, not Stunty) may join as Rotters, if the "
            "team has a place for them."
        )
    choices = tuple(
        RaisedChoice(str(m.number), f"{m} ({opponents.team})", str(m.number) in chosen)
        for m in opponents.members
        if m.took_part
    )
    return RaisedField(f"{side}-raised", legend, note, choices)
