"""Round-robin schedules, as pure functions: every pair of teams meets once (or twice, home
and away), odd counts give one bye a round, and no team plays twice in a round.

The classic polygon method for an odd number of teams n: in round r team r sits out and
teams r-k and r+k (mod n) meet, for k = 1 … (n-1)/2. Each team is at home against the
(n-1)/2 teams that follow it round the circle, so home and away are exactly even. An even
count adds one team that plays whoever would have sat out, at home in every other round;
then no team's home and away games differ by more than one in a single round robin, and a
double round robin (the first half again with home and away swapped) is exactly even.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Pairing(Generic[T]):
    home: T
    away: T | None  # None: the home team has a bye this round


def round_robin(teams: Sequence[T], double: bool = False) -> list[list[Pairing[T]]]:
    """The rounds of a single (or double) round robin between `teams`, in order."""
    if len(teams) < 2:
        raise ValueError("A round robin needs at least two teams.")
    if len(set(teams)) != len(teams):
        raise ValueError("A team may appear only once in a round robin.")
    circle = list(teams) if len(teams) % 2 else list(teams[:-1])
    extra = None if len(teams) % 2 else teams[-1]
    n = len(circle)
    rounds: list[list[Pairing[T]]] = []
    for r in range(n):
        pairings: list[Pairing[T]] = []
        sitting_out = circle[r]
        if extra is None:
            pairings.append(Pairing(sitting_out, None))
        elif r % 2 == 0:
            pairings.append(Pairing(extra, sitting_out))
        else:
            pairings.append(Pairing(sitting_out, extra))
        for k in range(1, (n - 1) // 2 + 1):
            x, y = (r - k) % n, (r + k) % n
            # x is at home when y follows it by at most half the circle.
            home, away = (x, y) if (y - x) % n <= (n - 1) // 2 else (y, x)
            pairings.append(Pairing(circle[home], circle[away]))
        rounds.append(pairings)
    if double:
        rounds += [[_swapped(pairing) for pairing in round_] for round_ in rounds]
    return rounds


def _swapped(pairing: Pairing[T]) -> Pairing[T]:
    return pairing if pairing.away is None else Pairing(pairing.away, pairing.home)
