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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from rules.engine import dice as rolls
from rules.engine.errors import RulesError
from rules.engine.report_entry import SIDES, ReportEntry
from rules.engine.ruleset import Ruleset

SEQUENCE = "post_game_sequence"


@dataclass(frozen=True)
class PlayerBefore:
    """Someone who took part, as he stood at kick-off."""

    number: int
    name: str
    kind: str = "roster"  # roster, journeyman, mercenary, star, freebooter
    key: str = ""  # the roster player's ledger key ("p7"); "" for a one-game hire
    spp: int = 0
    # What the later steps read (casualties, value changes, hires); the defaults are a
    # player of no lasting note, so a caller that only counts SPP may leave them out.
    position: str = ""  # the position's name, or the star's
    value: int = 0  # position cost plus value increases (a one-game hire: position cost)
    status: str = "active"  # at kick-off: active, or missing_next_game
    played: bool = True  # False for a roster player who sat this match out
    start: Mapping[str, int] = field(default_factory=dict)  # characteristic -> starting value
    now: Mapping[str, int] = field(default_factory=dict)  # characteristic -> value at kick-off
    skills: frozenset[str] = frozenset()  # every skill he has, the position's included
    injuries: tuple[str, ...] = ()  # lasting ones already on the roster: "N", "-MA"
    # GDBBL: a star hired for good is a roster player who earns no SPP; the Necromancer
    # raises only the roughly human-sized; a secret weapon has its own injury rules.
    star: bool = False
    size: str = "human"  # small, human or large (the position's or the star's)
    special: str = ""  # the secret weapon he carries, as the secret_weapons table names it


@dataclass(frozen=True)
class SideBefore:
    side: str  # home or away
    team: str  # its name
    fan_factor: int
    fame: int | None  # from the gate; None when the gate was never recorded
    treasury: int
    players: tuple[PlayerBefore, ...] = ()  # who took part, and the roster who sat out
    race: str = ""  # the race's slug in the ruleset (Zombies and Rotters, team value)
    value_rest: int = 0  # team value besides players and fan factor: re-rolls and staff
    gone_numbers: tuple[int, ...] = ()  # shirts of players dead or gone: still theirs
    rating: int | None = None  # GDBBL: the team rating recorded at kick-off
    staff: Mapping[str, int] = field(default_factory=dict)  # staff key -> how many

    def roster(self) -> tuple[PlayerBefore, ...]:
        return tuple(p for p in self.players if p.kind == "roster")

    def player(self, number: int) -> PlayerBefore | None:
        return next((p for p in self.players if p.number == number), None)


@dataclass(frozen=True)
class MatchBefore:
    home: SideBefore
    away: SideBefore
    report: ReportEntry
    mvps: Mapping[str, tuple[int, ...]]  # side -> the MVPs' numbers, chosen or drawn
    gate: int | None = None  # GDBBL: the attendance recorded before kick-off

    def side(self, side: str) -> SideBefore:
        return self.home if side == "home" else self.away


@dataclass(frozen=True)
class Die:
    purpose: str
    notation: str
    values: tuple[int, ...]
    source: str  # entered or rolled

    @property
    def total(self) -> int:
        return sum(self.values)


@dataclass(frozen=True)
class Change:
    """One thing a step changes for a team: its treasury or fan factor, or (with `number`)
    a player's SPP, one of his counters or his lasting record, or a player who joins.

    `what` is one of: treasury, fan_factor; the counters spp, touchdowns, completions,
    interceptions, casualties, mvps, value_increase (by `amount`); status (from `was` to
    `detail`: missing_next_game, active, dead, retired); injury (`detail` "N" or "-MA" is
    added); characteristic (`detail` "MA" changes by `amount`, from an injury); join (a new
    player of position `detail` named `name` takes shirt `number`)."""

    side: str
    what: str
    amount: int
    number: int | None = None  # the player's shirt number
    key: str = ""  # the roster player's ledger key; "" for a hire, whose change is not kept
    why: str = ""
    detail: str = ""
    was: str = ""
    name: str = ""


@dataclass(frozen=True)
class Step:
    key: str
    name: str
    inputs: Mapping[str, object]
    dice: tuple[Die, ...]
    result: str  # as a coach reads it
    changes: tuple[Change, ...] = ()


@dataclass(frozen=True)
class PostGame:
    steps: tuple[Step, ...]

    def total(self, side: str, what: str, number: int | None = None) -> int:
        """What the steps change in all for a team (or one of its players)."""
        return sum(
            c.amount
            for step in self.steps
            for c in step.changes
            if c.side == side and c.what == what and c.number == number
        )

    @property
    def dice(self) -> tuple[Die, ...]:
        return tuple(die for step in self.steps for die in step.dice)


class DiceMissing(RulesError):
    """A die the sequence needs that nobody entered, where the server may not roll it."""

    def __init__(self, needs: Sequence[tuple[str, str]]) -> None:
        self.needs = tuple(needs)
        listed = "; ".join(f"{notation} for {purpose!r}" for purpose, notation in self.needs)
        super().__init__(f"Enter the dice first: {listed}.")


class DiceWrong(RulesError):
    """A die entered as another roll than the step reads (2D6 where the winner rolls 3D6)."""


@dataclass
class DiceSource:
    """The dice a match has (entered at the table or rolled by the server) and, where the
    server may roll, its seed: a die nobody rolled is then drawn from the seed and the
    purpose, so the same purpose always gives the same die."""

    stored: Mapping[str, tuple[tuple[int, ...], str, str]]  # purpose -> (values, notation, source)
    seed: str | None = None
    missing: list[tuple[str, str]] = field(default_factory=list)

    def has(self, purpose: str) -> bool:
        return purpose in self.stored

    def roll(self, purpose: str, notation: str) -> Die:
        """The die for `purpose`: stored, else rolled from the seed, else noted as missing
        (a placeholder of ones stands in so the other steps can still be worked out)."""
        read = rolls.notation(notation)
        if purpose in self.stored:
            values, written, source = self.stored[purpose]
            if written != str(read):
                raise DiceWrong(
                    f"{purpose!r} is a {read} roll, not {written}: type it again as {read}."
                )
            return Die(purpose, str(read), tuple(values), source)
        if self.seed is not None:
            return Die(purpose, str(read), rolls.rolled(read, self.seed, purpose), "rolled")
        self.missing.append((purpose, str(read)))
        return Die(purpose, str(read), (1,) * read.count, "missing")


StepFunction = Callable[[Ruleset, MatchBefore, DiceSource, dict], Step]
# Each system's steps, by the key the sequence table names them with; filled by the
# systems' modules (rules.engine.post_game_lrb6).
STEPS: dict[str, dict[str, StepFunction]] = {}
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
    from rules.engine import (  # noqa: F401  (fill STEPS)
        post_game_gdbbl,
        post_game_lrb6,
        post_game_lrb6_roster,
        post_game_results,
    )

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


def other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]
