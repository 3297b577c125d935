"""Dice as the rules write them: NdM (D6, 2D6, 3D6, 8D6, ...), D68, and a random pick of
one of N (a player for the MVP, a victim of a niggling injury).

Every roll a match uses is either entered (rolled at the table and typed in) or rolled by
the server. A server roll is drawn from the match's seed *and its purpose*, so the same
purpose always gives the same dice and rolling one step again never shifts the dice of
another."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from rules.engine.errors import RulesError

SOURCES = ("entered", "rolled")
MAX_DICE = 20  # the GDBBL gate rolls many D6, never more than this
NDM = re.compile(r"^(\d*)D(\d+)$")
PICK = re.compile(r"^1 of (\d+)$")


@dataclass(frozen=True)
class Notation:
    """How a roll is made: `count` dice of `sides` sides; D68 is a D6 then a D8; a pick is
    one die of N sides whose face names the Nth candidate."""

    text: str
    count: int
    sides: tuple[int, ...]  # the sides of each die, in order

    @property
    def is_d68(self) -> bool:
        return self.text == "D68"

    @property
    def is_pick(self) -> bool:
        return self.text.startswith("1 of ")

    def total(self, values: tuple[int, ...]) -> int:
        """What the roll reads as: the sum, the D68 as tens and units, or the pick."""
        if self.is_d68:
            return values[0] * 10 + values[1]
        return sum(values)

    def __str__(self) -> str:
        return self.text


def notation(text: str) -> Notation:
    """Reads "D6", "2D6", "D68" or "1 of 11"; anything else is refused by name."""
    written = " ".join(str(text).split()).upper().replace(" OF ", " of ")
    if written == "D68":
        return Notation("D68", 2, (6, 8))
    pick = PICK.match(written)
    if pick:
        candidates = int(pick.group(1))
        if not 1 <= candidates <= 99:
            raise RulesError(f"A pick is one of 1 to 99, not one of {candidates}")
        return Notation(f"1 of {candidates}", 1, (candidates,))
    ndm = NDM.match(written)
    if not ndm:
        raise RulesError(f"{text!r} is not a roll: write D6, 2D6, D68 or 1 of N")
    count, sides = int(ndm.group(1) or 1), int(ndm.group(2))
    if not 1 <= count <= MAX_DICE:
        raise RulesError(f"A roll has 1 to {MAX_DICE} dice, not {count}")
    if sides not in (3, 6, 8, 12, 20):
        raise RulesError(f"Dice have 3, 6, 8, 12 or 20 sides, not {sides}")
    return Notation(f"{count if count > 1 else ''}D{sides}", count, (sides,) * count)


def checked(roll: Notation, values: list[object] | tuple[object, ...]) -> tuple[int, ...]:
    """The values of an entered roll, each die in range, or a RulesError naming the die."""
    if len(values) != roll.count:
        dice = "a die" if roll.count == 1 else f"{roll.count} dice"
        raise RulesError(f"A {roll} roll needs {dice}, not {len(values)}")
    read: list[int] = []
    for index, (value, sides) in enumerate(zip(values, roll.sides, strict=True), start=1):
        if isinstance(value, bool) or not isinstance(value, int):
            try:
                value = int(str(value).strip())
            except ValueError:
                raise RulesError(f"Die {index} of a {roll} roll must be a whole number") from None
        if not 1 <= value <= sides:
            raise RulesError(f"Die {index} of a {roll} roll reads 1 to {sides}, not {value}")
        read.append(value)
    return tuple(read)


def rolled(roll: Notation, seed: str, purpose: str) -> tuple[int, ...]:
    """The server's dice for `purpose`: the same seed and purpose always give the same."""
    rng = random.Random(f"{seed}|{purpose}")
    return tuple(rng.randint(1, sides) for sides in roll.sides)
