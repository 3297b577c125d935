"""The errors the engine raises for input that breaks a rule.

`RulesError` is a `ValueError` so callers that already treat bad values as 400s or form
errors keep working. Its message names the rule ("A D68 casualty roll needs a D6 for the
tens (1-6), not 7") because it is shown to coaches as it is.

A ruleset that lacks a table, a row, a parameter or a setting the engine needs is a
different problem (broken data, not a bad roll) and raises `LookupError` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


class RulesError(ValueError):
    """Input that the rules do not allow: a die out of range, a choice not on offer, ..."""


@dataclass(frozen=True)
class Problem:
    """One broken rule: the request field to change and the rule, in words for the coach."""

    field: str  # race, positions, rerolls, fan_factor, staff, points_for_win, ...
    message: str
    link: str = ""  # the page of what the problem is about, where it is elsewhere ("/matches/7/")


class Refused(RulesError):
    """A request that breaks one or more rules; `problems` has them all, each with its field.
    Teams, leagues and matches refuse with subclasses of it, so one helper turns any of them
    into an HTTP 400 keyed by field."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(problem.message for problem in self.problems))
