"""Two small teams typed in by hand, the four bundled rulesets read from their files, and
small readers of a `Checked`, for the report-check tests (test_report_checks.py,
test_casualty_checks.py, test_report_results.py). No database: the facts a report is
checked against are built here as plain values, as matches.report.content builds them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from rules.edition import edition_read
from rules.engine.errors import Problem
from rules.engine.report_entry import DieNeed, MatchFacts, Member, SideFacts
from rules.engine.ruleset import Ruleset
from rules.snapshot import edition_ruleset

TEAMS = {"home": "Reikland Reavers", "away": "Gouged Eye"}

# The same roster shape on both sides: four plain players, a Decay player, a Regeneration
# player, one with both, and two roster players who do not take part (dead, injured).
PLAIN = (Member(1, "Griff"), Member(2, "Bo"), Member(3, "Cal"), Member(4, "Dee"))
DECAY = Member(7, "Rotter", skills=frozenset({"Decay"}))
REGENERATION = Member(8, "Skeleton", skills=frozenset({"Regeneration"}))
BOTH = Member(9, "Pestigor", skills=frozenset({"Decay", "Regeneration"}))
DEAD = Member(10, "Dan", took_part=False, absent="is dead")
INJURED = Member(11, "Ben", took_part=False, absent="misses this match")
ROSTER = (*PLAIN, DECAY, REGENERATION, BOTH, DEAD, INJURED)


@cache
def edition(slug: str) -> Ruleset:
    """A bundled ruleset as read from rules/editions/<slug>/."""
    return edition_ruleset(edition_read(slug), version=1)


def side(
    side: str,
    members: Iterable[Member] = ROSTER,
    helpers: Mapping[str, int] | None = None,
    bonus_mvps: int = 0,
) -> SideFacts:
    return SideFacts(side, TEAMS[side], tuple(members), dict(helpers or {}), bonus_mvps)


def match(
    home: SideFacts | None = None,
    away: SideFacts | None = None,
    home_helpers: Mapping[str, int] | None = None,
    away_helpers: Mapping[str, int] | None = None,
) -> MatchFacts:
    return MatchFacts(
        home or side("home", helpers=home_helpers), away or side("away", helpers=away_helpers)
    )


def messages(found: Iterable[Problem], field: str | None = None) -> list[str]:
    """The messages of `found`, only those of `field` (or under it: `casualties.1`) if given."""
    return [
        problem.message
        for problem in found
        if field is None or problem.field == field or problem.field.startswith(f"{field}.")
    ]


def fields(found: Iterable[Problem]) -> set[str]:
    return {problem.field for problem in found}


def die(dice: Iterable[DieNeed], purpose: str) -> DieNeed:
    """The one die of `purpose` a check says the report uses."""
    matching = [need for need in dice if need.purpose == purpose]
    assert len(matching) == 1, (purpose, [need.purpose for need in dice])
    return matching[0]


def purposes(dice: Iterable[DieNeed]) -> list[str]:
    return [need.purpose for need in dice]


def rolled(purpose: str, notation: str, *values: int) -> dict[str, DieNeed]:
    """A die the server already rolled for this match, keyed as `report_check` reads them."""
    return {purpose: DieNeed(purpose, notation, "", tuple(values), "rolled")}
