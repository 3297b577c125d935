"""Hypothesis over the random friendly seasons of tests/matches/amend/test_revert_properties.py
(four or five LRB6 teams, a Necromantic team raising the dead, deaths, injuries, level-ups
with their choices, journeymen, purchases, some undone): correcting report k — a casualty's
D68 typed wrong, a touchdown forgotten or one too many — equals playing the season with the
corrected report from the start, or refuses with the review list and changes nothing; and a
correction that changes nothing writes nothing.

"Playing it right from the start" is that module's independent replay: the season played
again through the ordinary services on fresh teams, with report k as corrected, each other
game with the same players taking part, the same lines, casualties and dice (the same seeds),
each purchase and improvement asked again. Where it cannot be played (a later game of a
player the correction kills, a purchase the treasury can no longer pay, a roll no longer
due), correcting must refuse."""

from __future__ import annotations

import dataclasses
import os

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from matches.amend.correct import report_correct
from matches.models import Match
from rules.engine.errors import Refused
from teams.ledger_rows import ledger_differences
from teams.models import LedgerEntry
from tests.matches.amend.test_revert_properties import (
    D68,
    PLAYED,
    SCORERS,
    Play,
    body,
    season_played,
    seasons,
    states,
    without,
)
from tests.unchanged import database

pytestmark = pytest.mark.django_db
# Each example plays a season twice: 15 in the suite; more to search deeper by hand.
EXAMPLES = int(os.environ.get("CORRECT_EXAMPLES", "15"))


@dataclasses.dataclass(frozen=True)
class Fix:
    """What the report got wrong: a casualty's result (`hurt`: which, and what it was), or a
    touchdown of `side`'s `number` forgotten or (where he scored) one too many. `same`: it
    got nothing wrong after all."""

    pick: int
    hurt: str | None
    side: str
    number: int
    same: bool


fixes = st.builds(
    Fix,
    st.integers(0, 20),
    st.one_of(st.none(), st.sampled_from(tuple(D68))),
    st.sampled_from(("home", "away")),
    st.sampled_from(SCORERS),
    st.sampled_from((False,) * 5 + (True,)),
)


def corrected(play: Play, fix: Fix) -> Play:
    """The game as it should have been reported."""
    if fix.same:
        return play
    if fix.hurt is not None and play.hurt:
        n = fix.pick % len(play.hurt)
        side, victim, causer, was = play.hurt[n]
        results = tuple(D68)
        now = fix.hurt if fix.hurt != was else results[(results.index(was) + 1) % len(results)]
        hurt = (*play.hurt[:n], (side, victim, causer, now), *play.hurt[n + 1 :])
        return dataclasses.replace(play, hurt=hurt)
    index = 0 if fix.side == "home" else 1
    scorers = list(play.touchdowns[index])
    if fix.number in scorers and fix.pick % 2:
        scorers.remove(fix.number)
    else:
        scorers.append(fix.number)
    touchdowns = list(play.touchdowns)
    touchdowns[index] = tuple(scorers)
    return dataclasses.replace(play, touchdowns=tuple(touchdowns))


def report_of(play: Play) -> dict:
    """The report as the API takes it, whole."""
    scores = [len(scorers) for scorers in play.touchdowns]
    return {"played_on": PLAYED, "home_touchdowns": scores[0], "away_touchdowns": scores[1],
            **body(play)}  # fmt: skip


def replaced(done: list, game: int, play: Play) -> list:
    """The season's history with `game` played as `play` (the same players taking part)."""
    return [(index, play if index == game else step, how) for index, step, how in without(done, [])]


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(season=seasons(), fix=fixes)
def test_correcting_a_game_equals_playing_it_right_from_the_start_or_refuses(
    season, fix, django_user_model
) -> None:
    teams, steps, picks = season
    with transaction.atomic():
        commissioner = django_user_model.objects.create_user("corrector", is_staff=True)
        world = season_played(teams, steps)
        games = [(index, step) for index, step, _ in world.done if isinstance(step, Play)]
        if not games:
            event("no game was played")
            transaction.set_rollback(True)
            return
        game, play = games[picks[0] % len(games)]
        right = corrected(play, fix)
        match = Match.objects.get(pk=world.matches[game].pk)
        before, entries = database(), LedgerEntry.objects.count()
        try:
            done = report_correct(match, commissioner, "The table said otherwise.",
                                  report_of(right))  # fmt: skip
        except Refused:
            assert database() == before  # nothing changed
            refused, after = True, None
            event("correcting refused, with the list to review")
        else:
            refused, after = False, states(world)
            if right == play:
                assert not done.committed
                assert database() == before
                assert LedgerEntry.objects.count() == entries
                event("a correction that changes nothing")
            else:
                assert done.committed
                event(f"a correction: {'a casualty' if fix.hurt else 'a touchdown'}")
            for n in range(teams):
                assert ledger_differences(world.team(n)) == []
        history = replaced(world.done, game, right)
        transaction.set_rollback(True)
    with transaction.atomic():
        from_the_start = season_played(teams, steps, again=history)
        if refused:
            assert from_the_start is None, "correcting refused a season that plays corrected"
        else:
            assert from_the_start is not None, "correcting kept a season that cannot be played"
            assert after == states(from_the_start)
        transaction.set_rollback(True)
