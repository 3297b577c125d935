"""A ledger state as unsaved rows (rows_of_state): what a report read then, when it is worked
out again after an earlier report of its team was reverted."""

from __future__ import annotations

from teams import ledger
from teams.ledger_rows import PLAYER_FIELDS, rows_of_state, state_of
from teams.models import Player
from tests.teams.helpers import orc_team


def test_the_rows_of_a_state_hold_what_the_stored_rows_hold(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    then, rows = rows_of_state(team, state_of(team))
    stored = {row.key: row for row in Player.objects.filter(team=team)}
    assert sorted(row.key for row in rows) == sorted(stored)
    for row in rows:
        kept = stored[row.key]
        assert row.pk is None  # unsaved: nothing of a revert's working out is written
        assert [getattr(row, name) for name in PLAYER_FIELDS] == [
            getattr(kept, name) for name in PLAYER_FIELDS
        ]
        assert (row.position, row.star, row.role) == (kept.position, kept.star, kept.role)
        assert row.team is then
    assert (then.pk, then.name, then.treasury, then.fan_factor) == (team.pk, team.name, 70_000, 3)


def test_the_rows_hold_the_state_not_the_team_as_it_stands(coach, lrb6) -> None:
    team = orc_team(coach, lrb6)
    key = team.players.order_by("number").values_list("key", flat=True).first()
    state = ledger.replay(
        [{"op": "treasury", "amount": 20_000},
         {"op": "player", "player": key, "field": "spp", "amount": 5},
         {"op": "player", "player": key, "field": "skill", "skill": "Block", "add": True}],
        state_of(team),
    )  # fmt: skip
    then, rows = rows_of_state(team, state)
    row = next(row for row in rows if row.key == key)
    assert (row.spp, row.skills) == (5, ["Block"])
    assert then.treasury == 90_000
    assert team.treasury == 70_000  # the team itself is not touched: `then` is a copy


def test_a_state_asked_for_again_is_built_once(coach, lrb6, django_assert_num_queries) -> None:
    team = orc_team(coach, lrb6)
    state, read = state_of(team), {}
    first = rows_of_state(team, state, read)
    with django_assert_num_queries(0):  # the race's positions are kept in `read` too
        again = rows_of_state(team, state, read)
        richer = ledger.apply(state, {"op": "treasury", "amount": 10_000})
        then, rows = rows_of_state(team, richer, read)
    assert again[0] is first[0]
    assert again[1] is first[1]
    assert rows is not first[1]
    assert then.treasury == 80_000
    assert first[0].treasury == 70_000
