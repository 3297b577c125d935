"""Correcting a GDBBL report (matches/amend/correct.py): the worked match of tests/matches/
test_post_game_gdbbl.py (the Altdorf Hammers 2-1 the Iron Tuskers, every die typed at the
table), where the Orcs' touchdown was typed as #9's but was #10's. #9 keeps his MVP (5 SPP,
still a Rookie: no star player roll is due), #10 has 3; the teams end exactly as two fresh
teams that played the match reported right, and their ledgers replay clean."""

from __future__ import annotations

import copy

import pytest

from matches import workflow
from matches.amend.correct import report_correct
from matches.dice import dice_enter
from matches.kick_off.gdbbl import freebooters_hire, gdbbl_gate_record
from matches.models import Match, PostGame
from teams.ledger_rows import ledger_differences, state_of
from teams.models import Team
from tests.matches.gdbbl_rated import rated_match
from tests.matches.helpers import PLAYED, fresh
from tests.matches.post_game.test_post_game_gdbbl import CONTENT, GATE, TABLE_DICE, at_the_table

pytestmark = pytest.mark.django_db

RIGHT = copy.deepcopy(CONTENT)
RIGHT["away"]["players"] = [{"number": 10, "actions": {"touchdown": 1}}]


def played(home_coach, away_coach, content: dict) -> Match:
    """The worked match: kicked off (the Humans' Catcher hired, the gate's 5D6), reported as
    `content`, its dice typed at the table, confirmed by the Orcs."""
    match = rated_match(home_coach, away_coach)
    freebooters_hire(match, home_coach, "home", ["Catcher"], [])
    freebooters_hire(match, away_coach, "away", [], [])
    dice_enter(match, home_coach, "gate", "5D6", GATE)
    gdbbl_gate_record(match, home_coach)
    workflow.report_save(match, home_coach, PLAYED, 2, 1, content)
    workflow.report_submit(match, home_coach)
    at_the_table(match, TABLE_DICE)
    workflow.report_confirm(fresh(match), away_coach)
    return fresh(match)


def state(pk: int):
    return state_of(Team.objects.get(pk=pk))


def test_a_gdbbl_touchdown_given_to_the_right_orc_ends_as_if_reported_right(
    home_coach, away_coach, users, staff
) -> None:
    match = played(home_coach, away_coach, CONTENT)
    done = report_correct(match, staff, "The touchdown was #10's.",
                          {"played_on": PLAYED, "home_touchdowns": 2, "away_touchdowns": 1,
                           **RIGHT})  # fmt: skip
    assert done.committed
    assert PostGame.objects.get(match=match).steps["level_ups"] == {"home": [13], "away": []}
    right = played(users.create_user("right-home"), users.create_user("right-away"), RIGHT)
    for mine, theirs in ((match.home_id, right.home_id), (match.away_id, right.away_id)):
        assert state(mine) == state(theirs)
        assert ledger_differences(Team.objects.get(pk=mine)) == []
    # Its post-game sequence is the one the match reported right gives, step for step.
    assert PostGame.objects.get(match=match).steps == PostGame.objects.get(match=right).steps
    orcs = Team.objects.get(pk=match.away_id)
    assert (orcs.players.get(number=9).spp, orcs.players.get(number=10).spp) == (5, 3)
