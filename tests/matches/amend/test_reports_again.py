"""Reading the later reports a rebuild works out again (matches/amend/reports_again.py's
later_matches): every row a report is worked out from, read for a batch of matches at once,
each match's rows in the order its models keep them — ordered by their own columns, not by
joining each row's match to sort by the match's own ordering (on PostgreSQL the planner
read the whole match table to do it, a quarter of a revert's time in the bench) — and each
casualty naming the very players read as taking part, not read a second time.

The match is tests/matches/post_game/test_post_game.py's worked example with two casualties: Gouged
Eye beat Da Krumpers 2-1, home #6 blocking away #3 off the pitch and away #9 blitzing home
#1 off it, the server rolling their dice."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches import workflow
from matches.amend.reports_again import later_matches
from matches.models import Casualty, DiceRoll, KickOff, Match, Participant, Performance
from matches.services import friendly_accept, friendly_offer
from tests.matches.post_game.test_post_game import (
    CASUALTY,
    TABLE_DICE,
    at_the_table,
    gate_recorded,
    reported,
)

pytestmark = pytest.mark.django_db


BLITZED = {"victim": {"side": "home", "number": 1}, "causer": {"side": "away", "number": 9},
           "action": "blitz"}  # fmt: skip


def played(match: Match, home_coach, away_coach, casualties=()) -> Match:
    """The worked example confirmed and applied, with `casualties`."""
    gate_recorded(match)
    reported(match, home_coach, casualties=list(casualties), server_rolls=True)
    at_the_table(match, TABLE_DICE)
    workflow.report_confirm(match, away_coach)
    return match


@pytest.fixture
def applied(friendly, home_coach, away_coach) -> Match:
    return played(friendly, home_coach, away_coach, [CASUALTY, BLITZED])


def pks(rows) -> list[int]:
    return [row.pk for row in rows]


def test_a_later_report_is_read_with_its_dice_lines_kick_off_casualties_and_who_took_part(
    applied,
) -> None:
    read = later_matches([applied.pk])[applied.pk]
    with CaptureQueriesContext(connection) as captured:
        purposes = {roll.purpose for roll in read.dice.all()}
        lines = {(line.team_id, line.number) for line in read.performances.all()}
        sides = {row.side for row in read.kick_offs.all()}
        hurt = [(c.victim.team_id, c.victim.number, c.causer.number)
                for c in read.casualties.all()]  # fmt: skip
        numbers = {(p.team_id, p.number) for p in read.taking_part}
        version = read.ruleset_version.ruleset.name
    assert len(captured) == 0, [query["sql"] for query in captured]
    assert {"winnings for home", "casualty for away #3"} <= purposes
    assert (applied.home_id, 6) in lines
    assert sides == {"home", "away"}
    assert hurt == [(applied.away_id, 3, 6), (applied.home_id, 1, 9)]  # in the report's order
    assert (applied.home_id, 6) in numbers
    assert (applied.away_id, 3) in numbers
    assert version == applied.ruleset_version.ruleset.name


def test_a_casualty_names_the_players_read_as_taking_part_not_copies_read_again(
    applied,
) -> None:
    read = later_matches([applied.pk])[applied.pk]
    for casualty in read.casualties.all():
        assert any(casualty.victim is participant for participant in read.taking_part)
        assert any(casualty.causer is participant for participant in read.taking_part)


def test_each_match_s_rows_come_in_the_order_its_models_keep_them(applied) -> None:
    read = later_matches([applied.pk])[applied.pk]
    assert pks(read.dice.all()) == pks(DiceRoll.objects.filter(match=applied))
    assert pks(read.performances.all()) == pks(Performance.objects.filter(match=applied))
    assert pks(read.kick_offs.all()) == pks(KickOff.objects.filter(match=applied))
    assert pks(read.casualties.all()) == pks(Casualty.objects.filter(match=applied))
    assert pks(read.taking_part) == pks(Participant.objects.filter(match=applied))


def test_the_rows_are_read_without_joining_every_match_to_order_them(applied) -> None:
    with CaptureQueriesContext(connection) as captured:
        later_matches([applied.pk])
    rows = [q["sql"] for q in captured if not q["sql"].startswith('SELECT "matches_match"')]
    assert len(rows) == len(captured) - 1  # the matches themselves, then their rows
    joined = [sql for sql in rows if 'JOIN "matches_match"' in sql]
    assert joined == []


def test_a_batch_reads_its_matches_rows_in_the_same_queries_however_many(
    applied, second, home_coach, away_coach
) -> None:
    played(second, home_coach, away_coach)
    with CaptureQueriesContext(connection) as one:
        later_matches([applied.pk])
    with CaptureQueriesContext(connection) as two:
        read = later_matches([applied.pk, second.pk])
    assert len(two) == len(one)
    assert set(read) == {applied.pk, second.pk}
    for pk, match in read.items():  # each match holds its own rows, and all of them
        assert pks(match.dice.all()) == pks(DiceRoll.objects.filter(match=pk))
        assert pks(match.taking_part) == pks(Participant.objects.filter(match=pk))
    assert len(read[applied.pk].casualties.all()) == 2
    assert list(read[second.pk].casualties.all()) == []


@pytest.fixture
def second(home_coach, away_coach, home_team, away_team) -> Match:
    """A second friendly of the same teams, offered and accepted."""
    return friendly_accept(friendly_offer(home_coach, home_team, away_team), away_coach)
