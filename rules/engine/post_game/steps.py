"""What every edition's post-game steps share: the match as it stood before the sequence (each
side and player at kick-off, the report), a source of dice, and a step's answer (what it read,
the dice it rolled, its result and each change for a team or player). Each edition's steps are
in a module of their own beside this one; sequence.py runs a ruleset's in order."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from rules.engine import dice as rolls
from rules.engine.errors import RulesError
from rules.engine.report_entry import SIDES, ReportEntry
from rules.engine.ruleset import Ruleset


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


def other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]
